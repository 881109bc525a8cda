"""Norinori's counters agree on random boards, and every deduction holds.

Every rung with search, the brute counter, SAT and the hybrid count the
same answers on 300 random boards (half planted, so that unique and
several-answer boards occur, as the soak draws them); every deduction of
every rung holds in every brute-force answer.
"""

from __future__ import annotations

import random

from crosscheck import frozen_all, imports_of
from pencilbox import counting, registry, solving
from pencilbox.engine import Contradiction, propagate
from pencilbox.puzzles.norinori import brute
from pencilbox.puzzles.norinori.state import SHADED, UNSHADED

KIND = registry.get("norinori")
LIMIT = 6


def draw(index: int):  # type: ignore[no-untyped-def]
    rng = random.Random(f"norinori-counters-{index}")
    rows, cols = rng.randint(3, 6), rng.randint(3, 6)
    return KIND.soak_board(rng, rows, cols)


BOARDS = [draw(index) for index in range(300)]


def test_the_brute_counter_shares_no_code_with_the_rules() -> None:
    """brute.py (behind ``brute_count``, the counter the others are checked
    against) imports no rules, state, tables, placements, engine or checker."""
    assert imports_of(brute) <= {"__future__", "...kind", ".model"}, imports_of(brute)


def test_every_counter_agrees_on_300_boards() -> None:
    outcomes = {"none": 0, "one": 0, "many": 0}
    for index, puzzle in enumerate(BOARDS):
        count, answers = KIND.brute_count(puzzle, LIMIT)
        truth = frozen_all(answers)
        outcomes["none" if count == 0 else "one" if count == 1 else "many"] += 1
        for rung in KIND.ladder.names:
            report = solving.solve(KIND, puzzle, rung=rung, limit=LIMIT)
            assert report.count == count, (index, rung)
            # at the limit each counter may stop at different answers
            assert count == LIMIT or frozen_all(report.solutions) == truth, (index, rung)
        for engine in ("sat", "hybrid"):
            report = counting.count(KIND, puzzle, limit=LIMIT, engine=engine)
            assert report.count == count, (index, engine)
            assert count == LIMIT or frozen_all(report.solutions) == truth, (index, engine)
        default = counting.count_default(KIND, puzzle, limit=LIMIT)
        assert default.count == count, index
    # unique boards are rare among random ones (7 of these 300), but they occur
    assert min(outcomes.values()) >= 5, outcomes


def test_every_deduction_holds_in_every_brute_answer() -> None:
    checked = 0
    for index, puzzle in enumerate(BOARDS[:150]):
        _, answers = KIND.brute_count(puzzle, 50)
        for rung in KIND.ladder.names:
            state = KIND.initial_state(puzzle)
            log: list = []
            try:
                propagate(state, KIND.ladder.rules(rung), log)
            except Contradiction:
                assert not answers, (index, rung)
                continue
            for step in log:
                if not step.writes:
                    continue
                for answer in answers:
                    for cell in step.cells:
                        shaded = answer[cell // puzzle.cols][cell % puzzle.cols] == 1
                        assert (step.value == SHADED) == shaded, (index, rung, step)
                        assert step.value in (SHADED, UNSHADED)
                checked += 1
    assert checked > 400, checked
