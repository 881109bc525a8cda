"""The ``pencilbox`` command line.

Every command reaches puzzles through :mod:`pencilbox.registry`,
:mod:`pencilbox.formats` and :mod:`pencilbox.solving`; no puzzle type is named
here, so a new puzzle package gets every command for free. A type's commands
of its own (declared by its face's ``commands()``) are added beside them.

This module assembles the parser and turns errors into exit codes; the
commands live in :mod:`.solving` (one puzzle), :mod:`.making` (generate,
bank), :mod:`.figures` (stats), :mod:`.checking` (soak, fuzz),
:mod:`.batching` (batch) and :mod:`.serving` (play).

Exit codes: 0 done; 1 the command ran but could not do what was asked (no
solution to show, a feature that is not installed); 2 bad input (one line on
stderr, never a traceback); 130 interrupted with Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from .. import __version__, registry
from ..counting import ENGINES
from ..errors import PuzzleError
from ..executors import EXECUTORS
from .batching import MODES, cmd_batch
from .checking import cmd_fuzz, cmd_soak
from .common import PROG, Unavailable
from .figures import cmd_stats
from .making import cmd_bank, cmd_generate
from .serving import cmd_play
from .solving import cmd_check, cmd_convert, cmd_grade, cmd_hint, cmd_rungs, cmd_show, cmd_solve

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


EXECUTOR_HELP = (
    f"where the work runs: {', '.join(EXECUTORS)} (default processes; "
    'the dask ones need pip install "pencilbox[dask]")'
)


def _add_executor(sub: argparse.ArgumentParser) -> None:
    """The options of a long command that say where its work runs."""
    sub.add_argument("--workers", type=_positive, help="processes (default: one per core)")
    sub.add_argument("--executor", metavar="WHERE", help=EXECUTOR_HELP)


PUZZLE_HELP = "a puzzle file (text or JSON), a puzz.link URL, or - for stdin"

Run = Callable[[argparse.Namespace], int]
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
    _add_type_commands(add)
    _add_play_command(add)
    _add_checking_commands(add)
    _add_batch_command(add)
    if not argv or argv[0] not in commands.choices:
        for kind in registry.kinds():
            for extra in kind.commands():
                extra.configure(add(extra.name, extra.run, extra.help))
    return parser


def _add_one_puzzle_commands(add: AddCommand) -> None:
    """The commands that read one PUZZLE (see :mod:`.solving`)."""
    sub = add("solve", cmd_solve, "count solutions, show the first, say which rung finished")
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
        default="rungs",
        help="rungs + search (default), plain SAT, or cheap rungs then SAT",
    )

    sub = add("hint", cmd_hint, "the next deduction a person could make")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument(
        "--position", metavar="FILE", help="entries so far: text rows (. = empty) or JSON rows"
    )
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = add("check", cmd_check, "correct so far? how many entries the solution contradicts")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument(
        "--position", required=True, metavar="FILE", help="entries so far, as for hint"
    )
    sub.add_argument("--which", action="store_true", help="list the wrong entries")
    sub.add_argument(
        "--reveal", action="store_true", help="list them with what the solution holds there"
    )
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = add("grade", cmd_grade, "the lowest rung that finishes, else search effort")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = add("rungs", cmd_rungs, "what each rung proves alone from the untouched board")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = add("show", cmd_show, "a text picture of the puzzle")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--solution", action="store_true", help="fill in the (first) solution")

    sub = add("convert", cmd_convert, "rewrite a puzzle as text, URL or JSON")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--to", required=True, choices=("text", "url", "json"), help="output form")


def _add_type_commands(add: AddCommand) -> None:
    """The commands about one TYPE: new puzzles, its figures, its shipped puzzles."""
    type_help = f"puzzle type, e.g. {registry.names()[0]}"
    sub = add("generate", cmd_generate, "new unique puzzles as JSON Lines")
    sub.add_argument("type", metavar="TYPE", help=type_help)
    sub.add_argument("--size", required=True, metavar="RxC", help="board size, e.g. 8x8")
    sub.add_argument("--count", type=_positive, default=1, help="how many (default 1)")
    sub.add_argument("--mode", help="generator mode (default: the type's first mode)")
    sub.add_argument("--seed", type=int, help="seed for a repeatable run")
    sub.add_argument("--out", metavar="FILE", help="write JSON Lines here (default: stdout)")
    _add_executor(sub)

    sub = add("stats", cmd_stats, "re-measure the puzzle's published figures into JSON")
    sub.add_argument("type", metavar="TYPE", help=type_help)
    sub.add_argument(
        "--out",
        metavar="FILE",
        help="output file (default: the package's shipped stats.json in a source "
        "checkout, else TYPE-stats.json here)",
    )
    sub.add_argument("--samples", type=_positive, help="boards per measurement")
    _add_executor(sub)

    sub = add("bank", cmd_bank, "list the puzzles shipped with the package")
    sub.add_argument("type", metavar="TYPE", help=type_help)
    sub.add_argument("--size", metavar="RxC", help="only this size")
    sub.add_argument("--grade", metavar="G", help="only this grade (a rung name or search)")


def _add_play_command(add: AddCommand) -> None:
    sub = add("play", cmd_play, "serve the web app to play in a browser")
    sub.add_argument(
        "--host", default="127.0.0.1", help="address (default 127.0.0.1: this machine only)"
    )
    sub.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    sub.add_argument("--open", action="store_true", help="open a browser tab")


def _add_checking_commands(add: AddCommand) -> None:
    """The commands that check the project itself (see :mod:`.checking`)."""
    sub = add("soak", cmd_soak, "every counter on random boards; report disagreements")
    sub.add_argument("type", metavar="TYPE", nargs="?", help="puzzle type (default: all)")
    sub.add_argument("-n", "--count", type=_positive, default=100, help="boards per type")
    sub.add_argument("--seed", default="soak", help="seed for a repeatable run (default soak)")
    sub.add_argument("--max-side", type=_positive, default=6, help="largest side (default 6)")
    sub.add_argument("--limit", type=_positive, default=8, help="count answers to N (default 8)")
    sub.add_argument(
        "--out", metavar="FILE", help="write disagreements here as JSON Lines (default: stdout)"
    )
    _add_executor(sub)
    sub.add_argument("--replay", metavar="FILE", help="re-count the boards of a disagreement file")
    sub.add_argument("--json", action="store_true", help="print the summary as JSON")

    sub = add("fuzz", cmd_fuzz, "generated and mutated inputs at every parser")
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


def _add_batch_command(add: AddCommand) -> None:
    """``batch solve|grade INPUT`` (see :mod:`.batching`)."""
    sub = add("batch", cmd_batch, "solve or grade a file, folder or dataset of puzzles")
    sub.add_argument("mode", choices=MODES, help="solve (count, first solution) or grade")
    sub.add_argument(
        "input",
        metavar="INPUT",
        help="JSON Lines (id, puzzle), a folder of puzzle files, a dataset JSON, or - for stdin",
    )
    sub.add_argument("--out", metavar="FILE", help="write JSON Lines here (default: stdout)")
    sub.add_argument("--resume", action="store_true", help="skip the ids already in --out")
    sub.add_argument("--json", action="store_true", help="print the summary as JSON on stdout")
    sub.add_argument(
        "--engine", choices=ENGINES, default="rungs", help="as for solve (default rungs)"
    )
    sub.add_argument("--rules", metavar="RUNG", help="as for solve (default: the top rung)")
    sub.add_argument(
        "--limit", type=_positive, default=2, help="stop counting at N solutions (default 2)"
    )
    _add_executor(sub)


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
