"""Random Fillomino boards for cross-checks, the soak, the fuzzer and format tests.

These are test boards, not puzzles, in two flavours:

* :func:`random_board` -- random small numbers sprinkled on the grid, most
  of which clash (no answer) or leave much open (many answers);
* :func:`planted_board` -- a random valid partition showing some of its
  region sizes, so it has at least that answer.

Nothing here consults a solver, so the boards are fair tests of every
counter. Givens stay small (as in real puzzles), which keeps the exact
counters quick on the small boards the cross-checks use.
"""

from __future__ import annotations

import random

from .model import Fillomino, build, clashes, neighbours


def random_partition(rng: random.Random, rows: int, cols: int, largest: int = 5) -> list[int]:
    """A valid answer: each cell's region size.

    Regions grow from random cells towards a size drawn from 1..``largest``
    by adding random free neighbours (stopping early when walled in); then
    two touching regions of one size are merged, again and again, until no
    two regions of one size touch (each merge leaves fewer regions, so this
    ends).
    """
    total = rows * cols
    near = [neighbours(rows, cols, cell) for cell in range(total)]
    labels = [-1] * total
    order = list(range(total))
    rng.shuffle(order)
    next_label = 0
    for seed in order:
        if labels[seed] >= 0:
            continue
        target = rng.randint(1, largest)
        labels[seed] = next_label
        grown = [seed]
        while len(grown) < target:
            frontier = sorted({o for m in grown for o in near[m] if labels[o] < 0})
            if not frontier:
                break
            cell = rng.choice(frontier)
            labels[cell] = next_label
            grown.append(cell)
        next_label += 1
    while True:
        sizes: dict[int, int] = {}
        for label in labels:
            sizes[label] = sizes.get(label, 0) + 1
        twins = sorted(
            (labels[a], labels[b])
            for a in range(total)
            for b in near[a]
            if labels[a] < labels[b] and sizes[labels[a]] == sizes[labels[b]]
        )
        if not twins:
            return [sizes[label] for label in labels]
        keep, gone = rng.choice(twins)
        labels = [keep if label == gone else label for label in labels]


PLANTED_LARGEST = 6
"""The largest size a planted board shows: merged regions may grow larger, and a
large given has so many shapes that the exact counters slow down on it, while
a large region left unnumbered only adds answers."""


def planted_board(
    rng: random.Random, rows: int, cols: int, *, reveal: float | None = None
) -> Fillomino:
    """A board with at least one answer: a random partition (:func:`random_partition`)
    showing each cell's size (up to :data:`PLANTED_LARGEST`) with probability
    ``reveal`` (random by default)."""
    sizes = random_partition(rng, rows, cols, largest=rng.choice((3, 4, 5, 6)))
    share = rng.uniform(0.2, 0.7) if reveal is None else reveal
    shown = [size if size <= PLANTED_LARGEST and rng.random() < share else 0 for size in sizes]
    return build(rows, cols, shown)


def random_board(rng: random.Random, rows: int, cols: int) -> Fillomino:
    """A board of random givens from 1 to 4 on a random share of the cells
    (a quarter to a half), whether or not it has an answer; of a group of
    touching equal givens too many for their number (which the readers
    refuse) only the first cell keeps its given."""
    share = rng.uniform(0.25, 0.5)
    top = min(4, rows * cols)
    givens = [rng.randint(1, top) if rng.random() < share else 0 for _ in range(rows * cols)]
    for group, _ in clashes(rows, cols, givens):  # the readers refuse these: keep one cell
        for cell in group[1:]:
            givens[cell] = 0
    return build(rows, cols, givens)


def soak_board(rng: random.Random, rows: int, cols: int) -> Fillomino:
    """A board for the soak: planted in two of three (random givens mostly
    clash, so answers get compared too), plain random givens in the rest."""
    if rng.random() < 2 / 3:
        return planted_board(rng, rows, cols)
    return random_board(rng, rows, cols)
