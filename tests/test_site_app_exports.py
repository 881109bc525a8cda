"""The server's export tests in the browser, run again on the static site.

Kept apart from ``test_site_app.py`` because their ``tab`` fixture (which
grants the clipboard) is not the editor's. The rest is as there:

Each test imported here drives the page exactly as it does against
``pencilbox play``, but its ``server`` fixture is the static site served
by a plain file server: the page's calls go to Python in its Web Worker, and
the answers the tests expect come from the server's own app in this process
(``site_support.reference``), so both builds are held to the same answers.
Tests that reach into the server itself (intercepting its HTTP requests,
counting its worker processes) stay with the server's tests; the site's own
are ``test_site_browser.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from site_support import Contexts, built_site, fresh_page, site, site_contexts
from test_site_app import DESKTOP, _solver_time, server
from test_web_e2e import browser
from test_web_export import test_player_export_lists_every_form_with_copy as every_form
from test_web_export import test_player_export_of_a_board_with_holes_shows_why as holes_why

__all__ = [
    "_solver_time",
    "browser",
    "built_site",
    "server",
    "site",
    "site_contexts",
]


@pytest.fixture(params=["desktop", "phone"])
def tab(request: Any, site_contexts: Contexts, server: str) -> Iterator[tuple[Any, str]]:
    """The export tests' ``tab`` on the site: the clipboard granted, as there."""
    from test_web_phone import PHONE

    errors: list[str] = []
    context = site_contexts.get(DESKTOP if request.param == "desktop" else PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    view = fresh_page(context, server, errors)
    yield view, request.param
    view.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


@pytest.mark.parametrize("tab", ["desktop"], indirect=True)
def test_the_sites_export_lists_every_form(tab: tuple[Any, str], server: str) -> None:
    every_form(tab, server)


@pytest.mark.parametrize("tab", ["desktop"], indirect=True)
def test_the_sites_export_of_a_board_with_holes_says_why(tab: tuple[Any, str], server: str) -> None:
    holes_why(tab, server)
