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
and get no variable; clauses are simplified against them. A region or a
shaded cell with nothing open in reach gets no clause: its masks say
whether it keeps the rules (about half the board the hybrid hands over).

Loading clauses into the solver costs about as much as solving them on
these boards, and building them in Python as much again, so the encoder
keeps both small: no clause stated twice, one pass over the cells with
plain lists, the commonest clauses spelt out (:func:`_one_partner`) and the
threes of a small region's shape kept per shape (:func:`_apart`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, count

from ...engine import State
from ...grid import Mask, Rows, indices
from ...sat.core import Clause, Encoding, Pool, at_most_one
from .halo import HALO
from .model import Norinori
from .rivals import exactly_two
from .state import as_nori, settled_masks
from .tables import Grid, grid

HYBRID_EXTRA = (HALO,)
"""After the ``person`` rung (:data:`.ladder.HYBRID_RUNG`) the hybrid runs
``halo`` (:mod:`.halo`): dominoes that would crowd a region out go, which
leaves the solver fewer cells for a few more mask operations
(``benchmarks/norinori_stages.py`` measures both)."""

ON, OFF = -1, 0
"""A settled cell's entry in the literal table (an open cell's is its variable, above 0)."""

SMALL = 7
"""Up to this many open cells a region's "at most two" is a clause per three
cells (those the domino rule leaves unsaid); above it, a sequential counter."""


class _Unsatisfiable(Exception):
    """The constants alone break a rule: the encoding is the empty clause."""


def encode(puzzle: Norinori, state: State | None) -> Encoding:
    """The CNF of ``puzzle``, with ``state``'s settled cells as constants when given."""
    shape = grid(puzzle.rows, puzzle.cols)
    size = puzzle.rows * puzzle.cols
    if state is None:
        shaded = unshaded = 0
        lit = list(range(1, size + 1))
        key = lit.copy()
    else:
        shaded, unshaded = settled_masks(state)
        lit = [OFF] * size
        for cell in indices(shaded):
            lit[cell] = ON
        key = []
        for var, cell in enumerate(indices(shape.board & ~shaded & ~unshaded), 1):
            lit[cell] = var
            key.append(var)
    pool = Pool()
    pool.top = len(key)
    try:
        if shaded & unshaded:  # a broken state: a cell both ways
            raise _Unsatisfiable
        settled = None if state is None else (as_nori(state).tables.region_mask, shaded, unshaded)
        clauses = _regions(puzzle, lit, pool, settled) + _dominoes(shape, lit, shaded, unshaded)
    except _Unsatisfiable:
        clauses = [[]]
    cols = puzzle.cols

    def decode(model: set[int]) -> Rows:
        shaded = [value == ON or (value > 0 and value in model) for value in lit]
        return [[int(on) for on in shaded[r * cols : (r + 1) * cols]] for r in range(puzzle.rows)]

    return Encoding(clauses, key, decode, variables=pool.top)


def _regions(
    puzzle: Norinori,
    lit: list[int],
    pool: Pool,
    settled: tuple[tuple[Mask, ...], Mask, Mask] | None = None,
) -> list[Clause]:
    """Every region shades exactly two cells. ``settled`` (the regions' masks,
    the shaded and unshaded cells) lets a region with no open cell, most of
    them in what the hybrid hands over, be checked on its masks alone."""
    clauses: list[Clause] = []
    cols = puzzle.cols
    masks, shaded, unshaded = settled or ((), 0, 0)
    for region, cells in enumerate(puzzle.region_cells):
        if masks:
            inside = masks[region]
            if not inside & ~shaded & ~unshaded:
                if (inside & shaded).bit_count() != 2:
                    raise _Unsatisfiable
                continue
        values = [lit[cell] for cell in cells]
        open_cells = [value for value in values if value > 0]
        need = 2 - values.count(ON)
        if need < 0 or need > len(open_cells):
            raise _Unsatisfiable
        if need == 0:
            clauses += [[-value] for value in open_cells]
        elif need == 1:
            clauses.append(open_cells)
            clauses += at_most_one(open_cells, pool)
        elif len(open_cells) > SMALL:
            fresh = count(pool.top + 1)
            clauses += exactly_two(open_cells, fresh.__next__)
            pool.top = next(fresh) - 1
        else:
            clauses += [open_cells[:i] + open_cells[i + 1 :] for i in range(len(open_cells))]
            if len(open_cells) == 3:  # one three: kept unless one touches the other two
                a, b, c = (cell for cell, value in zip(cells, values, strict=True) if value > 0)
                if _touch_at(a, b, cols) + _touch_at(a, c, cols) + _touch_at(b, c, cols) < 2:
                    clauses.append([-value for value in open_cells])
            elif len(open_cells) > 3:
                places = [
                    divmod(cell, cols)
                    for cell, value in zip(cells, values, strict=True)
                    if value > 0
                ]
                row, col = places[0]
                shape = tuple((r - row, c - col) for r, c in places)
                clauses += [
                    [-open_cells[i], -open_cells[j], -open_cells[k]] for i, j, k in _apart(shape)
                ]
    return clauses


@lru_cache(maxsize=4096)
def _apart(places: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int], ...]:
    """Of a small region's open cells (row and column each), every three (by
    index) none of which touches the other two: those whose "no three" the
    domino rule leaves unsaid. Three cells of a grid share at most two edges,
    and share two just when one of them touches the other two. Kept per
    shape (places counted from the first cell's): small regions come in few
    shapes."""
    return tuple(
        (i, j, k)
        for i, j, k in combinations(range(len(places)), 3)
        if _touch(places[i], places[j])
        + _touch(places[i], places[k])
        + _touch(places[j], places[k])
        < 2
    )


def _touch_at(a: int, b: int, cols: int) -> int:
    """1 when cells ``a`` < ``b`` share an edge."""
    return int(b - a == cols or (b - a == 1 and b % cols != 0))


def _touch(a: tuple[int, int], b: tuple[int, int]) -> int:
    """1 when cells ``a`` and ``b`` (row and column each) share an edge."""
    return int(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)


def _dominoes(shape: Grid, lit: list[int], shaded: Mask, unshaded: Mask) -> list[Clause]:
    """Every shaded cell has exactly one shaded neighbour.

    Only cells with an open cell in reach get clauses: a shaded cell whose
    neighbours are all settled has its one shaded neighbour or breaks the
    rule outright, which a few operations on the masks tell for all such
    cells at once (most of a board the hybrid hands over)."""
    free = shape.board & ~shaded & ~unshaded
    near_free = shape.beside(free)
    if shaded & ~near_free & (shape.twice(shaded) | ~shape.beside(shaded)):
        raise _Unsatisfiable
    near_cells = shape.near
    clauses: list[Clause] = []
    for cell in indices(free | shaded & near_free):
        x = lit[cell]
        near = [lit[other] for other in near_cells[cell]]
        if x > 0 and (not near or min(near) > 0):  # no settled neighbour (the bare board)
            clauses += _one_partner(x, near)
            continue
        # a settled cell or neighbour: a shaded neighbour is the partner already
        partners = near.count(ON)
        open_near = [value for value in near if value > 0]
        if x == ON:
            if partners > 1 or not (partners or open_near):
                raise _Unsatisfiable
            if partners:
                clauses += [[-value] for value in open_near]
            else:
                clauses.append(open_near)
                clauses += [[-a, -b] for a, b in combinations(open_near, 2)]
        elif partners > 1 or not (partners or open_near):
            clauses.append([-x])
        elif partners:
            clauses += [[-x, -value] for value in open_near]
        else:
            clauses += _one_partner(x, open_near)
    return clauses


def _one_partner(x: int, near: list[int]) -> list[Clause]:
    """If ``x`` is shaded, exactly one of ``near`` is: ``[-x, *near]`` and
    ``[-x, -a, -b]`` for every two of them, spelt out for each count (this
    is most of the CNF, and the spelt-out lists build twice as fast)."""
    nx = -x
    count = len(near)
    if count == 4:
        a, b, c, d = near
        return [
            [nx, a, b, c, d],
            [nx, -a, -b],
            [nx, -a, -c],
            [nx, -a, -d],
            [nx, -b, -c],
            [nx, -b, -d],
            [nx, -c, -d],
        ]
    if count == 3:
        a, b, c = near
        return [[nx, a, b, c], [nx, -a, -b], [nx, -a, -c], [nx, -b, -c]]
    if count == 2:
        a, b = near
        return [[nx, a, b], [nx, -a, -b]]
    return [[nx, *near]]
