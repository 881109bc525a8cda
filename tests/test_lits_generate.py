"""The LITS generator: packing, flooding, slack descent, the shipped bank, the CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from itertools import combinations

import pytest

from pencilbox import solving
from pencilbox.errors import PuzzleError
from pencilbox.grid import members
from pencilbox.puzzles.lits import KIND
from pencilbox.puzzles.lits.generate import attempt, count, generate
from pencilbox.puzzles.lits.packing import PACKERS, geometry, pack, pockets
from pencilbox.puzzles.lits.shapes import canonical
from pencilbox.puzzles.lits.slack import (
    Regions,
    descend,
    flood,
    placements_inside,
    region_slack,
    rivals,
)


def _neighbours(rows: int, cols: int, cell: int) -> list[int]:
    row, col = divmod(cell, cols)
    around = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
    return [r * cols + c for r, c in around if 0 <= r < rows and 0 <= c < cols]


def _connected(rows: int, cols: int, cells: set[int]) -> bool:
    start = min(cells)
    seen = {start}
    todo = [start]
    while todo:
        for other in _neighbours(rows, cols, todo.pop()):
            if other in cells and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen == cells


def _shape(cols: int, cells: int) -> tuple[tuple[int, int], ...]:
    return canonical(divmod(cell, cols) for cell in members(cells))


def _check_packing(rows: int, cols: int, pieces: tuple[tuple[int, int], ...]) -> None:
    """The packing rules, re-derived with sets: disjoint tetrominoes, one mass, no 2x2,
    no two touching tetrominoes of the same shape."""
    shaded: set[int] = set()
    for cells, _ in pieces:
        listed = set(members(cells))
        assert len(listed) == 4 and _connected(rows, cols, listed)
        assert not listed & shaded
        shaded |= listed
    assert _connected(rows, cols, shaded)
    for r in range(rows - 1):
        for c in range(cols - 1):
            top = r * cols + c
            assert not {top, top + 1, top + cols, top + cols + 1} <= shaded
    for (a, _), (b, _) in combinations(pieces, 2):
        touch = any(o in set(members(b)) for x in members(a) for o in _neighbours(rows, cols, x))
        if touch:
            assert _shape(cols, a) != _shape(cols, b)


# -- packing -----------------------------------------------------------------


@pytest.mark.parametrize("packer", PACKERS)
@pytest.mark.parametrize("rows, cols", [(6, 6), (7, 9), (10, 10)])
def test_packings_obey_the_rules(packer: str, rows: int, cols: int) -> None:
    for seed in range(4):
        packing = pack(random.Random(f"pack:{seed}"), rows, cols, packer)
        _check_packing(rows, cols, packing.pieces)


def test_backtracking_packs_denser_than_greedy() -> None:
    greedy = [pack(random.Random(i), 10, 10, "greedy").density for i in range(8)]
    backtrack = [pack(random.Random(i), 10, 10, "backtrack").density for i in range(8)]
    assert sum(backtrack) / 8 > sum(greedy) / 8 + 0.05
    assert min(backtrack) >= 0.6


def test_backtracking_packings_have_no_pocket() -> None:
    geo = geometry(8, 8)
    for seed in range(6):
        packing = pack(random.Random(seed), 8, 8, "backtrack")
        indices = [geo.cells.index(cells) for cells, _ in packing.pieces]
        assert pockets(geo, indices) == 0


# -- flooding and descent ----------------------------------------------------


def _regions_ok(regions: Regions, rows: int, cols: int) -> None:
    """Every tetromino still in its own region; regions connected, >= 4 cells, cover all."""
    assert -1 not in regions.owner
    for number, (cells, _) in enumerate(regions.packing.pieces):
        assert all(regions.owner[cell] == number for cell in members(cells))
        mine = {cell for cell, owner in enumerate(regions.owner) if owner == number}
        assert mine == set(members(regions.masks[number]))
        assert len(mine) >= 4 and _connected(rows, cols, mine)


@pytest.mark.parametrize("how", ["least", "raw"])
def test_flooding_and_descent_keep_the_shading(how: str) -> None:
    rows = cols = 8
    geo = geometry(rows, cols)
    for seed in range(4):
        rng = random.Random(f"flood:{seed}")
        regions = Regions.of(geo, pack(rng, rows, cols))
        flood(rng, regions, how)
        _regions_ok(regions, rows, cols)
        descend(rng, regions)
        _regions_ok(regions, rows, cols)


def test_slack_counts_single_region_rivals() -> None:
    """Each unit of slack is a rival solution the checker accepts, differing in one region."""
    rows = cols = 7
    geo = geometry(rows, cols)
    seen_rival = False
    for seed in range(6):
        rng = random.Random(f"rival:{seed}")
        regions = Regions.of(geo, pack(rng, rows, cols))
        flood(rng, regions, "raw")
        puzzle = KIND.from_json(
            {
                "rows": rows,
                "cols": cols,
                "regions": [regions.owner[r * cols : (r + 1) * cols] for r in range(rows)],
            }
        )
        shaded = regions.packing.shaded
        for region, (own, _) in enumerate(regions.packing.pieces):
            found = rivals(regions, region)
            assert len(found) == region_slack(regions, region)
            inside = placements_inside(geo, regions.masks[region])
            for cells in found:
                assert cells in {geo.cells[i] for i in inside}
                other = shaded & ~own | cells
                grid = [[other >> (r * cols + c) & 1 for c in range(cols)] for r in range(rows)]
                assert KIND.check(puzzle, grid) == []
                seen_rival = True
    assert seen_rival


def test_attempt_is_zero_slack_or_rejected() -> None:
    for seed in range(6):
        made = attempt(random.Random(f"attempt:{seed}"), 8, 8)
        if made.history[-1] > 0:
            assert made.solutions == 2  # stalled: rejected without a count
        else:
            assert made.solutions == count(made.puzzle)


# -- the generator -----------------------------------------------------------


@pytest.mark.parametrize("side", [5, 6])
def test_generated_puzzles_are_unique_by_brute_force(side: int) -> None:
    for seed in range(3):
        made = generate(random.Random(f"gen:{side}:{seed}"), side, side)
        assert KIND.check(made.puzzle, made.solution) == []
        number, solutions = KIND.brute_count(made.puzzle, 2)
        assert number == 1 and solutions[0] == made.solution
        assert made.info["slack"][-1] == 0
        assert made.info["regions"] == made.puzzle.region_count


def test_solution_is_the_packing() -> None:
    rng = random.Random("same")
    made = generate(rng, 9, 9)
    shaded = {r * 9 + c for r in range(9) for c in range(9) if made.solution[r][c]}
    assert len(shaded) == 4 * made.puzzle.region_count
    assert made.info["density"] == round(len(shaded) / 81, 4)
    for cells in made.puzzle.region_cells:
        assert len(shaded & set(cells)) == 4


def test_generation_is_reproducible() -> None:
    first = generate(random.Random(7), 8, 8)
    second = generate(random.Random(7), 8, 8)
    assert first.puzzle == second.puzzle and first.solution == second.solution
    assert first.info["slack"] == second.info["slack"]


def test_bad_arguments() -> None:
    with pytest.raises(PuzzleError, match="mode"):
        generate(random.Random(1), 6, 6, "nope")
    with pytest.raises(PuzzleError, match="2x2"):
        generate(random.Random(1), 2, 2)


# -- the bank ----------------------------------------------------------------


def test_bank_covers_every_size_and_is_unique() -> None:
    bank = KIND.bank()
    assert len(bank) >= 60
    assert {(r["rows"], r["cols"]) for r in bank} == {(n, n) for n in range(6, 16)}
    assert len({r["url"] for r in bank}) == len(bank)
    for record in bank:
        puzzle = KIND.from_json(record["json"])
        assert KIND.check(puzzle, record["solution"]) == []
        assert count(puzzle) == 1
        assert KIND.format_text(puzzle) == record["text"]
        assert KIND.to_url(puzzle) == record["url"]


def test_bank_grades_match_a_recomputation() -> None:
    bank = KIND.bank()
    for record in random.Random("grades").sample(bank, 12):
        assert solving.grade(KIND, KIND.from_json(record["json"])).as_json() == record["grade"]


# -- stats -------------------------------------------------------------------


def test_stats_enumeration_reproduces_228_and_16() -> None:
    from pencilbox.puzzles.lits.stats_jobs import enumeration

    found = enumeration()
    assert found["connected_4_subsets"] == 228
    assert found["with_2x2"] == 16
    assert found["square_ones_are_exactly_the_O"] is True
    assert found["by_letter"] == {"L": 96, "I": 20, "T": 48, "S": 48, "O": 16}


# -- the command line --------------------------------------------------------


def test_cli_generates_lits() -> None:
    args = ["generate", "lits", "--size", "6x6", "--count", "1", "--seed", "1"]
    done = subprocess.run(
        [sys.executable, "-m", "pencilbox", *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout.splitlines()[0])
    puzzle = KIND.from_json(record["json"])
    assert KIND.check(puzzle, record["solution"]) == []
    assert count(puzzle) == 1
    again = subprocess.run(
        [sys.executable, "-m", "pencilbox", *args], capture_output=True, text=True, timeout=60
    )
    assert json.loads(again.stdout.splitlines()[0])["url"] == record["url"]


@pytest.mark.soak
def test_largest_boards_generate_unique_puzzles() -> None:
    # 30x30 takes seconds to tens of seconds per puzzle: a soak run only.
    from pencilbox import counting

    for seed in range(1, 4):
        made = generate(random.Random(f"{seed}:0"), 30, 30)
        assert counting.count(KIND, made.puzzle, 2, "sat").count == 1, seed
        assert KIND.check(made.puzzle, made.solution) == []
