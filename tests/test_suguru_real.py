"""Published Suguru puzzles: load from their URLs, solve uniquely, match their solutions.

The data (``tests/data/suguru/``) comes from janko.at via puzzlekit, the pzprjs
test script, a talk's slides, noqx's examples and a pzprxs URL found in public
code; each file names its source.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pencilbox.codecs.puzzlink import borders_of_labels, split_url
from pencilbox.formats import load
from pencilbox.puzzles.suguru.model import REMOVED
from pencilbox.registry import get
from pencilbox.solving import solve

if TYPE_CHECKING:
    from conftest import RealSuguru

SUGURU = get("suguru")


def pzprv3_lines(file: str) -> list[str]:
    """The lines of a pzprv3 file as pzprjs's test scripts write it ('/' ends a line)."""
    return [line.strip() for line in file.split("/")]


def test_every_source_is_present(all_real_sugurus: list[RealSuguru]) -> None:
    names = [case.name for case in all_real_sugurus]
    assert sum(name.startswith("janko-") for name in names) == 24
    assert sum(case.solution is not None for case in all_real_sugurus) == 28
    assert len(names) == len(set(names)) == 29


def test_loads_from_url_and_solves_uniquely(real_suguru: RealSuguru) -> None:
    kind, puzzle = load(real_suguru.url)
    assert kind is SUGURU
    report = solve(kind, puzzle, limit=2)
    assert report.unique, f"{report.count} solutions (exhaustive={report.exhaustive})"
    assert kind.check(puzzle, report.solutions[0]) == []
    if real_suguru.solution is not None:
        assert report.solutions[0] == real_suguru.solution


def test_url_re_encodes_to_the_same_body(real_suguru: RealSuguru) -> None:
    kind, puzzle = load(real_suguru.url)
    written = split_url(kind.to_url(puzzle))
    given = split_url(real_suguru.url)
    assert (written.cols, written.rows, written.body) == (given.cols, given.rows, given.body)


def test_published_text_decodes_to_the_url_board(real_suguru: RealSuguru) -> None:
    if real_suguru.text is None:
        return  # this source publishes only a URL
    _, from_url = load(real_suguru.url)
    _, from_text = load(real_suguru.text)
    assert from_text == from_url
    assert from_text.given_count > 0


def test_pzprjs_file_borders_match_its_url(data: Callable[[str], Any]) -> None:
    source = data("suguru/pzprjs.json")
    _, puzzle = load("suguru/" + source["url_verbatim"])
    rows, cols = puzzle.rows, puzzle.cols
    for _, file in source["failcheck_verbatim"]:
        lines = pzprv3_lines(file)
        assert lines[:4] == ["pzprv3", "suguru", str(rows), str(cols)]
        vertical = [tok == "1" for line in lines[4 : 4 + rows] for tok in line.split()]
        horizontal = [tok == "1" for line in lines[4 + rows : 3 + 2 * rows] for tok in line.split()]
        borders = borders_of_labels(cols, rows, puzzle.blocks)
        assert (vertical, horizontal) == (list(borders.vertical), list(borders.horizontal))
        givens = lines[3 + 2 * rows : 3 + 3 * rows]
        assert [0 if t == "." else int(t) for line in givens for t in line.split()] == list(
            puzzle.givens
        )


def test_pzprjs_wrong_answers_are_caught_by_the_checker(data: Callable[[str], Any]) -> None:
    """Each failcheck file breaks the rule its pzprjs failcode names; ours must say so."""
    expected = {"bkDupNum": "block-repeat", "nmAround": "touching-equal", "ceNoNum": "empty"}
    source = data("suguru/pzprjs.json")
    _, puzzle = load("suguru/" + source["url_verbatim"])
    rows = puzzle.rows
    for code, file in source["failcheck_verbatim"]:
        lines = pzprv3_lines(file)
        givens = lines[3 + 2 * rows : 3 + 3 * rows]
        entered = lines[3 + 3 * rows : 3 + 4 * rows]
        grid = [
            [
                int(g) if g != "." else int(e) if e != "." else 0
                for g, e in zip(gl.split(), el.split(), strict=True)
            ]
            for gl, el in zip(givens, entered, strict=True)
        ]
        rules = {violation.rule for violation in SUGURU.check(puzzle, grid)}
        if code is None:
            assert rules == set()
        else:
            assert expected[code] in rules, (code, rules)


def test_pzprxs_empty_cell_is_a_removed_cell(data: Callable[[str], Any]) -> None:
    (found,) = data("suguru/misc_urls.json")["puzzles"]
    _, puzzle = load(found["url_verbatim"])
    assert (puzzle.rows, puzzle.cols) == (6, 16)
    assert [cell for cell, b in enumerate(puzzle.blocks) if b == REMOVED] == [15]  # r1c16
    report = solve(SUGURU, puzzle, limit=2)
    assert report.unique
    assert report.solutions[0][0][15] == 0
