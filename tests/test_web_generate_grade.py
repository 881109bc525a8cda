"""Generating in the web app aimed at a grade, as ``pencilbox generate --grade``.

``POST /api/generate`` takes ``grade`` (a rung of the type's ladder, or
``search``): attempt ``k`` is made from ``SEED:k`` until one has the grade,
so a seed and a grade make the same puzzle again. The page's Generate
section offers the grades of the selected type (``test_site_forms.py`` makes
one in the static site's page).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from pencilbox import formats, registry, solving
from pencilbox.errors import PuzzleError
from pencilbox.web import jobs
from pencilbox.web.app import create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as opened:
        yield opened


# The rung each type is aimed at: the cheapest, but where the default mode
# rarely makes it (Heteromino's walk; Fillomino's cheapest rung finishes a
# board only when nearly every cell is given, and its default mode carves
# while reach finishes) the one that mode makes.
AIMED = {"heteromino": -1, "fillomino": 2}


@pytest.mark.parametrize("name", registry.names())
def test_a_generation_aimed_at_a_rung_has_that_grade(client: TestClient, name: str) -> None:
    kind = registry.get(name)
    rung = kind.ladder.names[AIMED.get(name, 0)]
    side = max(6, kind.generate_sides[0]) if kind.generate_sides else 6
    body = {"type": name, "rows": side, "cols": side, "seed": "8", "grade": rung}
    answer = client.post("/api/generate", json=body)
    assert answer.status_code == 200, answer.text
    made = answer.json()
    assert made["grade"]["rung"] == rung and made["attempts"] >= 1
    # the grade is the puzzle's own, re-graded here
    _, puzzle = formats.load_object(made["json"])
    assert solving.grade(kind, puzzle).as_json()["rung"] == rung
    again = client.post("/api/generate", json=body).json()
    assert again["json"] == made["json"] and again["attempts"] == made["attempts"]


def test_an_unknown_grade_is_refused_in_one_line(client: TestClient) -> None:
    body = {"type": "suguru", "rows": 5, "cols": 5, "grade": "genius"}
    answer = client.post("/api/generate", json=body)
    assert answer.status_code == 400
    assert answer.json()["error"] == "'grade' must be one of: singles, witness, search"


def test_a_grade_no_attempt_reaches_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    payload = {"type": "suguru", "rows": 5, "cols": 5, "mode": "solvable"}
    # the one attempt an aimed run makes with GRADE_ATTEMPTS = 1 is seed "3:0"
    only = jobs.generate_job({**payload, "seed": "3:0"})["grade"]["rung"]
    other = next(g for g in ("singles", "witness", "search") if g != only)
    monkeypatch.setattr(jobs, "GRADE_ATTEMPTS", 1)
    assert jobs.generate_job({**payload, "seed": 3, "grade": only})["grade"]["rung"] == only
    with pytest.raises(PuzzleError, match=f"of grade {other} in 1 attempts") as refused:
        jobs.generate_job({**payload, "seed": 3, "grade": other})
    assert "\n" not in str(refused.value)
