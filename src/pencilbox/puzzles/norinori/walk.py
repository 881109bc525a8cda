"""The generator's walk: one move against one rival answer.

A rival answer differs from the intended one; it stays an answer while
every region holds two of its shaded cells. Moving an unshaded cell that
only the rival shades into another region breaks that count, so the rival
is gone, and the intended answer is untouched (no shaded cell changes
region). Such a cell may be walled in by its own region, or be the only
link between the region's dominoes and some cells beyond it: then it takes
those cells along (none of them shaded), or, when it cannot go at all, a
cell of a region where the answers differ moves instead, nearest first,
which may open a way out for it next time.

When every cell the rival shades is stuck, and one is the only link between
its region's two shaded cells because the region was seeded across two
dominoes (:mod:`.crossing`), that trade is undone: the two regions' cells
are dealt out again, each around one whole domino.

A cell that has moved :data:`MAX_MOVES` times stays put: a cell that makes
a rival in either region beside it would otherwise swing between them
until the walk gives up.
"""

from __future__ import annotations

import random

from .boards import near_table, slides

MAX_MOVES = 12


def walk_step(
    rng: random.Random,
    labels: list[int],
    shaded: set[int],
    other: set[int],
    cols: int,
    moved: dict[int, int],
) -> bool:
    """Move unshaded cells of the answer (``shaded``) to a neighbouring region
    against the rival ``other``, counting moves in ``moved``; False when no
    cell can go."""
    rows = len(labels) // cols
    near = near_table(rows, cols)
    differ = {labels[cell] for cell in other ^ shaded}
    first = sorted(other - shaded)
    then = [c for c in range(rows * cols) if labels[c] in differ and c not in shaded | other]
    rng.shuffle(first)
    rng.shuffle(then)
    aims = [divmod(cell, cols) for cell in first]

    def rank(cell: int) -> tuple[int, int, int]:
        row, col = divmod(cell, cols)
        gap = min((abs(row - r) + abs(col - c) for r, c in aims), default=0)
        return moved.get(cell, 0), int(cell not in other), gap

    for cell in sorted(first + then, key=rank):
        if moved.get(cell, 0) >= MAX_MOVES:
            break
        carried = _carried(near, labels, shaded, cell)
        if carried is None:
            continue
        home = labels[cell]
        choices = sorted({labels[n] for c in carried for n in near[c]} - {home})
        if not choices:
            continue
        rng.shuffle(choices)
        best = min(
            choices, key=lambda region: _slides_with(rows, cols, labels, shaded, carried, region)
        )
        for c in carried:
            labels[c] = best
        moved[cell] = moved.get(cell, 0) + 1
        return True
    return _bypass(rng, near, labels, shaded, first, moved)


def _bypass(
    rng: random.Random,
    near: tuple[tuple[int, ...], ...],
    labels: list[int],
    shaded: set[int],
    stuck: list[int],
    moved: dict[int, int],
) -> bool:
    """Undo the trade (:mod:`.crossing`) of a ``stuck`` cell's region: a cell
    the rival shades that alone links its region's two shaded cells, when
    those are no domino but cells of two dominoes whose other cells share
    one region. The two regions' cells are dealt out again, grown from the
    two dominoes, so that each holds one domino whole; False when no stuck
    cell is in such a region."""
    for cell in stuck:
        home = labels[cell]
        pair = [c for c, label in enumerate(labels) if label == home and c in shaded]
        if any(n in pair for n in near[pair[0]]):
            continue  # a domino of its own: nothing to undo
        partners = [next(n for n in near[c] if n in shaded) for c in pair]
        away = labels[partners[0]]
        if labels[partners[1]] != away or away == home:
            continue
        _deal(near, labels, (pair[0], partners[0]), (pair[1], partners[1]), home, away)
        return True
    return False


def _deal(
    near: tuple[tuple[int, ...], ...],
    labels: list[int],
    one: tuple[int, int],
    two: tuple[int, int],
    first: int,
    second: int,
) -> None:
    """Relabel the cells of regions ``first`` and ``second``: grown in turn
    from domino ``one`` (as ``first``) and domino ``two`` (as ``second``)."""
    cells = {c for c, label in enumerate(labels) if label in (first, second)}
    for c in cells:
        labels[c] = -2
    fronts = [list(one), list(two)]
    for label, front in zip((first, second), fronts, strict=True):
        for c in front:
            labels[c] = label
    while any(fronts):
        for index, label in enumerate((first, second)):
            grown = [n for c in fronts[index] for n in near[c] if labels[n] == -2]
            fronts[index] = []
            for n in grown:
                if labels[n] == -2:
                    labels[n] = label
                    fronts[index].append(n)


def _carried(
    near: tuple[tuple[int, ...], ...], labels: list[int], shaded: set[int], cell: int
) -> list[int] | None:
    """``cell`` and the cells of its region it alone links to the region's
    shaded cells: what must leave with it for the region to stay whole. None
    when its shaded cells would fall apart (or ``cell`` is one of them)."""
    if cell in shaded:
        return None
    home = labels[cell]
    anchors = [c for c, label in enumerate(labels) if label == home and c in shaded]
    seen = {cell, anchors[0]}
    todo = [anchors[0]]
    while todo:
        for n in near[todo.pop()]:
            if n not in seen and labels[n] == home:
                seen.add(n)
                todo.append(n)
    if any(anchor not in seen for anchor in anchors):
        return None
    return [cell] + [c for c, label in enumerate(labels) if label == home and c not in seen]


def _slides_with(
    rows: int, cols: int, labels: list[int], shaded: set[int], carried: list[int], region: int
) -> int:
    """How many slides ``region`` has with ``carried`` moved into it (``labels`` left as found)."""
    home = labels[carried[0]]
    for cell in carried:
        labels[cell] = region
    found = len(slides(rows, cols, labels, shaded, region))
    for cell in carried:
        labels[cell] = home
    return found
