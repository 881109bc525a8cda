"""LITS's three rungs, weakest first.

``local``
    the puzzle as a solver that never leaves the cell sees it: count each
    region to four (a cell every remaining tetromino covers is shaded, a
    cell none covers is not) and never complete a 2×2 square. The weak
    rival, kept to be measured against. Two checks ride along that narrow
    nothing but reject a position once it breaks a rule outright (settled
    twins touching; a settled board in more than one mass), so that
    ``local`` + search counts solutions exactly like every other rung.
``tetro``
    adds arc consistency between the domains of adjacent regions (the
    touching-shapes and 2×2 rules as binary constraints) and the one-mass
    propagator (:mod:`.mass`), to a joint fixpoint.
``probe``
    adds assume-and-refute. First the cheap, targeted kind (``cut-cell``,
    :mod:`.cut_cells`): a cell the one shaded mass cannot do without --
    leave it unshaded and no connected part of the board can hold every
    shaded cell and a tetromino for every region -- is shaded. Then
    singleton consistency (:mod:`.probe`): a placement whose assumption
    makes the ``tetro`` rules fail is removed. The cut-cell rule runs
    between probes, not inside ``tetro`` where every probe trial would run
    it too: that placement was chosen by measurement (``docs/lits-notes.md``).
"""

from __future__ import annotations

from ...engine import Ladder, Rung
from .cut_cells import CUT_CELL
from .probe import PROBE
from .rules import LOCAL_RULES, TETRO_OWN_RULES

LADDER = Ladder(
    (
        Rung(
            "local",
            LOCAL_RULES,
            "count each region to four; no 2x2 (plus the checks that reject finished mistakes)",
        ),
        Rung(
            "tetro",
            TETRO_OWN_RULES,
            "local plus arc consistency between neighbours and the one-mass propagator",
        ),
        Rung(
            "probe",
            (CUT_CELL, PROBE),
            "tetro plus assume-and-refute: cut cells, then singleton consistency",
        ),
    )
)

HYBRID_RUNG = "tetro"
"""The rung the hybrid runs before encoding, chosen by ``benchmarks/sat_lits.py
--hybrid-rungs local,tetro,probe``: ``tetro`` (arc consistency between
neighbours and the one-mass propagator) beat ``local``, which prunes too
little to pay for itself, and ``probe``, whose probing costs more than it
saves SAT on the big boards."""
