"""The ``pencilbox`` command line.

Every command reaches puzzles through :mod:`pencilbox.registry`,
:mod:`pencilbox.formats` and :mod:`pencilbox.solving`; no puzzle type is named
here, so a new puzzle package gets every command for free. A type's commands
of its own (declared by its face's ``commands()``) are added beside them.

This module assembles the parser and turns errors into exit codes; the
commands live in :mod:`.solving` (one puzzle), :mod:`.making` (generate,
bank), :mod:`.figures` (stats), :mod:`.checking` (soak, fuzz) and
:mod:`.serving` (play).

Exit codes: 0 done; 1 the command ran but could not do what was asked (no
solution to show, a feature that is not installed); 2 bad input (one line on
stderr, never a traceback); 130 interrupted with Ctrl-C.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from .. import __version__, registry
from ..errors import PuzzleError
from .common import ENGINES, PROG, Unavailable

__all__ = ["PROG", "Unavailable", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake as one line, like every other error."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()  # "solve" in "pencilbox solve"
        raise PuzzleError(message, where=command or None)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0..65535)")
    return value


PUZZLE_HELP = "a puzzle file (text or JSON), a puzz.link URL, or - for stdin"

Run = Callable[[argparse.Namespace], int]


def _lazy(module: str, name: str) -> Run:
    """Command ``name`` of module ``.module``, imported only when it runs.

    Building the parser then loads no command's code (nor the engine, the
    solvers or the process pools they import), which is most of what
    ``pencilbox --version`` or a single ``solve`` used to spend starting up.
    """

    def run(args: argparse.Namespace) -> int:
        command: Run = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        return command(args)

    return run


AddCommand = Callable[[str, Run, str], argparse.ArgumentParser]
"""Adds subcommand ``(name, run, about)`` and returns its parser, for the options."""


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the shared commands and of every type's own ones.

    The types' own commands come from their faces, which loads every puzzle
    package; when ``argv`` starts with a shared command they are left out,
    so that command loads only the package it reads and a broken package
    cannot stop the other types' commands.
    """
    parser = _Parser(
        prog=PROG,
        description="Solve, grade, generate and play polyomino pencil puzzles.",
        epilog=f"puzzle types: {', '.join(registry.names())}",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def add(name: str, run: Run, about: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = commands.add_parser(name, help=about, description=about)
        sub.set_defaults(run=run)
        return sub

    _add_one_puzzle_commands(add)
    _add_puzzle_view_commands(add)
    _add_type_commands(add)
    _add_play_command(add)
    _add_checking_commands(add)
    if not argv or argv[0] not in commands.choices:
        for kind in registry.kinds():
            for extra in kind.commands():
                extra.configure(add(extra.name, extra.run, extra.help))
    return parser


def _add_one_puzzle_commands(add: AddCommand) -> None:
    """The commands that read one PUZZLE (see :mod:`.solving`)."""
    sub = add(
        "solve",
        _lazy("solving", "cmd_solve"),
        "count solutions, show the first, say which rung finished",
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--rules", metavar="RUNG", help="rung to solve with (default: the top)")
    sub.add_argument(
        "--limit", type=_positive, default=2, help="stop counting at N solutions (default 2)"
    )
    sub.add_argument("--json", action="store_true", help="print one JSON object")
    sub.add_argument("--trace", action="store_true", help="list the deductions before search")
    sub.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="the ladder, then SAT for what it leaves (default); rungs + search; "
        "plain SAT; or cheap rungs then SAT",
    )

    sub = add("hint", _lazy("solving", "cmd_hint"), "the next deduction a person could make")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument(
        "--position", metavar="FILE", help="entries so far: text rows (. = empty) or JSON rows"
    )
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = add(
        "check",
        _lazy("solving", "cmd_check"),
        "correct so far? how many entries the solution contradicts",
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument(
        "--position", required=True, metavar="FILE", help="entries so far, as for hint"
    )
    sub.add_argument("--which", action="store_true", help="list the wrong entries")
    sub.add_argument(
        "--reveal", action="store_true", help="list them with what the solution holds there"
    )
    sub.add_argument("--json", action="store_true", help="print one JSON object")


def _add_puzzle_view_commands(add: AddCommand) -> None:
    """The commands that read one PUZZLE and tell about it or rewrite it."""
    sub = add(
        "grade", _lazy("solving", "cmd_grade"), "the lowest rung that finishes, else search effort"
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = add(
        "rungs",
        _lazy("solving", "cmd_rungs"),
        "what each rung proves alone from the untouched board",
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = add("show", _lazy("solving", "cmd_show"), "a text picture of the puzzle")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--solution", action="store_true", help="fill in the (first) solution")

    sub = add("convert", _lazy("solving", "cmd_convert"), "rewrite a puzzle as text, URL or JSON")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--to", required=True, choices=("text", "url", "json"), help="output form")


def _add_type_commands(add: AddCommand) -> None:
    """The commands about one TYPE: new puzzles, its figures, its shipped puzzles."""
    type_help = f"puzzle type, e.g. {registry.names()[0]}"
    sub = add("generate", _lazy("making", "cmd_generate"), "new unique puzzles as JSON Lines")
    sub.add_argument("type", metavar="TYPE", help=type_help)
    sub.add_argument("--size", required=True, metavar="RxC", help="board size, e.g. 8x8")
    sub.add_argument("--count", type=_positive, default=1, help="how many (default 1)")
    sub.add_argument("--mode", help="generator mode (default: the type's first mode)")
    sub.add_argument("--seed", type=int, help="seed for a repeatable run")
    sub.add_argument("--out", metavar="FILE", help="write JSON Lines here (default: stdout)")
    sub.add_argument("--workers", type=_positive, help="processes (default: one per core)")

    sub = add(
        "stats",
        _lazy("figures", "cmd_stats"),
        "re-measure the puzzle's published figures into JSON",
    )
    sub.add_argument("type", metavar="TYPE", help=type_help)
    sub.add_argument(
        "--out",
        metavar="FILE",
        help="output file (default: the package's shipped stats.json in a source "
        "checkout, else TYPE-stats.json here)",
    )
    sub.add_argument("--samples", type=_positive, help="boards per measurement")
    sub.add_argument(
        "--only",
        action="append",
        metavar="SECTION",
        help="measure only these sections (repeat or separate by commas); the others "
        "are kept from the output file",
    )
    sub.add_argument("--workers", type=_positive, help="processes (default: one per core)")

    sub = add("bank", _lazy("making", "cmd_bank"), "list the puzzles shipped with the package")
    sub.add_argument("type", metavar="TYPE", help=type_help)
    sub.add_argument("--size", metavar="RxC", help="only this size")
    sub.add_argument("--grade", metavar="G", help="only this grade (a rung name or search)")


def _add_play_command(add: AddCommand) -> None:
    sub = add("play", _lazy("serving", "cmd_play"), "serve the web app to play in a browser")
    sub.add_argument(
        "--host", default="127.0.0.1", help="address (default 127.0.0.1: this machine only)"
    )
    sub.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    sub.add_argument("--open", action="store_true", help="open a browser tab")


def _add_checking_commands(add: AddCommand) -> None:
    """The commands that check the project itself (see :mod:`.checking`)."""
    sub = add(
        "soak",
        _lazy("checking", "cmd_soak"),
        "every counter on random boards; report disagreements",
    )
    sub.add_argument("type", metavar="TYPE", nargs="?", help="puzzle type (default: all)")
    sub.add_argument("-n", "--count", type=_positive, default=100, help="boards per type")
    sub.add_argument("--seed", default="soak", help="seed for a repeatable run (default soak)")
    sub.add_argument("--max-side", type=_positive, default=6, help="largest side (default 6)")
    sub.add_argument("--limit", type=_positive, default=8, help="count answers to N (default 8)")
    sub.add_argument(
        "--out", metavar="FILE", help="write disagreements here as JSON Lines (default: stdout)"
    )
    sub.add_argument("--workers", type=_positive, help="processes (default: one per core)")
    sub.add_argument("--replay", metavar="FILE", help="re-count the boards of a disagreement file")
    sub.add_argument("--json", action="store_true", help="print the summary as JSON")

    sub = add("fuzz", _lazy("checking", "cmd_fuzz"), "generated and mutated inputs at every parser")
    sub.add_argument("-n", "--count", type=_positive, default=10_000, help="inputs (default 10000)")
    sub.add_argument("--seed", default="fuzz", help="seed for a repeatable run (default fuzz)")
    sub.add_argument("--start", type=int, default=0, help="first input index (to run in chunks)")
    sub.add_argument(
        "--family",
        action="append",
        help="only these door families (repeatable; default all)",
    )
    sub.add_argument(
        "--time-limit", type=float, default=1.0, help="CPU seconds one input may take (default 1)"
    )
    sub.add_argument(
        "--out", metavar="FILE", help="JSON Lines: the run, each failure as found, the summary"
    )
    sub.add_argument("--json", action="store_true", help="print the summary as JSON")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    try:
        if argv is None:
            argv = sys.argv[1:]
        args = build_parser(argv).parse_args(argv)
        code: int = args.run(args)
        sys.stdout.flush()
        return code
    except PuzzleError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except Unavailable as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (``| head``) went away: stop quietly, and keep Python from
        # complaining again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
