"""The editor in a real headless Chromium: boards of each type built by mouse
and by touch, the live verdict going from "several" to "unique", a
rule-breaking draft lit on the board, and the ambiguity view of a published
board with several answers. The server, the browser and the helpers are
``test_web_e2e``'s; screenshots go to ``test-output/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import load_data
from test_web_e2e import OUTPUT, api, browser, server
from test_web_phone import PHONE, new_tab, overflow, touch_drag

__all__ = ["browser", "server"]  # fixtures, used by name


DESKTOP = {"viewport": {"width": 1300, "height": 900}}
CELL = 48  # board.js's SVG units per cell
MARGIN = 4
VERDICT_WAIT = 30_000  # ms: a verdict waits for a warm worker on a busy machine

AMBIGUOUS = "lits/6/6/lldoa4043q6c"  # tests/data/lits/misc_urls.json: 3 or more answers
HETEROMINO_4 = load_data("heteromino/grilops.json")["heteromino"]


@pytest.fixture(params=["desktop", "phone"])
def tab(request: Any, browser: Any, server: str) -> Iterator[tuple[Any, str]]:
    context, page, errors = new_tab(
        browser, server, DESKTOP if request.param == "desktop" else PHONE
    )
    yield page, request.param
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def smallest_bank(server: str, kind: str) -> dict[str, Any]:
    entries = api(server, f"/api/bank/{kind}")["puzzles"]
    smallest = min(entries, key=lambda e: e["rows"] * e["cols"])
    payload: dict[str, Any] = api(server, f"/api/bank/{kind}/{smallest['id']}")
    return payload


def blank_suguru(rows: int, cols: int) -> dict[str, Any]:
    """The editor's blank Suguru: every cell a block of its own."""
    blocks = [[r * cols + c for c in range(cols)] for r in range(rows)]
    return {
        "puzzle": "suguru",
        "rows": rows,
        "cols": cols,
        "blocks": blocks,
        "givens": [[0] * cols] * rows,
    }


def start_blank(page: Any, kind: str, rows: int, cols: int) -> None:
    page.select_option("#type", kind)
    if not page.locator("#fold-edit").evaluate("n => n.open"):
        page.click("#fold-edit > summary")
    page.fill("#edit-rows", str(rows))
    page.fill("#edit-cols", str(cols))
    page.click("#edit-new")
    page.wait_for_selector("#edit-board svg.board")


def wait_verdict(page: Any, verdict: str) -> None:
    page.wait_for_selector(f'#verdict[data-verdict="{verdict}"]', timeout=VERDICT_WAIT)


def point(page: Any, cols: int, x: float, y: float) -> tuple[float, float]:
    """Page coordinates of board point (x, y), in cell units from the top left."""
    # the host's box: the <svg> inside is redrawn whenever a verdict arrives
    box = page.locator("#edit-board").bounding_box()
    scale = box["width"] / (cols * CELL + 2 * MARGIN)
    return box["x"] + (MARGIN + x * CELL) * scale, box["y"] + (MARGIN + y * CELL) * scale


def stroke(page: Any, how: str, points: list[tuple[float, float]]) -> None:
    """A stroke through ``points`` (page coordinates) by mouse or by finger."""
    if how == "phone":
        touch_drag(page, points)
        return
    page.mouse.move(*points[0])
    page.mouse.down()
    for x, y in points[1:]:
        page.mouse.move(x, y, steps=4)
    page.mouse.up()


def walk(cells: list[int], cols: int) -> list[int]:
    """A walk through a connected set of cells, each step to a neighbour
    (going back over cells where it must), so one stroke covers them all."""
    members = set(cells)
    path = [cells[0]]
    seen = {cells[0]}

    def visit(cell: int) -> None:
        for other in (cell - cols, cell + cols, cell - 1, cell + 1):
            same_row = abs(other - cell) != 1 or other // cols == cell // cols
            if other in members and other not in seen and same_row:
                seen.add(other)
                path.append(other)
                visit(other)
                path.append(cell)

    visit(cells[0])
    return path


def paint(page: Any, how: str, cols: int, cells: list[int]) -> None:
    centres = [point(page, cols, c % cols + 0.5, c // cols + 0.5) for c in walk(cells, cols)]
    stroke(page, how, centres)


def regions_of(labels: list[int]) -> list[list[int]]:
    found: dict[int, list[int]] = {}
    for cell, label in enumerate(labels):
        found.setdefault(label, []).append(cell)
    return list(found.values())


def border_runs(
    labels: list[int], rows: int, cols: int
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every straight run of inner border, as (start corner, end corner) in (x, y)."""
    runs = []
    for r in range(1, rows):  # horizontal lines between row r-1 and r
        c = 0
        while c < cols:
            if labels[(r - 1) * cols + c] != labels[r * cols + c]:
                start = c
                while c < cols and labels[(r - 1) * cols + c] != labels[r * cols + c]:
                    c += 1
                runs.append(((start, r), (c, r)))
            else:
                c += 1
    for c in range(1, cols):  # vertical lines between column c-1 and c
        r = 0
        while r < rows:
            if labels[r * cols + c - 1] != labels[r * cols + c]:
                start = r
                while r < rows and labels[r * cols + c - 1] != labels[r * cols + c]:
                    r += 1
                runs.append(((c, start), (c, r)))
            else:
                r += 1
    return runs


def draw_borders(page: Any, how: str, labels: list[int], rows: int, cols: int) -> None:
    page.click('#edit-tools button[data-tool="borders"]')
    for (x1, y1), (x2, y2) in border_runs(labels, rows, cols):
        steps = max(abs(x2 - x1), abs(y2 - y1))
        corners = [
            (x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps) for i in range(steps + 1)
        ]
        stroke(page, how, [point(page, cols, x, y) for x, y in corners])


def shot(page: Any, name: str) -> None:
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"editor-{name}.png"), full_page=True)


def test_lits_built_by_painting_and_by_borders(tab: tuple[Any, str], server: str) -> None:
    page, how = tab
    payload = smallest_bank(server, "lits")
    rows, cols = payload["rows"], payload["cols"]
    labels = payload["cells"]["layers"]["regions"]
    start_blank(page, "lits", rows, cols)
    assert page.inner_text("#title") == f"Editing LITS {rows}x{cols}"  # the display name
    wait_verdict(page, "several")  # one region: a tetromino anywhere
    if how == "desktop":
        page.click('#edit-tools button[data-tool="paint"]')
        for cells in regions_of(labels):
            paint(page, how, cols, cells)
    else:
        draw_borders(page, how, labels, rows, cols)
    wait_verdict(page, "unique")
    assert "grade" in page.inner_text("#verdict")
    assert page.input_value("#edit-export-url") == payload["url"]
    assert page.get_attribute("#edit-export-puzzlink", "href") == payload["url"]
    forms = page.eval_on_selector_all(
        "#edit-exports button.copy", "n => n.map(x => x.dataset.form)"
    )
    # the server's forms, and the page's link to the draft beside the URL
    assert forms == ["url", "link", "text", "json", "pzprv3", "svg"]
    assert page.input_value("#edit-export-link") == server + "?" + payload["url"].split("?", 1)[1]
    assert page.input_value("#edit-export-pzprv3").startswith("pzprv3")
    assert page.input_value("#edit-export-svg").startswith("<svg")
    assert overflow(page)[0] <= overflow(page)[1]
    shot(page, f"lits-{how}")


def test_suguru_built_with_blocks_and_givens(tab: tuple[Any, str], server: str) -> None:
    page, how = tab
    payload = smallest_bank(server, "suguru")
    rows, cols = payload["rows"], payload["cols"]
    blocks, givens = payload["cells"]["layers"]["blocks"], payload["cells"]["layers"]["givens"]
    start_blank(page, "suguru", rows, cols)
    wait_verdict(page, "none")  # every cell a block of one: 1s touch
    # the first contradiction the ladder reaches, named and lit on the board
    draft = blank_suguru(rows, cols)
    problem = api(server, "/api/verdict", {"draft": draft})["problem"]
    words = " ".join(page.inner_text("#verdict").split())
    assert words.startswith("No solution.")
    assert f"first contradiction on the untouched board: {problem['message']}" in words
    lit = page.eval_on_selector_all(
        "#edit-board .cell.error", "n => n.map(x => Number(x.dataset.cell))"
    )
    assert sorted(lit) == sorted(problem["cells"]) and lit
    page.click('#edit-tools button[data-tool="paint"]')
    for cells in regions_of(blocks):
        paint(page, how, cols, cells)
    wait_verdict(page, "several")  # blocks alone leave many answers
    # the suggested given, added with its button, leaves as many answers as it says
    suggestion = page.inner_text(".suggestion")
    leaves = re.search(r"leaves (at least )?(\d+) solution", suggestion)
    assert leaves, suggestion
    page.click("#add-suggestion")
    exact_one = leaves.group(1) is None and leaves.group(2) == "1"
    wait_verdict(page, "unique" if exact_one else "several")
    page.click("#edit-undo")
    wait_verdict(page, "several")
    page.click('#edit-tools button[data-tool="givens"]')
    for cell, digit in enumerate(givens):
        if not digit:
            continue
        x, y = point(page, cols, cell % cols + 0.5, cell // cols + 0.5)
        if how == "phone":
            page.touchscreen.tap(x, y)
            page.click(f'#edit-pad button[data-key="{digit}"]')
        else:
            page.mouse.click(x, y)
            page.keyboard.press(str(digit))
    wait_verdict(page, "unique")
    assert page.input_value("#edit-export-url") == payload["url"]
    assert overflow(page)[0] <= overflow(page)[1]
    shot(page, f"suguru-{how}")


def test_heteromino_black_cells_and_a_broken_rule(tab: tuple[Any, str], server: str) -> None:
    page, how = tab
    start_blank(page, "heteromino", 4, 4)
    wait_verdict(page, "problem")  # 16 white cells: no tromino tiling
    lit = page.eval_on_selector_all("#edit-board .cell.error", "n => n.length")
    assert lit == 16
    assert "not a multiple of 3" in page.inner_text("#verdict")
    shot(page, f"heteromino-problem-{how}")
    first, second, third, fourth = ((r * 4 + c) for r, c in HETEROMINO_4["black_cells_(row,col)"])
    # (3,1) black first: 15 white cells, several tilings
    paint(page, how, 4, [third])
    wait_verdict(page, "several")
    paint(page, how, 4, [first, second])
    wait_verdict(page, "problem")
    paint(page, how, 4, [fourth])
    wait_verdict(page, "unique")
    assert page.input_value("#edit-export-url") == HETEROMINO_4["puzzlink_url_derived"]
    # undo goes back to the broken draft, redo to the unique one
    page.click("#edit-undo")
    wait_verdict(page, "problem")
    page.click("#edit-redo")
    wait_verdict(page, "unique")
    shot(page, f"heteromino-{how}")


def test_ambiguity_view_of_a_published_board(tab: tuple[Any, str], server: str) -> None:
    page, how = tab
    page.select_option("#type", "lits")
    if not page.locator("#fold-import").evaluate("n => n.open"):
        page.click("#fold-import > summary")
    page.fill("#import-text", AMBIGUOUS)
    page.click("#import-go")
    page.wait_for_selector("#board svg.board")
    if not page.locator("#fold-edit").evaluate("n => n.open"):
        page.click("#fold-edit > summary")
    page.click("#edit-open")
    wait_verdict(page, "several")
    answer = api(
        server, "/api/verdict", {"draft": api(server, "/api/load", {"input": AMBIGUOUS})["json"]}
    )
    assert answer["verdict"] == "several"
    marked = page.eval_on_selector_all(
        "#edit-board .cell.differ", "n => n.map(x => Number(x.dataset.cell))"
    )
    assert sorted(marked) == sorted(answer["differing"]) and marked
    found = len(answer["solutions"])
    assert f"{found} solutions found" in page.inner_text("#ambiguity")
    shot(page, f"ambiguity-{how}")
    # browse: each solution's shaded cells are that answer's
    for index in range(2):
        page.click("#solution-next")
        page.wait_for_selector(f'.browse-status:has-text("solution {index + 1} of {found}")')
        shaded = page.eval_on_selector_all(
            "#edit-board .shade", "n => n.map(x => Number(x.dataset.cell))"
        )
        expected = [
            cell for cell, value in enumerate(sum(answer["solutions"][index], [])) if value == 1
        ]
        assert sorted(shaded) == expected
    shot(page, f"ambiguity-browse-{how}")
    page.click("#edit-play")
    page.wait_for_selector("#board svg.board")
    assert page.is_hidden("#editor")
