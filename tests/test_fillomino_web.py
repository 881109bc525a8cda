"""Fillomino in the browser (Chromium), in both builds.

A bank board is played to "Solved" with numbers: typed on a desktop (two
digits typed quickly make 10 and over), on a 390x844 touch phone with the
pad and by dragging a given's number across its region. pzprjs's test board
is solved by borders alone: every group the borders close shows its size
(lighter) and counts as entered; a join is drawn across its line. Hints are
followed to "Solved", each lighting the cells it is about. The editor places
givens (a 12 among them) and the live verdict follows them. The static site
(Python in the page's worker) solves by borders and edits with a 12 too.
Screenshots go to ``test-output/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from site_support import Contexts, built_site, fresh_page, site, site_contexts
from test_web_e2e import OUTPUT, api, browser, import_puzzle, screenshot, server
from test_web_editor import start_blank, wait_verdict, walk
from test_web_phone import PHONE, new_tab, open_bank, overflow, touch_drag

__all__ = ["browser", "built_site", "server", "site", "site_contexts"]  # fixtures, used by name

DESKTOP = {"viewport": {"width": 1300, "height": 900}}
SITE_WAIT = 90_000  # ms: a cold worker loads Python before the page's first answer
PZPRJS_URL = "https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h"  # pzprjs's test board
# A 4x4 board whose one answer is a region of 12 and two of 4 (found by the
# brute counter): 12 at r1c3, 4 at r3c1 and r4c3.
TWELVE = {2: 12, 8: 4, 14: 4}


@pytest.fixture(params=["desktop", "phone"])
def tab(request: Any, browser: Any, server: str) -> Iterator[tuple[Any, str]]:
    context, view, errors = new_tab(
        browser, server, DESKTOP if request.param == "desktop" else PHONE
    )
    yield view, request.param
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def solution_of(address: str, puzzle: Any) -> list[int]:
    answer = api(address, "/api/solve", {"puzzle": puzzle})
    assert answer["unique"] is True
    return [size for row in answer["solutions"][0] for size in row]


def givens_of(payload: dict[str, Any]) -> list[int]:
    givens: list[int] = payload["cells"]["layers"]["givens"]
    return givens


def regions(sizes: list[int], cols: int) -> list[list[int]]:
    """The answer's regions: groups of neighbouring equal sizes."""
    seen: set[int] = set()
    found = []
    for start in range(len(sizes)):
        if start in seen:
            continue
        group, todo = [start], [start]
        seen.add(start)
        while todo:
            cell = todo.pop()
            for other in (cell - cols, cell + cols, cell - 1, cell + 1):
                inside = 0 <= other < len(sizes) and (
                    abs(other - cell) == cols or other // cols == cell // cols
                )
                if inside and other not in seen and sizes[other] == sizes[start]:
                    seen.add(other)
                    group.append(other)
                    todo.append(other)
        found.append(group)
    return found


def cell_centre(view: Any, cols: int, cell: int) -> tuple[float, float]:
    box = view.locator(f'svg.board rect.cell[data-cell="{cell}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def texts(view: Any, selector: str) -> dict[int, str]:
    found = view.eval_on_selector_all(selector, "n => n.map(x => [x.dataset.cell, x.textContent])")
    return {int(cell): text for cell, text in found}


def press(view: Any, how: str, selector: str, button: str = "left") -> None:
    if how == "phone":
        view.tap(selector)
    else:
        view.click(selector, button=button)


# -- numbers ------------------------------------------------------------------------


def play_with_numbers(view: Any, address: str, how: str) -> None:
    payload = open_bank(view, address, "fillomino")
    cols, givens = payload["cols"], givens_of(payload)
    sizes = solution_of(address, payload["json"])
    assert view.is_hidden("#solved-banner")
    if how == "desktop":
        open_cells = [cell for cell, given in enumerate(givens) if not given]
        for index, cell in enumerate(open_cells):
            view.click(f'rect.cell[data-cell="{cell}"]')
            view.keyboard.type(str(sizes[cell]))  # 10 and over: two digits typed quickly
            if index == len(open_cells) // 2:
                assert view.is_hidden("#solved-banner"), "half done is not solved"
                screenshot(view, "fillomino-desktop-playing.png")
    else:
        pad = view.eval_on_selector_all("#pad button", "n => n.map(x => x.dataset.key)")
        assert pad == [str(n) for n in range(1, max(9, *givens) + 1)] + ["Backspace"]
        strokes = []
        for cells in regions(sizes, cols):
            given = next((cell for cell in cells if givens[cell]), None)
            if given is not None and len(cells) > 1:
                strokes.append(walk([given, *(cell for cell in cells if cell != given)], cols))
                continue
            for cell in cells:
                if not givens[cell]:
                    view.tap(f'rect.cell[data-cell="{cell}"]')
                    view.tap(f'#pad button[data-key="{sizes[cell]}"]')
        # a stroke from a given copies its number over the cells it crosses (the
        # strokes come last: Chromium may make no click of a tap just after one)
        assert strokes
        for order in strokes:
            touch_drag(view, [cell_centre(view, cols, cell) for cell in order])
    view.wait_for_selector("#solved-banner", state="visible")
    assert "Solved!" in view.inner_text("#message")
    entered = texts(view, "svg.board text.entry")
    assert entered == {cell: str(sizes[cell]) for cell, given in enumerate(givens) if not given}
    assert view.eval_on_selector("svg.board", "n => n.classList.contains('solved')")
    screenshot(view, f"fillomino-{how}-solved.png")


def test_a_bank_board_played_to_solved_with_numbers(tab: tuple[Any, str], server: str) -> None:
    view, how = tab
    play_with_numbers(view, server, how)
    if how == "phone":
        width, inner = overflow(view)
        assert width <= inner, f"the page is {width} px wide on a {inner} px screen"
        OUTPUT.mkdir(exist_ok=True)
        view.screenshot(path=str(OUTPUT / "fillomino-phone-page.png"), full_page=True)


# -- borders alone ----------------------------------------------------------------------


def solve_by_borders(view: Any, address: str, name: str) -> None:
    """Every line between two regions drawn (where no two givens already split
    it): each closed group shows its size, and the board is solved."""
    import_puzzle(view, PZPRJS_URL)
    puzzle = api(address, "/api/load", {"input": PZPRJS_URL})["json"]
    givens = [given for row in puzzle["givens"] for given in row]
    sizes = solution_of(address, puzzle)
    cols = 6
    lines = [
        (cell, other)
        for cell in range(36)
        for other in (cell + 1, cell + cols)
        if other < 36
        and (other == cell + cols or other % cols)
        and sizes[cell] != sizes[other]
        and not (givens[cell] and givens[other])
    ]
    # a join inside a region (right-click) is drawn across its line and changes no size
    inside = next((c, c + 1) for c in range(35) if (c + 1) % cols and sizes[c] == sizes[c + 1])
    view.click(f'rect.edge-hit[data-edge="{inside[0]}:{inside[1]}"]', button="right")
    assert view.locator("svg.board line.join").count() == 1
    for index, (cell, other) in enumerate(lines):
        view.click(f'rect.edge-hit[data-edge="{cell}:{other}"]')
        if index == len(lines) // 2:
            screenshot(view, f"fillomino-{name}-borders-halfway.png")
    view.wait_for_selector("#solved-banner", state="visible")
    assert "Solved!" in view.inner_text("#message")
    assert view.locator("svg.board line.cut").count() == len(lines)
    # no number typed: every open cell shows its region's size, lighter
    assert texts(view, "svg.board text.entry:not(.implied)") == {}
    assert texts(view, "svg.board text.implied") == {
        cell: str(sizes[cell]) for cell in range(36) if not givens[cell]
    }
    screenshot(view, f"fillomino-{name}-borders-solved.png")
    # a border taken back reopens the two regions it closed
    cell, other = lines[0]
    view.click(f'rect.edge-hit[data-edge="{cell}:{other}"]')  # border -> join
    view.click(f'rect.edge-hit[data-edge="{cell}:{other}"]')  # join -> none
    view.wait_for_selector("#solved-banner", state="hidden")
    assert len(texts(view, "svg.board text.implied")) < 36 - sum(map(bool, givens))


def test_a_board_solved_by_borders_alone(page: Any, server: str) -> None:
    solve_by_borders(page, server, "desktop")


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context, view, errors = new_tab(browser, server, DESKTOP)
    yield view
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


# -- hints ----------------------------------------------------------------------------


def test_hints_followed_to_solved(page: Any, server: str) -> None:
    import_puzzle(page, PZPRJS_URL)
    puzzle = api(server, "/api/load", {"input": PZPRJS_URL})["json"]
    givens = [given for row in puzzle["givens"] for given in row]
    sizes = solution_of(server, puzzle)
    first = api(server, "/api/hint", {"puzzle": puzzle})
    done = {cell for cell, given in enumerate(givens) if given}
    hints = 0
    while page.is_hidden("#solved-banner"):
        assert hints < 60, "hints did not lead to the solution"
        before = page.inner_text("#hint-panel")
        page.click("#hint")
        page.wait_for_function(
            "before => { const t = document.querySelector('#hint-panel').innerText;"
            " return t !== before && !t.includes('Thinking') && !t.includes('Waiting'); }",
            arg=before,
        )
        hints += 1
        lit = sorted(
            page.eval_on_selector_all("rect.cell.hint", "n => n.map(x => Number(x.dataset.cell))")
        )
        if hints == 1:
            assert lit == sorted(first["steps"][-1]["cells"])
            assert page.locator("#hint-panel .rule").first.inner_text().strip()
            screenshot(page, "fillomino-hint.png")
        if "Nothing left to deduce" in page.inner_text("#hint-panel"):
            break
        todo = [cell for cell in lit if cell not in done]
        assert todo, f"hint {hints} lit no open cell: {page.inner_text('#hint-panel')[:200]}"
        for cell in todo:
            page.click(f'rect.cell[data-cell="{cell}"]')
            page.keyboard.type(str(sizes[cell]))
            done.add(cell)
    page.wait_for_selector("#solved-banner", state="visible")
    assert hints >= 2


# -- the editor ------------------------------------------------------------------------


def place_givens(view: Any, address: str, how: str, name: str) -> None:
    start_blank(view, "fillomino", 4, 4)
    assert view.inner_text("#title") == "Editing Fillomino 4x4"
    wait_verdict(view, "several")
    for cell, number in TWELVE.items():
        press(view, how, f'#edit-board rect.cell[data-cell="{cell}"]')
        if how == "phone":  # the pad's digits, two quickly for 12
            for digit in str(number):
                view.tap(f'#edit-pad button[data-key="{digit}"]')
        else:
            view.keyboard.type(str(number))
    wait_verdict(view, "unique")  # each edit asks anew (a request still out is dropped)
    assert texts(view, "#edit-board text.given") == {cell: str(n) for cell, n in TWELVE.items()}
    assert "grade" in view.inner_text("#verdict")
    url = view.input_value("#edit-export-url")
    loaded = api(address, "/api/load", {"input": url})["json"]
    assert loaded["givens"] == [[TWELVE.get(r * 4 + c, 0) for c in range(4)] for r in range(4)]
    # the clear tool takes a given away: several answers again
    view.click('#edit-tools button[data-tool="clear"]')
    press(view, how, '#edit-board rect.cell[data-cell="8"]')
    wait_verdict(view, "several")
    OUTPUT.mkdir(exist_ok=True)
    view.screenshot(path=str(OUTPUT / f"fillomino-{name}-editor-{how}.png"), full_page=True)


def test_the_editor_places_givens_with_a_live_verdict(tab: tuple[Any, str], server: str) -> None:
    view, how = tab
    place_givens(view, server, how, "server")


# -- the static site --------------------------------------------------------------------


def test_the_static_site_solves_by_borders_and_edits(site_contexts: Contexts, site: str) -> None:
    # one browser profile for both pages: the second starts Python from its cache
    errors: list[str] = []
    view = fresh_page(site_contexts.get(PHONE), site, errors)
    view.set_default_timeout(SITE_WAIT)
    solve_by_borders(view, site, "site")
    view.close()
    phone = fresh_page(site_contexts.get(PHONE), site, errors)
    phone.set_default_timeout(SITE_WAIT)
    place_givens(phone, site, "phone", "site")
    phone.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_a_border_hint_draws_its_line_and_is_followed_by_drawing_it(page: Any, server: str) -> None:
    """The first hint on pzprjs's board is the borders round a 1: the page lights
    those lines (dashed, each titled) and their cells; the player draws them on
    the lines lit, the light goes, and the next hint is about something else."""
    import_puzzle(page, PZPRJS_URL)
    puzzle = api(server, "/api/load", {"input": PZPRJS_URL})["json"]
    first = api(server, "/api/hint", {"puzzle": puzzle})["steps"][-1]
    assert first["edges"] and not first["writes"]
    page.click("#hint")
    page.wait_for_selector("svg.board line.hint-edge", state="attached")  # a line has no area
    lit = page.eval_on_selector_all(
        "svg.board line.hint-edge", "n => n.map(x => x.dataset.hintEdge)"
    )
    assert sorted(lit) == sorted(f"{a}:{b}" for a, b, _ in first["edges"])
    titles = page.eval_on_selector_all(
        "svg.board line.hint-edge title", "n => n.map(x => x.textContent)"
    )
    assert titles == [f"hint: border between {a} and {b}" for a, b, _ in first["edge_labels"]]
    cells = page.eval_on_selector_all("rect.cell.hint", "n => n.map(x => Number(x.dataset.cell))")
    assert sorted(cells) == sorted(first["cells"])
    page.click("#hint")  # the reason names the move
    assert first["reason"] in page.inner_text("#hint-panel")
    screenshot(page, "fillomino-hint-border.png")
    for a, b, _ in first["edges"]:
        page.click(f'rect.edge-hit[data-edge="{a}:{b}"]')
    assert page.locator("svg.board line.hint-edge").count() == 0
    assert page.locator("svg.board line.cut").count() == len(first["edges"])
    before = page.inner_text("#hint-panel")
    page.click("#hint")
    page.wait_for_function(
        "before => { const t = document.querySelector('#hint-panel').innerText;"
        " return t !== before && !t.includes('Thinking') && !t.includes('Waiting'); }",
        arg=before,
    )
    lit = page.eval_on_selector_all(
        "svg.board line.hint-edge", "n => n.map(x => x.dataset.hintEdge)"
    )
    assert not set(lit) & {f"{a}:{b}" for a, b, _ in first["edges"]}
