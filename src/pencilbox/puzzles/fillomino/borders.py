"""The edge marks a solving state proves: what a hint may ask the player to draw.

Two neighbours are in one region exactly when their sizes are equal, so a
state proves a border between two cells whose sizes left share none (the
sizes differ in every answer the state keeps), and a join between two cells
settled to the same size. Two open cells that may still be equal prove
nothing either way.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import State
from ...kind import Edge
from .edges import BORDER, JOIN
from .model import Fillomino


def known_edges(puzzle: Fillomino, state: State, around: Iterable[int] | None = None) -> set[Edge]:
    """The marks ``state`` proves on the edges of ``around`` (default: every
    cell), each ``(a, b, mark)`` with ``a < b``. A cell with no size left
    (a contradiction the rules report) proves nothing."""
    domains = state.domains
    near = puzzle.neighbours
    found: set[Edge] = set()
    for cell in range(puzzle.cells) if around is None else around:
        first = domains[cell]
        if not first:
            continue
        for other in near[cell]:
            second = domains[other]
            if not second:
                continue
            if not first & second:
                found.add((min(cell, other), max(cell, other), BORDER))
            elif first == second and not first & (first - 1):
                found.add((min(cell, other), max(cell, other), JOIN))
    return found
