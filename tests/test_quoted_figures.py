"""No figure in the docs is typed by hand: each is quoted from the file that
measured it, a type's ``stats.json`` or a benchmark's result file
(``pencilbox.kind.quoting``), and a quote that disagrees with its file fails
here until ``scripts/quote_stats.py`` refreshes it. A type's notes quote at
least a handful of figures, and neither its notes page nor its notes template
(the web page's article) types a figure in digits or in words."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from pencilbox import registry
from pencilbox.kind.quoting import (
    QUOTE,
    disagreements,
    lookup,
    pages,
    requote,
    typed_figures,
    worded_figures,
)

ROOT = Path(__file__).resolve().parent.parent
STATS_FILES = {name: registry.get(name).stats_file() for name in registry.names()}
WRITEUP = re.compile(r"\[w:[^\]]+\]")
"""A template's quote of the write-up (as tests/test_notes_page.py reads it)."""
HANDFUL = 5
"""The fewest figures a type's notes quote: a notes page with fewer is typed by hand
(the check used to count quotes over every type together, so one type could quote none)."""

NOT_YET: set[str] = set()
"""Notes pages whose typed figures are not all quoted yet (none now); the check on them
is expected to fail, and fails when it no longer does."""


def _noted() -> list[str]:
    return [
        name
        for name in registry.names()
        if registry.get(name).stats_file() and (ROOT / "docs" / f"{name}-notes.md").is_file()
    ]


def _notes(name: str) -> str:
    return (ROOT / "docs" / f"{name}-notes.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "page", [page for page, _ in pages(ROOT, STATS_FILES)], ids=lambda p: p.name
)
def test_every_quote_is_its_files_value(page: Path) -> None:
    value = dict(pages(ROOT, STATS_FILES))[page]
    wrong = disagreements(page.read_text(encoding="utf-8"), value)
    assert not wrong, "\n".join(wrong) + "\n(python scripts/quote_stats.py refreshes them)"


@pytest.mark.parametrize("name", _noted())
def test_every_type_quotes_a_handful_of_figures(name: str) -> None:
    found = QUOTE.findall(_notes(name))
    assert len(found) >= HANDFUL, f"docs/{name}-notes.md quotes {len(found)} figures"


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="not all quoted yet"))
        if n in NOT_YET
        else n
        for n in _noted()
    ],
)
def test_notes_type_no_figure_by_hand(name: str) -> None:
    """Outside its quotes and its drawn tables (held to their result files by
    :func:`test_every_rendered_table_is_its_result_file_drawn`)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from results_file import RENDERED

    typed = typed_figures(RENDERED.sub("", _notes(name)))
    assert not typed, f"docs/{name}-notes.md types {typed}"


@pytest.mark.parametrize("name", [n for n in registry.names() if registry.get(n).notes_template()])
def test_templates_write_no_figure_in_words(name: str) -> None:
    """The digit check (tests/test_notes_page.py) finds digits outside a
    placeholder; a figure written as words would pass it."""
    template = registry.get(name).notes_template()
    assert template is not None
    ours = WRITEUP.sub("", template)  # the write-up's own words, set against ours
    assert not worded_figures(ours), (name, worded_figures(ours))


def test_figures_in_words_are_found_and_rule_counts_are_not() -> None:
    figures = [
        "regions of two to four cells",
        "roughly nine in ten partitions",
        "fewer than one cell in six",
        "about twice as slow",
        "one and a half times as fast",
        "three of the five boards",
        "a quarter of the clauses",
        "half the passes stall",
        "it took twenty seconds",
    ]
    for text in figures:
        assert worded_figures(text), text
    rules = [
        "exactly two shaded cells in one region",
        "each half of the rule",
        "every two of its cells",
        "cut by two Ls in two ways",
        'the write-up says "nine in ten"',
    ]
    for text in rules:
        assert not worded_figures(text), text


def test_typed_figures_skip_quotes_code_and_the_interval_convention() -> None:
    text = (
        "median [0.16](#stats:a.b) s, `{3: 5%}`, a 95% Wilson interval, 8x8 boards,\n"
        "the 1s and the 2s, 12 puzzles per size\n\n    pencilbox stats x --samples 0.5\n"
    )
    assert typed_figures(text) == []
    for typed in ("took 0.16 s", "71% have none", "716 of the 1,201", "0.83x the model"):
        assert typed_figures(typed), typed


def test_requote_refreshes_both_sources(tmp_path: Path) -> None:
    (tmp_path / "speed.json").write_text(
        json.dumps({"measured": {"10x10": {"median": 0.4567}}}), encoding="utf-8"
    )
    value = lookup({"a": {"n": 1234}}, tmp_path)
    text = "x [1](#stats:a.n) y [9](#bench:speed.measured.10x10.median~d2) z"
    assert requote(text, value) == (
        "x [1,234](#stats:a.n) y [0.46](#bench:speed.measured.10x10.median~d2) z"
    )
    assert disagreements(text, value) == [
        "[1] but #stats:a.n is 1,234",
        "[9] but #bench:speed.measured.10x10.median is 0.46",
    ]
    assert disagreements(requote(text, value), value) == []


def test_every_rendered_table_is_its_result_file_drawn() -> None:
    """A table marked ``<!-- rendered: NAME -->`` is the benchmark's own drawing of
    ``benchmarks/results/NAME.json`` (``scripts/quote_stats.py`` redraws it)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from results_file import RENDERED, rerender

    drawn = 0
    for page in sorted((ROOT / "docs").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        drawn += len(RENDERED.findall(text))
        assert rerender(text) == text, f"{page.name}: a rendered table is not its result file"
    assert drawn >= 1  # docs/setter-notes.md draws the grade-generation table


def test_the_setting_notes_type_no_figure_by_hand() -> None:
    """docs/setter-notes.md is no type's, but its figures are a benchmark's: its
    table is drawn from the result file and its prose quotes it."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from results_file import RENDERED

    page = (ROOT / "docs" / "setter-notes.md").read_text(encoding="utf-8")
    assert QUOTE.search(page), "the setting notes quote nothing"
    text = RENDERED.sub("", page)  # the drawn table: held to its file by the test above
    assert not typed_figures(text), f"docs/setter-notes.md types {typed_figures(text)}"


def test_a_quote_naming_nothing_is_reported(tmp_path: Path) -> None:
    value = lookup(None, tmp_path)
    text = "[1](#stats:a.n) [2](#bench:missing.x) "
    wrong = disagreements(text, value)
    assert len(wrong) == 2
    assert "no stats file" in wrong[0] and "missing.json" in wrong[1]


def test_the_ledger_page_is_its_json_rendered() -> None:
    """docs/heteromino-ledger.md is written by the ledger's program beside
    heteromino-ledger.json; every count on the page must be the JSON's, so the
    page is rendered again from the JSON and compared. The timing paragraph is
    that run's own clock (not in the JSON), so its seconds are read off the page."""
    from pencilbox.puzzles.heteromino.ledger_report import render_markdown

    published = json.loads((ROOT / "docs" / "heteromino-ledger.json").read_text("utf-8"))
    page = (ROOT / "docs" / "heteromino-ledger.md").read_text("utf-8")

    def table(nested: dict[str, dict[str, int | str]]) -> dict[tuple[int, int], int | None]:
        return {
            (int(h), int(w)): None if value == "excluded" else int(value)
            for h, row in nested.items()
            for w, value in row.items()
        }

    clock = re.findall(r"([\d.]+) s(?: wall clock)? \(([\d.]+) s CPU\)", page)
    seconds = [float(figure) for pair in clock for figure in pair]
    assert len(seconds) == 4, "the timing paragraph's form changed"
    timings = [(seconds[0], seconds[1]), (seconds[2], seconds[3])]
    share = published["bar_share_2x12"]
    rendered = render_markdown(
        table(published["counts"]),
        table(published["counts_without_same_shape_rule"]),
        timings,
        (share["bars"], share["pieces"], share["tilings"]),
    )
    assert rendered == page


def test_a_benchmark_records_its_command_date_and_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    from results_file import Recorder

    recorder = Recorder("probe", ["--seeds", "2"])
    written = recorder.write({"8x8": {"median_seconds": 0.5}}, tmp_path / "probe.json")
    record = json.loads(written.read_text(encoding="utf-8"))
    assert record["command"].endswith("--seeds 2") and record["benchmark"] == "probe"
    assert set(record["machine"]) == {"cores", "load_at_start", "load_at_end"}
    assert record["date"].endswith("UTC")
    value = lookup(None, tmp_path)
    assert requote("[0](#bench:probe.measured.8x8.median_seconds~d2)", value) == (
        "[0.50](#bench:probe.measured.8x8.median_seconds~d2)"
    )


def test_requote_can_leave_a_quote_naming_nothing(tmp_path: Path) -> None:
    """A section not measured yet must not stop the rest of a page being refreshed."""
    value = lookup({"a": {"n": 7}}, tmp_path)
    missing: list[str] = []
    text = "[1](#stats:a.n) [?](#stats:a.later)"
    assert requote(text, value, missing) == "[7](#stats:a.n) [?](#stats:a.later)"
    assert missing == ["#stats:a.later"]
    with pytest.raises(KeyError):
        requote(text, value)
