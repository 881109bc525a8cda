"""Re-measure the Suguru write-up's three figures on fresh samples.

1. **Singles alone** -- on generated boards, how often do the singles rules
   finish the board, and how many cells have they placed when they stall?
2. **Satisfiable partitions** -- what share of random partitions admits any
   filling at all, for loose and compact growth?
3. **Carving modes** -- how often does minimal carving give a puzzle the
   witness rung cannot finish, how much search do those need, and what does
   the solvable mode cost in givens?

Every sample has its own seed, derived from the measurement, the size and the
sample number, so a run is repeatable whatever executor runs it. Measurements
1 and 3 share their boards: each sample is one filled board carved twice, by
both modes with the same removal order, so the two modes are compared on the
same grids. The JSON states the method and sample size of every table, with
the write-up's figure beside ours where it quoted one.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ... import solving
from ...engine import count_solutions, propagate
from ...executors import process_pool
from ...kind import PuzzleKind
from ...kind.measuring import wilson as _wilson  # the measured tables keep their code
from ...kind.sections import choose, previous, stamp
from ...parallel import Job, gather
from .generate import MODES, WITNESS_RULES, Carver, make_filled
from .ladder import LADDER
from .model import Suguru, build
from .partition import DEFAULT_TARGETS, UNIFORM_TARGETS, block_bound, grow
from .state import new_state

CARVE_SIZES = (5, 6, 7, 8)
PARTITION_SIZES = (4, 5, 6, 7, 8)
BRUTE_CHECK_SIDE = 4  # the brute-force counter re-decides satisfiability up to 4x4
TARGETS = {"default": DEFAULT_TARGETS, "uniform": UNIFORM_TARGETS}
VARIANTS: dict[str, tuple[str, str, str]] = {
    # name: (growth style, target sizes, seeding)
    "loose": ("loose", "default", "cornered"),
    "compact": ("compact", "default", "cornered"),
    "loose, random seeds": ("loose", "default", "random"),
    "loose, uniform 1..5": ("loose", "uniform", "cornered"),
    "compact, uniform 1..5": ("compact", "uniform", "cornered"),
}
SINGLES_RULES = LADDER.rules("singles")

WRITEUP = {
    "singles_finish": {"6x6": 0.11, "8x8": 0.0},
    "singles_placed_of_blanks": {"6x6": [3.7, 28.8], "8x8": [7.0, 54.4]},
    "satisfiable": {
        "4x4": {"loose": 0.21, "compact": 0.76},
        "5x5": {"loose": 0.16, "compact": 0.52},
        "6x6": {"loose": 0.09, "compact": 0.46},
        "7x7": {"loose": 0.03, "compact": 0.27},
        "8x8": {"loose": 0.03, "compact": 0.14},
    },
    "minimal_hard": {"5x5": 0.13, "6x6": 0.31, "7x7": 0.33, "8x8": 0.59},
    "minimal_hard_search_nodes_8x8": 5,
    "split_8x8": {"minimal": [1, 40, 59], "solvable": [1, 99, 0]},
    "givens_8x8": {"minimal": 8.8, "solvable": 9.4},
}


# -- one sample each (module level, so a process pool can run them) ----------


def carve_sample(kind: PuzzleKind[Suguru], side: int, index: int) -> dict[str, Any]:
    """Fill one board, carve it both ways with one removal order, describe both
    (graded by ``kind``, the Suguru face)."""
    rng = random.Random(f"stats:carve:{side}:{index}")
    filled = make_filled(rng, side, side)
    carver = Carver(filled.board)
    order_seed = rng.getrandbits(64)
    found: dict[str, Any] = {"attempts": filled.attempts}
    for mode in MODES:
        givens = carver.carve(random.Random(order_seed), filled.solution, mode)
        found[mode] = _describe(kind, filled.board.with_givens(givens))
    return found


def _describe(kind: PuzzleKind[Suguru], puzzle: Suguru) -> dict[str, Any]:
    """Givens, what singles alone reach, and the grade with its search effort."""
    givens = puzzle.given_count
    singles = new_state(puzzle)
    propagate(singles, SINGLES_RULES)
    settled = sum(1 for d in singles.domains if d & (d - 1) == 0)
    grade = solving.grade(kind, puzzle).rung
    described = {
        "givens": givens,
        "blanks": len(puzzle.givens) - givens,
        "singles_placed": settled - givens,
        "singles_finish": singles.is_solved(),
        "grade": grade,
    }
    if grade == "search":
        result = count_solutions(new_state(puzzle), WITNESS_RULES, limit=2)
        assert result.unique, "a carved puzzle must be unique"
        described["nodes"] = result.nodes
        described["branch_points"] = result.branch_points
    return described


def partition_sample(side: int, variant: str, index: int) -> dict[str, Any]:
    """Grow one partition and decide by a full count (limit 1) whether it can be filled."""
    style, targets, seeding = VARIANTS[variant]
    rng = random.Random(f"stats:partition:{side}:{index}")
    partition = grow(rng, side, side, style, targets=TARGETS[targets], seeding=seeding)
    board = build(side, side, partition.blocks, [0] * (side * side))
    started = time.perf_counter()
    result = count_solutions(new_state(board), WITNESS_RULES, limit=1)
    count, nodes = result.count, result.nodes
    found = {
        "satisfiable": count == 1,
        "nodes": nodes,
        "seconds": time.perf_counter() - started,
        "blocks": partition.block_count,
        "over_bound": partition.block_count > block_bound(side, side),
        "scraps_left": partition.scraps_left,
    }
    if side <= BRUTE_CHECK_SIDE:
        from .brute import count as brute_count

        found["brute_agrees"] = brute_count(board, 1)[0] == count
    return found


# -- aggregation -------------------------------------------------------------


def _mean(values: Iterable[float]) -> float | None:
    values = list(values)
    return round(statistics.fmean(values), 3) if values else None


def _singles_table(carved: dict[int, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for side, found in carved.items():
        row = {}
        for mode in MODES:
            boards = [f[mode] for f in found]
            stuck = [b for b in boards if not b["singles_finish"]]
            row[mode] = {
                "finish": sum(b["singles_finish"] for b in boards),
                "finish_rate": round(1 - len(stuck) / len(boards), 3),
                "finish_rate_95": _wilson(len(boards) - len(stuck), len(boards)),
                "stuck": len(stuck),
                "placed_when_stuck_mean": _mean(b["singles_placed"] for b in stuck),
                "blanks_when_stuck_mean": _mean(b["blanks"] for b in stuck),
                "blanks_mean": _mean(b["blanks"] for b in boards),
            }
        table[f"{side}x{side}"] = row
    return {
        "method": (
            f"{samples} boards per size and mode, each a fresh compact partition with a "
            "random filling, carved by both modes with one removal order; the singles rung "
            "(only-candidate, only-home) propagated to its fixpoint, no search. 'placed' counts "
            "cells settled beyond the givens; the means are over the boards singles did not finish."
        ),
        "sample_size": samples,
        "by_size": table,
        "writeup": {
            "finish_rate": WRITEUP["singles_finish"],
            "placed_of_blanks": WRITEUP["singles_placed_of_blanks"],
            "method": "100 generated boards per size (its default generator)",
        },
    }


def _partition_table(
    partitions: dict[tuple[int, str], list[dict[str, Any]]], samples: int
) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for (side, variant), found in partitions.items():
        row = table.setdefault(f"{side}x{side}", {"block_bound": block_bound(side, side)})
        entry = {
            "satisfiable": sum(f["satisfiable"] for f in found),
            "rate": round(sum(f["satisfiable"] for f in found) / len(found), 3),
            "rate_95": _wilson(sum(f["satisfiable"] for f in found), len(found)),
            "over_bound": sum(f["over_bound"] for f in found),
            "blocks_mean": _mean(f["blocks"] for f in found),
            "with_scraps_left": sum(f["scraps_left"] > 0 for f in found),
            "count_seconds_max": round(max(f["seconds"] for f in found), 3),
        }
        checked = [f["brute_agrees"] for f in found if "brute_agrees" in f]
        if checked:
            entry["brute_force_agrees"] = f"{sum(checked)}/{len(checked)}"
        row[variant] = entry
    return {
        "method": (
            f"{samples} partitions per size and variant, max block size 5. loose: each next "
            "cell uniform from the frontier; compact: frontier cell weighted 4^(sides touched - "
            "1), then scraps of 1-2 cells folded into the smallest neighbour with room. Target "
            f"sizes drawn with weights {dict(DEFAULT_TARGETS)} unless 'uniform 1..5'. Seeds at a "
            "free cell with the fewest free neighbours unless 'random seeds'. Satisfiable = the "
            "engine's count with the witness rung and search, limit 1, finds a filling (an "
            "exhaustive count when 0). "
            f"Up to {BRUTE_CHECK_SIDE}x{BRUTE_CHECK_SIDE} the brute-force counter re-decides each "
            "one. block_bound = ceil(rows/2)*ceil(cols/2), the most blocks any filling allows."
        ),
        "sample_size": samples,
        "by_size": table,
        "writeup": {"rate": WRITEUP["satisfiable"], "method": "satisfiable partitions out of 100"},
    }


def _carving_table(carved: dict[int, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for side, found in carved.items():
        row: dict[str, Any] = {}
        for mode in MODES:
            boards = [f[mode] for f in found]
            hard = [b for b in boards if b["grade"] == "search"]
            row[mode] = {
                "split": {g: sum(b["grade"] == g for b in boards) for g in LADDER.names}
                | {"search": len(hard)},
                "hard_rate": round(len(hard) / len(boards), 3),
                "hard_rate_95": _wilson(len(hard), len(boards)),
                "hard_nodes_mean": _mean(b["nodes"] for b in hard),
                "hard_branch_points_mean": _mean(b["branch_points"] for b in hard),
                "givens_mean": _mean(b["givens"] for b in boards),
            }
        row["partition_attempts_mean"] = _mean(f["attempts"] for f in found)
        table[f"{side}x{side}"] = row
    return {
        "method": (
            f"{samples} filled boards per size, each carved twice with the same random removal "
            "order: minimal keeps a deletion while the count (witness rung + search, limit 2) "
            "stays 1; solvable also needs the witness rung alone to finish. split = boards whose "
            "grade is singles / witness / search (easy / medium / hard). nodes = search nodes of "
            "the engine's count (limit 2) with the witness rung on the hard boards."
        ),
        "sample_size": samples,
        "by_size": table,
        "writeup": {
            "minimal_hard_rate": WRITEUP["minimal_hard"],
            "minimal_hard_search_nodes_8x8": WRITEUP["minimal_hard_search_nodes_8x8"],
            "split_8x8_easy_med_hard": WRITEUP["split_8x8"],
            "givens_mean_8x8": WRITEUP["givens_8x8"],
        },
    }


# -- the run -----------------------------------------------------------------


_PKG = "pencilbox.puzzles.suguru"
_CARVED = (f"{_PKG}.{m}" for m in ("generate", "partition", "rules", "pointing"))
_CARVE_JOBS = (*_CARVED, f"{_PKG}.stats:carve_sample", f"{_PKG}.stats:_describe")
SECTIONS: dict[str, tuple[str, ...]] = {
    "singles": (*_CARVE_JOBS, f"{_PKG}.stats:_singles_table"),
    "partitions": (
        f"{_PKG}.partition",
        f"{_PKG}.stats:partition_sample",
        f"{_PKG}.stats:_partition_table",
        f"{_PKG}.stats:VARIANTS",
    ),
    "carving": (*_CARVE_JOBS, f"{_PKG}.stats:_carving_table"),
}
"""Each section of ``stats.json`` and the code it measures (:mod:`pencilbox.kind.sections`).
``singles`` and ``carving`` read the same carved boards, so asking for one measures both."""


def _work(kind: PuzzleKind[Suguru], sections: Sequence[str], samples: int) -> dict[Any, list[Job]]:
    """The jobs of the sections asked for, by table key (carved boards under "carve")."""
    work: dict[Any, list[Job]] = {}
    if "singles" in sections:
        for side in CARVE_SIZES:
            work[("carve", side)] = [(carve_sample, (kind, side, i)) for i in range(samples)]
    if "partitions" in sections:
        for side in PARTITION_SIZES:
            for variant in VARIANTS:
                work[(side, variant)] = [
                    (partition_sample, (side, variant, i)) for i in range(samples)
                ]
    return work


def run(
    kind: PuzzleKind[Suguru],
    out_path: Path | str,
    samples: int = 100,
    executor: Executor | None = None,
    only: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Take the measurements (all, or the sections ``only`` names, keeping the
    others from ``out_path``) with ``samples`` per table cell; write JSON to
    ``out_path``. ``kind`` is the Suguru face, which grades the carved boards."""
    if samples < 1:
        raise ValueError("samples must be at least 1")
    sections = choose(SECTIONS, only)
    if {"singles", "carving"} & set(sections):
        sections = tuple(dict.fromkeys((*sections, "singles", "carving")))
    report = previous(out_path, sections, SECTIONS)
    started = time.perf_counter()
    own = executor is None
    pool = process_pool() if executor is None else executor
    try:
        found = gather(pool, _work(kind, sections, samples))
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    carved = {key[1]: rows for key, rows in found.items() if key[0] == "carve"}
    partitions = {key: rows for key, rows in found.items() if key[0] != "carve"}
    if carved:
        report["singles"] = _singles_table(carved, samples)
        report["carving"] = _carving_table(carved, samples)
    if partitions:
        report["partitions"] = _partition_table(partitions, samples)
    report |= {
        "puzzle": "suguru",
        "seeds": "each sample: random.Random('stats:<measurement>:<side>:<index>')",
        "intervals": "each *_95 is the 95% Wilson score interval of the rate beside it",
    }
    sizes = dict(report.get("section_samples") or {}) | dict.fromkeys(sections, samples)
    report["section_samples"] = sizes
    if len(sections) == len(SECTIONS):
        report["samples"] = samples
        report["seconds"] = round(time.perf_counter() - started, 1)
    else:  # the whole run's figures no longer describe the file
        report.pop("seconds", None)
        if len(set(sizes.values())) > 1:
            report.pop("samples", None)
    stamp(report, sections, SECTIONS)
    order = ["puzzle", "samples", "seeds", "singles", "partitions", "carving", "intervals"]
    ordered = {key: report[key] for key in order if key in report}
    ordered |= {key: value for key, value in report.items() if key not in ordered}
    Path(out_path).write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")
    return ordered
