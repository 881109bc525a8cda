// The address bar names the open board (?TYPE/COLS/ROWS/BODY), so a reload, a
// bookmark or a shared address opens it again; a board with no URL form
// leaves the address bare.

import { puzzleLink } from "../core/exports.js";

// The page's own address, with no board named.
export const bareAddress = () => `${window.location.origin}${window.location.pathname}`;

/** @param {{url?: string}} payload the open board */
export function showAddress(payload) {
  const address = payload.url ? puzzleLink(payload.url) : bareAddress();
  if (address !== window.location.href) window.history.replaceState(null, "", address);
}

/**
 * The puzzle an address names: `?<puzz.link query>` or `?url=<a whole URL>`; null for none.
 * @returns {string | null}
 */
export function linkedInput() {
  const query = window.location.search.slice(1);
  if (!query) return null;
  const params = new URLSearchParams(query);
  if (params.has("url")) return params.get("url");
  return `https://puzz.link/p?${decodeURIComponent(query)}`;
}
