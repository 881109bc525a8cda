// Fillomino: drawing and input. The player writes region sizes in cells and
// draws marks on the lines between two cells: a border (the cells are in
// different regions) or a join (they are in one). A thick line runs between
// two cells whose numbers differ or where the player drew a border, a thin
// one inside a region. A group of cells the borders (and differing numbers)
// close off shows its size, lighter, in cells the player left empty, and
// counts as entered: a board can be solved by borders alone.
//
// A cell's value packs its number (low 16 bits: a region holds at most
// 100x100 cells) and the marks on two of its edges (the one to its right,
// the one below: 2 bits each, none / border / join), so that every mark is a
// plain one-cell move (undo, redo and saving work unchanged). Typing or
// erasing a number leaves the marks in place (`kept`); the server gets the
// numbers as the grid and the marks beside it (`edgeMarks`).
//
// The web app serves this file at /static/js/kinds/fillomino.js, beside the page's
// loader, so the imports below reach the page's shared code in ../core/.

import { cellOrigin, CELL, drawCells, drawEdgeTargets, drawEdges, drawFocus, drawHintEdges, drawMarks, drawText, newBoard } from "../core/board.js";
import { svg } from "../core/dom.js";
import { drawDraftCells } from "../editor/draw.js";
import { toRows } from "../editor/regions.js";

const NUMBER = 0xffff;
const RIGHT = 16; // the shift of the 2 bits of the mark between a cell and the one to its right
const DOWN = 18; // ... and the one below it
const MARKS = (3 << RIGHT) | (3 << DOWN);
const NONE = 0;
const BORDER = 1;
const JOIN = 2;
const MARK_NAMES = { [BORDER]: "border", [JOIN]: "join" };
const MAX_PENCIL = 16; // drawMarks's 4x4 grid
const TWO_DIGITS = 1000; // ms: a digit this soon after one in the same cell writes a two-digit number

export function setup(payload) {
  const givens = payload.cells.layers.givens;
  return { rows: payload.rows, cols: payload.cols, givens, largest: Math.max(0, ...givens) };
}

export const keysHelp =
  "Click a cell and type its region's size (two digits typed quickly make 10 and over: 1, 2 is 12); " +
  "Backspace clears; P toggles pencil marks. Click the line between two cells for a border, " +
  "again for a join (one region), again to clear; right-click a line for a join. W, A, S, D draw " +
  "a border above, left, below, right of the cell (with Shift a join). Drag from a number to copy it " +
  "across cells, or from an empty cell to close the cells crossed in borders. A group closed by " +
  "borders shows its size. Arrows move; Ctrl-Z / Ctrl-Y undo and redo.";

export const touchHelp =
  "Tap a cell, then its region's size on the pad; Pencil marks writes candidates instead; Erase clears. " +
  "Tap the line between two cells for a border, again for a join, again to clear. Drag from a number " +
  "to copy it across cells, or from an empty cell to close the cells crossed in borders: a group " +
  "closed by borders shows its size.";

export const rungBack = 'Type a number or choose "Play" to go back.';

// Every cell takes input: a given's number is fixed, but its edges take marks.
export function editable() {
  return true;
}

// What typing or erasing a number leaves of a cell's value: its edge marks.
export function kept(model, value) {
  return value & MARKS;
}

// -- edges ----------------------------------------------------------------

// The mark slot of the edge between cells a and b: [owner cell, shift], or
// null when they are not neighbours (a above or left of b).
function slot(model, a, b) {
  if (a === null || b === null || a < 0 || b < 0) return null;
  const { rows, cols } = model;
  if (a > b) [a, b] = [b, a];
  if (b === a + 1 && a % cols !== cols - 1) return [a, RIGHT];
  if (b === a + cols && b < rows * cols) return [a, DOWN];
  return null;
}

function markOf(model, values, a, b) {
  const found = slot(model, a, b);
  return found ? (values[found[0]] >> found[1]) & 3 : NONE;
}

function withMark(value, shift, mark) {
  return (value & ~(3 << shift)) | (mark << shift);
}

// The edges around a cell, each as [cell, neighbour, side].
function around(model, cell) {
  const { rows, cols } = model;
  const r = Math.floor(cell / cols);
  const c = cell % cols;
  const sides = [];
  if (r > 0) sides.push([cell, cell - cols, "above"]);
  if (c > 0) sides.push([cell, cell - 1, "left"]);
  if (c + 1 < cols) sides.push([cell, cell + 1, "right"]);
  if (r + 1 < rows) sides.push([cell, cell + cols, "below"]);
  return sides;
}

// The marks as the server reads them beside the grid: [cell, cell, "border" |
// "join"], the lower cell first, so a wrong mark is a mistake (and a right
// one narrows the hint) long before the numbers say it.
export function edgeMarks(model, values) {
  const marks = [];
  values.forEach((value, a) => {
    for (const [shift, b] of [[RIGHT, a + 1], [DOWN, a + model.cols]]) {
      const mark = (value >> shift) & 3;
      if (MARK_NAMES[mark] && slot(model, a, b)) marks.push([a, b, MARK_NAMES[mark]]);
    }
  });
  return marks;
}

// One edge's mark changed, as a one-step move.
function markMove(model, values, a, b, mark) {
  const [owner, shift] = slot(model, a, b);
  return { batch: [{ cell: owner, value: withMark(values[owner], shift, mark) }] };
}

// -- numbers, groups and the sizes they imply -------------------------------

// Each cell's number as the player sees it written: the given, else the entry (0 none).
function written(model, values) {
  return values.map((value, cell) => model.givens[cell] || value & NUMBER);
}

// Cells joined across every edge without a border where not both numbered
// differently: { group: index per cell, members: cells of each group }.
export function groups(model, values, numbers = written(model, values)) {
  const count = model.rows * model.cols;
  const group = new Array(count).fill(-1);
  const members = [];
  for (let start = 0; start < count; start += 1) {
    if (group[start] !== -1) continue;
    const index = members.length;
    const cells = [start];
    group[start] = index;
    for (let i = 0; i < cells.length; i += 1) {
      for (const [cell, other] of around(model, cells[i])) {
        if (group[other] !== -1 || markOf(model, values, cell, other) === BORDER) continue;
        if (numbers[cell] && numbers[other] && numbers[cell] !== numbers[other]) continue;
        group[other] = index;
        cells.push(other);
      }
    }
    members.push(cells);
  }
  return { group, members };
}

// Per cell the size a closed group implies for it (0: none): a group with no
// number that is not the whole board (its borders are the player's), or one
// whose numbers are all its own size, gives that size to its empty cells.
export function implied(model, values, numbers = written(model, values)) {
  const sizes = new Array(numbers.length).fill(0);
  for (const cells of groups(model, values, numbers).members) {
    const found = new Set(cells.map((cell) => numbers[cell]).filter(Boolean));
    const size = cells.length;
    const closes = found.size === 0 ? size < numbers.length : found.size === 1 && found.has(size);
    if (!closes) continue;
    for (const cell of cells) if (!numbers[cell]) sizes[cell] = size;
  }
  return sizes;
}

// The grid the hint and the checker read: given, entered, or implied by borders.
export function fullGrid(model, values) {
  const numbers = written(model, values);
  const sizes = implied(model, values, numbers);
  return numbers.map((number, cell) => number || sizes[cell]);
}

// Cells with no number, written or implied.
export function openCells(model, values) {
  return fullGrid(model, values).filter((number) => !number).length;
}

export function readyToCheck(model, values) {
  return openCells(model, values) === 0;
}

// A broken rule only means "not finished" for a cell with no number yet, or
// for a group of equal numbers short of its size that still touches an empty
// cell (it may grow there); the checker's rules are `empty` and `too-small`.
export function pending(model, violation, values) {
  if (violation.rule === "empty") return true;
  if (violation.rule !== "too-small") return false;
  const numbers = fullGrid(model, values);
  return violation.cells.some((cell) => around(model, cell).some(([, other]) => !numbers[other]));
}

// -- input ------------------------------------------------------------------

// The on-screen pad: 1 to the largest given (at least 9: a region with no
// given may be larger), 10 and over included, which no single key types.
export function pad(model) {
  const keys = [];
  for (let n = 1; n <= Math.max(9, model.largest); n += 1) keys.push({ key: String(n), label: String(n), name: `Number ${n}` });
  keys.push({ key: "Backspace", label: "Erase", name: "Erase the cell" });
  return keys;
}

let typed = null; // { cell, digit, at } of a digit just typed, for a second one

// A second digit typed quickly after one in the same cell (still holding it)
// writes the two-digit number, if a region can be that large.
function twoDigits(model, cell, key, values, how) {
  const first = typed;
  typed = null;
  if (!how.keyboard || how.pencil || !/^[0-9]$/.test(key)) return null;
  const now = performance.now();
  if (first && first.cell === cell && now - first.at < TWO_DIGITS && (values[cell] & NUMBER) === first.digit) {
    const value = first.digit * 10 + Number(key);
    if (value <= model.rows * model.cols) return { value };
  }
  if (key !== "0") typed = { cell, digit: Number(key), at: now };
  return null;
}

function edgeKey(model, cell, key, values) {
  const side = { w: -model.cols, a: -1, s: model.cols, d: 1 }[key.toLowerCase()];
  if (side === undefined) return null;
  const other = cell + side;
  if (!slot(model, cell, other)) return { refused: "there is no line between two cells there" };
  const mark = key === key.toUpperCase() ? JOIN : BORDER;
  return markMove(model, values, cell, other, markOf(model, values, cell, other) === mark ? NONE : mark);
}

// What a key does in a cell: a number, a clear, a mark on one of its edges,
// or nothing. `how` says where the key came from ({ keyboard, pencil }).
export function keyAction(model, cell, key, values = [], how = {}) {
  const edge = edgeKey(model, cell, key, values);
  if (edge) return edge;
  const given = model.givens[cell];
  const two = twoDigits(model, cell, key, values, how);
  if (given && (two || /^[0-9]+$/.test(key) || key === "Backspace" || key === "Delete")) {
    return { refused: `the ${given} there is given` };
  }
  if (two) return two;
  if (/^[1-9][0-9]*$/.test(key)) {
    const number = Number(key);
    if (how.pencil && number > MAX_PENCIL) return { refused: `pencil marks go from 1 to ${MAX_PENCIL}` };
    if (number > model.rows * model.cols) return { refused: `a region holds at most ${model.rows * model.cols} cells` };
    return { value: number };
  }
  if (key === "Backspace" || key === "Delete" || key === "0") return { clear: true };
  return null;
}

// A click on a line cycles none, border, join; a right-click puts or takes a join.
export function click(model, data, button, values) {
  if (data.edge !== undefined) {
    const [a, b] = data.edge.split(":").map(Number);
    const mark = markOf(model, values, a, b);
    const next = button === 2 ? (mark === JOIN ? NONE : JOIN) : (mark + 1) % 3;
    return markMove(model, values, a, b, next);
  }
  if (data.cell !== undefined) return { select: Number(data.cell) };
  return null;
}

function connected(model, cells) {
  const inside = new Set(cells);
  const seen = new Set([cells[0]]);
  const todo = [cells[0]];
  while (todo.length) {
    for (const [, other] of around(model, todo.pop())) {
      if (inside.has(other) && !seen.has(other)) {
        seen.add(other);
        todo.push(other);
      }
    }
  }
  return seen.size === inside.size;
}

// A stroke across cells: from a number (written or implied), that number into
// every cell crossed that is not given; from an empty cell, the cells crossed
// closed off as one group (borders to every other cell, none inside).
export function drag(model, cells, values) {
  const shown = fullGrid(model, values);
  const number = shown[cells[0]];
  const next = values.slice();
  if (number) {
    for (const cell of cells) if (!model.givens[cell]) next[cell] = (values[cell] & MARKS) | number;
  } else {
    if (!connected(model, cells)) return { refused: "drag through neighbouring cells to close them off together" };
    const inside = new Set(cells);
    for (const cell of cells) {
      for (const [, other] of around(model, cell)) {
        const [owner, shift] = slot(model, cell, other);
        const mark = (next[owner] >> shift) & 3;
        next[owner] = withMark(next[owner], shift, inside.has(other) ? (mark === BORDER ? NONE : mark) : BORDER);
      }
    }
  }
  const batch = [];
  next.forEach((value, cell) => {
    if (value !== values[cell]) batch.push({ cell, value });
  });
  return { batch };
}

// -- drawing ------------------------------------------------------------------

// What a cell holds, in words for screen readers: its number ("3, given",
// "3", "3, from the borders"), else its pencil marks, and the marks on its
// edges ("border right, below; joined above"); "" for nothing.
export function cellWords(model, cell, view, shown = null) {
  if (model.givens[cell] && view.rung) return `${model.givens[cell]}, given`;
  if (view.rung) return String(view.rung.settled.get(cell) || "");
  const words = [];
  const entry = view.values[cell] & NUMBER;
  if (model.givens[cell]) words.push(`${model.givens[cell]}, given`);
  else if (entry) words.push(String(entry));
  else {
    const size = (shown || fullGrid(model, view.values))[cell];
    if (size) words.push(`${size}, from the borders`);
    else {
      const marks = [];
      for (let n = 1; n <= MAX_PENCIL; n += 1) if ((view.marks || [])[cell] & (1 << (n - 1))) marks.push(n);
      if (marks.length) words.push(`pencil ${marks.join(" ")}`);
    }
  }
  const sides = (mark) => around(model, cell).filter(([a, b]) => markOf(model, view.values, a, b) === mark).map(([, , side]) => side);
  const borders = sides(BORDER);
  const joins = sides(JOIN);
  if (borders.length) words.push(`border ${borders.join(", ")}`);
  if (joins.length) words.push(`joined ${joins.join(", ")}`);
  return words.join("; ");
}

// A join: a short stroke across the middle of its line.
function drawJoin(board, a, b) {
  const [x, y] = cellOrigin(board.cols, a);
  const half = CELL / 2;
  const reach = CELL / 6;
  const attrs = b === a + 1
    ? { x1: x + CELL - reach, y1: y + half, x2: x + CELL + reach, y2: y + half }
    : { x1: x + half, y1: y + CELL - reach, x2: x + half, y2: y + CELL + reach };
  board.layers.thick.append(svg("line", { ...attrs, class: "join" }));
}

// view: { values, marks, selected, errors, hint, because, hintEdges, rung, solved }
// (rung: { settled: Map cell -> size, fresh: Set } or null; hintEdges: the
// marks a hint's move draws, [cell, cell, "border" | "join"] each)
export function draw(model, view) {
  const board = newBoard(model.rows, model.cols, "Fillomino board");
  board.root.classList.add("drag"); // strokes copy numbers and close groups: no scrolling under them
  const numbers = view.rung ? model.givens.map((given, cell) => given || view.rung.settled.get(cell) || 0) : written(model, view.values);
  const sizes = view.rung ? numbers.map(() => 0) : implied(model, view.values, numbers);
  const shown = numbers.map((number, cell) => number || sizes[cell]);
  drawCells(board, (cell) => {
    const classes = [];
    if (model.givens[cell]) classes.push("given-cell");
    if (view.errors.has(cell)) classes.push("error");
    if (view.hint.has(cell)) classes.push("hint");
    if (view.because.has(cell)) classes.push("because");
    if (view.rung && view.rung.fresh.has(cell)) classes.push("rung-new");
    if (cell === view.selected && !view.rung) classes.push("selected");
    return classes;
  }, (cell) => cellWords(model, cell, view, shown));
  drawEdges(board, (a, b) => {
    if (a === null || b === null) return "border";
    if (!view.rung && markOf(model, view.values, a, b) === BORDER) return "cut";
    return shown[a] && shown[b] && shown[a] !== shown[b] ? "border" : "grid";
  });
  if (!view.rung) {
    for (const [a, b] of edgeMarks(model, view.values).filter(([, , mark]) => mark === "join")) drawJoin(board, a, b);
  }
  for (let cell = 0; cell < numbers.length; cell += 1) {
    if (model.givens[cell]) drawText(board, cell, String(model.givens[cell]), "given");
    else if (view.rung) {
      if (numbers[cell]) drawText(board, cell, String(numbers[cell]), "rung");
    } else if (numbers[cell]) drawText(board, cell, String(numbers[cell]), view.errors.has(cell) ? "entry wrong" : "entry");
    else if (sizes[cell]) drawText(board, cell, String(sizes[cell]), view.errors.has(cell) ? "entry implied wrong" : "entry implied");
    else if (view.marks[cell]) drawMarks(board, cell, view.marks[cell]);
  }
  if (!view.rung) {
    drawHintEdges(board, view.hintEdges); // a hint whose move is a border (or a join)
    drawEdgeTargets(board, (a, b) => `${a}:${b}`);
    drawFocus(board, view.selected);
  }
  return board.root;
}

// -- the editor: a draft is the givens ------------------------------------------

const GIVEN_PAD = [
  ...Array.from({ length: 9 }, (_, i) => ({ key: String(i + 1), label: String(i + 1), name: `Given ${i + 1}` })),
  { key: "0", label: "0", name: "Digit 0 (after a digit: 10, 20, ...)" },
  { key: "Backspace", label: "Erase", name: "Erase the given" },
];

export const editTools = [
  {
    id: "givens",
    label: "Givens",
    input: "digits",
    pad: GIVEN_PAD,
    help: "Tap a cell, then type its number or use the pad; two digits typed quickly make 10 and over (1, 2 is 12); Backspace erases.",
  },
  { id: "clear", label: "Clear", input: "cells", help: "Tap or drag across cells to erase their givens." },
];

export function blankDraft(rows, cols) {
  return { rows, cols, givens: new Array(rows * cols).fill(0) };
}

export function openDraft(payload) {
  return { rows: payload.rows, cols: payload.cols, givens: payload.cells.layers.givens.slice() };
}

export function draftJson(draft) {
  return { puzzle: "fillomino", rows: draft.rows, cols: draft.cols, givens: toRows(draft.givens, draft.cols) };
}

export function applyEdit(draft, tool, stroke) {
  if (tool !== "clear" || !stroke.cells.some((cell) => draft.givens[cell])) return null;
  const givens = draft.givens.slice();
  for (const cell of stroke.cells) givens[cell] = 0;
  return { ...draft, givens };
}

let drafted = null; // { cell, number, at } of the given just typed, for a second digit

// A digit writes a given; one typed soon after in the same cell (still
// holding the first) appends to it (1, 2: 12), a region's size being any.
export function draftKey(draft, tool, cell, key) {
  const first = drafted;
  drafted = null;
  let number = null;
  const now = performance.now();
  if (/^[0-9]$/.test(key)) {
    const quick = first && first.cell === cell && now - first.at < TWO_DIGITS && draft.givens[cell] === first.number;
    number = quick ? first.number * 10 + Number(key) : Number(key);
    if (number > draft.rows * draft.cols) return { refused: `a region holds at most ${draft.rows * draft.cols} cells` };
    if (number) drafted = { cell, number, at: now };
  }
  if (key === "Backspace" || key === "Delete") number = 0;
  if (number === null || draft.givens[cell] === number) return null;
  const givens = draft.givens.slice();
  givens[cell] = number;
  return { ...draft, givens };
}

// view: { marks(cell), solution (flat sizes) or null }: an answer shown draws
// its regions, thick between different sizes.
export function drawDraft(draft, view) {
  const { rows, cols } = draft;
  const board = newBoard(rows, cols, "Fillomino draft");
  const words = (cell) => (draft.givens[cell] ? `${draft.givens[cell]}, given` : view.solution ? String(view.solution[cell] || "") : "");
  drawDraftCells(board, view, (cell) => (draft.givens[cell] ? ["given-cell"] : []), words);
  const sizes = view.solution;
  drawEdges(board, (a, b) => (a === null || b === null || (sizes && sizes[a] !== sizes[b]) ? "border" : "grid"));
  draft.givens.forEach((number, cell) => {
    if (number) drawText(board, cell, String(number), "given");
    else if (sizes && sizes[cell]) drawText(board, cell, String(sizes[cell]), "entry answer");
  });
  return board.root;
}
