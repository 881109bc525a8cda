"""Cross-checks: every sound Suguru counter agrees, and every deduction is true.

Three counters -- singles + search, witness + search, and the independent
brute force in ``brute.py`` -- must report identical counts and identical
solution sets on random boards, satisfiable or not. Propagation with each
rung, and every deduction it logs, must hold in every brute-force solution.

Boards are drawn from string seeds (``"random-17"``, ``"planted-3"``), so a
failing board can be rebuilt with :func:`board_for`; its text is printed in
the failure message. Random boards (1x1 to 5x5, some with removed cells) are
mostly unsatisfiable, as random Suguru partitions are; planted boards (a
satisfiable 4x4 partition showing part of a solution) add larger boards
with solutions. ``--soak`` (or ``PENCILBOX_SOAK=1``) runs many more.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Iterable
from functools import cache

import pytest

from crosscheck import (
    SnapshotLog,
    assert_same_answers,
    describe,
    engine_count,
    frozen,
    hint_chain_ending,
    imports_of,
    seeds,
    top_rung_finishes,
)
from pencilbox import solving
from pencilbox.engine import Contradiction, Deduction, State, propagate
from pencilbox.puzzles.suguru import KIND, brute
from pencilbox.puzzles.suguru.boards import carved_board, planted_board, random_board
from pencilbox.puzzles.suguru.model import REMOVED, Suguru, parse_text
from pencilbox.puzzles.suguru.state import new_state

LIMIT = 50
RUNGS = ("singles", "witness")
SEEDS = seeds("random", 1000) + seeds("planted", 60)  # the default run: several seconds
SOAK_SEEDS = seeds("soak-random", 20_000) + seeds("soak-planted", 300)


@cache
def board_for(seed: str) -> Suguru:
    """The board a seed names: planted (4x4, or 5x5 in a soak) or random."""
    rng = random.Random(seed)
    if "planted-" in seed:
        size = 5 if seed.startswith("soak-") else 4
        return planted_board(rng, size, size, reveal=rng.uniform(0.0, 0.4))
    return random_board(rng)


@cache
def brute_result(seed: str) -> tuple[int, tuple[tuple[tuple[int, ...], ...], ...]]:
    """Brute-force count and solutions of one seeded board (cached across tests)."""
    count, solutions = brute.count(board_for(seed), LIMIT)
    return count, tuple(frozen(grid) for grid in solutions)


# -- the brute-force counter on its own -----------------------------------------


def test_brute_force_imports_nothing_but_the_model() -> None:
    """brute.py must share no code with the rules, state, tables, engine.py or grid.py."""
    imported = imports_of(brute)
    assert imported <= {"__future__", ".model"}, imported


def board(text: str) -> Suguru:
    return parse_text(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # one block of k cells in a row: any order of 1..k (nothing touches
        # outside the block, and inside it the digits already differ)
        ("suguru 1x1\nA\n", 1),
        ("suguru 1x3\nAAA\n", math.factorial(3)),
        ("suguru 1x5\nAAAAA\n", math.factorial(5)),
        ("suguru 2x3\nAAA\nAAA\n", math.factorial(6)),
        ("suguru 2x2\nAA\nAA\n", math.factorial(4)),
        # a given fixes one digit of the 2x2 block: the other three permute
        ("suguru 2x2\nAA\nAA\n\n1.\n..\n", math.factorial(3)),
        # a row of dominoes: the first fixes the rest (each must start with
        # the digit its neighbour's last cell lacks)
        ("suguru 1x2\nAA\n", 2),
        ("suguru 1x8\nAABBCCDD\n", 2),
        # two single cells both hold 1 and touch; a removed cell between them
        # keeps them apart
        ("suguru 1x2\nAB\n", 0),
        ("suguru 1x3\nA.B\n", 1),
        # side-by-side vertical dominoes: each cell of one touches both cells
        # of the other, and both hold {1, 2}
        ("suguru 2x2\nAB\nAB\n", 0),
        ("suguru 2x5\nA.B.C\nA.B.C\n", 8),
        # a board with no live cell has exactly one (empty) filling
        ("suguru 1x2\n..\n", 1),
    ],
)
def test_brute_force_matches_counts_worked_out_by_hand(text: str, expected: int) -> None:
    puzzle = board(text)
    count, solutions = brute.count(puzzle, 10_000)
    assert count == expected
    assert len({frozen(g) for g in solutions}) == expected
    for grid in solutions:
        assert KIND.check(puzzle, grid) == []
        for cell, label in enumerate(puzzle.blocks):
            if label == REMOVED:
                assert grid[cell // puzzle.cols][cell % puzzle.cols] == 0
    for rung in RUNGS:
        assert engine_count(KIND, puzzle, rung, 10_000)[0] == expected


def test_brute_force_stops_at_the_limit() -> None:
    puzzle = board("suguru 2x2\nAA\nAA\n")  # 24 solutions
    for limit in (1, 5, 24, 25):
        count, solutions = brute.count(puzzle, limit)
        assert count == len(solutions) == min(limit, 24)
    with pytest.raises(ValueError):
        brute.count(puzzle, 0)


def test_kind_face_uses_the_brute_force_counter() -> None:
    puzzle = board("suguru 1x8\nAABBCCDD\n")
    assert KIND.brute_count(puzzle, 5) == brute.count(puzzle, 5)


# -- three counters agree ----------------------------------------------------------


def check_counters_agree(seed: str) -> None:
    puzzle = board_for(seed)
    truth, brute_grids = brute_result(seed)
    for rung in RUNGS:
        found = engine_count(KIND, puzzle, rung, LIMIT)
        where = f"{rung} + search on {describe(KIND, seed, puzzle)}"
        assert_same_answers(where, found, truth, brute_grids, LIMIT)
        for grid in found[2]:
            assert KIND.check(puzzle, [list(row) for row in grid]) == [], where


def test_random_boards_cover_every_outcome() -> None:
    """The sample is not vacuous: unsatisfiable, unique, several and capped all occur."""
    counts = [brute_result(seed)[0] for seed in SEEDS]
    assert sum(c == 0 for c in counts) >= len(SEEDS) // 10
    assert sum(c == 1 for c in counts) >= len(SEEDS) // 20
    assert sum(1 < c < LIMIT for c in counts) >= len(SEEDS) // 10
    assert sum(c == LIMIT for c in counts) >= 5
    removed = sum(REMOVED in board_for(seed).blocks for seed in SEEDS)
    assert removed >= len(SEEDS) // 20
    big = [
        brute_result(seed)[0] for seed in SEEDS if board_for(seed).rows * board_for(seed).cols >= 16
    ]
    assert sum(c > 0 for c in big) >= 60


def test_counters_agree_on_random_boards() -> None:
    for seed in SEEDS:
        check_counters_agree(seed)


@pytest.mark.soak
def test_counters_agree_soak() -> None:
    for seed in SOAK_SEEDS:
        check_counters_agree(seed)


def test_limit_equal_to_the_true_count() -> None:
    """At limit == true count every solution is found but the search cannot
    know there are no more; one above, it can (the CPMpy lesson)."""
    checked = 0
    for seed in SEEDS:
        truth, brute_grids = brute_result(seed)
        if not 1 <= truth < LIMIT:
            continue
        puzzle = board_for(seed)
        assert brute.count(puzzle, truth)[0] == truth
        for rung in RUNGS:
            where = f"{rung} on {describe(KIND, seed, puzzle)}"
            count, exhaustive, grids = engine_count(KIND, puzzle, rung, truth)
            assert (count, exhaustive) == (truth, False), where
            assert grids == set(brute_grids), where
            count, exhaustive, grids = engine_count(KIND, puzzle, rung, truth + 1)
            assert (count, exhaustive) == (truth, True), where
        checked += 1
    assert checked >= len(SEEDS) // 5


def test_limit_one() -> None:
    for seed in SEEDS:
        truth, brute_grids = brute_result(seed)
        puzzle = board_for(seed)
        brute_count, brute_first = brute.count(puzzle, 1)
        assert brute_count == min(truth, 1)
        for rung in RUNGS:
            count, exhaustive, grids = engine_count(KIND, puzzle, rung, 1)
            where = f"{rung} on {describe(KIND, seed, puzzle)}"
            assert count == min(truth, 1), where
            assert exhaustive == (truth == 0), where
            assert grids <= set(brute_grids) or truth >= LIMIT, where


# -- soundness: propagation only states facts true in every solution ---------------


def digit_bit(grid: tuple[tuple[int, ...], ...], cell: int, cols: int) -> int:
    return 1 << (grid[cell // cols][cell % cols] - 1)


def assert_sound(
    puzzle: Suguru,
    state: State,
    log: SnapshotLog,
    solutions: Iterable[tuple[tuple[int, ...], ...]],
    allowed: Collection[str],
    where: str,
) -> None:
    """What propagation (to ``state``, logged in ``log``) may claim: every
    solution keeps its digit in every cell, at the end and right after each
    step; only ``allowed`` rules speak; a writing step leaves one digit."""
    cols = puzzle.cols
    for solution in solutions:
        for cell in range(puzzle.rows * cols):
            if puzzle.blocks[cell] == REMOVED:
                continue
            digit = digit_bit(solution, cell, cols)
            assert state.domains[cell] & digit, (
                f"{where}: r{cell // cols + 1}c{cell % cols + 1} lost the digit of "
                f"solution {solution}"
            )
        for deduction, after in zip(log, log.after, strict=True):
            for cell, dom in zip(deduction.cells, after, strict=True):
                assert dom & digit_bit(solution, cell, cols), (
                    f"{where}: {deduction} contradicts solution {solution}"
                )
    for deduction, after in zip(log, log.after, strict=True):
        assert deduction.rule in allowed, f"{where}: {deduction}"
        if deduction.writes:
            assert all(dom & (dom - 1) == 0 for dom in after), f"{where}: {deduction}"


# the rules each rung may log
RUNG_RULES = {
    "singles": {"only-candidate", "only-home"},
    "witness": {"only-candidate", "only-home", "witness-inward", "witness-outward"},
}


def check_propagation_sound(seed: str) -> None:
    puzzle = board_for(seed)
    truth, solutions = brute_result(seed)
    for rung in RUNGS:
        where = f"{rung} on {describe(KIND, seed, puzzle)}"
        state = new_state(puzzle)
        log = SnapshotLog(state)
        try:
            propagate(state, KIND.ladder.rules(rung), log)
        except Contradiction:
            assert truth == 0, f"{where}: contradiction on a board with solutions"
            continue
        assert_sound(puzzle, state, log, solutions, RUNG_RULES[rung], where)


def test_propagation_is_sound_on_random_boards() -> None:
    for seed in SEEDS:
        check_propagation_sound(seed)


@pytest.mark.soak
def test_propagation_is_sound_soak() -> None:
    for seed in SOAK_SEEDS:
        check_propagation_sound(seed)


# -- hints lead to the solution ----------------------------------------------------


def written_digit(puzzle: Suguru, step: Deduction) -> tuple[int, int]:
    """The (cell, digit) a writing hint step announces; its reason must name both."""
    assert step.writes and len(step.cells) == 1 and step.value is not None, step
    (cell,) = step.cells
    assert KIND.cell_label(puzzle, cell) in step.reason, step
    assert str(step.value) in step.reason, step
    return cell, step.value


# Unique boards the top rung cannot finish: the hint chain must go on past
# the ladder by supposition and solve them, never writing a wrong digit (it
# stopped "stuck" there before hints could suppose). Found once with
# ``carved_board(random.Random(f"stuck-{i}"), 5, 5)`` (brute-force carving,
# no rungs involved) for i in 9, 31, 36 and 48: the first four of 60 that
# witness propagation leaves unfinished.
STUCK_BOARDS = {  # name: (block map rows, givens rows)
    "stuck-9": ("AAABB ACCBD CCCBD EEFBD EEFFD", "1...3 ..... .1... ..... ....3"),
    "stuck-31": ("ABCCD BBBCE FBGGE FFGEE FGGEH", ".2.2. ..... ..... ..... ....."),
    "stuck-36": ("AAAAB CCABB CCBBD CEDDD EEEED", "1.3.1 3.... .2... ....5 ....."),
    "stuck-48": ("AABBB AACBD EFDDD FFFFD GGGGG", "..... ..... ..... ...3. ..24."),
}


def compact_board(blocks: str, givens: str) -> Suguru:
    """A board from its block map and givens, rows separated by spaces."""
    block_rows, given_rows = blocks.split(), givens.split()
    header = f"suguru {len(block_rows)}x{len(block_rows[0])}"
    return parse_text("\n".join([header, *block_rows, "", *given_rows]))


def check_hint_chain(puzzle: Suguru, where: str) -> str:
    """Follow hints from the bare board; every written digit must be the
    solution's. Returns how the chain ended: "solved" or "stuck"."""
    count, solutions = brute.count(puzzle, 2)
    assert count == 1, f"{where}: not unique"
    solution = frozen(solutions[0])
    cols = puzzle.cols
    position = [[puzzle.givens[r * cols + c] for c in range(cols)] for r in range(puzzle.rows)]
    blanks = sum(
        1 for cell, g in enumerate(puzzle.givens) if not g and puzzle.blocks[cell] != REMOVED
    )
    for _ in range(blanks + 1):
        hint = solving.hint(KIND, puzzle, position)
        assert hint.status in ("step", "narrowed", "solved", "stuck"), f"{where}: {hint}"
        if hint.status == "narrowed":
            # The rungs narrowed candidates but settled no cell.
            assert hint.steps and not any(step.writes for step in hint.steps), f"{where}: {hint}"
            break
        if hint.status != "step":
            break
        assert hint.steps[-1].writes, f"{where}: {hint}"
        cell, digit = written_digit(puzzle, hint.steps[-1])
        row, col = divmod(cell, cols)
        assert position[row][col] == 0, f"{where}: hint rewrote {hint.steps[-1]}"
        assert digit == solution[row][col], f"{where}: wrong hint {hint.steps[-1]}"
        position[row][col] = digit
    else:
        raise AssertionError(f"{where}: more hints than blank cells")
    return hint_chain_ending(KIND, puzzle, hint.status, position, solution, where)


def test_hint_chain_solves_unique_random_boards() -> None:
    unique = [seed for seed in SEEDS if brute_result(seed)[0] == 1]
    assert len(unique) >= 20
    for seed in unique:
        puzzle = board_for(seed)
        check_hint_chain(puzzle, describe(KIND, seed, puzzle))


@pytest.mark.parametrize("name", sorted(STUCK_BOARDS))
def test_hint_chain_goes_on_where_the_rungs_stop(name: str) -> None:
    puzzle = compact_board(*STUCK_BOARDS[name])
    assert not top_rung_finishes(KIND, puzzle), name  # the ladder alone stalls here
    assert check_hint_chain(puzzle, describe(KIND, name, puzzle)) == "solved"


@pytest.mark.soak
def test_hint_chain_soak() -> None:
    for i in range(200):
        seed = f"soak-carved-{i}"
        puzzle = carved_board(random.Random(seed), 5, 5)
        check_hint_chain(puzzle, describe(KIND, seed, puzzle))
