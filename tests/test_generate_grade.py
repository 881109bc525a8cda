"""``pencilbox generate TYPE --grade RUNG`` (pencilbox.targeting): every puzzle kept
has that grade (regraded from the puzzle itself), runs repeat, and bad or
unreachable grades say so in one line."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from pencilbox import cli, registry, solving, targeting
from pencilbox.errors import PuzzleError

# A grade that 5x5 boards of each type's default mode hit often (see
# benchmarks/grade_generation.py), so each test makes few puzzles.
COMMON = {
    "suguru": "witness",
    "lits": "probe",
    "heteromino": "probe",
    "fillomino": "reach",  # its default mode carves while reach finishes: mostly reach
}


def _stable(record: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in record.items() if key != "seconds"}


@pytest.mark.parametrize("name", registry.names())
def test_every_puzzle_kept_has_the_grade(capsys: pytest.CaptureFixture[str], name: str) -> None:
    kind = registry.get(name)
    # a type added later than this table aims at its cheapest rung
    grade = COMMON.get(name, kind.ladder.names[0])
    argv = ["generate", name, "--size", "5x5", "--count", "2", "--seed", "3", "--grade", grade]
    assert cli.main([*argv, "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    for index, line in enumerate(lines):
        record = json.loads(line)
        assert record["index"] == index and record["attempts"] >= 1
        assert record["grade"]["rung"] == grade
        puzzle = kind.from_json(record["json"])
        regraded = solving.grade(kind, puzzle)
        assert regraded.unique and regraded.rung == grade
        # The record is one of the attempts its own seed names, and makes again from it.
        assert record["seed"] == f"3:{index}:{record['attempts'] - 1}"
        made = kind.generate(random.Random(record["seed"]), 5, 5, record["mode"])
        assert made.puzzle == puzzle


def test_a_targeted_run_repeats_whatever_runs_it() -> None:
    target = targeting.Target("singles")
    # The default executor is a process pool: the targeted maker must pickle.
    made = targeting.generate_targeted("suguru", 5, 5, 3, "solvable", 8, target, 60)
    alone = [_stable(r) for r in made]
    with ThreadPoolExecutor(max_workers=2) as pool:
        pooled = targeting.generate_targeted(
            "suguru", 5, 5, 3, "solvable", 8, target, 60, executor=pool
        )
        assert [_stable(r) for r in pooled] == alone
    assert all(r["grade"]["rung"] == "singles" for r in alone)  # type: ignore[index]


def test_search_with_branch_points() -> None:
    kind = registry.get("suguru")
    target = targeting.parse_target(kind, "search", 1)
    assert target == targeting.Target("search", 1)
    assert target.accepts({"rung": "search", "branch_points": 1})
    assert not target.accepts({"rung": "search", "branch_points": 0})
    assert not target.accepts({"rung": "witness", "branch_points": 0})
    assert targeting.Target("search").accepts({"rung": "search", "branch_points": 0})
    (record,) = targeting.generate_targeted("suguru", 5, 5, 1, "minimal", 2, target, 200)
    regraded = solving.grade(kind, kind.from_json(record["json"]))
    assert regraded.rung == "search" and regraded.branch_points >= 1


def test_grade_names_are_the_ladder_then_search() -> None:
    for name in registry.names():
        kind = registry.get(name)
        assert targeting.grade_names(kind) == (*kind.ladder.names, "search")


def test_unknown_grade_lists_the_valid_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["generate", "lits", "--size", "5x5", "--grade", "easy", "--seed", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "unknown grade 'easy' for lits; choose from local, tetro, probe, search" in err


@pytest.mark.parametrize(
    "extra",
    [["--min-branch-points", "2"], ["--grade", "witness", "--min-branch-points", "2"]],
)
def test_branch_points_need_grade_search(
    capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    assert cli.main(["generate", "suguru", "--size", "5x5", "--seed", "1", *extra]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "--min-branch-points" in err


def test_negative_branch_points_are_bad_input() -> None:
    with pytest.raises(PuzzleError, match="negative"):
        targeting.parse_target(registry.get("suguru"), "search", -1)


def test_no_hit_in_the_attempts_is_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    # The solvable mode keeps only removals after which the rungs finish, so
    # it never makes a puzzle that needs search.
    argv = ["generate", "suguru", "--size", "5x5", "--seed", "1", "--grade", "search"]
    assert cli.main([*argv, "--attempts", "3", "--workers", "1"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "no 5x5 suguru puzzle (mode solvable) of grade search in 3 attempts" in err
