"""Fillomino's solving engine: every rung's deductions against exhaustive answers.

Boards are small (sides 3 to 5), drawn from seeds: half random givens (many
with no answer), half a random partition with some of its sizes given (at
least one answer). Each rung with search must count exactly what brute
force counts, and every step a rung logs from the untouched board must
hold in every answer. A tiny enumeration of its own (sizes cell by cell)
checks the brute counter on the smallest boards, so that neither is taken
on trust.
"""

from __future__ import annotations

import random

import pytest

from pencilbox.engine import Contradiction, Deduction, count_solutions, propagate
from pencilbox.kind import Rows
from pencilbox.puzzles.fillomino import KIND
from pencilbox.puzzles.fillomino.brute import count as brute_count
from pencilbox.puzzles.fillomino.edges import apply_edges, check_edges, edge_mistakes
from pencilbox.puzzles.fillomino.model import Fillomino, build
from pencilbox.puzzles.fillomino.settled import sizes_words
from pencilbox.puzzles.fillomino.state import (
    new_state,
    position_state,
    settled_cells,
    solution_rows,
)

LIMIT = 12
BOARDS = 120


def random_partition(rng: random.Random, rows: int, cols: int) -> list[int]:
    """A random answer: regions grown at random, then equal neighbours merged
    away by regrowing until no two regions of one size touch."""
    cells = rows * cols
    near = [
        [c for c in (cell - cols, cell + cols) if 0 <= c < cells]
        + [c for c in (cell - 1, cell + 1) if 0 <= c < cells and c // cols == cell // cols]
        for cell in range(cells)
    ]
    while True:
        label = [-1] * cells
        groups: list[list[int]] = []
        for start in rng.sample(range(cells), cells):
            if label[start] >= 0:
                continue
            want = rng.randint(1, 5)
            group = [start]
            label[start] = len(groups)
            while len(group) < want:
                options = [o for c in group for o in near[c] if label[o] < 0]
                if not options:
                    break
                pick = rng.choice(options)
                label[pick] = len(groups)
                group.append(pick)
            groups.append(group)
        sizes = [len(groups[label[cell]]) for cell in range(cells)]
        if all(sizes[a] != sizes[b] or label[a] == label[b] for a in range(cells) for b in near[a]):
            return sizes


def board(seed: int) -> Fillomino:
    rng = random.Random(f"fillomino-rules-{seed}")
    rows, cols = rng.randint(3, 5), rng.randint(3, 5)
    if seed % 2:
        answer = random_partition(rng, rows, cols)
        share = rng.choice((0.25, 0.4, 0.6))
        return build(rows, cols, [v if rng.random() < share else 0 for v in answer])
    return build(
        rows, cols, [rng.randint(1, 5) if rng.random() < 0.3 else 0 for _ in range(rows * cols)]
    )


def tiny_count(puzzle: Fillomino, limit: int) -> tuple[int, list[Rows]]:
    """Every answer, sizes written cell by cell in reading order: a branch dies
    when a group of equal sizes outgrows its size or is walled in short of it."""
    cells, cols, near = puzzle.cells, puzzle.cols, puzzle.neighbours
    sizes = [0] * cells
    found: list[Rows] = []

    def group_ok(cell: int) -> bool:
        value, seen, todo, open_ = sizes[cell], {cell}, [cell], False
        while todo:
            for other in near[todo.pop()]:
                if not sizes[other]:
                    open_ = True
                elif sizes[other] == value and other not in seen:
                    seen.add(other)
                    todo.append(other)
        return len(seen) <= value and (open_ or len(seen) == value)

    def go(cell: int) -> None:
        if len(found) >= limit:
            return
        if cell == cells:
            found.append([sizes[r * cols : (r + 1) * cols] for r in range(puzzle.rows)])
            return
        given = puzzle.givens[cell]
        for value in [given] if given else range(1, cells + 1):
            sizes[cell] = value
            if all(group_ok(c) for c in (cell, *near[cell]) if sizes[c]):
                go(cell + 1)
        sizes[cell] = 0

    go(0)
    return len(found), found


def answers(puzzle: Fillomino) -> tuple[int, set[str]]:
    count, grids = brute_count(puzzle, LIMIT)
    return count, {str(grid) for grid in grids}


@pytest.mark.parametrize("seed", range(0, 40))
def test_the_brute_counter_agrees_with_a_tiny_enumeration(seed: int) -> None:
    rng = random.Random(f"tiny-{seed}")
    rows, cols = rng.randint(2, 3), rng.randint(2, 4)
    puzzle = build(
        rows, cols, [rng.randint(1, 4) if rng.random() < 0.3 else 0 for _ in range(rows * cols)]
    )
    count, grids = tiny_count(puzzle, LIMIT)
    theirs, their_grids = answers(puzzle)
    assert count == theirs, KIND.format_text(puzzle)
    assert count == LIMIT or {str(g) for g in grids} == their_grids, KIND.format_text(puzzle)


@pytest.mark.parametrize("rung", KIND.ladder.names)
def test_every_rung_with_search_counts_what_brute_force_counts(rung: str) -> None:
    rules = KIND.ladder.rules(rung)
    outcomes = set()
    for seed in range(BOARDS):
        puzzle = board(seed)
        count, grids = answers(puzzle)
        found = count_solutions(new_state(puzzle), rules, LIMIT)
        got = {str(solution_rows(puzzle, state)) for state in found.solutions}
        where = f"rung {rung}, seed {seed}:\n{KIND.format_text(puzzle)}"
        assert found.count == count, where
        assert found.exhaustive == (count < LIMIT), where
        assert got == grids or count == LIMIT, where
        outcomes.add(min(count, 2))
    assert outcomes == {0, 1, 2}  # boards with none, one and several answers


@pytest.mark.parametrize("rung", KIND.ladder.names)
def test_every_step_from_the_start_holds_in_every_answer(rung: str) -> None:
    rules = KIND.ladder.rules(rung)
    for seed in range(BOARDS):
        puzzle = board(seed)
        _, grids = brute_count(puzzle, LIMIT)
        truths = [position_state(puzzle, grid).domains for grid in grids]
        state = new_state(puzzle)
        log: list[Deduction] = []
        where = f"rung {rung}, seed {seed}:\n{KIND.format_text(puzzle)}"
        try:
            propagate(state, rules, log)
        except Contradiction:
            assert not grids, where
            continue
        for truth in truths:
            assert all(not t & ~d for t, d in zip(truth, state.domains, strict=True)), where
        for step in log:
            if step.writes:
                assert len(step.cells) == 1 and step.value is not None, where
                assert all(truth[step.cells[0]] == 1 << (step.value - 1) for truth in truths), where
                assert f"can only be {step.value}" in step.reason


def text_board(text: str) -> Fillomino:
    return KIND.parse_text(text)


def first_steps(puzzle: Fillomino, rung: str) -> list[Deduction]:
    state = new_state(puzzle)
    log: list[Deduction] = []
    propagate(state, KIND.ladder.rules(rung), log)
    return log


def test_a_complete_region_is_closed() -> None:
    puzzle = text_board("fillomino 1x3\n2 2 .\n")
    steps = first_steps(puzzle, "closed")
    assert [(s.rule, s.cells, s.writes, s.value) for s in steps] == [("closed", (2,), True, 1)]
    assert steps[0].reason == "r1c3 can only be 1: the 2 at r1c1, r1c2 is complete"


def test_the_only_way_out_is_taken_and_too_big_joins_are_refused() -> None:
    puzzle = text_board("fillomino 2x3\n2 . 2\n. . .\n")
    steps = first_steps(puzzle, "way-out")
    assert steps[0].reason == (
        "r1c2 cannot be 2: with the 2 at r1c1 and the 2 at r1c3 it would make 3 cells"
    )
    assert (steps[1].rule, steps[1].cells, steps[1].value) == ("only-exit", (3,), 2)
    assert steps[1].reason == "r2c1 can only be 2: it is the only way out of the 2 at r1c1"


def test_reach_drops_a_size_no_region_brings_and_no_room_holds() -> None:
    fired = [
        step
        for seed in range(1, 40, 2)  # boards with an answer
        for step in first_steps(board(seed), "reach")
        if step.rule == "reach"
    ]
    assert len(fired) > 5
    assert all(" be " in step.reason and "room" in step.reason for step in fired)


# -- join: two equal numbers joined when their distance forces it ---------------------


def open_cells(puzzle: Fillomino, rung: str) -> list[int]:
    """The cells ``rung`` leaves with more than one size, from the untouched board."""
    state = new_state(puzzle)
    propagate(state, KIND.ladder.rules(rung))
    return [cell for cell, domain in enumerate(state.domains) if domain & (domain - 1)]


def join_steps(puzzle: Fillomino) -> list[Deduction]:
    return [step for step in first_steps(puzzle, "join") if step.rule == "join"]


def test_the_join_rung_adds_the_join_rule_between_reach_and_placements() -> None:
    names = KIND.ladder.names
    assert names.index("reach") + 1 == names.index("join") == names.index("placements") - 1
    added = set(KIND.ladder.rules("join")) - set(KIND.ladder.rules("reach"))
    assert [rule.name for rule in added] == ["join"]


def test_two_equal_numbers_that_cannot_grow_apart_are_joined_through_the_cell_between() -> None:
    # Kept apart, the 4 at r1c1 may not take r1c2 or r2c3 (beside the other 4):
    # it has r1c1, r2c1, r2c2, three cells. So the 4s are one region, and with
    # two cells left to add, the only way between them is r1c2.
    puzzle = text_board("fillomino 2x3\n4 . 4\n. . .\n")
    assert 1 in open_cells(puzzle, "reach")
    steps = join_steps(puzzle)
    assert (steps[0].cells, steps[0].writes, steps[0].value) == ((1,), True, 4)
    assert steps[0].reason == (
        "r1c2 can only be 4: the 4s at r1c1 and r1c3 cannot both be completed apart "
        "(the 4 at r1c1 cannot grow to 4 cells without touching the 4 at r1c3), "
        "so they are one region through r1c2"
    )
    _, grids = brute_count(puzzle, LIMIT)
    assert grids and all(grid[0][1] == 4 for grid in grids)


def test_one_region_filling_its_room_apart_leaves_the_other_none() -> None:
    # Kept apart, the 3 at r1c1 has exactly r1c1, r2c1, r2c2: it must be them,
    # and then the 3 at r1c3 has only itself. Either alone could be completed.
    puzzle = text_board("fillomino 2x3\n3 . 3\n. . .\n")
    assert 1 in open_cells(puzzle, "reach")
    steps = join_steps(puzzle)
    assert steps[0].reason == (
        "r1c2 can only be 3: the 3s at r1c1 and r1c3 cannot both be completed apart "
        "(kept apart, the 3 at r1c1 must be r1c1, r2c1, r2c2, and the 3 at r1c3 could "
        "not grow to 3 cells), so they are one region through r1c2"
    )
    assert 1 not in open_cells(puzzle, "join")


def test_the_joined_region_loses_the_cells_it_cannot_hold() -> None:
    # The 3s at r1c3 and r2c2 are one region: r1c2 or r2c3 joins them, which
    # leaves no room for r1c1 (too far) and r2c3 or r1c2 beside it must border it.
    puzzle = text_board("fillomino 2x3\n. . 3\n1 3 .\n")
    assert open_cells(puzzle, "reach")
    assert open_cells(puzzle, "join") == []
    reasons = [step.reason for step in join_steps(puzzle)]
    assert reasons[0].startswith("r1c1 can only be 2: the 3s at r1c3 and r2c2 cannot both")
    assert reasons[0].endswith(
        "so they are one region, which cannot reach r1c1 within 3 cells; no other 3 "
        "reaches it and a new region of 3 has no room there"
    )
    corner = text_board("fillomino 2x3\n3 . .\n. 3 .\n")
    beside = [step for step in join_steps(corner) if step.cells == (5,)]
    assert beside and beside[0].reason.endswith(
        "so they are one region, which cannot take r2c3 and stay within 3 cells"
    )
    assert all(grid[1][2] != 3 for grid in brute_count(corner, LIMIT)[1])


def test_two_equal_numbers_too_far_apart_to_join_are_a_contradiction() -> None:
    puzzle = text_board("fillomino 2x3\n. . 3\n3 . .\n")
    assert brute_count(puzzle, LIMIT)[0] == 0
    propagate(new_state(puzzle), KIND.ladder.rules("reach"))  # reach sees nothing wrong
    with pytest.raises(Contradiction) as raised:
        propagate(new_state(puzzle), KIND.ladder.rules("join"))
    words, _ = KIND.contradiction_words(puzzle, new_state(puzzle), raised.value.args[0])
    assert words == (
        "the 3s at r1c3 and r2c1 cannot both be completed apart (kept apart, the 3 at r1c3 "
        "must be r1c2, r1c3, r2c3, and the 3 at r2c1 could not grow to 3 cells), so they "
        "are one region, but joining them takes more than 3 cells"
    )


def test_two_equal_numbers_that_can_be_completed_apart_are_not_joined() -> None:
    # Each 3 can grow down its own column: some answers keep them apart, some join them.
    puzzle = text_board("fillomino 3x3\n3 . 3\n. . .\n. . .\n")
    count, grids = brute_count(puzzle, 1000)
    assert count < 1000  # every answer
    assert any(grid[0][1] != 3 for grid in grids) and any(grid[0][1] == 3 for grid in grids)
    assert join_steps(puzzle) == []
    assert open_cells(puzzle, "join") == open_cells(puzzle, "reach")


def test_join_fires_on_the_random_boards_the_soundness_tests_check() -> None:
    """So that the soundness and counting tests above exercise it."""
    fired = [step for seed in range(BOARDS) for step in join_steps_or_none(board(seed))]
    assert len(fired) > 10
    assert all("cannot both be completed apart" in step.reason for step in fired)


def join_steps_or_none(puzzle: Fillomino) -> list[Deduction]:
    try:
        return join_steps(puzzle)
    except Contradiction:
        return []


def test_sizes_are_worded_as_runs() -> None:
    assert sizes_words(0b1) == "1"
    assert sizes_words(0b1010) == "2 or 4"
    assert sizes_words(0b1110110) == "2, 3 or 5-7"


def test_a_position_reads_its_numbers_and_a_wrong_given_leaves_nothing() -> None:
    puzzle = text_board("fillomino 1x3\n2 . 1\n")
    state = position_state(puzzle, [[2, 2, 1]])
    assert state.is_solved() and settled_cells(puzzle, state) == {0: 2, 1: 2, 2: 1}
    assert solution_rows(puzzle, state) == [[2, 2, 1]]
    broken = position_state(puzzle, [[3, 0, 1]])
    assert broken.domains[0] == 0
    with pytest.raises(Contradiction):
        propagate(broken, KIND.ladder.rules("closed"))


def test_edge_marks_narrow_and_are_checked() -> None:
    puzzle = text_board("fillomino 1x3\n2 . .\n")
    state = new_state(puzzle)
    apply_edges(puzzle, state, [(0, 1, "border")])
    assert not state.domains[1] & 0b10  # r1c2 is not the 2's
    state = new_state(puzzle)
    apply_edges(puzzle, state, [(0, 1, "join")])
    assert state.domains[1] == 0b10
    solution = [[2, 2, 1]]
    marks = [(0, 1, "border"), (1, 2, "border")]
    assert [v.cells for v in edge_mistakes(puzzle, marks, solution)] == [(0, 1)]
    assert [v.rule for v in check_edges(puzzle, solution, [(0, 1, "border"), (1, 2, "join")])] == [
        "border-inside",
        "join-across",
    ]


def test_the_top_rung_solves_a_published_board() -> None:
    # janko.at Fillomino 13 (5x4), as the shared sample gives it.
    puzzle = text_board("fillomino 5x4\n4 . 4 1\n. 4 . .\n4 . 4 .\n. 4 . .\n. 1 . 1\n")
    state = new_state(puzzle)
    propagate(state, KIND.ladder.rules("placements"))
    assert solution_rows(puzzle, state) == [
        [4, 4, 4, 1],
        [1, 4, 1, 4],
        [4, 1, 4, 4],
        [4, 4, 2, 4],
        [4, 1, 2, 1],
    ]


def test_the_face_offers_the_marks_the_edges_read() -> None:
    """The face declares its edge marks as data; they are the ones edges.py acts on."""
    from pencilbox.puzzles.fillomino.edges import EDGE_MARKS

    assert KIND.edge_marks == EDGE_MARKS
