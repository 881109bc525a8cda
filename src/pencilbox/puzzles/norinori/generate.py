"""Make new Norinori puzzles: place, grow, walk, verify.

A Norinori board has no clues: the partition is the whole puzzle. So, as
the LITS write-up builds its own, the generator fixes the answer first and
shapes the regions around it.

1. **Place** dominoes at random, no two sharing an edge (:func:`.boards.dominoes`).
2. **Grow** one region around each domino over the unshaded cells, each
   cell joining the neighbouring region it gives the fewest *slides* (other
   pairs the region could shade with the rest kept: one-region rivals):
   the dominoes are an answer (:func:`flood`).
3. **Walk** unshaded cells between regions: first out of regions with a
   slide (:func:`descend`), then while the count finds a rival
   answer: a cell the rival shades, in a region where it differs, moves to a
   neighbouring region (the region staying in one piece). Moving an
   unshaded cell never hurts the intended answer: no shaded cell changes
   region.
4. **Verify**: the count (``person`` rung to its fixpoint, then SAT,
   limit 2) says unique; a walk that runs too long starts over.

Everything random comes from the ``random.Random`` passed in and no
decision reads the clock, so a seed always gives the same puzzle.
"""

from __future__ import annotations

import random
import time

from ...engine import Contradiction, propagate
from ...errors import PuzzleError
from ...grid import Rows
from ...kind import Generated
from ...sat.core import count_models
from . import cnf
from .boards import dominoes, flood, slides
from .ladder import LADDER
from .model import Norinori, build, connected, neighbours
from .state import new_state, solution_rows

MODES = ("walk",)
COUNT_RULES = LADDER.rules("person")
MAX_ATTEMPTS = 100
MAX_WALK = 400
MIN_SIDE = 4
MAX_SIDE = 30


def rival(puzzle: Norinori, answer: Rows) -> Rows | None:
    """An answer of ``puzzle`` other than ``answer``, or None when it is unique."""
    state = new_state(puzzle)
    try:
        propagate(state, COUNT_RULES)
    except Contradiction:
        return None
    if state.is_solved():
        return None if solution_rows(puzzle, state) == answer else solution_rows(puzzle, state)
    found = count_models(cnf.encode(puzzle, state), 2)
    others = [grid for grid in found.solutions if grid != answer]
    return others[0] if others else None


def walk_step(
    rng: random.Random, puzzle: Norinori, labels: list[int], answer: Rows, other: Rows
) -> bool:
    """Move one unshaded cell of ``answer`` that ``other`` shades to a
    neighbouring region; False when no such move keeps regions whole."""
    rows, cols = puzzle.rows, puzzle.cols
    shaded = {r * cols + c for r in range(rows) for c in range(cols) if answer[r][c]}
    differ = {
        labels[cell]
        for cell in range(rows * cols)
        if other[cell // cols][cell % cols] != answer[cell // cols][cell % cols]
    }
    # first the cells the rival shades, then any unshaded cell of a region where they differ
    first = [c for c in range(rows * cols) if other[c // cols][c % cols] and c not in shaded]
    then = [c for c in range(rows * cols) if labels[c] in differ and c not in shaded]
    rng.shuffle(first)
    rng.shuffle(then)
    for cell in first + [c for c in then if c not in first]:
        home = labels[cell]
        choices = sorted({labels[n] for n in neighbours(rows, cols, cell)} - {home})
        rng.shuffle(choices)
        rest = [c for c in range(rows * cols) if labels[c] == home and c != cell]
        if not choices or not _whole(puzzle, rest):
            continue
        labels[cell] = min(
            choices, key=lambda region: _slides_with(rows, cols, labels, shaded, cell, region)
        )
        return True
    return False


def descend(rng: random.Random, rows: int, cols: int, labels: list[int], shaded: set[int]) -> int:
    """Move unshaded cells out of regions that could shade another pair in
    place (each such pair a one-region rival), until none can or the walk is
    long; returns the number of moves made."""
    puzzle_like = Norinori(rows, cols, tuple(labels))
    for moves in range(MAX_WALK):
        regions = sorted(set(labels))
        rng.shuffle(regions)
        loose = [
            (region, found)
            for region in regions
            if (found := slides(rows, cols, labels, shaded, region))
        ]
        if not loose:
            return moves
        if not any(_peel(rng, puzzle_like, labels, region, found) for region, found in loose):
            return -1  # stalled
    return -1


def _peel(
    rng: random.Random, board: Norinori, labels: list[int], region: int, found: list[set[int]]
) -> bool:
    """Move one cell a slide of ``region`` would shade into a neighbouring
    region, keeping ``region`` whole; False when none can go."""
    rows, cols = board.rows, board.cols
    cells = sorted(set().union(*found))
    rng.shuffle(cells)
    for cell in cells:
        choices = sorted({labels[n] for n in neighbours(rows, cols, cell)} - {region})
        rest = [c for c in range(rows * cols) if labels[c] == region and c != cell]
        if choices and _whole(board, rest):
            labels[cell] = rng.choice(choices)
            return True
    return False


def _slides_with(
    rows: int, cols: int, labels: list[int], shaded: set[int], cell: int, region: int
) -> int:
    """How many slides ``region`` has with ``cell`` moved into it (``labels`` left as found)."""
    home = labels[cell]
    labels[cell] = region
    found = len(slides(rows, cols, labels, shaded, region))
    labels[cell] = home
    return found


def _whole(puzzle: Norinori, cells: list[int]) -> bool:
    return len(cells) >= 2 and connected(puzzle, cells)


def attempt(rng: random.Random, rows: int, cols: int) -> tuple[Norinori, Rows, int] | None:
    """Place, grow and walk once: the unique board, its answer and the walk's
    length, or None when the walk stalled or ran too long."""
    placed = dominoes(rng, rows, cols)
    labels = flood(rng, rows, cols, placed)
    answer = [[0] * cols for _ in range(rows)]
    for pair in placed:
        for cell in pair:
            answer[cell // cols][cell % cols] = 1
    shaded = {cell for pair in placed for cell in pair}
    # the slides it cannot peel (a cell with no other region beside it) are left to the count
    descend(rng, rows, cols, labels, shaded)
    for steps in range(MAX_WALK):
        puzzle = build(rows, cols, labels)
        other = rival(puzzle, answer)
        if other is None:
            return puzzle, answer, steps
        if not walk_step(rng, puzzle, labels, answer, other):
            return None
    return None


def check_arguments(rows: int, cols: int, mode: str) -> None:
    if mode not in MODES:
        raise PuzzleError(f"unknown generation mode {mode!r}; choose from {', '.join(MODES)}")
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise PuzzleError(
            f"can generate Norinori from {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE}, "
            f"not {rows}x{cols}"
        )


def generate(rng: random.Random, rows: int, cols: int, mode: str = "walk") -> Generated[Norinori]:
    """A new unique Norinori of ``rows`` × ``cols`` with its solution.

    ``info`` holds ``mode``, ``regions``, ``attempts`` (passes needed, the
    successful one included), ``walk`` (cells moved in the successful pass)
    and ``seconds``.
    """
    check_arguments(rows, cols, mode)
    started = time.perf_counter()
    for number in range(1, MAX_ATTEMPTS + 1):
        made = attempt(rng, rows, cols)
        if made is not None:
            puzzle, answer, steps = made
            info = {
                "mode": mode,
                "regions": puzzle.region_count,
                "attempts": number,
                "walk": steps,
                "seconds": round(time.perf_counter() - started, 4),
            }
            return Generated(puzzle, answer, info)
    raise RuntimeError(f"no unique {rows}x{cols} Norinori in {MAX_ATTEMPTS} attempts")
