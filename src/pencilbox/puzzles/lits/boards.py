"""Random LITS boards for cross-checks, the soak, the fuzzer and format tests.

These are test boards, not puzzles: random partitions into regions of a
few cells, satisfiable or not, unique or not, some with holes (cells in no
region). Nothing here consults a solver, so the boards are fair tests of
every counter.
"""

from __future__ import annotations

import random

from ...errors import PuzzleError
from .model import HOLE, Lits, build

HOLE_SHARES = (0.0, 0.0, 0.08, 0.16)
"""The share of cells made holes on the face's random boards, drawn per
board: half the boards have none, so hole-free boards stay covered."""


def _orthogonal(rows: int, cols: int, cell: int) -> list[int]:
    row, col = divmod(cell, cols)
    steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return [r * cols + c for r, c in steps if 0 <= r < rows and 0 <= c < cols]


def _square(labels: list[int], label: int, cols: int) -> bool:
    """True when the four cells labelled ``label`` form a 2×2 square."""
    cells = [cell for cell, other in enumerate(labels) if other == label]
    top = cells[0]
    return cells == [top, top + 1, top + cols, top + cols + 1] and top % cols + 1 < cols


def random_regions(
    rng: random.Random,
    rows: int,
    cols: int,
    smallest: int = 4,
    largest: int = 8,
    holes: float = 0.0,
) -> list[int]:
    """Region labels per cell: first each cell is a hole (:data:`HOLE`) with
    chance ``holes``; then regions grown to a target size drawn from
    ``smallest``..``largest`` by adding random free neighbours, then every
    region left smaller than ``smallest`` (walled in early), and every
    region that is exactly a 2×2 square (no tetromino fits it), merged into
    a random neighbouring region, or made holes when holes wall it in.
    Merged regions may exceed ``largest``."""
    total = rows * cols
    if total < smallest:
        raise ValueError(f"a {rows}x{cols} board cannot hold a region of {smallest}")
    free = -2  # not yet in a region (HOLE, -1, is taken)
    labels = [HOLE if holes and rng.random() < holes else free for _ in range(total)]
    order = list(range(total))
    rng.shuffle(order)
    next_label = 0
    for seed in order:
        if labels[seed] != free:
            continue
        target = rng.randint(smallest, largest)
        labels[seed] = next_label
        grown = [seed]
        while len(grown) < target:
            frontier = sorted(
                {n for m in grown for n in _orthogonal(rows, cols, m) if labels[n] == free}
            )
            if not frontier:
                break
            cell = rng.choice(frontier)
            labels[cell] = next_label
            grown.append(cell)
        next_label += 1
    while True:
        sizes: dict[int, int] = {}
        for label in labels:
            if label != HOLE:
                sizes[label] = sizes.get(label, 0) + 1
        small = sorted(label for label, n in sizes.items() if n < smallest)
        small += sorted(
            label for label, n in sizes.items() if n == 4 and _square(labels, label, cols)
        )
        if not small:
            return labels
        label = small[0]
        cells = [cell for cell in range(total) if labels[cell] == label]
        if len(cells) == total:
            return labels  # one region: nothing to merge into
        beside = sorted(
            {labels[n] for c in cells for n in _orthogonal(rows, cols, c)} - {label, HOLE}
        )
        into = rng.choice(beside) if beside else HOLE  # walled in by holes: holes too
        for cell in cells:
            labels[cell] = into


def random_board(
    rng: random.Random,
    rows: int | None = None,
    cols: int | None = None,
    *,
    sides: tuple[int, int] = (4, 6),
    smallest: int = 4,
    largest: int = 8,
    holes: float = 0.0,
) -> Lits:
    """A valid random board (sides drawn from ``sides`` when not given), each
    cell a hole with chance ``holes`` before the regions grow.

    A partition with a region that is exactly a 2×2 square (no tetromino
    fits it), or with no region at all, is drawn again, up to 1000 times.
    """
    rows = rows if rows is not None else rng.randint(*sides)
    cols = cols if cols is not None else rng.randint(*sides)
    for _ in range(1000):
        labels = random_regions(rng, rows, cols, smallest, largest, holes)
        try:
            return build(rows, cols, labels)
        except PuzzleError:
            continue
    raise ValueError(f"no valid {rows}x{cols} partition found (a 2x2 board has none)")


def face_board(rng: random.Random, rows: int, cols: int) -> Lits:
    """The face's random board: holes in half of them (:data:`HOLE_SHARES`)."""
    return random_board(rng, rows, cols, holes=rng.choice(HOLE_SHARES))


def soak_board(rng: random.Random, rows: int, cols: int) -> Lits:
    """A board for the soak: region sizes vary too, so that both tight and
    loose regions are soaked, and so do holes (:data:`HOLE_SHARES`)."""
    smallest, largest = rng.choice(((4, 5), (4, 6), (4, 8)))
    holes = rng.choice(HOLE_SHARES)
    if rows * cols < 8:  # a 3x3 takes one region, or none fits
        smallest = largest = rows * cols
        holes = 0.0
    return random_board(rng, rows, cols, smallest=smallest, largest=largest, holes=holes)
