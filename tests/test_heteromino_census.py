"""The clue census: exact values from the write-up, and the enumeration against the scanner."""

from __future__ import annotations

import itertools
import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from pencilbox.puzzles.heteromino import KIND, census, stats, stats_jobs, variants
from pencilbox.puzzles.heteromino.brute import count as scanner_count
from pencilbox.puzzles.heteromino.variants import variant_count


def _row(rows: int, cols: int, black: int, max_black: int | None = None) -> census.CensusRow:
    return next(row for row in census.census(rows, cols, max_black) if row.black == black)


def test_3x4_with_3_clues_is_unique_for_94_of_220_sets() -> None:
    row = _row(3, 4, 3)
    assert (row.sets, row.unique) == (220, 94)


def test_4x5_is_pinned_by_two_clues_and_no_fewer() -> None:
    table = census.census(4, 5)
    assert census.minimum(table) is not None
    assert census.minimum(table).black == 2  # type: ignore[union-attr]
    assert [row.black for row in table][0] == 2  # no legal count below 2 exists


@pytest.mark.parametrize(("rows", "cols", "max_black"), [(4, 4, None), (5, 5, 4)])
def test_4x4_and_5x5_need_four(rows: int, cols: int, max_black: int | None) -> None:
    table = census.census(rows, cols, max_black)
    assert _row(rows, cols, 1, max_black).unique == 0
    best = census.minimum(table)
    assert best is not None and best.black == 4


@pytest.mark.parametrize(
    ("rows", "cols", "sizes"), [(3, 4, None), (3, 5, (0, 3, 6)), (4, 4, (1, 4))]
)
def test_every_set_agrees_with_the_scanner(
    rows: int, cols: int, sizes: tuple[int, ...] | None
) -> None:
    """Set by set: the packing enumeration's count (capped at 2) is the scanner's
    (every legal size on 3x4; the sizes with many answers elsewhere, to stay quick)."""
    found = census.packings(rows, cols)
    total = rows * cols
    for k in range(total + 1):
        if (total - k) % 3 or (sizes is not None and k not in sizes):
            continue
        for cells in itertools.combinations(range(total), k):
            mask = sum(1 << c for c in cells)
            expected, _ = scanner_count(census.board_of(rows, cols, mask), 2)
            assert min(found.get(mask, 0), 2) == expected, (rows, cols, cells)


def test_rows_add_up() -> None:
    for row in census.census(3, 5):
        assert row.unique + row.many + row.none == row.sets
        assert row.none >= 0


def test_variant_counter_under_the_real_rule_matches_the_scanner() -> None:
    rng = random.Random(7)
    for _ in range(40):
        total = 20
        k = rng.choice([2, 5, 8])
        mask = sum(1 << c for c in rng.sample(range(total), k))
        board = census.board_of(4, 5, mask)
        assert variant_count(board, "as drawn", 3) == scanner_count(board, 3)[0]


def test_merging_rotations_forbids_two_touching_ls() -> None:
    # A blank 2x3 is two Ls (of different rotations) that touch: legal as drawn, not merged.
    board = census.board_of(2, 3, 0)
    assert variant_count(board, "as drawn", 5) == 2
    assert variant_count(board, "rotations merged", 5) == 0
    assert variant_count(board, "no rule", 5) == 3  # the two Ls twice, or two bars


def test_stats_run_on_a_few_samples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stats run end to end on tiny samples: every table present, census exact."""
    monkeypatch.setattr(stats, "CENSUS_SIZES", ((3, 4),))
    monkeypatch.setattr(stats, "CENSUS_PARTIAL", ((4, 5, 2),))
    monkeypatch.setattr(stats, "SCATTER", ((6, 6, 2),))
    monkeypatch.setattr(stats, "BUDGET", ((6, 6, 2),))
    with ThreadPoolExecutor(1) as pool:
        found = stats.run(KIND, tmp_path / "stats.json", samples=1, executor=pool)
    assert json.loads((tmp_path / "stats.json").read_text()) == found
    three = next(e for e in found["census"]["boards"][0]["rows"] if e["black"] == 3)
    assert (three["sets"], three["unique"]) == (220, 94)
    assert found["census"]["minimum_by_count"] == {"size": "4x5", "black": 2}
    for size in ("8x8", "12x12"):
        board = found["bank"]["sizes"][size]
        assert board["boards"] == 1
        assert board["settled_pct"]["probe"] >= board["settled_pct"]["fit"]
    assert found["bars_blank_2x12"]["bars"] == 0
    # samples scales every sampled table: 2 draws / 2 walks declared at 100 samples are 1 at 1.
    assert found["budget"]["sizes"]["6x6"]["walks"] == 1
    assert found["section_samples"] == {
        "census": "exhaustive",
        "scatter": 1,
        "budget": 1,
        "bank": 1,
    }
    # Re-running one section keeps the others as they were in the file.
    monkeypatch.setattr(stats, "SCATTER", ((6, 6, 6),))
    with ThreadPoolExecutor(1) as pool:
        again = stats.run(KIND, tmp_path / "stats.json", 50, executor=pool, only=("scatter",))
    assert json.loads((tmp_path / "stats.json").read_text()) == again
    assert (
        again["scatter"]["sizes"]["6x6"]["boards"] == 3 * found["scatter"]["sizes"]["6x6"]["boards"]
    )
    for section in ("census", "budget", "bank"):
        assert again[section] == found[section]
        assert again["code"][section] == found["code"][section]
    assert set(again["section_seconds"]) == set(stats.SECTIONS)
    assert again["section_samples"]["scatter"] == 50
    with pytest.raises(ValueError, match="stats section everything"):
        stats.run(KIND, tmp_path / "stats.json", only=("everything",))


def test_obeys_agrees_with_the_variant_counter_on_small_boards() -> None:
    """The shortcut for stricter rules (check the one answer) against a full count."""
    rng = random.Random(11)
    checked = 0
    while checked < 25:
        mask = sum(1 << c for c in rng.sample(range(20), rng.choice([2, 5])))
        board = census.board_of(4, 5, mask)
        count, found = scanner_count(board, 2)
        if count != 1:
            continue
        checked += 1
        pieces: dict[int, list[int]] = {}
        for cell, n in enumerate(v for row in found[0] for v in row):
            if n:
                pieces.setdefault(n, []).append(cell)
        shape_of = {n: stats_jobs._shape(cells, 5) for n, cells in pieces.items()}
        for rule in ("every pair", "rotations merged"):
            assert int(variants.obeys(found[0], shape_of, rule)) == variant_count(board, rule, 2)
