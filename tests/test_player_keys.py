"""Typing 10 and over on Suguru's keyboard, in Chromium: in a block of ten or
more cells, 1 then a digit typed quickly enters 1x; typed slowly, or where the
block is smaller, the second digit replaces the first as before; pencil marks
and the pad keep one digit per key."""

from __future__ import annotations

import json
from typing import Any

import pytest

from test_web_e2e import browser, entries, import_puzzle, page, server

__all__ = ["browser", "page", "server"]  # fixtures, used by name

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect

# Block 0 is the first four columns (12 cells, digits 1..12), block 1 the last (3 cells).
BIG = json.dumps(
    {
        "puzzle": "suguru",
        "rows": 3,
        "cols": 5,
        "blocks": [[0, 0, 0, 0, 1]] * 3,
        "givens": [[0] * 5] * 3,
    }
)


def type_in(page: Any, cell: int, *keys: str, pause: int = 0) -> None:
    page.click(f'rect.cell[data-cell="{cell}"]')
    for number, key in enumerate(keys):
        if number and pause:
            page.wait_for_timeout(pause)
        page.keyboard.press(key)


def test_two_digits_typed_quickly_enter_ten_and_over(page: Any) -> None:
    import_puzzle(page, BIG)
    assert "1 then a digit quickly" in page.inner_text("#keys")
    type_in(page, 0, "1", "2")
    type_in(page, 1, "1", "0")
    type_in(page, 2, "1", "1")
    assert entries(page) == {0: "12", 1: "10", 2: "11"}
    # beyond the block's largest digit the second key is a digit of its own
    type_in(page, 3, "1", "3")
    assert entries(page)[3] == "3"
    # slowly: the second digit replaces the first, as it always did
    type_in(page, 5, "1", "2", pause=1300)
    assert entries(page)[5] == "2"
    # in a block of three there is no 12: 1 then 2 is a 2
    type_in(page, 4, "1", "2")
    assert entries(page)[4] == "2"
    # undo takes 12 back to the 1 typed first, then to nothing
    type_in(page, 6, "1", "2")
    assert entries(page)[6] == "12"
    page.keyboard.press("Control+z")
    assert entries(page)[6] == "1"
    page.keyboard.press("Control+z")
    assert 6 not in entries(page)


def test_pencil_marks_and_the_pad_keep_one_digit_per_key(page: Any) -> None:
    import_puzzle(page, BIG)
    page.click('rect.cell[data-cell="7"]')
    page.keyboard.press("p")
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.keyboard.press("p")
    marks = page.eval_on_selector_all("svg.board text.mark", "n => n.map(x => x.textContent)")
    assert sorted(marks) == ["1", "2"]  # the only marks on the board, in cell 7
    assert 7 not in entries(page)
    # the pad has its own keys for 10 and over: 1 then 2 there is a 2
    page.click('rect.cell[data-cell="8"]')
    page.click('#pad button[data-key="1"]')
    page.click('#pad button[data-key="2"]')
    assert entries(page)[8] == "2"
    page.click('#pad button[data-key="12"]')
    assert entries(page)[8] == "12"
