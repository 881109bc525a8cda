"""The soak machinery: boards are reproducible, counters agree, and a wrong
counter is caught, written to a file, and replayed from that file alone."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pencilbox import registry, soak
from pencilbox.cli import main

KINDS = registry.names()


@pytest.mark.parametrize("name", KINDS)
def test_boards_are_reproducible_and_sized(name: str) -> None:
    first = soak.soak_board(name, "repro", 3, 5, 4)
    again = soak.soak_board(name, "repro", 3, 5, 4)
    assert first.board == again.board and first.url == again.url
    assert all(3 <= side <= 5 for side in first.size)


@pytest.mark.parametrize("name", KINDS)
def test_every_counter_agrees_on_random_boards(name: str) -> None:
    out = io.StringIO()
    report = soak.run(name, 40, seed="default-test", max_side=5, out=out)
    assert report.boards == 40
    assert not report.problems, report.problems[0]
    assert out.getvalue() == ""
    expected = {"brute", "sat", "hybrid"} | {f"rungs:{r}" for r in registry.get(name).ladder.names}
    assert expected <= set(report.seconds_by_counter)
    # The sample must exercise answers being compared, not only empty boards,
    # and unique boards, where a rung's certificate is what is being checked:
    # every fourth board is a generated puzzle (a side of 3 may be too small
    # for a type's generator, so not all ten are).
    assert report.by_count["many"] > 0
    assert report.by_count["one"] >= 5


def _liar(kind, puzzle, limit):  # type: ignore[no-untyped-def]
    """A counter that misses an answer whenever there are two or more."""
    count, answers = kind.brute_count(puzzle, limit)
    if count >= 2:
        return count - 1, True, answers[:-1]
    return count, count < limit, answers


def test_a_wrong_counter_is_caught_and_replayed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = soak.counters

    def with_liar(kind):  # type: ignore[no-untyped-def]
        table = real(kind)
        table["liar"] = _liar
        return table

    monkeypatch.setattr(soak, "counters", with_liar)
    out = io.StringIO()
    report = soak.run("suguru", 60, seed="liar", max_side=4, out=out)
    assert report.problems, "a counter that drops answers went unnoticed"
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == len(report.problems)
    assert all("liar" in line["problem"] for line in lines)
    path = tmp_path / "found.jsonl"
    path.write_text(out.getvalue())
    replayed = soak.replay(path)
    assert [seed for seed, _ in replayed] == [line["seed"] for line in lines]
    assert all(problem and "liar" in problem for _, problem in replayed)
    monkeypatch.setattr(soak, "counters", real)
    assert all(problem is None for _, problem in soak.replay(path))


def test_a_crashing_counter_is_a_disagreement() -> None:
    def crash(kind, puzzle, limit):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    kind = registry.get("suguru")
    puzzle = soak.random_board("suguru", __import__("random").Random(1), 4)
    outcome = soak.run_counter(crash, kind, puzzle, 2)
    assert outcome.error and "boom" in outcome.error
    assert "crashed" in (soak.disagreement({"brute": outcome}) or "")


def test_cli_soak_reports_and_exits_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "problems.jsonl"
    code = main(
        [
            "soak",
            "heteromino",
            "-n",
            "15",
            "--max-side",
            "4",
            "--workers",
            "1",
            "--out",
            str(out),
            "--json",
        ]
    )
    assert code == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary[0]["puzzle"] == "heteromino" and summary[0]["boards"] == 15
    assert summary[0]["disagreements"] == 0
    assert out.read_text() == ""


@pytest.mark.parametrize(
    "argv, words",
    [
        (["soak", "nonesuch"], "unknown puzzle type"),
        (["soak", "lits", "-n", "0"], "must be at least 1"),
        (["soak", "--replay", "/nonexistent/file.jsonl"], "no such file"),
    ],
)
def test_cli_soak_bad_input(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err


def test_replay_rejects_a_file_that_is_not_a_soak_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"puzzle": "suguru"}\n')
    assert main(["soak", "--replay", str(path)]) == 2
    assert "bad.jsonl:1" in capsys.readouterr().err


@pytest.mark.soak
@pytest.mark.parametrize("name", KINDS)
def test_soak_many_boards(name: str) -> None:
    report = soak.run(name, 2000, seed="pytest-soak", max_side=6)
    assert not report.problems, report.problems[0]


def test_cli_fuzz_runs_every_door(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fuzz.jsonl"
    code = main(["fuzz", "-n", "300", "--seed", "cli", "--out", str(out), "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert records[0]["record"] == "run" and records[-1]["record"] == "summary"
    assert summary["failures"] == [] and records[-1]["failures"] == []


@pytest.mark.parametrize(
    "argv, words",
    [
        (["fuzz", "--family", "nonesuch"], "unknown --family"),
        (["fuzz", "-n", "x"], "not a whole number"),
        (["fuzz", "--out", "/nonexistent/dir/f.jsonl"], "cannot write"),
    ],
)
def test_cli_fuzz_bad_input(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err
