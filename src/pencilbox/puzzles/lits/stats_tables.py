"""The LITS stats' tables: each section's samples summed up as ``stats.json`` reports them."""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from typing import Any

from ...kind.measuring import rate as _rate  # the measured tables keep their code
from .ladder import LADDER
from .packing import NODE_BUDGET, TARGET_DENSITY
from .stats_jobs import (
    DESCENT_LIMIT,
    FLOOD_LIMIT,
    FLOOD_SIDE,
    LATTICE_LIMIT,
    PARTITION_LIMIT,
    UNCAPPED,
)

WRITEUP = {
    "connected_4_subsets_5x5": 228,
    "with_2x2": 16,
    "random_partitions_many_solutions": "roughly nine in ten",
    "random_partitions_unique": "none across hundreds of trials",
    "density": {"greedy": 0.55, "backtrack": 0.65},
    "flood_median_solutions": {"raw": 151, "least": 60},
    "stuck_rivals": (
        "a rival set of size 8 is exactly a lattice of 2^3 independent one-region slides"
    ),
}


def _mean(values: Iterable[float]) -> float:
    return round(statistics.fmean(list(values)), 4)


def partition_table(found: dict[int, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
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


def _spread(values: list[float]) -> dict[str, Any]:
    """A distribution of shares: mean, quartiles, tenths and the extremes, and the
    count per whole percent (shares of a board are discrete: four cells a tetromino)."""
    tenths = (
        statistics.quantiles(values, n=10, method="inclusive") if len(values) > 1 else values * 9
    )
    quarters = (
        statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else values * 3
    )
    histogram: dict[str, int] = {}
    for value in sorted(values):
        key = str(int(100 * value + 1e-9))
        histogram[key] = histogram.get(key, 0) + 1
    return {
        "mean": _mean(values),
        "min": round(min(values), 4),
        "p10": round(tenths[0], 4),
        "p25": round(quarters[0], 4),
        "median": round(statistics.median(values), 4),
        "p75": round(quarters[2], 4),
        "p90": round(tenths[8], 4),
        "max": round(max(values), 4),
        "by_percent": histogram,
    }


def density_table(
    found: dict[tuple[int, str], list[dict[str, Any]]], samples: int
) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for (side, packer), rows in found.items():
        densities = [r["density"] for r in rows]
        entry = {
            **_spread(densities),
            "mean_region_size": round(4 / statistics.fmean(densities), 2),
            "seconds_median": round(statistics.median(r["seconds"] for r in rows), 4),
        }
        if packer == UNCAPPED:
            entry["first_jammed"] = _spread([r["first_jammed"] for r in rows])
            entry["first_jammed_nodes_median"] = statistics.median(
                r["first_jammed_nodes"] for r in rows
            )
            entry["higher_than_first"] = _rate(
                sum(r["density"] > r["first_jammed"] for r in rows), len(rows)
            )
            entry["above_target"] = _rate(sum(d > TARGET_DENSITY for d in densities), len(rows))
        table.setdefault(f"{side}x{side}", {})[packer] = entry
    return {
        "method": (
            f"{samples} packings per size and packer (packing.py): greedy accretion until "
            "jammed; randomised backtracking as the generator runs it (fewest-options frontier "
            f"cell, {NODE_BUDGET}-node budget per search, stops at {TARGET_DENSITY:.0%} shading, "
            "never seals a pocket), whose mean sits at that target by construction; and the "
            f"same search with no target ('{UNCAPPED}'), which stops by its own rule only: the "
            f"{NODE_BUDGET}-node budget, keeping the densest pocket-free jammed packing. "
            "'first_jammed' is the first such packing that search meets (the same seed with no "
            "target at all). Density = shaded share."
        ),
        "sample_size": samples,
        "by_size": table,
        "writeup": WRITEUP["density"],
    }


def flood_table(found: dict[str, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
    table = {}
    hows = ("raw", "least", "per_cell")
    for packer, rows in found.items():
        got = {how: [r[how] for r in rows] for how in hows}
        raw, least = got["raw"], got["least"]
        table[packer] = {
            "density_mean": _mean(r["density"] for r in rows),
            "median_solutions": {how: statistics.median(got[how]) for how in hows},
            "mean_solutions": {how: _mean(got[how]) for how in hows},
            f"at_limit_{FLOOD_LIMIT}": {
                how: sum(c >= FLOOD_LIMIT for c in got[how]) for how in hows
            },
            "least_fewer": sum(b < a for a, b in zip(raw, least, strict=True)),
            "least_more": sum(b > a for a, b in zip(raw, least, strict=True)),
            "per_cell_fewer": sum(b < a for a, b in zip(raw, got["per_cell"], strict=True)),
            "unique": {how: sum(c == 1 for c in got[how]) for how in hows},
        }
    return {
        "method": (
            f"{samples} {FLOOD_SIDE}x{FLOOD_SIDE} packings per packer, each flooded three ways: "
            "raw (each step a uniformly random unassigned cell beside a region joins a random "
            "neighbouring region); least, as the generator floods (each step, over every "
            "unassigned cell and every region beside it, the pair adding the fewest tetromino "
            "placements); and per_cell, the write-up's sentence read cell by cell (each step a "
            "random unassigned cell beside a region joins the neighbouring region it enlarges "
            f"least). Solutions counted by the engine (tetro + search) up to {FLOOD_LIMIT}; a "
            "count at the limit enters the median as the limit."
        ),
        "sample_size": samples,
        "by_packer": table,
        "writeup": WRITEUP["flood_median_solutions"],
    }


def _lattice_row(stalled: list[dict[str, Any]]) -> dict[str, Any]:
    found = [r["lattice"] for r in stalled]
    decided = [f for f in found if f["answers"] is not None]
    row: dict[str, Any] = {
        "stalled": len(found),
        "undecided": len(found) - len(decided),
    }
    if decided:
        row["product"] = _rate(sum(f["product"] for f in decided), len(decided))
        row["slack_product"] = _rate(sum(f["slack_product"] for f in decided), len(decided))
        row["answers_median"] = statistics.median(f["answers"] for f in decided)
        row["moving_regions_median"] = statistics.median(f["moving_regions"] for f in decided)
    return row


def descent_table(found: dict[int, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
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
            "stalled_lattice": _lattice_row(stalled) if stalled else None,
            "steps_mean": _mean(r["steps"] for r in rows),
        }
    return {
        "method": (
            f"{samples} passes per size of pack (backtrack), flood (least), slack descent "
            "(each pass as one attempt of the generator, no retry). Solutions counted by the "
            f"engine (tetro + search) up to {DESCENT_LIMIT}. 'rival_counts_when_zero' lists the "
            "counts of zero-slack boards that were still not unique (the multi-region rivals the "
            "final search rejects). On each stalled board (slack left) every answer is "
            f"enumerated (up to {LATTICE_LIMIT}; beyond, undecided): 'product' is the share whose "
            "answer set is the product of independent one-region choices (as many answers as "
            "the product of the placements each region takes in some answer); 'slack_product' "
            "the share where that count is also the product of (1 + slack) over the regions, "
            "the lattice the local slack predicts."
        ),
        "sample_size": samples,
        "by_size": table,
        "writeup": WRITEUP["stuck_rivals"],
    }


def rung_table(found: list[dict[str, Any]]) -> dict[str, Any]:
    total = len(found)
    return {
        "method": "every puzzle of the shipped bank, each rung propagated alone, no search",
        "sample_size": total,
        "finish": {rung: _rate(sum(f[rung] for f in found), total) for rung in LADDER.names},
    }


def speed_table(found: dict[int, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
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
