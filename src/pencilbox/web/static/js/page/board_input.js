// Clicks, strokes and keys on the board (and the on-screen pad) go to the
// game; the game's progress is saved when the page is left.

import { $ } from "../core/dom.js";
import { wireStrokes } from "../core/touch.js";
import { game } from "./session.js";

/** @param {EventTarget | null} target */
function typing(target) {
  return target instanceof HTMLElement && target.matches("input, textarea, select, [contenteditable]");
}

export function wireBoardInput() {
  // Clicks go to the game with the dataset of what was hit (a cell, or an
  // edge target); the type decides what a click or right-click does.
  const strokes = wireStrokes($("#board"), game);
  /**
   * @param {MouseEvent} event
   * @param {number} button 0 (a click or tap) or 2 (a right-click)
   */
  const boardClick = (event, button) => {
    if (strokes.endedDrag()) return; // the click that ends a drag is not a tap
    // the board's cells and edge targets are SVG shapes
    const hit = /** @type {Element} */ (event.target).closest("[data-edge], [data-cell]");
    const target = /** @type {SVGElement | null} */ (hit);
    if (target) game.click({ ...target.dataset }, button);
    $("#board").focus();
  };
  $("#board").addEventListener("click", (event) => boardClick(event, 0));
  $("#board").addEventListener("contextmenu", (event) => {
    if (!event.target.closest("svg.board")) return;
    event.preventDefault();
    boardClick(event, 2);
  });
  // Keys act on the board only while it has focus (Enter on a focused
  // button presses the button and nothing else). A control clicked with the
  // mouse or a finger hands focus back to the board, so the arrows go on
  // working; one reached with the keyboard keeps it, for Tab to go on from.
  $("#board").addEventListener("keydown", (event) => {
    if (typing(event.target)) return;
    if (game.key(event)) event.preventDefault();
  });
  $(".play").addEventListener("click", (event) => {
    const control = event.target.closest("button, label.inline, input[type=checkbox]");
    if (control && event.detail > 0 && game.payload) $("#board").focus();
  });
  $("#pad").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-key]");
    if (!button) return;
    game.press(button.dataset.key);
    if (event.detail > 0) $("#board").focus();
  });

  // Keep the timer's count across reloads and tab closes.
  window.addEventListener("pagehide", () => game.save());
  document.addEventListener("visibilitychange", () => game.save());
}
