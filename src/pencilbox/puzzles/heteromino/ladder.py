"""Heteromino's ladder, declared once: fit, region, hetero, probe (cheapest first)."""

from __future__ import annotations

from ...engine import Ladder, Rung
from .probe import PROBE
from .region import REGION
from .rules import FIT, HETERO

LADDER = Ladder(
    (
        Rung("fit", (FIT,), "pieces must fit; a cell with one piece left gets it"),
        Rung("region", (REGION,), "fit plus: open regions hold multiples of 3 cells"),
        Rung("hetero", (HETERO,), "region plus: a cell's one shape bars it from its neighbours"),
        Rung("probe", (PROBE,), "hetero plus: a piece whose drawing leads to a contradiction dies"),
    )
)
