"""Regression tests for the page's side of issue 13's defects, in Chromium.

Each test names its defect; each failed on the page as it stood before the
fix. The server, the browser and the helpers are ``test_web_e2e``'s.
"""

from __future__ import annotations

from typing import Any

import pytest

from pencilbox import registry
from test_web_e2e import (
    ABIGAIL_URL,
    HETEROMINO_URL,
    LITS_URL,
    api,
    board_cells,
    browser,
    import_puzzle,
    page,
    server,
)

__all__ = ["browser", "page", "server"]  # fixtures, used by name

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect


def open_bank(page: Any, server: str, kind: str, wanted: str) -> dict[str, Any]:
    page.select_option("#type", kind)
    # The list is this type's once it holds its whole bank: another type's bank
    # may have an entry of the same id (8x8-02), and opening that one races
    # with the new list replacing it.
    expect(page.locator("#bank-list option")).to_have_count(len(registry.get(kind).bank()))
    page.select_option("#bank-list", wanted)
    page.click("#bank-open")
    page.wait_for_selector(f'#title:has-text("bank {wanted}")')
    payload: dict[str, Any] = api(server, f"/api/bank/{kind}/{wanted}")
    return payload


def clash(page: Any) -> None:
    """Two 1s touching (cells 0 and 5 of the Abigail board), checked: a broken rule."""
    page.click('rect[data-cell="0"]')
    page.keyboard.press("1")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("1")
    page.click("#check")
    expect(page.locator("#message")).to_contain_text("broken")


def test_defect_1_undo_clear_and_rung_view_clear_a_stale_message(page: Any) -> None:
    import_puzzle(page, ABIGAIL_URL)
    clash(page)
    page.click("#undo")
    expect(page.locator("#message")).to_have_text("")
    clash(page)
    page.click("#restart")
    expect(page.locator("#message")).to_have_text("")
    clash(page)
    page.select_option("#rung-select", index=1)
    expect(page.locator("#rung-note")).not_to_have_text("Working…")
    expect(page.locator("#message")).to_have_text("")


def test_defect_2_the_open_count_counts_open_cells(page: Any, server: str) -> None:
    """LITS 8x8-02 with three cells shaded (all right) is 61 cells still open, not 11."""
    payload = open_bank(page, server, "lits", "8x8-02")
    solution = api(server, "/api/solve", {"puzzle": payload["json"]})["solutions"][0]
    cols = payload["cols"]
    shaded = [r * cols + c for r, row in enumerate(solution) for c, v in enumerate(row) if v]
    for cell in shaded[:3]:
        page.click(f'rect.cell[data-cell="{cell}"]')
    page.click("#check")
    expect(page.locator("#message")).to_have_text("No broken rules so far; 61 cells still open.")


def test_defect_6_keys_on_a_focused_control_leave_the_board_alone(page: Any) -> None:
    import_puzzle(page, LITS_URL)
    page.focus("#board")
    page.keyboard.press("ArrowRight")  # cell 1 selected
    page.focus("#check")
    page.keyboard.press("Enter")  # presses Check, and shades nothing
    expect(page.locator("#message")).to_contain_text("No broken rules")
    assert board_cells(page, "rect.shade") == []
    # a mouse click on Auto-check hands the board its keys back
    page.click("#auto-check")
    page.keyboard.press("ArrowRight")  # cell 2
    page.keyboard.press(" ")
    assert board_cells(page, "rect.shade") == [2]


@pytest.mark.parametrize(
    ("url", "words"), [(LITS_URL, "Tap a cell"), (HETEROMINO_URL, "Cut an edge")]
)
def test_defect_8_the_rung_note_speaks_of_the_types_own_moves(
    page: Any, url: str, words: str
) -> None:
    import_puzzle(page, url)
    page.select_option("#rung-select", index=1)
    expect(page.locator("#rung-note")).to_contain_text(words)
    assert "Type a digit" not in page.inner_text("#rung-note")


def test_defect_9_no_timer_without_a_puzzle(page: Any) -> None:
    assert page.text_content("#timer") == ""
    page.wait_for_timeout(1200)
    assert page.text_content("#timer") == ""
    import_puzzle(page, ABIGAIL_URL)
    expect(page.locator("#timer")).to_have_text("0:01", timeout=3000)


def test_defect_9_one_cell_is_singular(page: Any, server: str) -> None:
    import_puzzle(page, ABIGAIL_URL)
    puzzle = api(server, "/api/load", {"input": ABIGAIL_URL})["json"]
    solution = api(server, "/api/solve", {"puzzle": puzzle})["solutions"][0]
    givens = [g for row in puzzle["givens"] for g in row]
    cols = len(puzzle["givens"][0])
    open_cells = [c for c, g in enumerate(givens) if not g]
    for cell in open_cells[:-1]:
        page.click(f'rect[data-cell="{cell}"]')
        page.keyboard.press(str(solution[cell // cols][cell % cols]))
    page.click("#check")
    expect(page.locator("#message")).to_have_text("No broken rules so far; 1 cell still open.")


def test_defect_9_hint_cannot_be_sent_while_one_is_pending(page: Any) -> None:
    import_puzzle(page, ABIGAIL_URL)
    held: list[Any] = []
    page.route("**/api/hint", lambda route: held.append(route))
    page.click("#hint")
    expect(page.locator("#hint")).to_be_disabled()
    page.wait_for_timeout(200)
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_selector("#hint-panel .rule")
    expect(page.locator("#hint")).to_be_enabled()


def test_defect_4_a_wrong_cut_is_the_mistake_hint_and_check_report(page: Any, server: str) -> None:
    """A cut inside an answer's piece is reported at once, by Hint and by Check,
    before it closes any piece of three: the page sends its cuts beside the grid
    and the server names the wrong one (the page no longer solves for itself)."""
    posted: list[str] = []
    page.on("request", lambda request: posted.append(request.url.split("/api/")[-1]))
    import_puzzle(page, HETEROMINO_URL)
    puzzle = api(server, "/api/load", {"input": HETEROMINO_URL})["json"]
    solution = api(server, "/api/solve", {"puzzle": puzzle})["solutions"][0]
    black = [b for row in puzzle["black"] for b in row]
    pieces = [n for row in solution for n in row]
    cols = puzzle["cols"]
    cell = next(
        c
        for c in range(len(pieces) - 1)
        if c % cols + 1 < cols and not black[c] and not black[c + 1] and pieces[c] == pieces[c + 1]
    )
    page.click(f'rect.edge-hit[data-edge="{cell}:1"]')
    assert page.locator("rect.shade.piece").count() == 0  # no piece closed yet
    page.click("#hint")
    page.wait_for_selector("#hint-panel .rule")
    assert page.locator("#hint-panel .rule").all_inner_texts() == ["wrong-cut"]
    row, col = divmod(cell, cols)
    words = f"the cut between r{row + 1}c{col + 1} and r{row + 1}c{col + 2} is wrong"
    assert words in page.inner_text("#hint-panel")
    assert board_cells(page, "rect.cell.error") == [cell, cell + 1]
    page.click("#check")
    expect(page.locator("#message")).to_contain_text(words)
    assert board_cells(page, "rect.cell.error") == [cell, cell + 1]
    assert "solve" not in posted
    # a right cut is no mistake: the hint goes on to a next step
    page.click(f'rect.edge-hit[data-edge="{cell}:1"]')
    page.click("#hint")
    page.wait_for_selector("#hint-panel .rule")
    assert "wrong-cut" not in page.locator("#hint-panel .rule").all_inner_texts()
