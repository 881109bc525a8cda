"""The Heteromino ledger: exact tiling counts of blank boards.

Heteromino cuts every white cell into trominoes, and two pieces of the same
shape *as drawn* may not share an edge. Rotations count as different shapes,
so there are six: two bars and four Ls. This module counts the tilings of a
board with no black cells, h rows by w columns, exactly.

Two counters that share nothing but the shape table:

* :func:`strip_counts` / :func:`count_tilings` -- a broken-profile dynamic
  program. It scans the cells of a strip in order, one short line (the
  *profile*) at a time, and at each uncovered cell places every piece whose
  first cell in scan order is that cell. Its state is a window of cells
  around the scan point: which are covered, and by which shape -- but only
  while the cell still touches an uncovered one. A covered cell whose
  neighbours are all covered is *settled*: no later piece can touch it, so
  its shape is forgotten, and states that differ only there are merged.
* :func:`enumerate_tilings` -- plain backtracking over the first uncovered
  cell, checking each new piece against the pieces already down. Slow and
  obviously right; it cross-checks the program on small boards and answers
  the structural questions (which pieces, where).

:func:`is_legal_tiling` is a third, static reading of the rules, used to
check the enumerator's output. :func:`ledger_table` and :func:`write_ledger`
build and publish the h <= 8, w <= 30 table (``python -m
pencilbox.puzzles.heteromino.ledger --table``).
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Literal

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

# The published table's extent.
TABLE_MAX_H = 8
TABLE_MAX_W = 30
# The longest profile the program accepts. Its cost grows about fivefold per
# cell of profile (8: 6 s of CPU for 30 lines; 9: 30 s; 10: 50 s and 1.5 GB
# for just 10 lines), so past 9 a count is not a thing to start by accident.
MAX_PROFILE = 9


def shape_of(cells: list[Cell] | tuple[Cell, ...]) -> str | None:
    """The name of the shape these cells draw, or None if they draw no tromino."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return _SHAPE_BY_CELLS.get(frozenset((r - top, c - left) for r, c in cells))


def transpose_shape(name: str) -> str:
    """The shape a piece draws after the board is mirrored in its main diagonal."""
    image = shape_of([(c, r) for r, c in SHAPES[name]])
    assert image is not None  # a tromino mirrored is a tromino
    return image


def _check_size(h: int, w: int) -> None:
    for side, value in (("height", h), ("width", w)):
        _check_whole(f"board {side}", value)


def _check_whole(what: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise PuzzleError(f"{what} must be a whole number of at least 1, got {value!r}")


# --- the broken-profile dynamic program ----------------------------------------------------
#
# Scan coordinates: a strip of fixed breadth H (the profile) and open length.
# A cell is (along, across) and its scan index is along * H + across. The
# state before the scan cell with index i is a bytes window over the indices
# i-H .. i+2H (position p is index i-H+p, so the scan cell sits at p = H):
# nothing before i-H can touch an uncovered cell, and no piece placed so far
# reaches past i+2H (a piece starts at most at i and spans at most two more
# lines). Cells before the window count as settled, cells after it as
# uncovered.

_UNCOVERED = 0
_SETTLED = 7  # covered, and no uncovered cell touches it; also "off the board, behind"
_LABEL = {name: number for number, name in enumerate(SHAPES, start=1)}  # 1..6


Picker = Callable[[bytes | bytearray], tuple[int, ...]]


def _picker(positions: list[int]) -> Picker:
    """A fast reader of the window's values at ``positions``, always as a tuple."""
    if len(positions) == 1:
        (only,) = positions
        return lambda window: (window[only],)
    return itemgetter(*positions)


@dataclass(frozen=True)
class _Placement:
    """One piece put down at the scan cell, for one scan row (window positions)."""

    label: int
    cells: tuple[int, ...]
    # The piece's cells other than the scan cell: all must be uncovered.
    rest: Picker
    # Edge-neighbours of the piece inside the window: a twin there forbids it.
    rivals: Picker
    # After the shift, cells that may have just become settled, each with a
    # reader of its neighbours (every one inside the new window, else it can't
    # settle; those behind the window are settled and left out).
    recheck: tuple[tuple[int, Picker], ...]


class _ProfileSweep:
    """Counts the tilings of strips ``breadth`` cells across, for every length up to n.

    ``across_is_row`` says how scan coordinates map onto the board: True
    sweeps column by column (the profile is a column, ``breadth`` is the
    height), False sweeps row by row (the profile is a row). The shapes keep
    their names as drawn on the board either way, so the two sweeps of one
    board are two different computations of the same number.
    """

    def __init__(self, breadth: int, across_is_row: bool, same_shape_rule: bool) -> None:
        self.breadth = breadth
        self.window = 3 * breadth + 1
        self.rule = same_shape_rule
        shapes = _scan_shapes(across_is_row)
        self.placements = [self._placements_at(across, shapes) for across in range(breadth)]
        # Successors per scan row: a window at a given row has the same future
        # wherever along the strip it occurs, so each is worked out once.
        self.memo: list[dict[bytes, tuple[bytes, ...]]] = [{} for _ in range(breadth)]

    def _neighbours(self, position: int, across: int) -> list[int]:
        """Edge-neighbours of a window position whose cell lies on line ``across``."""
        found = [position - self.breadth, position + self.breadth]
        if across > 0:
            found.append(position - 1)
        if across < self.breadth - 1:
            found.append(position + 1)
        return found

    def _placements_at(
        self, across: int, shapes: list[tuple[str, list[tuple[int, int]]]]
    ) -> list[_Placement]:
        """Every piece that fits across the strip with its first cell on line ``across``."""
        H, W = self.breadth, self.window
        placements = []
        for name, offsets in shapes:
            if not all(0 <= across + dx < H for _, dx in offsets):
                continue
            cells = {H + da * H + dx: across + dx for da, dx in offsets}
            touched = {p: self._neighbours(p, x) for p, x in cells.items()}
            rivals = sorted({q for ns in touched.values() for q in ns if 0 <= q < W} - set(cells))
            # A cell can only become settled when a neighbour (or itself) has
            # just been covered: recheck the piece's cells and their neighbours.
            recheck = []
            for p in sorted(set(cells) | set(rivals)):
                moved = [q - 1 for q in self._neighbours(p, (across + p) % H)]
                if p >= 1 and all(q < W for q in moved):
                    recheck.append((p - 1, _picker([q for q in moved if q >= 0])))
            rest = [p for p in cells if p != H]
            placements.append(
                _Placement(
                    _LABEL[name], tuple(cells), _picker(rest), _picker(rivals), tuple(recheck)
                )
            )
        return placements

    def _successors(self, across: int, state: bytes) -> tuple[bytes, ...]:
        """The windows one scan cell on: cover the scan cell every legal way, then shift."""
        if state[self.breadth] != _UNCOVERED:
            return (state[1:] + b"\x00",)
        found = []
        for placement in self.placements[across]:
            if any(placement.rest(state)):
                continue
            if self.rule and placement.label in placement.rivals(state):
                continue
            new = bytearray(state)
            label = placement.label if self.rule else _SETTLED  # shapes only matter to the rule
            for p in placement.cells:
                new[p] = label
            del new[0]
            new.append(_UNCOVERED)
            if self.rule:
                for q, neighbours in placement.recheck:
                    if new[q] != _SETTLED and new[q] and _UNCOVERED not in neighbours(new):
                        new[q] = _SETTLED
            found.append(bytes(new))
        return tuple(found)

    def run(self, up_to: int) -> dict[int, int]:
        """Tiling counts of the strips of length 1..``up_to``, keyed by length.

        One sweep serves every length: pieces may run past the end of the
        strip, and a length-n board's tilings are exactly the states after n
        lines with nothing covered beyond them.
        """
        H = self.breadth
        states = {bytes([_SETTLED] * H + [_UNCOVERED] * (2 * H + 1)): 1}
        nothing_beyond = bytes(2 * H + 1)
        counts = {}
        for length in range(1, up_to + 1):
            for across in range(H):
                memo = self.memo[across]
                following: defaultdict[bytes, int] = defaultdict(int)
                for state, ways in states.items():
                    successors = memo.get(state)
                    if successors is None:
                        successors = memo[state] = self._successors(across, state)
                    for successor in successors:
                        following[successor] += ways
                states = following
            counts[length] = sum(n for s, n in states.items() if s[H:] == nothing_beyond)
        return counts


def _scan_shapes(across_is_row: bool) -> list[tuple[str, list[tuple[int, int]]]]:
    """Each shape as (along, across) offsets from its first cell in scan order."""
    shapes = []
    for name, cells in SHAPES.items():
        points = sorted((c, r) if across_is_row else (r, c) for r, c in cells)
        first_along, first_across = points[0]
        shapes.append((name, [(a - first_along, x - first_across) for a, x in points]))
    return shapes


def strip_counts(
    *, h: int | None = None, w: int | None = None, up_to: int, same_shape_rule: bool = True
) -> dict[int, int]:
    """Tiling counts of every blank board of one fixed side, keyed by the other side.

    Give exactly one of ``h`` and ``w``. With ``h``, the board is h x n and the
    sweep goes column by column (the profile is a column of h cells); with
    ``w`` it is n x w and the sweep goes row by row. Returns ``{n: count}`` for
    n = 1..``up_to``. Time and memory grow steeply with the fixed side, which
    may be at most :data:`MAX_PROFILE`.
    """
    if (h is None) == (w is None):
        raise PuzzleError("strip_counts needs exactly one fixed side: h or w")
    side, fixed = ("height", h) if h is not None else ("width", w)
    assert fixed is not None
    _check_whole(f"board {side}", fixed)
    _check_whole("up_to", up_to)
    if fixed > MAX_PROFILE:
        raise PuzzleError(
            f"the swept profile (board {side} {fixed}) must be at most {MAX_PROFILE} cells"
            " for an exact count"
        )
    return _ProfileSweep(fixed, h is not None, same_shape_rule).run(up_to)


def count_tilings(
    h: int,
    w: int,
    same_shape_rule: bool = True,
    sweep: Literal["auto", "columns", "rows"] = "auto",
) -> int:
    """The exact number of tilings of the blank h x w board.

    ``sweep`` picks the profile: "columns" sweeps column by column (profile
    height h), "rows" row by row (profile width w), "auto" takes the shorter
    profile, which is far cheaper. Both give the same number; the tests check.
    The profile may be at most :data:`MAX_PROFILE` cells.
    """
    _check_size(h, w)
    if sweep == "auto":
        sweep = "columns" if h <= w else "rows"
    if sweep == "columns":
        return strip_counts(h=h, up_to=w, same_shape_rule=same_shape_rule)[w]
    if sweep == "rows":
        return strip_counts(w=w, up_to=h, same_shape_rule=same_shape_rule)[h]
    raise PuzzleError(f"sweep must be 'auto', 'columns' or 'rows', got {sweep!r}")


# --- the plain enumerator and the static check -------------------------------------------


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
    _check_size(h, w)
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


def is_legal_tiling(tiling: Tiling, same_shape_rule: bool = True) -> bool:
    """Whether a grid of piece numbers is a Heteromino tiling, read straight off the rules.

    Every cell belongs to a piece (number >= 1), every piece is three cells
    drawing one of the six shapes, and (with the rule) no two pieces of one
    shape share an edge.
    """
    if not tiling or any(len(row) != len(tiling[0]) for row in tiling):
        return False
    pieces = pieces_of(tiling)
    if any(number < 1 for number in pieces):
        return False
    shapes = {number: shape_of(cells) for number, cells in pieces.items() if len(cells) == 3}
    if len(shapes) != len(pieces) or None in shapes.values():
        return False
    if not same_shape_rule:
        return True
    h, w = len(tiling), len(tiling[0])
    for r in range(h):
        for c in range(w):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < h and cc < w:
                    mine, theirs = tiling[r][c], tiling[rr][cc]
                    if mine != theirs and shapes[mine] == shapes[theirs]:
                        return False
    return True


def transpose_tiling(tiling: Tiling) -> Tiling:
    """The tiling mirrored in the main diagonal: an h x w tiling becomes w x h."""
    return tuple(zip(*tiling, strict=True))


def bar_share(h: int, w: int, same_shape_rule: bool = True) -> tuple[int, int]:
    """(bars, pieces) summed over every tiling of the blank h x w board (by enumeration)."""
    bars = pieces = 0
    for tiling in enumerate_tilings(h, w, same_shape_rule):
        for cells in pieces_of(tiling).values():
            pieces += 1
            bars += shape_of(cells) in BARS
    return bars, pieces


# --- the table and its publication ----------------------------------------------------------


def ledger_table(
    max_h: int = TABLE_MAX_H, max_w: int = TABLE_MAX_W, same_shape_rule: bool = True
) -> dict[tuple[int, int], int | None]:
    """Tiling counts of every blank h x w board, h <= max_h, w <= max_w, keyed (h, w).

    A board whose cell count is not a multiple of three is excluded (None).
    Every board is swept along its longer side, so one sweep per profile
    breadth p <= min(max_h, max_w) serves every board whose shorter side is p;
    a board taller than wide is read off its transpose, which has the same
    count (the tests check that independently).
    """
    _check_size(max_h, max_w)
    longest = max(max_h, max_w)
    by_breadth = {
        p: strip_counts(h=p, up_to=longest, same_shape_rule=same_shape_rule)
        for p in range(1, min(max_h, max_w) + 1)
    }
    return {
        (h, w): by_breadth[min(h, w)][max(h, w)] if h * w % 3 == 0 else None
        for h in range(1, max_h + 1)
        for w in range(1, max_w + 1)
    }


def _json_number(value: int | None) -> int | str:
    """JSON can carry exact integers only up to 2^53 in most readers: larger ones go as text."""
    if value is None:
        return "excluded"
    return value if value <= 2**53 else str(value)


def _by_height(table: dict[tuple[int, int], int | None]) -> dict[str, dict[str, int | str]]:
    """The table as JSON: {h: {w: count}}, counts past 2^53 as strings, "excluded" marked."""
    nested: dict[str, dict[str, int | str]] = {}
    for (h, w), value in sorted(table.items()):
        nested.setdefault(str(h), {})[str(w)] = _json_number(value)
    return nested


def _markdown_table(table: dict[tuple[int, int], int | None], max_h: int, max_w: int) -> list[str]:
    """One row per width, one column per height: eight columns read better than thirty."""
    lines = [
        "| w \\ h | " + " | ".join(str(h) for h in range(1, max_h + 1)) + " |",
        "|---:|" + "---:|" * max_h,
    ]
    for w in range(1, max_w + 1):
        cells = ["·" if table[h, w] is None else str(table[h, w]) for h in range(1, max_h + 1)]
        lines.append(f"| **{w}** | " + " | ".join(cells) + " |")
    return lines


def _render_markdown(
    table: dict[tuple[int, int], int | None],
    without_rule: dict[tuple[int, int], int | None],
    timings: list[tuple[float, float]],
    bars: tuple[int, int, int],
) -> str:
    max_h, max_w = max(h for h, _ in table), max(w for _, w in table)
    # The write-up's claims, checked against this table rather than restated.
    strip_1 = {w: table[1, w] for w in range(1, max_w + 1) if table[1, w] is not None}
    one_row_ok = all(count == (1 if w == 3 else 0) for w, count in strip_1.items())
    two_rows = {w // 3: table[2, w] for w in range(3, max_w + 1, 3)}
    two_rows_ok = all(count == 2**m for m, count in two_rows.items())
    last_m = max(two_rows)
    unique_text = ", ".join(f"{h} x {w}" for (h, w), count in sorted(table.items()) if count == 1)
    bar_count, piece_count, tilings = bars
    (on_wall, on_cpu), (off_wall, off_cpu) = timings
    big = table[max_h, max_w]
    big_off = without_rule[max_h, max_w]
    lines = [
        "# Heteromino ledger: tilings of blank boards",
        "",
        "Generated by `python -m pencilbox.puzzles.heteromino.ledger --table` (run from the",
        "repository root); do not edit by hand. The same numbers, machine-readable, are in",
        "[`heteromino-ledger.json`](heteromino-ledger.json) (integers past 2^53 as strings).",
        "",
        "Heteromino cuts every white cell into trominoes (bars and Ls); two pieces of the same",
        "shape *as drawn* may not share an edge, and rotations are different shapes, so there",
        "are six. Below: the number of ways to tile a blank h x w board (no black cells).",
        "A board whose cell count is not a multiple of three is excluded: `·`.",
        "",
        "## Method",
        "",
        "Every count is exact (Python integers). A broken-profile dynamic program",
        "(`count_tilings` / `strip_counts` in `src/pencilbox/puzzles/heteromino/ledger.py`)",
        "scans the board cell by cell, one short line (the profile) at a time. At each",
        "uncovered cell it places every piece whose first cell in scan order is that cell. The",
        "state is a window of 3p + 1 cells around the scan point (p = profile length): for",
        "each cell, uncovered, covered by a piece of a given shape, or *settled* -- covered",
        "with no uncovered neighbour left, so no later piece can touch it and its shape is",
        "forgotten. A new piece is refused if an edge-neighbour in the window carries its",
        "shape. Successor states are memoised per scan row, and one sweep along a strip of",
        "breadth p gives the counts for every length at once (pieces may run past the end;",
        "a board of length n is read off the states with nothing covered beyond line n).",
        "Each board is swept along its longer side; a board taller than wide is read off its",
        "transpose, which has the same count: mirroring in the diagonal maps the six shapes",
        "onto the six shapes one-to-one and keeps edge contacts.",
        "",
        "Cross-checks, all in `tests/test_heteromino_ledger.py`:",
        "",
        "* an independent backtracking enumerator (`enumerate_tilings`) agrees with the",
        "  program on every board with h·w <= 24, with the same-shape rule on and off, and",
        "  every tiling it yields passes a third, static reading of the rules",
        "  (`is_legal_tiling`);",
        "* the transpose claim is checked on the tilings themselves, not assumed;",
        "* count(h, w) = count(w, h) for all h, w <= 8 with the program run both ways",
        "  (profile h and profile w: different state spaces, different step counts);",
        "* a second transfer-matrix counter written separately in the test file (whole",
        "  columns at a time, its own shape table, no settled cells) agrees on every",
        "  entry: h <= 7 with the rule and h <= 8 without it in every test run, the",
        "  same-shape h = 8 row under `make soak`.",
        "",
        "## Timing",
        "",
        f"This file's run: the whole table (h <= {max_h}, w <= {max_w}, same-shape rule) in"
        f" {on_wall:.1f} s wall clock ({on_cpu:.1f} s CPU), the table without the rule in",
        f"{off_wall:.1f} s ({off_cpu:.1f} s CPU); one process, on a 2-core machine shared with",
        "other work (hence wall above CPU). The widest profile costs most of it.",
        "",
        f"## Tilings with the same-shape rule (h <= {max_h}, w <= {max_w})",
        "",
        *_markdown_table(table, max_h, max_w),
        "",
        "## Against the write-up",
        "",
        f"* **1 x n has a tiling only for n = 3** (exactly one). Here, for n <= {max_w}: "
        + ("agrees." if one_row_ok else "DISAGREES -- see row h = 1."),
        "  A single row can only hold horizontal bars, and two of them always touch.",
        f"  Boards with exactly one tiling in this table: {unique_text}.",
        f"* **2 x 3m has 2^m tilings** (the write-up matched m <= 9). Here, for m <= {last_m}: "
        + ("agrees" if two_rows_ok else "DISAGREES")
        + f" (2 x {3 * last_m} = {two_rows[last_m]}).",
        "  The tests check the structure behind it on every 2 x 3m tiling for m <= 5: no",
        "  bar, and no piece crossing a three-column boundary.",
        f"* **Bars in a blank 2 x 12: 0%.** Enumerated: {bar_count} bars among {piece_count}"
        f" pieces over all {tilings} tilings"
        + (" -- agrees." if bar_count == 0 else " -- DISAGREES."),
        "* **The write-up's big entries were lower bounds** (starred: its count hit a node",
        "  budget). Every entry above is exact. The write-up as we have it does not carry its",
        "  table's numbers, so it cannot be compared entry by entry; the one figure it does",
        "  state, 14 tilings of the blank 3 x 4 (its scanner, section 8), agrees.",
        f"* The rule is strong: at {max_h} x {max_w} it leaves {big} tilings of the"
        f" {big_off} it would allow without it (about 1 in {_round_ratio(big_off, big)}).",
        "",
        f"## Without the same-shape rule (plain tromino tilings, h <= {max_h}, w <= {max_w})",
        "",
        *_markdown_table(without_rule, max_h, max_w),
        "",
    ]
    return "\n".join(lines)


def _round_ratio(numerator: int | None, denominator: int | None) -> str:
    """numerator / denominator as a short power-of-ten figure, e.g. '2.0e12'."""
    if not numerator or not denominator:
        return "n/a"
    return f"{numerator / denominator:.1e}"


def write_ledger(
    directory: Path, max_h: int = TABLE_MAX_H, max_w: int = TABLE_MAX_W
) -> tuple[Path, Path]:
    """Compute the ledger and write heteromino-ledger.json and .md into ``directory``.

    Returns the two paths. The Markdown states how long the tables took.
    """
    timings = []
    tables = []
    for rule in (True, False):
        wall, cpu = time.perf_counter(), time.process_time()
        tables.append(ledger_table(max_h, max_w, same_shape_rule=rule))
        timings.append((time.perf_counter() - wall, time.process_time() - cpu))
    table, without_rule = tables
    bars, pieces = bar_share(2, 12)
    tilings = sum(1 for _ in enumerate_tilings(2, 12))
    document = {
        "title": "Heteromino ledger: tilings of blank h x w boards",
        "rules": "trominoes; two pieces of the same shape as drawn (rotations distinct) "
        "may not share an edge",
        "max_h": max_h,
        "max_w": max_w,
        "format": "counts[h][w]; integers past 2^53 are strings; 'excluded' marks boards "
        "whose cell count is not a multiple of three",
        "counts": _by_height(table),
        "counts_without_same_shape_rule": _by_height(without_rule),
        "bar_share_2x12": {"bars": bars, "pieces": pieces, "tilings": tilings},
    }
    directory.mkdir(parents=True, exist_ok=True)
    json_path = directory / "heteromino-ledger.json"
    json_path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    markdown = _render_markdown(table, without_rule, timings, (bars, pieces, tilings))
    markdown_path = directory / "heteromino-ledger.md"
    markdown_path.write_text(markdown, encoding="utf-8")
    return json_path, markdown_path


if __name__ == "__main__":
    # Only the docs writer runs as a script; the CLI's `pencilbox ledger` calls the API.
    arguments = sys.argv[1:]
    if not arguments or arguments[0] != "--table" or len(arguments) > 2:
        sys.exit("usage: python -m pencilbox.puzzles.heteromino.ledger --table [DOCS_DIR]")
    for path in write_ledger(Path(arguments[1] if len(arguments) == 2 else "docs")):
        print(f"wrote {path}")
