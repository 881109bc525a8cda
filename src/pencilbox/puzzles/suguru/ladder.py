"""Suguru's ladder: singles, then the block witnesses (rules in :mod:`.rules`)."""

from __future__ import annotations

from ...engine import Ladder, Rung
from .rules import ONLY_CANDIDATE, ONLY_HOME, WITNESS

LADDER = Ladder(
    (
        Rung("singles", (ONLY_CANDIDATE, ONLY_HOME), "only-candidate and only-home"),
        Rung("witness", (WITNESS,), "singles plus block witnesses, inward and outward"),
    )
)

HYBRID_RUNG = "singles"
"""The rung the hybrid runs before encoding, then ``cnf.HYBRID_EXTRA``.

Chosen by measurement (``benchmarks/sat_small.py --sweep``; the figures are
in ``docs/suguru-notes.md``, "The hybrid"): witness settles more boards
than singles, but costs more than the SAT it saves.
"""
