// The player of a shading puzzle: regions with thick borders, each region to
// shade a fixed number of its cells. A cell is unknown (0), shaded (1) or
// dotted (2: marked as not shaded); the hint endpoint reads exactly these
// numbers, the checker only shaded (1) or not (0). A type may have holes
// (a region number for cells in no region), drawn hatched, taking no input.
//
// A type's module builds its exports from shadingPlayer(options) and adds
// what is its own; nothing here names a type.

import { CELL, cellOrigin, drawCells, drawDot, drawFocus, drawGrid, drawShade, newBoard } from "./board.js";
import { svg } from "./dom.js";

export const UNKNOWN = 0;
export const SHADED = 1;
export const DOT = 2;

/**
 * @typedef {object} ShadingOptions
 * @property {string} label the board's name for screen readers ("Foo board")
 * @property {number} piece shaded cells per region
 * @property {number} [hole] the region number of a cell in no region; none: the type has no holes
 * @property {string[]} waiting checker rules that only mean "not finished" while some
 *   region is short of its shaded cells (the missing cells may mend them)
 */

/** @param {ShadingOptions} options */
export function shadingPlayer({ label, piece, hole, waiting }) {
  const isHole = (model, cell) => hole !== undefined && model.regions[cell] === hole;
  const later = new Set(waiting);

  function setup(payload) {
    const regions = payload.cells.layers.regions;
    const size = new Map();
    for (const region of regions) if (region !== hole) size.set(region, (size.get(region) || 0) + 1);
    return { rows: payload.rows, cols: payload.cols, regions, regionSize: size };
  }

  function shadedPerRegion(model, values) {
    const shaded = new Map();
    const open = new Map();
    values.forEach((value, cell) => {
      if (isHole(model, cell)) return;
      const region = model.regions[cell];
      if (value === SHADED) shaded.set(region, (shaded.get(region) || 0) + 1);
      if (value === UNKNOWN) open.set(region, (open.get(region) || 0) + 1);
    });
    return { shaded, open };
  }

  // A violation that only means "not finished": a region short of shaded
  // cells that still has room for them, or a rule in `waiting` while some
  // region is short.
  function pending(model, violation, values) {
    const { shaded, open } = shadedPerRegion(model, values);
    const short = (region) => (shaded.get(region) || 0) < piece;
    if (violation.rule === "region-count") {
      const region = model.regions[violation.cells[0]];
      return short(region) && (shaded.get(region) || 0) + (open.get(region) || 0) >= piece;
    }
    return later.has(violation.rule) && [...model.regionSize.keys()].some(short);
  }

  // What a cell holds, in words for screen readers: "hole", "shaded", "dot" or "" (empty).
  function cellWords(model, cell, view) {
    if (isHole(model, cell)) return "hole";
    const value = view.rung ? view.rung.settled.get(cell) : view.values[cell];
    return value === SHADED ? "shaded" : value === DOT ? "dot" : "";
  }

  // view: { values, selected, errors, hint, because, rung, solved }
  // (rung: { settled: Map cell -> 1 shaded / 2 unshaded, fresh: Set } or null)
  function draw(model, view) {
    const board = newBoard(model.rows, model.cols, label);
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

  return {
    setup,
    keysHelp:
      "Click a cell: shaded, then dot, then empty; right-click puts or takes a dot. " +
      "Arrows move; Space shades, X dots, Backspace clears; Ctrl-Z / Ctrl-Y undo and redo.",
    touchHelp: "Tap a cell: shaded, then dot, then empty again.",
    rungBack: 'Tap a cell or choose "Play" to go back.',
    pencil: false,
    editable: (model, cell) => !isHole(model, cell),
    // The position the hint reads: 1 shaded, 2 dot (marked unshaded), 0 unknown.
    fullGrid: (model, values) => values.map((value) => (value === SHADED || value === DOT ? value : UNKNOWN)),
    // The checker knows shaded and not shaded only: a dot is not shaded.
    checkGrid: (model, values) => values.map((value) => (value === SHADED ? 1 : 0)),
    keyAction,
    click(model, data, button, values) {
      if (data.cell === undefined) return null;
      const cell = Number(data.cell);
      if (isHole(model, cell)) return null; // a hole takes no input: the tap is ignored
      const value = values[cell];
      if (button === 2) return { select: cell, cell, value: value === DOT ? UNKNOWN : DOT };
      return { select: cell, cell, value: (value + 1) % 3 };
    },
    // Done enough to ask the checker: `piece` shaded cells in every region.
    readyToCheck(model, values) {
      const { shaded } = shadedPerRegion(model, values);
      return [...model.regionSize.keys()].every((region) => shaded.get(region) === piece);
    },
    pending,
    cellWords,
    draw,
  };
}

function keyAction(model, cell, key, values) {
  const value = values[cell];
  if (key === " " || key === "Enter") return { value: value === SHADED ? UNKNOWN : SHADED };
  if (key === "x" || key === "X" || key === ".") return { value: value === DOT ? UNKNOWN : DOT };
  if (key === "Backspace" || key === "Delete" || key === "0") return { value: UNKNOWN };
  return null;
}

// A hole's hatching: three thin diagonals across the cell, in the grid's ink,
// so that it reads as "no cell here" and never as a shaded one (which is a
// filled square).
/**
 * @param {import("./board.js").Board} board
 * @param {number} cell
 */
export function drawHatch(board, cell) {
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
