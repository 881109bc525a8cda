"""The commands that supply puzzles: generate (new ones) and bank (the shipped ones).

A type that lacks a generator or a bank is not an error in the input: the
face says so with ``NotImplementedError`` (or no generator modes), and the
command reports "not available" with exit code 1.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from .. import batch, registry, targeting
from ..errors import PuzzleError
from ..executors import width
from ..kind import PuzzleKind
from .common import PROG, Unavailable
from .inputs import parse_size
from .output import output_file
from .workers import executor_for, progress_bar


def cmd_generate(args: argparse.Namespace) -> int:
    kind = registry.get(args.type)
    rows, cols = parse_size(args.size)
    if not kind.generate_modes:
        raise Unavailable(f"{kind.display_name} has no generator")
    mode = args.mode or kind.generate_modes[0]
    if mode not in kind.generate_modes:
        raise PuzzleError(
            f"unknown --mode {mode!r} for {kind.display_name}; "
            f"choose from {', '.join(kind.generate_modes)}"
        )
    batch.check_size(kind, rows, cols)  # before any worker starts
    target = _target(kind, args)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    if args.seed is None:
        # Say which seed was drawn, so that a run worth keeping can be repeated.
        print(f"{PROG}: seed {seed}", file=sys.stderr)
    try:
        with (
            output_file(args.out) as out,
            executor_for(args.workers, args.executor) as executor,
            progress_bar(args.count, f"{kind.display_name} {rows}x{cols}") as advance,
        ):
            window = 4 * width(executor)  # a few jobs a worker, however many workers
            records = (
                batch.generate_many(
                    kind.name, rows, cols, args.count, mode, seed, executor, window=window
                )
                if target is None
                else targeting.generate_targeted(
                    kind.name,
                    rows,
                    cols,
                    args.count,
                    mode,
                    seed,
                    target,
                    args.attempts,
                    executor,
                    window=window,
                )
            )
            for record in records:
                out.write(json.dumps(record) + "\n")
                out.flush()  # an interrupted run keeps every finished puzzle
                advance()
    except NotImplementedError as error:  # a generator that is not written yet
        raise Unavailable(str(error) or f"{kind.display_name} has no generator") from None
    except targeting.Missed as error:  # every attempt had another grade
        raise Unavailable(str(error)) from None
    return 0


def _target(kind: PuzzleKind[Any], args: argparse.Namespace) -> targeting.Target | None:
    """The grade ``--grade`` (and ``--min-branch-points``) keeps, or None for every puzzle."""
    if args.grade is None:
        if args.min_branch_points is not None:
            raise PuzzleError("--min-branch-points applies with --grade search")
        return None
    return targeting.parse_target(kind, args.grade, args.min_branch_points)


def cmd_bank(args: argparse.Namespace) -> int:
    kind = registry.get(args.type)
    size = parse_size(args.size) if args.size else None
    try:
        records = kind.bank()
    except NotImplementedError as error:  # the face's default: no bank shipped
        raise Unavailable(str(error) or f"no bank is shipped for {kind.display_name}") from None
    shown = 0
    for record in records:
        rows, cols = record.get("rows"), record.get("cols")
        names = _grade_names(record.get("grade"))
        if size is not None and (rows, cols) != size:
            continue
        if args.grade is not None and args.grade not in names:
            continue
        shown += 1
        mode = record.get("mode") or ""
        print(
            f"{record.get('id')!s:<12} {rows}x{cols!s:<3} {names[-1]:<28} {mode:<9} "
            f"{record.get('url')}"
        )
    if not shown:
        print(f"{PROG}: no puzzle in the {kind.display_name} bank matches", file=sys.stderr)
        return 1
    return 0


def _grade_names(grade: Any) -> list[str]:
    """The names a bank grade answers to: its rung and, last, its label.

    A grade may be a plain string or an object like ``{"rung": "search",
    "label": "search (3 branch points)"}``; ``--grade search`` matches both forms.
    """
    if isinstance(grade, dict):
        names = [str(grade[key]) for key in ("rung", "label") if grade.get(key) is not None]
        return names or ["?"]
    return [str(grade)]
