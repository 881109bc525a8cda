"""The static site reads every form a setter pastes, and draws its notes pages.

Import takes a puzz.link URL, the text form, JSON, a pzprv3 file and a
janko.at board (``tests/data/janko``, see its README), each read by
pencilbox in the page's Web Worker; the board opened is the one the server
reads from the same text. The notes pages draw their articles and charts
from the pre-rendered figures, Python not needed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import load_data
from pencilbox import formats, registry
from site_support import built_site, reference, site
from test_web_e2e import browser

__all__ = ["browser", "built_site", "site"]  # fixtures, used by name


@pytest.fixture(scope="module")
def page(browser: Any, site: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.set_default_timeout(90_000)
    tab.goto(site)
    tab.wait_for_selector("body[data-ready=true]")
    yield tab
    context.close()
    assert errors == []


def janko_text() -> str:
    record = load_data("janko/lits_sample.json")["puzzles"][0]
    size = f"{record['rows']} {record['cols']}"
    lines = record.get("problem_verbatim") or record["regions_verbatim"]
    return "\n".join(["janko lits", size, *lines])


def every_form() -> list[tuple[str, str]]:
    forms = []
    for name in registry.names():
        kind = registry.get(name)
        record = min(kind.bank(), key=lambda r: (r["rows"] * r["cols"], r["id"]))
        _, puzzle = formats.load_object(record["json"])
        forms += [
            (f"{name}-url", record["url"]),
            (f"{name}-text", kind.format_text(puzzle)),
            (f"{name}-json", json.dumps(record["json"])),
            (f"{name}-pzprv3", formats.dump(kind, puzzle, "pzprv3")),
        ]
    forms.append(("lits-janko", janko_text()))
    return forms


@pytest.mark.parametrize(("name", "text"), every_form(), ids=[f[0] for f in every_form()])
def test_import_reads_every_form_in_the_page(page: Any, name: str, text: str) -> None:
    expected = reference("/api/load", {"input": text})
    if not page.locator("#fold-import").evaluate("n => n.open"):
        page.click("#fold-import > summary")
    page.fill("#import-text", text)
    page.click("#import-go")
    title = f"{expected['display_name']} {expected['rows']}x{expected['cols']} · imported"
    page.wait_for_function("t => document.querySelector('#title').textContent === t", arg=title)
    if not page.locator("#fold-export").evaluate("n => n.open"):
        page.click("#fold-export > summary")
    page.wait_for_selector("#export-svg")
    assert json.loads(page.input_value("#export-json")) == expected["json"]
    assert page.locator("rect.cell").count() == expected["rows"] * expected["cols"]


def test_a_form_that_does_not_read_says_why_in_one_line(page: Any) -> None:
    page.fill("#import-text", "janko lits\n2 x\n")
    page.click("#import-go")
    page.wait_for_function(
        "() => document.querySelector('#message').textContent.startsWith('import failed')"
    )
    said = page.inner_text("#message")
    assert "line 2" in said and "\n" not in said


@pytest.mark.parametrize("name", [n for n in registry.names() if registry.get(n).stats_file()])
def test_the_notes_page_draws_its_article_and_charts(browser: Any, site: str, name: str) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    try:
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(f"{site}notes.html?type={name}")
        tab.wait_for_selector("body[data-ready=true]")
        assert tab.inner_text("#notes-title") == f"Notes on {registry.get(name).display_name}"
        assert tab.locator("#notes table").count() > 0  # every figure, as tables
        if registry.get(name).notes_template():
            assert tab.locator("#article p").count() > 3
            assert tab.locator("#article svg").count() > 0  # the charts
        # nothing here needs Python: the page never starts a worker
        assert tab.evaluate("document.body.dataset.solver") in ("loading", None)
        assert errors == []
    finally:
        context.close()


def test_generate_aimed_at_a_grade_in_the_page(page: Any) -> None:
    name = "norinori"
    page.select_option("#type", name)
    grades = page.eval_on_selector_all("#gen-grade option", "n => n.map(o => o.value)")
    assert grades == ["", *registry.get(name).ladder.names, "search"]
    if not page.locator("#fold-generate").evaluate("n => n.open"):
        page.click("#fold-generate > summary")
    page.fill("#gen-rows", "6")
    page.fill("#gen-cols", "6")
    page.select_option("#gen-grade", "person")
    page.click("#gen-go")
    page.wait_for_function(
        "() => document.querySelector('#gen-status').textContent.startsWith('Made in')"
    )
    said = page.inner_text("#gen-status")
    assert ": grade person, seed " in said
    assert "Norinori 6x6 · generated, person" in page.inner_text("#title")
