"""Random Heteromino boards for cross-checks, soak runs and statistics.

These are test boards, not puzzles: black cells scattered at random so that
the white cells number a multiple of 3, satisfiable or (often) not. The
only clue a Heteromino has is its set of black cells, so a random board is
just a random subset; nothing here uses a solver.
"""

from __future__ import annotations

import random

from .model import Heteromino, build


def legal_black_counts(rows: int, cols: int) -> list[int]:
    """Every black-cell count that leaves a multiple of 3 white cells."""
    total = rows * cols
    return [k for k in range(total + 1) if (total - k) % 3 == 0]


def random_board(
    rng: random.Random,
    rows: int | None = None,
    cols: int | None = None,
    *,
    min_side: int = 3,
    max_side: int = 6,
    black_count: int | None = None,
    max_black_share: float = 0.35,
) -> Heteromino:
    """A board with ``black_count`` black cells placed uniformly at random.

    Unspecified sizes are drawn from ``min_side``..``max_side``; an
    unspecified count is drawn from the legal counts up to
    ``max_black_share`` of the board (beyond that most boards fall apart into
    pockets that are not multiples of 3).
    """
    rows = rows if rows is not None else rng.randint(min_side, max_side)
    cols = cols if cols is not None else rng.randint(min_side, max_side)
    if black_count is None:
        counts = [k for k in legal_black_counts(rows, cols) if k <= max_black_share * rows * cols]
        if not counts:
            raise ValueError(f"no legal black-cell count for a {rows}x{cols} board")
        black_count = rng.choice(counts)
    if (rows * cols - black_count) % 3 or not 0 <= black_count <= rows * cols:
        raise ValueError(f"{black_count} black cells do not leave a multiple of 3 white cells")
    black = [False] * (rows * cols)
    for cell in rng.sample(range(rows * cols), black_count):
        black[cell] = True
    return build(rows, cols, black)
