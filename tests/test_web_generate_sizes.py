"""The web app generates at every size ``pencilbox generate`` accepts, per type,
with progress and a cancel that kills the worker.

Each face declares the sides its generator accepts (``generate_sides``); the
first tests hold the declaration to the generator itself, then the API is
held to the declaration (``/api/types`` reports it, ``/api/generate`` takes
its largest size and refuses one past it in one line), and last the page in
Chromium, on a desktop and on a 390x844 phone: the size inputs follow the
selected type, a size out of range is refused before any request, a board
past the old 12x12 cap is made with its progress shown against the type's
measured times, and a cancel mid-generation kills the worker; and the same
page in the static site, where the jobs run in the page's Web Workers.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import registry
from pencilbox.errors import PuzzleError
from pencilbox.web import api as endpoints
from pencilbox.web import jobs, limits, worker
from pencilbox.web.app import create_app
from pencilbox.web.payloads import Call

try:  # the browser half needs Chromium and Playwright; the rest runs without them
    from playwright.sync_api import expect

    from site_support import built_site, site
    from test_web_e2e import CHROMIUM, OUTPUT, api, browser, server
    from test_web_phone import PHONE

    BROWSER = CHROMIUM.exists()
except (ImportError, pytest.skip.Exception):
    BROWSER = False

__all__ = ["browser", "built_site", "server", "site"]  # fixtures, used by name

needs_browser = pytest.mark.skipif(not BROWSER, reason="needs /usr/bin/chromium and Playwright")
NAMES = registry.names()


def sides_of(name: str) -> tuple[int, int]:
    sides = registry.get(name).generate_sides
    assert sides is not None, f"{name} declares no generate sides"
    return sides


# -- the face and the generator ------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_the_face_declares_the_sides_its_generator_accepts(name: str) -> None:
    """Just past either end is refused in one line by the generator the CLI runs;
    both ends are taken (the longest side on a thin board, which is quick)."""
    kind = registry.get(name)
    low, high = sides_of(name)
    mode = kind.generate_modes[0]
    for rows, cols in ((high + 1, low), (low, high + 1), (low - 1, low), (low, low - 1)):
        with pytest.raises(PuzzleError, match=f"{rows}x{cols}"):
            kind.generate(random.Random(1), rows, cols, mode)
    made = kind.generate(random.Random(1), low, high, mode)
    assert (made.puzzle.rows, made.puzzle.cols) == (low, high)


# -- the API ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def error_of(response: Any) -> str:
    message = response.json()["error"]
    assert isinstance(message, str) and message and "\n" not in message
    return message


def test_types_report_each_types_sides_and_measured_times(client: TestClient) -> None:
    listed = {t["name"]: t for t in client.get("/api/types").json()["types"]}
    assert set(listed) == set(NAMES)
    timed = 0
    for name, info in listed.items():
        kind = registry.get(name)
        assert info["generate_sides"] == list(sides_of(name))
        times = info["generate_times"]
        assert times == kind.generation_times()
        if times is None:
            continue
        timed += 1
        # every figure is the stats file's own, never an estimate
        path = kind.stats_file()
        assert path is not None
        measured = json.loads(path.read_text(encoding="utf-8"))["generation"]["by_size"]
        assert set(times["by_size"]) == set(measured)
        for size, shown in times["by_size"].items():
            raw = measured[size]
            assert shown["median"] == raw.get("median", raw.get("median_seconds"))
            assert shown["max"] == raw.get("max", raw.get("max_seconds"))
        assert times["mode"] in kind.generate_modes
    assert timed, "no type ships measured generation times"


def run_generate(body: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """The generate endpoint itself, its job handed to a stand-in that records what it
    was asked and makes the type's smallest board (a 30x30 would take minutes)."""
    asked: list[tuple[str, Any]] = []

    async def run(name: str, payload: dict[str, Any]) -> dict[str, Any]:
        asked.append((name, payload))
        low = sides_of(payload["type"])[0]
        return jobs.generate_job({**payload, "rows": low, "cols": low})

    call = Call(params={}, query={}, body=json.dumps(body).encode(), run=run)
    return asyncio.run(endpoints.generate(call)), asked


@pytest.mark.parametrize("name", NAMES)
def test_the_largest_size_is_accepted(name: str) -> None:
    high = sides_of(name)[1]
    body = {"type": name, "rows": high, "cols": high}
    answer, asked = run_generate(body)
    assert [(job, payload["rows"], payload["cols"]) for job, payload in asked] == [
        ("generate", high, high)
    ]
    assert answer["type"] == name


@pytest.mark.parametrize("name", NAMES)
def test_one_past_the_range_is_a_one_line_400(client: TestClient, name: str) -> None:
    low, high = sides_of(name)
    display = registry.get(name).display_name
    for rows, cols, field in (
        (high + 1, low, "rows"),
        (low, high + 1, "cols"),
        (low - 1, low, "rows"),
    ):
        response = client.post("/api/generate", json={"type": name, "rows": rows, "cols": cols})
        assert response.status_code == 400
        message = error_of(response)
        assert f"'{field}'" in message
        assert f"{display} boards are generated from {low}x{low} to {high}x{high}" in message
    assert worker.running_jobs() == 0


@pytest.mark.parametrize("name", NAMES)
def test_the_longest_side_generates_for_real(client: TestClient, name: str) -> None:
    low, high = sides_of(name)
    body = {"type": name, "rows": low, "cols": high, "seed": "1"}
    response = client.post("/api/generate", json=body)
    assert response.status_code == 200, response.text
    assert (response.json()["rows"], response.json()["cols"]) == (low, high)


def test_a_30x30_generates_for_real_within_the_budget(client: TestClient) -> None:
    """A whole largest board through the worker pool: Heteromino's seed 2 walks in
    about 2 s CPU, far inside the generate budget."""
    high = sides_of("heteromino")[1]
    body = {"type": "heteromino", "rows": high, "cols": high, "seed": "2"}
    response = client.post("/api/generate", json=body)
    assert response.status_code == 200, response.text
    made = response.json()
    assert (made["rows"], made["cols"]) == (high, high) and made["grade"]["label"]


# -- the page ----------------------------------------------------------------------------------

SUCCESS = ("norinori", 15)
"""Past the old 12x12 cap, with measured times (median 0.6 s): made in a few seconds."""
CANCELLED = ("lits", 30)
"""The largest LITS, which takes a minute or more: long enough to cancel midway."""


def open_tab(browser: Any, server: str, options: dict[str, Any]) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(**options)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(server)
    tab.wait_for_selector("body[data-ready=true]")
    if not tab.locator("#fold-generate").evaluate("n => n.open"):
        tab.click("#fold-generate > summary")
    return context, tab, errors


SCREENS: dict[str, dict[str, Any]] = {"desktop": {"viewport": {"width": 1300, "height": 900}}}
if BROWSER:
    SCREENS["phone"] = PHONE


@dataclass
class Screen:
    """A page on one screen: ``press`` taps on a phone and clicks on a desktop."""

    page: Any
    name: str

    @property
    def touch(self) -> bool:
        return self.name == "phone"

    def press(self, selector: str) -> None:
        if self.touch:
            self.page.tap(selector)
        else:
            self.page.click(selector)


@pytest.fixture(params=list(SCREENS))
def screen(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Screen]:
    context, tab, errors = open_tab(browser, server, SCREENS[request.param])
    yield Screen(tab, request.param)
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def bounds(tab: Any) -> list[tuple[str, str]]:
    return [
        (tab.get_attribute(f"#gen-{side}", "min"), tab.get_attribute(f"#gen-{side}", "max"))
        for side in ("rows", "cols")
    ]


def wait_bounds(tab: Any, name: str) -> None:
    low, high = sides_of(name)
    tab.wait_for_function(
        "([low, high]) => ['#gen-rows', '#gen-cols'].every(s => {"
        " const n = document.querySelector(s); return n.min === low && n.max === high; })",
        arg=[str(low), str(high)],
    )


def record_status(tab: Any) -> None:
    """Keep every text the generate status shows, however briefly."""
    tab.evaluate(
        "() => { window.seen = []; const node = document.querySelector('#gen-status');"
        " new MutationObserver(() => window.seen.push(node.textContent))"
        ".observe(node, {childList: true, characterData: true, subtree: true}); }"
    )


def choose(tab: Any, name: str, rows: int, cols: int) -> None:
    if tab.input_value("#type") != name:
        tab.select_option("#type", name)
    wait_bounds(tab, name)
    tab.fill("#gen-rows", str(rows))
    tab.fill("#gen-cols", str(cols))


@needs_browser
def test_the_inputs_follow_the_type(screen: Screen) -> None:
    tab = screen.page
    for name in NAMES:
        tab.select_option("#type", name)
        wait_bounds(tab, name)
        low, high = sides_of(name)
        assert bounds(tab) == [(str(low), str(high))] * 2
    # a value the new type cannot take moves inside its range
    widest = max(NAMES, key=lambda n: sides_of(n)[1])
    narrowest = min(NAMES, key=lambda n: sides_of(n)[1])
    choose(tab, widest, sides_of(widest)[1], sides_of(widest)[1])
    tab.select_option("#type", narrowest)
    wait_bounds(tab, narrowest)
    assert tab.input_value("#gen-rows") == str(sides_of(narrowest)[1])
    # a type chosen by importing a puzzle of it sets the bounds too
    other = next(n for n in NAMES if n != narrowest)
    record = registry.get(other).bank()[0]
    tab.fill("#import-text", record["url"])
    screen.press("#import-go")
    wait_bounds(tab, other)


@needs_browser
def test_a_size_out_of_range_is_refused_in_one_line(screen: Screen) -> None:
    tab = screen.page
    name = NAMES[0]
    low, high = sides_of(name)
    choose(tab, name, low, low)
    sent: list[str] = []
    tab.on("request", lambda request: sent.append(request.url))
    tab.fill("#gen-cols", str(high + 1))
    screen.press("#gen-go")
    status = tab.locator("#gen-status")
    display = registry.get(name).display_name
    expect(status).to_contain_text(
        f"Cols must be a whole number from {low} to {high}: {display} boards are generated"
    )
    assert "\n" not in status.inner_text()
    assert not [url for url in sent if "/api/generate" in url]
    assert tab.is_enabled("#gen-go") and tab.is_hidden("#gen-cancel")


@needs_browser
def test_a_board_past_12x12_is_made_with_its_progress(screen: Screen, server: str) -> None:
    tab = screen.page
    name, side = SUCCESS
    info = next(t for t in api(server, "/api/types")["types"] if t["name"] == name)
    measured = info["generate_times"]["by_size"][f"{side}x{side}"]
    choose(tab, name, side, side)
    record_status(tab)
    screen.press("#gen-go")
    expect(tab.locator("#gen-status")).to_contain_text("Made in", timeout=60_000)
    seen = tab.evaluate("window.seen")
    progress = [text for text in seen if text.startswith(f"Generating {side}x{side}")]
    assert progress, seen
    assert f"median of {measured['samples']} timed" in progress[0] and "usually" in progress[0]
    assert f"the limit is {limits.TIME_BUDGET['generate']:g} s" in progress[0]
    assert f"{info['display_name']} {side}x{side} · generated" in tab.inner_text("#title")
    assert tab.locator("rect.cell").count() == side * side


def wait_until(check: Any, within: float, what: str) -> None:
    deadline = time.monotonic() + within
    while not check():
        assert time.monotonic() < deadline, f"{what} within {within:g} s"
        time.sleep(0.05)


def warm_pids(expected: int, within: float = 90.0) -> set[int]:
    """The idle workers' pids once ``expected`` of them are warm."""
    found: set[int] = set()

    def warm() -> bool:
        found.clear()
        pids = (w.process.pid for w in worker.idle_workers() if w.process.is_alive())
        found.update(pid for pid in pids if pid is not None)
        return len(found) >= expected

    wait_until(warm, within, f"{expected} warm workers")
    return found


@needs_browser
def test_a_cancel_mid_generation_kills_the_worker(screen: Screen) -> None:
    tab = screen.page
    name, side = CANCELLED
    before = warm_pids(limits.MAX_JOBS)
    choose(tab, name, side, side)
    screen.press("#gen-go")
    wait_until(lambda: worker.running_jobs() == 1, 15, "the generation to reach a worker")
    status = tab.locator("#gen-status")
    expect(status).to_contain_text(f"Generating {side}x{side}")
    # no time is measured at this size: the page says what is happening instead
    assert f"no time measured for {side}x{side}" in status.inner_text()
    # mid-generation: the quickest of 9 seeds measured took 2.4 s CPU at this size
    time.sleep(0.3)
    assert worker.running_jobs() == 1, "the generation ended before it could be cancelled"
    OUTPUT.mkdir(exist_ok=True)
    tab.screenshot(path=str(OUTPUT / f"generate-progress-{screen.name}.png"))
    screen.press("#gen-cancel")
    expect(status).to_have_text("Cancelled.")
    assert tab.is_enabled("#gen-go") and tab.is_hidden("#gen-cancel")
    wait_until(lambda: worker.running_jobs() == 0, 15, "the cancelled job to stop")
    after = warm_pids(limits.MAX_JOBS)
    killed = before - after
    assert len(killed) == 1, (before, after)
    with pytest.raises(ProcessLookupError):
        os.kill(killed.pop(), 0)


# -- the same page in the static site, its jobs in the page's Web Workers ------------------------

SOLVER_SECONDS = 120  # a cold Pyodide start on a loaded 2-core machine


@needs_browser
@pytest.mark.parametrize("name", list(SCREENS))
def test_the_static_site_generates_past_12x12_and_cancels(
    browser: Any, site: str, name: str
) -> None:
    """The page's Generate section needs nothing of the server: the bounds come from
    the pre-rendered /api/types, a 15x15 is made in a Web Worker with its progress
    against the measured times, and a cancelled 30x30 has its Web Worker replaced."""
    context = browser.new_context(**SCREENS[name])
    screen = Screen(context.new_page(), name)
    tab = screen.page
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        tab.goto(site)
        tab.wait_for_selector("body[data-solver=ready]", timeout=SOLVER_SECONDS * 1000)
        if not tab.locator("#fold-generate").evaluate("n => n.open"):
            tab.click("#fold-generate > summary")
        kind, side = SUCCESS
        choose(tab, kind, side, side)
        record_status(tab)
        screen.press("#gen-go")
        expect(tab.locator("#gen-status")).to_contain_text("Made in", timeout=120_000)
        seen = [t for t in tab.evaluate("window.seen") if t.startswith(f"Generating {side}x{side}")]
        assert seen and "usually" in seen[0] and "outside the browser" in seen[0], seen
        assert tab.locator("rect.cell").count() == side * side
        if not tab.locator("#fold-generate").evaluate("n => n.open"):
            tab.click("#fold-generate > summary")
        tab.evaluate(
            "async () => { const api = await import('./static/js/core/api.js');"
            " window.pool = (await api.transport()).pool;"
            " window.before = window.pool.runners.map((r) => r.worker); }"
        )
        kind, side = CANCELLED
        choose(tab, kind, side, side)
        screen.press("#gen-go")
        # running, not queued: the pool's second worker may still be starting, and a
        # board's export call may hold the first for a moment
        tab.wait_for_function("() => window.pool.runners.some((r) => r.job && r.job.long)")
        expect(tab.locator("#gen-status")).to_contain_text(f"no time measured for {side}x{side}")
        screen.press("#gen-cancel")
        expect(tab.locator("#gen-status")).to_have_text("Cancelled.")
        replaced = tab.evaluate(
            "() => window.pool.runners.filter((r) => !window.before.includes(r.worker)).length"
        )
        assert replaced == 1
    finally:
        context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"
