"""Pieces, the domain layout, and what a piece kills, as per-shape templates.

A *piece* is one fixed tromino placed on the board: a shape (index into
:data:`~.model.SHAPES`) and an anchor, its first cell in reading order. Every
piece that lies on white cells gets a dense id ``0..n-1`` in (anchor, shape)
order.

A cell's domain is an 18-bit set with the *same meaning in every cell*: bit
``3 * shape + position`` is the piece of that shape that covers the cell as
its ``position``-th cell (reading order). At most 18 pieces cover a cell, so
domains stay small ints, and "every candidate has the same shape" is "every
bit lies in one group of three".

Because a bit means the same thing everywhere, what a piece kills is the same
list of (cell offset, bits) for every piece of one shape: the templates here,
worked out once on an unbounded grid. A board's tables (:mod:`.tables`) are
their translations, clipped to its white cells (a bit for a piece that does
not fit is simply never in a domain).
"""

from __future__ import annotations

from collections import deque
from functools import cache

from .model import SHAPES

SHAPE_COUNT = len(SHAPES)
SLOTS = 3 * SHAPE_COUNT  # bits of a cell's domain
GROUP = 0b111  # the three bits of one shape

Kill = tuple[tuple[int, int], ...]
"""(cell, bits) pairs: remove ``bits`` from the cell's domain. A kill list
always names every cell of every piece it removes, so applying it keeps the
domains consistent (a piece is in all three of its cells' domains or none)."""

Offset = tuple[int, int]
Template = tuple[tuple[int, int, int], ...]  # (d_row, d_col, bits)

_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))
_PAD = 5  # no template reaches further than this from its anchor (checked in tests)


def piece_code(anchor: int, shape: int) -> int:
    """The int that names a placed piece outside the solver: ``6 * anchor + shape + 1``.

    It depends only on the board, so the web app can decode it:
    ``anchor, shape = divmod(code - 1, 6)``.
    """
    return SHAPE_COUNT * anchor + shape + 1


# -- per-shape templates, on an unbounded grid ------------------------------------


def _cells(shape: int, anchor: Offset) -> tuple[Offset, ...]:
    return tuple((anchor[0] + dr, anchor[1] + dc) for dr, dc in SHAPES[shape])


def _template(victims: set[tuple[int, Offset]]) -> Template:
    """Aggregate the victims' (cell, bit) pairs per cell."""
    per_cell: dict[Offset, int] = {}
    for shape, anchor in victims:
        for position, cell in enumerate(_cells(shape, anchor)):
            per_cell[cell] = per_cell.get(cell, 0) | 1 << (3 * shape + position)
    return tuple((r, c, bits) for (r, c), bits in sorted(per_cell.items()))


def _covering(cell: Offset, shapes: range | tuple[int, ...]) -> set[tuple[int, Offset]]:
    """Every (shape, anchor) of ``shapes`` that covers ``cell``."""
    return {(shape, (cell[0] - dr, cell[1] - dc)) for shape in shapes for dr, dc in SHAPES[shape]}


def _touching_twins(cells: tuple[Offset, ...], shape: int) -> set[tuple[int, Offset]]:
    """Pieces of ``shape`` with a cell next to ``cells`` and none inside them."""
    inside = set(cells)
    found = set()
    for r, c in cells:
        for dr, dc in _STEPS:
            neighbour = (r + dr, c + dc)
            if neighbour in inside:
                continue
            for victim in _covering(neighbour, (shape,)):
                if not inside & set(_cells(*victim)):
                    found.add(victim)
    return found


@cache
def place_template(shape: int) -> Template:
    """What dies when a piece of ``shape`` anchored at (0, 0) is drawn."""
    me = (shape, (0, 0))
    cells = _cells(*me)
    victims = set().union(*(_covering(cell, range(SHAPE_COUNT)) for cell in cells))
    victims |= _touching_twins(cells, shape)
    victims.discard(me)
    return _template(victims)


@cache
def hetero_template(shape: int) -> Template:
    """Pieces of ``shape`` touching cell (0, 0) without covering it."""
    return _template(_touching_twins(((0, 0),), shape))


@cache
def ring_template(shape: int) -> tuple[tuple[Offset, ...], int]:
    """The cells around a piece (king moves), and which of them share an edge with it.

    Returns (offsets, touching bits): bit i of the second value is set when
    offset i is orthogonally next to the piece.
    """
    cells = set(_cells(shape, (0, 0)))
    ring = sorted(
        {(r + dr, c + dc) for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - cells
    )
    touching = 0
    for index, (r, c) in enumerate(ring):
        if any((r + dr, c + dc) in cells for dr, dc in _STEPS):
            touching |= 1 << index
    return tuple(ring), touching


@cache
def ring_parts(shape: int, pattern: int) -> tuple[int, ...]:
    """How the open cells around a piece fall apart, seen from the piece.

    ``pattern`` has bit i set when ring cell i (see :func:`ring_template`) is
    open. Returns the connected groups of open ring cells that touch the
    piece, each as a bitmask of ring indices. One group (or none) means the
    piece cannot split its region: any path through it can go round it.
    """
    ring, touching = ring_template(shape)
    index_of = {cell: i for i, cell in enumerate(ring)}
    left = pattern & touching
    parts = []
    while left:
        start = (left & -left).bit_length() - 1
        reached = 1 << start
        todo = deque([start])
        while todo:
            r, c = ring[todo.popleft()]
            for dr, dc in _STEPS:
                other = index_of.get((r + dr, c + dc))
                if other is not None and pattern >> other & 1 and not reached >> other & 1:
                    reached |= 1 << other
                    todo.append(other)
        parts.append(reached)
        left &= ~reached
    return tuple(parts)


def shape_of_domain(domain: int) -> int:
    """The one shape every candidate in ``domain`` has, or -1 if they differ (or none)."""
    if not domain:
        return -1
    shape = (domain.bit_length() - 1) // 3
    return shape if not domain & ~(GROUP << (3 * shape)) else -1
