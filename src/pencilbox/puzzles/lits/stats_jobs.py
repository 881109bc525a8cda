"""The LITS stats' samples, one job each, run in the workers of :func:`.stats.run`.

Every sample has its own seed (``stats:lits:<measurement>:<size>:<index>``),
so a run is repeatable whatever executor runs it. Module level, so that a
process pool can run them.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from typing import Any

from ...engine import State, count_solutions, propagate
from ...grid import Grid, members
from .boards import random_board
from .generate import count, generate
from .ladder import LADDER
from .model import build, from_json
from .packing import geometry, pack, pack_backtrack
from .shapes import SHAPES, classify, connected_subsets, contains_square
from .slack import Regions, descend, flood, gain, region_slack
from .state import new_state

PARTITION_LIMIT = 50
FLOOD_SIDE = 8
FLOOD_LIMIT = 500
FLOODINGS = ("raw", "least", "per_cell")
DESCENT_LIMIT = 50
LATTICE_LIMIT = 512
"""Solutions enumerated on a stalled board to see their shape; beyond it, undecided."""
UNCAPPED = "backtrack_uncapped"
"""The backtracking packer with no density target: it stops by its node budget alone."""
COUNT_RULES = LADDER.rules("tetro")


def enumeration() -> dict[str, Any]:
    """Connected 4-subsets of a 5×5 board; which hold a 2×2 and which are O."""
    grid = Grid(5, 5)
    subsets = connected_subsets(grid, list(grid.cells))
    square = [m for m in subsets if contains_square(grid, m)]
    shaped_o = [m for m in subsets if classify(grid, members(m)) == SHAPES.index("O")]
    letters = {name: 0 for name in SHAPES}
    for mask in subsets:
        letters[SHAPES[classify(grid, members(mask))]] += 1
    return {
        "connected_4_subsets": len(subsets),
        "with_2x2": len(square),
        "square_ones_are_exactly_the_O": sorted(square) == sorted(shaped_o),
        "by_letter": letters,
    }


def partition_sample(side: int, index: int) -> dict[str, Any]:
    rng = random.Random(f"stats:lits:partition:{side}:{index}")
    board = random_board(rng, side, side, smallest=6, largest=10)
    result = count_solutions(new_state(board), COUNT_RULES, limit=PARTITION_LIMIT)
    sizes = [len(cells) for cells in board.region_cells]
    return {"count": result.count, "mean_region": statistics.fmean(sizes)}


def density_sample(side: int, packer: str, index: int) -> dict[str, Any]:
    """One packing; for the uncapped packer also the first jammed packing it meets."""
    seed = f"stats:lits:density:{side}:{index}"
    started = time.perf_counter()
    if packer != UNCAPPED:
        packing = pack(random.Random(seed), side, side, packer)
        return {"density": packing.density, "seconds": time.perf_counter() - started}
    geo = geometry(side, side)
    # A target above every reachable share: the search runs to its node budget.
    packing = pack_backtrack(random.Random(seed), geo, target=1.01)
    seconds = time.perf_counter() - started
    # The same seed with no target to reach: it stops at the first jammed packing.
    first = pack_backtrack(random.Random(seed), geo, target=0.0)
    return {
        "density": packing.density,
        "first_jammed": first.density,
        "first_jammed_nodes": first.nodes,
        "nodes": packing.nodes,
        "seconds": seconds,
    }


def flood_per_cell(rng: random.Random, regions: Regions) -> None:
    """The write-up's sentence read per cell: each unshaded cell in turn (a random
    one beside a region) joins the neighbouring region it enlarges least."""
    geo, owner = regions.geo, regions.owner
    while True:
        frontier = [
            cell
            for cell in range(geo.size)
            if owner[cell] < 0 and any(owner[o] >= 0 for o in members(geo.neighbours[cell]))
        ]
        if not frontier:
            return
        cell = rng.choice(frontier)
        beside = sorted({owner[o] for o in members(geo.neighbours[cell]) if owner[o] >= 0})
        gains = [(gain(geo, regions.masks[r], cell), r) for r in beside]
        least = min(g for g, _ in gains)
        regions.move(cell, rng.choice([r for g, r in gains if g == least]))


def flood_sample(packer: str, index: int) -> dict[str, Any]:
    """One packing flooded each way; solutions of each counted up to FLOOD_LIMIT."""
    rng = random.Random(f"stats:lits:flood:{packer}:{index}")
    side = FLOOD_SIDE
    geo = geometry(side, side)
    packing = pack(rng, side, side, packer)
    found: dict[str, Any] = {"density": packing.density}
    for how in FLOODINGS:
        regions = Regions.of(geo, packing)
        flood_rng = random.Random(f"stats:lits:flood:{packer}:{index}:{how}")
        if how == "per_cell":
            flood_per_cell(flood_rng, regions)
        else:
            flood(flood_rng, regions, how)
        board = build(side, side, regions.labels)
        result = count_solutions(new_state(board), COUNT_RULES, limit=FLOOD_LIMIT)
        found[how] = result.count
    return found


def descent_sample(side: int, index: int) -> dict[str, Any]:
    """Pack, flood and descend once; count what is left, and on a stalled board
    whether its answers are independent one-region choices."""
    rng = random.Random(f"stats:lits:descent:{side}:{index}")
    geo = geometry(side, side)
    packing = pack(rng, side, side, "backtrack")
    regions = Regions.of(geo, packing)
    flood(rng, regions)
    steps, history = descend(rng, regions)
    board = build(side, side, regions.labels)
    solutions = count_solutions(new_state(board), COUNT_RULES, limit=DESCENT_LIMIT).count
    found: dict[str, Any] = {
        "before": history[0],
        "after": history[-1],
        "steps": steps,
        "count": solutions,
    }
    if history[-1] > 0:
        slack = [region_slack(regions, r) for r in range(len(regions.masks))]
        found["lattice"] = lattice(new_state(board), slack)
    return found


def lattice(state: State, slack: list[int]) -> dict[str, Any]:
    """Is the answer set the product of each region's own choices?

    Every answer picks one placement per region, so the set lies inside the
    product of the placements each region takes in some answer; it *is* that
    product (the regions choose independently) exactly when the sizes agree.
    ``slack_product`` says whether that product is also the one the local
    slack predicts: each region free to keep its tetromino or take any rival.
    """
    result = count_solutions(state, COUNT_RULES, limit=LATTICE_LIMIT)
    if not result.exhaustive:
        return {"answers": None, "product": None, "slack_product": None}
    answers = result.solutions
    choices = [{answer.domains[r] for answer in answers} for r in range(len(state.domains))]
    product = math.prod(len(c) for c in choices)
    return {
        "answers": len(answers),
        "product": product == len(answers),
        "slack_product": math.prod(1 + s for s in slack) == len(answers),
        "moving_regions": sum(len(c) > 1 for c in choices),
    }


def rung_sample(json_form: dict[str, Any]) -> dict[str, Any]:
    """Which rungs alone finish a bank puzzle (propagation only, no search)."""
    puzzle = from_json(json_form)
    finished = {}
    for rung in LADDER.names:
        state = new_state(puzzle)
        propagate(state, LADDER.rules(rung))
        finished[rung] = state.is_solved()
    return finished


def speed_sample(side: int, index: int) -> dict[str, Any]:
    made = generate(random.Random(f"stats:lits:speed:{side}:{index}"), side, side)
    assert count(made.puzzle) == 1
    return {"seconds": made.info["seconds"], "attempts": made.info["attempts"]}
