"""The ``pencilbox`` command line.

Every command reaches puzzles through :mod:`pencilbox.registry`,
:mod:`pencilbox.formats` and :mod:`pencilbox.solving`; no puzzle type is named
here, so a new puzzle package gets every command for free. A type's commands
of its own (listed by its folder's ``commands.json``, carried out by its
face's ``commands()``) are added beside them.

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
from typing import TYPE_CHECKING, NoReturn

from .. import __version__, registry
from ..errors import PuzzleError
from . import commands as shared
from .common import PROG, Unavailable

if TYPE_CHECKING:  # the face's types come with the package that carries a command out
    from ..kind import Command

__all__ = ["PROG", "Unavailable", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake as one line, like every other error."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()  # "solve" in "pencilbox solve"
        raise PuzzleError(message, where=command or None)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the shared commands and of every type's own ones.

    The types' own commands are listed from what their packages declare as
    data (:func:`pencilbox.registry.own_commands`), so that ``--help`` loads no
    package; only the one ``argv`` names is read from its face, with its
    options, which loads that type's package alone. With ``argv`` None every
    one is (for the documentation's checks).
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
    if argv and argv[0] in (*commands.choices, "--version"):
        return parser  # a shared command: no type's own command is parsed or listed
    for own in registry.own_commands():
        if argv is None or (argv and argv[0] == own.name):
            extra = _face_command(own)
            extra.configure(add(own.name, extra.run, extra.help))
        else:
            add(own.name, _listed_only, own.help)
    return parser


def _face_command(own: registry.OwnCommand) -> Command:
    """The command ``own`` names, from its type's face (which loads the package)."""
    for command in registry.get(own.type).commands():
        if command.name == own.name:
            return command
    raise RuntimeError(f"{own.type}'s commands.json declares {own.name!r}; its face has none")


def _listed_only(args: argparse.Namespace) -> int:
    """Never runs: a type's command is read from its face whenever argv names it."""
    raise RuntimeError(f"{args.command} was parsed without its options")


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
