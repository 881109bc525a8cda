"""Carving: givens taken off an answer while it stays the only one.

The answer is fixed first (:mod:`.partition`); carving chooses which of its
numbers to show. Every carve ends minimal: each given kept was needed when
it was tried, and stays needed, since later removals only take constraints
away (the one-pass argument of :func:`pencilbox.ambiguity.minimize`).

Where carving starts and the order it tries cells in are its *styles*,
compared in ``stats.json`` (the ``carving`` section):

``spread``
    every cell given; cells tried round the regions, one cell of each
    region per round (regions and their cells in random order), so every
    region loses givens early and few are left fully given.
``random``
    every cell given; cells tried in a uniformly random order.
``regions``
    one given per region (at a random cell of it); while another answer is
    left, a given is added at a random cell where that answer differs; then
    the givens are tried in random order.

Removals are tried in *runs*: a run of cells taken off together is asked
about once, and only a run that leaves another answer is tried again cell by
cell. The run grows after a success and shrinks after a failure, so the
early, easy part of a carve costs a few questions rather than one per cell.
Which cells end up given is the same as trying them one at a time in the
same order would give only when every run succeeds or fails whole; it is
minimal either way.

The oracle is any function of the flat givens that returns another answer
they allow, or None (:class:`.oracle.AnswerOracle` in the generator, a brute
count in the tests). Everything random comes from the ``random.Random``
passed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

STYLES = ("spread", "random", "regions")
MAX_RUN = 32
"""The longest run of removals asked about at once."""

Other = Callable[[Sequence[int]], Sequence[int] | None]
"""Flat givens (0 for none) -> an answer other than the intended one they allow, or
None when they allow no other (or, for a carve that wants more than
uniqueness, something falsy but not None when the givens will not do)."""


@dataclass(frozen=True)
class Carved:
    givens: tuple[int, ...]
    questions: int
    """Times the oracle was asked."""
    added: int
    """Givens added to a sparse start before the removals (``regions``)."""


def carve(
    rng: random.Random,
    answer: Sequence[int],
    regions: Sequence[Sequence[int]],
    other: Other,
    style: str = "spread",
) -> Carved:
    """Givens for ``answer`` (flat region sizes; ``regions`` its regions' cells)
    that leave it the only answer, carved in ``style`` (see the module docstring)."""
    if style not in STYLES:
        raise ValueError(f"unknown carving style {style!r}; choose from {', '.join(STYLES)}")
    asked = [0]

    def ask(givens: Sequence[int]) -> Sequence[int] | None:
        asked[0] += 1
        return other(givens)

    added = 0
    if style == "regions":
        givens = [0] * len(answer)
        for region in regions:
            cell = rng.choice(region)
            givens[cell] = answer[cell]
        while (found := ask(givens)) is not None:
            differ = [cell for cell, size in enumerate(found) if size != answer[cell]]
            if not differ:
                raise ValueError("the regions style needs an oracle that names another answer")
            cell = rng.choice(differ)
            givens[cell] = answer[cell]
            added += 1
        order = [cell for cell, given in enumerate(givens) if given]
        rng.shuffle(order)
    else:
        givens = list(answer)
        order = _spread(rng, regions) if style == "spread" else _shuffled(rng, len(answer))
    _remove(givens, answer, order, ask)
    return Carved(tuple(givens), asked[0], added)


def _shuffled(rng: random.Random, cells: int) -> list[int]:
    order = list(range(cells))
    rng.shuffle(order)
    return order


def _spread(rng: random.Random, regions: Sequence[Sequence[int]]) -> list[int]:
    """One cell of each region per round: regions in random order, each one's cells too."""
    queues = [list(region) for region in regions]
    for queue in queues:
        rng.shuffle(queue)
    rng.shuffle(queues)
    order = []
    for depth in range(max(len(queue) for queue in queues)):
        order += [queue[depth] for queue in queues if depth < len(queue)]
    return order


def _remove(
    givens: list[int],
    answer: Sequence[int],
    order: Sequence[int],
    ask: Callable[[Sequence[int]], Sequence[int] | None],
) -> None:
    """Take each cell of ``order`` off ``givens`` unless another answer appears,
    trying runs of cells at once (see the module docstring)."""
    run, index = 1, 0
    while index < len(order):
        cells = order[index : index + run]
        for cell in cells:
            givens[cell] = 0
        if ask(givens) is None:
            run = min(2 * run, MAX_RUN)
        else:
            for cell in cells:
                givens[cell] = answer[cell]
            if len(cells) > 1:  # ask again cell by cell
                for cell in cells:
                    givens[cell] = 0
                    if ask(givens) is not None:
                        givens[cell] = answer[cell]
            run = max(1, run // 4)
        index += len(cells)
