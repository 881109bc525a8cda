"""A LITS board with holes in the page, in Chromium: loaded by its JSON form
(``/api/load``), holes drawn dark, a hole that cannot be shaded, no URL to
export and the reason shown instead. The server, the browser and the
helpers are ``test_web_e2e``'s.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from conftest import load_data
from test_web_e2e import api, board_cells, browser, import_puzzle, page, screenshot, server

__all__ = ["browser", "page", "server"]  # fixtures, used by name

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect

RECORD = next(p for p in load_data("lits/janko_holes_sample.json")["puzzles"] if p["rows"] == 9)
BOARD = {
    "puzzle": "lits",
    "rows": RECORD["rows"],
    "cols": RECORD["cols"],
    "regions": [
        [-1 if token == "@" else int(token) for token in line.split()]
        for line in RECORD["regions_verbatim"]
    ],
}
ANSWER = [[0 if t == "-" else 1 for t in line.split()] for line in RECORD["solution_verbatim"]]


def test_a_board_with_holes_loads_and_a_hole_cannot_be_shaded(page: Any, server: str) -> None:
    loaded = api(server, "/api/load", {"input": json.dumps(BOARD)})
    assert loaded["url"] == "" and "no puzz.link form" in loaded["url_note"]
    import_puzzle(page, json.dumps(BOARD))
    cols = BOARD["cols"]
    holes = [
        r * cols + c for r, row in enumerate(BOARD["regions"]) for c, v in enumerate(row) if v < 0
    ]
    assert len(holes) == 13  # the @ of the janko board
    assert board_cells(page, "rect.cell.hole") == holes
    # a tap on a hole is ignored: no shading, no dot, no move to undo
    for button in ("left", "right"):
        page.click(f'rect.cell[data-cell="{holes[0]}"]', button=button)
    assert board_cells(page, "rect.shade") == [] and board_cells(page, "circle.dot") == []
    # a region cell beside it still shades
    shaded = [r * cols + c for r, row in enumerate(ANSWER) for c, v in enumerate(row) if v]
    page.click(f'rect.cell[data-cell="{shaded[0]}"]')
    assert board_cells(page, "rect.shade") == [shaded[0]]
    # the export has no URL and says why; the text form writes holes as dots
    assert page.input_value("#export-url") == ""
    placeholder = page.get_attribute("#export-url", "placeholder")
    assert placeholder == "LITS boards with holes have no puzz.link form"
    assert page.is_disabled("#export-copy-url")
    assert "A A . B B B C C C" in page.input_value("#export-text")
    # screen readers hear it named
    label = page.get_attribute(f'rect.cell[data-cell="{holes[0]}"]', "aria-label") or ""
    assert "hole" in label, label
    # play it out: the rest of the answer, and the page calls it solved
    for cell in shaded[1:]:
        page.click(f'rect.cell[data-cell="{cell}"]')
    page.wait_for_selector("#solved-banner", state="visible")
    assert board_cells(page, "rect.shade") == shaded
    screenshot(page, "lits-holes-solved.png")
