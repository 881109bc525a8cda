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

from .. import registry
from ..errors import PuzzleError
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
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    if args.seed is None:
        # Say which seed was drawn, so that a run worth keeping can be repeated.
        print(f"{PROG}: seed {seed}", file=sys.stderr)
    from .. import batch

    try:
        with (
            output_file(args.out) as out,
            executor_for(args.workers) as executor,
            progress_bar(args.count, f"{kind.display_name} {rows}x{cols}") as advance,
        ):
            records = batch.generate_many(
                kind.name, rows, cols, args.count, mode, seed, executor=executor
            )
            for record in records:
                out.write(json.dumps(record) + "\n")
                out.flush()  # an interrupted run keeps every finished puzzle
                advance()
    except NotImplementedError as error:  # a generator that is not written yet
        raise Unavailable(str(error) or f"{kind.display_name} has no generator") from None
    return 0


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
