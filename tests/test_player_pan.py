"""Panning a Heteromino board wider than a phone with one finger (390x844,
touch, in Chromium): a stroke draws pieces, so "Pan the board" switches one
finger to moving the board inside its box; the page itself never scrolls
sideways, and taps still cut edges while panning."""

from __future__ import annotations

from typing import Any

import pytest

from test_web_e2e import ABIGAIL_URL, HETEROMINO_URL, OUTPUT, browser, server
from test_web_phone import overflow, phone

__all__ = ["browser", "phone", "server"]  # fixtures, used by name

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect

ROWS, COLS = 6, 21  # 21 columns of at least 28 px: wider than a 390 px screen
WIDE = f"heteromino {ROWS}x{COLS}\n" + "\n".join("." * COLS for _ in range(ROWS)) + "\n"


def open_import(tab: Any, text: str) -> None:
    if not tab.locator("#fold-import").evaluate("n => n.open"):
        tab.click("#fold-import > summary")
    tab.fill("#import-text", text)
    tab.click("#import-go")
    tab.wait_for_selector("svg.board")


def swipe(tab: Any, dx: int) -> None:
    """One finger from the board's middle right, moved ``dx`` px sideways in steps:
    real touch input, so the browser decides whether it pans or the page draws."""
    box = tab.locator("#board").bounding_box()
    x, y = box["x"] + box["width"] * 0.75, box["y"] + box["height"] / 2
    cdp = tab.context.new_cdp_session(tab)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 13):
        point = {"x": x + dx * step / 12, "y": y}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    tab.wait_for_timeout(700)  # the gesture settles (a tap right after may read as a double tap)


def scrolled(tab: Any) -> tuple[int, int]:
    """How far the board's box is scrolled sideways, and the page."""
    left, page_x = tab.evaluate("[document.querySelector('#board').scrollLeft, window.scrollX]")
    return int(left), int(page_x)


def test_one_finger_pans_a_wide_board_only_in_pan_mode(phone: Any) -> None:
    open_import(phone, WIDE)
    sizes = phone.evaluate(
        "(n => [n.scrollWidth, n.clientWidth])(document.querySelector('#board'))"
    )
    assert sizes[0] > sizes[1] + 100, f"the board should be wider than its box: {sizes}"
    pan = phone.locator("#pan")
    expect(pan).to_be_visible()
    expect(pan).to_have_attribute("aria-pressed", "false")
    # drawing mode: a one-finger stroke is the page's (it would draw), the board stays put
    swipe(phone, -200)
    assert scrolled(phone) == (0, 0)
    # pan mode: the same stroke moves the board inside its box, and draws nothing
    pan.tap()
    expect(pan).to_have_attribute("aria-pressed", "true")
    swipe(phone, -200)
    left, page_x = scrolled(phone)
    assert left > 50 and page_x == 0
    assert phone.locator("rect.shade.piece").count() == 0
    width, inner = overflow(phone)
    assert width <= inner, f"the page scrolls sideways: {width} > {inner}"
    # a tap still cuts an edge while panning
    edge = phone.locator("rect.edge-hit").nth(COLS)
    edge.scroll_into_view_if_needed()
    edge.tap()
    expect(phone.locator("line.cut")).to_have_count(1)
    phone.screenshot(path=str(OUTPUT / "phone-pan.png"))
    # back to drawing: a stroke draws again instead of panning
    pan.tap()
    expect(pan).to_have_attribute("aria-pressed", "false")
    before = scrolled(phone)
    swipe(phone, 150)
    assert scrolled(phone) == before
    assert overflow(phone)[0] <= overflow(phone)[1]


def test_no_pan_toggle_where_a_finger_needs_none(phone: Any) -> None:
    """Suguru reads no strokes, so a finger already pans its board; a Heteromino
    board that fits the screen has nothing to pan: neither offers the toggle."""
    open_import(phone, ABIGAIL_URL)
    expect(phone.locator("#pan")).to_be_hidden()
    open_import(phone, HETEROMINO_URL)
    sizes = phone.evaluate(
        "(n => [n.scrollWidth, n.clientWidth])(document.querySelector('#board'))"
    )
    assert sizes[0] <= sizes[1]
    expect(phone.locator("#pan")).to_be_hidden()
