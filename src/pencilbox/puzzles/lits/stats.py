"""Re-measure the LITS write-up's figures on fresh samples.

1. **Enumeration** -- the connected 4-cell subsets of a 5×5 board, those
   holding a 2×2 square, and that those are exactly the ones shaped O.
2. **Random partitions** -- regions grown to sizes 6..10: how many solutions
   do they have (counted by the engine with a limit)?
3. **Packing density** -- greedy accretion against the backtracking packer,
   both as the generator runs it (to a target) and by its node budget alone.
4. **Flooding** -- on identical packings, the solution count of a raw flood
   (each unshaded cell joins a random neighbouring region) against the
   least-placements flood, read two ways.
5. **Slack descent** -- how often it reaches zero slack, how often the board
   is then unique, how many solutions the rest keep, and whether a stalled
   board's answers are independent one-region choices.
6. **Rungs on the bank** -- which rungs finish each shipped puzzle with no
   search.
7. **Generation speed** per size.

Every sample has its own seed (``stats:lits:<measurement>:<size>:<index>``),
so a run is repeatable whatever executor runs it. The JSON states the method
and sample size of every table, with the write-up's figure beside ours. The
samples are in :mod:`.stats_jobs`, the tables in :mod:`.stats_tables`;
:data:`SECTIONS` says which code each section measures, and a run of some
sections (``only``) keeps the others (:mod:`pencilbox.kind.sections`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ...kind import PuzzleKind
from ...kind.measuring import Table, measure
from ...parallel import Job
from . import stats_jobs as jobs
from . import stats_tables as tables
from .model import Lits
from .packing import PACKERS

PARTITION_SIZES = (6, 8)
DENSITY_SIZES = (6, 10, 15)
DESCENT_SIZES = (8, 10)
SPEED_SIZES = tuple(range(6, 16))

_PKG = "pencilbox.puzzles.lits"
_JOBS = f"{_PKG}.stats_jobs"
_TABLES = f"{_PKG}.stats_tables"
_SEARCH = tuple(f"{_PKG}.{m}" for m in ("packing", "slack"))
SECTIONS: dict[str, tuple[str, ...]] = {
    "enumeration": (f"{_PKG}.shapes", f"{_JOBS}:enumeration"),
    "partitions": (
        f"{_PKG}.boards",
        f"{_JOBS}:partition_sample",
        f"{_JOBS}:PARTITION_LIMIT",
        f"{_TABLES}:partition_table",
    ),
    "density": (
        f"{_PKG}.packing",
        f"{_JOBS}:density_sample",
        f"{_TABLES}:density_table",
        f"{_TABLES}:_spread",
        f"{_PKG}.stats:DENSITY_SIZES",
    ),
    "flooding": (
        *_SEARCH,
        f"{_JOBS}:flood_sample",
        f"{_JOBS}:flood_per_cell",
        f"{_JOBS}:FLOOD_LIMIT",
        f"{_TABLES}:flood_table",
    ),
    "descent": (
        *_SEARCH,
        f"{_JOBS}:descent_sample",
        f"{_JOBS}:lattice",
        f"{_JOBS}:LATTICE_LIMIT",
        f"{_TABLES}:descent_table",
        f"{_TABLES}:_lattice_row",
    ),
    "rungs_on_bank": (
        f"{_PKG}/bank.json",
        *(f"{_PKG}.{m}" for m in ("ladder", "rules", "mass", "cut_cells", "touch", "probe")),
        f"{_JOBS}:rung_sample",
    ),
    "generation": (*_SEARCH, f"{_PKG}.generate", f"{_JOBS}:speed_sample"),
}
"""Each section of ``stats.json`` and the code it measures (see the module docstring)."""


def _plans(
    kind: PuzzleKind[Lits], samples: int
) -> dict[str, Callable[[], tuple[dict[Any, list[Job]], Table]]]:
    """Per section: a builder of its jobs (by table key) and of the table they add up to."""
    floods = max(1, samples // 2)
    speeds = max(1, samples // 10)

    def keyed(work: dict[Any, list[Job]], table: Table) -> tuple[dict[Any, list[Job]], Table]:
        return work, table

    each = range(samples)
    return {
        "enumeration": lambda: keyed(
            {0: [(jobs.enumeration, ())]},
            lambda found: (
                found[0][0]
                | {
                    "writeup": {
                        "connected_4_subsets": tables.WRITEUP["connected_4_subsets_5x5"],
                        "with_2x2": tables.WRITEUP["with_2x2"],
                    }
                }
            ),
        ),
        "partitions": lambda: keyed(
            {s: [(jobs.partition_sample, (s, i)) for i in each] for s in PARTITION_SIZES},
            lambda found: tables.partition_table(found, samples),
        ),
        "density": lambda: keyed(
            {
                (s, p): [(jobs.density_sample, (s, p, i)) for i in each]
                for s in DENSITY_SIZES
                for p in (*PACKERS, jobs.UNCAPPED)
            },
            lambda found: tables.density_table(found, samples),
        ),
        "flooding": lambda: keyed(
            {p: [(jobs.flood_sample, (p, i)) for i in range(floods)] for p in PACKERS},
            lambda found: tables.flood_table(found, floods),
        ),
        "descent": lambda: keyed(
            {s: [(jobs.descent_sample, (s, i)) for i in each] for s in DESCENT_SIZES},
            lambda found: tables.descent_table(found, samples),
        ),
        "rungs_on_bank": lambda: keyed(
            {0: [(jobs.rung_sample, (r["json"],)) for r in kind.bank()]},
            lambda found: tables.rung_table(found[0]),
        ),
        "generation": lambda: keyed(
            {s: [(jobs.speed_sample, (s, i)) for i in range(speeds)] for s in SPEED_SIZES},
            lambda found: tables.speed_table(found, speeds),
        ),
    }


def run(
    kind: PuzzleKind[Lits],
    out_path: Path | str,
    samples: int = 100,
    executor: Executor | None = None,
    only: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Take every measurement (or those of the sections ``only`` names); write
    JSON to ``out_path`` and return it.

    ``kind`` is the LITS face, whose bank the rung table reads. ``samples``
    boards per table cell for partitions, packing density and descent; half
    as many packings per packer for flooding (each is counted three times, to
    a high limit) and a tenth as many puzzles per size for speed. Sections
    not measured are kept from the file at ``out_path``; ``section_seconds``
    records each section's own time (``seconds`` is their sum) and
    ``section_samples`` its ``samples`` (``samples`` is set while they agree).
    """
    about = {
        "puzzle": "lits",
        "seeds": "each sample: random.Random('stats:lits:<measurement>:<size or packer>:<index>')",
        "intervals": "each rate_95 is the 95% Wilson score interval of the rate beside it",
    }
    plans = _plans(kind, samples)
    return measure(
        out_path, SECTIONS, plans, samples=samples, only=only, executor=executor, about=about
    )
