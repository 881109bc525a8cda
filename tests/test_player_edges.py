"""A player's marks between cells (Heteromino's cuts and joins) as part of a
position: they narrow the solving state without losing an answer, a wrong one
is the mistake the correct-so-far check and Hint report first, and every door
(the API, the CLI's ``--position`` file) reads them with one-line errors.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import cli, registry, solving
from pencilbox.engine import count_solutions
from pencilbox.errors import PuzzleError
from pencilbox.kind import Edge, position_state, progress_json, read_edges
from pencilbox.web.app import create_app

KIND = registry.get("heteromino")
JSON_TYPE = {"content-type": "application/json"}


def bank_puzzle(index: int = 0) -> tuple[Any, list[list[int]]]:
    record = KIND.bank()[index]
    return KIND.from_json(record["json"]), [list(row) for row in record["solution"]]


def neighbour_pairs(puzzle: Any) -> Iterator[tuple[int, int]]:
    """Every edge between two white cells, lower cell first."""
    cols, black = puzzle.cols, puzzle.black
    for a in range(puzzle.rows * cols):
        beside = [a + 1] if a % cols + 1 < cols else []
        below = [a + cols] if a + cols < len(black) else []
        yield from ((a, b) for b in beside + below if not black[a] and not black[b])


def piece(solution: list[list[int]], cols: int, cell: int) -> int:
    return solution[cell // cols][cell % cols]


def split(puzzle: Any, solution: list[list[int]]) -> tuple[list[Edge], list[Edge]]:
    """The solution's right cuts (between its pieces) and wrong ones (inside a piece)."""
    right, wrong = [], []
    for a, b in neighbour_pairs(puzzle):
        same = piece(solution, puzzle.cols, a) == piece(solution, puzzle.cols, b)
        (wrong if same else right).append((a, b, "cut"))
    return right, wrong


def label(puzzle: Any, cell: int) -> str:
    return KIND.cell_label(puzzle, cell)


def between(puzzle: Any, a: int, b: int, mark: str) -> str:
    return f"the {mark} between {label(puzzle, a)} and {label(puzzle, b)}"


def empty(puzzle: Any) -> list[list[int]]:
    return [[0] * puzzle.cols for _ in range(puzzle.rows)]


# -- the state: cuts narrow, and never lose an answer ------------------------------------


def test_the_answers_cuts_alone_leave_one_piece_in_every_cell() -> None:
    """With every cut the answer has (and no piece drawn), each white cell keeps
    exactly one candidate, the answer's: a cut removes every piece over both cells."""
    puzzle, solution = bank_puzzle()
    right, _ = split(puzzle, solution)
    state = position_state(KIND, puzzle, None, right)
    white = [cell for cell in range(puzzle.rows * puzzle.cols) if not puzzle.black[cell]]
    assert all(bin(state.domains[cell]).count("1") == 1 for cell in white)
    assert KIND.solution_rows(puzzle, state) == solution


def test_a_hint_starts_from_the_cuts() -> None:
    """With every cut the answer has, each cell has one piece left: the hint is a
    single step drawing one of the answer's pieces (no supposition needed)."""
    puzzle, solution = bank_puzzle()
    right, _ = split(puzzle, solution)
    found = solving.hint(KIND, puzzle, None, edges=right)
    assert found.status == "step" and len(found.steps) == 1
    cells = found.steps[0].cells
    assert len(cells) == 3 and len({piece(solution, puzzle.cols, c) for c in cells}) == 1


def test_one_cut_removes_exactly_the_pieces_over_both_cells() -> None:
    puzzle, solution = bank_puzzle()
    right, _ = split(puzzle, solution)
    a, b, _ = right[len(right) // 2]
    before = KIND.initial_state(puzzle)
    after = position_state(KIND, puzzle, None, [(a, b, "cut")])
    tables = before.tables
    gone = {p for p in range(tables.piece_count) if tables.piece_mask[p] >> a & 1}
    gone = {p for p in gone if tables.piece_mask[p] >> b & 1}
    assert gone  # some piece covered both
    for cell in range(puzzle.rows * puzzle.cols):
        removed = before.domains[cell] & ~after.domains[cell]
        expected = 0
        for p in gone:
            for c, bit in zip(tables.piece_cells[p], tables.piece_bits[p], strict=True):
                expected |= bit if c == cell else 0
        assert removed == expected


def consistent(answer: list[list[int]], cols: int, edges: list[Edge]) -> bool:
    apart = [piece(answer, cols, a) != piece(answer, cols, b) for a, b, _ in edges]
    return all(gap == (mark == "cut") for gap, (_, _, mark) in zip(apart, edges, strict=True))


@pytest.mark.parametrize("seed", range(12))
def test_marks_keep_exactly_the_answers_that_respect_them(seed: int) -> None:
    """On random boards with several answers, marks drawn from one answer (cuts and
    joins): counting from the marked state finds exactly the brute-force answers
    that respect every mark, so a right mark never removes an answer."""
    rng = random.Random(seed)
    rows, cols = rng.choice([(4, 4), (4, 5), (5, 5), (3, 6)])
    count, answers = 0, []
    for _ in range(40):
        puzzle = KIND.random_board(rng, rows, cols)
        count, answers = KIND.brute_count(puzzle, 200)
        if count >= 2:
            break
    assert count >= 2, "no board with several answers found"
    chosen = rng.choice(answers)
    pairs = list(neighbour_pairs(puzzle))
    marks: list[Edge] = []
    for a, b in rng.sample(pairs, max(1, len(pairs) // 4)):
        apart = piece(chosen, cols, a) != piece(chosen, cols, b)
        marks.append((a, b, "cut" if apart else "join"))
    state = position_state(KIND, puzzle, None, marks)
    found = count_solutions(state, KIND.ladder.rules(), 1000)
    grids = sorted(KIND.solution_rows(puzzle, s) for s in found.solutions)
    assert found.exhaustive
    assert grids == sorted(a for a in answers if consistent(a, cols, marks))
    assert chosen in grids


# -- mistakes: a wrong cut is named in the player's terms ----------------------------


def test_a_wrong_cut_is_the_hints_mistake_before_any_piece_closes() -> None:
    puzzle, solution = bank_puzzle()
    right, wrong = split(puzzle, solution)
    a, b, _ = wrong[0]
    found = solving.hint(KIND, puzzle, empty(puzzle), edges=[right[0], wrong[0]])
    assert found.status == "mistake"
    assert [(m.rule, m.cells, m.message) for m in found.mistakes] == [
        ("wrong-cut", (a, b), f"the cut between {label(puzzle, a)} and {label(puzzle, b)} is wrong")
    ]
    # right cuts alone: no mistake, and the hint's move respects them
    found = solving.hint(KIND, puzzle, None, edges=right[:5])
    assert found.status == "step"
    move = found.steps[-1].cells
    assert not [(a, b) for a, b, _ in right[:5] if a in move and b in move]


def test_correct_so_far_counts_a_wrong_cut_and_a_wrong_join() -> None:
    puzzle, solution = bank_puzzle()
    right, wrong = split(puzzle, solution)
    a, b, _ = wrong[0]
    c, d, _ = right[0]
    marks = [wrong[0], (c, d, "join"), right[1]]
    answer = progress_json(KIND, puzzle, empty(puzzle), solution, edges=marks, which=True)
    assert answer["status"] == "wrong" and answer["wrong"] == 2
    assert [(m["rule"], m["edge"], m["message"]) for m in answer["mistakes"]] == [
        ("wrong-cut", [a, b], f"{between(puzzle, a, b, 'cut')} is wrong"),
        ("wrong-join", [c, d], f"{between(puzzle, c, d, 'join')} is wrong"),
    ]
    shown = progress_json(KIND, puzzle, empty(puzzle), solution, edges=marks, reveal=True)
    assert [m["message"].split(" is wrong ")[1] for m in shown["mistakes"]] == [
        "(they are in one piece)",
        "(they are in two pieces)",
    ]
    assert progress_json(KIND, puzzle, empty(puzzle), solution, edges=right)["status"] == "correct"


def test_reading_marks_refuses_what_is_not_an_edge_mark() -> None:
    puzzle, _ = bank_puzzle()
    cols = puzzle.cols
    black = next(cell for cell in range(len(puzzle.black)) if puzzle.black[cell])
    other = black + 1 if black % cols + 1 < cols else black - 1
    cases = {
        "not neighbours": [[0, 2, "cut"]],
        "with a mark from: cut, join": [[0, 1, "wall"]],
        "marked both cut and join": [[0, 1, "cut"], ["r1c2", "r1c1", "join"]],
        "touches a black cell": [[black, other, "cut"]],
        "is not a cell": [[0, 10**6, "cut"]],
        "at most": "cut",
    }
    for words, raw in cases.items():
        with pytest.raises(PuzzleError, match=words):
            read_edges(KIND, puzzle, raw)
    assert read_edges(KIND, puzzle, [["R1C2", "r1c1", "cut"], [0, 1, "cut"]]) == [(0, 1, "cut")]
    suguru = registry.get("suguru")
    board = suguru.from_json(suguru.bank()[0]["json"])
    with pytest.raises(PuzzleError, match="a Suguru position has no edge marks"):
        read_edges(suguru, board, [[0, 1, "cut"]])


# -- the web API ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def post(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    return client.post(path, content=json.dumps(body), headers=JSON_TYPE)


def test_api_hint_progress_and_check_read_the_cuts(client: TestClient) -> None:
    puzzle, solution = bank_puzzle()
    right, wrong = split(puzzle, solution)
    a, b, _ = wrong[0]
    body = {"puzzle": KIND.to_json(puzzle), "grid": empty(puzzle)}
    hint = post(client, "/api/hint", {**body, "edges": [[a, b, "cut"]]}).json()
    assert hint["status"] == "mistake"
    assert [m["rule"] for m in hint["mistakes"]] == ["wrong-cut"]
    assert hint["mistakes"][0]["cells"] == [a, b]
    assert "is in" not in hint["mistakes"][0]["message"]  # the answer is kept back
    progress = post(client, "/api/progress", {**body, "edges": [list(e) for e in right]})
    assert progress.json()["status"] == "correct"
    progress = post(client, "/api/progress", {**body, "edges": [[a, b, "cut"]], "which": True})
    assert progress.json()["wrong"] == 1 and progress.json()["mistakes"][0]["edge"] == [a, b]
    # /api/check reads no answer: a cut inside one of the grid's groups is broken
    grid = [[1 if n == piece(solution, puzzle.cols, a) else 0 for n in row] for row in solution]
    check = post(client, "/api/check", {**body, "grid": grid, "edges": [[a, b, "cut"]]}).json()
    inside = [v for v in check["violations"] if v["rule"] == "cut-inside"]
    assert [v["cells"] for v in inside] == [[a, b]]
    assert inside[0]["message"].endswith("runs inside one piece")


def test_api_refuses_bad_edges_in_one_line(client: TestClient) -> None:
    puzzle, _ = bank_puzzle()
    body = {"puzzle": KIND.to_json(puzzle), "grid": empty(puzzle)}
    for path in ("/api/hint", "/api/progress", "/api/check"):
        response = post(client, path, {**body, "edges": [[0, 2, "cut"]]})
        assert response.status_code == 400
        message = response.json()["error"]
        assert message == "'edges' entry 1: r1c1 and r1c3 are not neighbours"
    response = post(client, "/api/hint", {**body, "edges": [[0, 1, "cut"]] * 10**4})
    assert response.status_code in (400, 413) and "\n" not in response.json()["error"]


# -- the CLI's --position file -----------------------------------------------------


def test_cli_reads_cuts_from_text_and_json_positions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle, solution = bank_puzzle()
    _, wrong = split(puzzle, solution)
    a, b, _ = wrong[0]
    source = tmp_path / "p.json"
    source.write_text(json.dumps(KIND.to_json(puzzle)))
    rows = "\n".join("." * puzzle.cols for _ in range(puzzle.rows))
    text = tmp_path / "cut.txt"
    text.write_text(f"{rows}\ncut {label(puzzle, a)} {label(puzzle, b)}\n")
    as_json = tmp_path / "cut.json"
    as_json.write_text(json.dumps({"position": empty(puzzle), "edges": [[a, b, "cut"]]}))
    words = f"the cut between {label(puzzle, a)} and {label(puzzle, b)} is wrong"
    for position in (text, as_json):
        assert cli.main(["hint", str(source), "--position", str(position)]) == 0
        assert capsys.readouterr().out == f"mistake:\n  {words}\n"
        assert cli.main(["check", str(source), "--position", str(position), "--which"]) == 0
        assert capsys.readouterr().out == f"1 wrong entry\n  {words}\n"
    bad = tmp_path / "bad.txt"
    bad.write_text(f"{rows}\ncut r1c1 r1c3\n")
    assert cli.main(["hint", str(source), "--position", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.strip().endswith("bad.txt: edges entry 1: r1c1 and r1c3 are not neighbours")
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
