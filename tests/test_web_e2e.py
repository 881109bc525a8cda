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


def open_first_puzzle(page: Any, server: str) -> dict[str, Any]:
    """Open a bank puzzle through the picker, or import a known one when no bank exists."""
    listing = api(server, "/api/bank/suguru")
    if listing["puzzles"]:
        page.select_option("#bank-list", listing["puzzles"][0]["id"])
        page.click("#bank-open")
        page.wait_for_selector("svg.board")
        return api(server, f"/api/bank/suguru/{listing['puzzles'][0]['id']}")
    import_puzzle(page, ABIGAIL_URL)
    return api(server, "/api/load", {"input": ABIGAIL_URL})


def test_play_a_puzzle_to_completion(page: Any, server: str) -> None:
    payload = open_first_puzzle(page, server)
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
    page.wait_for_selector("#solved-banner", state="visible")
    assert "Solved!" in page.inner_text("#message")
    assert len(entries(page)) == len(open_cells)
    assert page.eval_on_selector("svg.board", "n => n.classList.contains('solved')")
    OUTPUT.mkdir(exist_ok=True)
    page.locator("#board").screenshot(path=str(OUTPUT / "suguru-solved.png"))
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
    assert expected["steps"][-1]["reason"] in page.inner_text("#hint-panel")
    highlighted = page.eval_on_selector_all(
        "rect.cell.hint", "nodes => nodes.map(n => Number(n.dataset.cell))"
    )
    assert highlighted == expected["steps"][-1]["cells"]
    OUTPUT.mkdir(exist_ok=True)
    page.locator("#board").screenshot(path=str(OUTPUT / "suguru-hint.png"))


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


def test_types_without_a_board_module_are_offered_disabled(page: Any, server: str) -> None:
    names = [t["name"] for t in api(server, "/api/types")["types"]]
    options = page.eval_on_selector_all(
        "#type option", "nodes => nodes.map(n => [n.value, n.disabled])"
    )
    assert [value for value, _ in options] == names
    assert dict(options)["suguru"] is False
    if "lits" in names:
        # the server reads LITS (a pzprjs test URL) but this page draws no LITS board yet
        page.fill("#import-text", "https://puzz.link/p?lits/4/4/9q02jg")
        page.click("#import-go")
        expect(page.locator("#message")).to_contain_text("cannot draw lits boards yet")
        assert page.input_value("#type") == "suguru"
