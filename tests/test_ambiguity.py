"""The setter's survey (pencilbox.ambiguity): what the answers found share and
where they differ, checked against every brute-force answer; the suggested
given recounted independently; and a problem with cells for boards with no answer.

The ambiguous LITS is ``lits/6/6/lldoa4043q6c`` from tests/data/lits/misc_urls.json
(copied from the team's anchor data, misc_urls/puzzlink_urls.json; the source
names the repository it was found in).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pencilbox import ambiguity, registry

AMBIGUOUS_LITS = "lits/6/6/lldoa4043q6c"


def _lits() -> tuple[Any, Any]:
    kind = registry.get("lits")
    return kind, kind.from_url(6, 6, "lldoa4043q6c")


def _flat(grid: list[list[int]]) -> tuple[int, ...]:
    return tuple(value for row in grid for value in row)


@pytest.mark.parametrize("limit", [10, 20])
def test_lits_survey_agrees_with_brute_force(limit: int) -> None:
    kind, puzzle = _lits()
    total, every = kind.brute_count(puzzle, 1000)
    found = ambiguity.survey(kind, puzzle, limit)
    assert found.count == min(limit, total)
    assert found.exhaustive == (total < limit)
    assert found.grade is None and found.problem is None and found.suggestion is None
    brute = {_flat(grid) for grid in every}
    assert all(_flat(grid) in brute for grid in found.solutions)
    assert len({_flat(grid) for grid in found.solutions}) == found.count
    cells = puzzle.rows * puzzle.cols
    values = [{_flat(grid)[cell] for grid in found.solutions} for cell in range(cells)]
    assert found.differing == tuple(cell for cell in range(cells) if len(values[cell]) > 1)
    for cell in range(cells):
        decided = found.decided[cell // puzzle.cols][cell % puzzle.cols]
        assert decided == (None if cell in found.differing else next(iter(values[cell])))
    # Every differing cell sits in exactly one place, and every place is a
    # region (LITS groups by region) holding at least one differing cell.
    placed = [cell for _, members in found.places for cell in members]
    assert len(placed) == len(set(placed))
    assert set(found.differing) <= set(placed)
    for words, members in found.places:
        assert words.startswith("the region at ")
        assert set(members) == set(puzzle.region_cells[puzzle.regions[members[0]]])
        assert set(members) & set(found.differing)


def test_lits_survey_with_every_answer_decides_what_all_share() -> None:
    kind, puzzle = _lits()
    total, every = kind.brute_count(puzzle, 1000)
    found = ambiguity.survey(kind, puzzle, total + 1)
    assert found.exhaustive and found.count == total
    shared = [
        cell
        for cell in range(puzzle.rows * puzzle.cols)
        if len({_flat(grid)[cell] for grid in every}) == 1
    ]
    assert [c for c in range(puzzle.rows * puzzle.cols) if c not in found.differing] == shared


def test_survey_json_names_cells_as_ids_and_labels() -> None:
    kind, puzzle = _lits()
    answer = ambiguity.survey(kind, puzzle, 10).as_json(kind, puzzle)
    json.dumps(answer)  # every field is JSON
    assert answer["count"] == 10 and len(answer["solutions"]) == 10
    assert len(answer["differing"]) == len(answer["differing_labels"])
    for place in answer["places"]:
        assert [kind.cell_label(puzzle, c) for c in place["cells"]] == place["labels"]


def test_unique_puzzle_is_graded_and_has_nothing_differing() -> None:
    kind = registry.get("suguru")
    puzzle = kind.from_json(kind.bank()[0]["json"])
    found = ambiguity.survey(kind, puzzle)
    assert found.unique and found.differing == () and found.places == []
    assert found.grade is not None and found.suggestion is None
    assert all(value is not None for row in found.decided for value in row)


def _ambiguous_suguru() -> tuple[Any, Any]:
    """A bank Suguru with givens dropped (in reading order) until it has several answers."""
    kind = registry.get("suguru")
    puzzle = kind.from_json(kind.bank()[0]["json"])
    for cell in kind.clue_cells(puzzle):
        puzzle = kind.without_clue(puzzle, cell)
        if kind.brute_count(puzzle, 3)[0] >= 3:
            return kind, puzzle
    raise AssertionError("dropping every given left the bank puzzle unique")


def test_suguru_suggestion_leaves_what_it_says() -> None:
    kind, puzzle = _ambiguous_suguru()
    found = ambiguity.survey(kind, puzzle, 10)
    assert found.count >= 3
    hint = found.suggestion
    assert hint is not None
    assert hint["cell"] in found.differing
    given = kind.with_clue(puzzle, hint["cell"], hint["value"])
    assert given is not None
    recount, _ = kind.brute_count(given, 10)
    assert hint["leaves"] == recount
    assert hint["exhaustive"] == (recount < 10)
    assert hint["message"].startswith(f"a {hint['value']} at {hint['label']} leaves {recount}")
    # It is held by the fewest answers found, or cuts the count at least as
    # far as the pair that is (the first of them, on ties).
    cols = puzzle.cols
    held = {
        (c, v): sum(grid[c // cols][c % cols] == v for grid in found.solutions)
        for c in found.differing
        for v in {grid[c // cols][c % cols] for grid in found.solutions}
    }
    (cell, value), fewest = min(held.items(), key=lambda item: (item[1], item[0]))
    assert hint["found"] == held[(hint["cell"], hint["value"])]
    first = kind.with_clue(puzzle, cell, value)
    assert first is not None
    assert hint["leaves"] <= kind.brute_count(first, 10)[0]


NO_ANSWER = {
    # Two one-cell blocks side by side must both hold a 1, and equal digits never touch.
    "suguru": "suguru 1x2\nA B\n",
    # Two four-cell regions in a line: both hold an I, and the two I touch.
    "lits": "lits 1x8\nA A A A B B B B\n",
    # Six cells in a line cut only into two bars, and equal shapes never touch.
    "heteromino": "heteromino 1x6\n. . . . . .\n",
}


def test_the_problem_names_the_block_that_breaks() -> None:
    # The one-cell block at r1c5 holds a 1 and touches every cell of the block
    # at r1c4, which then has nowhere for its own 1.
    kind = registry.get("suguru")
    text = "suguru 3x5\nA A A B C\nD D D B B\nD D E E E\n"
    problem = ambiguity.survey(kind, kind.parse_text(text)).problem
    assert problem is not None
    assert problem["message"] == "the block at r1c4 has no home for 1"
    assert problem["cells"] == [3, 8, 9] and problem["rule"] == "only-home"


def test_the_problem_names_both_twins() -> None:
    kind = registry.get("lits")
    problem = ambiguity.survey(kind, kind.parse_text(NO_ANSWER["lits"])).problem
    assert problem is not None and problem["rule"] == "touching-twins"
    assert problem["cells"] == list(range(8))
    assert "touch with the same shape" in problem["message"]


@pytest.mark.parametrize("name", registry.names())
def test_survey_of_random_boards_agrees_with_every_brute_force_answer(name: str) -> None:
    """On small random boards with every answer found, the decided cells are
    exactly those every brute-force answer fills alike (by the face's contents)."""
    kind = registry.get(name)
    rng = random.Random(f"survey:{name}")
    checked = 0
    while checked < 12:
        try:
            puzzle = kind.random_board(rng, rng.randint(2, 4), rng.randint(2, 5))
        except ValueError:
            continue
        total, every = kind.brute_count(puzzle, 40)
        if total >= 40:
            continue
        found = ambiguity.survey(kind, puzzle, 40)
        assert found.exhaustive and found.count == total
        assert (found.problem is None) == (total > 0)
        if not every:
            continue
        contents = [kind.cell_contents(puzzle, grid) for grid in every]
        shared = [c for c in range(len(contents[0])) if len({repr(x[c]) for x in contents}) == 1]
        assert [c for c in range(len(contents[0])) if c not in found.differing] == shared
        # A decided cell holds the first answer's value (a piece number may
        # differ between answers that cut the same piece, so compare contents).
        first = found.solutions[0]
        for cell in shared:
            assert kind.cell_contents(puzzle, first)[cell] == contents[0][cell]
            value = first[cell // puzzle.cols][cell % puzzle.cols]
            assert found.decided[cell // puzzle.cols][cell % puzzle.cols] == value
        checked += 1


@pytest.mark.parametrize("name", sorted(NO_ANSWER))
def test_no_answer_gives_the_first_contradiction_with_cells(name: str) -> None:
    kind = registry.get(name)
    puzzle = kind.parse_text(NO_ANSWER[name])
    assert kind.brute_count(puzzle, 2)[0] == 0
    found = ambiguity.survey(kind, puzzle)
    assert found.count == 0 and found.exhaustive and found.solutions == []
    problem = found.problem
    assert problem is not None
    assert problem["rule"] in {rule.name for rule in kind.ladder.rules()}
    assert problem["cells"], problem
    assert problem["labels"] == [kind.cell_label(puzzle, c) for c in problem["cells"]]
    assert problem["message"] and "contradiction" not in problem["message"]


def test_limit_is_bounded() -> None:
    kind, puzzle = _lits()
    with pytest.raises(ValueError):
        ambiguity.survey(kind, puzzle, 0)
    with pytest.raises(ValueError):
        ambiguity.survey(kind, puzzle, ambiguity.MAX_LIMIT + 1)


# -- solve --limit N: what the answers found share --------------------------------


def test_solve_json_decided_matches_the_answers_it_lists(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pencilbox import cli

    kind, puzzle = _lits()
    assert cli.main(["solve", AMBIGUOUS_LITS, "--limit", "7", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["count"] == 7 and len(answer["solutions"]) == 7
    cols = puzzle.cols
    for cell in range(puzzle.rows * cols):
        seen = {grid[cell // cols][cell % cols] for grid in answer["solutions"]}
        decided = answer["decided"][cell // cols][cell % cols]
        assert decided == (next(iter(seen)) if len(seen) == 1 else None)
        assert (cell in answer["differing"]) == (len(seen) > 1)
    assert answer["differing_labels"] == [kind.cell_label(puzzle, c) for c in answer["differing"]]


def test_solve_text_marks_the_cells_the_answers_fill_differently(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pencilbox import cli

    kind, puzzle = _lits()
    found = ambiguity.survey(kind, puzzle, 10)
    assert cli.main(["solve", AMBIGUOUS_LITS, "--limit", "10"]) == 0
    out = capsys.readouterr().out
    picture = out.splitlines()[: 2 * puzzle.rows + 1]
    marked = [
        r * puzzle.cols + c
        for r in range(puzzle.rows)
        for c in range(puzzle.cols)
        if picture[2 * r + 1][4 * c + 2] == "?"
    ]
    assert marked == list(found.differing)
    assert f"{len(found.differing)} cells the answers found fill differently" in out


def test_solve_text_of_a_unique_puzzle_draws_its_solution(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pencilbox import cli

    kind = registry.get("heteromino")
    record = kind.bank()[0]
    assert cli.main(["solve", record["url"], "--limit", "5"]) == 0
    out = capsys.readouterr().out
    assert "?" not in out
    assert kind.render(kind.from_json(record["json"]), record["solution"]) in out


def test_heteromino_answers_compare_by_piece_not_by_number() -> None:
    """Two cuttings that differ only at the end renumber no earlier piece, and a
    piece numbered differently but covering the same cells counts as the same."""
    kind = registry.get("heteromino")
    puzzle = kind.parse_text("heteromino 2x6\n......\n......\n")
    total, every = kind.brute_count(puzzle, 100)
    assert total >= 2
    found = ambiguity.survey(kind, puzzle, 100)
    assert found.count == total and found.exhaustive

    def piece(grid: list[list[int]], cell: int) -> frozenset[int]:
        flat = _flat(grid)
        return frozenset(c for c in range(len(flat)) if flat[c] == flat[cell])

    for cell in range(12):
        pieces = {piece(grid, cell) for grid in every}
        assert (cell in found.differing) == (len(pieces) > 1)
    placed = sorted(c for _, members in found.places for c in members)
    assert placed == sorted(found.differing)


def test_a_board_only_search_refutes_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the ladder cut to its first rung (singles), this board breaks no rule
    by propagation alone, and the problem says that search found no answer."""
    from pencilbox.engine import Ladder

    kind = registry.get("suguru")
    puzzle = kind.parse_text("suguru 2x4\nA A A B\nB B B B\n\n. . . .\n4 . . .\n")
    assert kind.brute_count(puzzle, 1)[0] == 0
    monkeypatch.setattr(kind, "ladder", Ladder(kind.ladder.rungs[:1]))
    found = ambiguity.survey(kind, puzzle)
    assert found.count == 0 and found.exhaustive
    assert found.problem is not None
    assert found.problem["rule"] == "search" and found.problem["cells"] == []
    assert "search finds no answer" in found.problem["message"]
