"""The stats' measurements, one job each, run in the workers of :func:`.stats.run`.

Every job has its own seed derived from its table, size and number, so a run
is repeatable whatever executor runs it; the jobs that score boards are handed
the kind the generator counts through.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ...engine import Contradiction, count_solutions, propagate
from ...kind import PuzzleKind, Rows
from . import census
from .generate import legal_black_counts, move_budget, score, walk
from .model import SHAPES, Heteromino
from .variants import obeys, variant_count

Kind = PuzzleKind[Heteromino]

MOVES_PER_BOARD = 5
BARS = (0, 1)  # the shapes that are bars


def _pieces(solution: list[list[int]]) -> dict[int, list[int]]:
    cols = len(solution[0])
    pieces: dict[int, list[int]] = {}
    for cell, number in enumerate(v for row in solution for v in row):
        if number:
            pieces.setdefault(number, []).append(cell)
    return {n: cells for n, cells in pieces.items()} if cols else {}


def _shape(cells: list[int], cols: int) -> int:
    spots = sorted(divmod(cell, cols) for cell in cells)
    r0, c0 = spots[0]
    return SHAPES.index(tuple((r - r0, c - c0) for r, c in spots))


def bank_board(kind: Kind, record: dict[str, Any], index: int) -> dict[str, Any]:
    """Every per-board figure for one bank record."""
    puzzle = kind.from_json(record["json"])
    solution = record["solution"]
    pieces = _pieces(solution)
    shape_of = {n: _shape(cells, puzzle.cols) for n, cells in pieces.items()}
    branch, settled, candidates = _ladder(kind, puzzle, record["id"])
    return {
        "id": record["id"],
        "size": f"{puzzle.rows}x{puzzle.cols}",
        "white": puzzle.white_count,
        "wall_pairs": _wall_pairs(puzzle, solution, shape_of),
        "branch_points": branch,
        "settled": settled,
        "candidates": candidates,
        "bars": sum(1 for n in pieces if shape_of[n] in BARS),
        "pieces": len(pieces),
        "variants": _variants(puzzle, solution, shape_of, record["id"]),
        "moved": _moved(kind, puzzle, f"moves:{record['id']}:{index}"),
    }


def _wall_pairs(puzzle: Heteromino, solution: Rows, shape_of: dict[int, int]) -> int:
    """The wall job: pairs of same-shaped pieces on two opposite sides of a black cell."""
    rows, cols = puzzle.rows, puzzle.cols
    numbers = [v for row in solution for v in row]
    wall_pairs: set[tuple[int, int]] = set()
    for cell in range(rows * cols):
        if not puzzle.black[cell]:
            continue
        row, col = divmod(cell, cols)
        for a, b in (((row, col - 1), (row, col + 1)), ((row - 1, col), (row + 1, col))):
            if not all(0 <= r < rows and 0 <= c < cols for r, c in (a, b)):
                continue
            first, second = numbers[a[0] * cols + a[1]], numbers[b[0] * cols + b[1]]
            if first and second and first != second and shape_of[first] == shape_of[second]:
                wall_pairs.add((min(first, second), max(first, second)))
    return len(wall_pairs)


def _ladder(
    kind: Kind, puzzle: Heteromino, record_id: str
) -> tuple[dict[str, int], dict[str, int], int]:
    """Branch points per rung to prove the board unique, what each rung settles
    on the untouched board, and the candidate pieces over all open cells."""
    branch: dict[str, int] = {}
    settled: dict[str, int] = {}
    for rung in kind.ladder.names:
        rules = kind.ladder.rules(rung)
        found = count_solutions(kind.initial_state(puzzle), rules, limit=2)
        assert found.unique, f"{record_id}: not unique by {rung}"
        branch[rung] = found.branch_points
        state = kind.initial_state(puzzle)
        try:
            propagate(state, rules)
        except Contradiction:  # cannot happen on a unique board
            raise AssertionError(f"{record_id}: {rung} contradicts") from None
        settled[rung] = len(kind.settled_cells(puzzle, state))
    start = kind.initial_state(puzzle)
    candidates = sum(
        start.domains[cell].bit_count()
        for cell in range(puzzle.rows * puzzle.cols)
        if not puzzle.black[cell]
    )
    return branch, settled, candidates


def _variants(
    puzzle: Heteromino, solution: Rows, shape_of: dict[int, int], record_id: str
) -> dict[str, int | None]:
    """Answers under changed rules, counted up to 2 (None: undecided)."""
    # A stricter rule (more pairs of pieces may not touch) keeps a subset of the
    # answers, and the board has exactly one: so it has an answer under the
    # stricter rule exactly when that one answer obeys it. Exact and instant,
    # where a blind count of an unsolvable 12x12 can run very long.
    variants: dict[str, int | None] = {
        rule: int(obeys(solution, shape_of, rule)) for rule in ("every pair", "rotations merged")
    }
    variants["no rule"] = variant_count(puzzle, "no rule", 2)
    # The counter under the real rule must agree with the bank where it decides.
    assert variant_count(puzzle, "as drawn", 2) in (1, None), f"{record_id}: variant counter"
    return variants


def _moved(kind: Kind, puzzle: Heteromino, seed: str) -> dict[str, int]:
    """Move one black cell at random, :data:`MOVES_PER_BOARD` times: how the board ends."""
    rows, cols = puzzle.rows, puzzle.cols
    rng = random.Random(seed)
    moved = {"unique": 0, "many": 0, "none": 0}
    blacks = [cell for cell, b in enumerate(puzzle.black) if b]
    whites = [cell for cell, b in enumerate(puzzle.black) if not b]
    for _ in range(MOVES_PER_BOARD):
        board = list(puzzle.black)
        source, target = rng.choice(blacks), rng.choice(whites)
        board[source], board[target] = False, True
        got = score(kind, rows, cols, board).score
        moved["unique" if got == 0 else "many" if got <= rows * cols + 1 else "none"] += 1
    return moved


def census_job(rows: int, cols: int, max_black: int | None) -> dict[str, Any]:
    started = time.perf_counter()
    table = census.census(rows, cols, max_black)
    best = census.minimum(table)
    return {
        "size": f"{rows}x{cols}",
        "max_black": max_black,
        "rows": [row.as_json() for row in table],
        "minimum": best.black if best else None,
        "seconds": round(time.perf_counter() - started, 2),
    }


def scatter_job(kind: Kind, rows: int, cols: int, k: int, draws: int) -> dict[str, Any]:
    rng = random.Random(f"scatter:{rows}x{cols}:{k}")
    total = rows * cols
    tally = {"unique": 0, "many": 0, "none": 0}
    for _ in range(draws):
        board = census.board_of(rows, cols, sum(1 << c for c in rng.sample(range(total), k)))
        got = score(kind, rows, cols, list(board.black)).score
        tally["unique" if got == 0 else "many" if got <= total + 1 else "none"] += 1
    return {"size": f"{rows}x{cols}", "black": k, "draws": draws, **tally}


def budget_job(kind: Kind, rows: int, cols: int, index: int) -> dict[str, Any]:
    rng = random.Random(f"budget:{rows}x{cols}:{index}")
    k = rng.choice(legal_black_counts(rows, cols))
    done = walk(kind, rng, rows, cols, k, move_budget(rows, cols))
    return {
        "size": f"{rows}x{cols}",
        "black": k,
        "success_move": done.success_move,
        "final_score": done.score.score,
    }
