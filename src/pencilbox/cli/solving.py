"""The commands that work on one puzzle: solve, hint, grade, show, convert, rungs.

Each reads its PUZZLE through :mod:`.inputs` and asks :mod:`pencilbox.solving`
(the library module of the same name) for the answer; nothing here solves.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .. import formats, solving
from ..errors import PuzzleError
from ..kind import PuzzleKind
from .common import Unavailable
from .inputs import checked_rung, load_puzzle, read_position
from .output import count_words, deduction_json, deduction_line, write_json


def cmd_solve(args: argparse.Namespace) -> int:
    kind, puzzle = load_puzzle(args.puzzle)
    if args.engine != "rungs":
        if args.rules:
            raise PuzzleError(f"--rules applies to the rung engine, not --engine {args.engine}")
        if args.trace:
            raise PuzzleError(f"--trace applies to the rung engine, not --engine {args.engine}")
        return _solve_sat(kind, puzzle, args)
    rung = checked_rung(kind, args.rules)
    report = solving.solve(kind, puzzle, rung=rung, limit=args.limit, trace=args.trace)
    first = report.solutions[0] if report.solutions else None
    if args.json:
        obj: dict[str, Any] = {
            "puzzle": kind.name,
            "rows": puzzle.rows,
            "cols": puzzle.cols,
            "engine": "rungs",
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


def _solve_sat(kind: PuzzleKind[Any], puzzle: Any, args: argparse.Namespace) -> int:
    try:
        from .. import counting

        report = counting.count(kind, puzzle, limit=args.limit, engine=args.engine)
    except ImportError as error:  # python-sat missing from this install
        raise Unavailable(f"--engine {args.engine} needs python-sat: {error}") from None
    first = report.solutions[0] if report.solutions else None
    if args.json:
        write_json(
            {
                "puzzle": kind.name,
                "rows": puzzle.rows,
                "cols": puzzle.cols,
                "engine": report.engine,
                "count": report.count,
                "limit": report.limit,
                "exhaustive": report.exhaustive,
                "unique": report.unique,
                "solution": first,
                "variables": report.variables,
                "clauses": report.clauses,
                "solver_calls": report.calls,
                "cuts": report.cuts,
                "seconds": round(report.seconds, 6),
            }
        )
        return 0
    print(kind.render(puzzle, first))
    print(f"solutions:     {count_words(report)}")
    print(
        f"engine:        {report.engine} ({report.variables} variables, "
        f"{report.clauses} clauses, {report.calls} solver calls, {report.cuts} cuts)"
    )
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
