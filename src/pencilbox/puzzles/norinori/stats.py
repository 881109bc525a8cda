"""The write-up's one Norinori claim, re-measured, and what the generator needs.

The LITS write-up says of its predecessor: "for Norinori random partitions
mostly had no solution". We count random partitions (:func:`.boards.random_board`)
by size and by region-size mix, each to two answers (the ``person`` rung,
then SAT), and report the share with none, one and several, each with its
95% Wilson interval. Beside that: the generator's attempts and seconds by
size, and which rungs alone finish each bank puzzle.

Every sample has its own seed (``stats:norinori:<measurement>:<key>:<index>``),
so a run is repeatable whatever executor runs it.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ...engine import Contradiction, propagate
from ...executors import process_pool
from ...kind import PuzzleKind
from ...parallel import Job, gather
from ...sat.core import count_models
from . import cnf
from .boards import random_board
from .generate import generate
from .ladder import LADDER
from .model import Norinori, from_json
from .state import new_state

SIDES = (6, 8, 10)
MIXES = {"r2to4": (2, 4), "r2to6": (2, 6), "r3to8": (3, 8)}
"""Region-size mixes: each region grown to a size drawn from this range."""
SPEED_SIDES = (6, 8, 10)
WRITEUP = "for Norinori random partitions mostly had no solution"


def answers(puzzle: Norinori) -> int:
    """Answers of ``puzzle`` up to two: ``person`` to its fixpoint, then SAT."""
    state = new_state(puzzle)
    try:
        propagate(state, LADDER.rules("person"))
    except Contradiction:
        return 0
    if state.is_solved():
        return 1
    return count_models(cnf.encode(puzzle, state), 2).count


def partition_sample(side: int, mix: str, index: int) -> dict[str, Any]:
    rng = random.Random(f"stats:norinori:partition:{side}:{mix}:{index}")
    smallest, largest = MIXES[mix]
    return {"answers": answers(random_board(rng, side, side, smallest=smallest, largest=largest))}


def speed_sample(side: int, index: int) -> dict[str, Any]:
    made = generate(random.Random(f"stats:norinori:speed:{side}:{index}"), side, side)
    return {"seconds": made.info["seconds"], "attempts": made.info["attempts"]}


def rung_sample(json_form: dict[str, Any]) -> dict[str, Any]:
    """Which rungs alone finish a bank puzzle (propagation only, no search)."""
    puzzle = from_json(json_form)
    finished = {}
    for rung in LADDER.names:
        state = new_state(puzzle)
        propagate(state, LADDER.rules(rung))
        finished[rung] = state.is_solved()
    return finished


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


def _shares(rows: list[dict[str, Any]]) -> dict[str, Any]:
    counts = [row["answers"] for row in rows]
    total = len(counts)
    return {
        "none": _rate(counts.count(0), total),
        "one": _rate(counts.count(1), total),
        "many": _rate(sum(count >= 2 for count in counts), total),
    }


def _jobs(kind: PuzzleKind[Norinori], samples: int, speeds: int) -> dict[Any, list[Job]]:
    work: dict[Any, list[Job]] = {}
    for side in SIDES:
        for mix in MIXES:
            work[("partition", side, mix)] = [
                (partition_sample, (side, mix, i)) for i in range(samples)
            ]
    for side in SPEED_SIDES:
        work[("speed", side)] = [(speed_sample, (side, i)) for i in range(speeds)]
    work[("rungs",)] = [(rung_sample, (record["json"],)) for record in kind.bank()]
    return work


def _partition_table(gathered: dict[Any, list[dict[str, Any]]]) -> dict[str, Any]:
    """Shares by size, for each mix and for all mixes together."""
    partitions: dict[str, Any] = {}
    for side in SIDES:
        both = []
        table: dict[str, Any] = {}
        for mix in MIXES:
            rows = gathered[("partition", side, mix)]
            table[mix] = _shares(rows)
            both += rows
        table["all"] = _shares(both)
        partitions[f"{side}x{side}"] = table
    return partitions


def run(
    kind: PuzzleKind[Norinori],
    out_path: Path | str,
    samples: int = 100,
    executor: Executor | None = None,
) -> dict[str, Any]:
    """Take every measurement; write JSON to ``out_path`` and return it.

    ``samples`` partitions per size and mix; a tenth as many generated
    puzzles per size for the generator's figures."""
    if samples < 1:
        raise ValueError("samples must be at least 1")
    started = time.perf_counter()
    own = executor is None
    pool = process_pool() if executor is None else executor
    speeds = max(1, samples // 10)
    try:
        gathered = gather(pool, _jobs(kind, samples, speeds))
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    partitions = _partition_table(gathered)
    everything = [row for key, rows in gathered.items() if key[0] == "partition" for row in rows]
    generation = {}
    for side in SPEED_SIDES:
        rows = gathered[("speed", side)]
        generation[f"{side}x{side}"] = {
            "puzzles": len(rows),
            "median_seconds": round(statistics.median(r["seconds"] for r in rows), 3),
            "max_seconds": round(max(r["seconds"] for r in rows), 3),
            "mean_attempts": round(statistics.fmean(r["attempts"] for r in rows), 2),
        }
    bank = gathered[("rungs",)]
    report = {
        "puzzle": "norinori",
        "samples": samples,
        "writeup": WRITEUP,
        "seeds": "each sample: random.Random('stats:norinori:<measurement>:<key>:<index>')",
        "partitions": {
            "sample_size": samples,
            "all": _shares(everything),
            "by_size": partitions,
            "method": "random partitions (regions grown from random cells to a size drawn "
            "from the mix's range), each counted to two answers: the person rung, then SAT",
        },
        "generation": {"sample_size": speeds, "by_size": generation},
        "rungs_on_bank": {
            rung: _rate(sum(found[rung] for found in bank), len(bank)) for rung in LADDER.names
        },
        "intervals": "each rate_95 is the 95% Wilson score interval of the rate beside it",
        "seconds": round(time.perf_counter() - started, 1),
    }
    Path(out_path).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return report
