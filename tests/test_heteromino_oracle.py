"""The generator's oracles, fit's queue of suspect cells, and the per-size layout.

The oracles (:mod:`pencilbox.puzzles.heteromino.oracle`: SAT on the plain
and on the hybrid encoding, and engine 1) must give the same verdict as the
scanner (engine 2) on random boards, and their two answers of an ambiguous
board must be far apart. On the boards 8x8 walks visit, both SAT encodings'
answers must pass the checker and their verdicts agree with the rung engine.
``fit`` working from its queue must reach the same fixpoint as ``fit``
scanning every cell.
"""

from __future__ import annotations

import random

import pytest

from pencilbox.engine import Contradiction, count_solutions, propagate
from pencilbox.kind import Rows
from pencilbox.puzzles.heteromino import KIND, brute
from pencilbox.puzzles.heteromino import cnf as encoder
from pencilbox.puzzles.heteromino import generate as gen
from pencilbox.puzzles.heteromino.boards import random_board
from pencilbox.puzzles.heteromino.model import Heteromino, build, format_text
from pencilbox.puzzles.heteromino.oracle import (
    ORACLES,
    Verdict,
    cell_pieces,
    differing_cells,
    far_answers,
    far_verdict,
    hybrid_encoding,
    hybrid_verdict,
)
from pencilbox.puzzles.heteromino.pieces import SLOTS
from pencilbox.puzzles.heteromino.state import BLACK_DOMAIN, new_state, put_down
from pencilbox.puzzles.heteromino.tables import Tables, layout_for

BOARDS = tuple(random_board(random.Random(f"oracle-{i}"), max_side=6) for i in range(120))


def blank(rows: int, cols: int) -> Heteromino:
    return build(rows, cols, [False] * (rows * cols))


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_each_oracle_agrees_with_the_scanner(name: str) -> None:
    oracle = ORACLES[name]
    seen = {0: 0, 1: 0, 2: 0}
    for puzzle in BOARDS:
        count, answers = brute.count(puzzle, 30)
        verdict = oracle(KIND, puzzle)
        where = format_text(puzzle)
        assert verdict.count == min(count, 2), where
        seen[verdict.count] += 1
        if count == 1:
            assert verdict.solution is not None and not verdict.differ, where
            assert cell_pieces(verdict.solution) == cell_pieces(answers[0]), where
        elif count > 1:
            assert verdict.solution is None, where
            assert verdict.differ, where
            if count < 30:  # every answer is known: the two the oracle took are among them
                assert any(
                    set(verdict.differ) == set(differing_cells(x, y))
                    for x in answers
                    for y in answers
                    if x != y
                ), where
    assert min(seen.values()) >= 5, seen  # every verdict was exercised


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_the_two_answers_are_far_apart_on_blank_strips(name: str) -> None:
    """A blank 2x3m has 2^m tilings, each 2x3 block cut into two Ls either way.
    Two answers a plain count finds differ in one block; the oracle's differ
    in every block."""
    for m in range(1, 5):
        puzzle = blank(2, 3 * m)
        verdict = ORACLES[name](KIND, puzzle)
        assert verdict.count == 2
        assert len(verdict.differ) == 6 * m
        found = count_solutions(new_state(puzzle), KIND.ladder.rules("fit"), 2)
        plain = [KIND.solution_rows(puzzle, state) for state in found.solutions]
        assert len(differing_cells(*plain)) == 6


def test_oracles_see_a_unique_bank_board_and_an_unsolvable_one() -> None:
    record = next(r for r in KIND.bank() if r["rows"] == 12)
    puzzle = KIND.from_json(record["json"])
    for oracle in ORACLES.values():
        verdict = oracle(KIND, puzzle)
        assert verdict.count == 1 and verdict.solution is not None
        assert cell_pieces(verdict.solution) == cell_pieces(record["solution"])
    # a blank 1x6: two horizontal bars, which would touch
    stuck = blank(1, 6)
    assert brute.count(stuck, 2)[0] == 0
    for oracle in ORACLES.values():
        assert oracle(KIND, stuck) == Verdict(0)


def test_cell_pieces_and_differing_cells() -> None:
    first = [[1, 1, 2], [1, 2, 2]]
    second = [[1, 1, 2], [1, 2, 2]]
    assert differing_cells(first, second) == ()
    assert cell_pieces(first)[0] == (0, 1, 3) and cell_pieces(first)[5] == (2, 4, 5)
    relabelled = [[7, 7, 3], [7, 3, 3]]  # the same pieces under other numbers
    assert differing_cells(first, relabelled) == ()
    other = [[1, 2, 2], [1, 1, 2]]  # the 2x3 cut the other way: every cell differs
    assert differing_cells(first, other) == (0, 1, 2, 3, 4, 5)
    strip = [[1, 1, 2, 3, 3, 4], [1, 2, 2, 3, 4, 4]]
    flipped = [[1, 1, 2, 3, 4, 4], [1, 2, 2, 3, 3, 4]]  # only the second block differs
    assert differing_cells(strip, flipped) == (3, 4, 5, 9, 10, 11)
    with_black = [[0, 1, 1], [0, 0, 1]]
    assert cell_pieces(with_black)[0] == ()


def walk_boards(rows: int, cols: int, walks: int, moves: int, seed: str) -> list[Heteromino]:
    """The region-clean boards (the ones the oracle is asked about) that
    walks seeded ``<seed>:<i>`` visit, walking with the generator's own
    oracle. The benchmark times the oracles on these too."""
    boards: list[Heteromino] = []
    real = gen.score

    def spy(
        kind: gen.Kind, rows: int, cols: int, black: list[bool], oracle: str = gen.ORACLE
    ) -> gen.Scored:
        if not gen.bad_regions(rows, cols, black):
            boards.append(build(rows, cols, black))
        return real(kind, rows, cols, black, oracle)

    gen.score = spy  # walk() calls score() by its module name
    try:
        for index in range(walks):
            rng = random.Random(f"{seed}:{index}")
            counts = gen.legal_black_counts(rows, cols)
            gen.walk(KIND, rng, rows, cols, rng.choice(counts), moves)
    finally:
        gen.score = real
    return boards


def test_sat_answers_are_real_and_agree_with_the_rungs_on_8x8_walk_boards() -> None:
    """Both encodings, on the boards walks really ask about: every answer
    the oracle returns passes the checker, two answers are different
    answers, and the verdict is the rung engine's (``region`` plus search, count to 2)."""
    boards = walk_boards(8, 8, 5, 60, "oracle-walk")
    seen = {0: 0, 1: 0, 2: 0}
    for puzzle in boards:
        where = format_text(puzzle)
        found = count_solutions(new_state(puzzle), KIND.ladder.rules("region"), 2)
        truth = [KIND.solution_rows(puzzle, state) for state in found.solutions]
        hybrid = hybrid_encoding(KIND, puzzle)
        for encoding in (encoder.encode(puzzle, None), hybrid):
            answers: tuple[Rows, ...] = () if encoding is None else far_answers(encoding)
            assert len(answers) == len(truth), where
            for answer in answers:
                assert not KIND.check(puzzle, answer), where
            if len(answers) == 1:
                assert cell_pieces(answers[0]) == cell_pieces(truth[0]), where
            if len(answers) == 2:
                assert differing_cells(*answers), where
        seen[len(truth)] += 1
    assert min(seen.values()) >= 3, seen  # every verdict was exercised


def test_the_hybrid_takes_every_exit_on_the_random_boards() -> None:
    """``fit`` refutes the board, the lookahead refutes it (the empty clause),
    the lookahead settles it (no key, no second solve), or the solver works:
    each happens on the boards the scanner test checks the hybrid on, and
    each gives the verdict the plain encoding gives."""
    exits = {"fit refutes": 0, "lookahead refutes": 0, "settled": 0, "open": 0}
    for puzzle in BOARDS:
        encoding = hybrid_encoding(KIND, puzzle)
        if encoding is None:
            exits["fit refutes"] += 1
        elif encoding.clauses == [[]]:
            exits["lookahead refutes"] += 1
        elif not encoding.key:
            exits["settled"] += 1
        else:
            exits["open"] += 1
        plain = far_verdict(encoder.encode(puzzle, None))
        verdict = hybrid_verdict(KIND, puzzle)
        assert verdict.count == plain.count, format_text(puzzle)
        if verdict.count == 1:
            assert verdict.solution is not None and plain.solution is not None
            assert cell_pieces(verdict.solution) == cell_pieces(plain.solution)
    assert min(exits.values()) >= 3, exits


# -- fit's queue -------------------------------------------------------------------


def test_fit_from_its_queue_reaches_the_same_fixpoint_as_a_full_scan() -> None:
    """Down random search paths, fit working from its queue of suspect cells
    ends with the same domains as fit scanning every cell (``suspects`` None)."""
    rules_fit = KIND.ladder.rules("fit")
    steps = 0
    for index, puzzle in enumerate(BOARDS * 2):
        rng = random.Random(f"queue-{index}")
        queued = new_state(puzzle)
        try:
            propagate(queued, rules_fit)
        except Contradiction:
            continue
        while True:
            open_cells = [cell for cell, dom in enumerate(queued.domains) if dom & (dom - 1)]
            if not open_cells:
                break
            cell = rng.choice(open_cells)
            values = [1 << b for b in range(SLOTS) if queued.domains[cell] >> b & 1]
            value = rng.choice(values)
            scanned = queued.copy()
            queued.fix(cell, value)
            scanned.fix(cell, value)
            scanned.suspects = None  # forget the queue: scan every cell
            outcomes = []
            for state in (queued, scanned):
                try:
                    propagate(state, rules_fit)
                    outcomes.append(state.domains)
                except Contradiction:
                    outcomes.append(None)
            assert outcomes[0] == outcomes[1], format_text(puzzle)
            steps += 1
            if outcomes[0] is None:
                break
    assert steps > 200


def test_a_fresh_state_scans_every_cell_and_put_down_queues_its_cells() -> None:
    puzzle = blank(3, 3)
    state = new_state(puzzle)
    assert state.suspects is None
    propagate(state, KIND.ladder.rules("fit"))
    assert state.suspects == 0
    tables = state.tables
    put_down(state, [tables.piece_of_cells([0, 1, 2]) or 0])
    assert state.suspects  # the cells whose candidates the pieces narrowed


# -- the per-size layout -------------------------------------------------------------


def test_black_cells_keep_their_domain_through_propagation() -> None:
    """Kill lists are laid over black cells too; a black cell's domain has no
    piece bit, so nothing ever changes it."""
    for puzzle in BOARDS[:40]:
        for rung in KIND.ladder.names:
            state = new_state(puzzle)
            try:
                propagate(state, KIND.ladder.rules(rung))
            except Contradiction:
                continue
            for cell, black in enumerate(puzzle.black):
                if black:
                    assert state.domains[cell] == BLACK_DOMAIN
    assert BLACK_DOMAIN >> SLOTS == 1


def test_boards_of_one_size_share_a_layout_and_keep_their_own_pieces() -> None:
    first = random_board(random.Random("one"), 7, 8)
    second = random_board(random.Random("other"), 7, 8)
    a, b = Tables.of(first), Tables.of(second)
    assert a.grid is b.grid is layout_for(7, 8).grid and a.board is b.board
    assert a.piece_cells != b.piece_cells
    for tables, puzzle in ((a, first), (b, second)):
        for cells in tables.piece_cells:
            assert not any(puzzle.black[cell] for cell in cells)
