// Progress and settings in localStorage, so a reload picks up where it was.
// Every read tolerates missing or corrupt data (returns the fallback).

const PREFIX = "pencilbox:v1:";

/** @typedef {{timerHidden: boolean, autoCheck: boolean, type: string | null}} Settings */

/**
 * @param {string} key
 * @param {any} fallback
 * @returns {any}
 */
function read(key, fallback) {
  try {
    const text = window.localStorage.getItem(PREFIX + key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

/**
 * @param {string} key
 * @param {unknown} value
 */
function write(key, value) {
  try {
    window.localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: play goes on, it just will not survive a reload.
  }
}

/** @returns {Settings} */
export function loadSettings() {
  return { timerHidden: false, autoCheck: false, type: null, ...read("settings", {}) };
}

/** @param {Settings} settings */
export function saveSettings(settings) {
  write("settings", settings);
}

// The puzzle on the board: its payload from the server and where it came from.
/** @typedef {{payload: any, origin: any, version?: string | null}} Current */

/** @returns {Current | null} */
export function loadCurrent() {
  return read("current", null);
}

/** @param {Current} current */
export function saveCurrent(current) {
  write("current", current);
}

// A board's progress is kept under its type and its key (the payload's `key`).
/**
 * @param {string} type
 * @param {string} key
 */
function progressKey(type, key) {
  return `progress:${type}:${key}`;
}

/**
 * @param {string} type
 * @param {string} key
 * @returns {any} what saveProgress kept, or null
 */
export function loadProgress(type, key) {
  return read(progressKey(type, key), null);
}

/**
 * @param {string} type
 * @param {string} key
 * @param {unknown} progress
 */
export function saveProgress(type, key, progress) {
  write(progressKey(type, key), progress);
}

/**
 * @param {string} type
 * @param {string} key
 */
export function forgetProgress(type, key) {
  try {
    window.localStorage.removeItem(PREFIX + progressKey(type, key));
  } catch {
    // nothing to forget
  }
}
