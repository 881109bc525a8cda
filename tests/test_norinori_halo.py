"""Norinori's ``halo`` rule, the hybrid's own (:mod:`pencilbox.puzzles.norinori.halo`).

It claims only what every answer bears out, on boards a brute-force count
answers; its whole-board pass (no log: what the hybrid runs) and its step in
words (a log: the person rules following it cell by cell) reach one
fixpoint; and it does drop the dominoes its docstring says it drops.
"""

from __future__ import annotations

import random

from pencilbox import counting, registry
from pencilbox.engine import Contradiction, Deduction, State, propagate
from pencilbox.puzzles.norinori.halo import HALO, _fitting, fitting
from pencilbox.puzzles.norinori.model import build
from pencilbox.puzzles.norinori.rules import PERSON_RULES
from pencilbox.puzzles.norinori.state import settled_masks
from pencilbox.puzzles.norinori.tables import Tables

KIND = registry.get("norinori")
RULES = counting.hybrid_rules(KIND)


def boards(count: int) -> list[tuple[str, object]]:
    """Seeded boards of 4 to 7 cells a side, half of them with a planted answer."""
    drawn = []
    for index in range(count):
        rng = random.Random(f"norinori-halo-{index}")
        rows, cols = rng.randint(4, 7), rng.randint(4, 7)
        make = KIND.soak_board if index % 2 else KIND.random_board
        try:
            drawn.append((f"norinori-halo-{index}", make(rng, rows, cols)))
        except ValueError:  # no valid board of that size drawn
            continue
    return drawn


def settled(state: State, log: list[Deduction] | None) -> tuple[int, int, list[int]] | None:
    """The marks and domains the hybrid's rules reach, or None on a contradiction."""
    try:
        propagate(state, RULES, log)
    except Contradiction:
        return None
    shaded, unshaded = settled_masks(state)
    return shaded, unshaded, list(state.domains)


def test_the_hybrid_runs_halo_after_the_person_rules() -> None:
    assert RULES[-1] is HALO
    assert [rule.name for rule in RULES[:-1]] == [r.name for r in PERSON_RULES if not r.check]


def test_every_halo_deduction_holds_in_every_answer() -> None:
    """The whole-board pass (the hybrid's) settles only cells every brute-force
    answer agrees with, and finds a contradiction only where there is no answer."""
    seen = {"none": 0, "answered": 0, "more than person": 0}
    for seed, puzzle in boards(160):
        count, answers = KIND.brute_count(puzzle, 12)
        reached = settled(KIND.initial_state(puzzle), None)
        if reached is None:
            assert count == 0, seed
            seen["none"] += 1
            continue
        shaded, unshaded, _ = reached
        for answer in answers:
            cols = len(answer[0])
            on = sum(
                1 << r * cols + c for r, row in enumerate(answer) for c, v in enumerate(row) if v
            )
            assert not shaded & ~on and not unshaded & on, seed
        seen["answered"] += bool(answers)
        person = KIND.initial_state(puzzle)
        try:
            propagate(person, PERSON_RULES)
        except Contradiction:
            continue
        seen["more than person"] += settled_masks(person) != (shaded, unshaded)
    assert min(seen.values()) >= 10, seen


def test_the_whole_board_pass_and_the_worded_steps_reach_one_fixpoint() -> None:
    """From the untouched board and from a bank board: with a log the rule takes
    one step at a time and the person rules follow it; without, it settles on
    masks. Same marks, same domains, or a contradiction both ways."""
    puzzles = [puzzle for _, puzzle in boards(120)]
    puzzles += [KIND.from_json(record["json"]) for record in KIND.bank()[::5]]
    stepped = 0
    for puzzle in puzzles:
        log: list[Deduction] = []
        assert settled(KIND.initial_state(puzzle), None) == settled(
            KIND.initial_state(puzzle), log
        ), KIND.format_text(puzzle)
        stepped += any(deduction.rule == "halo" for deduction in log)
    assert stepped >= 20, stepped


def test_a_domino_crowding_out_a_region_of_three_cannot_stand() -> None:
    """3x3: region 0 is the top row (three cells, needing two), region 1 the
    rest. The domino across r2c1-r2c2 touches r1c1 and r1c2, which would leave
    the top row one cell; the domino down r2c3-r3c3 touches only r1c3."""
    tight = Tables.of(build(3, 3, [0, 0, 0, 1, 1, 1, 1, 1, 1]))
    across, down = _fitting(tight, 0, tight.grid.board)
    assert not across >> 3 & 1  # r2c1-r2c2
    assert not across >> 4 & 1  # r2c2-r2c3
    assert down >> 5 & 1  # r2c3-r3c3
    # with a fourth cell in the top region it has room: the same domino stands
    roomy = Tables.of(build(3, 3, [0, 0, 0, 0, 1, 1, 1, 1, 1]))
    assert _fitting(roomy, 0, roomy.grid.board)[0] >> 4 & 1


def test_the_hybrid_leaves_the_solver_fewer_cells_on_the_bank() -> None:
    """What the rule is for: on the bank, fewer open cells than ``person`` leaves."""
    person_open = halo_open = 0
    for record in KIND.bank():
        puzzle = KIND.from_json(record["json"])
        cells = puzzle.rows * puzzle.cols
        alone = KIND.initial_state(puzzle)
        propagate(alone, PERSON_RULES)
        person_open += cells - sum(m.bit_count() for m in settled_masks(alone))
        both = KIND.initial_state(puzzle)
        propagate(both, RULES)
        halo_open += cells - sum(m.bit_count() for m in settled_masks(both))
    assert halo_open < person_open * 0.8, (halo_open, person_open)


def test_the_dominoes_kept_on_the_tables_are_those_of_the_marks_asked_about() -> None:
    """:func:`fitting` keeps its last answer for the encoder: asked about other
    marks, it works them out again, and asked about the first again, agrees."""
    for seed, puzzle in boards(40):
        tables = Tables.of(puzzle)
        board = tables.grid.board
        rng = random.Random(seed)
        marks = [(0, 0)]
        for _ in range(4):
            shaded = sum(1 << cell for cell in range(board.bit_length()) if rng.random() < 0.15)
            unshaded = sum(1 << cell for cell in range(board.bit_length()) if rng.random() < 0.3)
            marks.append((shaded, unshaded & ~shaded))
        for shaded, unshaded in [*marks, marks[0], marks[0]]:
            expected = _fitting(tables, shaded, board & ~unshaded)
            assert fitting(tables, shaded, unshaded) == expected, seed
