"""Running a type's stats sections: the loop every sectioned stats module shares.

A type's stats module declares its sections (:mod:`.sections`) and, per
section, a *plan*: a builder of the section's jobs (by table key) and of the
table the gathered results add up to. :func:`measure` runs the sections
asked for, one after another, through one executor, keeps the others from
the file, records each section's seconds and samples, stamps the code
hashes and writes the file.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ..executors import process_pool
from ..parallel import Job, gather
from .sections import Declared, choose, previous, stamp

Table = Callable[[Any], dict[str, Any]]
"""The gathered results of a section's jobs (by table key) -> the section's table."""
Plan = Callable[[], tuple[dict[Any, list[Job]], Table]]


def measure(
    out_path: Path | str,
    declared: Declared,
    plans: Mapping[str, Plan],
    *,
    samples: int,
    only: Sequence[str] | None = None,
    executor: Executor | None = None,
    about: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Measure the sections ``only`` names (all by default), keep the rest of
    ``out_path``, write the file and return it.

    ``about`` holds the file's own fields (the type, how seeds are drawn);
    ``section_seconds`` records each section's time (``seconds`` is their
    sum: they run one after another) and ``section_samples`` its
    ``samples``, and ``samples`` is set while every section agrees.
    """
    if samples < 1:
        raise ValueError("samples must be at least 1")
    sections = choose(declared, only)
    report = previous(out_path, sections, declared)
    timings = dict(report.get("section_seconds") or {})
    sample_sizes = dict(report.get("section_samples") or {})
    own = executor is None
    pool = process_pool() if executor is None else executor
    try:
        for section in sections:
            began = time.perf_counter()
            work, table = plans[section]()
            report[section] = table(gather(pool, work))
            timings[section] = round(time.perf_counter() - began, 1)
            sample_sizes[section] = samples
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    report |= dict(about or {})
    report |= {"section_seconds": timings, "section_samples": sample_sizes}
    report["seconds"] = round(sum(timings.values()), 1)
    if len(sample_sizes) == len(declared) and len(set(sample_sizes.values())) == 1:
        report["samples"] = samples
    else:  # sections measured with different samples: each table says its own
        report.pop("samples", None)
    stamp(report, sections, declared)
    order = ["puzzle", "samples", *(about or {}), *declared]
    ordered = {key: report[key] for key in order if key in report}
    ordered |= {key: value for key, value in report.items() if key not in ordered}
    Path(out_path).write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")
    return ordered


def wilson(hits: int, total: int) -> list[float]:
    """The 95% Wilson score interval of the rate ``hits / total``, to 3 places."""
    z = 1.96
    share = hits / total
    middle = (share + z * z / (2 * total)) / (1 + z * z / total)
    half = z / (1 + z * z / total) * (share * (1 - share) / total + z * z / (4 * total**2)) ** 0.5
    return [round(max(0.0, middle - half), 3), round(min(1.0, middle + half), 3)]


def rate(hits: int, total: int) -> dict[str, Any]:
    """A measured rate as the stats files write it: count, of, rate and its interval."""
    return {
        "count": hits,
        "of": total,
        "rate": round(hits / total, 3),
        "rate_95": wilson(hits, total),
    }
