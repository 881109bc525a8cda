"""Singleton consistency, the ``probe`` rung's last rule.

Assume a region holds one of its tetrominoes and run the ``tetro`` rules
(:data:`.rules.TETRO_RULES`); a tetromino whose assumption ends in a
contradiction is impossible.
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State, propagate
from ...grid import members
from .places import region_why
from .rules import TETRO_RULES
from .state import as_lits


def probe(state: State, log: Log) -> bool:
    """Singleton consistency: assume a region holds one tetromino, run the
    ``tetro`` rules; if they reach a contradiction, that tetromino is impossible.

    Regions are tried round-robin from where the last successful probe left
    off; the rule returns after the first region that loses something, so
    the cheap rules run again before the next probe, and reports no change
    only after a whole round without one.
    """
    state = as_lits(state)
    tables = state.tables
    count = tables.region_count
    for step in range(count):
        region = (state.probe_from + step) % count
        dom = state.domains[region]
        if not dom & (dom - 1):
            continue
        dead = 0
        rest = dom
        while rest:
            low = rest & -rest
            rest ^= low
            trial = state.copy()
            try:
                trial.fix(region, low)
                propagate(trial, TETRO_RULES)
            except Contradiction:
                dead |= low
        if not dead:
            continue
        state.probe_from = region
        if dead == dom:
            words = "has no tetromino that survives the tetro rung"
            raise Contradiction(region_why(tables, region, words))
        state.narrow(region, ~dead)
        if log is not None:
            words = tables.placements_words(region, dead)
            log.append(
                Deduction(
                    "probe",
                    tuple(members(tables.region_mask[region])),
                    f"assuming {tables.region_words(region)} holds {words} leads the tetro "
                    "rules to a contradiction",
                )
            )
        return True
    return False


PROBE = Rule(
    "probe",
    probe,
    "a tetromino whose assumption makes the tetro rules fail goes",
    lookahead=True,
)
