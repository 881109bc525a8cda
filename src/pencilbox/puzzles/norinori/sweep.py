"""The ``person`` rules run over the whole board at once, on its cell masks.

On the untouched board every region and every cell waits for the person
rules, and applying them a cell at a time (:mod:`.rules`) costs more than
SAT takes to finish a small board. Each of them is also a statement about
whole sets of cells: "the open cells beside two shaded cells" is a few
shifts and ands of the shaded mask (:class:`.tables.Grid`), whatever the
board's size. :func:`fixpoint` applies all four that way, round after
round, until none adds a cell: the same deductions, so the same fixpoint.

:data:`SWEEP` is the first rule of the ``person`` rung. It acts only when
every region waits for ``count-two`` (the first propagation of a board)
and no log is kept; later, when a change is a cell or two, the rules of
:mod:`.rules` pick up from where it leaves off, and a traced or hinted
propagation hears each rule in its own words.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import Contradiction, Log, Rule, State
from ...grid import Mask, indices, members
from .places import Why, region_why
from .state import as_nori
from .tables import Tables


def fixpoint(
    tables: Tables, shaded: Mask, unshaded: Mask, regions: Iterable[int] | None = None
) -> tuple[Mask, Mask]:
    """The shaded and unshaded cells the four person rules reach from
    ``shaded`` and ``unshaded``; Contradiction when they break a rule.
    ``count-two`` looks first at ``regions`` (all of them if None: the
    others must already be at its fixpoint), then at those that change.

    Within a round each rule reads the cells the rules before it marked, so
    a chain of deductions (a region shades its last two cells, beside them
    a cell goes, a shaded cell is left one way out) takes one round, not
    three. The rules only ever mark open cells; two that would mark one cell
    both ways show up as a rule broken by the later one's turn or the next
    round's, as it would have broken the rule marking the cell the other way."""
    shape = tables.grid
    cols, board, not_first, not_last = shape.cols, shape.board, shape.not_first, shape.not_last
    region_of = tables.region_of
    if regions is None:
        regions = range(len(tables.region_mask))
    while True:
        was_shaded, was_unshaded = shaded, unshaded
        new_shaded, new_unshaded = _count_two(tables, regions, shaded, unshaded)
        shaded |= new_shaded
        unshaded |= new_unshaded
        # which of its four neighbours is shaded, as four masks over the cells
        above, below = (shaded << cols) & board, shaded >> cols
        left_, right = (shaded << 1) & not_first, (shaded >> 1) & not_last
        beside = above | below | left_ | right
        two = above & below | left_ & right | (above | below) & (left_ | right)
        if crowded := shaded & two:
            raise _crowded(tables, crowded)
        paired = shaded & beside
        around = (paired << cols) & board | paired >> cols
        around |= (paired << 1) & not_first | (paired >> 1) & not_last
        unshaded |= (two | around) & ~shaded  # no-three
        # the same for the cells that may still be shaded
        open_ = board & ~unshaded
        up, down = (open_ << cols) & board, open_ >> cols
        west, east = (open_ << 1) & not_first, (open_ >> 1) & not_last
        reach = up | down | west | east
        lone = shaded & ~beside
        if stuck := lone & ~reach:
            cell = (stuck & -stuck).bit_length() - 1
            raise Contradiction(
                Why(
                    f"the shaded cell {tables.label(cell)} has no neighbour left to pair with",
                    (cell,),
                )
            )
        unshaded |= open_ & ~shaded & ~reach  # no-partner
        one_way = lone & ~(up & down | west & east | (up | down) & (west | east))
        if one_way:  # one-way-out: shade the one neighbour left
            shaded |= (one_way & up) >> cols | (one_way & down) << cols
            shaded |= (one_way & west) >> 1 | (one_way & east) << 1
        changed = shaded & ~was_shaded | unshaded & ~was_unshaded
        if not changed:
            return shaded, unshaded
        regions = {region_of[cell] for cell in indices(changed)}


def from_untouched(tables: Tables) -> tuple[Mask, Mask]:
    """:func:`fixpoint` from the untouched board, whose first ``count-two``
    round shades just the regions of two cells: read off the regions' sizes
    rather than counted region by region."""
    shaded = 0
    for inside, cells in zip(tables.region_mask, tables.puzzle.region_cells, strict=True):
        if len(cells) == 2:
            shaded |= inside
        elif len(cells) < 2:  # no board has one (every input form refuses it)
            return fixpoint(tables, 0, 0)
    return fixpoint(tables, shaded, 0, ())


def _count_two(
    tables: Tables, regions: Iterable[int], shaded: Mask, unshaded: Mask
) -> tuple[Mask, Mask]:
    """count-two over ``regions``: the cells it shades and unshades."""
    new_shaded = new_unshaded = 0
    for region in regions:
        inside = tables.region_mask[region]
        count = (shaded & inside).bit_count()
        if count >= 2:
            if count > 2:
                raise Contradiction(region_why(tables, region, "has three shaded cells"))
            new_unshaded |= inside & ~shaded & ~unshaded
            continue
        free = inside & ~shaded & ~unshaded
        left = count + free.bit_count()
        if left < 2:
            raise Contradiction(region_why(tables, region, "has no two cells left to shade"))
        if left == 2:
            new_shaded |= free
    return new_shaded, new_unshaded


def _crowded(tables: Tables, cells: Mask) -> Contradiction:
    cell = (cells & -cells).bit_length() - 1
    return Contradiction(
        Why(f"the shaded cell {tables.label(cell)} has two shaded neighbours", (cell,))
    )


def sweep(state: State, log: Log) -> bool:
    """The person rules' fixpoint from the untouched board, in one go.

    The regions' domains are narrowed to what the new cells leave, as the
    rules would narrow them. A region whose domain already said more than
    its marked cells (none on a board fresh from its tables) is left to
    ``count-two`` to read again; everything else the four rules would look
    at is done."""
    state = as_nori(state)
    tables = state.tables
    everything = (1 << tables.region_count) - 1
    if log is not None or state.dirty_count != everything:
        return False
    domains, full = state.domains, tables.full
    region_mask = tables.region_mask
    shaded, unshaded = state.shaded, state.unshaded
    deeper = 0  # regions whose domain is narrower than their marked cells say
    for region, dom in enumerate(domains):
        if dom != full[region]:
            must, can = state.must_and_can(region)
            shaded |= must
            unshaded |= region_mask[region] & ~can
            if dom != _read(tables, region, shaded, unshaded):
                deeper |= 1 << region
    shaded, unshaded = fixpoint(tables, shaded, unshaded)
    changed = write(state, shaded, unshaded)
    state.dirty_count = deeper
    return changed


def write(state: State, shaded: Mask, unshaded: Mask) -> bool:
    """Mark ``shaded`` and ``unshaded`` (the state's own marks and more, the
    person rules' fixpoint on masks) in the state at once: each new cell
    narrows its region's domain as marking it would, and nothing is left for
    the person rules' cell-by-cell bookkeeping to look at. True when a cell
    is new. The caller says which regions ``count-two`` should read."""
    state = as_nori(state)
    tables = state.tables
    domains, covering, region_of = state.domains, tables.covering, tables.region_of
    touched = set()
    for cell in indices(shaded & ~state.shaded):
        region = region_of[cell]
        domains[region] &= covering[cell]
        touched.add(region)
    for cell in indices(unshaded & ~state.unshaded):
        region = region_of[cell]
        domains[region] &= ~covering[cell]
        touched.add(region)
    for region in touched:
        dom = domains[region]
        if not dom:
            raise Contradiction(region)
        if not dom & (dom - 1):
            state.written |= 1 << region
    state.shaded, state.unshaded = shaded, unshaded
    state.fresh = state.look_out = state.look_partner = 0
    state.dirty_place = state.dirty_arcs = (1 << tables.region_count) - 1
    return bool(touched)


def _read(tables: Tables, region: int, shaded: Mask, unshaded: Mask) -> int:
    """The pairs of ``region`` its marked cells leave."""
    dom = tables.full[region]
    inside = tables.region_mask[region]
    for cell in members(shaded & inside):
        dom &= tables.covering[cell]
    for cell in members(unshaded & inside):
        dom &= ~tables.covering[cell]
    return dom


SWEEP = Rule(
    "person-sweep",
    sweep,
    "the person rules over the whole board at once (the first propagation only)",
)
