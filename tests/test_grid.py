"""Grid geometry: the int-bitset helpers and the neighbour tables."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pencilbox.grid as grid_module
from pencilbox.grid import Grid, RowCol, bit, flood, lowest, mask_of, members, only, single, size

indices = st.lists(st.integers(min_value=0, max_value=200), max_size=30)


# -- bitsets --------------------------------------------------------------------


def test_bitset_helpers_on_known_sets() -> None:
    assert bit(0) == 1
    assert bit(5) == 32
    assert mask_of([]) == 0
    assert mask_of([0, 2, 3]) == 0b1101
    assert mask_of([3, 3, 0]) == 0b1001
    assert list(members(0b1101)) == [0, 2, 3]
    assert list(members(0)) == []
    assert size(0b1101) == 3
    assert size(0) == 0
    assert single(0b100) and single(1)
    assert not single(0) and not single(0b101)
    assert only(0b100) == 2
    assert lowest(0b10100) == 2
    assert lowest(1 << 100 | 1 << 70) == 70


@given(indices)
def test_members_of_mask_of_is_the_sorted_set(values: list[int]) -> None:
    mask = mask_of(values)
    assert list(members(mask)) == sorted(set(values))
    assert size(mask) == len(set(values))
    assert single(mask) == (len(set(values)) == 1)
    if values:
        assert lowest(mask) == min(values)


@given(st.integers(min_value=0, max_value=500))
def test_one_element_sets(index: int) -> None:
    assert single(bit(index))
    assert only(bit(index)) == index == lowest(bit(index))
    assert mask_of([index]) == bit(index)


# -- cells and labels -----------------------------------------------------------


def test_cell_ids_are_reading_order() -> None:
    grid = Grid(3, 4)
    assert list(grid.cells) == list(range(12))
    assert grid.cell(2, 1) == 9
    assert grid.rowcol(9) == RowCol(2, 1)
    assert grid.rowcol(9).col == 1
    assert grid.label(0) == "r1c1"
    assert grid.label(11) == "r3c4"
    assert grid.labels([0, 5]) == "r1c1 r2c2"
    for cell in grid.cells:
        assert grid.cell(*grid.rowcol(cell)) == cell


# -- neighbour tables -----------------------------------------------------------


def test_three_by_three_neighbour_counts() -> None:
    grid = Grid(3, 3)
    assert [len(n) for n in grid.king] == [3, 5, 3, 5, 8, 5, 3, 5, 3]
    assert [len(n) for n in grid.orthogonal] == [2, 3, 2, 3, 4, 3, 2, 3, 2]
    assert grid.king[4] == (0, 1, 2, 3, 5, 6, 7, 8)
    assert grid.king[0] == (1, 3, 4)
    assert grid.orthogonal[4] == (1, 3, 5, 7)
    assert grid.orthogonal[8] == (5, 7)


def test_thin_boards() -> None:
    assert Grid(1, 1).king == ((),)
    assert Grid(1, 1).orthogonal == ((),)
    row = Grid(1, 4)
    assert row.king == ((1,), (0, 2), (1, 3), (2,))
    assert row.orthogonal == row.king
    column = Grid(3, 1)
    assert column.king == ((1,), (0, 2), (1,))


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 5), (2, 2), (3, 3), (4, 7), (6, 6)])
def test_neighbour_tables_match_the_definition(rows: int, cols: int) -> None:
    """Every table entry checked against the distance rule, and the totals
    against counting pairs: r(c-1) + c(r-1) edge pairs, 2(r-1)(c-1) corner pairs."""
    grid = Grid(rows, cols)
    for cell in grid.cells:
        r, c = grid.rowcol(cell)
        king = [
            o
            for o in grid.cells
            if o != cell and max(abs(grid.rowcol(o).row - r), abs(grid.rowcol(o).col - c)) == 1
        ]
        edge = [o for o in king if grid.rowcol(o).row == r or grid.rowcol(o).col == c]
        assert grid.king[cell] == tuple(king)
        assert grid.orthogonal[cell] == tuple(edge)
        assert grid.king_masks[cell] == mask_of(king)
        assert grid.orthogonal_masks[cell] == mask_of(edge)
    edge_pairs = rows * (cols - 1) + cols * (rows - 1)
    corner_pairs = 2 * (rows - 1) * (cols - 1)
    assert sum(len(n) for n in grid.orthogonal) == 2 * edge_pairs
    assert sum(len(n) for n in grid.king) == 2 * (edge_pairs + corner_pairs)


def test_neighbour_relation_is_symmetric() -> None:
    grid = Grid(5, 4)
    for cell in grid.cells:
        for other in grid.king[cell]:
            assert cell in grid.king[other]
        for other in grid.orthogonal[cell]:
            assert cell in grid.orthogonal[other]


def test_flood_follows_edges_and_never_wraps_across_rows() -> None:
    # 3x3 board: cells 0..8. Row ends 2 and 3 are consecutive bits but not neighbours.
    grid = Grid(3, 3)
    not_first = mask_of(c for c in grid.cells if c % 3 != 0)
    not_last = mask_of(c for c in grid.cells if c % 3 != 2)
    inside = mask_of([2, 3, 4, 6])  # 2 stands alone; 3-4 and 3-6 touch
    assert flood(mask_of([2]), inside, 3, not_first, not_last) == mask_of([2])
    assert flood(mask_of([6]), inside, 3, not_first, not_last) == mask_of([3, 4, 6])
    assert flood(mask_of([0]), inside, 3, not_first, not_last) == 0


@given(st.lists(st.integers(0, 19), max_size=20))
def test_outline_is_the_edge_neighbours_outside_the_set(values: list[int]) -> None:
    """On a 4x5 board, read against the neighbour tables (no wrap across rows)."""
    grid = Grid(4, 5)
    not_first = mask_of(c for c in grid.cells if c % 5 != 0)
    not_last = mask_of(c for c in grid.cells if c % 5 != 4)
    every = mask_of(grid.cells)
    inside = set(values)
    expected = {n for c in inside for n in grid.orthogonal[c]} - inside
    found = grid_module.outline(mask_of(inside), 5, not_first, not_last, every)
    assert found == mask_of(expected)


@given(indices)
def test_indices_lists_the_members(values: list[int]) -> None:
    mask = mask_of(values)
    assert grid_module.indices(mask) == list(members(mask))


def test_indices_of_board_sized_sets() -> None:
    """Both ways of listing (peeling sets of few members, reading sets of many
    as text) agree, dense or sparse, either side of where one gives way."""
    for width in (1, 127, 128, 129, 300, 2280):
        mask = sum(1 << i for i in range(width) if i % 3 != 1)
        assert grid_module.indices(mask) == list(members(mask))
    for count in (1, 3, 19, 20, 21, 22, 40):
        sparse = sum(1 << (i * 97 % 2281) for i in range(count))
        assert sparse.bit_count() == count
        assert grid_module.indices(sparse) == sorted(members(sparse))
