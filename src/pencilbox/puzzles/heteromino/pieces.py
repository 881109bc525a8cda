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

Nothing here changes during solving; one :class:`Tables` is shared by every
state of a board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...grid import Grid
from .model import SHAPE_NAMES, SHAPES, Heteromino

SHAPE_COUNT = len(SHAPES)
SLOTS = 3 * SHAPE_COUNT  # bits of a cell's domain
GROUP = 0b111  # the three bits of one shape

Kill = tuple[tuple[int, int], ...]
"""(cell, bits) pairs: remove ``bits`` from the cell's domain. A kill list
always names every cell of every piece it removes, so applying it keeps the
domains consistent (a piece is in all three of its cells' domains or none)."""


def piece_code(anchor: int, shape: int) -> int:
    """The int that names a placed piece outside the solver: ``6 * anchor + shape + 1``.

    It depends only on the board, so the web app can decode it:
    ``anchor, shape = divmod(code - 1, 6)``.
    """
    return SHAPE_COUNT * anchor + shape + 1


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
        partial part) once it has more than ``limit`` cells."""
        region = seed
        while True:
            grown = self.grow(region) & inside
            if grown == region:
                return region
            region = grown
            if region.bit_count() > limit:
                return region


@dataclass
class Tables:
    """Everything about a board that solving reads and never changes."""

    puzzle: Heteromino
    grid: Grid
    white: tuple[int, ...]  # white cells, reading order
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
    hetero_kill: tuple[tuple[Kill, ...], ...]  # [cell][shape]: same-shape pieces touching
    hetero_reads: tuple[tuple[int, ...], ...]
    white_mask: int
    board: Board
    region_cache: dict[int, tuple[int, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, puzzle: Heteromino) -> Tables:
        grid = Grid(puzzle.rows, puzzle.cols)
        rows, cols = puzzle.rows, puzzle.cols
        white = tuple(c for c in grid.cells if not puzzle.black[c])
        cells_of: list[tuple[int, int, int]] = []
        bits_of: list[tuple[int, int, int]] = []
        shapes: list[int] = []
        anchors: list[int] = []
        piece_at = [[-1] * SLOTS for _ in grid.cells]
        for anchor in grid.cells:
            r0, c0 = divmod(anchor, cols)
            for shape, offsets in enumerate(SHAPES):
                spots = [(r0 + dr, c0 + dc) for dr, dc in offsets]
                if not all(0 <= r < rows and 0 <= c < cols for r, c in spots):
                    continue
                cells = tuple(r * cols + c for r, c in spots)
                if any(puzzle.black[c] for c in cells):
                    continue
                pid = len(cells_of)
                slots = tuple(3 * shape + position for position in range(3))
                for cell, slot in zip(cells, slots, strict=True):
                    piece_at[cell][slot] = pid
                cells_of.append((cells[0], cells[1], cells[2]))
                bits_of.append((1 << slots[0], 1 << slots[1], 1 << slots[2]))
                shapes.append(shape)
                anchors.append(anchor)
        full = tuple(
            sum(1 << slot for slot in range(SLOTS) if piece_at[cell][slot] >= 0)
            for cell in grid.cells
        )
        masks = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in cells_of)
        count = len(cells_of)

        def kill_list(victims: set[int]) -> Kill:
            per_cell: dict[int, int] = {}
            for victim in victims:
                for cell, bit in zip(cells_of[victim], bits_of[victim], strict=True):
                    per_cell[cell] = per_cell.get(cell, 0) | bit
            return tuple(sorted(per_cell.items()))

        def touching_same_shape(cells: tuple[int, ...], shape: int) -> set[int]:
            """Pieces of ``shape`` with a cell next to ``cells`` but none inside."""
            found = set()
            inside = set(cells)
            for cell in cells:
                for n in grid.orthogonal[cell]:
                    if n in inside:
                        continue
                    for position in range(3):
                        other = piece_at[n][3 * shape + position]
                        if other >= 0 and not inside & set(cells_of[other]):
                            found.add(other)
            return found

        place_kill = []
        for pid in range(count):
            victims = {
                other
                for cell in cells_of[pid]
                for other in piece_at[cell]
                if other >= 0 and other != pid
            }
            victims |= touching_same_shape(cells_of[pid], shapes[pid])
            place_kill.append(kill_list(victims))
        hetero_kill = tuple(
            tuple(kill_list(touching_same_shape((cell,), shape)) for shape in range(SHAPE_COUNT))
            for cell in grid.cells
        )

        def reads(kill: Kill) -> int:
            mask = 0
            for cell, _ in kill:
                mask |= 1 << cell
            return mask

        return cls(
            puzzle=puzzle,
            grid=grid,
            white=white,
            piece_cells=tuple(cells_of),
            piece_bits=tuple(bits_of),
            piece_shape=tuple(shapes),
            piece_anchor=tuple(anchors),
            piece_mask=masks,
            piece_at=tuple(tuple(row) for row in piece_at),
            full=full,
            place_kill=tuple(place_kill),
            place_reads=tuple(reads(k) | m for k, m in zip(place_kill, masks, strict=True)),
            hetero_kill=hetero_kill,
            hetero_reads=tuple(tuple(reads(k) for k in row) for row in hetero_kill),
            white_mask=sum(1 << c for c in white),
            board=Board(rows, cols),
        )

    @property
    def piece_count(self) -> int:
        return len(self.piece_cells)

    def code(self, piece: int) -> int:
        return piece_code(self.piece_anchor[piece], self.piece_shape[piece])

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


def shape_of_domain(domain: int) -> int:
    """The one shape every candidate in ``domain`` has, or -1 if they differ (or none)."""
    if not domain:
        return -1
    shape = (domain.bit_length() - 1) // 3
    return shape if not domain & ~(GROUP << (3 * shape)) else -1


def slot_piece(tables: Tables, cell: int, domain: int) -> int:
    """The piece of a one-candidate domain."""
    return tables.piece_at[cell][domain.bit_length() - 1]
