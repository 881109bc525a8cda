"""Each type's name as people write it (the face's ``display_name``): served in
``/api/types`` and with every puzzle, used by the page's title, type picker
and notes link, the notes page, and the CLI's words; its folder name stays
the name programs use (URLs, ``--type``, file names)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import cli, registry
from pencilbox.kind import PuzzleKind
from pencilbox.web.app import create_app
from test_web_e2e import LITS_URL, api, browser, import_puzzle, page, server

__all__ = ["browser", "page", "server"]  # fixtures, used by name

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect

EXPECTED = {"heteromino": "Heteromino", "lits": "LITS", "suguru": "Suguru"}
"""The names of the types these tests know; a type added later tests its own."""


def declared() -> dict[str, str]:
    return {name: registry.get(name).display_name for name in registry.names()}


def test_each_face_declares_its_display_name() -> None:
    assert {name: declared()[name] for name in EXPECTED} == EXPECTED
    assert all(words and words.strip() == words for words in declared().values())


def test_a_face_that_declares_none_gets_its_name_capitalised() -> None:
    base = type(registry.get("suguru"))
    named = type("NewKind", (base,), {"name": "newtype"})
    own = type("OwnKind", (base,), {"name": "xyz", "display_name": "XYZ"})
    assert (named.display_name, own.display_name) == ("Newtype", "XYZ")
    assert issubclass(named, PuzzleKind)


def test_the_api_serves_display_names() -> None:
    with TestClient(create_app()) as client:
        types = client.get("/api/types").json()["types"]
        assert {t["name"]: t["display_name"] for t in types} == declared()
        body, headers = json.dumps({"input": LITS_URL}), {"content-type": "application/json"}
        loaded = client.post("/api/load", content=body, headers=headers)
        assert (loaded.json()["type"], loaded.json()["display_name"]) == ("lits", "LITS")


def test_the_cli_says_a_types_display_name(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["solve", LITS_URL, "--rules", "nonsense"])
    err = capsys.readouterr().err
    assert code == 2
    assert "unknown --rules 'nonsense' for LITS; choose from" in err


def test_the_page_shows_display_names(page: Any, server: str) -> None:
    labels = page.eval_on_selector_all("#type option", "n => n.map(x => [x.value, x.textContent])")
    assert labels == [[t["name"], t["display_name"]] for t in api(server, "/api/types")["types"]]
    page.select_option("#type", "lits")
    expect(page.locator("#notes-link a").first).to_have_text("Notes on LITS")
    import_puzzle(page, LITS_URL)
    expect(page.locator("#title")).to_contain_text("LITS 4x4")
    assert page.title() == "pencilbox · LITS 4x4"
    expect(page.locator("#message")).to_contain_text("Opened LITS 4x4")
