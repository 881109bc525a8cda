"""The variables of LITS's CNF (:mod:`.cnf`), and reading a model back through them.

A variable per live placement of each open region (these come first: they
are the key), then one per cell some live placement covers and not every
one does, then the border-edge literals the encoder adds. A region down to
one placement gets none: its cells are constants.
"""

from __future__ import annotations

from ...grid import Mask, Rows, indices
from ...sat.core import Pool
from .tables import Tables

Edge = tuple[int, int]


class Variables:
    """Which placements and cells of one board get a variable, and what a model says.

    Cells fall in three sets: ``on`` (shaded in every candidate: covered by
    every live placement of their region), ``uncertain`` (covered by some
    live placements, not all: these get variables) and the rest (unshaded).
    ``possible`` is ``on | uncertain``.
    """

    def __init__(self, tables: Tables, domains: list[int]) -> None:
        self.tables = tables
        self.domains = domains
        # per region: its live placements, their cells (in the same order),
        # and, over the board, the cells every or some candidate shades
        self.live: list[list[int]] = []
        self.cells: list[list[tuple[int, int, int, int]]] = []
        self.open: list[int] = []
        on = possible = 0
        for region, dom in enumerate(domains):
            masks = tables.cells_of[region]
            if not dom & (dom - 1):  # settled (or empty: no candidate at all)
                live = [dom.bit_length() - 1] if dom else []
                if dom:
                    on |= masks[live[0]]
            else:
                live = indices(dom)
                self.open.append(region)
                must = -1
                for index in live:
                    must &= masks[index]
                    possible |= masks[index]
                on |= must
            self.live.append(live)
            listed = tables.cells_listed[region]
            self.cells.append([listed[index] for index in live])
        possible |= on
        pool = self.pool = Pool()
        # variables: the open regions' placements first (they are the key), then cells
        self.pvars: list[list[int]] = [[] for _ in self.live]
        # per placement variable (from 1): its region and its position in ``live``
        self.owner = [0]
        self.position = [0]
        for region in self.open:
            count = len(self.live[region])
            self.pvars[region] = [pool.new() for _ in range(count)]
            self.owner += [region] * count
            self.position += range(count)
        self.placement_count = pool.top
        self.on: Mask = on
        self.possible: Mask = possible
        self.cell_var = [0] * (tables.grid.rows * tables.grid.cols)
        for cell in indices(possible & ~on):
            self.cell_var[cell] = pool.new()
        # per border edge between possibly shaded cells: the literal true when
        # both ends are shaded (written by the encoder's border-edge clauses)
        self.edge_lit: dict[Edge, int] = {}

    def is_on(self) -> bytearray:
        """Per cell: 1 when it is shaded whatever is chosen (list lookups beat
        bit tests on a board-sized int in the per-cell loops)."""
        flags = bytearray(len(self.cell_var))
        for cell in indices(self.on):
            flags[cell] = 1
        return flags

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
        """Per region, the position in ``live`` of the placement the model chose
        (0 for a settled region: its one live placement)."""
        chosen = [0] * len(self.live)
        owner, position = self.owner, self.position
        last = self.placement_count
        # the placement variables come first: the true ones are a handful of
        # the model's members, where asking every variable costs thousands
        for var in true:
            if var <= last:
                chosen[owner[var]] = position[var]
        return chosen

    def shading(self, chosen: list[int]) -> Mask:
        shaded = self.on
        cells_of = self.tables.cells_of
        live = self.live
        for region in self.open:
            shaded |= cells_of[region][live[region][chosen[region]]]
        return shaded

    def decode(self, true: set[int]) -> Rows:
        shaded = self.shading(self.chosen(true))
        cols = self.tables.grid.cols
        return [
            [shaded >> (r * cols + c) & 1 for c in range(cols)]
            for r in range(self.tables.grid.rows)
        ]
