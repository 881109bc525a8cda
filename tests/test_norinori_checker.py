"""The Norinori checker against a second formulation of the rules, on every
0/1 grid of small boards, and against pzprjs's wrong answers and failcodes.

pzprjs's test board and answers are ``tests/data/norinori/pzprjs_norinori.json``
(copied from the shared puzzle folder; its source is inside the file).
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from crosscheck import imports_of
from pencilbox import registry, solving
from pencilbox.codecs import pzprv3
from pencilbox.puzzles.norinori import checker
from pencilbox.puzzles.norinori.boards import random_board
from pencilbox.puzzles.norinori.model import Norinori
from pencilbox.puzzles.norinori.pzprv3 import PZPR_FAILCODES

KIND = registry.get("norinori")
DATA = Path(__file__).parent / "data" / "norinori"
PZPRJS = json.loads((DATA / "pzprjs_norinori.json").read_text(encoding="utf-8"))


def by_dominoes(puzzle: Norinori, grid: list[list[int]]) -> bool:
    """The rules said another way: the shaded cells split into connected
    components of exactly two cells each, and every region holds two."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = {(r, c) for r in range(rows) for c in range(cols) if grid[r][c]}
    seen: set[tuple[int, int]] = set()
    for start in shaded:
        if start in seen:
            continue
        part, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for other in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if other in shaded and other not in part:
                    part.add(other)
                    todo.append(other)
        seen |= part
        if len(part) != 2:
            return False
    counts = [0] * puzzle.region_count
    for r, c in shaded:
        counts[puzzle.regions[r * cols + c]] += 1
    return all(count == 2 for count in counts)


def test_the_checker_shares_no_code_with_the_solver() -> None:
    """checker.py reads the board and the rule text: no rules, state, tables,
    placements, engine or brute counter."""
    assert imports_of(checker) <= {"__future__", "...kind", ".model"}, imports_of(checker)


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)])
def test_the_checker_agrees_with_a_second_formulation_on_every_grid(rows: int, cols: int) -> None:
    rng = random.Random(f"checker-{rows}x{cols}")
    boards = {random_board(rng, rows, cols) for _ in range(12)}
    passed = 0
    for puzzle in boards:
        for bits in itertools.product((0, 1), repeat=rows * cols):
            grid = [list(bits[r * cols : (r + 1) * cols]) for r in range(rows)]
            ok = by_dominoes(puzzle, grid)
            assert (KIND.check(puzzle, grid) == []) == ok, (puzzle, grid)
            # the bitset answer (what the SAT engines' answers get) says the same
            assert checker._keeps_every_rule(puzzle, [*bits]) == ok, (puzzle, grid)
            passed += ok
        count, answers = KIND.brute_count(puzzle, 10**6)
        assert count == sum(
            by_dominoes(puzzle, [list(bits[r * cols : (r + 1) * cols]) for r in range(rows)])
            for bits in itertools.product((0, 1), repeat=rows * cols)
        )
    assert passed > 0


def test_values_equal_to_0_and_1_are_judged_as_0_and_1() -> None:
    """A grid of bools, or with a float 0.0, is judged as its ints are (the
    bitset answer leaves what is not an int to the cell-by-cell one)."""
    puzzle = KIND.parse_text("norinori 2x2\naa\nbb")
    for grid in ([[1, 0], [1, 0]], [[1, 1], [0, 0]], [[1, 0], [0, 1]]):
        expected = KIND.check(puzzle, grid)
        assert KIND.check(puzzle, [[bool(v) for v in row] for row in grid]) == expected
        assert KIND.check(puzzle, [[float(v) for v in row] for row in grid]) == expected
    assert KIND.check(puzzle, [[1, 0], [2, 0]])[0].rule == "value"


FAILCHECKS = [
    pytest.param(code, text, id=f"{index}-{code}")
    for index, (code, text) in enumerate(PZPRJS["failcheck"])
]


@pytest.mark.parametrize(("code", "text"), FAILCHECKS)
def test_the_checker_judges_every_pzprjs_answer_as_pzprjs_does(code: str | None, text: str) -> None:
    file = pzprv3.parse(text)
    kind = registry.get(file.type)
    assert kind is KIND
    puzzle, answer = kind.from_pzprv3(file)
    assert answer is not None
    shaded = [[1 if value == 1 else 0 for value in row] for row in answer]
    broken = {violation.rule for violation in kind.check(puzzle, shaded)}
    if code is None:
        assert broken == set()
        report = solving.solve(kind, puzzle, limit=2)
        assert report.count == 1
        assert report.solutions[0] == shaded
    else:
        assert PZPR_FAILCODES[code] in broken


def test_the_pzprjs_board_reads_from_its_url_and_its_file_alike() -> None:
    url = PZPRJS["full_url_example"]
    puzzle = KIND.from_url(5, 5, PZPRJS["url"].split("/")[-1])
    assert KIND.to_url(puzzle) == url
    from_file, _ = KIND.from_pzprv3(pzprv3.parse(PZPRJS["failcheck"][0][1]))
    assert from_file == puzzle
    again, answer = KIND.from_pzprv3(pzprv3.parse(pzprv3.dumps(KIND.to_pzprv3(puzzle, None))))
    assert again == puzzle and answer == [[0] * 5 for _ in range(5)]
