"""Published Heteromino puzzles: load, solve uniquely, match the published answers.

The data (``tests/data/heteromino/``, see its README) holds every Heteromino
in the project's anchor data: a 4x4 (grilops), a 5x5 (pzprjs and cspuz_core),
a 10x10 and a 25x25 (noqx), and pzprjs's three wrong answers to the 5x5 with
the failcode pzprjs gives each. :func:`real_heterominoes` is also what
``benchmarks/heteromino.py`` solves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from pencilbox import solving
from pencilbox.codecs.puzzlink import split_url
from pencilbox.formats import load
from pencilbox.puzzles.heteromino import KIND
from pencilbox.puzzles.heteromino.model import Heteromino, parse_text

DATA = Path(__file__).parent / "data" / "heteromino"
Rows = list[list[int]]


def _load(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def canonical(pieces: list[list[int | None]], black: Heteromino | None = None) -> Rows:
    """Renumber a piece grid (any labels, None or 0-with-black for black cells)
    1..n in reading order of each piece's first cell, 0 for black."""
    number_of: dict[int, int] = {}
    out = []
    for r, row in enumerate(pieces):
        line = []
        for c, label in enumerate(row):
            if label is None or (black is not None and black.is_black(r, c)):
                line.append(0)
            else:
                line.append(number_of.setdefault(label, len(number_of) + 1))
        out.append(line)
    return out


def pieces_of_borders(puzzle: Heteromino, right: list[list[bool]], below: list[list[bool]]) -> Rows:
    """Cut the white cells along borders: ``right[r][c]`` between (r, c) and
    (r, c + 1), ``below[r][c]`` between (r, c) and (r + 1, c). Each connected
    piece gets a number (reading order of its first cell)."""
    rows, cols = puzzle.rows, puzzle.cols
    label = [[0] * cols for _ in range(rows)]
    count = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if puzzle.is_black(r0, c0) or label[r0][c0]:
                continue
            count += 1
            label[r0][c0] = count
            todo = [(r0, c0)]
            while todo:
                r, c = todo.pop()
                steps = []
                if c + 1 < cols and not right[r][c]:
                    steps.append((r, c + 1))
                if c > 0 and not right[r][c - 1]:
                    steps.append((r, c - 1))
                if r + 1 < rows and not below[r][c]:
                    steps.append((r + 1, c))
                if r > 0 and not below[r - 1][c]:
                    steps.append((r - 1, c))
                for rr, cc in steps:
                    if not puzzle.is_black(rr, cc) and not label[rr][cc]:
                        label[rr][cc] = count
                        todo.append((rr, cc))
    return label


def pzprv3_pieces(puzzle: Heteromino, file: str) -> Rows:
    """The pieces a pzprv3 Heteromino file draws.

    After the header (``pzprv3/heteromino/ROWS/COLS``) come ROWS lines of cells
    (``*`` black), ROWS lines of COLS + 1 vertical borders (frame included),
    then ROWS + 1 lines of COLS horizontal borders; 1 is a border, -1 a
    player's "no border" mark.
    """
    lines = [line.strip() for line in file.split("/")]
    rows, cols = int(lines[2]), int(lines[3])
    cells = [line.split() for line in lines[4 : 4 + rows]]
    assert [[v == "*" for v in row] for row in cells] == [
        [puzzle.is_black(r, c) for c in range(cols)] for r in range(rows)
    ]
    vertical = [[int(v) > 0 for v in line.split()] for line in lines[4 + rows : 4 + 2 * rows]]
    horizontal = [[int(v) > 0 for v in line.split()] for line in lines[4 + 2 * rows : 5 + 3 * rows]]
    right = [[vertical[r][c + 1] for c in range(cols - 1)] for r in range(rows)]
    below = [[horizontal[r + 1][c] for c in range(cols)] for r in range(rows - 1)]
    return pieces_of_borders(puzzle, right, below)


@dataclass(frozen=True)
class RealHeteromino:
    """One published Heteromino and the answer the tests hold it to."""

    name: str
    url: str
    text: str | None  # the board built from the source's own cell list, if it has one
    answer: Rows  # canonical piece numbers
    answer_source: str  # where the answer comes from (published or derived)


def real_heterominoes() -> list[RealHeteromino]:
    cases = []
    grilops = _load("grilops.json")["heteromino"]
    size = grilops["size"]
    black = {tuple(cell) for cell in grilops["black_cells_(row,col)"]}
    text = "\n".join(
        [f"heteromino {size}x{size}"]
        + ["".join("#" if (r, c) in black else "." for c in range(size)) for r in range(size)]
    )
    url = grilops["puzzlink_url_derived"]
    cases.append(
        RealHeteromino(
            "grilops-4x4",
            url,
            text,
            canonical(grilops["verification"]["answer_grid_from_solver"]),
            "derived (noqx/clingo)",
        )
    )
    pzprjs = _load("pzprjs.json")
    puzzle = load(pzprjs["full_url_example"])[1]
    good = next(file for code, file in pzprjs["failcheck"] if code is None)
    cases.append(
        RealHeteromino(
            "pzprjs-5x5",
            pzprjs["full_url_example"],
            None,
            pzprv3_pieces(puzzle, good),
            "published (pzprjs test answer)",
        )
    )
    cspuz = _load("cspuz_core.json")
    puzzle = load(cspuz["url"])[1]
    right = [[bool(v) for v in row] for row in cspuz["expected_vertical_verbatim"]]
    below = [[bool(v) for v in row] for row in cspuz["expected_horizontal_verbatim"]]
    cases.append(
        RealHeteromino(
            "cspuz_core-5x5",
            cspuz["url"],
            None,
            pieces_of_borders(puzzle, right, below),
            "published (cspuz_core test answer)",
        )
    )
    for example in _load("noqx.json")["examples"]:
        url = example["puzzlink_url_derived"]
        board = load(url)[1]
        cases.append(
            RealHeteromino(
                f"noqx-{board.rows}x{board.cols}",
                url,
                None,
                canonical(example["verification"]["answer_grid_from_solver"]),
                "derived (noqx/clingo)",
            )
        )
    return cases


CASES = real_heterominoes()


@pytest.fixture(params=CASES, ids=[case.name for case in CASES])
def real(request: pytest.FixtureRequest) -> RealHeteromino:
    case: RealHeteromino = request.param
    return case


def test_every_source_is_present() -> None:
    sizes = sorted((load(case.url)[1].rows, case.name) for case in CASES)
    assert [size for size, _ in sizes] == [4, 5, 5, 10, 25]
    assert sum(case.answer_source.startswith("published") for case in CASES) == 2


def test_loads_solves_uniquely_and_matches_the_answer(real: RealHeteromino) -> None:
    kind, puzzle = load(real.url)
    assert kind is KIND
    report = solving.solve(kind, puzzle, limit=2)
    assert report.unique, f"{report.count} solutions (exhaustive={report.exhaustive})"
    assert report.solutions[0] == real.answer, real.answer_source
    assert KIND.check(puzzle, real.answer) == []
    # no search at all: probing finishes every published board
    assert report.solved_by == "probe"


def test_url_re_encodes_to_the_same_body(real: RealHeteromino) -> None:
    puzzle = load(real.url)[1]
    written, given = split_url(KIND.to_url(puzzle)), split_url(real.url)
    assert (written.cols, written.rows, written.body) == (given.cols, given.rows, given.body)


def test_source_cell_list_matches_the_url() -> None:
    """grilops lists its black cells; the URL derived from them must say the same."""
    with_text = [case for case in CASES if case.text is not None]
    assert [case.name for case in with_text] == ["grilops-4x4"]
    for case in with_text:
        assert case.text is not None
        assert parse_text(case.text) == load(case.url)[1]


def test_both_5x5_answers_agree() -> None:
    pzprjs, cspuz = (case for case in CASES if "5x5" in case.name)
    assert pzprjs.url.split("?")[1] == cspuz.url.split("?")[1]
    assert pzprjs.answer == cspuz.answer


# pzprjs failcodes and the rule our checker names for the same fault
FAILCODE_RULES = {"bkSizeGt3": "too-big", "bkSizeLt3": "too-small", "bkSameTouch": "same-shape"}


@pytest.mark.parametrize("failcode", sorted(FAILCODE_RULES))
def test_pzprjs_wrong_answers_are_rejected_under_their_rule(failcode: str) -> None:
    pzprjs = _load("pzprjs.json")
    puzzle = load(pzprjs["full_url_example"])[1]
    file = next(file for code, file in pzprjs["failcheck"] if code == failcode)
    broken = KIND.check(puzzle, pzprv3_pieces(puzzle, file))
    rules = {violation.rule for violation in broken}
    assert FAILCODE_RULES[failcode] in rules, broken
    if failcode == "bkSameTouch":
        # the two ┐ Ls drawn in the top rows touch; the rest is left uncut
        (twins,) = [v for v in broken if v.rule == "same-shape"]
        assert sorted(twins.cells) == [0, 1, 2, 3, 6, 8]


def test_pzprjs_correct_answer_passes_the_checker() -> None:
    pzprjs = _load("pzprjs.json")
    puzzle = load(pzprjs["full_url_example"])[1]
    good = next(file for code, file in pzprjs["failcheck"] if code is None)
    assert KIND.check(puzzle, pzprv3_pieces(puzzle, good)) == []


def test_pzprjs_input_script_board() -> None:
    """The editor script blacks three cells of a 2x3 board; its file shows which."""
    pzprjs = _load("pzprjs.json")
    result = pzprjs["inputs"][0]["result"]
    lines = [line.strip() for line in result.split("/")]
    puzzle = Heteromino(2, 3, tuple(v == "*" for line in lines[4:6] for v in line.split()))
    assert puzzle.black == (True, True, False, True, False, False)
    # three white cells in an L: the one way to cut them
    assert KIND.brute_count(puzzle, 5)[0] == 1
