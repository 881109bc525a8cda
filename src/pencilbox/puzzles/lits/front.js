// LITS: drawing and input. Regions get thick borders. A cell is unknown (0),
// shaded (1) or dotted (2: marked as not shaded); the hint endpoint reads
// exactly these numbers, the checker only shaded (1) or not (0). A hole
// (region -1: a cell in no region) is drawn hatched, takes no input and is
// never shaded.
//
// The web app serves this file at /static/js/kinds/lits.js, beside the page's
// loader, so the imports below reach the page's shared code in ../core/.

import { CELL, cellOrigin, drawCells, drawDot, drawFocus, drawGrid, drawShade, newBoard } from "../core/board.js";
import { svg } from "../core/dom.js";
import { drawDraftCells } from "../editor/draw.js";
import { blankRegions, drawRegionEdges, paintCells, regionLabels, regionsFrom, skipCells, toRows, toggleEdges } from "../editor/regions.js";

const UNKNOWN = 0;
const SHADED = 1;
const DOT = 2;
const PIECE = 4; // shaded cells per region
const HOLE = -1; // the region number of a cell in no region

export function setup(payload) {
  const regions = payload.cells.layers.regions;
  const size = new Map();
  for (const region of regions) if (region !== HOLE) size.set(region, (size.get(region) || 0) + 1);
  return { rows: payload.rows, cols: payload.cols, regions, regionSize: size };
}

function isHole(model, cell) {
  return model.regions[cell] === HOLE;
}

export const keysHelp =
  "Click a cell: shaded, then dot, then empty; right-click puts or takes a dot. " +
  "Arrows move; Space shades, X dots, Backspace clears; Ctrl-Z / Ctrl-Y undo and redo.";

export const touchHelp = "Tap a cell: shaded, then dot, then empty again.";

export const rungBack = 'Tap a cell or choose "Play" to go back.';

export const pencil = false;

export function editable(model, cell) {
  return !isHole(model, cell);
}

// The position the hint reads: 1 shaded, 2 dot (marked unshaded), 0 unknown.
export function fullGrid(model, values) {
  return values.map((value) => (value === SHADED || value === DOT ? value : UNKNOWN));
}

// The checker knows shaded and not shaded only: a dot is not shaded.
export function checkGrid(model, values) {
  return values.map((value) => (value === SHADED ? 1 : 0));
}

export function keyAction(model, cell, key, values) {
  const value = values[cell];
  if (key === " " || key === "Enter") return { value: value === SHADED ? UNKNOWN : SHADED };
  if (key === "x" || key === "X" || key === ".") return { value: value === DOT ? UNKNOWN : DOT };
  if (key === "Backspace" || key === "Delete" || key === "0") return { value: UNKNOWN };
  return null;
}

export function click(model, data, button, values) {
  if (data.cell === undefined) return null;
  const cell = Number(data.cell);
  if (isHole(model, cell)) return null; // a hole takes no input: the tap is ignored
  const value = values[cell];
  if (button === 2) return { select: cell, cell, value: value === DOT ? UNKNOWN : DOT };
  return { select: cell, cell, value: (value + 1) % 3 };
}

function shadedPerRegion(model, values) {
  const shaded = new Map();
  const open = new Map();
  values.forEach((value, cell) => {
    const region = model.regions[cell];
    if (region === HOLE) return;
    if (value === SHADED) shaded.set(region, (shaded.get(region) || 0) + 1);
    if (value === UNKNOWN) open.set(region, (open.get(region) || 0) + 1);
  });
  return { shaded, open };
}

// Done enough to ask the checker: four shaded cells in every region.
export function readyToCheck(model, values) {
  const { shaded } = shadedPerRegion(model, values);
  return [...model.regionSize.keys()].every((region) => shaded.get(region) === PIECE);
}

// A violation that only means "not finished": a region with fewer than four
// shaded cells that still has room for them, or a split mass while some
// region is short (the missing cells may join it).
export function pending(model, violation, values) {
  const { shaded, open } = shadedPerRegion(model, values);
  const short = (region) => (shaded.get(region) || 0) < PIECE;
  if (violation.rule === "region-count") {
    const region = model.regions[violation.cells[0]];
    return short(region) && (shaded.get(region) || 0) + (open.get(region) || 0) >= PIECE;
  }
  if (violation.rule === "disconnected" || violation.rule === "region-split") {
    return [...model.regionSize.keys()].some(short);
  }
  return false;
}

// What a cell holds, in words for screen readers: "hole", "shaded", "dot" or "" (empty).
export function cellWords(model, cell, view) {
  if (isHole(model, cell)) return "hole";
  const value = view.rung ? view.rung.settled.get(cell) : view.values[cell];
  return value === SHADED ? "shaded" : value === DOT ? "dot" : "";
}

// view: { values, selected, errors, hint, because, rung, solved }
// (rung: { settled: Map cell -> 1 shaded / 2 unshaded, fresh: Set } or null)
export function draw(model, view) {
  const board = newBoard(model.rows, model.cols, "LITS board");
  drawCells(board, (cell) => {
    const classes = isHole(model, cell) ? ["hole"] : [];
    if (view.errors.has(cell)) classes.push("error");
    if (view.hint.has(cell)) classes.push("hint");
    if (view.because.has(cell)) classes.push("because");
    if (view.rung && view.rung.fresh.has(cell)) classes.push("rung-new");
    if (cell === view.selected && !view.rung) classes.push("selected");
    return classes;
  }, (cell) => cellWords(model, cell, view));
  for (let cell = 0; cell < model.regions.length; cell += 1) {
    if (isHole(model, cell)) continue;
    const value = view.rung ? view.rung.settled.get(cell) : view.values[cell];
    const style = view.rung ? "ink rung" : view.errors.has(cell) ? "ink wrong" : "ink";
    if (value === SHADED) drawShade(board, cell, style);
    else if (value === DOT) drawDot(board, cell, style);
  }
  for (let cell = 0; cell < model.regions.length; cell += 1) if (isHole(model, cell)) drawHatch(board, cell);
  drawGrid(board, (cell) => model.regions[cell]);
  if (!view.rung) drawFocus(board, view.selected);
  return board.root;
}

// -- the editor: a draft is the board's regions, kept as drawn borders ---------
// (and its holes: the cells the regions skip, region -1 in the JSON form)

export const editTools = [
  {
    id: "borders",
    label: "Borders",
    input: "edges",
    help: "Drag along the lines between cells to draw region borders; a stroke that starts on a border erases. Tap a line to toggle it.",
  },
  {
    id: "paint",
    label: "Paint a region",
    input: "cells",
    help: "Drag across cells to make them one region of their own.",
  },
  {
    id: "holes",
    label: "Hole",
    input: "cells",
    help: "Tap or drag across cells to make them holes (in no region, never shaded); a stroke that starts on a hole makes its cells a region of their own again.",
  },
];

export function blankDraft(rows, cols) {
  return { regions: blankRegions(rows, cols) };
}

export function openDraft(payload) {
  return { regions: regionsFrom(payload.rows, payload.cols, payload.cells.layers.regions, HOLE) };
}

export function draftJson(draft) {
  const { rows, cols } = draft.regions;
  return { puzzle: "lits", rows, cols, regions: toRows(regionLabels(draft.regions, HOLE), cols) };
}

// The first cell of a hole stroke decides, as the borders' first edge does:
// from a hole the stroke gives its cells back (as one region), else makes holes.
function holeStroke(regions, cells) {
  if (!cells.length) return null;
  return regions.skip.has(cells[0]) ? paintCells(regions, cells) : skipCells(regions, cells);
}

export function applyEdit(draft, tool, stroke) {
  if (tool === "borders") return wrapRegions(toggleEdges(draft.regions, stroke.edges));
  if (tool === "holes") return wrapRegions(holeStroke(draft.regions, stroke.cells));
  return wrapRegions(paintCells(draft.regions, stroke.cells));
}

const wrapRegions = (regions) => regions && { regions };

// view: { marks(cell), solution (flat: 1 shaded) or null }
export function drawDraft(draft, view) {
  const { rows, cols } = draft.regions;
  const board = newBoard(rows, cols, "LITS draft");
  const hole = (cell) => draft.regions.skip.has(cell);
  const words = (cell) => (hole(cell) ? "hole" : view.solution && view.solution[cell] === SHADED ? "shaded" : "");
  drawDraftCells(board, view, (cell) => (hole(cell) ? ["hole"] : []), words);
  if (view.solution) {
    view.solution.forEach((value, cell) => {
      if (value === SHADED) drawShade(board, cell, "ink answer");
    });
  }
  for (const cell of draft.regions.skip) drawHatch(board, cell);
  drawRegionEdges(board, draft.regions);
  return board.root;
}

// A hole's hatching: three thin diagonals across the cell, in the grid's ink,
// so that it reads as "no cell here" and never as a shaded one (which is a
// filled square).
function drawHatch(board, cell) {
  const [x, y] = cellOrigin(board.cols, cell);
  const half = CELL / 2;
  for (const [x1, y1, x2, y2] of [
    [x, y + half, x + half, y],
    [x, y + CELL, x + CELL, y],
    [x + half, y + CELL, x + CELL, y + half],
  ]) {
    board.layers.thin.append(svg("line", { x1, y1, x2, y2, class: "grid hatch" }));
  }
}
