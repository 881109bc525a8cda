// Opening a board: the game takes it, and the page follows (its title, the
// address, the exports, the help, the pad, pan mode); the board is kept
// for the next visit.

import { $, clear } from "../core/dom.js";
import { showBoardExports } from "../core/exports.js";
import * as storage from "../core/storage.js";
import { buildPad } from "../core/touch.js";
import { showAddress } from "./address.js";
import { helpOf, narrow, offerPan, setPan } from "./layout.js";
import { game, message, state } from "./session.js";

// A type's name as people write it (an acronym in capitals, say), as its face declares it.
/** @param {string} type */
function displayName(type) {
  const info = (state.types || []).find((t) => t.name === type);
  return info ? info.display_name : type;
}

/**
 * @param {any} payload
 * @param {{label?: string} | null} origin
 */
function titleOf(payload, origin) {
  const name = payload.display_name || displayName(payload.type);
  const where = origin && origin.label ? ` · ${origin.label}` : "";
  return `${name} ${payload.rows}x${payload.cols}${where}`;
}

/**
 * Play `payload` (a board as /api/load answers it); `origin` says where it
 * came from ({kind, label}, and a bank board's id).
 * @param {any} payload
 * @param {any} origin
 */
export function openPayload(payload, origin) {
  try {
    game.open(payload);
  } catch (error) {
    message(error.message, "error");
    return;
  }
  state.origin = origin;
  storage.saveCurrent({ payload, origin, version: state.version });
  showAddress(payload);
  $("#title").textContent = titleOf(payload, origin);
  document.title = `pencilbox · ${titleOf(payload, null)}`;
  const fileName = `${payload.type}-${payload.rows}x${payload.cols}`;
  const serial = (state.opened += 1); // a later board's exports win over this one's
  showBoardExports($("#export-forms"), payload, { prefix: "export", fileName, message }, () => state.opened === serial);
  $("#keys").textContent = helpOf(game.kind);
  buildPad($("#pad"), game);
  setPan(false);
  offerPan();
  clear($("#hint-panel"));
  $("#rung-note").textContent = "";
  if (game.solved) message("Solved! (progress restored)", "success");
  else message(`Opened ${titleOf(payload, origin)}.`, "info");
  if (narrow()) for (const id of ["#fold-bank", "#fold-generate", "#fold-import", "#fold-export"]) $(id).open = false;
  $("#board").focus();
}
