"""Make new Heteromino puzzles by walking black cells around the board.

A Heteromino's only clue is its set of black cells, and the clues are not a
function of the answer: blacking a cell changes which cells need covering.
Nor can a clue be removed on its own -- the white count must stay a multiple
of three -- so the usual "fill, then erase givens while unique" recipe has no
legal step. What is left is a local search over black-cell sets:

1. **Scatter** ``k`` black cells at random, ``k`` drawn from the band of
   densities where the census and the scatter sample find unique boards
   (:data:`BAND`), and only from counts that leave a multiple of 3 white.
2. **Score** the board: 0 when it has exactly one answer, 1 when it has more
   (counted up to 2), and ``2 + bad`` when it has none, where ``bad`` is the
   number of open regions whose size is not a multiple of 3. Most boards in
   the band have no answer, so without ``bad`` the walk would stand on a flat
   plateau of "unsolvable"; ``bad`` is necessary for solvability and never
   sufficient, but it is a slope out of the impossible region. It is also
   free: a board with ``bad > 0`` needs no count at all.
3. **Walk**: move one black cell to one white cell (so the counts never
   change), keep the move when the score does not get worse, stop at 0.
   After :func:`move_budget` moves without success, scatter afresh.

Everything random comes from the ``random.Random`` passed in, and no decision
depends on the clock, so a seed always gives the same puzzle.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ...engine import Contradiction, State, count_solutions, propagate
from ...errors import PuzzleError
from ...kind import Generated, Rows
from .ladder import LADDER
from .model import Heteromino, build
from .rules import new_state

MODES = ("walk",)
MAX_SIDE = 20
MAX_RESTARTS = 1_000
AIM = 0.5
"""Share of moves on an ambiguous board that put a black cell where two answers differ."""
NEAR = 4
"""Such a move takes its black cell from the ``NEAR`` black cells nearest the new one."""

BAND = (0.14, 0.22)
"""Black-cell densities a walk starts from.

Measured (``stats.json``, ``scatter``): random boards are unique only in a
narrow band, about 15-20% black on 8x8 and 10x10; below it boards have many
answers, above it none. The walk starts inside the band and moves from there.
"""

ROOT_RULES = LADDER.rules("region")
COUNT_RULES = LADDER.rules("fit")
"""The walk counts by propagating the untouched board with ``region`` (its
pocket pruning is what proves most unsolvable boards unsolvable at once,
where ``fit`` alone searched up to seconds) and then searching with ``fit``
alone (the cheapest per node; on ambiguous boards the second answer is found
after few nodes). On 12x12 walk boards this was 5x faster than ``fit`` plus
search from the root, and faster than every rung used throughout (measured
while writing this module; see ``docs/heteromino-notes.md``). The scanner's
blind search blows up on ambiguous 12x12 boards."""


def count_answers(puzzle: Heteromino) -> list[State]:
    """Up to two answers of ``puzzle`` (as solved states); fewer means that is all."""
    state = new_state(puzzle)
    try:
        propagate(state, ROOT_RULES)
    except Contradiction:
        return []
    return count_solutions(state, COUNT_RULES, limit=2).solutions


@dataclass(frozen=True)
class Scored:
    """A board's score: 0 = unique; ``1 + differ`` = ambiguous; ``cells + 2 + bad``
    = no answer (so every unsolvable board scores worse than every ambiguous one)."""

    score: int
    solution: Rows | None  # the answer, when unique
    differ: tuple[int, ...] = ()  # cells whose piece differs between two answers


def legal_black_counts(rows: int, cols: int, band: tuple[float, float] = BAND) -> list[int]:
    """Black-cell counts inside ``band`` that leave a multiple of 3 white cells.

    Falls back to the legal count nearest the band's middle when the band
    holds none (tiny boards).
    """
    total = rows * cols
    legal = [k for k in range(total) if (total - k) % 3 == 0]
    inside = [k for k in legal if band[0] * total <= k <= band[1] * total]
    if inside:
        return inside
    middle = (band[0] + band[1]) / 2 * total
    return [min(legal, key=lambda k: (abs(k - middle), k))]


def bad_regions(rows: int, cols: int, black: list[bool]) -> int:
    """How many connected white regions have a size that is not a multiple of 3."""
    seen = black.copy()
    bad = 0
    for start in range(rows * cols):
        if seen[start]:
            continue
        seen[start] = True
        todo = [start]
        size = 0
        while todo:
            cell = todo.pop()
            size += 1
            row, col = divmod(cell, cols)
            if row and not seen[cell - cols]:
                seen[cell - cols] = True
                todo.append(cell - cols)
            if row + 1 < rows and not seen[cell + cols]:
                seen[cell + cols] = True
                todo.append(cell + cols)
            if col and not seen[cell - 1]:
                seen[cell - 1] = True
                todo.append(cell - 1)
            if col + 1 < cols and not seen[cell + 1]:
                seen[cell + 1] = True
                todo.append(cell + 1)
        bad += size % 3 != 0
    return bad


def score(rows: int, cols: int, black: list[bool]) -> Scored:
    """Score a black-cell set (see the module text); counts only when it must."""
    cells = rows * cols
    bad = bad_regions(rows, cols, black)
    if bad:
        return Scored(cells + 2 + bad, None)
    puzzle = build(rows, cols, black)
    found = count_answers(puzzle)
    if not found:
        return Scored(cells + 2, None)
    if len(found) > 1:
        first, second = (state.domains for state in found)
        differ = tuple(cell for cell in range(cells) if first[cell] != second[cell])
        return Scored(1 + len(differ), None, differ)
    from . import KIND

    return Scored(0, KIND.solution_rows(puzzle, found[0]))


def move_budget(rows: int, cols: int) -> int:
    """Moves one walk may make before it scatters afresh: 4 per cell.

    Successful walks on 8x8 and 12x12 mostly finish well inside this (see
    the ``budget`` table in ``stats.json``); a walk that has not, usually
    sits on a plateau it will not leave.
    """
    return 4 * rows * cols


@dataclass
class Walk:
    """One walk from one scatter: where it ended and what it spent."""

    black: list[bool]
    score: Scored
    moves: int  # moves tried, accepted or not
    success_move: int | None  # moves tried when the score reached 0


def nearest(cells: list[int], target: int, cols: int, how_many: int) -> list[int]:
    """The ``how_many`` cells of ``cells`` nearest ``target`` (city-block distance)."""
    row, col = divmod(target, cols)
    return sorted(cells, key=lambda c: abs(c // cols - row) + abs(c % cols - col))[:how_many]


def scatter(rng: random.Random, rows: int, cols: int, black_count: int) -> list[bool]:
    black = [False] * (rows * cols)
    for cell in rng.sample(range(rows * cols), black_count):
        black[cell] = True
    return black


def walk(rng: random.Random, rows: int, cols: int, black_count: int, budget: int) -> Walk:
    """Scatter ``black_count`` black cells and walk them for up to ``budget`` moves."""
    black = scatter(rng, rows, cols, black_count)
    current = score(rows, cols, black)
    moves = 0
    while current.score and moves < budget:
        moves += 1
        blacks = [cell for cell, b in enumerate(black) if b]
        whites = [cell for cell, b in enumerate(black) if not b]
        # An ambiguous board is most often mended by a black cell where its two
        # answers disagree, so half the moves aim there.
        if current.differ and rng.random() < AIM:
            # Put a black cell where the two answers differ and take one from
            # close by, so that the region around keeps its size mod 3.
            target = rng.choice(current.differ)
            source = rng.choice(nearest(blacks, target, cols, NEAR))
        else:
            source, target = rng.choice(blacks), rng.choice(whites)
        black[source], black[target] = False, True
        trial = score(rows, cols, black)
        if trial.score <= current.score:
            current = trial
        else:
            black[source], black[target] = True, False
    return Walk(black, current, moves, moves if current.score == 0 else None)


def check_size(rows: int, cols: int) -> None:
    if not (3 <= rows <= MAX_SIDE and 3 <= cols <= MAX_SIDE):
        raise PuzzleError(
            f"can generate Heteromino boards from 3x3 to {MAX_SIDE}x{MAX_SIDE}, not {rows}x{cols}"
        )


def generate(rng: random.Random, rows: int, cols: int, mode: str = "walk") -> Generated[Heteromino]:
    """A new unique puzzle of ``rows`` × ``cols`` with its solution.

    ``info`` holds ``mode``, ``black`` (black cells), ``walks`` (scatters
    tried, the successful one included), ``moves`` (over all walks),
    ``grade`` (as :meth:`Grade.as_json`) and ``seconds``.
    """
    from ... import solving
    from . import KIND

    if mode not in MODES:
        raise PuzzleError(f"unknown generation mode {mode!r}; choose from {', '.join(MODES)}")
    check_size(rows, cols)
    started = time.perf_counter()
    counts = legal_black_counts(rows, cols)
    budget = move_budget(rows, cols)
    moves = 0
    walks = 0
    while walks < MAX_RESTARTS:
        walks += 1
        done = walk(rng, rows, cols, rng.choice(counts), budget)
        moves += done.moves
        if done.score.score == 0:
            break
    else:
        raise RuntimeError(f"no unique {rows}x{cols} board in {MAX_RESTARTS} walks")
    puzzle = build(rows, cols, done.black)
    grade = solving.grade(KIND, puzzle)
    if not grade.unique:  # cannot happen unless a rung is unsound
        raise AssertionError(f"generated puzzle is not unique: {grade.label}")
    assert done.score.solution is not None
    info = {
        "mode": mode,
        "black": puzzle.black_count,
        "walks": walks,
        "moves": moves,
        "grade": grade.as_json(),
        "seconds": round(time.perf_counter() - started, 4),
    }
    return Generated(puzzle, done.score.solution, info)
