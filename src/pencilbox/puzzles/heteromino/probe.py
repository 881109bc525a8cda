"""The probe rung: assume a piece, propagate, and kill it if that contradicts.

This is singleton consistency over the rungs below. A probe copies the
domains, draws the piece, runs ``fit`` and ``hetero`` to a fixpoint from it,
and then checks the region rule on the parts of regions next to the new
pieces (every other region is unchanged, and ``region`` has already passed
it); see :func:`.region.judge_parts` for how far parts are flooded. (The
region rung's pruning is not rerun inside a probe: a piece it would kill
cuts off a bad part, which the check finds after the probe draws the piece.)

Probing is what solves this puzzle, so it is made incremental. Each
successful probe records the cells it *read* (every cell whose domain or
open status its propagation looked at, as a bitset). Propagation is a
function of those cells alone, so the probe's outcome can only change once
one of them changes: a later pass re-probes only pieces whose recorded cells
changed since they were probed. The fixpoint is the same as re-probing every
piece every time. The records live on the state (``probe_memo``, with the
domains they were made against) so search nodes inherit their parent's.
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State
from .region import judge_parts
from .rules import Settled, contradiction_cells, describe_contradiction, settle
from .state import HeterominoState, alive_pieces
from .tables import Tables

POCKET_LIMIT = 48
"""Largest part a probe floods while another is unfinished (see
:func:`.region.judge_parts`); at least ``region``'s limit, so that probing
proves everything ``region`` does."""


def try_piece(state: HeterominoState, piece: int) -> int:
    """Probe one piece on a copy of the domains: the cells it read, or Contradiction."""
    tables = state.tables
    trial = state.domains.copy()
    cells = tables.piece_cells[piece]
    for cell, bit in zip(cells, tables.piece_bits[piece], strict=True):
        trial[cell] = bit
    done = Settled(state.placed, state.hetero_done)
    settle(trial, tables, list(cells), done, hetero=True)
    return done.reads | pocket_check(tables, done.placed, done.placed & ~state.placed)


def pocket_check(tables: Tables, placed: int, newly: int) -> int:
    """Raise Contradiction if drawing the ``newly`` placed cells left a part of
    a region that is not a multiple of 3 cells (judged as in
    :func:`.region.judge_parts`); return the cells looked at."""
    board = tables.board
    open_cells = tables.white_mask & ~placed
    around = board.grow(newly)
    seeds = around & open_cells
    band = seeds
    parts = []
    while seeds:  # seeds that meet along the border of the new pieces start as one
        part = board.flood(seeds & -seeds, band)
        parts.append(part)
        seeds &= ~part
    bad, flooded = judge_parts(board, parts, open_cells, POCKET_LIMIT)
    if bad:
        raise Contradiction(("region", bad))
    return around | board.grow(flooded)


def probe(state: State, log: Log) -> bool:
    """Kill every piece whose drawing leads to a contradiction in the rungs below.

    With a log, one pass probes every piece against the same domains and
    kills those that fail together (:func:`_logged_pass`), so that their
    consequences are told as separate (``fit``, ``hetero``) steps; without
    one, settle each kill at once and carry on to the fixpoint.
    """
    assert isinstance(state, HeterominoState)
    if log is not None:
        return _logged_pass(state, log)
    tables = state.tables
    domains = state.domains
    memo = state.probe_memo
    _forget_changed(state)
    reads = memo.own()
    todo = [piece for piece in alive_pieces(state) if piece not in reads]
    killed = False
    while todo:
        retry: list[int] = []
        for piece in todo:
            cells = tables.piece_cells[piece]
            bits = tables.piece_bits[piece]
            if piece in reads or not domains[cells[0]] & bits[0]:
                continue  # probed since it was queued, or dead
            if state.placed >> cells[0] & 1:
                continue  # drawn
            try:
                reads[piece] = try_piece(state, piece)
                continue
            except Contradiction:
                killed = True
            todo_cells = []
            for cell, bit in zip(cells, bits, strict=True):
                dom = domains[cell] & ~bit
                if not dom:
                    raise Contradiction(("empty", cell))
                domains[cell] = dom
                todo_cells.append(cell)
            changed = sum(1 << cell for cell in cells)
            state.suspect(changed)
            done = Settled(state.placed, state.hetero_done)
            settle(domains, tables, todo_cells, done, hetero=True, track=True)
            state.placed = done.placed
            state.hetero_done = done.hetero_done
            retry.extend(memo.forget(changed | done.changed))
        todo = sorted(set(retry))
    memo.seen = domains.copy()
    return killed


def _logged_pass(state: HeterominoState, log: list[Deduction]) -> bool:
    """Probe every live piece against the same domains, then kill those that failed.

    Each kill is refuted by the domains the pass began with, so each step
    stands on its own (a hint can tell each as its own supposition from that
    position), and one pass replaces a probe-kill-reprobe round per piece:
    the ladder run with a log (a hint's) costs a few passes, not one per kill.
    """
    tables = state.tables
    domains = state.domains
    memo = state.probe_memo
    _forget_changed(state)
    reads = memo.own()
    dead: list[tuple[int, object]] = []
    for piece in alive_pieces(state):
        if piece in reads or state.placed >> tables.piece_cells[piece][0] & 1:
            continue  # probed against these cells' domains already, or drawn
        try:
            reads[piece] = try_piece(state, piece)
        except Contradiction as contradiction:
            dead.append((piece, contradiction.args[0] if contradiction.args else None))
    changed = 0
    for piece, reason in dead:
        for cell, bit in zip(tables.piece_cells[piece], tables.piece_bits[piece], strict=True):
            dom = domains[cell] & ~bit
            if not dom:
                raise Contradiction(("empty", cell))
            domains[cell] = dom
            changed |= 1 << cell
        log.append(_probe_step(tables, piece, reason))
    if changed:
        state.suspect(changed)  # for fit: the pieces' cells narrowed
        memo.forget(changed)
    memo.seen = domains.copy()
    return bool(dead)


def _forget_changed(state: HeterominoState) -> None:
    """Drop the probe notes that read a cell whose domain changed since they were made."""
    seen = state.probe_memo.seen
    if isinstance(seen, list):
        domains = state.domains
        changed = 0
        for cell in state.tables.white:
            if domains[cell] != seen[cell]:
                changed |= 1 << cell
        if changed:
            state.probe_memo.forget(changed)


def _probe_step(tables: Tables, piece: int, reason: object) -> Deduction:
    return Deduction(
        "probe",
        tables.piece_cells[piece],
        f"drawing {tables.describe(piece)} leads to a contradiction: "
        f"{describe_contradiction(tables, reason)}",
        because=contradiction_cells(reason),
    )


def option_words(state: State, cell: int, bit: int) -> tuple[str, tuple[int, ...]]:
    """A hint's supposition "``cell`` is covered by the piece ``bit`` stands for", in
    the words and cells of :func:`_probe_step` (the piece, not a domain bit)."""
    assert isinstance(state, HeterominoState)
    tables = state.tables
    piece = tables.piece_at[cell][bit.bit_length() - 1]
    return (
        f"{tables.grid.label(cell)} is covered by {tables.describe(piece)}",
        tables.piece_cells[piece],
    )


PROBE = Rule(
    "probe",
    probe,
    "assume a piece, propagate; a contradiction kills it",
    lookahead=True,
    option=option_words,
)
