"""The JSON endpoints. Every one speaks to puzzles only through the shared face.

Each endpoint takes a :class:`~.payloads.Call` (path and query parameters, the
raw body, a job runner) and returns the JSON answer or raises
:class:`~.payloads.ApiError`; it knows nothing of HTTP. The same functions
answer the server's routes and, in the static site, the page's Web Worker
(:mod:`.dispatch` holds the one table of routes). Fast work (parsing,
checking a grid) runs in place; anything that solves or generates goes to
``call.run``: a worker process with a time budget on the server.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from .. import formats, hinting, registry, solving
from ..errors import PuzzleError
from ..kind import PuzzleKind
from . import bank, limits
from .exports import export_forms
from .payloads import (
    ApiError,
    Call,
    bool_field,
    check_size,
    edges_from,
    grid_from,
    int_field,
    puzzle_from,
    puzzle_payload,
    seed_field,
)

logger = logging.getLogger(__name__)


def _kind(name: str) -> PuzzleKind[Any]:
    try:
        return registry.get(name)
    except PuzzleError as error:
        raise ApiError(404, str(error)) from None


async def types(call: Call) -> dict[str, Any]:
    """GET /api/types: every puzzle type, its ladder, generator modes, the sides it
    is generated at and the generator's measured times (the page sets a generation's
    elapsed time against them; null while none are measured), and the limits."""
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
                "generate_sides": _listed(generate_sides(kind)),
                "generate_times": kind.generation_times(),
                "has_stats": kind.stats_file() is not None,
            }
        )
    return {
        "types": found,
        "limits": {
            "max_side": limits.MAX_SIDE,
            "max_body_bytes": limits.MAX_BODY_BYTES,
            "time_budget": limits.TIME_BUDGET,
        },
    }


def generate_sides(kind: PuzzleKind[Any]) -> tuple[int, int] | None:
    """The smallest and largest side the web app generates ``kind`` at: the
    range its face declares, as ``pencilbox generate`` accepts it (within the
    web app's board limit); None for a type with no generator."""
    if not kind.generate_modes:
        return None
    low, high = kind.generate_sides or (1, limits.MAX_SIDE)
    return low, min(high, limits.MAX_SIDE)


def _listed(sides: tuple[int, int] | None) -> list[int] | None:
    return None if sides is None else list(sides)


def _side(body: dict[str, Any], field: str, kind: PuzzleKind[Any], sides: tuple[int, int]) -> int:
    """Field ``field`` of a generate request, a side within ``sides``; else one line
    saying the range ``kind`` is generated at."""
    low, high = sides
    value = body.get(field)
    made = f"{kind.display_name} boards are generated from {low}x{low} to {high}x{high}"
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(400, f"'{field}' must be an integer from {low} to {high} ({made})")
    if not low <= value <= high:
        raise ApiError(400, f"'{field}' {str(value)[:12]} is out of range: {made}")
    return value


def _optional_int(call: Call, name: str) -> int | None:
    text = call.query.get(name)
    if text is None or text == "":
        return None
    # isascii: str.isdigit accepts digits like "²" that int() refuses.
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise ApiError(400, f"query parameter '{name}' must be a whole number, got {text[:20]!r}")
    return int(text)


async def bank_list(call: Call) -> dict[str, Any]:
    """GET /api/bank/{type}?rows=&cols=&grade=: the shipped puzzles matching the filters."""
    kind = _kind(call.params["type"])
    rows, cols = _optional_int(call, "rows"), _optional_int(call, "cols")
    size = call.query.get("size")
    if size:
        try:
            rows, cols = (int(part) for part in size.lower().split("x"))
        except ValueError:
            raise ApiError(
                400, f"query parameter 'size' must be ROWSxCOLS, got {size[:20]!r}"
            ) from None
    grade = call.query.get("grade") or None
    return bank.listing(kind, rows, cols, grade)


async def bank_puzzle(call: Call) -> dict[str, Any]:
    """GET /api/bank/{type}/{id}: one shipped puzzle, ready to play (no solution)."""
    kind = _kind(call.params["type"])
    puzzle_id = call.params["id"]
    record = bank.find(kind, puzzle_id)
    if record is None:
        raise ApiError(404, f"no {kind.name} puzzle {puzzle_id[:40]!r} in the bank")
    loaded_kind, puzzle = puzzle_from({"puzzle": bank.puzzle_json(record)})
    answer = puzzle_payload(loaded_kind, puzzle)
    answer["bank"] = bank.summary(record)
    return answer


async def load(call: Call) -> dict[str, Any]:
    """POST /api/load {"input": text | URL | JSON}: parse a puzzle of any type."""
    body = call.json()
    kind, puzzle = puzzle_from(body, "input")
    return puzzle_payload(kind, puzzle)


async def export(call: Call) -> dict[str, Any]:
    """POST /api/export {"puzzle"}: every form the page exports (see :mod:`.exports`):
    ``forms`` by name, and ``errors``, the one line for each form that cannot hold it."""
    body = call.json()
    kind, puzzle = puzzle_from(body)
    return export_forms(kind, puzzle)


async def check(call: Call) -> dict[str, Any]:
    """POST /api/check {"puzzle", "grid", "edges"?}: the rules the grid breaks (none:
    solved), and the edge marks (``[[cell, cell, mark], ...]``) that contradict it."""
    body = call.json()
    kind, puzzle = puzzle_from(body)
    grid = grid_from(body, puzzle)
    edges = edges_from(body, kind, puzzle)
    broken = kind.check(puzzle, grid) + (kind.check_edges(puzzle, grid, edges) if edges else [])
    return {
        "solved": not broken,
        "violations": [solving.violation_json(kind, puzzle, v) for v in broken],
    }


async def hint(call: Call) -> dict[str, Any]:
    """POST /api/hint {"puzzle", "grid"?, "last"?, "marks"?, "edges"?}: the next
    deduction from the position; ``last`` is the cell of the player's last move,
    ``marks`` their pencil marks (rows of bitsets), ``edges`` their marks between
    cells (``[[cell, cell, mark], ...]``), all optional (see :func:`solving.hint`)."""
    body = call.json()
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
    return await call.run("hint", payload)


async def progress(call: Call) -> dict[str, Any]:
    """POST /api/progress {"puzzle", "grid", "edges"?, "which"?, "reveal"?}: "correct
    so far": how many entries and edge marks the unique solution contradicts;
    ``which`` lists them, ``reveal`` adds the answer there (both off by default:
    a hint is asked for)."""
    body = call.json()
    kind, puzzle = puzzle_from(body)
    grid = grid_from(body, puzzle)
    flags = {name: bool_field(body, name) for name in ("which", "reveal")}
    edges = edges_from(body, kind, puzzle)
    payload = {"puzzle": kind.to_json(puzzle), "grid": grid, "edges": edges, **flags}
    return await call.run("progress", payload)


async def rungs(call: Call) -> dict[str, Any]:
    """POST /api/rungs {"puzzle"}: what each rung alone settles on the untouched board."""
    body = call.json()
    kind, puzzle = puzzle_from(body)
    return await call.run("rungs", {"puzzle": kind.to_json(puzzle)})


async def solve(call: Call) -> dict[str, Any]:
    """POST /api/solve {"puzzle", "limit"?}: count solutions (default limit 2)."""
    body = call.json()
    kind, puzzle = puzzle_from(body)
    limit = int_field(body, "limit", 1, limits.MAX_SOLUTIONS, 2)
    payload = {"puzzle": kind.to_json(puzzle), "limit": limit}
    return await call.run("solve", payload)


async def grade(call: Call) -> dict[str, Any]:
    """POST /api/grade {"puzzle"}: the lowest rung that finishes it, or search."""
    body = call.json()
    kind, puzzle = puzzle_from(body)
    return await call.run("grade", {"puzzle": kind.to_json(puzzle)})


async def generate(call: Call) -> dict[str, Any]:
    """POST /api/generate {"type", "rows", "cols", "mode", "seed"?, "grade"?}: a new
    puzzle from ``seed`` (a string of digits, to make one again) or a fresh one, at
    any size the type's generator accepts (:func:`generate_sides`); with ``grade``
    (a rung of the type's ladder, or ``search``) one of that grade, as
    ``pencilbox generate --grade`` makes it."""
    body = call.json()
    name = body.get("type")
    if not isinstance(name, str):
        raise ApiError(400, "missing the 'type' field naming the puzzle type")
    kind = _kind(name)
    sides = generate_sides(kind)
    if sides is None:
        raise ApiError(400, f"{kind.display_name} has no generator")
    rows, cols = _side(body, "rows", kind, sides), _side(body, "cols", kind, sides)
    modes = kind.generate_modes
    mode = body.get("mode", modes[0] if modes else None)
    if mode not in modes:
        raise ApiError(400, f"'mode' must be one of: {', '.join(modes) or '(none)'}")
    seed = seed_field(body)
    payload = {"type": kind.name, "rows": rows, "cols": cols, "mode": mode, "seed": seed}
    grade = body.get("grade")
    if grade is not None:
        from .. import targeting  # on first use: it brings the batch machinery

        names = targeting.grade_names(kind)
        if grade not in names:
            raise ApiError(400, f"'grade' must be one of: {', '.join(names)}")
        payload["grade"] = grade
    made = await call.run("generate", payload)
    kind, puzzle = puzzle_from({"puzzle": made["json"]})
    answer = puzzle_payload(kind, puzzle)
    answer.update(
        # The seed goes as a string: a JSON number above 2**53 reaches the page rounded.
        {"solution": made["solution"], "grade": made["grade"], "seed": str(seed), "mode": mode}
    )
    answer["attempts"] = made["attempts"]
    return answer


async def stats(call: Call) -> dict[str, Any]:
    """GET /api/stats/{type}: the type's measured figures; 404 while none are measured."""
    kind = _kind(call.params["type"])
    path = kind.stats_file()
    if path is None:
        raise ApiError(404, f"no statistics measured for {kind.name} yet")
    figures: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return figures


async def notes(call: Call) -> dict[str, Any]:
    """GET /api/notes/{type}: the type's article template (prose whose figures are
    placeholders, filled by the page from its stats); 404 while none is shipped."""
    kind = _kind(call.params["type"])
    template = kind.notes_template()
    if template is None:
        raise ApiError(404, f"no notes written for {kind.name} yet")
    return {"type": kind.name, "template": template}


class _Size:
    """A draft's size: all the face needs to name its cells (``r1c2``) when the
    draft is no board yet."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols


async def verdict(call: Call) -> dict[str, Any]:
    """POST /api/verdict {"draft", "limit"?}: what an editor's draft board (the
    type's JSON form) amounts to. A draft that breaks a rule of its type answers
    ``{"verdict": "problem", "problems": [...]}``, each problem with its cells;
    else the survey of its answers (up to ``limit``, default and at most
    10), with ``verdict`` "none", "unique" or "several", and the board's
    ``payload`` (its exports). The page aborts the request when the draft
    changes, and the job is killed when the client leaves."""
    body = call.json()
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
            return {"verdict": "problem", "problems": shown}
        puzzle = kind.from_json(draft)
    except PuzzleError as error:
        raise ApiError(400, str(error)) from None
    check_size(puzzle.rows, puzzle.cols, "'draft'")
    payload = {"puzzle": kind.to_json(puzzle), "limit": limit}
    answer = await call.run("verdict", payload)
    answer["payload"] = {**puzzle_payload(kind, puzzle), "exports": export_forms(kind, puzzle)}
    return answer
