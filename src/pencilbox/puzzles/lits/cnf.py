"""LITS as CNF: a variable per open region's placement and per undecided cell.

The clauses, for the placements still live in each region's domain:

* exactly one placement per region (the tetromino it shades);
* a cell is shaded exactly when a chosen placement covers it;
* no 2×2 block of shaded cells;
* two placements of adjacent regions that touch with the same shape, or
  close a 2×2 together, are never both chosen (the pairs are read off the
  board's arc tables, :mod:`.tables`);
* with two or more regions, every tetromino touches a shaded cell of
  another region (a connectivity cut known in advance, one per placement);
* one mass, lazily: ``refine`` finds the components of a model's shading
  and rules out each but the largest as an island (:meth:`Encoder.island_cut`).

Given a propagated state (the hybrid), dead placements get no variable, a
region down to one placement gets none either (its cells are constants),
and so do cells every live placement of their region covers (shaded) or
none covers (unshaded); clauses are simplified against those constants.
On a board the rungs settled completely nothing is left but the one-mass
check of ``refine``. Which placements and cells get variables, and reading
a model back, is :mod:`.cnf_variables`.
"""

from __future__ import annotations

from typing import cast

from ...engine import State
from ...grid import indices
from ...sat.core import Clause, Encoding, at_most_one
from .cnf_variables import Variables
from .cut_cells import SEPARATING_CELL
from .mass import flood
from .model import Lits
from .state import LitsState
from .tables import Tables
from .touch import ONLY_NEIGHBOUR, OUT_OF_TOUCH

HYBRID_EXTRA = (OUT_OF_TOUCH, ONLY_NEIGHBOUR, SEPARATING_CELL)
"""Run after ``tetro`` as well, three rules from off the ladder, each a
consequence of the one mass that is cheap to propagate:

* ``out-of-touch``: a tetromino with no cell beside another region's
  possible shading goes (it empties the insides of big regions);
* ``only-neighbour``: a tetromino only one region could touch is touched
  by that region's (it ties the tetromino of a big region to the small
  regions inside it);
* ``separating-cell``: the cheap half of ``probe``'s cut-cell rule (a cell
  without which the shaded cells fall apart is shaded), one low-link
  search per pass; the full cut-cell rule finds the same cells on the
  published boards, at a greater cost.

What each of them leaves SAT on the published boards, and what they cost
and save, is measured in ``docs/lits-notes.md`` ("What the SAT hybrid
propagates first"). Checks are left out (see
:func:`pencilbox.counting.hybrid_rules`)."""


def encode(puzzle: Lits, state: State | None) -> Encoding:
    """The CNF of ``puzzle``, restricted to ``state``'s domains when one is given."""
    return encoder(puzzle, state).encoding()


def encoder(puzzle: Lits, state: State | None) -> Encoder:
    """The encoder :func:`encode` uses, for a caller that also wants to read
    variables back (see :meth:`Encoder.truth`)."""
    if state is None:
        tables = Tables.of(puzzle)
        return Encoder(tables, list(tables.full))
    return Encoder(cast(LitsState, state).tables, list(state.domains))


class _Unsatisfiable(Exception):
    """The constants alone break a rule: the encoding is the empty clause."""


class Encoder(Variables):
    """Builds the clauses for one board over its :class:`Variables`, and the
    island cuts ``refine`` adds. Call :meth:`encoding` once per encoder."""

    def __init__(self, tables: Tables, domains: list[int]) -> None:
        super().__init__(tables, domains)
        self.clauses: list[Clause] = []

    def encoding(self) -> Encoding:
        key = list(range(1, self.placement_count + 1))
        try:
            if not all(self.live):
                raise _Unsatisfiable
            self._one_placement_each()
            self._cells_follow_placements()
            self._no_square()
            self._no_touching_twins()
            self._touch_another_region()
            self._border_edges()
        except _Unsatisfiable:
            return Encoding(clauses=[[]], key=key, decode=self.decode, variables=self.pool.top)
        return Encoding(
            clauses=self.clauses,
            key=key,
            decode=self.decode,
            refine=self.refine,
            variables=self.pool.top,
            notes={"open_regions": len(self.open)},
        )

    # -- clauses -----------------------------------------------------------------

    def _one_placement_each(self) -> None:
        for region in self.open:
            pvars = self.pvars[region]
            self.clauses.append(pvars)
            self.clauses.extend(at_most_one(pvars, self.pool))

    def _cells_follow_placements(self) -> None:
        """x_c <-> OR(chosen placements covering c), for the undecided cells."""
        append = self.clauses.append
        cell_var = self.cell_var
        for region in self.open:
            covers: dict[int, list[int]] = {}
            for placed, pvar in zip(self.cells[region], self.pvars[region], strict=True):
                for cell in placed:
                    var = cell_var[cell]
                    if var:
                        append([-pvar, var])
                        if var in covers:
                            covers[var].append(pvar)
                        else:
                            covers[var] = [pvar]
            for var, lits in covers.items():
                append([-var, *lits])

    def _no_square(self) -> None:
        tables = self.tables
        cols = tables.grid.cols
        possible = self.possible
        anchors = (
            tables.square_anchors
            & possible
            & possible >> 1
            & possible >> cols
            & possible >> cols + 1
        )
        cell_var = self.cell_var
        append = self.clauses.append
        for top in indices(anchors):
            clause = [
                -cell_var[cell]
                for cell in (top, top + 1, top + cols, top + cols + 1)
                if cell_var[cell]
            ]
            if not clause:
                raise _Unsatisfiable  # four cells shaded whatever is chosen
            append(clause)

    def _no_touching_twins(self) -> None:
        """Clashing pairs from the arc tables, each region pair once (the
        relation is symmetric); a settled side turns a pair into a unit."""
        append = self.clauses.append
        live, domains = self.live, self.domains
        # per region: placement index -> negated variable (None: settled)
        negated: list[dict[int, int] | None] = [None] * len(live)
        for region in self.open:
            negated[region] = {
                index: -var for index, var in zip(live[region], self.pvars[region], strict=True)
            }
        tables = self.tables
        for region, arcs in enumerate(tables.arcs):
            mine = negated[region]
            dom = domains[region]
            tables.fill(region, dom)
            for other, table, free in arcs:
                if other < region:
                    continue
                theirs = domains[other]
                their_lits = negated[other]
                if mine is None:
                    # a settled side: the other's clashing placements are out
                    bad = theirs & ~table[live[region][0]]
                    if not bad:
                        continue
                    if their_lits is None:
                        raise _Unsatisfiable  # two settled tetrominoes clash
                    for clash in indices(bad):
                        append([their_lits[clash]])
                    continue
                rest = dom & ~free
                while rest:
                    low = rest & -rest
                    rest ^= low
                    index = low.bit_length() - 1
                    bad = theirs & ~table[index]
                    if not bad:
                        continue
                    lit = mine[index]
                    if their_lits is None:
                        append([lit])
                        continue
                    while bad:
                        clash = bad & -bad
                        bad ^= clash
                        append([lit, their_lits[clash.bit_length() - 1]])

    def _touch_another_region(self) -> None:
        """With two or more regions, each tetromino touches another region's shading."""
        tables = self.tables
        if len(self.live) < 2:
            return
        cell_var = self.cell_var
        region_of = tables.region_of
        orthogonal = tables.grid.orthogonal
        is_on = self.is_on()
        # per cell, worked out on first use (only the cells of live placements
        # are asked about): the literals of its possibly shaded neighbours in
        # other regions, or None when one of them is shaded in every candidate
        across: dict[int, list[int] | None] = {}
        append = self.clauses.append
        # the cells always shaded with an always-shaded neighbour in another
        # region: a settled tetromino with one of them touches the mass for sure
        joined = self.on & tables.across_border(self.on)
        region_mask = tables.region_mask
        for region, placed_list in enumerate(self.cells):
            pvars = self.pvars[region]
            if not pvars and joined & region_mask[region]:
                continue
            for number, placed in enumerate(placed_list):
                halo: list[int] = []
                for cell in placed:
                    if cell in across:
                        lits = across[cell]
                    else:
                        lits = []
                        for n in orthogonal[cell]:
                            if region_of[n] == region:
                                continue
                            if is_on[n]:
                                lits = None
                                break
                            if cell_var[n]:
                                lits.append(cell_var[n])
                        across[cell] = lits
                    if lits is None:
                        break
                    halo += lits
                else:
                    # a cell beside two of the tetromino's cells is listed twice
                    unique = list(dict.fromkeys(halo)) if len(halo) > 1 else halo
                    if pvars:
                        append([-pvars[number], *unique])
                    elif unique:
                        append(unique)
                    else:
                        raise _Unsatisfiable  # a settled tetromino walled in

    def _border_edges(self) -> None:
        """A literal per edge between two regions' possibly shaded cells, true
        only when both are shaded (the island cuts are written with them): the
        other cell's variable when one end is always shaded, else a new
        variable implying both. An edge between two always shaded cells gets
        none (:meth:`island_cut` reads a missing edge as always true)."""
        tables = self.tables
        cols = tables.grid.cols
        cell_var = self.cell_var
        possible = self.possible
        append = self.clauses.append
        pool = self.pool
        edge_lit = self.edge_lit
        on = self.on
        for starts, step in (
            (possible & possible >> 1 & tables.border_east & ~(on & on >> 1), 1),
            (possible & possible >> cols & tables.border_south & ~(on & on >> cols), cols),
        ):
            for a in indices(starts):
                b = a + step
                va, vb = cell_var[a], cell_var[b]
                if va and vb:
                    var = edge_lit[a, b] = pool.new()
                    append([-var, va])
                    append([-var, vb])
                else:
                    edge_lit[a, b] = va or vb

    def refine(self, true: set[int]) -> list[Clause]:
        """Island cuts when the shading falls apart; [] when it is one mass."""
        shaded = self.shading(self.chosen(true))
        parts = []
        rest = shaded
        while rest:
            part = flood(rest & -rest, shaded, self.tables)
            parts.append(part)
            rest &= ~part
        if len(parts) <= 1:
            return []
        # one cut per component but the largest: cutting every island but one
        # is enough to rule this model out, and the largest one's cut is long
        parts.remove(max(parts, key=int.bit_count))
        region_of = self.tables.region_of
        cuts = []
        for part in parts:
            cut = self.island_cut({region_of[cell] for cell in indices(part)})
            assert cut is not None, "an island touches the rest of the shading"
            cuts.append(cut)
        return cuts

    def island_cut(self, regions: set[int]) -> Clause | None:
        """The shading of ``regions`` (an island) must touch another region's shading.

        Sound: every region shades four cells, so in any answer the shading
        of a set R of regions, not all of them, is a proper part of one
        connected mass: some shaded cell of a region in R lies beside a
        shaded cell of a region outside R. The clause lists those border
        edges. It names no placement, so it rules R out as an island
        whichever tetrominoes its regions hold (and implies the cut "not all
        of these placements, or a cell beside them shaded").
        """
        tables = self.tables
        region_mask = tables.region_mask
        inside = 0
        for region in regions:
            inside |= region_mask[region]
        cols = tables.grid.cols
        mine = inside & self.possible
        outside = self.possible & ~inside
        edge_lit = self.edge_lit
        clause: Clause = []
        # border edges leaving ``inside`` to the right, left, below and above
        for shifted, step in (
            (mine << 1 & tables.not_first_col, 1),
            (mine >> 1 & tables.not_last_col, -1),
            (mine << cols, cols),
            (mine >> cols, -cols),
        ):
            for b in indices(shifted & outside):
                a = b - step
                lit = edge_lit.get((a, b) if a < b else (b, a), 0)
                if not lit:
                    return None  # both ends always shaded: ``regions`` are never an island
                clause.append(lit)
        return clause
