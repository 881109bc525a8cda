"""The static site for the tests: built once per run, served from loopback.

The site is written by :func:`pencilbox.web.site.build.build` into a
temporary folder (the pinned runtime comes from the cache, fetched on first
use), then served by Python's own static file server, as a person would
serve it (``python -m http.server -d DIR``): no pencilbox server runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from pencilbox.web.site.build import Site, build
from pencilbox.web.site.preview import serve_folder

ADDRESSES: set[str] = set()
"""The addresses static sites are served at in this run: the browser tests'
``api()`` helper answers for them in-process (see :func:`reference`), as
there is no server behind a static site to ask."""

_reference: Any = None


def reference(path: str, body: Any = None) -> Any:
    """What the server answers to ``path`` (``body``: a POST's JSON), from the
    server's own app in this process: the answer a static site's page must show."""
    global _reference
    if _reference is None:
        import atexit

        from starlette.testclient import TestClient

        from pencilbox.web.app import create_app

        _reference = TestClient(create_app())
        _reference.__enter__()  # the worker pool, for the jobs
        atexit.register(_reference.__exit__, None, None, None)
    answer = _reference.get(path) if body is None else _reference.post(path, json=body)
    answer.raise_for_status()
    return answer.json()


class Contexts:
    """Browser contexts kept for a module's tests, one per set of options.

    A page of the static site starts Python in its worker; in a context that
    has already loaded it, the runtime comes from the context's caches and
    starts in about half the time, so the tests that need a fresh page, not
    a fresh browser profile, share one (:func:`fresh_page` clears what a page
    keeps in local storage)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.opened: dict[str, Any] = {}

    def get(self, options: dict[str, Any]) -> Any:
        key = json.dumps(options, sort_keys=True)
        if key not in self.opened:
            self.opened[key] = self.browser.new_context(**options)
        return self.opened[key]

    def close(self) -> None:
        for context in self.opened.values():
            context.close()


@pytest.fixture(scope="module")
def site_contexts(browser: Any) -> Iterator[Contexts]:
    kept = Contexts(browser)
    yield kept
    kept.close()


def fresh_page(context: Any, address: str, errors: list[str]) -> Any:
    """A new page of the site in ``context``, its local storage emptied first
    (so no puzzle, progress or setting of an earlier test comes back)."""
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(address + "static/site/manifest.webmanifest")
    page.evaluate("window.localStorage.clear()")
    page.goto(address)
    page.wait_for_selector("body[data-ready=true]", timeout=90_000)
    return page


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """The site, written once for the whole run."""
    return build(tmp_path_factory.mktemp("site") / "site", say=lambda text: None)


@pytest.fixture(scope="module")
def site(built_site: Site) -> Iterator[str]:
    """The built site's address on loopback."""
    with serve_folder(built_site.out) as address:
        ADDRESSES.add(address)
        yield address
        ADDRESSES.discard(address)
