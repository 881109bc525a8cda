"""The slow work of the web app, run inside a warm worker process.

Each function takes the plain JSON-able payload the request handler built
(the puzzle always in its JSON object form, already validated by the
server) and returns a JSON-able dict: the result's own ``as_json``, the
same the CLI's ``--json`` prints. On the server they run in a child process
(``job_process.py``) so a job that runs past its time budget can be killed
outright; in the static site they run in the page's Web Worker, which the
page terminates for the same reason (``inpage.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import counting, formats, registry, solving
from ..errors import PuzzleError
from ..kind import Edge, PuzzleKind, progress_json, with_move_values

Payload = dict[str, Any]


def _puzzle(payload: Payload) -> tuple[PuzzleKind[Any], Any]:
    return formats.load_object(payload["puzzle"])


def _edges(payload: Payload) -> list[Edge]:
    """The position's edge marks, already read by the server (none if absent)."""
    return [(a, b, mark) for a, b, mark in payload.get("edges") or ()]


def hint_job(payload: Payload) -> dict[str, Any]:
    """The next step from the player's position (or their mistakes)."""
    kind, puzzle = _puzzle(payload)
    grid, edges = payload.get("grid"), _edges(payload)
    found = solving.hint(
        kind, puzzle, grid, last=payload.get("last"), marks=payload.get("marks"), edges=edges
    )
    return with_move_values(kind, puzzle, grid, found.as_json(kind, puzzle))


def progress_job(payload: Payload) -> dict[str, Any]:
    """How many of the player's entries the unique solution contradicts ("correct so far")."""
    kind, puzzle = _puzzle(payload)
    report = solving.solve(kind, puzzle, limit=2)
    solution = report.solutions[0] if report.unique else None
    flags = {"which": payload["which"], "reveal": payload["reveal"]}
    return progress_json(kind, puzzle, payload["grid"], solution, edges=_edges(payload), **flags)


def solve_job(payload: Payload) -> dict[str, Any]:
    """Count solutions up to the requested limit as ``pencilbox solve`` does:
    the ladder, then SAT for whatever it leaves open."""
    kind, puzzle = _puzzle(payload)
    return counting.count_default(kind, puzzle, limit=payload["limit"]).as_json(kind, puzzle)


def grade_job(payload: Payload) -> dict[str, Any]:
    """The lowest rung that finishes the puzzle, or its branch points."""
    kind, puzzle = _puzzle(payload)
    return solving.grade(kind, puzzle).answer_json(kind, puzzle)


def rungs_job(payload: Payload) -> dict[str, Any]:
    """What each rung of the ladder settles, alone, from the untouched board."""
    kind, puzzle = _puzzle(payload)
    return solving.rung_views_json(kind, puzzle, solving.rung_views(kind, puzzle))


GRADE_ATTEMPTS = 100
"""Generations a request aimed at one grade tries (``pencilbox generate --grade``
tries 100 by default too) before it says none had the grade."""


def generate_job(payload: Payload) -> dict[str, Any]:
    """A new puzzle from a fresh seed, graded, with its solution. Aimed at a
    grade (``payload["grade"]``, a rung or ``search``), attempt ``k`` is made
    from the seed ``"SEED:k"`` until one has it, so a seed and a grade make
    the same puzzle again."""
    from .. import targeting

    kind = registry.get(payload["type"])
    rows, cols, mode, seed = payload["rows"], payload["cols"], payload["mode"], payload["seed"]
    aim = payload.get("grade")
    target = None if aim is None else targeting.parse_target(kind, aim)
    attempts = 1 if target is None else GRADE_ATTEMPTS
    for attempt in range(attempts):
        rng = random.Random(seed if target is None else f"{seed}:{attempt}")
        made = kind.generate(rng, rows, cols, mode)
        found = solving.grade(kind, made.puzzle).as_json()
        if target is None or target.accepts(found):
            return {
                "json": kind.to_json(made.puzzle),
                "solution": made.solution,
                "info": made.info,
                "grade": found,
                "seed": seed,
                "attempts": attempt + 1,
            }
    raise PuzzleError(
        f"no {rows}x{cols} {kind.display_name} puzzle (mode {mode}) of grade {aim} in "
        f"{attempts} attempts; try another size, mode or grade"
    )


def verdict_job(payload: Payload) -> dict[str, Any]:
    """An editor's draft surveyed: its answers up to the limit, what they share
    and where they differ, a given that would cut them, or why there is none."""
    from .. import ambiguity  # imported when asked: the survey loads the counters

    kind, puzzle = _puzzle(payload)
    found = ambiguity.survey(kind, puzzle, payload["limit"])
    answer: dict[str, Any] = found.as_json(kind, puzzle)
    answer["verdict"] = "none" if found.count == 0 else "unique" if found.count == 1 else "several"
    return answer


JOBS: dict[str, Callable[[Payload], dict[str, Any]]] = {
    "hint": hint_job,
    "progress": progress_job,
    "solve": solve_job,
    "grade": grade_job,
    "rungs": rungs_job,
    "generate": generate_job,
    "verdict": verdict_job,
}


def answer(name: str, payload: Payload) -> tuple[str, Any]:
    """Run one job: ``("ok", result)``, ``("bad", message)`` for input the job
    rejected, or ``("crash", message)`` for anything else."""
    try:
        return ("ok", JOBS[name](payload))
    except PuzzleError as error:
        return ("bad", str(error))
    except MemoryError:
        return ("crash", f"{name} ran out of memory")
    except Exception as error:  # noqa: BLE001 -- reported to the client, not swallowed
        return ("crash", f"{name} failed: {type(error).__name__}: {error}")


def warm_up() -> None:
    """Hint and view the rungs of each type's smallest bank puzzle once, so the
    modules a face loads on first use (rules, ladder, tables) are loaded, and
    caches filled, before the first player's job arrives."""
    from . import bank

    for name in registry.names():
        try:
            kind = registry.get(name)
            records = bank.records(kind)
            if not records:
                continue
            smallest = min(records, key=lambda r: bank.summary(r)["rows"] * bank.summary(r)["cols"])
            found = bank.puzzle_json(smallest)
            kind, puzzle = (
                formats.load_object(found) if isinstance(found, dict) else formats.load(found)
            )
            solving.hint(kind, puzzle, None)
            solving.rung_views(kind, puzzle)
        except Exception:  # noqa: BLE001 -- a broken package must not stop the others
            continue
