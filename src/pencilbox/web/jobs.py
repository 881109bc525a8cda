"""The slow work of the web app, run inside a throw-away worker process.

Each function takes the plain JSON-able payload the request handler built
(the puzzle always in its JSON object form, already validated by the
server) and returns a JSON-able dict: the result's own ``as_json``, the
same the CLI's ``--json`` prints. They run in a child process so a job
that runs past its time budget can be killed outright; see ``worker.py``.
"""

from __future__ import annotations

import os
import random
import resource
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from .. import formats, registry, solving
from ..errors import PuzzleError
from ..kind import PuzzleKind

Payload = dict[str, Any]


def _puzzle(payload: Payload) -> tuple[PuzzleKind[Any], Any]:
    return formats.load_object(payload["puzzle"])


def hint_job(payload: Payload) -> dict[str, Any]:
    """The next step from the player's position (or their mistakes)."""
    kind, puzzle = _puzzle(payload)
    return solving.hint(kind, puzzle, payload.get("grid")).as_json(kind, puzzle)


def solve_job(payload: Payload) -> dict[str, Any]:
    """Count solutions up to the requested limit with the top rung and search."""
    kind, puzzle = _puzzle(payload)
    return solving.solve(kind, puzzle, limit=payload["limit"]).as_json(kind, puzzle)


def grade_job(payload: Payload) -> dict[str, Any]:
    """The lowest rung that finishes the puzzle, or its branch points."""
    kind, puzzle = _puzzle(payload)
    return solving.grade(kind, puzzle).answer_json(kind, puzzle)


def rungs_job(payload: Payload) -> dict[str, Any]:
    """What each rung of the ladder settles, alone, from the untouched board."""
    kind, puzzle = _puzzle(payload)
    return solving.rung_views_json(kind, puzzle, solving.rung_views(kind, puzzle))


def generate_job(payload: Payload) -> dict[str, Any]:
    """A new puzzle from a fresh seed, graded, with its solution."""
    kind = registry.get(payload["type"])
    rng = random.Random(payload["seed"])
    made = kind.generate(rng, payload["rows"], payload["cols"], payload["mode"])
    found = solving.grade(kind, made.puzzle)
    return {
        "json": kind.to_json(made.puzzle),
        "solution": made.solution,
        "info": made.info,
        "grade": found.as_json(),
        "seed": payload["seed"],
    }


JOBS: dict[str, Callable[[Payload], dict[str, Any]]] = {
    "hint": hint_job,
    "solve": solve_job,
    "grade": grade_job,
    "rungs": rungs_job,
    "generate": generate_job,
}


def run_in_child(conn: Connection, name: str, payload: Payload, memory: int) -> None:
    """Entry point of a worker process: run one job, send one answer, exit.

    Answers are ``("ok", result)``, ``("bad", message)`` for input the job
    rejected, or ``("crash", message)`` for anything else.
    """
    # A lower priority keeps the server (and the rest of the machine) responsive.
    os.nice(5)
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        answer: tuple[str, Any] = ("ok", JOBS[name](payload))
    except PuzzleError as error:
        answer = ("bad", str(error))
    except MemoryError:
        answer = ("crash", f"{name} ran out of memory")
    except Exception as error:  # noqa: BLE001 -- reported to the client, not swallowed
        answer = ("crash", f"{name} failed: {type(error).__name__}: {error}")
    try:
        conn.send(answer)
    finally:
        conn.close()


def _warm() -> None:
    """Import every puzzle package once, so each forked worker starts warm."""
    for name in registry.names():
        try:
            registry.get(name)
        except Exception:  # noqa: BLE001 -- a broken package must not stop the others
            continue


_warm()
