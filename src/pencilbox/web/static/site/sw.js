// The static site's service worker (the build puts `const VERSION = "...";`
// above this line, so every new build is a new worker to the browser).
//
// Install: every file site.json lists is fetched into a cache named for this
// version; activate: every other version's cache is deleted. Fetch:
//  - the runtime (Pyodide, the wheels) lives at URLs named for its content,
//    so it is served from the cache first;
//  - at each visit (a navigation) the site's own site.json is asked for its
//    version: the one this worker cached, and the page and its files come
//    from the cache (one request to the network, not one per file); another
//    (a new build), or none cached, and they come from the network first,
//    falling back to the cache only when the network fails. Online, a page is
//    never older than the site; offline, the last version installed works whole.
// Requests to any other origin are not touched (the site makes none).

// `self`, typed as what it is here: the worker libraries type `self` as a
// worker's scope that has none of a service worker's parts, hence via unknown.
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const CACHE = `pencilbox-${VERSION}`;
const scope = new URL(sw.registration.scope);

function immutable(url) {
  return url.pathname.startsWith(`${scope.pathname}runtime/`);
}

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(new URL("site.json", scope), { cache: "no-store" });
      const config = await response.clone().json();
      const cache = await caches.open(CACHE);
      const files = ["./", "site.json", ...config.files].map((file) => new URL(file, scope).href);
      // A fresh copy of each, not the HTTP cache's: the files must be this version's.
      await Promise.all(
        files.map(async (file) => {
          const fresh = await fetch(file, { cache: "no-store" });
          if (!fresh.ok) throw new Error(`${file}: ${fresh.status}`);
          await cache.put(file, fresh);
        }),
      );
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("pencilbox-") && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

let current = false; // the site's site.json named this version at the last visit

async function checkVersion() {
  try {
    const response = await fetch(new URL("site.json", scope), { cache: "no-store" });
    current = response.ok && (await response.json()).version === VERSION;
  } catch {
    current = false; // offline: network first fails at once, and the cache answers
  }
}

async function fromNetwork(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request, { cache: "no-cache" });
    if (response.ok && request.method === "GET") await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (kept) return kept;
    throw error;
  }
}

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  // a page's query names a puzzle, not another page
  const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function visit(request) {
  await checkVersion();
  return current ? fromCache(request) : fromNetwork(request);
}

sw.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== scope.origin || event.request.method !== "GET") return;
  const { request } = event;
  if (request.mode === "navigate") event.respondWith(visit(request));
  else if (immutable(url) || (current && !url.pathname.endsWith("/site.json"))) {
    event.respondWith(fromCache(request));
  } else event.respondWith(fromNetwork(request));
});
