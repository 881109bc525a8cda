"""Norinori in the browser (Chromium): played to the end from an imported URL
by tapping cells, on desktop and on a phone-sized screen; a hint names its
rule; a bank board drawn in the editor by painting (desktop) and by borders
(phone) until the verdict says unique; the name the page shows."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import registry
from pencilbox.web.app import create_app
from test_web_e2e import (  # noqa: F401  (fixtures)
    OUTPUT,
    api,
    browser,
    import_puzzle,
    page,
    screenshot,
    server,
)
from test_web_editor import (  # noqa: F401  (fixtures)
    draw_borders,
    paint,
    regions_of,
    shot,
    smallest_bank,
    start_blank,
    tab,
    wait_verdict,
)

URL = "https://puzz.link/p?norinori/5/5/cag4ocjo"  # pzprjs's test board


def play(view: Any, address: str, name: str) -> None:
    import_puzzle(view, URL)
    solution = api(address, "/api/solve", {"puzzle": URL})["solutions"][0]
    shaded = [r * 5 + c for r in range(5) for c in range(5) if solution[r][c]]
    assert len(shaded) == 10
    assert view.is_hidden("#solved-banner")
    for cell in shaded:
        view.click(f'rect[data-cell="{cell}"]')  # one tap shades
    view.wait_for_selector("#solved-banner", state="visible")
    assert view.eval_on_selector("svg.board", "n => n.classList.contains('solved')")
    screenshot(view, f"norinori-{name}-solved.png")


def test_play_norinori_to_completion(page: Any, server: str) -> None:  # noqa: F811
    play(page, server, "desktop")


def test_play_norinori_on_a_phone(browser: Any, server: str) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    phone.goto(server)
    phone.wait_for_selector("body[data-ready=true]")
    play(phone, server, "phone")
    OUTPUT.mkdir(exist_ok=True)
    phone.screenshot(path=str(OUTPUT / "norinori-phone-page.png"))
    context.close()
    assert errors == []


def test_a_norinori_hint_names_its_rule(page: Any) -> None:  # noqa: F811
    import_puzzle(page, URL)
    page.click("#hint")
    page.wait_for_selector("#hint-panel .rule")
    assert page.inner_text("#hint-panel .rule").strip()


pytest.importorskip("playwright.sync_api")


def test_the_type_is_named_norinori_everywhere() -> None:
    assert registry.get("norinori").display_name == "Norinori"
    with TestClient(create_app()) as client:
        types = {t["name"]: t["display_name"] for t in client.get("/api/types").json()["types"]}
    assert types["norinori"] == "Norinori"


def test_a_bank_board_drawn_in_the_editor_is_unique(tab: tuple[Any, str], server: str) -> None:  # noqa: F811
    editor, how = tab
    payload = smallest_bank(server, "norinori")
    rows, cols = payload["rows"], payload["cols"]
    labels = payload["cells"]["layers"]["regions"]
    start_blank(editor, "norinori", rows, cols)
    assert editor.inner_text("#title") == f"Editing Norinori {rows}x{cols}"
    wait_verdict(editor, "several")  # one region: a domino anywhere
    if how == "desktop":
        editor.click('#edit-tools button[data-tool="paint"]')
        for cells in regions_of(labels):
            paint(editor, how, cols, cells)
    else:
        draw_borders(editor, how, labels, rows, cols)
    wait_verdict(editor, "unique")
    assert "grade" in editor.inner_text("#verdict")
    assert editor.input_value("#edit-export-url") == payload["url"]
    shot(editor, f"norinori-{how}")
