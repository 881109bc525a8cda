"""The LITS stats: the measurements added to answer the audit (uncapped packing,
per-cell flooding, the shape of a stalled board's answers) and the sections run."""

from __future__ import annotations

import json
import math
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pencilbox.engine import count_solutions
from pencilbox.grid import members
from pencilbox.puzzles.lits import KIND, stats
from pencilbox.puzzles.lits.boards import random_board
from pencilbox.puzzles.lits.brute import count as brute_count
from pencilbox.puzzles.lits.model import Lits, build
from pencilbox.puzzles.lits.packing import TARGET_DENSITY, geometry, pack
from pencilbox.puzzles.lits.slack import Regions, gain
from pencilbox.puzzles.lits.state import new_state
from pencilbox.puzzles.lits.stats_jobs import (
    COUNT_RULES,
    UNCAPPED,
    density_sample,
    flood_per_cell,
    lattice,
)


def test_the_uncapped_packer_keeps_its_densest_packing() -> None:
    for index in range(4):
        row = density_sample(8, UNCAPPED, index)
        assert row["first_jammed"] <= row["density"]
        assert row["first_jammed_nodes"] <= row["nodes"]
        capped = density_sample(8, "backtrack", index)
        # The same seed: the capped search stops at its first packing past the target.
        if row["first_jammed"] >= TARGET_DENSITY:
            assert capped["density"] == row["first_jammed"]
        else:
            assert capped["density"] <= row["density"]


def test_per_cell_flooding_gives_each_cell_a_least_growing_neighbour() -> None:
    geo = geometry(8, 8)
    packing = pack(random.Random(3), 8, 8)
    regions = Regions.of(geo, packing)
    shaded = packing.shaded
    chosen: dict[int, int] = {}
    original = regions.move

    def watch(cell: int, into: int) -> None:
        beside = {regions.owner[o] for o in members(geo.neighbours[cell])} - {-1}
        least = min(gain(geo, regions.masks[r], cell) for r in beside)
        assert gain(geo, regions.masks[into], cell) == least
        chosen[cell] = into
        original(cell, into)

    regions.move = watch  # type: ignore[method-assign]
    flood_per_cell(random.Random(4), regions)
    assert set(chosen) == set(members(geo.all_cells & ~shaded))
    assert all(owner >= 0 for owner in regions.owner)
    # The packing stays a solution of the flooded board.
    board = build(8, 8, regions.labels)
    assert count_solutions(new_state(board), COUNT_RULES, limit=1).count == 1


def _answers_by_region(board: Lits) -> tuple[int, list[set[frozenset[int]]]]:
    """Brute force, which shares no code with the engine: the answers, and per
    region the shadings it takes in some answer."""
    total, grids = brute_count(board, 1000)
    taken: list[set[frozenset[int]]] = [set() for _ in board.region_cells]
    for grid in grids:
        flat = [v for row in grid for v in row]
        for region, cells in enumerate(board.region_cells):
            taken[region].add(frozenset(c for c in cells if flat[c]))
    return total, taken


def test_lattice_agrees_with_brute_force_and_tells_both_kinds() -> None:
    """On random small boards: the answer count, the regions that move, and whether
    the answer set is the product of the regions' choices, against brute force."""
    outcomes = set()
    rng = random.Random(5)
    for _ in range(60):
        board = random_board(rng, 5, 5, smallest=4, largest=7)
        total, taken = _answers_by_region(board)
        if not 1 < total < 1000:
            continue
        found = lattice(new_state(board), [0] * len(board.region_cells))
        assert found["answers"] == total
        assert found["moving_regions"] == sum(len(t) > 1 for t in taken)
        assert found["product"] == (math.prod(len(t) for t in taken) == total)
        outcomes.add(found["product"])
    assert outcomes == {True, False}


def test_sections_run_alone_keep_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "stats.json"
    with ThreadPoolExecutor(2) as pool:
        first = stats.run(KIND, out, samples=2, executor=pool, only=["enumeration", "descent"])
        assert set(first["code"]) == {"enumeration", "descent"}
        assert first["section_samples"] == {"enumeration": 2, "descent": 2}
        again = stats.run(KIND, out, samples=1, executor=pool, only=["rungs_on_bank"])
    assert json.loads(out.read_text(encoding="utf-8")) == again
    assert again["descent"] == first["descent"] and again["enumeration"] == first["enumeration"]
    assert again["section_samples"] == {"enumeration": 2, "descent": 2, "rungs_on_bank": 1}
    assert again["rungs_on_bank"]["finish"]["probe"]["of"] == len(KIND.bank())
    assert "samples" not in again  # no run measured every section at one size
    for row in first["descent"]["by_size"].values():
        lattice_row = row["stalled_lattice"]
        if lattice_row:
            assert lattice_row["stalled"] + row["reach_zero"]["count"] == 2
