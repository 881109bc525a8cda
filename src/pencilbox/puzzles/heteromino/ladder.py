"""Heteromino's ladder, declared once: fit, region, hetero, probe (cheapest first);
and the rung the hybrid SAT engine starts from."""

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

HYBRID_RUNG = "fit"
"""The rung the hybrid SAT engine runs before encoding: the cheapest; the
encoder (:func:`.cnf.encode`) then tightens the state itself with a one-piece
lookahead (:func:`.lookahead.tighten`). Declared here, beside the ladder, so
that the face names it without loading the encoder.

Why: ``fit`` alone prunes little, so the hybrid paid for engine 1's tables
and saved the solver almost nothing; the rungs that prune more (``region``'s
pocket floods) cost far more than they save. The lookahead kills every piece
whose drawing leaves some cell with no candidate -- what the solver's unit
propagation would find from that piece, and it covers one- and two-cell
pockets and ``hetero`` -- and feeds the deaths back to ``fit``. It is cheap
because it works from the cells and only revisits changed cells. It settles
every shared board outright and about halves what ``fit`` leaves on the bank
boards, so the solver loads and solves a CNF half the size. The measurements
behind the choice are in ``docs/heteromino-notes.md`` ("The hybrid's rung")."""
