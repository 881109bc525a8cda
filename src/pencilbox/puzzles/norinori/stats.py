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

import random
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ...engine import Contradiction, propagate
from ...kind import PuzzleKind
from ...kind.measuring import Table, measure, rate
from ...parallel import Job
from ...sat.core import count_models
from . import cnf
from .boards import random_board
from .crossing import crossing
from .generate import generate
from .ladder import LADDER
from .model import Norinori, from_json
from .state import new_state

SIDES = (6, 8, 10, 12, 15)
MIXES = {"r2to4": (2, 4), "r2to6": (2, 6), "r3to8": (3, 8)}
"""Region-size mixes: each region grown to a size drawn from this range."""
SPEED_SIDES = (6, 8, 10, 12, 15, 20)
WRITEUP = "for Norinori random partitions mostly had no solution"

_PKG = "pencilbox.puzzles.norinori"
_STATS = f"{_PKG}.stats"
_STATE = tuple(f"{_PKG}.state:{name}" for name in ("NoriState", "as_nori", "new_state"))
"""What a count reads of ``state.py`` (a player's positions are no part of it)."""
_COUNT = (*(f"{_PKG}.{m}" for m in ("ladder", "rules", "tables", "cnf")), *_STATE)
SECTIONS: dict[str, tuple[str, ...]] = {
    "partitions": (
        *(f"{_PKG}.boards:{name}" for name in ("random_board", "random_regions", "_merge_small")),
        *_COUNT,
        f"{_STATS}:answers",
        f"{_STATS}:partition_sample",
        f"{_STATS}:_partition_section",
        f"{_STATS}:SIDES",
        f"{_STATS}:MIXES",
    ),
    "generation": (
        f"{_PKG}.boards",
        *(f"{_PKG}.{m}" for m in ("generate", "crossing", "walk", "rivals")),
        *(f"{_PKG}.{m}" for m in ("ladder", "rules", "tables")),
        *_STATE,
        f"{_STATS}:speed_sample",
        f"{_STATS}:finishes",
        f"{_STATS}:_generation_section",
        f"{_STATS}:SPEED_SIDES",
    ),
    "rungs_on_bank": (
        f"{_PKG}/bank.json",
        *(f"{_PKG}.{m}" for m in ("ladder", "rules", "tables", "placements", "probe")),
        *_STATE,
        f"{_STATS}:rung_sample",
        f"{_STATS}:finishes",
    ),
}
"""Each section of ``stats.json`` and the code it measures (see :mod:`pencilbox.kind.sections`)."""


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
    across, dominoes = crossing(made.puzzle.regions, made.solution)
    return {
        "seconds": made.info["seconds"],
        "attempts": made.info["attempts"],
        "crossing": across,
        "dominoes": dominoes,
        "person": finishes(made.puzzle, "person"),
    }


def finishes(puzzle: Norinori, rung: str) -> bool:
    """Whether ``rung`` alone, propagated with no search, finishes ``puzzle``."""
    state = new_state(puzzle)
    propagate(state, LADDER.rules(rung))
    return bool(state.is_solved())


def rung_sample(json_form: dict[str, Any]) -> dict[str, Any]:
    """Which rungs alone finish a bank puzzle (propagation only, no search)."""
    puzzle = from_json(json_form)
    return {rung: finishes(puzzle, rung) for rung in LADDER.names}


def _shares(rows: list[dict[str, Any]]) -> dict[str, Any]:
    counts = [row["answers"] for row in rows]
    total = len(counts)
    return {
        "none": rate(counts.count(0), total),
        "one": rate(counts.count(1), total),
        "many": rate(sum(count >= 2 for count in counts), total),
    }


def _plans(
    kind: PuzzleKind[Norinori], samples: int
) -> dict[str, Callable[[], tuple[dict[Any, list[Job]], Table]]]:
    """Per section: a builder of its jobs (by table key) and of the table they add up to."""
    speeds = max(1, samples // 10)

    def partitions() -> tuple[dict[Any, list[Job]], Table]:
        work: dict[Any, list[Job]] = {
            ("partition", side, mix): [(partition_sample, (side, mix, i)) for i in range(samples)]
            for side in SIDES
            for mix in MIXES
        }
        return work, lambda gathered: _partition_section(gathered, samples)

    def generation() -> tuple[dict[Any, list[Job]], Table]:
        work: dict[Any, list[Job]] = {
            ("speed", side): [(speed_sample, (side, i)) for i in range(speeds)]
            for side in SPEED_SIDES
        }
        return work, lambda gathered: _generation_section(gathered, speeds)

    def rungs_on_bank() -> tuple[dict[Any, list[Job]], Table]:
        work: dict[Any, list[Job]] = {
            ("rungs",): [(rung_sample, (record["json"],)) for record in kind.bank()]
        }
        return work, _rung_section

    return {"partitions": partitions, "generation": generation, "rungs_on_bank": rungs_on_bank}


def _partition_section(gathered: dict[Any, list[dict[str, Any]]], samples: int) -> dict[str, Any]:
    """Shares over every board, and by size for each mix and all mixes together."""
    by_size: dict[str, Any] = {}
    everything: list[dict[str, Any]] = []
    for side in SIDES:
        both = []
        table: dict[str, Any] = {}
        for mix in MIXES:
            rows = gathered[("partition", side, mix)]
            table[mix] = _shares(rows)
            both += rows
        table["all"] = _shares(both)
        by_size[f"{side}x{side}"] = table
        everything += both
    return {
        "sample_size": samples,
        "all": _shares(everything),
        "by_size": by_size,
        "mixes": {mix: {"smallest": low, "largest": high} for mix, (low, high) in MIXES.items()},
        "method": "random partitions (regions grown from random cells to a size drawn "
        "from the mix's range), each counted to two answers: the person rung, then SAT",
    }


def _generation_section(gathered: dict[Any, list[dict[str, Any]]], speeds: int) -> dict[str, Any]:
    generation = {}
    for side in SPEED_SIDES:
        rows = gathered[("speed", side)]
        generation[f"{side}x{side}"] = {
            "puzzles": len(rows),
            "median_seconds": round(statistics.median(r["seconds"] for r in rows), 3),
            "max_seconds": round(max(r["seconds"] for r in rows), 3),
            "mean_attempts": round(statistics.fmean(r["attempts"] for r in rows), 2),
            "crossing_share": round(
                sum(r["crossing"] for r in rows) / sum(r["dominoes"] for r in rows), 3
            ),
            # the bank's easy puzzles are aimed at person; this says up to which size
            # the generator makes such puzzles often enough to aim at
            "person_finishes": rate(sum(r["person"] for r in rows), len(rows)),
        }
    return {
        "sample_size": speeds,
        "by_size": generation,
        "crossing": "the share of the answers' dominoes that cross a region border",
    }


def _rung_section(gathered: dict[Any, list[dict[str, Any]]]) -> dict[str, Any]:
    bank = gathered[("rungs",)]
    return {rung: rate(sum(found[rung] for found in bank), len(bank)) for rung in LADDER.names}


def run(
    kind: PuzzleKind[Norinori],
    out_path: Path | str,
    samples: int = 100,
    executor: Executor | None = None,
    only: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Take every measurement (or those of the sections ``only`` names); write
    JSON to ``out_path`` and return it.

    ``samples`` partitions per size and mix; a tenth as many generated
    puzzles per size for the generator's figures. Sections not measured are
    kept from the file at ``out_path``; ``section_seconds`` records each
    section's own time (``seconds`` is their sum) and ``section_samples``
    its ``samples``."""
    about = {
        "puzzle": "norinori",
        "writeup": WRITEUP,
        "seeds": "each sample: random.Random('stats:norinori:<measurement>:<key>:<index>')",
        "intervals": "each rate_95 is the 95% Wilson score interval of the rate beside it",
    }
    plans = _plans(kind, samples)
    return measure(
        out_path, SECTIONS, plans, samples=samples, only=only, executor=executor, about=about
    )
