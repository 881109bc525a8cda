"""The values Fillomino's CNF speaks in (:mod:`.cnf`): the settings of the
encoding, the sizes each cell may take by the sound bound, and the small
shapes the clauses are built from (connected sets, rooted regions, tree paths).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .model import Fillomino

SMALL_TOP = 4
"""Sizes above the largest given and above this one are one value, *big*
(see :class:`Encoder`)."""

STATIC_GROUP = 2
"""Groups of up to this many cells holding a larger size have a neighbour
holding it, for every size up to ``top``, by clauses written in advance."""

STATIC_SIZE = 3
"""Sizes up to this one are enforced by clauses written in advance (every
connected set of up to ``k + 1`` cells that may hold ``k``); larger sizes by
the ring clauses, rooted regions and ``refine``'s cuts."""

RINGS = True
"""Whether the ring clauses of :meth:`Encoder._rings` are written."""

GROUP_RINGS = True
"""Whether a group too small for its size is cut at every ring around it
(:meth:`Encoder._group_rings`), not only at its neighbours."""

ROOTED_FROM = STATIC_SIZE + 1
"""The least size whose settled cells root a :class:`Rooted` region (the
sizes below are stated completely in advance)."""

ROOT_AFTER = 32
"""A root's region is encoded once ``refine`` has cut it this many times (0:
every root's region up front). Stating every region outright costs more
than it saves on the janko boards; only a region that keeps coming out
wrong (a large one, grown a cell per cut) pays for its encoding."""

# The switches above are measured by ``benchmarks/fillomino.py``.


def top_of(puzzle: Fillomino) -> int:
    """The largest size that is a value of its own (see :class:`Encoder`)."""
    return max(SMALL_TOP, *puzzle.givens)


def bare_domains(puzzle: Fillomino) -> list[int]:
    """Per cell, the sizes (bit ``k - 1``) the sound bound allows on the bare
    board: a given cell its given; another cell a given's number ``g`` when
    its area of cells holding no given but ``g`` has ``g`` cells or more, and
    any other size up to the number of cells in its area of ungiven cells.
    (What :func:`reachable_sizes` leaves of the full domains, without
    listing every size of a large board at every cell.)"""
    cells = puzzle.cells
    givens = puzzle.givens
    neighbours = puzzle.neighbours
    numbers = sorted(set(givens) - {0})
    named = sum(1 << g - 1 for g in numbers)
    ungiven = sum(1 << cell for cell in range(cells) if not givens[cell])
    out = [0] * cells
    for area in areas(ungiven, neighbours):
        sizes = ((1 << len(area)) - 1) & ~named
        for cell in area:
            out[cell] = sizes
    for number in numbers:
        bit = 1 << number - 1
        mine = ungiven | sum(1 << cell for cell in range(cells) if givens[cell] == number)
        for area in areas(mine, neighbours):
            if len(area) >= number:
                for cell in area:
                    out[cell] |= bit
    return [
        out[cell] & (1 << given - 1) if given else out[cell] for cell, given in enumerate(givens)
    ]


def reachable_sizes(puzzle: Fillomino, domains: Sequence[int], top: int) -> list[int]:
    """``domains`` without each size ``k`` at cells whose connected area of
    cells that may hold ``k`` has fewer than ``k`` cells (no region of ``k``
    cells fits there). Removing ``k`` somewhere changes no other size's
    areas, so one pass per size is a fixpoint; sizes allowed at the same
    cells share one pass. The sizes above ``top`` are taken together (the
    encoding tells them apart only by their regions): they go from an area
    of cells that may hold any of them with ``top`` cells or fewer."""
    where: dict[int, int] = {}  # size -> the cells that may hold it, as a bitset
    small = (1 << top) - 1
    above = 0
    for cell, dom in enumerate(domains):
        for size in sizes_of(dom & small):
            where[size] = where.get(size, 0) | 1 << cell
        if dom & ~small:
            above |= 1 << cell
    by_cells: dict[int, list[int]] = {}
    for size, cells in where.items():
        by_cells.setdefault(cells, []).append(size)
    out = list(domains)
    neighbours = puzzle.neighbours
    for cells, sizes in by_cells.items():
        for area in areas(cells, neighbours):
            gone = 0
            for size in sizes:
                if size > len(area):
                    gone |= 1 << size - 1
            if gone:
                for cell in area:
                    out[cell] &= ~gone
    for area in areas(above, neighbours):
        if len(area) <= top:
            for cell in area:
                out[cell] &= small
    return out


def areas(cells: int, neighbours: Sequence[Sequence[int]]) -> Iterator[list[int]]:
    """The connected areas of a set of cells (a bitset)."""
    rest = cells
    while rest:
        low = rest & -rest
        start = low.bit_length() - 1
        rest ^= low
        area, todo = [start], [start]
        while todo:
            for other in neighbours[todo.pop()]:
                if rest >> other & 1:
                    rest ^= 1 << other
                    area.append(other)
                    todo.append(other)
        yield area


def connected_sets(
    size: int, cells: Sequence[int], neighbours: Sequence[Sequence[int]], allowed: Sequence[bool]
) -> Iterator[tuple[int, ...]]:
    """Every connected set of ``size`` allowed cells, once each, with at least one
    cell in ``cells`` as its least cell (Wernicke's ESU enumeration)."""

    def extend(
        chosen: list[int], frontier: list[int], near: set[int], root: int
    ) -> Iterator[tuple[int, ...]]:
        if len(chosen) == size:
            yield tuple(chosen)
            return
        frontier = list(frontier)
        while frontier:
            cell = frontier.pop()
            added = [
                other
                for other in neighbours[cell]
                if other > root and allowed[other] and other not in near
            ]
            chosen.append(cell)
            yield from extend(chosen, frontier + added, near | set(added), root)
            chosen.pop()

    for root in cells:
        start = [other for other in neighbours[root] if other > root and allowed[other]]
        yield from extend([root], start, {root, *start}, root)


@dataclass
class Rooted:
    """A region rooted at settled cells, stated outright.

    ``root`` is a connected group of cells settled (given) at ``size``, so
    they lie in one region of ``size`` cells, and every cell of it is at
    most ``reach = size - len(root)`` steps from the root inside it. A
    variable per cell within ``reach`` (stepping through cells that may hold
    ``size``) and level ``i`` from its distance ``dist`` up: the cell is in
    the region at most ``i`` steps out. A member holds ``size``; a member at
    ``i`` steps has itself or a neighbour at ``i - 1``; a neighbour of a
    member at ``i`` holding ``size`` is a member at ``i + 1`` (equal sizes
    side by side are one region); exactly ``size`` cells are members. So
    the region is connected, whole, and of its size, with no cut needed.
    """

    size: int
    root: list[int]
    dist: dict[int, int]
    within: dict[int, list[int]]  # cell -> its levels from dist[cell] to reach
    order: list[int]  # the cells outside the root, nearest first: the counter's order
    counter: list[list[int]]  # the counter's rows (see Encoder._exactly_count)


class Unsatisfiable(Exception):
    """The constants alone break a rule: the encoding is the empty clause."""


BIG = 0
"""The value standing for every size above the encoder's ``top`` (see :class:`Encoder`)."""

Edge = tuple[int, int]


def tree_path(tree: dict[int, int], a: int, b: int) -> list[Edge]:
    """The edges between ``a`` and ``b`` along a spanning tree (cell -> parent)."""

    def up(cell: int) -> list[int]:
        chain = [cell]
        while tree[chain[-1]] != chain[-1]:
            chain.append(tree[chain[-1]])
        return chain

    from_a, from_b = up(a), up(b)
    common = set(from_a) & set(from_b)
    edges = []
    for chain in (from_a, from_b):
        for cell in chain:
            if cell in common:
                break
            edges.append((cell, tree[cell]))
    return edges


def sizes_of(domain: int) -> list[int]:
    """The sizes in a domain bitset, smallest first."""
    sizes = []
    while domain:
        low = domain & -domain
        sizes.append(low.bit_length())
        domain ^= low
    return sizes
