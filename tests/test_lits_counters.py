"""Cross-checks: every sound LITS counter agrees, and every deduction is true.

Five counters -- the two independent brute-force counters (``brute_cells``
walks cells, ``brute`` walks regions) and each rung + search --
must report identical counts and identical solution sets on random boards,
satisfiable or not. Propagation with each rung, and every deduction it logs
(checked right when it fires), must hold in every brute-force solution.

Boards are drawn from string seeds (``"random-17"``), so a failing board can
be rebuilt with :func:`board_for`; its text is printed in the failure
message. ``--soak`` (or ``PENCILBOX_SOAK=1``) runs many more, on slightly
larger boards.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from crosscheck import (
    Grid,
    assert_same_answers,
    describe,
    engine_count,
    frozen,
    frozen_all,
    imports_of,
    seeds,
)
from pencilbox import counting, solving
from pencilbox.engine import Contradiction, Deduction, propagate
from pencilbox.grid import mask_of
from pencilbox.puzzles.lits import KIND, brute, brute_cells, checker, probe
from pencilbox.puzzles.lits.boards import random_board
from pencilbox.puzzles.lits.model import Lits, format_text, parse_text
from pencilbox.puzzles.lits.state import SHADED, LitsState, new_state
from pencilbox.puzzles.lits.tables import Tables
from test_lits_real import CASES as REAL_CASES

Frozen = Grid

LIMIT = 12
RUNGS = KIND.ladder.names
SEEDS = seeds("random", 400)
SOAK_SEEDS = seeds("soak-random", 6000)
REGION_SIZES = ((4, 5), (4, 6), (4, 8))


@cache
def board_for(seed: str) -> Lits:
    """The board a seed names: 4x4..6x6 (4x4..7x7 in a soak), regions of 4 to 8 cells."""
    rng = random.Random(seed)
    smallest, largest = rng.choice(REGION_SIZES)
    sides = (4, 7) if seed.startswith("soak-") else (4, 6)
    return random_board(rng, sides=sides, smallest=smallest, largest=largest)


@cache
def brute_result(seed: str) -> tuple[int, frozenset[Frozen]]:
    """The region-walking brute-force count and solutions of one seeded board."""
    count, solutions = brute.count(board_for(seed), LIMIT)
    return count, frozenset(frozen_all(solutions))


# -- the brute-force counters on their own ------------------------------------------


def test_brute_counters_share_no_code() -> None:
    """Neither counter imports the rules, shapes, tables, engine, grid or each other."""
    assert imports_of(brute_cells) <= {"__future__", ".model"}
    assert imports_of(brute) <= {"__future__", "itertools", ".model"}


def test_checker_shares_no_code_with_the_solver() -> None:
    """The checker reads the board and the rule text: no shapes, tables, state or rules."""
    assert imports_of(checker) <= {
        "__future__",
        "collections.abc",
        "functools",
        "...kind",
        ".model",
    }


def test_a_probe_trial_runs_the_tetro_rung() -> None:
    """``probe`` propagates exactly the ``tetro`` rung's rules, in the ladder's order."""
    assert KIND.ladder.rules("tetro") == probe.TETRO_RULES


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # one region: every tetromino it holds is a solution (one mass, no neighbours)
        ("lits 1x4\nAAAA\n", 1),
        # 2x3: 15 four-cell subsets, 5 disconnected, 2 squares -> 4 L + 2 T + 2 S
        ("lits 2x3\nAAA\nAAA\n", 8),
        # 2x4: two 2x3 windows of 4 L, 2 T, 2 S each, plus the two rows (I)
        ("lits 2x4\nAAAA\nAAAA\n", 18),
        # 3x3: four 2x3/3x2 windows of 4 L, 2 T, 2 S each; no I fits
        ("lits 3x3\nAAA\nAAA\nAAA\n", 32),
        # two I's side by side always touch
        ("lits 1x8\nAAAABBBB\n", 0),
        ("lits 2x4\nAAAA\nBBBB\n", 0),
        # rows of five: each I covers four of the five columns, so they touch
        ("lits 2x5\nAAAAA\nBBBBB\n", 0),
        # the L of A forces every choice of B into a square or a touching L
        ("lits 3x3\nABB\nABB\nAAB\n", 0),
        # pzprjs's test board: unique
        ("lits 4x4\nAABB\nAABC\nABBC\nCCCC\n", 1),
    ],
)
def test_counters_match_counts_worked_out_by_hand(text: str, expected: int) -> None:
    puzzle = parse_text(text)
    for counter in (brute_cells.count, brute.count):
        count, solutions = counter(puzzle, 1000)
        assert count == expected, counter
        assert len({frozen(g) for g in solutions}) == expected
        for grid in solutions:
            assert KIND.check(puzzle, grid) == []
    for rung in RUNGS:
        assert engine_count(KIND, puzzle, rung, 1000)[0] == expected


def test_brute_counters_stop_at_the_limit() -> None:
    puzzle = parse_text("lits 3x3\nAAA\nAAA\nAAA\n")  # 32 solutions
    for counter in (brute_cells.count, brute.count):
        for limit in (1, 5, 32, 33):
            count, solutions = counter(puzzle, limit)
            assert count == len(solutions) == min(limit, 32)
        with pytest.raises(ValueError):
            counter(puzzle, 0)


def test_kind_face_uses_a_brute_force_counter() -> None:
    puzzle = parse_text("lits 2x4\nAAAA\nAAAA\n")
    assert KIND.brute_count(puzzle, 50) == brute.count(puzzle, 50)


def test_checker_accepts_exactly_the_brute_force_solutions() -> None:
    """On small boards, every 0/1 grid: the checker's verdict is the counters' verdict."""
    rng = random.Random("checker")
    checked = 0
    for _ in range(8):
        rows, cols = rng.choice(((3, 4), (4, 3), (2, 6)))
        puzzle = random_board(rng, rows, cols, smallest=4, largest=6)
        truth = {frozen(g) for g in brute_cells.count(puzzle, 10_000)[1]}
        accepted = set()
        for bits in itertools.product((0, 1), repeat=rows * cols):
            grid = [list(bits[r * cols : (r + 1) * cols]) for r in range(rows)]
            if not KIND.check(puzzle, grid):
                accepted.add(frozen(grid))
        assert accepted == truth, format_text(puzzle)
        checked += bool(truth)
    assert checked >= 3


# -- five counters agree ---------------------------------------------------------


def check_counters_agree(seed: str) -> None:
    puzzle = board_for(seed)
    truth, grids_truth = brute_result(seed)
    by_cells, cell_grids = brute_cells.count(puzzle, LIMIT)
    where = describe(KIND, seed, puzzle)
    assert by_cells == truth, f"brute_cells {by_cells}, brute {truth} on {where}"
    if truth < LIMIT:
        assert {frozen(g) for g in cell_grids} == grids_truth, f"different solutions on {where}"
    for grid in grids_truth:
        assert KIND.check(puzzle, [list(row) for row in grid]) == [], where
    for rung in RUNGS:
        found = engine_count(KIND, puzzle, rung, LIMIT)
        assert_same_answers(f"{rung} + search on {where}", found, truth, grids_truth, LIMIT)


def test_random_boards_cover_every_outcome() -> None:
    """The sample is not vacuous: unsatisfiable, unique, several and capped all occur."""
    counts = [brute_result(seed)[0] for seed in SEEDS]
    assert len(SEEDS) >= 300
    # measured on these 400 seeds: 183 none, 8 unique, 38 several, 171 capped
    assert sum(c == 0 for c in counts) >= len(SEEDS) // 10
    assert sum(c == 1 for c in counts) >= 5
    assert sum(1 < c < LIMIT for c in counts) >= len(SEEDS) // 16
    assert sum(c == LIMIT for c in counts) >= len(SEEDS) // 10
    sides = {(board_for(s).rows, board_for(s).cols) for s in SEEDS}
    assert (4, 4) in sides and (6, 6) in sides


def test_counters_agree_on_random_boards() -> None:
    for seed in SEEDS:
        check_counters_agree(seed)


@pytest.mark.soak
def test_counters_agree_soak() -> None:
    for seed in SOAK_SEEDS:
        check_counters_agree(seed)


def test_limit_equal_to_the_true_count() -> None:
    """At limit == true count every solution is found but the search cannot
    know there are no more; one above, it can."""
    checked = 0
    for seed in SEEDS:
        truth, grids_truth = brute_result(seed)
        if not 1 <= truth < LIMIT:
            continue
        puzzle = board_for(seed)
        for counter in (brute_cells.count, brute.count):
            assert counter(puzzle, truth)[0] == truth
        for rung in RUNGS:
            where = f"{rung} on {describe(KIND, seed, puzzle)}"
            count, exhaustive, grids = engine_count(KIND, puzzle, rung, truth)
            assert (count, exhaustive, grids) == (truth, False, grids_truth), where
            count, exhaustive, _ = engine_count(KIND, puzzle, rung, truth + 1)
            assert (count, exhaustive) == (truth, True), where
        checked += 1
    assert checked >= len(SEEDS) // 10


# -- soundness: propagation only states facts true in every solution ---------------


class SnapshotLog(list[Deduction]):
    """A deduction log that also records the whole state right after each
    deduction, so every single step can be checked, not just the fixpoint."""

    def __init__(self, state: LitsState) -> None:
        super().__init__()
        self.state = state
        self.after: list[tuple[tuple[int, ...], int, int]] = []

    def append(self, deduction: Deduction) -> None:
        super().append(deduction)
        state = self.state
        self.after.append((tuple(state.domains), state.shaded, state.unshaded))


def placement_bits(puzzle: Lits, tables: object, grid: Frozen) -> list[int]:
    """Per region, the domain bit of the placement the solution ``grid`` shades."""
    assert isinstance(tables, Tables)
    cols = puzzle.cols
    bits = []
    for region, cells in enumerate(puzzle.region_cells):
        shaded = mask_of(c for c in cells if grid[c // cols][c % cols])
        bits.append(1 << tables.cells_of[region].index(shaded))
    return bits


def holds(
    puzzle: Lits,
    solution: Frozen,
    bits: list[int],
    domains: tuple[int, ...],
    shaded: int,
    unshaded: int,
) -> bool:
    cells = mask_of(
        c for c in range(puzzle.rows * puzzle.cols) if solution[c // puzzle.cols][c % puzzle.cols]
    )
    return (
        all(dom & bit for dom, bit in zip(domains, bits, strict=True))
        and shaded & ~cells == 0
        and unshaded & cells == 0
    )


RULE_NAMES = {
    "local": {"count-to-four", "no-2x2"},
    "tetro": {"count-to-four", "no-2x2", "neighbour-shapes", "one-mass"},
    "probe": {"count-to-four", "no-2x2", "neighbour-shapes", "one-mass", "cut-cell", "probe"},
    # what the hybrid SAT engine propagates: tetro and three rules from off the ladder
    "hybrid": {
        "count-to-four",
        "no-2x2",
        "neighbour-shapes",
        "one-mass",
        "out-of-touch",
        "only-neighbour",
        "separating-cell",
    },
}
RULE_SETS = {rung: KIND.ladder.rules(rung) for rung in RUNGS} | {
    "hybrid": counting.hybrid_rules(KIND)
}


def check_propagation_sound(
    seed: str | None, puzzle: Lits, solutions: frozenset[Frozen]
) -> set[str]:
    """Check every rule set's fixpoint and each step on the way; return the rules that fired."""
    where = describe(KIND, seed or "given", puzzle)
    fired: set[str] = set()
    for rung, rule_set in RULE_SETS.items():
        state = new_state(puzzle)
        log = SnapshotLog(state)
        try:
            propagate(state, rule_set, log)
        except Contradiction:
            assert not solutions, f"{rung} on {where}: contradiction on a board with solutions"
            continue
        for solution in solutions:
            bits = placement_bits(puzzle, state.tables, solution)
            assert holds(
                puzzle, solution, bits, tuple(state.domains), state.shaded, state.unshaded
            ), f"{rung} on {where}: final state excludes solution {solution}"
            for deduction, (domains, shaded, unshaded) in zip(log, log.after, strict=True):
                assert holds(puzzle, solution, bits, domains, shaded, unshaded), (
                    f"{rung} on {where}: {deduction} contradicts solution {solution}"
                )
                if deduction.value is not None:
                    want = 1 if deduction.value == SHADED else 0
                    for cell in deduction.cells:
                        got = solution[cell // puzzle.cols][cell % puzzle.cols]
                        assert got == want, f"{rung} on {where}: {deduction}"
        for deduction in log:
            fired.add(deduction.rule)
            assert deduction.rule in RULE_NAMES[rung], (rung, deduction)
            assert deduction.reason and deduction.cells
            if deduction.writes:
                assert len(deduction.cells) == 4 and deduction.value == SHADED
    return fired


def test_propagation_is_sound_on_random_boards() -> None:
    fired: set[str] = set()
    for seed in SEEDS:
        fired |= check_propagation_sound(seed, board_for(seed), brute_result(seed)[1])
    # the off-ladder rules fire on a few of these boards, so they are put to the test
    # (one-mass never fires on boards this small; the count cross-checks cover it)
    assert set().union(*RULE_NAMES.values()) - fired == {"one-mass"}


@pytest.mark.soak
def test_propagation_is_sound_soak() -> None:
    for seed in SOAK_SEEDS:
        count, solutions = brute.count(board_for(seed), LIMIT)
        check_propagation_sound(seed, board_for(seed), frozenset(frozen_all(solutions)))


def test_probe_is_stronger_than_tetro_stronger_than_local() -> None:
    """Each rung settles at least what the one below settles, on every board."""
    for seed in SEEDS[:150]:
        puzzle = board_for(seed)
        settled = []
        for rung in RUNGS:
            state = new_state(puzzle)
            try:
                propagate(state, KIND.ladder.rules(rung))
            except Contradiction:
                settled.append(None)
                continue
            settled.append(set(KIND.settled_cells(puzzle, state).items()))
        for lower, higher in itertools.pairwise(settled):
            if lower is None:
                assert higher is None, describe(KIND, seed, puzzle)
            elif higher is not None:
                assert lower <= higher, describe(KIND, seed, puzzle)


# -- hints lead to the solution ----------------------------------------------------


def check_hint_chain(puzzle: Lits, solution: Frozen, where: str) -> None:
    """Follow hints from the bare board of a unique puzzle: each is a step whose
    tetromino is the solution's, and the chain ends solved on the solution.
    Where the ladder stalls a hint supposes or splits (issue 13: never a dead
    end), so a hint that stops short ("stuck", "narrowed") or only guesses
    fails here."""
    cols = puzzle.cols
    position = [[0] * cols for _ in range(puzzle.rows)]
    for _ in range(puzzle.region_count + 1):
        hint = solving.hint(KIND, puzzle, position)
        if hint.status == "solved":
            break
        assert hint.status == "step", f"{where}: a dead end, {hint.status}: {hint}"
        final = hint.steps[-1]
        assert final.writes and final.value == SHADED and len(final.cells) == 4, final
        assert "shade these four cells" in final.reason
        for cell in final.cells:
            assert KIND.cell_label(puzzle, cell) in final.reason
        assert any(position[c // cols][c % cols] == 0 for c in final.cells), f"{where}: {final}"
        for cell in final.cells:
            assert solution[cell // cols][cell % cols] == 1, f"{where}: wrong hint {final}"
            position[cell // cols][cell % cols] = 1
    else:
        raise AssertionError(f"{where}: more hints than regions")
    # "solved": the dots left follow from the shading, which is the solution's
    state = KIND.position_state(puzzle, position)
    assert state.is_solved() and frozen(KIND.solution_rows(puzzle, state)) == solution, where


def test_hint_chain_solves_unique_random_boards() -> None:
    unique = [seed for seed in SEEDS if brute_result(seed)[0] == 1]
    assert len(unique) >= 5
    for seed in unique:
        (solution,) = brute_result(seed)[1]
        check_hint_chain(board_for(seed), solution, describe(KIND, seed, board_for(seed)))


@pytest.mark.parametrize(
    "case",
    [
        c
        for c in REAL_CASES
        if c.name.startswith(("janko-1_", "janko-5_", "pzprjs", "cspuz", "grilops"))
    ],
    ids=lambda case: case.name,
)
def test_hint_chain_on_real_puzzles(case: object) -> None:
    from pencilbox.formats import load

    _, puzzle = load(case.url)  # type: ignore[attr-defined]
    solution = frozen(case.solution)  # type: ignore[attr-defined]
    # Published and unique: where the ladder stalls (cspuz_core's board) the hints
    # go on by supposition, so the chain draws the whole solution, never stops short.
    check_hint_chain(puzzle, solution, case.name)  # type: ignore[attr-defined]


def test_hint_from_a_position_with_dots_continues() -> None:
    """A player's dots (2) narrow the state like shading does."""
    puzzle = parse_text("lits 4x4\nAABB\nAABC\nABBC\nCCCC\n")
    solution = [[1, 0, 1, 1], [1, 1, 1, 0], [1, 0, 1, 0], [1, 1, 1, 1]]
    dots = [[2 if value == 0 else 0 for value in row] for row in solution]
    state = KIND.position_state(puzzle, dots)
    propagate(state, KIND.ladder.rules("local"))
    assert state.is_solved()
    assert KIND.solution_rows(puzzle, state) == solution
    settled = KIND.settled_cells(puzzle, state)
    assert settled == {r * 4 + c: 1 if solution[r][c] else 2 for r in range(4) for c in range(4)}


def test_hint_names_wrong_shading_and_wrong_dots() -> None:
    puzzle = parse_text("lits 4x4\nAABB\nAABC\nABBC\nCCCC\n")
    # the solution is [[1,0,1,1],[1,1,1,0],[1,0,1,0],[1,1,1,1]]
    position = [[1, 1, 0, 0], [2, 0, 0, 2], [0, 2, 0, 0], [0, 0, 0, 0]]
    hint = solving.hint(KIND, puzzle, position)
    assert hint.status == "mistake"
    assert [(m.cells, m.message) for m in hint.mistakes] == [
        ((1,), "the shading at r1c2 is wrong"),
        ((4,), "the dot at r2c1 is wrong"),
    ]
    fine = [[1, 2, 0, 0], [0, 0, 0, 2], [0, 2, 0, 0], [0, 0, 0, 0]]
    assert solving.hint(KIND, puzzle, fine).status == "step"


def test_a_wrong_position_is_a_contradiction() -> None:
    puzzle = parse_text("lits 4x4\nAABB\nAABC\nABBC\nCCCC\n")
    square = [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    with pytest.raises(Contradiction):
        propagate(KIND.position_state(puzzle, square), KIND.ladder.rules("local"))


@pytest.mark.soak
def test_hint_chain_soak() -> None:
    for seed in SOAK_SEEDS[:2000]:
        count, solutions = brute.count(board_for(seed), 2)
        if count == 1:
            check_hint_chain(
                board_for(seed), frozen(solutions[0]), describe(KIND, seed, board_for(seed))
            )
