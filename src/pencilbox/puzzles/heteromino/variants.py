"""A counter of Heteromino answers under changed same-shape rules (the stats' variants).

The rungs are written for the real rule, so the ``variants`` figures of
:mod:`.stats` count with this small counter of their own: a depth-first
packing search (on :mod:`.census`'s anchored pieces) where pieces of one
*class* may not share an edge, the classes given by the rule. :func:`obeys`
is the shortcut for stricter rules on a board with one answer.
"""

from __future__ import annotations

from . import census
from .model import Heteromino

VARIANT_NODES = 200_000
"""The placements a count may try before it gives up undecided (None)."""

_CLASS = {
    "as drawn": (0, 1, 2, 3, 4, 5),  # the real rule: six shapes
    "rotations merged": (0, 0, 1, 1, 1, 1),  # LITS convention: a bar and an L
    "every pair": (0, 0, 0, 0, 0, 0),  # no two pieces may touch at all
    "no rule": None,
}


def variant_count(
    puzzle: Heteromino, rule: str, limit: int, nodes: int = VARIANT_NODES
) -> int | None:
    """Answers of ``puzzle`` (up to ``limit``) when same-*class* pieces may not touch,
    the class of each shape given by ``rule`` (see ``_CLASS``). None when the
    search ran past ``nodes`` placements without deciding."""
    classes = _CLASS[rule]
    rows, cols = puzzle.rows, puzzle.cols
    anchored = census._anchored(rows, cols)
    black = sum(1 << cell for cell, b in enumerate(puzzle.black) if b)
    full = (1 << (rows * cols)) - 1
    by_class = [0] * 6
    found = 0
    spent = 0

    # Iterative depth-first search: frames of (decided mask, next option index).
    stack: list[list[int]] = []
    decided = black

    def first(decided_mask: int) -> int:
        return (~decided_mask & (decided_mask + 1)).bit_length() - 1

    stack.append([decided, 0, -1, 0])  # decided, option index, class used, mask used
    while stack:
        frame = stack[-1]
        decided = frame[0]
        if decided == full:
            found += 1
            if found >= limit:
                return found
            _pop(stack, by_class)
            continue
        options = anchored[first(decided)]
        index = frame[1]
        while index < len(options):
            mask, shape, ring = options[index]
            index += 1
            group = 0 if classes is None else classes[shape]
            if mask & decided or (classes is not None and ring & by_class[group]):
                continue
            spent += 1
            if spent > nodes:
                return None
            frame[1] = index
            by_class[group] |= mask
            stack.append([decided | mask, 0, group, mask])
            break
        else:
            _pop(stack, by_class)
    return found


def obeys(solution: list[list[int]], shape_of: dict[int, int], rule: str) -> bool:
    """True when no two pieces of one class under ``rule`` share an edge in ``solution``."""
    classes = _CLASS[rule]
    if classes is None:
        return True
    rows, cols = len(solution), len(solution[0])
    for row in range(rows):
        for col in range(cols):
            here = solution[row][col]
            for r, c in ((row, col + 1), (row + 1, col)):
                if r < rows and c < cols:
                    there = solution[r][c]
                    touching = here and there and here != there
                    if touching and classes[shape_of[here]] == classes[shape_of[there]]:
                        return False
    return True


def _pop(stack: list[list[int]], by_class: list[int]) -> None:
    _, _, group, mask = stack.pop()
    if group >= 0:
        by_class[group] ^= mask
