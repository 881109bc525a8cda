"""The case split a hint offers where the rules stall (issue 13, "never a dead
end"): the open variable with the fewest values, each value run through the
ladder; a refuted value is named with its chain, and where none fails the hint
is a guess the player can undo."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pencilbox import formats, hinting, registry, solving
from pencilbox.engine import count_solutions
from pencilbox.hinting import teacher


def search_graded(name: str) -> list[dict[str, Any]]:
    return [r for r in registry.get(name).bank() if r["grade"]["rung"] == "search"]


def follow(kind: Any, puzzle: Any) -> tuple[list[list[int]], int, str]:
    """Enter each hint's move from the empty position until the hints stop:
    the position, how many of the hints were splits, and the last status. A
    hint that repeats is a failure (the hints would answer it forever)."""
    position = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    seen = set()
    splits = 0
    for _ in range(puzzle.rows * puzzle.cols + 1):
        hint = solving.hint(kind, puzzle, position)
        if hint.status != "step":
            return position, splits, hint.status
        final = hint.steps[-1]
        key = (final.cells, final.value)
        assert key not in seen, f"the same hint again: {final.reason}"
        seen.add(key)
        splits += hint.split is not None
        for cell in final.cells:
            position[cell // puzzle.cols][cell % puzzle.cols] = final.value or 0
    raise AssertionError("more hints than cells")


def test_the_suguru_bank_has_search_graded_puzzles() -> None:
    assert len(search_graded("suguru")) == 28


def test_hints_finish_every_search_graded_suguru() -> None:
    """Following the hints on each of the 28 search-graded Suguru bank puzzles
    reaches the solution, never repeating a hint: where the ladder stalls a
    supposition, or failing that a split the ladder decides, goes on."""
    kind = registry.get("suguru")
    total = 0
    for record in search_graded("suguru"):
        _, puzzle = formats.load_object(record["json"])
        position, splits, status = follow(kind, puzzle)
        assert status == "solved", (record["id"], status)
        state = kind.position_state(puzzle, position)
        assert state.is_solved() and kind.solution_rows(puzzle, state) == record["solution"]
        total += splits
    assert total >= 1  # measured: 5 splits (9x9-17, 10x10-12, 10x10-22)


def test_splits_alone_finish_search_graded_suguru(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the one-cell suppositions switched off, every stall of the ladder is
    met by a split the ladder decides, and the hints still reach the solution
    (every fourth search-graded puzzle, to keep the suite's time)."""
    monkeypatch.setattr(teacher, "TRIAL_CAP", 0)
    kind = registry.get("suguru")
    for record in search_graded("suguru")[::4]:
        _, puzzle = formats.load_object(record["json"])
        position, splits, status = follow(kind, puzzle)
        assert status == "solved", (record["id"], status)
        state = kind.position_state(puzzle, position)
        assert state.is_solved() and kind.solution_rows(puzzle, state) == record["solution"]
        assert splits >= 1, record["id"]  # graded search: the ladder stalls somewhere


def split_hint(record_id: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, Any, Any]:
    """The first split a hint offers on a Suguru bank puzzle, and the position."""
    monkeypatch.setattr(teacher, "TRIAL_CAP", 0)
    kind = registry.get("suguru")
    record = next(r for r in kind.bank() if r["id"] == record_id)
    _, puzzle = formats.load_object(record["json"])
    position = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    for _ in range(puzzle.rows * puzzle.cols):
        hint = solving.hint(kind, puzzle, position)
        if hint.split is not None:
            return kind, puzzle, position, hint
        final = hint.steps[-1]
        for cell in final.cells:
            position[cell // puzzle.cols][cell % puzzle.cols] = final.value or 0
    raise AssertionError("no split")


def test_a_decided_split_names_its_refuted_values(monkeypatch: pytest.MonkeyPatch) -> None:
    kind, puzzle, position, hint = split_hint("9x9-14", monkeypatch)
    split = hint.split
    assert hint.status == "step" and not split.guess
    failed = [b for b in split.branches if b.fails]
    alive = [b for b in split.branches if not b.fails]
    assert len(alive) == 1 and failed
    state = kind.position_state(puzzle, position)
    assert len(split.branches) == state.domains[split.var].bit_count()
    refuted = [s for s in hint.steps if s.rule == hinting.SPLIT]
    assert [s.supposes for s in refuted] == [b.words for b in failed]
    for step, branch in zip(refuted, failed, strict=True):
        assert step.reason.startswith(f"Suppose {step.supposes}.") and step.contradiction
        assert len(step.chain) == branch.steps
    # The move is the value left, and the answer agrees with it.
    final = hint.steps[-1]
    assert final.writes and final.cells == (split.var,)
    row, col = divmod(split.var, puzzle.cols)
    record = next(r for r in kind.bank() if r["id"] == "9x9-14")
    assert final.value == record["solution"][row][col]
    # every value refuted is not the answer's (the digit of bit b is b + 1 here)
    assert all(b.bit.bit_length() != final.value for b in failed)
    assert f"{alive[0].words}" in split.summary and " fails " in split.summary
    shown = hint.as_json(kind, puzzle)
    assert shown["split"]["guess"] is False
    assert [b["fails"] for b in shown["split"]["branches"]] == [b.fails for b in split.branches]
    one, two, _ = shown["tiers"]
    assert one["text"].startswith(f"Look at {split.subject} (split")
    assert split.options in one["text"]
    assert two["text"] == split.summary


def test_options_are_said_once() -> None:
    assert hinting.split._or_words(["r3c4 is 1", "r3c4 is 2"]) == "r3c4 is 1 or 2"
    assert hinting.split._or_words(["a is 1", "b is 2"]) == "a is 1 or b is 2"


def test_where_no_value_fails_the_hint_is_a_guess() -> None:
    """A board with its givens taken away has many answers: no value of any
    cell is refuted, so the hint guesses, and says so."""
    kind = registry.get("suguru")
    record = next(r for r in kind.bank() if r["id"] == "5x5-01")
    _, puzzle = formats.load_object(record["json"])
    bare = dataclasses.replace(puzzle, givens=(0,) * len(puzzle.givens))
    hint = solving.hint(kind, bare)
    assert hint.status == "guess" and hint.split is not None and hint.split.guess
    assert not any(b.fails for b in hint.split.branches)
    (move,) = hint.steps
    assert move.rule == hinting.GUESS and move.writes and move.value is not None
    assert "a guess" in move.reason and hint.split.chosen.words in move.reason
    # The guess is a value the cell may take, and the board stays solvable with it.
    position = [[0] * bare.cols for _ in range(bare.rows)]
    for cell in move.cells:
        position[cell // bare.cols][cell % bare.cols] = move.value
    state = kind.position_state(bare, position)
    assert count_solutions(state, kind.ladder.rules(), limit=1).count == 1
