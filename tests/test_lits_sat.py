"""The LITS SAT encoding (``puzzles/lits/cnf.py``): plain and hybrid agree with everything else.

* On a few hundred random small boards (the seeds of ``test_lits_counters``,
  satisfiable or not), the plain SAT count and the hybrid count, and their
  solution sets, equal both brute-force counters' and the rung engine's;
  the hybrid is also run after each rung of the ladder, not only the one it
  uses, since every rung hands SAT a differently pruned state.
* Every connectivity cut ``refine`` adds holds in every real answer of the
  board (checked clause by clause against the brute-force answers), and
  cuts do happen.
* Every published LITS is proven unique by both engines, with the published
  answer; the one with several answers is counted 20 by both.
* Counting never changes the caller's puzzle or state.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import pencilbox.puzzles.lits.cnf as sat_lits
from crosscheck import Grid, describe, frozen, frozen_all
from pencilbox import counting
from pencilbox.engine import Contradiction, count_solutions, propagate
from pencilbox.formats import load
from pencilbox.grid import mask_of
from pencilbox.puzzles.lits import KIND, brute_cells
from pencilbox.puzzles.lits.boards import random_board
from pencilbox.puzzles.lits.model import Lits, parse_text
from pencilbox.puzzles.lits.state import LitsState, new_state
from pencilbox.sat.core import Clause, Encoding, count_models
from test_lits_counters import LIMIT, SEEDS, SOAK_SEEDS, board_for, brute_result
from test_lits_real import CASES as REAL_CASES
from test_lits_real import NOT_UNIQUE

Frozen = Grid
ENGINES = ("sat", "hybrid")


def sat_count(puzzle: Lits, engine: str, limit: int) -> tuple[int, bool, set[Frozen], int]:
    report = counting.count(KIND, puzzle, limit, engine)
    grids = frozen_all(report.solutions)
    assert len(grids) == report.count, f"{engine} returned the same answer twice"
    return report.count, report.exhaustive, grids, report.cuts


def rung_count(puzzle: Lits, limit: int) -> tuple[int, set[Frozen]]:
    result = count_solutions(new_state(puzzle), KIND.ladder.rules(), limit)
    return result.count, {frozen(KIND.solution_rows(puzzle, s)) for s in result.solutions}


def check_engines_agree(seed: str) -> int:
    """Both SAT engines against both brute-force counters and the top rung; returns cuts."""
    puzzle = board_for(seed)
    where = describe(KIND, seed, puzzle)
    truth, grids = brute_result(seed)  # brute (by regions), shared with test_lits_counters
    by_cells, cell_grids = brute_cells.count(puzzle, LIMIT)
    by_rungs, rung_grids = rung_count(puzzle, LIMIT)
    assert by_cells == by_rungs == truth, where
    cuts = 0
    for engine in ENGINES:
        count, exhaustive, found, used = sat_count(puzzle, engine, LIMIT)
        here = f"{engine} on {where}"
        assert count == truth, f"{here}: {count} answers, brute force {truth}"
        assert exhaustive == (truth < LIMIT), f"{here}: exhaustive={exhaustive}"
        if truth < LIMIT:
            assert found == grids == {frozen(g) for g in cell_grids} == rung_grids, here
        else:
            assert len(found) == LIMIT
        cuts += used
    return cuts


def test_sat_and_hybrid_agree_with_every_counter_on_random_boards() -> None:
    cuts = sum(check_engines_agree(seed) for seed in SEEDS)
    assert cuts > 0, "no board needed a connectivity cut: the lazy loop went untested"


@pytest.mark.parametrize("rung", [r for r in KIND.ladder.names if r != KIND.hybrid_rung])
def test_hybrid_after_every_rung(rung: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The encoding is exact for any sound propagated state, not just the chosen rung's."""
    monkeypatch.setattr(KIND, "hybrid_rung", rung)
    for seed in SEEDS[:150]:
        puzzle = board_for(seed)
        truth, grids = brute_result(seed)
        count, exhaustive, found, _ = sat_count(puzzle, "hybrid", LIMIT)
        where = f"hybrid after {rung} on {describe(KIND, seed, puzzle)}"
        assert (count, exhaustive) == (truth, truth < LIMIT), where
        if truth < LIMIT:
            assert found == grids, where


@pytest.mark.soak
def test_sat_and_hybrid_agree_soak() -> None:
    for seed in SOAK_SEEDS:
        check_engines_agree(seed)


def test_limit_equal_to_the_true_count() -> None:
    """At limit == count every answer is found but more are not ruled out; one above, they are."""
    checked = 0
    for seed in SEEDS:
        truth, grids = brute_result(seed)
        if not 1 <= truth < LIMIT:
            continue
        for engine in ENGINES:
            count, exhaustive, found, _ = sat_count(board_for(seed), engine, truth)
            assert (count, exhaustive, found) == (truth, False, grids), seed
            count, exhaustive, _, _ = sat_count(board_for(seed), engine, truth + 1)
            assert (count, exhaustive) == (truth, True), seed
        checked += 1
    assert checked >= 30


# -- the connectivity cuts are sound ----------------------------------------------------


def shaded_mask(grid: Frozen) -> int:
    cols = len(grid[0])
    return mask_of(r * cols + c for r, row in enumerate(grid) for c, v in enumerate(row) if v)


def holds(clause: Clause, values: dict[int, bool]) -> bool:
    return any(values[abs(lit)] == (lit > 0) for lit in clause)


def cuts_checked(puzzle: Lits, state: LitsState | None, answers: frozenset[Frozen]) -> int:
    """Count with the encoding, checking every clause ``refine`` returns against every answer."""
    encoder = sat_lits.encoder(puzzle, state)
    encoding = encoder.encoding()
    truths = [encoder.truth(shaded_mask(grid)) for grid in answers]
    refine = encoding.refine
    if refine is None:  # the constants alone rule every answer out
        assert not answers and count_models(encoding, 1).count == 0
        return 0
    made: list[Clause] = []

    def checked(true: set[int]) -> list[Clause]:
        clauses = refine(true)
        for clause in clauses:
            assert clause, "an empty cut"
            for values in truths:
                assert holds(clause, values), f"cut {clause} excludes an answer"
        made.extend(clauses)
        return clauses

    wrapped = Encoding(encoding.clauses, encoding.key, encoding.decode, checked, encoding.variables)
    result = count_models(wrapped, LIMIT)
    assert {frozen(grid) for grid in result.solutions} == answers or len(answers) >= LIMIT
    return len(made)


def test_cuts_hold_in_every_answer() -> None:
    """Plain and after each rung: every cut is true in every brute-force answer
    (on a board with LIMIT or more answers, in the first LIMIT of them)."""
    made = 0
    for seed in SEEDS:
        truth, answers = brute_result(seed)
        puzzle = board_for(seed)
        made += cuts_checked(puzzle, None, answers)
        for rung in KIND.ladder.names:
            state = new_state(puzzle)
            try:
                propagate(state, KIND.ladder.rules(rung))
            except Contradiction:
                assert truth == 0
                continue
            made += cuts_checked(puzzle, state, answers)
    assert made >= 20


def test_cuts_happen_on_a_published_board() -> None:
    """cspuz_core's 10x10: the rules but one mass allow split shadings, which
    the plain encoding meets and cuts before it proves the answer unique."""
    case = next(c for c in REAL_CASES if c.name == "cspuz_core")
    _, puzzle = load(case.url)
    report = counting.count(KIND, puzzle, 2, "sat")
    assert report.unique and report.cuts > 0 and report.calls > report.count + 1


# -- published puzzles ------------------------------------------------------------------


@pytest.mark.parametrize("case", REAL_CASES, ids=lambda case: case.name)
@pytest.mark.parametrize("engine", ENGINES)
def test_published_puzzles(case: Any, engine: str) -> None:
    _, puzzle = load(case.url)
    report = counting.count(KIND, puzzle, 2, engine)
    if not case.unique:
        assert report.count == 2 and not report.exhaustive
        return
    assert report.unique, f"{report.count} answers (exhaustive={report.exhaustive})"
    if case.solution is not None:
        assert report.solutions[0] == case.solution


@pytest.mark.parametrize("engine", ENGINES)
def test_the_not_unique_url_has_twenty_answers(engine: str) -> None:
    _, puzzle = load(NOT_UNIQUE)
    report = counting.count(KIND, puzzle, 100, engine)
    assert (report.count, report.exhaustive) == (20, True)
    assert len({frozen(grid) for grid in report.solutions}) == 20
    assert {frozen(g) for g in report.solutions} == {
        frozen(g) for g in brute_cells.count(puzzle, 100)[1]
    }


# -- the caller's objects stay as they were ---------------------------------------------


def test_counting_leaves_the_puzzle_and_a_given_state_alone() -> None:
    rng = random.Random("untouched")
    for _ in range(20):
        puzzle = random_board(rng, sides=(5, 7))
        before = (puzzle.rows, puzzle.cols, puzzle.regions, puzzle.region_cells)
        for engine in ENGINES:
            counting.count(KIND, puzzle, 5, engine)
        assert (puzzle.rows, puzzle.cols, puzzle.regions, puzzle.region_cells) == before
        state = new_state(puzzle)
        try:
            propagate(state, KIND.ladder.rules("tetro"))
        except Contradiction:
            continue
        snapshot = (list(state.domains), state.shaded, state.unshaded)
        count_models(sat_lits.encode(puzzle, state), 5)
        assert (list(state.domains), state.shaded, state.unshaded) == snapshot


def test_an_emptied_domain_encodes_as_no_answer() -> None:
    puzzle = parse_text("lits 4x4\nAABB\nAABC\nABBC\nCCCC\n")
    state = new_state(puzzle)
    state.domains[0] = 0
    assert count_models(sat_lits.encode(puzzle, state), 2).count == 0


def test_settled_board_needs_no_variables() -> None:
    """After the top rung a unique real board is settled: the hybrid's CNF has
    no variable, and the one-mass check alone confirms the answer."""
    case = next(c for c in REAL_CASES if c.name == "janko-1_6x7")
    _, puzzle = load(case.url)
    state = new_state(puzzle)
    propagate(state, KIND.ladder.rules("probe"))
    assert state.is_solved()
    encoding = sat_lits.encode(puzzle, state)
    assert encoding.variables == 0 and encoding.clauses == []
    result = count_models(encoding, 2)
    assert (result.count, result.exhaustive, result.solutions) == (1, True, [case.solution])
