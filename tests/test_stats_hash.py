"""Figures stay true to the code that made them: a hash of the code each stats
section measures (and all it imports) is stored with the section, and a change
to that code makes this test name the section to re-run
(``pencilbox.kind.sections``, ``pencilbox.kind.imports``)."""

from __future__ import annotations

import importlib
import json
import re
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
    section_modules,
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


# -- what a section's hash reaches: the import graph ---------------------------------------


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty package ``figures_probe_pkg`` on the path; write its modules into it."""
    monkeypatch.syspath_prepend(str(tmp_path))
    root = tmp_path / "figures_probe_pkg"
    root.mkdir()
    (root / "__init__.py").write_text("", encoding="utf-8")
    importlib.invalidate_caches()
    yield root
    for name in [n for n in sys.modules if n.partition(".")[0] == "figures_probe_pkg"]:
        del sys.modules[name]


def _files(root: Path, **modules: str) -> None:
    for name, text in modules.items():
        _write(root / f"{name}.py", text)


_P = "figures_probe_pkg"


def test_an_edit_below_a_module_stales_it(package: Path) -> None:
    """a imports b (relatively), b imports c (absolutely): editing c changes a's hash."""
    _files(
        package,
        a="from . import b\n\ndef run():\n    return b.twice()\n",
        b=f"from {_P}.c import one\n\ndef twice():\n    return 2 * one()\n",
        c="import math\n\ndef one():\n    return 1\n",
    )
    before = code_hash([f"{_P}.a"])
    assert {f"{_P}.a", f"{_P}.b", f"{_P}.c"} <= set(section_modules([f"{_P}.a"]))
    assert "math" not in section_modules([f"{_P}.a"])  # the standard library is not hashed
    _files(package, c="import math\n\ndef one():\n    return 3\n")
    assert code_hash([f"{_P}.a"]) != before


def test_a_relative_import_from_a_parent_package(package: Path) -> None:
    (package / "sub").mkdir()
    _write(package / "sub" / "__init__.py", "")
    _write(package / "sub" / "job.py", "from ..util import k\n\ndef job():\n    return k()\n")
    _files(package, util="def k():\n    return 1\n")
    assert f"{_P}.util" in section_modules([f"{_P}.sub.job"])
    before = code_hash([f"{_P}.sub.job:job"])
    _files(package, util="def k():\n    return 2\n")
    assert code_hash([f"{_P}.sub.job:job"]) != before


def test_an_import_inside_a_function_is_followed(package: Path) -> None:
    _files(
        package,
        a="def run():\n    from .late import value\n    return value()\n",
        late="def value():\n    return 1\n",
    )
    whole, one = code_hash([f"{_P}.a"]), code_hash([f"{_P}.a:run"])
    _files(package, late="def value():\n    return 2\n")
    assert code_hash([f"{_P}.a"]) != whole
    assert code_hash([f"{_P}.a:run"]) != one


def test_from_a_package_a_submodule_or_the_package_itself(package: Path) -> None:
    """``from pkg import sub`` is the submodule (not pkg's __init__); ``from pkg import
    name`` is pkg's __init__, which counts as imported then."""
    _write(package / "__init__.py", "from .shared import LIMIT\n")
    _files(
        package,
        shared="LIMIT = 3\n",
        sub="X = 1\n",
        takes_sub=f"from {_P} import sub\n",
        takes_name=f"from {_P} import LIMIT\n",
    )
    assert set(section_modules([f"{_P}.takes_sub"])) >= {f"{_P}.sub"}
    assert _P not in section_modules([f"{_P}.takes_sub"])
    assert {_P, f"{_P}.shared"} <= set(section_modules([f"{_P}.takes_name"]))
    before = code_hash([f"{_P}.takes_name"])
    _files(package, shared="LIMIT = 4\n")
    assert code_hash([f"{_P}.takes_name"]) != before


def test_imports_only_a_type_checker_reads_are_not_followed(package: Path) -> None:
    _files(
        package,
        a="from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import b\n",
        b="X = 1\n",
    )
    assert f"{_P}.b" not in section_modules([f"{_P}.a"])


_JOBS = """
    from . import slow
    from .fast import speed

    LIMIT = 3
    TABLE = {}
    TABLE["limit"] = LIMIT

    def _helper():
        return TABLE["limit"] + 1

    def job():
        return _helper() + speed()

    def other():
        return slow.crawl()
    """


def test_a_definition_reaches_what_it_uses_and_no_further(package: Path) -> None:
    """A job's hash holds with its siblings and their modules edited, and moves
    when a helper it calls, a constant that helper reads, or a module it uses changes."""
    _files(
        package,
        jobs=_JOBS,
        slow="def crawl():\n    return 1\n",
        fast="def speed():\n    return 1\n",
    )
    part = f"{_P}.jobs:job"
    reached = set(section_modules([part]))
    assert f"{_P}.fast" in reached and f"{_P}.slow" not in reached
    assert f"{_P}.jobs" in reached and f"{_P}.jobs" not in section_modules([part], whole=True)
    before = code_hash([part])
    _files(package, jobs=_JOBS.replace("slow.crawl()", "slow.crawl() + 1"))
    _files(package, slow="def crawl():\n    return 2\n")
    assert code_hash([part]) == before  # other() and what only it uses
    _files(package, jobs=_JOBS.replace("LIMIT = 3", "LIMIT = 4"))
    assert code_hash([part]) != before  # a constant read through TABLE
    _files(package, jobs=_JOBS.replace('TABLE["limit"] = LIMIT', 'TABLE["limit"] = 2'))
    assert code_hash([part]) != before  # a statement that changes a name it reads
    _files(package, jobs=_JOBS.replace("+ 1\n\n    def job", "+ 2\n\n    def job"))
    assert code_hash([part]) != before  # the helper it calls
    _files(package, jobs=_JOBS)
    assert code_hash([part]) == before
    _files(package, fast="def speed():\n    return 2\n")
    assert code_hash([part]) != before  # a module it uses


def test_a_star_import_is_taken_whole(package: Path) -> None:
    _files(package, jobs="from .consts import *\n\ndef job():\n    return 1\n", consts="A = 1\n")
    assert f"{_P}.consts" in section_modules([f"{_P}.jobs:job"])


def test_a_data_part_is_its_bytes(package: Path) -> None:
    _write(package / "bank.json", "[1]")
    before = code_hash([f"{_P}/bank.json"])
    _write(package / "bank.json", "[2]")
    assert code_hash([f"{_P}/bank.json"]) != before


def test_every_section_covers_the_measuring_loop_and_not_the_bookkeeping(package: Path) -> None:
    _files(package, bare="X = 1\n")
    reached = set(section_modules([f"{_P}.bare"]))
    assert {"pencilbox.kind.measuring", "pencilbox.parallel", "pencilbox.executors"} <= reached
    assert "pencilbox.kind.sections" not in reached  # choosing and stamping make no figure


_SHIPPED_REACH = {
    ("norinori", "generation"): ("cnf", "model"),
    ("lits", "rungs_on_bank"): ("tables", "state", "places"),
    ("heteromino", "bank"): ("tables", "state", "pieces"),
}
"""Modules a reviewer found left out of hand-written section lists."""


@pytest.mark.parametrize(("name", "section"), list(_SHIPPED_REACH))
def test_shipped_sections_reach_the_modules_once_left_out(name: str, section: str) -> None:
    reached = section_modules(registry.get(name).stats_sections()[section])
    package = f"pencilbox.puzzles.{name}"
    for module in _SHIPPED_REACH[name, section]:
        assert f"{package}.{module}" in reached, module


_USES = {
    "pencilbox.engine": re.compile(r"^\s*from \.+engine import", re.M),
    "pencilbox.sat.core": re.compile(r"^\s*from \.+sat\.core import", re.M),
}


@pytest.mark.parametrize("name", _measured())
def test_every_section_covers_the_engine_and_sat_where_its_code_imports_them(name: str) -> None:
    """Read independently of the graph walk: a module covered whole whose text
    imports the engine (or the SAT core) puts it in the section; and each covers
    the loop."""
    for section, parts in registry.get(name).stats_sections().items():
        reached = set(section_modules(parts))
        assert "pencilbox.kind.measuring" in reached, section
        for module in section_modules(parts, whole=True):
            spec = importlib.util.find_spec(module)
            assert spec is not None and spec.origin is not None
            text = Path(spec.origin).read_text(encoding="utf-8")
            for used, pattern in _USES.items():
                if pattern.search(text):
                    assert used in reached, f"{name} {section}: {module} imports {used}"


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
    # every type's notes quote this way (a broken pattern finds nothing); how many
    # each must quote is tests/test_quoted_figures.py's, with the benchmarks' quotes
    root = Path(__file__).resolve().parent.parent / "docs"
    noted = {name for name in _measured() if (root / f"{name}-notes.md").is_file()}
    assert {name for name, *_ in quotes} == noted
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
