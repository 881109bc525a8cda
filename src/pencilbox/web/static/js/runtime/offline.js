// Offline use of the static site: its service worker (sw.js, at the top of
// the site) keeps every file after the first visit. Registered without the
// HTTP cache, so a new build is seen at the next visit.

export function keepOffline(base) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register(new URL("sw.js", base), { updateViaCache: "none" })
    .catch((error) => console.warn(`offline use unavailable: ${error.message}`));
}
