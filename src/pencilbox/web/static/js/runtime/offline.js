// Offline use of the static site: its service worker (sw.js, at the top of
// the site) keeps every file after the first visit. Registered without the
// HTTP cache, so a new build is seen at the next visit.

export function keepOffline(base) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register(new URL("sw.js", base), { updateViaCache: "none" })
    .catch((error) => console.warn(`offline use unavailable: ${error.message}`));
}

// A first visit's solver compiles Pyodide's WebAssembly from the network, so
// the copy the service worker keeps has no compiled code beside it and the
// next visit would compile it all again (most of a start from the cache).
// So once the solver runs (its code compiled and optimised in this page's
// process) and the service worker controls the page, the page compiles the
// kept copy once: the browser finds the module compiled already and keeps
// its code beside the cached copy, and the next start compiles nothing.
export async function keepCompiledCode(url, solverRunning) {
  const container = navigator.serviceWorker;
  if (!container || !WebAssembly.compileStreaming) return;
  await solverRunning;
  if (!container.controller) {
    await new Promise((resolve) => container.addEventListener("controllerchange", resolve, { once: true }));
  }
  try {
    await WebAssembly.compileStreaming(fetch(url));
  } catch {
    // only the next start's speed is at stake
  }
}
