"""A player's position, through every door: the checker's and the mistakes'
wording, the "correct so far" check, and positions that round-trip.

Boards come from each type's bank and from large random boards, so that
what holds here holds for every board the app accepts, not just one.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import cli, formats, registry, solving
from pencilbox.cli.inputs import read_position
from pencilbox.kind import entry_limit
from pencilbox.web.app import create_app

NAMES = registry.names()
LABEL = re.compile(r"\br\d+c\d+\b")
OLD_WORDING = re.compile(r"\brow \d+|\bcolumn \d+")


def first_bank_puzzle(name: str) -> tuple[Any, Any, list[list[int]]]:
    """The kind, the first shipped puzzle of type ``name`` and its solution."""
    kind = registry.get(name)
    record = kind.bank()[0]
    return kind, kind.from_json(record["json"]), [list(row) for row in record["solution"]]


def broken_grids(solution: list[list[int]]) -> list[list[list[int]]]:
    """Grids that break rules on any type: empty, all one value, and the solution
    with its first row copied onto the second (clashes, merged pieces)."""
    rows, cols = len(solution), len(solution[0])
    copied = [list(row) for row in solution]
    copied[1] = list(copied[0])
    return [[[0] * cols for _ in range(rows)], [[1] * cols for _ in range(rows)], copied]


@pytest.mark.parametrize("name", NAMES)
def test_checker_names_cells_as_hints_do(name: str) -> None:
    """Check names a cell ``r7c6`` as hints do, never "row 7, column 6" (defect 9),
    and counts "1 cell", not "1 cells"."""
    kind, puzzle, solution = first_bank_puzzle(name)
    messages = [v.message for grid in broken_grids(solution) for v in kind.check(puzzle, grid)]
    assert messages
    assert not [m for m in messages if OLD_WORDING.search(m)]
    assert not [m for m in messages if re.search(r"\b1 cells\b", m)]
    assert any(LABEL.search(m) for m in messages)


# -- mistakes in the player's terms (defect 3) ------------------------------------------


def test_a_wrong_digit_is_named_as_entered_and_the_answer_kept_back() -> None:
    kind, puzzle, solution = first_bank_puzzle("suguru")
    cell = next(c for c in range(puzzle.rows * puzzle.cols) if not puzzle.givens[c])
    r, c = divmod(cell, puzzle.cols)
    entered = solution[r][c] % 5 + 1  # some other digit
    if entered == solution[r][c]:
        entered += 1
    position = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    position[r][c] = entered
    label = kind.cell_label(puzzle, cell)
    (mistake,) = kind.position_mistakes(puzzle, position, solution)
    assert mistake.cells == (cell,)
    assert mistake.message == f"the {entered} at {label} is wrong"
    (shown,) = kind.position_mistakes(puzzle, position, solution, reveal=True)
    assert shown.message == f"the {entered} at {label} is wrong ({label} is {solution[r][c]})"


def test_a_wrong_dot_is_called_a_dot_not_a_shaded_cell() -> None:
    """The issue's case: a dot on a cell the answer shades read "r1c2 is shaded"
    while the board showed a dot."""
    kind, puzzle, solution = first_bank_puzzle("lits")
    shaded = next((r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if v)
    empty = next((r, c) for r, row in enumerate(solution) for c, v in enumerate(row) if not v)
    position = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    position[shaded[0]][shaded[1]] = 2  # a dot where the answer shades
    position[empty[0]][empty[1]] = 1  # shading where the answer does not
    dot = kind.cell_label(puzzle, shaded[0] * puzzle.cols + shaded[1])
    shade = kind.cell_label(puzzle, empty[0] * puzzle.cols + empty[1])
    messages = {m.message for m in kind.position_mistakes(puzzle, position, solution)}
    assert messages == {f"the dot at {dot} is wrong", f"the shading at {shade} is wrong"}
    shown = {m.message for m in kind.position_mistakes(puzzle, position, solution, reveal=True)}
    assert shown == {
        f"the dot at {dot} is wrong ({dot} is shaded)",
        f"the shading at {shade} is wrong ({shade} is not shaded)",
    }


def test_a_wrong_piece_is_named_as_drawn_and_the_answer_kept_back() -> None:
    kind, puzzle, solution = first_bank_puzzle("heteromino")
    cols = puzzle.cols
    groups: dict[int, list[int]] = {}
    for cell, number in enumerate(v for row in solution for v in row):
        if number:
            groups.setdefault(number, []).append(cell)
    # two cells of one piece and one cell of a piece beside it, drawn as one piece
    first = groups[solution[0][0] or 1]
    other = next(
        cells
        for cells in groups.values()
        if cells != first and any(abs(a - b) in (1, cols) for a in first for b in cells)
    )
    drawn = sorted(first[:2] + [other[0]])
    position = [[0] * cols for _ in range(puzzle.rows)]
    for cell in drawn:
        position[cell // cols][cell % cols] = 7
    names = " ".join(kind.cell_label(puzzle, cell) for cell in drawn)
    (mistake,) = kind.position_mistakes(puzzle, position, solution)
    assert mistake.message == f"the piece at {names} is wrong"
    (shown,) = kind.position_mistakes(puzzle, position, solution, reveal=True)
    answer = " / ".join(
        " ".join(kind.cell_label(puzzle, c) for c in cells) for cells in (first, other)
    )
    assert shown.message == f"the piece at {names} is wrong (the answer's pieces there: {answer})"


# -- every board round-trips its own positions (defect 5) ---------------------------------


def bank_cases() -> list[tuple[str, dict[str, Any]]]:
    return [(name, record) for name in NAMES for record in registry.get(name).bank()]


def noqx_heteromino_25() -> tuple[Any, Any, list[list[int]]]:
    """The 25x25 Heteromino from noqx's examples (140 pieces), solved."""
    from conftest import load_data

    example = next(
        e for e in load_data("heteromino/noqx.json")["examples"] if e["verification"]["rows"] == 25
    )
    kind, puzzle = formats.load(example["puzzlink_url_derived"])
    report = solving.solve(kind, puzzle, limit=2)
    assert report.unique
    return kind, puzzle, [list(row) for row in report.solutions[0]]


def as_entered(kind: Any, puzzle: Any, solution: list[list[int]]) -> list[list[int]]:
    """The solution as a player enters it, every optional mark made (the face's ``entered``)."""
    return [list(row) for row in kind.entered(puzzle, solution)]


def without_last_move(
    kind: Any, puzzle: Any, position: list[list[int]], solution: list[list[int]]
) -> list[list[int]]:
    """``position`` with its last move erased: the last cell's that is not a
    given nor an optional mark (a dot: the board is solved without them), and
    every cell sharing its number if the type groups cells by number (a
    Heteromino piece)."""
    cols = puzzle.cols
    marks = {
        r * cols + c
        for r, row in enumerate(kind.entered(puzzle, solution))
        for c, value in enumerate(row)
        if value != solution[r][c]
    }
    moves = set(range(puzzle.rows * cols)) - set(kind.clue_cells(puzzle)) - marks
    cells = [cell for cell in sorted(moves) if position[cell // cols][cell % cols]]
    last = cells[-1]
    number = position[last // cols][last % cols]
    grouped = kind.name == "heteromino"  # a piece is the cells that share a number
    erased = [list(row) for row in position]
    for cell in cells if grouped else [last]:
        if cell == last or position[cell // cols][cell % cols] == number:
            erased[cell // cols][cell % cols] = 0
    return erased


def made(answer: dict[str, Any], position: list[list[int]], cols: int) -> list[list[int]]:
    """``position`` after the player makes the hint's move: its ``value`` in its ``cells``."""
    final = answer["steps"][-1]
    assert final["writes"] and final["value"] is not None, answer
    after = [list(row) for row in position]
    for cell in final["cells"]:
        after[cell // cols][cell % cols] = final["value"]
    return after


def cli_hint(
    capsys: pytest.CaptureFixture[str], tmp: Path, puzzle: str, grid: Any, edges: Any = ()
) -> Any:
    """``pencilbox hint PUZZLE --position FILE --json``, in process, as JSON
    (with ``edges``, the marks drawn between cells, the file holds them too)."""
    position = tmp / "position.json"
    held = {"position": grid, "edges": list(edges)} if edges else grid
    position.write_text(json.dumps(held), encoding="utf-8")
    code = cli.main(["hint", puzzle, "--position", str(position), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def cli_round_trip(
    capsys: pytest.CaptureFixture[str], tmp: Path, kind: Any, puzzle: Any, solution: Any
) -> None:
    """The CLI reads back the positions it leads to: the solution less its last
    move is hinted, the hint's move made is read and is solved. A move that
    draws marks between cells (a border) is made too, and the cell hinted after."""
    source = tmp / "puzzle.json"
    source.write_text(json.dumps(kind.to_json(puzzle)), encoding="utf-8")
    before = without_last_move(kind, puzzle, as_entered(kind, puzzle, solution), solution)
    answer = cli_hint(capsys, tmp, str(source), before)
    edges: list[Any] = []
    while answer["status"] == "step" and answer["steps"][-1].get("edges"):
        assert len(edges) < 4, answer  # a cell has at most four edges
        edges += answer["steps"][-1]["edges"]
        answer = cli_hint(capsys, tmp, str(source), before, edges)
    assert answer["status"] == "step", answer
    after = made(answer, before, puzzle.cols)
    assert kind.position_mistakes(puzzle, after, solution) == []
    assert cli_hint(capsys, tmp, str(source), after, edges)["status"] == "solved"


@pytest.mark.parametrize(
    ("name", "record"), bank_cases(), ids=lambda v: v.get("id", v) if isinstance(v, dict) else v
)
def test_every_bank_puzzle_round_trips_its_positions_in_the_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, record: dict[str, Any]
) -> None:
    kind = registry.get(name)
    puzzle = kind.from_json(record["json"])
    cli_round_trip(capsys, tmp_path, kind, puzzle, [list(row) for row in record["solution"]])


def test_a_heteromino_of_140_pieces_round_trips_in_the_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    kind, puzzle, solution = noqx_heteromino_25()
    assert max(max(row) for row in solution) > 99
    cli_round_trip(capsys, tmp_path, kind, puzzle, solution)


def l_tiling(rows: int, cols: int) -> list[list[int]]:
    """A Heteromino answer on a ``rows`` x ``cols`` white board (rows even, cols a
    multiple of 3): 2x3 boxes cut into two L pieces, the cut mirrored from box
    to box like a chessboard's colours, so no two touching pieces share a shape."""
    grid = [[0] * cols for _ in range(rows)]
    number = 0
    for top in range(0, rows, 2):
        for left in range(0, cols, 3):
            mirrored = (top // 2 + left // 3) % 2
            first = [(0, 0), (0, 1), (1, 0)] if not mirrored else [(0, 0), (1, 0), (1, 1)]
            pieces = [first, [(r, c) for r in range(2) for c in range(3) if (r, c) not in first]]
            for piece in pieces:
                number += 1
                for r, c in piece:
                    grid[top + r][left + c] = number
    return grid


def test_a_heteromino_of_234_pieces_is_checked_and_read_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Positions numbered past 99 (each piece its own number, as the page sends
    them) pass the web app's and the CLI's bounds."""
    kind = registry.get("heteromino")
    rows, cols = 26, 27
    puzzle = kind.from_json(
        {
            "puzzle": "heteromino",
            "rows": rows,
            "cols": cols,
            "black": [[0] * cols for _ in range(rows)],
        }
    )
    tiling = l_tiling(rows, cols)
    assert max(max(row) for row in tiling) == 234 and kind.check(puzzle, tiling) == []
    with TestClient(create_app()) as client:
        answer = client.post("/api/check", json={"puzzle": kind.to_json(puzzle), "grid": tiling})
    assert answer.status_code == 200, answer.text
    assert answer.json()["solved"]
    path = tmp_path / "tiling.txt"
    path.write_text("\n".join(" ".join(map(str, row)) for row in tiling), encoding="utf-8")
    assert read_position(str(path), puzzle) == tiling


@pytest.mark.parametrize("name", NAMES)
def test_a_big_random_board_takes_a_position_of_one_number_per_cell(name: str) -> None:
    """The page's check grid can hold as many numbers as the board has cells (a
    Heteromino board cut into single cells); the app answers it, not 400."""
    kind = registry.get(name)
    rng = random.Random(f"positions-{name}")
    puzzle = kind.random_board(rng, 25, 25)
    numbered = [[r * 25 + c + 1 for c in range(25)] for r in range(25)]
    assert entry_limit(puzzle) == 625
    with TestClient(create_app()) as client:
        answer = client.post("/api/check", json={"puzzle": kind.to_json(puzzle), "grid": numbered})
        assert answer.status_code == 200, answer.text
        assert answer.json()["violations"] == [
            solving.violation_json(kind, puzzle, v) for v in kind.check(puzzle, numbered)
        ]
        too_big = [row[:] for row in numbered]
        too_big[0][0] = 626
        refused = client.post("/api/check", json={"puzzle": kind.to_json(puzzle), "grid": too_big})
        assert refused.status_code == 400 and "0 to 625" in refused.json()["error"]


def test_the_web_hint_value_is_a_number_the_position_can_hold() -> None:
    """The web app's hint on the 140-piece board names a piece number the
    position does not use; made, the move is read back and solved."""
    kind, puzzle, solution = noqx_heteromino_25()
    before = without_last_move(kind, puzzle, solution, solution)
    body = {"puzzle": kind.to_json(puzzle), "grid": before}
    with TestClient(create_app()) as client:
        answer = client.post("/api/hint", json=body).json()
        assert answer["status"] == "step", answer
        value = answer["steps"][-1]["value"]
        assert value not in {v for row in before for v in row}
        after = made(answer, before, puzzle.cols)
        again = client.post("/api/hint", json={**body, "grid": after}).json()
    assert again["status"] == "solved", again


# -- "correct so far" ---------------------------------------------------------------------


def one_wrong(kind: Any, puzzle: Any, solution: list[list[int]]) -> list[list[int]]:
    """The solution as entered less its last move, with one entry made wrong."""
    position = without_last_move(kind, puzzle, as_entered(kind, puzzle, solution), solution)
    mistakes = kind.position_mistakes(puzzle, position, solution)
    assert not mistakes
    if kind.name != "heteromino":  # the first entry that is a move, made another value
        values = sorted({value for row in position for value in row} - {0})
        clues = set(kind.clue_cells(puzzle))
        cols = puzzle.cols
        cell = next(
            c for c in range(puzzle.rows * cols) if c not in clues and position[c // cols][c % cols]
        )
        r, c = divmod(cell, cols)
        position[r][c] = next(value for value in values if value != position[r][c])
    else:  # the first cell drawn into the next piece's number
        cols = puzzle.cols
        cells = [c for c in range(puzzle.rows * cols) if position[c // cols][c % cols]]
        first, other = (
            cells[0],
            next(
                c
                for c in cells
                if position[c // cols][c % cols] != position[cells[0] // cols][cells[0] % cols]
            ),
        )
        position[first // cols][first % cols] = position[other // cols][other % cols]
    return position


@pytest.mark.parametrize("name", NAMES)
def test_progress_counts_wrong_entries_and_names_them_only_when_asked(name: str) -> None:
    kind, puzzle, solution = first_bank_puzzle(name)
    body: dict[str, Any] = {"puzzle": kind.to_json(puzzle)}
    with TestClient(create_app()) as client:
        right = without_last_move(kind, puzzle, as_entered(kind, puzzle, solution), solution)
        answer = client.post("/api/progress", json={**body, "grid": right}).json()
        assert answer == {"status": "correct", "wrong": 0, "mistakes": None}
        wrong = one_wrong(kind, puzzle, solution)
        expected = kind.position_mistakes(puzzle, wrong, solution)
        answer = client.post("/api/progress", json={**body, "grid": wrong}).json()
        assert answer == {"status": "wrong", "wrong": len(expected), "mistakes": None}
        listed = client.post("/api/progress", json={**body, "grid": wrong, "which": True}).json()
        assert [m["message"] for m in listed["mistakes"]] == [m.message for m in expected]
        assert [m["cells"] for m in listed["mistakes"]] == [list(m.cells) for m in expected]
        shown = client.post("/api/progress", json={**body, "grid": wrong, "reveal": True}).json()
        revealed = kind.position_mistakes(puzzle, wrong, solution, reveal=True)
        assert [m["message"] for m in shown["mistakes"]] == [m.message for m in revealed]
        assert revealed[0].message != expected[0].message
        bad = client.post("/api/progress", json={**body, "grid": wrong, "which": "yes"})
        assert bad.status_code == 400 and "'which'" in bad.json()["error"]


def test_progress_without_a_unique_solution_says_so() -> None:
    domino = "suguru 1x2\nAA\n"
    with TestClient(create_app()) as client:
        answer = client.post("/api/progress", json={"puzzle": domino, "grid": [[1, 0]]}).json()
    assert answer == {"status": "no-unique-solution", "wrong": None, "mistakes": None}


def test_cli_check_counts_and_lists_on_request(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    kind, puzzle, solution = first_bank_puzzle("lits")
    source = tmp_path / "puzzle.json"
    source.write_text(json.dumps(kind.to_json(puzzle)), encoding="utf-8")
    wrong = one_wrong(kind, puzzle, solution)
    position = tmp_path / "position.json"
    position.write_text(json.dumps(wrong), encoding="utf-8")
    argv = ["check", str(source), "--position", str(position)]
    assert cli.main(argv) == 0
    assert capsys.readouterr().out == "1 wrong entry\n"
    (mistake,) = kind.position_mistakes(puzzle, wrong, solution)
    assert cli.main([*argv, "--which"]) == 0
    assert capsys.readouterr().out == f"1 wrong entry\n  {mistake.message}\n"
    assert cli.main([*argv, "--reveal", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    (shown,) = kind.position_mistakes(puzzle, wrong, solution, reveal=True)
    assert answer["wrong"] == 1 and answer["mistakes"][0]["message"] == shown.message
    right = tmp_path / "right.json"
    right.write_text(json.dumps(as_entered(kind, puzzle, solution)), encoding="utf-8")
    assert cli.main(["check", str(source), "--position", str(right)]) == 0
    assert capsys.readouterr().out == "correct so far\n"
