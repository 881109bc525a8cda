// Drawing helpers shared by every puzzle type: a square-cell board in SVG
// with thin grid lines, thick region borders, cell text and pencil marks.
// Puzzle modules compose these; none of this knows any puzzle's rules.

import { svg } from "./dom.js";

export const CELL = 48; // SVG units per cell
export const MARGIN = 4; // room for the outer border's width

/**
 * A board being drawn: its <svg>, one <g> per layer (bottom first: cells,
 * shade, over, thin, thick, text, focus, hit) and its size in cells.
 * @typedef {{root: SVGSVGElement, layers: Record<string, SVGGElement>, rows: number, cols: number}} Board
 */

// A cell as hints, checks and screen readers name it: "r1c2".
/**
 * @param {number} cols
 * @param {number} cell
 * @returns {string}
 */
export function cellLabel(cols, cell) {
  return `r${Math.floor(cell / cols) + 1}c${(cell % cols) + 1}`;
}

// What a highlight means, for the cell's accessible name (a screen reader
// hears what the pattern and colour show).
const SPOKEN = {
  error: "wrong",
  hint: "hint",
  because: "hint rests on it",
  "rung-new": "settled by the rung",
  selected: "selected",
};

// A cell's top left corner, in SVG units.
/**
 * @param {number} cols
 * @param {number} cell
 * @returns {[number, number]}
 */
export function cellOrigin(cols, cell) {
  const row = Math.floor(cell / cols);
  const col = cell % cols;
  return [MARGIN + col * CELL, MARGIN + row * CELL];
}

// Highlights drawn as a pattern over the cell as well as a colour (the CSS
// gives each class its fill), so that none is told by colour alone.
const OVERLAID = ["hint", "because", "rung-new", "error"];

// The patterns, by id (the CSS names them): stripes for a hint, dots for the
// cells it rests on, crosses for a rung view's new cells, cross-hatch for an
// error; lines along a bar piece's length.
function patterns() {
  /** @type {(id: string, size: number, children: Element[]) => Element} */
  const tile = (id, size, children) =>
    svg("pattern", { id, width: size, height: size, patternUnits: "userSpaceOnUse" }, children);
  return svg("defs", {}, [
    tile("pb-hint", 10, [svg("path", { d: "M-2,2 l4,-4 M0,10 l10,-10 M8,12 l4,-4", class: "p-hint" })]),
    tile("pb-because", 10, [svg("circle", { cx: 5, cy: 5, r: 1.4, class: "p-because" })]),
    tile("pb-rung", 12, [svg("path", { d: "M6,3 v6 M3,6 h6", class: "p-rung" })]),
    tile("pb-error", 8, [svg("path", { d: "M0,0 l8,8 M8,0 l-8,8", class: "p-error" })]),
    tile("pb-bar-h", 8, [svg("path", { d: "M0,4 h8", class: "p-bar" })]),
    tile("pb-bar-v", 8, [svg("path", { d: "M4,0 v8", class: "p-bar" })]),
  ]);
}

// An empty <svg> sized for the board, with one <g> per layer, bottom first.
// --cols lets the CSS keep cells at least 28 px wide (wider boards pan).
/**
 * @param {number} rows
 * @param {number} cols
 * @param {string} label the board's name for screen readers (the type's name)
 * @returns {Board}
 */
export function newBoard(rows, cols, label) {
  const width = cols * CELL + 2 * MARGIN;
  const height = rows * CELL + 2 * MARGIN;
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "board",
    // a group, not an image: an image's parts are hidden from screen readers,
    // and each cell has a name of its own (drawCells)
    role: "group",
    "aria-label": `${label}, ${rows} rows by ${cols} columns`,
  });
  // set through the CSSOM: the page's CSP refuses style attributes
  root.style.setProperty("--cols", String(cols));
  root.append(patterns());
  /** @type {Record<string, SVGGElement>} */
  const layers = {};
  // "hit" is on top: invisible targets (e.g. cell edges) that take clicks.
  for (const name of ["cells", "shade", "over", "thin", "thick", "text", "focus", "hit"]) {
    layers[name] = svg("g", { class: `layer-${name}` });
    root.append(layers[name]);
  }
  return { root, layers, rows, cols };
}

// A pattern laid over one cell (class `cls`: one of the CSS's .over classes).
/**
 * @param {Board} board
 * @param {number} cell
 * @param {string} cls
 */
export function drawOver(board, cell, cls) {
  const [x, y] = cellOrigin(board.cols, cell);
  board.layers.over.append(svg("rect", { x, y, width: CELL, height: CELL, class: `over ${cls}` }));
}

// One clickable square per cell; `classesOf(cell)` returns its CSS classes,
// `wordsOf(cell)` what it holds in words ("3", "shaded"), for its accessible
// name "r1c2, 3" (with its highlights: "r1c2, 3, wrong").
/**
 * @param {Board} board
 * @param {(cell: number) => string[]} classesOf
 * @param {(cell: number) => string} [wordsOf]
 */
export function drawCells(board, classesOf, wordsOf = () => "") {
  const { rows, cols, layers } = board;
  for (let cell = 0; cell < rows * cols; cell += 1) {
    const [x, y] = cellOrigin(cols, cell);
    const classes = classesOf(cell);
    const states = classes.map((name) => SPOKEN[name]).filter(Boolean);
    const spoken = [cellLabel(cols, cell), wordsOf(cell) || "empty", ...states];
    layers.cells.append(
      svg("rect", {
        x,
        y,
        width: CELL,
        height: CELL,
        class: ["cell", ...classes].join(" "),
        "data-cell": cell,
        "data-row": Math.floor(cell / cols),
        "data-col": cell % cols,
        role: "img",
        "aria-label": spoken.join(", "),
      }),
    );
    // the strongest highlight's pattern (an error outranks a hint)
    const shown = [...OVERLAID].reverse().find((name) => classes.includes(name));
    if (shown) drawOver(board, cell, shown);
  }
}

/**
 * @param {Element} layer
 * @param {number} x1
 * @param {number} y1
 * @param {number} x2
 * @param {number} y2
 * @param {string} cls
 */
function line(layer, x1, y1, x2, y2, cls) {
  layer.append(svg("line", { x1, y1, x2, y2, class: cls }));
}

// Every cell edge as a line: `classOf(a, b)` gives its CSS class, where a and b
// are the cells on either side (null outside the board; a is above or left).
// "grid" lines go in the thin layer, every other class in the thick one.
/**
 * @param {Board} board
 * @param {(a: number | null, b: number | null) => string} classOf
 */
export function drawEdges(board, classOf) {
  const { rows, cols, layers } = board;
  /** @type {(r: number, c: number) => number | null} */
  const at = (r, c) => (r < 0 || c < 0 || r >= rows || c >= cols ? null : r * cols + c);
  /** @type {(cls: string, x1: number, y1: number, x2: number, y2: number) => void} */
  const put = (cls, x1, y1, x2, y2) => line(cls === "grid" ? layers.thin : layers.thick, x1, y1, x2, y2, cls);
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c <= cols; c += 1) {
      const x = MARGIN + c * CELL;
      const y = MARGIN + r * CELL;
      put(classOf(at(r, c - 1), at(r, c)), x, y, x, y + CELL);
    }
  }
  for (let r = 0; r <= rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const x = MARGIN + c * CELL;
      const y = MARGIN + r * CELL;
      put(classOf(at(r - 1, c), at(r, c)), x, y, x + CELL, y);
    }
  }
}

// Thin lines between cells of the same region, thick ones between regions
// and around the board. `regionOf(cell)` names a cell's region (null: none).
/**
 * @param {Board} board
 * @param {(cell: number) => unknown} regionOf
 */
export function drawGrid(board, regionOf) {
  /** @type {(cell: number | null) => unknown} */
  const region = (cell) => (cell === null ? undefined : regionOf(cell));
  drawEdges(board, (a, b) => (region(a) === region(b) ? "grid" : "border"));
}

// The marks a hint's move draws between two cells ([a, b, mark] each, a above
// or left of b): each line lit over whatever is drawn there, dashed in the
// hint's colour (class `hint-edge` and the mark's name), with its own title,
// so that the move is not told by colour alone.
/**
 * @param {Board} board
 * @param {Array<[number, number, string]> | null | undefined} edges
 */
export function drawHintEdges(board, edges) {
  const { cols, layers } = board;
  for (const [a, b, mark] of edges || []) {
    const [x, y] = cellOrigin(cols, a);
    const across = b === a + 1; // a line between a cell and the one to its right
    const ends = across ? [x + CELL, y, x + CELL, y + CELL] : [x, y + CELL, x + CELL, y + CELL];
    const [x1, y1, x2, y2] = ends;
    const node = svg("line", { x1, y1, x2, y2, class: `hint-edge ${mark}`, "data-hint-edge": `${a}:${b}` });
    node.append(svg("title", { text: `hint: ${mark} between ${cellLabel(cols, a)} and ${cellLabel(cols, b)}` }));
    layers.focus.append(node);
  }
}

// Invisible click targets on the inner edges between two cells for which
// `keyOf(a, b)` (a above or left of b) returns a key; the key goes into the
// target's data-edge attribute for the click handler.
/**
 * @param {Board} board
 * @param {(a: number, b: number) => string | null} keyOf
 */
export function drawEdgeTargets(board, keyOf) {
  const { rows, cols, layers } = board;
  // How far from the line a tap still counts as on it: half a cell, so a
  // target stays near 24 px wide on a phone (a cell's middle still selects it).
  const band = CELL / 2;
  /** @type {(key: string, x: number, y: number, width: number, height: number) => void} */
  const target = (key, x, y, width, height) =>
    layers.hit.append(svg("rect", { x, y, width, height, class: "edge-hit", "data-edge": key }));
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const cell = r * cols + c;
      const [x, y] = cellOrigin(cols, cell);
      if (c + 1 < cols) {
        const key = keyOf(cell, cell + 1);
        if (key !== null) target(key, x + CELL - band / 2, y + band / 2, band, CELL - band);
      }
      if (r + 1 < rows) {
        const key = keyOf(cell, cell + cols);
        if (key !== null) target(key, x + band / 2, y + CELL - band / 2, CELL - band, band);
      }
    }
  }
}

// A filled square inset in the cell (shading), leaving the cell's own
// background (hint, error, rung colours) visible as a frame around it.
/**
 * @param {Board} board
 * @param {number} cell
 * @param {string} cls
 */
export function drawShade(board, cell, cls) {
  const [x, y] = cellOrigin(board.cols, cell);
  const inset = 4;
  board.layers.shade.append(
    svg("rect", { x: x + inset, y: y + inset, width: CELL - 2 * inset, height: CELL - 2 * inset, class: `shade ${cls}`, "data-cell": cell }),
  );
}

// A small dot in the middle of the cell (a cell marked as not shaded).
/**
 * @param {Board} board
 * @param {number} cell
 * @param {string} cls
 */
export function drawDot(board, cell, cls) {
  const [x, y] = cellOrigin(board.cols, cell);
  board.layers.text.append(svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 10, class: `dot ${cls}`, "data-cell": cell }));
}

// A cell's digit or text (class `cls`: given, entered, wrong...).
/**
 * @param {Board} board
 * @param {number} cell
 * @param {string | number} text
 * @param {string} cls
 */
export function drawText(board, cell, text, cls) {
  const [x, y] = cellOrigin(board.cols, cell);
  board.layers.text.append(
    svg("text", { x: x + CELL / 2, y: y + CELL / 2, class: `digit ${cls}`, "data-cell": cell, text }),
  );
}

// Candidate marks in a 3x3 pattern inside the cell (4x4 once a mark above
// 9 is set: blocks of ten cells or more).
/**
 * @param {Board} board
 * @param {number} cell
 * @param {number} mask bit d-1 set for the mark d
 */
export function drawMarks(board, cell, mask) {
  const [x, y] = cellOrigin(board.cols, cell);
  const side = mask >= 1 << 9 ? 4 : 3;
  const step = 0.9 / side;
  for (let d = 1; d <= side * side; d += 1) {
    if (!(mask & (1 << (d - 1)))) continue;
    const col = (d - 1) % side;
    const row = Math.floor((d - 1) / side);
    board.layers.text.append(
      svg("text", {
        x: x + CELL * (0.05 + step * (col + 0.5)),
        y: y + CELL * (0.05 + step * (row + 0.5)),
        class: side === 4 ? "mark small" : "mark",
        text: String(d),
      }),
    );
  }
}

// The frame of the selected cell (none: nothing drawn).
/**
 * @param {Board} board
 * @param {number | null | undefined} cell
 */
export function drawFocus(board, cell) {
  if (cell === null || cell === undefined) return;
  const [x, y] = cellOrigin(board.cols, cell);
  board.layers.focus.append(
    svg("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "focus" }),
  );
}
