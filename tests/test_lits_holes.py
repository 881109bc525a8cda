"""LITS boards with holes: cells in no region, never shaded, walled off from the mass.

* The text form writes a hole as ``.``, the JSON form as region -1; both
  round-trip, and the URL form (which has no holes) refuses in one line.
* Counts worked out by hand, on boards where a hole matters.
* The two janko.at boards with holes (``tests/data/lits/janko_holes_sample.json``,
  ``@`` read as -1) are unique by the default solve, by SAT and by the
  hybrid, and equal to janko's answer.
* On a few hundred random boards with holes, every rung + search, both
  brute-force counters, SAT and the hybrid agree, and every deduction of
  every rung (and of the hybrid's rules) holds in every brute-force answer.
* A shaded hole is wrong to the checker, to the rules and to the page's
  mistakes check; the face's random boards have holes in some boards only.
"""

from __future__ import annotations

import random
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from conftest import load_data
from crosscheck import assert_same_answers, describe, engine_count, frozen_all, sat_answers
from pencilbox import counting, formats, solving
from pencilbox.engine import Contradiction, propagate
from pencilbox.errors import PuzzleError
from pencilbox.puzzles.lits import KIND, brute, brute_cells
from pencilbox.puzzles.lits.boards import random_board
from pencilbox.puzzles.lits.model import HOLE, Lits, parse_text
from test_lits_counters import LIMIT, RUNGS, check_propagation_sound

JANKO = load_data("lits/janko_holes_sample.json")["puzzles"]
NO_URL = "LITS boards with holes have no puzz.link form"


def janko_board(record: dict[str, Any]) -> Lits:
    """A janko.at record through the JSON form, ``@`` (a hole) as region -1."""
    regions = [
        [HOLE if token == "@" else int(token) for token in line.split()]
        for line in record["regions_verbatim"]
    ]
    obj = {"puzzle": "lits", "rows": record["rows"], "cols": record["cols"], "regions": regions}
    return KIND.from_json(obj)


def janko_answer(record: dict[str, Any]) -> list[list[int]]:
    """janko's answer: a letter on each shaded cell, ``-`` on the others."""
    return [[0 if t == "-" else 1 for t in line.split()] for line in record["solution_verbatim"]]


@cache
def board_for(seed: str) -> Lits:
    """A 4x4..6x6 board whose cells are each a hole with chance 8%..25%."""
    rng = random.Random(seed)
    share = rng.choice((0.08, 0.16, 0.25))
    smallest, largest = rng.choice(((4, 5), (4, 6), (4, 8)))
    return random_board(rng, sides=(4, 6), smallest=smallest, largest=largest, holes=share)


SEEDS = tuple(seed for seed in (f"holes-{n}" for n in range(300)) if board_for(seed).holes)[:220]
"""The first 220 seeds whose board drew a hole (a few draw none at 8%)."""


@cache
def brute_result(seed: str) -> tuple[int, frozenset[Any]]:
    count, solutions = brute.count(board_for(seed), LIMIT)
    return count, frozenset(frozen_all(solutions))


# -- the forms ---------------------------------------------------------------------


def test_text_and_json_forms_write_and_read_holes() -> None:
    puzzle = parse_text("lits 3x3\nAAA\nA.A\nAAA\n")
    assert puzzle.regions == (0, 0, 0, 0, HOLE, 0, 0, 0, 0)
    assert puzzle.holes == (4,) and puzzle.region_cells == ((0, 1, 2, 3, 5, 6, 7, 8),)
    assert KIND.format_text(puzzle) == "lits 3x3\nA A A\nA . A\nA A A\n"
    obj = KIND.to_json(puzzle)
    assert obj["regions"] == [[0, 0, 0], [0, -1, 0], [0, 0, 0]]
    assert KIND.from_json(obj) == puzzle
    assert formats.load(formats.dump(KIND, puzzle, "text"))[1] == puzzle
    assert formats.load(formats.dump(KIND, puzzle, "json"))[1] == puzzle
    # spaced labels (more than 52 regions) keep the hole a dot, in its column
    big = random_board(random.Random("holes-big"), 24, 24, holes=0.1)
    assert big.region_count > 52 and big.holes
    assert KIND.parse_text(KIND.format_text(big)) == big
    assert KIND.from_json(KIND.to_json(big)) == big


def test_holes_do_not_join_regions_or_number_them() -> None:
    """Labels are renumbered around holes; the same label on both sides of a
    hole is one region only when it is connected without the hole."""
    puzzle = KIND.from_json(
        {"puzzle": "lits", "rows": 2, "cols": 5, "regions": [[-1, 7, 7, 7, 7], [3, 3, 3, 3, -1]]}
    )
    assert puzzle.regions == (HOLE, 0, 0, 0, 0, 1, 1, 1, 1, HOLE)
    with pytest.raises(PuzzleError, match="region 1 is split into pieces"):
        parse_text("lits 1x9\nAAAA.AAAA\n")
    with pytest.raises(PuzzleError, match="region 1 has 3 cells"):
        parse_text("lits 1x4\nAAA.\n")


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("lits 2x2\n..\n..\n", "every cell is a hole"),
        ('{"puzzle": "lits", "rows": 1, "cols": 4, "regions": [[0, 0, 0, -2]]}', "or -1 (a hole)"),
        ("lits 1x5\nAAAA,\n", "is not a letter or number"),
    ],
)
def test_bad_holes_are_one_line_errors(source: str, words: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        formats.load(source)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_the_url_form_refuses_a_board_with_holes_in_one_line() -> None:
    puzzle = parse_text("lits 2x4\nAAAA\n....\n")
    with pytest.raises(PuzzleError) as caught:
        KIND.to_url(puzzle)
    assert str(caught.value) == NO_URL
    with pytest.raises(PuzzleError, match=NO_URL):
        formats.dump(KIND, puzzle, "url")
    # a hole-free board still has its URL
    assert KIND.to_url(parse_text("lits 2x4\nAAAA\nBBBB\n")).startswith("https://puzz.link/p?lits/")


def test_convert_to_url_says_so_in_one_line(tmp_path: Path) -> None:
    source = tmp_path / "holes.txt"
    source.write_text("lits 2x4\nAAAA\n....\n")
    done = subprocess.run(
        [sys.executable, "-m", "pencilbox", "convert", str(source), "--to", "url"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and NO_URL in lines[0], done.stderr


def test_the_web_payload_has_no_url_and_says_why() -> None:
    from pencilbox.web.payloads import puzzle_payload

    payload = puzzle_payload(KIND, parse_text("lits 2x4\nAAAA\n....\n"))
    assert (payload["url"], payload["url_note"]) == ("", NO_URL)
    assert payload["cells"]["layers"]["regions"] == [0, 0, 0, 0, -1, -1, -1, -1]
    plain = puzzle_payload(KIND, parse_text("lits 2x4\nAAAA\nBBBB\n"))
    assert plain["url"] and plain["url_note"] == ""


def test_the_picture_hatches_holes() -> None:
    picture = KIND.render(parse_text("lits 3x3\nAAA\nA.A\nAAA\n"))
    assert picture.splitlines()[3] == "|   |///|   |"


# -- counts worked out by hand -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # one region of four in a row beside a row of holes: its I
        ("lits 2x4\nAAAA\n....\n", 1),
        # a ring of eight round a hole: the eight runs of four round it (no 2x2
        # fits, and the hole cannot be a shaded cell joining the ring's sides)
        ("lits 3x3\nAAA\nA.A\nAAA\n", 8),
        # two I's with a hole between: the mass cannot pass through it
        ("lits 1x9\nAAAA.BBBB\n", 0),
        ("lits 3x4\nAAAA\n....\nBBBB\n", 0),
        # the same two regions side by side with no hole between touch as I's
        ("lits 2x4\nAAAA\nBBBB\n", 0),
        # A's L and B's L touch twice round the hole: always the same shape
        ("lits 3x3\nAAA\nA.B\nBBB\n", 0),
    ],
)
def test_counters_match_counts_worked_out_by_hand(text: str, expected: int) -> None:
    puzzle = parse_text(text)
    for counter in (brute_cells.count, brute.count):
        count, solutions = counter(puzzle, 1000)
        assert count == expected, counter
        for grid in solutions:
            assert KIND.check(puzzle, grid) == []
            assert all(grid[cell // puzzle.cols][cell % puzzle.cols] == 0 for cell in puzzle.holes)
    for rung in RUNGS:
        assert engine_count(KIND, puzzle, rung, 1000)[0] == expected, rung
    for engine in ("sat", "hybrid"):
        assert counting.count(KIND, puzzle, 1000, engine).count == expected, engine


# -- the janko boards -------------------------------------------------------------


@pytest.mark.parametrize("record", JANKO, ids=lambda record: record["id"])
def test_janko_boards_with_holes_are_unique_with_janko_answer(record: dict[str, Any]) -> None:
    puzzle = janko_board(record)
    answer = janko_answer(record)
    assert puzzle.holes and (puzzle.rows, puzzle.cols) == (record["rows"], record["cols"])
    assert KIND.check(puzzle, answer) == []
    report = solving.solve(KIND, puzzle)
    assert (report.count, report.exhaustive, report.solutions) == (1, True, [answer])
    for engine in ("sat", "hybrid"):
        sat = counting.count(KIND, puzzle, 2, engine)
        assert (sat.count, sat.exhaustive, sat.solutions) == (1, True, [answer]), engine
    # through the text form too: the same board
    assert KIND.parse_text(KIND.format_text(puzzle)) == puzzle


# -- random boards with holes: every counter agrees, every deduction holds -----------


def test_random_boards_with_holes_cover_every_outcome() -> None:
    boards = [board_for(seed) for seed in SEEDS]
    assert len(boards) == 220 and all(board.holes for board in boards)
    counts = [brute_result(seed)[0] for seed in SEEDS]
    assert sum(c == 0 for c in counts) >= 20, counts
    assert sum(c == 1 for c in counts) >= 3, counts
    assert sum(1 < c < LIMIT for c in counts) >= 10, counts
    assert sum(c == LIMIT for c in counts) >= 20, counts
    # some hole walls a region's cells off from the others: the mass cannot pass
    assert any(len(board.holes) >= board.rows for board in boards)


def test_every_counter_agrees_on_random_boards_with_holes() -> None:
    for seed in SEEDS:
        puzzle = board_for(seed)
        where = describe(KIND, seed, puzzle)
        truth, answers = brute_result(seed)
        by_cells, cell_grids = brute_cells.count(puzzle, LIMIT)
        assert by_cells == truth, f"brute_cells {by_cells}, brute {truth} on {where}"
        if truth < LIMIT:
            assert frozen_all(cell_grids) == answers, where
        for grid in answers:
            assert KIND.check(puzzle, [list(row) for row in grid]) == [], where
        for rung in RUNGS:
            found = engine_count(KIND, puzzle, rung, LIMIT)
            assert_same_answers(f"{rung} + search on {where}", found, truth, answers, LIMIT)
        for engine in ("sat", "hybrid"):
            found = sat_answers(KIND, puzzle, engine, LIMIT)
            assert_same_answers(f"{engine} on {where}", found, truth, answers, LIMIT)


def test_every_deduction_holds_on_random_boards_with_holes() -> None:
    fired: set[str] = set()
    for seed in SEEDS:
        fired |= check_propagation_sound(seed, board_for(seed), brute_result(seed)[1])
    assert {"count-to-four", "no-2x2", "neighbour-shapes", "cut-cell", "probe"} <= fired
    assert {"out-of-touch", "only-neighbour", "separating-cell"} & fired


# -- a shaded hole ----------------------------------------------------------------


def test_a_shaded_hole_is_wrong_everywhere() -> None:
    puzzle = parse_text("lits 3x3\nAAA\nA.A\nAAA\n")
    answer = [[1, 1, 1], [1, 0, 0], [0, 0, 0]]
    assert KIND.check(puzzle, answer) == []
    shaded = [[1, 1, 1], [1, 1, 0], [0, 0, 0]]
    rules = [violation.rule for violation in KIND.check(puzzle, shaded)]
    assert "hole" in rules
    (hole,) = [v for v in KIND.check(puzzle, shaded) if v.rule == "hole"]
    assert hole.cells == (4,) and hole.message == "r2c2 is a hole: it is never shaded"
    state = KIND.position_state(puzzle, [[0, 0, 0], [0, 1, 0], [0, 0, 0]])
    with pytest.raises(Contradiction, match="r2c2 is a hole"):
        propagate(state, KIND.ladder.rules("local"))
    mistakes = KIND.position_mistakes(puzzle, [[0, 0, 0], [0, 1, 0], [0, 0, 0]], answer)
    assert [m.message for m in mistakes] == ["the shading at r2c2 is wrong"]
    # a dot on a hole says nothing new, and a hole is never a settled cell
    dotted = KIND.position_state(puzzle, [[0, 0, 0], [0, 2, 0], [0, 0, 0]])
    propagate(dotted, KIND.ladder.rules())
    assert 4 not in KIND.settled_cells(puzzle, dotted)


def test_the_faces_random_boards_have_holes_in_some_boards_only() -> None:
    drawn = [KIND.random_board(random.Random(f"face-{n}"), 5, 5) for n in range(60)]
    with_holes = sum(bool(board.holes) for board in drawn)
    assert 10 <= with_holes <= 50, with_holes
    soaked = [KIND.soak_board(random.Random(f"soak-{n}"), 5, 5) for n in range(60)]
    assert 10 <= sum(bool(board.holes) for board in soaked) <= 50
