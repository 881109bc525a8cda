"""The static site in Chromium: first draw, solver start, hints and verdicts.

Run with ``python benchmarks/site.py`` (``--site DIR`` to measure a site
already written, else one is written to a temporary folder; ``--runs N``
cold and warm starts, default 5). The site is served from 127.0.0.1 by
Python's own static file server; Debian's Chromium (``/usr/bin/chromium``)
loads it through Playwright. Nothing else is contacted.

It prints, as median / p95 / max over the runs or calls:

* **first draw**: navigation until a bank board is drawn, on a first visit
  (the page, then a click on Open) and on a return visit (the board saved at
  the last visit, drawn from storage, with the service worker's cache);
* **solver ready**: navigation until the page's Web Worker has Python with
  pencilbox loaded, cold (a fresh browser profile) and warm (a reload: the
  runtime from the service worker's cache);
* **hint**: every bank board of every type, untouched and half-solved (half
  the solution's cells, as ``web_latency.py`` picks them), one call at a
  time in the page, timed in the page around ``api.post`` (the worker's
  round trip included);
* **verdict**: the editor's survey of each 10x10 bank board as a draft;
* the same hints through HTTP from ``pencilbox play`` (``web_latency.py``);
* the site's size on disk by part.

Targets (issue 21): board drawn <= 1 s; solver ready <= 8 s cold and
<= 3 s warm; hint p95 <= 100 ms and max <= 1 s; 10x10 verdict <= 0.5 s; the
site <= 25 MB; the server's hint p95 through HTTP <= 30 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pencilbox import registry  # noqa: E402
from pencilbox.web.site.build import Site, build  # noqa: E402
from pencilbox.web.site.preview import serve_folder  # noqa: E402
from texttable import table  # noqa: E402
from web_latency import Client, positions, start_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage", "--disable-quic"]  # fmt: skip
TIMEOUT = 120_000


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def row(name: str, values: list[float], unit: str, target: str) -> list[str]:
    scale = 1000 if unit == "ms" else 1
    shown = [v * scale for v in values]
    form = "{:.0f}" if unit == "ms" else "{:.2f}"
    return [
        name,
        str(len(values)),
        form.format(statistics.median(shown)),
        form.format(percentile(shown, 0.95)),
        form.format(max(shown)),
        unit,
        target,
    ]


def ready_at(page: Any) -> float:
    """Seconds from navigation until the solver said it is ready (the page's own clock)."""
    page.wait_for_selector("body[data-solver=ready]", timeout=TIMEOUT)
    return float(page.evaluate("performance.now()")) / 1000


def starts(browser: Any, address: str, runs: int) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {"first": [], "return": [], "cold": [], "warm": []}
    smallest = min(registry.get(registry.names()[0]).bank(), key=lambda r: r["rows"] * r["cols"])
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1300, "height": 900})
        page = context.new_page()
        page.goto(address)
        page.wait_for_selector("body[data-ready=true]", timeout=TIMEOUT)
        page.select_option("#bank-list", smallest["id"])
        page.click("#bank-open")
        page.wait_for_selector("svg.board", timeout=TIMEOUT)
        found["first"].append(page.evaluate("performance.now()") / 1000)
        found["cold"].append(ready_at(page))
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function(
            "async () => (await caches.keys()).length === 1", timeout=TIMEOUT, polling=200
        )
        page.reload()
        page.wait_for_selector("svg.board", timeout=TIMEOUT)
        found["return"].append(page.evaluate("performance.now()") / 1000)
        found["warm"].append(ready_at(page))
        context.close()
    return found


HINT = """async ([body]) => {
  const api = await import('./static/js/core/api.js');
  const start = performance.now();
  let ok = true;
  try { await api.post('/api/hint', body); } catch (error) { ok = false; }
  return [ok, (performance.now() - start) / 1000];
}"""

VERDICT = HINT.replace("'/api/hint'", "'/api/verdict'")


def hint_bodies(seed: int) -> list[tuple[str, str, dict[str, Any]]]:
    rng = random.Random(seed)
    bodies = []
    for name in registry.names():
        for record in registry.get(name).bank():
            for where, grid in positions(record, rng).items():
                bodies.append((name, where, {"puzzle": record["json"], "grid": grid}))
    return bodies


def in_page(browser: Any, address: str, seed: int) -> tuple[list[list[str]], int]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(address)
    ready_at(page)
    hints: dict[str, list[float]] = {}
    failed = 0
    for name, where, body in hint_bodies(seed):
        ok, seconds = page.evaluate(HINT, [body])
        failed += not ok
        hints.setdefault(f"hint, {where}", []).append(seconds)
        hints.setdefault(f"hint {name}, {where}", []).append(seconds)
    verdicts: list[float] = []
    for name in registry.names():
        for record in registry.get(name).bank():
            if record["rows"] == record["cols"] == 10:
                ok, seconds = page.evaluate(VERDICT, [{"draft": record["json"]}])
                failed += not ok
                verdicts.append(seconds)
    context.close()
    rows = [row(key, values, "ms", "p95 <= 100, max <= 1000") for key, values in hints.items()]
    if verdicts:
        rows.append(row("verdict, 10x10 draft", verdicts, "s", "<= 0.5"))
    return rows, failed


def over_http(seed: int) -> list[str]:
    process, host, port = start_server()
    try:
        client = Client(host, port)
        client.connect()
        times = []
        for _, _, body in hint_bodies(seed):
            status, seconds = client.post("/api/hint", body)
            assert status == 200, status
            times.append(seconds)
        return row("server hint over HTTP", times, "ms", "p95 <= 30")
    finally:
        process.terminate()
        process.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a site already written (default: write one)")
    parser.add_argument("--runs", type=int, default=5, help="cold and warm starts (default 5)")
    parser.add_argument("--seed", type=int, default=13, help="seed picking the half-solved cells")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        if args.site:
            folder = args.site
            site = None
        else:
            folder = Path(scratch) / "site"
            site = build(folder, say=lambda text: None)
        with serve_folder(folder) as address, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            found = starts(browser, address, args.runs)
            rows = [
                row("board drawn, first visit", found["first"], "s", "<= 1"),
                row("board drawn, return visit", found["return"], "s", "<= 1"),
                row("solver ready, cold", found["cold"], "s", "<= 8"),
                row("solver ready, warm", found["warm"], "s", "<= 3"),
            ]
            measured, failed = in_page(browser, address, args.seed)
            rows += measured
            browser.close()
        rows.append(over_http(args.seed))
        print(table(["what", "n", "median", "p95", "max", "unit", "target"], rows))
        sizes = site.sizes if isinstance(site, Site) else {}
        if sizes:
            parts = [[part, f"{size / 1e6:.2f}"] for part, size in sorted(sizes.items())]
            parts.append(["total (target <= 25)", f"{sum(sizes.values()) / 1e6:.2f}"])
            print()
            print(table(["part of the site", "MB"], parts))
    if failed:
        print(f"{failed} calls failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
