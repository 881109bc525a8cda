"""Norinori's three rungs, weakest first.

``person``
    what a solver does looking at one region or one cell and its
    neighbours: ``count-two``, ``no-three``, ``one-way-out``, ``no-partner``
    (:mod:`.rules`). Together they also reject any finished mistake, so
    ``person`` + search counts answers exactly like the other rungs.
``placements``
    adds each region's pairs tried against the cells around it, and arc
    consistency between neighbouring regions' pairs (:mod:`.placements`).
``probe``
    adds singleton consistency: a pair whose supposition the rules below
    refute goes (:mod:`.probe`).
"""

from __future__ import annotations

from ...engine import Ladder, Rung
from .placements import PLACEMENT_RULES
from .probe import PROBE
from .rules import PERSON_RULES

LADDER = Ladder(
    (
        Rung(
            "person",
            PERSON_RULES,
            "count each region to two; no cell beside two shaded; one way out; no partner",
        ),
        Rung(
            "placements",
            PLACEMENT_RULES,
            "person plus each region's pairs against their surroundings, and arc consistency",
        ),
        Rung("probe", (PROBE,), "placements plus supposing each pair and refuting it"),
    )
)

HYBRID_RUNG = "person"
"""The rung the hybrid runs before encoding: the cheap one, followed by its own
``halo`` rule (:data:`.cnf.HYBRID_EXTRA`; see docs/norinori-notes.md)."""

DEFAULT_RUNG = "person"
"""The rung the default solve runs before SAT: on janko's 36x54 ``person``
then SAT proves uniqueness in about 0.15 s, where ``probe``'s fixpoint alone
takes seconds (docs/norinori-notes.md)."""
