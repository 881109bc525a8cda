"""Figures stay true to the code that made them: a hash of the code each stats
section measures is stored with the section, and a change to that code makes
this test name the section to re-run (``pencilbox.kind.sections``)."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from pencilbox import registry
from pencilbox.cli import main
from pencilbox.errors import PuzzleError
from pencilbox.kind.sections import (
    QUOTE,
    choose,
    code_hash,
    previous,
    quoted,
    requote,
    resolve,
    stale,
    stamp,
)


def _shipped(name: str) -> dict[str, Any]:
    path = registry.get(name).stats_file()
    assert path is not None
    found: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return found


def _measured() -> list[str]:
    return [n for n in registry.names() if registry.get(n).stats_file() is not None]


@pytest.mark.parametrize("name", _measured())
def test_every_shipped_section_was_measured_by_the_code_there_now(name: str) -> None:
    declared = registry.get(name).stats_sections()
    assert declared, f"{name} ships stats.json but declares no sections"
    report = _shipped(name)
    missing = [section for section in declared if section not in report]
    assert not missing, f"{name}: stats.json lacks {missing}"
    old = stale(report, declared)
    assert not old, (
        f"{name}: the code behind {', '.join(old)} changed since it was measured; re-run "
        + "; ".join(f"pencilbox stats {name} --only {section}" for section in old)
    )


@pytest.mark.parametrize("name", _measured())
def test_every_declared_part_exists(name: str) -> None:
    """A misspelt module or name would hash nothing; code_hash refuses it instead."""
    for parts in registry.get(name).stats_sections().values():
        assert len(code_hash(parts)) == 16


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    path = tmp_path / "figures_probe_mod.py"
    yield path
    sys.modules.pop("figures_probe_mod", None)


def _write(path: Path, text: str) -> None:
    path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_prose_leaves_the_hash_and_code_changes_it(module: Path) -> None:
    _write(module, 'def a():\n    """Once."""\n    return 1\n\nLIMIT = 5\n"""the limit"""\n')
    whole, one = code_hash(["figures_probe_mod"]), code_hash(["figures_probe_mod:a"])
    limit = code_hash(["figures_probe_mod:LIMIT"])
    # Docstrings, comments and layout are not code.
    _write(module, 'def a():  # why\n    """Twice, longer."""\n\n    return 1\n\nLIMIT = 5\n')
    assert (code_hash(["figures_probe_mod"]), code_hash(["figures_probe_mod:a"])) == (whole, one)
    # A changed constant stales the constant and the module, not the function.
    _write(module, "def a():\n    return 1\n\nLIMIT = 6\n")
    assert code_hash(["figures_probe_mod:a"]) == one
    assert code_hash(["figures_probe_mod:LIMIT"]) != limit
    assert code_hash(["figures_probe_mod"]) != whole
    _write(module, "def a():\n    return 2\n\nLIMIT = 6\n")
    assert code_hash(["figures_probe_mod:a"]) != one


def test_a_name_the_module_lacks_is_refused(module: Path) -> None:
    _write(module, "X = 1\n")
    with pytest.raises(ValueError, match="does not define"):
        code_hash(["figures_probe_mod:missing"])
    with pytest.raises(ValueError, match="no source"):
        code_hash(["figures_probe_mod_absent"])


def test_stale_names_exactly_the_changed_section(module: Path) -> None:
    _write(module, "def a():\n    return 1\n\ndef b():\n    return 1\n")
    declared = {"first": ["figures_probe_mod:a"], "second": ["figures_probe_mod:b"]}
    report: dict[str, Any] = {"first": {}, "second": {}}
    stamp(report, ["first", "second"], declared)
    assert stale(report, declared) == []
    _write(module, "def a():\n    return 1\n\ndef b():\n    return 3\n")
    assert stale(report, declared) == ["second"]
    stamp(report, ["second"], declared)
    assert stale(report, declared) == []


def test_choose_checks_the_names() -> None:
    declared = {"a": ["x"], "b": ["y"]}
    assert choose(declared, None) == ("a", "b")
    assert choose(declared, ["b", "b"]) == ("b",)
    with pytest.raises(PuzzleError, match="no stats section c; choose from a, b"):
        choose(declared, ["a", "c"])


def test_previous_keeps_a_file_and_starts_afresh_without_one(tmp_path: Path) -> None:
    declared = {"a": ["x"], "b": ["y"]}
    out = tmp_path / "stats.json"
    assert previous(out, ("a",), declared) == {}
    out.write_text('{"b": 1}', encoding="utf-8")
    assert previous(out, ("a",), declared) == {"b": 1}
    assert previous(out, ("a", "b"), declared) == {}
    out.write_text("{not json", encoding="utf-8")
    with pytest.raises(PuzzleError, match="stats.json"):
        previous(out, ("a",), declared)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    printed = capsys.readouterr()
    return code, printed.out, printed.err


@pytest.mark.parametrize("name", _measured())
def test_only_an_unknown_section_is_one_line_and_measures_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    out = tmp_path / "stats.json"
    code, printed, err = _run(capsys, "stats", name, "--only", "nonsense", "--out", str(out))
    assert (code, printed) != (0, "") and code != 0
    assert len(err.splitlines()) == 1 and "nonsense" in err and "choose from" in err
    assert not out.exists()


def test_only_one_section_into_a_missing_file_then_beside_the_rest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """LITS's enumeration is instant: measured into a new file, then into a copy of
    the shipped file, whose other sections (and their stamps) stay as they were."""
    out = tmp_path / "new" / "stats.json"
    out.parent.mkdir()
    code, printed, err = _run(capsys, "stats", "lits", "--only", "enumeration", "--out", str(out))
    assert code == 0, err
    assert "does not exist yet" in printed
    fresh = json.loads(out.read_text(encoding="utf-8"))
    assert fresh["enumeration"]["connected_4_subsets"] == 228
    assert set(fresh["code"]) == {"enumeration"} and "partitions" not in fresh
    shipped = _shipped("lits")
    copy = tmp_path / "copy.json"
    copy.write_text(json.dumps(shipped), encoding="utf-8")
    code, _, err = _run(capsys, "stats", "lits", "--only", "enumeration", "--out", str(copy))
    assert code == 0, err
    again = json.loads(copy.read_text(encoding="utf-8"))
    for section in registry.get("lits").stats_sections():
        assert again[section] == shipped[section], section
        assert again["code"][section] == shipped["code"][section], section
    assert again["section_seconds"]["partitions"] == shipped["section_seconds"]["partitions"]


def test_only_on_a_file_that_is_not_json_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "stats.json"
    out.write_text("[1, 2", encoding="utf-8")
    code, printed, err = _run(capsys, "stats", "lits", "--only", "enumeration", "--out", str(out))
    assert code != 0 and printed == ""
    assert len(err.splitlines()) == 1 and str(out) in err
    assert out.read_text(encoding="utf-8") == "[1, 2"


# -- figures quoted in docs/<type>-notes.md --------------------------------------------------


def _quotes() -> list[tuple[str, str, str, str | None]]:
    root = Path(__file__).resolve().parent.parent / "docs"
    found = []
    for name in _measured():
        path = root / f"{name}-notes.md"
        if path.is_file():
            for match in QUOTE.finditer(path.read_text(encoding="utf-8")):
                found.append((name, match[1], match[2], match[3]))
    return found


def test_docs_quote_their_figures_from_the_stats_file() -> None:
    """A figure in the notes written ``[66.3%](#stats:density.by_size.10x10.backtrack.mean~pct1)``
    is the stats file's value at that path, so re-measuring shows every stale quote."""
    quotes = _quotes()
    assert len(quotes) >= 20  # the notes do quote this way; a broken pattern finds nothing
    wrong = []
    for name, text, path, fmt in quotes:
        try:
            value = resolve(_shipped(name), path)
        except (KeyError, StopIteration, TypeError, ValueError):
            wrong.append(f"{name}: {path} is not in stats.json")
            continue
        if text != quoted(value, fmt):
            wrong.append(f"{name}: [{text}] but {path} is {quoted(value, fmt)}")
    assert not wrong, "\n".join(wrong) + "\n(python scripts/quote_stats.py refreshes them)"


def test_requote_refreshes_a_figure_and_keeps_the_rest() -> None:
    report = {"a": {"b c": 0.4567, "n": 1234}, "rows": [{"k": 2, "v": 5}]}
    text = "x [1%](#stats:a.b%20c~pct1) y [9](#stats:a.n) [0](#stats:rows.k=2.v) z"
    assert requote(text, report) == (
        "x [45.7%](#stats:a.b%20c~pct1) y [1,234](#stats:a.n) [5](#stats:rows.k=2.v) z"
    )
