"""Fillomino hints in the player's terms: a move may be a border to draw.

The face reads the marks a state proves (``known_edges``: a border between
two cells with no size in common, a join between two settled alike), and a
hint ends at the first rule application proving one the position does not
show, worded "Draw a border between r1c2 and r1c3: the 2 at r1c1, r1c2 is
complete". Following the hints (numbers entered, borders drawn) from the
untouched board reaches the answer; marks that leave a cell one size make
a hint to write it; the CLI prints the move.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from contract_helpers import follow_hints
from crosscheck import frozen
from pencilbox import cli, formats, solving
from pencilbox.kind import position_state
from pencilbox.puzzles.fillomino import KIND
from pencilbox.puzzles.fillomino.model import build

# 2 2 . . 3: the 2 is complete, so r1c3 cannot be 2 (it may be 1 or 3): the
# first step is the border between r1c2 and r1c3, and it settles no cell.
# Its one answer is 2 2 3 3 3.
DATA = Path(__file__).parent / "data" / "fillomino"
LINE = build(1, 5, [2, 2, 0, 0, 3])
LINE_ANSWER = [[2, 2, 3, 3, 3]]


def edges_of(grid: list[list[int]]) -> set[tuple[int, int, str]]:
    """Every mark a finished grid has: a border between different sizes, a join inside."""
    rows, cols = len(grid), len(grid[0])
    sizes = [size for row in grid for size in row]
    found = set()
    for cell in range(rows * cols):
        for other in (cell + 1, cell + cols):
            if other < rows * cols and (other == cell + cols or other % cols):
                same = sizes[cell] == sizes[other]
                found.add((cell, other, "join" if same else "border"))
    return found


# -- the marks a state proves ------------------------------------------------------


def test_a_solved_state_proves_every_mark_of_its_answer() -> None:
    record = min(KIND.bank(), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    _, puzzle = formats.load(record["url"])
    solution = [list(row) for row in record["solution"]]
    state = KIND.position_state(puzzle, solution)
    assert KIND.known_edges(puzzle, state) == edges_of(solution)
    # around some cells: exactly the marks on their edges
    around = {0, puzzle.cols + 1}
    near = {e for e in edges_of(solution) if e[0] in around or e[1] in around}
    assert KIND.known_edges(puzzle, state, around) == near


def test_open_cells_prove_a_border_only_where_no_size_is_shared() -> None:
    state = KIND.initial_state(LINE)
    state.domains[2] = 0b101  # r1c3: 1 or 3
    state.domains[3] = 0b010  # r1c4: 2
    found = KIND.known_edges(LINE, state)
    # r1c2 (2) and r1c3 share no size; r1c3 and r1c4 neither; r1c4 (2) and r1c5 (3)
    assert found == {(0, 1, "join"), (1, 2, "border"), (2, 3, "border"), (3, 4, "border")}
    state.domains[3] = 0b111  # r1c4: 1, 2 or 3 shares with everything beside it
    assert KIND.known_edges(LINE, state) == {(0, 1, "join"), (1, 2, "border")}


# -- a border as a hint's move -----------------------------------------------------


def test_the_first_hint_is_the_border_of_a_complete_region() -> None:
    found = solving.hint(KIND, LINE)
    assert found.status == "step" and len(found.steps) == 1
    move = found.steps[0]
    assert move.edges == ((1, 2, "border"),) and not move.writes
    assert move.cells == (1, 2) and move.rule == "closed"
    assert move.reason == "Draw a border between r1c2 and r1c3: the 2 at r1c1, r1c2 is complete"
    shown = found.as_json(KIND, LINE)
    step = shown["steps"][-1]
    assert step["edges"] == [[1, 2, "border"]]
    assert step["edge_labels"] == [["r1c2", "r1c3", "border"]]
    look, reason, _ = shown["tiers"]
    assert look["labels"] == ["r1c2", "r1c3"] and "(closed)" in look["text"]
    assert reason["text"] == move.reason


def test_the_borders_round_a_complete_region_beside_one_cell_are_one_move() -> None:
    # the 1 in a corner: its two borders, one reason
    puzzle = build(2, 3, [1, 0, 3, 0, 0, 3])
    move = solving.hint(KIND, puzzle).steps[-1]
    assert move.edges == ((0, 1, "border"), (0, 3, "border"))
    assert move.reason == "Draw borders between r1c1 and r1c2, r2c1: the 1 at r1c1 is complete"


def test_a_hint_joins_two_equal_numbers_their_distance_forces_together() -> None:
    # 4 . 4 over three empty cells: kept apart, the 4 at r1c1 has three cells
    puzzle = build(2, 3, [4, 0, 4, 0, 0, 0])
    move = solving.hint(KIND, puzzle).steps[-1]
    assert move.rule == "join" and move.writes and (move.cells, move.value) == ((1,), 4)
    assert move.reason == (
        "r1c2 can only be 4: the 4s at r1c1 and r1c3 cannot both be completed apart "
        "(the 4 at r1c1 cannot grow to 4 cells without touching the 4 at r1c3), "
        "so they are one region through r1c2"
    )


def test_a_border_the_joined_region_cannot_cross_is_a_hint() -> None:
    # the 3s at r1c1 and r2c2 are one region, full with r1c2 or r2c1: r2c3 is not in it
    puzzle = build(2, 3, [3, 0, 0, 0, 3, 0])
    move = solving.hint(KIND, puzzle).steps[-1]
    assert move.rule == "join" and move.edges == ((4, 5, "border"),)
    assert move.reason == (
        "Draw a border between r2c2 and r2c3: the 3s at r1c1 and r2c2 cannot both be "
        "completed apart (the 3 at r1c1 cannot grow to 3 cells without touching the 3 at "
        "r2c2), so they are one region, which cannot take r2c3 and stay within 3 cells"
    )


def test_a_border_drawn_is_not_hinted_again() -> None:
    after = solving.hint(KIND, LINE, [[0] * 5], edges=[(1, 2, "border")])
    assert after.status == "step"
    assert (1, 2, "border") not in after.steps[-1].edges


def test_marks_that_leave_a_cell_one_size_make_a_hint_to_write_it() -> None:
    # a join with the given 3 at r1c5 leaves r1c4 only 3, which no rule writes
    found = solving.hint(KIND, LINE, [[0] * 5], edges=[(3, 4, "join")])
    assert found.status == "step" and len(found.steps) == 1
    move = found.steps[0]
    assert move.writes and move.cells == (3,) and move.value == 3
    assert move.reason == "r1c4 can only be 3: the marks drawn leave it nothing else"


def test_a_wrong_border_is_a_mistake_before_any_hint() -> None:
    found = solving.hint(KIND, LINE, [[0] * 5], edges=[(2, 3, "border")])
    assert found.status == "mistake"
    assert [m.message for m in found.mistakes] == ["the border between r1c3 and r1c4 is wrong"]


def numbered(puzzle: Any, position: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    """The position with the givens in the cells it leaves empty (a given is never entered)."""
    cols = puzzle.cols
    return frozen(
        [
            [value or puzzle.givens[r * cols + c] for c, value in enumerate(row)]
            for r, row in enumerate(position)
        ]
    )


# -- following the hints -------------------------------------------------------------


def smallest_bank(count: int) -> list[dict[str, Any]]:
    """The smallest bank boards that need some move (a board given in full needs none)."""
    bank = sorted(KIND.bank(), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    open_boards = (r for r in bank if 0 in itertools.chain(*r["json"]["givens"]))
    return list(itertools.islice(open_boards, count))


@pytest.mark.parametrize("record", smallest_bank(3), ids=lambda r: r["id"])
def test_hints_followed_from_the_untouched_board_reach_the_answer(record: dict[str, Any]) -> None:
    """Numbers entered and borders drawn as the hints say: no mistake, and the
    position ends as the answer, every cell numbered; some moves are borders."""
    _, puzzle = formats.load(record["url"])
    solution = frozen(record["solution"])
    chain = follow_hints(KIND, puzzle, solution)
    assert not chain.mistakes and chain.status == "solved"
    assert numbered(puzzle, chain.position) == solution
    assert chain.edges and all(mark == "border" for _, _, mark in chain.edges)
    assert set(chain.edges) <= edges_of([list(row) for row in solution])
    assert len(chain.edges) < chain.moves


def test_hints_followed_on_a_janko_board_reach_its_answer() -> None:
    """The janko sample's smallest board (5x4, from its puzz.link URL)."""
    sample = json.loads((DATA / "fillomino_sample.json").read_text(encoding="utf-8"))["puzzles"]
    record = min(sample, key=lambda r: r["rows"] * r["cols"])
    _, puzzle = formats.load(record["puzzlink_url_derived"])
    solution = frozen([[int(t) for t in row.split()] for row in record["solution_verbatim"]])
    chain = follow_hints(KIND, puzzle, solution)
    assert not chain.mistakes and chain.status == "solved" and chain.edges
    assert numbered(puzzle, chain.position) == solution
    state = position_state(KIND, puzzle, chain.position, chain.edges)
    assert state.is_solved()


# -- the command line ------------------------------------------------------------------


def test_the_cli_prints_a_border_move(capsys: Any) -> None:
    url = KIND.to_url(LINE)
    assert cli.main(["hint", url]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "next step (closed):",
        "  1. closed [r1c2, r1c3]: Draw a border between r1c2 and r1c3: "
        "the 2 at r1c1, r1c2 is complete",
    ]
    assert cli.main(["hint", url, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["steps"][-1]["edges"] == [[1, 2, "border"]]
