"""A player's marks between two cells: a cut (the two cells are in different
pieces) or a join (they are in one piece).

The page draws pieces by cutting edges, and a cut says something long before
it closes a piece of three: it rules out every piece that covers both of its
cells. So a position carries its cuts beside its grid of drawn pieces, and
they narrow the solving state (hints start from them) and are compared with
the answer ("correct so far", a hint's mistake) on their own.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...kind import Edge, Rows, Violation
from .model import Heteromino
from .state import HeterominoState

CUT = "cut"
JOIN = "join"
EDGE_MARKS = (CUT, JOIN)


def _label(puzzle: Heteromino, cell: int) -> str:
    row, col = divmod(cell, puzzle.cols)
    return f"r{row + 1}c{col + 1}"


def _between(puzzle: Heteromino, edge: Edge) -> str:
    """``the cut between r2c3 and r2c4``."""
    a, b, mark = edge
    return f"the {mark} between {_label(puzzle, a)} and {_label(puzzle, b)}"


def edge_problem(puzzle: Heteromino, edge: Edge) -> str | None:
    """A mark on an edge of a black cell means nothing: black cells are in no piece."""
    if puzzle.black[edge[0]] or puzzle.black[edge[1]]:
        return f"{_between(puzzle, edge)} touches a black cell"
    return None


def _alive(state: HeterominoState, cell: int) -> Iterator[int]:
    """The pieces still possible at ``cell`` (one per bit of its domain)."""
    domain, row = state.domains[cell], state.tables.piece_at[cell]
    while domain:
        bit = domain & -domain
        domain ^= bit
        slot = bit.bit_length() - 1
        if slot < len(row) and row[slot] >= 0:  # a black cell's bit names no piece
            yield row[slot]


def apply_edges(state: HeterominoState, edges: Sequence[Edge]) -> None:
    """Remove every piece a mark rules out: for a cut, each piece covering both
    cells; for a join, each piece covering one of them and not the other.

    A piece goes from all three of its cells at once (the state stays
    piece-consistent). A cell left with nothing stays empty, and a drawn
    piece that goes is undrawn, so that ``fit`` reports the contradiction as
    it does a clash of drawn pieces. Every answer whose pieces respect the
    marks keeps all its pieces: a right cut never loses an answer.
    """
    tables = state.tables
    doomed: set[int] = set()
    for a, b, mark in edges:
        for cell, other in ((a, b), (b, a)):
            for piece in _alive(state, cell):
                covers = bool(tables.piece_mask[piece] >> other & 1)
                if covers == (mark == CUT):
                    doomed.add(piece)
    for piece in doomed:
        for cell, bit in zip(tables.piece_cells[piece], tables.piece_bits[piece], strict=True):
            state.domains[cell] &= ~bit
        state.placed &= ~tables.piece_mask[piece]
        state.suspect(tables.piece_mask[piece])


def _apart(answer: Rows, cols: int, a: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` are in different pieces of ``answer``."""
    return answer[a // cols][a % cols] != answer[b // cols][b % cols]


def edge_mistakes(
    puzzle: Heteromino, edges: Sequence[Edge], solution: Rows, reveal: bool = False
) -> list[Violation]:
    """Cuts between two cells of one of the solution's pieces, and joins between
    two of its pieces: "the cut between r2c3 and r2c4 is wrong" (with
    ``reveal``, what the answer has there)."""
    wrong = []
    for edge in edges:
        a, b, mark = edge
        apart = _apart(solution, puzzle.cols, a, b)
        if apart == (mark == CUT):
            continue
        words = f"{_between(puzzle, edge)} is wrong"
        if reveal:
            words += " (they are in one piece)" if mark == CUT else " (they are in two pieces)"
        wrong.append(Violation(f"wrong-{mark}", (a, b), words))
    return wrong


def check_edges(puzzle: Heteromino, grid: Rows, edges: Sequence[Edge]) -> list[Violation]:
    """Marks the checker's grid contradicts (no answer needed): a cut between two
    cells of one numbered group, a join between two groups."""
    found = []
    for edge in edges:
        a, b, mark = edge
        first, second = (grid[cell // puzzle.cols][cell % puzzle.cols] for cell in (a, b))
        if not first or not second or (first != second) == (mark == CUT):
            continue
        where = "inside one piece" if mark == CUT else "between two pieces"
        found.append(
            Violation(
                f"{mark}-{'inside' if mark == CUT else 'across'}",
                (a, b),
                f"{_between(puzzle, edge)} runs {where}",
            )
        )
    return found
