"""Windows (the large-board walk's local proofs of "no answer"): sound against
the independent scanner, and able to see defects the region sizes miss."""

from __future__ import annotations

import random

from pencilbox.puzzles.heteromino import KIND
from pencilbox.puzzles.heteromino import generate as gen
from pencilbox.puzzles.heteromino.brute import count as scanner_count
from pencilbox.puzzles.heteromino.model import build
from pencilbox.puzzles.heteromino.oracle import cell_pieces
from pencilbox.puzzles.heteromino.windows import MARGIN, Refuter, WholeBoard, tier_windows


def _board(rows: int, cols: int, black_cells: set[tuple[int, int]]) -> list[bool]:
    return [(r, c) in black_cells for r in range(rows) for c in range(cols)]


def test_windows_tile_the_board_and_reach_two_cells_past_their_core() -> None:
    windows = tier_windows(8, 8, 3)
    assert len(windows) == 9  # cores 3+3+2 a side
    covered = 0
    for window in windows:
        covered |= window.area
    assert covered == (1 << 64) - 1
    # The top-left core is rows/cols 0-2; its area runs to row/col 2 + MARGIN.
    side = 3 + MARGIN
    assert windows[0].area == sum(1 << (r * 8 + c) for r in range(side) for c in range(side))
    assert [cell for cell, _ in windows[0].cell_vars] == [
        r * 8 + c for r in range(5) for c in range(5)
    ]


def test_a_closed_one_by_six_corridor_is_refuted_though_its_size_is_a_multiple_of_3() -> None:
    # Row 1, columns 1-6 white, the rest of a 9x12 board black: two horizontal
    # bars end to end share an edge, so it has no answer; its 6 cells pass the
    # region-size test. The first 6x6 core's window (rows and columns 0-7) holds
    # it whole; no other window reaches both bars.
    rows, cols = 9, 12
    black = _board(rows, cols, {(r, c) for r in range(rows) for c in range(cols)})
    for c in range(1, 7):
        black[cols + c] = False
    assert gen.bad_regions(rows, cols, black) == 0
    assert scanner_count(build(rows, cols, black), 2)[0] == 0
    with Refuter(rows, cols, (6,)) as refuter:
        assert refuter.refuted(black) == 1
        assert not refuter.has_answer(
            refuter.tiers[0][0], sum(1 << i for i, b in enumerate(black) if b)
        )
    # Cut the corridor into two bars of 3 with a black cell between: answers again.
    black[cols + 4] = True
    black[cols + 7] = False  # keeps the white count a multiple of 3
    assert scanner_count(build(rows, cols, black), 2)[0] == 1
    with Refuter(rows, cols, (6,)) as refuter:
        assert refuter.refuted(black) == 0


def test_a_board_with_an_answer_has_no_refuting_window() -> None:
    made = gen.generate(KIND, random.Random("w:1"), 8, 8)
    black = list(made.puzzle.black)
    with Refuter(8, 8, (2, 3, 4)) as refuter:
        assert refuter.refuted(black) == 0


def test_every_refuted_board_has_no_answer_by_the_scanner() -> None:
    rng = random.Random(11)
    refuted = no_answer = 0
    with Refuter(7, 7, (2, 3)) as refuter:
        for _ in range(150):
            counts = gen.legal_black_counts(7, 7, (0.1, 0.3))
            black = gen.scatter(rng, 7, 7, rng.choice(counts))
            found = scanner_count(build(7, 7, black), 1)[0]
            windows = refuter.refuted(black)
            no_answer += found == 0
            refuted += windows > 0
            assert not (windows and found), black
    # The test can fail both ways only if windows do refute boards here.
    assert 0 < refuted <= no_answer


def test_a_window_keeps_its_word_for_a_pattern_it_has_seen() -> None:
    rows, cols = 6, 6
    black = _board(rows, cols, {(0, 1), (1, 0)})  # the corner cell cut off
    with Refuter(rows, cols, (3,)) as refuter:
        first = refuter.refuted(black)
        window = refuter.tiers[0][0]
        assert first == 1 and list(window.seen.values()) == [False]
        assert refuter.refuted(black) == 1 and len(window.seen) == 1


def test_the_whole_board_solver_counts_as_the_scanner_through_one_walk_of_boards() -> None:
    # One solver asked about 120 boards in turn: each verdict must be the
    # scanner's count (to 2), whatever the boards before it blocked.
    rng = random.Random(21)
    seen = {0: 0, 1: 0, 2: 0}
    with WholeBoard(7, 7) as whole:
        for _ in range(120):
            black = gen.scatter(rng, 7, 7, rng.choice(gen.legal_black_counts(7, 7, (0.1, 0.3))))
            puzzle = build(7, 7, black)
            found, answers = scanner_count(puzzle, 2)
            verdict = whole.verdict(black)
            assert verdict.count == found, black
            seen[found] += 1
            if found == 1:
                assert verdict.solution is not None and not KIND.check(puzzle, verdict.solution)
                assert cell_pieces(verdict.solution) == cell_pieces(answers[0])
            if found == 2:
                assert verdict.solution is None and verdict.differ
    assert min(seen.values()) > 0  # every verdict was met


def test_the_whole_board_far_answer_differs_in_every_cell_of_blank_strips() -> None:
    # A blank 2x3m: each 2x3 block cut into two Ls either way. Two answers a
    # plain count finds differ in one block; the far one in every cell, as the
    # default oracle's (test_heteromino_oracle).
    for m in range(1, 5):
        with WholeBoard(2, 3 * m) as whole:
            verdict = whole.verdict([False] * 6 * m)
        assert verdict.count == 2 and verdict.differ == tuple(range(6 * m))
