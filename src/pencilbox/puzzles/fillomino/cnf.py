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
* sizes above :data:`STATIC_SIZE` get ring clauses in advance (a cell
  holding ``k`` has a cell holding ``k`` at each distance its nearer cells
  cannot fill);
* the rest lazily: ``refine`` reads a model's groups and cuts each one of
  the wrong size (:meth:`Encoder.refine`): too big, not all of ``k + 1`` of
  its cells hold ``k``; too small, not all of its cells do, or a cell at
  each distance around it does;
* a region rooted at settled cells (a given, say) whose groups ``refine``
  keeps cutting (:data:`ROOT_AFTER` times) is then stated outright, with a
  variable per cell and distance from the root and an exact count
  (:class:`Rooted`): a large region that the cuts would grow a cell per
  round comes out whole at once. Every region's size stays exact without
  it (the cuts do that), so it is only ever added where it pays.

Given a propagated state (the hybrid), the cells' domains are its first
``rows * cols`` variables (bit ``k - 1`` is size ``k``): a settled cell is a
constant with no variable, a dead size gets none, and clauses are simplified
against the constants.
"""

from __future__ import annotations

from ...engine import State
from ...sat.core import Clause, Encoding, Pool, at_most_one
from . import cnf_sizes as settings
from .cnf_cuts import EncoderBase
from .cnf_sizes import (
    BIG,
    Edge,
    Rooted,
    Unsatisfiable,
    bare_domains,
    connected_sets,
    reachable_sizes,
    sizes_of,
    top_of,
)
from .model import Fillomino

HYBRID_EXTRA = ()
"""The hybrid runs its rung alone."""


def encode(puzzle: Fillomino, state: State | None) -> Encoding:
    """The CNF of ``puzzle``, restricted to ``state``'s cell domains when one is given."""
    if state is None:
        domains = bare_domains(puzzle)
    else:
        domains = reachable_sizes(puzzle, state.domains[: puzzle.cells], top_of(puzzle))
    return Encoder(puzzle, domains).encoding()


class Encoder(EncoderBase):
    """The variables and clauses of one board; :meth:`refine` adds the lazy cuts.

    Sizes up to ``top`` (the largest given, at least :data:`SMALL_TOP`) each
    get a variable per cell that may hold them. Every larger size is one
    value, *big*: a region of more than ``top`` cells holds no given, and
    which big cells share a region is told by a variable per edge between
    two cells that may be big, true when they do (the region's size is then
    its cells' count). A model's joined edges must agree with its regions
    (no unjoined edge inside one), a big region must have more than ``top``
    cells, two big regions side by side must differ in size, and a region's
    size must be one its cells' domains allow: all lazily, by cuts that name
    a region's spanning tree and border edges.
    """

    def __init__(self, puzzle: Fillomino, domains: list[int]) -> None:
        self.puzzle = puzzle
        self.domains = domains
        self.top = top_of(puzzle)
        self.pool = Pool()
        self.true = self.pool.new()  # a variable fixed true: the constants' literal
        self.clauses: list[Clause] = [[self.true]]
        # per cell: value (a size up to ``top``, or BIG) -> literal (a variable, or +-true)
        self.var: list[dict[int, int]] = []
        self.key: list[int] = []
        small = (1 << self.top) - 1
        for dom in domains:
            values = sizes_of(dom & small)
            if dom & ~small:
                values.append(BIG)
            if len(values) == 1:
                self.var.append({values[0]: self.true})
                continue
            lits = {value: self.pool.new() for value in values}
            self.key.extend(lits.values())
            self.var.append(lits)
        # per edge between two cells that may be big: "one region"
        self.join: dict[Edge, int] = {}
        for cell, lits in enumerate(self.var):
            if BIG in lits:
                for other in puzzle.neighbours[cell]:
                    if other > cell and BIG in self.var[other]:
                        self.join[cell, other] = self.pool.new()
        self.key.extend(self.join.values())
        # the roots of Rooted regions, each encoded when first needed
        self.roots: list[tuple[int, list[int]]] = []  # (size, cells)
        self.root_of: dict[int, int] = {}  # cell -> its root's index
        self.rooted: dict[int, Rooted] = {}  # root index -> its encoding
        self.strikes: list[int] = []  # per root, the cuts its region has had
        self._find_roots()

    def encoding(self) -> Encoding:
        try:
            if not all(self.domains):
                raise Unsatisfiable
            self._one_value_each()
            self._neighbours()
            self._small_sizes()
            if settings.RINGS:
                self._rings()
            if settings.ROOT_AFTER == 0:
                for index in range(len(self.roots)):
                    self.clauses += self._root(index)
            self._big_regions()
        except Unsatisfiable:
            return Encoding([[]], self.key, self.decode, variables=self.pool.top)
        return Encoding(
            self.clauses, self.key, self.decode, refine=self.refine, variables=self.pool.top
        )

    # -- clauses ---------------------------------------------------------------

    def _one_value_each(self) -> None:
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
                if size == BIG:
                    continue
                if size == 1:
                    for other in neighbours[cell]:
                        if other > cell:
                            self.add([-lit, -self.lit(other, 1)])
                else:
                    self.add([-lit, *(self.lit(other, size) for other in neighbours[cell])])

    def _small_sizes(self) -> None:
        """For ``2 <= k <= STATIC_SIZE``: no connected ``k + 1`` cells all hold
        ``k``. For every ``k <= top``: a connected set of ``2..k-1`` cells (at
        most :data:`STATIC_GROUP`) all holding ``k`` has a neighbour holding
        ``k`` (one cell: :meth:`_neighbours`)."""
        neighbours = self.puzzle.neighbours
        var = self.var
        false = -self.true
        if settings.STATIC_GROUP >= 2:  # pairs, for every size at once (two neighbours are a pair)
            for a, lits in enumerate(var):
                for b in neighbours[a]:
                    if b < a:
                        continue
                    sizes = [k for k in lits.keys() & var[b].keys() if k > 2]  # BIG is 0
                    if not sizes:
                        continue
                    # in a grid the two cells share no neighbour
                    beside = [o for o in neighbours[a] if o != b]
                    beside += [o for o in neighbours[b] if o != a]
                    for size in sizes:
                        self.add(
                            [-lits[size], -var[b][size], *(var[o].get(size, false) for o in beside)]
                        )
        for size in range(2, self.top + 1):
            allowed = [size in lits for lits in var]
            cells = [cell for cell, ok in enumerate(allowed) if ok]
            counts = list(range(3, min(size, settings.STATIC_GROUP + 1)))
            if size <= settings.STATIC_SIZE:
                counts.append(size + 1)
            for count in counts:
                for group in connected_sets(count, cells, neighbours, allowed):
                    negated = [-var[cell][size] for cell in group]
                    if count > size:
                        self.add(negated)
                        continue
                    inside = set(group)
                    around = {o for c in group for o in neighbours[c] if o not in inside}
                    self.add(negated + [self.lit(other, size) for other in sorted(around)])

    def _rings(self) -> None:
        """A cell holding ``k`` reaches out: when the cells within distance
        ``d - 1`` of it (stepping through cells that may hold ``k``) are fewer
        than ``k``, one at distance exactly ``d`` holds ``k`` (its region has
        ``k`` connected cells, so one lies further out, and the way there
        crosses distance ``d``). For the sizes above :data:`STATIC_SIZE`."""
        neighbours = self.puzzle.neighbours
        for size in range(settings.STATIC_SIZE + 1, self.top + 1):
            allowed = [size in lits for lits in self.var]
            for cell, ok in enumerate(allowed):
                if not ok:
                    continue
                lit = self.var[cell][size]
                seen = {cell}
                ring = [cell]
                inside = 1
                while inside < size:
                    outer = []
                    for here in ring:
                        for other in neighbours[here]:
                            if allowed[other] and other not in seen:
                                seen.add(other)
                                outer.append(other)
                    if not outer:
                        break  # too few cells: the sound bound already took the size
                    ring = outer
                    self.add([-lit, *(self.var[other][size] for other in ring)])
                    inside += len(ring)

    def _big_regions(self) -> None:
        """A joined edge has big cells at both ends; a big cell is joined to a
        neighbour, and two joined cells to a third when ``top >= 2`` (a big region
        has more than ``top`` cells); around a 2x2 block, three joined edges join the fourth."""
        neighbours = self.puzzle.neighbours
        for (a, b), var in self.join.items():
            self.add([-var, self.lit(a, BIG)])
            self.add([-var, self.lit(b, BIG)])
            if self.top >= 2:
                around = [(a, o) for o in neighbours[a] if o != b]
                around += [(b, o) for o in neighbours[b] if o != a]
                self.add([-var, *(self.joined(x, y) for x, y in around)])
        for cell, lits in enumerate(self.var):
            if BIG in lits:
                self.add([-lits[BIG], *(self.joined(cell, o) for o in neighbours[cell])])
        cols = self.puzzle.cols
        for a, b in self.join:
            if b == a + 1 and (a + cols, b + cols) in self.join:
                ring = [(a, b), (b, b + cols), (a + cols, b + cols), (a, a + cols)]
                edges = [self.joined(x, y) for x, y in ring]
                for index, lit in enumerate(edges):
                    self.add([lit, *(-other for o, other in enumerate(edges) if o != index)])
