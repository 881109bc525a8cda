"""``halo``: the hybrid's own Norinori rule, dominoes that would crowd out a region.

A shaded cell is half of a domino, and a domino's *halo* (the cells that
share an edge with it) stays unshaded. So a domino can stand only where

* both its cells may be shaded and no shaded cell touches it but its own;
* inside one region, that region has no shaded cell outside it (else three);
* its halo leaves every region at least two cells to shade. A region with
  three cells left that may be shaded (none or one of them shaded) needs all
  but one of them, so a domino touching two of those cells cannot stand.

A cell no domino that can stand covers stays unshaded; a shaded cell with one
such domino left shades the domino's other cell, and one with none breaks
the rules. The person rules look at a cell and its neighbours; the last
condition is what they miss (a region of three beside a region of three, say,
whose dominoes each crowd the other out), and it is the cheap part of what
``placements`` finds by trying regions' pairs against each other.

It is no rung: :data:`.cnf.HYBRID_EXTRA` runs it after ``person``, so that
fewer cells reach the solver. Without a log it works on the whole board's
masks at once, with the person rules' own mask fixpoint (:mod:`.sweep`)
between its steps; with a log it takes one step, in words, and leaves the
person rules to follow it cell by cell. Both reach the same fixpoint.
"""

from __future__ import annotations

from ...engine import Contradiction, Log, Rule, State
from ...grid import Mask, indices
from .places import Why, log_marks
from .state import SHADED, UNSHADED, as_nori, settled_masks
from .sweep import fixpoint, write
from .tables import Tables


def step(tables: Tables, shaded: Mask, unshaded: Mask) -> tuple[Mask, Mask]:
    """The cells one ``halo`` step shades and unshades beyond ``shaded`` and
    ``unshaded``; Contradiction when a shaded cell has no domino left."""
    cols, board = tables.grid.cols, tables.grid.board
    may = board & ~unshaded
    across, down = fitting(tables, shaded, unshaded)
    # a domino as the cell it starts at: ``across`` at its left cell, ``down`` at its top
    from_left, from_right = across, across << 1
    from_top, from_bottom = down, down << cols
    any_ = from_left | from_right | from_top | from_bottom
    if stuck := shaded & ~any_:
        cell = (stuck & -stuck).bit_length() - 1
        raise Contradiction(
            Why(f"the shaded cell {tables.label(cell)} has no domino left that fits", (cell,))
        )
    two = (
        from_left & from_right
        | from_top & from_bottom
        | (from_left | from_right) & (from_top | from_bottom)
    )
    one = shaded & ~two
    new_shaded = (one & from_left) << 1 | (one & from_right) >> 1
    new_shaded |= (one & from_top) << cols | (one & from_bottom) >> cols
    return new_shaded & ~shaded, may & ~shaded & ~any_


def fitting(tables: Tables, shaded: Mask, unshaded: Mask) -> tuple[Mask, Mask]:
    """The dominoes that can stand beside these marks (see the module's
    docstring): across, each at its left cell, and down, each at its top cell.
    Every domino of every answer that keeps the marks is among them, at any
    marks, fixpoint or not. The last answer is kept on the tables: the
    encoder asks for the fixpoint's, which halo's last step worked out."""
    key = (shaded, unshaded)
    last = tables.fitting_last
    if last is not None and last[0] == key:
        return last[1]
    found = _fitting(tables, shaded, tables.grid.board & ~unshaded)
    tables.fitting_last = key, found
    return found


def _fitting(tables: Tables, shaded: Mask, may: Mask) -> tuple[Mask, Mask]:
    """The dominoes that can stand (see the module's docstring): across, each
    at its left cell, and down, each at its top cell."""
    shape = tables.grid
    cols, board, not_first, not_last = shape.cols, shape.board, shape.not_first, shape.not_last
    empty = 0  # the cells of regions with no shaded cell
    crowd_across = crowd_down = 0  # dominoes whose halo crowds a region out
    crowds = tables.crowds
    for inside in tables.region_mask:
        marked = inside & shaded
        if not marked:
            empty |= inside
        elif marked & (marked - 1):
            continue  # two shaded: the region is done
        left = inside & may & ~marked
        if left.bit_count() != (2 if marked else 3):
            continue
        crowd = crowds.get(left)
        if crowd is None:
            crowd = crowds[left] = _crowding(tables, left)
        crowd_across |= crowd[0]
        crowd_down |= crowd[1]
    within_across, within_down = tables.inner_dominoes
    above, below = (shaded << cols) & board, shaded >> cols
    left_, right = (shaded << 1) & not_first, (shaded >> 1) & not_last
    across = may & may >> 1 & not_last
    across &= ~(above | below | left_) & ~((above | below | right) >> 1)
    across &= ~within_across | empty | shaded | shaded >> 1
    down = may & may >> cols
    down &= ~(above | left_ | right) & ~((below | left_ | right) >> cols)
    down &= ~within_down | empty | shaded | shaded >> cols
    return across & ~crowd_across, down & ~crowd_down


def _crowding(tables: Tables, left: Mask) -> tuple[Mask, Mask]:
    """The dominoes (across, down) that touch two of ``left``, the two or three
    cells a region has left to shade all but one of, and contain neither."""
    shape = tables.grid
    cols, touch_across, touch_down = shape.cols, shape.touch_across, shape.touch_down
    cells = indices(left)
    across = down = 0
    for i, j in ((0, 1),) if len(cells) == 2 else ((0, 1), (0, 2), (1, 2)):
        a, b = cells[i], cells[j]
        pair = 1 << a | 1 << b
        across |= touch_across[a] & touch_across[b] & ~(pair | pair >> 1)
        down |= touch_down[a] & touch_down[b] & ~(pair | pair >> cols)
    return across, down


def settle(tables: Tables, shaded: Mask, unshaded: Mask) -> tuple[Mask, Mask]:
    """The person rules and ``halo`` to their joint fixpoint, on masks, from
    the person rules' fixpoint (``shaded`` and ``unshaded``)."""
    region_of = tables.region_of
    while True:
        more_shaded, more_unshaded = step(tables, shaded, unshaded)
        if not (more_shaded or more_unshaded):
            return shaded, unshaded
        if clash := more_shaded & more_unshaded:
            cell = (clash & -clash).bit_length() - 1
            raise Contradiction(f"{tables.label(cell)} would be shaded and unshaded")
        regions = {region_of[cell] for cell in indices(more_shaded | more_unshaded)}
        shaded, unshaded = fixpoint(tables, shaded | more_shaded, unshaded | more_unshaded, regions)


def halo(state: State, log: Log) -> bool:
    """Settle what the dominoes that can still stand leave (module docstring)."""
    state = as_nori(state)
    tables = state.tables
    if log is None:
        # propagation runs this rule once the person rules are silent: the
        # marks are at their fixpoint, which settle() starts from
        known = settled_masks(state)
        if known == tables.halo_fixpoint:
            return False
        shaded, unshaded = settle(tables, *known)
        tables.halo_fixpoint = shaded, unshaded
        if (shaded, unshaded) == (state.shaded, state.unshaded):
            return False
        # the domains said no more than the masks (read just above), and each
        # new cell narrows its region's domain as marking it would
        write(state, shaded, unshaded)
        return True
    new_shaded, new_unshaded = step(tables, state.shaded, state.unshaded)
    if not (new_shaded or new_unshaded):
        return False
    state.shade(new_shaded)
    state.unshade(new_unshaded)
    why = "(a domino touching a shaded cell, or leaving a region under two cells, cannot)"
    marks = (
        (new_unshaded, UNSHADED, f"no domino that can stand covers these cells {why}"),
        (new_shaded, SHADED, f"each is the only domino left for a shaded cell beside it {why}"),
    )
    log_marks(log, "halo", marks)
    return True


HALO = Rule(
    "halo",
    halo,
    "a domino stands only where nothing shaded touches it and every region keeps two cells",
)
