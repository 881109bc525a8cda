"""Every tromino that fits a board, and the tables the rungs read.

A *piece* is one fixed tromino placed on the board: a shape (index into
:data:`~.model.SHAPES`) and an anchor, its first cell in reading order. Every
piece that lies on white cells gets a dense id ``0..n-1`` in (anchor, shape)
order.

A cell's domain is an 18-bit set with the *same meaning in every cell*: bit
``3 * shape + position`` is the piece of that shape that covers the cell as
its ``position``-th cell (reading order). At most 18 pieces cover a cell, so
domains stay small ints, and "every candidate has the same shape" is "every
bit lies in one group of three".

Because a bit means the same thing everywhere, what a piece kills is the same
list of (cell offset, bits) for every piece of one shape: the tables are
translations of per-shape templates, clipped to the board's white cells (a
bit for a piece that does not fit is simply never in a domain).

Nothing here changes during solving; one :class:`Tables` is shared by every
state of a board.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from ...grid import Grid
from .model import SHAPE_NAMES, SHAPES, Heteromino

SHAPE_COUNT = len(SHAPES)
SLOTS = 3 * SHAPE_COUNT  # bits of a cell's domain
GROUP = 0b111  # the three bits of one shape

Kill = tuple[tuple[int, int], ...]
"""(cell, bits) pairs: remove ``bits`` from the cell's domain. A kill list
always names every cell of every piece it removes, so applying it keeps the
domains consistent (a piece is in all three of its cells' domains or none)."""

Offset = tuple[int, int]
Template = tuple[tuple[int, int, int], ...]  # (d_row, d_col, bits)

_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
_PAD = 5  # no template reaches further than this from its anchor (checked in tests)


def piece_code(anchor: int, shape: int) -> int:
    """The int that names a placed piece outside the solver: ``6 * anchor + shape + 1``.

    It depends only on the board, so the web app can decode it:
    ``anchor, shape = divmod(code - 1, 6)``.
    """
    return SHAPE_COUNT * anchor + shape + 1


# -- per-shape templates, on an unbounded grid ------------------------------------


def _cells(shape: int, anchor: Offset) -> tuple[Offset, ...]:
    return tuple((anchor[0] + dr, anchor[1] + dc) for dr, dc in SHAPES[shape])


def _template(victims: set[tuple[int, Offset]]) -> Template:
    """Aggregate the victims' (cell, bit) pairs per cell."""
    per_cell: dict[Offset, int] = {}
    for shape, anchor in victims:
        for position, cell in enumerate(_cells(shape, anchor)):
            per_cell[cell] = per_cell.get(cell, 0) | 1 << (3 * shape + position)
    return tuple((r, c, bits) for (r, c), bits in sorted(per_cell.items()))


def _covering(cell: Offset, shapes: range | tuple[int, ...]) -> set[tuple[int, Offset]]:
    """Every (shape, anchor) of ``shapes`` that covers ``cell``."""
    return {(shape, (cell[0] - dr, cell[1] - dc)) for shape in shapes for dr, dc in SHAPES[shape]}


def _touching_twins(cells: tuple[Offset, ...], shape: int) -> set[tuple[int, Offset]]:
    """Pieces of ``shape`` with a cell next to ``cells`` and none inside them."""
    inside = set(cells)
    found = set()
    for r, c in cells:
        for dr, dc in _STEPS:
            neighbour = (r + dr, c + dc)
            if neighbour in inside:
                continue
            for victim in _covering(neighbour, (shape,)):
                if not inside & set(_cells(*victim)):
                    found.add(victim)
    return found


@cache
def place_template(shape: int) -> Template:
    """What dies when a piece of ``shape`` anchored at (0, 0) is drawn."""
    me = (shape, (0, 0))
    cells = _cells(*me)
    victims = set().union(*(_covering(cell, range(SHAPE_COUNT)) for cell in cells))
    victims |= _touching_twins(cells, shape)
    victims.discard(me)
    return _template(victims)


@cache
def hetero_template(shape: int) -> Template:
    """Pieces of ``shape`` touching cell (0, 0) without covering it."""
    return _template(_touching_twins(((0, 0),), shape))


@cache
def ring_template(shape: int) -> tuple[tuple[Offset, ...], int]:
    """The cells around a piece (king moves), and which of them share an edge with it.

    Returns (offsets, touching bits): bit i of the second value is set when
    offset i is orthogonally next to the piece.
    """
    cells = set(_cells(shape, (0, 0)))
    ring = sorted(
        {(r + dr, c + dc) for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - cells
    )
    touching = 0
    for index, (r, c) in enumerate(ring):
        if any((r + dr, c + dc) in cells for dr, dc in _STEPS):
            touching |= 1 << index
    return tuple(ring), touching


@cache
def ring_parts(shape: int, pattern: int) -> tuple[int, ...]:
    """How the open cells around a piece fall apart, seen from the piece.

    ``pattern`` has bit i set when ring cell i (see :func:`ring_template`) is
    open. Returns the connected groups of open ring cells that touch the
    piece, each as a bitmask of ring indices. One group (or none) means the
    piece cannot split its region: any path through it can go round it.
    """
    ring, touching = ring_template(shape)
    index_of = {cell: i for i, cell in enumerate(ring)}
    left = pattern & touching
    parts = []
    while left:
        start = (left & -left).bit_length() - 1
        reached = 1 << start
        todo = deque([start])
        while todo:
            r, c = ring[todo.popleft()]
            for dr, dc in _STEPS:
                other = index_of.get((r + dr, c + dc))
                if other is not None and pattern >> other & 1 and not reached >> other & 1:
                    reached |= 1 << other
                    todo.append(other)
        parts.append(reached)
        left &= ~reached
    return tuple(parts)


# -- bitset geometry ----------------------------------------------------------------


class Board:
    """Bitset geometry for flood fills: shifts that do not wrap around rows."""

    __slots__ = ("cols", "not_first", "not_last", "all")

    def __init__(self, rows: int, cols: int) -> None:
        self.cols = cols
        self.all = (1 << (rows * cols)) - 1
        first = sum(1 << (r * cols) for r in range(rows))
        self.not_first = self.all & ~first
        self.not_last = self.all & ~(first << (cols - 1))

    def grow(self, mask: int) -> int:
        """``mask`` and its orthogonal neighbours."""
        cols = self.cols
        return (
            mask
            | (mask << 1 & self.not_first)
            | (mask >> 1 & self.not_last)
            | (mask << cols & self.all)
            | mask >> cols
        )

    def flood(self, seed: int, inside: int, limit: int = 1 << 30) -> int:
        """The connected part of ``inside`` holding ``seed``; stops (returning a
        partial part with more than ``limit`` cells) once it outgrows ``limit``."""
        region = seed
        while True:
            grown = self.grow(region) & inside
            if grown == region:
                return region
            region = grown
            if region.bit_count() > limit:
                return region


# -- the tables of one board ----------------------------------------------------------


@dataclass
class Tables:
    """Everything about a board that solving reads and never changes."""

    puzzle: Heteromino
    grid: Grid
    board: Board
    white: tuple[int, ...]  # white cells, reading order
    white_mask: int
    piece_cells: tuple[tuple[int, int, int], ...]
    piece_bits: tuple[tuple[int, int, int], ...]  # each cell's domain bit for the piece
    piece_shape: tuple[int, ...]
    piece_anchor: tuple[int, ...]
    piece_mask: tuple[int, ...]  # the piece's cells as a cell bitset
    # piece_at[cell][slot]: the piece id a domain bit stands for (-1: none fits)
    piece_at: tuple[tuple[int, ...], ...]
    full: tuple[int, ...]  # each cell's starting domain (0 for black cells)
    place_kill: tuple[Kill, ...]  # per piece: what dies when it is drawn
    place_reads: tuple[int, ...]  # per piece: the cells place_kill looks at (bitset)
    # [6 * cell + shape]: (kill list, cells it names) for the same-shape pieces
    # touching the cell; laid on first use (most cells never have one shape)
    hetero_at: list[tuple[Kill, int] | None]
    lay_hetero: Callable[[int, int], tuple[Kill, int]]
    ring_cells: tuple[tuple[int, ...], ...]  # per piece: ring_template cells (-1 off board)
    ring_mask: tuple[int, ...]
    ring_white: tuple[int, ...]  # per piece: the ring pattern when nothing is drawn yet

    @classmethod
    def of(cls, puzzle: Heteromino) -> Tables:
        rows, cols = puzzle.rows, puzzle.cols
        grid = Grid(rows, cols)
        black = puzzle.black
        white = tuple(c for c in grid.cells if not black[c])

        # Cells are looked up through a padded copy of the board, so that a
        # template can be laid anywhere without bounds checks: ``real[index]``
        # is the cell at a padded index, or -1 off the board or on black.
        wide = cols + 2 * _PAD
        real = [-1] * (wide * (rows + 2 * _PAD))
        for cell in white:
            row, col = divmod(cell, cols)
            real[(row + _PAD) * wide + col + _PAD] = cell

        bit_of = [1 << cell for cell in grid.cells]
        white_mask = sum(bit_of[c] for c in white)

        def padded(cell: int) -> int:
            row, col = divmod(cell, cols)
            return (row + _PAD) * wide + col + _PAD

        class Laid:
            """A template ready to lay: padded offsets, and its cells as one
            bitset that a shift moves anywhere its columns stay on the board."""

            def __init__(self, template: Template) -> None:
                self.entries = tuple((dr * wide + dc, bits) for dr, dc, bits in template)
                self.lowest = min(dc for _, dc, _ in template)
                self.highest = max(dc for _, dc, _ in template)
                self.shift = _PAD * cols + _PAD  # keeps every offset non-negative
                self.cells = sum(1 << (dr * cols + dc + self.shift) for dr, dc, _ in template)

            def at(self, cell: int) -> tuple[Kill, int]:
                """The kill list laid at ``cell`` and the cells it names."""
                base = padded(cell)
                kill = tuple(
                    (other, bits)
                    for offset, bits in self.entries
                    if (other := real[base + offset]) >= 0
                )
                col = cell % cols
                if col + self.lowest >= 0 and col + self.highest < cols:
                    # rows off the board fall off the ends (or outside white_mask)
                    return kill, (self.cells << cell) >> self.shift & white_mask
                mask = 0
                for other, _ in kill:
                    mask |= bit_of[other]
                return kill, mask

        place_laid = [Laid(place_template(shape)) for shape in range(SHAPE_COUNT)]
        hetero_laid = [Laid(hetero_template(shape)) for shape in range(SHAPE_COUNT)]
        ring_lin = [
            tuple(dr * wide + dc for dr, dc in ring_template(shape)[0])
            for shape in range(SHAPE_COUNT)
        ]
        shape_lin = [tuple(dr * wide + dc for dr, dc in offsets) for offsets in SHAPES]

        cells_of: list[tuple[int, int, int]] = []
        bits_of: list[tuple[int, int, int]] = []
        shapes: list[int] = []
        anchors: list[int] = []
        masks: list[int] = []
        place_kill: list[Kill] = []
        place_reads: list[int] = []
        ring_cells: list[tuple[int, ...]] = []
        piece_at = [[-1] * SLOTS for _ in grid.cells]
        full = [0] * (rows * cols)
        for anchor in white:
            base = padded(anchor)
            for shape in range(SHAPE_COUNT):
                a, b, c = (real[base + offset] for offset in shape_lin[shape])
                if a < 0 or b < 0 or c < 0:
                    continue
                pid = len(cells_of)
                slot = 3 * shape
                piece_at[a][slot] = piece_at[b][slot + 1] = piece_at[c][slot + 2] = pid
                full[a] |= 1 << slot
                full[b] |= 2 << slot
                full[c] |= 4 << slot
                cells_of.append((a, b, c))
                bits_of.append((1 << slot, 2 << slot, 4 << slot))
                shapes.append(shape)
                anchors.append(anchor)
                mask = bit_of[a] | bit_of[b] | bit_of[c]
                masks.append(mask)
                kill, named = place_laid[shape].at(anchor)
                place_kill.append(kill)
                place_reads.append(named | mask)
                ring_cells.append(tuple(real[base + offset] for offset in ring_lin[shape]))
        board = Board(rows, cols)

        return cls(
            puzzle=puzzle,
            grid=grid,
            board=board,
            white=white,
            white_mask=white_mask,
            piece_cells=tuple(cells_of),
            piece_bits=tuple(bits_of),
            piece_shape=tuple(shapes),
            piece_anchor=tuple(anchors),
            piece_mask=tuple(masks),
            piece_at=tuple(tuple(row) for row in piece_at),
            full=tuple(full),
            place_kill=tuple(place_kill),
            place_reads=tuple(place_reads),
            hetero_at=[None] * (SHAPE_COUNT * rows * cols),
            lay_hetero=lambda cell, shape: hetero_laid[shape].at(cell),
            ring_cells=tuple(ring_cells),
            ring_mask=tuple(sum(1 << c for c in ring if c >= 0) for ring in ring_cells),
            ring_white=tuple(
                sum(1 << i for i, c in enumerate(ring) if c >= 0) for ring in ring_cells
            ),
        )

    @property
    def piece_count(self) -> int:
        return len(self.piece_cells)

    def code(self, piece: int) -> int:
        return piece_code(self.piece_anchor[piece], self.piece_shape[piece])

    def hetero(self, cell: int, shape: int) -> tuple[Kill, int]:
        """What a cell whose pieces all have ``shape`` kills, and the cells that names."""
        index = SHAPE_COUNT * cell + shape
        found = self.hetero_at[index]
        if found is None:
            found = self.hetero_at[index] = self.lay_hetero(cell, shape)
        return found

    def piece_of_cells(self, cells: list[int] | tuple[int, ...]) -> int | None:
        """The piece covering exactly ``cells``, or None if they are not one."""
        if len(cells) != 3:
            return None
        first = min(cells)
        wanted = sorted(cells)
        for slot in range(0, SLOTS, 3):
            piece = self.piece_at[first][slot]
            if piece >= 0 and list(self.piece_cells[piece]) == wanted:
                return piece
        return None

    def describe(self, piece: int) -> str:
        """``the ┌ L at r1c1 r1c2 r2c1``."""
        return (
            f"the {SHAPE_NAMES[self.piece_shape[piece]]} at "
            f"{self.grid.labels(self.piece_cells[piece])}"
        )


@lru_cache(maxsize=64)
def tables_for(puzzle: Heteromino) -> Tables:
    """The tables of a board, built once: states, probes and repeated solves of
    the same board (a generator's, a test's) share them."""
    return Tables.of(puzzle)


def shape_of_domain(domain: int) -> int:
    """The one shape every candidate in ``domain`` has, or -1 if they differ (or none)."""
    if not domain:
        return -1
    shape = (domain.bit_length() - 1) // 3
    return shape if not domain & ~(GROUP << (3 * shape)) else -1


def slot_piece(tables: Tables, cell: int, domain: int) -> int:
    """The piece of a one-candidate domain."""
    return tables.piece_at[cell][domain.bit_length() - 1]
