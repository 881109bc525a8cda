"""LITS holes in the editor, in Chromium, by mouse and by finger: a small
board built from blank, one cell made a hole with the Hole tool (drawn
hatched, as the player draws it), the verdict "unique", the draft's JSON
with -1 there, and the export saying in one line that the board has no URL
(nor pzprv3) form while it still offers text, JSON and SVG. A stroke that
starts on a hole gives the cell back to a region; undo makes it a hole again.
The server, the browser and the helpers are ``test_web_editor``'s.
"""

from __future__ import annotations

import json
from typing import Any

from test_web_e2e import browser, server
from test_web_editor import (
    draw_borders,
    paint,
    regions_of,
    shot,
    smallest_bank,
    start_blank,
    tab,
    wait_verdict,
)
from test_web_export import HOLED, NO_PZPRV3, NO_URL
from test_web_phone import overflow

__all__ = ["browser", "server", "tab"]  # fixtures, used by name

HOLE = 7  # HOLED's hole: row 2, column 2


def hole_cells(page: Any) -> list[int]:
    found = page.eval_on_selector_all(
        "#edit-board rect.cell.hole", "n => n.map(x => +x.dataset.cell)"
    )
    return sorted(found)


def test_lits_hole_made_in_the_editor(tab: tuple[Any, str], server: str) -> None:
    page, how = tab
    payload = smallest_bank(server, "lits")
    rows, cols = payload["rows"], payload["cols"]
    labels = payload["cells"]["layers"]["regions"]
    # the board HOLED was made from: the same regions with the hole filled in
    filled = [row[:] for row in HOLED["regions"]]
    filled[HOLE // cols][HOLE % cols] = 2
    assert [labels[r * cols : (r + 1) * cols] for r in range(rows)] == filled
    start_blank(page, "lits", rows, cols)
    wait_verdict(page, "several")
    if how == "desktop":
        page.click('#edit-tools button[data-tool="paint"]')
        for cells in regions_of(labels):
            paint(page, how, cols, cells)
    else:
        draw_borders(page, how, labels, rows, cols)
    wait_verdict(page, "unique")
    assert page.input_value("#edit-export-url") == payload["url"]
    page.click('#edit-tools button[data-tool="holes"]')
    paint(page, how, cols, [HOLE])
    page.wait_for_selector("#edit-export-note-url")  # the holed draft's verdict is in
    wait_verdict(page, "unique")
    assert hole_cells(page) == [HOLE]
    assert page.get_attribute(f'#edit-board rect.cell[data-cell="{HOLE}"]', "aria-label").endswith(
        "hole"
    )
    assert page.locator("#edit-board line.hatch").count() == 3
    assert json.loads(page.input_value("#edit-export-json")) == HOLED
    assert page.inner_text("#edit-export-note-url") == NO_URL
    assert page.inner_text("#edit-export-note-pzprv3") == NO_PZPRV3
    assert page.locator("#edit-export-puzzlink").count() == 0
    for form, enabled in (
        ("url", False),
        ("pzprv3", False),
        ("text", True),
        ("json", True),
        ("svg", True),
    ):
        assert page.is_enabled(f"#edit-export-copy-{form}") == enabled, form
    assert page.input_value("#edit-export-text").splitlines()[2].split()[1] == "."
    assert overflow(page)[0] <= overflow(page)[1]
    shot(page, f"lits-hole-{how}")
    # from the hole, the stroke gives the cell back: a region of one cell, too small
    paint(page, how, cols, [HOLE])
    wait_verdict(page, "problem")
    assert hole_cells(page) == []
    assert "has 1 cell; a region needs at least 4" in page.inner_text("#verdict")
    page.click("#edit-undo")
    wait_verdict(page, "unique")
    assert hole_cells(page) == [HOLE]
