// Talking to Python: every call returns parsed JSON or throws an ApiError
// whose message is the one-line explanation Python gave.
//
// Two transports carry the same calls to the same Python endpoints. The page
// asks `site.json` which one it has: `pencilbox play` answers "http" (fetch
// to the server), a static site built by `pencilbox site` answers "worker"
// and names its Pyodide runtime; then a GET the site pre-rendered is read
// from its file, and every other call goes to a Web Worker running pencilbox
// (runtime/workers.js). Nothing else in the page knows which it has.

import { keepCompiledCode, keepOffline } from "../runtime/offline.js";
import { WorkerPool } from "../runtime/workers.js";

/**
 * @typedef {object} Status the solver's state, for the page to show
 * @property {string} state "starting", "loading", "ready" or "failed"
 * @property {string} text
 * @property {number} [waiting] calls waiting for the solver to load
 */

/** @typedef {{signal?: AbortSignal}} CallOptions */

/**
 * How the page reaches Python: the server over HTTP, or the static site's workers.
 * @typedef {object} Transport
 * @property {string} kind "http" or "worker"
 * @property {string | null} version the static site's build (null: the server)
 * @property {WorkerPool} [pool] the static site's workers
 * @property {(target: string, options: CallOptions) => Promise<any>} get
 * @property {(target: string, body: unknown, options: CallOptions) => Promise<any>} post
 * @property {(type: string) => string} notesHref the address of a type's notes
 * @property {(target: string) => string | null} dataHref a GET's answer as a file, if there is one
 */

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status Python answered
   * @param {string} message its one line
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** @type {Promise<Transport> | null} */
let chosen = null; // the transport's promise, made on first use
/** @type {Set<(status: Status) => void>} */
const listeners = new Set();
/** @type {Status} */
let lastStatus = { state: "starting", text: "" };

// The solver's state, for the page to show: {state: "starting" (the
// transport is not known yet) | "loading" | "ready" | "failed", text}. Over
// HTTP it is ready as soon as the page knows it has a server.
/** @param {(status: Status) => void} listener */
export function onStatus(listener) {
  listeners.add(listener);
  listener(lastStatus);
}

/** @param {Status} status */
function setStatus(status) {
  lastStatus = status;
  for (const listener of listeners) listener(status);
}

/**
 * @param {Response} response
 * @returns {Promise<any>}
 */
async function answer(response) {
  let body;
  try {
    body = await response.json();
  } catch {
    body = null; // not JSON: the status line says what went wrong
  }
  if (!response.ok) {
    const message = body && body.error ? body.error : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message);
  }
  return body;
}

/** @type {Transport} */
const http = {
  kind: "http",
  version: null,
  get: async (path, options) => answer(await fetch(path, { signal: options.signal })),
  post: async (path, body, options) =>
    answer(
      await fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: options.signal,
      }),
    ),
  notesHref: (type) => `/notes/${encodeURIComponent(type)}`,
  dataHref: (path) => path,
};

// The key a pre-rendered GET is stored under: the path, then the non-empty
// query parameters sorted by name (dispatch.canonical_target writes the same).
/**
 * @param {string} target
 * @returns {string}
 */
export function canonicalTarget(target) {
  const [path, query = ""] = target.split("?");
  const params = [...new URLSearchParams(query)].filter(([, value]) => value !== "");
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length ? `${path}?${params.map(([n, v]) => `${n}=${v}`).join("&")}` : path;
}

/**
 * @param {any} config the static site's site.json
 * @returns {Transport}
 */
function site(config) {
  const base = new URL(".", new URL("site.json", document.baseURI));
  const pool = new WorkerPool(config, base, setStatus);
  // On a return visit the service worker holds the runtime: starting Python at
  // once costs the first draw little, and the solver is ready sooner. On a
  // first visit the page calls startSolver once its board is drawn.
  if (navigator.serviceWorker && navigator.serviceWorker.controller) pool.start();
  else {
    const wasm = new URL(`${config.pyodide}pyodide.asm.wasm`, base).href;
    keepCompiledCode(wasm, `pencilbox-${config.version}`, pool.running); // sw.js's cache
  }
  keepOffline(base);
  /** @type {(status: number, body: any) => any} */
  const reply = (status, body) => {
    if (status >= 200 && status < 300) return body;
    throw new ApiError(status, body && body.error ? body.error : `${status}`);
  };
  /** @type {(method: string, target: string, body: string | null, options: CallOptions) => Promise<any>} */
  const call = async (method, target, body, options) => {
    const { status, body: answered } = await pool.call(method, target, body, options.signal);
    return reply(status, answered);
  };
  return {
    kind: "worker",
    version: config.version,
    pool,
    get: async (target, options) => {
      const stored = config.prerendered[canonicalTarget(target)];
      if (!stored) return call("GET", target, null, options);
      const response = await fetch(new URL(stored.file, base), { signal: options.signal });
      if (!response.ok) throw new ApiError(response.status, `${stored.file}: ${response.status}`);
      return reply(stored.status, await response.json());
    },
    post: (target, body, options) => call("POST", target, JSON.stringify(body), options),
    notesHref: (type) => `notes.html?type=${encodeURIComponent(type)}`,
    dataHref: (target) => {
      const stored = config.prerendered[canonicalTarget(target)];
      return stored ? stored.file : null;
    },
  };
}

/** @returns {Promise<Transport>} */
async function choose() {
  let config = { transport: "http" };
  try {
    const response = await fetch(new URL("site.json", document.baseURI), { cache: "no-cache" });
    if (response.ok) config = await response.json();
  } catch {
    // no site.json: the server's page as it always was
  }
  if (config.transport !== "worker") {
    setStatus({ state: "ready", text: "" });
    return http;
  }
  setStatus({ state: "loading", text: "Loading the solver…" });
  return site(config);
}

// Have Python start loading now, if the page runs it itself (the static
// site): the page calls this once its first board is drawn.
export async function startSolver() {
  const chosen = await transport();
  if (chosen.pool) chosen.pool.start();
}

/** @returns {Promise<Transport>} */
export function transport() {
  if (!chosen) chosen = choose();
  return chosen;
}

/**
 * GET `path` (an /api/ target) from Python; its JSON answer, or an ApiError.
 * @param {string} path
 * @param {CallOptions} [options]
 * @returns {Promise<any>}
 */
export async function get(path, options = {}) {
  return (await transport()).get(path, options);
}

/**
 * POST `body` as JSON to `path` (an /api/ target); the JSON answer, or an ApiError.
 * @param {string} path
 * @param {unknown} body
 * @param {CallOptions} [options]
 * @returns {Promise<any>}
 */
export async function post(path, body, options = {}) {
  return (await transport()).post(path, body, options);
}
