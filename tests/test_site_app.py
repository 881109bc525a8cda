"""The browser tests of the server's app, run again on the static site.

Each test imported here drives the page exactly as it does against
``pencilbox play``, but its ``server`` fixture is the static site served
by a plain file server: the page's calls go to Python in its Web Worker, and
the answers the tests expect come from the server's own app in this process
(``site_support.reference``), so both builds are held to the same answers.
Tests that reach into the server itself (intercepting its HTTP requests,
counting its worker processes) stay with the server's tests; so do those the
site's own tests already hold it to (playing to the end with hints, import,
generation: ``test_site_browser.py``, ``test_site_forms.py``). Views whose
phone layout is the server's page's own run here at desktop size only: what
differs in the site is where its answers come from.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from site_support import Contexts, built_site, fresh_page, site, site_contexts
from test_web_e2e import (
    browser,
    test_check_marks_broken_rules,
    test_lits_check_hint_and_rung_view,
    test_rung_view_shows_what_a_rung_settles,
    test_undo_redo_pencil_marks_and_reload,
)
from test_web_editor import test_ambiguity_view_of_a_published_board as ambiguity_view
from test_web_editor import test_suguru_built_with_blocks_and_givens
from test_web_editor_holes import test_lits_hole_made_in_the_editor as lits_hole
from test_web_export import test_player_export_lists_every_form_with_copy as every_form
from test_web_export import test_player_export_of_a_board_with_holes_shows_why as holes_why
from test_web_hints import (
    test_a_guess_shows_its_case_split_and_says_it_is_a_guess,
    test_a_supposition_chain_steps_on_the_board,
    test_three_presses_show_the_three_tiers,
)
from test_web_phone import PHONE
from test_web_progress import test_correct_so_far_counts_then_lights_the_wrong_entries

__all__ = [
    "browser",
    "built_site",
    "site",
    "site_contexts",
    "test_a_guess_shows_its_case_split_and_says_it_is_a_guess",
    "test_a_supposition_chain_steps_on_the_board",
    "test_check_marks_broken_rules",
    "test_correct_so_far_counts_then_lights_the_wrong_entries",
    "test_lits_check_hint_and_rung_view",
    "test_rung_view_shows_what_a_rung_settles",
    "test_suguru_built_with_blocks_and_givens",
    "test_three_presses_show_the_three_tiers",
    "test_undo_redo_pencil_marks_and_reload",
]


DESKTOP = {"viewport": {"width": 1300, "height": 900}}


@pytest.fixture(scope="module")
def server(site: str) -> str:
    """The static site, where the imported tests expect the server."""
    return site


@pytest.fixture
def page(site_contexts: Contexts, server: str) -> Iterator[Any]:
    """The server tests' ``page``, on the site (a desktop page, storage empty)."""
    errors: list[str] = []
    view = fresh_page(site_contexts.get(DESKTOP), server, errors)
    yield view
    view.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


@pytest.fixture(params=["desktop", "phone"])
def tab(request: Any, site_contexts: Contexts, server: str) -> Iterator[tuple[Any, str]]:
    """The editor's and the export's ``tab``, on the site (the clipboard granted,
    for the export's copy buttons)."""
    errors: list[str] = []
    context = site_contexts.get(DESKTOP if request.param == "desktop" else PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    view = fresh_page(context, server, errors)
    yield view, request.param
    view.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def test_the_imported_tests_run_on_the_static_site(server: str) -> None:
    import site_support

    assert server in site_support.ADDRESSES


@pytest.fixture(autouse=True)
def _solver_time(request: pytest.FixtureRequest) -> Any:
    """A cold worker takes seconds to load Python: the page's first answer waits
    for it, so the browser's waits get room for that."""
    for name in ("page", "tab"):
        if name in request.fixturenames:
            found = request.getfixturevalue(name)
            view = found[0] if isinstance(found, tuple) else found
            view.set_default_timeout(90_000)
    yield


@pytest.mark.parametrize("tab", ["desktop"], indirect=True)
def test_the_ambiguity_view_on_the_site(tab: tuple[Any, str], server: str) -> None:
    ambiguity_view(tab, server)


@pytest.mark.parametrize("tab", ["desktop"], indirect=True)
def test_a_lits_hole_made_in_the_sites_editor(tab: tuple[Any, str], server: str) -> None:
    lits_hole(tab, server)


@pytest.mark.parametrize("tab", ["desktop"], indirect=True)
def test_the_sites_export_lists_every_form(tab: tuple[Any, str], server: str) -> None:
    every_form(tab, server)


@pytest.mark.parametrize("tab", ["desktop"], indirect=True)
def test_the_sites_export_of_a_board_with_holes_says_why(tab: tuple[Any, str], server: str) -> None:
    holes_why(tab, server)
