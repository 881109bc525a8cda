"""Make new Norinori puzzles: place, grow, walk, verify.

A Norinori board has no clues: the partition is the whole puzzle. So, as
the LITS write-up builds its own, the generator fixes the answer first and
shapes the regions around it.

1. **Place** dominoes at random, no two sharing an edge (:func:`.boards.dominoes`).
2. **Grow** one region around each domino over the unshaded cells, each
   cell joining the neighbouring region it gives the fewest *slides* (other
   pairs the region could shade with the rest kept: one-region rivals):
   the dominoes are an answer (:func:`flood`). Some pairs of nearby
   dominoes trade partners first, each region seeded with one cell of each
   and a short path between them, so that those dominoes cross a border
   (:mod:`.crossing`); the walk undoes a trade whose path it cannot move.
3. **Walk** unshaded cells between regions: first out of regions with a
   slide (:func:`descend`), then while a rival answer is left: a cell only
   the rival shades moves to a neighbouring region, which ends that rival
   (:mod:`.walk`). Moving an unshaded cell never hurts the intended
   answer: no shaded cell changes region. The rivals come from one SAT
   solver kept for the whole walk, told only what each move changed
   (:mod:`.rivals`); a walk that stalls or runs too long starts over.
4. **Verify**: a fresh SAT count of the finished board, sharing nothing
   with the walk's solver, finds the intended answer and no other.

Everything random comes from the ``random.Random`` passed in and no
decision reads the clock, so a seed always gives the same puzzle.
"""

from __future__ import annotations

import random
import time

from ...errors import PuzzleError
from ...grid import Rows
from ...kind import Generated
from ...sat.core import count_models
from . import cnf
from .boards import dominoes, flood, slides
from .crossing import seeds
from .model import Norinori, build, connected, neighbours
from .rivals import RivalSearch
from .walk import walk_step

MODES = ("walk",)
MAX_ATTEMPTS = 100
MAX_WALK = 400
MIN_SIDE = 4
MAX_SIDE = 30


def descend(rng: random.Random, rows: int, cols: int, labels: list[int], shaded: set[int]) -> int:
    """Move unshaded cells out of regions that could shade another pair in
    place (each such pair a one-region rival), until none can or the walk is
    long; returns the number of moves made.

    A region's slides depend on its own cells alone (the rest of the shading
    is fixed), so they are found again only for the two regions a move changed.
    """
    board = Norinori(rows, cols, tuple(labels))
    known: dict[int, list[set[int]]] = {}
    for moves in range(MAX_WALK):
        regions = sorted(set(labels))
        rng.shuffle(regions)
        loose = []
        for region in regions:
            if region not in known:
                known[region] = slides(rows, cols, labels, shaded, region)
            if known[region]:
                loose.append((region, known[region]))
        if not loose:
            return moves
        changed = next(
            (two for region, found in loose if (two := _peel(rng, board, labels, region, found))),
            None,
        )
        if changed is None:
            return -1  # stalled
        for region in changed:
            known.pop(region, None)
    return -1


def _peel(
    rng: random.Random, board: Norinori, labels: list[int], region: int, found: list[set[int]]
) -> tuple[int, int] | None:
    """Move one cell a slide of ``region`` would shade into a neighbouring
    region, keeping ``region`` whole: the two regions changed, or None when
    no cell can go."""
    rows, cols = board.rows, board.cols
    cells = sorted(set().union(*found))
    rng.shuffle(cells)
    for cell in cells:
        choices = sorted({labels[n] for n in neighbours(rows, cols, cell)} - {region})
        rest = [c for c in range(rows * cols) if labels[c] == region and c != cell]
        if choices and _whole(board, rest):
            labels[cell] = rng.choice(choices)
            return region, labels[cell]
    return None


def _whole(puzzle: Norinori, cells: list[int]) -> bool:
    return len(cells) >= 2 and connected(puzzle, cells)


def attempt(rng: random.Random, rows: int, cols: int) -> tuple[Norinori, Rows, int] | None:
    """Place, grow and walk once: the unique board, its answer and the walk's
    length, or None when the walk stalled or ran too long."""
    placed = dominoes(rng, rows, cols)
    labels = flood(rng, rows, cols, placed, seeds(rng, rows, cols, placed))
    answer = [[0] * cols for _ in range(rows)]
    for pair in placed:
        for cell in pair:
            answer[cell // cols][cell % cols] = 1
    shaded = {cell for pair in placed for cell in pair}
    # the slides it cannot peel (a cell with no other region beside it) are left to the count
    descend(rng, rows, cols, labels, shaded)
    moved: dict[int, int] = {}
    with RivalSearch(rows, cols, shaded) as search:
        for steps in range(MAX_WALK):
            other = search.find(labels)
            if other is None:
                return build(rows, cols, labels), answer, steps
            if not walk_step(rng, labels, shaded, other, cols, moved):
                return None
    return None


def proven_unique(puzzle: Norinori, answer: Rows) -> bool:
    """Whether a fresh SAT count of the whole board (no propagation, no state
    kept from the walk) finds ``answer`` and nothing else."""
    found = count_models(cnf.encode(puzzle, None), 2)
    return found.count == 1 and found.solutions[0] == answer


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
            if not proven_unique(puzzle, answer):
                raise RuntimeError(f"the walk's search and a fresh count disagree on {puzzle}")
            info = {
                "mode": mode,
                "regions": puzzle.region_count,
                "attempts": number,
                "walk": steps,
                "seconds": round(time.perf_counter() - started, 4),
            }
            return Generated(puzzle, answer, info)
    raise RuntimeError(f"no unique {rows}x{cols} Norinori in {MAX_ATTEMPTS} attempts")
