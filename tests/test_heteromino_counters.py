"""Cross-checks: the two Heteromino engines agree, and every deduction is true.

Engine 2 (the scanner, ``brute.py``) shares no code with engine 1 (the rungs plus the
engine's search). On random boards -- random black cells leaving a multiple
of 3 white cells, 3x3 to 6x6, satisfiable or not -- the scanner and engine 1
with each rung must report identical counts and solution sets. Propagation
with each rung, and every deduction it logs, must hold in every answer the
scanner finds; hints must lead to the solution.

Boards are drawn from string seeds (``"random-17"``), so a failing board can
be rebuilt with :func:`board_for`; its text is printed in the failure
message. ``--soak`` (or ``PENCILBOX_SOAK=1``) runs many more.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from crosscheck import (
    Grid,
    SnapshotLog,
    assert_same_answers,
    describe,
    engine_count,
    frozen,
    hint_chain_ending,
    imports_of,
    seeds,
)
from pencilbox import solving
from pencilbox.engine import Contradiction, propagate
from pencilbox.puzzles.heteromino import KIND, brute
from pencilbox.puzzles.heteromino.boards import random_board
from pencilbox.puzzles.heteromino.model import SHAPES, Heteromino, format_text, parse_text
from pencilbox.puzzles.heteromino.pieces import piece_code
from pencilbox.puzzles.heteromino.state import new_state, piece_of_cell

LIMIT = 30
RUNGS = KIND.ladder.names
SEEDS = seeds("random", 320)  # the default run: about ten seconds
SOAK_SEEDS = seeds("soak-random", 8000)


@cache
def board_for(seed: str) -> Heteromino:
    """The board a seed names: 3x3..6x6 by default, up to 7x7 in a soak."""
    return random_board(random.Random(seed), max_side=7 if seed.startswith("soak-") else 6)


@cache
def scanner_result(seed: str) -> tuple[int, tuple[Grid, ...]]:
    """The scanner's count and answers for one seeded board (cached across tests)."""
    count, solutions = brute.count(board_for(seed), LIMIT)
    return count, tuple(frozen(grid) for grid in solutions)


def blank(rows: int, cols: int) -> Heteromino:
    return Heteromino(rows, cols, (False,) * (rows * cols))


# -- engine 2 on its own -----------------------------------------------------------


def test_scanner_imports_nothing_but_the_model() -> None:
    """brute.py (the scanner) must share no code with the rungs, engine.py or grid.py."""
    imported = imports_of(brute)
    assert imported <= {"__future__", ".model"}, imported
    # the shapes are written out again, not imported
    assert "SHAPES" not in Path(brute.__file__).read_text()


@pytest.mark.parametrize(
    ("rows", "cols", "expected"),
    [
        (3, 4, 14),  # the write-up's figure; a propagator that excluded siblings found 5
        (1, 3, 1),  # the one clue-free puzzle
        (3, 1, 1),
        (1, 6, 0),  # two bars in one row always touch
        (1, 9, 0),
        (2, 3, 2),  # two Ls, either way round
        # a two-row strip is a row of independent 2x3 blocks: 2^m
        (2, 6, 4),
        (2, 9, 8),
        (2, 12, 16),
        (3, 2, 2),
        (6, 2, 4),
    ],
)
def test_blank_board_counts(rows: int, cols: int, expected: int) -> None:
    puzzle = blank(rows, cols)
    count, solutions = brute.count(puzzle, 1000)
    assert count == expected
    assert len({frozen(g) for g in solutions}) == expected
    for grid in solutions:
        assert KIND.check(puzzle, grid) == []
    for rung in RUNGS:
        assert engine_count(KIND, puzzle, rung, 1000)[:2] == (expected, True), rung
    assert solving.solve(KIND, puzzle, limit=1000).count == expected


def test_two_row_strips_never_use_a_bar_or_cross_a_block() -> None:
    """Why 2 x 3m has 2^m tilings: every piece is an L inside one 2x3 block."""
    for m in range(1, 5):
        _, tilings = brute.count(blank(2, 3 * m), 1000)
        assert len(tilings) == 2**m
        for grid in tilings:
            for number in {n for row in grid for n in row}:
                cols = {c for row in grid for c, n in enumerate(row) if n == number}
                rows = {r for r, row in enumerate(grid) for n in row if n == number}
                assert len(rows) == 2, "a bar in a two-row strip"
                assert len({c // 3 for c in cols}) == 1, "a piece across a 2x3 block"


def test_scanner_stops_at_the_limit() -> None:
    puzzle = blank(3, 4)
    for limit in (1, 5, 14, 15):
        count, solutions = brute.count(puzzle, limit)
        assert count == len(solutions) == min(limit, 14)
    with pytest.raises(ValueError):
        brute.count(puzzle, 0)


def test_board_with_no_white_cell_has_one_empty_tiling() -> None:
    puzzle = Heteromino(2, 3, (True,) * 6)
    assert brute.count(puzzle, 5) == (1, [[[0, 0, 0], [0, 0, 0]]])
    for rung in RUNGS:
        assert engine_count(KIND, puzzle, rung, 5)[:2] == (1, True)


def test_kind_face_uses_the_scanner() -> None:
    puzzle = blank(3, 4)
    assert KIND.brute_count(puzzle, 5) == brute.count(puzzle, 5)


# -- the engines agree -----------------------------------------------------------------


def check_counters_agree(seed: str) -> None:
    puzzle = board_for(seed)
    truth, scanned = scanner_result(seed)
    for grid in scanned:
        assert KIND.check(puzzle, [list(row) for row in grid]) == [], describe(KIND, seed, puzzle)
    for rung in RUNGS:
        found = engine_count(KIND, puzzle, rung, LIMIT)
        where = f"{rung} + search on {describe(KIND, seed, puzzle)}"
        assert_same_answers(where, found, truth, scanned, LIMIT, "scanner")
        for grid in found[2]:
            assert KIND.check(puzzle, [list(row) for row in grid]) == [], where


def test_random_boards_cover_every_outcome() -> None:
    """The sample is not vacuous: unsatisfiable, unique, several and capped all occur."""
    counts = [scanner_result(seed)[0] for seed in SEEDS]
    assert len(SEEDS) >= 300
    assert sum(c == 0 for c in counts) >= len(SEEDS) // 10
    assert sum(c == 1 for c in counts) >= len(SEEDS) // 20
    assert sum(1 < c < LIMIT for c in counts) >= len(SEEDS) // 10
    assert sum(c == LIMIT for c in counts) >= 20
    sizes = {(board_for(s).rows, board_for(s).cols) for s in SEEDS}
    assert (3, 3) in sizes and (6, 6) in sizes
    assert sum(board_for(s).black_count == 0 for s in SEEDS) >= 5


def test_counters_agree_on_random_boards() -> None:
    for seed in SEEDS:
        check_counters_agree(seed)


@pytest.mark.soak
def test_counters_agree_soak() -> None:
    for seed in SOAK_SEEDS:
        check_counters_agree(seed)


def test_limit_equal_to_the_true_count() -> None:
    """At limit == true count every answer is found but the search cannot know
    there are no more; one above, it can."""
    checked = 0
    for seed in SEEDS[:150]:
        truth, scanned = scanner_result(seed)
        if not 1 <= truth < LIMIT:
            continue
        puzzle = board_for(seed)
        for rung in RUNGS:
            where = f"{rung} on {describe(KIND, seed, puzzle)}"
            count, exhaustive, grids = engine_count(KIND, puzzle, rung, truth)
            assert (count, exhaustive) == (truth, False), where
            assert grids == set(scanned), where
            assert engine_count(KIND, puzzle, rung, truth + 1)[:2] == (truth, True), where
        checked += 1
    assert checked >= 30


# -- soundness: what engine 1 proves holds in every answer -------------------------------


def answer_bits(puzzle: Heteromino, grid: Grid) -> dict[int, tuple[int, int]]:
    """Per white cell of an answer: (domain bit of its piece, code of its piece),
    worked out from the grid and the shapes' offsets alone."""
    cols = puzzle.cols
    pieces: dict[int, list[int]] = {}
    for r, row in enumerate(grid):
        for c, number in enumerate(row):
            if number:
                pieces.setdefault(number, []).append(r * cols + c)
    found = {}
    for cells in pieces.values():
        cells.sort()
        r0, c0 = divmod(cells[0], cols)
        offsets = tuple((cell // cols - r0, cell % cols - c0) for cell in cells)
        shape = SHAPES.index(offsets)
        for position, cell in enumerate(cells):
            found[cell] = (1 << (3 * shape + position), piece_code(cells[0], shape))
    return found


RULES_OF_RUNG = {
    "fit": {"only-piece"},
    "region": {"only-piece", "region"},
    "hetero": {"only-piece", "region", "hetero"},
    "probe": {"only-piece", "region", "hetero", "probe"},
}


def check_propagation_sound(seed: str) -> None:
    puzzle = board_for(seed)
    truth, answers = scanner_result(seed)
    truths = [answer_bits(puzzle, grid) for grid in answers]
    for rung in RUNGS:
        where = f"{rung} on {describe(KIND, seed, puzzle)}"
        state = new_state(puzzle)
        log = SnapshotLog(state)
        try:
            propagate(state, KIND.ladder.rules(rung), log)
        except Contradiction:
            assert truth == 0, f"{where}: contradiction on a board with answers"
            continue
        settled = KIND.settled_cells(puzzle, state)
        for bits in truths:
            for cell, (bit, code) in bits.items():
                assert state.domains[cell] & bit, f"{where}: lost a piece of an answer at {cell}"
                if cell in settled:
                    assert settled[cell] == code, f"{where}: wrong owner for cell {cell}"
            for deduction, after in zip(log, log.after, strict=True):
                for cell, dom in zip(deduction.cells, after, strict=True):
                    assert dom & bits[cell][0], f"{where}: {deduction} contradicts an answer"
                if deduction.writes:
                    assert deduction.value == bits[deduction.cells[0]][1], f"{where}: {deduction}"
        for deduction, after in zip(log, log.after, strict=True):
            assert deduction.rule in RULES_OF_RUNG[rung], f"{where}: {deduction}"
            if deduction.writes:
                assert len(deduction.cells) == 3, deduction
                assert all(dom & (dom - 1) == 0 for dom in after), f"{where}: {deduction}"
                assert piece_of_cell(state.tables, deduction.cells[0], after[0]) >= 0


def test_propagation_is_sound_on_random_boards() -> None:
    for seed in SEEDS:
        check_propagation_sound(seed)


@pytest.mark.soak
def test_propagation_is_sound_soak() -> None:
    for seed in SOAK_SEEDS:
        check_propagation_sound(seed)


# -- hints lead to the solution -------------------------------------------------------


def check_hint_chain(puzzle: Heteromino, where: str) -> str:
    """Follow hints from the bare board, drawing each hinted piece; every piece
    must be the solution's. Returns how the chain ended: "solved" or "stuck".

    Drawn pieces are numbered as the solution numbers them (see the report on
    ``solving.find_mistakes``, which compares numbers cell by cell).
    """
    count, answers = brute.count(puzzle, 2)
    assert count == 1, f"{where}: not unique"
    solution = answers[0]
    cols = puzzle.cols
    position = [[0] * cols for _ in range(puzzle.rows)]
    pieces = puzzle.white_count // 3
    for _ in range(pieces + 1):
        hint = solving.hint(KIND, puzzle, position)
        assert hint.status in ("step", "guess", "narrowed", "solved", "stuck"), f"{where}: {hint}"
        if hint.status != "step":
            break
        final = hint.steps[-1]
        assert final.writes and final.rule == "only-piece", f"{where}: {hint}"
        assert len(final.cells) == 3 and final.value is not None
        anchor, shape = divmod(final.value - 1, 6)
        assert anchor == min(final.cells), final
        assert KIND.cell_label(puzzle, final.because[0]) in final.reason, final
        numbers = {solution[cell // cols][cell % cols] for cell in final.cells}
        assert len(numbers) == 1, f"{where}: hint {final} is not a piece of the solution"
        (number,) = numbers
        for cell in final.cells:
            assert position[cell // cols][cell % cols] == 0, f"{where}: drew over {final}"
            position[cell // cols][cell % cols] = number
    else:
        raise AssertionError(f"{where}: more hints than pieces")
    return hint_chain_ending(KIND, puzzle, hint.status, position, frozen(solution), where)


def test_hint_chain_solves_unique_random_boards() -> None:
    unique = [seed for seed in SEEDS if scanner_result(seed)[0] == 1]
    assert len(unique) >= 20
    for seed in unique[:25]:
        check_hint_chain(board_for(seed), describe(KIND, seed, board_for(seed)))


@pytest.mark.soak
def test_hint_chain_soak() -> None:
    unique = [s for s in SOAK_SEEDS[:2000] if brute.count(board_for(s), 2)[0] == 1]
    for seed in unique:
        check_hint_chain(board_for(seed), describe(KIND, seed, board_for(seed)))


def test_text_of_a_failing_board_rebuilds_it() -> None:
    """The failure messages print boards in the text form; it must round-trip."""
    for seed in SEEDS[:20]:
        assert parse_text(format_text(board_for(seed))) == board_for(seed)
