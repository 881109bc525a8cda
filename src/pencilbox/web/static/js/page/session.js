// What the page's parts share: the one Game it plays (with its hint panel
// and progress button), the page's state, the message line, and the play
// controls that follow the game's state.

import { $ } from "../core/dom.js";
import { Game } from "../core/game.js";
import { HintPanel } from "../core/hints.js";
import { Progress } from "../core/progress.js";
import * as storage from "../core/storage.js";
import { formatSeconds } from "../core/timer.js";

/**
 * @typedef {object} PageState
 * @property {any[]} types the drawable types' info from /api/types
 * @property {any} type the selected type's info from /api/types
 * @property {any} settings what storage keeps between visits
 * @property {any} origin where the open puzzle came from, for the title
 * @property {AbortController | null} generating a running generate request
 * @property {number} bankRequest serial of the latest bank listing asked for
 * @property {boolean} hinting a hint request is on its way
 * @property {number} opened serial of the board opened last
 * @property {any} [transport] how the page reaches Python (core/api.js)
 * @property {string | null} [version] the build's version (null over HTTP)
 * @property {any} [limits] the size limits from /api/types
 * @property {boolean} [solverLoading] the static site's Python is still loading
 */

/** @type {PageState} */
export const state = {
  types: [],
  type: null,
  settings: storage.loadSettings(),
  origin: null,
  generating: null,
  bankRequest: 0,
  hinting: false,
  opened: 0,
};

/**
 * Show one line in the message area.
 * @param {string} text
 * @param {string} [kind] info, success, warn or error (the line's style)
 */
export function message(text, kind = "info") {
  const node = $("#message");
  node.textContent = text;
  node.className = `message ${kind}`;
}

export const game = new Game({
  boardHost: $("#board"),
  onChange: refreshControls,
  onMessage: message,
  onAnnounce: (text) => {
    $("#announce").textContent = text;
  },
  onTick: (seconds) => {
    $("#timer").textContent = game.payload ? formatSeconds(seconds) : "";
  },
});
export const hints = new HintPanel($("#hint-panel"), game);
export const progress = new Progress(game, message);

// Enable, press and show the play controls as the game's state says.
export function refreshControls() {
  const open = Boolean(game.payload);
  $("#undo").disabled = !open || !game.history.canUndo();
  $("#redo").disabled = !open || !game.history.canRedo();
  for (const id of ["#restart", "#check", "#hint", "#pencil", "#rung-select", "#print"]) $(id).disabled = !open;
  $("#hint").disabled = !open || state.hinting;
  $("#progress").disabled = !open || progress.pending;
  $("#pencil").disabled = !open || !game.canPencil;
  $("#pencil").setAttribute("aria-pressed", open && game.pencil ? "true" : "false");
  $("#pad").classList.toggle("pencil", open && game.pencil);
  $("#solved-banner").hidden = !(open && game.solved);
  if (open && !game.rung) $("#rung-select").value = "";
}
