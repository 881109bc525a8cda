"""Probing, the ``probe`` rung's rule: suppose a cell takes one of its sizes,
run the rules below, and drop the size if they reach a contradiction.

Only cells with few sizes left are tried (:data:`WIDEST`): a person probes
"this is a 2 or a 3", not forty sizes, and the cost grows with each one.
Cells are tried round-robin from where the last successful probe left off;
the rule returns after the first cell that loses a size, so the cheaper
rules run again before the next probe.
"""

from __future__ import annotations

from ...engine import Contradiction, Log, Rule, State, propagate
from .join import JOIN
from .placements import PLACEMENTS
from .rules import CLOSED, ONLY_EXIT, REACH, ROOM, TOO_BIG
from .settled import as_state, drop
from .tables import Tables

BELOW = (CLOSED, ROOM, ONLY_EXIT, TOO_BIG, REACH, JOIN, PLACEMENTS)

WIDEST = 4
"""A cell with more sizes left than this is not probed."""


def probe(state: State, log: Log) -> bool:
    """Suppose each size of a cell in turn; drop those the rules below refute."""
    state = as_state(state)
    domains = state.domains
    count = len(domains)
    for offset in range(count):
        cell = (state.probe_from + offset) % count
        domain = domains[cell]
        if not domain & (domain - 1) or domain.bit_count() > WIDEST:
            continue
        dead = 0
        rest = domain
        while rest:
            low = rest & -rest
            rest ^= low
            trial = state.copy()
            try:
                trial.fix(cell, low)
                propagate(trial, BELOW)
            except Contradiction:
                dead |= low
        if not dead:
            continue
        state.probe_from = cell
        tables = state.tables
        sizes = _words(tables, cell, dead)
        why = f"supposing {sizes} leads the rules to a contradiction"
        return drop(state, cell, dead, log, "probe", why)
    return False


def _words(tables: Tables, cell: int, dead: int) -> str:
    from .settled import sizes_words

    return f"{tables.label(cell)} is {sizes_words(dead)}"


def option(state: State, cell: int, value: int) -> tuple[str, tuple[int, ...]]:
    """A supposition of the probe in words: a cell taking one size."""
    tables = as_state(state).tables
    return f"{tables.label(cell)} is {value.bit_length()}", (cell,)


PROBE = Rule(
    "probe",
    probe,
    "a size whose supposition makes the rules below fail goes",
    lookahead=True,
    option=option,
)
