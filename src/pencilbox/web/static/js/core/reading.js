// Reading the player's position as the server and the messages need it:
// the grids the hint and the checker read, whether it is worth checking,
// and how many cells are still open. The type's module (kinds/) has the say
// where it declares the function; otherwise the plain reading applies.

import { cellLabel } from "./board.js";

/** @typedef {import("../kinds/index.js").KindModule} KindModule */

const SAID = 4; // cells a move's announcement names; more are counted

/**
 * @param {KindModule} kind
 * @param {any} model
 * @param {number[]} values
 */
function emptyCells(kind, model, values) {
  let open = 0;
  values.forEach((value, cell) => {
    if (kind.editable(model, cell) && !value) open += 1;
  });
  return open;
}

// Worth asking the server whether it is solved: the type says when (e.g.
// every region has four shaded cells), by default when every cell is filled.
/**
 * @param {KindModule} kind
 * @param {any} model
 * @param {number[]} values
 * @returns {boolean}
 */
export function readyToCheck(kind, model, values) {
  return kind.readyToCheck ? kind.readyToCheck(model, values) : emptyCells(kind, model, values) === 0;
}

// Cells the player has still to decide: the type says which (a cell in no
// finished piece, say), by default the editable cells left empty.
/**
 * @param {KindModule} kind
 * @param {any} model
 * @param {number[]} values
 * @returns {number}
 */
export function openCells(kind, model, values) {
  return kind.openCells ? kind.openCells(model, values) : emptyCells(kind, model, values);
}

/**
 * @param {{rows: number, cols: number}} model
 * @param {number[]} flat
 */
function rowsOf(model, flat) {
  /** @type {number[][]} */
  const grid = [];
  for (let r = 0; r < model.rows; r += 1) grid.push(flat.slice(r * model.cols, (r + 1) * model.cols));
  return grid;
}

// The position as int rows, as the server's hint reads it (givens included).
/**
 * @param {KindModule} kind
 * @param {any} model
 * @param {number[]} values
 * @returns {number[][]}
 */
export function serverGrid(kind, model, values) {
  return rowsOf(model, kind.fullGrid(model, values));
}

// The grid the checker reads: for most types the same as serverGrid; a type
// whose position holds more than a solution does (dots marking "not shaded",
// say) says how.
/**
 * @param {KindModule} kind
 * @param {any} model
 * @param {number[]} values
 * @returns {number[][]}
 */
export function checkerGrid(kind, model, values) {
  return kind.checkGrid ? rowsOf(model, kind.checkGrid(model, values)) : serverGrid(kind, model, values);
}

// A move in words for the board's live region: each changed cell's name as
// the board's cells have it ("r1c2, 3"), a few at most, the rest counted.
/**
 * @param {KindModule} kind
 * @param {any} model
 * @param {import("./moves.js").Position} position
 * @param {number[]} cells
 * @returns {string}
 */
export function moveWords(kind, model, position, cells) {
  const view = { values: position.values, marks: position.marks, rung: null };
  /** @type {(cell: number) => string} */
  const words = (cell) => (kind.cellWords && kind.cellWords(model, cell, view)) || "empty";
  const said = cells.slice(0, SAID).map((cell) => `${cellLabel(model.cols, cell)}, ${words(cell)}`);
  if (cells.length > SAID) said.push(`and ${cells.length - SAID} more cells`);
  return said.join("; ");
}
