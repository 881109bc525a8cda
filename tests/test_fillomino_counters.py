"""Fillomino's counters agree on random boards.

Every rung with search, the brute counter (``brute.py``, which shares no
code with the rungs), plain SAT, the hybrid and the default solve count the
same answers, and the same answer sets, on 320 boards of sides 3 to 5 drawn
from string seeds: a third by the face's ``soak_board`` (planted in two of
three: a random partition showing some of its sizes; random givens in the
rest), a third by its ``random_board`` (random givens, most of which clash:
no answer), a third planted showing most sizes (so that unique boards are
common). A soak run (``--soak`` or ``PENCILBOX_SOAK=1``) draws 4000 more,
up to 6x6.

A failing board is named by its seed and text (``crosscheck.describe``).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from crosscheck import describe, engine_count, frozen_all, imports_of, sat_answers, seeds
from pencilbox import counting
from pencilbox.puzzles.fillomino import KIND, brute
from pencilbox.puzzles.fillomino.boards import planted_board
from pencilbox.puzzles.fillomino.model import Fillomino

LIMIT = 6
RUNGS = KIND.ladder.names
SEEDS = seeds("fillomino-counters", 320)
SOAK_SEEDS = seeds("soak-fillomino-counters", 4000)


@cache
def board_for(seed: str) -> Fillomino:
    """The board a seed names: sides 3 to 5 (6 in a soak); see the module's docstring."""
    rng = random.Random(seed)
    top = 6 if seed.startswith("soak-") else 5
    rows, cols = rng.randint(3, top), rng.randint(3, top)
    flavour = rng.randrange(3)
    if flavour == 0:
        return KIND.soak_board(rng, rows, cols)
    if flavour == 1:
        return KIND.random_board(rng, rows, cols)
    return planted_board(rng, rows, cols, reveal=rng.uniform(0.5, 0.8))


def test_the_brute_counter_shares_no_code_with_the_rules() -> None:
    """brute.py imports no rules, state, tables, placements, engine or checker."""
    assert imports_of(brute) <= {"__future__", "collections.abc", "...kind", ".model"}, imports_of(
        brute
    )


def agree(seed: str) -> str:
    """Count the seed's board with every counter; return how many answers it has
    ("none", "one", "many"), asserting that every counter agrees with brute force."""
    puzzle = board_for(seed)
    where = describe(KIND, seed, puzzle)
    count, answers = KIND.brute_count(puzzle, LIMIT)
    truth = frozen_all(answers)
    assert len(truth) == count, where
    for grid in answers:
        assert KIND.check(puzzle, grid) == [], where
    found = {rung: engine_count(KIND, puzzle, rung, LIMIT) for rung in RUNGS}
    for engine in ("sat", "hybrid"):
        found[engine] = sat_answers(KIND, puzzle, engine, LIMIT)
    default = counting.count_default(KIND, puzzle, LIMIT)
    found["default"] = (default.count, default.exhaustive, frozen_all(default.solutions))
    for name, (counted, exhaustive, grids) in found.items():
        assert counted == count, f"{name}: {counted} answers, brute force {count}\n{where}"
        assert exhaustive == (count < LIMIT), f"{name}: exhaustive {exhaustive}\n{where}"
        # at the limit each counter may stop at different answers
        if count < LIMIT:
            assert grids == truth, f"{name}: other answers than brute force\n{where}"
    return "none" if count == 0 else "one" if count == 1 else "many"


def test_every_counter_agrees_on_320_boards() -> None:
    outcomes = {"none": 0, "one": 0, "many": 0}
    for seed in SEEDS:
        outcomes[agree(seed)] += 1
    # each kind of board occurs often enough to matter (exact figures: the
    # seeds are fixed, so a change in the boards shows here)
    assert outcomes == {"none": 84, "one": 42, "many": 194}, outcomes


@pytest.mark.soak
@pytest.mark.parametrize("block", range(40))
def test_every_counter_agrees_in_a_soak(block: int) -> None:
    for seed in SOAK_SEEDS[block * 100 : (block + 1) * 100]:
        agree(seed)
