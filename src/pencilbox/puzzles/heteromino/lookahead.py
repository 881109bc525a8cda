"""The hybrid's own narrowing: ``fit`` and a one-piece lookahead, before encoding.

:func:`tighten` is what the CNF encoder (:mod:`.cnf`) runs on the hybrid's
state: it kills every piece whose drawing would leave some cell with no
candidate, and feeds the deaths back to ``fit``, to a fixpoint. Which pieces
can empty a cell depends only on the cell's domain, so the kill templates are
turned round once into per-bit entry sets (:func:`_killer_entries`) and a
cell's killers are three table lookups away (:data:`BY_CHUNK`).
"""

from __future__ import annotations

import functools
import operator

from ...engine import Contradiction, State
from ...grid import members
from .model import SHAPES
from .pieces import SLOTS, place_template
from .rules import Settled, fit, settle
from .state import HeterominoState
from .tables import layout_for

SHAPE_COUNT = len(SHAPES)


def _killer_entries() -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]:
    """The kill templates as one list, and for each domain bit the entries holding it.

    Entry ``k`` is (shape, d_row, d_col): drawing a piece of that shape kills
    some pieces in the cell at (d_row, d_col) from its anchor. A cell outside
    the piece there is left with nothing when its domain lies inside the
    entry's bits, so the entries that can empty a cell with domain ``d`` are
    those holding every bit of ``d``: the AND over ``d``'s bits of
    ``BY_BIT[bit]`` (a bitset over entries). A piece's own cells are left out:
    they keep the piece's own bit.
    """
    entries: list[tuple[int, int, int]] = []
    by_bit = [0] * SLOTS
    for shape in range(SHAPE_COUNT):
        own = set(SHAPES[shape])
        for dr, dc, bits in place_template(shape):
            if (dr, dc) in own:
                continue
            for bit in range(SLOTS):
                if bits >> bit & 1:
                    by_bit[bit] |= 1 << len(entries)
            entries.append((shape, dr, dc))
    return tuple(entries), tuple(by_bit)


KILLER_ENTRIES, BY_BIT = _killer_entries()
KILLER_SLOT = tuple(3 * shape for shape, _, _ in KILLER_ENTRIES)
"""Per entry: the domain slot of the killing piece's first cell."""


@functools.lru_cache(maxsize=32)
def _killer_back(wide: int) -> tuple[int, ...]:
    """Per entry: where the killing piece's anchor is, relative to the cell,
    on a padded index ``wide`` columns across (built once per size, not per
    :func:`tighten`)."""
    return tuple(dr * wide + dc for _, dr, dc in KILLER_ENTRIES)


CHUNK = 6
BY_CHUNK = tuple(
    tuple(
        functools.reduce(
            operator.and_,
            (BY_BIT[CHUNK * k + bit] for bit in range(CHUNK) if value >> bit & 1),
            (1 << len(KILLER_ENTRIES)) - 1,
        )
        for value in range(1 << CHUNK)
    )
    for k in range(SLOTS // CHUNK)
)
"""``BY_BIT`` ANDed over every bit of a 6-bit slice of a domain, per slice: the
entries that can empty a cell are three lookups away."""


def tighten(state: State) -> HeterominoState:
    """A copy of ``state`` narrowed by ``fit`` and a one-piece lookahead, to a fixpoint.

    The lookahead kills every piece whose drawing would leave some cell with
    nothing: every candidate of that cell overlaps the piece or is its twin.
    That covers one- and two-cell pockets cut off by a piece, and ``hetero``
    (a piece touching a cell whose candidates all share its shape). It is
    what the solver's unit propagation would find from each piece, but done
    here it takes the dead pieces out of the CNF: on the shared boards it
    settles every cell, on the bank boards it about halves what ``fit``
    leaves. It works from the cells: which pieces can empty a cell depends
    only on the cell's domain (see :func:`_killer_entries`), and after the
    first sweep only cells whose domain changed are looked at again.

    Raises Contradiction when the state has no answer.
    """
    if not isinstance(state, HeterominoState):
        raise TypeError(f"a Heteromino state is needed, not {type(state).__name__}")
    tight = state.copy()
    fit(tight, None)
    _lookahead(tight)
    return tight


def _lookahead(state: HeterominoState) -> None:
    """Kill pieces whose drawing empties a cell, then ``fit``, until nothing dies."""
    tables = state.tables
    domains = state.domains
    piece_at = tables.piece_at
    piece_cells = tables.piece_cells
    piece_bits = tables.piece_bits
    piece_mask = tables.piece_mask
    layout = layout_for(tables.puzzle.rows, tables.puzzle.cols)
    real, wide, cols = layout.real, layout.wide, tables.puzzle.cols
    back = _killer_back(wide)
    first_slot = KILLER_SLOT
    low_six, mid_six, high_six = BY_CHUNK
    origin = layout.padded(0)
    todo = tables.white_mask & ~state.placed
    while todo:
        struck = 0  # cells of the pieces killed this sweep
        while todo:
            low = todo & -todo
            todo ^= low
            cell = low.bit_length() - 1
            dom = domains[cell]
            if not dom & (dom - 1):
                continue  # drawn, or left to fit
            found = low_six[dom & 63] & mid_six[dom >> 6 & 63] & high_six[dom >> 12]
            if not found:
                continue
            here = (cell // cols) * wide + cell % cols + origin
            while found:
                low_entry = found & -found
                found ^= low_entry
                entry = low_entry.bit_length() - 1
                anchor = real[here - back[entry]]
                if anchor < 0:
                    continue
                piece = piece_at[anchor][first_slot[entry]]
                if piece < 0:
                    continue
                a, b, c = piece_cells[piece]
                bit_a, bit_b, bit_c = piece_bits[piece]
                left_a, left_b, left_c = domains[a], domains[b], domains[c]
                if not (left_a & bit_a and left_b & bit_b and left_c & bit_c):
                    continue  # dead already
                left_a &= ~bit_a
                left_b &= ~bit_b
                left_c &= ~bit_c
                if not (left_a and left_b and left_c):
                    raise Contradiction(("empty", a if not left_a else b if not left_b else c))
                domains[a], domains[b], domains[c] = left_a, left_b, left_c
                struck |= piece_mask[piece]
        if not struck:
            return
        done = Settled(state.placed, state.hetero_done)
        settle(domains, tables, list(members(struck)), done, hetero=False, track=True)
        state.placed = done.placed
        changed = struck | done.changed
        state.suspect(changed)
        todo = changed & ~done.placed
