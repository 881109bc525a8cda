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

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

let chosen = null; // the transport's promise, made on first use
const listeners = new Set();
let lastStatus = { state: "starting", text: "" };

// The solver's state, for the page to show: {state: "starting" (the
// transport is not known yet) | "loading" | "ready" | "failed", text}. Over
// HTTP it is ready as soon as the page knows it has a server.
export function onStatus(listener) {
  listeners.add(listener);
  listener(lastStatus);
}

function setStatus(status) {
  lastStatus = status;
  for (const listener of listeners) listener(status);
}

async function answer(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = body && body.error ? body.error : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message);
  }
  return body;
}

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
export function canonicalTarget(target) {
  const [path, query = ""] = target.split("?");
  const params = [...new URLSearchParams(query)].filter(([, value]) => value !== "");
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length ? `${path}?${params.map(([n, v]) => `${n}=${v}`).join("&")}` : path;
}

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
  const reply = (status, body) => {
    if (status >= 200 && status < 300) return body;
    throw new ApiError(status, body && body.error ? body.error : `${status}`);
  };
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

export function transport() {
  if (!chosen) chosen = choose();
  return chosen;
}

export async function get(path, options = {}) {
  return (await transport()).get(path, options);
}

export async function post(path, body, options = {}) {
  return (await transport()).post(path, body, options);
}
