// Boards cut into regions (blocks), as the editor keeps them: the borders
// drawn between cells are what the setter edits, and the regions are the
// groups of cells the borders leave joined. Keeping borders (not labels)
// means a border drawn halfway stays drawn until it closes a region.
// Nothing here knows a puzzle's rules; a type's front.js builds on it.

import { drawEdges } from "../core/board.js";

const key = (a, b) => `${Math.min(a, b)}:${Math.max(a, b)}`;

// One region over the whole board (skip: cells in no region, or none).
export function blankRegions(rows, cols) {
  return { rows, cols, borders: new Set(), skip: new Set() };
}

// The borders between cells whose labels differ; cells labelled `skipLabel`
// belong to no region.
export function regionsFrom(rows, cols, labels, skipLabel = null) {
  const borders = new Set();
  const skip = new Set();
  labels.forEach((label, cell) => {
    if (label === skipLabel) skip.add(cell);
    if (cell % cols + 1 < cols && labels[cell + 1] !== label) borders.add(key(cell, cell + 1));
    if (cell + cols < labels.length && labels[cell + cols] !== label) borders.add(key(cell, cell + cols));
  });
  return { rows, cols, borders, skip };
}

function neighbours(rows, cols, cell) {
  const found = [];
  if (cell % cols > 0) found.push(cell - 1);
  if (cell % cols + 1 < cols) found.push(cell + 1);
  if (cell >= cols) found.push(cell - cols);
  if (cell + cols < rows * cols) found.push(cell + cols);
  return found;
}

// A region number per cell (0, 1, ... in reading order of first cells;
// `skipLabel` for a skipped cell): the groups no border separates.
export function regionLabels(regions, skipLabel = -1) {
  const { rows, cols, borders, skip } = regions;
  const labels = new Array(rows * cols).fill(null);
  let next = 0;
  for (let start = 0; start < rows * cols; start += 1) {
    if (skip.has(start)) labels[start] = skipLabel;
    if (labels[start] !== null) continue;
    labels[start] = next;
    const todo = [start];
    while (todo.length) {
      const cell = todo.pop();
      for (const other of neighbours(rows, cols, cell)) {
        if (labels[other] !== null || skip.has(other) || borders.has(key(cell, other))) continue;
        labels[other] = next;
        todo.push(other);
      }
    }
    next += 1;
  }
  return labels;
}

// Draw or erase the borders of a stroke along the grid lines: the first
// edge decides (a stroke that starts on a border erases).
export function toggleEdges(regions, edges) {
  if (!edges.length) return null;
  const borders = new Set(regions.borders);
  const erase = borders.has(key(...edges[0]));
  for (const [a, b] of edges) {
    if (erase) borders.delete(key(a, b));
    else borders.add(key(a, b));
  }
  return { ...regions, borders };
}

// The cells of a stroke become one region of their own (and join no other):
// every border inside them goes, every border around them is drawn. Borders
// elsewhere stay as they were.
export function paintCells(regions, cells) {
  if (!cells.length) return null;
  const { rows, cols } = regions;
  const painted = new Set(cells);
  const borders = new Set(regions.borders);
  const skip = new Set([...regions.skip].filter((cell) => !painted.has(cell)));
  for (const cell of painted) {
    for (const other of neighbours(rows, cols, cell)) {
      if (painted.has(other)) borders.delete(key(cell, other));
      else borders.add(key(cell, other));
    }
  }
  return { rows, cols, borders, skip };
}

// The cells of a stroke leave every region (cells in no region: a type's
// holes): a border is drawn around them, as paintCells does, and none
// between two skipped cells, so the draft is drawn as the board will be.
export function skipCells(regions, cells) {
  const painted = paintCells(regions, cells);
  if (!painted) return null;
  const skip = new Set([...regions.skip, ...cells]);
  const borders = new Set(painted.borders);
  for (const cell of cells) {
    for (const other of neighbours(regions.rows, regions.cols, cell)) if (skip.has(other)) borders.delete(key(cell, other));
  }
  return { ...painted, borders, skip };
}

// Rows of a flat per-cell list (the JSON forms' grids).
export function toRows(values, cols) {
  const rows = [];
  for (let start = 0; start < values.length; start += cols) rows.push(values.slice(start, start + cols));
  return rows;
}

// Thick lines between regions, around the board and on every border drawn
// (even one that closes no region yet); thin ones elsewhere.
export function drawRegionEdges(board, regions) {
  drawEdges(board, (a, b) => (a === null || b === null || regions.borders.has(key(a, b)) ? "border" : "grid"));
}
