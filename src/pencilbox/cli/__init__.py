"""The ``pencilbox`` command line.

Every command reaches puzzles through :mod:`pencilbox.registry`,
:mod:`pencilbox.formats` and :mod:`pencilbox.solving`; no puzzle type is named
here, so a new puzzle package gets every command for free. A type's commands
of its own (declared by its face's ``commands()``) are added beside them.

This module assembles the parser (the shared commands' options are in
:mod:`.commands`) and turns errors into exit codes; the commands live in
:mod:`.solving` (one puzzle), :mod:`.making` (generate, bank), :mod:`.setting`
(minimize), :mod:`.figures` (stats), :mod:`.checking` (soak, fuzz),
:mod:`.batching` (batch), :mod:`.drawing` (render, booklet) and
:mod:`.serving` (play).

Exit codes: 0 done; 1 the command ran but could not do what was asked (no
solution to show, a feature that is not installed); 2 bad input (one line on
stderr, never a traceback); 130 interrupted with Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__, registry
from ..errors import PuzzleError
from . import commands as shared
from .common import PROG, Unavailable

__all__ = ["PROG", "Unavailable", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake as one line, like every other error."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()  # "solve" in "pencilbox solve"
        raise PuzzleError(message, where=command or None)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the shared commands and of every type's own ones.

    The types' own commands come from their faces, which loads every puzzle
    package; when ``argv`` starts with a shared command (or ``--version``)
    they are left out, so that command loads only the package it reads and a broken package
    cannot stop the other types' commands.
    """
    parser = _Parser(
        prog=PROG,
        description="Solve, grade, generate and play polyomino pencil puzzles.",
        epilog=f"puzzle types: {', '.join(registry.names())}",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def add(name: str, run: shared.Run, about: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = commands.add_parser(name, help=about, description=about)
        sub.set_defaults(run=run)
        return sub

    shared.add_one_puzzle_commands(add)
    shared.add_puzzle_view_commands(add)
    shared.add_type_commands(add)
    shared.add_play_command(add)
    shared.add_checking_commands(add)
    shared.add_picture_commands(add)
    shared.add_batch_command(add)
    if not argv or argv[0] not in (*commands.choices, "--version"):
        for kind in registry.kinds():
            for extra in kind.commands():
                extra.configure(add(extra.name, extra.run, extra.help))
    return parser


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
