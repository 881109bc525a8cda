"""Norinori as CNF: one variable per cell still open, true when it is shaded.

The clauses:

* every region shades exactly two cells (at least two: for each cell, the
  others hold one; at most two: no three, by a sequential counter on big
  regions);
* a shaded cell has a shaded neighbour (a clause per cell) and not two
  (a clause per two neighbours).

Given a propagated state (the hybrid), the cells it settled are constants
and get no variable; clauses are simplified against them.
"""

from __future__ import annotations

from itertools import combinations

from ...engine import State
from ...grid import Rows
from ...sat.core import Clause, Encoding, Pool
from .model import Norinori
from .state import NoriState, as_nori, new_state, settled_cells

HYBRID_EXTRA = ()
"""The hybrid runs the ``person`` rung alone (see :data:`.ladder.HYBRID_RUNG`)."""


class _Unsatisfiable(Exception):
    """The constants alone break a rule: the encoding is the empty clause."""


def encode(puzzle: Norinori, state: State | None) -> Encoding:
    """The CNF of ``puzzle``, with ``state``'s settled cells as constants when given."""
    nori: NoriState = new_state(puzzle) if state is None else as_nori(state)
    known = settled_cells(nori) if state is not None else {}
    pool = Pool()
    var: dict[int, int] = {}
    for cell in range(puzzle.rows * puzzle.cols):
        if cell not in known:
            var[cell] = pool.new()
    const = {cell: value == 1 for cell, value in known.items()}
    clauses: list[Clause] = []
    try:
        for cells in puzzle.region_cells:
            clauses += _exactly_two(cells, var, const, pool)
        tables = nori.tables
        for cell in range(puzzle.rows * puzzle.cols):
            clauses += _one_partner(cell, tables.near[cell], var, const)
    except _Unsatisfiable:
        clauses = [[]]
    key = sorted(var.values())
    cols = puzzle.cols

    def decode(model: set[int]) -> Rows:
        grid = [[0] * cols for _ in range(puzzle.rows)]
        for cell in range(puzzle.rows * cols):
            on = const[cell] if cell in const else var[cell] in model
            grid[cell // cols][cell % cols] = int(on)
        return grid

    return Encoding(clauses, key, decode, variables=pool.top)


def _literal(cell: int, var: dict[int, int], const: dict[int, bool], shaded: bool) -> int | bool:
    """The literal "``cell`` is shaded" (or not), or its truth when the cell is a constant."""
    if cell in const:
        return const[cell] == shaded
    return var[cell] if shaded else -var[cell]


def _clause(literals: list[int | bool]) -> list[Clause]:
    """One clause of literals, simplified against constants (True: satisfied)."""
    if any(lit is True for lit in literals):
        return []
    kept = [lit for lit in literals if lit is not False]
    if not kept:
        raise _Unsatisfiable
    return [[int(lit) for lit in kept]]


def _exactly_two(
    cells: tuple[int, ...], var: dict[int, int], const: dict[int, bool], pool: Pool
) -> list[Clause]:
    shaded = sum(1 for cell in cells if const.get(cell) is True)
    open_cells = [var[cell] for cell in cells if cell in var]
    need = 2 - shaded
    if need < 0 or need > len(open_cells):
        raise _Unsatisfiable
    if need == 0:
        return [[-lit] for lit in open_cells]
    clauses: list[Clause] = [list(open_cells)]
    if need == 2:
        # at least two: without any one cell, another is shaded
        clauses += [[lit for lit in open_cells if lit != left] for left in open_cells]
    clauses += _at_most(open_cells, need, pool)
    return clauses


def _at_most(literals: list[int], k: int, pool: Pool) -> list[Clause]:
    """At most ``k`` (1 or 2) of ``literals``: every k+1 of them not all true on a
    small set, a sequential counter (Sinz) on a big one."""
    n = len(literals)
    if n <= k:
        return []
    if n <= 7:
        return [[-lit for lit in group] for group in combinations(literals, k + 1)]
    # s[i][j]: at least j+1 of literals[0..i] are true
    counts = [[pool.new() for _ in range(k)] for _ in range(n)]
    clauses: list[Clause] = []
    for i, lit in enumerate(literals):
        clauses.append([-lit, counts[i][0]])
        if i:
            for j in range(k):
                clauses.append([-counts[i - 1][j], counts[i][j]])
            for j in range(1, k):
                clauses.append([-lit, -counts[i - 1][j - 1], counts[i][j]])
            clauses.append([-lit, -counts[i - 1][k - 1]])
    return clauses


def _one_partner(
    cell: int, near: tuple[int, ...], var: dict[int, int], const: dict[int, bool]
) -> list[Clause]:
    off = _literal(cell, var, const, False)
    if off is True:
        return []
    clauses = _clause([off, *(_literal(n, var, const, True) for n in near)])
    for a, b in combinations(near, 2):
        clauses += _clause([off, _literal(a, var, const, False), _literal(b, var, const, False)])
    return clauses
