"""The Heteromino ledger: exact tiling counts of blank boards, checked several ways.

Three counters meet here and share no code with each other:

* the broken-profile program in ``ledger.py`` (``count_tilings`` /
  ``strip_counts``), run both with columns and with rows as the profile;
* the backtracking enumerator in ``ledger_enumerate.py`` (``enumerate_tilings``),
  whose every tiling is also re-read by the static ``is_legal_tiling`` below;
* ``column_transfer_counts`` below: whole columns at a time, its own shape
  table, no settled cells -- written for this file only.

Every count asserted is an exact number. ``--soak`` (or ``PENCILBOX_SOAK=1``)
adds the slow cross-check of the 8-row strips.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from pencilbox.errors import PuzzleError
from pencilbox.puzzles.heteromino.ledger import (
    count_tilings,
    ledger_table,
    strip_counts,
    write_ledger,
)
from pencilbox.puzzles.heteromino.ledger_enumerate import (
    BARS,
    SHAPES,
    Tiling,
    bar_share,
    enumerate_tilings,
    pieces_of,
    shape_of,
)

REPO = Path(__file__).resolve().parents[1]
MAX_PROFILE = 8  # the longest profile any test sweeps with (the ledger's too)
SMALL_BOARDS = [(h, w) for h in range(1, 25) for w in range(1, 25) if h * w <= 24]
RULES = [pytest.param(True, id="same-shape-rule"), pytest.param(False, id="no-rule")]


# -- readings of the rules of this file's own: the static check and the mirror -------


def transpose_shape(name: str) -> str:
    """The shape a piece draws after the board is mirrored in its main diagonal."""
    image = shape_of([(c, r) for r, c in SHAPES[name]])
    assert image is not None  # a tromino mirrored is a tromino
    return image


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


@cache
def tilings(h: int, w: int, rule: bool = True) -> tuple[Tiling, ...]:
    """Every tiling the enumerator finds (cached: several tests read the same boards)."""
    return tuple(enumerate_tilings(h, w, rule))


@cache
def ledger_strip(h: int, rule: bool = True) -> dict[int, int]:
    """The program's counts of the h x 1..30 boards (cached: several tests read them)."""
    return strip_counts(h=h, up_to=30, same_shape_rule=rule)


def canonical(tiling: Tiling) -> Tiling:
    """The tiling with pieces renumbered 1, 2, ... in reading order of their first cell."""
    renumber: dict[int, int] = {}
    return tuple(
        tuple(renumber.setdefault(number, len(renumber) + 1) for number in row) for row in tiling
    )


def column_transfer_counts(h: int, up_to: int, rule: bool = True) -> dict[int, int]:
    """Tilings of the blank h x n board for n = 1..up_to: an independent second counter.

    The state between columns is three whole columns of shape labels: the
    previous column (kept only where the cell to its right is still open --
    the only place a later piece can touch it), the current column and the
    next one (0 = open). A column is filled by placing, top to bottom, every
    piece whose leftmost-then-topmost cell is the next open cell; the rule is
    checked against a plain 4-column grid.
    """
    drawn = {  # shape number: cells (row, column) as drawn
        1: ((0, 0), (0, 1), (0, 2)),
        2: ((0, 0), (1, 0), (2, 0)),
        3: ((0, 0), (0, 1), (1, 0)),
        4: ((0, 0), (0, 1), (1, 1)),
        5: ((0, 0), (1, 0), (1, 1)),
        6: ((0, 1), (1, 0), (1, 1)),
    }
    anchored = []
    for label, cells in drawn.items():
        top, left = min(cells, key=lambda cell: (cell[1], cell[0]))
        anchored.append((label, [(r - top, c - left) for r, c in cells]))
    open_column = (0,) * h
    Columns = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    fills_of: dict[Columns, list[Columns]] = {}

    def fills(state: Columns) -> list[Columns]:
        if state in fills_of:
            return fills_of[state]
        grid = [list(column) for column in state] + [[0] * h]  # columns c-1 .. c+2
        found: list[Columns] = []

        def fill_from(row: int) -> None:
            if row == h:
                previous = tuple(label if grid[2][r] == 0 else 0 for r, label in enumerate(grid[1]))
                found.append((previous, tuple(grid[2]), tuple(grid[3])))
                return
            if grid[1][row]:
                fill_from(row + 1)
                return
            for label, offsets in anchored:
                cells = [(row + dr, 1 + dc) for dr, dc in offsets]
                if not all(0 <= r < h and grid[c][r] == 0 for r, c in cells):
                    continue
                twins = [
                    (r2, c2)
                    for r, c in cells
                    for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if 0 <= r2 < h
                    and 0 <= c2 <= 3
                    and (r2, c2) not in cells
                    and grid[c2][r2] == label
                ]
                if rule and twins:
                    continue
                for r, c in cells:
                    grid[c][r] = label if rule else 1  # without the rule, covered is all
                fill_from(row + 1)
                for r, c in cells:
                    grid[c][r] = 0

        fill_from(0)
        fills_of[state] = found
        return found

    states: dict[Columns, int] = {(open_column, open_column, open_column): 1}
    counts = {}
    for n in range(1, up_to + 1):
        following: dict[Columns, int] = {}
        for state, ways in states.items():
            for successor in fills(state):
                following[successor] = following.get(successor, 0) + ways
        states = following
        counts[n] = sum(
            ways for (_, now, ahead), ways in states.items() if now == ahead == open_column
        )
    return counts


# --- the write-up's facts ---------------------------------------------------------------


def test_blank_3x4_has_exactly_14_tilings() -> None:
    assert count_tilings(3, 4) == 14
    assert count_tilings(3, 4, sweep="rows") == 14
    assert count_tilings(4, 3) == 14
    assert len(tilings(3, 4)) == 14


def test_one_row_strip_tiles_only_at_three() -> None:
    by_length = strip_counts(h=1, up_to=30)
    for n in range(1, 31):
        expected = 1 if n == 3 else 0
        assert by_length[n] == expected, n
        assert count_tilings(1, n) == expected, n  # profile 1, swept along the columns
        assert count_tilings(n, 1) == expected, n  # profile 1, swept along the rows
        assert len(tilings(1, n)) == expected, n


def test_two_row_strips_have_two_to_the_m_tilings() -> None:
    by_length = strip_counts(h=2, up_to=27)
    for m in range(1, 10):
        assert by_length[3 * m] == 2**m, m
        assert count_tilings(3 * m, 2) == 2**m, m  # the transposed board, swept the short way
    for m in range(1, 6):
        assert len(tilings(2, 3 * m)) == 2**m, m


def test_two_row_strips_are_independent_blocks_of_two_ls() -> None:
    """The structure behind 2^m: no bar, and every piece inside one 2 x 3 block."""
    for m in range(1, 6):
        for tiling in tilings(2, 3 * m):
            for cells in pieces_of(tiling).values():
                assert shape_of(cells) not in BARS, (m, tiling)
                assert len({c // 3 for _, c in cells}) == 1, (m, tiling)


def test_without_the_rule_a_2x6_has_more_tilings_and_uses_bars() -> None:
    plain = tilings(2, 6, rule=False)
    assert len(plain) > 4
    assert count_tilings(2, 6, same_shape_rule=False) == len(plain)
    assert any(shape_of(cells) in BARS for tiling in plain for cells in pieces_of(tiling).values())


def test_bars_in_blank_2x12_and_a_board_that_has_some() -> None:
    assert bar_share(2, 12) == (0, 16 * 8)  # 16 tilings of 8 pieces, none a bar
    bars, pieces = bar_share(3, 3)
    assert pieces == 8 * 3 and bars > 0  # the counter does see bars where there are any


# --- the program against the enumerator, and the enumerator against the rules ------------


@pytest.mark.parametrize("rule", RULES)
def test_program_matches_enumerator_on_small_boards(rule: bool) -> None:
    for h, w in SMALL_BOARDS:
        expected = len(tilings(h, w, rule))
        assert count_tilings(h, w, rule) == expected, (h, w)
        # Each sweep whose profile is short: a long profile over a short board is a
        # different computation too, but its window of 3p + 1 cells explodes.
        if h <= MAX_PROFILE:
            assert count_tilings(h, w, rule, sweep="columns") == expected, (h, w)
        if w <= MAX_PROFILE:
            assert count_tilings(h, w, rule, sweep="rows") == expected, (h, w)


@pytest.mark.parametrize("rule", RULES)
def test_enumerated_tilings_are_legal_and_distinct(rule: bool) -> None:
    for h, w in SMALL_BOARDS:
        found = tilings(h, w, rule)
        assert len(set(found)) == len(found), (h, w)
        assert all(is_legal_tiling(t, rule) for t in found), (h, w)


def test_rule_keeps_exactly_the_plain_tilings_without_touching_twins() -> None:
    for h, w in SMALL_BOARDS:
        kept = {t for t in tilings(h, w, rule=False) if is_legal_tiling(t, True)}
        assert kept == set(tilings(h, w, rule=True)), (h, w)


def test_static_check_rejects_broken_tilings() -> None:
    stacked_bars = ((1, 1, 1), (2, 2, 2))
    assert not is_legal_tiling(stacked_bars)
    assert is_legal_tiling(stacked_bars, same_shape_rule=False)
    assert is_legal_tiling(((1, 1, 2), (1, 2, 2)))  # two different Ls
    assert not is_legal_tiling(((1, 1, 1, 1), (2, 2, 3, 3)))  # a four-cell piece
    assert not is_legal_tiling(((1, 1, 0),))  # an uncovered cell
    assert not is_legal_tiling(((1, 2, 1), (2, 1, 2)), same_shape_rule=False)  # no tromino


def test_enumerator_limit_stops_early() -> None:
    assert len(list(enumerate_tilings(3, 6, limit=5))) == 5
    assert len(list(enumerate_tilings(3, 4, limit=14))) == 14  # the limit equals the count
    assert len(list(enumerate_tilings(3, 4, limit=100))) == 14


# --- transposition ---------------------------------------------------------------------


def test_transposing_maps_the_six_shapes_onto_themselves() -> None:
    images = {name: transpose_shape(name) for name in SHAPES}
    assert set(images.values()) == set(SHAPES)  # onto, so one-to-one
    assert all(images[images[name]] == name for name in SHAPES)
    assert images["bar-h"] == "bar-v" and images["L-nw"] == "L-nw"


def test_transposed_tilings_are_exactly_the_tilings_of_the_transposed_board() -> None:
    for h, w in SMALL_BOARDS:
        if h * w <= 18:
            mirrored = {canonical(transpose_tiling(t)) for t in tilings(h, w)}
            assert mirrored == {canonical(t) for t in tilings(w, h)}, (h, w)


@pytest.mark.parametrize("rule", RULES)
def test_counts_are_symmetric_with_either_side_as_the_profile(rule: bool) -> None:
    by_columns = {h: strip_counts(h=h, up_to=8, same_shape_rule=rule) for h in range(1, 9)}
    by_rows = {w: strip_counts(w=w, up_to=8, same_shape_rule=rule) for w in range(1, 9)}
    for h in range(1, 9):
        for w in range(1, 9):
            # by_columns[h][w]: h x w with a column of h as profile; by_rows[w][h]: the same
            # board with a row of w as profile; by_columns[w][h]: the transposed board.
            assert by_columns[h][w] == by_rows[w][h] == by_columns[w][h], (h, w)


# --- the big table -----------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "rows"), [(True, 7), (False, 8)])
def test_second_counter_agrees_on_the_ledger_strips(rule: bool, rows: int) -> None:
    # With the rule, 8 rows take the second counter some 15 s: that one is a soak test.
    for h in range(1, rows + 1):
        assert column_transfer_counts(h, 30, rule) == ledger_strip(h, rule), h


@pytest.mark.soak
def test_second_counter_agrees_on_eight_row_strips() -> None:
    assert column_transfer_counts(8, 30) == ledger_strip(8)
    assert ledger_strip(8)[30] == 6_839_031_186_843_779_582_616_464  # pinned: see below


def test_pinned_ledger_values() -> None:
    # Every value here was computed by two independent counters, the profile program
    # and column_transfer_counts above (in the default run, except the same-shape
    # 8 x 30, which the soak test above re-checks); 6 x 6 and 3 x 12 were also
    # enumerated one by one (4552 and 6956 tilings) when they were pinned.
    assert count_tilings(6, 6) == 4552
    assert count_tilings(3, 12) == 6956
    assert count_tilings(3, 30) == 7_934_862_844
    assert count_tilings(30, 3) == 7_934_862_844
    assert count_tilings(6, 30) == 21_656_952_613_649_274_872
    assert ledger_strip(7)[30] == 1_708_769_161_412_839_633_870
    assert ledger_strip(8, rule=False)[30] == 13_437_387_174_568_575_272_118_729_720_355_720_407


def test_ledger_table_marks_exactly_the_excluded_boards() -> None:
    table = ledger_table(max_h=5, max_w=9)
    assert set(table) == {(h, w) for h in range(1, 6) for w in range(1, 10)}
    for (h, w), count in table.items():
        if h * w % 3:
            assert count is None and count_tilings(h, w) == 0, (h, w)
        else:
            assert count == count_tilings(h, w, sweep="columns"), (h, w)


def test_published_json_matches_the_program() -> None:
    published = json.loads((REPO / "docs" / "heteromino-ledger.json").read_text("utf-8"))
    assert (published["max_h"], published["max_w"]) == (8, 30)
    # Every row but the same-shape h = 8 (5 s of sweep; its 8 x 30 is pinned instead).
    for key, rule, rows in (("counts", True, 7), ("counts_without_same_shape_rule", False, 8)):
        for h in range(1, rows + 1):
            for w in range(1, 31):
                value = published[key][str(h)][str(w)]
                if h * w % 3:
                    assert value == "excluded", (key, h, w)
                else:
                    expected = ledger_strip(h, rule)[w] if h <= w else ledger_strip(w, rule)[h]
                    assert int(value) == expected, (key, h, w)
                    assert isinstance(value, int) == (expected <= 2**53), (key, h, w)
    assert published["counts"]["8"]["30"] == "6839031186843779582616464"


def test_write_ledger_writes_both_files(tmp_path: Path) -> None:
    json_path, markdown_path = write_ledger(tmp_path, max_h=3, max_w=9)
    written = json.loads(json_path.read_text("utf-8"))
    assert written["counts"]["3"]["4"] == 14
    assert written["counts"]["2"]["4"] == "excluded"
    assert written["bar_share_2x12"] == {"bars": 0, "pieces": 128, "tilings": 16}
    markdown = markdown_path.read_text("utf-8")
    assert "| **4** | · | · | 14 |" in markdown
    assert "DISAGREES" not in markdown


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: count_tilings(0, 3), "height"),
        (lambda: count_tilings(3, -2), "width"),
        (lambda: count_tilings(3, True), "width"),  # type: ignore[arg-type]
        (lambda: count_tilings(3, 3, sweep="diagonal"), "sweep"),  # type: ignore[arg-type]
        (lambda: strip_counts(h=3, w=3, up_to=4), "exactly one"),
        (lambda: strip_counts(up_to=4), "exactly one"),
        (lambda: list(enumerate_tilings(3, 4, limit=0)), "limit"),
        (lambda: strip_counts(h=3, up_to=0), "up_to"),
        (lambda: count_tilings(10, 12), "profile .board height 10. must be at most 9"),
        (lambda: count_tilings(3, 24, sweep="rows"), "profile .board width 24."),
    ],
)
def test_bad_sizes_raise_puzzle_errors(call: object, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        call()  # type: ignore[operator]
