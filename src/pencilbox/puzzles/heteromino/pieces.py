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


# -- what every board of one size shares ------------------------------------------------


class Layout:
    """Everything about a ``rows`` x ``cols`` board that does not depend on its
    black cells, built once per size and shared by every board of that size.

    Kill lists and the cells around a piece are laid over the whole board,
    black cells included: a black cell's domain has no piece bit (see
    :data:`.rules.BLACK_DOMAIN`), so killing bits there is a no-op, and its
    ring entry is never open. That makes a board's own tables a matter of
    picking the pieces that fit its white cells -- a generator builds
    thousands of boards of one size, and laying the lists per board was half
    the cost of counting a 12x12.

    Indexed by ``6 * anchor + shape``: ``cells`` (the piece's three cells, or
    None where it leaves the board), ``place`` (its kill list and the cells
    that names), ``ring`` (:func:`ring_template` laid there, -1 off the board,
    and those cells as a bitset); :meth:`hetero` lays the hetero lists on
    first use.
    """

    def __init__(self, rows: int, cols: int) -> None:
        self.grid = Grid(rows, cols)
        self.board = Board(rows, cols)
        wide = cols + 2 * _PAD
        # real[padded index]: the board cell there, -1 off the board
        self.real = real = [-1] * (wide * (rows + 2 * _PAD))
        for cell in self.grid.cells:
            row, col = divmod(cell, cols)
            real[(row + _PAD) * wide + col + _PAD] = cell
        self.wide = wide
        self.cols = cols
        shape_lin = [tuple(dr * wide + dc for dr, dc in offsets) for offsets in SHAPES]
        place_lin = [self._linear(place_template(shape)) for shape in range(SHAPE_COUNT)]
        self.hetero_lin = [self._linear(hetero_template(shape)) for shape in range(SHAPE_COUNT)]
        ring_lin = [
            tuple(dr * wide + dc for dr, dc in ring_template(shape)[0])
            for shape in range(SHAPE_COUNT)
        ]
        cells: list[tuple[int, int, int] | None] = []
        place: list[tuple[Kill, int]] = []
        ring: list[tuple[tuple[int, ...], int]] = []
        for anchor in self.grid.cells:
            base = self.padded(anchor)
            for shape in range(SHAPE_COUNT):
                a, b, c = (real[base + offset] for offset in shape_lin[shape])
                if a < 0 or b < 0 or c < 0:
                    cells.append(None)
                    place.append(((), 0))
                    ring.append(((), 0))
                    continue
                cells.append((a, b, c))
                place.append(self._lay(place_lin[shape], base))
                around = tuple(real[base + offset] for offset in ring_lin[shape])
                ring.append((around, sum(1 << cell for cell in around if cell >= 0)))
        self.cells = tuple(cells)
        self.place = tuple(place)
        self.ring = tuple(ring)
        self.hetero_at: list[tuple[Kill, int] | None] = [None] * (SHAPE_COUNT * rows * cols)

    def padded(self, cell: int) -> int:
        row, col = divmod(cell, self.cols)
        return (row + _PAD) * self.wide + col + _PAD

    def _linear(self, template: Template) -> tuple[tuple[int, int], ...]:
        return tuple((dr * self.wide + dc, bits) for dr, dc, bits in template)

    def _lay(self, entries: tuple[tuple[int, int], ...], base: int) -> tuple[Kill, int]:
        """A template laid at padded index ``base``: its on-board entries and their cells."""
        real = self.real
        kill = tuple(
            (other, bits) for offset, bits in entries if (other := real[base + offset]) >= 0
        )
        named = 0
        for other, _ in kill:
            named |= 1 << other
        return kill, named

    def hetero(self, cell: int, shape: int) -> tuple[Kill, int]:
        """Same-shape pieces touching ``cell`` without covering it: kill list, cells."""
        index = SHAPE_COUNT * cell + shape
        found = self.hetero_at[index]
        if found is None:
            found = self.hetero_at[index] = self._lay(self.hetero_lin[shape], self.padded(cell))
        return found


@lru_cache(maxsize=32)
def layout_for(rows: int, cols: int) -> Layout:
    """The :class:`Layout` of a size, built once (a few sizes kept)."""
    return Layout(rows, cols)


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
    ring_mask: tuple[int, ...]  # per piece: its white ring cells
    ring_white: list[int]  # per piece: the ring pattern with nothing drawn (-1: not yet known)

    @classmethod
    def of(cls, puzzle: Heteromino) -> Tables:
        rows, cols = puzzle.rows, puzzle.cols
        layout = layout_for(rows, cols)
        black = puzzle.black
        white = tuple(c for c in layout.grid.cells if not black[c])
        white_mask = sum(1 << c for c in white)

        cells_of: list[tuple[int, int, int]] = []
        bits_of: list[tuple[int, int, int]] = []
        shapes: list[int] = []
        anchors: list[int] = []
        masks: list[int] = []
        place_kill: list[Kill] = []
        place_reads: list[int] = []
        ring_cells: list[tuple[int, ...]] = []
        ring_mask: list[int] = []
        piece_at = [[-1] * SLOTS for _ in layout.grid.cells]
        full = [0] * (rows * cols)
        on_board = layout.cells
        place = layout.place
        ring = layout.ring
        for anchor in white:
            index = SHAPE_COUNT * anchor
            for shape in range(SHAPE_COUNT):
                spot = on_board[index + shape]
                if spot is None:
                    continue
                a, b, c = spot
                if black[a] or black[b] or black[c]:
                    continue
                pid = len(cells_of)
                slot = 3 * shape
                piece_at[a][slot] = piece_at[b][slot + 1] = piece_at[c][slot + 2] = pid
                full[a] |= 1 << slot
                full[b] |= 2 << slot
                full[c] |= 4 << slot
                cells_of.append(spot)
                bits_of.append((1 << slot, 2 << slot, 4 << slot))
                shapes.append(shape)
                anchors.append(anchor)
                mask = 1 << a | 1 << b | 1 << c
                masks.append(mask)
                kill, named = place[index + shape]
                place_kill.append(kill)
                place_reads.append(named & white_mask | mask)
                around, around_mask = ring[index + shape]
                ring_cells.append(around)
                ring_mask.append(around_mask & white_mask)
        hetero_laid = layout.hetero

        def lay_hetero(cell: int, shape: int) -> tuple[Kill, int]:
            kill, named = hetero_laid(cell, shape)
            return kill, named & white_mask

        return cls(
            puzzle=puzzle,
            grid=layout.grid,
            board=layout.board,
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
            lay_hetero=lay_hetero,
            ring_cells=tuple(ring_cells),
            ring_mask=tuple(ring_mask),
            ring_white=[-1] * len(cells_of),
        )

    def ring_pattern(self, piece: int) -> int:
        """The ring pattern (see :func:`ring_template`) of ``piece`` with
        nothing drawn yet: bit i set when ring cell i is white. Worked out on
        first use, since most pieces never need it."""
        pattern = self.ring_white[piece]
        if pattern < 0:
            black = self.puzzle.black
            pattern = 0
            for index, cell in enumerate(self.ring_cells[piece]):
                if cell >= 0 and not black[cell]:
                    pattern |= 1 << index
            self.ring_white[piece] = pattern
        return pattern

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
