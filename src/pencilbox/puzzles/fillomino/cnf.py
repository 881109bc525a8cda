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

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...engine import State
from ...grid import Rows
from ...sat.core import Clause, Encoding, Pool, at_most_one
from .model import Fillomino

HYBRID_EXTRA = ()
"""The hybrid runs its rung alone."""

SMALL_TOP = 4
"""Sizes above the largest given and above this one are one value, *big*
(see :class:`Encoder`)."""

STATIC_GROUP = 2
"""Groups of up to this many cells holding a larger size have a neighbour
holding it, for every size up to ``top``, by clauses written in advance."""

STATIC_SIZE = 3
"""Sizes up to this one are enforced by clauses written in advance (every
connected set of up to ``k + 1`` cells that may hold ``k``); larger sizes by
the ring clauses, rooted regions and ``refine``'s cuts."""

RINGS = True
"""Whether the ring clauses of :meth:`Encoder._rings` are written."""

GROUP_RINGS = True
"""Whether a group too small for its size is cut at every ring around it
(:meth:`Encoder._group_rings`), not only at its neighbours."""

ROOTED_FROM = STATIC_SIZE + 1
"""The least size whose settled cells root a :class:`Rooted` region (the
sizes below are stated completely in advance)."""

ROOT_AFTER = 32
"""A root's region is encoded once ``refine`` has cut it this many times (0:
every root's region up front). Stating every region outright costs more
than it saves on the janko boards; only a region that keeps coming out
wrong (a large one, grown a cell per cut) pays for its encoding."""

# The switches above are measured by ``benchmarks/fillomino.py``.


def encode(puzzle: Fillomino, state: State | None) -> Encoding:
    """The CNF of ``puzzle``, restricted to ``state``'s cell domains when one is given."""
    if state is None:
        domains = bare_domains(puzzle)
    else:
        domains = reachable_sizes(puzzle, state.domains[: puzzle.cells], top_of(puzzle))
    return Encoder(puzzle, domains).encoding()


def top_of(puzzle: Fillomino) -> int:
    """The largest size that is a value of its own (see :class:`Encoder`)."""
    return max(SMALL_TOP, *puzzle.givens)


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


def reachable_sizes(puzzle: Fillomino, domains: Sequence[int], top: int) -> list[int]:
    """``domains`` without each size ``k`` at cells whose connected area of
    cells that may hold ``k`` has fewer than ``k`` cells (no region of ``k``
    cells fits there). Removing ``k`` somewhere changes no other size's
    areas, so one pass per size is a fixpoint; sizes allowed at the same
    cells share one pass. The sizes above ``top`` are taken together (the
    encoding tells them apart only by their regions): they go from an area
    of cells that may hold any of them with ``top`` cells or fewer."""
    where: dict[int, int] = {}  # size -> the cells that may hold it, as a bitset
    small = (1 << top) - 1
    above = 0
    for cell, dom in enumerate(domains):
        for size in _sizes(dom & small):
            where[size] = where.get(size, 0) | 1 << cell
        if dom & ~small:
            above |= 1 << cell
    by_cells: dict[int, list[int]] = {}
    for size, cells in where.items():
        by_cells.setdefault(cells, []).append(size)
    out = list(domains)
    neighbours = puzzle.neighbours
    for cells, sizes in by_cells.items():
        for area in _areas(cells, neighbours):
            gone = 0
            for size in sizes:
                if size > len(area):
                    gone |= 1 << size - 1
            if gone:
                for cell in area:
                    out[cell] &= ~gone
    for area in _areas(above, neighbours):
        if len(area) <= top:
            for cell in area:
                out[cell] &= small
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


@dataclass
class Rooted:
    """A region rooted at settled cells, stated outright.

    ``root`` is a connected group of cells settled (given) at ``size``, so
    they lie in one region of ``size`` cells, and every cell of it is at
    most ``reach = size - len(root)`` steps from the root inside it. A
    variable per cell within ``reach`` (stepping through cells that may hold
    ``size``) and level ``i`` from its distance ``dist`` up: the cell is in
    the region at most ``i`` steps out. A member holds ``size``; a member at
    ``i`` steps has itself or a neighbour at ``i - 1``; a neighbour of a
    member at ``i`` holding ``size`` is a member at ``i + 1`` (equal sizes
    side by side are one region); exactly ``size`` cells are members. So
    the region is connected, whole, and of its size, with no cut needed.
    """

    size: int
    root: list[int]
    dist: dict[int, int]
    within: dict[int, list[int]]  # cell -> its levels from dist[cell] to reach
    order: list[int]  # the cells outside the root, nearest first: the counter's order
    counter: list[list[int]]  # the counter's rows (see Encoder._exactly_count)


class _Unsatisfiable(Exception):
    """The constants alone break a rule: the encoding is the empty clause."""


BIG = 0
"""The value standing for every size above the encoder's ``top`` (see :class:`Encoder`)."""

Edge = tuple[int, int]


class Encoder:
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
            values = _sizes(dom & small)
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

    def lit(self, cell: int, value: int) -> int:
        """The literal "``cell`` holds ``value``" (``-true`` when it cannot)."""
        return self.var[cell].get(value, -self.true)

    def joined(self, a: int, b: int) -> int:
        """The literal "``a`` and ``b`` are one big region" (``-true`` when they cannot be)."""
        return self.join.get((a, b) if a < b else (b, a), -self.true)

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
            self._one_value_each()
            self._neighbours()
            self._small_sizes()
            if RINGS:
                self._rings()
            if ROOT_AFTER == 0:
                for index in range(len(self.roots)):
                    self.clauses += self._root(index)
            self._big_regions()
        except _Unsatisfiable:
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
        if STATIC_GROUP >= 2:  # pairs, for every size at once (two neighbours are a pair)
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
            counts = list(range(3, min(size, STATIC_GROUP + 1)))
            if size <= STATIC_SIZE:
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
        for size in range(STATIC_SIZE + 1, self.top + 1):
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

    def _find_roots(self) -> None:
        """The roots of :class:`Rooted` regions: each connected group of cells
        settled (given, say) at one size in ``ROOTED_FROM..top`` (settled
        cells of one size side by side are one region)."""
        neighbours = self.puzzle.neighbours
        true = self.true
        low = max(ROOTED_FROM, 2)
        for cell, lits in enumerate(self.var):
            if cell in self.root_of or len(lits) != 1:
                continue
            ((size, lit),) = lits.items()
            if size == BIG or size < low or lit != true:
                continue
            index = len(self.roots)
            root = [cell]
            self.root_of[cell] = index
            for here in root:
                for other in neighbours[here]:
                    if other not in self.root_of and self.var[other].get(size) == true:
                        self.root_of[other] = index
                        root.append(other)
            self.roots.append((size, root))
        self.strikes = [0] * len(self.roots)

    def _root(self, index: int) -> list[Clause]:
        """Encode root ``index``'s region (once); the clauses added."""
        if index in self.rooted:
            return []
        size, root = self.roots[index]
        kept = self.clauses
        self.clauses = []
        try:
            self.rooted[index] = self._rooted(root, size)
        except _Unsatisfiable:
            self.clauses = [[-self.true]]
        added, self.clauses = self.clauses, kept
        return added

    def _rooted(self, root: list[int], size: int) -> Rooted:
        """The clauses of one :class:`Rooted` region."""
        neighbours = self.puzzle.neighbours
        var = self.var
        pool = self.pool
        true = self.true
        clauses = self.clauses
        reach = size - len(root)  # the farthest a cell of the region lies from the root
        dist = dict.fromkeys(root, 0)
        ring = root
        order: list[int] = []  # the cells outside the root, nearest first
        for step in range(1, reach + 1):
            outer = []
            for here in ring:
                for other in neighbours[here]:
                    if other not in dist and size in var[other]:
                        dist[other] = step
                        outer.append(other)
            order += outer
            ring = outer
        # within[cell][i - dist[cell]] for i up to reach: "cell is in the
        # region, at most i steps from the root"
        within: dict[int, list[int]] = {cell: [true] * (reach + 1) for cell in root}
        for cell in order:
            within[cell] = [pool.new() for _ in range(dist[cell], reach + 1)]
        for cell in order:
            levels = within[cell]
            start = dist[cell]
            # a member holds the size; nearer implies farther
            self.add([-levels[-1], var[cell][size]])
            for lower, upper in itertools.pairwise(levels):
                clauses.append([-lower, upper])
            # a member at most i steps out is at most i - 1 out or has a
            # neighbour that is
            for i in range(start, reach + 1):
                support = [levels[i - 1 - start]] if i > start else []
                for other in neighbours[cell]:
                    near = dist.get(other)
                    if near is not None and near <= i - 1:
                        support.append(within[other][i - 1 - near])
                self.add([-levels[i - start], *support])
        # a neighbour of a member holding the size is a member, one step
        # further out (equal sizes side by side are one region)
        for cell, levels in within.items():
            start = dist[cell]
            for other in neighbours[cell]:
                there = var[other].get(size)
                if there is None:
                    continue
                far = within.get(other)
                for i in range(start, reach + 1):
                    target = far[min(i + 1, reach) - dist[other]] if far is not None else -true
                    self.add([-levels[i - start], -there, target])
        members = [within[cell][-1] for cell in order]
        counter = self._exactly_count(members, reach)
        return Rooted(size, root, dist, within, order, counter)

    def _exactly_count(self, lits: list[int], count: int) -> list[list[int]]:
        """Clauses saying exactly ``count`` of ``lits`` are true, by a counter:
        row ``i`` (after ``lits[i]``), entry ``j`` (0-based): "at least
        ``j + 1`` of ``lits[: i + 1]``", for ``j`` up to ``count``. Returns the rows."""
        true = self.true
        pool = self.pool
        prev = [-true] * (count + 1)
        rows = []
        for index, lit in enumerate(lits):
            cur = []
            for j in range(count + 1):
                if j > index:
                    cur.append(-true)
                    continue
                below = prev[j - 1] if j else true
                new = pool.new()
                cur.append(new)
                # new <-> prev[j] or (lit and below)
                self.add([-prev[j], new])
                self.add([-lit, -below, new])
                self.add([-new, prev[j], lit])
                self.add([-new, prev[j], below])
            rows.append(cur)
            prev = cur
        if count:
            self.add([prev[count - 1]])
        self.add([-prev[count]])
        return rows

    # -- models ----------------------------------------------------------------

    def values(self, true: set[int]) -> list[int]:
        """Each cell's value in a model (a size up to ``top``, or BIG)."""
        found = []
        t = self.true
        for lits in self.var:
            for value, lit in lits.items():
                if lit == t or lit in true:
                    found.append(value)
                    break
        return found

    def big_regions(self, values: list[int], true: set[int]) -> list[list[int]]:
        """A model's big regions: its big cells grouped by joined edges, each
        in breadth-first order from its first cell."""
        neighbours = self.puzzle.neighbours
        seen = [value != BIG for value in values]
        found = []
        for start in range(len(values)):
            if seen[start]:
                continue
            seen[start] = True
            group = [start]
            for cell in group:
                for other in neighbours[cell]:
                    if not seen[other] and self.joined(cell, other) in true:
                        seen[other] = True
                        group.append(other)
            found.append(group)
        return found

    def numbers(self, true: set[int]) -> list[int]:
        """Each cell's size in a model that ``refine`` accepts."""
        values = self.values(true)
        for region in self.big_regions(values, true):
            for cell in region:
                values[cell] = len(region)
        return values

    def decode(self, true: set[int]) -> Rows:
        numbers = self.numbers(true)
        cols = self.puzzle.cols
        return [numbers[r * cols : (r + 1) * cols] for r in range(self.puzzle.rows)]

    def refine(self, true: set[int]) -> list[Clause]:
        """Cuts for the model's groups of the wrong size; [] when it is an answer."""
        values = self.values(true)
        cuts = self._small_cuts(values)
        cuts += self._big_cuts(values, true)
        t = self.true
        for cut in cuts:  # simplified against the constants (or the one false clause)
            assert t not in cut and (-t not in cut or cut == [-t])
        return cuts

    def _small_cuts(self, values: list[int]) -> list[Clause]:
        """A group of ``k <= top`` with more than ``k`` cells: its first ``k + 1``
        cells in breadth-first order are connected, and no answer has connected
        ``k + 1`` cells all holding ``k`` (they would be one region). A group
        with fewer: in an answer its cells all holding ``k`` lie in a region
        of ``k`` cells, so a cell beside them holds ``k`` too."""
        neighbours = self.puzzle.neighbours
        seen = [value == BIG for value in values]
        cuts: list[Clause] = []
        for start, size in enumerate(values):
            if seen[start]:
                continue
            seen[start] = True
            group = [start]
            for cell in group:
                for other in neighbours[cell]:
                    if not seen[other] and values[other] == size:
                        seen[other] = True
                        group.append(other)
            if len(group) == size:
                continue
            # a region whose root keeps coming out wrong gets stated outright
            # (one root per group: roots in one region need one encoding)
            index = next((self.root_of[cell] for cell in group if cell in self.root_of), None)
            if index is not None and index not in self.rooted:
                self.strikes[index] += 1
                if self.strikes[index] >= ROOT_AFTER:
                    cuts += self._root(index)
            if len(group) > size:
                cut = [-self.lit(cell, size) for cell in group[: size + 1]]
            else:
                inside = set(group)
                around = {o for c in group for o in neighbours[c] if o not in inside}
                cut = [-self.lit(cell, size) for cell in group]
                cut += [self.lit(other, size) for other in sorted(around)]
                if GROUP_RINGS:
                    cuts += self._group_rings(group, size)
            cuts.append(self._simplified(cut))
        return cuts

    def _group_rings(self, group: list[int], size: int) -> list[Clause]:
        """The ring clauses of :meth:`_rings` around a group too small for its
        size: if its cells all hold ``size``, its region reaches as far out as
        the cells nearer to the group cannot fill, so at each distance ``d``
        (stepping through cells that may hold ``size``) with fewer than
        ``size`` cells nearer, a cell at distance ``d`` holds ``size``. (The
        first ring is the usual cut; the further ones save a round each.)"""
        neighbours = self.puzzle.neighbours
        var = self.var
        head = [-self.lit(cell, size) for cell in group]
        seen = set(group)
        ring = group
        inside = len(group)
        found: list[Clause] = []
        while inside < size:
            outer = []
            for here in ring:
                for other in neighbours[here]:
                    if other not in seen and size in var[other]:
                        seen.add(other)
                        outer.append(other)
            if not outer:
                break  # no room: the clause of the last ring says so
            clause = [var[other][size] for other in outer]
            if ring is not group and self.true not in clause:
                found.append(self._simplified(head + clause))
            ring = outer
            inside += len(ring)
        return found

    def _big_cuts(self, values: list[int], true: set[int]) -> list[Clause]:
        """Cuts for the big regions read off the joined edges (see the class)."""
        neighbours = self.puzzle.neighbours
        regions = self.big_regions(values, true)
        region_of = {cell: index for index, region in enumerate(regions) for cell in region}
        cuts: list[Clause] = []
        # a region read off the joined edges but with an unjoined edge inside:
        # the joined path between its ends joins it (a region is one region)
        for index, region in enumerate(regions):
            tree = self._tree(region, true)
            for cell in region:
                for other in neighbours[cell]:
                    if (
                        other > cell
                        and region_of.get(other) == index
                        and self.joined(cell, other) not in true
                    ):
                        path = _path(tree, cell, other)
                        cuts.append(
                            self._simplified(
                                [-self.joined(x, y) for x, y in path] + [self.joined(cell, other)]
                            )
                        )
        if cuts:
            return cuts
        exact = [self._exactly(region, true) for region in regions]
        for index, region in enumerate(regions):
            size = len(region)
            allowed = -1
            for cell in region:
                allowed &= self.domains[cell]
            if size <= self.top or not allowed >> size - 1 & 1:
                cuts.append(self._simplified(exact[index]))
        clashes = set()
        for index, region in enumerate(regions):
            for cell in region:
                for other in neighbours[cell]:
                    mate = region_of.get(other)
                    if mate is not None and mate > index and len(regions[mate]) == len(region):
                        clashes.add((index, mate))
        for index, mate in sorted(clashes):
            cuts.append(self._simplified(exact[index] + exact[mate]))
        return cuts

    def _tree(self, region: list[int], true: set[int]) -> dict[int, int]:
        """A spanning tree of a big region's joined edges: cell -> parent."""
        parent = {region[0]: region[0]}
        for cell in region:
            for other in self.puzzle.neighbours[cell]:
                if other not in parent and self.joined(cell, other) in true:
                    parent[other] = cell
        return parent

    def _exactly(self, region: list[int], true: set[int]) -> Clause:
        """The literals false exactly when ``region`` is a whole big region: its
        first cell big, its spanning tree joined, every edge out of it unjoined."""
        tree = self._tree(region, true)
        clause = [-self.lit(region[0], BIG)]
        clause += [-self.joined(cell, up) for cell, up in tree.items() if cell != up]
        inside = set(region)
        for cell in region:
            for other in self.puzzle.neighbours[cell]:
                if other not in inside:
                    clause.append(self.joined(cell, other))
        return clause

    def _simplified(self, clause: Clause) -> Clause:
        t = self.true
        kept = [lit for lit in clause if lit != -t]
        assert t not in kept and kept, "the constants alone break a rule"
        return kept


def _path(tree: dict[int, int], a: int, b: int) -> list[Edge]:
    """The edges between ``a`` and ``b`` along a spanning tree (cell -> parent)."""

    def up(cell: int) -> list[int]:
        chain = [cell]
        while tree[chain[-1]] != chain[-1]:
            chain.append(tree[chain[-1]])
        return chain

    from_a, from_b = up(a), up(b)
    common = set(from_a) & set(from_b)
    edges = []
    for chain in (from_a, from_b):
        for cell in chain:
            if cell in common:
                break
            edges.append((cell, tree[cell]))
    return edges


def _sizes(domain: int) -> list[int]:
    """The sizes in a domain bitset, smallest first."""
    sizes = []
    while domain:
        low = domain & -domain
        sizes.append(low.bit_length())
        domain ^= low
    return sizes
