"""Published LITS puzzles: load, solve, prove unique, match the published answer.

The data (``tests/data/lits/``, each file naming its source) comes from
janko.at via puzzlekit (24 puzzles with janko's solutions, 6x7 to 40x57),
the pzprjs test script (with its deliberately wrong answers), pzprjs's old
applet URL test, cspuz_core's test, noqx's examples, grilops's example and
18 puzz.link URLs found in public code. One of those URLs,
``lits/6/6/lldoa4043q6c``, has several solutions and must be reported so.

:func:`real_lits` is also the reader ``benchmarks/lits.py`` uses.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pencilbox.formats import load
from pencilbox.grid import Grid, mask_of
from pencilbox.puzzles.lits import KIND, brute, brute_cells
from pencilbox.puzzles.lits.shapes import letter
from pencilbox.solving import solve

DATA = Path(__file__).parent / "data" / "lits"
NOT_UNIQUE = "lits/6/6/lldoa4043q6c"

Grid01 = list[list[int]]


@dataclass(frozen=True)
class RealLits:
    """One LITS from the data, in every form its source gives."""

    name: str
    url: str
    text: str | None  # the source's own region map under a text-format header
    solution: Grid01 | None
    solution_published: bool  # False: derived by another solver, not from the source
    letters: list[list[str]] | None  # the source's tetromino letter per cell ('' unshaded)
    unique: bool = True


def _read(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def real_lits() -> list[RealLits]:
    """Every LITS in ``tests/data/lits``."""
    cases = []
    for p in _read("janko_sample.json")["puzzles"]:
        rows, cols = int(p["rows"]), int(p["cols"])
        text = "\n".join([f"lits {rows}x{cols}", *p["regions_verbatim"]])
        letters = [["" if t == "-" else t for t in line.split()] for line in p["solution_verbatim"]]
        solution = [[1 if t else 0 for t in line] for line in letters]
        cases.append(
            RealLits(f"janko-{p['id']}", p["puzzlink_url_derived"], text, solution, True, letters)
        )
    pzprjs = _read("pzprjs.json")
    cases.append(
        RealLits(
            "pzprjs",
            "lits/" + pzprjs["url"],
            None,
            pzprv3_shading(next(f for code, f in pzprjs["failcheck"] if code is None)),
            True,
            None,
        )
    )
    cspuz = _read("cspuz_core.json")
    cases.append(
        RealLits(
            "cspuz_core",
            cspuz["url"],
            "\n".join(["lits 10x10", *cspuz["regions_verbatim"]]),
            cspuz["expected_shaded_verbatim (1=shaded)"],
            True,
            None,
        )
    )
    for example in _read("noqx.json")["examples"]:
        verified = example["verification"]
        cases.append(
            RealLits(
                f"noqx-{verified['rows']}x{verified['cols']}",
                example["puzzlink_url_derived"],
                None,
                verified["answer_grid_from_solver"],
                False,
                None,
            )
        )
    grilops = _read("grilops.json")["lits"]
    printed = grilops["solution_as_printed_by_grilops_README"]
    letters = [["" if ch == " " else ch for ch in line] for line in printed]
    cases.append(
        RealLits(
            "grilops",
            grilops["puzzlink_url_derived"],
            "\n".join(["lits 10x10", *grilops["areas_verbatim"]]),
            [[1 if ch else 0 for ch in line] for line in letters],
            True,
            letters,
        )
    )
    number = 0
    for group in _read("misc_urls.json")["groups"]:
        for found in group["puzzles"]:
            address = found["url_verbatim"]
            verified = found["verification"]
            unique = verified["noqx_solutions_found(cap 3)"] == 1
            cases.append(
                RealLits(
                    f"misc-{number}",
                    address,
                    None,
                    verified["answer_grid_from_solver"] if unique else None,
                    False,
                    None,
                    unique,
                )
            )
            number += 1
    return cases


def pzprv3_lines(file: str) -> list[str]:
    """The lines of a pzprv3 file as pzprjs's test scripts write it ('/' ends a line)."""
    return [line.strip() for line in file.split("/")]


def pzprv3_rooms(file: str) -> list[list[int]]:
    lines = pzprv3_lines(file)
    rows = int(lines[2])
    return [[int(t) for t in line.split()] for line in lines[5 : 5 + rows]]


def pzprv3_shading(file: str) -> Grid01:
    """'#' shaded; '+' (a dot) and '.' unshaded."""
    lines = pzprv3_lines(file)
    rows = int(lines[2])
    return [[1 if t == "#" else 0 for t in line.split()] for line in lines[5 + rows : 5 + 2 * rows]]


CASES = real_lits()


def test_every_source_is_present() -> None:
    names = [case.name for case in CASES]
    assert sum(name.startswith("janko-") for name in names) == 24
    assert sum(name.startswith("misc-") for name in names) == 18
    assert sum(name.startswith("noqx-") for name in names) == 2
    assert len(names) == len(set(names)) == 24 + 1 + 1 + 2 + 1 + 18
    assert [case.url for case in CASES if not case.unique] == ["https://puzz.link/p?" + NOT_UNIQUE]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_loads_solves_uniquely_and_matches(case: RealLits) -> None:
    kind, puzzle = load(case.url)
    assert kind is KIND
    report = solve(kind, puzzle, limit=2)
    if not case.unique:
        assert report.count == 2 and not report.exhaustive
        return
    assert report.unique, f"{report.count} solutions (exhaustive={report.exhaustive})"
    assert kind.check(puzzle, report.solutions[0]) == []
    if case.solution is not None:
        assert report.solutions[0] == case.solution
        assert kind.check(puzzle, case.solution) == []


def test_the_not_unique_url_has_exactly_twenty_solutions() -> None:
    """noqx stopped at its cap of 3; both brute-force counters and every rung
    agree on the exact number."""
    _, puzzle = load(NOT_UNIQUE)
    counts = {
        "brute-cells": brute_cells.count(puzzle, 100)[0],
        "brute": brute.count(puzzle, 100)[0],
    }
    for rung in KIND.ladder.names:
        counts[rung] = solve(KIND, puzzle, rung=rung, limit=100).count
    assert set(counts.values()) == {20}, counts


@pytest.mark.parametrize("case", [c for c in CASES if c.text], ids=lambda case: case.name)
def test_published_region_map_decodes_to_the_url_board(case: RealLits) -> None:
    assert case.text is not None
    assert load(case.text)[1] == load(case.url)[1]


@pytest.mark.parametrize("case", [c for c in CASES if c.letters], ids=lambda case: case.name)
def test_published_letters_are_the_shapes_we_classify(case: RealLits) -> None:
    """janko and grilops print each tetromino's letter; ours must agree."""
    _, puzzle = load(case.url)
    assert case.letters is not None
    grid = Grid(puzzle.rows, puzzle.cols)
    for cells in puzzle.region_cells:
        shaded = [c for c in cells if case.letters[c // puzzle.cols][c % puzzle.cols]]
        printed = {case.letters[c // puzzle.cols][c % puzzle.cols] for c in shaded}
        assert len(shaded) == 4 and printed == {letter(grid, shaded)}
        assert mask_of(shaded)


def test_url_re_encodes_to_the_same_body() -> None:
    from pencilbox.codecs.puzzlink import split_url

    for case in CASES:
        kind, puzzle = load(case.url)
        written, given = split_url(kind.to_url(puzzle)), split_url(case.url)
        assert (written.cols, written.rows, written.body) == (given.cols, given.rows, given.body)


# -- pzprjs's deliberately wrong answers ------------------------------------------

# pzprjs failcode -> the rule our checker names
FAILCODES = {
    "cs2x2": "square",
    "bkShadeGt4": "region-count",
    "bkShadeDivide": "region-split",
    "bsSameShape": "same-shape",
    "csDivide": "disconnected",
    "bkNoShade": "region-count",
    "bkShadeLt4": "region-count",
}


def test_pzprjs_rooms_match_its_url(data: Callable[[str], Any]) -> None:
    source = data("lits/pzprjs.json")
    _, puzzle = load("lits/" + source["url"])
    for _, file in source["failcheck"]:
        rooms = pzprv3_rooms(file)
        assert tuple(label for row in rooms for label in row) == puzzle.regions


def test_pzprjs_wrong_answers_are_rejected_under_their_rule(data: Callable[[str], Any]) -> None:
    source = data("lits/pzprjs.json")
    _, puzzle = load("lits/" + source["url"])
    seen = set()
    for code, file in source["failcheck"]:
        broken = {violation.rule for violation in KIND.check(puzzle, pzprv3_shading(file))}
        if code is None:
            assert broken == set()
        else:
            assert FAILCODES[code] in broken, (code, broken)
            seen.add(code)
    assert seen == set(FAILCODES)


def test_checker_names_the_cells(data: Callable[[str], Any]) -> None:
    source = data("lits/pzprjs.json")
    _, puzzle = load("lits/" + source["url"])
    by_code = dict(source["failcheck"])
    (square,) = [
        v for v in KIND.check(puzzle, pzprv3_shading(by_code["cs2x2"])) if v.rule == "square"
    ]
    assert square.cells == (0, 1, 4, 5)
    assert "r1c1" in square.message
    (twins,) = [
        v
        for v in KIND.check(puzzle, pzprv3_shading(by_code["bsSameShape"]))
        if v.rule == "same-shape"
    ]
    assert twins.cells == (1, 2)  # r1c2 of region 1 touches r1c3 of region 2
    assert KIND.check(puzzle, [[0] * 4] * 3)[0].rule == "shape"
    assert {v.rule for v in KIND.check(puzzle, [[2, 0, 0, 0]] + [[0] * 4] * 3)} >= {"value"}
