"""Norinori as CNF: one variable per cell still open, true when it is shaded.

The clauses:

* every region shades exactly two cells (at least two: without any one
  cell, another is shaded; at most two: no three, by a sequential counter
  on big regions, :func:`.rivals.exactly_two`, the generator's own; on a
  small region a clause per three cells, but none for three cells one of
  which touches the other two, since the domino rule there says the same);
* a shaded cell has a shaded neighbour (a clause per cell) and not two
  (a clause per two neighbours).

Given a propagated state (the hybrid), the cells it settled are constants
and get no variable; clauses are simplified against them.

Loading clauses into the solver costs about as much as solving them on
these boards, and building them in Python as much again, so the encoder
keeps both small: no clause stated twice, and one pass over the cells
with plain lists (no per-literal calls).
"""

from __future__ import annotations

from itertools import combinations

from ...engine import State
from ...grid import Rows
from ...sat.core import Clause, Encoding, Pool, at_most_one
from .model import Norinori
from .rivals import exactly_two
from .state import SHADED, as_nori, settled_cells

HYBRID_EXTRA = ()
"""The hybrid runs the ``person`` rung alone (see :data:`.ladder.HYBRID_RUNG`)."""

ON, OFF = -1, 0
"""A settled cell's entry in the literal table (an open cell's is its variable, above 0)."""

SMALL = 7
"""Up to this many open cells a region's "at most two" is a clause per three
cells (those the domino rule leaves unsaid); above it, a sequential counter."""


class _Unsatisfiable(Exception):
    """The constants alone break a rule: the encoding is the empty clause."""


def encode(puzzle: Norinori, state: State | None) -> Encoding:
    """The CNF of ``puzzle``, with ``state``'s settled cells as constants when given."""
    size = puzzle.rows * puzzle.cols
    if state is None:
        lit = list(range(1, size + 1))
        key = lit.copy()
    else:
        settled = settled_cells(as_nori(state))
        lit, key = [], []
        for cell in range(size):
            value = settled.get(cell)
            if value is None:
                key.append(len(key) + 1)
                lit.append(len(key))
            else:
                lit.append(ON if value == SHADED else OFF)
    pool = Pool()
    pool.top = len(key)
    try:
        clauses = _regions(puzzle, lit, pool) + _dominoes(puzzle.rows, puzzle.cols, lit)
    except _Unsatisfiable:
        clauses = [[]]
    cols = puzzle.cols

    def decode(model: set[int]) -> Rows:
        shaded = [value == ON or (value > 0 and value in model) for value in lit]
        return [[int(on) for on in shaded[r * cols : (r + 1) * cols]] for r in range(puzzle.rows)]

    return Encoding(clauses, key, decode, variables=pool.top)


def _regions(puzzle: Norinori, lit: list[int], pool: Pool) -> list[Clause]:
    """Every region shades exactly two cells."""
    clauses: list[Clause] = []
    for cells in puzzle.region_cells:
        values = [lit[cell] for cell in cells]
        need = 2 - values.count(ON)
        open_cells = [value for value in values if value > 0]
        if need < 0 or need > len(open_cells):
            raise _Unsatisfiable
        if need == 0:
            clauses += [[-value] for value in open_cells]
        elif need == 1:
            clauses.append(open_cells)
            clauses += at_most_one(open_cells, pool)
        elif len(open_cells) > SMALL:
            clauses += exactly_two(open_cells, pool.new)
        else:
            where = [cell for cell, value in zip(cells, values, strict=True) if value > 0]
            clauses += _small_exactly_two(where, open_cells, puzzle.cols)
    return clauses


def _small_exactly_two(cells: list[int], literals: list[int], cols: int) -> list[Clause]:
    """Exactly two of a small region's open cells: without any one, another is
    shaded; no three together, unless one of the three touches the other two
    (the domino rule at that cell already says so: all three are open)."""
    clauses: list[Clause] = [[other for other in literals if other != lit] for lit in literals]
    for (a, x), (b, y), (c, z) in combinations(zip(cells, literals, strict=True), 3):
        ab, ac, bc = _touch(a, b, cols), _touch(a, c, cols), _touch(b, c, cols)
        if not (ab and ac or ab and bc or ac and bc):
            clauses.append([-x, -y, -z])
    return clauses


def _touch(a: int, b: int, cols: int) -> bool:
    """Whether cells ``a`` < ``b`` share an edge."""
    return b - a == cols or (b - a == 1 and b % cols != 0)


def _dominoes(rows: int, cols: int, lit: list[int]) -> list[Clause]:
    """Every shaded cell has exactly one shaded neighbour."""
    clauses: list[Clause] = []
    for cell, x in enumerate(lit):
        if x == OFF:
            continue
        row, col = divmod(cell, cols)
        near = []
        if row:
            near.append(lit[cell - cols])
        if row < rows - 1:
            near.append(lit[cell + cols])
        if col:
            near.append(lit[cell - 1])
        if col < cols - 1:
            near.append(lit[cell + 1])
        if x > 0 and ON not in near and OFF not in near:  # the bare board's every cell
            clauses.append([-x, *near])
            clauses += [[-x, -a, -b] for a, b in combinations(near, 2)]
        else:
            clauses += _settled_domino(x, near)
    return clauses


def _settled_domino(x: int, near: list[int]) -> list[Clause]:
    """The domino rule at a cell that is settled shaded (``x`` is ON) or has a
    settled neighbour."""
    shaded = near.count(ON)
    open_near = [value for value in near if value > 0]
    if x == ON:
        if shaded > 1 or not (shaded or open_near):
            raise _Unsatisfiable
        if shaded:
            return [[-value] for value in open_near]
        return [open_near, *([-a, -b] for a, b in combinations(open_near, 2))]
    if shaded > 1 or not (shaded or open_near):
        return [[-x]]
    if shaded:
        return [[-x, -value] for value in open_near]
    return [[-x, *open_near], *([-x, -a, -b] for a, b in combinations(open_near, 2))]
