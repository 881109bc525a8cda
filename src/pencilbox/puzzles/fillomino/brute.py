"""The independent counter behind ``brute_count``: whole regions, one at a time.

It shares no code with the tables, the state or the rules. A branch places
one region: first the region of a given not yet covered (the smallest
given, so the tightest regions go first), as every connected set of cells
of that size around it; once every given is covered, the region of the
first cell of the smallest stretch of open cells, as every connected set
around that cell, of any size. Each answer's region of the chosen cell is
exactly one of the sets tried, so every answer is found once and regions of
every size are counted.

A set is a region only if it holds no other given than its size, touches no
placed region of its size, and leaves no open cell holding its size beside
it (that cell's region would be another of the same size, touching). A
branch dies early when a given left open cannot reach its size through the
open cells it may use, or when a stretch of one or two open cells cannot be
filled (one cell is a 1, two touching cells a 2: a 1 and 1 would touch).
The connected sets are grown as Redelmeier's polyomino counter grows them:
each once, never the same set twice.

It is quick on the boards the cross-checks draw (sides 3 to 6, givens up to
6: the contract suite's 200 boards take well under a second) and on small
unique puzzles; a board of 8x8 and up with many large givens can take
minutes, since a large size has very many connected sets of cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ...kind import Rows
from .model import Fillomino


def count(puzzle: Fillomino, limit: int) -> tuple[int, list[Rows]]:
    """Count answers up to ``limit``; return the count and the answers found."""
    return _Counter(puzzle, limit).run()


class _Counter:
    def __init__(self, puzzle: Fillomino, limit: int) -> None:
        self.rows, self.cols = puzzle.rows, puzzle.cols
        self.total = puzzle.rows * puzzle.cols
        self.givens = puzzle.givens
        self.near = puzzle.neighbours
        self.limit = limit
        self.size = [0] * self.total  # each cell's region size; 0 while open
        self.open = self.total
        self.found: list[Rows] = []

    def run(self) -> tuple[int, list[Rows]]:
        if self.limit > 0 and self._feasible():
            self._place_next()
        return len(self.found), self.found

    # -- the search ------------------------------------------------------------------

    def _place_next(self) -> bool:
        """Place the next region every way it can go; True once the limit is reached."""
        if not self.open:
            cols = self.cols
            self.found.append([self.size[r * cols : (r + 1) * cols] for r in range(self.rows)])
            return len(self.found) >= self.limit
        root, size = self._next_root()
        for region in self._regions(root, size):
            k = len(region)
            for cell in region:
                self.size[cell] = k
            self.open -= k
            if self._feasible() and self._place_next():
                return True
            self.open += k
            for cell in region:
                self.size[cell] = 0
        return False

    def _next_root(self) -> tuple[int, int]:
        """The smallest open given and its size; else the first cell of the
        smallest stretch of open cells, and 0 (any size)."""
        best = -1
        for cell, given in enumerate(self.givens):
            if given and not self.size[cell] and (best < 0 or given < self.givens[best]):
                best = cell
        if best >= 0:
            return best, self.givens[best]
        stretches = self._open_stretches()
        return min(stretches, key=len)[0], 0

    def _regions(self, root: int, size: int) -> Iterator[list[int]]:
        """Every region ``root`` may lie in: of ``size`` cells (0: any size)."""
        if size:
            usable = [self._usable(cell, size) for cell in range(self.total)]
            if not usable[root]:
                return
            for region in _connected_sets(root, size, self.near, usable.__getitem__):
                if len(region) == size and not self._twin_beside(region, size):
                    yield region
            return
        for region in _connected_sets(root, self.open, self.near, self._is_open):
            k = len(region)
            if not any(self.size[o] == k for cell in region for o in self.near[cell]):
                yield region

    def _is_open(self, cell: int) -> bool:
        return not self.size[cell]

    def _usable(self, cell: int, size: int) -> bool:
        """Whether an open ``cell`` may join a region of ``size`` cells."""
        return (
            not self.size[cell]
            and self.givens[cell] in (0, size)
            and all(self.size[other] != size for other in self.near[cell])
        )

    def _twin_beside(self, region: list[int], size: int) -> bool:
        """Whether an open cell beside ``region`` holds the given ``size``."""
        inside = set(region)
        return any(
            other not in inside and not self.size[other] and self.givens[other] == size
            for cell in region
            for other in self.near[cell]
        )

    # -- dead ends -----------------------------------------------------------------------

    def _feasible(self) -> bool:
        """False when an open given cannot grow to its size, or a stretch of
        one or two open cells cannot be filled."""
        for cell, given in enumerate(self.givens):
            if given and not self.size[cell] and not self._reaches(cell, given):
                return False
        for stretch in self._open_stretches():
            if len(stretch) <= 2 and not self._fills(stretch):
                return False
        return True

    def _reaches(self, start: int, size: int) -> bool:
        """Whether ``size`` cells a region of ``size`` may use connect to ``start``."""
        if not self._usable(start, size):
            return False
        seen, todo = {start}, [start]
        while todo and len(seen) < size:
            for other in self.near[todo.pop()]:
                if other not in seen and self._usable(other, size):
                    seen.add(other)
                    todo.append(other)
        return len(seen) >= size

    def _fills(self, stretch: list[int]) -> bool:
        """Whether a stretch of one or two open cells can be one region: a
        stretch of two cannot be two 1s, which would touch."""
        return all(self._usable(cell, len(stretch)) for cell in stretch)

    def _open_stretches(self) -> list[list[int]]:
        """The groups of side-by-side open cells, each from its first cell."""
        seen = [False] * self.total
        stretches = []
        for start in range(self.total):
            if seen[start] or self.size[start]:
                continue
            seen[start] = True
            stretch, todo = [start], [start]
            while todo:
                for other in self.near[todo.pop()]:
                    if not seen[other] and not self.size[other]:
                        seen[other] = True
                        stretch.append(other)
                        todo.append(other)
            stretches.append(sorted(stretch))
        return stretches


def _connected_sets(
    root: int,
    largest: int,
    near: tuple[tuple[int, ...], ...],
    usable: Callable[[int], bool],
) -> Iterator[list[int]]:
    """Every connected set of usable cells holding ``root``, of up to
    ``largest`` cells, each once (Redelmeier): a cell tried and left out of
    one branch stays out of every later one. The list yielded is reused:
    copy it to keep it."""
    region = [root]
    seen = {root}
    frontier = []
    for other in near[root]:
        if usable(other):
            seen.add(other)
            frontier.append(other)

    def grow(untried: list[int]) -> Iterator[list[int]]:
        yield region
        if len(region) == largest:
            return
        untried = list(untried)
        while untried:
            cell = untried.pop()
            new = [o for o in near[cell] if o not in seen and usable(o)]
            seen.update(new)
            region.append(cell)
            yield from grow(untried + new)
            region.pop()
            seen.difference_update(new)

    yield from grow(frontier)
