"""Pack tetrominoes into a board: the intended solution of a generated LITS.

A *packing* is a set of non-O tetrominoes whose cells form one connected
mass, with no fully shaded 2×2 square, where two tetrominoes that share an
edge never have the same shape (rotations and reflections count as equal).
Each tetromino later becomes the shading of one region, so a packing is a
valid LITS solution for any partition that gives every tetromino its own
region.

Density matters because every region shades exactly four cells: the mean
region size is ``4 / density``, and larger regions hold more tetrominoes,
so they are looser. Two packers are kept, to be measured against each other
(``docs/lits-notes.md``):

``greedy``
    accretion: add a random legal tetromino touching the mass until none
    fits. It jams early.
``backtrack``
    a randomised depth-first search. At each node it takes the frontier cell
    (unshaded, undecided, next to the mass) with the fewest legal
    tetrominoes through it, and tries each of them in random order and then
    "this cell stays unshaded". A frontier cell no tetromino fits is
    unshaded at once. The search keeps the densest jammed packing it meets
    and stops at the target density or after a node budget. A packing with a
    *pocket* (see :func:`pockets`) counts as worse than any without.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from ...grid import Grid, Mask, mask_of, members
from ...grid import flood as grid_flood
from ...grid import outline as grid_outline
from .shapes import SHAPES, placements

PACKERS = ("backtrack", "greedy")
TARGET_DENSITY = 0.66
"""The backtracking packer stops once this share of the cells is shaded."""
NODE_BUDGET = 400
"""Search nodes the backtracking packer may spend before it settles for its best."""
RESTARTS = 50


@dataclass(frozen=True)
class Geometry:
    """Every tetromino of a rows × cols board, with the masks the packers test.

    Index ``i`` names one placement: ``cells[i]`` its cells, ``shape[i]`` its
    shape id (into :data:`SHAPES`), ``halo[i]`` the cells sharing an edge
    with it, ``squares[i]`` for each 2×2 square it meets, the square's cells
    outside it (the square is complete when all of those are shaded too).
    ``through[cell]`` lists the placements covering ``cell``, ``starts[cell]``
    those whose lowest cell is ``cell``.
    """

    rows: int
    cols: int
    cells: tuple[Mask, ...]
    shape: tuple[int, ...]
    halo: tuple[Mask, ...]
    squares: tuple[tuple[Mask, ...], ...]
    through: tuple[tuple[int, ...], ...]
    starts: tuple[tuple[int, ...], ...]
    neighbours: tuple[Mask, ...]
    all_cells: Mask
    not_first_col: Mask
    not_last_col: Mask

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def connected(self, mask: Mask) -> bool:
        """True when ``mask`` is one edge-connected piece (or empty)."""
        if not mask:
            return True
        return self.flood(mask & -mask, mask) == mask

    def flood(self, seed: Mask, inside: Mask) -> Mask:
        """The cells of ``inside`` connected to ``seed`` (bit-parallel)."""
        return grid_flood(seed, inside, self.cols, self.not_first_col, self.not_last_col)

    def outline(self, mask: Mask) -> Mask:
        """Cells outside ``mask`` sharing an edge with it (bit-parallel)."""
        return grid_outline(mask, self.cols, self.not_first_col, self.not_last_col, self.all_cells)


@cache
def geometry(rows: int, cols: int) -> Geometry:
    """The (cached) tetromino tables of a rows × cols board."""
    grid = Grid(rows, cols)
    found = placements(grid, list(grid.cells))
    neighbours = grid.orthogonal_masks
    windows = [
        mask_of((r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1))
        for r in range(rows - 1)
        for c in range(cols - 1)
    ]
    cells = tuple(p.cells for p in found)
    halos = []
    squares = []
    for mask in cells:
        halo = 0
        for cell in members(mask):
            halo |= neighbours[cell]
        halos.append(halo & ~mask)
        squares.append(tuple(w & ~mask for w in windows if w & mask))
    through: list[list[int]] = [[] for _ in grid.cells]
    starts: list[list[int]] = [[] for _ in grid.cells]
    for index, mask in enumerate(cells):
        starts[(mask & -mask).bit_length() - 1].append(index)
        for cell in members(mask):
            through[cell].append(index)
    all_cells = (1 << rows * cols) - 1
    first_col = mask_of(r * cols for r in range(rows))
    last_col = mask_of(r * cols + cols - 1 for r in range(rows))
    return Geometry(
        rows=rows,
        cols=cols,
        cells=cells,
        shape=tuple(p.shape for p in found),
        halo=tuple(halos),
        squares=tuple(squares),
        through=tuple(tuple(t) for t in through),
        starts=tuple(tuple(t) for t in starts),
        neighbours=neighbours,
        all_cells=all_cells,
        not_first_col=all_cells & ~first_col,
        not_last_col=all_cells & ~last_col,
    )


@dataclass(frozen=True)
class Packing:
    """Tetrominoes as (cells, shape id) pairs, and how they were found."""

    rows: int
    cols: int
    pieces: tuple[tuple[Mask, int], ...]
    packer: str
    nodes: int

    @property
    def shaded(self) -> Mask:
        total = 0
        for cells, _ in self.pieces:
            total |= cells
        return total

    @property
    def density(self) -> float:
        return 4 * len(self.pieces) / (self.rows * self.cols)


class _Mass:
    """A growing packing: shaded cells, cells kept unshaded, and shading per shape."""

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        self.shaded = 0
        self.blocked = 0  # shaded or decided unshaded
        self.by_shape = [0] * len(SHAPES)
        self.pieces: list[int] = []

    def fits(self, index: int) -> bool:
        """May placement ``index`` join: free cells, no same-shape neighbour, no 2×2."""
        geo = self.geo
        if geo.cells[index] & self.blocked:
            return False
        if geo.halo[index] & self.by_shape[geo.shape[index]]:
            return False
        shaded = self.shaded
        return not any(need & shaded == need for need in geo.squares[index])

    def add(self, index: int) -> None:
        cells = self.geo.cells[index]
        self.shaded |= cells
        self.blocked |= cells
        self.by_shape[self.geo.shape[index]] |= cells
        self.pieces.append(index)

    def remove_last(self) -> None:
        index = self.pieces.pop()
        cells = self.geo.cells[index]
        self.shaded &= ~cells
        self.blocked &= ~cells
        self.by_shape[self.geo.shape[index]] &= ~cells

    def frontier(self) -> Mask:
        return self.geo.outline(self.shaded) & ~self.blocked

    def options(self, cell: int) -> list[int]:
        return [i for i in self.geo.through[cell] if self.fits(i)]

    def packing(self, packer: str, nodes: int) -> Packing:
        geo = self.geo
        pieces = tuple((geo.cells[i], geo.shape[i]) for i in self.pieces)
        return Packing(geo.rows, geo.cols, pieces, packer, nodes)


def pack(rng: random.Random, rows: int, cols: int, packer: str = "backtrack") -> Packing:
    """A random packing of a rows × cols board by the named packer."""
    geo = geometry(rows, cols)
    if packer == "greedy":
        return pack_greedy(rng, geo)
    if packer == "backtrack":
        return pack_backtrack(rng, geo)
    raise ValueError(f"unknown packer {packer!r}; choose from {', '.join(PACKERS)}")


def pack_greedy(rng: random.Random, geo: Geometry) -> Packing:
    """Accretion: add random legal tetrominoes touching the mass until none fits."""
    mass = _Mass(geo)
    mass.add(rng.randrange(len(geo.cells)))
    while True:
        touching = {i for cell in members(mass.frontier()) for i in geo.through[cell]}
        legal = [i for i in sorted(touching) if mass.fits(i)]
        if not legal:
            return mass.packing("greedy", len(mass.pieces))
        mass.add(rng.choice(legal))


def pack_backtrack(
    rng: random.Random,
    geo: Geometry,
    target: float = TARGET_DENSITY,
    budget: int = NODE_BUDGET,
) -> Packing:
    """Randomised depth-first packing; the densest jammed packing found (see module doc).

    A search that meets no acceptable jammed packing within ``budget`` nodes
    (rare: its first tetromino sealed a pocket) starts again elsewhere.
    """
    spent = 0
    for _ in range(RESTARTS):
        found, nodes = _search_packing(rng, geo, target, budget)
        spent += nodes
        if found is not None:
            return Packing(found.rows, found.cols, found.pieces, "backtrack", spent)
    raise RuntimeError(f"no {geo.rows}x{geo.cols} packing in {RESTARTS} searches")


def _search_packing(
    rng: random.Random, geo: Geometry, target: float, budget: int
) -> tuple[Packing | None, int]:
    mass = _Mass(geo)
    mass.add(rng.randrange(len(geo.cells)))
    want = target * geo.size
    best: list[Packing] = []
    best_score = [(False, 0)]
    nodes = [0]

    def search() -> bool:
        """Extend the mass; True to stop the whole search."""
        nodes[0] += 1
        # Frontier cells no tetromino fits are unshaded at once (undone on return).
        # No legal placement covers them, so blocking them narrows nobody else.
        forced = 0
        choice: tuple[int, list[int]] | None = None
        for cell in members(mass.frontier()):
            options = mass.options(cell)
            if not options:
                forced |= 1 << cell
            elif choice is None or len(options) < len(choice[1]):
                choice = (cell, options)
        mass.blocked |= forced
        if _sealed_pocket(geo, mass):
            mass.blocked &= ~forced
            return False
        try:
            if choice is None:
                shaded = 4 * len(mass.pieces)
                score = (not pockets(geo, mass.pieces), shaded)
                if not best or score > best_score[0]:
                    best[:] = [mass.packing("backtrack", nodes[0])]
                    best_score[0] = score
                return score[0] and shaded >= want
            # even shading every undecided cell cannot beat the best: give up here
            if (
                best_score[0][0]
                and (mass.shaded | ~mass.blocked & geo.all_cells).bit_count() <= (best_score[0][1])
            ):
                return False
            cell, options = choice
            rng.shuffle(options)
            for index in options:
                if nodes[0] >= budget:
                    return True
                mass.add(index)
                stop = search()
                mass.remove_last()
                if stop:
                    return True
            mass.blocked |= 1 << cell  # the last branch: this cell stays unshaded
            stop = search()
            mass.blocked &= ~(1 << cell)
            return stop
        finally:
            mass.blocked &= ~forced

    search()
    return (best[0] if best else None), nodes[0]


def pockets(geo: Geometry, pieces: list[int] | tuple[int, ...]) -> int:
    """Unshaded pieces of the board that touch one tetromino only.

    Such a pocket can only ever join that tetromino's region, where it almost
    always lets the tetromino slide (a rival solution no later step can
    remove), so the backtracking packer prefers packings without any.
    """
    shaded = 0
    for index in pieces:
        shaded |= geo.cells[index]
    rest = geo.all_cells & ~shaded
    found = 0
    while rest:
        part = geo.flood(rest & -rest, rest)
        rest &= ~part
        around = geo.outline(part)
        found += _one_tetromino(geo, pieces, around)
    return found


def _sealed_pocket(geo: Geometry, mass: _Mass) -> bool:
    """True when some unshaded piece of under four cells touches one tetromino only.

    No tetromino fits in it, so it is a pocket for good (see :func:`pockets`).
    """
    rest = geo.all_cells & ~mass.shaded
    while rest:
        part = geo.flood(rest & -rest, rest)
        rest &= ~part
        if part.bit_count() >= 4:
            continue
        if _one_tetromino(geo, mass.pieces, geo.outline(part)):
            return True
    return False


def _one_tetromino(geo: Geometry, pieces: list[int] | tuple[int, ...], around: Mask) -> bool:
    """True when the (shaded) cells ``around`` all belong to one tetromino."""
    for index in pieces:
        cells = geo.cells[index]
        if cells & around:
            return not around & ~cells
    return False
