"""The clue census: every black-cell set of a small board, with its answer count.

A Heteromino's clue is a subset of cells, so on a small board every possible
clue set can be tried. Doing that set by set is wasteful -- most sets have no
answer at all -- so :func:`packings` turns the question round: it enumerates
every *packing* of the board, i.e. every way to decide each cell as black or
as part of a legal piece (same shapes never share an edge), once. Each
packing is one answer of one black-cell set, so counting packings per black
set gives every set's answer count, and a set that never appears has none.

The enumeration takes the first undecided cell in reading order and either
blackens it or puts down a piece whose first cell (in reading order) it is,
so every (black set, answer) pair is reached by exactly one path. It shares
nothing with the solver's rungs; the tests check it against the scanner set
by set on small boards. (The sampled counterpart for boards too big to
enumerate is the stats' ``scatter`` job, :func:`.stats_jobs.scatter_job`.)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from .model import Heteromino, build

# The six shapes as drawn, as offsets from the piece's first cell in reading order.
_SHAPES = (
    ((0, 0), (0, 1), (0, 2)),
    ((0, 0), (1, 0), (2, 0)),
    ((0, 0), (0, 1), (1, 0)),
    ((0, 0), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (1, 1)),
    ((0, 0), (1, -1), (1, 0)),
)


def _anchored(rows: int, cols: int) -> list[list[tuple[int, int, int]]]:
    """For each cell, the pieces whose first cell it is: (cells mask, shape, ring mask)."""
    anchored: list[list[tuple[int, int, int]]] = [[] for _ in range(rows * cols)]
    for cell in range(rows * cols):
        row, col = divmod(cell, cols)
        for shape, offsets in enumerate(_SHAPES):
            spots = [(row + dr, col + dc) for dr, dc in offsets]
            if not all(0 <= r < rows and 0 <= c < cols for r, c in spots):
                continue
            mask = sum(1 << (r * cols + c) for r, c in spots)
            ring = 0
            for r, c in spots:
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= rr < rows and 0 <= cc < cols:
                        ring |= 1 << (rr * cols + cc)
            anchored[cell].append((mask, shape, ring & ~mask))
    return anchored


def packings(rows: int, cols: int, max_black: int | None = None) -> dict[int, int]:
    """Answer counts of every black-cell set with at least one answer.

    Keys are black sets as cell bitmasks (bit ``r * cols + c``), values the
    exact number of answers. Only sets of at most ``max_black`` cells are
    enumerated (default: all). A set missing from the result has no answer.
    """
    total = rows * cols
    limit = total if max_black is None else max_black
    anchored = _anchored(rows, cols)
    full = (1 << total) - 1
    counts: dict[int, int] = {}
    by_shape = [0] * len(_SHAPES)  # cells covered so far by each shape

    # Recursion depth is at most the cell count; census boards are small.
    def extend(decided: int, black: int, blacks: int) -> None:
        if decided == full:
            counts[black] = counts.get(black, 0) + 1
            return
        low = ~decided & (decided + 1)
        if blacks < limit:
            extend(decided | low, black | low, blacks + 1)
        for mask, shape, ring in anchored[low.bit_length() - 1]:
            if mask & decided or ring & by_shape[shape]:
                continue
            by_shape[shape] |= mask
            extend(decided | mask, black, blacks)
            by_shape[shape] ^= mask

    extend(0, 0, 0)
    return counts


@dataclass(frozen=True)
class CensusRow:
    """One (board, clue count) cell of the census table."""

    rows: int
    cols: int
    black: int
    sets: int
    unique: int
    many: int

    @property
    def none(self) -> int:
        return self.sets - self.unique - self.many

    def as_json(self) -> dict[str, int | float]:
        return {
            "black": self.black,
            "sets": self.sets,
            "unique": self.unique,
            "many": self.many,
            "none": self.none,
            "unique_share": round(self.unique / self.sets, 4),
            "many_share": round(self.many / self.sets, 4),
            "none_share": round(self.none / self.sets, 4),
        }


def census(rows: int, cols: int, max_black: int | None = None) -> list[CensusRow]:
    """The census of one board size, one row per legal clue count up to ``max_black``."""
    total = rows * cols
    limit = total if max_black is None else max_black
    unique = [0] * (total + 1)
    many = [0] * (total + 1)
    for black, answers in packings(rows, cols, limit).items():
        size = black.bit_count()
        if answers == 1:
            unique[size] += 1
        else:
            many[size] += 1
    return [
        CensusRow(rows, cols, k, comb(total, k), unique[k], many[k])
        for k in range(limit + 1)
        if (total - k) % 3 == 0
    ]


def board_of(rows: int, cols: int, black_mask: int) -> Heteromino:
    """The board whose black cells are the bits of ``black_mask``."""
    return build(rows, cols, [bool(black_mask >> cell & 1) for cell in range(rows * cols)])


def minimum(rows_of_census: list[CensusRow]) -> CensusRow | None:
    """The census row with the fewest clues that has a unique set (None if none does)."""
    found = [row for row in rows_of_census if row.unique]
    return min(found, key=lambda row: row.black) if found else None
