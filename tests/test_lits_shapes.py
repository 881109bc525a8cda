"""Tetromino geometry: the theorem in LITS's name, placements, and the compatibility tables.

The theorem: on a 5×5 board there are exactly 228 connected 4-cell sets,
16 of them contain a 2×2 square, and those 16 are exactly the ones that
classify as O. So "shade an L, I, T or S" adds nothing to "shade a
connected four with no 2×2".
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from lits_tables import fill_every_row
from pencilbox.grid import Grid, mask_of, members
from pencilbox.puzzles.lits.boards import random_board
from pencilbox.puzzles.lits.model import parse_text
from pencilbox.puzzles.lits.shapes import (
    SHAPES,
    canonical,
    classify,
    connected_subsets,
    contains_square,
    placements,
)
from pencilbox.puzzles.lits.tables import Tables


def connected_by_brute_force(grid: Grid, cells: tuple[int, ...]) -> bool:
    inside = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for other in grid.orthogonal[todo.pop()]:
            if other in inside and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(inside)


def test_the_theorem_on_a_5x5_board() -> None:
    grid = Grid(5, 5)
    fours = connected_subsets(grid, list(grid.cells))
    assert len(fours) == 228
    assert len(set(fours)) == 228
    with_square = [mask for mask in fours if contains_square(grid, mask)]
    assert len(with_square) == 16
    classified_o = [mask for mask in fours if SHAPES[classify(grid, members(mask))] == "O"]
    assert classified_o == with_square
    # every other connected four is one of the four letters in the name
    letters = Counter(SHAPES[classify(grid, members(mask))] for mask in fours)
    assert letters == {"L": 96, "T": 48, "S": 48, "I": 20, "O": 16}
    assert len(placements(grid, list(grid.cells))) == 228 - 16


def test_connected_subsets_match_every_combination_checked_by_hand() -> None:
    """The growth enumeration finds exactly the connected 4-combinations."""
    grid = Grid(5, 5)
    expected = sorted(
        mask_of(four)
        for four in itertools.combinations(grid.cells, 4)
        if connected_by_brute_force(grid, four)
    )
    assert connected_subsets(grid, list(grid.cells)) == expected


@pytest.mark.parametrize(("size", "count"), [(1, 25), (2, 40), (3, 94), (5, 571)])
def test_connected_subsets_of_other_sizes(size: int, count: int) -> None:
    # cells, dominoes (2*5*4), trominoes (30 straight + 64 bent), and the
    # 571 fixed pentomino positions of a 5x5 board
    grid = Grid(5, 5)
    assert len(connected_subsets(grid, list(grid.cells), size)) == count


def test_canonical_is_the_same_for_all_eight_images() -> None:
    s = [(0, 1), (0, 2), (1, 0), (1, 1)]
    images = {
        canonical([(r * a, c * b) if not swap else (c * b, r * a) for r, c in s])
        for a in (1, -1)
        for b in (1, -1)
        for swap in (False, True)
    }
    assert len(images) == 1
    assert canonical(s) != canonical([(0, 0), (0, 1), (0, 2), (1, 1)])


def test_placements_of_a_2x3_region() -> None:
    # The 15 four-cell subsets of a 2x3 block: 5 are disconnected (the two
    # removed cells cut it), 2 are 2x2 squares; the other 8 are 4 L, 2 T, 2 S.
    puzzle = parse_text("lits 2x3\nAAA\nAAA\n")
    tables = Tables.of(puzzle)
    (listed,) = tables.placements
    assert Counter(p.letter for p in listed) == {"L": 4, "T": 2, "S": 2}
    for placement in listed:
        assert placement.cells & ~tables.region_mask[0] == 0
        assert placement.cells.bit_count() == 4


def test_random_regions_have_placements_and_none_is_an_o() -> None:
    rng = random.Random("shapes")
    for _ in range(100):
        puzzle = random_board(rng, sides=(4, 8), smallest=4, largest=10)
        grid = Grid(puzzle.rows, puzzle.cols)
        for cells in puzzle.region_cells:
            listed = placements(grid, cells)
            assert listed, f"region {cells} has no placement"
            expected = sum(
                1
                for four in itertools.combinations(cells, 4)
                if connected_by_brute_force(grid, four) and not contains_square(grid, mask_of(four))
            )
            assert len(listed) == expected
            assert all(p.letter in "LITS" for p in listed)


def test_rows_filled_piecemeal_equal_rows_filled_at_once() -> None:
    """``fill`` on a few placements at a time, in any order and with repeats,
    ends with the same rows as filling everything; unfilled rows are never
    marked final."""
    rng = random.Random("piecemeal")
    for _ in range(30):
        puzzle = random_board(rng)
        whole = Tables.of(puzzle)
        fill_every_row(whole)
        piecemeal = Tables.of(puzzle)
        regions = list(range(len(piecemeal.full)))
        for _ in range(3 * len(regions)):
            region = rng.choice(regions)
            wanted = rng.getrandbits(len(piecemeal.cells_of[region])) & piecemeal.full[region]
            before = piecemeal.filled[region]
            piecemeal.fill(region, wanted)
            assert piecemeal.filled[region] == before | wanted
            for (_, rows, _), (_, whole_rows, _) in zip(
                piecemeal.arcs[region], whole.arcs[region], strict=True
            ):
                for index in members(piecemeal.filled[region]):
                    assert rows[index] == whole_rows[index]
        fill_every_row(piecemeal)
        assert [[rows for _, rows, _ in arcs] for arcs in piecemeal.arcs] == [
            [rows for _, rows, _ in arcs] for arcs in whole.arcs
        ]


def test_compatibility_tables_agree_with_the_rule_pair_by_pair() -> None:
    """The bitset-built tables equal a direct pairwise check of the two rules."""
    rng = random.Random("tables")
    for _ in range(30):
        puzzle = random_board(rng)
        tables = Tables.of(puzzle)
        fill_every_row(tables)
        grid = tables.grid
        for region, arcs in enumerate(tables.arcs):
            for other, table, free in arcs:
                for i, mine in enumerate(tables.placements[region]):
                    halo = 0
                    for cell in members(mine.cells):
                        halo |= grid.orthogonal_masks[cell]
                    assert bool(free >> i & 1) == (not halo & tables.region_mask[other])
                    for j, theirs in enumerate(tables.placements[other]):
                        touch = bool(halo & theirs.cells)
                        clash = touch and (
                            mine.shape == theirs.shape
                            or contains_square(grid, mine.cells | theirs.cells)
                        )
                        assert bool(table[i] >> j & 1) == (not clash)
