"""Make new Heteromino puzzles by walking black cells around the board.

A Heteromino's only clue is its set of black cells, and the clues are not a
function of the answer: blacking a cell changes which cells need covering.
Nor can a clue be removed on its own -- the white count must stay a multiple
of three -- so the usual "fill, then erase givens while unique" recipe has no
legal step. What is left is a local search over black-cell sets:

1. **Scatter** ``k`` black cells at random, ``k`` drawn from the band of
   densities where the census and the scatter sample find unique boards
   (:data:`BAND`), and only from counts that leave a multiple of 3 white.
2. **Score** the board: 0 when it has exactly one answer; ``1 + differ``
   when it has more, ``differ`` being the cells covered differently by two
   answers chosen far apart (see :mod:`.oracle`), so the score says how much
   of the board is still loose; and ``cells + 2 + bad`` when it has none,
   where ``bad`` is the number of open regions whose size is not a multiple
   of 3. Most boards in the band have no answer, so without ``bad`` the walk
   would stand on a flat plateau of "unsolvable"; ``bad`` is necessary for
   solvability and never sufficient, but it is a slope out of the impossible
   region. It is also free: a board with ``bad > 0`` needs no count at all.
3. **Walk**: move one black cell to one white cell (so the counts never
   change), keep the move when the score does not get worse, stop at 0.
   On an ambiguous board half the moves are *aimed* (:func:`aimed_move`): a
   black cell goes into or next to the loose area, from one of the black
   cells nearest it. After :func:`move_budget` moves without success,
   scatter afresh.

Boards with a side above :data:`LARGE` walk by other settings (see
:func:`large_walk`): denser, every move aimed, windows (:mod:`.windows`)
giving the "no answer" plateau a slope, one SAT solver kept for the whole
walk in place of the default oracle's fresh ones, and a fresh scatter once
a walk stalls.

Everything random comes from the ``random.Random`` passed in, and no decision
depends on the clock (the SAT solver is deterministic too), so a seed always
gives the same puzzle.
"""

from __future__ import annotations

import contextlib
import random
import time
from dataclasses import dataclass

from ...errors import PuzzleError
from ...grid import mask_of, members
from ...kind import Generated, Rows
from .model import Heteromino, build
from .oracle import ORACLE, ORACLES, Kind
from .tables import Board
from .windows import Refuter, WholeBoard

MODES = ("walk",)
MAX_SIDE = 30
MAX_RESTARTS = 1_000
AIM = 0.5
"""Share of moves on an ambiguous board that are aimed at its loose area."""
NEAR = 4
"""An aimed move takes its black cell from the ``NEAR`` black cells nearest the new one."""

BAND = (0.14, 0.22)
"""Black-cell densities a walk starts from.

Measured (``stats.json``, ``scatter``, 300 draws a count): random boards are
unique only in a narrow band -- 8x8 from 7 to 19 black (11-30%, most at
16), 10x10 from 16 to 25, 12x12 only at 33 and 36 (2 of 5,100); below it
boards have many answers, above it none. The walk starts at 14-22% and
moves from there: fewer clues make the better puzzle, though walks from
denser 12x12 boards finish sooner (see ``docs/heteromino-notes.md``).
"""

LARGE = 12
"""Boards with a side above this walk by :func:`large_walk` (the window walk),
the rest by :func:`walk`. The window walk was written for 30x30 and first
taken only above 20, which left 20x20 slower to make than 30x30. Measured on
the same seeds (``benchmarks/heteromino_walks.py``, CPU seconds per puzzle,
median / max over seeds 1-3; ``docs/heteromino-notes.md``, "Large boards"),
the window walk is the faster at every size from 12x12 to 20x20: 13x13
0.16 / 0.24 against 0.49 / 2.1, 17x17 0.38 / 0.43 against 6.3 / 26.1,
20x20 0.77 / 0.90 against 4.6 / 12.3. It stops above 12 because it starts
at :data:`LARGE_BAND` black: at 12x12 and below :func:`walk`'s sparser
:data:`BAND` makes puzzles with fewer clues (12x12: 21-30 black against 36),
fast enough (0.65 / 4.5 s there), and the bank (8x8, 12x12) regenerates
from its seeds unchanged."""
LARGE_BAND = (0.25, 0.27)
"""Densities large walks start from: from :data:`BAND` a 30x30 walk still had
175 of 900 cells loose after ~50 s CPU, while the first board with answers
that a 25-27% walk reaches is tight (a few hundred loose cells, unique within
a few hundred aimed moves)."""
STALL = 400
"""Moves a large walk may go on an ambiguous board without a better score
before it scatters afresh. Walks scored by the default oracle sat at one
score for up to 1,700 moves (one at 7 loose cells); with the whole-board
solver none of the walks for seeds 1-6 stalled this long (and 200 cost seed
6 a second walk)."""


@dataclass(frozen=True)
class Scored:
    """A board's score: 0 = unique; ``1 + differ`` = ambiguous; ``cells + 2 + bad``
    = no answer (so every unsolvable board scores worse than every ambiguous one)."""

    score: int
    solution: Rows | None  # the answer, when unique
    differ: tuple[int, ...] = ()  # cells whose piece differs between two far answers


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
    board = Board(rows, cols)
    left = mask_of(cell for cell, b in enumerate(black) if not b)
    bad = 0
    while left:
        part = board.flood(left & -left, left)
        bad += part.bit_count() % 3 != 0
        left &= ~part
    return bad


def score(kind: Kind, rows: int, cols: int, black: list[bool], oracle: str = ORACLE) -> Scored:
    """Score a black-cell set (see the module text); counts only when it must,
    with ``kind``'s ``oracle``."""
    cells = rows * cols
    bad = bad_regions(rows, cols, black)
    if bad:
        return Scored(cells + 2 + bad, None)
    verdict = ORACLES[oracle](kind, build(rows, cols, black))
    if verdict.count == 0:
        return Scored(cells + 2, None)
    if verdict.count > 1:
        return Scored(1 + len(verdict.differ), None, verdict.differ)
    return Scored(0, verdict.solution)


def move_budget(rows: int, cols: int) -> int:
    """Moves one walk may make before it scatters afresh: 4 per cell (6 above
    :data:`LARGE`, where :data:`STALL` usually ends a walk first).

    Successful walks on 8x8 and 12x12 mostly finish well inside this (see
    the ``budget`` table in ``stats.json``); a walk that has not, usually
    sits on a plateau it will not leave.
    """
    return (6 if max(rows, cols) > LARGE else 4) * rows * cols


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


def loose_area(rows: int, cols: int, black: list[bool], differ: tuple[int, ...]) -> list[int]:
    """The white cells in or next to ``differ`` (cells two answers cover differently)."""
    area = Board(rows, cols).grow(mask_of(differ))
    return [cell for cell in members(area) if not black[cell]]


def aimed_move(
    rng: random.Random, rows: int, cols: int, black: list[bool], differ: tuple[int, ...]
) -> tuple[int, int]:
    """A move (source, target) that blackens a cell in or next to the loose area.

    Inside the area a black cell splits the pieces that disagree; next to it,
    it changes the neighbours that let both answers stand (a 2x3 block cut
    into two Ls either way survives as long as no same-shaped neighbour
    touches either cut). The black cell comes from near the target so that
    the region around keeps its size mod 3. On 12x12 walks aiming into and
    next to the area beat aiming only into it and only next to it (the
    figures: ``docs/heteromino-notes.md``, "Aimed moves").
    """
    target = rng.choice(loose_area(rows, cols, black, differ))
    blacks = [cell for cell, b in enumerate(black) if b]
    source = rng.choice(nearest(blacks, target, cols, NEAR))
    return source, target


def scatter(rng: random.Random, rows: int, cols: int, black_count: int) -> list[bool]:
    black = [False] * (rows * cols)
    for cell in rng.sample(range(rows * cols), black_count):
        black[cell] = True
    return black


def walk(
    kind: Kind,
    rng: random.Random,
    rows: int,
    cols: int,
    black_count: int,
    budget: int,
    oracle: str = ORACLE,
) -> Walk:
    """Scatter ``black_count`` black cells and walk them for up to ``budget`` moves,
    scored through ``kind``."""
    black = scatter(rng, rows, cols, black_count)
    current = score(kind, rows, cols, black, oracle)
    moves = 0
    while current.score and moves < budget:
        moves += 1
        if current.differ and rng.random() < AIM:
            source, target = aimed_move(rng, rows, cols, black, current.differ)
        else:
            blacks = [cell for cell, b in enumerate(black) if b]
            whites = [cell for cell, b in enumerate(black) if not b]
            source, target = rng.choice(blacks), rng.choice(whites)
        black[source], black[target] = False, True
        trial = score(kind, rows, cols, black, oracle)
        if trial.score <= current.score:
            current = trial
        else:
            black[source], black[target] = True, False
    return Walk(black, current, moves, moves if current.score == 0 else None)


def large_score(
    kind: Kind, rows: int, cols: int, black: list[bool], counters: Counters, oracle: str = ORACLE
) -> Scored:
    """:func:`score`, with the windows asked before the count: a board that
    ``w`` windows prove has no answer scores ``cells + 2 + w`` (after
    ``bad``, which is cheaper), so a walk on the plateau has a slope and a
    board there costs no count. The count is the whole-board solver's when
    there is one (see :class:`Counters`), else ``oracle``'s."""
    refuter, whole = counters
    cells = rows * cols
    bad = bad_regions(rows, cols, black)
    if bad:
        return Scored(cells + 2 + bad, None)
    refuted = refuter.refuted(black)
    if refuted:
        return Scored(cells + 2 + refuted, None)
    if whole is None:
        return score(kind, rows, cols, black, oracle)
    verdict = whole.verdict(black)
    if verdict.count == 0:
        return Scored(cells + 2, None)
    if verdict.count > 1:
        return Scored(1 + len(verdict.differ), None, verdict.differ)
    return Scored(0, verdict.solution)


Counters = tuple[Refuter, WholeBoard | None]
"""What a large walk scores with: the windows, and the whole-board solver
(None when the walk was asked for another oracle than the default)."""


def large_walk(
    kind: Kind,
    rng: random.Random,
    rows: int,
    cols: int,
    black_count: int,
    counters: Counters,
    oracle: str = ORACLE,
) -> Walk:
    """:func:`walk` for boards above :data:`LARGE`: scored by :func:`large_score`,
    every move on an ambiguous board aimed, and given up after :data:`STALL`
    moves on an ambiguous board without a better score."""
    black = scatter(rng, rows, cols, black_count)
    current = large_score(kind, rows, cols, black, counters, oracle)
    moves = better = 0
    budget = move_budget(rows, cols)
    while current.score and moves < budget:
        if current.differ and moves - better > STALL:
            break
        moves += 1
        if current.differ:
            source, target = aimed_move(rng, rows, cols, black, current.differ)
        else:
            blacks = [cell for cell, b in enumerate(black) if b]
            whites = [cell for cell, b in enumerate(black) if not b]
            source, target = rng.choice(blacks), rng.choice(whites)
        black[source], black[target] = False, True
        trial = large_score(kind, rows, cols, black, counters, oracle)
        if trial.score < current.score:
            better = moves
        if trial.score <= current.score:
            current = trial
        else:
            black[source], black[target] = True, False
    return Walk(black, current, moves, moves if current.score == 0 else None)


def walks(
    kind: Kind, rng: random.Random, rows: int, cols: int, oracle: str
) -> tuple[Walk, int, int]:
    """Walk from fresh scatters until one reaches a unique board: that walk,
    the walks made and the moves over all of them."""
    large = max(rows, cols) > LARGE
    counts = legal_black_counts(rows, cols, LARGE_BAND if large else BAND)
    budget = move_budget(rows, cols)
    moves = 0
    with contextlib.ExitStack() as solvers:
        counters: Counters | None = None
        if large:
            refuter = solvers.enter_context(Refuter(rows, cols))
            whole = solvers.enter_context(WholeBoard(rows, cols)) if oracle == ORACLE else None
            counters = (refuter, whole)
        for made in range(1, MAX_RESTARTS + 1):
            if counters is None:
                done = walk(kind, rng, rows, cols, rng.choice(counts), budget, oracle)
            else:
                done = large_walk(kind, rng, rows, cols, rng.choice(counts), counters, oracle)
            moves += done.moves
            if done.score.score == 0:
                return done, made, moves
    raise RuntimeError(f"no unique {rows}x{cols} board in {MAX_RESTARTS} walks")


def check_size(rows: int, cols: int) -> None:
    if not (3 <= rows <= MAX_SIDE and 3 <= cols <= MAX_SIDE):
        raise PuzzleError(
            f"can generate Heteromino boards from 3x3 to {MAX_SIDE}x{MAX_SIDE}, not {rows}x{cols}"
        )


def generate(
    kind: Kind,
    rng: random.Random,
    rows: int,
    cols: int,
    mode: str = "walk",
    oracle: str = ORACLE,
) -> Generated[Heteromino]:
    """A new unique puzzle of ``rows`` × ``cols`` with its solution.

    ``kind`` is the face the walk counts through and the puzzle is graded and
    checked with; ``oracle`` names the counter the walk asks (:data:`.oracle.ORACLES`;
    above :data:`LARGE`, the default stands for the whole-board solver of
    :mod:`.windows`, which gives the same verdicts faster there).

    ``info`` holds ``mode``, ``black`` (black cells), ``walks`` (scatters
    tried, the successful one included), ``moves`` (over all walks),
    ``grade`` (as :meth:`Grade.as_json`) and ``seconds``.
    """
    from ... import solving

    if mode not in MODES:
        raise PuzzleError(f"unknown generation mode {mode!r}; choose from {', '.join(MODES)}")
    if oracle not in ORACLES:
        raise PuzzleError(f"unknown oracle {oracle!r}; choose from {', '.join(ORACLES)}")
    check_size(rows, cols)
    started = time.perf_counter()
    done, made, moves = walks(kind, rng, rows, cols, oracle)
    puzzle = build(rows, cols, done.black)
    # The oracle's word is checked twice: the rungs prove the board unique
    # (and grade it), and the independent checker accepts the answer.
    grade = solving.grade(kind, puzzle)
    if not grade.unique:  # cannot happen unless the oracle or a rung is unsound
        raise AssertionError(f"generated puzzle is not unique: {grade.label}")
    solution = done.score.solution
    assert solution is not None
    broken = kind.check(puzzle, solution)
    if broken:
        raise AssertionError(f"the oracle's answer breaks a rule: {broken[0]}")
    info = {
        "mode": mode,
        "black": puzzle.black_count,
        "walks": made,
        "moves": moves,
        "grade": grade.as_json(),
        "seconds": round(time.perf_counter() - started, 4),
    }
    return Generated(puzzle, solution, info)
