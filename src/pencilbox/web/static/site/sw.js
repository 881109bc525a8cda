// The static site's service worker (the build puts `const VERSION = "...";`
// above this line, so every new build is a new worker to the browser).
//
// Install: every file site.json lists is fetched into a cache named for this
// version; activate: every other version's cache is deleted. Fetch:
//  - the runtime (Pyodide, the wheels) lives at URLs named for its content,
//    so it is served from the cache first;
//  - everything else (the pages, site.json, scripts, the pre-rendered
//    answers) goes to the network first and falls back to the cache only
//    when the network fails: online, a page is never older than the site,
//    and offline the last version installed still works whole.
// Requests to any other origin are not touched (the site makes none).

const CACHE = `pencilbox-${VERSION}`;
const scope = new URL(self.registration.scope);

function immutable(url) {
  return url.pathname.startsWith(`${scope.pathname}runtime/`);
}

self.addEventListener("install", (event) => {
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
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("pencilbox-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

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
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== scope.origin || event.request.method !== "GET") return;
  event.respondWith(immutable(url) ? fromCache(event.request) : fromNetwork(event.request));
});
