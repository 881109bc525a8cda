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
origin), laid over the board through the padded index of the engine's
per-size :class:`~pencilbox.puzzles.heteromino.tables.Layout` (its padding
covers every template's reach, tested) so that no lookup needs a bounds
check. Each unordered pair is listed from one side only.
Binary clauses for the pairs beat a sequential counter per cell here
(measured: fewer clauses, but the solver takes longer).

Given a state (the hybrid's, after its rung), the engine's cell domains say
which placements are still possible: bit ``3 * shape + position`` of a
cell's domain is the placement of that shape covering the cell as its
``position``-th cell in reading order (see
:mod:`~pencilbox.puzzles.heteromino.pieces`); a placement lives while all
three of its cells still have its bit. The state is first tightened by
:func:`.lookahead.tighten` (``fit`` and a one-piece lookahead, on a copy); then a
*drawn* placement (its cells have nothing else left) gets no variable and
its cells no clause, and every live placement gets a variable. ``fit`` has
already killed whatever overlaps or touches a drawn placement as a twin, so
nothing live clashes with one. (The hybrid's rung, ``fit``, is declared
beside the ladder: :data:`.ladder.HYBRID_RUNG`.)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from ...engine import Contradiction, State
from ...grid import Rows, members
from ...sat.core import Clause, Encoding
from .lookahead import tighten
from .model import SHAPES, Heteromino
from .state import HeterominoState, alive_pieces
from .tables import layout_for

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


def _twin_template(shape: int) -> tuple[Offset, ...]:
    """Anchors of the placements of ``shape`` that share an edge with the one
    at the origin without overlapping it, and come after it."""
    mine = _cells(shape, (0, 0))
    around = {(r + dr, c + dc) for r, c in mine for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))}
    found = set()
    for anchor in _anchors_covering(around - mine, shape):
        if anchor > (0, 0) and not _cells(shape, anchor) & mine:
            found.add(anchor)
    return tuple(sorted(found))


OVERLAPS = tuple(_overlap_template(shape) for shape in range(SHAPE_COUNT))
TWINS_AHEAD = tuple(_twin_template(shape) for shape in range(SHAPE_COUNT))


def encode(puzzle: Heteromino, state: State | None) -> Encoding:
    """CNF for ``puzzle``, or for what ``state`` (a state of it) leaves open.

    A state is first tightened (see :func:`.lookahead.tighten`, on a copy: the caller's
    state is left as it was); a state with no answer gets the empty clause.
    """
    if state is None:
        return _encode_board(puzzle)
    try:
        tight = tighten(state)
    except Contradiction:
        return Encoding(clauses=[[]], key=(), decode=_no_grid, variables=0, notes={"drawn": 0})
    return _encode_state(puzzle, tight)


def _no_grid(true: set[int]) -> Rows:
    raise AssertionError("an encoding with the empty clause has no model")


def live_pieces(state: HeterominoState) -> list[int]:
    """Pieces not drawn whose three cells all still have them, in id order.

    :func:`~pencilbox.puzzles.heteromino.state.alive_pieces` reads only a
    piece's first cell; a state set from outside (a caller fixing cells by
    hand) need not have struck a dead piece from all three, so the other two
    are read here as well.
    """
    domains = state.domains
    piece_cells = state.tables.piece_cells
    piece_bits = state.tables.piece_bits
    found = []
    for piece in alive_pieces(state):
        _, b, c = piece_cells[piece]
        _, bit_b, bit_c = piece_bits[piece]
        if domains[b] & bit_b and domains[c] & bit_c:
            found.append(piece)
    return found


# -- the CNF -------------------------------------------------------------------------


@functools.lru_cache(maxsize=32)
def _partners(wide: int) -> tuple[tuple[int, ...], ...]:
    """Per shape: where a placement's partners sit in ``piece_var`` relative
    to its own index, on a padded index ``wide`` columns across (a
    :class:`~pencilbox.puzzles.heteromino.tables.Layout`'s): the overlapping
    placements and its twins ahead."""
    return tuple(
        tuple(SHAPE_COUNT * (dr * wide + dc) + other - shape for other, dr, dc in OVERLAPS[shape])
        + tuple(SHAPE_COUNT * (dr * wide + dc) for dr, dc in TWINS_AHEAD[shape])
        for shape in range(SHAPE_COUNT)
    )


Placement = tuple[tuple[int, int, int], int]  # (its three cells, anchor first; its shape)


def _encode_board(puzzle: Heteromino) -> Encoding:
    """The plain encoding: every placement on white cells gets a variable."""
    black = puzzle.black
    on_board = layout_for(puzzle.rows, puzzle.cols).cells  # per 6 * anchor + shape
    placements: list[Placement] = []
    white = [cell for cell in range(puzzle.rows * puzzle.cols) if not black[cell]]
    for anchor in white:
        index = SHAPE_COUNT * anchor
        for shape in range(SHAPE_COUNT):
            spot = on_board[index + shape]
            if spot is not None and not (black[spot[1]] or black[spot[2]]):
                placements.append((spot, shape))
    return _encode_placements(puzzle, placements, white, [0] * len(black), 0)


def _encode_state(puzzle: Heteromino, state: HeterominoState) -> Encoding:
    """The encoding of a tightened state: its live pieces get variables; the
    drawn ones are constants, so their cells get no clause.

    :func:`.lookahead.tighten` ran ``fit``, so a drawn piece's overlapping pieces and
    twins are dead already: nothing live clashes with it.
    """
    tables = state.tables
    domains = state.domains
    piece_at = tables.piece_at
    placed = state.placed
    owner = [0] * len(domains)  # per cell: a label of its drawn piece, 0 if none
    for cell in members(placed):
        owner[cell] = -1 - piece_at[cell][domains[cell].bit_length() - 1]
    placements = [
        (tables.piece_cells[piece], tables.piece_shape[piece]) for piece in live_pieces(state)
    ]
    open_cells = members(tables.white_mask & ~placed)
    return _encode_placements(puzzle, placements, open_cells, owner, placed.bit_count() // 3)


def _encode_placements(
    puzzle: Heteromino,
    placements: list[Placement],
    open_cells: Iterable[int],
    owner: list[int],
    drawn: int,
) -> Encoding:
    """Placement ``i`` is variable ``i + 1``. Every open cell is covered by one
    placement (a clause listing its coverers: empty if nothing can cover it,
    and a binary clause per overlapping pair), and touching twins never both
    appear. ``owner`` labels the cells of the ``drawn`` pieces outside the CNF."""
    rows, cols = puzzle.rows, puzzle.cols
    layout = layout_for(rows, cols)
    wide = layout.wide
    origin = layout.padded(0)
    partners = _partners(wide)
    # piece_var[6 * padded index of the anchor + shape]: the placement's variable (0: none)
    piece_var = [0] * (SHAPE_COUNT * len(layout.real))
    coverers: dict[int, list[int]] = {cell: [] for cell in open_cells}
    where: list[tuple[int, int]] = []  # per placement: (index in piece_var, shape)
    for var, ((a, b, c), shape) in enumerate(placements, start=1):
        index = SHAPE_COUNT * (a // cols * wide + a % cols + origin) + shape  # layout.padded(a)
        piece_var[index] = var
        where.append((index, shape))
        coverers[a].append(var)
        coverers[b].append(var)
        coverers[c].append(var)

    clauses: list[Clause] = list(coverers.values())
    for var, (index, shape) in enumerate(where, start=1):
        neg = -var
        clauses.extend([neg, -q] for offset in partners[shape] if (q := piece_var[index + offset]))
    return Encoding(
        clauses=clauses,
        key=range(1, len(placements) + 1),
        decode=_decoder(rows, cols, owner, [cells for cells, _ in placements]),
        variables=len(placements),
        notes={"drawn": drawn},
    )


def _decoder(
    rows: int, cols: int, owner: list[int], piece_cells: list[tuple[int, int, int]]
) -> Callable[[set[int]], Rows]:
    """Reads an answer grid off a model: ``owner`` labels the drawn pieces'
    cells, variable ``i + 1`` is the placement on ``piece_cells[i]``."""

    def decode(true: set[int]) -> Rows:
        labels = owner.copy()
        for var, cells in enumerate(piece_cells, start=1):
            if var in true:
                for cell in cells:
                    labels[cell] = var
        numbers = [0] * (rows * cols)
        number_of: dict[int, int] = {}
        for cell, label in enumerate(labels):
            if label:
                numbers[cell] = number_of.setdefault(label, len(number_of) + 1)
        return [numbers[r * cols : (r + 1) * cols] for r in range(rows)]

    return decode
