"""``pencilbox minimize`` and :func:`pencilbox.ambiguity.minimize`: the smaller
puzzle is unique, every given left is needed, ``--keep-grade`` keeps the grade,
and a type without givens is refused in one line."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pencilbox import ambiguity, cli, registry, solving


def _padded() -> tuple[Any, Any, list[list[int]]]:
    """A bank Suguru with eight more givens copied from its solution, so that
    several givens are surely not needed."""
    kind = registry.get("suguru")
    record = kind.bank()[0]
    puzzle = kind.from_json(record["json"])
    solution = record["solution"]
    empty = [cell for cell, digit in enumerate(puzzle.givens) if not digit]
    for cell in random.Random(7).sample(empty, 8):
        made = kind.with_clue(puzzle, cell, solution[cell // puzzle.cols][cell % puzzle.cols])
        assert made is not None
        puzzle = made
    return kind, puzzle, solution


def _unique(kind: Any, puzzle: Any) -> bool:
    return kind.brute_count(puzzle, 2)[0] == 1


@pytest.mark.parametrize("seed", [0, 1, "other"])
def test_minimized_is_unique_and_every_given_left_is_needed(seed: int | str) -> None:
    kind, puzzle, solution = _padded()
    before = kind.clue_cells(puzzle)
    made = ambiguity.minimize(kind, puzzle, seed=seed)
    assert _unique(kind, made.puzzle)
    assert kind.brute_count(made.puzzle, 1)[1] == [solution]
    assert len(made.dropped) >= 8 and made.tried == len(before)
    assert sorted(made.kept + tuple(c for c, _ in made.dropped)) == sorted(before)
    for cell, value in made.dropped:
        assert value == puzzle.givens[cell]
    for cell in made.kept:
        assert not _unique(kind, kind.without_clue(made.puzzle, cell)), cell


def test_the_order_is_seeded_and_repeatable() -> None:
    kind, puzzle, _ = _padded()
    first = ambiguity.minimize(kind, puzzle, seed=3)
    assert ambiguity.minimize(kind, puzzle, seed=3).puzzle == first.puzzle


def test_keep_grade_keeps_the_grade() -> None:
    kind, puzzle, _ = _padded()
    grade = solving.grade(kind, puzzle)
    made = ambiguity.minimize(kind, puzzle, keep_grade=True)
    assert solving.grade(kind, made.puzzle).rung == grade.rung == made.grade.rung
    assert _unique(kind, made.puzzle)


def test_not_unique_is_refused() -> None:
    kind = registry.get("suguru")
    puzzle = kind.parse_text("suguru 1x2\nAA\n")
    with pytest.raises(ValueError, match="not unique"):
        ambiguity.minimize(kind, puzzle)


def test_cli_prints_the_smaller_puzzle_and_lists_the_drops(
    capsys: pytest.CaptureFixture[str],
) -> None:
    kind, puzzle, _ = _padded()
    url = kind.to_url(puzzle)
    assert cli.main(["minimize", url, "--to", "json"]) == 0
    out, err = capsys.readouterr()
    made = ambiguity.minimize(kind, puzzle)
    assert kind.from_json(json.loads(out.splitlines()[-1])) == made.puzzle
    assert out.startswith(kind.render(made.puzzle))
    assert f"dropped {len(made.dropped)} of {made.tried} givens: " in err
    for cell, value in made.dropped:
        assert f"{value} at {kind.cell_label(puzzle, cell)}" in err
    assert cli.main(["minimize", url]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == kind.to_url(made.puzzle)


@pytest.mark.parametrize("name", [n for n in registry.names() if not registry.get(n).has_givens])
def test_a_type_without_givens_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    url = registry.get(name).bank()[0]["url"]
    assert cli.main(["minimize", url]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "no givens" in err


def test_a_puzzle_that_is_not_unique_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    path = tmp_path / "domino.txt"
    path.write_text("suguru 1x2\nAA\n", encoding="utf-8")
    assert cli.main(["minimize", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "not unique" in err
