// Drawing helpers shared by every puzzle type: a square-cell board in SVG
// with thin grid lines, thick region borders, cell text and pencil marks.
// Puzzle modules compose these; none of this knows any puzzle's rules.

import { svg } from "./dom.js";

export const CELL = 48; // SVG units per cell
export const MARGIN = 4; // room for the outer border's width

export function cellOrigin(cols, cell) {
  const row = Math.floor(cell / cols);
  const col = cell % cols;
  return [MARGIN + col * CELL, MARGIN + row * CELL];
}

// An empty <svg> sized for the board, with one <g> per layer, bottom first.
export function newBoard(rows, cols, label) {
  const width = cols * CELL + 2 * MARGIN;
  const height = rows * CELL + 2 * MARGIN;
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "board",
    role: "grid",
    "aria-label": label,
  });
  const layers = {};
  for (const name of ["cells", "thin", "thick", "text", "focus"]) {
    layers[name] = svg("g", { class: `layer-${name}` });
    root.append(layers[name]);
  }
  return { root, layers, rows, cols };
}

// One clickable square per cell; `classesOf(cell)` returns its CSS classes.
export function drawCells(board, classesOf) {
  const { rows, cols, layers } = board;
  for (let cell = 0; cell < rows * cols; cell += 1) {
    const [x, y] = cellOrigin(cols, cell);
    layers.cells.append(
      svg("rect", {
        x,
        y,
        width: CELL,
        height: CELL,
        class: ["cell", ...classesOf(cell)].join(" "),
        "data-cell": cell,
        "data-row": Math.floor(cell / cols),
        "data-col": cell % cols,
      }),
    );
  }
}

function line(layer, x1, y1, x2, y2, cls) {
  layer.append(svg("line", { x1, y1, x2, y2, class: cls }));
}

// Thin lines between cells of the same region, thick ones between regions
// and around the board. `regionOf(cell)` names a cell's region (null: none).
export function drawGrid(board, regionOf) {
  const { rows, cols, layers } = board;
  const region = (r, c) => (r < 0 || c < 0 || r >= rows || c >= cols ? undefined : regionOf(r * cols + c));
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c <= cols; c += 1) {
      const x = MARGIN + c * CELL;
      const y = MARGIN + r * CELL;
      const thick = region(r, c - 1) !== region(r, c);
      line(thick ? layers.thick : layers.thin, x, y, x, y + CELL, thick ? "border" : "grid");
    }
  }
  for (let r = 0; r <= rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const x = MARGIN + c * CELL;
      const y = MARGIN + r * CELL;
      const thick = region(r - 1, c) !== region(r, c);
      line(thick ? layers.thick : layers.thin, x, y, x + CELL, y, thick ? "border" : "grid");
    }
  }
}

export function drawText(board, cell, text, cls) {
  const [x, y] = cellOrigin(board.cols, cell);
  board.layers.text.append(
    svg("text", { x: x + CELL / 2, y: y + CELL / 2, class: `digit ${cls}`, "data-cell": cell, text }),
  );
}

// Candidate marks 1..9 in a 3x3 pattern inside the cell.
export function drawMarks(board, cell, mask) {
  const [x, y] = cellOrigin(board.cols, cell);
  for (let d = 1; d <= 9; d += 1) {
    if (!(mask & (1 << (d - 1)))) continue;
    const col = (d - 1) % 3;
    const row = Math.floor((d - 1) / 3);
    board.layers.text.append(
      svg("text", {
        x: x + CELL * (0.2 + 0.3 * col),
        y: y + CELL * (0.2 + 0.3 * row),
        class: "mark",
        text: String(d),
      }),
    );
  }
}

export function drawFocus(board, cell) {
  if (cell === null || cell === undefined) return;
  const [x, y] = cellOrigin(board.cols, cell);
  board.layers.focus.append(
    svg("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "focus" }),
  );
}
