"""Heteromino as CNF: a variable per placed fixed tromino.

A *placement* is one of the six shapes as drawn (two bars, four Ls; see
:data:`~pencilbox.puzzles.heteromino.model.SHAPES`) at a position where it
covers only white cells. Every white cell is covered by exactly one
placement (one clause listing its coverers, and a binary clause for each
pair of placements that overlap), and two placements of the same shape that
share an edge never both appear (a binary clause per such pair). The key is
the placement variables: an answer is the set of placements it uses.

The pairs are found from per-shape templates worked out once from the
shapes (which placements overlap, or touch as twins, a placement at the
origin), laid over the board through a padded index so that no lookup
needs a bounds check. Each unordered pair is listed from one side only.
Binary clauses for the pairs beat a sequential counter per cell here
(measured: fewer clauses, but the solver takes longer).

Given a propagated state (the hybrid), the engine's cell domains say which
placements are still possible: bit ``3 * shape + position`` of a cell's
domain is the placement of that shape covering the cell as its
``position``-th cell in reading order (see
:mod:`~pencilbox.puzzles.heteromino.pieces`); a placement lives while all
three of its cells still have its bit. A placement whose three cells have
nothing else left is *drawn*: it gets no variable, and its cells no
clauses; only a live twin touching it is ruled out (a unit clause), in case
the state has not done that yet.
"""

from __future__ import annotations

from ..engine import State
from ..kind import Rows
from ..puzzles.heteromino.model import SHAPES, Heteromino
from .core import Clause, Encoding

HYBRID_RUNG = "fit"
"""The rung the hybrid runs before encoding, chosen by ``benchmarks/sat_small.py
--sweep``: the cheapest, and still no win. Setting up engine 1 (its tables)
and propagating costs about what it saves the solver, so over the shared
boards the hybrid takes about 1.1x the plain encoding's time; the rungs that
prune more (region, probe) cost more again (totals 17 ms with fit, 29-34 ms
with the others)."""

SHAPE_COUNT = len(SHAPES)

Offset = tuple[int, int]


def _cells(shape: int, anchor: Offset) -> set[Offset]:
    return {(anchor[0] + dr, anchor[1] + dc) for dr, dc in SHAPES[shape]}


def _anchors_covering(cells: set[Offset], shape: int) -> set[Offset]:
    """Anchors of every placement of ``shape`` with a cell in ``cells``."""
    return {(r - dr, c - dc) for r, c in cells for dr, dc in SHAPES[shape]}


def _overlap_template(shape: int) -> tuple[tuple[int, int, int], ...]:
    """(other shape, d_row, d_col) of the placements that share a cell with
    ``shape`` at the origin and come after it in (d_row, d_col, shape) order."""
    mine = _cells(shape, (0, 0))
    found = set()
    for other in range(SHAPE_COUNT):
        for dr, dc in _anchors_covering(mine, other):
            if (dr, dc, other) > (0, 0, shape):
                found.add((other, dr, dc))
    return tuple(sorted(found))


def _twin_template(shape: int, forward_only: bool) -> tuple[Offset, ...]:
    """Anchors of the placements of ``shape`` that share an edge with the one
    at the origin without overlapping it (only those after it if asked)."""
    mine = _cells(shape, (0, 0))
    around = {(r + dr, c + dc) for r, c in mine for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))}
    found = set()
    for anchor in _anchors_covering(around - mine, shape):
        if _cells(shape, anchor) & mine:
            continue
        if not forward_only or anchor > (0, 0):
            found.add(anchor)
    return tuple(sorted(found))


OVERLAPS = tuple(_overlap_template(shape) for shape in range(SHAPE_COUNT))
TWINS_AHEAD = tuple(_twin_template(shape, True) for shape in range(SHAPE_COUNT))
TWINS_ALL = tuple(_twin_template(shape, False) for shape in range(SHAPE_COUNT))
PAD = max(
    abs(d)
    for templates in (OVERLAPS, TWINS_ALL)
    for template in templates
    for entry in template
    for d in entry[-2:]
)
"""No template reaches further than this from its anchor, so a board padded
by PAD on every side can be indexed anywhere a template points."""


def encode(puzzle: Heteromino, state: State | None) -> Encoding:
    """CNF for ``puzzle``, or for what ``state`` (a propagated state of it) leaves open."""
    rows, cols = puzzle.rows, puzzle.cols
    black = puzzle.black
    wide = cols + 2 * PAD
    domains = state.domains if state is not None else None

    # padded[i] is the board cell at padded index i, -1 off the board or on black
    padded = [-1] * (wide * (rows + 2 * PAD))
    for cell in range(rows * cols):
        if not black[cell]:
            padded[(cell // cols + PAD) * wide + cell % cols + PAD] = cell
    shape_steps = [tuple(dr * wide + dc for dr, dc in offsets) for offsets in SHAPES]
    # where a placement's partners sit in piece_var, relative to its own index:
    # the overlapping ones and its twins ahead, for live pieces; all twins, for drawn ones
    partners = [
        tuple(SHAPE_COUNT * (dr * wide + dc) + other - shape for other, dr, dc in OVERLAPS[shape])
        + tuple(SHAPE_COUNT * (dr * wide + dc) for dr, dc in TWINS_AHEAD[shape])
        for shape in range(SHAPE_COUNT)
    ]
    twins = [
        tuple(SHAPE_COUNT * (dr * wide + dc) for dr, dc in TWINS_ALL[shape])
        for shape in range(SHAPE_COUNT)
    ]

    # piece_var[6 * padded index + shape]: the placement's variable there (0: none)
    piece_var = [0] * (SHAPE_COUNT * len(padded))
    coverers: list[list[int]] = [[] for _ in range(rows * cols)]
    placements: list[tuple[int, int, int]] = []  # (variable, index in piece_var, shape)
    piece_cells: list[tuple[int, int, int]] = []
    drawn: list[tuple[int, int]] = []  # (index in piece_var, shape) of drawn placements
    owner = [0] * (rows * cols)  # per cell: a label of its drawn placement, 0 if none
    top = 0
    for cell in range(rows * cols):
        if black[cell]:
            continue
        base = (cell // cols + PAD) * wide + cell % cols + PAD
        for shape in range(SHAPE_COUNT):
            s0, s1, s2 = shape_steps[shape]
            a, b, c = padded[base + s0], padded[base + s1], padded[base + s2]
            if a < 0 or b < 0 or c < 0:
                continue
            if domains is not None:
                bit = 1 << 3 * shape
                da, db, dc = domains[a], domains[b], domains[c]
                if not (da & bit and db & bit << 1 and dc & bit << 2):
                    continue  # dead: the rungs ruled it out
                if da == bit and db == bit << 1 and dc == bit << 2:
                    drawn.append((SHAPE_COUNT * base + shape, shape))
                    owner[a] = owner[b] = owner[c] = -len(drawn)
                    continue
            top += 1
            index = SHAPE_COUNT * base + shape
            piece_var[index] = top
            placements.append((top, index, shape))
            piece_cells.append((a, b, c))
            coverers[a].append(top)
            coverers[b].append(top)
            coverers[c].append(top)

    # at least one placement per open cell (an empty clause: nothing can cover it)
    clauses: list[Clause] = [
        coverers[cell] for cell in range(rows * cols) if not black[cell] and not owner[cell]
    ]
    # at most one: overlapping pairs; and touching twins never both
    for var, index, shape in placements:
        neg = -var
        clauses.extend([neg, -q] for offset in partners[shape] if (q := piece_var[index + offset]))
    if drawn:
        drawn_at = {index for index, _ in drawn}
        for index, shape in drawn:
            for offset in twins[shape]:
                partner = piece_var[index + offset]
                if partner:
                    clauses.append([-partner])  # a live twin touching a drawn piece
                elif index + offset in drawn_at:
                    clauses.append([])  # two drawn twins touch: the state has no answer

    def decode(true: set[int]) -> Rows:
        labels = owner.copy()
        for (var, _, _), cells in zip(placements, piece_cells, strict=True):
            if var in true:
                for cell in cells:
                    labels[cell] = var
        numbers = [0] * (rows * cols)
        number_of: dict[int, int] = {}
        for cell, label in enumerate(labels):
            if label:
                numbers[cell] = number_of.setdefault(label, len(number_of) + 1)
        return [numbers[r * cols : (r + 1) * cols] for r in range(rows)]

    return Encoding(
        clauses=clauses,
        key=range(1, top + 1),
        decode=decode,
        variables=top,
        notes={"drawn": len(drawn)},
    )
