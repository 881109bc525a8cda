"""The ``pencilbox`` command line.

Every command reaches puzzles through :mod:`pencilbox.registry`,
:mod:`pencilbox.formats` and :mod:`pencilbox.solving`; no puzzle type is named
here, so a new puzzle package gets every command for free.

Exit codes: 0 done; 1 the command ran but could not do what was asked (no
solution to show, a feature that is not installed); 2 bad input (one line on
stderr, never a traceback); 130 interrupted with Ctrl-C.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import multiprocessing
import os
import random
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TextIO

from . import __version__, formats, registry, solving
from .engine import Deduction
from .errors import PuzzleError
from .kind import PuzzleKind, Rows

PROG = "pencilbox"
MAX_SIDE = 100  # the largest board side the text and JSON forms accept


class Unavailable(Exception):
    """The command is valid but cannot be carried out here (exit code 1)."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage mistake as one line, like every other error."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()  # "solve" in "pencilbox solve"
        raise PuzzleError(message, where=command or None)


# -- reading input -------------------------------------------------------------


def read_source(source: str) -> tuple[str, str | None]:
    """The text behind a PUZZLE argument, and the name to blame in errors.

    ``-`` is standard input; a puzz.link URL is its own text; anything else
    is a file path. At most ``formats.MAX_INPUT + 1`` characters are read so
    that a huge file is refused by ``formats.load`` without filling memory.
    """
    limit = formats.MAX_INPUT + 1
    if source == "-":
        if sys.stdin is None:
            raise PuzzleError("no standard input to read the puzzle from")
        return sys.stdin.read(limit), "stdin"
    if _is_url_argument(source):
        return source, None
    try:
        with open(source, encoding="utf-8") as handle:
            return handle.read(limit), source
    except FileNotFoundError:
        raise PuzzleError(f"no such file: {source}") from None
    except IsADirectoryError:
        raise PuzzleError(f"{source} is a directory, not a puzzle file") from None
    except UnicodeDecodeError as error:
        raise PuzzleError(f"{source} is not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise PuzzleError(f"cannot read {source}: {error.strerror}") from None


def _is_url_argument(source: str) -> bool:
    """Is a PUZZLE argument a URL rather than a path? An existing file always wins.

    Paths contain '/' too, so a bare ``TYPE/COLS/ROWS/BODY`` only counts as a
    URL when it starts with a puzzle type's URL name; otherwise a mistyped
    path is reported as a missing file, not as a broken URL.
    """
    if os.path.exists(source) or not formats.looks_like_url(source):
        return False
    if source.lower().startswith(("http://", "https://")) or "?" in source:
        return True
    head = source.split("/", 1)[0].lower()
    return any(head in registry.kind_url_names(name) for name in registry.names())


def load_puzzle(source: str) -> tuple[PuzzleKind[Any], Any]:
    """Load a puzzle in any of the three forms; errors name the file they came from."""
    text, name = read_source(source)
    try:
        return formats.load(text)
    except PuzzleError as error:
        if name is None:
            raise
        raise PuzzleError(str(error), where=name) from None


def read_position(source: str, puzzle: Any) -> Rows:
    """A player's position: JSON int rows (or ``{"position": rows}``) or text rows.

    In text, cells are separated by spaces or written one character each;
    ``.``, ``-`` and ``0`` are empty cells; ``#`` lines are comments.
    """
    text, name = read_source(source)
    where = name or "position"
    stripped = text.strip()
    if stripped.startswith(("[", "{")):
        try:
            obj = json.loads(stripped)
        except json.JSONDecodeError as error:
            raise PuzzleError(
                f"invalid JSON ({error.msg})",
                where=f"{where}: line {error.lineno}, column {error.colno}",
            ) from None
        if isinstance(obj, dict):
            obj = obj.get("position")
        rows = _int_rows(obj, where)
    else:
        rows = _text_rows(stripped, where)
    if len(rows) != puzzle.rows or any(len(row) != puzzle.cols for row in rows):
        widths = sorted({len(row) for row in rows})
        raise PuzzleError(
            f"position is {len(rows)} rows of {'/'.join(map(str, widths)) or 0} cells, "
            f"expected {puzzle.rows}x{puzzle.cols}",
            where=where,
        )
    return rows


def _int_rows(obj: Any, where: str) -> Rows:
    if not isinstance(obj, list):
        raise PuzzleError("a JSON position is a list of int rows", where=where)
    rows: Rows = []
    for r, row in enumerate(obj):
        if not isinstance(row, list):
            raise PuzzleError(f"row {r + 1} is not a list", where=where)
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
                raise PuzzleError(
                    f"row {r + 1}, column {c + 1} is not a number from 0 to 99", where=where
                )
        rows.append(list(row))
    return rows


def _text_rows(text: str, where: str) -> Rows:
    rows: Rows = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        tokens = line.split()
        if len(tokens) == 1:
            tokens = list(tokens[0])
        row = []
        for col, token in enumerate(tokens, start=1):
            if token in (".", "-"):
                row.append(0)
            elif token.isdigit() and int(token) <= 99:
                row.append(int(token))
            else:
                raise PuzzleError(
                    f"{token!r} is not a digit or '.'",
                    where=f"{where}: line {line_no}, column {col}",
                )
        rows.append(row)
    return rows


def parse_size(text: str) -> tuple[int, int]:
    """``"8x6"`` -> ``(8, 6)`` (rows, columns)."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        rows, cols = (int(part) for part in parts)
    except ValueError:
        raise PuzzleError(f"--size {text!r} is not ROWSxCOLS, e.g. 8x8") from None
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(f"--size {text!r} is out of range 1..{MAX_SIDE} per side")
    return rows, cols


def checked_rung(kind: PuzzleKind[Any], name: str | None) -> str:
    """The rung called ``name`` (default: the top), checked against this puzzle's ladder."""
    if name is None:
        return kind.ladder.top
    if name not in kind.ladder.names:
        raise PuzzleError(
            f"unknown --rules {name!r} for {kind.name}; choose from {', '.join(kind.ladder.names)}"
        )
    return name


# -- writing output ------------------------------------------------------------


def write_json(obj: Any) -> None:
    """One compact JSON object on one line of stdout."""
    print(json.dumps(obj))


def deduction_json(kind: PuzzleKind[Any], puzzle: Any, step: Deduction) -> dict[str, Any]:
    return {
        "rule": step.rule,
        "cells": [kind.cell_label(puzzle, cell) for cell in step.cells],
        "reason": step.reason,
        "writes": step.writes,
        "value": step.value,
    }


def deduction_line(kind: PuzzleKind[Any], puzzle: Any, step: Deduction) -> str:
    cells = ", ".join(kind.cell_label(puzzle, cell) for cell in step.cells)
    return f"{step.rule} [{cells}]: {step.reason}"


def count_words(report: solving.Report) -> str:
    """``2 solutions (not unique)``, ``1 solution (unique)``, ``at least 2 ...``."""
    plural = "" if report.count == 1 else "s"
    if report.exhaustive:
        verdict = (
            "unique" if report.count == 1 else "no solution" if not report.count else ("not unique")
        )
        return f"{report.count} solution{plural} ({verdict})"
    if report.count > 1:
        return f"at least {report.count} solutions (not unique; stopped at --limit)"
    return f"at least {report.count} solution (uniqueness not checked: --limit {report.limit})"


@contextmanager
def executor_for(workers: int | None) -> Iterator[Executor]:
    """A process pool of ``workers`` (default: one per core); 1 means one thread here.

    Pool workers ignore Ctrl-C so that only this process reacts to it and the
    terminal does not fill with one traceback per worker. They are started by
    a fork server, not by forking this process, because the progress bar runs
    a thread here and forking a process with threads can copy a held lock.
    """
    if workers == 1:
        with ThreadPoolExecutor(max_workers=1) as inline:
            yield inline
        return
    count = workers or _cpu_count()
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
    pool = ProcessPoolExecutor(
        max_workers=count,
        mp_context=context,
        initializer=signal.signal,
        initargs=(signal.SIGINT, signal.SIG_IGN),
    )
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        _stop_workers(pool)
        raise
    pool.shutdown()


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End tasks already running, so that Ctrl-C does not wait for them.

    ``shutdown`` only cancels tasks not yet started; Python 3.14 adds
    ``terminate_workers`` for the rest, and before it the pool's process
    table is the only handle on them.
    """
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        process.terminate()


def _cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@contextmanager
def progress_bar(total: int, what: str) -> Iterator[Callable[[], None]]:
    """A rich progress bar on stderr, shown only when stderr is a terminal.

    Yields a function to call once per finished item. stdout is never
    touched, so JSON Lines written there stay clean.
    """
    if not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True)) as bar:
        task = bar.add_task(what, total=total)
        yield lambda: bar.advance(task)


# -- commands --------------------------------------------------------------------


def cmd_solve(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    rung = checked_rung(kind, args.rules)
    report = solving.solve(kind, puzzle, rung=rung, limit=args.limit, trace=args.trace)
    first = report.solutions[0] if report.solutions else None
    if args.json:
        obj: dict[str, Any] = {
            "puzzle": kind.name,
            "rows": puzzle.rows,
            "cols": puzzle.cols,
            "rules": report.rung,
            "count": report.count,
            "limit": report.limit,
            "exhaustive": report.exhaustive,
            "unique": report.unique,
            "solution": first,
            "solved_by": report.solved_by,
            "branch_points": report.branch_points,
            "seconds": round(report.seconds, 6),
        }
        if args.trace:
            obj["trace"] = [deduction_json(kind, puzzle, step) for step in report.trace]
        write_json(obj)
        return 0
    if args.trace:
        print(f"trace ({len(report.trace)} deductions before any search):")
        for step in report.trace:
            print("  " + deduction_line(kind, puzzle, step))
    print(kind.render(puzzle, first))
    print(f"solutions:     {count_words(report)}")
    print(f"solved by:     {report.solved_by} (rules: {report.rung})")
    print(f"branch points: {report.branch_points}")
    print(f"seconds:       {report.seconds:.4f}")
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    position = read_position(args.position, puzzle) if args.position else None
    hint = solving.hint(kind, puzzle, position)
    if args.json:
        write_json(
            {
                "status": hint.status,
                "rule": hint.rule,
                "steps": [deduction_json(kind, puzzle, step) for step in hint.steps],
                "mistakes": [
                    {
                        "rule": m.rule,
                        "cells": [kind.cell_label(puzzle, cell) for cell in m.cells],
                        "message": m.message,
                    }
                    for m in hint.mistakes
                ],
            }
        )
        return 0
    if hint.status == "mistake":
        print("mistake:")
        for mistake in hint.mistakes:
            print(f"  {mistake.message}")
    elif hint.status == "solved":
        print("solved: every cell is settled")
    elif hint.status == "stuck":
        rungs = ", ".join(kind.ladder.names)
        print(f"stuck: no rule ({rungs}) proves anything more here; only search goes on")
    else:
        if hint.status == "narrowed":
            print("no cell can be settled; these steps only rule out candidates:")
        else:
            print(f"next step ({hint.rule}):")
        for number, step in enumerate(hint.steps, start=1):
            print(f"  {number}. {deduction_line(kind, puzzle, step)}")
    return 0


def cmd_grade(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    grade = solving.grade(kind, puzzle)
    if args.json:
        write_json(
            {
                "puzzle": kind.name,
                "rows": puzzle.rows,
                "cols": puzzle.cols,
                **grade.as_json(),
                "unique": grade.unique,
                "count": grade.count,
            }
        )
        return 0
    print(f"grade: {grade.label}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    grid = None
    if args.solution:
        report = solving.solve(kind, puzzle, limit=1)
        if not report.solutions:
            print(kind.render(puzzle))
            raise Unavailable("this puzzle has no solution")
        grid = report.solutions[0]
    print(kind.render(puzzle, grid))
    return 0


def cmd_convert(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    sys.stdout.write(formats.dump(kind, puzzle, args.to))
    return 0


def cmd_rungs(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    views = [solving.rung_view(kind, puzzle, name) for name in kind.ladder.names]
    if args.json:
        write_json(
            {
                "puzzle": kind.name,
                "rungs": [
                    {
                        **view,
                        "settled": {
                            kind.cell_label(puzzle, c): v for c, v in view["settled"].items()
                        },
                        "new": [kind.cell_label(puzzle, c) for c in view["new"]],
                    }
                    for view in views
                ],
            }
        )
        return 0
    for view in views:
        name = view["rung"]
        summary = kind.ladder.rung(name).summary
        if view["contradiction"]:
            print(f"{name} ({summary}): contradiction -- the puzzle has no solution")
            continue
        outcome = "finishes the board" if view["finished"] else "stalls"
        new = len(view["new"])
        print(
            f"{name} ({summary}): settles {new} more cell{'' if new == 1 else 's'} and {outcome}; "
            f"rules that fired: {', '.join(view['rules']) or 'none'}"
        )
        grid = [[0] * puzzle.cols for _ in range(puzzle.rows)]
        for cell, value in view["settled"].items():
            grid[cell // puzzle.cols][cell % puzzle.cols] = value
        print(kind.render(puzzle, grid))
    return 0


def cmd_generate(args: argparse.Namespace) -> int:
    kind = registry.get(args.type)
    rows, cols = parse_size(args.size)
    if not kind.generate_modes:
        raise Unavailable(f"{kind.name} has no generator")
    mode = args.mode or kind.generate_modes[0]
    if mode not in kind.generate_modes:
        raise PuzzleError(
            f"unknown --mode {mode!r} for {kind.name}; choose from {', '.join(kind.generate_modes)}"
        )
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    if args.seed is None:
        # Say which seed was drawn, so that a run worth keeping can be repeated.
        print(f"{PROG}: seed {seed}", file=sys.stderr)
    from . import batch

    with (
        _output(args.out) as out,
        executor_for(args.workers) as executor,
        progress_bar(args.count, f"{kind.name} {rows}x{cols}") as advance,
    ):
        records = batch.generate_many(
            kind.name, rows, cols, args.count, mode, seed, executor=executor
        )
        for record in records:
            out.write(json.dumps(record) + "\n")
            out.flush()  # an interrupted run keeps every finished puzzle
            advance()
    return 0


@contextmanager
def _output(path: str | None) -> Iterator[TextIO]:
    if path is None or path == "-":
        yield sys.stdout
        return
    try:
        # Opened apart from the ``with`` so that only opening errors become PuzzleError.
        handle = open(path, "w", encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        raise PuzzleError(f"cannot write {path}: {error.strerror}") from None
    with handle:
        yield handle


def cmd_stats(args: argparse.Namespace) -> int:
    kind = registry.get(args.type)
    out = Path(args.out or f"{kind.name}-stats.json")
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
        raise Unavailable(str(error)) from None
    print(f"wrote {out}")
    return 0


def cmd_bank(args: argparse.Namespace) -> int:
    kind = registry.get(args.type)
    size = parse_size(args.size) if args.size else None
    try:
        records = kind.bank()
    except NotImplementedError as error:  # the face's default: no bank shipped
        raise Unavailable(str(error)) from None
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
        print(f"{PROG}: no puzzle in the {kind.name} bank matches", file=sys.stderr)
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


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def cmd_play(args: argparse.Namespace) -> int:
    if not is_loopback(args.host):
        print(
            f"{PROG}: warning: serving on {args.host} lets other machines reach the app, "
            "which has no login; use 127.0.0.1 unless you mean it",
            file=sys.stderr,
        )
    try:
        from . import web
    except ImportError as error:
        raise Unavailable(f"the web app cannot start ({error}); run 'make play'") from None
    try:
        web.serve(args.host, args.port, args.open)
    except OSError as error:  # the port is taken, the address is not this machine's, ...
        raise Unavailable(
            f"cannot serve on {args.host}:{args.port}: {error.strerror or error}"
        ) from None
    return 0


# -- the parser ------------------------------------------------------------------


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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Solve, grade, generate and play polyomino pencil puzzles.",
        epilog=f"puzzle types: {', '.join(registry.names())}",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def command(name: str, run: Callable[[argparse.Namespace], int], about: str) -> Any:
        sub = commands.add_parser(name, help=about, description=about)
        sub.set_defaults(run=run)
        return sub

    sub = command("solve", cmd_solve, "count solutions, show the first, say which rung finished")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--rules", metavar="RUNG", help="rung to solve with (default: the top)")
    sub.add_argument(
        "--limit", type=_positive, default=2, help="stop counting at N solutions (default 2)"
    )
    sub.add_argument("--json", action="store_true", help="print one JSON object")
    sub.add_argument("--trace", action="store_true", help="list the deductions before search")

    sub = command("hint", cmd_hint, "the next deduction a person could make")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument(
        "--position", metavar="FILE", help="entries so far: text rows (. = empty) or JSON rows"
    )
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = command("grade", cmd_grade, "the lowest rung that finishes, else search effort")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = command("generate", cmd_generate, "new unique puzzles as JSON Lines")
    sub.add_argument("type", metavar="TYPE", help="puzzle type, e.g. suguru")
    sub.add_argument("--size", required=True, metavar="RxC", help="board size, e.g. 8x8")
    sub.add_argument("--count", type=_positive, default=1, help="how many (default 1)")
    sub.add_argument("--mode", help="generator mode (default: the type's first mode)")
    sub.add_argument("--seed", type=int, help="seed for a repeatable run")
    sub.add_argument("--out", metavar="FILE", help="write JSON Lines here (default: stdout)")
    sub.add_argument("--workers", type=_positive, help="processes (default: one per core)")

    sub = command("show", cmd_show, "a text picture of the puzzle")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--solution", action="store_true", help="fill in the (first) solution")

    sub = command("convert", cmd_convert, "rewrite a puzzle as text, URL or JSON")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--to", required=True, choices=("text", "url", "json"), help="output form")

    sub = command("rungs", cmd_rungs, "what each rung proves alone from the untouched board")
    sub.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_HELP)
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = command("stats", cmd_stats, "re-measure the puzzle's published figures into JSON")
    sub.add_argument("type", metavar="TYPE", help="puzzle type, e.g. suguru")
    sub.add_argument("--out", metavar="FILE", help="output file (default: TYPE-stats.json)")
    sub.add_argument("--samples", type=_positive, help="boards per measurement")
    sub.add_argument("--workers", type=_positive, help="processes (default: one per core)")

    sub = command("bank", cmd_bank, "list the puzzles shipped with the package")
    sub.add_argument("type", metavar="TYPE", help="puzzle type, e.g. suguru")
    sub.add_argument("--size", metavar="RxC", help="only this size")
    sub.add_argument("--grade", metavar="G", help="only this grade (a rung name or search)")

    sub = command("play", cmd_play, "serve the web app to play in a browser")
    sub.add_argument(
        "--host", default="127.0.0.1", help="address (default 127.0.0.1: this machine only)"
    )
    sub.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    sub.add_argument("--open", action="store_true", help="open a browser tab")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    try:
        args = build_parser().parse_args(argv)
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
