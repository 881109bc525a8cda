"""The page's "Correct so far?" check in Chromium (issue 13): one wrong and one
right entry on a bank puzzle of each type; the first press counts the wrong
entries, the second lights them (cross-hatched and named), and Undo clears
both. The server, the browser and the helpers are ``test_web_e2e``'s."""

from __future__ import annotations

from typing import Any

import pytest

from test_web_e2e import OUTPUT, api, board_cells, browser, import_puzzle, page, server

__all__ = ["browser", "page", "server"]  # fixtures, used by name

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect


def open_first(page: Any, server: str, kind: str) -> tuple[dict[str, Any], list[int]]:
    """Open the type's first bank puzzle by its URL: its payload and flat solution."""
    first = api(server, f"/api/bank/{kind}")["puzzles"][0]["id"]
    payload: dict[str, Any] = api(server, f"/api/bank/{kind}/{first}")
    import_puzzle(page, payload["url"])
    solution = api(server, "/api/solve", {"puzzle": payload["json"]})["solutions"][0]
    return payload, [value for row in solution for value in row]


def press_progress(page: Any) -> None:
    # disabled while its request is out, so a click waits for the last one
    expect(page.locator("#progress")).to_be_enabled()
    page.click("#progress")
    expect(page.locator("#progress")).to_be_enabled()


def click_cell(page: Any, cell: int) -> None:
    page.click(f'rect.cell[data-cell="{cell}"]')


def enter_suguru(page: Any, payload: dict[str, Any], solution: list[int]) -> list[int]:
    """A right digit in the first open cell, a wrong one in the last: the wrong cells."""
    layers = payload["cells"]["layers"]
    givens = layers.get("givens") or [0] * len(solution)
    size = {b: layers["blocks"].count(b) for b in layers["blocks"]}
    open_cells = [c for c, g in enumerate(givens) if not g and size[layers["blocks"][c]] > 1]
    right, wrong = open_cells[0], open_cells[-1]
    click_cell(page, right)
    page.keyboard.press(str(solution[right]))
    click_cell(page, wrong)
    page.keyboard.press(str(solution[wrong] % size[layers["blocks"][wrong]] + 1))
    return [wrong]


def enter_lits(page: Any, payload: dict[str, Any], solution: list[int]) -> list[int]:
    """A click shades: one cell the answer shades, and two it leaves white (plural)."""
    right = solution.index(1)
    wrong = [c for c, v in enumerate(solution) if v == 0][:2]
    for cell in [right, *wrong]:
        click_cell(page, cell)
    return wrong


def enter_heteromino(page: Any, payload: dict[str, Any], solution: list[int]) -> list[int]:
    """A cut between two pieces (right) and one inside a piece (wrong, seen by the
    page only: the server reads whole pieces)."""
    cols = payload["cols"]
    black = payload["cells"]["layers"]["black"]
    rights = [
        c
        for c in range(len(solution) - 1)
        if c % cols + 1 < cols and not black[c] and not black[c + 1]
        if solution[c] != solution[c + 1]
    ]
    wrongs = [
        c
        for c in range(len(solution) - cols)
        if not black[c] and not black[c + cols] and solution[c] == solution[c + cols]
    ]
    right, wrong = rights[0], wrongs[-1]
    page.click(f'rect.edge-hit[data-edge="{right}:1"]')
    page.click(f'rect.edge-hit[data-edge="{wrong}:2"]')
    return [wrong, wrong + cols]


ENTER = {"suguru": enter_suguru, "lits": enter_lits, "heteromino": enter_heteromino}


@pytest.mark.parametrize("kind", sorted(ENTER))
def test_correct_so_far_counts_then_lights_the_wrong_entries(
    page: Any, server: str, kind: str
) -> None:
    payload, solution = open_first(page, server, kind)
    message = page.locator("#message")
    press_progress(page)
    expect(message).to_have_text("Correct so far.")  # nothing entered: nothing wrong
    wrong = ENTER[kind](page, payload, solution)
    count = len(wrong) if kind != "heteromino" else 1  # one cut, two cells
    words = "1 entry is wrong" if count == 1 else f"{count} entries are wrong"
    press_progress(page)
    expect(message).to_have_text(f"{words}. Press again to see which.")
    assert board_cells(page, "rect.cell.error") == []  # the count alone gives nothing away
    press_progress(page)
    expect(message).to_contain_text(f"{words}: ")
    assert board_cells(page, "rect.cell.error") == sorted(wrong)
    # lit by a pattern over the cell too, not by colour alone
    assert page.locator("rect.over.error").count() == len(wrong)
    OUTPUT.mkdir(exist_ok=True)
    page.mouse.move(0, 0)
    page.locator("main").screenshot(path=str(OUTPUT / f"{kind}-correct-so-far.png"))
    page.click("#undo")  # takes back the last (a wrong) entry: message and marks go
    expect(message).to_have_text("")
    assert board_cells(page, "rect.cell.error") == []
    if count == 1:
        press_progress(page)
        expect(message).to_have_text("Correct so far.")


# -- screen readers: each cell's accessible name, moves announced --------------------


def label(cols: int, cell: int) -> str:
    return f"r{cell // cols + 1}c{cell % cols + 1}"


def named(page: Any, name: str) -> Any:
    """The board cell whose accessible name (as a screen reader has it) is ``name``."""
    return page.locator("svg.board").get_by_role("img", name=name, exact=True)


def test_cells_are_named_for_screen_readers_and_moves_announced(page: Any, server: str) -> None:
    announce = page.locator("#announce")
    assert announce.get_attribute("aria-live") == "polite"
    # Suguru: a digit entered, a given, an empty cell
    payload, solution = open_first(page, server, "suguru")
    cols, layers = payload["cols"], payload["cells"]["layers"]
    givens = layers.get("givens") or [0] * len(solution)
    size = {b: layers["blocks"].count(b) for b in layers["blocks"]}
    open_cells = [c for c, g in enumerate(givens) if not g and size[layers["blocks"][c]] > 1]
    cell, other = open_cells[0], open_cells[-1]
    click_cell(page, cell)
    page.keyboard.press(str(solution[cell]))
    expect(named(page, f"{label(cols, cell)}, {solution[cell]}, selected")).to_have_count(1)
    expect(announce).to_have_text(f"{label(cols, cell)}, {solution[cell]}")
    expect(named(page, f"{label(cols, other)}, empty")).to_have_count(1)
    given = next((c for c, g in enumerate(givens) if g), None)
    if given is not None:
        expect(named(page, f"{label(cols, given)}, {givens[given]}, given")).to_have_count(1)
    page.click("#undo")
    expect(announce).to_have_text(f"Undone: {label(cols, cell)}, empty")
    # LITS: shaded by a click, dotted by a right-click
    payload, solution = open_first(page, server, "lits")
    cols = payload["cols"]
    click_cell(page, 0)
    page.click('rect.cell[data-cell="1"]', button="right")
    expect(announce).to_have_text(f"{label(cols, 1)}, dot")
    expect(named(page, f"{label(cols, 0)}, shaded")).to_have_count(1)
    expect(named(page, f"{label(cols, 1)}, dot, selected")).to_have_count(1)
    # Heteromino: black cells, and the sides a cut runs along
    payload, solution = open_first(page, server, "heteromino")
    cols, black = payload["cols"], payload["cells"]["layers"]["black"]
    cell = next(
        c
        for c in range(len(black) - 1)
        if c % cols + 1 < cols and not black[c] and not black[c + 1]
    )
    page.click(f'rect.edge-hit[data-edge="{cell}:1"]')
    expect(announce).to_have_text(f"{label(cols, cell)}, cut right")
    expect(named(page, f"{label(cols, cell + 1)}, cut left")).to_have_count(1)
    dark = black.index(1)
    expect(named(page, f"{label(cols, dark)}, black")).to_have_count(1)
