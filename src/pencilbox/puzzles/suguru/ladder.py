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
