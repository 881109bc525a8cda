"""A test helper for LITS's board tables (:mod:`pencilbox.puzzles.lits.tables`)."""

from __future__ import annotations

from pencilbox.grid import members
from pencilbox.puzzles.lits.tables import Tables


def fill_every_row(tables: Tables) -> None:
    """Make every compatibility row of ``tables`` final, one placement at a
    time through :meth:`Tables.fill`, as solving fills them (for tests that
    read every row)."""
    for region, everything in enumerate(tables.full):
        for index in members(everything):
            tables.fill(region, 1 << index)
