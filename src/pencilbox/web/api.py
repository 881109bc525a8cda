"""The JSON endpoints. Every one speaks to puzzles only through the shared face.

Fast work (parsing, checking a grid) runs in the server process; anything
that solves or generates runs in a worker process with a time budget
(``worker.run_job``).
"""

from __future__ import annotations

import json
import logging
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from .. import formats, hinting, registry, solving
from ..errors import PuzzleError
from ..kind import PuzzleKind
from . import bank, limits, worker
from .exports import export_forms
from .payloads import (
    ApiError,
    bool_field,
    check_size,
    edges_from,
    grid_from,
    int_field,
    puzzle_from,
    puzzle_payload,
    read_json,
    seed_field,
)

logger = logging.getLogger(__name__)


def _kind(name: str) -> PuzzleKind[Any]:
    try:
        return registry.get(name)
    except PuzzleError as error:
        raise ApiError(404, str(error)) from None


async def _until_disconnected(request: Request) -> None:
    """Finish when the client hangs up (the body has already been read)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


async def _job(request: Request, name: str, payload: dict[str, Any]) -> dict[str, Any]:
    try:
        return await worker.run_job(name, payload, lambda: _until_disconnected(request))
    except worker.JobFailed as failure:
        raise ApiError(failure.status, failure.message) from None
    except worker.ClientGone:
        # Nobody is listening; the status is for the server's own log only.
        raise ApiError(499, f"{name} stopped: the client closed the request") from None


async def types(request: Request) -> JSONResponse:
    """GET /api/types: every puzzle type, its ladder, generator modes and limits."""
    found = []
    for name in registry.names():
        try:
            kind = registry.get(name)
        except Exception:  # noqa: BLE001 -- one broken package must not hide the others
            logger.exception("puzzle type %s failed to load", name)
            continue
        found.append(
            {
                "name": kind.name,
                "display_name": kind.display_name,
                "edge_marks": list(kind.edge_marks),
                "url_names": list(kind.url_names),
                "ladder": [{"name": r.name, "summary": r.summary} for r in kind.ladder.rungs],
                "generate_modes": list(kind.generate_modes),
                "has_stats": kind.stats_file() is not None,
            }
        )
    return JSONResponse(
        {
            "types": found,
            "limits": {
                "max_side": limits.MAX_SIDE,
                "generate_sides": [limits.MIN_GENERATE_SIDE, limits.MAX_GENERATE_SIDE],
                "max_body_bytes": limits.MAX_BODY_BYTES,
                "time_budget": limits.TIME_BUDGET,
            },
        }
    )


def _optional_int(request: Request, name: str) -> int | None:
    text = request.query_params.get(name)
    if text is None or text == "":
        return None
    # isascii: str.isdigit accepts digits like "²" that int() refuses.
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise ApiError(400, f"query parameter '{name}' must be a whole number, got {text[:20]!r}")
    return int(text)


async def bank_list(request: Request) -> JSONResponse:
    """GET /api/bank/{type}?rows=&cols=&grade=: the shipped puzzles matching the filters."""
    kind = _kind(request.path_params["type"])
    rows, cols = _optional_int(request, "rows"), _optional_int(request, "cols")
    size = request.query_params.get("size")
    if size:
        try:
            rows, cols = (int(part) for part in size.lower().split("x"))
        except ValueError:
            raise ApiError(
                400, f"query parameter 'size' must be ROWSxCOLS, got {size[:20]!r}"
            ) from None
    grade = request.query_params.get("grade") or None
    return JSONResponse(bank.listing(kind, rows, cols, grade))


async def bank_puzzle(request: Request) -> JSONResponse:
    """GET /api/bank/{type}/{id}: one shipped puzzle, ready to play (no solution)."""
    kind = _kind(request.path_params["type"])
    puzzle_id = request.path_params["id"]
    record = bank.find(kind, puzzle_id)
    if record is None:
        raise ApiError(404, f"no {kind.name} puzzle {puzzle_id[:40]!r} in the bank")
    loaded_kind, puzzle = puzzle_from({"puzzle": bank.puzzle_json(record)})
    answer = puzzle_payload(loaded_kind, puzzle)
    answer["bank"] = bank.summary(record)
    return JSONResponse(answer)


async def load(request: Request) -> JSONResponse:
    """POST /api/load {"input": text | URL | JSON}: parse a puzzle of any type."""
    body = await read_json(request)
    kind, puzzle = puzzle_from(body, "input")
    return JSONResponse(puzzle_payload(kind, puzzle))


async def export(request: Request) -> JSONResponse:
    """POST /api/export {"puzzle"}: every form the page exports (see :mod:`.exports`):
    ``forms`` by name, and ``errors``, the one line for each form that cannot hold it."""
    body = await read_json(request)
    kind, puzzle = puzzle_from(body)
    return JSONResponse(export_forms(kind, puzzle))


async def check(request: Request) -> JSONResponse:
    """POST /api/check {"puzzle", "grid", "edges"?}: the rules the grid breaks (none:
    solved), and the edge marks (``[[cell, cell, mark], ...]``) that contradict it."""
    body = await read_json(request)
    kind, puzzle = puzzle_from(body)
    grid = grid_from(body, puzzle)
    edges = edges_from(body, kind, puzzle)
    broken = kind.check(puzzle, grid) + (kind.check_edges(puzzle, grid, edges) if edges else [])
    return JSONResponse(
        {
            "solved": not broken,
            "violations": [solving.violation_json(kind, puzzle, v) for v in broken],
        }
    )


async def hint(request: Request) -> JSONResponse:
    """POST /api/hint {"puzzle", "grid"?, "last"?, "marks"?, "edges"?}: the next
    deduction from the position; ``last`` is the cell of the player's last move,
    ``marks`` their pencil marks (rows of bitsets), ``edges`` their marks between
    cells (``[[cell, cell, mark], ...]``), all optional (see :func:`solving.hint`)."""
    body = await read_json(request)
    kind, puzzle = puzzle_from(body)
    grid = grid_from(body, puzzle) if body.get("grid") is not None else None
    cells = puzzle.rows * puzzle.cols
    last = None if body.get("last") is None else int_field(body, "last", 0, cells - 1, None)
    marks = body.get("marks")
    if marks is not None and (problem := hinting.marks_problem(puzzle, marks)):
        raise ApiError(400, problem)
    edges = edges_from(body, kind, puzzle)
    payload = {"puzzle": kind.to_json(puzzle), "grid": grid, "last": last, "marks": marks}
    payload["edges"] = edges
    return JSONResponse(await _job(request, "hint", payload))


async def progress(request: Request) -> JSONResponse:
    """POST /api/progress {"puzzle", "grid", "edges"?, "which"?, "reveal"?}: "correct
    so far": how many entries and edge marks the unique solution contradicts;
    ``which`` lists them, ``reveal`` adds the answer there (both off by default:
    a hint is asked for)."""
    body = await read_json(request)
    kind, puzzle = puzzle_from(body)
    grid = grid_from(body, puzzle)
    flags = {name: bool_field(body, name) for name in ("which", "reveal")}
    edges = edges_from(body, kind, puzzle)
    payload = {"puzzle": kind.to_json(puzzle), "grid": grid, "edges": edges, **flags}
    return JSONResponse(await _job(request, "progress", payload))


async def rungs(request: Request) -> JSONResponse:
    """POST /api/rungs {"puzzle"}: what each rung alone settles on the untouched board."""
    body = await read_json(request)
    kind, puzzle = puzzle_from(body)
    return JSONResponse(await _job(request, "rungs", {"puzzle": kind.to_json(puzzle)}))


async def solve(request: Request) -> JSONResponse:
    """POST /api/solve {"puzzle", "limit"?}: count solutions (default limit 2)."""
    body = await read_json(request)
    kind, puzzle = puzzle_from(body)
    limit = int_field(body, "limit", 1, limits.MAX_SOLUTIONS, 2)
    payload = {"puzzle": kind.to_json(puzzle), "limit": limit}
    return JSONResponse(await _job(request, "solve", payload))


async def grade(request: Request) -> JSONResponse:
    """POST /api/grade {"puzzle"}: the lowest rung that finishes it, or search."""
    body = await read_json(request)
    kind, puzzle = puzzle_from(body)
    return JSONResponse(await _job(request, "grade", {"puzzle": kind.to_json(puzzle)}))


async def generate(request: Request) -> JSONResponse:
    """POST /api/generate {"type", "rows", "cols", "mode", "seed"?}: a new puzzle from
    ``seed`` (a string of digits, to make one again) or a fresh one."""
    body = await read_json(request)
    name = body.get("type")
    if not isinstance(name, str):
        raise ApiError(400, "missing the 'type' field naming the puzzle type")
    kind = _kind(name)
    check_size(body.get("rows"), body.get("cols"), "generate")
    low, high = limits.MIN_GENERATE_SIDE, limits.MAX_GENERATE_SIDE
    rows = int_field(body, "rows", low, high, None)
    cols = int_field(body, "cols", low, high, None)
    modes = kind.generate_modes
    mode = body.get("mode", modes[0] if modes else None)
    if mode not in modes:
        raise ApiError(400, f"'mode' must be one of: {', '.join(modes) or '(none)'}")
    seed = seed_field(body)
    payload = {"type": kind.name, "rows": rows, "cols": cols, "mode": mode, "seed": seed}
    made = await _job(request, "generate", payload)
    kind, puzzle = puzzle_from({"puzzle": made["json"]})
    answer = puzzle_payload(kind, puzzle)
    answer.update(
        # The seed goes as a string: a JSON number above 2**53 reaches the page rounded.
        {"solution": made["solution"], "grade": made["grade"], "seed": str(seed), "mode": mode}
    )
    return JSONResponse(answer)


async def stats(request: Request) -> JSONResponse:
    """GET /api/stats/{type}: the type's measured figures; 404 while none are measured."""
    kind = _kind(request.path_params["type"])
    path = kind.stats_file()
    if path is None:
        raise ApiError(404, f"no statistics measured for {kind.name} yet")
    return JSONResponse(json.loads(path.read_text(encoding="utf-8")))


class _Size:
    """A draft's size: all the face needs to name its cells (``r1c2``) when the
    draft is no board yet."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols


async def verdict(request: Request) -> JSONResponse:
    """POST /api/verdict {"draft", "limit"?}: what an editor's draft board (the
    type's JSON form) amounts to. A draft that breaks a rule of its type answers
    ``{"verdict": "problem", "problems": [...]}``, each problem with its cells;
    else the survey of its answers (up to ``limit``, default and at most
    10), with ``verdict`` "none", "unique" or "several", and the board's
    ``payload`` (its exports). The page aborts the request when the draft
    changes, and the job is killed when the client leaves."""
    body = await read_json(request)
    draft = body.get("draft")
    if not isinstance(draft, dict):
        raise ApiError(400, "missing the 'draft' field: a puzzle in its JSON object form")
    name = draft.get("puzzle")
    if not isinstance(name, str):
        raise ApiError(400, "the draft's 'puzzle' field must name the puzzle type")
    check_size(draft.get("rows"), draft.get("cols"), "'draft'")
    limit = int_field(body, "limit", 1, limits.MAX_SOLUTIONS, limits.MAX_SOLUTIONS)
    try:
        kind = formats.kind_named(name, "the draft's 'puzzle' field")
        problems = kind.draft_problems(draft)
        if problems:
            size = _Size(int(draft["rows"]), int(draft["cols"]))
            shown = [solving.violation_json(kind, size, problem) for problem in problems]
            return JSONResponse({"verdict": "problem", "problems": shown})
        puzzle = kind.from_json(draft)
    except PuzzleError as error:
        raise ApiError(400, str(error)) from None
    check_size(puzzle.rows, puzzle.cols, "'draft'")
    payload = {"puzzle": kind.to_json(puzzle), "limit": limit}
    answer = await _job(request, "verdict", payload)
    answer["payload"] = {**puzzle_payload(kind, puzzle), "exports": export_forms(kind, puzzle)}
    return JSONResponse(answer)
