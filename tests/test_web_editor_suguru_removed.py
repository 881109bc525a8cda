"""Suguru's removed cells in the editor, in Chromium, by mouse and by finger.

The smallest bank board is opened in the editor; the Remove cells tool takes
out the cell of its 5 with a tap and the cells of its 4 and 2 with one drag
down the first column. Each removed cell is drawn blanked, as the player
draws it, loses its given, and is -1 in the draft's JSON; the verdict stays
"unique", the URL carries the removed cells and the pzprv3 export says in one
line why there is none. A removed cell takes no given; a stroke that starts
on a removed cell gives the cells back as a block of their own, and undo and
redo step through it all. Played, the board shows the same cells removed.
The server, the browser and the helpers are ``test_web_editor``'s.
"""

from __future__ import annotations

import json
from typing import Any

from test_web_e2e import api, browser, server
from test_web_editor import CELL, MARGIN, paint, point, shot, tab, wait_verdict
from test_web_phone import open_bank, overflow

__all__ = ["browser", "server", "tab"]  # fixtures, used by name

REMOVED = -1
TAPPED = 4  # r1c5, the 5 of a block of five: the block keeps four cells
DRAGGED = [5, 10]  # r2c1 and r3c1, a 4 and a 2 of a block of five: it keeps three
GIVENS = {4: 5, 5: 4, 10: 2}  # the bank board's givens on those cells


def relabelled(blocks: list[int]) -> list[int]:
    """Block numbers in order of first use, as the editor numbers its blocks."""
    numbers: dict[int, int] = {}
    return [b if b == REMOVED else numbers.setdefault(b, len(numbers)) for b in blocks]


def draft_of(payload: dict[str, Any], blocks: list[int], givens: list[int]) -> dict[str, Any]:
    cols = payload["cols"]
    grid = lambda flat: [flat[r : r + cols] for r in range(0, len(flat), cols)]  # noqa: E731
    return {
        "puzzle": "suguru",
        "rows": payload["rows"],
        "cols": cols,
        "blocks": grid(relabelled(blocks)),
        "givens": grid(givens),
    }


def without(payload: dict[str, Any], cells: list[int]) -> dict[str, Any]:
    """The payload's board with ``cells`` removed, and their givens gone."""
    blocks = list(payload["cells"]["layers"]["blocks"])
    givens = list(payload["cells"]["layers"]["givens"])
    for cell in cells:
        blocks[cell], givens[cell] = REMOVED, 0
    return draft_of(payload, blocks, givens)


def removed_cells(page: Any, board: str = "#edit-board") -> list[int]:
    found = page.eval_on_selector_all(
        f"{board} rect.cell.removed", "n => n.map(x => +x.dataset.cell)"
    )
    return sorted(found)


def wait_removed(page: Any, cells: list[int]) -> None:
    """Until the draft shows exactly ``cells`` removed (the edit is drawn, so
    its verdict is on its way: an older one no longer counts)."""
    page.wait_for_function(
        "want => JSON.stringify([...document.querySelectorAll('#edit-board rect.cell.removed')]"
        ".map(x => +x.dataset.cell).sort((a, b) => a - b)) === JSON.stringify(want)",
        arg=cells,
    )


def draft_json(page: Any) -> Any:
    return json.loads(page.input_value("#edit-export-json"))


def texts(page: Any, board: str = "#edit-board") -> dict[int, str]:
    found = page.eval_on_selector_all(
        f"{board} text.digit", "n => n.map(x => [+x.dataset.cell, x.textContent])"
    )
    return dict(found)


def fill(page: Any, selector: str) -> str:
    return str(page.eval_on_selector(selector, "n => getComputedStyle(n).fill"))


def edge(page: Any, board: str, cols: int, a: int, b: int) -> str:
    """The class of the line between cells ``a`` and ``b`` (b right of or below a)."""
    x, y = MARGIN + (b % cols) * CELL, MARGIN + (b // cols) * CELL
    end = (x, y + CELL) if b == a + 1 else (x + CELL, y)
    found = page.eval_on_selector_all(
        f'{board} line[x1="{x}"][y1="{y}"][x2="{end[0]}"][y2="{end[1]}"]',
        "n => n.map(x => x.getAttribute('class'))",
    )
    assert len(found) == 1, found
    return str(found[0])


def on_screen(page: Any) -> None:
    """Bring the draft into view: a tap or a drag goes to a point on the screen,
    and on a phone a tool button's click can scroll the board's top rows away."""
    page.locator("#edit-board").scroll_into_view_if_needed()


def cross(page: Any, how: str, cols: int, cells: list[int]) -> None:
    on_screen(page)
    paint(page, how, cols, cells)


def tap(page: Any, how: str, cols: int, cell: int) -> None:
    on_screen(page)
    x, y = point(page, cols, cell % cols + 0.5, cell // cols + 0.5)
    if how == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def test_suguru_cells_removed_in_the_editor(tab: tuple[Any, str], server: str) -> None:
    page, how = tab
    entries = api(server, "/api/bank/suguru")["puzzles"]
    index = min(range(len(entries)), key=lambda i: entries[i]["rows"] * entries[i]["cols"])
    payload = open_bank(page, server, "suguru", index)
    cols = payload["cols"]
    layers = payload["cells"]["layers"]
    assert {cell: layers["givens"][cell] for cell in GIVENS} == GIVENS
    assert REMOVED not in layers["blocks"]
    tapped, dragged = without(payload, [TAPPED]), without(payload, [TAPPED, *DRAGGED])
    # what the page should reach, asked of the server directly
    for draft in (tapped, dragged):
        assert api(server, "/api/verdict", {"draft": draft})["verdict"] == "unique"
    exports = api(server, "/api/export", {"puzzle": dragged})
    assert "pzprv3" in exports["errors"] and "url" in exports["forms"]

    if not page.locator("#fold-edit").evaluate("n => n.open"):
        page.click("#fold-edit > summary")
    page.click("#edit-open")
    page.wait_for_selector("#edit-board svg.board")
    wait_verdict(page, "unique")
    assert removed_cells(page) == []
    assert texts(page)[TAPPED] == "5"
    plain_fill = fill(page, f'#edit-board rect.cell[data-cell="{TAPPED}"]')
    page.click('#edit-tools button[data-tool="removed"]')
    assert page.get_attribute('#edit-tools button[data-tool="removed"]', "aria-pressed") == "true"
    assert "remove" in page.inner_text("#edit-help")

    # a tap removes one cell, and its given with it
    cross(page, how, cols, [TAPPED])
    wait_removed(page, [TAPPED])
    wait_verdict(page, "unique")
    assert TAPPED not in texts(page)
    assert draft_json(page) == tapped
    label = page.get_attribute(f'#edit-board rect.cell[data-cell="{TAPPED}"]', "aria-label")
    assert label == "r1c5, not in the puzzle"
    removed_fill = fill(page, f'#edit-board rect.cell[data-cell="{TAPPED}"]')
    assert removed_fill != plain_fill

    # a drag removes every cell it crosses
    cross(page, how, cols, DRAGGED)
    wait_removed(page, [TAPPED, *DRAGGED])
    wait_verdict(page, "unique")
    assert not set(texts(page)) & {TAPPED, *DRAGGED}
    assert draft_json(page) == dragged
    assert page.input_value("#edit-export-url") == exports["forms"]["url"]
    assert page.inner_text("#edit-export-note-pzprv3") == exports["errors"]["pzprv3"]
    assert not page.is_enabled("#edit-export-copy-pzprv3")
    text = page.input_value("#edit-export-text").splitlines()
    assert [line.split()[0] for line in text[1:4]] == ["A", ".", "."]
    assert text[1].split()[4] == "."
    # the removed cells are one blank, walled off from the blocks beside them
    assert edge(page, "#edit-board", cols, DRAGGED[0], DRAGGED[1]) == "grid"
    assert edge(page, "#edit-board", cols, DRAGGED[0], DRAGGED[0] + 1) == "border"
    assert overflow(page)[0] <= overflow(page)[1]
    shot(page, f"suguru-removed-{how}")

    # a removed cell takes no given
    page.click('#edit-tools button[data-tool="givens"]')
    tap(page, how, cols, DRAGGED[0])
    if how == "phone":
        page.click('#edit-pad button[data-key="3"]')
    else:
        page.keyboard.press("3")
    page.wait_for_selector("#message:has-text('a removed cell takes no given')")
    assert DRAGGED[0] not in texts(page)
    assert removed_cells(page) == [TAPPED, *DRAGGED]
    page.click("#edit-undo")  # the refusal was no edit: undo takes back the drag
    wait_removed(page, [TAPPED])
    wait_verdict(page, "unique")
    page.click("#edit-redo")
    wait_removed(page, [TAPPED, *DRAGGED])
    wait_verdict(page, "unique")

    # from a removed cell, a stroke gives its cells back as one block of their own
    page.click('#edit-tools button[data-tool="removed"]')
    cross(page, how, cols, DRAGGED)
    wait_removed(page, [TAPPED])
    back = list(layers["blocks"])
    back[TAPPED] = REMOVED
    own = max(back) + 1
    for cell in DRAGGED:
        back[cell] = own
    returned = draft_of(payload, back, sum(dragged["givens"], []))
    verdict = api(server, "/api/verdict", {"draft": returned})["verdict"]
    assert verdict != "problem"  # the board reads (it has no solution): its exports show
    wait_verdict(page, verdict)
    assert not set(texts(page)) & set(DRAGGED)  # the givens stay gone
    assert draft_json(page) == returned
    page.click("#edit-undo")
    wait_removed(page, [TAPPED, *DRAGGED])
    wait_verdict(page, "unique")
    assert draft_json(page) == dragged

    # played, the board has the same cells removed, drawn as in the draft
    page.click("#edit-play")
    page.wait_for_selector("#board svg.board")
    assert removed_cells(page, "#board") == [TAPPED, *DRAGGED]
    assert fill(page, f'#board rect.cell[data-cell="{TAPPED}"]') == removed_fill
    assert not set(texts(page, "#board")) & {TAPPED, *DRAGGED}
    assert edge(page, "#board", cols, DRAGGED[0], DRAGGED[1]) == "grid"
    assert edge(page, "#board", cols, DRAGGED[0], DRAGGED[0] + 1) == "border"
