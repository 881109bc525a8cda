"""The Suguru SAT encoding agrees with the brute-force counter and the rung engine.

On random boards (1x1 to 5x5, random partitions and givens, some removed
cells, mostly unsatisfiable) and planted boards (satisfiable 4x4 partitions
showing part of a solution) the plain encoding, the hybrid, and the
encoding of a state propagated by *each* rung must report the brute-force
count and solution set; so must the rung engine (top rung plus search).
Every published Suguru must come out unique, equal to its published answer.

The hybrid's own rule (``hybrid_extra``: pointing and pairs) is held to the
same boards step by step: every digit it removes is wrong in every
brute-force answer, it finds a contradiction only where there is no answer,
it leaves written digits gone from every peer (what the encoder relies on)
and a real fixpoint (what ``propagate`` needs to stop).

Boards are drawn from string seeds by ``test_suguru_counters.board_for``, so
a failing board can be rebuilt with it; its text is printed in the failure
message. ``--soak``
(or ``PENCILBOX_SOAK=1``) runs many more.
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING

import pytest

from conftest import real_sugurus
from crosscheck import (
    Grid,
    SnapshotLog,
    check_sat_agrees,
    describe,
    frozen,
    frozen_all,
    sat_answers,
    seeds,
)
from pencilbox import counting, solving
from pencilbox.engine import Contradiction, Deduction, propagate
from pencilbox.formats import load
from pencilbox.puzzles.suguru import KIND, brute
from pencilbox.puzzles.suguru import cnf as encoder
from pencilbox.puzzles.suguru.model import REMOVED, format_text, parse_text
from pencilbox.puzzles.suguru.pointing import point_and_pair
from pencilbox.puzzles.suguru.state import SuguruState, new_state
from pencilbox.sat.core import count_models
from test_suguru_counters import assert_sound, board_for

if TYPE_CHECKING:
    from conftest import RealSuguru

LIMIT = 30
SEEDS = seeds("sat-random", 800) + seeds("sat-planted", 60)
SOAK_SEEDS = seeds("soak-sat-random", 10_000) + seeds("soak-sat-planted", 300)


@cache
def brute_result(seed: str) -> tuple[int, frozenset[Grid]]:
    """Brute-force count and answers at this file's LIMIT (not the counters' tests')."""
    count, solutions = brute.count(board_for(seed), LIMIT)
    return count, frozenset(frozen_all(solutions))


def check_agree(seed: str) -> None:
    puzzle = board_for(seed)
    truth, answers = brute_result(seed)
    where = describe(KIND, seed, puzzle)
    check_sat_agrees(KIND, encoder.encode, puzzle, truth, answers, where, LIMIT, "brute force")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("suguru 1x1\nA\n", 1),
        ("suguru 1x5\nAAAAA\n", 120),
        ("suguru 2x3\nAAA\nAAA\n", 720),  # a block of 6: every order
        ("suguru 2x4\nAAAA\nAAAA\n", 40_320),  # a block of 8 (sequential at-most-one)
        ("suguru 3x3\nAAA\nAAA\nAAA\n", 362_880),  # a block of 9
        ("suguru 2x3\nABB\nABB\n", 8),  # pointing, then a pair (see below)
        ("suguru 2x3\nABC\nABC\n", 0),  # a touching pair empties the middle domino
        ("suguru 2x2\nAA\nAA\n\n1.\n..\n", 6),
        ("suguru 1x8\nAABBCCDD\n", 2),
        ("suguru 1x2\nAB\n", 0),
        ("suguru 1x3\nA.B\n", 1),
        ("suguru 2x5\nA.B.C\nA.B.C\n", 8),
        ("suguru 1x2\n..\n", 1),
    ],
)
def test_counts_worked_out_by_hand(text: str, expected: int) -> None:
    puzzle = parse_text(text)
    limit = 800
    for engine in ("sat", "hybrid"):
        count, exhaustive, grids = sat_answers(KIND, puzzle, engine, limit)
        assert (count, exhaustive) == (min(expected, limit), expected < limit), engine
        for grid in grids:
            assert KIND.check(puzzle, [list(row) for row in grid]) == []


def test_random_boards_cover_every_outcome() -> None:
    counts = [brute_result(seed)[0] for seed in SEEDS]
    assert sum(c == 0 for c in counts) >= len(SEEDS) // 10
    assert sum(c == 1 for c in counts) >= len(SEEDS) // 20
    assert sum(1 < c < LIMIT for c in counts) >= len(SEEDS) // 20
    assert sum(c == LIMIT for c in counts) >= 5


def test_sat_agrees_with_brute_force_and_the_rungs() -> None:
    assert len(SEEDS) >= 300
    for seed in SEEDS:
        check_agree(seed)


@pytest.mark.soak
def test_sat_agrees_soak() -> None:
    for seed in SOAK_SEEDS:
        check_agree(seed)


def test_limit_equal_to_the_true_count() -> None:
    checked = 0
    for seed in SEEDS:
        truth = brute_result(seed)[0]
        if not 1 <= truth < LIMIT:
            continue
        puzzle = board_for(seed)
        for engine in ("sat", "hybrid"):
            assert sat_answers(KIND, puzzle, engine, truth)[:2] == (truth, False), seed
            assert sat_answers(KIND, puzzle, engine, truth + 1)[:2] == (truth, True), seed
        checked += 1
    assert checked >= 20


def test_settled_but_unwritten_cell_is_still_encoded() -> None:
    """A state that narrows a cell to one digit without writing it (so its
    peers still have the digit): the encoding must keep the clash clauses."""
    checked = 0
    for seed in SEEDS:
        truth, answers = brute_result(seed)
        if not 1 < truth < LIMIT:
            continue
        puzzle = board_for(seed)
        cols = puzzle.cols
        first = next(iter(answers))
        for cell in range(0, puzzle.rows * cols, 2):
            digit = first[cell // cols][cell % cols]
            if not digit or puzzle.givens[cell]:
                continue
            state = new_state(puzzle)
            state.domains[cell] = 1 << (digit - 1)
            assert not state.written >> cell & 1
            wanted = {grid for grid in answers if grid[cell // cols][cell % cols] == digit}
            result = count_models(encoder.encode(puzzle, state), LIMIT)
            assert {frozen(g) for g in result.solutions} == wanted, describe(KIND, seed, puzzle)
            checked += 1
    assert checked >= 50


def test_fully_settled_state_encodes_nothing() -> None:
    """When the rungs settle every cell the solver only confirms the answer."""
    puzzle = parse_text("suguru 1x8\nAABBCCDD\n\n1.......\n")
    state = KIND.initial_state(puzzle)
    propagate(state, KIND.ladder.rules(KIND.hybrid_rung))
    assert state.is_solved()
    encoding = encoder.encode(puzzle, state)
    assert (encoding.clauses, list(encoding.key)) == ([], [])
    result = count_models(encoding, 2)
    assert (result.count, result.exhaustive) == (1, True)
    assert result.solutions == [[[1, 2, 1, 2, 1, 2, 1, 2]]]


def test_empty_domain_means_no_answer() -> None:
    puzzle = parse_text("suguru 1x3\nAAA\n")
    state = KIND.initial_state(puzzle)
    state.domains[1] = 0
    assert count_models(encoder.encode(puzzle, state), 5).count == 0


def test_published_sugurus_are_unique_and_match(real_suguru: RealSuguru) -> None:
    kind, puzzle = load(real_suguru.url)
    assert kind is KIND
    for engine in ("sat", "hybrid"):
        report = counting.count(KIND, puzzle, 2, engine)
        assert report.unique, f"{engine}: {report.count} answers (exhaustive={report.exhaustive})"
        if real_suguru.solution is not None:
            assert report.solutions[0] == real_suguru.solution, engine
        else:  # no published answer: the rung engine's must agree
            assert report.solutions == solving.solve(KIND, puzzle, limit=2).solutions


# -- the hybrid's extra rule ---------------------------------------------------------

EXTRA_RULES = {"only-candidate", "only-home", "pointing", "pair", "write"}


def check_extra_sound(seed: str) -> None:
    """The hybrid's propagation (singles and ``hybrid_extra``) against brute force."""
    puzzle = board_for(seed)
    truth, answers = brute_result(seed)
    where = describe(KIND, seed, puzzle)
    state = KIND.initial_state(puzzle)
    log = SnapshotLog(state)
    try:
        propagate(state, counting.hybrid_rules(KIND), log)
    except Contradiction:
        assert truth == 0, f"contradiction with {truth} answers on {where}"
        return
    assert isinstance(state, SuguruState)
    # every answer brute force found (all of them below LIMIT)
    assert_sound(puzzle, state, log, answers, EXTRA_RULES, where)
    live = [cell for cell in range(puzzle.rows * puzzle.cols) if puzzle.blocks[cell] != REMOVED]
    # the encoder leaves written cells out: their digit must be gone from every peer
    for cell in live:
        if state.written >> cell & 1:
            for peer in state.tables.peers[cell]:
                assert not state.domains[peer] & state.domains[cell], f"r{cell} on {where}"
    # a real fixpoint: run again, the rule finds nothing (else propagate,
    # which stops only when every rule is silent, would never stop)
    again = state.copy()
    assert not point_and_pair(again, None), where
    assert again.domains == state.domains and again.written == state.written, where


def test_extra_rule_is_sound_on_random_boards() -> None:
    removed = 0
    for seed in SEEDS:
        check_extra_sound(seed)
        removed += REMOVED in board_for(seed).blocks
    assert removed >= 50  # removed cells sit among the digits too


@pytest.mark.soak
def test_extra_rule_is_sound_soak() -> None:
    for seed in SOAK_SEEDS:
        check_extra_sound(seed)


def test_pointing_then_a_pair() -> None:
    """Block A's 1 and 2 both touch r1c2 and r2c2 (pointing), which leaves
    those two with 3 and 4 between them: a pair that empties the rest of B."""
    puzzle = parse_text("suguru 2x3\nABB\nABB\n")
    state = KIND.initial_state(puzzle)
    propagate(state, KIND.ladder.rules(KIND.hybrid_rung))
    assert state.domains == [3, 15, 15, 3, 15, 15]  # singles see nothing
    log: list[Deduction] = []
    assert point_and_pair(state, log)
    assert state.domains == [3, 12, 3, 3, 12, 3]
    assert {d.rule for d in log} == {"pointing", "pair"}
    assert all(d.cells[0] in (1, 4) for d in log if d.rule == "pointing")
    assert all(d.cells[0] in (2, 5) for d in log if d.rule == "pair")


def test_touching_pair_across_blocks() -> None:
    """Three side-by-side dominoes: A's 1 and 2 touch both cells of B."""
    puzzle = parse_text("suguru 2x3\nABC\nABC\n")
    state = KIND.initial_state(puzzle)
    with pytest.raises(Contradiction):
        propagate(state, counting.hybrid_rules(KIND))
    assert counting.count(KIND, puzzle, 2, "hybrid").count == 0


def test_hybrid_settles_more_than_singles() -> None:
    """The extra rule earns its keep on the published boards: it settles
    boards singles leave open, and never leaves more open than singles."""
    more = 0
    for case in real_sugurus():
        puzzle = load(case.text or case.url)[1]
        plain = KIND.initial_state(puzzle)
        propagate(plain, KIND.ladder.rules(KIND.hybrid_rung))
        extra = KIND.initial_state(puzzle)
        propagate(extra, counting.hybrid_rules(KIND))
        assert all(e & ~p == 0 for e, p in zip(extra.domains, plain.domains, strict=True))
        more += extra.is_solved() and not plain.is_solved()
    assert more >= 5


def test_the_callers_puzzle_is_unchanged() -> None:
    puzzle = board_for("sat-planted-1")
    before = (format_text(puzzle), puzzle.blocks, puzzle.givens, hash(puzzle))
    state = KIND.initial_state(puzzle)
    domains = list(state.domains)
    for engine in ("sat", "hybrid"):
        counting.count(KIND, puzzle, 5, engine)
    count_models(encoder.encode(puzzle, state), 5)
    assert (format_text(puzzle), puzzle.blocks, puzzle.givens, hash(puzzle)) == before
    assert state.domains == domains


def test_generator_oracles_agree() -> None:
    """Carving with the SAT oracle keeps exactly the givens the rung oracle keeps."""
    from pencilbox.puzzles.suguru.generate import Carver, make_filled

    asked = {"rungs": 0, "sat": 0}

    class Counting(Carver):
        def unique_beyond(self, state: SuguruState) -> bool:
            asked[self.oracle] += 1
            return super().unique_beyond(state)

    for seed in range(6):
        rng = random.Random(f"sat-oracle-{seed}")
        filled = make_filled(rng, 7, 7)
        order_seed = rng.getrandbits(32)
        carved = {}
        for oracle in ("rungs", "sat"):
            carver = Counting(filled.board)
            carver.oracle = oracle
            carved[oracle] = carver.carve(random.Random(order_seed), filled.solution, "minimal")
        assert carved["sat"] == carved["rungs"], f"seed {seed}"
        assert solving.solve(KIND, filled.board.with_givens(carved["sat"]), limit=2).unique
    assert asked["sat"] == asked["rungs"] >= 20  # the oracle was really consulted
    assert Carver.oracle == "sat"  # the generator's default
