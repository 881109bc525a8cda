"""The Heteromino checker (``checker.py``): each broken rule named, from the rule text."""

from __future__ import annotations

import sys
from pathlib import Path

from pencilbox.puzzles.heteromino import KIND

sys.path.insert(0, str(Path(__file__).parent))
from test_heteromino_rules import board  # noqa: E402


def test_checker_names_each_broken_rule() -> None:
    puzzle = board("#... ...#")
    solution = [[0, 1, 2, 2], [1, 1, 2, 0]]
    assert KIND.check(puzzle, solution) == []
    cases = {
        "uncovered": (0, 1, 0),
        "black": (0, 0, 1),
        "too-small": (0, 1, 99),
        "too-big": (1, 2, 1),
        "split": (0, 3, 1),
    }
    for rule, (row, col, value) in cases.items():
        grid = [line.copy() for line in solution]
        grid[row][col] = value
        found = KIND.check(puzzle, grid)
        assert rule in {v.rule for v in found}, (rule, found)
        assert all(v.message and "\n" not in v.message for v in found)
    assert [v.rule for v in KIND.check(puzzle, solution[:1])] == ["shape"]


def test_checker_too_big_and_same_shape() -> None:
    puzzle = board("...... ......")
    assert {v.rule for v in KIND.check(puzzle, [[1] * 6, [2] * 6])} == {"too-big"}
    bars = [[1, 1, 1, 2, 2, 2], [3, 3, 3, 4, 4, 4]]
    twins = [v for v in KIND.check(puzzle, bars) if v.rule == "same-shape"]
    assert len(twins) == 4  # 1-2, 1-3, 2-4, 3-4
    assert "horizontal bar" in twins[0].message


def test_black_cells_keep_twins_apart() -> None:
    puzzle = board("...#...")
    assert KIND.check(puzzle, [[1, 1, 1, 0, 2, 2, 2]]) == []
    assert KIND.brute_count(puzzle, 5)[0] == 1
