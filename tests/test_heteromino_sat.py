"""The Heteromino SAT encoding agrees with the scanner and the rung engine.

On random boards (3x3 to 6x6, random black cells leaving a multiple of 3
white cells, satisfiable or not) the plain encoding, the hybrid, and the
encoding of a state propagated by *each* rung must report the scanner's
count and solution set; so must the rung engine (top rung plus search).
The published boards must come out unique and equal to their answers.

The hybrid's own narrowing has its tests in ``test_heteromino_lookahead.py``.

Boards are drawn from string seeds (``"sat-random-17"``), so a failing board
can be rebuilt with :func:`board_for`; its text is printed in the failure
message. ``--soak`` (or ``PENCILBOX_SOAK=1``) runs many more, up to 8x8.
"""

from __future__ import annotations

import random
import sys
from functools import cache
from pathlib import Path

import pytest

from crosscheck import check_sat_agrees, describe, frozen, frozen_all, sat_answers, seeds
from pencilbox import counting
from pencilbox.formats import load
from pencilbox.puzzles.heteromino import KIND, brute
from pencilbox.puzzles.heteromino import cnf as encoder
from pencilbox.puzzles.heteromino.boards import random_board
from pencilbox.puzzles.heteromino.model import SHAPES, Heteromino, format_text
from pencilbox.puzzles.heteromino.pieces import _PAD
from pencilbox.puzzles.heteromino.state import new_state
from pencilbox.sat.core import count_models

sys.path.insert(0, str(Path(__file__).parent))
from test_heteromino_real import CASES, RealHeteromino  # noqa: E402

LIMIT = 30
SEEDS = seeds("sat-random", 320)
SOAK_SEEDS = seeds("soak-sat-random", 6000)


@cache
def board_for(seed: str) -> Heteromino:
    """The board a seed names: 3x3..6x6 by default, up to 8x8 in a soak."""
    return random_board(random.Random(seed), max_side=8 if seed.startswith("soak-") else 6)


def blank(rows: int, cols: int) -> Heteromino:
    return Heteromino(rows, cols, (False,) * (rows * cols))


def check_agree(seed: str, puzzle: Heteromino) -> None:
    truth, found = brute.count(puzzle, LIMIT)
    where = describe(KIND, seed, puzzle)
    check_sat_agrees(
        KIND, encoder.encode, puzzle, truth, frozen_all(found), where, LIMIT, "scanner"
    )


def test_blank_3x4_has_14_tilings() -> None:
    puzzle = blank(3, 4)
    _, tilings = brute.count(puzzle, 100)
    for engine in ("sat", "hybrid"):
        assert sat_answers(KIND, puzzle, engine, 100) == (14, True, {frozen(g) for g in tilings})


@pytest.mark.parametrize(
    ("rows", "cols", "expected"),
    [(1, 3, 1), (3, 1, 1), (1, 6, 0), (2, 3, 2), (2, 9, 8), (6, 2, 4), (4, 3, 14)],
)
def test_blank_strips(rows: int, cols: int, expected: int) -> None:
    for engine in ("sat", "hybrid"):
        assert sat_answers(KIND, blank(rows, cols), engine, 100)[:2] == (expected, True)


def test_board_with_no_white_cell_has_one_empty_tiling() -> None:
    puzzle = Heteromino(2, 3, (True,) * 6)
    for engine in ("sat", "hybrid"):
        assert sat_answers(KIND, puzzle, engine, 5) == (1, True, {((0, 0, 0), (0, 0, 0))})


def test_a_cell_nothing_can_cover_means_no_answer() -> None:
    # the corner cell's every tromino crosses a black cell
    puzzle = Heteromino(3, 3, (False, True, False, True, False, False, False, False, False))
    assert brute.count(puzzle, 5)[0] == 0
    encoding = encoder.encode(puzzle, None)
    assert [] in encoding.clauses
    for engine in ("sat", "hybrid"):
        assert sat_answers(KIND, puzzle, engine, 5) == (0, True, set())


def test_templates_match_the_rule_text() -> None:
    """Overlap and twin templates, rebuilt here by brute force over anchors near the origin."""

    def cells(shape: int, r: int, c: int) -> set[tuple[int, int]]:
        return {(r + dr, c + dc) for dr, dc in SHAPES[shape]}

    def touch(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> bool:
        return any(abs(r1 - r2) + abs(c1 - c2) == 1 for r1, c1 in a for r2, c2 in b)

    near = range(-5, 6)
    for shape in range(len(SHAPES)):
        mine = cells(shape, 0, 0)
        overlaps = {
            (other, dr, dc)
            for other in range(len(SHAPES))
            for dr in near
            for dc in near
            if (other, dr, dc) != (shape, 0, 0) and cells(other, dr, dc) & mine
        }
        twins = {
            (dr, dc)
            for dr in near
            for dc in near
            if not cells(shape, dr, dc) & mine and touch(cells(shape, dr, dc), mine)
        }
        assert (
            set(encoder.TWINS_AHEAD[shape]) | {(-r, -c) for r, c in encoder.TWINS_AHEAD[shape]}
            == twins
        )
        assert not set(encoder.TWINS_AHEAD[shape]) & {
            (-r, -c) for r, c in encoder.TWINS_AHEAD[shape]
        }
        forward = set(encoder.OVERLAPS[shape])
        assert {(o, dr, dc) for o, dr, dc in forward} <= overlaps
        # every overlapping pair is listed from exactly one side
        for other, dr, dc in overlaps:
            here = (other, dr, dc) in forward
            there = (shape, -dr, -dc) in set(encoder.OVERLAPS[other])
            assert here != there, (shape, other, dr, dc)


def test_templates_stay_within_the_layout_padding() -> None:
    """The CNF lays its templates over the engine's padded index
    (:class:`~pencilbox.puzzles.heteromino.tables.Layout`), so they must not
    reach past its padding."""
    reach = max(
        abs(d)
        for templates in (encoder.OVERLAPS, encoder.TWINS_AHEAD)
        for template in templates
        for entry in template
        for d in entry[-2:]
    )
    assert 0 < reach <= _PAD


def test_random_boards_cover_every_outcome() -> None:
    counts = [brute.count(board_for(seed), LIMIT)[0] for seed in SEEDS[:120]]
    assert sum(c == 0 for c in counts) >= 10
    assert sum(c == 1 for c in counts) >= 5
    assert sum(1 < c < LIMIT for c in counts) >= 10
    assert sum(c == LIMIT for c in counts) >= 5


def test_sat_agrees_with_the_scanner_and_the_rungs() -> None:
    assert len(SEEDS) >= 300
    for seed in SEEDS:
        check_agree(seed, board_for(seed))


@pytest.mark.soak
def test_sat_agrees_soak() -> None:
    for seed in SOAK_SEEDS:
        check_agree(seed, board_for(seed))


def test_limit_equal_to_the_true_count() -> None:
    checked = 0
    for seed in SEEDS[:100]:
        puzzle = board_for(seed)
        truth = brute.count(puzzle, LIMIT)[0]
        if not 1 <= truth < LIMIT:
            continue
        for engine in ("sat", "hybrid"):
            assert sat_answers(KIND, puzzle, engine, truth)[:2] == (truth, False), seed
            assert sat_answers(KIND, puzzle, engine, truth + 1)[:2] == (truth, True), seed
        checked += 1
    assert checked >= 10


def test_unpropagated_state_with_a_forced_piece() -> None:
    """A state that fixes a piece's cells but has not cleared its twins and
    overlaps yet: the encoding itself must rule out what touches it."""
    checked = 0
    for seed in SEEDS[:60]:
        puzzle = board_for(seed)
        truth, found = brute.count(puzzle, LIMIT)
        if not 1 < truth < LIMIT:
            continue
        tables = new_state(puzzle).tables
        for piece in range(0, tables.piece_count, 3):
            cells = tables.piece_cells[piece]
            # the answers that use this piece: its three cells share one number
            wanted = {
                frozen(grid)
                for grid in found
                if len({grid[c // puzzle.cols][c % puzzle.cols] for c in cells}) == 1
            }
            state = new_state(puzzle)
            for cell, bit in zip(cells, tables.piece_bits[piece], strict=True):
                state.domains[cell] = bit
            result = count_models(encoder.encode(puzzle, state), LIMIT)
            assert {frozen(g) for g in result.solutions} == wanted, describe(KIND, seed, puzzle)
            checked += 1
    assert checked >= 50


def test_two_drawn_twins_touching_have_no_answer() -> None:
    puzzle = blank(2, 3)  # two horizontal bars, one above the other
    state = new_state(puzzle)
    bar = 0  # the horizontal bar's shape index
    for cell in range(6):
        state.domains[cell] = 1 << (3 * bar + cell % 3)
    assert count_models(encoder.encode(puzzle, state), 5).count == 0


@pytest.fixture(params=CASES, ids=[case.name for case in CASES])
def real(request: pytest.FixtureRequest) -> RealHeteromino:
    case: RealHeteromino = request.param
    return case


def test_published_boards_are_unique_and_match(real: RealHeteromino) -> None:
    kind, puzzle = load(real.url)
    assert kind is KIND
    for engine in ("sat", "hybrid"):
        report = counting.count(KIND, puzzle, 2, engine)
        assert report.unique, f"{engine}: {report.count} answers (exhaustive={report.exhaustive})"
        assert report.solutions[0] == real.answer, real.answer_source


def test_the_callers_puzzle_is_unchanged() -> None:
    puzzle = board_for(SEEDS[3])
    before = (format_text(puzzle), puzzle.black, hash(puzzle))
    state = KIND.initial_state(puzzle)
    domains = list(state.domains)
    for engine in ("sat", "hybrid"):
        counting.count(KIND, puzzle, 5, engine)
    count_models(encoder.encode(puzzle, state), 5)
    assert (format_text(puzzle), puzzle.black, hash(puzzle)) == before
    assert state.domains == domains
