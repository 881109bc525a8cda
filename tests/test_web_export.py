"""Every export form, through the server and on the page.

``POST /api/export`` writes each form the face can (URL, text, JSON, pzprv3,
SVG) and gives the one-line reason for each it cannot; the verdict's payload
carries the same answer. In Chromium the player's Export section lists every
form with a copy button, the SVG also as a download and a preview, and a
board with holes shows the reasons in place of its URL and pzprv3 file. The
server, the browser and the helpers are ``test_web_e2e``'s.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import formats, registry
from pencilbox.errors import PuzzleError
from pencilbox.pictures.svg import to_svg
from pencilbox.web import bank
from pencilbox.web.app import create_app
from pencilbox.web.exports import FORMS
from test_web_e2e import LITS_URL, OUTPUT, api, browser, import_puzzle, server
from test_web_phone import PHONE, new_tab, overflow

__all__ = ["browser", "server"]  # fixtures, used by name

# The smallest LITS bank board (6x6-01) with cell 7 a hole: unshaded in its
# one answer, and region 2 stays connected without it, so still unique.
HOLED = {
    "puzzle": "lits",
    "rows": 6,
    "cols": 6,
    "regions": [
        [0, 0, 0, 1, 1, 1],
        [2, -1, 0, 0, 1, 3],
        [2, 4, 4, 4, 3, 3],
        [2, 2, 4, 3, 3, 3],
        [2, 2, 3, 3, 5, 3],
        [3, 3, 3, 5, 5, 5],
    ],
}
NO_URL = "LITS boards with holes have no puzz.link form"
NO_PZPRV3 = "a LITS board with cells in no region has no pzprv3 form"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def smallest(name: str) -> tuple[Any, Any]:
    kind = registry.get(name)
    record = min(
        bank.records(kind), key=lambda r: bank.summary(r)["rows"] * bank.summary(r)["cols"]
    )
    found = bank.puzzle_json(record)
    return formats.load_object(found) if isinstance(found, dict) else formats.load(found)


def written(kind: Any, puzzle: Any) -> dict[str, str | PuzzleError]:
    """Each form as the face's own writers put it, or the error they raise."""
    title = f"{kind.name} {puzzle.rows}x{puzzle.cols}"
    writers = {
        "url": lambda: kind.to_url(puzzle),
        "text": lambda: kind.format_text(puzzle),
        "json": lambda: json.dumps(kind.to_json(puzzle), separators=(",", ":")),
        "pzprv3": lambda: formats.dump(kind, puzzle, "pzprv3"),
        "svg": lambda: to_svg(kind.drawing(puzzle), title=title),
    }
    found: dict[str, str | PuzzleError] = {}
    for name, write in writers.items():
        try:
            found[name] = write()
        except PuzzleError as error:
            found[name] = error
    return found


@pytest.mark.parametrize("name", registry.names())
def test_export_writes_every_form_the_face_writes(client: TestClient, name: str) -> None:
    kind, puzzle = smallest(name)
    answer = client.post("/api/export", json={"puzzle": kind.to_json(puzzle)})
    assert answer.status_code == 200
    forms, errors = answer.json()["forms"], answer.json()["errors"]
    assert set(forms) | set(errors) == set(FORMS) and not set(forms) & set(errors)
    for form, expected in written(kind, puzzle).items():
        if isinstance(expected, PuzzleError):
            assert errors[form] == str(expected)
        else:
            assert forms[form] == expected
    # every written form but the picture reads back as the same board
    for form in set(forms) - {"svg"}:
        back_kind, back = formats.load(forms[form])
        assert back_kind.to_json(back) == kind.to_json(puzzle), form
    assert forms["svg"].startswith("<svg")


def test_export_of_a_board_with_holes_says_which_forms_it_has_none_of(
    client: TestClient,
) -> None:
    answer = client.post("/api/export", json={"puzzle": HOLED}).json()
    assert answer["errors"] == {"url": NO_URL, "pzprv3": NO_PZPRV3}
    assert sorted(answer["forms"]) == ["json", "svg", "text"]
    assert json.loads(answer["forms"]["json"])["regions"] == HOLED["regions"]
    assert answer["forms"]["text"].splitlines()[2].split()[1] == "."


def test_export_refuses_bad_input_in_one_line(client: TestClient) -> None:
    for body in ({}, {"puzzle": "lits 2x2\nA A\nA"}, {"puzzle": {"puzzle": "nothing"}}):
        answer = client.post("/api/export", json=body)
        assert answer.status_code == 400, body
        message = answer.json()["error"]
        assert message and "\n" not in message and "Traceback" not in message


def test_the_verdict_carries_the_same_exports(client: TestClient) -> None:
    answer = client.post("/api/verdict", json={"draft": HOLED}).json()
    assert answer["verdict"] == "unique"
    alone = client.post("/api/export", json={"puzzle": HOLED}).json()
    assert answer["payload"]["exports"] == alone


# -- the player's Export section in Chromium ----------------------------------------


@pytest.fixture(params=["desktop", "phone"])
def tab(request: Any, browser: Any, server: str) -> Iterator[tuple[Any, str]]:
    desktop = {"viewport": {"width": 1300, "height": 900}}
    options = desktop if request.param == "desktop" else PHONE
    context, page, errors = new_tab(browser, server, options)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    yield page, request.param
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def open_export(page: Any) -> None:
    if not page.locator("#fold-export").evaluate("n => n.open"):
        page.click("#fold-export > summary")


def test_player_export_lists_every_form_with_copy(tab: tuple[Any, str], server: str) -> None:
    page, how = tab
    if not page.locator("#fold-import").evaluate("n => n.open"):
        page.click("#fold-import > summary")
    import_puzzle(page, LITS_URL)
    expected = api(
        server, "/api/export", {"puzzle": api(server, "/api/load", {"input": LITS_URL})["json"]}
    )
    open_export(page)
    page.wait_for_selector("#export-svg")  # the server's full list has arrived
    buttons = page.eval_on_selector_all(
        "#export-forms button.copy", "n => n.map(x => x.dataset.form)"
    )
    # the server's forms, and beside the URL the page's own link that opens the board here
    assert buttons == [FORMS[0], "link", *FORMS[1:]]
    for form in FORMS:
        assert page.input_value(f"#export-{form}") == expected["forms"][form], form
    assert page.get_attribute("#export-puzzlink", "href") == expected["forms"]["url"]
    query = expected["forms"]["url"].split("?", 1)[1]
    assert page.input_value("#export-link") == f"{server}?{query}"
    download = page.locator("#export-svg-download")
    assert download.get_attribute("download") == "lits-4x4.svg"
    assert download.get_attribute("href").startswith("data:image/svg+xml")
    assert page.eval_on_selector("#export-svg-preview", "n => n.complete && n.naturalWidth") > 0
    page.click("#export-copy-pzprv3")
    page.wait_for_selector("#message:has-text('Copied.')")
    assert page.evaluate("navigator.clipboard.readText()") == expected["forms"]["pzprv3"]
    assert overflow(page)[0] <= overflow(page)[1]
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"export-player-{how}.png"), full_page=True)


def test_player_export_of_a_board_with_holes_shows_why(tab: tuple[Any, str], server: str) -> None:
    page, _ = tab
    if not page.locator("#fold-import").evaluate("n => n.open"):
        page.click("#fold-import > summary")
    import_puzzle(page, json.dumps(HOLED))
    open_export(page)
    page.wait_for_selector("#export-svg")
    assert page.inner_text("#export-note-url") == NO_URL
    assert page.inner_text("#export-note-pzprv3") == NO_PZPRV3
    assert page.is_disabled("#export-copy-url") and page.is_disabled("#export-copy-pzprv3")
    assert page.input_value("#export-url") == "" and page.locator("#export-puzzlink").count() == 0
    assert page.is_enabled("#export-copy-text") and page.is_enabled("#export-copy-svg")
    assert json.loads(page.input_value("#export-json"))["regions"][1][1] == -1


def test_the_picture_of_a_board_with_holes_draws_them_as_holes() -> None:
    kind, puzzle = formats.load_object(HOLED)
    drawing = kind.drawing(puzzle)
    assert [cell for cell, look in enumerate(drawing.cells) if look.region is None] == [7]
    # the hole's four sides are region borders, as around a removed cell
    sides = {(1, 1, 1, 2), (2, 1, 2, 2), (1, 1, 2, 1), (1, 2, 2, 2)}
    drawn = {(e.row0, e.col0, e.row1, e.col1): e.style for e in drawing.edges()}
    assert {drawn[side] for side in sides} == {"border"}
