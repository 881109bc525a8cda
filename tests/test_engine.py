"""The puzzle-independent engine, exercised on Suguru boards.

Search trees here are small enough to draw by hand; the expected node and
branch-point counts are worked out in the comments.
"""

from __future__ import annotations

import random

import pytest

from pencilbox import solving
from pencilbox.engine import (
    Contradiction,
    CountResult,
    Deduction,
    Ladder,
    Rung,
    count_solutions,
    propagate,
    settle,
)
from pencilbox.puzzles.suguru import KIND, brute
from pencilbox.puzzles.suguru.boards import carved_board, random_board
from pencilbox.puzzles.suguru.model import Suguru, parse_text
from pencilbox.puzzles.suguru.state import SuguruState, new_state

SINGLES = KIND.ladder.rules("singles")
WITNESS = KIND.ladder.rules("witness")

# One block of four in a 2x2: all cells touch, so any order of 1..4 -- 24
# solutions. Neither rung can narrow the empty board, so search branches on
# r1c1 (4 live children), then r1c2 (3 each), then r2c1 (2 each), after
# which only-candidate finishes: 1 + 4 + 12 = 17 branch points and
# 1 + 4 + 12 + 24 = 41 nodes.
SQUARE = "suguru 2x2\nAA\nAA\n"

# A lone domino: both orders work; one branch point with two live children.
DOMINO = "suguru 1x2\nAA\n"

# Unique, but singles need one guess. C = 1 and the given 2 leave the block
# of 3 and the block of 4 with r1c2, r1c3 in {2, 3} and r2c1, r2c2 in
# {3, 4}; every guess either finishes or dies at once under singles (e.g.
# r1c2 = 3 strips 3 from both r2c1 and r2c2, leaving two 4s). So the root
# has two children and only one is live: no branch point, 3 nodes. The
# witness rung sees that the 4-block puts 3 next to r1c2 and finishes.
ONE_LIVE_CHILD = "suguru 3x3\nAAA\nBBC\nBB.\n\n...\n...\n.2.\n"

# Propagation is silent at the root, but both children of the first guess die.
NO_LIVE_CHILD = "suguru 3x2\nAA\nBA\nBA\n\n..\n..\n.3\n"


def board(text: str) -> Suguru:
    return parse_text(text)


def snapshot(state: SuguruState) -> tuple[list[int], int]:
    return list(state.domains), state.written


# -- counting leaves the caller's state alone --------------------------------------


def test_count_does_not_change_the_callers_state() -> None:
    rng = random.Random("engine-mutation")
    boards = [board(text) for text in (SQUARE, DOMINO, ONE_LIVE_CHILD, NO_LIVE_CHILD)]
    boards += [random_board(rng) for _ in range(100)]
    for puzzle in boards:
        state = new_state(puzzle)
        before = snapshot(state)
        for rungs in (SINGLES, WITNESS):
            for limit in (1, 2, 50):
                first = count_solutions(state, rungs, limit)
                assert snapshot(state) == before
                again = count_solutions(state, rungs, limit)
                assert (again.count, again.nodes) == (first.count, first.nodes)


def test_solutions_are_independent_states() -> None:
    result = count_solutions(new_state(board(SQUARE)), SINGLES, 100)
    grids = [KIND.solution_rows(board(SQUARE), state) for state in result.solutions]
    assert len({tuple(map(tuple, grid)) for grid in grids}) == 24
    assert len({id(state.domains) for state in result.solutions}) == 24


# -- the limit ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("limit", "count", "exhaustive"),
    [
        (1, 1, False),
        (10, 10, False),
        (23, 23, False),
        (24, 24, False),
        (25, 24, True),
        (1000, 24, True),
    ],
)
def test_limit_caps_the_count_and_says_whether_it_was_exhaustive(
    limit: int, count: int, exhaustive: bool
) -> None:
    """Exhaustive only when the whole space was seen: at limit == 24 all 24
    are found, but the search stopped before it could know there were no more."""
    puzzle = board(SQUARE)
    for rungs in (SINGLES, WITNESS):
        result = count_solutions(new_state(puzzle), rungs, limit)
        assert (result.count, result.exhaustive, result.limit) == (count, exhaustive, limit)
        assert len(result.solutions) == count
        for state in result.solutions:
            assert KIND.check(puzzle, KIND.solution_rows(puzzle, state)) == []
        assert result.unique is False


def test_limit_must_be_positive() -> None:
    with pytest.raises(ValueError):
        count_solutions(new_state(board(SQUARE)), SINGLES, 0)


def test_unique_needs_an_exhaustive_count_of_one() -> None:
    puzzle = board(ONE_LIVE_CHILD)
    assert count_solutions(new_state(puzzle), WITNESS, 2).unique
    # limit 1 stops at the first solution without proving there is no second
    capped = count_solutions(new_state(puzzle), SINGLES, 1)
    assert (capped.count, capped.exhaustive, capped.unique) == (1, False, False)


# -- branch points and nodes --------------------------------------------------------


def test_branch_points_in_a_full_tree() -> None:
    for rungs in (SINGLES, WITNESS):
        result = count_solutions(new_state(board(SQUARE)), rungs, 100)
        assert (result.count, result.branch_points, result.nodes) == (24, 17, 41)


def test_two_live_children_make_a_branch_point() -> None:
    result = count_solutions(new_state(board(DOMINO)), SINGLES, 10)
    assert (result.count, result.exhaustive) == (2, True)
    assert (result.branch_points, result.nodes) == (1, 3)


def test_one_live_child_is_not_a_branch_point() -> None:
    puzzle = board(ONE_LIVE_CHILD)
    assert brute.count(puzzle, 10)[0] == 1
    result = count_solutions(new_state(puzzle), SINGLES, 10, rung_name="singles")
    assert (result.count, result.exhaustive) == (1, True)
    assert (result.branch_points, result.nodes) == (0, 3)
    assert result.solved_by is None  # it needed a guess, even a forced one


def test_no_live_child() -> None:
    puzzle = board(NO_LIVE_CHILD)
    assert brute.count(puzzle, 10)[0] == 0
    result = count_solutions(new_state(puzzle), SINGLES, 10, rung_name="singles")
    assert (result.count, result.exhaustive, result.solutions) == (0, True, [])
    assert (result.branch_points, result.nodes, result.solved_by) == (0, 3, None)


# -- solved_by --------------------------------------------------------------------


def test_solved_by_names_the_rung_that_finished_without_search() -> None:
    puzzle = board(ONE_LIVE_CHILD)
    result = count_solutions(new_state(puzzle), WITNESS, 2, rung_name="witness")
    assert (result.count, result.exhaustive, result.solved_by) == (1, True, "witness")
    assert (result.branch_points, result.nodes) == (0, 1)

    given = board("suguru 1x2\nAA\n\n1.\n")
    result = count_solutions(new_state(given), SINGLES, 2, rung_name="singles")
    assert (result.count, result.solved_by, result.nodes) == (1, "singles", 1)


def test_a_contradiction_at_the_root_is_an_exhaustive_zero() -> None:
    puzzle = board("suguru 1x2\nAB\n")  # two touching 1s
    result = count_solutions(new_state(puzzle), SINGLES, 5, rung_name="singles")
    assert (result.count, result.exhaustive, result.solved_by, result.nodes) == (
        0,
        True,
        None,
        1,
    )


def test_trace_records_the_root_propagation() -> None:
    puzzle = board(ONE_LIVE_CHILD)
    result = count_solutions(new_state(puzzle), WITNESS, 2, trace=True)
    assert result.trace
    assert {d.rule for d in result.trace} >= {"only-candidate", "witness-outward"}
    assert count_solutions(new_state(puzzle), WITNESS, 2).trace is None  # not asked for


def test_settle_reports_a_contradiction_instead_of_raising() -> None:
    assert settle(new_state(board("suguru 1x2\nAB\n")), SINGLES) is False
    state = new_state(board(ONE_LIVE_CHILD))
    assert settle(state, WITNESS) is True
    assert state.is_solved()


# -- the ladder -------------------------------------------------------------------


def test_ladder_rules_include_every_lower_rung() -> None:
    ladder = KIND.ladder
    assert ladder.names == ("singles", "witness")
    assert ladder.top == "witness"
    singles, witness = ladder.rungs
    assert ladder.rules("singles") == singles.rules
    assert ladder.rules("witness") == singles.rules + witness.rules
    assert ladder.rules() == ladder.rules("witness")
    assert [rule.name for rule in ladder.rules()] == ["only-candidate", "only-home", "witness"]


def test_ladder_rejects_unknown_rung_names() -> None:
    with pytest.raises(KeyError, match="singles, witness"):
        KIND.ladder.rules("probe")
    with pytest.raises(KeyError):
        KIND.ladder.rung("")


# -- grade and solve ----------------------------------------------------------------


def finishing_rungs(puzzle: Suguru) -> list[str]:
    """Every rung whose propagation alone finishes the board."""
    finished = []
    for name in KIND.ladder.names:
        state = new_state(puzzle)
        try:
            propagate(state, KIND.ladder.rules(name))
        except Contradiction:
            continue
        if state.is_solved():
            finished.append(name)
    return finished


def test_grade_is_the_lowest_finishing_rung() -> None:
    # Minimal boards carved by brute force: small, unique, and varied enough
    # that every grade occurs.
    rng = random.Random("engine-grade")
    seen: set[str] = set()
    for _ in range(40):
        puzzle = carved_board(rng, 4, 4)
        graded = solving.grade(KIND, puzzle)
        finishing = finishing_rungs(puzzle)
        assert (graded.unique, graded.count) == (True, 1)
        if finishing:
            # a rung finishing implies every higher rung does (they include it)
            assert finishing == list(KIND.ladder.names[KIND.ladder.names.index(finishing[0]) :])
            assert (graded.rung, graded.branch_points) == (finishing[0], 0)
        else:
            report = solving.solve(KIND, puzzle)
            assert (graded.rung, graded.branch_points) == ("search", report.branch_points)
        seen.add(graded.rung)
    assert seen == {"singles", "witness", "search"}


def test_grade_of_boards_by_hand() -> None:
    assert solving.grade(KIND, board(ONE_LIVE_CHILD)).rung == "witness"
    assert solving.grade(KIND, board("suguru 1x2\nAA\n\n1.\n")).rung == "singles"
    two = solving.grade(KIND, board(DOMINO))
    assert (two.rung, two.unique, two.count, two.label) == ("search", False, 2, "not unique")
    none = solving.grade(KIND, board("suguru 1x2\nAB\n"))
    assert (none.unique, none.count, none.label) == (False, 0, "no solution")


def test_grade_search_counts_branch_points_with_the_top_rung() -> None:
    # Unique, yet the witness rung cannot finish it (found by brute-force
    # carving in test_suguru_counters.py).
    puzzle = board(
        "suguru 5x5\nAABBB\nAACBD\nEFDDD\nFFFFD\nGGGGG\n\n.....\n.....\n.....\n...3.\n..24.\n"
    )
    graded = solving.grade(KIND, puzzle)
    top = count_solutions(new_state(puzzle), WITNESS, 2)
    assert (top.count, top.exhaustive, top.solved_by) == (1, True, None)
    assert graded.label == f"search ({top.branch_points} branch points)"
    assert (graded.rung, graded.branch_points, graded.unique) == ("search", top.branch_points, True)


def test_solve_agrees_with_brute_force() -> None:
    rng = random.Random("engine-solve")
    for _ in range(100):
        puzzle = random_board(rng)
        truth, grids = brute.count(puzzle, 5)
        for rung in (None, "singles", "witness"):
            report = solving.solve(KIND, puzzle, rung=rung, limit=5)
            assert report.count == truth
            assert report.rung == (rung or "witness")
            if truth < 5:
                assert sorted(report.solutions) == sorted(grids)


def test_solve_rechecks_every_solution_with_the_independent_checker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rung that forgets the rules lets search return non-solutions; solve
    must catch them with the checker instead of reporting them."""
    careless = Ladder((Rung("careless", (), "no rules at all"),))
    monkeypatch.setattr(KIND, "ladder", careless)
    with pytest.raises(solving.SolverBug, match="careless"):
        solving.solve(KIND, board("suguru 1x4\nAABB\n"))


# -- one result base, one JSON form --------------------------------------------------


def test_every_count_shares_the_result_base() -> None:
    """The rung engine's count, the solve report and the SAT report are one
    CountResult each, and say the shared facts in the same JSON fields."""
    from pencilbox import counting

    puzzle = board(DOMINO)
    search = count_solutions(new_state(puzzle), WITNESS, 5)
    solved = solving.solve(KIND, puzzle, limit=5)
    sat = counting.count(KIND, puzzle, 5, "sat")
    for result in (search, solved, sat):
        assert isinstance(result, CountResult)
        assert (result.count, result.limit, result.exhaustive, result.unique) == (2, 5, True, False)
        shared = result.count_json()
        assert shared.pop("seconds") == round(result.seconds, 6)
        assert shared == {"count": 2, "limit": 5, "exhaustive": True, "unique": False}
    assert sorted(solved.solutions) == sorted(sat.solutions) == [[[1, 2]], [[2, 1]]]
    assert sat.as_json(KIND, puzzle)["solutions"] == sat.solutions
    assert solved.as_json(KIND, puzzle)["solution"] == solved.solutions[0]


def test_a_deductions_json_gives_cell_ids_and_the_labels_it_is_handed() -> None:
    step = Deduction("only-candidate", (0, 4), "why", because=(5,), writes=True, value=3)
    assert step.as_json(lambda cell: f"cell {cell}") == {
        "rule": "only-candidate",
        "cells": [0, 4],
        "labels": ["cell 0", "cell 4"],
        "because": [5],
        "because_labels": ["cell 5"],
        "reason": "why",
        "writes": True,
        "value": 3,
        "supposes": None,
        "supposed": [],
        "supposed_labels": [],
        "chain": [],
        "contradiction": None,
    }


def test_a_rung_view_names_what_it_settles() -> None:
    puzzle = board(ONE_LIVE_CHILD)
    view = solving.rung_view(KIND, puzzle, "witness")
    assert view.finished and not view.contradiction
    assert view.summary == KIND.ladder.rung("witness").summary
    start = KIND.settled_cells(puzzle, KIND.initial_state(puzzle))  # the 2, the lone C
    assert sorted(start) == [5, 7] and view.new == sorted(set(view.settled) - set(start))
    shown = view.as_json(KIND, puzzle)
    assert shown["settled"] == sorted([cell, value] for cell, value in view.settled.items())
    assert shown["settled_labels"][:2] == ["r1c1", "r1c2"]
    assert shown["new_labels"] == [KIND.cell_label(puzzle, cell) for cell in view.new]
    broken = solving.rung_view(KIND, board("suguru 1x2\nAB\n"), "singles")
    assert (broken.contradiction, broken.finished, broken.settled, broken.new) == (
        True,
        False,
        {},
        [],
    )
