"""The command that measures: stats (a type's published figures)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from .. import registry
from ..errors import PuzzleError
from ..kind import PuzzleKind
from ..kind.sections import choose
from .common import Unavailable
from .workers import counting_executor, executor_for, progress_bar

PACKAGE = Path(__file__).resolve().parent.parent  # .../pencilbox


def default_stats_path(kind: PuzzleKind[Any]) -> Path:
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
        folder = PACKAGE.joinpath(*kind.package.split(".")[1:])  # pencilbox.puzzles.<type>
        if folder.is_dir():
            return folder / "stats.json"
    return Path(f"{kind.name}-stats.json")


def cmd_stats(args: argparse.Namespace) -> int:
    kind = registry.get(args.type)
    out = Path(args.out) if args.out else default_stats_path(kind)
    folder = out.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        # Checked first: the measurements take minutes and are lost if the write fails.
        raise PuzzleError(f"cannot write {out}: {folder} is not a writable folder")
    options: dict[str, Any] = {}
    if args.samples is not None:
        options["samples"] = args.samples
    if args.only:
        # Checked before any measuring, like the folder: a typo must not cost minutes.
        options["only"] = choose(kind.stats_sections(), _names(args.only))
        if not out.exists():
            print(f"{out} does not exist yet: it will hold only {', '.join(options['only'])}")
    try:
        with (
            executor_for(args.workers, args.executor) as executor,
            progress_bar(None, f"stats {kind.name} (jobs)") as advance,
        ):
            # The type submits its jobs itself: the bar counts them as they finish.
            kind.stats(out, executor=counting_executor(executor, advance), **options)
    except NotImplementedError as error:  # the face's default: this type has none yet
        raise Unavailable(str(error) or f"{kind.display_name} has no stats yet") from None
    print(f"wrote {out}")
    return 0


def _names(given: list[str]) -> list[str]:
    """``--only a,b --only c`` -> [a, b, c]."""
    return [name.strip() for part in given for name in part.split(",") if name.strip()]
