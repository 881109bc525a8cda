"""The region rung: open regions hold multiples of 3 cells, and no piece may break that.

The open (undrawn) white cells fall into connected regions; each must hold a
multiple of three cells. A piece whose drawing would cut its region into parts
that are not all multiples of three is dead. Parts are flooded only so far
(see :func:`cuts_pocket`); :func:`judge_parts` is shared with probing.
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State
from ...grid import members
from .pieces import ring_parts
from .rules import cells_words
from .state import HeterominoState, alive_pieces, strike
from .tables import Board, Tables

POCKET_LIMIT = 12
"""Largest part cut off by a piece that ``region`` floods to its end.

Cutting pieces are common (on the 25x25 noqx board 560 of 910 pieces split
their region) and the floods are most of the rung's cost. A part larger than
this is still judged when it is the only large one (see :func:`cuts_pocket`)."""


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
                    f"{cells_words(tables, pocket)}, not a multiple of 3",
                    because=tuple(members(pocket)),
                )
            )
    memo.seen = open_cells
    return changed


REGION = Rule("region", region, "open regions hold multiples of 3; no piece may break that")
