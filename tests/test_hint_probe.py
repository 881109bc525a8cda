"""A probing rule's steps in a hint read as suppositions (issue 13): "Suppose
X. Then ... so Y has no piece. So X is impossible", each X absent from the
answer, and the first hints over the whole banks are short."""

from __future__ import annotations

from functools import cache, partial
from typing import Any

import pytest

from pencilbox import formats, hinting, registry, solving
from pencilbox.kind import with_move_values

EARLY = 3
"""Hints followed from each untouched bank board for the probe and split checks:
first hints alone rarely need a probe."""


@cache
def early_hints(name: str) -> tuple[tuple[str, Any, Any, Any], ...]:
    """(id, puzzle, solution, hint) of the first :data:`EARLY` hints of every bank
    puzzle of ``name``, each made on the position the ones before it left."""
    kind = registry.get(name)
    found = []
    for record in kind.bank():
        _, puzzle = formats.load_object(record["json"])
        position = [[0] * puzzle.cols for _ in range(puzzle.rows)]
        for _ in range(EARLY):
            hint = solving.hint(kind, puzzle, position)
            if hint.status != "step":
                break
            found.append((record["id"], puzzle, record["solution"], hint))
            move = with_move_values(kind, puzzle, position, hint.as_json(kind, puzzle))["steps"][-1]
            for cell in move["cells"]:
                position[cell // puzzle.cols][cell % puzzle.cols] = move["value"]
    return tuple(found)


@cache
def first_hints(name: str) -> tuple[tuple[str, Any, Any, Any], ...]:
    """(id, puzzle, solution, first hint) of every bank puzzle of ``name``."""
    kind = registry.get(name)
    found = []
    for record in kind.bank():
        _, puzzle = formats.load_object(record["json"])
        found.append((record["id"], puzzle, record["solution"], solving.hint(kind, puzzle)))
    return tuple(found)


def test_heteromino_probe_steps_are_told_as_suppositions_that_hold() -> None:
    """Every probe step of a first hint on the Heteromino bank carries its
    supposition, and the piece supposed is not a piece of the answer."""
    kind = registry.get("heteromino")
    told = 0
    for puzzle_id, puzzle, solution, hint in early_hints("heteromino"):
        for step in hint.steps:
            if step.rule != "probe":
                continue
            assert step.supposes and step.contradiction, (puzzle_id, step.reason)
            assert step.reason.startswith(f"Suppose {step.supposes}.")
            assert step.reason.endswith(f"So {step.supposes} is impossible.")
            assert len(step.supposed) == 3 and not step.writes
            numbers = {solution[c // puzzle.cols][c % puzzle.cols] for c in step.supposed}
            assert len(numbers) > 1, f"{puzzle_id}: {step.supposes} is a piece of the answer"
            assert all(kind.cell_label(puzzle, c) in step.supposes for c in step.supposed)
            told += 1
    assert told == 9  # measured: the probe steps of the first three hints on 72 boards


def test_a_probe_chain_is_linked_to_its_supposition() -> None:
    """Told chains: each forced step names cells, and a chain that exists is shown."""
    kind = registry.get("heteromino")
    chained = 0
    for _, puzzle, _, hint in early_hints("heteromino"):
        for step in hint.steps:
            if step.rule == "probe" and step.chain:
                chained += 1
                shown = step.as_json(partial(kind.cell_label, puzzle))
                assert all(c["cells"] and c["labels"] and c["reason"] for c in shown["chain"])
                assert f"Then {len(step.chain)} forced step" in step.reason
    assert chained == 2  # measured: the others are refuted at once


@pytest.mark.parametrize(
    ("name", "longest", "over_five"),
    # Measured on the untouched banks: Suguru's first hints take at most 2
    # steps, LITS's 3, Heteromino's 3: where a Heteromino board has no cell
    # that falls to a few refutations, the ladder's move is a chain of kills
    # (up to 13 on the bank this one replaced), and a case split the ladder
    # decides says it in two ("the bar or the L; the bar fails in 4 steps, so
    # the L").
    [("suguru", 2, 0), ("lits", 3, 0), ("heteromino", 3, 0)],
)
def test_first_hints_over_the_bank_are_short(name: str, longest: int, over_five: int) -> None:
    lengths = {puzzle_id: len(hint.steps) for puzzle_id, _, _, hint in first_hints(name)}
    assert all(hint.status == "step" for *_, hint in first_hints(name))
    assert max(lengths.values()) <= longest, lengths
    longer = sorted(puzzle_id for puzzle_id, n in lengths.items() if n > 5)
    assert len(longer) <= over_five, longer


def test_a_probe_step_from_several_kills_of_a_pass_is_told_alone() -> None:
    """One probe pass kills several pieces at once; each step of the pass is
    told as its own piece's supposition, never another's."""
    kind = registry.get("heteromino")
    record = next(r for r in kind.bank() if r["id"] == "8x8-22")
    _, puzzle = formats.load_object(record["json"])
    rules = kind.ladder.rules()
    teacher = hinting.Teacher(kind, puzzle, rules)
    teacher.cells_are_vars = True
    found = hinting.ladder_hint(kind.initial_state(puzzle), rules, None, [], teacher)
    assert found is not None and found.status == "step"
    passes = {id(before) for _, before, _ in teacher.probed}
    assert len(teacher.probed) > len(passes)  # some pass killed more than one piece
    for step, _, _ in teacher.probed:
        (told,) = hinting.explain_probe(teacher, step)
        assert set(told.supposed) == set(step.cells) and told.rule == "probe"


def test_lits_probe_steps_are_told_as_suppositions_that_hold() -> None:
    """LITS's probe (a region assumed to hold one tetromino) never appears in a
    bank hint (lower rules always do first), so random boards drive it: each
    probe step of the ladder's run, told, supposes a tetromino that no
    brute-force solution shades, with the chain that refutes it."""
    import random

    from pencilbox.puzzles.lits import boards

    kind = registry.get("lits")
    rules = kind.ladder.rules()
    told_steps = 0
    for seed in range(12):
        puzzle = boards.random_board(random.Random(seed), sides=(5, 6))
        count, answers = kind.brute_count(puzzle, 50)
        if count == 0 or count == 50:
            continue  # no answer to hold against, or too many to list
        state = kind.initial_state(puzzle)
        teacher = hinting.Teacher(kind, puzzle, rules)
        for _ in range(puzzle.rows * puzzle.cols):
            found = hinting.ladder_hint(state, rules, None, [], teacher)
            if found is None or found.status != "step":
                break
        for step, _, _ in teacher.probed:
            for told in hinting.explain_probe(teacher, step):
                assert told.rule == "probe" and told.supposes and told.contradiction
                assert told.reason.startswith(f"Suppose {told.supposes}.")
                assert len(told.supposed) == 4
                for answer in answers:  # the tetromino supposed is shaded in no answer
                    shaded = [answer[c // puzzle.cols][c % puzzle.cols] == 1 for c in told.supposed]
                    assert not all(shaded), (seed, told.supposes)
                told_steps += 1
    assert told_steps == 18  # measured on these seeds


def test_a_long_ladder_move_becomes_a_decided_split_that_holds() -> None:
    """Where the ladder's move would be more than five steps, the hint is a
    case split the ladder decides: each refuted option is no piece of the
    answer, told with its chain, and the move is the answer's piece."""
    splits = 0
    for puzzle_id, puzzle, solution, hint in early_hints("heteromino"):
        if hint.split is None:
            continue
        splits += 1
        assert hint.status == "step" and not hint.split.guess, puzzle_id
        refuted = [step for step in hint.steps if step.rule == "split"]
        assert refuted and len(hint.steps) == len(refuted) + 1
        for step in refuted:
            numbers = {solution[c // puzzle.cols][c % puzzle.cols] for c in step.supposed}
            assert len(numbers) > 1, f"{puzzle_id}: {step.supposes} is a piece of the answer"
        move = hint.steps[-1]
        assert move.writes
        assert len({solution[c // puzzle.cols][c % puzzle.cols] for c in move.cells}) == 1
    assert splits == 19  # measured: of the first three hints on 72 boards
