"""The commands that check the project itself: soak (every counter on random
boards) and fuzz (generated and mutated inputs at every parser)."""

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
    with output_file(args.out) as out, executor_for(args.workers, args.executor) as executor:
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
                f"({answers['none']} with no answer, {answers['one']} unique, "
                f"{answers['many']} with several), "
                f"{len(report.problems)} disagreements, {report.seconds:.1f} s",
                file=sys.stderr if args.out in (None, "-") else sys.stdout,
            )
            print("  seconds per counter: " + json.dumps(found["seconds_by_counter"]))
    return 1 if any(report.problems for report in summaries) else 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Exit 0 when every input parsed or was refused cleanly, 1 on any failure."""
    from .. import fuzzing

    families = tuple(args.family) if args.family else fuzzing.FAMILIES
    unknown = [name for name in families if name not in fuzzing.FAMILIES]
    if unknown:
        raise PuzzleError(
            f"unknown --family {unknown[0]!r}; choose from {', '.join(fuzzing.FAMILIES)}"
        )
    if args.out:
        try:
            Path(args.out).open("a", encoding="utf-8").close()
        except OSError as error:
            raise PuzzleError(f"cannot write {args.out}: {error.strerror}") from None
    with progress_bar(args.count, "fuzz") as advance:
        seen = 0

        def progress(done: int, total: int) -> None:
            nonlocal seen
            advance(done - seen)
            seen = done

        report = fuzzing.run(
            args.count,
            args.seed,
            progress,
            out=args.out,
            start=args.start,
            families=families,
            time_limit=args.time_limit,
        )
    if args.json:
        write_json(report.to_json())
    else:
        print(report.summary())
    return 1 if report.failures else 0
