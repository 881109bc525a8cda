"""Random Norinori boards for cross-checks, the soak, the fuzzer and format tests.

These are test boards, not puzzles: random partitions (most of which have
no answer at all, as the LITS write-up says of Norinori), and for the soak
also *planted* boards, whose regions are grown around a random shading of
dominoes so that they have at least that answer. Nothing here consults a
solver, so the boards are fair tests of every counter.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from .model import Norinori, build, neighbours


def random_regions(
    rng: random.Random, rows: int, cols: int, smallest: int = 2, largest: int = 6
) -> list[int]:
    """Region labels per cell: regions grown from random cells to a target
    size drawn from ``smallest``..``largest`` by adding random free
    neighbours; a region left smaller than ``smallest`` (walled in early) is
    merged into a random neighbouring one, so it may exceed ``largest``."""
    total = rows * cols
    if total < 2:
        raise ValueError(f"a {rows}x{cols} board cannot hold a region of two cells")
    labels = [-1] * total
    order = list(range(total))
    rng.shuffle(order)
    next_label = 0
    for seed in order:
        if labels[seed] != -1:
            continue
        target = rng.randint(smallest, largest)
        labels[seed] = next_label
        grown = [seed]
        while len(grown) < target:
            frontier = sorted(
                {n for m in grown for n in neighbours(rows, cols, m) if labels[n] == -1}
            )
            if not frontier:
                break
            cell = rng.choice(frontier)
            labels[cell] = next_label
            grown.append(cell)
        next_label += 1
    return _merge_small(rng, rows, cols, labels, smallest)


def _merge_small(
    rng: random.Random, rows: int, cols: int, labels: list[int], smallest: int
) -> list[int]:
    while True:
        sizes: dict[int, int] = {}
        for label in labels:
            sizes[label] = sizes.get(label, 0) + 1
        small = sorted(label for label, n in sizes.items() if n < smallest)
        if not small or len(sizes) == 1:
            return labels
        label = small[0]
        cells = [cell for cell, other in enumerate(labels) if other == label]
        beside = sorted({labels[n] for c in cells for n in neighbours(rows, cols, c)} - {label})
        into = rng.choice(beside)
        for cell in cells:
            labels[cell] = into


def dominoes(
    rng: random.Random, rows: int, cols: int, tries: int | None = None
) -> list[tuple[int, int]]:
    """A random shading of dominoes no two of which share an edge: random
    cells tried in turn, each with a random free neighbour."""
    total = rows * cols
    shaded = [False] * total
    blocked = [False] * total  # shaded, or beside a shaded cell
    placed: list[tuple[int, int]] = []
    order = list(range(total))
    rng.shuffle(order)
    for cell in order[: tries or total]:
        if blocked[cell]:
            continue
        sides = [n for n in neighbours(rows, cols, cell) if not blocked[n]]
        if not sides:
            continue
        other = rng.choice(sides)
        placed.append((min(cell, other), max(cell, other)))
        for end in (cell, other):
            shaded[end] = True
        for end in (cell, other):
            blocked[end] = True
            for n in neighbours(rows, cols, end):
                blocked[n] = True
    return sorted(placed)


def grow_around(
    rng: random.Random, rows: int, cols: int, placed: list[tuple[int, int]]
) -> list[int]:
    """Region labels: one region per domino, grown over the unshaded cells by
    adding a random free cell beside a random region until none is free.

    Every region holds exactly its domino, so the dominoes are an answer.
    A cell no region reaches (walled in by other regions' dominoes, which
    cannot be) does not occur: a region grows into any free cell beside it.
    """
    total = rows * cols
    labels = [-1] * total
    grown: list[list[int]] = []
    for number, (a, b) in enumerate(placed):
        labels[a] = labels[b] = number
        grown.append([a, b])
    free = total - 2 * len(placed)
    while free:
        region = rng.randrange(len(grown))
        frontier = [n for m in grown[region] for n in neighbours(rows, cols, m) if labels[n] == -1]
        if not frontier:
            continue
        cell = rng.choice(frontier)
        labels[cell] = region
        grown[region].append(cell)
        free -= 1
    return labels


def random_board(
    rng: random.Random,
    rows: int,
    cols: int,
    *,
    smallest: int = 2,
    largest: int = 6,
) -> Norinori:
    """A valid random partition (most have no answer)."""
    return build(rows, cols, random_regions(rng, rows, cols, smallest, largest))


def planted_board(rng: random.Random, rows: int, cols: int, *, tight: bool = False) -> Norinori:
    """A board with at least one answer: regions grown around random dominoes,
    at random or (``tight``) as the generator floods them, each cell joining
    the region it gives the fewest rivals, so that unique boards are common."""
    if rows * cols < 2:
        raise ValueError(f"a {rows}x{cols} board cannot hold a domino")
    placed = dominoes(rng, rows, cols)
    if not placed:
        raise ValueError(f"no domino fits a {rows}x{cols} board")
    if tight:
        return build(rows, cols, flood(rng, rows, cols, placed))
    return build(rows, cols, grow_around(rng, rows, cols, placed))


def face_board(rng: random.Random, rows: int, cols: int) -> Norinori:
    """The face's random board: a plain random partition."""
    return random_board(rng, rows, cols)


def soak_board(rng: random.Random, rows: int, cols: int) -> Norinori:
    """A board for the soak: planted in half of them (plain random partitions
    nearly never have an answer; half the planted ones flooded tight, so that
    unique boards occur), region sizes varied in the rest."""
    draw = rng.random()
    if draw < 0.5:
        return planted_board(rng, rows, cols, tight=draw < 0.25)
    smallest, largest = rng.choice(((2, 4), (2, 6), (3, 8)))
    return random_board(rng, rows, cols, smallest=smallest, largest=largest)


def slides(
    rows: int, cols: int, labels: list[int], shaded: set[int], region: int
) -> list[set[int]]:
    """The other pairs ``region`` could shade with every other region's shading
    kept: each a rival answer that differs in this region alone."""
    near = near_table(rows, cols)
    cells = [cell for cell, label in enumerate(labels) if label == region]
    own = {cell for cell in cells if cell in shaded}
    rest = shaded - own
    found = []
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            pair = {a, b}
            if pair != own and _fits(near, rest, pair, own):
                found.append(pair - own)
    return found


def _fits(near: tuple[tuple[int, ...], ...], rest: set[int], pair: set[int], own: set[int]) -> bool:
    """Whether shading ``rest`` and ``pair`` (not ``own``) leaves every shaded
    cell near the change with exactly one shaded neighbour (the shading is
    not copied: a slide is tried for every pair of a region, many times)."""
    around = pair.union(*(near[cell] for cell in pair | own))
    for cell in around:
        if (cell in pair or cell in rest) and sum(
            1 for n in near[cell] if n in pair or n in rest
        ) != 1:
            return False
    return True


@lru_cache(maxsize=32)
def near_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Every cell's neighbours (:func:`.model.neighbours`), computed once per board size."""
    return tuple(neighbours(rows, cols, cell) for cell in range(rows * cols))


def flood(
    rng: random.Random,
    rows: int,
    cols: int,
    placed: list[tuple[int, int]],
    seeds: Sequence[Sequence[int]] | None = None,
) -> list[int]:
    """Region labels: one region per seed (each domino by default; the
    generator's seeds may pair two dominoes' cells, :mod:`.crossing`), then
    each free cell in turn (a random one beside a region) joins the
    neighbouring region it gives the fewest slides, as the LITS write-up
    floods cells into the region they enlarge least."""
    total = rows * cols
    labels = [-1] * total
    for number, seed in enumerate(placed if seeds is None else seeds):
        for cell in seed:
            labels[cell] = number
    shaded = {cell for pair in placed for cell in pair}
    near = near_table(rows, cols)
    free = labels.count(-1)
    while free:
        frontier = [
            cell
            for cell in range(total)
            if labels[cell] == -1 and any(labels[n] >= 0 for n in near[cell])
        ]
        cell = rng.choice(frontier)
        best: list[int] = []
        fewest = 1 << 30
        for region in sorted({labels[n] for n in near[cell]} - {-1}):
            labels[cell] = region
            loose = len(slides(rows, cols, labels, shaded, region))
            if loose < fewest:
                best, fewest = [region], loose
            elif loose == fewest:
                best.append(region)
        labels[cell] = rng.choice(best)
        free -= 1
    return labels
