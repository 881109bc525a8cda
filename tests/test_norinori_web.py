"""Norinori in the browser (Chromium): played to the end from an imported URL
by tapping cells, on desktop and on a phone-sized screen; a hint names its rule."""

from __future__ import annotations

from typing import Any

import pytest

from test_web_e2e import (  # noqa: F401  (fixtures)
    OUTPUT,
    api,
    browser,
    import_puzzle,
    page,
    screenshot,
    server,
)

URL = "https://puzz.link/p?norinori/5/5/cag4ocjo"  # pzprjs's test board


def play(tab: Any, address: str, name: str) -> None:
    import_puzzle(tab, URL)
    solution = api(address, "/api/solve", {"puzzle": URL})["solutions"][0]
    shaded = [r * 5 + c for r in range(5) for c in range(5) if solution[r][c]]
    assert len(shaded) == 10
    assert tab.is_hidden("#solved-banner")
    for cell in shaded:
        tab.click(f'rect[data-cell="{cell}"]')  # one tap shades
    tab.wait_for_selector("#solved-banner", state="visible")
    assert tab.eval_on_selector("svg.board", "n => n.classList.contains('solved')")
    screenshot(tab, f"norinori-{name}-solved.png")


def test_play_norinori_to_completion(page: Any, server: str) -> None:  # noqa: F811
    play(page, server, "desktop")


def test_play_norinori_on_a_phone(browser: Any, server: str) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(server)
    tab.wait_for_selector("body[data-ready=true]")
    play(tab, server, "phone")
    OUTPUT.mkdir(exist_ok=True)
    tab.screenshot(path=str(OUTPUT / "norinori-phone-page.png"))
    context.close()
    assert errors == []


def test_a_norinori_hint_names_its_rule(page: Any) -> None:  # noqa: F811
    import_puzzle(page, URL)
    page.click("#hint")
    page.wait_for_selector("#hint-panel .rule")
    assert page.inner_text("#hint-panel .rule").strip()


pytest.importorskip("playwright.sync_api")
