"""The web app in a real headless Chromium, driven like a person would.

The server is the real one (uvicorn on a free loopback port, in a thread).
Playwright cannot download its own browser here, so this drives Debian's
``/usr/bin/chromium``; without it the tests skip, except under CI (env
``CI`` set), where a missing browser is a failure.

Screenshots go to ``test-output/`` (git-ignored) for a person to look at.
"""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import load_data
from pencilbox import formats

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--disable-quic",
]
OUTPUT = Path(__file__).resolve().parent.parent / "test-output"

if not CHROMIUM.exists():
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing under CI: install Debian's chromium", pytrace=False)
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect

ABIGAIL_URL = load_data("suguru/abigail_talk.json")["url_derived"]
JANKO_6 = next(p for p in load_data("suguru/janko_sample.json")["puzzles"] if p["rows"] == 6)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    import uvicorn

    from pencilbox.web import address, bind
    from pencilbox.web.app import create_app

    sock = bind("127.0.0.1", 0)
    config = uvicorn.Config(create_app(), log_level="warning", access_log=False)
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start within 10 s"
        time.sleep(0.02)
    yield address(sock)
    instance.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh page (own localStorage) on the app, ready to use."""
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(server)
    tab.wait_for_selector("body[data-ready=true]")
    yield tab
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def api(server: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """The server's answer to ``path``; for a static site (which has no server), the
    same app's answer in this process."""
    import site_support

    if server in site_support.ADDRESSES:
        return site_support.reference(path, body)
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server + path.lstrip("/"), data=data, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def import_puzzle(page: Any, text: str) -> None:
    page.fill("#import-text", text)
    page.click("#import-go")
    page.wait_for_selector("svg.board")


def entries(page: Any) -> dict[int, str]:
    """The player's digits on the board, by cell."""
    found = page.eval_on_selector_all(
        "svg.board text.entry", "nodes => nodes.map(n => [n.dataset.cell, n.textContent])"
    )
    return {int(cell): digit for cell, digit in found}


def screenshot(page: Any, name: str) -> None:
    """The board alone, with the mouse moved off it (a hovered edge would show)."""
    OUTPUT.mkdir(exist_ok=True)
    page.mouse.move(0, 0)
    page.locator("#board").screenshot(path=str(OUTPUT / name))


def pick_from_bank(page: Any, server: str, kind: str) -> dict[str, Any]:
    """Open a ``kind`` bank puzzle through the picker, as a person would: choose the
    type, then the smallest size, then the hardest grade found at that size, and
    open the first puzzle listed. Returns the bank puzzle as the API serves it."""
    listing = api(server, f"/api/bank/{kind}")
    assert listing["puzzles"], f"no {kind} bank is shipped"
    size = listing["sizes"][0]
    at_size = api(server, f"/api/bank/{kind}?size={size}")["puzzles"]
    grade = [g for g in listing["grades"] if g in {p["grade"] for p in at_size}][-1]
    chosen = api(server, f"/api/bank/{kind}?size={size}&grade={grade}")["puzzles"]
    total = listing["total"]
    if page.input_value("#type") != kind:
        page.select_option("#type", kind)
    # each filter reloads the list: wait for its answer before the next choice
    expect(page.locator("#bank-grade option")).to_have_text(["any", *listing["grades"]])
    expect(page.locator("#bank-note")).to_have_text(f"{total} of {total} puzzles match.")
    page.select_option("#bank-size", size)
    expect(page.locator("#bank-note")).to_have_text(f"{len(at_size)} of {total} puzzles match.")
    page.select_option("#bank-grade", grade)
    expect(page.locator("#bank-note")).to_have_text(f"{len(chosen)} of {total} puzzles match.")
    listed = page.eval_on_selector_all("#bank-list option", "n => n.map(x => x.value)")
    assert listed == [entry["id"] for entry in chosen]
    page.click("#bank-open")
    expect(page.locator("#title")).to_contain_text(f"{size} · bank {chosen[0]['id']}")
    page.wait_for_selector("svg.board")
    return api(server, f"/api/bank/{kind}/{chosen[0]['id']}")


def test_play_a_puzzle_to_completion(page: Any, server: str) -> None:
    payload = pick_from_bank(page, server, "suguru")
    solution = api(server, "/api/solve", {"puzzle": payload["json"]})["solutions"][0]
    cols = payload["cols"]
    givens = [g for row in payload["json"]["givens"] for g in row]
    blocks = [b for row in payload["json"]["blocks"] for b in row]
    open_cells = [c for c in range(len(givens)) if not givens[c] and blocks[c] != -1]
    assert page.is_hidden("#solved-banner")
    for index, cell in enumerate(open_cells):
        page.click(f'rect[data-cell="{cell}"]')
        page.keyboard.press(str(solution[cell // cols][cell % cols]))
        if index == len(open_cells) - 2:
            assert page.is_hidden("#solved-banner"), "one cell short of done is not solved"
            screenshot(page, "suguru-playing.png")
    page.wait_for_selector("#solved-banner", state="visible")
    assert "Solved!" in page.inner_text("#message")
    assert len(entries(page)) == len(open_cells)
    assert page.eval_on_selector("svg.board", "n => n.classList.contains('solved')")
    screenshot(page, "suguru-solved.png")
    page.emulate_media(media="print")
    page.screenshot(path=str(OUTPUT / "suguru-print.png"))
    assert page.is_hidden(".panel.play") and page.is_visible("svg.board")


def test_hint_names_a_rule_and_highlights_cells(page: Any, server: str) -> None:
    import_puzzle(page, ABIGAIL_URL)
    page.click("#hint")
    page.wait_for_selector("#hint-panel .rule")
    expected = api(
        server, "/api/hint", {"puzzle": api(server, "/api/load", {"input": ABIGAIL_URL})["json"]}
    )
    shown = page.locator("#hint-panel .rule").all_inner_texts()
    assert shown == [step["rule"] for step in expected["steps"]]
    page.click("#hint")  # hints come in tiers: the second press gives the reason
    assert expected["steps"][-1]["reason"] in page.inner_text("#hint-panel")
    highlighted = page.eval_on_selector_all(
        "rect.cell.hint", "nodes => nodes.map(n => Number(n.dataset.cell))"
    )
    assert highlighted == expected["steps"][-1]["cells"]
    screenshot(page, "suguru-hint.png")


def test_import_url_shows_the_puzzle_and_exports_it(page: Any, server: str) -> None:
    import_puzzle(page, JANKO_6["url_derived"])
    kind, puzzle = formats.load(JANKO_6["url_derived"])
    assert page.locator("rect.cell").count() == 36
    assert "6x6" in page.inner_text("#title")
    assert page.input_value("#export-url") == kind.to_url(puzzle)
    assert page.input_value("#export-text") == kind.format_text(puzzle)
    givens = page.eval_on_selector_all("svg.board text.given", "nodes => nodes.length")
    assert givens == puzzle.given_count
    # a bad URL is refused with a one-line message and the board stays
    page.fill("#import-text", "https://puzz.link/p?suguru/6/6/")
    page.click("#import-go")
    expect(page.locator("#message")).to_contain_text("import failed")
    assert page.locator("rect.cell").count() == 36


def test_undo_redo_pencil_marks_and_reload(page: Any, server: str) -> None:
    import_puzzle(page, ABIGAIL_URL)
    page.click('rect[data-cell="1"]')
    page.keyboard.press("2")
    page.keyboard.press("ArrowRight")  # cell 2
    page.keyboard.press("3")
    assert entries(page) == {1: "2", 2: "3"}
    page.keyboard.press("Control+z")
    assert entries(page) == {1: "2"}
    page.click("#redo")
    assert entries(page) == {1: "2", 2: "3"}
    page.click("#undo")
    page.keyboard.press("Control+y")
    assert entries(page) == {1: "2", 2: "3"}
    page.keyboard.press("Backspace")
    assert entries(page) == {1: "2"}
    page.keyboard.press("p")  # pencil marks in cell 2
    page.keyboard.press("1")
    page.keyboard.press("4")
    assert page.get_attribute("#pencil", "aria-pressed") == "true"
    marks = page.locator("svg.board text.mark").all_text_contents()
    assert marks == ["1", "4"]
    page.keyboard.press("9")  # too big for a block of 4: refused, nothing changes
    assert page.locator("svg.board text.mark").all_text_contents() == ["1", "4"]
    page.reload()
    page.wait_for_selector("svg.board")
    assert entries(page) == {1: "2"}
    assert page.locator("svg.board text.mark").all_text_contents() == ["1", "4"]
    page.keyboard.press("Control+z")  # the history survived the reload too
    assert page.locator("svg.board text.mark").all_text_contents() == ["1"]


def test_check_marks_broken_rules(page: Any, server: str) -> None:
    import_puzzle(page, ABIGAIL_URL)
    page.click('rect[data-cell="0"]')
    page.keyboard.press("1")
    page.keyboard.press("ArrowDown")  # cell 5 touches cell 0
    page.keyboard.press("1")
    page.click("#check")
    page.wait_for_selector("rect.cell.error")
    errors = page.eval_on_selector_all("rect.cell.error", "n => n.map(x => Number(x.dataset.cell))")
    assert sorted(errors) == [0, 5]
    assert "broken" in page.inner_text("#message")
    page.keyboard.press("Backspace")
    page.click("#check")
    expect(page.locator("#message")).to_contain_text("No broken rules")
    assert page.locator("rect.cell.error").count() == 0
    # with auto-check on, a clash shows up without pressing Check
    page.check("#auto-check")
    page.click('rect[data-cell="6"]')  # also touches cell 0
    page.keyboard.press("1")
    page.wait_for_selector("rect.cell.error")
    errors = page.eval_on_selector_all("rect.cell.error", "n => n.map(x => Number(x.dataset.cell))")
    assert sorted(errors) == [0, 6]


def test_timer_runs_and_can_be_hidden(page: Any, server: str) -> None:
    import_puzzle(page, ABIGAIL_URL)
    expect(page.locator("#timer")).to_have_text("0:01", timeout=3000)
    page.click("#timer-toggle")
    assert "hidden" in (page.get_attribute("#timer", "class") or "")
    assert page.inner_text("#timer-toggle") == "Show timer"
    page.reload()
    page.wait_for_selector("svg.board")
    assert "hidden" in (page.get_attribute("#timer", "class") or "")
    # the time spent survives the reload (it was at least one second)
    assert page.text_content("#timer") != "0:00"


def test_generate_shows_progress_and_can_be_cancelled(page: Any, server: str) -> None:
    """The page's side of generating: progress, cancel, then opening the result.

    The server's answer is held back by intercepting the request, so the
    progress state can be seen whatever the generator's speed; the answer
    itself is built from real server answers (the puzzle as loaded, its grade).
    """
    held: list[Any] = []
    page.route("**/api/generate", lambda route: held.append(route))
    page.fill("#gen-rows", "5")
    page.fill("#gen-cols", "5")
    page.click("#gen-go")
    expect(page.locator("#gen-status")).to_contain_text("Generating 5x5")
    assert page.is_disabled("#gen-go") and page.is_visible("#gen-cancel")
    page.click("#gen-cancel")
    expect(page.locator("#gen-status")).to_have_text("Cancelled.")
    assert page.is_enabled("#gen-go") and page.is_hidden("#gen-cancel")
    page.click("#gen-go")
    expect(page.locator("#gen-status")).to_contain_text("Generating")
    made = api(server, "/api/load", {"input": ABIGAIL_URL})
    made["grade"] = api(server, "/api/grade", {"puzzle": made["json"]})
    made["seed"] = 7
    held[-1].fulfill(status=200, content_type="application/json", body=json.dumps(made))
    page.wait_for_selector("svg.board")
    label = made["grade"]["label"]
    expect(page.locator("#gen-status")).to_contain_text(f"grade {label}, seed 7")
    assert "generated" in page.inner_text("#title")


def test_rung_view_shows_what_a_rung_settles(page: Any, server: str) -> None:
    import_puzzle(page, ABIGAIL_URL)
    puzzle = api(server, "/api/load", {"input": ABIGAIL_URL})["json"]
    views = {v["rung"]: v for v in api(server, "/api/rungs", {"puzzle": puzzle})["rungs"]}
    for name, view in views.items():
        page.select_option("#rung-select", name)
        expect(page.locator("#rung-note")).to_contain_text(f"{name} ")
        fresh = page.eval_on_selector_all(
            "rect.cell.rung-new", "n => n.map(x => Number(x.dataset.cell))"
        )
        assert sorted(fresh) == view["new"]
        shown = page.locator("svg.board text.rung").count()
        givens = sum(1 for row in puzzle["givens"] for g in row if g)
        assert shown == len(view["settled"]) - givens
    page.select_option("#rung-select", "")
    assert page.locator("svg.board text.rung").count() == 0


def test_generate_for_real(page: Any, server: str) -> None:
    page.fill("#gen-rows", "5")
    page.fill("#gen-cols", "5")
    page.select_option("#gen-mode", "minimal")
    page.click("#gen-go")
    page.wait_for_selector("svg.board", timeout=30_000)
    expect(page.locator("#gen-status")).to_contain_text("Made in")
    assert "5x5" in page.inner_text("#title") and "generated" in page.inner_text("#title")
    assert page.locator("rect.cell").count() == 25


def test_bank_picker_filters_by_size_and_grade(page: Any, server: str) -> None:
    listing = api(server, "/api/bank/suguru")
    if not listing["puzzles"]:
        pytest.skip("no Suguru bank is shipped")
    last = listing["puzzles"][-1]  # a filter pair that matches at least this puzzle
    size, grade = f"{last['rows']}x{last['cols']}", last["grade"]
    page.select_option("#bank-size", size)
    wanted = api(server, f"/api/bank/suguru?size={size}")["puzzles"]
    expect(page.locator("#bank-list option")).to_have_count(len(wanted))
    page.select_option("#bank-grade", grade)
    wanted = api(server, f"/api/bank/suguru?size={size}&grade={grade}")["puzzles"]
    expect(page.locator("#bank-list option")).to_have_count(len(wanted))
    assert last["id"] in [entry["id"] for entry in wanted]
    page.click("#bank-open")
    expect(page.locator("#title")).to_contain_text(f"{size} · bank {wanted[0]['id']}")
    rows, cols = (int(n) for n in size.split("x"))
    assert page.locator("rect.cell").count() == rows * cols


def test_every_type_is_offered_and_import_switches_type(page: Any, server: str) -> None:
    names = [t["name"] for t in api(server, "/api/types")["types"]]
    options = page.eval_on_selector_all(
        "#type option", "nodes => nodes.map(n => [n.value, n.disabled])"
    )
    assert options == [[name, False] for name in names]
    import_puzzle(page, LITS_URL)
    assert page.input_value("#type") == "lits"
    assert "LITS 4x4" in page.inner_text("#title")  # the face's display name
    assert page.title() == "pencilbox · LITS 4x4"
    assert page.input_value("#export-url") == api(server, "/api/load", {"input": LITS_URL})["url"]
    assert "Space shades" in page.inner_text("#keys")
    assert page.is_disabled("#pencil")


def test_a_type_whose_module_does_not_load_is_offered_disabled(browser: Any, server: str) -> None:
    """The page loads each type's drawing module on demand (it is served from the
    type's package): one that fails to load leaves its type listed but disabled,
    and the other types play as before."""
    shown = {t["name"]: t["display_name"] for t in api(server, "/api/types")["types"]}
    names = list(shown)
    missing = names[-1]
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.route(f"**/static/js/kinds/{missing}.js", lambda route: route.fulfill(status=404))
    tab.goto(server)
    tab.wait_for_selector("body[data-ready=true]")
    options = tab.eval_on_selector_all(
        "#type option", "nodes => nodes.map(n => [n.value, n.textContent, n.disabled])"
    )
    assert options == [
        [name, f"{shown[name]} (board not drawn yet)", True]
        if name == missing
        else [name, shown[name], False]
        for name in names
    ]
    import_puzzle(tab, ABIGAIL_URL)
    assert tab.locator("rect.cell").count() == 25
    first = api(server, f"/api/bank/{missing}")["puzzles"][0]["id"]
    url = api(server, f"/api/bank/{missing}/{first}")["url"]
    tab.fill("#import-text", url)
    tab.click("#import-go")
    expect(tab.locator("#message")).to_contain_text(f"cannot draw {missing} boards")
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


# -- LITS and Heteromino --------------------------------------------------------------

# pzprjs's LITS test board (tests/data/lits/pzprjs.json): 4x4, unique.
LITS_URL = load_data("lits/pzprjs.json")["full_url_example"]
# The puzz.link rules example (tests/data/heteromino/pzprjs.json): 5x5, unique.
HETEROMINO_URL = load_data("heteromino/pzprjs.json")["full_url_example"]


def board_cells(page: Any, selector: str) -> list[int]:
    return sorted(page.eval_on_selector_all(selector, "n => n.map(x => Number(x.dataset.cell))"))


def move_to(page: Any, cols: int, start: int, target: int) -> None:
    """Move the selection from ``start`` to ``target`` with the arrow keys."""
    rows = target // cols - start // cols
    steps = target % cols - start % cols
    for _ in range(abs(rows)):
        page.keyboard.press("ArrowDown" if rows > 0 else "ArrowUp")
    for _ in range(abs(steps)):
        page.keyboard.press("ArrowRight" if steps > 0 else "ArrowLeft")


def test_lits_play_to_completion_with_clicks_keys_and_dots(page: Any, server: str) -> None:
    payload = pick_from_bank(page, server, "lits")
    cols = payload["cols"]
    solution = api(server, "/api/solve", {"puzzle": payload["json"]})["solutions"][0]
    shaded = [r * cols + c for r, row in enumerate(solution) for c, v in enumerate(row) if v]
    empty = [cell for cell in range(payload["rows"] * cols) if cell not in shaded]
    regions = payload["cells"]["layers"]["regions"]
    assert page.locator("line.border").count() > 2 * (payload["rows"] + cols)  # region borders
    # dots: a right-click, and X on the keyboard, on two cells left unshaded
    page.click(f'rect.cell[data-cell="{empty[0]}"]', button="right")
    page.click(f'rect.cell[data-cell="{empty[1]}"]')  # click 1: shaded
    page.click(f'rect.cell[data-cell="{empty[1]}"]')  # click 2: dot
    assert board_cells(page, "circle.dot") == sorted(empty[:2])
    assert board_cells(page, "rect.shade") == []
    # shade: the first half by clicking, the rest with arrows and Space
    half = len(shaded) // 2
    for cell in shaded[:half]:
        page.click(f'rect.cell[data-cell="{cell}"]')
    assert board_cells(page, "rect.shade") == shaded[:half]
    here = shaded[half - 1]
    for index, cell in enumerate(shaded[half:]):
        move_to(page, cols, here, cell)
        here = cell
        if index == len(shaded) - half - 1:
            assert page.is_hidden("#solved-banner"), "one cell short of done is not solved"
            screenshot(page, "lits-playing.png")
        page.keyboard.press(" ")
    page.wait_for_selector("#solved-banner", state="visible")
    assert "Solved!" in page.inner_text("#message")
    assert board_cells(page, "rect.shade") == shaded
    assert board_cells(page, "circle.dot") == sorted(empty[:2])
    assert len(set(regions)) * 4 == len(shaded)
    screenshot(page, "lits-solved.png")
    # undo takes the last shading back and the puzzle is open again
    page.keyboard.press("Control+z")
    assert board_cells(page, "rect.shade") == shaded[:-1]
    assert page.is_hidden("#solved-banner")
    page.keyboard.press("x")  # a dot where the last shading was
    assert shaded[-1] in board_cells(page, "circle.dot")
    page.reload()
    page.wait_for_selector("svg.board")
    assert board_cells(page, "rect.shade") == shaded[:-1]
    assert shaded[-1] in board_cells(page, "circle.dot")


def test_lits_check_hint_and_rung_view(page: Any, server: str) -> None:
    import_puzzle(page, LITS_URL)
    puzzle = api(server, "/api/load", {"input": LITS_URL})["json"]
    # hint from the bare board: the rule names the API gives, the last step's cells lit
    page.click("#hint")
    page.wait_for_selector("#hint-panel .rule")
    expected = api(server, "/api/hint", {"puzzle": puzzle, "grid": [[0] * 4 for _ in range(4)]})
    assert page.locator("#hint-panel .rule").all_inner_texts() == [
        step["rule"] for step in expected["steps"]
    ]
    assert board_cells(page, "rect.cell.hint") == sorted(expected["steps"][-1]["cells"])
    # a shaded 2x2 is a broken rule, shown on its cells
    for cell in (0, 1, 4, 5):
        page.click(f'rect.cell[data-cell="{cell}"]')
    page.click("#check")
    page.wait_for_selector("rect.cell.error")
    broken = api(
        server,
        "/api/check",
        {"puzzle": puzzle, "grid": [[1, 1, 0, 0], [1, 1, 0, 0], [0] * 4, [0] * 4]},
    )
    shown = {c for v in broken["violations"] if v["rule"] == "square" for c in v["cells"]}
    assert shown and shown <= set(board_cells(page, "rect.cell.error"))
    assert "broken" in page.inner_text("#message")
    # rung view: what each rung settles, shaded or dotted, from the untouched board
    views = api(server, "/api/rungs", {"puzzle": puzzle})["rungs"]
    for view in views:
        page.select_option("#rung-select", view["rung"])
        expect(page.locator("#rung-note")).to_contain_text(f"{view['rung']} ")
        assert board_cells(page, "rect.cell.rung-new") == view["new"]
        settled = dict(view["settled"])
        assert board_cells(page, "rect.shade.rung") == sorted(
            c for c, v in settled.items() if v == 1
        )
        assert board_cells(page, "circle.dot.rung") == sorted(
            c for c, v in settled.items() if v == 2
        )
    screenshot(page, "lits-rung.png")


def heteromino_cuts(solution: list[list[int]], black: list[int], cols: int) -> list[str]:
    """The edges the player cuts: every edge between two white cells of different pieces,
    as the page's data-edge keys ("cell:1" right, "cell:2" below)."""
    pieces = [number for row in solution for number in row]
    cuts = []
    for cell, number in enumerate(pieces):
        if black[cell]:
            continue
        right, below = cell + 1, cell + cols
        if cell % cols + 1 < cols and not black[right] and pieces[right] != number:
            cuts.append(f"{cell}:1")
        if below < len(pieces) and not black[below] and pieces[below] != number:
            cuts.append(f"{cell}:2")
    return cuts


def test_heteromino_play_to_completion_with_cuts(page: Any, server: str) -> None:
    payload = pick_from_bank(page, server, "heteromino")
    cols = payload["cols"]
    black = payload["cells"]["layers"]["black"]
    solution = api(server, "/api/solve", {"puzzle": payload["json"]})["solutions"][0]
    cuts = heteromino_cuts(solution, black, cols)
    assert board_cells(page, "rect.cell.black") == [c for c, b in enumerate(black) if b]
    # the last two cuts go in with the keys: select the cell, D cuts right, S below
    by_click, by_key = cuts[:-2], cuts[-2:]
    for edge in by_click:
        page.click(f'rect.edge-hit[data-edge="{edge}"]')
    assert page.locator("line.cut").count() == len(by_click)
    assert page.is_hidden("#solved-banner")
    screenshot(page, "heteromino-playing.png")
    for index, edge in enumerate(by_key):
        cell, bit = (int(part) for part in edge.split(":"))
        page.click(f'rect.cell[data-cell="{cell}"]')
        if index == len(by_key) - 1:
            assert page.is_hidden("#solved-banner"), "one cut short of done is not solved"
        page.keyboard.press("d" if bit == 1 else "s")
    page.wait_for_selector("#solved-banner", state="visible")
    assert "Solved!" in page.inner_text("#message")
    assert page.locator("line.cut").count() == len(cuts)
    white = sum(1 for b in black if not b)
    assert page.locator("rect.shade.piece").count() == white  # every piece shaded by shape
    screenshot(page, "heteromino-solved.png")
    # taking a cut back joins two pieces: not solved, the timer runs again
    page.keyboard.press("Control+z")
    assert page.locator("line.cut").count() == len(cuts) - 1
    assert page.is_hidden("#solved-banner")
    assert page.locator("rect.shade.piece").count() == white - 6


def test_heteromino_hint_check_and_rung_view(page: Any, server: str) -> None:
    import_puzzle(page, HETEROMINO_URL)
    puzzle = api(server, "/api/load", {"input": HETEROMINO_URL})["json"]
    page.click("#hint")
    page.wait_for_selector("#hint-panel .rule")
    expected = api(server, "/api/hint", {"puzzle": puzzle})
    assert page.locator("#hint-panel .rule").all_inner_texts() == [
        step["rule"] for step in expected["steps"]
    ]
    page.click("#hint")  # hints come in tiers: the second press gives the reason
    assert expected["steps"][-1]["reason"] in page.inner_text("#hint-panel")
    assert board_cells(page, "rect.cell.hint") == sorted(expected["steps"][-1]["cells"])
    # cutting a single white cell off is a piece too small: an error on that cell
    black = [b for row in puzzle["black"] for b in row]
    cols = puzzle["cols"]
    corner = next(c for c in range(len(black)) if not black[c])
    around = [corner + 1, corner + cols]
    page.click(f'rect.cell[data-cell="{corner}"]')
    for other, key in zip(around, "ds", strict=True):
        if not black[other]:
            page.keyboard.press(key)
    page.click("#check")
    page.wait_for_selector("rect.cell.error")
    # the lone cell, and each cut inside one of the answer's pieces (no answer has it)
    solution = api(server, "/api/solve", {"puzzle": puzzle})["solutions"][0]
    pieces = [n for row in solution for n in row]
    wrong = [c for c in around if not black[c] and pieces[c] == pieces[corner]]
    assert board_cells(page, "rect.cell.error") == sorted({corner, *wrong})
    expect(page.locator("#message")).to_contain_text("not 3")
    views = api(server, "/api/rungs", {"puzzle": puzzle})["rungs"]
    for view in views:
        page.select_option("#rung-select", view["rung"])
        expect(page.locator("#rung-note")).to_contain_text(f"{view['rung']} ")
        assert board_cells(page, "rect.cell.rung-new") == view["new"]
        codes = dict(view["settled"])
        whole = [c for c in codes if sum(1 for v in codes.values() if v == codes[c]) == 3]
        assert board_cells(page, "rect.shade.piece") == sorted(whole)
    screenshot(page, "heteromino-rung.png")


def test_bank_picker_offers_each_types_grades(page: Any, server: str) -> None:
    """The grade filter lists the grades found in the type's bank, in ladder order."""
    types = {t["name"]: t for t in api(server, "/api/types")["types"]}
    for name, info in types.items():
        listing = api(server, f"/api/bank/{name}")
        page.select_option("#type", name)
        expect(page.locator("#bank-grade option")).to_have_text(["any", *listing["grades"]])
        sizes = page.eval_on_selector_all("#bank-size option", "n => n.map(x => x.value)")
        assert sizes == ["", *listing["sizes"]]
        ladder = [rung["name"] for rung in info["ladder"]]
        order = [*ladder, "search"]
        assert listing["grades"] and set(listing["grades"]) <= set(order)
        assert listing["grades"] == sorted(listing["grades"], key=order.index)
    # LITS's bank reaches every rung of its ladder, the cheapest included
    assert api(server, "/api/bank/lits")["grades"] == ["local", "tetro", "probe"]


@pytest.mark.parametrize(("kind", "mode"), [("lits", "backtrack"), ("heteromino", "walk")])
def test_generate_lits_and_heteromino(page: Any, server: str, kind: str, mode: str) -> None:
    """A 6x6 through the generate control: made in a few seconds, unique, playable."""
    info = next(t for t in api(server, "/api/types")["types"] if t["name"] == kind)
    page.select_option("#type", kind)
    modes = page.eval_on_selector_all("#gen-mode option", "n => n.map(x => x.value)")
    assert modes == info["generate_modes"] and mode in modes
    page.fill("#gen-rows", "6")
    page.fill("#gen-cols", "6")
    page.select_option("#gen-mode", mode)
    page.click("#gen-go")
    expect(page.locator("#gen-status")).to_contain_text("Made in", timeout=10_000)
    seconds = float(page.inner_text("#gen-status").split("Made in ")[1].split(" s")[0])
    assert seconds < 5, f"a 6x6 {kind} took {seconds} s in the browser"
    assert f"{info['display_name']} 6x6 · generated" in page.inner_text("#title")
    assert page.locator("rect.cell").count() == 36
    made = api(server, "/api/load", {"input": page.input_value("#export-url")})
    assert (made["type"], made["rows"], made["cols"]) == (kind, 6, 6)
    assert api(server, "/api/solve", {"puzzle": made["json"]})["unique"] is True


def notes_tables(tab: Any, section: str) -> dict[str, dict[str, Any]]:
    """The tables of one notes section, by caption: header row and body rows (as text)."""
    found = tab.eval_on_selector_all(
        f'section[data-section="{section}"] table',
        """tables => tables.map(t => [t.caption.textContent, {
            head: [...t.tHead.rows[0].cells].map(c => c.textContent),
            body: [...t.tBodies[0].rows].map(r => [...r.cells].map(c => c.textContent)),
        }])""",
    )
    return dict(found)


def shown_value(text: str) -> Any:
    """A table cell read back: a list "[a, b]", true/false, a number, or the text."""
    if text.startswith("[") and text.endswith("]"):
        return [shown_value(part) for part in text[1:-1].split(", ")] if text != "[]" else []
    if text in ("true", "false"):
        return text == "true"
    try:
        return float(text)
    except ValueError:
        return text


def flat_fields(record: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """A record's fields as the page's columns: a nested group gives "group field"."""
    out: dict[str, Any] = {}
    for key, value in record.items():
        if isinstance(value, dict):
            out.update(flat_fields(value, f"{prefix}{key} "))
        else:
            out[prefix + key] = value
    return out


def assert_group_table(table: dict[str, Any], group: dict[str, Any], depth: int) -> None:
    """Each row of ``table`` holds the JSON's own values: ``group`` maps keys (``depth``
    levels of them) to records; plain values met on the way down are columns too."""
    expected: list[tuple[list[str], dict[str, Any]]] = []

    def walk(node: dict[str, Any], path: list[str], inherited: dict[str, Any]) -> None:
        plain = {**inherited, **{k: v for k, v in node.items() if not isinstance(v, dict)}}
        for key, value in node.items():
            if isinstance(value, dict) and len(path) + 1 == depth:
                expected.append(([*path, key], {**plain, **flat_fields(value)}))
            elif isinstance(value, dict):
                walk(value, [*path, key], plain)

    walk(group, [], {})
    assert expected, "the JSON group holds no records"
    head, body = table["head"], table["body"]
    assert len(body) == len(expected)
    for row, (path, fields) in zip(body, expected, strict=True):
        assert row[:depth] == path
        for column, value in fields.items():
            assert shown_value(row[head.index(column)]) == value, (path, column)


def test_lits_notes_page_shows_the_json_figures(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    stats = api(server, "/api/stats/lits")
    tab.goto(server + "notes/lits")
    tab.wait_for_selector("body[data-ready=true]")
    expect(tab.locator("#notes-title")).to_have_text("Notes on LITS")
    assert tab.title() == "pencilbox · LITS notes"
    # the plain figures at the top: every one, with its value
    about = tab.eval_on_selector_all(
        "#notes > section:first-child dt",
        "n => n.map(x => [x.textContent, x.nextSibling.textContent])",
    )
    plain = {k: v for k, v in stats.items() if not isinstance(v, dict)}
    assert [key for key, _ in about] == list(plain)
    assert all(shown_value(text) == plain[key] for key, text in about)
    # a record: one row per figure
    letters = notes_tables(tab, "enumeration")["by_letter"]
    rows = {key: shown_value(value) for key, value in letters["body"]}
    assert rows == stats["enumeration"]["by_letter"]
    # groups of records, one and two keys deep, with inherited plain columns
    assert_group_table(
        notes_tables(tab, "rungs_on_bank")["finish"], stats["rungs_on_bank"]["finish"], 1
    )
    assert_group_table(
        notes_tables(tab, "generation")["by_size"], stats["generation"]["by_size"], 1
    )
    assert_group_table(notes_tables(tab, "descent")["by_size"], stats["descent"]["by_size"], 1)
    assert_group_table(notes_tables(tab, "density")["by_size"], stats["density"]["by_size"], 2)
    assert_group_table(
        notes_tables(tab, "partitions")["by_size"], stats["partitions"]["by_size"], 2
    )
    # a rate with its interval is charted: one point per rung
    chart = tab.locator('svg.chart[aria-label="finish: rate (bars: 95% interval)"]')
    assert chart.locator("circle.point").count() == len(stats["rungs_on_bank"]["finish"])
    OUTPUT.mkdir(exist_ok=True)
    tab.screenshot(path=str(OUTPUT / "notes-lits.png"), full_page=True)
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_notes_page_draws_the_measured_figures(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    stats = api(server, "/api/stats/suguru")
    tab.goto(server + "notes/suguru")
    tab.wait_for_selector("body[data-ready=true]")
    table = tab.locator('section[data-section="singles"] table', has_text="5x5").first
    figures = stats["singles"]["by_size"]
    headers = table.locator("th").all_text_contents()  # the tables are folded away
    column = headers.index("finish_rate")
    # one row per size and mode, each holding the JSON's own number
    rows = table.locator("tbody tr")
    assert rows.count() == sum(len(modes) for modes in figures.values())
    for index, (size, mode) in enumerate((s, m) for s in figures for m in figures[s]):
        cells = rows.nth(index).locator("td").all_text_contents()
        assert cells[:2] == [size, mode]
        assert float(cells[column]) == figures[size][mode]["finish_rate"]
    chart = tab.locator('svg.chart[aria-label="by_size: finish_rate (bars: 95% interval)"]').first
    assert chart.locator("circle.point").count() == rows.count()
    assert chart.locator("polyline.series").count() == len(next(iter(figures.values())))
    OUTPUT.mkdir(exist_ok=True)
    tab.screenshot(path=str(OUTPUT / "notes-suguru.png"), full_page=True)
    unmeasured = [t["name"] for t in api(server, "/api/types")["types"] if not t["has_stats"]]
    if unmeasured:
        tab.goto(server + f"notes/{unmeasured[0]}")
        tab.wait_for_selector("body[data-ready=true]")
        expect(tab.locator("#notes")).to_contain_text("not measured yet")
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
