"""What Fillomino's encoder (:class:`.cnf.Encoder`) does with a model: reading
its regions, the lazy cuts ``refine`` adds, and the rooted regions it states
outright once their groups keep being cut. A base class of the encoder: it
holds the encoder's variables (set by the encoder's ``__init__``) and the
literals' helpers both halves use.
"""

from __future__ import annotations

import itertools

from ...grid import Rows
from ...sat.core import Clause, Pool
from . import cnf_sizes as settings
from .cnf_sizes import (
    BIG,
    Edge,
    Rooted,
    Unsatisfiable,
    tree_path,
)
from .model import Fillomino


class EncoderBase:
    """The encoder's variables, its literals, and what it does with a model."""

    puzzle: Fillomino
    domains: list[int]
    top: int
    pool: Pool
    true: int
    clauses: list[Clause]
    var: list[dict[int, int]]
    key: list[int]
    join: dict[Edge, int]
    roots: list[tuple[int, list[int]]]
    root_of: dict[int, int]
    rooted: dict[int, Rooted]
    strikes: list[int]

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
            raise Unsatisfiable
        self.clauses.append(kept)

    def _find_roots(self) -> None:
        """The roots of :class:`Rooted` regions: each connected group of cells
        settled (given, say) at one size in ``ROOTED_FROM..top`` (settled
        cells of one size side by side are one region)."""
        neighbours = self.puzzle.neighbours
        true = self.true
        low = max(settings.ROOTED_FROM, 2)
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
        except Unsatisfiable:
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
                if self.strikes[index] >= settings.ROOT_AFTER:
                    cuts += self._root(index)
            if len(group) > size:
                cut = [-self.lit(cell, size) for cell in group[: size + 1]]
            else:
                inside = set(group)
                around = {o for c in group for o in neighbours[c] if o not in inside}
                cut = [-self.lit(cell, size) for cell in group]
                cut += [self.lit(other, size) for other in sorted(around)]
                if settings.GROUP_RINGS:
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
                        path = tree_path(tree, cell, other)
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
