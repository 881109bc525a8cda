"""The hybrid's own narrowing, :func:`~pencilbox.puzzles.heteromino.lookahead.tighten`.

``fit`` plus a one-piece lookahead, worked incrementally from the cells, must
reach the same fixpoint as a plain rescan of every piece, keep every piece of
every answer, and only report "no answer" on boards that have none. The
boards are the SAT tests' (``test_heteromino_sat.py``), from the same seeds.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from crosscheck import describe, seeds
from pencilbox.engine import Contradiction, propagate
from pencilbox.formats import load
from pencilbox.puzzles.heteromino import KIND, brute, lookahead
from pencilbox.puzzles.heteromino import cnf as encoder
from pencilbox.puzzles.heteromino.boards import random_board
from pencilbox.puzzles.heteromino.model import SHAPES, Heteromino
from pencilbox.puzzles.heteromino.pieces import SLOTS, place_template
from pencilbox.puzzles.heteromino.state import HeterominoState, new_state, strike

sys.path.insert(0, str(Path(__file__).parent))
from test_heteromino_real import CASES  # noqa: E402
from test_heteromino_sat import LIMIT, SEEDS, board_for  # noqa: E402


def reference_tighten(state: HeterominoState) -> HeterominoState:
    """What :func:`lookahead.tighten` must reach, the slow way: every round looks
    at every piece and kills those whose kill list (what drawing it removes)
    empties a cell, then runs fit; until a round kills nothing."""
    state = state.copy()
    tables = state.tables
    domains = state.domains
    fit_rules = KIND.ladder.rules("fit")
    propagate(state, fit_rules)
    while True:
        killed = False
        for piece in range(tables.piece_count):
            cells, bits = tables.piece_cells[piece], tables.piece_bits[piece]
            if state.placed & tables.piece_mask[piece]:
                continue
            if not all(domains[c] & b for c, b in zip(cells, bits, strict=True)):
                continue
            if any(not domains[c] & ~kill for c, kill in tables.place_kill[piece]):
                strike(state, piece)
                killed = True
        if not killed:
            return state
        propagate(state, fit_rules)


def fit_state(puzzle: Heteromino) -> HeterominoState:
    state = new_state(puzzle)
    propagate(state, KIND.ladder.rules("fit"))
    return state


def test_killer_entries_are_the_kill_templates() -> None:
    """A cell with domain ``d`` is emptied by the piece an entry names exactly
    when ``d`` lies inside that entry's kill bits (own cells left out), and the
    three 6-bit lookups find exactly those entries."""
    rng = random.Random("killer-entries")
    templates = {
        (shape, dr, dc): bits
        for shape in range(len(SHAPES))
        for dr, dc, bits in place_template(shape)
        if (dr, dc) not in SHAPES[shape]
    }
    assert set(lookahead.KILLER_ENTRIES) == set(templates)
    low, mid, high = lookahead.BY_CHUNK
    domains = [rng.getrandbits(SLOTS) & rng.getrandbits(SLOTS) for _ in range(3000)]
    domains += [1 << bit | 1 << other for bit in range(SLOTS) for other in range(SLOTS)]
    hits = 0
    for domain in domains:
        found = low[domain & 63] & mid[domain >> 6 & 63] & high[domain >> 12]
        wanted = {
            index
            for index, entry in enumerate(lookahead.KILLER_ENTRIES)
            if not domain & ~templates[entry]
        }
        assert {
            index for index in range(len(lookahead.KILLER_ENTRIES)) if found >> index & 1
        } == wanted
        hits += bool(wanted) and domain & (domain - 1) != 0
    assert hits > 50  # multi-piece domains that some piece empties were tried


def tightening_boards() -> list[tuple[str, Heteromino]]:
    """The small random boards, larger ones (7x7 to 10x10, where fit's own
    narrowing feeds the lookahead more often) and a third of the bank."""
    boards = [(seed, board_for(seed)) for seed in SEEDS[:200]]
    for seed in seeds("sat-tighten", 40):
        boards.append((seed, random_board(random.Random(seed), min_side=7, max_side=10)))
    for record in KIND.bank()[::3]:
        boards.append((record["id"], KIND.from_json(record["json"])))
    return boards


def test_tighten_reaches_the_reference_fixpoint() -> None:
    reached = {"narrowed": 0, "contradiction": 0}
    for name, puzzle in tightening_boards():
        try:
            state = fit_state(puzzle)
        except Contradiction:
            continue
        where = describe(KIND, name, puzzle)
        try:
            expected = reference_tighten(state)
        except Contradiction:
            with pytest.raises(Contradiction):
                lookahead.tighten(state)
            reached["contradiction"] += 1
            continue
        tight = lookahead.tighten(state)
        assert tight.domains == expected.domains, where
        assert tight.placed == expected.placed, where
        reached["narrowed"] += tight.domains != state.domains
    assert reached["narrowed"] >= 100 and reached["contradiction"] >= 5, reached


def test_tighten_keeps_every_piece_of_every_answer() -> None:
    checked = 0
    for seed in SEEDS[:150]:
        puzzle = board_for(seed)
        truth, answers = brute.count(puzzle, LIMIT)
        if not 1 <= truth < LIMIT:
            continue
        tight = lookahead.tighten(new_state(puzzle))
        tables = tight.tables
        for grid in answers:
            flat = [n for row in grid for n in row]
            for number in set(flat) - {0}:
                cells = [c for c, n in enumerate(flat) if n == number]
                piece = tables.piece_of_cells(cells)
                assert piece is not None
                for cell, bit in zip(cells, tables.piece_bits[piece], strict=True):
                    assert tight.domains[cell] & bit, describe(KIND, seed, puzzle)
        checked += 1
    assert checked >= 20


def test_tighten_finds_no_answer_only_where_there_is_none() -> None:
    found = 0
    for seed in SEEDS:
        puzzle = board_for(seed)
        try:
            state = fit_state(puzzle)
        except Contradiction:
            continue  # fit alone saw it
        try:
            lookahead.tighten(state)
        except Contradiction:
            assert brute.count(puzzle, 1)[0] == 0, describe(KIND, seed, puzzle)
            assert encoder.encode(puzzle, state).clauses == [[]]
            found += 1
    assert found >= 5


def test_tighten_settles_the_published_boards() -> None:
    """The measured reason the hybrid wins on the shared boards: after fit and
    the lookahead nothing is left for the solver."""
    for case in CASES:
        puzzle = load(case.url)[1]
        assert isinstance(puzzle, Heteromino)
        state = fit_state(puzzle)
        assert encoder.encode(puzzle, state).variables == 0, case.name
        assert state.open_mask, case.name  # fit alone does not finish any of them


def test_tighten_narrows_bank_boards_beyond_fit() -> None:
    for record in KIND.bank()[::12]:
        puzzle = KIND.from_json(record["json"])
        state = fit_state(puzzle)
        live_after_fit = len(encoder.live_pieces(state))
        assert encoder.encode(puzzle, state).variables < live_after_fit, record["id"]


def test_tighten_wants_a_heteromino_state() -> None:
    from pencilbox.engine import State

    with pytest.raises(TypeError, match="Heteromino state"):
        lookahead.tighten(State([1], None))
