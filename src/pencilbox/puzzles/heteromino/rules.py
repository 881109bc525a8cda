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
  its region into parts that are not all multiples of three is dead.
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
from .pieces import Kill, Tables, shape_of_domain, slot_piece

BLACK_DOMAIN = 1
"""A black cell's domain: one value, so the engine treats it as settled."""


class HeterominoState(State):
    """Domains plus bookkeeping that is a function of the search path.

    ``placed`` (cell bitset): cells whose piece has been drawn, i.e. its
    consequences applied. ``hetero_done`` (cell bitset): cells whose one
    shape has already cleared its same-shape neighbours. ``probe_reads`` and
    ``probe_seen`` are the probe rung's memory (see :mod:`.probe`); the dict
    is shared between a state and its copies until one of them writes.
    """

    __slots__ = ("placed", "hetero_done", "probe_reads", "probe_seen", "probe_shared")
    tables: Tables

    def __init__(
        self,
        domains: list[int],
        tables: Tables,
        placed: int = 0,
        hetero_done: int = 0,
        probe_reads: dict[int, int] | None = None,
        probe_seen: list[int] | None = None,
    ) -> None:
        super().__init__(domains, tables)
        self.placed = placed
        self.hetero_done = hetero_done
        self.probe_reads: dict[int, int] = probe_reads if probe_reads is not None else {}
        self.probe_seen = probe_seen
        self.probe_shared = False

    def copy(self) -> Self:
        self.probe_shared = True
        twin = type(self)(
            self.domains.copy(),
            self.tables,
            self.placed,
            self.hetero_done,
            self.probe_reads,
            self.probe_seen,
        )
        twin.probe_shared = True
        return twin

    @property
    def open_mask(self) -> int:
        """White cells whose piece has not been drawn."""
        return self.tables.white_mask & ~self.placed


def new_state(puzzle: Heteromino, tables: Tables | None = None) -> HeterominoState:
    """The untouched board: every fitting piece possible in each of its cells."""
    tables = tables or Tables.of(puzzle)
    domains = [d if not puzzle.black[c] else BLACK_DOMAIN for c, d in enumerate(tables.full)]
    return HeterominoState(domains, tables)


def draw(state: HeterominoState, piece: int) -> None:
    """Fix a piece in all three of its cells (the player drew it); may empty nothing
    yet -- ``fit`` applies its consequences. Contradiction if it is not possible."""
    tables = state.tables
    for cell, bit in zip(tables.piece_cells[piece], tables.piece_bits[piece], strict=True):
        state.fix(cell, bit)


# -- the propagation core, shared by the rules and by probing -----------------


def apply_kill(domains: list[int], kill: Kill, todo: list[int]) -> int:
    """Remove a kill list's pieces; queue changed cells; return them as a bitset."""
    changed = 0
    for cell, bits in kill:
        dom = domains[cell]
        if dom & bits:
            dom &= ~bits
            if not dom:
                raise Contradiction(("empty", cell))
            domains[cell] = dom
            todo.append(cell)
            changed |= 1 << cell
    return changed


class Settled:
    """What :func:`settle` did: the new bookkeeping and what it read and changed."""

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
) -> None:
    """Run ``fit`` (and ``hetero`` if asked) from the cells in ``todo`` to a fixpoint.

    ``done`` carries the placed / hetero-done bitsets in and out, and collects
    the cells read (for probing's memory) and changed. Raises Contradiction
    with ``("empty", cell)``.
    """
    piece_at = tables.piece_at
    place_kill = tables.place_kill
    place_reads = tables.place_reads
    piece_mask = tables.piece_mask
    hetero_kill = tables.hetero_kill
    hetero_reads = tables.hetero_reads
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
            changed |= apply_kill(domains, place_kill[piece], todo)
            if log is not None:
                log.append(_drawn(tables, cell, piece))
        elif hetero and not hdone >> cell & 1:
            shape = shape_of_domain(dom)
            if shape < 0:
                continue
            hdone |= 1 << cell
            reads |= hetero_reads[cell][shape]
            gone = apply_kill(domains, hetero_kill[cell][shape], todo)
            changed |= gone
            if gone and log is not None:
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
    todo = [
        cell
        for cell in members(state.tables.white_mask & ~placed)
        if not domains[cell] & (domains[cell] - 1)
    ]
    if not todo:
        return False
    done = Settled(placed, state.hetero_done)
    settle(domains, state.tables, todo, done, hetero=False, log=log)
    state.placed = done.placed
    return True


# -- region ------------------------------------------------------------------------


def regions(state: HeterominoState) -> list[int]:
    """The connected regions of open white cells, as cell bitsets."""
    board = state.tables.board
    left = state.open_mask
    found = []
    while left:
        region = board.flood(left & -left, left)
        found.append(region)
        left &= ~region
    return found


def doomed_pieces(tables: Tables, region: int) -> tuple[int, ...]:
    """Pieces inside ``region`` whose drawing leaves a part that is not a multiple of 3.

    Depends only on the region's cells, so the answer is cached per board.
    A piece whose open neighbours stay connected around it (within the ring
    of cells next to it) cannot split the region and is skipped quickly.
    """
    cached = tables.region_cache.get(region)
    if cached is not None:
        return cached
    board = tables.board
    found = []
    for piece in _pieces_inside(tables, region):
        mask = tables.piece_mask[piece]
        rest = region & ~mask
        touching = board.grow(mask) & rest
        if not touching:
            continue  # the piece is the whole region
        ring = board.grow(board.grow(mask)) & rest
        seed = touching & -touching
        if not touching & ~board.flood(seed, ring):
            continue
        while touching:
            part = board.flood(touching & -touching, rest)
            if part.bit_count() % 3:
                found.append(piece)
                break
            touching &= ~part
    result = tuple(found)
    if len(tables.region_cache) > 50_000:
        tables.region_cache.clear()
    tables.region_cache[region] = result
    return result


def _pieces_inside(tables: Tables, region: int) -> list[int]:
    inside = []
    for cell in members(region):
        for slot in range(0, 18, 3):  # position 0: the piece's first cell is ``cell``
            piece = tables.piece_at[cell][slot]
            if piece >= 0 and not tables.piece_mask[piece] & ~region:
                inside.append(piece)
    return inside


def region(state: State, log: Log) -> bool:
    """Open regions must hold multiples of 3 cells; a piece that would cut its
    region into parts that are not dies."""
    assert isinstance(state, HeterominoState)
    tables = state.tables
    domains = state.domains
    changed = False
    for part in regions(state):
        size = part.bit_count()
        if size % 3:
            raise Contradiction(("region", part))
        for piece in doomed_pieces(tables, part):
            cells, bits = tables.piece_cells[piece], tables.piece_bits[piece]
            if not domains[cells[0]] & bits[0]:
                continue
            for cell, bit in zip(cells, bits, strict=True):
                domains[cell] &= ~bit
                if not domains[cell]:
                    raise Contradiction(("empty", cell))
            changed = True
            if log is not None:
                log.append(
                    Deduction(
                        "region",
                        cells,
                        f"drawing {tables.describe(piece)} would cut its region of {size} "
                        "cells into parts that are not all multiples of 3",
                        because=tuple(members(part)),
                    )
                )
    return changed


# -- hetero ------------------------------------------------------------------------


def hetero(state: State, log: Log) -> bool:
    """Every piece left for a cell has one shape: no other piece of that shape
    may touch the cell."""
    assert isinstance(state, HeterominoState)
    tables = state.tables
    domains = state.domains
    hdone = state.hetero_done
    todo = [
        cell
        for cell in members(tables.white_mask & ~state.placed & ~hdone)
        if shape_of_domain(domains[cell]) >= 0
    ]
    if not todo:
        return False
    done = Settled(state.placed, hdone)
    settle(domains, tables, todo, done, hetero=True, log=log)
    state.placed = done.placed
    state.hetero_done = done.hetero_done
    return bool(done.changed)


def describe_contradiction(tables: Tables, reason: object) -> str:
    """Words for a Contradiction raised by this module's rules."""
    if isinstance(reason, tuple) and len(reason) == 2:
        what, where = reason
        if what == "empty" and isinstance(where, int):
            return f"no piece is left for {tables.grid.label(where)}"
        if what == "region" and isinstance(where, int):
            cells = list(members(where))
            return (
                f"the {len(cells)} open cells at {tables.grid.labels(cells[:6])}"
                f"{' ...' if len(cells) > 6 else ''} cannot be cut into trominoes"
            )
    return "a contradiction"


def piece_of_cell(tables: Tables, cell: int, domain: int) -> int:
    """The piece covering ``cell`` in a settled domain."""
    return slot_piece(tables, cell, domain)


FIT = Rule("fit", fit, "a cell with one piece left gets it; overlapping and touching twins die")
REGION = Rule("region", region, "open regions hold multiples of 3; no piece may break that")
HETERO = Rule("hetero", hetero, "a cell whose pieces share one shape bars that shape around it")
