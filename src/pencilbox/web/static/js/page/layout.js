// How the page fits the screen: narrow screens (phones, tablets held
// upright) fold the choosing sections away once a puzzle is open; touch
// screens get the touch wording of the help, and pan mode for a board
// wider than the screen.

import { $ } from "../core/dom.js";
import { game } from "./session.js";

export const narrow = () => window.matchMedia("(max-width: 999px)").matches;
const touch = () => window.matchMedia("(pointer: coarse)").matches;

/**
 * The help under the board, in the screen's words (keys, or taps).
 * @param {{keysHelp: string, touchHelp?: string}} kind a type's drawing module
 * @returns {string}
 */
export function helpOf(kind) {
  return touch() && kind.touchHelp ? kind.touchHelp : kind.keysHelp;
}

// Pan mode: one finger moves a board wider than the screen instead of
// drawing on it (the board host's class lets the browser pan, see app.css).
/** @param {boolean} on */
export function setPan(on) {
  $("#board").classList.toggle("pan", on);
  $("#pan").setAttribute("aria-pressed", on ? "true" : "false");
}

// Strokes draw on some types' boards (a piece dragged across its cells), so a touch
// screen that shows only part of the board offers pan mode; a board that
// fits needs none (and leaves pan mode when it comes to fit).
export function offerPan() {
  const host = $("#board");
  const wide = host.scrollWidth > host.clientWidth + 1 || host.scrollHeight > host.clientHeight + 1;
  const offer = Boolean(game.payload && game.kind.drag && touch() && wide);
  $("#pan").hidden = !offer;
  if (!offer) setPan(false);
}
