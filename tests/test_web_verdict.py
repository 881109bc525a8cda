"""POST /api/verdict, the editor's live verdict, through Starlette's TestClient:
the rules a draft breaks, each with its cells (the face's ``draft_problems``,
per type), bounded input with one-line errors, the survey of a draft that
reads as a board, and the time budget."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import formats, registry
from pencilbox.errors import PuzzleError
from pencilbox.web import limits, worker
from pencilbox.web.app import create_app

AMBIGUOUS = "lits/6/6/lldoa4043q6c"  # tests/data/lits/misc_urls.json: 3 or more answers


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def error_of(response: Any) -> str:
    message = response.json()["error"]
    assert isinstance(message, str) and "\n" not in message and message
    return message


def lits(regions: list[list[int]]) -> dict[str, Any]:
    return {"puzzle": "lits", "rows": len(regions), "cols": len(regions[0]), "regions": regions}


def suguru(blocks: list[list[int]], givens: list[list[int]]) -> dict[str, Any]:
    return {
        "puzzle": "suguru",
        "rows": len(blocks),
        "cols": len(blocks[0]),
        "blocks": blocks,
        "givens": givens,
    }


def heteromino(black: list[list[int]]) -> dict[str, Any]:
    return {"puzzle": "heteromino", "rows": len(black), "cols": len(black[0]), "black": black}


def problems(obj: dict[str, Any]) -> list[tuple[str, tuple[int, ...]]]:
    found = registry.get(obj["puzzle"]).draft_problems(obj)
    return [(p.rule, p.cells) for p in found]


# -- the rules a draft breaks, per type ------------------------------------------


def test_lits_draft_problems_name_their_cells() -> None:
    # region 0: 3 cells; region 1: a 2x2 square; region 2: 3 cells; region 3: fine
    draft = lits([[0, 0, 1, 1, 2], [0, 3, 1, 1, 2], [3, 3, 3, 3, 2]])
    assert problems(draft) == [
        ("small-region", (0, 1, 5)),
        ("square-region", (2, 3, 7, 8)),
        ("small-region", (4, 9, 14)),
    ]
    split = lits([[0, 0, 1, 0, 0], [0, 0, 1, 0, 0]])
    assert problems(split) == [("split-region", (0, 1, 3, 4, 5, 6, 8, 9)), ("small-region", (2, 7))]
    assert problems(lits([[0, 0, 0, 0], [1, 1, 1, 1]])) == []


def test_suguru_draft_problems_name_their_cells() -> None:
    # a 3 in a block of two; two 1s touching diagonally; block 2 split in two
    draft = suguru([[0, 0, 2], [1, 1, 1], [2, 1, 1]], [[3, 0, 0], [0, 1, 0], [1, 0, 0]])
    found = problems(draft)
    assert ("given-too-big", (0, 1)) in found
    assert ("split-block", (2, 6)) in found
    assert ("touching-equal", (4, 6)) in found
    assert len(found) == 3
    words = registry.get("suguru").draft_problems(draft)
    assert "the 3 at r1c1 is larger than its block of 2 cells" in [p.message for p in words]
    assert problems(suguru([[0, 0], [0, 0]], [[1, 0], [0, 0]])) == []


def test_heteromino_draft_problem_lights_every_white_cell() -> None:
    found = registry.get("heteromino").draft_problems(heteromino([[0, 0], [0, 1]]))
    assert [(p.rule, p.cells) for p in found] == []  # 3 white cells: a tromino fits the count
    four = registry.get("heteromino").draft_problems(heteromino([[0, 0], [0, 0]]))
    assert [(p.rule, p.cells) for p in four] == [("white-count", (0, 1, 2, 3))]
    assert four[0].message.startswith("4 white cells cannot be cut into trominoes")


def test_draft_problems_are_what_the_reader_refuses() -> None:
    """On random drafts of each type, a draft has problems exactly when from_json
    refuses it, and every problem names cells of the board."""
    rng = random.Random(7)
    for name in registry.names():
        kind = registry.get(name)
        outcomes = set()
        for _ in range(150):
            rows, cols = rng.randint(3, 4), rng.randint(3, 4)
            draft = random_draft(rng, kind.to_json(kind.random_board(rng, rows, cols)))
            found = kind.draft_problems(draft)
            try:
                kind.from_json(draft)
                reads = True
            except PuzzleError:
                reads = False
            assert reads == (not found), (draft, found)
            outcomes.add(reads)
            for problem in found:
                assert problem.cells and all(0 <= c < rows * cols for c in problem.cells), draft
        assert outcomes == {True, False}, name  # the drafts drew both kinds


def random_draft(rng: random.Random, board: dict[str, Any]) -> dict[str, Any]:
    """A board's JSON form as a setter might leave it half drawn: each number in
    each of its grids redrawn, half the time, from 0 to the grid's largest (at least 1)."""
    draft = dict(board)
    for key, value in board.items():
        if isinstance(value, list) and value and all(isinstance(row, list) for row in value):
            top = max(1, *(v for row in value for v in row))
            draft[key] = [
                [rng.randint(0, top) if rng.random() < 0.5 else v for v in row] for row in value
            ]
    return draft


def test_a_malformed_draft_is_an_error_not_a_problem() -> None:
    with pytest.raises(PuzzleError):
        registry.get("lits").draft_problems(
            {"puzzle": "lits", "rows": 2, "cols": 2, "regions": [[0, 0]]}
        )


# -- the API: problems, bounds, errors ---------------------------------------------


def test_verdict_answers_a_draft_problem_with_cells_and_labels(client: TestClient) -> None:
    response = client.post("/api/verdict", json={"draft": heteromino([[0, 0], [0, 0]])})
    assert response.status_code == 200
    answer = response.json()
    assert answer["verdict"] == "problem"
    assert answer["problems"][0]["cells"] == [0, 1, 2, 3]
    assert answer["problems"][0]["labels"] == ["r1c1", "r1c2", "r2c1", "r2c2"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({}, "missing the 'draft' field"),
        ({"draft": "lits 2x2"}, "missing the 'draft' field"),
        ({"draft": {"rows": 2}}, "'puzzle' field must name"),
        ({"draft": {**lits([[0]]), "puzzle": "nurikabe"}}, "unknown puzzle type"),
        (
            {"draft": {"puzzle": "lits", "rows": 31, "cols": 4, "regions": []}},
            "larger than the web app's limit",
        ),
        (
            {"draft": {"puzzle": "lits", "rows": 2, "cols": 2, "regions": [[0]]}},
            "'regions' must be a list of 2 rows",
        ),
        ({"draft": lits([[0, 0, 0, 0]]), "limit": 11}, "'limit' must be an integer from 1 to 10"),
    ],
)
def test_verdict_refuses_bad_input_in_one_line(
    client: TestClient, body: dict[str, Any], words: str
) -> None:
    response = client.post("/api/verdict", json=body)
    assert response.status_code == 400
    assert words in error_of(response)


def test_verdict_refuses_an_oversized_body(client: TestClient) -> None:
    draft = lits([[0] * 30 for _ in range(30)])
    draft["padding"] = "x" * limits.MAX_BODY_BYTES
    response = client.post("/api/verdict", json={"draft": draft})
    assert response.status_code == 413
    assert "larger than the limit" in error_of(response)


# -- the survey ----------------------------------------------------------------------


def test_verdict_of_a_blank_board_is_several_capped(client: TestClient) -> None:
    answer = client.post("/api/verdict", json={"draft": lits([[0] * 6 for _ in range(6)])}).json()
    assert answer["verdict"] == "several"
    assert (answer["count"], answer["limit"], answer["exhaustive"]) == (10, 10, False)
    assert answer["payload"]["url"].endswith("lits/6/6/" + answer["payload"]["url"].split("/")[-1])


def test_verdict_of_a_bank_puzzle_is_unique_with_its_grade(client: TestClient) -> None:
    kind = registry.get("lits")
    record = min(kind.bank(), key=lambda r: r["rows"] * r["cols"])
    answer = client.post("/api/verdict", json={"draft": record["json"]}).json()
    assert answer["verdict"] == "unique" and answer["count"] == 1
    assert answer["grade"] == record["grade"]["label"]
    assert answer["seconds"] >= 0
    assert answer["payload"]["url"] == record["url"]


def test_verdict_of_the_published_ambiguous_board(client: TestClient) -> None:
    kind, puzzle = formats.load(AMBIGUOUS)
    answer = client.post("/api/verdict", json={"draft": kind.to_json(puzzle)}).json()
    assert answer["verdict"] == "several" and answer["count"] >= 3
    grids = [[v for row in grid for v in row] for grid in answer["solutions"]]
    differing = [c for c in range(36) if len({g[c] for g in grids}) > 1]
    assert answer["differing"] == differing


def test_verdict_past_its_budget_answers_504(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(limits.TIME_BUDGET, "verdict", 0.001)
    blocks = [[0] * 6 for _ in range(6)]  # one block of 36: far too many answers to survey quickly
    response = client.post(
        "/api/verdict", json={"draft": suguru(blocks, [[0] * 6 for _ in range(6)])}
    )
    assert response.status_code == 504
    assert "verdict took longer than" in error_of(response)


def test_a_verdict_whose_page_moved_on_is_killed() -> None:
    """The page aborts the verdict of an older draft; the server then stops its job."""

    async def scenario() -> None:
        async def gone() -> None:
            return None  # the page has already aborted the request

        blocks = [[0] * 6 for _ in range(6)]
        payload = {"puzzle": suguru(blocks, [[0] * 6 for _ in range(6)]), "limit": 10}
        with pytest.raises(worker.ClientGone):
            await worker.run_job("verdict", payload, gone)
        assert worker.running_jobs() == 0

    asyncio.run(scenario())
