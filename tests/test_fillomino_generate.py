"""The Fillomino generator: valid random partitions; carving that ends unique
and minimal against an oracle of our own (the brute counter, sharing no code
with the SAT oracle); the SAT oracle against the brute counter; generated
puzzles unique by brute force, graded at or below their mode's rung, and
repeatable from a seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pencilbox import formats, solving
from pencilbox.errors import PuzzleError
from pencilbox.puzzles.fillomino import KIND
from pencilbox.puzzles.fillomino import generate as gen
from pencilbox.puzzles.fillomino.brute import count as brute_count
from pencilbox.puzzles.fillomino.carving import STYLES, carve
from pencilbox.puzzles.fillomino.ladder import LADDER
from pencilbox.puzzles.fillomino.model import build, neighbours
from pencilbox.puzzles.fillomino.oracle import AnswerOracle
from pencilbox.puzzles.fillomino.partition import MIXES, grow


def brute_other(rows: int, cols: int, answer: Sequence[int]):  # type: ignore[no-untyped-def]
    """An oracle from the brute counter: another answer the givens allow, or None."""

    def other(givens: Sequence[int]) -> list[int] | None:
        _, found = brute_count(build(rows, cols, givens), 2)
        for grid in found:
            flat = [size for row in grid for size in row]
            if flat != list(answer):
                return flat
        return None

    return other


@pytest.mark.parametrize("mix", sorted(MIXES))
def test_partitions_are_valid_answers(mix: str) -> None:
    """Every region connected, and no two touching regions of one size, over 40 boards."""
    for index in range(40):
        rows, cols = 3 + index % 9, 4 + index % 7
        made = grow(random.Random(f"part:{mix}:{index}"), rows, cols, mix)
        assert sorted(cell for region in made.regions for cell in region) == list(
            range(rows * cols)
        )
        for cell in range(rows * cols):
            for other in neighbours(rows, cols, cell):
                same = made.labels[cell] == made.labels[other]
                assert same == (made.sizes[cell] == made.sizes[other])
        board = build(rows, cols, made.sizes)
        assert KIND.check(board, made.solution) == []


def test_a_partition_is_repeatable_from_its_seed() -> None:
    first = grow(random.Random("same"), 9, 7)
    assert first == grow(random.Random("same"), 9, 7)
    assert first != grow(random.Random("other"), 9, 7)


@pytest.mark.parametrize("style", STYLES)
def test_carving_ends_unique_and_minimal_by_brute_force(style: str) -> None:
    for index in range(3):
        rows, cols = 4, 4 + index
        part = grow(random.Random(f"carve:{style}:{index}"), rows, cols, "small")
        other = brute_other(rows, cols, part.sizes)
        carved = carve(random.Random(index), part.sizes, part.regions, other, style)
        assert other(carved.givens) is None  # unique
        for cell, given in enumerate(carved.givens):
            assert given in (0, part.sizes[cell])
            if given:  # every given is needed
                fewer = list(carved.givens)
                fewer[cell] = 0
                assert other(fewer) is not None, (style, index, cell)
        assert carved.questions >= 1


def test_the_sat_oracle_agrees_with_brute_force() -> None:
    """On random givens of random partitions: both say unique, or both find another answer."""
    seen = {True: 0, False: 0}
    for index in range(30):
        rng = random.Random(f"oracle:{index}")
        rows, cols = 3 + index % 3, 4
        part = grow(rng, rows, cols, "small")
        brute = brute_other(rows, cols, part.sizes)
        with AnswerOracle(rows, cols, part.sizes) as oracle:
            for _ in range(4):
                givens = [size if rng.random() < 0.4 else 0 for size in part.sizes]
                found = oracle.other(givens)
                unique = brute(givens) is None
                assert (found is None) == unique
                seen[unique] += 1
                if found is not None:  # a real answer, and another one
                    board = build(rows, cols, givens)
                    grid = [list(found[r * cols : (r + 1) * cols]) for r in range(rows)]
                    assert KIND.check(board, grid) == [] and list(found) != list(part.sizes)
    assert seen[True] and seen[False]


@pytest.mark.parametrize("mode", gen.MODES)
def test_generated_puzzles_are_unique_by_brute_force(mode: str) -> None:
    for side in (4, 5):
        made = KIND.generate(random.Random(f"gen:{mode}:{side}"), side, side, mode)
        count, answers = brute_count(made.puzzle, 2)
        assert count == 1 and answers[0] == made.solution
        assert made.info["givens"] == made.puzzle.given_count
        if mode != gen.MINIMAL:  # the mode's rung, or a cheaper one, finishes it
            rung = made.info["grade"]["rung"]
            assert LADDER.names.index(rung) <= LADDER.names.index(mode)


def test_generation_is_repeatable() -> None:
    first = KIND.generate(random.Random("again"), 6, 6, "reach")
    second = KIND.generate(random.Random("again"), 6, 6, "reach")
    assert first.puzzle == second.puzzle and first.solution == second.solution


def test_every_bank_puzzle_gets_the_grade_it_records() -> None:
    """A rung added to the ladder, or a rule changed, leaves the shipped grades true."""
    bank = KIND.bank()
    for record in bank:
        _, puzzle = formats.load(record["url"])
        assert solving.grade(KIND, puzzle).as_json() == record["grade"], record["id"]
    assert {record["grade"]["rung"] for record in bank} <= set(LADDER.names)


def test_the_face_declares_the_generators_modes_and_sides() -> None:
    assert KIND.generate_modes == gen.MODES
    assert KIND.generate_sides == (gen.MIN_SIDE, gen.MAX_SIDE)


def test_bad_arguments() -> None:
    with pytest.raises(PuzzleError, match="from 2x2 to 20x20, not 1x5"):
        KIND.generate(random.Random(1), 1, 5, "reach")
    with pytest.raises(PuzzleError, match="not 21x8"):
        KIND.generate(random.Random(1), 21, 8, "reach")
    with pytest.raises(PuzzleError, match="unknown generation mode 'other'"):
        KIND.generate(random.Random(1), 6, 6, "other")
