"""Singleton consistency, the ``probe`` rung's rule.

Suppose a region shades one of its pairs and run the rules below
(``person`` and ``placements``); a pair whose supposition ends in a
contradiction is impossible.
"""

from __future__ import annotations

from ...engine import Contradiction, Deduction, Log, Rule, State, propagate
from ...grid import indices
from .placements import PLACEMENT_RULES
from .places import region_why
from .rules import PERSON_RULES
from .state import as_nori

BELOW = PERSON_RULES + PLACEMENT_RULES


def probe(state: State, log: Log) -> bool:
    """Suppose each pair of a region in turn; drop those the rules below refute.

    Regions are tried round-robin from where the last successful probe left
    off; the rule returns after the first region that loses something, so
    the cheaper rules run again before the next probe.
    """
    state = as_nori(state)
    tables = state.tables
    count = tables.region_count
    for step in range(count):
        region = (state.probe_from + step) % count
        dom = state.domains[region]
        if not dom & (dom - 1):
            continue
        dead = 0
        for index in indices(dom):
            trial = state.copy()
            try:
                trial.fix(region, 1 << index)
                propagate(trial, BELOW)
            except Contradiction:
                dead |= 1 << index
        if not dead:
            continue
        state.probe_from = region
        if dead == dom:
            raise Contradiction(region_why(tables, region, "has no pair that survives probing"))
        state.narrow(region, ~dead)
        if log is not None:
            pairs = "; ".join(tables.pair_words(region, index) for index in indices(dead))
            log.append(
                Deduction(
                    "probe",
                    tables.puzzle.region_cells[region],
                    f"supposing {tables.region_words(region)} shades {pairs} leads the rules "
                    "to a contradiction",
                )
            )
        return True
    return False


def option(state: State, region: int, value: int) -> tuple[str, tuple[int, ...]]:
    """A supposition of the probe in words: a region shading one pair."""
    tables = as_nori(state).tables
    index = value.bit_length() - 1
    words = f"{tables.region_words(region)} shades {tables.pair_words(region, index)}"
    return words, tables.pairs[region][index]


PROBE = Rule(
    "probe",
    probe,
    "a pair whose supposition makes the rules below fail goes",
    lookahead=True,
    option=option,
)
