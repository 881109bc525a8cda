"""Make new LITS puzzles: pack, flood, descend, verify.

A LITS board has no clues: the partition is the whole puzzle. So the
generator fixes the answer first and then shapes the regions around it.

1. **Pack** (:mod:`.packing`) tetrominoes densely: one mass, no 2×2, no
   touching twins. Each tetromino will be one region's shading.
2. **Flood** (:mod:`.slack`): every unshaded cell joins the neighbouring
   region it adds the fewest tetromino placements to.
3. **Descend** (:mod:`.slack`): move unshaded cells between regions until no
   region could hold another tetromino with the rest of the shading fixed.
4. **Verify**: the engine counts solutions (``tetro`` rung plus search,
   limit 2). A board with a rival that moves two or more regions at once, or
   one whose descent stalled, is dropped and the whole thing retried with
   fresh randomness.

Everything random comes from the ``random.Random`` passed in and no
decision reads the clock, so a seed always gives the same puzzle.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ...engine import count_solutions
from ...errors import PuzzleError
from ...kind import Generated, Rows
from .ladder import LADDER
from .model import Lits, build
from .packing import PACKERS, Packing, geometry, pack
from .slack import Regions, descend, flood
from .state import new_state

MODES = PACKERS
"""Generation modes name the packer; ``backtrack`` (denser) is the default."""
COUNT_RUNG = "tetro"
"""The rung the uniqueness count propagates with (fastest per count).

The rung engine stays the oracle: on the boards this generator counts,
``tetro`` + search beats the SAT hybrid and plain SAT, and counting is a
small share of generation time anyway -- packing, flooding and descending
dominate. The figures, and the command that measures them, are in
``docs/lits-notes.md`` ("Choosing the counting rung")."""
COUNT_RULES = LADDER.rules(COUNT_RUNG)
MAX_ATTEMPTS = 200
MIN_SIDE = 4
MAX_SIDE = 30


@dataclass(frozen=True)
class Attempt:
    """One pass of pack, flood and descend, with what the count said."""

    packing: Packing
    regions: Regions
    puzzle: Lits
    history: list[int]
    solutions: int  # counted up to 2


def attempt(rng: random.Random, rows: int, cols: int, packer: str = "backtrack") -> Attempt:
    """Pack, flood, descend and count once (the board may or may not be unique)."""
    geo = geometry(rows, cols)
    packing = pack(rng, rows, cols, packer)
    regions = Regions.of(geo, packing)
    flood(rng, regions)
    _, history = descend(rng, regions)
    puzzle = build(rows, cols, regions.labels)
    solutions = 2 if history[-1] > 0 else count(puzzle)
    return Attempt(packing, regions, puzzle, history, solutions)


def count(puzzle: Lits, limit: int = 2) -> int:
    """Solutions of ``puzzle`` up to ``limit``, by the engine."""
    return count_solutions(new_state(puzzle), COUNT_RULES, limit=limit).count


def solution_rows(packing: Packing) -> Rows:
    shaded, cols = packing.shaded, packing.cols
    return [[shaded >> (r * cols + c) & 1 for c in range(cols)] for r in range(packing.rows)]


def check_arguments(rows: int, cols: int, mode: str) -> None:
    if mode not in MODES:
        raise PuzzleError(f"unknown generation mode {mode!r}; choose from {', '.join(MODES)}")
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise PuzzleError(
            f"can generate LITS from {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE}, "
            f"not {rows}x{cols}"
        )


def generate(rng: random.Random, rows: int, cols: int, mode: str = "backtrack") -> Generated[Lits]:
    """A new unique LITS of ``rows`` × ``cols`` with its solution.

    ``info`` holds ``mode``, ``density`` (shaded share), ``regions``,
    ``attempts`` (passes needed, the successful one included),
    ``rejected_by_count`` (passes whose slack reached zero but that a
    multi-region rival sank), ``slack`` (total slack after flooding and each
    descent step of the successful pass) and ``seconds``.
    """
    check_arguments(rows, cols, mode)
    started = time.perf_counter()
    rejected = 0
    for number in range(1, MAX_ATTEMPTS + 1):
        made = attempt(rng, rows, cols, mode)
        if made.solutions == 1:
            info = {
                "mode": mode,
                "density": round(made.packing.density, 4),
                "regions": made.puzzle.region_count,
                "attempts": number,
                "rejected_by_count": rejected,
                "slack": made.history,
                "seconds": round(time.perf_counter() - started, 4),
            }
            return Generated(made.puzzle, solution_rows(made.packing), info)
        if made.history[-1] == 0:
            rejected += 1
    raise RuntimeError(f"no unique {rows}x{cols} LITS in {MAX_ATTEMPTS} attempts")
