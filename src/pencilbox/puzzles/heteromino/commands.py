"""Heteromino's own command: ``pencilbox ledger H W``, exact tiling counts of blank boards."""

from __future__ import annotations

import argparse
import json
import sys

from ...errors import Unavailable
from ...kind import Command

LEDGER_MAX_SIDE = 60  # a bound on input only: the cost is set by the shorter side


def _side(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= LEDGER_MAX_SIDE:
        raise argparse.ArgumentTypeError(f"{text!r} is out of range 1..{LEDGER_MAX_SIDE}")
    return value


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rows", metavar="H", type=_side, help=f"rows (1..{LEDGER_MAX_SIDE})")
    parser.add_argument("cols", metavar="W", type=_side, help=f"columns (1..{LEDGER_MAX_SIDE})")
    parser.add_argument(
        "--no-same-shape-rule",
        action="store_true",
        help="also count tilings where two pieces of one shape share an edge",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _run(args: argparse.Namespace) -> int:
    try:
        from .ledger import count_tilings  # only this command needs the counter
    except ModuleNotFoundError as error:
        if error.name != __package__ + ".ledger":
            raise  # something the ledger needs is broken: that is a bug, not a missing part
        raise Unavailable("ledger not available") from None

    same_shape_rule = not args.no_same_shape_rule
    count = count_tilings(args.rows, args.cols, same_shape_rule=same_shape_rule)
    if args.json:
        # The count as a string: it passes 2**53 on small boards, where JSON readers lose digits.
        found = {
            "rows": args.rows,
            "cols": args.cols,
            "same_shape_rule": same_shape_rule,
            "count": str(count),
        }
        sys.stdout.write(json.dumps(found) + "\n")
    else:
        print(count)
    return 0


LEDGER = Command(
    name="ledger",
    help="the exact number of Heteromino tilings of a blank board",
    configure=_configure,
    run=_run,
)
