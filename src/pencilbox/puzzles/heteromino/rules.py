"""Heteromino's solving state and its four rungs: fit, region, hetero, probe.

A white cell's variable is the piece that covers it; its domain is the set of
pieces still possible there (see :mod:`.pieces` for the bit layout). Black
cells are fixed one-value variables the rules never look at.

Domains are kept *piece-consistent*: every narrowing in this module removes a
piece from all three of its cells at once (the precomputed kill lists name
every cell of every piece they remove). The only other narrowing is the
engine's search fixing one cell to one piece, and ``fit`` -- the first rule --
turns that at once into drawing the piece, which kills every overlapping
piece in all of its cells. So "a piece survives only if all three of its
cells still have it" holds by construction and needs no pass of its own.

The rungs (each includes those below it):

* ``fit`` -- a cell with one piece left forces it: its other cells get it,
  overlapping pieces die, same-shape pieces sharing an edge with it die.
* ``region`` -- the open (undrawn) white cells fall into connected regions;
  each must hold a multiple of three cells. A piece whose drawing would cut
  its region into parts that are not all multiples of three is dead (parts
  are flooded only so far; see :func:`cuts_pocket`).
* ``hetero`` -- if every piece left for a cell has the same shape, whoever
  owns the cell has that shape, so every piece of that shape touching the
  cell (but not covering it) is dead.
* ``probe`` -- assume a piece, propagate with the rungs below, kill it on a
  contradiction (singleton consistency), to a fixpoint; see :mod:`.probe`.

The ladder itself is declared in :mod:`.ladder`.
"""

from __future__ import annotations

from typing import Self

from ...engine import Contradiction, Deduction, Log, Rule, State
from ...grid import members
from .model import SHAPE_NAMES, Heteromino
from .pieces import GROUP, SLOTS, Board, Tables, ring_parts, shape_of_domain, slot_piece, tables_for

BLACK_DOMAIN = 1 << SLOTS
"""A black cell's domain: one value, so the engine treats it as settled, and
a bit that no piece uses, so the kill lists (laid over black cells too, see
:class:`.pieces.Layout`) never touch it."""


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


# -- the propagation core, shared by the rules and by probing -----------------


class Settled:
    """What :func:`settle` did: the new bookkeeping, and (if asked) the cells it
    read (for probing's memory) and the cells whose domains it changed."""

    __slots__ = ("placed", "hetero_done", "reads", "changed")

    def __init__(self, placed: int, hetero_done: int) -> None:
        self.placed = placed
        self.hetero_done = hetero_done
        self.reads = 0
        self.changed = 0


def settle(
    domains: list[int],
    tables: Tables,
    todo: list[int],
    done: Settled,
    hetero: bool,
    log: Log = None,
    track: bool = False,
) -> None:
    """Run ``fit`` (and ``hetero`` if asked) from the cells in ``todo`` to a fixpoint.

    ``done`` carries the placed / hetero-done bitsets in and out; it collects
    the cells read always, and the cells changed when ``track`` is set.
    Raises Contradiction with ``("empty", cell)``. This is the hot loop of
    the solver, so the kill lists are applied inline.
    """
    piece_at = tables.piece_at
    place_kill = tables.place_kill
    place_reads = tables.place_reads
    piece_mask = tables.piece_mask
    hetero_at = tables.hetero_at
    placed = done.placed
    hdone = done.hetero_done
    reads = 0
    changed = 0
    while todo:
        cell = todo.pop()
        if placed >> cell & 1:
            continue
        dom = domains[cell]
        if not dom & (dom - 1):
            if not dom:
                raise Contradiction(("empty", cell))
            piece = piece_at[cell][dom.bit_length() - 1]
            reads |= place_reads[piece]
            placed |= piece_mask[piece]
            kill = place_kill[piece]
        elif hetero and not hdone >> cell & 1:
            shape = (dom.bit_length() - 1) // 3
            if dom & ~(GROUP << 3 * shape):
                continue  # candidates of more than one shape
            piece = -1
            hdone |= 1 << cell
            laid = hetero_at[6 * cell + shape] or tables.hetero(cell, shape)
            kill = laid[0]
            reads |= laid[1]
        else:
            continue
        gone = 0
        for other, bits in kill:
            was = domains[other]
            if was & bits:
                now = was & ~bits
                if not now:
                    raise Contradiction(("empty", other))
                domains[other] = now
                todo.append(other)
                if track or log is not None:
                    gone |= 1 << other
        changed |= gone
        if log is not None:
            if piece >= 0:
                log.append(_drawn(tables, cell, piece))
            elif gone:
                log.append(_hetero_step(tables, cell, shape, gone))
    done.placed = placed
    done.hetero_done = hdone
    done.reads |= reads
    done.changed |= changed


def _drawn(tables: Tables, cell: int, piece: int) -> Deduction:
    return Deduction(
        "only-piece",
        tables.piece_cells[piece],
        f"{tables.grid.label(cell)} can only be covered by {tables.describe(piece)}",
        because=(cell,),
        writes=True,
        value=tables.code(piece),
    )


def _hetero_step(tables: Tables, cell: int, shape: int, gone: int) -> Deduction:
    name = SHAPE_NAMES[shape]
    return Deduction(
        "hetero",
        tuple(members(gone)),
        f"every piece left for {tables.grid.label(cell)} is a {name}, so no other {name} "
        f"may touch it: pieces die at {tables.grid.labels(members(gone))}",
        because=(cell,),
    )


# -- fit -------------------------------------------------------------------------


def fit(state: State, log: Log) -> bool:
    """A cell with one piece left: draw it (its cells get it, overlapping and
    same-shape touching pieces die)."""
    assert isinstance(state, HeterominoState)
    domains = state.domains
    placed = state.placed
    suspects = state.suspects
    if suspects is None:
        candidates: list[int] | tuple[int, ...] = state.tables.white
    else:
        candidates = list(members(suspects & ~placed)) if suspects else []
    todo = [cell for cell in candidates if not domains[cell] & (domains[cell] - 1)]
    # ``settle`` runs to a fixpoint from ``todo``: every cell it narrows it
    # also examines, so no unplaced cell is left with one piece.
    state.suspects = 0
    if not todo:
        return False
    done = Settled(placed, state.hetero_done)
    settle(domains, state.tables, todo, done, hetero=False, log=log)
    state.placed = done.placed
    return True


# -- region ------------------------------------------------------------------------


POCKET_LIMIT = 12
"""Largest part cut off by a piece that ``region`` floods to its end.

Cutting pieces are common (on the 25x25 noqx board 560 of 910 pieces split
their region) and the floods are most of the rung's cost. A part larger than
this is still judged when it is the only large one (see :func:`cuts_pocket`)."""

POSITION_ZERO = sum(1 << (3 * shape) for shape in range(6))  # one bit per piece: its first cell


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


def judge_parts(board: Board, parts: list[int], inside: int, limit: int) -> tuple[int, int]:
    """Find a part of ``inside`` that is not a multiple of 3 cells, among the
    parts holding ``parts`` (disjoint connected seeds).

    The seeds are flooded side by side, one step at a time, merging those that
    meet, until at most one is still growing. Every region of the board holds
    a multiple of 3 cells (``region`` checks that first) and so do the cells
    taken out of it, so if every finished part is a multiple of 3, so is the
    last one, whatever its size. A part that outgrows ``limit`` stops growing;
    once two have, the rest is left unjudged (sound: a check skipped).

    Returns the first part found that is not a multiple of 3 (0 if none) and
    every cell flooded. The answer depends only on those cells and their
    border: the one part never finished is a single part of its region, and
    splitting it would take a change among them.
    """
    growing = parts
    large = 0  # the parts that outgrew the limit, as one mask
    large_count = 0
    flooded = 0  # every cell a finished part holds
    while len(growing) + large_count > 1:
        still = []
        for part in growing:
            grown = board.grow(part) & inside
            if grown == part:
                flooded |= part
                if part.bit_count() % 3:
                    return part, flooded
            elif grown & large:
                large |= grown  # met a large part: the same part
            elif grown.bit_count() > limit:
                large |= grown
                large_count += 1
            else:
                still.append(grown)
        growing = []
        for part in still:  # merge the parts that met
            for index, other in enumerate(growing):
                if part & other:
                    growing[index] = part | other
                    break
            else:
                growing.append(part)
        if large_count > 1:
            break
    for part in growing:
        flooded |= part
    return 0, flooded | large


def cuts_pocket(tables: Tables, piece: int, open_cells: int) -> tuple[int, int]:
    """Would drawing ``piece`` leave a part of its region that is not a multiple
    of 3? Returns such a part (0 if none is found) and the cells looked at.

    The open cells around the piece fall into groups (:func:`.pieces.ring_parts`);
    one group means the piece cannot split its region (any path through it
    can go round it). Otherwise the parts the groups lie in are judged by
    :func:`judge_parts`, with parts of more than POCKET_LIMIT cells left
    growing only while another part is still unfinished.
    """
    ring_cells = tables.ring_cells[piece]
    ring = tables.ring_mask[piece]
    if ring & ~open_cells:
        pattern = 0
        for index, cell in enumerate(ring_cells):
            if cell >= 0 and open_cells >> cell & 1:
                pattern |= 1 << index
    else:
        pattern = tables.ring_pattern(piece)  # nothing drawn around it
    groups = ring_parts(tables.piece_shape[piece], pattern)
    if len(groups) < 2:
        return 0, ring
    seeds = []
    for group in groups:
        part = 0
        while group:
            low = group & -group
            group ^= low
            part |= 1 << ring_cells[low.bit_length() - 1]
        seeds.append(part)
    board = tables.board
    rest = open_cells & ~tables.piece_mask[piece]
    bad, flooded = judge_parts(board, seeds, rest, POCKET_LIMIT)
    return bad, ring | board.grow(flooded)


def region(state: State, log: Log) -> bool:
    """Open regions must hold multiples of 3 cells; a piece whose drawing would
    leave a part of its region that is not a multiple of 3 dies.

    See :func:`cuts_pocket` for which parts are judged. Each piece's answer
    depends only on the cells it looked at, so it is noted and reused until
    one of them changes.
    """
    assert isinstance(state, HeterominoState)
    tables = state.tables
    board = tables.board
    open_cells = state.open_mask
    memo = state.region_memo
    if memo.seen == open_cells:
        return False  # every live piece was checked against these open cells
    left = open_cells
    while left:
        part = board.flood(left & -left, left)
        if part.bit_count() % 3:
            raise Contradiction(("region", part))
        left &= ~part
    if isinstance(memo.seen, int):
        memo.forget(memo.seen ^ open_cells)
    notes = memo.own()
    changed = False
    for piece in alive_pieces(state):
        if piece in notes:
            continue
        pocket, looked = cuts_pocket(tables, piece, open_cells)
        if not pocket:
            notes[piece] = looked
            continue
        strike(state, piece)
        changed = True
        if log is not None:
            log.append(
                Deduction(
                    "region",
                    tables.piece_cells[piece],
                    f"drawing {tables.describe(piece)} would cut off "
                    f"{_cells_words(tables, pocket)}, not a multiple of 3",
                    because=tuple(members(pocket)),
                )
            )
    memo.seen = open_cells
    return changed


# -- hetero ------------------------------------------------------------------------


def hetero(state: State, log: Log) -> bool:
    """Every piece left for a cell has one shape: no other piece of that shape
    may touch the cell."""
    assert isinstance(state, HeterominoState)
    tables = state.tables
    domains = state.domains
    hdone = state.hetero_done
    skip = state.placed | hdone
    todo = [
        cell
        for cell in tables.white
        if not skip >> cell & 1 and shape_of_domain(domains[cell]) >= 0
    ]
    if not todo:
        return False
    done = Settled(state.placed, hdone)
    settle(domains, tables, todo, done, hetero=True, log=log, track=True)
    state.placed = done.placed
    state.hetero_done = done.hetero_done
    return bool(done.changed)


def _cells_words(tables: Tables, mask: int) -> str:
    """``r1c1 r1c2 (2 cells)``, shortened past six cells."""
    cells = list(members(mask))
    more = " ..." if len(cells) > 6 else ""
    return f"{tables.grid.labels(cells[:6])}{more} ({len(cells)} cell{'s' * (len(cells) > 1)})"


def contradiction_cells(reason: object) -> tuple[int, ...]:
    """The cells a Contradiction raised by this module's rules points at."""
    if isinstance(reason, tuple) and len(reason) == 2 and isinstance(reason[1], int):
        return (reason[1],) if reason[0] == "empty" else tuple(members(reason[1]))
    return ()


def describe_contradiction(tables: Tables, reason: object) -> str:
    """Words for a Contradiction raised by this module's rules."""
    if isinstance(reason, tuple) and len(reason) == 2:
        what, where = reason
        if what == "empty" and isinstance(where, int):
            return f"no piece is left for {tables.grid.label(where)}"
        if what == "region" and isinstance(where, int):
            return f"the open cells {_cells_words(tables, where)} cannot be cut into trominoes"
    return "a contradiction"


def piece_of_cell(tables: Tables, cell: int, domain: int) -> int:
    """The piece covering ``cell`` in a settled domain."""
    return slot_piece(tables, cell, domain)


FIT = Rule("fit", fit, "a cell with one piece left gets it; overlapping and touching twins die")
REGION = Rule("region", region, "open regions hold multiples of 3; no piece may break that")
HETERO = Rule("hetero", hetero, "a cell whose pieces share one shape bars that shape around it")
