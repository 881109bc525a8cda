// Touch-friendly input shared by every type: the on-screen pad and strokes
// across cells. What a pad key or a stroke means is the type's (kinds/).

import { clear, el } from "./dom.js";

// The on-screen pad: the keys the type offers for this puzzle (the digits
// up to the largest block, say), each pressed as if typed on the board.
/**
 * @param {HTMLElement} host
 * @param {import("./game.js").Game} game
 */
export function buildPad(host, game) {
  const pad = clear(host);
  const keys = game.kind.pad ? game.kind.pad(game.model) : [];
  pad.hidden = keys.length === 0;
  for (const { key, label, name } of keys) {
    const wide = label.length > 2 ? "wide" : null;
    pad.append(el("button", { type: "button", class: wide, "data-key": key, "aria-label": name, text: label }));
  }
}

// A stroke across cells, for a type that reads one (drawing a piece): the
// cells under the pointer in the order entered, handed to the game on release.
/**
 * @param {HTMLElement} host
 * @param {import("./game.js").Game} game
 * @returns {{endedDrag: () => boolean}} whether the click that follows ends a drag (not a tap)
 */
export function wireStrokes(host, game) {
  let dragged = false;
  let path = null;
  const cellAt = (event) => {
    // any element under the point: some (MathML, say) have no dataset
    const under = /** @type {Array<Element & Partial<HTMLOrSVGElement>>} */ (document.elementsFromPoint(event.clientX, event.clientY));
    for (const node of under) {
      if (node.dataset && node.dataset.cell !== undefined && node.classList.contains("cell")) return Number(node.dataset.cell);
    }
    return null;
  };
  host.addEventListener("pointerdown", (event) => {
    dragged = false;
    // in pan mode (the host's "pan" class) a finger moves the board instead
    path = game.payload && game.kind.drag && !game.rung && !host.classList.contains("pan") ? [] : null;
    const cell = path && cellAt(event);
    if (cell !== null && path) path.push(cell);
  });
  host.addEventListener("pointermove", (event) => {
    if (!path || !path.length) return;
    const cell = cellAt(event);
    if (cell !== null && !path.includes(cell)) path.push(cell);
  });
  const end = () => {
    if (path && path.length > 1) {
      game.drag(path);
      dragged = true;
    }
    path = null;
  };
  host.addEventListener("pointerup", end);
  host.addEventListener("pointercancel", () => {
    path = null;
  });
  // true once, for the click that follows a drag
  return {
    endedDrag() {
      const was = dragged;
      dragged = false;
      return was;
    },
  };
}
