// The cells of a draft board with the editor's highlights: the cells a
// broken rule names ("error"), the cells where the answers found differ
// ("differ", drawn with a pattern too, so not by colour alone) and the
// selected cell. A type's drawDraft calls this and draws its own parts.

import { drawCells, drawOver } from "../core/board.js";

// view.marks(cell): the editor's classes for the cell; own(cell): the type's.
/**
 * @param {import("../core/board.js").Board} board
 * @param {{marks: (cell: number) => string[]}} view
 * @param {(cell: number) => string[]} [own]
 * @param {(cell: number) => string} [wordsOf]
 */
export function drawDraftCells(board, view, own = () => [], wordsOf = () => "") {
  drawCells(board, (cell) => [...own(cell), ...view.marks(cell)], wordsOf);
  for (let cell = 0; cell < board.rows * board.cols; cell += 1) {
    if (view.marks(cell).includes("differ")) drawOver(board, cell, "differ");
  }
}
