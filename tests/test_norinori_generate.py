"""The Norinori generator: unique puzzles (by the brute counter) whose
solution is the dominoes it placed, repeatable from a seed; the bank."""

from __future__ import annotations

import random

import pytest

from pencilbox import registry, solving
from pencilbox.errors import PuzzleError
from pencilbox.puzzles.norinori.boards import dominoes, flood, slides

KIND = registry.get("norinori")


@pytest.mark.parametrize("side", [4, 5, 6])
def test_generated_puzzles_are_unique_by_brute_force(side: int) -> None:
    for index in range(2):
        made = KIND.generate(random.Random(f"gen-{side}-{index}"), side, side, "walk")
        count, answers = KIND.brute_count(made.puzzle, 3)
        assert count == 1 and answers[0] == made.solution
        assert KIND.check(made.puzzle, made.solution) == []
        assert made.info["attempts"] >= 1


def test_generation_is_reproducible() -> None:
    first = KIND.generate(random.Random("again"), 6, 6, "walk")
    second = KIND.generate(random.Random("again"), 6, 6, "walk")
    assert first.puzzle == second.puzzle and first.solution == second.solution


def test_flooding_keeps_one_domino_per_region() -> None:
    rng = random.Random("flood")
    placed = dominoes(rng, 6, 6)
    labels = flood(rng, 6, 6, placed)
    shaded = {cell for pair in placed for cell in pair}
    for region in set(labels):
        assert sum(labels[cell] == region for cell in shaded) == 2
    assert all(label >= 0 for label in labels)


def test_a_slide_is_another_answer_differing_in_one_region() -> None:
    """A 1x4 strip of one region holding the domino at its left end: the
    domino may slide to the middle or the right end, so two slides."""
    labels = [0, 0, 0, 0]
    assert len(slides(1, 4, labels, {0, 1}, 0)) == 2
    # cut the strip in two regions of two: nothing can slide
    assert slides(1, 4, [0, 0, 1, 1], {0, 1}, 0) == []


def test_bad_arguments() -> None:
    with pytest.raises(PuzzleError):
        KIND.generate(random.Random(1), 3, 3, "walk")
    with pytest.raises(PuzzleError):
        KIND.generate(random.Random(1), 6, 6, "other")


def test_bank_is_unique_and_graded_as_recorded() -> None:
    bank = KIND.bank()
    assert len({record["url"] for record in bank}) == len(bank)
    for record in random.Random("grades").sample(bank, min(8, len(bank))):
        puzzle = KIND.from_json(record["json"])
        assert solving.grade(KIND, puzzle).as_json() == record["grade"]
