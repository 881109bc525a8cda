"""Random Suguru boards for cross-checks, soak runs and statistics.

These are test boards, not puzzles, in four flavours:

* :func:`random_board` -- a partition of random block sizes and shapes,
  sprinkled with random digits, satisfiable or (mostly) not;
* :func:`planted_board` -- a satisfiable partition showing part of one of
  its solutions, so it has at least one solution;
* :func:`carved_board` -- a minimal unique board;
* :func:`soak_board` -- the soak's: half random boards, half the
  generator's filled boards showing part of their filling.

Planted and carved boards lean on the independent brute-force counter only,
never on the rungs, so the boards are fair tests of the rungs. Keep sizes small (up to
about 5x5) so brute force stays fast. Givens never clash with each other
(the model refuses such boards).
"""

from __future__ import annotations

import random

from . import brute
from .generate import make_filled
from .model import REMOVED, Suguru, build


def _orthogonal(rows: int, cols: int, cell: int) -> list[int]:
    row, col = divmod(cell, cols)
    steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return [r * cols + c for r, c in steps if 0 <= r < rows and 0 <= c < cols]


def _touching(rows: int, cols: int, cell: int) -> list[int]:
    row, col = divmod(cell, cols)
    return [
        r * cols + c
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if (r, c) != (row, col) and 0 <= r < rows and 0 <= c < cols
    ]


def random_partition(
    rng: random.Random,
    rows: int,
    cols: int,
    max_block: int = 5,
    removed_chance: float = 0.0,
    min_block: int = 1,
) -> list[int]:
    """Block labels per cell (``REMOVED`` for a removed cell), reading order.

    Each cell is removed with probability ``removed_chance``. Blocks are grown
    from a random unassigned cell towards a size drawn uniformly from
    ``min_block``..``max_block`` by adding random orthogonal frontier cells; a block
    stops early when it runs out of room. Shapes are arbitrary; the board
    need not be satisfiable.
    """
    total = rows * cols
    labels = [REMOVED if rng.random() < removed_chance else -2 for _ in range(total)]
    free = [cell for cell in range(total) if labels[cell] == -2]
    rng.shuffle(free)
    next_label = 0
    for seed in free:
        if labels[seed] != -2:
            continue
        target = rng.randint(min_block, max_block)
        labels[seed] = next_label
        members = [seed]
        while len(members) < target:
            frontier = sorted(
                {n for m in members for n in _orthogonal(rows, cols, m) if labels[n] == -2}
            )
            if not frontier:
                break
            grown = rng.choice(frontier)
            labels[grown] = next_label
            members.append(grown)
        next_label += 1
    return labels


def sprinkle_givens(
    rng: random.Random, rows: int, cols: int, blocks: list[int], given_chance: float
) -> list[int]:
    """Random digits (each within its block's size) on about ``given_chance`` of
    the live cells; a digit that would clash with an earlier one is skipped."""
    total = rows * cols
    sizes: dict[int, int] = {}
    for label in blocks:
        if label != REMOVED:
            sizes[label] = sizes.get(label, 0) + 1
    givens = [0] * total
    order = list(range(total))
    rng.shuffle(order)
    for cell in order:
        if blocks[cell] == REMOVED or rng.random() >= given_chance:
            continue
        digit = rng.randint(1, sizes[blocks[cell]])
        rivals = [o for o in range(total) if o != cell and blocks[o] == blocks[cell]]
        rivals += _touching(rows, cols, cell)
        if all(givens[o] != digit for o in rivals):
            givens[cell] = digit
    return givens


def random_board(
    rng: random.Random,
    rows: int | None = None,
    cols: int | None = None,
    *,
    max_size: int = 5,
    max_block: int = 5,
    given_chance: float | None = None,
    removed_chance: float | None = None,
    min_block: int | None = None,
) -> Suguru:
    """A random board, satisfiable or not.

    Unspecified sizes are drawn from 1..``max_size``. The share of given
    cells defaults to a random value up to 0.5, and about one board in five
    gets a few removed cells (so that path is exercised too). The smallest
    target block size defaults to a random 1..3: partitions of small blocks
    are nearly always unsatisfiable (every block needs a 1 and 1s never
    touch), so larger targets keep a useful share of boards with solutions.
    """
    rows = rows if rows is not None else rng.randint(1, max_size)
    cols = cols if cols is not None else rng.randint(1, max_size)
    if given_chance is None:
        given_chance = rng.uniform(0.0, 0.5)
    if removed_chance is None:
        removed_chance = 0.15 if rng.random() < 0.2 else 0.0
    if min_block is None:
        min_block = rng.randint(1, min(3, max_block))
    blocks = random_partition(rng, rows, cols, max_block, removed_chance, min_block)
    givens = sprinkle_givens(rng, rows, cols, blocks, given_chance)
    return build(rows, cols, blocks, givens)


def carved_board(
    rng: random.Random, rows: int, cols: int, *, min_block: int = 3, max_block: int = 5
) -> Suguru:
    """A minimal unique board, made with nothing but the brute-force counter.

    Draws partitions until one has a solution, writes that solution in as
    givens, then removes givens in random order, keeping each removal only if
    the board stays unique. Slow (many brute-force counts), but it owes
    nothing to the rungs, so the boards it makes are fair tests of them.
    """
    total = rows * cols
    while True:
        blocks = random_partition(rng, rows, cols, max_block, 0.0, min_block)
        empty = build(rows, cols, blocks, [0] * total)
        found, solutions = brute.count(empty, 1)
        if found:
            break
    givens = [digit for row in solutions[0] for digit in row]
    order = list(range(total))
    rng.shuffle(order)
    for cell in order:
        kept = givens[cell]
        givens[cell] = 0
        if brute.count(empty.with_givens(givens), 2)[0] != 1:
            givens[cell] = kept
    return empty.with_givens(givens)


def satisfiable_partition(
    rng: random.Random, rows: int, cols: int, *, min_block: int = 3, max_block: int = 5
) -> tuple[Suguru, list[list[int]]]:
    """A given-free board that has a solution, with one solution (brute force).

    Random partitions are mostly unsatisfiable (every block needs a 1 and 1s
    never touch), so this draws until brute force finds a filling.
    """
    while True:
        blocks = random_partition(rng, rows, cols, max_block, 0.0, min_block)
        empty = build(rows, cols, blocks, [0] * (rows * cols))
        found, solutions = brute.count(empty, 1)
        if found:
            return empty, solutions[0]


def planted_board(
    rng: random.Random, rows: int, cols: int, *, reveal: float = 0.3, min_block: int = 3
) -> Suguru:
    """A satisfiable board: a satisfiable partition showing a random share
    ``reveal`` of one of its solutions. It may have many solutions."""
    empty, solution = satisfiable_partition(rng, rows, cols, min_block=min_block)
    givens = [digit if rng.random() < reveal else 0 for row in solution for digit in row]
    return empty.with_givens(givens)


def soak_board(rng: random.Random, rows: int, cols: int) -> Suguru:
    """A board for the soak: plain random boards are nearly all unsatisfiable
    (every block needs a 1 and 1s never touch), so half are planted, and
    answers get compared too. A planted board shows part of a filling the
    generator found (its partition growth finds fillable partitions fast)."""
    if rng.random() < 0.5:
        return random_board(rng, rows, cols)
    filled = make_filled(rng, rows, cols)
    reveal = rng.uniform(0.0, 0.5)
    givens = [d if rng.random() < reveal else 0 for d in filled.solution]
    return filled.board.with_givens(givens)
