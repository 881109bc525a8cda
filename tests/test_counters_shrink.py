"""Every counter agrees on boards that Hypothesis draws, so a disagreement shrinks.

The seeded soak (``test_soak.py``, ``pencilbox soak``) draws boards from
string seeds: a failure there is reproducible but arrives as whatever board
the seed made. Here the board's size and every random choice the type's
``soak_board`` makes come from Hypothesis (``st.randoms`` draws are
shrinkable), so a disagreement is reported on a smallest board Hypothesis
can find, with its URL and JSON in the failure message.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pencilbox import registry, soak

LIMIT = 8


def drawn_board(name: str, rng: random.Random, rows: int, cols: int) -> object | None:
    """The type's soak board, or None when no board of this size exists."""
    try:
        return registry.get(name).soak_board(rng, rows, cols)
    except ValueError:
        return None


@pytest.mark.parametrize("name", registry.names())
@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,  # the same examples every run: CI must not flake on a rare draw
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    rows=st.integers(soak.MIN_SIDE, 5),
    cols=st.integers(soak.MIN_SIDE, 5),
    rng=st.randoms(use_true_random=False),
)
def test_every_counter_agrees_on_drawn_boards(
    name: str, rows: int, cols: int, rng: random.Random
) -> None:
    kind = registry.get(name)
    puzzle = drawn_board(name, rng, rows, cols)
    if puzzle is None:
        event("no board of this size")
        return
    outcomes, problem = soak.count_everywhere(kind, puzzle, LIMIT)
    assert problem is None, f"{problem} on {kind.to_url(puzzle)} {kind.to_json(puzzle)}"
    count = next(iter(outcomes.values())).count
    event("no answer" if count == 0 else "unique" if count == 1 else "several answers")
    assert len(outcomes) >= 5  # brute force, at least two rungs, SAT and the hybrid


def test_a_wrong_counter_is_caught_and_named() -> None:
    """The comparison these tests rest on does fail: a counter that drops an
    answer is reported by name."""
    kind = registry.get(registry.names()[0])
    puzzle = kind.soak_board(random.Random("shrink"), 4, 4)
    outcomes, problem = soak.count_everywhere(kind, puzzle, LIMIT)
    assert problem is None
    first, *_ = outcomes
    broken = dict(outcomes)
    honest = outcomes[first]
    broken["dropping"] = soak.Outcome(
        honest.count + 1, honest.exhaustive, honest.answers, honest.seconds
    )
    found = soak.disagreement(broken)
    assert found is not None and "dropping" in found
