"""A hint compares the position with the puzzle's unique solution at every move;
``solving.unique_solution`` keeps the last few puzzles' answers so that a
player's hints do not solve the whole puzzle again each time."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pencilbox import registry, solving


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    solving._solutions.clear()


def _counting_solve(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = solving.solve

    def counted(*args: Any, **kwargs: Any) -> solving.Report:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(solving, "solve", counted)
    return calls


@pytest.mark.parametrize("name", registry.names())
def test_a_bank_puzzle_is_solved_once_and_its_answer_kept(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    kind = registry.get(name)
    record = kind.bank()[0]
    puzzle = kind.from_json(record["json"])
    calls = _counting_solve(monkeypatch)
    first = solving.unique_solution(kind, puzzle)
    assert first == solving.solve(kind, puzzle, limit=2).solutions[0]
    calls.clear()
    first[0][0] = -7  # the caller's copy: the kept answer stays as it was
    again = solving.unique_solution(kind, puzzle)
    assert calls == [] and again is not None and again[0][0] != -7
    # a hint on a position asks for the answer again: still no second solve
    solving.hint(kind, puzzle, [row[:] for row in again])
    assert calls == []


def test_a_puzzle_with_several_answers_has_none_and_is_kept_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kind = registry.get(registry.names()[0])
    rng = random.Random(3)
    for _ in range(200):  # a random board with several answers
        puzzle = kind.random_board(rng, 4, 4)
        report = solving.solve(kind, puzzle, limit=2)
        if len(report.solutions) == 2:
            break
    else:
        pytest.fail("no board with several answers in 200 random 4x4 boards")
    calls = _counting_solve(monkeypatch)
    assert solving.unique_solution(kind, puzzle) is None
    assert solving.unique_solution(kind, puzzle) is None
    assert len(calls) == 1


def test_only_the_last_few_puzzles_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    kind = registry.get(registry.names()[0])
    monkeypatch.setattr(solving, "SOLUTIONS_KEPT", 2)
    records = kind.bank()[:3]
    for record in records:
        solving.unique_solution(kind, kind.from_json(record["json"]))
    assert len(solving._solutions) == 2
    calls = _counting_solve(monkeypatch)
    solving.unique_solution(kind, kind.from_json(records[0]["json"]))  # the oldest went
    assert len(calls) == 1
