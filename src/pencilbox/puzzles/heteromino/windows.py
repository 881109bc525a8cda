"""Windows: proving a large board has no answer from one small part of it.

A walk on a large board (see :mod:`.generate`) starts dense, where nearly
every board has no answer, and a full count says only "none", so the walk
wanders a flat plateau; and a full count costs a 30x30 board's tables
(milliseconds) even when the answer is "none". Most such boards fail
somewhere small, though, and a window shows it:

A window is a square *core* of cells and a *margin* of :data:`MARGIN` cells
around it (clipped at the board's edge). Its formula asks for pieces on its
white cells that cover every white core cell exactly once, cover no cell
twice and put no two pieces of one shape side by side; the pieces are those
lying inside the window that cover a core cell. Every answer of the whole
board, cut down to those pieces, satisfies it (a piece covering a core cell
lies within two cells of it, so inside the window; margin cells may be
covered from outside, so they need no cover), so a window with no answer
proves the board has none. The converse fails (a board can have no answer
while every window has one), and then the full count still says so.

A walk's move changes two cells, so only the windows around them can change
their word: each window keeps one SAT solver for the board size, the black
cells are assumptions, and the word for each pattern of black cells it has
seen is kept. The windows come in tiers (:data:`TIERS`): small ones first
(cheap, and they count defects apart), larger ones only when every small
one has an answer.

The whole board is one more window, with every cell in its core: its
formula is the puzzle's, and :class:`WholeBoard` asks it what the
generator's oracle asks (:mod:`.oracle`) -- no answer, the one answer, or
two answers far apart -- from one solver kept for the whole walk, the black
cells again assumptions. On 200 boards of a 30x30 walk it gave the same
verdicts as the hybrid oracle, loose areas as large, in 12.6 ms a board
against 50.2 (the hybrid builds the board's tables, its lookahead and two
solvers afresh each time).
"""

from __future__ import annotations

from itertools import combinations
from types import TracebackType
from typing import Any

from ...grid import Grid
from ...kind import Rows
from .model import SHAPES
from .oracle import Verdict, differing_cells

MARGIN = 2
"""Cells around a core: every piece covering a core cell lies within two cells of it."""
TIERS = (6, 10)
"""Core sides of the window tiers, asked in this order. Measured on 30x30
walks from 25-27% black: on 12 boards with no answer and no region off a
multiple of 3, 6x6 windows refuted 11 (with 1 to 4 windows each); on one
walk the flat stretch where every 6x6 window had an answer lasted 874 moves,
and 170 with the 10x10 tier added. Generating seeds 1-6, CPU median 5.6 s
with both tiers, 5.6 s with 6x6 alone, 9.3 s with no windows (see
``docs/heteromino-notes.md``, "Large boards")."""


class Window:
    """One window's formula: variable ``i + 1`` is the window's piece ``i``;
    each area cell has a variable true when the cell is black."""

    __slots__ = ("area", "cell_vars", "clauses", "seen")

    def __init__(self, grid: Grid, core: list[int], area: list[int]) -> None:
        self.area = sum(1 << cell for cell in area)
        pieces = _pieces(grid, set(core), set(area))
        first_cell_var = len(pieces) + 1
        self.cell_vars = tuple((cell, first_cell_var + i) for i, cell in enumerate(area))
        self.clauses = _cover_clauses(pieces, set(core), dict(self.cell_vars))
        self.clauses += _shape_clauses(grid, pieces)
        self.seen: dict[int, bool] = {}


def _pieces(grid: Grid, core: set[int], area: set[int]) -> list[tuple[int, tuple[int, ...]]]:
    """(shape, cells) of every tromino inside ``area`` that covers a cell of ``core``."""
    found = []
    for anchor in sorted(area):
        row, col = divmod(anchor, grid.cols)
        for shape, offsets in enumerate(SHAPES):
            spots = [(row + dr, col + dc) for dr, dc in offsets]
            if not all(0 <= r < grid.rows and 0 <= c < grid.cols for r, c in spots):
                continue
            cells = tuple(grid.cell(r, c) for r, c in spots)
            if area.issuperset(cells) and not core.isdisjoint(cells):
                found.append((shape, cells))
    return found


def _cover_clauses(
    pieces: list[tuple[int, tuple[int, ...]]], core: set[int], cell_var: dict[int, int]
) -> list[list[int]]:
    """A white core cell is covered; no cell twice; no piece on a black cell."""
    covering: dict[int, list[int]] = {cell: [] for cell in cell_var}
    for index, (_, cells) in enumerate(pieces):
        for cell in cells:
            covering[cell].append(index + 1)
    clauses = []
    for cell, pieces_there in covering.items():
        black = cell_var[cell]
        if cell in core:
            clauses.append([black, *pieces_there])
        clauses += [[-a, -b] for a, b in combinations(pieces_there, 2)]
        clauses += [[-piece, -black] for piece in pieces_there]
    return clauses


def _shape_clauses(grid: Grid, pieces: list[tuple[int, tuple[int, ...]]]) -> list[list[int]]:
    """No two pieces of one shape share an edge (pieces that overlap are
    already kept apart by the cover clauses)."""
    by_cell: dict[tuple[int, int], list[int]] = {}
    for index, (shape, cells) in enumerate(pieces):
        for cell in cells:
            by_cell.setdefault((shape, cell), []).append(index)
    clauses = set()
    for index, (shape, cells) in enumerate(pieces):
        mine = set(cells)
        for cell in cells:
            for other_cell in grid.orthogonal[cell]:
                if other_cell in mine:
                    continue
                for other in by_cell.get((shape, other_cell), ()):
                    if index < other and mine.isdisjoint(pieces[other][1]):
                        clauses.add((-(index + 1), -(other + 1)))
    return [list(pair) for pair in sorted(clauses)]


def tier_windows(rows: int, cols: int, core_side: int) -> list[Window]:
    """The windows of one tier: cores ``core_side`` square tiling the board
    (clipped at its right and bottom edges), each with its margin."""
    grid = Grid(rows, cols)
    found = []
    for top in range(0, rows, core_side):
        for left in range(0, cols, core_side):
            bottom, right = min(rows, top + core_side), min(cols, left + core_side)
            core = [grid.cell(r, c) for r in range(top, bottom) for c in range(left, right)]
            r0, r1 = max(0, top - MARGIN), min(rows, bottom + MARGIN)
            c0, c1 = max(0, left - MARGIN), min(cols, right + MARGIN)
            area = [grid.cell(r, c) for r in range(r0, r1) for c in range(c0, c1)]
            found.append(Window(grid, core, area))
    return found


class Refuter:
    """The windows of one board size, each with its own solver (a context
    manager: leaving it frees the solvers)."""

    def __init__(self, rows: int, cols: int, tiers: tuple[int, ...] = TIERS) -> None:
        from ...sat.core import SOLVER, load_solver

        solver_class = load_solver()
        self.tiers = [tier_windows(rows, cols, side) for side in tiers]
        self.solvers: dict[int, Any] = {}
        for tier in self.tiers:
            for window in tier:
                self.solvers[id(window)] = solver_class(name=SOLVER, bootstrap_with=window.clauses)
                window.clauses = []  # the solver holds them now

    def has_answer(self, window: Window, black_mask: int) -> bool:
        """Whether ``window``'s formula has an answer under these black cells."""
        pattern = black_mask & window.area
        known = window.seen.get(pattern)
        if known is None:
            assume = [var if black_mask >> cell & 1 else -var for cell, var in window.cell_vars]
            known = window.seen[pattern] = bool(self.solvers[id(window)].solve(assume))
        return known

    def refuted(self, black: list[bool]) -> int:
        """How many windows of the first tier that has any prove the board has no
        answer (0: no window does)."""
        black_mask = sum(1 << cell for cell, b in enumerate(black) if b)
        for tier in self.tiers:
            failed = sum(not self.has_answer(window, black_mask) for window in tier)
            if failed:
                return failed
        return 0

    def close(self) -> None:
        for solver in self.solvers.values():
            solver.delete()
        self.solvers.clear()

    def __enter__(self) -> Refuter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


class WholeBoard:
    """The oracle's question (:class:`.oracle.Verdict`) on boards of one size,
    asked of one solver (a context manager: leaving it frees the solver).

    The second answer is looked for as :func:`.oracle.far_answers` looks for
    it: the first answer's pieces blocked together, every piece preferring
    the value it does not have there. The blocking clause holds only while
    an activation variable is assumed, and is switched off for good after,
    so the solver keeps the puzzle's clauses and what it learnt from them.
    """

    def __init__(self, rows: int, cols: int) -> None:
        from ...sat.core import SOLVER, load_solver

        self.rows, self.cols = rows, cols
        grid = Grid(rows, cols)
        every = list(grid.cells)
        self.window = Window(grid, every, every)
        self.pieces = [cells for _, cells in _pieces(grid, set(every), set(every))]
        self.next_var = len(self.pieces) + len(every) + 1
        self.solver: Any = load_solver()(name=SOLVER, bootstrap_with=self.window.clauses)
        self.window.clauses = []

    def verdict(self, black: list[bool]) -> Verdict:
        """No answer, the one answer, or two far apart, for these black cells."""
        solver = self.solver
        assume = [var if black[cell] else -var for cell, var in self.window.cell_vars]
        if not solver.solve(assume):
            return Verdict(0)
        first = self._drawn(solver.get_model())
        switch = self.next_var
        self.next_var += 1
        solver.add_clause([-switch, *(-piece for piece in first)])
        drawn = set(first)
        solver.set_phases([-v if v in drawn else v for v in range(1, len(self.pieces) + 1)])
        found = solver.solve([*assume, switch])
        second = self._drawn(solver.get_model()) if found else []
        solver.add_clause([-switch])
        if not found:
            return Verdict(1, self.rows_of(first))
        return Verdict(2, None, differing_cells(self.rows_of(first), self.rows_of(second)))

    def _drawn(self, model: list[int]) -> list[int]:
        """The piece variables a model sets."""
        return [literal for literal in model[: len(self.pieces)] if literal > 0]

    def rows_of(self, drawn: list[int]) -> Rows:
        """The answer as piece-numbered rows: pieces numbered in variable order,
        which is the reading order of their first cells, as the face numbers them."""
        flat = [0] * (self.rows * self.cols)
        for number, piece in enumerate(sorted(drawn), start=1):
            for cell in self.pieces[piece - 1]:
                flat[cell] = number
        cols = self.cols
        return [flat[r * cols : (r + 1) * cols] for r in range(self.rows)]

    def close(self) -> None:
        self.solver.delete()

    def __enter__(self) -> WholeBoard:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
