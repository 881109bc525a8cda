"""Heteromino's rules: the propagation core, ``fit`` and ``hetero``.

The rungs (each includes those below it; the ladder is declared in :mod:`.ladder`):

* ``fit`` -- a cell with one piece left forces it: its other cells get it,
  overlapping pieces die, same-shape pieces sharing an edge with it die.
* ``region`` -- the open (undrawn) white cells fall into connected regions;
  each must hold a multiple of three cells. A piece whose drawing would cut
  its region into parts that are not all multiples of three is dead (parts
  are flooded only so far); see :mod:`.region`.
* ``hetero`` -- if every piece left for a cell has the same shape, whoever
  owns the cell has that shape, so every piece of that shape touching the
  cell (but not covering it) is dead.
* ``probe`` -- assume a piece, propagate with the rungs below, kill it on a
  contradiction (singleton consistency), to a fixpoint; see :mod:`.probe`.

Every rule keeps the domains piece-consistent (see :mod:`.state`). :func:`settle`
is the loop ``fit`` and ``hetero`` share with probing and the hybrid's lookahead.
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State
from ...grid import members
from .model import SHAPE_NAMES
from .pieces import GROUP, shape_of_domain
from .state import HeterominoState
from .tables import Tables

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
    piece_at, piece_mask, hetero_at = tables.piece_at, tables.piece_mask, tables.hetero_at
    place_kill, place_reads = tables.place_kill, tables.place_reads
    placed, hdone = done.placed, done.hetero_done
    reads = changed = 0
    note = track or log is not None  # keep the cells each step changed
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
            kill, named = hetero_at[6 * cell + shape] or tables.hetero(cell, shape)
            reads |= named
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
                if note:
                    gone |= 1 << other
        changed |= gone
        if log is not None:
            _tell(log, tables, cell, piece, dom, gone)
    done.placed, done.hetero_done = placed, hdone
    done.reads |= reads
    done.changed |= changed


def _tell(log: list[Deduction], tables: Tables, cell: int, piece: int, dom: int, gone: int) -> None:
    """Log one step of :func:`settle`: ``piece`` drawn at ``cell`` (``piece >= 0``),
    else ``cell``'s one shape (read off its domain ``dom``) barred around it."""
    if piece >= 0:
        log.append(_drawn(tables, cell, piece))
    elif gone:
        log.append(_hetero_step(tables, cell, (dom.bit_length() - 1) // 3, gone))


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


def cells_words(tables: Tables, mask: int) -> str:
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
            return f"the open cells {cells_words(tables, where)} cannot be cut into trominoes"
    return "a contradiction"


FIT = Rule("fit", fit, "a cell with one piece left gets it; overlapping and touching twins die")
HETERO = Rule("hetero", hetero, "a cell whose pieces share one shape bars that shape around it")
