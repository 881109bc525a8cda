"""Fillomino as CNF: a variable per cell and region size the cell may take.

A cell's possible sizes start from the sound bound (a size ``k`` is kept
only where the cell lies in a connected set of ``k`` cells that may all
hold ``k``: on the bare board, cells holding no given other than ``k``;
given cells hold their given). The clauses:

* every cell holds exactly one size;
* a group of equal neighbours is one region, so every connected group of
  cells holding ``k`` has exactly ``k`` cells. That is stated outright for
  the small sizes (up to :data:`STATIC_SIZE`): no connected ``k + 1`` cells
  all hold ``k``, and a connected set of fewer than ``k`` cells all holding
  ``k`` has a neighbour holding ``k``. For every size, a cell holding
  ``k > 1`` has a neighbour holding ``k`` and two neighbours never both
  hold 1;
* the rest lazily: ``refine`` reads a model's groups and cuts each one of
  the wrong size (:meth:`Encoder.refine`).

Given a propagated state (the hybrid), the cells' domains are its first
``rows * cols`` variables (bit ``k - 1`` is size ``k``): a settled cell is a
constant with no variable, a dead size gets none, and clauses are simplified
against the constants.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...engine import State
from ...grid import Rows
from ...sat.core import Clause, Encoding, Pool, at_most_one
from .model import Fillomino

HYBRID_EXTRA = ()
"""The hybrid runs its rung alone."""

STATIC_SIZE = 4
"""Sizes up to this one are enforced by clauses written in advance (every
connected set of up to ``k + 1`` cells that may hold ``k``); larger sizes by
``refine``'s cuts. Measured in ``benchmarks/fillomino.py``."""


def encode(puzzle: Fillomino, state: State | None) -> Encoding:
    """The CNF of ``puzzle``, restricted to ``state``'s cell domains when one is given."""
    if state is None:
        domains = bare_domains(puzzle)
    else:
        domains = reachable_sizes(puzzle, state.domains[: puzzle.cells])
    return Encoder(puzzle, domains).encoding()


def bare_domains(puzzle: Fillomino) -> list[int]:
    """Per cell, the sizes (bit ``k - 1``) the sound bound allows on the bare
    board: a given cell its given; another cell a given's number ``g`` when
    its area of cells holding no given but ``g`` has ``g`` cells or more, and
    any other size up to the number of cells in its area of ungiven cells.
    (What :func:`reachable_sizes` leaves of the full domains, without
    listing every size of a large board at every cell.)"""
    cells = puzzle.cells
    givens = puzzle.givens
    neighbours = puzzle.neighbours
    numbers = sorted(set(givens) - {0})
    named = sum(1 << g - 1 for g in numbers)
    ungiven = sum(1 << cell for cell in range(cells) if not givens[cell])
    out = [0] * cells
    for area in _areas(ungiven, neighbours):
        sizes = ((1 << len(area)) - 1) & ~named
        for cell in area:
            out[cell] = sizes
    for number in numbers:
        bit = 1 << number - 1
        mine = ungiven | sum(1 << cell for cell in range(cells) if givens[cell] == number)
        for area in _areas(mine, neighbours):
            if len(area) >= number:
                for cell in area:
                    out[cell] |= bit
    return [
        out[cell] & (1 << given - 1) if given else out[cell] for cell, given in enumerate(givens)
    ]


def reachable_sizes(puzzle: Fillomino, domains: Sequence[int]) -> list[int]:
    """``domains`` without each size ``k`` at cells whose connected area of
    cells that may hold ``k`` has fewer than ``k`` cells (no region of ``k``
    cells fits there). Removing ``k`` somewhere changes no other size's
    areas, so one pass per size is a fixpoint; sizes allowed at the same
    cells (every size above the givens, on a bare board) share one pass."""
    where: dict[int, int] = {}  # size -> the cells that may hold it, as a bitset
    for cell, dom in enumerate(domains):
        for size in _sizes(dom):
            where[size] = where.get(size, 0) | 1 << cell
    by_cells: dict[int, list[int]] = {}
    for size, cells in where.items():
        by_cells.setdefault(cells, []).append(size)
    out = list(domains)
    neighbours = puzzle.neighbours
    for cells, sizes in by_cells.items():
        for area in _areas(cells, neighbours):
            small = 0
            for size in sizes:
                if size > len(area):
                    small |= 1 << size - 1
            if small:
                for cell in area:
                    out[cell] &= ~small
    return out


def _areas(cells: int, neighbours: Sequence[Sequence[int]]) -> Iterator[list[int]]:
    """The connected areas of a set of cells (a bitset)."""
    rest = cells
    while rest:
        low = rest & -rest
        start = low.bit_length() - 1
        rest ^= low
        area, todo = [start], [start]
        while todo:
            for other in neighbours[todo.pop()]:
                if rest >> other & 1:
                    rest ^= 1 << other
                    area.append(other)
                    todo.append(other)
        yield area


def connected_sets(
    size: int, cells: Sequence[int], neighbours: Sequence[Sequence[int]], allowed: Sequence[bool]
) -> Iterator[tuple[int, ...]]:
    """Every connected set of ``size`` allowed cells, once each, with at least one
    cell in ``cells`` as its least cell (Wernicke's ESU enumeration)."""

    def extend(
        chosen: list[int], frontier: list[int], near: set[int], root: int
    ) -> Iterator[tuple[int, ...]]:
        if len(chosen) == size:
            yield tuple(chosen)
            return
        frontier = list(frontier)
        while frontier:
            cell = frontier.pop()
            added = [
                other
                for other in neighbours[cell]
                if other > root and allowed[other] and other not in near
            ]
            chosen.append(cell)
            yield from extend(chosen, frontier + added, near | set(added), root)
            chosen.pop()

    for root in cells:
        start = [other for other in neighbours[root] if other > root and allowed[other]]
        yield from extend([root], start, {root, *start}, root)


class _Unsatisfiable(Exception):
    """The constants alone break a rule: the encoding is the empty clause."""


class Encoder:
    """The variables and clauses of one board; :meth:`refine` adds the lazy cuts."""

    def __init__(self, puzzle: Fillomino, domains: list[int]) -> None:
        self.puzzle = puzzle
        self.domains = domains
        self.pool = Pool()
        self.true = self.pool.new()  # a variable fixed true: the constants' literal
        self.clauses: list[Clause] = [[self.true]]
        # per cell: size -> literal (a variable, or +-true for a constant)
        self.var: list[dict[int, int]] = []
        self.key: list[int] = []
        for dom in domains:
            sizes = _sizes(dom)
            if len(sizes) == 1:
                self.var.append({sizes[0]: self.true})
                continue
            lits = {k: self.pool.new() for k in sizes}
            self.key.extend(lits.values())
            self.var.append(lits)

    def lit(self, cell: int, size: int) -> int:
        """The literal "``cell`` holds ``size``" (``-true`` when it cannot)."""
        return self.var[cell].get(size, -self.true)

    def add(self, clause: list[int]) -> None:
        """Add a clause simplified against the constants."""
        true = self.true
        if true in clause:
            return
        kept = [lit for lit in clause if lit != -true]
        if not kept:
            raise _Unsatisfiable
        self.clauses.append(kept)

    def encoding(self) -> Encoding:
        try:
            if not all(self.domains):
                raise _Unsatisfiable
            self._one_size_each()
            self._neighbours()
            self._small_sizes()
        except _Unsatisfiable:
            return Encoding([[]], self.key, self.decode, variables=self.pool.top)
        return Encoding(
            self.clauses, self.key, self.decode, refine=self.refine, variables=self.pool.top
        )

    # -- clauses ---------------------------------------------------------------

    def _one_size_each(self) -> None:
        for lits in self.var:
            if len(lits) > 1:
                choices = list(lits.values())
                self.clauses.append(choices)
                self.clauses.extend(at_most_one(choices, self.pool))

    def _neighbours(self) -> None:
        """A cell holding ``k > 1`` has a neighbour holding ``k``; two neighbours
        never both hold 1."""
        neighbours = self.puzzle.neighbours
        for cell, lits in enumerate(self.var):
            for size, lit in lits.items():
                if size == 1:
                    for other in neighbours[cell]:
                        if other > cell:
                            self.add([-lit, -self.lit(other, 1)])
                else:
                    self.add([-lit, *(self.lit(other, size) for other in neighbours[cell])])

    def _small_sizes(self) -> None:
        """For ``2 <= k <= STATIC_SIZE``: no connected ``k + 1`` cells all hold
        ``k``; a connected set of ``2..k-1`` cells all holding ``k`` has a
        neighbour holding ``k`` (one cell: :meth:`_neighbours`)."""
        neighbours = self.puzzle.neighbours
        for size in range(2, STATIC_SIZE + 1):
            allowed = [size in lits for lits in self.var]
            cells = [cell for cell, ok in enumerate(allowed) if ok]
            for count in (*range(2, size), size + 1):
                for group in connected_sets(count, cells, neighbours, allowed):
                    lits = [-self.lit(cell, size) for cell in group]
                    if count > size:
                        self.add(lits)
                        continue
                    inside = set(group)
                    around = {o for c in group for o in neighbours[c] if o not in inside}
                    self.add(lits + [self.lit(other, size) for other in sorted(around)])

    # -- models ----------------------------------------------------------------

    def numbers(self, true: set[int]) -> list[int]:
        """Each cell's size in a model."""
        found = []
        t = self.true
        for lits in self.var:
            for size, lit in lits.items():
                if lit == t or lit in true:
                    found.append(size)
                    break
        return found

    def decode(self, true: set[int]) -> Rows:
        numbers = self.numbers(true)
        cols = self.puzzle.cols
        return [numbers[r * cols : (r + 1) * cols] for r in range(self.puzzle.rows)]

    def refine(self, true: set[int]) -> list[Clause]:
        """Cuts for the model's groups of the wrong size; [] when it is an answer.

        A group of ``k`` with more than ``k`` cells: its first ``k + 1`` cells
        in breadth-first order are connected, and no answer has connected
        ``k + 1`` cells all holding ``k`` (they would be one region). A group
        with fewer: in an answer its cells all holding ``k`` lie in a region
        of ``k`` cells, so a cell beside them holds ``k`` too.
        """
        numbers = self.numbers(true)
        neighbours = self.puzzle.neighbours
        seen = [False] * len(numbers)
        cuts: list[Clause] = []
        for start, size in enumerate(numbers):
            if seen[start]:
                continue
            seen[start] = True
            group = [start]
            index = 0
            while index < len(group):
                for other in neighbours[group[index]]:
                    if not seen[other] and numbers[other] == size:
                        seen[other] = True
                        group.append(other)
                index += 1
            if len(group) == size:
                continue
            if len(group) > size:
                cut = [-self.lit(cell, size) for cell in group[: size + 1]]
            else:
                inside = set(group)
                around = {o for c in group for o in neighbours[c] if o not in inside}
                cut = [-self.lit(cell, size) for cell in group]
                cut += [self.lit(other, size) for other in sorted(around)]
            cut = [lit for lit in cut if lit != -self.true]
            assert cut, "constants alone make a group of the wrong size"
            cuts.append(cut)
        return cuts


def _sizes(domain: int) -> list[int]:
    """The sizes in a domain bitset, smallest first."""
    sizes = []
    while domain:
        low = domain & -domain
        sizes.append(low.bit_length())
        domain ^= low
    return sizes
