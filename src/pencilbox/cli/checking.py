"""The commands that check the project itself: soak (every counter on random boards)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .. import registry
from ..errors import PuzzleError
from .output import output_file, write_json
from .workers import executor_for, progress_bar


def cmd_soak(args: argparse.Namespace) -> int:
    """Exit 0 when every counter agreed on every board, 1 when any disagreed."""
    from .. import soak

    if args.replay:
        path = Path(args.replay)
        if not path.is_file():
            raise PuzzleError(f"no such file: {args.replay}")
        results = soak.replay(path, limit=args.limit)
        for seed, problem in results:
            print(f"{seed}: {problem or 'all counters agree now'}")
        return 1 if any(problem for _, problem in results) else 0
    kinds = [registry.get(args.type).name] if args.type else list(registry.names())
    summaries = []
    with output_file(args.out) as out, executor_for(args.workers) as executor:
        for name in kinds:
            with progress_bar(args.count, f"soak {name}") as advance:
                report = soak.run(
                    name,
                    args.count,
                    seed=args.seed,
                    max_side=args.max_side,
                    limit=args.limit,
                    out=out,
                    executor=executor,
                    progress=advance,
                )
            summaries.append(report)
    if args.json:
        write_json([report.as_json() for report in summaries])
    else:
        for report in summaries:
            found = report.as_json()
            answers = found["answers"]
            print(
                f"{report.puzzle}: {report.boards} boards "
                f"({answers['none']} none, {answers['one']} one, {answers['many']} many), "
                f"{len(report.problems)} disagreements, {report.seconds:.1f} s",
                file=sys.stderr if args.out in (None, "-") else sys.stdout,
            )
            print("  seconds per counter: " + json.dumps(found["seconds_by_counter"]))
    return 1 if any(report.problems for report in summaries) else 0
