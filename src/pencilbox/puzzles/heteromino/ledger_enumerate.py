"""Blank-board Heteromino tilings the plain way, and the shape table the ledger reads.

:func:`enumerate_tilings` is plain backtracking over the first uncovered cell,
checking each new piece against the pieces already down: slow and obviously
right. It cross-checks the ledger's broken-profile program (:mod:`.ledger`)
on small boards and answers the structural questions (which pieces, where:
:func:`bar_share`). The two counters share nothing but :data:`SHAPES` (and
the size checks).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import PuzzleError

Cell = tuple[int, int]  # (row, column)
Tiling = tuple[tuple[int, ...], ...]  # piece number of every cell, row by row

# The six shapes as drawn, each at its top-left. An L is named by its corner
# cell (the one that touches both others): "L-nw" is drawn like a box corner.
SHAPES: dict[str, tuple[Cell, Cell, Cell]] = {
    "bar-h": ((0, 0), (0, 1), (0, 2)),  # ───
    "bar-v": ((0, 0), (1, 0), (2, 0)),  # │
    "L-nw": ((0, 0), (0, 1), (1, 0)),  # ┌
    "L-ne": ((0, 0), (0, 1), (1, 1)),  # ┐
    "L-sw": ((0, 0), (1, 0), (1, 1)),  # └
    "L-se": ((0, 1), (1, 0), (1, 1)),  # ┘
}
BARS = frozenset({"bar-h", "bar-v"})
_SHAPE_BY_CELLS = {frozenset(cells): name for name, cells in SHAPES.items()}


def shape_of(cells: list[Cell] | tuple[Cell, ...]) -> str | None:
    """The name of the shape these cells draw, or None if they draw no tromino."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return _SHAPE_BY_CELLS.get(frozenset((r - top, c - left) for r, c in cells))


def check_size(h: int, w: int) -> None:
    for side, value in (("height", h), ("width", w)):
        check_whole(f"board {side}", value)


def check_whole(what: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise PuzzleError(f"{what} must be a whole number of at least 1, got {value!r}")


def enumerate_tilings(
    h: int, w: int, same_shape_rule: bool = True, limit: int | None = None
) -> Iterator[Tiling]:
    """Yield every tiling of the blank h x w board (at most ``limit`` of them).

    Each tiling is a tuple of rows of piece numbers, 1 upwards in the order
    the pieces were placed. Backtracking: take the first uncovered cell in
    reading order, try every shape with that cell as its first cell, and
    refuse a piece that shares an edge with an earlier piece of its shape.
    Every piece covers its own first uncovered cell, so each tiling is
    reached by exactly one path.
    """
    check_size(h, w)
    if limit is not None and limit < 1:
        raise PuzzleError(f"limit must be at least 1, got {limit!r}")
    anchored = []
    for name, cells in SHAPES.items():
        first_row, first_col = min(cells)
        anchored.append((name, [(r - first_row, c - first_col) for r, c in cells]))
    owner = [[0] * w for _ in range(h)]
    piece_shape = [""]  # piece_shape[k] is the shape of piece k; 0 means uncovered

    def twin_touches(cells: list[Cell], name: str) -> bool:
        """Whether an earlier piece of shape ``name`` shares an edge with these cells."""
        for r, c in cells:
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                inside = 0 <= rr < h and 0 <= cc < w and (rr, cc) not in cells
                if inside and owner[rr][cc] and piece_shape[owner[rr][cc]] == name:
                    return True
        return False

    def search(start: int) -> Iterator[Tiling]:
        cell = next((k for k in range(start, h * w) if not owner[k // w][k % w]), None)
        if cell is None:
            yield tuple(tuple(row) for row in owner)
            return
        row, col = divmod(cell, w)
        for name, offsets in anchored:
            cells = [(row + dr, col + dc) for dr, dc in offsets]
            if not all(0 <= r < h and 0 <= c < w and not owner[r][c] for r, c in cells):
                continue
            if same_shape_rule and twin_touches(cells, name):
                continue
            piece_shape.append(name)
            for r, c in cells:
                owner[r][c] = len(piece_shape) - 1
            yield from search(cell + 1)
            for r, c in cells:
                owner[r][c] = 0
            piece_shape.pop()

    for found, tiling in enumerate(search(0)):
        if limit is not None and found >= limit:
            return
        yield tiling


def pieces_of(tiling: Tiling) -> dict[int, list[Cell]]:
    """The cells of every piece of a tiling, keyed by piece number."""
    pieces: dict[int, list[Cell]] = {}
    for r, row in enumerate(tiling):
        for c, number in enumerate(row):
            pieces.setdefault(number, []).append((r, c))
    return pieces


def bar_share(h: int, w: int, same_shape_rule: bool = True) -> tuple[int, int]:
    """(bars, pieces) summed over every tiling of the blank h x w board (by enumeration)."""
    bars = pieces = 0
    for tiling in enumerate_tilings(h, w, same_shape_rule):
        for cells in pieces_of(tiling).values():
            pieces += 1
            bars += shape_of(cells) in BARS
    return bars, pieces
