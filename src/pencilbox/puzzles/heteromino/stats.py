"""Re-measure every figure the Heteromino write-up quotes.

Tables (each states its method and sample size in the JSON):

* ``census`` -- exhaustive, every black-cell set of every legal size on small
  boards (:mod:`.census`), with the minimum clue counts;
* ``scatter`` -- random black sets on 8x8, 10x10, 12x12: unique / ambiguous /
  unsolvable per legal clue count, and the peak unique rate;
* ``budget`` -- walks of the generator (:mod:`.generate`): how many reach a
  unique board within a number of moves;
* ``wall`` -- in the bank's answers, same-shaped pieces facing across one
  black cell, and how many boards have such a pair;
* ``ladder`` -- branch points per rung to prove each bank board unique
  (summed per size), what each rung settles on the untouched board, and the
  mean candidate pieces per open cell;
* ``variants`` -- the bank boards' answers under changed rules (no same-shape
  rule; the rule applied to every pair of pieces; rotations merged), counted
  by :func:`.variants.variant_count`, a small counter of our own since the
  rungs are written for the real rule;
* ``bars`` -- share of bars in the bank's answers and in the blank 2x12;
* ``moves`` -- one black cell moved at random on bank boards;
* ``ledger`` -- a few blank-board counts from :mod:`.ledger` (the full table
  is ``docs/heteromino-ledger.md``).

Every sample has its own seed derived from its table, size and number, so a
run is repeatable whatever executor runs it. The jobs are in
:mod:`.stats_jobs`, the tables they add up to in :mod:`.stats_tables`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ...executors import process_pool
from ...kind import PuzzleKind
from ...kind.sections import choose, previous, stamp
from ...parallel import Job, gather
from . import ledger
from .ledger_enumerate import bar_share
from .model import Heteromino
from .stats_jobs import bank_board, budget_job, census_job, scatter_job
from .stats_tables import (
    SCATTER_MAX_SHARE,
    bank_tables,
    budget_table,
    census_table,
    pct,
    scatter_table,
)

CENSUS_SIZES = ((3, 3), (3, 4), (3, 5), (3, 6), (4, 4), (4, 5), (5, 5), (4, 6), (5, 6))
CENSUS_PARTIAL = ((6, 6, 3),)  # (rows, cols, max black): full census out of reach
SCATTER = ((8, 8, 300), (10, 10, 300), (12, 12, 300))  # (rows, cols, draws per count)
BUDGET = ((8, 8, 40), (12, 12, 40))  # (rows, cols, walks); both scale with samples / 100

WRITEUP = {
    "census_best": "3x4 with 3 clues: 42.7% unique",
    "minimum_by_count": "4x5 with 2",
    "minimum_by_density": "6x6 at 8.3% (3 of 36)",
    "scatter_12x12": "17 legal clue counts x 300 draws = 5,100 boards, none unique",
    "wall_boards": "65 of 72 shipped boards",
    "branch_points_note": "region takes 7.1% off fit at 8x8 and 24.2% at 12x12; hetero "
    "0.2% and 0.8% more; probe takes 8x8 to 0 and 12x12 to 39",
    "settled_by_rung": {
        "bottom three": {"8x8": 2.1, "12x12": 4.2},
        "probe": {"8x8": 100.0, "12x12": 88.1},
    },
    "candidates_per_open_cell": 9.5,
    "merged_rotations": "all 72 shipped boards have no answer",
    "bar_share_answers": {"8x8": 31.6, "12x12": 29.9},
    "bar_share_blank_2x12": 0.0,
}


_PKG = "pencilbox.puzzles.heteromino"
_SCORE = (f"{_PKG}.generate", f"{_PKG}.oracle")
SECTIONS: dict[str, tuple[str, ...]] = {
    "census": (
        f"{_PKG}.census",
        f"{_PKG}.stats_jobs:census_job",
        f"{_PKG}.stats_tables:census_table",
        f"{_PKG}.stats:CENSUS_SIZES",
        f"{_PKG}.stats:CENSUS_PARTIAL",
    ),
    "scatter": (
        *_SCORE,
        f"{_PKG}.stats_jobs:scatter_job",
        f"{_PKG}.stats_tables:scatter_table",
        f"{_PKG}.stats_tables:SCATTER_MAX_SHARE",
        f"{_PKG}.stats:SCATTER",
    ),
    "budget": (
        *_SCORE,
        f"{_PKG}.stats_jobs:budget_job",
        f"{_PKG}.stats_tables:budget_table",
        f"{_PKG}.stats_tables:BUDGET_MARKS",
        f"{_PKG}.stats:BUDGET",
    ),
    "bank": (
        f"{_PKG}/bank.json",
        *_SCORE,
        *(f"{_PKG}.{m}" for m in ("ladder", "rules", "region", "probe", "variants")),
        f"{_PKG}.stats_jobs",
        f"{_PKG}.stats_tables:bank_tables",
    ),
}
"""The measured tables and the code each measures (:mod:`pencilbox.kind.sections`); the
blank-board figures (``bars_blank_2x12``, ``ledger``) are instant and always recomputed."""


def run(
    kind: PuzzleKind[Heteromino],
    out_path: Path | str,
    samples: int = 100,
    executor: Executor | None = None,
    only: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Measure everything (or the sections ``only`` names) of ``kind`` (Heteromino's
    face: its bank, and the generator's counter) and write it to ``out_path`` as JSON.

    ``samples`` scales every sampled table: draws per clue count in the
    scatter and walks in the budget are the figures declared at the top of
    this module times ``samples / 100``, and it caps the bank boards
    measured per size (the bank has at most 48 a size, so 100 measures them all).
    The census is exhaustive, so it takes no samples. Sections not measured
    are kept from the file at ``out_path``; ``section_seconds`` records each
    section's own time and ``section_samples`` the ``samples`` it was run with.
    """
    if samples < 1:
        raise ValueError("samples must be at least 1")
    sections = choose(SECTIONS, only)
    found = previous(out_path, sections, SECTIONS)
    timings = dict(found.get("section_seconds") or {})
    sample_sizes = dict(found.get("section_samples") or {})
    own = executor is None
    pool = process_pool() if executor is None else executor
    try:
        groups = _jobs(kind, sections, samples)
        for section, (jobs, table) in groups.items():
            began = time.perf_counter()
            found[section] = table(gather(pool, {section: jobs})[section])
            timings[section] = round(time.perf_counter() - began, 1)
            sample_sizes[section] = "exhaustive" if section == "census" else samples
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    found |= {
        "title": "Heteromino: the write-up's figures, re-measured",
        "writeup": WRITEUP,
        "bars_blank_2x12": _blank_bars(),
        "ledger": {
            "source": "pencilbox.puzzles.heteromino.ledger (docs/heteromino-ledger.md)",
            "blank_2x3m": {str(3 * m): ledger.count_tilings(2, 3 * m) for m in range(1, 10)},
            "blank_3x4": ledger.count_tilings(3, 4),
        },
        "section_seconds": timings,
        "section_samples": sample_sizes,
    }
    # The sections run one after another, so their times add up to the file's.
    found["seconds"] = round(sum(timings.values()), 1)
    stamp(found, sections, SECTIONS)
    order = ["title", "writeup", *SECTIONS, "bars_blank_2x12", "ledger", "seconds"]
    ordered = {key: found[key] for key in order if key in found}
    ordered.update({key: value for key, value in found.items() if key not in ordered})
    Path(out_path).write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")
    return ordered


Table = Callable[[list[dict[str, Any]]], dict[str, Any]]


def _scaled(figure: int, samples: int) -> int:
    """A sample size declared for ``samples=100``, scaled (at least one)."""
    return max(1, figure * samples // 100)


def _jobs(
    kind: PuzzleKind[Heteromino], sections: Sequence[str], samples: int
) -> dict[str, tuple[list[Job], Table]]:
    """Per section asked for: its jobs and the function that tabulates their results."""
    groups: dict[str, tuple[list[Job], Table]] = {}
    if "census" in sections:
        jobs: list[Job] = [(census_job, (r, c, None)) for r, c in CENSUS_SIZES]
        jobs += [(census_job, (r, c, k)) for r, c, k in CENSUS_PARTIAL]
        groups["census"] = (jobs, census_table)
    if "scatter" in sections:
        jobs = [
            (scatter_job, (kind, r, c, k, _scaled(draws, samples)))
            for r, c, draws in SCATTER
            for k in range(r * c)
            if (r * c - k) % 3 == 0 and k <= SCATTER_MAX_SHARE * r * c
        ]
        groups["scatter"] = (jobs, scatter_table)
    if "budget" in sections:
        jobs = [
            (budget_job, (kind, r, c, i))
            for r, c, walks in BUDGET
            for i in range(_scaled(walks, samples))
        ]
        groups["budget"] = (jobs, budget_table)
    if "bank" in sections:
        per_size: dict[str, int] = {}
        chosen = []
        for record in kind.bank():
            key = f"{record['rows']}x{record['cols']}"
            if per_size.get(key, 0) < samples:
                per_size[key] = per_size.get(key, 0) + 1
                chosen.append(record)
        jobs = [(bank_board, (kind, record, i)) for i, record in enumerate(chosen)]
        groups["bank"] = (jobs, bank_tables)
    return groups


def _blank_bars() -> dict[str, Any]:
    bars, pieces = bar_share(2, 12)
    return {"bars": bars, "pieces": pieces, "pct": pct(bars, pieces)}
