"""What a draft Suguru board (the JSON form, perhaps half drawn) breaks, with its cells.

The editor sends every draft; one the board reader refuses gets the reasons
here, each with the cells to light on the board, instead of one error.
"""

from __future__ import annotations

from typing import Any

from ...codecs.grids import flat_ints, json_size
from ...kind import Violation, draft_problems_of
from . import model
from .model import REMOVED, Suguru


def draft_problems(obj: dict[str, Any]) -> list[Violation]:
    """Every split block, given larger than its block (or on a removed cell) and
    pair of clashing givens (empty: the board reads); PuzzleError when the form
    itself is malformed."""
    return draft_problems_of(obj, model.from_json, _problems)


def _problems(obj: dict[str, Any]) -> list[Violation]:
    rows, cols = json_size(obj)
    labels = flat_ints(obj.get("blocks"), rows, cols)
    givens = flat_ints(obj.get("givens"), rows, cols) if "givens" in obj else [0] * (rows * cols)
    if labels is None or givens is None or min(labels) < REMOVED or min(givens) < 0:
        return []
    # Blocks numbered as given, not renumbered: a label on two pieces is one split block.
    numbers: dict[int, int] = {}
    blocks = tuple(b if b == REMOVED else numbers.setdefault(b, len(numbers)) for b in labels)
    board = Suguru(rows, cols, blocks, tuple(givens))
    found = [
        Violation("split-block", cells, f"the block at {model.label(board, cells[0])} is split")
        for cells in board.block_cells
        if not model.connected_block(board, cells)
    ]
    for cell, digit in enumerate(givens):
        if not digit:
            continue
        at = model.label(board, cell)
        if blocks[cell] == REMOVED:
            found.append(Violation("given-removed", (cell,), f"the {digit} at {at} is on no block"))
        elif digit > board.block_size(cell):
            size = board.block_size(cell)
            words = f"the {digit} at {at} is larger than its block of {size} cells"
            found.append(Violation("given-too-big", (cell, *_others(board, cell)), words))
    return found + model.clashes(board, givens)


def _others(board: Suguru, cell: int) -> tuple[int, ...]:
    """The other cells of ``cell``'s block (lit with it: the block is too small)."""
    return tuple(other for other in board.block_cells[board.blocks[cell]] if other != cell)
