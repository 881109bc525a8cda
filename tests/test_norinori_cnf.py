"""Norinori's CNF with settled cells: its answers are the brute answers that agree with them.

The hybrid hands the encoder only states that ``person`` propagated; here
the encoder gets any marks (some cells shaded, some unshaded, drawn from a
brute answer or at random, so that boards with no answer left occur), which
reach every way a settled cell or neighbour simplifies a clause. Counting
the encoding must give exactly the brute answers that agree with the marks.
"""

from __future__ import annotations

import random

from crosscheck import frozen_all
from pencilbox import registry
from pencilbox.puzzles.norinori import cnf
from pencilbox.sat.core import count_models

KIND = registry.get("norinori")
LIMIT = 50


def marks_from(rng: random.Random, answer: list[list[int]] | None, rows: int, cols: int):  # type: ignore[no-untyped-def]
    """A player's grid: 1 shaded, 2 unshaded, 0 unknown; true to ``answer`` when given."""
    grid = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if rng.random() < 0.4:
                shaded = answer[r][c] if answer is not None else rng.random() < 0.3
                grid[r][c] = 1 if shaded else 2
    return grid


def agrees(answer: list[list[int]], marks: list[list[int]]) -> bool:
    return all(
        mark == 0 or (mark == 1) == bool(value)
        for row, marked in zip(answer, marks, strict=True)
        for value, mark in zip(row, marked, strict=True)
    )


def test_the_encoding_of_marked_cells_counts_the_brute_answers_that_agree() -> None:
    seen = {"none": 0, "one": 0, "many": 0}
    for index in range(300):
        rng = random.Random(f"norinori-cnf-{index}")
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        puzzle = KIND.soak_board(rng, rows, cols)
        count, answers = KIND.brute_count(puzzle, 10_000)
        true_to = answers[0] if answers and index % 3 else None
        marks = marks_from(rng, true_to, rows, cols)
        expected = [answer for answer in answers if agrees(answer, marks)]
        encoding = cnf.encode(puzzle, KIND.position_state(puzzle, marks))
        found = count_models(encoding, LIMIT)
        assert found.count == min(len(expected), LIMIT), index
        if len(expected) < LIMIT:
            assert found.exhaustive and frozen_all(found.solutions) == frozen_all(expected), index
        seen["none" if not expected else "one" if len(expected) == 1 else "many"] += 1
    assert min(seen.values()) >= 20, seen


def test_the_bare_board_has_a_variable_per_cell_and_no_clause_twice() -> None:
    rng = random.Random("norinori-cnf-bare")
    for _ in range(50):
        puzzle = KIND.soak_board(rng, rng.randint(2, 8), rng.randint(2, 8))
        encoding = cnf.encode(puzzle, None)
        assert list(encoding.key) == list(range(1, puzzle.rows * puzzle.cols + 1))
        clauses = [tuple(sorted(clause)) for clause in encoding.clauses]
        assert len(set(clauses)) == len(clauses)
