"""The commands that measure: stats (a type's published figures) and ledger
(exact Heteromino tiling counts of blank boards)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from .. import registry
from ..errors import PuzzleError
from .common import Unavailable
from .output import write_json
from .workers import executor_for

PACKAGE = Path(__file__).resolve().parent.parent  # .../pencilbox
LEDGER_MODULE = "pencilbox.puzzles.heteromino.ledger"
LEDGER_MAX_SIDE = 60  # a bound on input only: the cost is set by the shorter side


def default_stats_path(kind_name: str) -> Path:
    """Where ``pencilbox stats TYPE`` writes when no ``--out`` is given.

    In a source checkout (the package imported from ``src/pencilbox`` beside
    ``pyproject.toml``, as an editable install is) that is the figures file the
    package ships, ``src/pencilbox/puzzles/<type>/stats.json``, so that a
    re-measurement updates what the web app shows and what gets committed. An
    installed package is never written into: there the file is
    ``<type>-stats.json`` in the current folder.
    """
    source = PACKAGE.parent
    if source.name == "src" and (source.parent / "pyproject.toml").is_file():
        folder = PACKAGE / "puzzles" / kind_name
        if folder.is_dir():
            return folder / "stats.json"
    return Path(f"{kind_name}-stats.json")


def cmd_stats(args: argparse.Namespace) -> int:
    kind = registry.get(args.type)
    out = Path(args.out) if args.out else default_stats_path(kind.name)
    folder = out.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        # Checked first: the measurements take minutes and are lost if the write fails.
        raise PuzzleError(f"cannot write {out}: {folder} is not a writable folder")
    options: dict[str, Any] = {}
    if args.samples is not None:
        options["samples"] = args.samples
    try:
        with executor_for(args.workers) as executor:
            kind.stats(out, executor=executor, **options)
    except NotImplementedError as error:  # the face's default: this type has none yet
        raise Unavailable(str(error) or f"{kind.name} has no stats yet") from None
    print(f"wrote {out}")
    return 0


def cmd_ledger(args: argparse.Namespace) -> int:
    try:
        # Imported here: the counter is only needed by this command.
        from ..puzzles.heteromino.ledger import count_tilings
    except ModuleNotFoundError as error:
        if not (error.name and LEDGER_MODULE.startswith(error.name)):
            raise  # something the ledger needs is broken: that is a bug, not a missing feature
        raise Unavailable("ledger not available") from None
    same_shape_rule = not args.no_same_shape_rule
    count = count_tilings(args.rows, args.cols, same_shape_rule=same_shape_rule)
    if args.json:
        # The count as a string: it passes 2**53 on small boards, where JSON readers lose digits.
        write_json(
            {
                "rows": args.rows,
                "cols": args.cols,
                "same_shape_rule": same_shape_rule,
                "count": str(count),
            }
        )
    else:
        print(count)
    return 0
