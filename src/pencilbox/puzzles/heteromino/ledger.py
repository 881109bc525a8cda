"""The Heteromino ledger: exact tiling counts of blank boards.

Heteromino cuts every white cell into trominoes, and two pieces of the same
shape *as drawn* may not share an edge. Rotations count as different shapes,
so there are six: two bars and four Ls. This module counts the tilings of a
board with no black cells, h rows by w columns, exactly.

Two counters that share nothing but the shape table:

* :func:`strip_counts` / :func:`count_tilings` (here) -- a broken-profile dynamic
  program. It scans the cells of a strip in order, one short line (the
  *profile*) at a time, and at each uncovered cell places every piece whose
  first cell in scan order is that cell. Its state is a window of cells
  around the scan point: which are covered, and by which shape -- but only
  while the cell still touches an uncovered one. A covered cell whose
  neighbours are all covered is *settled*: no later piece can touch it, so
  its shape is forgotten, and states that differ only there are merged.
* :func:`.ledger_enumerate.enumerate_tilings` -- plain backtracking over the
  first uncovered cell, checking each new piece against the pieces already
  down. Slow and obviously right; it cross-checks the program on small boards
  and answers the structural questions (which pieces, where). The shape table
  is there too. (A third, static reading of the rules checks the
  enumerator's output in ``tests/test_heteromino_ledger.py``.)

:func:`ledger_table` and :func:`write_ledger` build and publish the h <= 8,
w <= 30 table (``python -m pencilbox.puzzles.heteromino.ledger --table``; the
page itself is written by :mod:`.ledger_report`).
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import Literal

from ...errors import PuzzleError
from .ledger_enumerate import SHAPES, bar_share, check_size, check_whole, enumerate_tilings
from .ledger_report import by_height, render_markdown

# The published table's extent.
TABLE_MAX_H = 8
TABLE_MAX_W = 30
# The longest profile the program accepts. Its cost grows about fivefold per
# cell of profile (measured: docs/heteromino-notes.md, "The ledger"), so past
# 9 a count is not a thing to start by accident.
MAX_PROFILE = 9


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
    check_whole(f"board {side}", fixed)
    check_whole("up_to", up_to)
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
    check_size(h, w)
    if sweep == "auto":
        sweep = "columns" if h <= w else "rows"
    if sweep == "columns":
        return strip_counts(h=h, up_to=w, same_shape_rule=same_shape_rule)[w]
    if sweep == "rows":
        return strip_counts(w=w, up_to=h, same_shape_rule=same_shape_rule)[h]
    raise PuzzleError(f"sweep must be 'auto', 'columns' or 'rows', got {sweep!r}")


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
    check_size(max_h, max_w)
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
        "counts": by_height(table),
        "counts_without_same_shape_rule": by_height(without_rule),
        "bar_share_2x12": {"bars": bars, "pieces": pieces, "tilings": tilings},
    }
    directory.mkdir(parents=True, exist_ok=True)
    json_path = directory / "heteromino-ledger.json"
    json_path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    markdown = render_markdown(table, without_rule, timings, (bars, pieces, tilings))
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
