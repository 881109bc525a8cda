"""The default solve: the ladder to its fixpoint, then SAT for what it leaves open.

It must count exactly what the rung engine counts, report the same
``solved_by`` whenever a rung finishes the board, and never run the rung
engine's search; ``--engine rungs`` stays as it was.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pencilbox import counting, registry, solving
from pencilbox.cli import main

NAMES = registry.names()


def bank_by_grade(name: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A bank record the default solve's rung finishes (the face's ``default_rung``,
    or one below it), and one graded ``search`` if the bank has one."""
    kind = registry.get(name)
    records = kind.bank()
    names = kind.ladder.names
    upto = names[: names.index(kind.default_rung) + 1]
    finished = next(r for r in records if r["grade"]["rung"] in upto)
    searched = next((r for r in records if r["grade"]["rung"] == "search"), None)
    return finished, searched


@pytest.mark.parametrize("name", NAMES)
def test_a_board_the_ladder_finishes_is_reported_as_the_rung_engine_reports_it(name: str) -> None:
    kind = registry.get(name)
    record, _ = bank_by_grade(name)
    puzzle = kind.from_json(record["json"])
    default = counting.count_default(kind, puzzle)
    rungs = solving.solve(kind, puzzle, rung=kind.default_rung)
    assert isinstance(default, solving.Report)
    mine, theirs = default.as_json(kind, puzzle), rungs.as_json(kind, puzzle)
    assert mine.pop("engine") == "auto" and theirs.pop("engine") == "rungs"
    for answer in (mine, theirs):
        answer.pop("seconds")
    assert mine == theirs
    # The grade is the lowest rung that finishes; the default rung finishes it too.
    assert mine["solved_by"] == kind.default_rung
    assert record["grade"]["rung"] in kind.ladder.names


def test_a_board_the_ladder_leaves_open_goes_to_sat() -> None:
    """Suguru's bank has puzzles no rung finishes: SAT counts them, exactly."""
    name = next(n for n in NAMES if bank_by_grade(n)[1] is not None)
    kind = registry.get(name)
    _, record = bank_by_grade(name)
    assert record is not None
    puzzle = kind.from_json(record["json"])
    default = counting.count_default(kind, puzzle, limit=2)
    assert isinstance(default, counting.SatReport) and default.engine == "auto"
    answer = default.as_json(kind, puzzle)
    assert answer["solved_by"] == "search" and answer["rules"] == kind.default_rung
    assert (default.count, default.exhaustive) == (1, True)
    assert default.solutions == [record["solution"]]


@pytest.mark.parametrize("name", NAMES)
def test_the_default_counts_what_the_rung_engine_counts_on_random_boards(name: str) -> None:
    kind = registry.get(name)
    rng = random.Random(f"default-{name}")
    outcomes = set()
    for _ in range(30):
        puzzle = kind.soak_board(rng, rng.randint(3, 5), rng.randint(3, 5))
        default = counting.count_default(kind, puzzle, limit=4)
        rungs = solving.solve(kind, puzzle, limit=4)
        assert (default.count, default.exhaustive) == (rungs.count, rungs.exhaustive)
        if default.count < 4:
            assert sorted(default.solutions) == sorted(rungs.solutions)
        outcomes.add(type(default).__name__ + str(min(default.count, 2)))
    assert len(outcomes) >= 3  # boards with none, one and several answers, on both paths


def test_the_cli_defaults_to_it_and_keeps_the_rung_engine_on_request(
    capsys: pytest.CaptureFixture[str],
) -> None:
    name = next(n for n in NAMES if bank_by_grade(n)[1] is not None)
    _, record = bank_by_grade(name)
    assert record is not None
    assert main(["solve", record["url"], "--json"]) == 0
    default = json.loads(capsys.readouterr().out)
    assert main(["solve", record["url"], "--json", "--engine", "rungs"]) == 0
    rungs = json.loads(capsys.readouterr().out)
    assert default["engine"] == "auto" and rungs["engine"] == "rungs"
    assert default["solution"] == rungs["solution"] == record["solution"]
    assert rungs["solved_by"] == "search" and rungs["nodes"] > 1  # the rung engine searched
    assert "nodes" not in default  # the default did not: SAT did
    assert main(["solve", record["url"]]) == 0
    assert "solved by:     search (rules:" in capsys.readouterr().out
