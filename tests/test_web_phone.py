"""The web app on a phone (390x844, touch), a tablet and a desktop, in Chromium.

Each type's bank puzzle is played to "Solved" by taps alone, as a person with
a phone would: Suguru on the digit pad, LITS by tapping cells, Heteromino by
tapping edges and by dragging a piece across its three cells. No screen size
scrolls sideways. The server, the browser and the helpers are
``test_web_e2e``'s; screenshots go to ``test-output/``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from test_web_e2e import OUTPUT, api, board_cells, browser, heteromino_cuts, server

__all__ = ["browser", "server"]  # fixtures, used by name

playwright_api = pytest.importorskip("playwright.sync_api")

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SIZES: dict[str, dict[str, Any]] = {
    "phone": PHONE,
    "tablet": {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1300, "height": 900}},
}
KINDS = ["suguru", "lits", "heteromino"]


def new_tab(browser: Any, server: str, options: dict[str, Any]) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(**options)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(server)
    tab.wait_for_selector("body[data-ready=true]")
    return context, tab, errors


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Any]:
    context, tab, errors = new_tab(browser, server, PHONE)
    yield tab
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def overflow(tab: Any) -> tuple[int, int]:
    width, inner = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    return int(width), int(inner)


def open_bank(tab: Any, server: str, kind: str, index: int = 0) -> dict[str, Any]:
    """Open the kind's bank puzzle number ``index`` with taps; returns its payload."""
    entries = api(server, f"/api/bank/{kind}")["puzzles"]
    wanted = entries[index]["id"]
    if tab.input_value("#type") != kind:
        tab.select_option("#type", kind)
    if not tab.locator("#fold-bank").evaluate("n => n.open"):
        tab.click("#fold-bank > summary")
    # The list is this type's once it holds its whole bank (another type's may
    # share the id, and opening that races with the new list replacing it).
    tab.wait_for_function(
        "n => document.querySelectorAll('#bank-list option').length === n", arg=len(entries)
    )
    tab.select_option("#bank-list", wanted)
    tab.click("#bank-open")
    tab.wait_for_selector(f'#title:has-text("bank {wanted}")')
    payload: dict[str, Any] = api(server, f"/api/bank/{kind}/{wanted}")
    return payload


def solution_of(server: str, payload: dict[str, Any]) -> list[list[int]]:
    answer = api(server, "/api/solve", {"puzzle": payload["json"]})
    assert answer["unique"] is True
    solution: list[list[int]] = answer["solutions"][0]
    return solution


def play_suguru(tab: Any, payload: dict[str, Any], solution: list[list[int]]) -> None:
    cols = payload["cols"]
    givens = payload["cells"]["layers"]["givens"]
    blocks = payload["cells"]["layers"]["blocks"]
    largest = max(blocks.count(b) for b in set(blocks) if b != -1)
    pad = tab.eval_on_selector_all("#pad button", "n => n.map(x => x.dataset.key)")
    assert pad == [str(d) for d in range(1, largest + 1)] + ["Backspace"]
    for cell in (c for c in range(len(givens)) if not givens[c] and blocks[c] != -1):
        tab.tap(f'rect.cell[data-cell="{cell}"]')
        tab.tap(f'#pad button[data-key="{solution[cell // cols][cell % cols]}"]')


def play_lits(tab: Any, payload: dict[str, Any], solution: list[list[int]]) -> None:
    cols = payload["cols"]
    for cell in (r * cols + c for r, row in enumerate(solution) for c, v in enumerate(row) if v):
        tab.tap(f'rect.cell[data-cell="{cell}"]')


def play_heteromino(tab: Any, payload: dict[str, Any], solution: list[list[int]]) -> None:
    black = payload["cells"]["layers"]["black"]
    for edge in heteromino_cuts(solution, black, payload["cols"]):
        tab.tap(f'rect.edge-hit[data-edge="{edge}"]')


PLAY = {"suguru": play_suguru, "lits": play_lits, "heteromino": play_heteromino}


@pytest.mark.parametrize("kind", KINDS)
def test_phone_plays_a_bank_puzzle_by_taps(phone: Any, server: str, kind: str) -> None:
    payload = open_bank(phone, server, kind)
    # the choosing sections folded away once the puzzle opened; the board fills the width
    assert not phone.locator("#fold-bank").evaluate("n => n.open")
    box = phone.locator("svg.board").bounding_box()
    assert box["width"] >= 390 - 40 and box["width"] / payload["cols"] >= 28
    solution = solution_of(server, payload)
    PLAY[kind](phone, payload, solution)
    phone.wait_for_selector("#solved-banner", state="visible")
    assert "Solved!" in phone.inner_text("#message")
    width, inner = overflow(phone)
    assert width <= inner, f"the page is {width} px wide on a {inner} px screen"
    OUTPUT.mkdir(exist_ok=True)
    phone.screenshot(path=str(OUTPUT / f"phone-{kind}-solved.png"), full_page=True)


def test_phone_pencil_marks_on_the_pad(phone: Any, server: str) -> None:
    payload = open_bank(phone, server, "suguru")
    givens = payload["cells"]["layers"]["givens"]
    cell = next(c for c, g in enumerate(givens) if not g)
    phone.tap(f'rect.cell[data-cell="{cell}"]')
    phone.tap("#pencil")
    phone.tap('#pad button[data-key="1"]')
    phone.tap('#pad button[data-key="2"]')
    assert phone.locator("svg.board text.mark").all_text_contents() == ["1", "2"]
    phone.tap("#pencil")
    phone.tap('#pad button[data-key="2"]')
    assert phone.locator("svg.board text.entry").all_text_contents() == ["2"]
    phone.tap('#pad button[data-key="Backspace"]')
    assert phone.locator("svg.board text.entry").count() == 0


def test_phone_lits_tap_cycles_shaded_dot_empty(phone: Any, server: str) -> None:
    open_bank(phone, server, "lits")
    cell = 'rect.cell[data-cell="0"]'
    phone.tap(cell)
    assert board_cells(phone, "rect.shade") == [0] and board_cells(phone, "circle.dot") == []
    phone.tap(cell)
    assert board_cells(phone, "rect.shade") == [] and board_cells(phone, "circle.dot") == [0]
    phone.tap(cell)
    assert board_cells(phone, "rect.shade") == [] and board_cells(phone, "circle.dot") == []


STEP_S = 0.05
"""Seconds a finger takes from one point of a stroke to the next."""

REST_S = 0.2
"""Seconds the finger rests on a stroke's last point before it lifts."""


def touch_drag(tab: Any, points: list[tuple[float, float]]) -> None:
    """One finger down at the first point, through the others, up at the last,
    where it rests before lifting, as a person ends a stroke on a cell.

    Each touch event carries its time: sent as fast as CDP takes them, the
    finger would leave the screen at thousands of px/s, and Chromium reads that
    as a fling. The fling scrolls nothing (the board's touch-action is none),
    so the page cannot see it, but it stays active in the browser until it
    decays; the next tap cancels it, and Chromium makes no click of a tap that
    stops a fling. The times are in the past, so that later input comes after.
    """
    session = tab.context.new_cdp_session(tab)
    first, *rest = points
    start = time.time() - STEP_S * len(rest) - REST_S

    def send(kind: str, at: float, where: tuple[float, float] | None) -> None:
        touches = [] if where is None else [{"x": where[0], "y": where[1]}]
        session.send(
            "Input.dispatchTouchEvent", {"type": kind, "touchPoints": touches, "timestamp": at}
        )

    send("touchStart", start, first)
    for step, point in enumerate(rest, start=1):
        send("touchMove", start + STEP_S * step, point)
    send("touchEnd", start + STEP_S * len(rest) + REST_S, None)


def test_phone_heteromino_draws_a_piece_by_dragging(phone: Any, server: str) -> None:
    payload = open_bank(phone, server, "heteromino")
    cols = payload["cols"]
    black = payload["cells"]["layers"]["black"]
    solution = solution_of(server, payload)
    pieces = [n for row in solution for n in row]
    start = next(c for c in range(len(pieces)) if not black[c])
    piece = [c for c in range(len(pieces)) if pieces[c] == pieces[start] and not black[c]]
    assert len(piece) == 3

    def centre(cell: int) -> tuple[float, float]:
        box = phone.locator(f'rect.cell[data-cell="{cell}"]').bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    # the finger goes end, middle, end (the middle cell touches both others)
    def apart(a: int, b: int) -> int:
        return int(abs(a // cols - b // cols) + abs(a % cols - b % cols))

    middle = min(piece, key=lambda c: sum(apart(c, o) for o in piece))
    first, last = (c for c in piece if c != middle)
    ends = [first, middle, last]
    touch_drag(phone, [centre(cell) for cell in ends])
    phone.wait_for_selector("rect.shade.piece")
    assert board_cells(phone, "rect.shade.piece") == sorted(piece)
    # one move: undo takes the whole piece back. The tap waits for the page to
    # settle (a check's late message would move the controls under a tap aimed
    # at Undo) and for Undo to stand still where it is hit; the board is redrawn
    # after the tap's handler returns. The drag ends at rest (touch_drag), so
    # no fling is left for this tap to stop: one tap, no retry.
    phone.wait_for_load_state("networkidle")
    phone.locator("#undo").tap()
    phone.wait_for_selector("rect.shade.piece", state="detached")
    assert board_cells(phone, "rect.shade.piece") == []
    # a stroke over two cells draws nothing and says why
    touch_drag(phone, [centre(ends[0]), centre(ends[1])])
    assert board_cells(phone, "rect.shade.piece") == []
    assert "three" in phone.inner_text("#message")


@pytest.mark.parametrize("size", list(SIZES))
def test_no_screen_scrolls_sideways(browser: Any, server: str, size: str) -> None:
    """The smallest and the largest bank board of each type, at each screen size:
    the page is never wider than the screen (a large board pans in its own box)."""
    context, tab, errors = new_tab(browser, server, SIZES[size])
    width, inner = overflow(tab)
    assert width <= inner, f"empty page: {width} px wide on {inner} px"
    for kind in KINDS:
        count = len(api(server, f"/api/bank/{kind}")["puzzles"])
        for index in (0, count - 1):
            payload = open_bank(tab, server, kind, index)
            width, inner = overflow(tab)
            assert width <= inner, f"{kind} {payload['bank']['id']}: {width} px wide on {inner}"
            cell = tab.locator('rect.cell[data-cell="0"]').bounding_box()
            assert cell["width"] >= 27.5  # 28 px, give or take rounding; wider boards pan
            if index == 0 and size != "tablet":
                OUTPUT.mkdir(exist_ok=True)
                tab.screenshot(path=str(OUTPUT / f"{size}-{kind}.png"), full_page=True)
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_dark_theme_follows_the_system(browser: Any, server: str) -> None:
    backgrounds = []
    for scheme in ("light", "dark"):
        context, tab, errors = new_tab(browser, server, {**PHONE, "color_scheme": scheme})
        open_bank(tab, server, "suguru")
        cell = tab.locator('rect.cell[data-cell="1"]')
        backgrounds.append(
            (
                tab.evaluate("getComputedStyle(document.documentElement).backgroundColor"),
                cell.evaluate("n => getComputedStyle(n).fill"),
            )
        )
        tab.screenshot(path=str(OUTPUT / f"phone-suguru-{scheme}.png"))
        context.close()
        assert errors == []
    (light_page, light_cell), (dark_page, dark_cell) = backgrounds
    assert light_page != dark_page and light_cell != dark_cell
    # dark means dark: every channel of the page's colour under a third
    channels = [int(part) for part in dark_page[dark_page.index("(") + 1 : -1].split(",")[:3]]
    assert max(channels) < 85


def test_every_control_has_a_name(phone: Any, server: str) -> None:
    """Every button, field and picker has an accessible name (text, label or aria-label)."""
    open_bank(phone, server, "suguru")
    unnamed = phone.evaluate(
        """() => [...document.querySelectorAll('button, select, input, textarea')]
            .filter(n => !(n.getAttribute('aria-label') || n.labels?.length
                || n.textContent.trim() || n.getAttribute('title')))
            .map(n => n.id || n.outerHTML.slice(0, 60))"""
    )
    assert unnamed == []
    # highlights carry a pattern too, not colour alone
    phone.tap("#hint")
    phone.wait_for_selector("rect.cell.hint")
    hinted = board_cells(phone, "rect.cell.hint")
    patterned = phone.eval_on_selector_all("rect.over.hint", "n => n.length")
    assert patterned == len(hinted) > 0
