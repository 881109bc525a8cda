"""Norinori's whole-board sweep reaches what the person rules reach one cell at a time.

The sweep (:mod:`pencilbox.puzzles.norinori.sweep`) is the first rule of the
``person`` rung and does its first fixpoint over the whole board at once.
Run with and without it, every rung must end in the same state (or both in
a contradiction), from the untouched board and from a player's marks,
which may break a rule. The encoder reads settled cells off the masks it
leaves, so a fully marked grid is also encoded: it has an answer exactly
when the checker finds nothing wrong with it.
"""

from __future__ import annotations

import random

from pencilbox import registry
from pencilbox.engine import Contradiction, Rule, State, propagate
from pencilbox.puzzles.norinori import cnf
from pencilbox.puzzles.norinori.ladder import LADDER
from pencilbox.puzzles.norinori.state import NoriState
from pencilbox.puzzles.norinori.sweep import SWEEP
from pencilbox.sat.core import count_models

KIND = registry.get("norinori")


def outcome(state: State, rules: tuple[Rule, ...]) -> tuple[list[int], int, int] | None:
    """The state the rules reach (its domains and masks), or None on a contradiction."""
    try:
        propagate(state, rules)
    except Contradiction:
        return None
    assert isinstance(state, NoriState)
    return state.domains, state.shaded, state.unshaded


def marks(rng: random.Random, rows: int, cols: int) -> list[list[int]]:
    """A player's grid: a few cells shaded (1) or dotted (2), most unknown (0)."""
    return [
        [rng.choice((1, 2)) if rng.random() < 0.2 else 0 for _ in range(cols)] for _ in range(rows)
    ]


def test_the_sweep_changes_no_rungs_fixpoint() -> None:
    seen = {"broken": 0, "open": 0, "swept": 0}
    for index in range(300):
        rng = random.Random(f"norinori-sweep-{index}")
        rows, cols = rng.randint(2, 12), rng.randint(2, 12)
        puzzle = KIND.soak_board(rng, rows, cols)
        rung = LADDER.names[index % len(LADDER.names)]
        with_sweep = LADDER.rules(rung)
        assert with_sweep[0] is SWEEP
        without = with_sweep[1:]
        if index % 2:
            grid = marks(rng, rows, cols)
            first, second = KIND.position_state(puzzle, grid), KIND.position_state(puzzle, grid)
        else:
            first, second = KIND.initial_state(puzzle), KIND.initial_state(puzzle)
        try:  # the sweep does act here: it writes cells or finds the contradiction
            seen["swept"] += SWEEP.apply(first.copy(), None)
        except Contradiction:
            seen["swept"] += 1
        reached = outcome(first, with_sweep)
        assert reached == outcome(second, without), (index, rung)
        seen["broken" if reached is None else "open"] += 1
    assert min(seen.values()) >= 20, seen


def test_the_sweep_changes_no_rungs_fixpoint_on_the_bank() -> None:
    finished = 0
    for record in KIND.bank():
        puzzle = KIND.from_json(record["json"])
        for rung in ("person", "placements"):  # probe's fixpoint takes seconds here
            rules = LADDER.rules(rung)
            first, second = KIND.initial_state(puzzle), KIND.initial_state(puzzle)
            assert outcome(first, rules) == outcome(second, rules[1:]), (record["id"], rung)
            finished += first.is_solved()
    assert finished >= 50, finished


def test_the_sweep_leaves_a_traced_propagation_to_the_rules() -> None:
    puzzle = KIND.soak_board(random.Random("norinori-sweep-log"), 8, 8)
    state = KIND.initial_state(puzzle)
    assert not SWEEP.apply(state, [])
    assert state.domains == KIND.initial_state(puzzle).domains


def test_a_fully_marked_grid_is_encoded_as_an_answer_exactly_when_it_is_one() -> None:
    seen = {"answer": 0, "broken": 0}
    for index in range(300):
        rng = random.Random(f"norinori-sweep-full-{index}")
        rows, cols = rng.randint(2, 7), rng.randint(2, 7)
        puzzle = KIND.soak_board(rng, rows, cols)
        _, answers = KIND.brute_count(puzzle, 1)
        if answers and index % 2:
            grid = [row.copy() for row in answers[0]]
            if index % 4 == 1:  # one cell flipped: breaks a rule
                r, c = rng.randrange(rows), rng.randrange(cols)
                grid[r][c] ^= 1
        else:
            grid = [[int(rng.random() < 0.4) for _ in range(cols)] for _ in range(rows)]
        position = [[1 if value else 2 for value in row] for row in grid]
        found = count_models(cnf.encode(puzzle, KIND.position_state(puzzle, position)), 2)
        valid = not KIND.check(puzzle, grid)
        assert found.count == int(valid) and found.exhaustive, index
        if valid:
            assert found.solutions == [grid], index
        seen["answer" if valid else "broken"] += 1
    assert min(seen.values()) >= 30, seen
