// Suguru: drawing and input. Blocks get thick borders; givens are bold,
// the player's digits blue; a cell takes digits 1..(size of its block).
//
// The web app serves this file at /static/js/kinds/suguru.js, beside the page's
// loader, so the imports below reach the page's shared code in ../core/.

import { drawCells, drawFocus, drawGrid, drawMarks, drawText, newBoard } from "../core/board.js";
import { drawDraftCells } from "../editor/draw.js";
import { drawRegionEdges, paintCells, regionLabels, regionsFrom, skipCells, toRows, toggleEdges } from "../editor/regions.js";

const REMOVED = -1;

// The parts of the puzzle the page needs, one entry per cell (the payload's cell layers).
export function setup(payload) {
  const { layers } = payload.cells;
  const blocks = layers.blocks;
  const givens = layers.givens || blocks.map(() => 0);
  const sizes = new Map();
  for (const block of blocks) if (block !== REMOVED) sizes.set(block, (sizes.get(block) || 0) + 1);
  return {
    rows: payload.rows,
    cols: payload.cols,
    blocks,
    givens,
    maxValue: blocks.map((block) => (block === REMOVED ? 0 : sizes.get(block))),
  };
}

export const keysHelp =
  "Click a cell, type 1-9 (or use the pad); in a block of 10 or more, type 1 then a digit quickly " +
  "for 10 and over (1, 2: 12); Backspace clears; arrows move; P toggles pencil marks; " +
  "Ctrl-Z / Ctrl-Y undo and redo.";

export const touchHelp =
  "Tap a cell, then a digit on the pad; Pencil marks writes candidates instead; Erase clears the cell.";

export const rungBack = 'Type a digit or choose "Play" to go back.';

// The on-screen pad: every digit up to the largest block (10 and over
// included, which no single key types), then Erase.
export function pad(model) {
  const largest = Math.max(0, ...model.maxValue);
  const keys = [];
  for (let digit = 1; digit <= largest; digit += 1) keys.push({ key: String(digit), label: String(digit), name: `Digit ${digit}` });
  keys.push({ key: "Backspace", label: "Erase", name: "Erase the cell" });
  return keys;
}

// Can the player write in this cell?
export function editable(model, cell) {
  return model.blocks[cell] !== REMOVED && !model.givens[cell];
}

// The grid the server's checker reads: the player's digits with the givens in place.
export function fullGrid(model, values) {
  return values.map((value, cell) => model.givens[cell] || value);
}

// No key types 10 and over: a digit typed within TWO_DIGITS ms of a 1 in the
// same cell makes it 1x when the block holds that many (1 then 2 enters 12,
// 1 then 0 enters 10); slower, the digit replaces the 1 as usual. Only from
// the keyboard, and not for pencil marks (1 then 2 there marks both).
const TWO_DIGITS = 1000;
let typedOne = null; // { cell, at } of a 1 just typed in a block of 10 or more

function tens(model, cell, key, values, how) {
  const first = typedOne; // any other key in between ends the pair
  typedOne = null;
  if (!how.keyboard || how.pencil || !/^[0-9]$/.test(key)) return null;
  const now = performance.now();
  if (first && first.cell === cell && now - first.at < TWO_DIGITS && values[cell] === 1) {
    const value = 10 + Number(key);
    if (value <= model.maxValue[cell]) return { value };
  }
  if (key === "1" && model.maxValue[cell] >= 10) typedOne = { cell, at: now };
  return null;
}

// What a key does in a cell: a digit, a clear, or nothing. `how` says where
// the key came from ({ keyboard, pencil }): the pad has keys for 10 and over.
export function keyAction(model, cell, key, values = [], how = {}) {
  const twoDigits = tens(model, cell, key, values, how);
  if (twoDigits) return twoDigits;
  if (/^[1-9][0-9]?$/.test(key)) {
    const digit = Number(key);
    return digit <= model.maxValue[cell] ? { value: digit } : { refused: `this block holds 1 to ${model.maxValue[cell]}` };
  }
  if (key === "Backspace" || key === "Delete" || key === "0") return { clear: true };
  return null;
}

// Rules whose violations only mean "not finished yet" (not shown as errors).
export const incompleteRules = new Set(["empty"]);

// What a cell holds, in words for screen readers ("3", "3, given", "pencil 1 2";
// "" for empty). view: { values, marks, rung? } as draw has it.
export function cellWords(model, cell, view) {
  if (model.blocks[cell] === REMOVED) return "not in the puzzle";
  if (model.givens[cell]) return `${model.givens[cell]}, given`;
  if (view.rung) return String(view.rung.settled.get(cell) || "");
  if (view.values[cell]) return String(view.values[cell]);
  const marks = [];
  for (let digit = 1; digit <= 16; digit += 1) if (view.marks[cell] & (1 << (digit - 1))) marks.push(digit);
  return marks.length ? `pencil ${marks.join(" ")}` : "";
}

// view: { values, marks, selected, errors, hint, because, rung, solved }
// (errors/hint/because: Sets of cells; rung: { settled: Map cell->digit, fresh: Set } or null)
export function draw(model, view) {
  const board = newBoard(model.rows, model.cols, "Suguru board");
  drawCells(board, (cell) => {
    const classes = [];
    if (model.blocks[cell] === REMOVED) classes.push("removed");
    if (model.givens[cell]) classes.push("given-cell");
    if (view.errors.has(cell)) classes.push("error");
    if (view.hint.has(cell)) classes.push("hint");
    if (view.because.has(cell)) classes.push("because");
    if (view.rung && view.rung.fresh.has(cell)) classes.push("rung-new");
    if (cell === view.selected) classes.push("selected");
    return classes;
  }, (cell) => cellWords(model, cell, view));
  drawGrid(board, (cell) => (model.blocks[cell] === REMOVED ? null : model.blocks[cell]));
  for (let cell = 0; cell < model.blocks.length; cell += 1) {
    if (model.givens[cell]) {
      drawText(board, cell, String(model.givens[cell]), "given");
    } else if (view.rung) {
      const digit = view.rung.settled.get(cell);
      if (digit) drawText(board, cell, String(digit), "rung");
    } else if (view.values[cell]) {
      drawText(board, cell, String(view.values[cell]), view.errors.has(cell) ? "entry wrong" : "entry");
    } else if (view.marks[cell]) {
      drawMarks(board, cell, view.marks[cell]);
    }
  }
  if (!view.rung) drawFocus(board, view.selected);
  return board.root;
}

// -- the editor: a draft is the blocks (kept as drawn borders, the removed
// cells as the cells they skip) and the givens --

const GIVEN_PAD = [
  ...Array.from({ length: 9 }, (_, i) => ({ key: String(i + 1), label: String(i + 1), name: `Given ${i + 1}` })),
  { key: "Backspace", label: "Erase", name: "Erase the given" },
];

export const editTools = [
  {
    id: "borders",
    label: "Borders",
    input: "edges",
    help: "Drag along the lines between cells to draw block borders; a stroke that starts on a border erases. Tap a line to toggle it.",
  },
  { id: "paint", label: "Paint a block", input: "cells", help: "Drag across cells to make them one block of their own." },
  {
    id: "removed",
    label: "Remove cells",
    input: "cells",
    help: "Tap or drag across cells to remove them (in no block, no digit; a given there goes); a stroke that starts on a removed cell makes its cells a block of their own again.",
  },
  { id: "givens", label: "Givens", input: "digits", pad: GIVEN_PAD, help: "Tap a cell, then type a digit or use the pad; Backspace erases." },
];

// Every cell a block of its own: a setter paints blocks together (or erases
// borders) from there. One block over the whole board would be no start:
// its answers are every ordering of 1..rows*cols, too many to survey.
export function blankDraft(rows, cols) {
  const cells = Array.from({ length: rows * cols }, (_, cell) => cell);
  return { regions: regionsFrom(rows, cols, cells), givens: new Array(rows * cols).fill(0) };
}

export function openDraft(payload) {
  const { blocks, givens } = payload.cells.layers;
  return { regions: regionsFrom(payload.rows, payload.cols, blocks, REMOVED), givens: givens ? givens.slice() : blocks.map(() => 0) };
}

export function draftJson(draft) {
  const { rows, cols } = draft.regions;
  const blocks = regionLabels(draft.regions, REMOVED);
  return { puzzle: "suguru", rows, cols, blocks: toRows(blocks, cols), givens: toRows(draft.givens, cols) };
}

// The first cell of a removing stroke decides, as the borders' first edge
// does: from a removed cell the stroke gives its cells back (as one block),
// else it removes them, and their givens with them (no digit goes there).
function removeStroke(draft, cells) {
  if (!cells.length) return null;
  if (draft.regions.skip.has(cells[0])) return { ...draft, regions: paintCells(draft.regions, cells) };
  const givens = draft.givens.slice();
  for (const cell of cells) givens[cell] = 0;
  return { regions: skipCells(draft.regions, cells), givens };
}

export function applyEdit(draft, tool, stroke) {
  if (tool === "removed") return removeStroke(draft, stroke.cells);
  const regions = tool === "borders" ? toggleEdges(draft.regions, stroke.edges) : tool === "paint" ? paintCells(draft.regions, stroke.cells) : null;
  return regions && { ...draft, regions };
}

// A digit (two typed quickly make no 10: blocks of ten are rare in a draft)
// or a clear; a removed cell takes no digit.
export function draftKey(draft, tool, cell, key) {
  let digit = null;
  if (/^[1-9]$/.test(key)) digit = Number(key);
  if (key === "Backspace" || key === "Delete" || key === "0") digit = 0;
  if (digit === null || draft.givens[cell] === digit) return null;
  if (draft.regions.skip.has(cell)) return { refused: "a removed cell takes no given: give it back to a block first" };
  const givens = draft.givens.slice();
  givens[cell] = digit;
  return { ...draft, givens };
}

// view: { marks(cell), solution (flat digits) or null }
export function drawDraft(draft, view) {
  const { rows, cols } = draft.regions;
  const board = newBoard(rows, cols, "Suguru draft");
  const words = (cell) => {
    if (draft.regions.skip.has(cell)) return "not in the puzzle";
    if (draft.givens[cell]) return `${draft.givens[cell]}, given`;
    return view.solution ? String(view.solution[cell] || "") : "";
  };
  drawDraftCells(board, view, (cell) => (draft.regions.skip.has(cell) ? ["removed"] : draft.givens[cell] ? ["given-cell"] : []), words);
  drawRegionEdges(board, draft.regions);
  draft.givens.forEach((digit, cell) => {
    if (digit) drawText(board, cell, String(digit), "given");
    else if (view.solution && view.solution[cell]) drawText(board, cell, String(view.solution[cell]), "entry answer");
  });
  return board.root;
}
