"""The shared commands' options: one ``add_*`` function per family of commands.

Each command's code is named by module and function (:func:`lazy`) and
imported only when that command runs, so building the parser loads none of
it. :mod:`pencilbox.cli` assembles these with the types' own commands.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable

from .. import registry
from ..codecs import FORMS
from .common import BATCH_MODES, ENGINES


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0..65535)")
    return value


PUZZLE_HELP = "a puzzle file (text, JSON, pzprv3 or janko), a puzz.link URL, or - for stdin"
# Spelled out rather than read from pencilbox.executors, which imports the
# process machinery; tests/test_executors.py checks the two agree.
EXECUTOR_HELP = (
    "where the work runs: processes, dask-local, dask://HOST:PORT (default processes; "
    'the dask ones need pip install "pencilbox[dask]")'
)


def add_executor(sub: argparse.ArgumentParser) -> None:
    """The options of a long command that say where its work runs."""
    sub.add_argument("--workers", type=positive, help="processes (default: one per core)")
    sub.add_argument("--executor", metavar="WHERE", help=EXECUTOR_HELP)


Run = Callable[[argparse.Namespace], int]


def lazy(module: str, name: str) -> Run:
    """Command ``name`` of module ``.module``, imported only when it runs.

    Building the parser then loads no command's code (nor the engine, the
    solvers or the process pools they import), which is most of what
    ``pencilbox --version`` or a single ``solve`` used to spend starting up.
    """

    def run(args: argparse.Namespace) -> int:
        command: Run = getattr(importlib.import_module(f"{__package__}.{module}"), name)
        return command(args)

    return run


AddCommand = Callable[[str, Run, str], argparse.ArgumentParser]
"""Adds subcommand ``(name, run, about)`` and returns its parser, for the options."""


def add_one_puzzle_commands(add: AddCommand) -> None:
    """The commands that read one PUZZLE (see :mod:`.solving`)."""
    sub = add(
        "solve",
        lazy("solving", "cmd_solve"),
        "count solutions, show the first, say which rung finished",
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--rules", metavar="RUNG", help="rung to solve with (default: the top)")
    sub.add_argument(
        "--limit", type=positive, default=2, help="stop counting at N solutions (default 2)"
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

    sub = add("hint", lazy("solving", "cmd_hint"), "the next deduction a person could make")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument(
        "--position",
        metavar="FILE",
        help="entries so far: text rows (. = empty), JSON rows or a pzprv3 file "
        "(default: the answer a pzprv3 or JSON PUZZLE holds)",
    )
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = add(
        "check",
        lazy("solving", "cmd_check"),
        "correct so far? how many entries the solution contradicts",
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument(
        "--position",
        metavar="FILE",
        help="entries so far, as for hint (default: the answer a pzprv3 or JSON PUZZLE holds)",
    )
    sub.add_argument("--which", action="store_true", help="list the wrong entries")
    sub.add_argument(
        "--reveal", action="store_true", help="list them with what the solution holds there"
    )
    sub.add_argument("--json", action="store_true", help="print one JSON object")


def add_puzzle_view_commands(add: AddCommand) -> None:
    """The commands that read one PUZZLE and tell about it or rewrite it."""
    sub = add(
        "grade", lazy("solving", "cmd_grade"), "the lowest rung that finishes, else search effort"
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = add(
        "rungs",
        lazy("solving", "cmd_rungs"),
        "what each rung proves alone from the untouched board",
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = add("show", lazy("solving", "cmd_show"), "a text picture of the puzzle")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--solution", action="store_true", help="fill in the (first) solution")

    sub = add(
        "minimize",
        lazy("setting", "cmd_minimize"),
        "drop every given the unique answer does not need",
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--keep-grade", action="store_true", help="drop only what keeps the grade")
    sub.add_argument(
        "--to", choices=("text", "url", "json"), default="url", help="last line's form (url)"
    )
    sub.add_argument("--seed", type=int, default=0, help="order givens are tried in (default 0)")

    sub = add(
        "convert",
        lazy("solving", "cmd_convert"),
        "rewrite a puzzle as text, URL, JSON or a pzprv3 file",
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument(
        "--to",
        required=True,
        choices=FORMS,
        help="output form (the answer is kept by json and pzprv3, metadata by all but url)",
    )


def add_type_commands(add: AddCommand) -> None:
    """The commands about one TYPE: new puzzles, its figures, its shipped puzzles."""
    type_help = f"puzzle type, e.g. {registry.names()[0]}"
    sub = add("generate", lazy("making", "cmd_generate"), "new unique puzzles as JSON Lines")
    sub.add_argument("type", metavar="TYPE", help=type_help)
    sub.add_argument("--size", required=True, metavar="RxC", help="board size, e.g. 8x8")
    sub.add_argument("--count", type=positive, default=1, help="how many (default 1)")
    sub.add_argument("--mode", help="generator mode (default: the type's first mode)")
    sub.add_argument("--seed", type=int, help="seed for a repeatable run")
    sub.add_argument("--out", metavar="FILE", help="write JSON Lines here (default: stdout)")
    add_executor(sub)
    sub.add_argument("--grade", metavar="RUNG", help="keep only this grade (a rung, or search)")
    sub.add_argument(
        "--min-branch-points",
        type=int,
        metavar="K",
        help="with --grade search: at least K search branch points",
    )
    sub.add_argument(
        "--attempts",
        type=positive,
        default=100,
        help="with --grade: generations tried per puzzle kept (default 100)",
    )

    sub = add(
        "stats",
        lazy("figures", "cmd_stats"),
        "re-measure the puzzle's published figures into JSON",
    )
    sub.add_argument("type", metavar="TYPE", help=type_help)
    sub.add_argument(
        "--out",
        metavar="FILE",
        help="output file (default: the package's shipped stats.json in a source "
        "checkout, else TYPE-stats.json here)",
    )
    sub.add_argument("--samples", type=positive, help="boards per measurement")
    sub.add_argument(
        "--only",
        action="append",
        metavar="SECTION",
        help="measure only these sections (repeat or separate by commas); the others "
        "are kept from the output file",
    )
    add_executor(sub)

    sub = add("bank", lazy("making", "cmd_bank"), "list the puzzles shipped with the package")
    sub.add_argument("type", metavar="TYPE", help=type_help)
    sub.add_argument("--size", metavar="RxC", help="only this size")
    sub.add_argument("--grade", metavar="G", help="only this grade (a rung name or search)")


def add_play_command(add: AddCommand) -> None:
    sub = add("play", lazy("serving", "cmd_play"), "serve the web app to play in a browser")
    sub.add_argument(
        "--host", default="127.0.0.1", help="address (default 127.0.0.1: this machine only)"
    )
    sub.add_argument("--port", type=port, default=8000, help="port (default 8000)")
    sub.add_argument("--open", action="store_true", help="open a browser tab")

    sub = add(
        "site",
        lazy("serving", "cmd_site"),
        "write the whole web app as static files (Python runs in the page, offline)",
    )
    sub.add_argument("--out", required=True, metavar="DIR", help="the folder to write")
    sub.add_argument(
        "--runtime",
        metavar="DIR",
        help="where the pinned Pyodide runtime and wheels are kept, fetched if missing "
        "(default: $PENCILBOX_CACHE or ~/.cache/pencilbox/site)",
    )


def add_picture_commands(add: AddCommand) -> None:
    """The commands that draw boards for print (see :mod:`.drawing`)."""
    sub = add(
        "render", lazy("drawing", "cmd_render"), "draw the board as SVG or PNG, black on white"
    )
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--solution", action="store_true", help="draw the (first) solution in")
    sub.add_argument(
        "--format",
        choices=("svg", "png"),
        help="image format (default: svg, or png for --out *.png)",
    )
    sub.add_argument("--out", metavar="FILE", help="write the image here (default: stdout)")

    sub = add(
        "booklet",
        lazy("drawing", "cmd_booklet"),
        "a printable PDF of puzzles, answers at the back",
    )
    sub.add_argument(
        "file",
        metavar="FILE",
        help="JSON Lines as generate writes them, or bank's lines; - for stdin",
    )
    sub.add_argument("--out", required=True, metavar="FILE", help="the PDF to write")
    sub.add_argument(
        "--per-page", type=positive, default=4, help="puzzles on a page (1..12, default 4)"
    )
    sub.add_argument("--title", default="Puzzles", help="the puzzle pages' heading")


def add_checking_commands(add: AddCommand) -> None:
    """The commands that check the project itself (see :mod:`.checking`)."""
    sub = add(
        "soak",
        lazy("checking", "cmd_soak"),
        "every counter on random boards; report disagreements",
    )
    sub.add_argument("type", metavar="TYPE", nargs="?", help="puzzle type (default: all)")
    sub.add_argument("-n", "--count", type=positive, default=100, help="boards per type")
    sub.add_argument("--seed", default="soak", help="seed for a repeatable run (default soak)")
    sub.add_argument("--max-side", type=positive, default=6, help="largest side (default 6)")
    sub.add_argument("--limit", type=positive, default=8, help="count answers to N (default 8)")
    sub.add_argument(
        "--out", metavar="FILE", help="write disagreements here as JSON Lines (default: stdout)"
    )
    add_executor(sub)
    sub.add_argument("--replay", metavar="FILE", help="re-count the boards of a disagreement file")
    sub.add_argument("--json", action="store_true", help="print the summary as JSON")

    sub = add("fuzz", lazy("checking", "cmd_fuzz"), "generated and mutated inputs at every parser")
    sub.add_argument("-n", "--count", type=positive, default=10_000, help="inputs (default 10000)")
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


def add_batch_command(add: AddCommand) -> None:
    """``batch solve|grade INPUT`` (see :mod:`.batching`)."""
    sub = add(
        "batch",
        lazy("batching", "cmd_batch"),
        "solve or grade a file, folder or dataset of puzzles",
    )
    sub.add_argument("mode", choices=BATCH_MODES, help="solve (count, first solution) or grade")
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
        "--limit", type=positive, default=2, help="stop counting at N solutions (default 2)"
    )
    add_executor(sub)
