"""The fast LITS board tables, checker and mass rules against slow references written here.

The placements are matched bit-parallel per orientation and the checker
takes short cuts (a cache of four-cell patterns, neighbours read without
wrapping). Each is held to a direct, obviously correct computation on
random boards, including one-, two- and three-column boards where a row
could wrap onto the next, and on random cell sets that are not regions at
all. (The Suguru half of these checks is tests/test_suguru_fast_paths.py.)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from lits_tables import fill_every_row
from pencilbox.engine import Contradiction, Deduction
from pencilbox.grid import Grid, mask_of
from pencilbox.puzzles.lits import checker, cut_cells, touch
from pencilbox.puzzles.lits import model as lits_model
from pencilbox.puzzles.lits.boards import random_board as random_lits
from pencilbox.puzzles.lits.shapes import classify, placements
from pencilbox.puzzles.lits.state import LitsState, new_state
from pencilbox.puzzles.lits.tables import Tables as LitsTables

Pair = tuple[int, int]


def _edges(rows: int, cols: int) -> list[Pair]:
    """Every edge-sharing pair of cells, by direct row/column arithmetic."""
    found = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                found.append((r * cols + c, r * cols + c + 1))
            if r + 1 < rows:
                found.append((r * cols + c, (r + 1) * cols + c))
    return found


def _connected(cells: set[int], edges: list[Pair]) -> bool:
    if not cells:
        return True
    seen = {min(cells)}
    grew = True
    while grew:
        grew = False
        for a, b in edges:
            if a in cells and b in cells and (a in seen) != (b in seen):
                seen.update((a, b))
                grew = True
    return seen == cells


def _has_square(cells: set[int], rows: int, cols: int) -> bool:
    return any(
        {t, t + 1, t + cols, t + cols + 1} <= cells
        for t in range(rows * cols)
        if t // cols < rows - 1 and t % cols < cols - 1
    )


def _tetrominoes(grid: Grid, cells: list[int]) -> list[tuple[int, int]]:
    """(mask, shape) of every connected four of ``cells`` with no 2x2, sorted."""
    edges = _edges(grid.rows, grid.cols)
    found = []
    for four in itertools.combinations(cells, 4):
        chosen = set(four)
        if _connected(chosen, edges) and not _has_square(chosen, grid.rows, grid.cols):
            found.append((mask_of(four), classify(grid, four)))
    return sorted(found)


def test_placements_of_random_cell_sets_match_every_connected_four() -> None:
    rng = random.Random("floor-sets")
    for _ in range(150):
        grid = Grid(rng.randint(1, 6), rng.randint(1, 6))
        cells = sorted(rng.sample(list(grid.cells), rng.randint(1, min(12, len(grid.cells)))))
        listed = placements(grid, cells)
        assert [(p.cells, p.shape) for p in listed] == _tetrominoes(grid, cells)
        assert all(p.letter in "LITS" for p in listed)


@pytest.mark.parametrize("cols", [1, 2, 3, 7])
def test_board_tables_hold_each_regions_placements_and_coverings(cols: int) -> None:
    rng = random.Random(f"floor-tables-{cols}")
    for _ in range(25):
        puzzle = random_lits(rng, rng.randint(4, 9), cols, smallest=4, largest=8)
        tables = LitsTables.of(puzzle)
        grid = tables.grid
        for region, cells in enumerate(puzzle.region_cells):
            expected = _tetrominoes(grid, list(cells))
            assert [(p.cells, p.shape) for p in tables.placements[region]] == expected
            assert tables.cells_of[region] == tuple(mask for mask, _ in expected)
            for cell in cells:
                covering = sum(
                    1 << index for index, (mask, _) in enumerate(expected) if mask >> cell & 1
                )
                assert tables.covering[cell] == covering
        _arcs_agree_pair_by_pair(tables)


def _arcs_agree_pair_by_pair(tables: LitsTables) -> None:
    """Each compatibility table is the touching-shapes and 2x2 rules checked
    placement pair by placement pair."""
    grid = tables.grid
    rows, cols = grid.rows, grid.cols
    beside = {(a, b) for a, b in _edges(rows, cols)} | {(b, a) for a, b in _edges(rows, cols)}
    fill_every_row(tables)
    for region, arcs in enumerate(tables.arcs):
        neighbours = {tables.region_of[b] for a, b in beside if tables.region_of[a] == region} - {
            region
        }
        assert [other for other, _, _ in arcs] == sorted(neighbours)
        for other, table, free in arcs:
            for i, mine in enumerate(tables.placements[region]):
                mine_cells = {c for c in grid.cells if mine.cells >> c & 1}
                touches_region = any(
                    (a, b) in beside for a in mine_cells for b in tables.region_cells[other]
                )
                assert bool(free >> i & 1) == (not touches_region)
                for j, theirs in enumerate(tables.placements[other]):
                    theirs_cells = {c for c in grid.cells if theirs.cells >> c & 1}
                    touch = any((a, b) in beside for a in mine_cells for b in theirs_cells)
                    clash = touch and (
                        mine.shape == theirs.shape
                        or _has_square(mine_cells | theirs_cells, rows, cols)
                    )
                    assert bool(table[i] >> j & 1) == (not clash)


def _lits_violations(puzzle: lits_model.Lits, grid: list[list[int]]) -> set[tuple[str, Pair]]:
    """(rule, first two cells) of each violation, from the rule text, the slow way."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = {r * cols + c for r in range(rows) for c in range(cols) if grid[r][c] == 1}
    edges = _edges(rows, cols)
    found: set[tuple[str, Pair]] = set()
    shape_of: dict[int, int] = {}  # congruent tetrominoes have the same letter
    for number, cells in enumerate(puzzle.region_cells):
        mine = shaded & set(cells)
        if len(mine) != 4:
            listed = sorted(mine) or list(cells)
            found.add(("region-count", (listed[0], listed[1] if len(listed) > 1 else -1)))
        elif not _connected(mine, edges):
            listed = sorted(mine)
            found.add(("region-split", (listed[0], listed[1])))
        else:
            shape_of[number] = classify(Grid(rows, cols), sorted(mine))
    for t in range(rows * cols):
        inside = t // cols < rows - 1 and t % cols < cols - 1
        if inside and {t, t + 1, t + cols, t + cols + 1} <= shaded:
            found.add(("square", (t, t + 1)))
    if not _connected(shaded, edges):
        start = min(shaded)
        reached = {start}
        for _ in range(len(shaded)):
            reached |= {b for a, b in edges if a in reached and b in shaded}
            reached |= {a for a, b in edges if b in reached and a in shaded}
        apart = sorted(shaded - reached)
        found.add(("disconnected", (apart[0], apart[1] if len(apart) > 1 else -1)))
    regions = puzzle.regions
    pairs_seen: set[Pair] = set()
    for cell in sorted(shaded):
        for a, b in edges:
            if cell not in (a, b):
                continue
            other = b if a == cell else a
            mine, theirs = regions[cell], regions[other]
            pair = (min(mine, theirs), max(mine, theirs))
            if (
                other in shaded
                and mine != theirs
                and pair not in pairs_seen
                and mine in shape_of
                and shape_of.get(theirs) == shape_of[mine]
            ):
                pairs_seen.add(pair)
    for mine, theirs in pairs_seen:
        found.add(("same-shape", (mine, theirs)))
    return found


def _reported(puzzle: lits_model.Lits, grid: list[list[int]]) -> set[tuple[str, Pair]]:
    found: set[tuple[str, Pair]] = set()
    for v in checker.check(puzzle, grid):
        if v.rule == "same-shape":
            a, b = (puzzle.regions[cell] for cell in v.cells)
            found.add((v.rule, (min(a, b), max(a, b))))
        else:
            found.add((v.rule, (v.cells[0], v.cells[1] if len(v.cells) > 1 else -1)))
    return found


def test_lits_checker_reports_what_the_rule_text_says() -> None:
    rng = random.Random("floor-lits-check")
    for trial in range(300):
        cols = (1, 2, 3, 5, 7)[trial % 5]
        puzzle = random_lits(rng, rng.randint(4, 8), cols, smallest=4, largest=7)
        density = rng.random()
        grid = [[int(rng.random() < density) for _ in range(cols)] for _ in range(puzzle.rows)]
        assert _reported(puzzle, grid) == _lits_violations(puzzle, grid)


def _parts_by_flood(inside: set[int], rows: int, cols: int) -> list[frozenset[int]]:
    """The connected parts of a cell set, grown one neighbour at a time."""
    neighbours: dict[int, list[int]] = {cell: [] for cell in inside}
    for a, b in _edges(rows, cols):
        if a in inside and b in inside:
            neighbours[a].append(b)
            neighbours[b].append(a)
    parts = []
    seen: set[int] = set()
    for start in sorted(inside):
        if start in seen:
            continue
        part = {start}
        todo = [start]
        while todo:
            for other in neighbours[todo.pop()]:
                if other not in part:
                    part.add(other)
                    todo.append(other)
        seen |= part
        parts.append(frozenset(part))
    return parts


@pytest.mark.parametrize("shape", [(1, 9), (9, 1), (2, 7), (5, 5), (6, 11), (12, 12)])
def test_cut_pieces_are_the_parts_left_without_each_cell(shape: Pair) -> None:
    """For random cell sets: the cut cells are exactly the cells whose removal
    leaves more parts, and the parts ``shade_cut_cells`` reads for each (the
    pieces cut off, the rest of its part, the other parts) are the parts of
    the set without that cell, found by flooding."""
    rows, cols = shape
    rng = random.Random(f"cut-pieces-{rows}x{cols}")
    tables = LitsTables.of(lits_model.build(rows, cols, [0] * (rows * cols)))
    for _ in range(40):
        density = rng.uniform(0.4, 0.95)
        inside = {cell for cell in range(rows * cols) if rng.random() < density}
        pieces, parts = cut_cells.cut_pieces(mask_of(inside), tables)
        before = _parts_by_flood(inside, rows, cols)
        assert _same_parts(parts, before)
        for cell in sorted(inside):
            after = _parts_by_flood(inside - {cell}, rows, cols)
            splits = len(after) > len(before)
            assert (cell in pieces) == splits
            if splits:
                found = cut_cells._without(1 << cell, pieces[cell], parts)
                assert _same_parts(found, after)


def _same_parts(masks: list[int], parts: list[frozenset[int]]) -> bool:
    """The bitsets are the parts, each once, in any order."""
    as_sets = [frozenset(i for i in range(mask.bit_length()) if mask >> i & 1) for mask in masks]
    return len(as_sets) == len(parts) and set(as_sets) == set(parts)


@pytest.mark.parametrize("shape", [(1, 9), (9, 1), (2, 7), (5, 5), (6, 11), (12, 12)])
def test_separating_cells_are_the_cells_that_split_the_shaded_cells(shape: Pair) -> None:
    """For random cell sets and random shaded cells among them: a cell is
    reported exactly when it is unshaded and the shaded cells, all in one
    part of the set, lie in two or more parts once the cell is gone;
    nothing is reported when they lie in two parts already."""
    rows, cols = shape
    rng = random.Random(f"separating-{rows}x{cols}")
    tables = LitsTables.of(lits_model.build(rows, cols, [0] * (rows * cols)))
    seen_some = False
    for _ in range(60):
        inside = {cell for cell in range(rows * cols) if rng.random() < rng.uniform(0.5, 0.95)}
        shaded = {cell for cell in inside if rng.random() < rng.uniform(0.0, 0.3)}
        found = cut_cells.separating_cells(mask_of(inside), mask_of(shaded), tables)

        expected = []
        if _parts_holding(inside, shaded, shape) == 1:
            expected = [
                cell
                for cell in sorted(inside - shaded)
                if _parts_holding(inside - {cell}, shaded, shape) > 1
            ]
        assert found == expected
        seen_some = seen_some or bool(found)
    assert seen_some


def _random_states(
    label: str, shape: Pair, count: int = 40
) -> Iterator[tuple[random.Random, LitsState]]:
    """Fresh states of random LITS boards, regions from 4 cells up to 5, 8 or
    30 (big ones), with the generator that drew them."""
    rows, cols = shape
    rng = random.Random(f"{label}-{rows}x{cols}")
    for _ in range(count):
        puzzle = random_lits(rng, rows, cols, smallest=4, largest=rng.choice((5, 8, 30)))
        yield rng, new_state(puzzle)


@pytest.mark.parametrize("shape", [(1, 9), (9, 1), (3, 8), (6, 6), (9, 12)])
def test_out_of_touch_drops_the_placements_beside_no_other_region_cell(shape: Pair) -> None:
    """On random boards with big regions and random cells marked unshaded:
    a placement goes exactly when none of its cells has an edge neighbour
    in another region that is not marked unshaded (read cell by cell here);
    a region left with none is a contradiction."""
    rows, cols = shape
    grid = Grid(rows, cols)
    seen_drop = False
    for rng, state in _random_states("out-of-touch", shape):
        tables = state.tables
        unshaded = {cell for cell in range(rows * cols) if rng.random() < rng.uniform(0.0, 0.7)}
        state.unshaded = mask_of(unshaded)
        before = list(state.domains)
        expected = []
        for region, placed in enumerate(tables.cells_listed):
            keep = 0
            for index, cells in enumerate(placed):
                if tables.region_count < 2 or any(
                    tables.region_of[other] != region and other not in unshaded
                    for cell in cells
                    for other in grid.orthogonal[cell]
                ):
                    keep |= 1 << index
            expected.append(before[region] & keep)
        log: list[Deduction] = []
        try:
            changed = touch.drop_out_of_touch(state, log)
        except Contradiction:
            assert not all(expected)
            continue
        assert all(expected)
        assert state.domains == expected
        assert changed == (expected != before) == bool(log)
        seen_drop = seen_drop or changed
    assert seen_drop


def test_out_of_touch_on_a_row_of_two_regions() -> None:
    """AAAABBBB: with B's first cell unshaded, A's one tetromino touches
    nothing B could shade (a contradiction); a lone region loses nothing."""
    state = new_state(lits_model.build(1, 8, [0, 0, 0, 0, 1, 1, 1, 1]))
    state.unshaded = 1 << 4
    with pytest.raises(Contradiction, match="region 1"):
        touch.drop_out_of_touch(state, None)
    alone = new_state(lits_model.build(3, 3, [0] * 9))
    alone.unshaded = 0b100010001
    assert not touch.drop_out_of_touch(alone, None)


@pytest.mark.parametrize("shape", [(1, 9), (3, 8), (6, 6), (9, 12)])
def test_only_neighbour_makes_the_one_region_that_can_touch_a_tetromino_touch_it(
    shape: Pair,
) -> None:
    """On random boards with random cells shaded and unshaded: region by
    region in order, unless a cell every candidate covers already has a
    shaded neighbour in another region, the halo of the cells some
    candidate covers (neighbours in other regions not unshaded) is found
    cell by cell here; an empty halo is a contradiction, and a halo in one
    region leaves that region the placements covering a halo cell."""
    rows, cols = shape
    grid = Grid(rows, cols)
    seen_narrow = False
    for rng, state in _random_states("only-neighbour", shape):
        tables = state.tables
        try:
            for cell in rng.sample(range(rows * cols), rng.randrange(rows * cols // 4 + 1)):
                if rng.random() < 0.3:
                    state.shade(cell)
                else:
                    state.unshade(cell)
        except Contradiction:
            continue
        expected = _only_neighbour_reference(tables, grid, list(state.domains), state)
        before = list(state.domains)
        try:
            changed = touch.reach_from_only_neighbour(state, None)
        except Contradiction:
            assert expected is None
            continue
        assert expected == state.domains
        assert changed == (before != expected)
        seen_narrow = seen_narrow or changed
    assert seen_narrow


def _only_neighbour_reference(
    tables: LitsTables, grid: Grid, domains: list[int], state: LitsState
) -> list[int] | None:
    if tables.region_count < 2:
        return domains
    for region, placed in enumerate(tables.cells_listed):
        live = [set(cells) for index, cells in enumerate(placed) if domains[region] >> index & 1]
        must = set.intersection(*live) if live else set()
        can = set().union(*live)
        if any(
            tables.region_of[other] != region and state.shaded >> other & 1
            for cell in must
            for other in grid.orthogonal[cell]
        ):
            continue
        halo = {
            other
            for cell in can
            for other in grid.orthogonal[cell]
            if tables.region_of[other] != region and not state.unshaded >> other & 1
        }
        if not halo:
            return None
        owners = {tables.region_of[cell] for cell in halo}
        if len(owners) == 1:
            (owner,) = owners
            for index, cells in enumerate(tables.cells_listed[owner]):
                if not halo & set(cells):
                    domains[owner] &= ~(1 << index)
            if not domains[owner]:
                return None
    return domains


def _parts_holding(cells: set[int], shaded: set[int], shape: Pair) -> int:
    """How many parts of ``cells`` hold some of the ``shaded`` cells."""
    return sum(1 for part in _parts_by_flood(cells, *shape) if part & shaded)


@pytest.mark.parametrize("shape", [(1, 9), (9, 1), (2, 7), (5, 5), (6, 11)])
def test_locally_cut_cells_are_read_off_the_window_round_each_cell(shape: Pair) -> None:
    """A cell is locally cut exactly when its edge neighbours in the set fall
    into two or more groups within its 3x3 window (the cell itself left
    out), and every cell whose removal splits the set is locally cut."""
    rows, cols = shape
    rng = random.Random(f"locally-cut-{rows}x{cols}")
    tables = LitsTables.of(lits_model.build(rows, cols, [0] * (rows * cols)))
    for _ in range(60):
        inside = {cell for cell in range(rows * cols) if rng.random() < rng.uniform(0.3, 0.95)}
        found = cut_cells.locally_cut(mask_of(inside), tables)
        for cell in range(rows * cols):
            r, c = divmod(cell, cols)
            window = {
                (r + dr) * cols + c + dc
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if 0 <= r + dr < rows and 0 <= c + dc < cols and (dr or dc)
            } & inside
            edge = {n for n in window if abs(n // cols - r) + abs(n % cols - c) == 1}
            groups = [part for part in _parts_by_flood(window, rows, cols) if part & edge]
            assert bool(found >> cell & 1) == (cell in inside and len(groups) > 1)
        before = len(_parts_by_flood(inside, rows, cols))
        for cell in inside:
            if len(_parts_by_flood(inside - {cell}, rows, cols)) > before:
                assert found >> cell & 1
