"""The ``pencilbox`` command line, run in-process (``cli.main``) and as ``python -m pencilbox``.

The reference puzzle is the 5x5 Suguru from Abigail's talk
(``tests/data/suguru/abigail_talk.json``), with its published solution.
Expected values come from that source or from the library called directly:
the CLI must report what the library computes, in the documented fields.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pencilbox import cli, counting, formats, registry, solving
from pencilbox.errors import PuzzleError

ROOT = Path(__file__).resolve().parent.parent
COMMANDS_DOC = ROOT / "docs" / "commands.md"  # the commands, in prose, with examples

SOLVE_FIELDS = {
    "puzzle",
    "engine",
    "rows",
    "cols",
    "rules",
    "count",
    "limit",
    "exhaustive",
    "unique",
    "solution",
    "solutions",
    "solved_by",
    "branch_points",
    "nodes",
    "trace",
    "seconds",
    "decided",
    "differing",
    "differing_labels",
}

# A 1x2 block: {1, 2} in either order, and no rule can tell which (two solutions).
DOMINO = "suguru 1x2\nAA\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_module(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pencilbox", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def abigail(data: Callable[[str], Any]) -> dict[str, Any]:
    source = data("suguru/abigail_talk.json")
    groups = source["groups_verbatim"]
    text = "\n".join(
        [f"suguru {len(groups)}x{len(groups[0])}", *groups, "", *source["clues_verbatim"]]
    )
    solution = [[int(d) for d in row.split()] for row in source["solution_verbatim"]]
    return {"text": text + "\n", "url": source["url_derived"], "solution": solution}


@pytest.fixture
def puzzle_file(tmp_path: Path, abigail: dict[str, Any]) -> Path:
    path = tmp_path / "abigail.txt"
    path.write_text(abigail["text"], encoding="utf-8")
    return path


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# -- solve -----------------------------------------------------------------------


def test_solve_text_shows_the_published_solution(capsys, puzzle_file, abigail):
    code, out, err = run(capsys, "solve", str(puzzle_file))
    kind, puzzle = formats.load(abigail["text"])
    assert code == 0 and err == ""
    assert kind.render(puzzle, abigail["solution"]) in out
    assert "1 solution (unique)" in out
    expected = solving.solve(kind, puzzle)
    assert f"solved by:     {expected.solved_by}" in out
    assert f"branch points: {expected.branch_points}" in out


def test_solve_json_has_every_documented_field(capsys, puzzle_file, abigail):
    code, out, err = run(capsys, "solve", str(puzzle_file), "--json")
    assert code == 0 and err == ""
    assert len(out.strip().splitlines()) == 1
    result = json.loads(out)
    assert set(result) == SOLVE_FIELDS
    kind, puzzle = formats.load(abigail["text"])
    expected = solving.solve(kind, puzzle)
    assert result["puzzle"] == "suguru"
    assert (result["rows"], result["cols"]) == (5, 5)
    assert result["solution"] == abigail["solution"]
    assert (result["count"], result["limit"]) == (1, 2)
    assert result["exhaustive"] is True and result["unique"] is True
    assert result["rules"] == kind.ladder.top
    assert result["solved_by"] == expected.solved_by
    assert result["branch_points"] == expected.branch_points
    assert isinstance(result["seconds"], float) and result["seconds"] >= 0
    assert result["solutions"] == [abigail["solution"]] and result["nodes"] == expected.nodes
    assert result["trace"] is None  # not asked for


SAT_FIELDS = (SOLVE_FIELDS - {"rules", "solved_by", "branch_points", "nodes", "trace"}) | {
    "solve_seconds",
    "variables",
    "clauses",
    "solver_calls",
    "cuts",
}


@pytest.mark.parametrize("engine", ["sat", "hybrid"])
def test_solve_with_a_sat_engine(capsys, puzzle_file, abigail, engine):
    code, out, err = run(capsys, "solve", str(puzzle_file), "--engine", engine, "--json")
    assert code == 0 and err == ""
    result = json.loads(out)
    assert set(result) == SAT_FIELDS
    assert result["engine"] == engine
    assert result["solution"] == abigail["solution"]
    assert result["unique"] is True and result["count"] == 1
    code, out, _ = run(capsys, "solve", str(puzzle_file), "--engine", engine)
    assert code == 0 and "1 solution (unique)" in out and f"engine:        {engine}" in out


@pytest.mark.parametrize("option", [["--rules", "singles"], ["--trace"]])
def test_sat_engine_refuses_rung_options(capsys, puzzle_file, option):
    code, _, err = run(capsys, "solve", str(puzzle_file), "--engine", "sat", *option)
    assert code == 2 and option[0] in err and len(err.strip().splitlines()) == 1


def test_solve_with_a_lower_rung_reports_what_that_rung_did(capsys, puzzle_file, abigail):
    kind, puzzle = formats.load(abigail["text"])
    lowest = kind.ladder.names[0]
    code, out, _ = run(
        capsys, "solve", str(puzzle_file), "--engine", "rungs", "--rules", lowest, "--json"
    )
    result = json.loads(out)
    expected = solving.solve(kind, puzzle, rung=lowest)
    assert code == 0
    assert result["rules"] == lowest
    assert result["solved_by"] == expected.solved_by
    assert result["branch_points"] == expected.branch_points
    assert result["solution"] == abigail["solution"]


def test_solve_trace_lists_the_library_trace(capsys, puzzle_file, abigail):
    kind, puzzle = formats.load(abigail["text"])
    expected = solving.solve(kind, puzzle, trace=True).trace
    code, out, _ = run(capsys, "solve", str(puzzle_file), "--json", "--trace")
    trace = json.loads(out)["trace"]
    assert code == 0 and len(trace) == len(expected) > 0
    assert [step["rule"] for step in trace] == [step.rule for step in expected]
    assert [step["reason"] for step in trace] == [step.reason for step in expected]
    assert [step["cells"] for step in trace] == [list(step.cells) for step in expected]
    assert [step["labels"] for step in trace] == [
        [kind.cell_label(puzzle, c) for c in step.cells] for step in expected
    ]


def test_solve_counts_a_two_solution_board_and_respects_limit(capsys, tmp_path):
    path = write(tmp_path, "domino.txt", DOMINO)
    _, out, _ = run(capsys, "solve", path, "--json")
    stopped = json.loads(out)
    assert (stopped["count"], stopped["exhaustive"], stopped["unique"]) == (2, False, False)
    _, out, _ = run(capsys, "solve", path, "--json", "--limit", "3")
    full = json.loads(out)
    assert (full["count"], full["exhaustive"], full["unique"]) == (2, True, False)
    _, out, _ = run(capsys, "solve", path, "--json", "--limit", "1")
    one = json.loads(out)
    assert (one["count"], one["exhaustive"], one["unique"]) == (1, False, False)
    code, out, _ = run(capsys, "solve", path)
    assert code == 0 and "2 solutions (not unique" in out


def test_solve_reads_urls_and_stdin(capsys, monkeypatch, abigail):
    code, out, _ = run(capsys, "solve", abigail["url"], "--json")
    assert code == 0 and json.loads(out)["solution"] == abigail["solution"]
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(abigail["text"]))
    code, out, _ = run(capsys, "solve", "-", "--json")
    assert code == 0 and json.loads(out)["solution"] == abigail["solution"]


# -- hint, grade, show, rungs ------------------------------------------------------


def test_hint_names_the_rule_and_cells_of_the_library_hint(capsys, puzzle_file, abigail):
    kind, puzzle = formats.load(abigail["text"])
    expected = solving.hint(kind, puzzle)
    code, out, _ = run(capsys, "hint", str(puzzle_file), "--json")
    result = json.loads(out)
    assert code == 0 and result["status"] == expected.status == "step"
    assert result["rule"] == expected.rule
    assert [s["labels"] for s in result["steps"]] == [
        [kind.cell_label(puzzle, c) for c in s.cells] for s in expected.steps
    ]
    assert [s["cells"] for s in result["steps"]] == [list(s.cells) for s in expected.steps]
    assert [s["because"] for s in result["steps"]] == [list(s.because) for s in expected.steps]
    code, out, _ = run(capsys, "hint", str(puzzle_file))
    assert out.startswith(f"next step ({expected.rule}):")
    assert expected.steps[-1].reason in out


def test_hint_reports_a_wrong_entry_as_a_mistake(capsys, tmp_path, puzzle_file, abigail):
    position = [[0] * 5 for _ in range(5)]
    right = abigail["solution"][0][1]
    position[0][1] = 1 if right != 1 else 2  # r1c2 holds a digit that is not the solution's
    path = write(tmp_path, "position.json", json.dumps(position))
    code, out, _ = run(capsys, "hint", str(puzzle_file), "--position", path, "--json")
    result = json.loads(out)
    assert code == 0 and result["status"] == "mistake"
    assert result["mistakes"][0]["labels"] == ["r1c2"]
    assert result["mistakes"][0]["cells"] == [1]


def test_hint_on_a_finished_position_says_solved(capsys, tmp_path, puzzle_file, abigail):
    text = "\n".join("".join(str(d) for d in row) for row in abigail["solution"])
    path = write(tmp_path, "done.txt", text)
    code, out, _ = run(capsys, "hint", str(puzzle_file), "--position", path)
    assert code == 0 and out.startswith("solved")


def test_hint_offers_a_guess_when_no_rule_applies(capsys, tmp_path):
    # Two answers: no rule applies and no value fails, so the hint is a case split's guess.
    path = write(tmp_path, "domino.txt", DOMINO)
    code, out, _ = run(capsys, "hint", path, "--json")
    result = json.loads(out)
    assert code == 0 and result["status"] == "guess" and result["split"]["guess"] is True
    assert [b["fails"] for b in result["split"]["branches"]] == [False, False]
    _, out, _ = run(capsys, "hint", path)
    assert out.startswith("no rule decides this position; a guess")


def test_hint_says_when_steps_only_narrow_candidates(capsys, tmp_path):
    # The domino's {1, 2} touches both lower cells of the 2x2 block, which
    # must then hold 3 and 4 (and the upper ones 1 and 2) -- in either order.
    path = write(tmp_path, "narrow.txt", "suguru 3x2\nAA\nAA\nBB\n")
    code, out, _ = run(capsys, "hint", path, "--json")
    result = json.loads(out)
    assert code == 0 and result["status"] == "narrowed"
    assert result["steps"] and not any(step["writes"] for step in result["steps"])
    _, out, _ = run(capsys, "hint", path)
    assert out.startswith("no cell can be settled")


def test_grade_matches_the_library(capsys, puzzle_file, abigail):
    kind, puzzle = formats.load(abigail["text"])
    expected = solving.grade(kind, puzzle)
    code, out, _ = run(capsys, "grade", str(puzzle_file))
    assert code == 0 and out == f"grade: {expected.label}\n"
    _, out, _ = run(capsys, "grade", str(puzzle_file), "--json")
    result = json.loads(out)
    assert result["rung"] == expected.rung and result["unique"] is True
    assert result["branch_points"] == expected.branch_points
    assert result == {"puzzle": "suguru", "rows": 5, "cols": 5, **expected.as_json()} | {
        "unique": True,
        "count": 1,
    }


def test_show_draws_the_puzzle_and_its_solution(capsys, puzzle_file, abigail):
    kind, puzzle = formats.load(abigail["text"])
    code, out, _ = run(capsys, "show", str(puzzle_file))
    assert code == 0 and out == kind.render(puzzle) + "\n"
    code, out, _ = run(capsys, "show", str(puzzle_file), "--solution")
    assert code == 0 and out == kind.render(puzzle, abigail["solution"]) + "\n"


def test_rungs_reports_each_rung_of_the_ladder(capsys, puzzle_file, abigail):
    kind, puzzle = formats.load(abigail["text"])
    code, out, _ = run(capsys, "rungs", str(puzzle_file), "--json")
    rungs = json.loads(out)["rungs"]
    assert code == 0 and [r["rung"] for r in rungs] == list(kind.ladder.names)
    for view in rungs:
        expected = solving.rung_view(kind, puzzle, view["rung"])
        assert view["finished"] == expected.finished
        assert len(view["new"]) == len(expected.new)
        assert view["new"] == expected.new
        assert view["new_labels"] == [kind.cell_label(puzzle, c) for c in expected.new]
        assert view["settled"] == sorted([c, v] for c, v in expected.settled.items())
        assert view["settled_labels"] == [
            kind.cell_label(puzzle, c) for c in sorted(expected.settled)
        ]
    code, out, _ = run(capsys, "rungs", str(puzzle_file))
    for name in kind.ladder.names:
        assert re.search(rf"^{name} \(", out, re.MULTILINE)


@pytest.mark.parametrize("command", ["solve", "hint", "grade", "rungs"])
@pytest.mark.parametrize("name", registry.names())
def test_json_answers_are_the_web_apps(capsys, command, name):
    """One JSON shape per result: ``--json`` prints what the web app's job answers."""
    from pencilbox.web import jobs

    record = registry.get(name).bank()[0]
    _, out, _ = run(capsys, command, record["url"], "--json")
    printed = json.loads(out)
    answered = json.loads(json.dumps(jobs.JOBS[command]({"puzzle": record["json"], "limit": 2})))
    for result in (printed, answered):
        result.pop("seconds", None)  # wall-clock time
        result.pop("solve_seconds", None)  # the SAT solver's, when the default solve used it
    assert printed == answered
    assert printed


# -- convert -------------------------------------------------------------------------


def test_convert_round_trip_text_url_json_text(capsys, tmp_path, puzzle_file, abigail):
    kind, puzzle = formats.load(abigail["text"])
    _, url, _ = run(capsys, "convert", str(puzzle_file), "--to", "url")
    assert url.strip() == abigail["url"]
    _, as_json, _ = run(capsys, "convert", url.strip(), "--to", "json")
    assert formats.load(as_json) == (kind, puzzle)
    json_path = write(tmp_path, "p.json", as_json)
    _, text, _ = run(capsys, "convert", json_path, "--to", "text")
    assert text == kind.format_text(puzzle)
    assert formats.load(text)[1] == puzzle


# -- generate --------------------------------------------------------------------------


def test_generate_is_repeatable_with_a_seed(capsys):
    argv = ["generate", "suguru", "--size", "4x4", "--count", "2", "--seed", "11", "--workers", "1"]
    code, first, err = run(capsys, *argv)
    assert code == 0 and err == ""
    _, second, _ = run(capsys, *argv)
    records = [json.loads(line) for line in first.splitlines()]
    again = [json.loads(line) for line in second.splitlines()]
    for record in records + again:
        del record["seconds"]  # wall-clock time, the one field a seed cannot fix
    assert records == again
    assert len(records) == 2
    for record in records:
        assert {"puzzle", "url", "text", "solution", "grade"} <= set(record)
        kind, puzzle = formats.load(record["text"])
        assert formats.load(record["url"])[1] == puzzle
        report = solving.solve(kind, puzzle)
        assert report.unique and report.solutions[0] == record["solution"]


def test_generate_as_a_subprocess_writes_json_lines_to_a_file(tmp_path):
    out = tmp_path / "made.jsonl"
    done = run_module(
        "generate",
        "suguru",
        "--size",
        "4x4",
        "--count",
        "2",
        "--seed",
        "3",
        "--workers",
        "1",
        "--out",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and all(json.loads(line)["puzzle"] == "suguru" for line in lines)


# -- bad input -------------------------------------------------------------------------


RAGGED = "suguru 2x2\nAA\nA\n"
MALFORMED = "suguru five by five\nAA\n"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["solve", "{tmp}/missing.txt"], "no such file"),
        (["solve", "{malformed}"], "line 1"),
        (["solve", "{ragged}"], "line 3"),
        (["solve", "https://puzz.link/p?suguru/5/5/2d1gu"], "URL"),
        (["solve", "suguru/x/5/2d1gu5tvm4r4j"], "URL"),
        (["generate", "nosuchpuzzle", "--size", "4x4"], "unknown puzzle type"),
        (["generate", "suguru", "--size", "4by4"], "--size"),
        (["generate", "suguru", "--size", "0x4"], "--size"),
        (["generate", "suguru", "--size", "4x4", "--mode", "nosuchmode"], "--mode"),
        (["solve", "{good}", "--rules", "nosuchrung"], "--rules"),
        (["solve", "{good}", "--limit", "0"], "--limit"),
        (["hint", "{good}", "--position", "{short}"], "position is 2 rows"),
        (["hint", "{good}", "--position", "{ragged}"], "line 1, column 1"),
        (["convert", "{good}", "--to", "pdf"], "--to"),
        (["play", "--port", "70000"], "--port"),
        (["nosuchcommand"], "nosuchcommand"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, puzzle_file, argv, needle):
    files = {
        "tmp": str(tmp_path),
        "malformed": write(tmp_path, "malformed.txt", MALFORMED),
        "ragged": write(tmp_path, "ragged.txt", RAGGED),
        "short": write(tmp_path, "short.txt", "12345\n123\n"),
        "good": str(puzzle_file),
    }
    code, out, err = run(capsys, *(arg.format(**files) for arg in argv))
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("pencilbox: error: ")
    assert needle in err
    assert "Traceback" not in err


def test_bad_input_as_a_subprocess_has_no_traceback(tmp_path):
    done = run_module("solve", "-", stdin=RAGGED)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "pencilbox: error: stdin: line 3: block map row has 1 cells, expected 2\n"


def test_solve_as_a_subprocess_prints_one_json_object(puzzle_file, abigail):
    done = run_module("solve", str(puzzle_file), "--json")
    assert done.returncode == 0 and done.stderr == ""
    result = json.loads(done.stdout)
    assert set(result) == SOLVE_FIELDS and result["solution"] == abigail["solution"]


def test_ctrl_c_exits_130_quietly(capsys, monkeypatch, puzzle_file):
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(counting, "count_default", interrupted)
    code, out, err = run(capsys, "solve", str(puzzle_file))
    assert (code, out, err) == (130, "", "")


# -- play, bank, stats ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "warned"),
    [("127.0.0.1", False), ("localhost", False), ("::1", False), ("0.0.0.0", True)],
)
def test_play_serves_and_warns_off_loopback(capsys, monkeypatch, host, warned):
    calls: list[tuple[str, int, bool]] = []
    monkeypatch.setattr("pencilbox.web.serve", lambda h, p, o: calls.append((h, p, o)))
    code, _, err = run(capsys, "play", "--host", host, "--port", "8123", "--open")
    assert code == 0 and calls == [(host, 8123, True)]
    assert ("warning" in err) is warned


def test_bank_lists_and_filters_the_shipped_puzzles(capsys):
    records = registry.get("suguru").bank()
    code, out, _ = run(capsys, "bank", "suguru")
    assert code == 0 and len(records) > 0
    assert [line.split()[0] for line in out.splitlines()] == [r["id"] for r in records]
    wanted = [
        r["id"]
        for r in records
        if (r["rows"], r["cols"]) == (8, 8) and r["grade"]["rung"] == "search"
    ]
    code, out, _ = run(capsys, "bank", "suguru", "--size", "8x8", "--grade", "search")
    assert [line.split()[0] for line in out.splitlines()] == wanted
    assert code == (0 if wanted else 1)


def test_bank_with_no_match_says_so_on_stderr(capsys):
    code, out, err = run(capsys, "bank", "suguru", "--grade", "no-such-grade")
    assert (code, out) == (1, "") and len(err.splitlines()) == 1


def test_stats_writes_the_measurements(capsys, tmp_path):
    out = tmp_path / "stats.json"
    code, printed, _ = run(
        capsys, "stats", "suguru", "--samples", "1", "--workers", "1", "--out", str(out)
    )
    assert code == 0 and printed == f"wrote {out}\n"
    assert json.loads(out.read_text(encoding="utf-8"))["samples"] == 1


# -- features a type does not have (NotImplementedError from the face) -----------------------


def _not_implemented(*args: object, **kwargs: object) -> Any:
    raise NotImplementedError("not written for this type")


@pytest.mark.parametrize(
    ("method", "argv"),
    [
        ("bank", ["bank", "suguru"]),
        ("stats", ["stats", "suguru", "--samples", "1", "--workers", "1", "--out", "{out}"]),
        ("generate", ["generate", "suguru", "--size", "4x4", "--seed", "1", "--workers", "1"]),
    ],
)
def test_a_missing_feature_is_one_line_and_exit_1(capsys, monkeypatch, tmp_path, method, argv):
    kind = registry.get("suguru")
    monkeypatch.setattr(kind, method, _not_implemented)
    out_file = tmp_path / "stats.json"
    code, out, err = run(capsys, *(arg.format(out=out_file) for arg in argv))
    assert (code, out) == (1, "")
    assert err == "pencilbox: not written for this type\n"
    assert not out_file.exists()


def test_a_type_with_no_generator_modes_is_not_available(capsys, monkeypatch):
    monkeypatch.setattr(registry.get("suguru"), "generate_modes", ())
    code, out, err = run(capsys, "generate", "suguru", "--size", "4x4", "--seed", "1")
    assert (code, out, err) == (1, "", "pencilbox: Suguru has no generator\n")


# -- stats: where the figures go by default ---------------------------------------------------


def _fake_package(root: Path) -> Path:
    package = root / "pencilbox"
    (package / "puzzles" / "suguru").mkdir(parents=True)
    return package


@pytest.mark.parametrize("checkout", [True, False])
def test_stats_default_out_is_the_shipped_file_only_in_a_checkout(
    capsys, monkeypatch, tmp_path, checkout
):
    from pencilbox.cli import figures

    if checkout:  # src/pencilbox beside pyproject.toml, as in this repository
        (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
        package = _fake_package(tmp_path / "src")
        expected = package / "puzzles" / "suguru" / "stats.json"
    else:  # an installed package: the file goes to the current folder
        package = _fake_package(tmp_path / "site-packages")
        expected = Path("suguru-stats.json")
    monkeypatch.setattr(figures, "PACKAGE", package)
    monkeypatch.chdir(tmp_path)
    written: list[Path] = []
    monkeypatch.setattr(registry.get("suguru"), "stats", lambda out, **options: written.append(out))
    code, printed, _ = run(capsys, "stats", "suguru", "--workers", "1")
    assert code == 0 and written == [expected] and printed == f"wrote {expected}\n"


def test_stats_default_out_in_this_checkout_is_the_file_the_web_app_reads():
    from pencilbox.cli.figures import default_stats_path

    shipped = ROOT / "src" / "pencilbox" / "puzzles" / "suguru" / "stats.json"
    assert default_stats_path(registry.get("suguru")) == shipped
    found = registry.get("suguru").stats_file()
    assert found is not None and found.read_text(encoding="utf-8") == shipped.read_text(
        encoding="utf-8"
    )


# -- ledger ------------------------------------------------------------------------------------


def test_ledger_prints_the_library_count(capsys):
    ledger = pytest.importorskip("pencilbox.puzzles.heteromino.ledger")
    for rule, extra in ((True, []), (False, ["--no-same-shape-rule"])):
        # 3x3 is small enough for the plain enumerator, which shares no code with the counter
        exact = len(list(ledger.enumerate_tilings(3, 3, same_shape_rule=rule)))
        assert ledger.count_tilings(3, 3, same_shape_rule=rule) == exact
        code, out, err = run(capsys, "ledger", "3", "3", *extra)
        assert (code, out, err) == (0, f"{exact}\n", "")


def test_ledger_json_gives_the_count_as_an_exact_string(capsys):
    ledger = pytest.importorskip("pencilbox.puzzles.heteromino.ledger")
    for rule, extra in ((True, []), (False, ["--no-same-shape-rule"])):
        expected = ledger.count_tilings(3, 60, same_shape_rule=rule)
        assert expected > 2**53  # past what a JSON number keeps exactly
        code, out, _ = run(capsys, "ledger", "3", "60", "--json", *extra)
        assert code == 0 and len(out.splitlines()) == 1
        assert json.loads(out) == {
            "rows": 3,
            "cols": 60,
            "same_shape_rule": rule,
            "count": str(expected),
        }


@pytest.mark.parametrize(
    ("h", "w", "needle"),
    [("0", "3", "argument H"), ("3", "-1", "argument W"), ("61", "3", "1..60"), ("x", "3", "x")],
)
def test_ledger_bad_sizes_are_one_line_and_exit_2(capsys, h, w, needle):
    code, out, err = run(capsys, "ledger", h, w)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith("pencilbox: error: ledger: ")
    assert needle in err


def test_ledger_without_the_counter_says_not_available(capsys, monkeypatch):
    # None in sys.modules makes the import fail as if the module were not installed.
    monkeypatch.setitem(sys.modules, "pencilbox.puzzles.heteromino.ledger", None)
    code, out, err = run(capsys, "ledger", "3", "3")
    assert (code, out, err) == (1, "", "pencilbox: ledger not available\n")


# -- the types' own commands -------------------------------------------------------------------


def test_help_lists_every_types_own_command():
    own = [command.name for kind in registry.kinds() for command in kind.commands()]
    assert "ledger" in own
    result = run_module("--help")
    assert result.returncode == 0
    for name in own:
        assert re.search(rf"^ +{name} ", result.stdout, re.MULTILINE), name


@pytest.mark.parametrize("name", registry.names())
def test_each_packages_commands_json_declares_its_faces_commands(name):
    # --help lists what commands.json declares; the face's commands() carry them out
    declared = {own.name: own.help for own in registry.own_commands() if own.type == name}
    assert declared == {command.name: command.help for command in registry.get(name).commands()}


def test_a_types_command_is_parsed_with_its_own_options_when_named():
    assert cli.build_parser(["ledger", "3", "4"]).parse_args(["ledger", "3", "4"]).rows == 3
    with pytest.raises(PuzzleError):  # listed only: a parser that is not asked for it has none
        cli.build_parser(["--help"]).parse_args(["ledger", "3", "4"])


def test_a_shared_command_loads_only_the_package_it_reads(capsys, monkeypatch, puzzle_file):
    # The types' own commands need every face; a shared command must not, so
    # that one broken package cannot stop the other types' commands.
    reads = formats.load(puzzle_file.read_text(encoding="utf-8"))[0].name
    for name in registry.names():
        if name != reads:
            monkeypatch.delitem(registry._loaded, name, raising=False)
            monkeypatch.setitem(sys.modules, f"pencilbox.puzzles.{name}", None)
    code, out, err = run(capsys, "show", str(puzzle_file))
    assert code == 0 and out and err == ""


# -- documentation ---------------------------------------------------------------------------


def subcommands() -> dict[str, Any]:
    parser = cli.build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return dict(action.choices)  # type: ignore[arg-type]


def test_the_package_description_names_every_type():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [kind.display_name for kind in registry.kinds()]
    assert [name for name in names if name not in project["description"]] == []


def test_every_command_and_option_is_in_the_commands_page():
    readme = COMMANDS_DOC.read_text(encoding="utf-8")
    missing = []
    for name, sub in subcommands().items():
        if not re.search(rf"pencilbox {name}\b", readme):
            missing.append(f"pencilbox {name}")
        for action in sub._actions:
            for option in action.option_strings:
                if option.startswith("--") and option != "--help" and option not in readme:
                    missing.append(f"{name} {option}")
    assert missing == []
