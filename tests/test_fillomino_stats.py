"""The Fillomino stats: what a puzzle looks like (givens, regions given in
full, boxed-in 1s, regions with no given) on a hand-made board, and the
sections run alone keeping the rest of the file."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pencilbox.puzzles.fillomino import KIND, stats


def test_looks_counts_what_a_solver_sees_first() -> None:
    """A 2x3 answer: a 1 at the top left, a 2 below it, a 3 along the right.

    1 3 3        givens  1 3 .
    2 2 3                2 2 .

    The 2 is given in full (a region of two cells), the 1 is boxed in by
    givens (its two neighbours), the 3 has one given of three and no region
    is bare."""
    answer = [1, 3, 3, 2, 2, 3]
    givens = [1, 3, 0, 2, 2, 0]
    assert stats.looks(2, 3, givens, answer) == {
        "givens_per_cell": round(4 / 6, 4),
        "full_regions": 1,
        "boxed_ones": 1,
        "bare_regions": 0,
    }
    assert stats.looks(2, 3, [0, 0, 0, 2, 0, 0], answer)["bare_regions"] == 2


def test_sections_run_alone_keep_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "stats.json"
    with ThreadPoolExecutor(2) as pool:
        first = stats.run(KIND, out, samples=2, executor=pool, only=["carving"])
        assert set(first["code"]) == {"carving"}
        again = stats.run(KIND, out, samples=1, executor=pool, only=["rungs_on_bank"])
    assert json.loads(out.read_text(encoding="utf-8")) == again
    assert again["carving"] == first["carving"]
    assert again["section_samples"] == {"carving": 2, "rungs_on_bank": 1}
    assert again["rungs_on_bank"]["probe"]["of"] == len(KIND.bank())
    for table in first["carving"]["by_size"].values():
        assert set(table) == {"spread", "random", "regions"}
        for row in table.values():
            assert 0 < row["givens_per_cell"] < 1
