"""The commands that work on one puzzle: solve, hint, check, grade, show, convert, rungs.

Each reads its PUZZLE through :mod:`.inputs` and asks :mod:`pencilbox.solving`
(the library module of the same name) or :mod:`pencilbox.counting` for the
answer; nothing here solves, and ``--json`` prints the result's own ``as_json``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .. import counting, formats, solving
from ..errors import PuzzleError
from ..kind import PuzzleKind, answers, progress_json, with_move_values
from .common import Unavailable
from .inputs import checked_rung, load_puzzle, read_position_edges, read_puzzle
from .output import count_words, deduction_line, write_json

Solved = solving.Report | counting.SatReport
"""A solve's outcome, whichever engine counted; each has its ``as_json``."""


def cmd_solve(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    report = _count(kind, puzzle, args)
    if args.json:
        write_json(report.as_json(kind, puzzle))
        return 0
    if isinstance(report, solving.Report) and report.trace is not None:
        print(f"trace ({len(report.trace)} deductions before any search):")
        for step in report.trace:
            print("  " + deduction_line(kind, puzzle, step))
    if report.count > 1:
        decided, differing = answers.compare(kind, puzzle, report.solutions)
        print(kind.render_decided(puzzle, decided))
        print(f"?:             {len(differing)} cells the answers found fill differently")
    else:
        print(kind.render(puzzle, report.solutions[0] if report.solutions else None))
    print(f"solutions:     {count_words(report)}")
    if isinstance(report, solving.Report):
        print(f"solved by:     {report.solved_by} (rules: {report.rung})")
        print(f"branch points: {report.branch_points}")
    elif report.rung is not None:  # the default: the ladder left it to SAT
        print(f"solved by:     search (rules: {report.rung}, then SAT)")
    else:
        print(
            f"engine:        {report.engine} ({report.variables} variables, "
            f"{report.clauses} clauses, {report.calls} solver calls, {report.cuts} cuts)"
        )
    print(f"seconds:       {report.seconds:.4f}")
    return 0


def _count(kind: PuzzleKind[Any], puzzle: Any, args: argparse.Namespace) -> Solved:
    """The count ``--engine`` asks for, refusing the rung engine's options elsewhere."""
    if args.engine == "rungs" or (args.engine == "auto" and args.trace):
        # A trace lists the rung engine's deductions, which is the default's first half.
        rung = checked_rung(kind, args.rules)
        return solving.solve(kind, puzzle, rung=rung, limit=args.limit, trace=args.trace)
    if args.engine == "auto":
        rung = checked_rung(kind, args.rules)
        return counting.count_default(kind, puzzle, limit=args.limit, rung=rung)
    if args.rules:
        raise PuzzleError(f"--rules applies to the rung engine, not --engine {args.engine}")
    if args.trace:
        raise PuzzleError(f"--trace applies to the rung engine, not --engine {args.engine}")
    try:
        return counting.count(kind, puzzle, limit=args.limit, engine=args.engine)
    except ImportError as error:  # python-sat missing from this install
        raise Unavailable(f"--engine {args.engine} needs python-sat: {error}") from None


def cmd_hint(args: argparse.Namespace) -> int:
    loaded = read_puzzle(args.puzzle)
    kind, puzzle = loaded.kind, loaded.puzzle
    position, edges = (
        read_position_edges(args.position, kind, puzzle) if args.position else (loaded.answer, [])
    )
    hint = solving.hint(kind, puzzle, position, edges=edges)
    if args.json:
        # ``value`` as the player enters it, so the move made is a position
        # ``--position`` reads back (a deduction may carry an internal code).
        write_json(with_move_values(kind, puzzle, position, hint.as_json(kind, puzzle)))
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
        elif hint.status == "guess":
            print("no rule decides this position; a guess (undo it if it goes wrong):")
        else:
            print(f"next step ({hint.rule}):")
        for number, step in enumerate(hint.steps, start=1):
            print(f"  {number}. {deduction_line(kind, puzzle, step)}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """ "Correct so far": how many entries of --position (by default the answer
    the puzzle file holds) the unique solution contradicts."""
    loaded = read_puzzle(args.puzzle)
    kind, puzzle = loaded.kind, loaded.puzzle
    position, edges = (
        read_position_edges(args.position, kind, puzzle) if args.position else (loaded.answer, [])
    )
    if position is None:
        raise PuzzleError("the puzzle file holds no answer to check; give --position FILE")
    report = solving.solve(kind, puzzle, limit=2)
    solution = report.solutions[0] if report.unique else None
    flags = {"which": args.which, "reveal": args.reveal}
    answer = progress_json(kind, puzzle, position, solution, edges=edges, **flags)
    if args.json:
        write_json(answer)
        return 0
    if solution is None:
        raise Unavailable("this puzzle has no unique solution to compare with")
    wrong = answer["wrong"]
    print("correct so far" if not wrong else f"{wrong} wrong entr{'y' if wrong == 1 else 'ies'}")
    for mistake in answer["mistakes"] or []:
        print(f"  {mistake['message']}")
    return 0


def cmd_grade(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    grade = solving.grade(kind, puzzle)
    if args.json:
        write_json(grade.answer_json(kind, puzzle))
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
    loaded = read_puzzle(args.puzzle)
    # The answer and the metadata go wherever the form has room for them.
    text = formats.dump(loaded.kind, loaded.puzzle, args.to, meta=loaded.meta, answer=loaded.answer)
    sys.stdout.write(text)
    return 0


def cmd_rungs(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    views = solving.rung_views(kind, puzzle)
    if args.json:
        write_json(solving.rung_views_json(kind, puzzle, views))
        return 0
    for view in views:
        if view.contradiction:
            print(f"{view.rung} ({view.summary}): contradiction -- the puzzle has no solution")
            continue
        outcome = "finishes the board" if view.finished else "stalls"
        new = len(view.new)
        print(
            f"{view.rung} ({view.summary}): settles {new} more cell{'' if new == 1 else 's'} "
            f"and {outcome}; rules that fired: {', '.join(view.rules) or 'none'}"
        )
        grid = [[0] * puzzle.cols for _ in range(puzzle.rows)]
        for cell, value in view.settled.items():
            grid[cell // puzzle.cols][cell % puzzle.cols] = value
        print(kind.render(puzzle, grid))
    return 0
