"""A board's tables: everything solving reads about it and never changes.

The kill lists and rings of :mod:`.pieces`' templates are laid once per board
size (:class:`Layout`, black cells included), and a board's :class:`Tables`
pick from that the pieces that fit its white cells. One :class:`Tables` is
shared by every state of a board. :class:`Board` is the bitset geometry the
region checks flood with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...grid import Grid
from .model import SHAPE_NAMES, SHAPES, Heteromino
from .pieces import (
    _PAD,
    SHAPE_COUNT,
    SLOTS,
    Kill,
    Template,
    hetero_template,
    piece_code,
    place_template,
    ring_template,
)

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
    :data:`.state.BLACK_DOMAIN`), so killing bits there is a no-op, and its
    ring entry is never open. That makes a board's own tables a matter of
    picking the pieces that fit its white cells -- a generator builds
    thousands of boards of one size, and laying the lists per board was a
    large part of the cost of counting one (measured: ``docs/heteromino-notes.md``,
    "Engine 1 is faster").

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
        white = tuple(c for c in layout.grid.cells if not puzzle.black[c])
        white_mask = sum(1 << c for c in white)
        fitted, piece_at, full = _fitting(layout, puzzle.black, white, white_mask)
        columns: list[tuple[Any, ...]] = list(zip(*fitted, strict=True)) or [()] * 9
        cells, bits, shapes, anchors, masks, kills, reads, rings, ring_masks = columns
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
            piece_cells=cells,
            piece_bits=bits,
            piece_shape=shapes,
            piece_anchor=anchors,
            piece_mask=masks,
            piece_at=tuple(tuple(row) for row in piece_at),
            full=tuple(full),
            place_kill=kills,
            place_reads=reads,
            hetero_at=[None] * (SHAPE_COUNT * rows * cols),
            lay_hetero=lay_hetero,
            ring_cells=rings,
            ring_mask=ring_masks,
            ring_white=[-1] * len(cells),
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


@lru_cache(maxsize=256)
def tables_for(puzzle: Heteromino) -> Tables:
    """The tables of a board, built once: states, probes and repeated solves of
    the same board (a generator's, a test's, a web worker's hints) share them.
    Room for the whole bank (72 boards) and more: a cycle through more boards
    than the cache holds would miss every time."""
    return Tables.of(puzzle)


Fitted = tuple[
    tuple[int, int, int], tuple[int, int, int], int, int, int, Kill, int, tuple[int, ...], int
]
"""One fitting piece as :meth:`Tables.of` collects it: its cells, bits, shape,
anchor, mask, kill list, reads, ring cells and ring mask (the Tables fields)."""


def _fitting(
    layout: Layout, black: tuple[bool, ...], white: tuple[int, ...], white_mask: int
) -> tuple[list[Fitted], list[list[int]], list[int]]:
    """Every piece of the size's :class:`Layout` that lies on white cells, in id
    order, with its kill list and ring read off the layout (a board's own tables
    are a matter of picking, not of laying templates); and the ``piece_at`` and
    ``full`` tables they fill."""
    found: list[Fitted] = []
    piece_at = [[-1] * SLOTS for _ in layout.grid.cells]
    full = [0] * len(black)
    on_board, place, ring = layout.cells, layout.place, layout.ring
    for anchor in white:
        index = SHAPE_COUNT * anchor
        for shape in range(SHAPE_COUNT):
            spot = on_board[index + shape]
            if spot is None:
                continue
            a, b, c = spot
            if black[a] or black[b] or black[c]:
                continue
            slot = 3 * shape
            piece_at[a][slot] = piece_at[b][slot + 1] = piece_at[c][slot + 2] = len(found)
            full[a] |= 1 << slot
            full[b] |= 2 << slot
            full[c] |= 4 << slot
            mask = 1 << a | 1 << b | 1 << c
            kill, named = place[index + shape]
            around, around_mask = ring[index + shape]
            bits = (1 << slot, 2 << slot, 4 << slot)
            reads = named & white_mask | mask
            found.append(
                (spot, bits, shape, anchor, mask, kill, reads, around, around_mask & white_mask)
            )
    return found, piece_at, full


def slot_piece(tables: Tables, cell: int, domain: int) -> int:
    """The piece of a one-candidate domain."""
    return tables.piece_at[cell][domain.bit_length() - 1]
