// Heteromino: drawing and input. Black cells are solid. The player cuts the
// edges between white cells; the cuts split the white cells into connected
// groups, and a group of three cells is a piece (a bar or an L), shaded by
// its shape as drawn. The server gets each group as one number, and every
// cut as an edge mark beside the grid (edgeMarks).
//
// A cell's value holds the cuts on two of its edges, so that every cut is a
// plain one-cell move (undo, redo and saving work unchanged):
// bit RIGHT = cut between the cell and the one to its right, bit DOWN = cut
// between the cell and the one below.
//
// The web app serves this file at /static/js/kinds/heteromino.js, beside the page's
// loader, so the imports below reach the page's shared code in ../core/.

import { drawCells, drawEdgeTargets, drawEdges, drawFocus, drawOver, newBoard, drawShade } from "../core/board.js";
import { drawDraftCells } from "../editor/draw.js";

const RIGHT = 1;
const DOWN = 2;

// The edges between a cell and its neighbours, each as [lower cell, higher cell].
function edgesAround(cell, rows, cols) {
  const r = Math.floor(cell / cols);
  const c = cell % cols;
  const around = [];
  if (c > 0) around.push([cell - 1, cell]);
  if (c + 1 < cols) around.push([cell, cell + 1]);
  if (r > 0) around.push([cell - cols, cell]);
  if (r + 1 < rows) around.push([cell, cell + cols]);
  return around;
}

export function setup(payload) {
  return { rows: payload.rows, cols: payload.cols, black: payload.cells.layers.black.map(Boolean) };
}

export const keysHelp =
  "Click the line between two white cells to cut it (again to join). Arrows move; " +
  "W, A, S, D cut the edge above, left, below, right of the cell; Ctrl-Z / Ctrl-Y undo and redo.";

export const touchHelp =
  "Drag across three white cells to draw a piece (it is cut off from its neighbours), " +
  "or tap the line between two cells to cut it (again to join). On a board wider than " +
  'the screen, "Pan the board" lets one finger move it (taps still cut).';

export const rungBack = 'Cut an edge or choose "Play" to go back.';

export const pencil = false;

export function editable(model, cell) {
  return !model.black[cell];
}

// The cut between cells a and b (a above or left of b), as [owner cell, bit];
// null when there is no edge between two white cells to cut.
function edgeOf(model, a, b) {
  if (a === null || b === null || model.black[a] || model.black[b]) return null;
  if (b === a + 1 && a % model.cols !== model.cols - 1) return [a, RIGHT];
  if (b === a + model.cols) return [a, DOWN];
  return null;
}

function isCut(model, values, a, b) {
  const edge = edgeOf(model, a, b);
  return edge !== null && Boolean(values[edge[0]] & edge[1]);
}

// Connected groups of white cells, joined across every edge that is not cut:
// { group: group index per cell (-1 black), members: cells of each group },
// groups numbered in reading order of their first cell.
export function groups(model, values) {
  const { rows, cols } = model;
  const group = new Array(rows * cols).fill(-1);
  const members = [];
  for (let start = 0; start < rows * cols; start += 1) {
    if (model.black[start] || group[start] !== -1) continue;
    const index = members.length;
    const cells = [start];
    group[start] = index;
    for (let i = 0; i < cells.length; i += 1) {
      const cell = cells[i];
      for (const [a, b] of edgesAround(cell, rows, cols)) {
        const other = a === cell ? b : a;
        if (model.black[other] || group[other] !== -1 || isCut(model, values, a, b)) continue;
        group[other] = index;
        cells.push(other);
      }
    }
    members.push(cells.sort((x, y) => x - y));
  }
  return { group, members };
}

// The tromino's shape as drawn: "h" / "v" bars, or the L named by the
// corner of its 2x2 box it leaves empty ("nw", "ne", "sw", "se").
export function shapeOf(cols, cells) {
  const rows = cells.map((cell) => Math.floor(cell / cols));
  const colsOf = cells.map((cell) => cell % cols);
  const top = Math.min(...rows);
  const left = Math.min(...colsOf);
  const height = Math.max(...rows) - top + 1;
  const width = Math.max(...colsOf) - left + 1;
  if (height === 1) return "h";
  if (width === 1) return "v";
  const has = (dr, dc) => cells.includes((top + dr) * cols + left + dc);
  if (!has(0, 0)) return "nw";
  if (!has(0, 1)) return "ne";
  if (!has(1, 0)) return "sw";
  return "se";
}

// The position the hint reads: each drawn piece (a group of exactly three
// cells) its own number, 1..n in reading order; every other cell 0.
export function fullGrid(model, values) {
  const { group, members } = groups(model, values);
  const number = new Map();
  members.forEach((cells, index) => {
    if (cells.length === 3) number.set(index, number.size + 1);
  });
  return group.map((index) => number.get(index) || 0);
}

// The grid the checker reads: every group its own number (1..n in reading
// order), black cells 0, so it names groups that are too big or too small.
export function checkGrid(model, values) {
  const { group } = groups(model, values);
  return group.map((index) => index + 1);
}

// Every white cell is in a group of at most three: worth checking.
export function readyToCheck(model, values) {
  return groups(model, values).members.every((cells) => cells.length <= 3);
}

// Groups still too big only need more cuts; every other broken rule is an error.
export function pending(model, violation) {
  return violation.rule === "too-big" || violation.rule === "uncovered";
}

// White cells in no finished piece (a group of exactly three): still open.
export function openCells(model, values) {
  return groups(model, values)
    .members.filter((cells) => cells.length !== 3)
    .reduce((sum, cells) => sum + cells.length, 0);
}

function adjacent(cols, a, b) {
  return (Math.abs(a - b) === 1 && Math.floor(a / cols) === Math.floor(b / cols)) || Math.abs(a - b) === cols;
}

// A stroke across three connected white cells draws that piece: the edges
// inside it are joined and every edge to another white cell is cut, as one
// move. Any other stroke is refused with a word on what a piece is.
export function drag(model, cells, values) {
  const { rows, cols } = model;
  const piece = new Set(cells);
  const linked = (cell) => cells.some((other) => other !== cell && adjacent(cols, cell, other));
  if (cells.length !== 3 || cells.some((cell) => model.black[cell]) || !cells.every(linked)) {
    return { refused: "a piece is three white cells in a row or an L: drag across exactly three" };
  }
  const next = values.slice();
  for (const cell of cells) {
    for (const [a, b] of edgesAround(cell, rows, cols)) {
      const edge = edgeOf(model, a, b);
      if (edge === null) continue;
      const [owner, bit] = edge;
      next[owner] = piece.has(a) && piece.has(b) ? next[owner] & ~bit : next[owner] | bit;
    }
  }
  const batch = [];
  next.forEach((value, cell) => {
    if (value !== values[cell]) batch.push({ cell, value });
  });
  return { batch };
}

// The cuts as the server reads them beside the grid: [cell, cell, "cut"] for
// every edge cut between two white cells, so that a wrong cut is a mistake
// (and a right one narrows the hint) long before it closes a piece of three.
export function edgeMarks(model, values) {
  const { cols } = model;
  const marks = [];
  values.forEach((value, a) => {
    for (const [bit, b] of [[RIGHT, a + 1], [DOWN, a + cols]]) {
      if (value & bit && edgeOf(model, a, b) !== null) marks.push([a, b, "cut"]);
    }
  });
  return marks;
}

export function click(model, data, button, values) {
  if (data.edge !== undefined) {
    const [cell, bit] = data.edge.split(":").map(Number);
    return { cell, value: values[cell] ^ bit };
  }
  if (data.cell !== undefined) return { select: Number(data.cell) };
  return null;
}

export function keyAction(model, cell, key, values) {
  const { cols } = model;
  const sides = {
    w: [cell - cols, cell],
    a: [cell - 1, cell],
    s: [cell, cell + cols],
    d: [cell, cell + 1],
  };
  const side = sides[key.toLowerCase()];
  if (!side) return null;
  const [a, b] = side;
  const r = Math.floor(cell / cols);
  const c = cell % cols;
  const inside = { w: r > 0, a: c > 0, s: r + 1 < model.rows, d: c + 1 < cols }[key.toLowerCase()];
  const edge = inside ? edgeOf(model, a, b) : null;
  if (edge === null) return { refused: "there is no edge between two white cells there" };
  return { cell: edge[0], value: values[edge[0]] ^ edge[1] };
}

// A cell in words for screen readers: "black", "in a bar piece" / "in an L
// piece" (a drawn group of three), else the sides cut ("cut above, right"),
// or "" (nothing cut). `found` is groups(model, view.values), if known.
export function cellWords(model, cell, view, found = null) {
  if (model.black[cell]) return "black";
  if (view.rung) return view.rung.settled.has(cell) ? "piece settled" : "";
  const { group, members } = found || groups(model, view.values);
  const cells = members[group[cell]];
  if (cells.length === 3) return ["h", "v"].includes(shapeOf(model.cols, cells)) ? "in a bar piece" : "in an L piece";
  const { cols } = model;
  const sides = [
    ["above", cell >= cols ? cell - cols : null, cell],
    ["left", cell % cols > 0 ? cell - 1 : null, cell],
    ["right", cell, cell % cols + 1 < cols ? cell + 1 : null],
    ["below", cell, cell + cols < model.black.length ? cell + cols : null],
  ];
  const cut = sides.filter(([, a, b]) => isCut(model, view.values, a, b)).map(([side]) => side);
  return cut.length ? `cut ${cut.join(", ")}` : "";
}

// view: { values, selected, errors, hint, because, rung, solved }
// (rung: { settled: Map cell -> piece code, fresh: Set } or null)
export function draw(model, view) {
  const board = newBoard(model.rows, model.cols, "Heteromino board");
  board.root.classList.add("drag"); // strokes draw pieces: the page must not scroll under them
  const found = view.rung ? null : groups(model, view.values);
  drawCells(board, (cell) => {
    const classes = [];
    if (model.black[cell]) classes.push("black");
    if (view.errors.has(cell)) classes.push("error");
    if (view.hint.has(cell)) classes.push("hint");
    if (view.because.has(cell)) classes.push("because");
    if (view.rung && view.rung.fresh.has(cell)) classes.push("rung-new");
    if (cell === view.selected && !view.rung) classes.push("selected");
    return classes;
  }, (cell) => cellWords(model, cell, view, found));
  // The pieces to shade: the player's three-cell groups, or in a rung view
  // the cells that share one settled piece code.
  let pieces;
  if (view.rung) {
    const byCode = new Map();
    for (const [cell, code] of view.rung.settled) byCode.set(code, [...(byCode.get(code) || []), cell]);
    pieces = [...byCode.values()];
  } else {
    pieces = found.members;
  }
  for (const cells of pieces) {
    if (cells.length !== 3) continue;
    const shape = shapeOf(model.cols, cells);
    const wrong = cells.some((cell) => view.errors.has(cell));
    for (const cell of cells) {
      drawShade(board, cell, `piece shape-${shape}${wrong ? " wrong" : ""}`);
      if (shape === "h" || shape === "v") drawOver(board, cell, `bar-${shape}`);
    }
  }
  drawEdges(board, (a, b) => {
    if (a === null || b === null || model.black[a] !== model.black[b]) return "border";
    if (model.black[a]) return "grid";
    if (view.rung) {
      const [x, y] = [view.rung.settled.get(a), view.rung.settled.get(b)];
      return x !== undefined && y !== undefined && x !== y ? "cut rung" : "grid";
    }
    return isCut(model, view.values, a, b) ? "cut" : "grid";
  });
  if (!view.rung) {
    drawEdgeTargets(board, (a, b) => {
      const edge = edgeOf(model, a, b);
      return edge === null ? null : `${edge[0]}:${edge[1]}`;
    });
    drawFocus(board, view.selected);
  }
  return board.root;
}

// -- the editor: a draft is the black cells -----------------------------------

export const editTools = [
  {
    id: "black",
    label: "Black cells",
    input: "cells",
    help: "Tap or drag across cells to paint them black; a stroke that starts on a black cell paints white.",
  },
];

export function blankDraft(rows, cols) {
  return { rows, cols, black: new Array(rows * cols).fill(0) };
}

export function openDraft(payload) {
  return { rows: payload.rows, cols: payload.cols, black: payload.cells.layers.black.map((b) => (b ? 1 : 0)) };
}

export function draftJson(draft) {
  const rows = [];
  for (let r = 0; r < draft.rows; r += 1) rows.push(draft.black.slice(r * draft.cols, (r + 1) * draft.cols));
  return { puzzle: "heteromino", rows: draft.rows, cols: draft.cols, black: rows };
}

export function applyEdit(draft, tool, stroke) {
  if (!stroke.cells.length) return null;
  const paint = draft.black[stroke.cells[0]] ? 0 : 1;
  const black = draft.black.slice();
  for (const cell of stroke.cells) black[cell] = paint;
  return { ...draft, black };
}

// view: { marks(cell), solution (flat piece numbers, 0 black) or null }
export function drawDraft(draft, view) {
  const { rows, cols } = draft;
  const board = newBoard(rows, cols, "Heteromino draft");
  drawDraftCells(board, view, (cell) => (draft.black[cell] ? ["black"] : []), (cell) => (draft.black[cell] ? "black" : ""));
  const piece = view.solution;
  if (piece) {
    const byNumber = new Map();
    piece.forEach((number, cell) => {
      if (!draft.black[cell]) byNumber.set(number, [...(byNumber.get(number) || []), cell]);
    });
    for (const cells of byNumber.values()) {
      if (cells.length !== 3) continue;
      const shape = shapeOf(cols, cells);
      for (const cell of cells) drawShade(board, cell, `piece shape-${shape}`);
    }
  }
  drawEdges(board, (a, b) => {
    if (a === null || b === null || draft.black[a] !== draft.black[b]) return "border";
    if (piece && !draft.black[a] && piece[a] !== piece[b]) return "cut";
    return "grid";
  });
  return board.root;
}
