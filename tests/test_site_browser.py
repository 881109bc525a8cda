"""The static site in real Chromium: Python in the page's Web Worker.

Served by Python's plain static file server (no pencilbox server runs), the
site is loaded at desktop and 390x844 touch sizes and used as a person would:
the board draws and takes moves before Python is ready, every type is played
to "Solved" with hints, the site works offline after one visit, a new build
is never served stale, no request leaves the site, and the transport answers
every call as the server does. Screenshots go to ``test-output/``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import registry
from pencilbox.web.app import create_app
from pencilbox.web.site import build as site_build
from pencilbox.web.site.preview import serve_folder
from site_support import Contexts, built_site, site, site_contexts
from test_web_e2e import CHROMIUM_ARGS, OUTPUT, browser, heteromino_cuts

__all__ = ["browser", "built_site", "site", "site_contexts"]  # fixtures, used by name

playwright_api = pytest.importorskip("playwright.sync_api")

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1300, "height": 900}}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
READY_SECONDS = 90  # a cold Pyodide start on a loaded 2-core machine, with room to spare
LITS_URL = "https://puzz.link/p?lits/4/4/9q02jg"

assert CHROMIUM_ARGS  # the same browser flags as the server's browser tests


class Tab:
    """A page on the site, with what it logged and every request it made; in a
    browser profile of its own, or in ``shared`` (its storage emptied first)."""

    def __init__(
        self, browser: Any, address: str, options: dict[str, Any], shared: Any = None
    ) -> None:
        self.address = address
        self.own = shared is None
        self.context = browser.new_context(**options) if self.own else shared
        self.touch = bool(options.get("has_touch"))
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        if self.own:
            self.context.on("request", lambda request: self.requests.append(request.url))

    def open(self, query: str = "") -> Any:
        if not self.own:
            self.page.goto(self.address + "static/site/manifest.webmanifest")
            self.page.evaluate("window.localStorage.clear()")
        self.page.goto(self.address + query)
        self.page.wait_for_selector("body[data-ready=true]", timeout=READY_SECONDS * 1000)
        return self.page

    def press(self, selector: str) -> None:
        if self.touch:
            self.page.tap(selector)
        else:
            self.page.click(selector)

    def solver_ready(self) -> None:
        self.page.wait_for_selector("body[data-solver=ready]", timeout=READY_SECONDS * 1000)

    def close(self) -> None:
        if self.own:
            self.context.close()
        else:
            self.page.close()
        assert self.errors == [], f"JavaScript errors on the page: {self.errors}"


@pytest.fixture(params=list(SIZES))
def tab(request: pytest.FixtureRequest, browser: Any, site: str) -> Iterator[Tab]:
    """A page in a fresh browser profile: nothing of the site cached yet."""
    opened = Tab(browser, site, SIZES[request.param])
    yield opened
    opened.close()


@pytest.fixture
def ready_page(browser: Any, site: str, site_contexts: Contexts) -> Iterator[Any]:
    """A desktop page in the module's shared profile, its solver ready."""
    opened = Tab(browser, site, DESKTOP, site_contexts.get(DESKTOP))
    page = opened.open()
    opened.solver_ready()
    yield page
    opened.close()


@pytest.fixture(params=list(SIZES))
def kept_tab(
    request: pytest.FixtureRequest, browser: Any, site: str, site_contexts: Contexts
) -> Iterator[Tab]:
    """A page in a profile the module's tests share (the runtime cached)."""
    options = SIZES[request.param]
    opened = Tab(browser, site, options, site_contexts.get(options))
    yield opened
    opened.close()


def shot(tab: Tab, name: str) -> None:
    OUTPUT.mkdir(exist_ok=True)
    tab.page.screenshot(path=str(OUTPUT / name), full_page=True)


def smallest(name: str) -> dict[str, Any]:
    records = registry.get(name).bank()
    return min(records, key=lambda r: (r["rows"] * r["cols"], r["id"]))


def open_bank(tab: Tab, name: str, record: dict[str, Any]) -> None:
    page = tab.page
    if page.input_value("#type") != name:
        page.select_option("#type", name)
    if not page.locator("#fold-bank").evaluate("n => n.open"):
        page.click("#fold-bank > summary")
    page.wait_for_function(
        "n => document.querySelectorAll('#bank-list option').length === n",
        arg=len(registry.get(name).bank()),
    )
    page.select_option("#bank-list", record["id"])
    tab.press("#bank-open")
    page.wait_for_selector(f'#title:has-text("bank {record["id"]}")')


def size_of(tab: Tab) -> str:
    return "phone" if tab.touch else "desktop"


# -- the board before Python ---------------------------------------------------


def test_the_board_draws_and_takes_moves_before_python_is_ready(tab: Tab) -> None:
    # Python stays loading until the test lets the wheels through: the worker
    # fetches them first, and a warm machine could otherwise start Python
    # before the board is open (the state this test is about was a race).
    held: list[Any] = []
    tab.context.route("**/*.whl", lambda route: held.append(route))
    page = tab.open()
    name = "suguru"
    record = smallest(name)
    open_bank(tab, name, record)
    # Drawn from the pre-rendered answer while the worker still loads Python.
    assert page.get_attribute("body", "data-solver") == "loading"
    assert "Loading the solver" in page.inner_text("#solver")
    shot(tab, f"site-{size_of(tab)}-loading.png")
    givens = record["json"]["givens"]
    cols = record["cols"]
    cell = next(c for c in range(record["rows"] * cols) if not givens[c // cols][c % cols])
    tab.press(f'rect.cell[data-cell="{cell}"]')
    digit = str(record["solution"][cell // cols][cell % cols])
    if tab.touch:
        tab.press(f'#pad button[data-key="{digit}"]')
    else:
        page.keyboard.press(digit)
    assert page.locator("svg.board text.entry").all_text_contents() == [digit]
    # A button that needs Python says that it waits for it, then answers.
    tab.press("#hint")
    assert page.inner_text("#hint-panel") == "Waiting for the solver to load…"
    # the hint, and the export forms the board asked for on opening
    assert "2 requests will run once it is ready." in page.inner_text("#solver")
    assert held, "the worker fetched no wheel while the test held them"
    for route in held:
        route.continue_()
    tab.context.unroute("**/*.whl")
    tab.solver_ready()
    page.wait_for_selector("#hint-panel .rules, #hint-panel li", timeout=30_000)
    assert "Solver" not in page.inner_text("#message")
    assert page.is_hidden("#solver")


# -- every type played through, hints only -----------------------------------


def _entered(tab: Tab, name: str, record: dict[str, Any], cells: list[int], done: set[Any]) -> int:
    """Make the answer's moves on the hinted ``cells``; how many were made."""
    page, cols, solution = tab.page, record["cols"], record["solution"]
    made = 0
    if name == "heteromino":
        black = [v for row in record["json"]["black"] for v in row]
        for edge in heteromino_cuts(solution, black, cols):
            cell, side = (int(part) for part in edge.split(":"))
            other = cell + (1 if side == 1 else cols)
            if edge not in done and (cell in cells or other in cells):
                tab.press(f'rect.edge-hit[data-edge="{edge}"]')
                done.add(edge)
                made += 1
        return made
    for cell in cells:
        if cell in done:
            continue
        value = solution[cell // cols][cell % cols]
        if "givens" in record["json"]:  # a type with givens writes numbers (10 and over typed)
            tab.press(f'rect.cell[data-cell="{cell}"]')
            if tab.touch:
                tab.press(f'#pad button[data-key="{value}"]')
            else:
                page.keyboard.type(str(value))
        else:  # a shading type: one tap shades, a second makes the dot
            for _ in range(1 if value else 2):
                tab.press(f'rect.cell[data-cell="{cell}"]')
        done.add(cell)
        made += 1
    return made


def givens_of(name: str, record: dict[str, Any]) -> set[int]:
    if "givens" not in record["json"]:
        return set()
    return {i for i, v in enumerate(v for row in record["json"]["givens"] for v in row) if v}


@pytest.mark.parametrize("name", registry.names())
def test_each_type_is_played_to_solved_with_hints(kept_tab: Tab, name: str) -> None:
    tab = kept_tab
    page = tab.open()
    record = smallest(name)
    open_bank(tab, name, record)
    tab.solver_ready()
    done: set[Any] = set(givens_of(name, record))
    hints = 0
    while page.is_hidden("#solved-banner"):
        assert hints < 400, "hints did not lead to the solution"
        before = page.inner_text("#hint-panel")
        tab.press("#hint")
        page.wait_for_function(
            "before => { const t = document.querySelector('#hint-panel').innerText;"
            " return t !== before && !t.includes('Thinking') && !t.includes('Waiting'); }",
            arg=before,
            timeout=30_000,
        )
        hints += 1
        if "Nothing left to deduce" in page.inner_text("#hint-panel"):
            # every move is made: the page's own check (a call of its own) says so
            page.wait_for_selector("#solved-banner", state="visible", timeout=30_000)
            break
        lit = page.eval_on_selector_all(
            "rect.cell.hint", "nodes => nodes.map(n => Number(n.dataset.cell))"
        )
        assert lit, f"hint {hints} lit no cell: {page.inner_text('#hint-panel')[:200]}"
        if not _entered(tab, name, record, lit, done):
            # The hint is about moves already made (a join, a dot): its next tier.
            continue
    assert hints >= 1
    assert "Solved!" in page.inner_text("#message")
    shot(tab, f"site-{size_of(tab)}-{name}-solved.png")


# -- offline, installable, never stale ------------------------------------------


def wait_cached(page: Any, version: str) -> None:
    """Until the service worker controls the page and holds this version alone."""
    page.wait_for_function(
        "v => navigator.serviceWorker.controller !== null && caches.keys().then(k => k) && true",
        arg=version,
        timeout=60_000,
    )
    page.wait_for_function(
        """async (v) => {
          const keys = await caches.keys();
          if (keys.length !== 1 || keys[0] !== `pencilbox-${v}`) return false;
          const cache = await caches.open(keys[0]);
          return (await cache.keys()).length > 10;
        }""",
        arg=version,
        timeout=60_000,
    )


def test_the_site_works_offline_after_one_visit(browser: Any, site: str, built_site: Any) -> None:
    tab = Tab(browser, site, PHONE)
    try:
        page = tab.open()
        tab.solver_ready()
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
        wait_cached(page, built_site.version)
        tab.context.set_offline(True)
        page.reload()
        page.wait_for_selector("body[data-ready=true]", timeout=READY_SECONDS * 1000)
        name = "lits"
        open_bank(tab, name, smallest(name))
        tab.solver_ready()
        tab.press("#hint")
        page.wait_for_selector("rect.cell.hint", timeout=30_000)
        assert "Look at" in page.inner_text("#hint-panel")
        shot(tab, "site-phone-offline-hint.png")
    finally:
        tab.close()


def test_a_new_build_replaces_the_old_one_and_is_never_served_stale(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "site"
    first = site_build.build(folder, say=lambda text: None)
    with serve_folder(folder) as address:
        tab = Tab(browser, address, DESKTOP)
        try:
            page = tab.open()
            page.reload()
            page.wait_for_selector("body[data-ready=true]")
            wait_cached(page, first.version)
            # The next build: the same package with one line of the page changed.
            static = tmp_path / "static"
            shutil.copytree(site_build.STATIC, static)
            index = static / "index.html"
            index.write_text(
                index.read_text().replace("<title>", '<meta name="build" content="two"><title>')
            )
            monkeypatch.setattr(site_build, "STATIC", static)
            second = site_build.build(folder, say=lambda text: None)
            assert second.version != first.version
            page.reload()
            page.wait_for_selector("body[data-ready=true]")
            assert page.get_attribute('meta[name="build"]', "content") == "two"
            wait_cached(page, second.version)  # the old version's cache is gone
            tab.context.set_offline(True)
            page.reload()
            page.wait_for_selector("body[data-ready=true]")
            assert page.get_attribute('meta[name="build"]', "content") == "two"
        finally:
            tab.close()


def test_the_site_is_installable(browser: Any, site: str) -> None:
    tab = Tab(browser, site, DESKTOP)
    try:
        page = tab.open()
        manifest = page.evaluate(
            """async () => {
              const link = document.querySelector('link[rel=manifest]');
              const answer = await fetch(link.href);
              return {type: answer.headers.get('content-type'), body: await answer.json(),
                      href: link.href};
            }"""
        )
        assert manifest["body"]["display"] == "standalone"
        for icon in manifest["body"]["icons"]:
            size = int(icon["sizes"].split("x")[0])
            loaded = page.evaluate(
                """async (src) => { const img = new Image(); img.src = src; await img.decode();
                  return [img.naturalWidth, img.naturalHeight]; }""",
                manifest["href"].rsplit("/", 1)[0] + "/" + icon["src"],
            )
            assert loaded == [size, size]
        assert page.evaluate("navigator.serviceWorker.ready.then(r => r.active !== null)")
    finally:
        tab.close()


def test_no_request_leaves_the_sites_origin(browser: Any, site: str) -> None:
    tab = Tab(browser, site, DESKTOP)
    try:
        page = tab.open()
        tab.solver_ready()
        open_bank(tab, "norinori", smallest("norinori"))
        tab.press("#hint")
        page.wait_for_selector("rect.cell.hint", timeout=30_000)
        page.click("#notes-link a")
        page.wait_for_selector("body[data-ready=true]")
        assert page.locator("#article").inner_text().strip()
        assert tab.requests, "no request was recorded"
        strays = [url for url in tab.requests if not url.startswith(site)]
        assert strays == []
    finally:
        tab.close()


# -- one transport or the other: the same answers ----------------------------------


CALL = """async ([path, body]) => {
  const api = await import('./static/js/core/api.js');
  try { return {status: 200, body: await api.post(path, body)}; }
  catch (error) { return {status: error.status || 0, body: {error: error.message}}; }
}"""


def requests_to_compare() -> list[tuple[str, Any]]:
    calls: list[tuple[str, Any]] = []
    for name in registry.names():
        record = smallest(name)
        puzzle = record["json"]
        calls += [
            ("/api/load", {"input": record["url"]}),
            ("/api/export", {"puzzle": puzzle}),
            ("/api/check", {"puzzle": puzzle, "grid": record["solution"]}),
            ("/api/hint", {"puzzle": puzzle}),
            ("/api/progress", {"puzzle": puzzle, "grid": record["solution"], "which": True}),
            ("/api/rungs", {"puzzle": puzzle}),
            ("/api/solve", {"puzzle": puzzle, "limit": 2}),
            ("/api/grade", {"puzzle": puzzle}),
            ("/api/verdict", {"draft": puzzle}),
        ]
    calls += [
        ("/api/load", {"input": "lits/4/4"}),
        ("/api/hint", {"puzzle": {"puzzle": "nosuch"}}),
        ("/api/solve", {"puzzle": LITS_URL, "limit": 99}),
        ("/api/generate", {"type": "lits", "rows": 2, "cols": 2}),
        # the same seed makes the same puzzle in the page's Python as on the server
        *(
            ("/api/generate", {"type": name, "rows": 6, "cols": 6, "seed": "20261204"})
            for name in registry.names()
        ),
    ]
    return calls


def untimed(value: Any) -> Any:
    """An answer without its ``seconds`` and ``*_seconds`` fields: how long a job
    took is a measurement of the machine that ran it, not part of the answer."""
    if isinstance(value, dict):
        return {key: untimed(item) for key, item in value.items() if not key.endswith("seconds")}
    if isinstance(value, list):
        return [untimed(item) for item in value]
    return value


def test_both_transports_answer_every_call_alike(ready_page: Any) -> None:
    page = ready_page
    with TestClient(create_app()) as client:
        for path, body in requests_to_compare():
            over_http = client.post(path, json=body)
            in_page = page.evaluate(CALL, [path, body])
            expected = {"status": over_http.status_code, "body": over_http.json()}
            assert untimed(in_page) == untimed(expected), f"{path} {json.dumps(body)[:80]}"


def test_a_job_past_its_budget_ends_as_on_the_server(ready_page: Any) -> None:
    page = ready_page
    answer = page.evaluate(
        """async (url) => {
          const api = await import('./static/js/core/api.js');
          const pool = (await api.transport()).pool;
          // Every worker is told a budget far shorter than the real one, once.
          const kept = pool.runners.map((runner) => [runner, runner.worker.onmessage]);
          for (const [runner, deliver] of kept) {
            runner.worker.onmessage = (event) => deliver(event.data.type === 'started'
              ? {data: {...event.data, budget: 0}} : event);
          }
          const before = pool.runners.map((r) => r.worker);
          let failed = null;
          try { await api.post('/api/solve', {puzzle: url}); }
          catch (error) { failed = {status: error.status, message: error.message}; }
          for (const [runner, deliver] of kept) runner.worker.onmessage = deliver;
          const gone = !pool.runners.some((r) => before.includes(r.worker));
          return {failed, gone, count: pool.runners.length};
        }""",
        LITS_URL,
    )
    overrun = "solve took longer than 10 s and was stopped"
    assert answer["failed"] == {"status": 504, "message": overrun}
    # the worker that overran is gone; a fresh one (and the second, which the
    # long call started so a hint would not wait behind it) took its place
    assert answer["gone"] is True and answer["count"] == 2
    # the fresh worker answers
    page.wait_for_selector("body[data-solver=ready]", timeout=READY_SECONDS * 1000)
    fine = page.evaluate(CALL, ["/api/solve", {"puzzle": LITS_URL}])
    assert fine["status"] == 200 and fine["body"]["count"] == 1


def test_a_cancelled_call_stops_its_worker_and_the_next_call_answers(ready_page: Any) -> None:
    page = ready_page
    answer = page.evaluate(
        """async () => {
          const api = await import('./static/js/core/api.js');
          const pool = (await api.transport()).pool;
          const before = pool.runners.map((r) => r.worker);
          const control = new AbortController();
          const call = api.post('/api/generate', {type: 'heteromino', rows: 12, cols: 12},
                                {signal: control.signal});
          await new Promise((done) => setTimeout(done, 300));
          const running = pool.runners.filter((r) => r.job).length;
          control.abort();
          let name = null;
          try { await call; } catch (error) { name = error.name; }
          const gone = !pool.runners.some((r) => before.includes(r.worker));
          return {name, running, gone, count: pool.runners.length};
        }"""
    )
    assert answer == {"name": "AbortError", "running": 1, "gone": True, "count": 2}
    fine = page.evaluate(CALL, ["/api/load", {"input": LITS_URL}])
    assert fine["status"] == 200 and fine["body"]["rows"] == 4
