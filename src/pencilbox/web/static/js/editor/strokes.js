// Pointer strokes over the draft board, mouse, pen or finger alike: the
// cells the pointer crosses, and the grid lines it runs along (snapped to
// the corners it passes near). A tap gives its cell and the edge it was
// near. What a stroke does is the type's (its applyEdit).

import { CELL, MARGIN } from "../core/board.js";

/** @typedef {{rows: number, cols: number}} Size */
/** @typedef {{x: number, y: number}} Point */
/** @typedef {[number, number]} Pair two cells (an edge), or a corner's row and column */

// Where a pointer event falls in the board's own units.
/**
 * @param {SVGSVGElement} svgRoot
 * @param {PointerEvent} event
 * @returns {Point | null}
 */
function boardPoint(svgRoot, event) {
  const matrix = svgRoot.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return { x: point.x - MARGIN, y: point.y - MARGIN };
}

/**
 * @param {Size} size
 * @param {Point} point
 * @returns {number | null}
 */
function cellAt(size, { x, y }) {
  const row = Math.floor(y / CELL);
  const col = Math.floor(x / CELL);
  return row < 0 || col < 0 || row >= size.rows || col >= size.cols ? null : row * size.cols + col;
}

// The corner a point is near (within a third of a cell), or null.
/**
 * @param {Size} size
 * @param {Point} point
 * @returns {Pair | null}
 */
function cornerAt(size, { x, y }) {
  const row = Math.round(y / CELL);
  const col = Math.round(x / CELL);
  if (row < 0 || col < 0 || row > size.rows || col > size.cols) return null;
  return Math.hypot(x - col * CELL, y - row * CELL) < CELL / 3 ? [row, col] : null;
}

// The inner edges (pairs of cells, left/up first) between two corners on
// one grid line; none for corners not in line.
/**
 * @param {Size} size
 * @param {Pair} from
 * @param {Pair} to
 * @returns {Pair[]}
 */
function edgesBetween(size, [r1, c1], [r2, c2]) {
  const { rows, cols } = size;
  /** @type {Pair[]} */
  const edges = [];
  if (r1 === r2 && r1 > 0 && r1 < rows) {
    for (let c = Math.min(c1, c2); c < Math.max(c1, c2); c += 1) edges.push([(r1 - 1) * cols + c, r1 * cols + c]);
  } else if (c1 === c2 && c1 > 0 && c1 < cols) {
    for (let r = Math.min(r1, r2); r < Math.max(r1, r2); r += 1) edges.push([r * cols + c1 - 1, r * cols + c1]);
  }
  return edges;
}

// The inner edge a tap was close to (within a quarter cell of it), or null.
/**
 * @param {Size} size
 * @param {Point} point
 * @returns {Pair | null}
 */
function edgeNear(size, point) {
  const cell = cellAt(size, point);
  if (cell === null) return null;
  const { cols } = size;
  const row = Math.floor(cell / cols);
  const col = cell % cols;
  const dx = point.x / CELL - col;
  const dy = point.y / CELL - row;
  /** @type {Array<[number, Pair | null]>} */
  const sides = [
    [dy, row > 0 ? [cell - cols, cell] : null],
    [1 - dy, row + 1 < size.rows ? [cell, cell + cols] : null],
    [dx, col > 0 ? [cell - 1, cell] : null],
    [1 - dx, col + 1 < cols ? [cell, cell + 1] : null],
  ];
  const [distance, edge] = sides.filter(([, e]) => e).sort((p, q) => p[0] - q[0])[0] || [1, null];
  return distance < 0.25 ? edge : null;
}

// Follow strokes on `host` (which holds the draft's <svg>); `size()` is the
// board's { rows, cols }, `done(stroke)` gets { cells, edges, tap } on release
// (tap: { cell, edge } when the pointer never left its cell's corner area).
export function followStrokes(host, size, done) {
  let stroke = null;
  host.addEventListener("pointerdown", (event) => {
    const root = host.querySelector("svg.board");
    if (!root || event.button > 0) return;
    const point = boardPoint(root, event);
    if (!point) return;
    const board = size();
    const cell = cellAt(board, point);
    stroke = { root, board, start: point, cells: cell === null ? [] : [cell], edges: [], corner: cornerAt(board, point), moved: false };
    host.setPointerCapture(event.pointerId);
    event.preventDefault();
  });
  host.addEventListener("pointermove", (event) => {
    if (!stroke) return;
    // the board's <svg> now: a verdict arriving mid-stroke redraws it
    const point = boardPoint(host.querySelector("svg.board") || stroke.root, event);
    if (!point) return;
    if (Math.hypot(point.x - stroke.start.x, point.y - stroke.start.y) > CELL / 4) stroke.moved = true;
    const cell = cellAt(stroke.board, point);
    if (cell !== null && !stroke.cells.includes(cell)) stroke.cells.push(cell);
    const corner = cornerAt(stroke.board, point);
    if (!corner) return;
    if (stroke.corner && (corner[0] !== stroke.corner[0] || corner[1] !== stroke.corner[1])) {
      const known = new Set(stroke.edges.map((e) => e.join(":")));
      for (const edge of edgesBetween(stroke.board, stroke.corner, corner)) {
        if (!known.has(edge.join(":"))) stroke.edges.push(edge);
      }
    }
    stroke.corner = corner;
  });
  const finish = (event) => {
    if (!stroke) return;
    const ended = stroke;
    stroke = null;
    if (host.hasPointerCapture(event.pointerId)) host.releasePointerCapture(event.pointerId);
    const tap = ended.moved ? null : { cell: ended.cells[0] ?? null, edge: edgeNear(ended.board, ended.start) };
    done({ cells: ended.cells, edges: ended.edges, tap });
  };
  host.addEventListener("pointerup", finish);
  host.addEventListener("pointercancel", () => {
    stroke = null;
  });
}
