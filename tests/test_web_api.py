"""The web app's JSON API through Starlette's TestClient: every endpoint with
good and bad input, the request bounds (body, board, time, concurrency) and
the static files.

Expected answers are computed with the library calls the API wraps
(``formats``, ``solving``, the puzzle face), so a test fails if the API
changes, drops or mangles what the library says.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from conftest import load_data
from pencilbox import formats, registry, solving
from pencilbox.kind import with_move_values
from pencilbox.web import bank as web_bank
from pencilbox.web import limits, worker
from pencilbox.web.app import STATIC, create_app

# The 5x5 from a public talk (tests/data/suguru/abigail_talk.json): two givens.
ABIGAIL = load_data("suguru/abigail_talk.json")
TEXT = "\n".join(["suguru 5x5", *ABIGAIL["groups_verbatim"], "", *ABIGAIL["clues_verbatim"]])
SOLUTION = [[int(d) for d in row.split()] for row in ABIGAIL["solution_verbatim"]]
KIND, PUZZLE = formats.load(TEXT)
JSON = KIND.to_json(PUZZLE)
EMPTY = [[0] * 5 for _ in range(5)]
UNTOUCHED = JSON["givens"]  # the grid a player starts from: the givens, nothing else

# A 10x10 from janko.at (tests/data/suguru/janko_sample.json), for the time bound.
JANKO_10 = next(p for p in load_data("suguru/janko_sample.json")["puzzles"] if p["rows"] == 10)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


# A POST must say it is JSON (``web/guard.py``); ``json=`` says so, raw ``content=`` does not.
JSON_TYPE = {"content-type": "application/json"}


def error_of(response: Any) -> str:
    """The one-line error message of a refused request."""
    message = response.json()["error"]
    assert isinstance(message, str) and "\n" not in message and message
    return message


# -- types, load ---------------------------------------------------------------


def test_types_lists_suguru_with_its_ladder(client: TestClient) -> None:
    answer = client.get("/api/types").json()
    suguru = next(t for t in answer["types"] if t["name"] == "suguru")
    assert [rung["name"] for rung in suguru["ladder"]] == list(KIND.ladder.names)
    assert suguru["generate_modes"] == list(KIND.generate_modes)
    assert answer["limits"]["max_side"] == limits.MAX_SIDE
    assert answer["limits"]["max_body_bytes"] == limits.MAX_BODY_BYTES


def test_load_text_url_and_json_agree(client: TestClient) -> None:
    from_text = client.post("/api/load", json={"input": TEXT})
    assert from_text.status_code == 200
    payload = from_text.json()
    assert payload["type"] == "suguru"
    assert (payload["rows"], payload["cols"]) == (5, 5)
    assert payload["json"] == JSON
    assert payload["url"] == KIND.to_url(PUZZLE)
    assert payload["text"] == KIND.format_text(PUZZLE)
    assert payload["picture"] == KIND.render(PUZZLE)
    assert re.fullmatch(r"[0-9a-f]{16}", payload["key"])
    for other in (payload["url"], json.dumps(JSON), JSON, ABIGAIL["url_derived"]):
        again = client.post("/api/load", json={"input": other})
        assert again.status_code == 200, again.text
        assert again.json()["json"] == JSON
        assert again.json()["key"] == payload["key"]


def test_load_key_differs_between_puzzles(client: TestClient) -> None:
    other = client.post("/api/load", json={"input": JANKO_10["url_derived"]}).json()
    mine = client.post("/api/load", json={"input": TEXT}).json()
    assert other["key"] != mine["key"]


@pytest.mark.parametrize(
    ("body", "status", "fragment"),
    [
        ({"input": "suguru 5x5\nAAAAB\n"}, 400, "line"),
        ({"input": "sudoku 5x5\nAAAAA\n"}, 400, "unknown puzzle type"),
        ({"input": "https://puzz.link/p?suguru/5/5/"}, 400, ""),
        ({"input": "https://puzz.link/p?notapuzzle/5/5/abc"}, 400, "notapuzzle"),
        ({"input": '{"puzzle": "suguru", "rows": 2}'}, 400, "JSON"),
        ({"input": {"puzzle": "nope", "rows": 2, "cols": 2}}, 400, "unknown puzzle type"),
        ({"input": 42}, 400, "'input' must be a JSON object or a string"),
        ({"text": TEXT}, 400, "missing the 'input' field"),
        ({"input": ""}, 400, "empty"),
    ],
)
def test_load_refuses_bad_puzzles(
    client: TestClient, body: dict[str, Any], status: int, fragment: str
) -> None:
    response = client.post("/api/load", json=body)
    assert response.status_code == status
    assert fragment in error_of(response)


def test_malformed_json_body_names_the_place(client: TestClient) -> None:
    response = client.post(
        "/api/load",
        content=b'{"input": "x",\n  oops}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 400
    assert error_of(response).startswith("malformed JSON")
    assert "line 2" in error_of(response)


@pytest.mark.parametrize("body", [b"", b"   ", b"[1, 2]", b'"text"', b"\xff\xfe"])
def test_body_must_be_a_json_object(client: TestClient, body: bytes) -> None:
    response = client.post("/api/check", content=body, headers=JSON_TYPE)
    assert response.status_code == 400
    error_of(response)


def test_oversized_body_is_refused_before_parsing(client: TestClient) -> None:
    big = json.dumps({"input": "x" * (limits.MAX_BODY_BYTES + 1)})
    response = client.post("/api/load", content=big, headers=JSON_TYPE)
    assert response.status_code == 413
    assert str(limits.MAX_BODY_BYTES) in error_of(response)


def test_oversized_chunked_body_is_cut_off(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        # no Content-Length: the server must count as it reads
        yield b'{"input": "'
        for _ in range(limits.MAX_BODY_BYTES // 1024 + 2):
            yield b"x" * 1024
        yield b'"}'

    response = client.post("/api/load", content=chunks(), headers=JSON_TYPE)
    assert response.status_code == 413


def test_oversized_board_is_refused(client: TestClient) -> None:
    side = limits.MAX_SIDE + 1
    obj = {
        "puzzle": "suguru",
        "rows": side,
        "cols": side,
        "blocks": [[r * side + c for c in range(side)] for r in range(side)],
    }
    response = client.post("/api/load", json={"input": obj})
    assert response.status_code == 400
    assert f"{side}x{side}" in error_of(response)
    # the same board as text is refused after parsing
    text = "\n".join([f"suguru {side}x{side}", *(["A" * side] * side)])
    response = client.post("/api/check", json={"puzzle": text, "grid": []})
    assert response.status_code == 400
    assert "limit" in error_of(response)


# -- check -------------------------------------------------------------------------


def test_check_empty_grid_lists_every_open_cell(client: TestClient) -> None:
    answer = client.post("/api/check", json={"puzzle": JSON, "grid": UNTOUCHED}).json()
    assert answer["solved"] is False
    assert [v["rule"] for v in answer["violations"]] == ["empty"] * 23
    assert answer["violations"] == [
        violation_json(KIND, PUZZLE, v) for v in KIND.check(PUZZLE, UNTOUCHED)
    ]


def test_check_solution_is_solved(client: TestClient) -> None:
    answer = client.post("/api/check", json={"puzzle": JSON, "grid": SOLUTION}).json()
    assert answer == {"solved": True, "violations": []}


def test_check_reports_touching_digits_with_cells(client: TestClient) -> None:
    grid = [row[:] for row in SOLUTION]
    # row 1 becomes 2 4 1 3 2: block A is still 1..4, but the 4 at r1c2 touches the 4 at r2c3
    grid[0][0], grid[0][1] = grid[0][1], grid[0][0]
    answer = client.post("/api/check", json={"puzzle": JSON, "grid": grid}).json()
    assert answer["solved"] is False
    assert [(v["rule"], v["cells"]) for v in answer["violations"]] == [("touching-equal", [1, 7])]
    assert answer["violations"] == [
        violation_json(KIND, PUZZLE, v) for v in KIND.check(PUZZLE, grid)
    ]


@pytest.mark.parametrize(
    ("grid", "fragment"),
    [
        (None, "must be a list of 5 rows"),
        ([[0] * 5] * 4, "must be a list of 5 rows"),
        ([[0] * 5] * 4 + [[0] * 4], "row 5 must hold 5 numbers"),
        ([[0] * 5] * 4 + [[0, 0, "1", 0, 0]], "row 5, column 3"),
        ([[0] * 5] * 4 + [[0, 0, 0, -1, 0]], "row 5, column 4"),
        ([[0] * 5] * 4 + [[0, 0, 0, 0, limits.MAX_CELL_VALUE + 1]], "row 5, column 5"),
        ([[0] * 5] * 4 + [[True, 0, 0, 0, 0]], "row 5, column 1"),
    ],
)
def test_check_refuses_bad_grids(client: TestClient, grid: Any, fragment: str) -> None:
    response = client.post("/api/check", json={"puzzle": JSON, "grid": grid})
    assert response.status_code == 400
    assert fragment in error_of(response)


def test_check_needs_a_puzzle(client: TestClient) -> None:
    response = client.post("/api/check", json={"grid": EMPTY})
    assert response.status_code == 400
    assert "missing the 'puzzle' field" in error_of(response)


# -- hint, rungs, solve, grade ---------------------------------------------------------


def deduction_json(kind: Any, puzzle: Any, step: Any) -> dict[str, Any]:
    """A deduction as every answer carries it: cell ids, and their labels beside them."""
    return {
        "rule": step.rule,
        "cells": list(step.cells),
        "labels": [kind.cell_label(puzzle, cell) for cell in step.cells],
        "because": list(step.because),
        "because_labels": [kind.cell_label(puzzle, cell) for cell in step.because],
        "reason": step.reason,
        "writes": step.writes,
        "value": step.value,
        # a supposition's argument (issue 13's hints that teach); empty otherwise
        "supposes": step.supposes,
        "supposed": list(step.supposed),
        "supposed_labels": [kind.cell_label(puzzle, cell) for cell in step.supposed],
        "chain": [deduction_json(kind, puzzle, link) for link in step.chain],
        "contradiction": step.contradiction,
    }


def violation_json(kind: Any, puzzle: Any, violation: Any) -> dict[str, Any]:
    """A broken rule as /api/check and a hint's mistakes carry it."""
    return {
        "rule": violation.rule,
        "cells": list(violation.cells),
        "labels": [kind.cell_label(puzzle, cell) for cell in violation.cells],
        "message": violation.message,
    }


def _hint_json(position: list[list[int]] | None) -> dict[str, Any]:
    return _kind_hint_json(KIND, PUZZLE, position)


def test_hint_from_the_bare_board_names_a_rule(client: TestClient) -> None:
    answer = client.post("/api/hint", json={"puzzle": JSON}).json()
    assert answer == _hint_json(None)
    assert answer["status"] == "step"
    rules = {rule.name for rung in KIND.ladder.rungs for rule in rung.rules}
    assert answer["rule"] in rules
    last = answer["steps"][-1]
    assert last["writes"] is True and last["cells"] and last["reason"]
    cell = last["cells"][0]
    assert last["value"] == SOLUTION[cell // 5][cell % 5]


def test_hint_from_a_position_continues_from_it(client: TestClient) -> None:
    position = [row[:] for row in EMPTY]
    position[0][0] = SOLUTION[0][0]
    position[3][4] = SOLUTION[3][4]
    answer = client.post("/api/hint", json={"puzzle": JSON, "grid": position}).json()
    assert answer == _hint_json(position)
    assert answer["status"] == "step"
    assert not {0, 19} & set(answer["steps"][-1]["cells"]), "hint must not redo an entry"


def test_hint_reports_a_mistake_with_its_cell(client: TestClient) -> None:
    position = [row[:] for row in EMPTY]
    wrong = 1 if SOLUTION[2][2] != 1 else 2
    position[2][2] = wrong
    answer = client.post("/api/hint", json={"puzzle": JSON, "grid": position}).json()
    assert answer["status"] == "mistake"
    assert answer["steps"] == []
    assert [m["cells"] for m in answer["mistakes"]] == [[12]]
    assert answer == _hint_json(position)


def test_rungs_match_the_library(client: TestClient) -> None:
    answer = client.post("/api/rungs", json={"puzzle": JSON}).json()
    assert [view["rung"] for view in answer["rungs"]] == list(KIND.ladder.names)
    for view in answer["rungs"]:
        expected = solving.rung_view(KIND, PUZZLE, view["rung"])
        assert view["settled"] == sorted([c, v] for c, v in expected.settled.items())
        assert view["new"] == expected.new
        assert view["finished"] == expected.finished
        assert view["steps"] == expected.steps
        assert view["summary"] == KIND.ladder.rung(view["rung"]).summary
        assert view["rules"] == expected.rules and view["contradiction"] is False
        labels = [KIND.cell_label(PUZZLE, c) for c, _ in view["settled"]]
        assert view["settled_labels"] == labels
        assert view["new_labels"] == [KIND.cell_label(PUZZLE, c) for c in view["new"]]
        for cell, value in view["settled"]:
            assert SOLUTION[cell // 5][cell % 5] == value
    top = answer["rungs"][-1]
    assert top["finished"] is True and len(top["settled"]) == 25


def test_solve_finds_the_unique_solution(client: TestClient) -> None:
    answer = client.post("/api/solve", json={"puzzle": JSON}).json()
    assert answer["count"] == 1 and answer["unique"] is True and answer["exhaustive"] is True
    assert answer["solutions"] == [SOLUTION]
    assert answer["limit"] == 2
    expected = solving.solve(KIND, PUZZLE)
    assert (answer["solution"], answer["engine"], answer["rules"]) == (
        SOLUTION,
        "auto",  # as ``pencilbox solve`` counts: the ladder, then SAT if needed
        KIND.ladder.top,
    )
    assert (answer["solved_by"], answer["branch_points"], answer["nodes"]) == (
        expected.solved_by,
        expected.branch_points,
        expected.nodes,
    )


def test_solve_limit_is_bounded(client: TestClient) -> None:
    for limit in (0, limits.MAX_SOLUTIONS + 1, "2", 1.5):
        response = client.post("/api/solve", json={"puzzle": JSON, "limit": limit})
        assert response.status_code == 400
        assert "'limit'" in error_of(response)


def test_grade_matches_the_library(client: TestClient) -> None:
    answer = client.post("/api/grade", json={"puzzle": JSON}).json()
    found = solving.grade(KIND, PUZZLE)
    assert answer == {
        "puzzle": "suguru",
        "rows": 5,
        "cols": 5,
        **found.as_json(),
        "unique": True,
        "count": 1,
    }


def test_solve_of_a_puzzle_with_two_solutions(client: TestClient) -> None:
    # one block of two cells and no givens: exactly two fills, 1 2 and 2 1
    answer = client.post("/api/solve", json={"puzzle": "suguru 1x2\nAA\n", "limit": 5}).json()
    assert answer["count"] == 2 and answer["unique"] is False and answer["exhaustive"] is True
    assert sorted(answer["solutions"]) == [[[1, 2]], [[2, 1]]]
    grade = client.post("/api/grade", json={"puzzle": "suguru 1x2\nAA\n"}).json()
    assert grade["unique"] is False and grade["label"] == "not unique"


# -- the time and concurrency bounds ----------------------------------------------------


def test_slow_job_answers_504_and_the_server_keeps_working(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A warm worker solves the 10x10 in under a millisecond, so the job that
    # overruns is a generation (tens of milliseconds at least).
    monkeypatch.setitem(limits.TIME_BUDGET, "generate", 0.001)
    puzzle = JANKO_10["url_derived"]
    response = client.post("/api/generate", json={"type": "suguru", "rows": 12, "cols": 12})
    assert response.status_code == 504
    assert "took longer than 0.001 s" in error_of(response)
    assert worker.running_jobs() == 0
    monkeypatch.setitem(limits.TIME_BUDGET, "solve", 10.0)
    response = client.post("/api/solve", json={"puzzle": puzzle})
    assert response.status_code == 200
    assert response.json()["unique"] is True


def test_no_free_worker_answers_503(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_JOBS", 0)
    monkeypatch.setattr(limits, "QUEUE_WAIT", 0.1)
    response = client.post("/api/hint", json={"puzzle": JSON})
    assert response.status_code == 503
    assert "server busy" in error_of(response)
    monkeypatch.setattr(limits, "MAX_JOBS", 2)
    assert client.post("/api/hint", json={"puzzle": JSON}).status_code == 200


def test_a_client_that_leaves_gets_its_job_killed() -> None:
    async def scenario() -> None:
        async def gone() -> None:
            return None  # the client has already hung up

        payload = {"puzzle": KIND.to_json(formats.load(JANKO_10["url_derived"])[1]), "limit": 2}
        with pytest.raises(worker.ClientGone):
            await worker.run_job("solve", payload, gone)
        assert worker.running_jobs() == 0

    asyncio.run(scenario())


# -- generate ---------------------------------------------------------------------------


def _generator_available() -> bool:
    try:
        import pencilbox.puzzles.suguru.generate  # noqa: F401
    except ModuleNotFoundError:
        return False
    return True


@pytest.mark.skipif(not _generator_available(), reason="the Suguru generator is not written yet")
def test_generate_makes_a_unique_puzzle(client: TestClient) -> None:
    response = client.post(
        "/api/generate", json={"type": "suguru", "rows": 4, "cols": 4, "mode": "solvable"}
    )
    assert response.status_code == 200, response.text
    made = response.json()
    assert (made["rows"], made["cols"]) == (4, 4)
    kind, puzzle = formats.load_object(made["json"])
    assert solving.solve(kind, puzzle).unique
    assert kind.check(puzzle, made["solution"]) == []
    assert made["grade"] == solving.grade(kind, puzzle).as_json()
    assert isinstance(made["seed"], str) and made["seed"].isdigit()


@pytest.mark.skipif(not _generator_available(), reason="the Suguru generator is not written yet")
def test_generate_takes_and_gives_a_seed_above_2_53_exactly(client: TestClient) -> None:
    """A seed past JavaScript's exact integers travels as a string, both ways,
    and makes the puzzle the library makes from it (defect 7)."""
    seed = 2**53 + 1  # as a JavaScript number this reads back as 2**53
    body = {"type": "suguru", "rows": 4, "cols": 4, "mode": "solvable", "seed": str(seed)}
    made = client.post("/api/generate", json=body).json()
    assert made["seed"] == "9007199254740993"
    again = KIND.generate(random.Random(seed), 4, 4, "solvable")
    assert made["json"] == KIND.to_json(again.puzzle)
    assert client.post("/api/generate", json=body).json()["json"] == made["json"]


@pytest.mark.parametrize("seed", [2**53 + 1, "12x", "-1", str(2**64), True, 1.5, ""])
def test_generate_refuses_a_seed_that_is_not_exact_digits(client: TestClient, seed: Any) -> None:
    body = {"type": "suguru", "rows": 4, "cols": 4, "seed": seed}
    response = client.post("/api/generate", json=body)
    assert response.status_code == 400
    assert "'seed'" in error_of(response)


@pytest.mark.parametrize(
    ("body", "status", "fragment"),
    [
        ({"type": "suguru", "rows": limits.MAX_SIDE + 1, "cols": 4}, 400, "'rows'"),
        ({"type": "suguru", "rows": KIND.generate_sides[1] + 1, "cols": 4}, 400, "'rows'"),
        ({"type": "suguru", "rows": 4, "cols": 0}, 400, "'cols'"),
        ({"type": "suguru", "rows": 4, "cols": "4"}, 400, "'cols'"),
        ({"type": "suguru", "rows": 4, "cols": 4, "mode": "bogus"}, 400, "'mode'"),
        ({"type": "sudoku", "rows": 4, "cols": 4}, 404, "unknown puzzle type"),
        ({"rows": 4, "cols": 4}, 400, "'type'"),
    ],
)
def test_generate_refuses_bad_requests(
    client: TestClient, body: dict[str, Any], status: int, fragment: str
) -> None:
    response = client.post("/api/generate", json=body)
    assert response.status_code == status
    assert fragment in error_of(response)


# -- bank, stats ---------------------------------------------------------------------------


def test_bank_listing_matches_the_kind(client: TestClient) -> None:
    records = web_bank.records(KIND)
    listing = client.get("/api/bank/suguru").json()
    assert listing["total"] == len(records)
    assert [e["id"] for e in listing["puzzles"]] == [str(r["id"]) for r in records]
    assert all("solution" not in entry for entry in listing["puzzles"])
    if not records:
        assert listing["sizes"] == [] and listing["grades"] == []
        return
    sizes = sorted({(r["rows"], r["cols"]) for r in records})
    assert listing["sizes"] == [f"{r}x{c}" for r, c in sizes]
    rungs = {r["grade"]["rung"] for r in records}
    ladder = [name for name in KIND.ladder.names if name in rungs]
    assert listing["grades"] == ladder + sorted(rungs - set(ladder))
    for size in listing["sizes"]:
        rows, cols = (int(n) for n in size.split("x"))
        by_size = client.get(f"/api/bank/suguru?size={size}").json()["puzzles"]
        assert all((e["rows"], e["cols"]) == (rows, cols) for e in by_size)
        assert len(by_size) == sum(1 for r in records if (r["rows"], r["cols"]) == (rows, cols))
    for grade in listing["grades"]:
        by_grade = client.get("/api/bank/suguru", params={"grade": grade}).json()["puzzles"]
        assert len(by_grade) == sum(1 for r in records if r["grade"]["rung"] == grade)
        assert all(e["grade"] == grade for e in by_grade)
    rows, cols = sizes[0]
    both = client.get(
        "/api/bank/suguru", params={"rows": rows, "cols": cols, "grade": listing["grades"][0]}
    ).json()["puzzles"]
    assert len(both) == sum(
        1
        for r in records
        if (r["rows"], r["cols"]) == (rows, cols) and r["grade"]["rung"] == listing["grades"][0]
    )
    first = listing["puzzles"][0]
    opened = client.get(f"/api/bank/suguru/{first['id']}").json()
    record = web_bank.find(KIND, first["id"])
    assert opened["json"] == KIND.to_json(formats.load_object(record["json"])[1])
    assert opened["url"] == record["url"]
    assert opened["bank"] == {**first}
    assert "solution" not in opened


def test_bank_refuses_unknown_things(client: TestClient) -> None:
    assert client.get("/api/bank/sudoku").status_code == 404
    missing = client.get("/api/bank/suguru/no-such-puzzle")
    assert missing.status_code == 404
    assert "no-such-puzzle" in error_of(missing)
    assert client.get("/api/bank/suguru?rows=abc").status_code == 400
    assert client.get("/api/bank/suguru?size=5by5").status_code == 400


def test_stats_answer_only_measured_data(client: TestClient) -> None:
    path = registry.get("suguru").stats_file()
    response = client.get("/api/stats/suguru")
    if path is not None:
        assert response.json() == json.loads(path.read_text(encoding="utf-8"))
    else:
        assert response.status_code == 404
        assert "no statistics measured" in error_of(response)
    types = client.get("/api/types").json()["types"]
    assert next(t for t in types if t["name"] == "suguru")["has_stats"] is (path is not None)
    assert client.get("/api/stats/sudoku").status_code == 404


# -- routes, static files, headers ----------------------------------------------------------


# -- drawing data in the puzzle payload ---------------------------------------------

LITS_URL = load_data("lits/pzprjs.json")["full_url_example"]  # 4x4, unique
HETEROMINO_URL = load_data("heteromino/pzprjs.json")["full_url_example"]  # 5x5, unique
LITS_KIND, LITS = formats.load(LITS_URL)
LITS_JSON = LITS_KIND.to_json(LITS)
HET_KIND, HET = formats.load(HETEROMINO_URL)
HET_JSON = HET_KIND.to_json(HET)


def only_solution(kind: Any, puzzle: Any) -> list[list[int]]:
    """The unique solution, from the type's brute-force counter (shares nothing with the API)."""
    count, found = kind.brute_count(puzzle, 2)
    assert count == 1
    return found[0]


LITS_SOLUTION = only_solution(LITS_KIND, LITS)
HET_SOLUTION = only_solution(HET_KIND, HET)


@pytest.mark.parametrize(
    ("text", "fields"),
    [(TEXT, ["blocks", "givens"]), (LITS_URL, ["regions"]), (HETEROMINO_URL, ["black"])],
)
def test_payload_carries_every_per_cell_grid_and_cell_labels(
    client: TestClient, text: str, fields: list[str]
) -> None:
    kind, puzzle = formats.load(text)
    payload = client.post("/api/load", json={"input": text}).json()
    obj = kind.to_json(puzzle)
    layers = payload["cells"]["layers"]
    assert sorted(layers) == sorted(fields)
    for name in fields:
        assert layers[name] == [int(v) for row in obj[name] for v in row]
        assert len(layers[name]) == puzzle.rows * puzzle.cols
    cells = range(puzzle.rows * puzzle.cols)
    assert payload["cells"]["labels"] == [kind.cell_label(puzzle, c) for c in cells]
    assert payload["cells"]["labels"][:2] == ["r1c1", "r1c2"]


def test_cell_layers_take_only_whole_per_cell_grids() -> None:
    from pencilbox.web.payloads import cell_layers

    obj = {
        "puzzle": "x",
        "rows": 2,
        "cols": 2,
        "good": [[1, 2], [3, 4]],
        "flags": [[True, False], [False, True]],
        "short_row": [[1, 2], [3]],
        "too_few_rows": [[1, 2]],
        "text": [["a", "b"], ["c", "d"]],
        "nested": {"a": [[1, 2], [3, 4]]},
    }
    assert cell_layers(obj, 2, 2) == {"good": [1, 2, 3, 4], "flags": [1, 0, 0, 1]}


def test_bank_puzzle_of_lits_or_heteromino_carries_the_layers(client: TestClient) -> None:
    for kind, field in ((LITS_KIND, "regions"), (HET_KIND, "black")):
        listing = client.get(f"/api/bank/{kind.name}").json()
        if not listing["puzzles"]:
            continue  # no bank shipped yet: the listing is empty, tested elsewhere
        first = listing["puzzles"][0]["id"]
        payload = client.get(f"/api/bank/{kind.name}/{first}").json()
        expected = [int(v) for row in payload["json"][field] for v in row]
        assert payload["cells"]["layers"][field] == expected


# -- LITS and Heteromino through the endpoints ---------------------------------------


def _kind_hint_json(kind: Any, puzzle: Any, position: list[list[int]] | None) -> dict[str, Any]:
    found = solving.hint(kind, puzzle, position)
    # a move's value is what the player enters (a piece number, not a piece's code)
    return with_move_values(
        kind,
        puzzle,
        position,
        {
            "status": found.status,
            "rule": found.rule,
            "steps": [deduction_json(kind, puzzle, s) for s in found.steps],
            "mistakes": [violation_json(kind, puzzle, v) for v in found.mistakes],
            "split": None if found.split is None else found.split.as_json(),
            "tiers": solving.hint_tiers(found, lambda cell: kind.cell_label(puzzle, cell)),
        },
    )


def test_lits_check_solution_and_broken_rules(client: TestClient) -> None:
    answer = client.post("/api/check", json={"puzzle": LITS_JSON, "grid": LITS_SOLUTION})
    assert answer.json() == {"solved": True, "violations": []}
    square = [[1, 1, 0, 0], [1, 1, 0, 0], [0] * 4, [0] * 4]
    answer = client.post("/api/check", json={"puzzle": LITS_JSON, "grid": square}).json()
    assert answer["solved"] is False
    assert ("square", [0, 1, 4, 5]) in [(v["rule"], v["cells"]) for v in answer["violations"]]
    assert answer["violations"] == [
        violation_json(LITS_KIND, LITS, v) for v in LITS_KIND.check(LITS, square)
    ]
    # a dot (2) is not a solution value: the checker says so for that cell
    dotted = [row[:] for row in LITS_SOLUTION]
    dotted[0][1] = 2
    answer = client.post("/api/check", json={"puzzle": LITS_JSON, "grid": dotted}).json()
    assert [(v["rule"], v["cells"]) for v in answer["violations"]] == [("value", [1])]


@pytest.mark.parametrize(
    ("grid", "fragment"),
    [
        ([[0] * 4] * 3, "must be a list of 4 rows"),
        ([[0] * 4] * 3 + [[0] * 5], "row 4 must hold 4 numbers"),
        ([[0] * 4] * 3 + [[0, 0, -1, 0]], "row 4, column 3"),
    ],
)
def test_lits_and_heteromino_refuse_bad_grids(client: TestClient, grid: Any, fragment: str) -> None:
    for path in ("/api/check", "/api/hint"):
        response = client.post(path, json={"puzzle": LITS_JSON, "grid": grid})
        assert response.status_code == 400
        assert fragment in error_of(response)
    five = [row + [0] for row in grid] + [[0] * 5]
    response = client.post("/api/check", json={"puzzle": HET_JSON, "grid": five[:4]})
    assert response.status_code == 400
    assert "must be a list of 5 rows" in error_of(response)


def test_lits_hint_from_bare_board_and_from_a_position(client: TestClient) -> None:
    answer = client.post("/api/hint", json={"puzzle": LITS_JSON}).json()
    assert answer == _kind_hint_json(LITS_KIND, LITS, None)
    assert answer["status"] == "step" and answer["steps"][-1]["reason"]
    for cell in answer["steps"][-1]["cells"]:
        assert LITS_SOLUTION[cell // 4][cell % 4] == answer["steps"][-1]["value"] % 2
    # shade what the hint settled (shaded cells as 1): the next hint goes beyond it
    position = [[0] * 4 for _ in range(4)]
    for cell in answer["steps"][-1]["cells"]:
        position[cell // 4][cell % 4] = LITS_SOLUTION[cell // 4][cell % 4]
    following = client.post("/api/hint", json={"puzzle": LITS_JSON, "grid": position}).json()
    assert following == _kind_hint_json(LITS_KIND, LITS, position)
    assert following["status"] in ("step", "solved")
    if following["status"] == "step":
        done = {c for c in answer["steps"][-1]["cells"] if LITS_SOLUTION[c // 4][c % 4]}
        assert not set(following["steps"][-1]["cells"]) <= done


def test_lits_hint_reports_a_wrongly_shaded_cell(client: TestClient) -> None:
    wrong = next(c for c in range(16) if not LITS_SOLUTION[c // 4][c % 4])
    position = [[0] * 4 for _ in range(4)]
    position[wrong // 4][wrong % 4] = 1
    answer = client.post("/api/hint", json={"puzzle": LITS_JSON, "grid": position}).json()
    assert answer["status"] == "mistake"
    assert [m["cells"] for m in answer["mistakes"]] == [[wrong]]


def test_lits_and_heteromino_rungs_match_the_library(client: TestClient) -> None:
    for kind, puzzle, obj in ((LITS_KIND, LITS, LITS_JSON), (HET_KIND, HET, HET_JSON)):
        answer = client.post("/api/rungs", json={"puzzle": obj}).json()
        assert [view["rung"] for view in answer["rungs"]] == list(kind.ladder.names)
        for view in answer["rungs"]:
            expected = solving.rung_view(kind, puzzle, view["rung"])
            assert view["settled"] == sorted([c, v] for c, v in expected.settled.items())
            assert view["new"] == expected.new
            assert view["finished"] == expected.finished
        assert answer["rungs"][-1]["finished"] is True


def test_heteromino_check_solution_and_broken_rules(client: TestClient) -> None:
    answer = client.post("/api/check", json={"puzzle": HET_JSON, "grid": HET_SOLUTION})
    assert answer.json() == {"solved": True, "violations": []}
    # one piece split into a lone cell and a domino: both are too small
    grid = [row[:] for row in HET_SOLUTION]
    cells = [c for c in range(25) if grid[c // 5][c % 5] == 1]
    lone = next(c for c in cells if sum(abs(c - o) in (1, 5) for o in cells) == 1)
    grid[lone // 5][lone % 5] = 99
    answer = client.post("/api/check", json={"puzzle": HET_JSON, "grid": grid}).json()
    assert sorted((v["rule"], tuple(v["cells"])) for v in answer["violations"]) == sorted(
        [("too-small", (lone,)), ("too-small", tuple(c for c in cells if c != lone))]
    )
    # a black cell inside a piece
    black = next(c for c in range(25) if HET_JSON["black"][c // 5][c % 5])
    grid = [row[:] for row in HET_SOLUTION]
    grid[black // 5][black % 5] = 1
    answer = client.post("/api/check", json={"puzzle": HET_JSON, "grid": grid}).json()
    assert ("black", [black]) in [(v["rule"], v["cells"]) for v in answer["violations"]]


def test_heteromino_hint_bare_board_and_wrong_piece(client: TestClient) -> None:
    answer = client.post("/api/hint", json={"puzzle": HET_JSON}).json()
    assert answer == _kind_hint_json(HET_KIND, HET, None)
    assert answer["status"] == "step"
    final = answer["steps"][-1]
    assert len(final["cells"]) == 3
    assert len({HET_SOLUTION[c // 5][c % 5] for c in final["cells"]}) == 1  # a real piece
    # the all-zero position is the bare board
    zeros = [[0] * 5 for _ in range(5)]
    from_zeros = client.post("/api/hint", json={"puzzle": HET_JSON, "grid": zeros}).json()
    assert from_zeros["steps"] == answer["steps"]
    # a drawn tromino that is no piece of the solution is a mistake on its cells
    white = [c for c in range(25) if not HET_JSON["black"][c // 5][c % 5]]
    wrong = next(
        (a, b, d)
        for a in white
        for b, d in ((a + 1, a + 2), (a + 5, a + 10))
        if {b, d} <= set(white)
        and (b - a == 5 or a % 5 <= 2)
        and len({HET_SOLUTION[c // 5][c % 5] for c in (a, b, d)}) > 1
    )
    position = [[0] * 5 for _ in range(5)]
    for cell in wrong:
        position[cell // 5][cell % 5] = 7
    answer = client.post("/api/hint", json={"puzzle": HET_JSON, "grid": position}).json()
    assert answer["status"] == "mistake"
    assert {c for m in answer["mistakes"] for c in m["cells"]} <= set(wrong)
    assert answer["mistakes"]


def test_notes_page_is_served_for_any_type(client: TestClient) -> None:
    for name in ("suguru", "lits", "heteromino"):
        page = client.get(f"/notes/{name}")  # at its one address, notes.html?type=
        assert page.status_code == 200 and str(page.url).endswith(f"/notes.html?type={name}")
        assert 'src="static/js/notes.js"' in page.text
        assert page.headers["content-security-policy"].startswith("default-src 'self'")
    assert client.get("/static/js/notes.js").status_code == 200


def test_unknown_route_and_wrong_method(client: TestClient) -> None:
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    error_of(response)
    assert client.get("/api/load").status_code == 405


def test_page_and_static_files(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert 'src="static/js/main.js"' in page.text  # relative: the static site is this page
    script = client.get("/static/js/main.js")
    assert script.status_code == 200
    assert "javascript" in script.headers["content-type"]
    csp = page.headers["content-security-policy"]
    assert "default-src 'self'" in csp
    assert page.headers["x-content-type-options"] == "nosniff"


def test_every_static_reference_resolves_locally() -> None:
    """No CDN, no external font: every src/href/import in the page is a local file."""
    for path in STATIC.rglob("*"):
        if path.suffix not in {".html", ".js", ".css"}:
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://(?!puzz\.link)", text.replace("http://www.w3.org", "")), (
            path
        )
        for target in re.findall(r'(?:src|href)="/?(static/[^"]+)"', text):
            assert (STATIC / target.removeprefix("static/")).is_file(), target
        for target in re.findall(r'from "(\.[^"]+)"', text):
            assert (path.parent / target).resolve().is_file(), (path, target)


WEB = STATIC.parent


def type_names() -> set[str]:
    """Every name and alias of every registered type, lower case."""
    return {name.lower() for kind in registry.kinds() for name in kind.url_names}


@pytest.mark.parametrize("name", registry.names())
def test_each_types_front_end_module_is_served_from_its_package(
    client: TestClient, name: str
) -> None:
    kind = registry.get(name)
    shipped = kind.package_file(kind.front_end)
    # the page's loader imports it from beside itself
    module = client.get(f"/static/js/kinds/{name}.js")
    assert module.status_code == 200
    assert module.headers["content-type"].startswith("text/javascript")
    assert module.text == shipped.read_text(encoding="utf-8")
    assert module.headers["x-content-type-options"] == "nosniff"
    assert module.headers["content-security-policy"].startswith("default-src 'self'")
    assert "cache-control" not in module.headers  # like the other static files
    again = client.get(
        f"/static/js/kinds/{name}.js", headers={"if-none-match": module.headers["etag"]}
    )
    assert again.status_code == 304 and again.text == ""
    # its relative imports resolve as if it sat in static/js/kinds/, and it loads nothing remote
    for target in re.findall(r'from "(\.[^"]+)"', module.text):
        assert (STATIC / "js" / "kinds" / target).resolve().is_file(), (name, target)
    assert not re.search(r"https?://(?!puzz\.link)", module.text.replace("http://www.w3.org", ""))


def test_an_unknown_types_module_is_404_and_the_loader_is_still_served(
    client: TestClient,
) -> None:
    missing = client.get("/static/js/kinds/no-such-type.js")
    assert missing.status_code == 404
    assert missing.headers["x-content-type-options"] == "nosniff"
    loader = client.get("/static/js/kinds/index.js")
    assert loader.status_code == 200
    assert "javascript" in loader.headers["content-type"]
    assert "import(" in loader.text  # it loads the types' modules on demand
    # no copy of a type's module is left under web/static to drift from the package's
    assert [p.name for p in (STATIC / "js" / "kinds").iterdir()] == ["index.js"]


def test_a_type_that_ships_no_front_end_module_is_404_but_still_listed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = registry.names()[0]
    monkeypatch.setattr(registry.get(name), "front_end", "no-such-file.js")
    missing = client.get(f"/static/js/kinds/{name}.js")
    assert missing.status_code == 404
    assert "no front-end module" in missing.text
    assert name in [t["name"] for t in client.get("/api/types").json()["types"]]


def test_no_puzzle_type_is_named_in_the_web_app() -> None:
    """The web app learns its types from the registry: no name or alias of one
    appears in its code, pages, styles or comments."""
    names = type_names()
    assert names >= set(registry.names())
    # a whole word in any case, plurals and compounds too ("LITS's", "SuguruKind",
    # "suguru_rules", "lits2"), but not inside another word ("splits")
    alternatives = "|".join(map(re.escape, sorted(names)))
    pattern = re.compile(rf"(?<![A-Za-z])(?i:{alternatives})(?:s|es)?(?![a-z])")
    for path in sorted(WEB.rglob("*")):
        if path.suffix not in {".py", ".html", ".js", ".css"}:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = pattern.search(line)
            assert found is None, f"{path.relative_to(WEB)}:{number} names {found[0]!r}"


@pytest.mark.parametrize(
    "path",
    [
        "/static/%2e%2e/app.py",
        "/static/..%2fapp.py",
        "/static/js/..%2f..%2fapp.py",
        "/static/%2e%2e/%2e%2e/errors.py",
        "/static/..%5capp.py",
        "/static//etc/passwd",
        "/static/%2fetc%2fpasswd",
    ],
)
def test_static_path_traversal_is_404(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert "import" not in response.text and "root:" not in response.text


# -- serve() ---------------------------------------------------------------------------------


def test_serve_binds_loopback_prints_its_address_and_checks_host() -> None:
    code = "from pencilbox.web import serve; serve('127.0.0.1', 0, False)"
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.search(r"serving on (http://127\.0\.0\.1:(\d+)/)", line)
        assert match, line
        url = match.group(1)
        with urllib.request.urlopen(url + "api/types", timeout=10) as answer:
            assert json.load(answer)["types"][0]["name"] == "suguru"
        forged = urllib.request.Request(url + "api/types", headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(forged, timeout=10)
        assert refused.value.code == 400
    finally:
        process.terminate()
        process.wait(10)
