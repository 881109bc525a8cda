// The player's position and the one pure function that changes it.
//
// A position is { values: [int per cell], marks: [bitmask per cell] }
// (mark bit d-1 = candidate d). A move records a cell's content before and
// after, so undo is the same function run backwards; a batch is a list of
// moves done as one step (e.g. "clear the board").

/** @typedef {{values: number[], marks: number[]}} Position */
/** @typedef {{value: number, marks: number}} CellContent */
/** @typedef {{cell: number, before: CellContent, after: CellContent}} CellMove */
/**
 * A cell's move, or `{batch}`: cell moves done as one step.
 * @typedef {{cell?: number, before?: CellContent, after?: CellContent, batch?: CellMove[]}} Move
 */

/**
 * @param {number} cellCount
 * @returns {Position}
 */
export function emptyPosition(cellCount) {
  return { values: new Array(cellCount).fill(0), marks: new Array(cellCount).fill(0) };
}

/**
 * @param {Position} position
 * @returns {Position}
 */
export function copyPosition(position) {
  return { values: position.values.slice(), marks: position.marks.slice() };
}

/**
 * @param {Position} position
 * @param {number} cell
 * @param {number} value
 * @param {number} marks
 * @returns {CellMove}
 */
export function cellMove(position, cell, value, marks) {
  return {
    cell,
    before: { value: position.values[cell], marks: position.marks[cell] },
    after: { value, marks },
  };
}

/**
 * @param {Move} move
 * @returns {boolean}
 */
export function isNoop(move) {
  if (move.batch) return move.batch.every(isNoop);
  return move.before.value === move.after.value && move.before.marks === move.after.marks;
}

// Apply `move` forwards (or backwards when `undo`), returning a new position.
/**
 * @param {Position} position
 * @param {Move} move
 * @param {boolean} [undo]
 * @returns {Position}
 */
export function apply(position, move, undo = false) {
  const next = copyPosition(position);
  const steps = move.batch ? (undo ? move.batch.slice().reverse() : move.batch) : [move];
  for (const step of steps) {
    const side = undo ? step.before : step.after;
    next.values[step.cell] = side.value;
    next.marks[step.cell] = side.marks;
  }
  return next;
}

// Every cell a move touches (for highlighting what undo changed).
/**
 * @param {Move} move
 * @returns {number[]}
 */
export function cellsOf(move) {
  return move.batch ? move.batch.map((m) => m.cell) : [move.cell];
}
