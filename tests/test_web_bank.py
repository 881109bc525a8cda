"""The web app with a puzzle type that ships no bank, and its measured figures as package data.

A type without a bank says so with ``NotImplementedError`` from ``kind.bank()``
(the face's default); the page must then list no puzzles rather than fail.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources

import pytest
from starlette.testclient import TestClient

from pencilbox import registry
from pencilbox.web import bank as web_bank
from pencilbox.web.app import create_app


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


@pytest.fixture
def no_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    def not_implemented() -> list[dict[str, object]]:
        raise NotImplementedError("no bank is shipped for suguru")

    monkeypatch.setattr(registry.get("suguru"), "bank", not_implemented)


@pytest.mark.usefixtures("no_bank")
def test_a_type_without_a_bank_lists_nothing(client: TestClient) -> None:
    kind = registry.get("suguru")
    assert web_bank.records(kind) == []
    assert web_bank.find(kind, "anything") is None
    listing = client.get("/api/bank/suguru")
    assert listing.status_code == 200
    assert listing.json() == {
        "type": "suguru",
        "total": 0,
        "puzzles": [],
        "sizes": [],
        "grades": [],
    }
    assert client.get("/api/bank/suguru/anything").status_code == 404


def test_the_patch_is_what_empties_the_bank(client: TestClient) -> None:
    # Without the patch the same listing is not empty, so the test above tests the patch.
    assert client.get("/api/bank/suguru").json()["total"] == len(registry.get("suguru").bank()) > 0


def test_stats_are_served_from_package_data(client: TestClient) -> None:
    shipped = resources.files("pencilbox").joinpath("puzzles", "suguru", "stats.json")
    assert shipped.is_file()
    answer = client.get("/api/stats/suguru")
    assert answer.status_code == 200
    assert answer.json() == json.loads(shipped.read_text(encoding="utf-8"))
    types = {t["name"]: t for t in client.get("/api/types").json()["types"]}
    assert types["suguru"]["has_stats"] is True
