// Undo/redo over moves: a list and a pointer; a new move drops the redo tail.

/** @typedef {import("./moves.js").Move} Move */

export class History {
  /**
   * @param {Move[]} [moves]
   * @param {number} [index] how many of the moves are done (the rest are undone)
   */
  constructor(moves = [], index = moves.length) {
    this.moves = moves;
    this.index = Math.max(0, Math.min(index, moves.length));
  }

  /** @param {Move} move */
  push(move) {
    this.moves = this.moves.slice(0, this.index);
    this.moves.push(move);
    this.index = this.moves.length;
  }

  canUndo() {
    return this.index > 0;
  }

  canRedo() {
    return this.index < this.moves.length;
  }

  // The move to run backwards, or null.
  /** @returns {Move | null} */
  undo() {
    if (!this.canUndo()) return null;
    this.index -= 1;
    return this.moves[this.index];
  }

  // The move to run again, or null.
  /** @returns {Move | null} */
  redo() {
    if (!this.canRedo()) return null;
    this.index += 1;
    return this.moves[this.index - 1];
  }

  toJSON() {
    return { moves: this.moves, index: this.index };
  }

  /**
   * @param {any} data what toJSON gave, read back (anything else: an empty history)
   * @returns {History}
   */
  static fromJSON(data) {
    if (!data || !Array.isArray(data.moves)) return new History();
    return new History(data.moves, data.index);
  }
}
