"""Norinori as CNF: one variable per cell still open, true when it is shaded.

The clauses:

* every region shades exactly two cells (at least two: without any one
  cell, another is shaded; at most two: no three, by a sequential counter
  on big regions, :func:`.rivals.exactly_two`, the generator's own; on a
  small region a clause per three cells, but none for three cells one of
  which touches the other two, since the domino rule there says the same);
* a shaded cell has a shaded neighbour it can pair with, and not two.

Given a propagated state (the hybrid), the cells it settled are constants
and get no variable; clauses are simplified against them. A region or a
shaded cell with nothing open in reach gets no clause: its masks say
whether it keeps the rules (about half the board the hybrid hands over).
Two neighbours pair only as a domino that can stand beside the state's
marks (:func:`.halo.fitting`): a cell's partner is one of those it forms
such a domino with, and two open neighbours that form none are never both
shaded, a clause of two cells where the rule alone says three. The bare
board (the ``sat`` engine) states the rules alone: every domino may stand.

The hybrid itself (:func:`encode_hybrid`, the face's ``hybrid_encoder``)
reaches its rules' fixpoint on whole-board masks, with no state to keep in
step, and encodes from the masks.

Loading clauses into the solver costs more than solving them on these
boards, and building them in Python about as much, so the encoder keeps
both small: no clause stated twice, settled cells checked on masks, and
per open cell a few characters of its neighbourhood's bit strings read
(:func:`_alone`) rather than bits of board-sized ints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import combinations, count
from typing import NamedTuple

from ...engine import Contradiction, State
from ...grid import Mask, Rows, indices
from ...sat.core import Clause, Encoding, Pool, at_most_one
from .halo import HALO, fitting, settle
from .model import Norinori
from .rivals import exactly_two
from .state import as_nori, settled_masks
from .sweep import from_untouched
from .tables import Grid, Tables, grid

HYBRID_EXTRA = (HALO,)
"""After the ``person`` rung (:data:`.ladder.HYBRID_RUNG`) the hybrid runs
``halo`` (:mod:`.halo`): dominoes that would crowd a region out go, which
leaves the solver fewer cells for a few more mask operations
(``benchmarks/norinori_stages.py`` measures both)."""


def encode_hybrid(puzzle: Norinori) -> Encoding | None:
    """The hybrid's CNF: the ``person`` rules and ``halo`` to their fixpoint on
    whole-board masks (:func:`.sweep.from_untouched`, :func:`.halo.settle`), the
    cells they settle as constants; None when they prove there is no answer.

    The rules reach the same fixpoint from a state (``tests/test_norinori_cnf.py``
    holds them to it); on the masks alone there is no state to keep in step,
    none of the regions' domains to narrow cell by cell, which on the boards
    the hybrid counts costs as much as the rules' deductions."""
    try:
        tables, shaded, unshaded = hybrid_fixpoint(puzzle)
    except Contradiction:
        return None
    return encode_fixpoint(tables, shaded, unshaded)


def hybrid_fixpoint(puzzle: Norinori) -> tuple[Tables, Mask, Mask]:
    """The board's tables, and the cells (shaded, unshaded) the ``person`` rules
    and ``halo`` settle on its masks; Contradiction when they break a rule."""
    tables = Tables.of(puzzle)
    return tables, *settle(tables, *from_untouched(tables))


def encode_fixpoint(tables: Tables, shaded: Mask, unshaded: Mask) -> Encoding:
    """The CNF of what :func:`hybrid_fixpoint` leaves open, with the dominoes
    halo's last step found may stand."""
    dominoes = fitting(tables, shaded, unshaded)
    return encode_marks(tables.puzzle, tables.region_mask, shaded, unshaded, dominoes, counted=True)


HYBRID_ENCODER = encode_hybrid
"""The face's ``hybrid_encoder``: :func:`encode_hybrid`."""

SETTLED = 0
"""A settled cell's entry in the literal table (an open cell's is its variable,
above 0); which way it is settled the masks say."""

SMALL = 7
"""Up to this many open cells a region's "at most two" is a clause per three
cells (those the domino rule leaves unsaid); above it, a sequential counter."""

Dominoes = tuple[Mask, Mask]
"""Dominoes as two masks: across, each at its left cell; down, each at its top cell."""


class _Unsatisfiable(Exception):
    """The constants alone break a rule: the encoding is the empty clause."""


def encode(puzzle: Norinori, state: State | None) -> Encoding:
    """The CNF of ``puzzle``, with ``state``'s settled cells as constants when given."""
    if state is None:  # the rules alone: every domino may stand
        every = every_domino(grid(puzzle.rows, puzzle.cols))
        return encode_marks(puzzle, Tables.of(puzzle).region_mask, 0, 0, every)
    tables = as_nori(state).tables
    shaded, unshaded = settled_masks(state)
    return encode_marks(
        puzzle, tables.region_mask, shaded, unshaded, fitting(tables, shaded, unshaded)
    )


def every_domino(shape: Grid) -> Dominoes:
    """Every domino of the board: across at each cell but the last column's,
    down at each cell but the last row's."""
    return shape.not_last, shape.board >> shape.cols


def encode_marks(
    puzzle: Norinori,
    regions: Sequence[Mask],
    shaded: Mask,
    unshaded: Mask,
    dominoes: Dominoes,
    *,
    counted: bool = False,
) -> Encoding:
    """The CNF of ``puzzle`` with ``shaded`` and ``unshaded`` as constants, the
    regions' cells as masks, and ``dominoes`` the ones that may stand (every
    domino of every answer that keeps the marks must be among them).

    ``counted`` says the marks are a ``count-two`` fixpoint, where every
    region with no open cell shades two (count-two refuses the rest): only
    the regions with open cells are looked at."""
    shape = grid(puzzle.rows, puzzle.cols)
    free = shape.board & ~shaded & ~unshaded
    size = puzzle.rows * puzzle.cols
    lit = [SETTLED] * size
    open_cells = indices(free)
    for var, cell in enumerate(open_cells, 1):
        lit[cell] = var
    pool = Pool()
    pool.top = len(open_cells)
    try:
        if shaded & unshaded:  # a broken state: a cell both ways
            raise _Unsatisfiable
        if counted:
            with_open = sorted({puzzle.regions[cell] for cell in open_cells})
            clauses = _regions(puzzle, regions, with_open, lit, shaded, free, pool)
        else:
            clauses = _regions(puzzle, regions, range(len(regions)), lit, shaded, free, pool)
        # the settled shaded cells' neighbours, once for both kinds of domino clause
        touched = Touched(shape.beside(shaded), shape.twice(shaded))
        clauses += _shaded_cells(shape, lit, shaded, free, dominoes, touched)
        clauses += _open_cells(shape, lit, shaded, free, dominoes, touched)
    except _Unsatisfiable:
        clauses = [[]]
    cols, last = puzzle.cols, len(open_cells)

    def decode(model: set[int]) -> Rows:
        on = shaded
        for var in model:
            if var <= last:
                on |= 1 << open_cells[var - 1]
        bits = bin(on)[:1:-1].ljust(size, "0")
        return [list(map(int, bits[start : start + cols])) for start in range(0, size, cols)]

    return Encoding(clauses, range(1, last + 1), decode, variables=pool.top)


def _regions(
    puzzle: Norinori,
    regions: Sequence[Mask],
    which: Iterable[int],
    lit: list[int],
    shaded: Mask,
    free: Mask,
    pool: Pool,
) -> list[Clause]:
    """Each region of ``which`` shades exactly two cells; one with no open
    cell is checked on its masks alone (most of them, in what the hybrid
    hands over)."""
    clauses: list[Clause] = []
    cols, region_cells = puzzle.cols, puzzle.region_cells
    for region in which:
        inside = regions[region]
        need = 2 - (inside & shaded).bit_count()
        if not inside & free:
            if need:
                raise _Unsatisfiable
            continue
        cells = [cell for cell in region_cells[region] if lit[cell] > 0]
        open_cells = [lit[cell] for cell in cells]
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
                a, b, c = cells
                if _touch_at(a, b, cols) + _touch_at(a, c, cols) + _touch_at(b, c, cols) < 2:
                    x, y, z = open_cells
                    clauses.append([-x, -y, -z])
            elif len(open_cells) > 3:
                first = cells[0]
                shape = (cols, first % cols, tuple(cell - first for cell in cells))
                clauses += [
                    [-open_cells[i], -open_cells[j], -open_cells[k]] for i, j, k in _apart(*shape)
                ]
    return clauses


@lru_cache(maxsize=4096)
def _apart(cols: int, column: int, offsets: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Of a small region's open cells (as offsets from the first, which stands
    in ``column`` of a board ``cols`` wide), every three (by index) none of
    which touches the other two: those whose "no three" the domino rule
    leaves unsaid. Three cells of a grid share at most two edges, and share
    two just when one of them touches the other two. Kept per shape: small
    regions come in few shapes."""
    cells = [column + offset for offset in offsets]  # the first cell on row 0
    return tuple(
        (i, j, k)
        for i, j, k in combinations(range(len(cells)), 3)
        if _touch_at(cells[i], cells[j], cols)
        + _touch_at(cells[i], cells[k], cols)
        + _touch_at(cells[j], cells[k], cols)
        < 2
    )


def _touch_at(a: int, b: int, cols: int) -> int:
    """1 when cells ``a`` < ``b`` share an edge."""
    return int(b - a == cols or (b - a == 1 and b % cols != 0))


class Touched(NamedTuple):
    """The cells beside a settled shaded cell (``once``), and beside two or more."""

    once: Mask
    twice: Mask


def _shaded_cells(
    shape: Grid, lit: list[int], shaded: Mask, free: Mask, dominoes: Dominoes, touched: Touched
) -> list[Clause]:
    """A settled shaded cell has exactly one shaded neighbour.

    One without its partner settled beside it pairs with exactly one open
    neighbour it forms a domino that may stand with. The rest are checked on
    the masks alone, and the open cells beside them are :func:`_open_cells`'."""
    lone = shaded & ~touched.once
    if shaded & touched.twice or lone & ~shape.beside(free):
        raise _Unsatisfiable
    near, stands = shape.near, _stands(shape, dominoes)
    clauses: list[Clause] = []
    for cell in indices(lone):
        partners = [lit[other] for other in near[cell] if lit[other] > 0 and stands(cell, other)]
        if not partners:
            raise _Unsatisfiable
        clauses.append(partners)
        clauses += [[-a, -b] for a, b in combinations(partners, 2)]
    return clauses


def _stands(shape: Grid, dominoes: Dominoes) -> Callable[[int, int], bool]:
    """Whether the domino of two neighbouring cells is among ``dominoes``."""
    across, down = dominoes
    cols = shape.cols

    def stands(a: int, b: int) -> bool:
        low = min(a, b)
        return bool((down if abs(a - b) == cols else across) >> low & 1)

    return stands


def _open_cells(
    shape: Grid, lit: list[int], shaded: Mask, free: Mask, dominoes: Dominoes, touched: Touched
) -> list[Clause]:
    """An open cell, if shaded, has exactly one shaded neighbour.

    Beside a settled shaded cell it may be shaded only as that cell's partner
    (a lone cell it forms a domino that may stand with), and then its open
    neighbours are not (:func:`_partnered`). Elsewhere it is *alone*
    (:func:`_alone`)."""
    cols, board, not_first = shape.cols, shape.board, shape.not_first
    across, down = dominoes
    lone = shaded & ~touched.once
    beside_shaded = free & touched.once
    # beside a lone shaded cell, with a domino that may stand between them
    pairs_with_shaded = (
        (lone << cols) & board & (down << cols)
        | lone >> cols & down
        | (lone << 1) & not_first & (across << 1)
        | lone >> 1 & across
    )
    dead = beside_shaded & (touched.twice | ~pairs_with_shaded)
    dead |= free & shape.beside(shaded & ~lone)
    clauses: list[Clause] = [[-lit[cell]] for cell in indices(dead)]
    clauses += _partnered(shape, lit, beside_shaded & ~dead)
    return clauses + _alone(shape, lit, free & ~beside_shaded, dominoes)


def _partnered(shape: Grid, lit: list[int], cells: Mask) -> list[Clause]:
    """An open cell that may be shaded only as a lone shaded neighbour's
    partner keeps, if shaded, every open neighbour unshaded (once per two such
    cells: from the first)."""
    partnered = indices(cells)
    first = set(partnered)
    near = shape.near
    clauses: list[Clause] = []
    for cell in partnered:
        x = -lit[cell]
        clauses += [
            [x, -lit[other]]
            for other in near[cell]
            if lit[other] > 0 and (other > cell or other not in first)
        ]
    return clauses


def _alone(shape: Grid, lit: list[int], alone: Mask, dominoes: Dominoes) -> list[Clause]:
    """An open cell with no shaded neighbour (one of ``alone``), if shaded, has
    exactly one shaded neighbour among the alone ones it forms a domino that
    may stand with, and none among the others.

    Which of those neighbours a cell has is read from whole-board masks, each
    turned once into a string of its bits: per cell a few characters looked
    up, where testing a bit of a board-sized int copies it."""
    cols, not_last = shape.cols, shape.not_last
    across, down = dominoes
    size = shape.rows * cols
    clauses: list[Clause] = []

    def bits(mask: Mask) -> str:
        return bin(mask)[:1:-1].ljust(size, "0")

    pair_down, pair_right = alone & alone >> cols, alone & alone >> 1 & not_last
    up_, down_ = bits((pair_down & down) << cols), bits(pair_down & down)
    left_, right_ = bits((pair_right & across) << 1), bits(pair_right & across)
    apart_down, apart_right = bits(pair_down & ~down), bits(pair_right & ~across)
    add = clauses.append
    for cell in indices(alone):
        x = -lit[cell]
        partners = [x]
        if up_[cell] == "1":
            partners.append(lit[cell - cols])
        if down_[cell] == "1":
            partners.append(lit[cell + cols])
        elif apart_down[cell] == "1":
            add([x, -lit[cell + cols]])
        if left_[cell] == "1":
            partners.append(lit[cell - 1])
        if right_[cell] == "1":
            partners.append(lit[cell + 1])
        elif apart_right[cell] == "1":
            add([x, -lit[cell + 1]])
        add(partners)  # x's partner clause: [x, the partners...]
        if len(partners) == 3:
            add([x, -partners[1], -partners[2]])
        elif len(partners) > 3:
            clauses += _no_two(x, partners[1:])
    return clauses


def _no_two(x: int, partners: list[int]) -> list[Clause]:
    """``[x, -a, -b]`` for every two of ``partners`` (three or four of them),
    spelt out: these are most of the clauses, and the lists build faster so."""
    if len(partners) == 3:
        a, b, c = partners
        return [[x, -a, -b], [x, -a, -c], [x, -b, -c]]
    a, b, c, d = partners
    return [[x, -a, -b], [x, -a, -c], [x, -a, -d], [x, -b, -c], [x, -b, -d], [x, -c, -d]]
