"""Heteromino's solving state: domains of pieces, and what a state says of the board.

A white cell's variable is the piece that covers it; its domain is the set of
pieces still possible there (see :mod:`.pieces` for the bit layout). Black
cells are fixed one-value variables the rules never look at.

Domains are kept *piece-consistent*: every narrowing the rules make removes a
piece from all three of its cells at once (the precomputed kill lists name
every cell of every piece they remove; :func:`strike` and :func:`put_down`
here do the same). The only other narrowing is the engine's search fixing one
cell to one piece, and ``fit`` -- the first rule -- turns that at once into
drawing the piece, which kills every overlapping piece in all of its cells.
So "a piece survives only if all three of its cells still have it" holds by
construction and needs no pass of its own.

Reading a state: :func:`solution_rows` (the grid of a solved state),
:func:`settled_cells` (cells with one piece left, by piece code) and
:func:`position_state` (the state of a player's drawn pieces).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from ...engine import Contradiction, State
from ...errors import PuzzleError
from ...grid import Rows
from .model import Heteromino, number_groups
from .pieces import SLOTS, piece_code
from .tables import Tables, slot_piece, tables_for

BLACK_DOMAIN = 1 << SLOTS
"""A black cell's domain: one value, so the engine treats it as settled, and
a bit that no piece uses, so the kill lists (laid over black cells too, see
:class:`.tables.Layout`) never touch it."""


class Records:
    """Per-piece notes of which cells a check read, valid while those cells stay unchanged.

    A check (probe, region) whose outcome is a function of the cells it read
    need not be repeated until one of them changes. ``seen`` is what the
    notes were made against. The dict is shared by a state and its copies
    until one of them writes (copy on write).
    """

    __slots__ = ("reads", "seen", "shared")

    def __init__(self, reads: dict[int, int] | None = None, seen: object = None) -> None:
        self.reads: dict[int, int] = reads if reads is not None else {}
        self.seen = seen
        self.shared = False

    def fork(self) -> Records:
        self.shared = True
        twin = Records(self.reads, self.seen)
        twin.shared = True
        return twin

    def own(self) -> dict[int, int]:
        """The notes, copied first if another state still shares them."""
        if self.shared:
            self.reads = dict(self.reads)
            self.shared = False
        return self.reads

    def forget(self, changed: int) -> list[int]:
        """Drop the notes that read a changed cell; return their pieces."""
        reads = self.own()
        stale = [piece for piece, cells in reads.items() if cells & changed]
        for piece in stale:
            del reads[piece]
        return stale


class HeterominoState(State):
    """Domains plus bookkeeping that is a function of the search path.

    ``placed`` (cell bitset): cells whose piece has been drawn, i.e. its
    consequences applied. ``hetero_done`` (cell bitset): cells whose one
    shape has already cleared its same-shape neighbours. ``probe_memo`` and
    ``region_memo`` let those rules skip pieces whose outcome cannot have
    changed (see :class:`Records`).

    ``suspects`` is ``fit``'s queue: a cell bitset holding every white cell
    that may have one piece left without that piece drawn yet, or None for
    "unknown, scan every cell" (a state built from outside). Scanning the
    whole board for such cells was most of a search node's cost, while a
    node changes only the cell it fixed and what propagation settles. So
    every narrowing that ``settle`` does not finish itself adds its cells
    here: :meth:`fix` and :meth:`narrow` (search), ``region``'s and
    ``probe``'s kills, and :func:`put_down`.
    """

    __slots__ = ("placed", "hetero_done", "probe_memo", "region_memo", "suspects")
    tables: Tables

    def __init__(
        self,
        domains: list[int],
        tables: Tables,
        placed: int = 0,
        hetero_done: int = 0,
        probe_memo: Records | None = None,
        region_memo: Records | None = None,
        suspects: int | None = None,
    ) -> None:
        super().__init__(domains, tables)
        self.placed = placed
        self.hetero_done = hetero_done
        self.probe_memo = probe_memo or Records()
        self.region_memo = region_memo or Records()
        self.suspects = suspects

    def copy(self) -> Self:
        return type(self)(
            self.domains.copy(),
            self.tables,
            self.placed,
            self.hetero_done,
            self.probe_memo.fork(),
            self.region_memo.fork(),
            self.suspects,
        )

    def suspect(self, cells: int) -> None:
        """Queue ``cells`` (a bitset) for ``fit``: their domains may have narrowed."""
        if self.suspects is not None:
            self.suspects |= cells

    def fix(self, var: int, value_bit: int) -> None:
        super().fix(var, value_bit)
        self.suspect(1 << var)

    def narrow(self, var: int, keep: int) -> bool:
        if not super().narrow(var, keep):
            return False
        self.suspect(1 << var)
        return True

    @property
    def open_mask(self) -> int:
        """White cells whose piece has not been drawn."""
        return self.tables.white_mask & ~self.placed


def new_state(puzzle: Heteromino, tables: Tables | None = None) -> HeterominoState:
    """The untouched board: every fitting piece possible in each of its cells."""
    tables = tables or tables_for(puzzle)
    domains = [d if not puzzle.black[c] else BLACK_DOMAIN for c, d in enumerate(tables.full)]
    return HeterominoState(domains, tables)


def put_down(state: HeterominoState, pieces: list[int]) -> None:
    """Draw ``pieces`` (a player's position): fix them and kill what each one
    rules out, and nothing more -- cells left with one piece are for ``fit``
    to report, as the next move.

    If the pieces clash (overlap, or same-shape twins touching) one cell is
    left with an empty domain, which ``fit`` reports as a contradiction.
    """
    tables = state.tables
    domains = state.domains
    for piece in pieces:
        cells, bits = tables.piece_cells[piece], tables.piece_bits[piece]
        clash = next((c for c, b in zip(cells, bits, strict=True) if not domains[c] & b), None)
        if clash is None:
            for cell, bit in zip(cells, bits, strict=True):
                domains[cell] = bit
            clash = next((c for c, b in tables.place_kill[piece] if not domains[c] & ~b), None)
        if clash is not None:
            domains[clash] = 0
            state.suspect(1 << clash)
            return
        for cell, kill in tables.place_kill[piece]:
            domains[cell] &= ~kill
            state.suspect(1 << cell)
        state.placed |= tables.piece_mask[piece]


def strike(state: HeterominoState, piece: int) -> None:
    """Kill ``piece``: take its bit out of its three cells and queue them for
    ``fit``. Raises Contradiction with ``("empty", cell)`` when a cell is left
    with nothing."""
    tables = state.tables
    domains = state.domains
    for cell, bit in zip(tables.piece_cells[piece], tables.piece_bits[piece], strict=True):
        domains[cell] &= ~bit
        if not domains[cell]:
            raise Contradiction(("empty", cell))
    state.suspect(tables.piece_mask[piece])


POSITION_ZERO = sum(1 << (3 * shape) for shape in range(6))
"""One bit per piece: its first cell (position 0 of each shape's three bits)."""


def alive_pieces(state: HeterominoState) -> list[int]:
    """Every piece still possible and not yet drawn, in id order."""
    tables = state.tables
    domains = state.domains
    piece_at = tables.piece_at
    found = []
    open_cells = state.open_mask
    while open_cells:
        low = open_cells & -open_cells
        open_cells ^= low
        cell = low.bit_length() - 1
        firsts = domains[cell] & POSITION_ZERO
        while firsts:
            bit = firsts & -firsts
            firsts ^= bit
            found.append(piece_at[cell][bit.bit_length() - 1])
    found.sort()
    return found


def piece_of_cell(tables: Tables, cell: int, domain: int) -> int:
    """The piece covering ``cell`` in a settled domain."""
    return slot_piece(tables, cell, domain)


# -- reading a state -----------------------------------------------------------------


def solution_rows(puzzle: Heteromino, state: State) -> Rows:
    """The grid of a solved state: pieces numbered in reading order of their first cell."""
    assert isinstance(state, HeterominoState)
    tables = state.tables
    numbers = [0] * (puzzle.rows * puzzle.cols)
    number_of: dict[int, int] = {}
    for cell in tables.white:
        piece = piece_of_cell(tables, cell, state.domains[cell])
        numbers[cell] = number_of.setdefault(piece, len(number_of) + 1)
    cols = puzzle.cols
    return [numbers[r * cols : (r + 1) * cols] for r in range(puzzle.rows)]


def settled_cells(state: State) -> dict[int, int]:
    """Cells with one piece left, each mapped to that piece's code."""
    assert isinstance(state, HeterominoState)
    tables = state.tables
    settled = {}
    for cell in tables.white:
        dom = state.domains[cell]
        if dom and not dom & (dom - 1):
            piece = piece_of_cell(tables, cell, dom)
            settled[cell] = piece_code(tables.piece_anchor[piece], tables.piece_shape[piece])
    return settled


def position_state(puzzle: Heteromino, grid: Rows) -> HeterominoState:
    """The state with every drawn piece put down: three cells sharing a number
    that form a tromino on white cells (other groups fix nothing).

    The pieces' consequences are applied at once, so that the rules only
    report what follows from them. Pieces that break the rules (twins
    touching) leave an empty domain, which the first rule reports as a
    contradiction.
    """
    if len(grid) != puzzle.rows or any(len(row) != puzzle.cols for row in grid):
        raise PuzzleError(f"position is not {puzzle.rows}x{puzzle.cols}")
    state = new_state(puzzle)
    drawn = [state.tables.piece_of_cells(cells) for cells in number_groups(puzzle, grid).values()]
    put_down(state, [piece for piece in drawn if piece is not None])
    return state


def move_value(puzzle: Heteromino, position: Rows | None, cells: Sequence[int]) -> int:
    """The piece number a player writes in ``cells`` to draw a hint's piece: the
    smallest one no other cell of ``position`` uses.

    A hint's deduction names its piece by an internal code (anchor and shape,
    up to six times the cell count), which a position cannot hold; the
    position's own numbers are labels, so any unused one draws the piece
    alone. At most ``cells - 3`` other numbers are in use, so the number fits
    the position's bound (:func:`pencilbox.kind.entry_limit`).
    """
    if position is None:
        return 1
    cols, mine = puzzle.cols, set(cells)
    used = {
        value
        for r, row in enumerate(position)
        for c, value in enumerate(row)
        if value and r * cols + c not in mine and not puzzle.black[r * cols + c]
    }
    return next(number for number in range(1, len(used) + 2) if number not in used)
