"""The Heteromino generator (black-cell walk) and the shipped bank."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable

import pytest

from pencilbox import solving
from pencilbox.engine import count_solutions
from pencilbox.errors import PuzzleError
from pencilbox.puzzles.heteromino import KIND
from pencilbox.puzzles.heteromino import generate as gen
from pencilbox.puzzles.heteromino.brute import count as scanner_count
from pencilbox.puzzles.heteromino.oracle import ORACLE, ORACLES, cell_pieces
from pencilbox.puzzles.heteromino.state import new_state


def test_same_seed_same_puzzle_and_unique_by_the_scanner() -> None:
    first = gen.generate(KIND, random.Random("t:1"), 6, 6)
    second = gen.generate(KIND, random.Random("t:1"), 6, 6)
    assert first.puzzle == second.puzzle and first.solution == second.solution
    assert first.info["walks"] == second.info["walks"]
    count, found = scanner_count(first.puzzle, 2)
    assert count == 1 and found[0] == first.solution
    assert not KIND.check(first.puzzle, first.solution)


def test_8x8_is_unique_by_the_scanner() -> None:
    made = gen.generate(KIND, random.Random("t:8"), 8, 8)
    assert scanner_count(made.puzzle, 2)[0] == 1
    assert made.info["grade"] == solving.grade(KIND, made.puzzle).as_json()


def test_every_move_of_the_walk_keeps_the_white_count_a_multiple_of_3(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[int] = []
    real = gen.score

    def spy(
        kind: gen.Kind, rows: int, cols: int, black: list[bool], oracle: str = gen.ORACLE
    ) -> gen.Scored:
        seen.append(sum(black))
        return real(kind, rows, cols, black, oracle)

    monkeypatch.setattr(gen, "score", spy)
    done = gen.walk(KIND, random.Random(3), 7, 7, 10, budget=60)
    assert len(seen) == done.moves + 1 > 1
    assert set(seen) == {10}
    assert (49 - 10) % 3 == 0


def test_a_large_walk_keeps_its_black_count_and_ends_unique_by_plain_sat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 13x13, the smallest board the large walk takes: a fraction of a second.
    from pencilbox import counting

    seen: list[int] = []
    real = gen.large_score

    def spy(
        kind: gen.Kind,
        rows: int,
        cols: int,
        black: list[bool],
        counters: gen.Counters,
        oracle: str = gen.ORACLE,
    ) -> gen.Scored:
        seen.append(sum(black))
        return real(kind, rows, cols, black, counters, oracle)

    monkeypatch.setattr(gen, "large_score", spy)
    side = gen.LARGE + 1
    cells = side * side
    made = gen.generate(KIND, random.Random("t:0"), side, side)
    assert made.info["walks"] == 1 and len(seen) == made.info["moves"] + 1
    assert set(seen) == {made.info["black"]} and (cells - made.info["black"]) % 3 == 0
    assert 0.25 * cells <= made.info["black"] <= 0.27 * cells
    assert counting.count(KIND, made.puzzle, 2, "sat").count == 1
    assert not KIND.check(made.puzzle, made.solution)


def test_aimed_moves_blacken_a_cell_in_or_next_to_the_loose_area() -> None:
    rows, cols = 8, 8
    rng = random.Random(4)
    for _ in range(200):
        black = gen.scatter(rng, rows, cols, 13)
        whites = [cell for cell, b in enumerate(black) if not b]
        differ = tuple(sorted(rng.sample(whites, rng.randint(1, 6))))
        source, target = gen.aimed_move(rng, rows, cols, black, differ)
        assert black[source] and not black[target]
        near = {
            d + step
            for d in differ
            for step in (0, -1, 1, -cols, cols)
            if 0 <= d + step < rows * cols and abs((d + step) % cols - d % cols) <= 1
        }
        assert target in near
        blacks = [cell for cell, b in enumerate(black) if b]
        assert source in gen.nearest(blacks, target, cols, gen.NEAR)
    # the area is white cells only: a black neighbour is never a target
    black = [False] * 9
    black[1] = True
    assert gen.loose_area(3, 3, black, (0,)) == [0, 3]


def test_walk_scores_agree_between_the_oracles() -> None:
    """Seeded boards get the same kind of score whichever oracle counts
    (unique with the same answer / ambiguous / none); only the size of the
    loose area may differ, since the two far answers may differ."""
    rng = random.Random("walk-oracles")
    kinds = set()
    for _ in range(40):
        black = gen.scatter(rng, 6, 6, 6)
        scores = {name: gen.score(KIND, 6, 6, black, name) for name in ORACLES}
        by_kind = {
            name: 0 if scored.score == 0 else 1 if scored.score <= 37 else 2
            for name, scored in scores.items()
        }
        assert len(set(by_kind.values())) == 1, by_kind
        kind = by_kind[gen.ORACLE]
        kinds.add(kind)
        for scored in scores.values():
            assert (scored.solution is not None) == (kind == 0)
        if kind == 0:
            pieces = {repr(cell_pieces(scored.solution or [])) for scored in scores.values()}
            assert len(pieces) == 1
    assert kinds == {0, 1, 2}


def test_unknown_oracle_is_a_puzzle_error() -> None:
    with pytest.raises(PuzzleError, match="unknown oracle"):
        gen.generate(KIND, random.Random(1), 6, 6, oracle="crystal ball")


def test_sizes_past_the_largest_are_a_puzzle_error() -> None:
    with pytest.raises(PuzzleError, match="3x3 to 30x30, not 31x30"):
        gen.generate(KIND, random.Random(1), 31, 30)
    gen.check_size(30, 30)  # the largest is taken


def test_cli_refuses_a_31x31_in_one_line() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pencilbox",
            "generate",
            "heteromino",
            "--size",
            "31x31",
            "--seed",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode != 0 and run.stdout == ""
    assert run.stderr.strip().count("\n") == 0, run.stderr
    assert "3x3 to 30x30, not 31x31" in run.stderr


def test_only_boards_above_large_walk_by_the_large_settings() -> None:
    # The bank (8x8, 12x12) regenerates from its seeds: sides up to LARGE keep
    # the old budget and band; only larger ones change.
    assert gen.LARGE == 12 and gen.MAX_SIDE == 30
    for rows, cols in ((8, 8), (12, 12), (12, 7)):
        assert gen.move_budget(rows, cols) == 4 * rows * cols
    for rows, cols in ((13, 8), (20, 20), (30, 30)):
        assert gen.move_budget(rows, cols) == 6 * rows * cols
    counts = gen.legal_black_counts(30, 30, gen.LARGE_BAND)
    assert counts == [225, 228, 231, 234, 237, 240, 243]


class _NoSolver:
    """Stands in for the window walk's solvers, which a walk that is never run
    need not build."""

    def __init__(self, rows: int, cols: int) -> None:
        self.size = (rows, cols)

    def __enter__(self) -> _NoSolver:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def _walk_taken(monkeypatch: pytest.MonkeyPatch, rows: int, cols: int) -> str:
    """Which walk :func:`gen.walks` runs on a ``rows`` x ``cols`` board (the
    walk itself replaced by a record of the call, ending unique at once)."""
    taken: list[str] = []

    def record(name: str) -> Callable[..., gen.Walk]:
        def done(*args: object, **kwargs: object) -> gen.Walk:
            taken.append(name)
            if name == "window":
                counters = args[5]
                assert isinstance(counters, tuple)
                assert [solver.size for solver in counters] == [(rows, cols)] * 2
            return gen.Walk([], gen.Scored(0, [[1]]), 0, 0)

        return done

    monkeypatch.setattr(gen, "Refuter", _NoSolver)
    monkeypatch.setattr(gen, "WholeBoard", _NoSolver)
    monkeypatch.setattr(gen, "walk", record("old"))
    monkeypatch.setattr(gen, "large_walk", record("window"))
    gen.walks(KIND, random.Random(1), rows, cols, ORACLE)
    assert len(taken) == 1
    return taken[0]


def test_every_size_above_12x12_takes_the_window_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    # Measured: the window walk makes every size from 13x13 up faster than the
    # old walk (docs/heteromino-notes.md, "Large boards"); 12x12 and below keep
    # the old walk, which the bank's seeds were made by.
    for side in range(13, gen.MAX_SIDE + 1):
        assert _walk_taken(monkeypatch, side, side) == "window", side
    for rows, cols in ((13, 3), (3, 13), (30, 12)):
        assert _walk_taken(monkeypatch, rows, cols) == "window", (rows, cols)
    for rows, cols in ((3, 3), (8, 8), (12, 12), (12, 5)):
        assert _walk_taken(monkeypatch, rows, cols) == "old", (rows, cols)


def test_black_counts_leave_multiples_of_three() -> None:
    for rows, cols in ((8, 8), (12, 12), (5, 7), (3, 3)):
        counts = gen.legal_black_counts(rows, cols)
        assert counts and all((rows * cols - k) % 3 == 0 for k in counts)


def test_bad_regions_counts_regions_off_a_multiple_of_three() -> None:
    # 3x3 with the middle column black: two regions of 3 cells (fine); then
    # one more black splits a column into 1 + 1.
    black = [False, True, False] * 3
    assert gen.bad_regions(3, 3, black) == 0
    black[0] = True
    assert gen.bad_regions(3, 3, black) == 1


def test_bank_has_72_unique_puzzles_at_8x8_and_12x12() -> None:
    bank = KIND.bank()
    sizes = {(r["rows"], r["cols"]) for r in bank}
    assert {(8, 8), (12, 12)} <= sizes
    assert sum(1 for r in bank if (r["rows"], r["cols"]) in {(8, 8), (12, 12)}) >= 72
    assert len({r["url"] for r in bank}) == len(bank)
    rules = KIND.ladder.rules("probe")
    for record in bank:
        puzzle = KIND.from_json(record["json"])
        assert puzzle.white_count % 3 == 0
        assert not KIND.check(puzzle, record["solution"]), record["id"]
        found = count_solutions(new_state(puzzle), rules, limit=2)
        assert found.unique, record["id"]


def test_bank_grades_match_a_recomputation_on_a_sample() -> None:
    bank = KIND.bank()
    for record in random.Random(5).sample(bank, 6):
        puzzle = KIND.from_json(record["json"])
        assert solving.grade(KIND, puzzle).as_json() == record["grade"], record["id"]


def test_cli_generates_a_6x6() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pencilbox", "generate", "heteromino", "--size", "6x6"]
        + ["--count", "1", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert '"puzzle": "heteromino"' in run.stdout


@pytest.mark.soak
def test_largest_boards_generate_unique_puzzles() -> None:
    # The largest board the walk takes: seconds to tens of seconds each, a soak run only.
    from pencilbox import counting

    side = gen.MAX_SIDE
    for seed in range(1, 4):
        made = gen.generate(KIND, random.Random(f"{seed}:0"), side, side)
        assert (made.puzzle.rows, made.puzzle.cols) == (side, side)
        assert counting.count(KIND, made.puzzle, 2, "sat").count == 1, seed
        assert not KIND.check(made.puzzle, made.solution)
        assert made.info["grade"] == solving.grade(KIND, made.puzzle).as_json()
    # Same seed, same puzzle: no decision of the large walk reads the clock.
    again = gen.generate(KIND, random.Random("3:0"), side, side)
    assert again.puzzle == made.puzzle and again.solution == made.solution
