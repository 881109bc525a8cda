"""The notes page: an article per type whose every number comes from the stats.

The templates (each package's ``notes.md``) hold prose and placeholders only;
the page fills them from ``stats.json``. The static tests read the templates
(no digit typed outside a placeholder, every placeholder found in the JSON);
the browser tests render each type's page in Chromium, collect every number
shown in the article, and check each against the JSON value it names (or the
write-up quote in the template it comes from). Screenshots of each page, wide
and phone-sized, go to ``test-output/`` for a person to look at.
"""

from __future__ import annotations

import json
import math
import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import registry
from pencilbox.kind import sections
from pencilbox.web.app import create_app

NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
SIZE = re.compile(r"\d+\s*[x×]\s*\d+")
PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
QUOTE = re.compile(r"\[w:([^\]]+)\]")
# The intervals' level is the page's convention (the JSON's "intervals" says it), not a figure.
LEVEL = re.compile(r"95% (?:Wilson )?interval")
OUTPUT = Path(__file__).resolve().parent.parent / "test-output"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]


def typed() -> list[str]:
    """The types that ship both an article and figures."""
    return [
        n
        for n in registry.names()
        if registry.get(n).notes_template() and registry.get(n).stats_file()
    ]


def stats_of(name: str) -> Any:
    path = registry.get(name).stats_file()
    assert path is not None
    return json.loads(path.read_text(encoding="utf-8"))


def resolve(stats: Any, path: str) -> Any:
    """A value by its path, as notes_figures.js reads it (the docs' quotes read it alike)."""
    return sections.resolve(stats, path)


def sizes_in(stats: Any) -> set[str]:
    """Board sizes the JSON names (as keys or values), e.g. "8x8"."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                found.update(s.replace(" ", "") for s in SIZE.findall(key))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, str):
            found.update(s.replace(" ", "") for s in SIZE.findall(node))

    walk(stats)
    return found


def numbers(text: str) -> list[float]:
    return [float(token.replace(",", "")) for token in NUMBER.findall(text)]


def decimals(token: str) -> int:
    return len(token.split(".")[1]) if "." in token else 0


def shown_as(token: str, value: float, fmt: str) -> bool:
    """Whether ``token`` is ``value`` written with format ``fmt``, rounded as shown."""
    scale = 100 if fmt in ("pct", "pct1") else 1
    shown = float(token.replace(",", ""))
    return bool(abs(value * scale - shown) <= 0.5 * 10 ** -decimals(token) + 1e-9)


def wilson(k: int, n: int) -> list[float]:
    """The 95% Wilson interval, as the stats scripts compute it."""
    z = 1.96
    p = k / n
    middle = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return [max(0.0, middle - half), min(1.0, middle + half)]


def check_figure(stats: Any, item: dict[str, Any]) -> None:
    """One tagged element's text holds exactly the figure(s) its tags name."""
    text, fmt = item["text"], item["fmt"] or ""
    tokens = NUMBER.findall(text)
    if item["k"]:
        k, n = resolve(stats, item["k"]), resolve(stats, item["n"])
        values = wilson(k, n) if item["op"] == "wilson" else [k / n]
        fmt = "pct1" if item["op"] == "wilson" else (fmt or "pct")
    else:
        value = resolve(stats, item["path"])
        if isinstance(value, str):
            assert text == value, item
            return
        if isinstance(value, bool):
            assert text == ("yes" if value else "no"), item
            return
        values = value if isinstance(value, list) else [value]
    assert len(tokens) == len(values), item
    for token, value in zip(tokens, values, strict=True):
        assert shown_as(token, value, fmt), (item, token, value)


# -- the templates, read directly ------------------------------------------


@pytest.mark.parametrize("name", typed())
def test_template_types_no_number_outside_a_placeholder(name: str) -> None:
    template = registry.get(name).notes_template()
    assert template is not None
    allowed = sizes_in(stats_of(name))
    prose = QUOTE.sub("", PLACEHOLDER.sub("", template))
    # a block's rows name figures by path (which may hold digits, as "8x8" does)
    rows = [line.split(" | ")[0] if " | " in line else line for line in prose.splitlines()]
    for line in rows:
        for size in SIZE.findall(line):
            assert size.replace(" ", "").replace("×", "x") in allowed, (name, line)
        assert not NUMBER.findall(LEVEL.sub("", SIZE.sub("", line))), (name, line)


@pytest.mark.parametrize("name", typed())
def test_every_placeholder_names_a_figure_of_the_json(name: str) -> None:
    template = registry.get(name).notes_template()
    assert template is not None
    stats = stats_of(name)
    paths = [p.split("|")[0].strip() for p in PLACEHOLDER.findall(template)]
    for line in template.splitlines():
        if " | " in line and not line.startswith(":::"):
            for cell in line.split(" | ")[1:]:
                cell = cell.strip()
                if cell != "-" and not cell.startswith("w:") and not cell.startswith("cats:"):
                    paths.extend(part.strip() for part in cell.split("|")[0].split("/"))
    assert len(paths) > 20, name
    for path in paths:
        path = path.split(":", 1)[1] if path.startswith(("wilson:", "ratio:")) else path
        for part in path.split("/"):
            resolve(stats, part.strip())  # raises if the JSON has no such figure


def test_the_template_is_served_and_an_unknown_type_is_404() -> None:
    with TestClient(create_app()) as client:
        for name in typed():
            answer = client.get(f"/api/notes/{name}")
            assert answer.status_code == 200
            assert answer.json()["template"] == registry.get(name).notes_template()
        assert client.get("/notes/nosuchtype").status_code == 404
        missing = client.get("/api/notes/nosuchtype")
        assert missing.status_code == 404 and "error" in missing.json()


# -- the page in Chromium -----------------------------------------------------

COLLECT = """
root => {
  const tagged = '[data-path], [data-k], .writeup-quote, .tick';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out = [];
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const owner = node.parentElement.closest(tagged);
    if (owner && seen.has(owner)) continue;
    if (owner) seen.add(owner);
    const item = { text: owner ? owner.textContent : node.textContent };
    if (owner) Object.assign(item, {
      path: owner.dataset.path || null, fmt: owner.dataset.fmt || null,
      k: owner.dataset.k || null, n: owner.dataset.n || null, op: owner.dataset.op || null,
      quote: owner.classList.contains('writeup-quote'), tick: owner.classList.contains('tick'),
    });
    out.push(item);
  }
  return out;
}
"""


@pytest.fixture(scope="module")
def e2e() -> Iterator[tuple[Any, str]]:
    """Chromium and the real server, as tests/test_web_e2e.py starts them."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing under CI", pytrace=False)
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    playwright_api = pytest.importorskip("playwright.sync_api")
    import uvicorn

    from pencilbox.web import address, bind

    sock = bind("127.0.0.1", 0)
    config = uvicorn.Config(create_app(), log_level="warning", access_log=False)
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start within 10 s"
        time.sleep(0.02)
    with playwright_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield chromium, address(sock)
        chromium.close()
    instance.should_exit = True
    thread.join(10)
    sock.close()


def open_notes(chromium: Any, address: str, name: str, width: int) -> tuple[Any, Any, list[str]]:
    context = chromium.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(address + f"notes/{name}")
    tab.wait_for_selector("body[data-ready=true]")
    return context, tab, errors


@pytest.mark.parametrize("name", typed())
def test_every_number_in_the_article_comes_from_the_json(e2e: Any, name: str) -> None:
    chromium, address = e2e
    stats = stats_of(name)
    template = registry.get(name).notes_template()
    assert template is not None
    quotes = {q.strip() for q in QUOTE.findall(template)}
    quotes |= {c.strip()[2:].strip() for c in template.split(" | ") if c.strip().startswith("w:")}
    allowed_sizes = sizes_in(stats)
    context, tab, errors = open_notes(chromium, address, name, 1300)
    assert tab.locator("#article .missing").count() == 0
    assert tab.locator("#article h2").count() >= 3
    items = tab.eval_on_selector("#article", COLLECT)
    figures = [item for item in items if item.get("path") or item.get("k")]
    assert len(figures) > 30, name
    for item in items:
        if item.get("tick"):
            assert re.fullmatch(r"(0|25|50|75|100)%", item["text"]), item
        elif item.get("quote"):
            assert item["text"] in quotes, item
        elif item.get("path") or item.get("k"):
            check_figure(stats, item)
        else:
            for size in SIZE.findall(item["text"]):
                assert size.replace(" ", "").replace("×", "x") in allowed_sizes, item
            assert not NUMBER.findall(LEVEL.sub("", SIZE.sub("", item["text"]))), item
    OUTPUT.mkdir(exist_ok=True)
    tab.screenshot(path=str(OUTPUT / f"notes-article-{name}.png"), full_page=True)
    context.close()
    assert errors == [], errors


@pytest.mark.parametrize("name", typed())
def test_the_article_fits_a_phone(e2e: Any, name: str) -> None:
    chromium, address = e2e
    context, tab, errors = open_notes(chromium, address, name, 390)
    overflow = tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{name}: the page is {overflow} px wider than the phone"
    # charts are drawn at the width they are shown at, not scaled down
    widths = tab.eval_on_selector_all("#article svg.chart", "s => s.map(x => x.clientWidth)")
    assert widths and max(widths) <= 390
    assert all(w >= 300 for w in widths), widths
    OUTPUT.mkdir(exist_ok=True)
    tab.screenshot(path=str(OUTPUT / f"notes-article-{name}-phone.png"), full_page=True)
    context.close()
    assert errors == [], errors
