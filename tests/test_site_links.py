"""Links to puzzles, in both builds: the page opens the puzzle its address names.

``?lits/4/4/9q02jg`` (the body of a puzz.link URL) or ``?url=<a whole URL>``
opens that board; the player's progress on it comes back from local storage;
the Export section offers the link; a bad link says so in one line and leaves
a page that works. Each test runs on the static site and on the server.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from site_support import Contexts, built_site, site, site_contexts
from test_web_e2e import board_cells, browser, server

__all__ = ["browser", "built_site", "server", "site", "site_contexts"]  # fixtures, used by name

BODY = "lits/4/4/9q02jg"
URL = f"https://puzz.link/p?{BODY}"


@pytest.fixture(params=["site", "server"])
def address(request: pytest.FixtureRequest) -> str:
    found: str = request.getfixturevalue(request.param)
    return found


@pytest.fixture
def context(site_contexts: Contexts, address: str) -> Iterator[Any]:
    """The module's browser profile, this address's local storage emptied."""
    shared = site_contexts.get({"viewport": {"width": 1300, "height": 900}})
    page = shared.new_page()
    page.goto(address + "static/site/manifest.webmanifest")
    page.evaluate("window.localStorage.clear()")
    page.close()
    yield shared
    for opened in shared.pages:
        opened.close()


def visit(context: Any, address: str) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(address)
    page.wait_for_selector("body[data-ready=true]", timeout=90_000)
    assert errors == []
    return page


@pytest.mark.parametrize("query", [f"?{BODY}", f"?url={quote(URL, safe='')}"])
def test_a_link_opens_its_board_and_progress_comes_back(
    context: Any, address: str, query: str
) -> None:
    page = visit(context, address + query)
    page.wait_for_selector('#title:has-text("LITS 4x4")')
    assert "from a link" in page.inner_text("#title")
    assert page.url == f"{address}?{BODY}"  # the address names the board, one way
    page.click('rect.cell[data-cell="5"]')
    assert board_cells(page, "rect.shade") == [5]
    again = visit(context, address + query)
    again.wait_for_selector('#title:has-text("LITS 4x4")')
    assert board_cells(again, "rect.shade") == [5]


def test_the_export_offers_the_link_and_it_opens_the_board(
    browser: Any, context: Any, address: str
) -> None:
    page = visit(context, address)
    page.fill("#import-text", URL)
    page.click("#import-go")
    page.wait_for_selector('#title:has-text("LITS 4x4")')
    page.wait_for_selector("#export-link")
    link = page.input_value("#export-link")
    assert link == f"{address}?{BODY}"
    elsewhere = browser.new_context()  # someone else: no progress, the same board
    try:
        other = visit(elsewhere, link)
        other.wait_for_selector('#title:has-text("LITS 4x4")')
        assert board_cells(other, "rect.shade") == []
    finally:
        elsewhere.close()


@pytest.mark.parametrize(
    "query", ["?lits/4/4/!!", "?url=https%3A%2F%2Fexample.org%2F", "?nosuch/3/3/a"]
)
def test_a_bad_link_says_so_in_one_line_and_the_page_still_works(
    context: Any, address: str, query: str
) -> None:
    page = visit(context, address + query)
    said = page.inner_text("#message")
    assert said.startswith("link: ") and "\n" not in said
    assert page.locator("#board .empty-note").count() == 1
    assert page.url == address  # the bad link is not kept in the address
    page.click("#bank-open")
    page.wait_for_selector("svg.board")
