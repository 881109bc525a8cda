"""The setter's commands: minimize (drop every given uniqueness does not need).

The work is :func:`pencilbox.ambiguity.minimize`, over the face's clue hooks;
a type without givens is bad input for this command (one line, exit 2).
"""

from __future__ import annotations

import argparse
import sys

from .. import ambiguity, formats
from ..errors import PuzzleError
from .common import PROG
from .inputs import load_puzzle


def cmd_minimize(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    if not kind.has_givens:
        raise PuzzleError(f"{kind.name} puzzles have no givens to drop")
    try:
        made = ambiguity.minimize(kind, puzzle, keep_grade=args.keep_grade, seed=args.seed)
    except ValueError as error:  # not unique to begin with
        raise PuzzleError(str(error)) from None
    # What went, on stderr, so that stdout is the puzzle alone (its last line
    # the form asked for, ready for a pipe).
    words = ", ".join(f"{value} at {kind.cell_label(puzzle, cell)}" for cell, value in made.dropped)
    print(
        f"{PROG}: dropped {len(made.dropped)} of {made.tried} givens"
        + (f": {words}" if words else ""),
        file=sys.stderr,
    )
    print(f"{PROG}: {len(made.kept)} givens left; grade {made.grade.label}", file=sys.stderr)
    print(kind.render(made.puzzle))
    sys.stdout.write(formats.dump(kind, made.puzzle, args.to))
    return 0
