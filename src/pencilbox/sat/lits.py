"""LITS as CNF: a variable per open region's placement and per undecided cell.

The clauses, for the placements still live in each region's domain:

* exactly one placement per region (the tetromino it shades);
* a cell is shaded exactly when a chosen placement covers it;
* no 2×2 block of shaded cells;
* two placements of adjacent regions that touch with the same shape, or
  close a 2×2 together, are never both chosen (the pairs are read off the
  board's arc tables, :mod:`..puzzles.lits.tables`);
* with two or more regions, every tetromino touches a shaded cell of
  another region (a connectivity cut known in advance, one per placement);
* one mass, lazily: ``refine`` finds the components of a model's shading
  and rules out each but the largest as an island (:meth:`Encoder.island_cut`).

Given a propagated state (the hybrid), dead placements get no variable, a
region down to one placement gets none either (its cells are constants),
and so do cells every live placement of their region covers (shaded) or
none covers (unshaded); clauses are simplified against those constants.
On a board the rungs settled completely nothing is left but the one-mass
check of ``refine``.
"""

from __future__ import annotations

from typing import cast

from ..engine import State
from ..grid import Mask
from ..kind import Rows
from ..puzzles.lits.mass import flood
from ..puzzles.lits.model import Lits
from ..puzzles.lits.rules import LitsState
from ..puzzles.lits.tables import Tables
from .core import Clause, Encoding, Pool, at_most_one

HYBRID_RUNG = "tetro"
"""The rung the hybrid runs before encoding, chosen by ``benchmarks/sat_lits.py
--hybrid-rungs local,tetro,probe``: on the 47 published boards the hybrid's
total CPU time after ``tetro`` was 0.69x plain SAT's (``local`` 0.90x,
``probe`` 0.81x, whose probing costs more than it saves SAT on the big
boards), and no board was slower than plain."""

Edge = tuple[int, int]


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


def _bits(mask: int) -> list[int]:
    """The members of a bitset as a list (an inline loop: this is the hot path)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


_OFFSETS: dict[int, tuple[int, ...]] = {}
"""A placement's cells relative to its first cell, keyed by its bits shifted
down to that cell -- a small int, whatever the board. Bit operations on
board-sized ints are what makes encoding slow, so each pattern is taken
apart once per process."""


def _cells(mask: int) -> list[int]:
    """The cells of one placement (four bits of a possibly huge bitset)."""
    first = (mask & -mask).bit_length() - 1
    pattern = mask >> first
    offsets = _OFFSETS.get(pattern)
    if offsets is None:
        offsets = _OFFSETS[pattern] = tuple(_bits(pattern))
    return [first + offset for offset in offsets]


class _Unsatisfiable(Exception):
    """The constants alone break a rule: the encoding is the empty clause."""


class Encoder:
    """Builds the clauses for one board and keeps what ``decode``/``refine`` read.

    Cells fall in three sets: ``on`` (shaded in every candidate: covered by
    every live placement of their region), ``uncertain`` (covered by some
    live placements, not all: these get variables) and the rest (unshaded).
    ``possible`` is ``on | uncertain``. Call :meth:`encoding` once per encoder.
    """

    def __init__(self, tables: Tables, domains: list[int]) -> None:
        self.tables = tables
        self.clauses: list[Clause] = []
        self.live = [_bits(dom) for dom in domains]
        # per region and live placement: its cells (same order as ``live``)
        self.cells = [
            [_cells(tables.cells_of[region][index]) for index in indices]
            for region, indices in enumerate(self.live)
        ]
        self.open = [region for region, indices in enumerate(self.live) if len(indices) > 1]
        pool = self.pool = Pool()
        # variables: the open regions' placements first (they are the key), then cells
        self.pvars: list[list[int]] = [[] for _ in self.live]
        for region in self.open:
            self.pvars[region] = [pool.new() for _ in self.live[region]]
        self.placement_count = pool.top
        on = possible = 0
        for region, indices in enumerate(self.live):
            cells_of = tables.cells_of[region]
            must, can = -1, 0
            for index in indices:
                must &= cells_of[index]
                can |= cells_of[index]
            on |= must if indices else 0
            possible |= can
        self.on: Mask = on
        self.possible: Mask = possible
        self.cell_var = [0] * (tables.grid.rows * tables.grid.cols)
        for cell in _bits(possible & ~on):
            self.cell_var[cell] = pool.new()
        self.edge_lit: dict[Edge, int] = {}

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
        for top in _bits(anchors):
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
        live, pvars = self.live, self.pvars
        for region, arcs in enumerate(self.tables.arcs):
            indices = live[region]
            mine = pvars[region]
            for other, table, free in arcs:
                if other < region:
                    continue
                theirs = 0
                position: dict[int, int] = {}
                for number, index in enumerate(live[other]):
                    theirs |= 1 << index
                    position[index] = number
                their_vars = pvars[other]
                for number, index in enumerate(indices):
                    if free >> index & 1:
                        continue
                    bad = theirs & ~table[index]
                    for clash in _bits(bad):
                        lits = []
                        if mine:
                            lits.append(-mine[number])
                        if their_vars:
                            lits.append(-their_vars[position[clash]])
                        if not lits:
                            raise _Unsatisfiable  # two settled tetrominoes clash
                        append(lits)

    def _touch_another_region(self) -> None:
        """With two or more regions, each tetromino touches another region's shading."""
        tables = self.tables
        if len(self.live) < 2:
            return
        cell_var = self.cell_var
        region_of = tables.region_of
        on, possible = self.on, self.possible
        # per cell: the literals of its possibly shaded neighbours in other
        # regions, or None when one of them is shaded in every candidate
        across: list[list[int] | None] = []
        for cell, around in enumerate(tables.grid.orthogonal):
            lits: list[int] | None = []
            for n in around:
                if region_of[n] == region_of[cell] or not possible >> n & 1:
                    continue
                if on >> n & 1:
                    lits = None
                    break
                assert lits is not None
                lits.append(cell_var[n])
            across.append(lits)
        append = self.clauses.append
        for region, placed_list in enumerate(self.cells):
            pvars = self.pvars[region]
            for number, placed in enumerate(placed_list):
                halo: dict[int, None] = {}
                for cell in placed:
                    lits = across[cell]
                    if lits is None:
                        break
                    halo.update(dict.fromkeys(lits))
                else:
                    if pvars:
                        append([-pvars[number], *halo])
                    elif halo:
                        append(list(halo))
                    else:
                        raise _Unsatisfiable  # a settled tetromino walled in

    def _border_edges(self) -> None:
        """A literal per edge between two regions' possibly shaded cells, true
        only when both are shaded (the island cuts are written with them): the
        other cell's variable when one end is always shaded, else a new
        variable implying both."""
        tables = self.tables
        cols = tables.grid.cols
        region_of = tables.region_of
        cell_var = self.cell_var
        possible = self.possible
        append = self.clauses.append
        pool = self.pool
        edge_lit = self.edge_lit
        for starts, step in (
            (possible & possible >> 1 & tables.not_last_col, 1),
            (possible & possible >> cols, cols),
        ):
            for a in _bits(starts):
                b = a + step
                if region_of[a] == region_of[b]:
                    continue
                va, vb = cell_var[a], cell_var[b]
                if va and vb:
                    var = edge_lit[a, b] = pool.new()
                    append([-var, va])
                    append([-var, vb])
                else:
                    edge_lit[a, b] = va or vb  # 0: both always shaded

    def truth(self, shaded: Mask) -> dict[int, bool]:
        """The value of each placement, cell and border-edge variable in the
        answer that shades ``shaded`` (the at-most-one helpers left out): a
        way to check that a clause holds in a known answer."""
        values: dict[int, bool] = {}
        cells_of = self.tables.cells_of
        for region in self.open:
            for index, pvar in zip(self.live[region], self.pvars[region], strict=True):
                placed = cells_of[region][index]
                values[pvar] = shaded & self.tables.region_mask[region] == placed
        for cell, var in enumerate(self.cell_var):
            if var:
                values[var] = bool(shaded >> cell & 1)
        for (a, b), lit in self.edge_lit.items():
            if lit:
                values[lit] = bool(shaded >> a & 1 and shaded >> b & 1)
        return values

    # -- reading models ----------------------------------------------------------

    def chosen(self, true: set[int]) -> list[int]:
        """Per region, the position in ``live`` of the placement the model chose."""
        chosen = [0] * len(self.live)
        for region in self.open:
            for number, pvar in enumerate(self.pvars[region]):
                if pvar in true:
                    chosen[region] = number
                    break
        return chosen

    def shading(self, chosen: list[int]) -> Mask:
        shaded = self.on
        cells_of = self.tables.cells_of
        for region in self.open:
            shaded |= cells_of[region][self.live[region][chosen[region]]]
        return shaded

    def decode(self, true: set[int]) -> Rows:
        shaded = self.shading(self.chosen(true))
        cols = self.tables.grid.cols
        return [
            [shaded >> (r * cols + c) & 1 for c in range(cols)]
            for r in range(self.tables.grid.rows)
        ]

    def refine(self, true: set[int]) -> list[Clause]:
        """Island cuts when the shading falls apart; [] when it is one mass."""
        chosen = self.chosen(true)
        shaded = self.shading(chosen)
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
        return [self.island_cut(part, chosen) for part in parts]

    def island_cut(self, part: Mask, chosen: list[int]) -> Clause:
        """The regions shaded in ``part`` must touch another region's shading.

        Sound: every region shades four cells, so in any answer the shading
        of a set R of regions, not all of them, is a proper part of one
        connected mass: some shaded cell of a region in R lies beside a
        shaded cell of a region outside R. The clause lists those border
        edges. It names no placement, so it rules R out as an island
        whichever tetrominoes its regions hold (and implies the cut "not all
        of these placements, or a cell beside them shaded").
        """
        tables = self.tables
        cells_of = tables.cells_of
        inside = 0
        for region, indices in enumerate(self.live):
            if cells_of[region][indices[chosen[region]]] & part:
                inside |= tables.region_mask[region]
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
            for b in _bits(shifted & outside):
                a = b - step
                lit = edge_lit[(a, b) if a < b else (b, a)]
                # both ends always shaded would join ``part`` to the rest
                assert lit, "an island touches the rest of the shading"
                clause.append(lit)
        return clause
