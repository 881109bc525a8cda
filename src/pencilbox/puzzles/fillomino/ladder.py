"""Fillomino's rungs, weakest first (the rules: :mod:`.rules`,
:mod:`.join`, :mod:`.placements`, :mod:`.probe`).

``closed``
    a complete region is closed: its neighbours cannot take its size. The
    rule also rejects an overfull region and an open one with no way out,
    so this rung with search already counts exactly.
``way-out``
    adds: an open region with one way out extends there; a cell that would
    join regions of its size into too many cells cannot take that size.
``reach``
    adds the distance and room bounds: a size reaches a cell only from an
    open region close enough, or as a new region with room around it.
``join``
    adds: two open regions of one size that cannot both be completed apart
    are one region (cells on every way between them take the size; cells
    the joined region cannot hold lose it).
``placements``
    adds whole-region placements: an open region grown in every way it can,
    keeping what every way shares and dropping what none takes.
``probe``
    adds probing: a size whose supposition the rules below refute goes.
"""

from __future__ import annotations

from ...engine import Ladder, Rung
from .join import JOIN
from .placements import PLACEMENTS
from .probe import PROBE
from .rules import CLOSED, ONLY_EXIT, REACH, ROOM, TOO_BIG

LADDER = Ladder(
    (
        Rung("closed", (CLOSED, ROOM), "a complete region's neighbours cannot take its size"),
        Rung(
            "way-out",
            (ONLY_EXIT, TOO_BIG),
            "closed plus: one way out is taken; no cell joins regions into too many cells",
        ),
        Rung("reach", (REACH,), "way-out plus how far each region reaches, and room for new ones"),
        Rung(
            "join",
            (JOIN,),
            "reach plus: two equal numbers are joined when their distance forces it",
        ),
        Rung("placements", (PLACEMENTS,), "join plus each open region grown every way it can"),
        Rung("probe", (PROBE,), "placements plus supposing a cell's size and refuting it"),
    )
)

HYBRID_RUNG = "reach"
"""The rung the hybrid propagates before encoding (see docs/fillomino-notes.md)."""

DEFAULT_RUNG = "reach"
"""The rung the default solve propagates before SAT (see docs/fillomino-notes.md).

Measured with ``benchmarks/fillomino_rungs.py --solve-rungs ...`` on the
largest janko boards: reach then SAT proves 790_30x45 unique in 0.44-0.59 s
of CPU, placements then SAT in 0.60-0.66 s (placements settles 1080 of its
1350 cells against reach's 597, but takes 0.4-0.5 s to, and SAT finishes
what reach leaves in about as long); on 800_23x37 0.17 s against 0.20 s."""
