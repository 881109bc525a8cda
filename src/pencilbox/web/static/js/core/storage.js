// Progress and settings in localStorage, so a reload picks up where it was.
// Every read tolerates missing or corrupt data (returns the fallback).

const PREFIX = "pencilbox:v1:";

function read(key, fallback) {
  try {
    const text = window.localStorage.getItem(PREFIX + key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    window.localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: play goes on, it just will not survive a reload.
  }
}

export function loadSettings() {
  return { timerHidden: false, autoCheck: false, type: null, ...read("settings", {}) };
}

export function saveSettings(settings) {
  write("settings", settings);
}

// The puzzle on the board: its payload from the server and where it came from.
export function loadCurrent() {
  return read("current", null);
}

export function saveCurrent(current) {
  write("current", current);
}

function progressKey(type, key) {
  return `progress:${type}:${key}`;
}

export function loadProgress(type, key) {
  return read(progressKey(type, key), null);
}

export function saveProgress(type, key, progress) {
  write(progressKey(type, key), progress);
}

export function forgetProgress(type, key) {
  try {
    window.localStorage.removeItem(PREFIX + progressKey(type, key));
  } catch {
    // nothing to forget
  }
}
