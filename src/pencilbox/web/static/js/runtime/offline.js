// Offline use of the static site: its service worker (sw.js, at the top of
// the site) keeps every file after the first visit. Registered without the
// HTTP cache, so a new build is seen at the next visit.

export function keepOffline(base) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register(new URL("sw.js", base), { updateViaCache: "none" })
    .catch((error) => console.warn(`offline use unavailable: ${error.message}`));
}

// A first visit's solver compiles Pyodide's WebAssembly as it comes from the
// network, so the copy the service worker keeps (in the cache `cacheName`)
// has no compiled code beside it and the next visit would compile it all
// again, most of a start from the cache. So once Pyodide runs in the solver
// (its code compiled, and the hot part optimised, in this page's process)
// and the service worker has put its copy in the cache, the page compiles
// that copy once: the browser finds the module compiled already and keeps
// its code beside the cached copy, and the next start compiles nothing.
export async function keepCompiledCode(url, cacheName, pythonRunning) {
  if (!self.caches || !WebAssembly.compileStreaming) return;
  await pythonRunning;
  for (let tries = 0; tries < 1200; tries += 1) {
    try {
      if (await caches.has(cacheName)) {
        const kept = await (await caches.open(cacheName)).match(url);
        if (kept) {
          await WebAssembly.compileStreaming(kept);
          return;
        }
      }
    } catch {
      return; // only the next start's speed is at stake
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // the service worker is installing
  }
}
