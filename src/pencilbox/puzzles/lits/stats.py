"""Re-measure the LITS write-up's figures on fresh samples.

1. **Enumeration** -- the connected 4-cell subsets of a 5×5 board, those
   holding a 2×2 square, and that those are exactly the ones shaped O.
2. **Random partitions** -- regions grown to sizes 6..10: how many solutions
   do they have (counted by the engine with a limit)?
3. **Packing density** -- greedy accretion against the backtracking packer.
4. **Flooding** -- on identical packings, the solution count of a raw flood
   (each unshaded cell joins a random neighbouring region) against the
   least-placements flood.
5. **Slack descent** -- how often it reaches zero slack, how often the board
   is then unique, and how many solutions the rest keep.
6. **Rungs on the bank** -- which rungs finish each shipped puzzle with no
   search.
7. **Generation speed** per size.

Every sample has its own seed (``stats:lits:<measurement>:<size>:<index>``),
so a run is repeatable whatever executor runs it. The JSON states the method
and sample size of every table, with the write-up's figure beside ours.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Iterable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ...engine import count_solutions, propagate
from ...executors import process_pool
from ...grid import Grid, members
from ...kind import PuzzleKind
from ...parallel import Job, gather
from .boards import random_board
from .generate import count, generate
from .ladder import LADDER
from .model import Lits, build, from_json
from .packing import PACKERS, geometry, pack
from .shapes import SHAPES, classify, connected_subsets, contains_square
from .slack import Regions, descend, flood
from .state import new_state

PARTITION_SIZES = (6, 8)
PARTITION_LIMIT = 50
DENSITY_SIZES = (6, 10, 15)
FLOOD_SIDE = 8
FLOOD_LIMIT = 500
DESCENT_SIZES = (8, 10)
DESCENT_LIMIT = 50
SPEED_SIZES = tuple(range(6, 16))
COUNT_RULES = LADDER.rules("tetro")

WRITEUP = {
    "connected_4_subsets_5x5": 228,
    "with_2x2": 16,
    "random_partitions_many_solutions": "roughly nine in ten",
    "random_partitions_unique": "none across hundreds of trials",
    "density": {"greedy": 0.55, "backtrack": 0.65},
    "flood_median_solutions": {"raw": 151, "least": 60},
}


# -- one sample each (module level, so a process pool can run them) ----------


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
    rng = random.Random(f"stats:lits:density:{side}:{index}")
    started = time.perf_counter()
    packing = pack(rng, side, side, packer)
    return {"density": packing.density, "seconds": time.perf_counter() - started}


def flood_sample(packer: str, index: int) -> dict[str, Any]:
    """One packing flooded both ways; solutions of each counted up to FLOOD_LIMIT."""
    rng = random.Random(f"stats:lits:flood:{packer}:{index}")
    side = FLOOD_SIDE
    geo = geometry(side, side)
    packing = pack(rng, side, side, packer)
    found: dict[str, Any] = {"density": packing.density}
    for how in ("raw", "least"):
        regions = Regions.of(geo, packing)
        flood(random.Random(f"stats:lits:flood:{packer}:{index}:{how}"), regions, how)
        board = build(side, side, regions.labels)
        result = count_solutions(new_state(board), COUNT_RULES, limit=FLOOD_LIMIT)
        found[how] = result.count
    return found


def descent_sample(side: int, index: int) -> dict[str, Any]:
    """Pack, flood and descend once; count what is left."""
    rng = random.Random(f"stats:lits:descent:{side}:{index}")
    geo = geometry(side, side)
    packing = pack(rng, side, side, "backtrack")
    regions = Regions.of(geo, packing)
    flood(rng, regions)
    steps, history = descend(rng, regions)
    board = build(side, side, regions.labels)
    solutions = count_solutions(new_state(board), COUNT_RULES, limit=DESCENT_LIMIT).count
    return {"before": history[0], "after": history[-1], "steps": steps, "count": solutions}


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


# -- aggregation -------------------------------------------------------------


def _wilson(hits: int, total: int) -> list[float]:
    """95% Wilson interval of a rate."""
    z = 1.96
    rate = hits / total
    middle = (rate + z * z / (2 * total)) / (1 + z * z / total)
    half = z / (1 + z * z / total) * (rate * (1 - rate) / total + z * z / (4 * total**2)) ** 0.5
    return [round(max(0.0, middle - half), 3), round(min(1.0, middle + half), 3)]


def _rate(hits: int, total: int) -> dict[str, Any]:
    return {
        "count": hits,
        "of": total,
        "rate": round(hits / total, 3),
        "rate_95": _wilson(hits, total),
    }


def _mean(values: Iterable[float]) -> float:
    return round(statistics.fmean(list(values)), 4)


def _partition_table(found: dict[int, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
    table = {}
    for side, rows in found.items():
        counts = [r["count"] for r in rows]
        table[f"{side}x{side}"] = {
            "none": _rate(sum(c == 0 for c in counts), len(counts)),
            "exactly_one": _rate(sum(c == 1 for c in counts), len(counts)),
            "two_or_more": _rate(sum(c >= 2 for c in counts), len(counts)),
            f"at_limit_{PARTITION_LIMIT}": _rate(
                sum(c >= PARTITION_LIMIT for c in counts), len(counts)
            ),
            "mean_region_size": _mean(r["mean_region"] for r in rows),
        }
    return {
        "method": (
            f"{samples} boards per size: regions grown from random seeds to a size drawn from "
            "6..10, regions walled in below 6 merged into a neighbour (boards.random_board). "
            f"Solutions counted by the engine (tetro rung + search) up to {PARTITION_LIMIT}."
        ),
        "sample_size": samples,
        "by_size": table,
        "writeup": {
            "many_solutions": WRITEUP["random_partitions_many_solutions"],
            "unique": WRITEUP["random_partitions_unique"],
        },
    }


def _density_table(
    found: dict[tuple[int, str], list[dict[str, Any]]], samples: int
) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for (side, packer), rows in found.items():
        densities = [r["density"] for r in rows]
        table.setdefault(f"{side}x{side}", {})[packer] = {
            "mean": _mean(densities),
            "min": round(min(densities), 4),
            "max": round(max(densities), 4),
            "mean_region_size": round(4 / statistics.fmean(densities), 2),
            "seconds_median": round(statistics.median(r["seconds"] for r in rows), 4),
        }
    return {
        "method": (
            f"{samples} packings per size and packer (packing.py): greedy accretion until "
            "jammed; randomised backtracking (fewest-options frontier cell, 400-node budget per "
            "search, stops at 66% shading, never seals a pocket). Density = shaded share."
        ),
        "sample_size": samples,
        "by_size": table,
        "writeup": WRITEUP["density"],
    }


def _flood_table(found: dict[str, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
    table = {}
    for packer, rows in found.items():
        raw = [r["raw"] for r in rows]
        least = [r["least"] for r in rows]
        table[packer] = {
            "density_mean": _mean(r["density"] for r in rows),
            "median_solutions": {"raw": statistics.median(raw), "least": statistics.median(least)},
            "mean_solutions": {"raw": _mean(raw), "least": _mean(least)},
            f"at_limit_{FLOOD_LIMIT}": {
                "raw": sum(c >= FLOOD_LIMIT for c in raw),
                "least": sum(c >= FLOOD_LIMIT for c in least),
            },
            "least_fewer": sum(b < a for a, b in zip(raw, least, strict=True)),
            "least_more": sum(b > a for a, b in zip(raw, least, strict=True)),
            "unique": {"raw": sum(c == 1 for c in raw), "least": sum(c == 1 for c in least)},
        }
    return {
        "method": (
            f"{samples} {FLOOD_SIDE}x{FLOOD_SIDE} packings per packer, each flooded twice: raw "
            "(each step a uniformly random unassigned cell beside a region joins a random "
            "neighbouring region) and least (the cell and region that add the fewest tetromino "
            f"placements). Solutions counted by the engine (tetro + search) up to {FLOOD_LIMIT}; "
            "a count at the limit enters the median as the limit."
        ),
        "sample_size": samples,
        "by_packer": table,
        "writeup": WRITEUP["flood_median_solutions"],
    }


def _descent_table(found: dict[int, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
    table = {}
    for side, rows in found.items():
        zero = [r for r in rows if r["after"] == 0]
        stalled = [r for r in rows if r["after"] > 0]
        table[f"{side}x{side}"] = {
            "slack_after_flood_mean": _mean(r["before"] for r in rows),
            "reach_zero": _rate(len(zero), len(rows)),
            "unique": _rate(sum(r["count"] == 1 for r in rows), len(rows)),
            "unique_when_zero": _rate(sum(r["count"] == 1 for r in zero), len(zero))
            if zero
            else None,
            "rival_counts_when_zero": sorted(r["count"] for r in zero if r["count"] != 1),
            "stalled_slack_mean": _mean(r["after"] for r in stalled) if stalled else None,
            "stalled_solutions_median": statistics.median(r["count"] for r in stalled)
            if stalled
            else None,
            "steps_mean": _mean(r["steps"] for r in rows),
        }
    return {
        "method": (
            f"{samples} passes per size of pack (backtrack), flood (least), slack descent "
            "(each pass as one attempt of the generator, no retry). Solutions counted by the "
            f"engine (tetro + search) up to {DESCENT_LIMIT}. 'rival_counts_when_zero' lists the "
            "counts of zero-slack boards that were still not unique (the multi-region rivals the "
            "final search rejects)."
        ),
        "sample_size": samples,
        "by_size": table,
    }


def _rung_table(found: list[dict[str, Any]]) -> dict[str, Any]:
    total = len(found)
    return {
        "method": "every puzzle of the shipped bank, each rung propagated alone, no search",
        "sample_size": total,
        "finish": {rung: _rate(sum(f[rung] for f in found), total) for rung in LADDER.names},
    }


def _speed_table(found: dict[int, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
    table = {}
    for side, rows in found.items():
        seconds = [r["seconds"] for r in rows]
        table[f"{side}x{side}"] = {
            "median": round(statistics.median(seconds), 3),
            "max": round(max(seconds), 3),
            "attempts_mean": _mean(r["attempts"] for r in rows),
        }
    return {
        "method": (
            f"{samples} puzzles per size, generate(random.Random(seed), n, n) timed inside a "
            "worker process (2 workers on the 2 shared cores)"
        ),
        "sample_size": samples,
        "by_size": table,
    }


# -- the run -----------------------------------------------------------------


def _jobs(
    kind: PuzzleKind[Lits], samples: int, floods: int, speeds: int
) -> dict[tuple[Any, ...], list[Job]]:
    """Every sample to take, by table (the bank's puzzles read through ``kind``)."""
    return (
        {("enumeration",): [(enumeration, ())]}
        | {
            ("partition", s): [(partition_sample, (s, i)) for i in range(samples)]
            for s in PARTITION_SIZES
        }
        | {
            ("density", s, p): [(density_sample, (s, p, i)) for i in range(samples)]
            for s in DENSITY_SIZES
            for p in PACKERS
        }
        | {("flood", p): [(flood_sample, (p, i)) for i in range(floods)] for p in PACKERS}
        | {
            ("descent", s): [(descent_sample, (s, i)) for i in range(samples)]
            for s in DESCENT_SIZES
        }
        | {("rungs",): [(rung_sample, (r["json"],)) for r in kind.bank()]}
        | {("speed", s): [(speed_sample, (s, i)) for i in range(speeds)] for s in SPEED_SIZES}
    )


def run(
    kind: PuzzleKind[Lits],
    out_path: Path | str,
    samples: int = 100,
    executor: Executor | None = None,
) -> dict[str, Any]:
    """Take every measurement; write JSON to ``out_path`` and return it.

    ``kind`` is the LITS face, whose bank the rung table reads. ``samples``
    boards per table cell for partitions, packing density and descent; half
    as many packings per packer for flooding (each is counted twice, to a
    high limit) and a tenth as many puzzles per size for speed.
    """
    if samples < 1:
        raise ValueError("samples must be at least 1")
    started = time.perf_counter()
    own = executor is None
    pool = process_pool() if executor is None else executor
    floods = max(1, samples // 2)
    speeds = max(1, samples // 10)
    try:
        gathered = gather(pool, _jobs(kind, samples, floods, speeds))
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)

    def part(name: str) -> dict[Any, list[dict[str, Any]]]:
        return {
            key[1:] if len(key) > 2 else key[1]: rows
            for key, rows in gathered.items()
            if key[0] == name
        }

    enumerated = gathered[("enumeration",)][0]
    report = {
        "puzzle": "lits",
        "samples": samples,
        "seeds": "each sample: random.Random('stats:lits:<measurement>:<size or packer>:<index>')",
        "enumeration": enumerated
        | {
            "writeup": {
                "connected_4_subsets": WRITEUP["connected_4_subsets_5x5"],
                "with_2x2": WRITEUP["with_2x2"],
            }
        },
        "partitions": _partition_table(part("partition"), samples),
        "density": _density_table(part("density"), samples),
        "flooding": _flood_table(part("flood"), floods),
        "descent": _descent_table(part("descent"), samples),
        "rungs_on_bank": _rung_table(gathered[("rungs",)]),
        "generation": _speed_table(part("speed"), speeds),
        "intervals": "each rate_95 is the 95% Wilson score interval of the rate beside it",
        "seconds": round(time.perf_counter() - started, 1),
    }
    Path(out_path).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return report
