// The page: wires the controls to the shared Game and to Python (the server,
// or the static site's worker: core/api.js hides which), then opens the
// board the address names or the one open at the last visit.
// Nothing here knows a puzzle's rules; types come from /api/types and the
// drawing from kinds/<type>.js. The page's parts are in page/, one module
// each; page/session.js holds what they share (the game, the page's state).

import * as api from "./core/api.js";
import { $, option } from "./core/dom.js";
import { puzzleLink } from "./core/exports.js";
import * as storage from "./core/storage.js";
import { wireEditor } from "./editor/page.js";
import { kindModule, loadKinds } from "./kinds/index.js";
import { linkedInput } from "./page/address.js";
import { wireBoardInput } from "./page/board_input.js";
import { wireControls } from "./page/controls.js";
import { openLink } from "./page/import_and_link.js";
import { openPayload } from "./page/opening.js";
import { game, message, refreshControls, state } from "./page/session.js";
import { showSolver } from "./page/solver_status.js";
import { selectType } from "./page/types.js";

// The board saved at the last visit. A payload this same build wrote is
// drawn at once (the solver may still be loading); an older one is read
// again first, as it may predate fields the page now draws from (its key, and
// so the saved progress, stays the same).
/** @param {{payload: any, origin: any, version?: string | null}} current */
async function reopen(current) {
  if (current.version && current.version === state.version) {
    openPayload(current.payload, current.origin);
    return;
  }
  try {
    const payload = { ...(await api.post("/api/load", { input: current.payload.json })), bank: current.payload.bank };
    openPayload(payload, current.origin);
  } catch (error) {
    message(`could not re-open the last puzzle: ${error.message}`, "warn");
  }
}

async function start() {
  wireControls();
  wireBoardInput();
  refreshControls();
  api.onStatus(showSolver);
  try {
    state.transport = await api.transport();
    state.version = state.transport.version || null;
    ({ types: state.types, limits: state.limits } = await api.get("/api/types"));
    await loadKinds(state.types.map((t) => t.name));
  } catch (error) {
    message(`cannot reach the server: ${error.message}`, "error");
    return;
  }
  // Only types this page can draw are offered; the others are listed, disabled.
  const typeSelect = $("#type");
  for (const info of state.types) {
    const drawable = kindModule(info.name) !== null;
    const label = info.display_name;
    const node = option(info.name, drawable ? label : `${label} (board not drawn yet)`);
    node.disabled = !drawable;
    typeSelect.append(node);
  }
  state.types = state.types.filter((t) => kindModule(t.name) !== null);
  if (!state.types.length) {
    message("this page cannot draw any of the server's puzzle types", "error");
    return;
  }
  const current = storage.loadCurrent();
  const names = state.types.map((t) => t.name);
  const candidates = [current && current.payload && current.payload.type, state.settings.type, names[0]];
  typeSelect.value = candidates.find((name) => names.includes(name));
  selectType(typeSelect.value);
  wireEditor({ state, game, openPayload, message });
  const linked = linkedInput();
  const saved = current && current.payload;
  const sameBoard = saved && linked && saved.url && puzzleLink(saved.url) === window.location.href;
  if (linked && !sameBoard) {
    api.startSolver(); // the link is read by Python
    await openLink(linked);
  } else if (saved) await reopen(current);
  document.body.dataset.ready = "true";
  // Python starts once the first board is drawn (or there is none), so its
  // start does not slow the first draw; in the server's page this does nothing.
  window.requestAnimationFrame(() => window.setTimeout(() => api.startSolver(), 0));
}

start();
