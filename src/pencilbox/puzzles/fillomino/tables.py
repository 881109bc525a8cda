"""Per-board tables every copy of a Fillomino state shares.

``near[cell]`` lists a cell's edge neighbours; ``full[cell]`` is its first
domain: the sizes ``k`` (bit ``k - 1``) for which the cell lies in a
connected set of ``k`` cells holding no given other than ``k`` (the sound
bound every counter shares). A given's own cell holds its given alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...grid import flood
from .model import Fillomino


@dataclass(frozen=True)
class Tables:
    puzzle: Fillomino
    near: tuple[tuple[int, ...], ...]
    full: tuple[int, ...]
    near_mask: tuple[int, ...]
    """Per cell, its neighbours as a cell bitset."""
    all_cells: int
    """Every cell of the board, as a bitset (the bit-parallel rules' shifts
    are cut to it)."""
    not_first_col: int
    """The cells outside the first column: a shift by one must not wrap rows."""
    not_last_col: int
    """The cells outside the last column."""
    powers: tuple[int, ...]
    """Per cell, its one-cell bitset (a set is summed from them)."""
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    """What a rule worked out from a part of the board, keyed by that part
    (:mod:`.placements`: a region's ways to grow), shared by every state."""

    @property
    def cells(self) -> int:
        return self.puzzle.rows * self.puzzle.cols

    def flood(self, seed: int, inside: int) -> int:
        """The cells of ``inside`` edge-connected to ``seed`` (bitsets)."""
        return flood(seed, inside, self.puzzle.cols, self.not_first_col, self.not_last_col)

    def spread(self, cells: int) -> int:
        """``cells`` and every cell beside one of them (bitsets)."""
        cols = self.puzzle.cols
        return (
            cells
            | (cells << 1 & self.not_first_col)
            | (cells >> 1 & self.not_last_col)
            | cells << cols
            | cells >> cols
        ) & self.all_cells

    def label(self, cell: int) -> str:
        row, col = divmod(cell, self.puzzle.cols)
        return f"r{row + 1}c{col + 1}"

    def labels(self, cells: Iterable[int]) -> str:
        """``r1c1, r1c2``: the cells in reading order."""
        return ", ".join(self.label(cell) for cell in sorted(cells))


_CACHE: dict[Fillomino, Tables] = {}


def tables_for(puzzle: Fillomino) -> Tables:
    """The board's tables, made once per board (boards are immutable)."""
    found = _CACHE.get(puzzle)
    if found is None:
        if len(_CACHE) > 64:  # the generator makes many boards: keep the cache small
            _CACHE.clear()
        near = puzzle.neighbours
        masks = tuple(sum(1 << other for other in cells) for cells in near)
        cols = puzzle.cols
        first = sum(1 << cell for cell in range(puzzle.cells) if cell % cols)
        last = sum(1 << cell for cell in range(puzzle.cells) if cell % cols != cols - 1)
        found = _CACHE[puzzle] = Tables(
            puzzle,
            near,
            _first_domains(puzzle),
            masks,
            (1 << puzzle.cells) - 1,
            first,
            last,
            tuple(1 << cell for cell in range(puzzle.cells)),
        )
    return found


def _areas(puzzle: Fillomino, open_cell: list[bool]) -> list[tuple[int, ...]]:
    """The connected groups of cells for which ``open_cell`` holds."""
    near = puzzle.neighbours
    seen = [False] * puzzle.cells
    found = []
    for start in range(puzzle.cells):
        if seen[start] or not open_cell[start]:
            continue
        seen[start] = True
        group, todo = [start], [start]
        while todo:
            for other in near[todo.pop()]:
                if open_cell[other] and not seen[other]:
                    seen[other] = True
                    group.append(other)
                    todo.append(other)
        found.append(tuple(group))
    return found


def _first_domains(puzzle: Fillomino) -> tuple[int, ...]:
    """Per cell the sizes the sound bound allows (see the module's docstring).

    For a size that some given holds, the cells it may use are those holding
    no other given; for any other size, the cells holding no given at all.
    In either case size ``k`` fits exactly where that area's connected part
    has ``k`` cells or more.
    """
    givens = puzzle.givens
    domains = [0] * puzzle.cells
    given_values = sorted(set(g for g in givens if g))
    given_mask = sum(1 << (v - 1) for v in given_values)
    for value in given_values:
        for area in _areas(puzzle, [g in (0, value) for g in givens]):
            if len(area) >= value:
                for cell in area:
                    domains[cell] |= 1 << (value - 1)
    for area in _areas(puzzle, [g == 0 for g in givens]):
        upto = ((1 << len(area)) - 1) & ~given_mask
        for cell in area:
            domains[cell] |= upto
    for cell, given in enumerate(givens):
        if given:
            domains[cell] = 1 << (given - 1)
    return tuple(domains)
