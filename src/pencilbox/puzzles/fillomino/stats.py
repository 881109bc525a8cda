"""What the Fillomino generator needs to know, measured.

* ``partitions``: random valid partitions by size and region-size mix: the
  sizes they come out with, the merges that made them valid, and the share
  that one given per region already makes unique.
* ``carving``: the carving styles compared on the same partitions (every
  given needed, uniqueness alone): givens per cell, and what makes a puzzle
  feel given away: a region of two or more cells every cell of which is
  given, a given 1 whose every neighbour is given too; and regions left
  with no given at all.
* ``generation``: the generator's seconds, givens and questions by size,
  in its default mode (the ``generation`` section every type has).
* ``rungs_on_bank``: which rungs alone finish each bank puzzle.

Every sample has its own seed (``stats:fillomino:<measurement>:<key>:<index>``),
so a run is repeatable whatever executor runs it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ...engine import propagate
from ...kind import PuzzleKind
from ...kind.measuring import Table, measure, rate
from ...parallel import Job
from .carving import STYLES, carve
from .generate import MODES, generate
from .ladder import LADDER
from .model import Fillomino, from_json, neighbours
from .oracle import AnswerOracle
from .partition import MIXES, grow
from .state import new_state

PARTITION_SIDES = (6, 8, 10)
CARVE_SIDES = (6, 8)
SPEED_SIDES = (6, 10, 15, 20)

_PKG = "pencilbox.puzzles.fillomino"
_STATS = f"{_PKG}.stats"
_SAT = tuple(f"{_PKG}.{m}" for m in ("oracle", "cnf", "cnf_cuts", "cnf_sizes"))
SECTIONS: dict[str, tuple[str, ...]] = {
    "partitions": (
        f"{_PKG}.partition",
        *_SAT,
        f"{_STATS}:partition_sample",
        f"{_STATS}:_partition_section",
        f"{_STATS}:PARTITION_SIDES",
    ),
    "carving": (
        f"{_PKG}.partition",
        f"{_PKG}.carving",
        *_SAT,
        f"{_STATS}:carve_sample",
        f"{_STATS}:looks",
        f"{_STATS}:_carving_section",
        f"{_STATS}:CARVE_SIDES",
    ),
    "generation": (
        *(f"{_PKG}.{m}" for m in ("partition", "carving", "generate", "ladder", "rules")),
        *_SAT,
        f"{_STATS}:speed_sample",
        f"{_STATS}:looks",
        f"{_STATS}:_generation_section",
        f"{_STATS}:SPEED_SIDES",
    ),
    "rungs_on_bank": (
        f"{_PKG}/bank.json",
        *(f"{_PKG}.{m}" for m in ("ladder", "rules", "placements", "probe", "state", "tables")),
        f"{_STATS}:rung_sample",
    ),
}
"""Each section of ``stats.json`` and the code it measures (see :mod:`pencilbox.kind.sections`)."""


def looks(rows: int, cols: int, givens: Sequence[int], answer: Sequence[int]) -> dict[str, Any]:
    """What a solver sees first: givens per cell, regions of two or more cells
    given in full, given 1s boxed in by givens, and regions with no given."""
    near = [neighbours(rows, cols, cell) for cell in range(rows * cols)]
    seen: set[int] = set()
    full = bare = 0
    for start in range(rows * cols):
        if start in seen:
            continue
        region, todo = [start], [start]
        seen.add(start)
        while todo:
            for other in near[todo.pop()]:
                if other not in seen and answer[other] == answer[start]:
                    seen.add(other)
                    region.append(other)
                    todo.append(other)
        shown = sum(1 for cell in region if givens[cell])
        full += len(region) > 1 and shown == len(region)
        bare += shown == 0
    boxed = sum(
        1
        for cell, given in enumerate(givens)
        if given == 1 and all(givens[other] for other in near[cell])
    )
    return {
        "givens_per_cell": round(sum(1 for g in givens if g) / (rows * cols), 4),
        "full_regions": full,
        "boxed_ones": boxed,
        "bare_regions": bare,
    }


def partition_sample(side: int, mix: str, index: int) -> dict[str, Any]:
    rng = random.Random(f"stats:fillomino:partition:{side}:{mix}:{index}")
    made = grow(rng, side, side, mix)
    givens = [0] * (side * side)
    for region in made.regions:
        cell = rng.choice(region)
        givens[cell] = made.sizes[cell]
    with AnswerOracle(side, side, made.sizes) as oracle:
        unique = oracle.other(givens) is None
    return {
        "sizes": dict(Counter(len(region) for region in made.regions)),
        "merges": made.merges,
        "one_per_region_unique": unique,
    }


def carve_sample(side: int, style: str, index: int) -> dict[str, Any]:
    """One partition per index (the same for every style), carved in ``style``."""
    made = grow(random.Random(f"stats:fillomino:carve:{side}:{index}"), side, side)
    with AnswerOracle(side, side, made.sizes) as oracle:
        carved = carve(random.Random(index), made.sizes, made.regions, oracle.other, style)
    found = looks(side, side, carved.givens, made.sizes)
    found["questions"] = carved.questions
    return found


def speed_sample(kind: PuzzleKind[Fillomino], side: int, index: int) -> dict[str, Any]:
    """One puzzle generated, timed and looked at (``kind``, the face, grades it)."""
    cpu = time.process_time()  # beside the wall clock: the machine may be shared
    made = generate(kind, random.Random(f"stats:fillomino:speed:{side}:{index}"), side, side)
    cpu = time.process_time() - cpu
    answer = [size for row in made.solution for size in row]
    found = looks(side, side, made.puzzle.givens, answer)
    found |= {key: made.info[key] for key in ("seconds", "questions", "regions")}
    found["rung"] = made.info["grade"]["rung"]
    found["cpu_seconds"] = round(cpu, 4)
    return found


def rung_sample(json_form: dict[str, Any]) -> dict[str, Any]:
    """Which rungs alone finish a bank puzzle (propagation only, no search)."""
    puzzle = from_json(json_form)
    finished = {}
    for rung in LADDER.names:
        state = new_state(puzzle)
        propagate(state, LADDER.rules(rung))
        finished[rung] = state.is_solved()
    return finished


def _mean(values: Sequence[float]) -> float:
    return round(statistics.fmean(values), 3)


def _partition_section(gathered: dict[Any, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
    by_size: dict[str, Any] = {}
    for side in PARTITION_SIDES:
        table: dict[str, Any] = {}
        for mix in MIXES:
            rows = gathered[("partition", side, mix)]
            sizes: Counter[int] = Counter()
            for row in rows:
                sizes.update({int(size): count for size, count in row["sizes"].items()})
            regions = sum(sizes.values())
            table[mix] = {
                "mean_region_size": round(side * side * len(rows) / regions, 2),
                "largest_region": max(sizes),
                "size_shares": {str(k): round(sizes[k] / regions, 3) for k in sorted(sizes)},
                "merges_mean": _mean([row["merges"] for row in rows]),
                "one_per_region_unique": rate(
                    sum(row["one_per_region_unique"] for row in rows), len(rows)
                ),
            }
        by_size[f"{side}x{side}"] = table
    return {
        "sample_size": samples,
        "mixes": {name: {str(k): v for k, v in mix.items()} for name, mix in MIXES.items()},
        "by_size": by_size,
        "method": "random valid partitions grown with each mix's target-size weights; "
        "one_per_region_unique: one given per region, at a random cell of it, leaves the "
        "partition the only answer (SAT)",
    }


def _carving_section(gathered: dict[Any, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
    by_size: dict[str, Any] = {}
    for side in CARVE_SIDES:
        table = {}
        for style in STYLES:
            rows = gathered[("carve", side, style)]
            table[style] = {
                key: _mean([row[key] for row in rows])
                for key in ("givens_per_cell", "full_regions", "boxed_ones", "bare_regions")
            } | {"questions_mean": _mean([row["questions"] for row in rows])}
        by_size[f"{side}x{side}"] = table
    return {
        "sample_size": samples,
        "by_size": by_size,
        "method": "the same partitions (default mix) carved in each style to uniqueness alone "
        "(every given needed); means per puzzle: givens per cell, regions of two or more "
        "cells every cell of which is given, given 1s whose every neighbour is given, "
        "regions with no given, oracle questions",
    }


def _generation_section(gathered: dict[Any, list[dict[str, Any]]], speeds: int) -> dict[str, Any]:
    by_size = {}
    for side in SPEED_SIDES:
        rows = gathered[("speed", side)]
        by_size[f"{side}x{side}"] = {
            "puzzles": len(rows),
            "median_seconds": round(statistics.median(r["seconds"] for r in rows), 3),
            "max_seconds": round(max(r["seconds"] for r in rows), 3),
            "median_cpu_seconds": round(statistics.median(r["cpu_seconds"] for r in rows), 3),
            "max_cpu_seconds": round(max(r["cpu_seconds"] for r in rows), 3),
            "givens_per_cell": _mean([r["givens_per_cell"] for r in rows]),
            "full_regions_mean": _mean([r["full_regions"] for r in rows]),
            "boxed_ones_mean": _mean([r["boxed_ones"] for r in rows]),
            "questions_mean": _mean([r["questions"] for r in rows]),
            "grades": dict(Counter(r["rung"] for r in rows)),
        }
    return {
        "sample_size": speeds,
        "mode": MODES[0],
        "by_size": by_size,
        "method": f"generate in mode {MODES[0]} (partition, carve, grade), one puzzle at a "
        "time per process: seconds by the wall clock, cpu_seconds the process's own time",
    }


def _rung_section(gathered: dict[Any, list[dict[str, Any]]]) -> dict[str, Any]:
    bank = gathered[("rungs",)]
    return {rung: rate(sum(found[rung] for found in bank), len(bank)) for rung in LADDER.names}


def _plans(
    kind: PuzzleKind[Fillomino], samples: int
) -> dict[str, Callable[[], tuple[dict[Any, list[Job]], Table]]]:
    """Per section: a builder of its jobs (by table key) and of the table they add up to."""
    carves = max(1, samples // 4)
    speeds = max(1, samples // 10)

    def partitions() -> tuple[dict[Any, list[Job]], Table]:
        work: dict[Any, list[Job]] = {
            ("partition", side, mix): [(partition_sample, (side, mix, i)) for i in range(samples)]
            for side in PARTITION_SIDES
            for mix in MIXES
        }
        return work, lambda gathered: _partition_section(gathered, samples)

    def carving() -> tuple[dict[Any, list[Job]], Table]:
        work: dict[Any, list[Job]] = {
            ("carve", side, style): [(carve_sample, (side, style, i)) for i in range(carves)]
            for side in CARVE_SIDES
            for style in STYLES
        }
        return work, lambda gathered: _carving_section(gathered, carves)

    def generation() -> tuple[dict[Any, list[Job]], Table]:
        work: dict[Any, list[Job]] = {
            ("speed", side): [(speed_sample, (kind, side, i)) for i in range(speeds)]
            for side in SPEED_SIDES
        }
        return work, lambda gathered: _generation_section(gathered, speeds)

    def rungs_on_bank() -> tuple[dict[Any, list[Job]], Table]:
        work: dict[Any, list[Job]] = {
            ("rungs",): [(rung_sample, (record["json"],)) for record in kind.bank()]
        }
        return work, _rung_section

    return {
        "partitions": partitions,
        "carving": carving,
        "generation": generation,
        "rungs_on_bank": rungs_on_bank,
    }


def run(
    kind: PuzzleKind[Fillomino],
    out_path: Path | str,
    samples: int = 100,
    executor: Executor | None = None,
    only: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Take every measurement (or those of the sections ``only`` names); write
    JSON to ``out_path`` and return it.

    ``samples`` partitions per size and mix, a quarter as many carves per
    size and style, a tenth as many generated puzzles per size. Sections not
    measured are kept from the file at ``out_path``."""
    about = {
        "puzzle": "fillomino",
        "seeds": "each sample: random.Random('stats:fillomino:<measurement>:<key>:<index>')",
        "intervals": "each rate_95 is the 95% Wilson score interval of the rate beside it",
    }
    return measure(
        out_path,
        SECTIONS,
        _plans(kind, samples),
        samples=samples,
        only=only,
        executor=executor,
        about=about,
    )
