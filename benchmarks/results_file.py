"""Write a benchmark's figures to ``benchmarks/results/<name>.json``.

The notes in ``docs/`` quote a benchmark's figures from these files
(``[0.83](#bench:sat_norinori.janko.sat.ratio~d2)``, see
``pencilbox.kind.quoting``) instead of copying them out of a printed table,
so a re-run followed by ``python scripts/quote_stats.py`` keeps the prose true.
Each file says what was measured, by which command, when, and how loaded the
shared machine was (load averages at start and end, and its cores), since a
wall-clock figure means little without that.
"""

from __future__ import annotations

import datetime
import importlib
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


class Recorder:
    """Started when the benchmark starts (the load then), written at its end."""

    def __init__(self, name: str, argv: Sequence[str] | None) -> None:
        self.name = name
        given = list(sys.argv[1:] if argv is None else argv)
        self.command = " ".join(["python", f"benchmarks/{Path(sys.argv[0]).name}", *given])
        self.started = datetime.datetime.now(datetime.UTC)
        self.load_start = os.getloadavg()[0]

    def write(self, measured: dict[str, Any], out: Path | None = None) -> Path:
        """Write ``measured`` beside the run's context; returns the file written."""
        path = out or RESULTS / f"{self.name}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        record = {
            "benchmark": self.name,
            "command": self.command,
            "date": self.started.strftime("%Y-%m-%d %H:%M UTC"),
            "machine": {
                "cores": os.cpu_count(),
                "load_at_start": round(self.load_start, 2),
                "load_at_end": round(os.getloadavg()[0], 2),
            },
            "measured": measured,
        }
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}")
        return path


RENDERED = re.compile(r"<!-- rendered: (\w+) -->\n```text\n(.*?)\n```", re.S)
"""A table in the docs drawn from a result file: the marker names the benchmark
(``benchmarks/<name>.py``, whose ``render_result`` draws its file's ``measured``)."""


def rerender(text: str) -> str:
    """``text`` with every rendered table drawn again from its result file."""

    def fresh(match: re.Match[str]) -> str:
        name = match[1]
        if str(RESULTS.parent) not in sys.path:  # the benchmark modules sit beside this one
            sys.path.insert(0, str(RESULTS.parent))
        draw = importlib.import_module(name).render_result
        measured = json.loads((RESULTS / f"{name}.json").read_text(encoding="utf-8"))["measured"]
        return f"<!-- rendered: {name} -->\n```text\n{draw(measured)}\n```"

    return RENDERED.sub(fresh, text)
