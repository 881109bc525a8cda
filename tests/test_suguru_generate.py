"""The Suguru generator, its partitions, and the shipped bank."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from pencilbox import counting, solving
from pencilbox.engine import count_solutions, propagate
from pencilbox.errors import PuzzleError
from pencilbox.puzzles.suguru import KIND
from pencilbox.puzzles.suguru.generate import Carver, generate, random_fill
from pencilbox.puzzles.suguru.ladder import LADDER
from pencilbox.puzzles.suguru.model import Suguru, build
from pencilbox.puzzles.suguru.partition import (
    STYLES,
    _FreeCells,
    block_bound,
    grow,
    too_many_blocks,
)
from pencilbox.puzzles.suguru.state import new_state

WITNESS = LADDER.rules("witness")


def _edge_neighbours(rows: int, cols: int, cell: int) -> list[int]:
    row, col = divmod(cell, cols)
    around = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
    return [r * cols + c for r, c in around if 0 <= r < rows and 0 <= c < cols]


def _connected(rows: int, cols: int, cells: list[int]) -> bool:
    members = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for other in _edge_neighbours(rows, cols, todo.pop()):
            if other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen == members


def _blocks(blocks: tuple[int, ...]) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for cell, block in enumerate(blocks):
        found.setdefault(block, []).append(cell)
    return found


def _without(puzzle: Suguru, cell: int) -> Suguru:
    givens = list(puzzle.givens)
    givens[cell] = 0
    return puzzle.with_givens(givens)


# -- partitions --------------------------------------------------------------


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("seeding", ["cornered", "random"])
@pytest.mark.parametrize(("rows", "cols", "max_size"), [(4, 4, 5), (6, 9, 5), (7, 5, 3), (8, 8, 6)])
def test_partition_covers_board_with_connected_blocks(
    style: str, seeding: str, rows: int, cols: int, max_size: int
) -> None:
    for seed in range(15):
        part = grow(random.Random(seed), rows, cols, style, max_size=max_size, seeding=seeding)
        assert len(part.blocks) == rows * cols
        blocks = _blocks(part.blocks)
        # numbered 0..n-1 in reading order, so model.build keeps the numbers
        assert list(dict.fromkeys(part.blocks)) == list(range(len(blocks)))
        for cells in blocks.values():
            assert 1 <= len(cells) <= max_size
            assert _connected(rows, cols, cells)
        assert part.block_count == len(blocks)
        assert sum(part.sizes) == rows * cols


def test_partition_is_reproducible_for_a_seed() -> None:
    for style in STYLES:
        first = grow(random.Random("same"), 8, 8, style)
        again = grow(random.Random("same"), 8, 8, style)
        assert first == again
    assert grow(random.Random(1), 8, 8).blocks != grow(random.Random(2), 8, 8).blocks


def test_compact_folds_every_scrap_that_fits_somewhere() -> None:
    """With every target 4 or 5, a block of 1-2 cells is a scrap: compact growth folds it
    unless all its neighbours are too full to take it; loose growth never folds."""
    folded_any = False
    for seed in range(40):
        part = grow(random.Random(seed), 7, 7, "compact", targets={4: 1, 5: 1})
        blocks = _blocks(part.blocks)
        folded_any |= part.scraps_folded > 0
        left = 0
        for number, cells in blocks.items():
            if len(cells) > 2:
                continue
            left += 1
            beside = {part.blocks[o] for c in cells for o in _edge_neighbours(7, 7, c)}
            beside.discard(number)
            assert all(len(blocks[b]) + len(cells) > 5 for b in beside), (seed, number)
        assert left == part.scraps_left
        loose = grow(random.Random(seed), 7, 7, "loose", targets={4: 1, 5: 1})
        assert loose.scraps_folded == 0
        assert loose.scraps_left == sum(1 for c in _blocks(loose.blocks).values() if len(c) <= 2)
    assert folded_any


def test_block_bound_is_the_most_non_touching_cells() -> None:
    assert [block_bound(n, n) for n in range(1, 11)] == [1, 1, 4, 4, 9, 9, 16, 16, 25, 25]
    assert block_bound(3, 8) == 8
    # uniform 1..5 targets on 8x8 give more blocks than 1s can be placed
    part = grow(random.Random(0), 8, 8, "loose", targets={1: 1, 2: 1, 3: 1, 4: 1, 5: 1})
    assert too_many_blocks(part) == (part.block_count > 16)


def test_bad_partition_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="style"):
        grow(random.Random(0), 4, 4, "snaky")
    with pytest.raises(ValueError, match="seeding"):
        grow(random.Random(0), 4, 4, seeding="anywhere")
    with pytest.raises(ValueError, match="target"):
        grow(random.Random(0), 4, 4, targets={7: 1}, max_size=5)


# -- fill --------------------------------------------------------------------


def test_random_fill_finds_a_valid_filling() -> None:
    board = build(4, 4, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], [0] * 16)
    solution, nodes, exhaustive = random_fill(random.Random(3), board)
    assert solution is not None and exhaustive and nodes >= 1
    grid = [list(solution[r * 4 : (r + 1) * 4]) for r in range(4)]
    assert KIND.check(board, grid) == []


def test_random_fill_proves_an_unfillable_board_empty() -> None:
    # Four 1-cell blocks on 2x2: four 1s that all touch.
    board = build(2, 2, [0, 1, 2, 3], [0] * 4)
    assert random_fill(random.Random(0), board) == (None, 1, True)
    # 3x3 of 1-cell blocks again; brute force agrees there is nothing to find
    board = build(3, 3, list(range(9)), [0] * 9)
    assert random_fill(random.Random(0), board)[0] is None
    assert KIND.brute_count(board, 1)[0] == 0


@pytest.mark.parametrize("seeding", ["cornered", "random"])
def test_seed_is_drawn_from_the_same_cells_as_a_scan_of_the_board(seeding: str) -> None:
    # The bucketed free cells must offer exactly what a reading-order scan
    # of the whole board offers, or a seed would stop giving its partition.
    rows, cols = 7, 9
    near = [tuple(_edge_neighbours(rows, cols, cell)) for cell in range(rows * cols)]
    free = _FreeCells(near, seeding)
    taken: set[int] = set()
    order = list(range(rows * cols))
    random.Random(seeding).shuffle(order)
    for cell in order:
        left = [c for c in range(rows * cols) if c not in taken]
        counts = {
            c: 0 if seeding == "random" else sum(o not in taken for o in near[c]) for c in left
        }
        fewest = min(counts.values())
        scan = [c for c in left if counts[c] == fewest]
        drawn = free.seed(random.Random(cell))
        assert drawn == random.Random(cell).choice(scan)
        free.take(cell)
        taken.add(cell)
    assert free.seed(random.Random(0)) is None


# -- generate ----------------------------------------------------------------


@pytest.mark.parametrize("mode", ["solvable", "minimal"])
def test_generation_is_reproducible_for_a_seed(mode: str) -> None:
    first = generate(KIND, random.Random("seed-7"), 7, 6, mode)
    again = generate(KIND, random.Random("seed-7"), 7, 6, mode)
    assert first.puzzle == again.puzzle
    assert first.solution == again.solution
    same = {k: v for k, v in first.info.items() if k != "seconds"}
    assert same == {k: v for k, v in again.info.items() if k != "seconds"}
    other = generate(KIND, random.Random("seed-8"), 7, 6, mode)
    assert other.puzzle != first.puzzle


@pytest.mark.parametrize("mode", ["solvable", "minimal"])
def test_generated_5x5_puzzles_are_unique_by_brute_force(mode: str) -> None:
    for seed in range(12):
        made = generate(KIND, random.Random(seed), 5, 5, mode)
        count, solutions = KIND.brute_count(made.puzzle, 2)
        assert count == 1, seed
        assert solutions[0] == made.solution
        assert KIND.check(made.puzzle, made.solution) == []


@pytest.mark.parametrize("side", [5, 6, 8])
def test_solvable_puzzles_are_finished_by_the_witness_rung(side: int) -> None:
    for seed in range(6):
        made = generate(KIND, random.Random(seed), side, side, "solvable")
        state = new_state(made.puzzle)
        propagate(state, WITNESS)
        assert state.is_solved()
        assert KIND.solution_rows(made.puzzle, state) == made.solution
        # and each given is needed for that: without it the witness rung stalls
        for cell in range(side * side):
            if made.puzzle.givens[cell]:
                state = new_state(_without(made.puzzle, cell))
                propagate(state, WITNESS)
                assert not state.is_solved(), (seed, cell)


@pytest.mark.parametrize("side", [5, 6])
def test_minimal_puzzles_lose_uniqueness_without_any_given(side: int) -> None:
    for seed in range(6):
        made = generate(KIND, random.Random(seed), side, side, "minimal")
        assert count_solutions(new_state(made.puzzle), WITNESS, limit=2).unique
        for cell in range(side * side):
            if made.puzzle.givens[cell]:
                loosened = _without(made.puzzle, cell)
                assert count_solutions(new_state(loosened), WITNESS, limit=2).count == 2
                if side == 5:
                    assert KIND.brute_count(loosened, 2)[0] == 2


def test_info_describes_the_puzzle() -> None:
    made = generate(KIND, random.Random(11), 6, 6, "minimal")
    info = made.info
    assert info["mode"] == "minimal"
    assert info["givens"] == made.puzzle.given_count
    assert info["blocks"] == made.puzzle.block_count
    assert info["grade"] == solving.grade(KIND, made.puzzle).as_json()
    assert info["partition_attempts"] >= 1 and info["fill_nodes"] >= 1
    assert info["seconds"] > 0


def test_carving_modes_share_a_removal_order() -> None:
    """From one filled board and one order, minimal keeps no more givens than solvable."""
    made = generate(KIND, random.Random(5), 8, 8, "solvable")
    carver = Carver(made.puzzle)
    solution = [d for row in made.solution for d in row]
    for seed in range(4):
        solvable = carver.carve(random.Random(seed), solution, "solvable")
        minimal = carver.carve(random.Random(seed), solution, "minimal")
        assert sum(1 for d in minimal if d) <= sum(1 for d in solvable if d)
        assert carver.unique(minimal)
        # solvable carving needs the witness rung alone to finish the board
        witness = solving.solve(KIND, made.puzzle.with_givens(solvable), rung="witness")
        assert witness.solved_by == "witness" and witness.unique


def test_bad_generation_requests_raise_puzzle_error() -> None:
    with pytest.raises(PuzzleError, match="mode 'hardest'"):
        generate(KIND, random.Random(0), 5, 5, "hardest")
    with pytest.raises(PuzzleError, match="0x5"):
        generate(KIND, random.Random(0), 0, 5)
    with pytest.raises(PuzzleError, match="21x21"):
        generate(KIND, random.Random(0), 21, 21)


def test_tiny_boards_generate() -> None:
    for rows, cols in [(1, 1), (1, 4), (2, 2), (3, 2)]:
        made = generate(KIND, random.Random(0), rows, cols)
        assert KIND.brute_count(made.puzzle, 2)[0] == 1


# -- the bank ----------------------------------------------------------------


@pytest.fixture(scope="module")
def bank() -> list[dict[str, object]]:
    return KIND.bank()


def test_bank_covers_every_size_and_both_modes(bank: list[dict[str, object]]) -> None:
    assert len(bank) >= 120
    sizes = Counter((r["rows"], r["cols"]) for r in bank)
    assert set(sizes) == {(n, n) for n in range(5, 11)}
    assert min(sizes.values()) >= 20
    for n in range(5, 11):
        modes = {r["mode"] for r in bank if r["rows"] == n}
        assert modes == {"solvable", "minimal"}
    assert len({r["id"] for r in bank}) == len(bank)
    assert len({r["url"] for r in bank}) == len(bank)


def test_bank_puzzles_are_unique_and_solved(bank: list[dict[str, object]]) -> None:
    for record in bank:
        puzzle = KIND.from_json(record["json"])
        assert (puzzle.rows, puzzle.cols) == (record["rows"], record["cols"])
        assert KIND.check(puzzle, record["solution"]) == [], record["id"]
        result = count_solutions(new_state(puzzle), WITNESS, limit=2)
        assert result.unique, record["id"]
        assert KIND.solution_rows(puzzle, result.solutions[0]) == record["solution"]
        if puzzle.rows <= 6:
            assert KIND.brute_count(puzzle, 2)[0] == 1, record["id"]


def test_bank_grades_match_a_recomputation(bank: list[dict[str, object]]) -> None:
    sample = random.Random(0).sample(bank, 40)
    for record in sample:
        puzzle = KIND.from_json(record["json"])
        assert solving.grade(KIND, puzzle).as_json() == record["grade"], record["id"]
    for record in bank:
        if record["mode"] == "solvable":
            assert record["grade"]["rung"] in LADDER.names, record["id"]


def test_bank_urls_decode_to_the_same_puzzles(bank: list[dict[str, object]]) -> None:
    from pencilbox.formats import load

    for record in bank[::7]:
        kind, puzzle = load(str(record["url"]))
        assert kind is KIND
        assert puzzle == KIND.from_json(record["json"])


def test_bank_records_regenerate_from_their_seed(bank: list[dict[str, object]]) -> None:
    for record in bank[::15]:
        made = generate(
            KIND,
            random.Random(str(record["seed"])),
            record["rows"],
            record["cols"],
            str(record["mode"]),
        )
        assert KIND.to_json(made.puzzle) == record["json"], record["id"]


# -- stats -------------------------------------------------------------------


def test_stats_run_writes_every_table_with_its_sample_size(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    out = tmp_path / "stats.json"
    with ThreadPoolExecutor(max_workers=2) as pool:
        report = KIND.stats(out, samples=3, executor=pool)
    assert json.loads(out.read_text(encoding="utf-8")) == report
    for table in ("singles", "partitions", "carving"):
        assert report[table]["sample_size"] == 3
        assert "3 " in report[table]["method"]
    assert {"6x6", "8x8"} <= set(report["singles"]["by_size"])
    assert set(report["partitions"]["by_size"]) == {f"{n}x{n}" for n in range(4, 9)}
    assert set(report["carving"]["by_size"]) == {f"{n}x{n}" for n in range(5, 9)}
    for row in report["carving"]["by_size"].values():
        for mode in ("solvable", "minimal"):
            assert sum(row[mode]["split"].values()) == 3
        assert row["solvable"]["split"]["search"] == 0  # the solvable mode's promise
    for row in report["partitions"]["by_size"].values():
        for name, entry in row.items():
            if name != "block_bound":
                assert 0 <= entry["satisfiable"] <= 3
                assert entry.get("brute_force_agrees", "3/3") == "3/3"


@pytest.mark.soak
def test_largest_boards_generate_unique_puzzles() -> None:
    # 20x20 takes seconds to tens of seconds per puzzle: a soak run only.
    for seed in range(1, 4):
        made = generate(KIND, random.Random(f"{seed}:0"), 20, 20, "solvable")
        assert counting.count(KIND, made.puzzle, 2, "sat").count == 1, seed
        assert KIND.check(made.puzzle, made.solution) == []
