"""An independent Suguru counter: plain scan-order brute force.

This module is the yardstick the rungs are measured against, so it shares no
code with ``rules.py``, ``state.py``, ``tables.py``, ``engine.py`` or ``grid.py``. It reads only the
fields of :class:`~pencilbox.puzzles.suguru.model.Suguru` (``rows``,
``cols``, ``blocks``, ``givens``) and works out blocks and neighbours itself,
straight from the rule text:

* a block of k cells holds each digit 1..k exactly once;
* two equal digits never touch, not even diagonally;
* a given cell keeps its given; a removed cell holds nothing.

Cells are filled in reading order. Each candidate digit is checked directly
against the digits already placed and against the givens anywhere on the
board; that is the only pruning, and it is sound because a given is part of
every solution.
"""

from __future__ import annotations

from .model import REMOVED, Suguru

Rows = list[list[int]]


def _touching(rows: int, cols: int, cell: int) -> list[int]:
    """Cells sharing an edge or a corner with ``cell``."""
    row, col = divmod(cell, cols)
    found = []
    for r in range(row - 1, row + 2):
        for c in range(col - 1, col + 2):
            if (r, c) != (row, col) and 0 <= r < rows and 0 <= c < cols:
                found.append(r * cols + c)
    return found


def count(puzzle: Suguru, limit: int) -> tuple[int, list[Rows]]:
    """Count solutions of ``puzzle``, stopping once ``limit`` are found.

    Returns ``(count, solutions)`` with ``count == len(solutions) <= limit``;
    each solution is a list of int rows (0 for a removed cell). A count below
    ``limit`` is exact.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    rows, cols = puzzle.rows, puzzle.cols
    total = rows * cols
    must_differ_earlier, banned_by_givens = _rivals(puzzle)
    candidates = _candidates(puzzle, banned_by_givens)
    digits = [0] * total
    solutions: list[Rows] = []

    def fill(cell: int) -> bool:
        """Fill ``cell`` onwards; True once the limit is reached."""
        if cell == total:
            solutions.append([digits[r * cols : (r + 1) * cols] for r in range(rows)])
            return len(solutions) >= limit
        for digit in candidates[cell]:
            if digit and any(digits[o] == digit for o in must_differ_earlier[cell]):
                continue
            digits[cell] = digit
            if fill(cell + 1):
                return True
        digits[cell] = 0
        return False

    fill(0)
    return len(solutions), solutions


def _rivals(puzzle: Suguru) -> tuple[list[list[int]], list[set[int]]]:
    """Per cell, the cells whose digit must differ from its own (its block-mates
    and the live cells touching it), split in two: those filled before it
    (checked as we go), and the digits given anywhere among them (checked up
    front)."""
    rows, cols = puzzle.rows, puzzle.cols
    blocks, givens = puzzle.blocks, puzzle.givens
    total = rows * cols
    must_differ_earlier: list[list[int]] = []
    banned_by_givens: list[set[int]] = []
    for cell in range(total):
        if blocks[cell] == REMOVED:
            must_differ_earlier.append([])
            banned_by_givens.append(set())
            continue
        others = {o for o in range(total) if o != cell and blocks[o] == blocks[cell]}
        others.update(o for o in _touching(rows, cols, cell) if blocks[o] != REMOVED)
        must_differ_earlier.append(sorted(o for o in others if o < cell))
        banned_by_givens.append({givens[o] for o in others if givens[o]})
    return must_differ_earlier, banned_by_givens


def _candidates(puzzle: Suguru, banned_by_givens: list[set[int]]) -> list[list[int]]:
    """Per cell, the digits it may try: its given if that fits, else every digit
    of its block's size that no rival's given holds (a removed cell: just 0)."""
    blocks, givens = puzzle.blocks, puzzle.givens
    block_size: dict[int, int] = {}
    for label in blocks:
        if label != REMOVED:
            block_size[label] = block_size.get(label, 0) + 1
    candidates: list[list[int]] = []
    for cell in range(len(blocks)):
        if blocks[cell] == REMOVED:
            candidates.append([0])
        elif givens[cell]:
            given = givens[cell]
            fits = 1 <= given <= block_size[blocks[cell]]
            candidates.append([given] if fits and given not in banned_by_givens[cell] else [])
        else:
            candidates.append(
                [
                    d
                    for d in range(1, block_size[blocks[cell]] + 1)
                    if d not in banned_by_givens[cell]
                ]
            )
    return candidates
