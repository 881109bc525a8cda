"""The Norinori generator: unique puzzles (by the brute counter and by
propagation search, neither of them SAT) whose solution is the dominoes it
placed, repeatable from a seed; the walk's SAT search for rivals against
the brute counter; the bank, regenerated from its seeds."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from math import comb

import pytest

from pencilbox import registry, solving
from pencilbox.engine import count_solutions
from pencilbox.errors import PuzzleError
from pencilbox.puzzles.norinori import crossing, walk
from pencilbox.puzzles.norinori import generate as gen
from pencilbox.puzzles.norinori.boards import dominoes, flood, grow_around, near_table, slides
from pencilbox.puzzles.norinori.ladder import LADDER
from pencilbox.puzzles.norinori.model import build, connected, neighbours
from pencilbox.puzzles.norinori.rivals import RivalSearch, exactly_two
from pencilbox.puzzles.norinori.state import new_state
from pencilbox.puzzles.norinori.walk import _carried, walk_step
from pencilbox.sat.core import Encoding, count_models

KIND = registry.get("norinori")


@pytest.mark.parametrize("side", [4, 5, 6])
def test_generated_puzzles_are_unique_by_brute_force(side: int) -> None:
    for index in range(2):
        made = KIND.generate(random.Random(f"gen-{side}-{index}"), side, side, "walk")
        count, answers = KIND.brute_count(made.puzzle, 3)
        assert count == 1 and answers[0] == made.solution
        assert KIND.check(made.puzzle, made.solution) == []
        assert made.info["attempts"] >= 1


def test_generation_is_reproducible() -> None:
    first = KIND.generate(random.Random("again"), 6, 6, "walk")
    second = KIND.generate(random.Random("again"), 6, 6, "walk")
    assert first.puzzle == second.puzzle and first.solution == second.solution


def test_flooding_keeps_one_domino_per_region() -> None:
    rng = random.Random("flood")
    placed = dominoes(rng, 6, 6)
    labels = flood(rng, 6, 6, placed)
    shaded = {cell for pair in placed for cell in pair}
    for region in set(labels):
        assert sum(labels[cell] == region for cell in shaded) == 2
    assert all(label >= 0 for label in labels)


def test_a_slide_is_another_answer_differing_in_one_region() -> None:
    """A 1x4 strip of one region holding the domino at its left end: the
    domino may slide to the middle or the right end, so two slides."""
    labels = [0, 0, 0, 0]
    assert len(slides(1, 4, labels, {0, 1}, 0)) == 2
    # cut the strip in two regions of two: nothing can slide
    assert slides(1, 4, [0, 0, 1, 1], {0, 1}, 0) == []


def test_bad_arguments() -> None:
    with pytest.raises(PuzzleError, match="from 4x4 to 30x30, not 3x3"):
        KIND.generate(random.Random(1), 3, 3, "walk")
    with pytest.raises(PuzzleError, match="not 31x8"):
        KIND.generate(random.Random(1), 31, 8, "walk")
    with pytest.raises(PuzzleError, match="unknown generation mode 'other'"):
        gen.generate(random.Random(1), 6, 6, "other")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--size", "3x3"], "can generate Norinori from 4x4 to 30x30, not 3x3"),
        (["--size", "40x6"], "not 40x6"),
        (["--size", "6x6", "--mode", "blob"], "unknown --mode 'blob'"),
    ],
)
def test_cli_refuses_bad_sizes_and_modes_in_one_line(argv: list[str], said: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pencilbox", "generate", "norinori", *argv],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode != 0 and run.stdout == ""
    errors = [line for line in run.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and said in errors[0], run.stderr
    assert "Traceback" not in run.stderr


def test_cli_generates_a_graded_puzzle_from_a_seed() -> None:
    def make() -> dict[str, object]:
        run = subprocess.run(
            [sys.executable, "-m", "pencilbox", "generate", "norinori", "--size", "7x7"]
            + ["--seed", "5", "--grade", "placements", "--workers", "1"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stderr
        record = json.loads(run.stdout)
        assert isinstance(record, dict)
        return record

    first, second = make(), make()
    assert first["grade"]["rung"] == "placements"  # type: ignore[index]
    assert KIND.check(KIND.from_json(first["json"]), first["solution"]) == []
    assert (first["json"], first["solution"]) == (second["json"], second["solution"])


def test_larger_boards_are_unique_by_propagation_search() -> None:
    """Non-square and bigger than the brute counter takes: counted by the
    ``probe`` rung and search, which shares no code with the walk's SAT."""
    for rows, cols, seed in ((9, 12, "wide"), (14, 8, "tall")):
        made = KIND.generate(random.Random(seed), rows, cols, "walk")
        found = count_solutions(new_state(made.puzzle), LADDER.rules("probe"), limit=2)
        assert found.count == 1, (rows, cols)
        assert KIND.check(made.puzzle, made.solution) == []
        assert made.puzzle.rows == rows and made.puzzle.cols == cols
        assert made.info["walk"] >= 0 and made.info["regions"] == made.puzzle.region_count


@pytest.mark.parametrize("n", range(2, 11))
def test_exactly_two_has_n_choose_2_models(n: int) -> None:
    """Small sets take the pairwise clauses, from 8 literals on the counter:
    both count C(n, 2) models over the literals themselves."""
    top = [n]

    def new() -> int:
        top[0] += 1
        return top[0]

    literals = list(range(1, n + 1))
    clauses = exactly_two(literals, new)
    found = count_models(Encoding(clauses, literals, lambda model: [[0]]), 100)
    assert found.count == comb(n, 2) and found.exhaustive


def _random_move(rng: random.Random, labels: list[int], shaded: set[int], cols: int) -> bool:
    """Move one random unshaded cell to a neighbouring region, both staying
    whole and the home region keeping two cells or more."""
    rows = len(labels) // cols
    board = build(rows, cols, labels)
    cells = [c for c in range(len(labels)) if c not in shaded]
    rng.shuffle(cells)
    for cell in cells:
        home = labels[cell]
        rest = [c for c in range(len(labels)) if labels[c] == home and c != cell]
        beside = sorted({labels[n] for n in neighbours(rows, cols, cell)} - {home})
        if beside and len(rest) >= 2 and connected(board, rest):
            labels[cell] = rng.choice(beside)
            return True
    return False


def test_the_kept_solver_finds_a_rival_exactly_when_the_brute_counter_does() -> None:
    """One search across many moves (regions re-encoded under new selectors
    as they change) agrees at every step with the brute counter on whether
    the planted answer is alone, and each rival it gives is a real answer.
    The moves are the walk's against a rival, random ones once unique."""
    rng = random.Random("rivals")
    verdicts: Counter[bool] = Counter()
    for board_number in range(8):
        rows, cols = rng.choice(((4, 4), (4, 5), (5, 5), (5, 6)))
        placed = dominoes(rng, rows, cols)
        labels = (flood if board_number % 2 else grow_around)(rng, rows, cols, placed)
        moved: dict[int, int] = {}
        shaded = {cell for pair in placed for cell in pair}
        answer = [[int(r * cols + c in shaded) for c in range(cols)] for r in range(rows)]
        with RivalSearch(rows, cols, shaded) as search:
            for _ in range(12):
                puzzle = build(rows, cols, labels)
                count, answers = KIND.brute_count(puzzle, 2)
                assert answer in answers or count == 2
                other = search.find(labels)
                assert (other is None) == (count == 1), board_number
                if other is not None:
                    grid = [[int(r * cols + c in other) for c in range(cols)] for r in range(rows)]
                    assert grid != answer and KIND.check(puzzle, grid) == []
                verdicts[other is None] += 1
                walked = other is not None and walk_step(rng, labels, shaded, other, cols, moved)
                if not walked and not _random_move(rng, labels, shaded, cols):
                    break
    assert verdicts[True] and verdicts[False]  # both verdicts were put to the test


def test_a_cell_takes_along_what_only_it_links_to_the_shaded_cells() -> None:
    """A 1x5 strip, one region, shaded at its left end: a cell in the middle
    cuts off everything right of it; a shaded cell cannot move; when the
    shaded cells lie apart, the cell between them cannot go."""
    labels = [0] * 5
    assert _carried(((1,), (0, 2), (1, 3), (2, 4), (3,)), labels, {0, 1}, 2) == [2, 3, 4]
    near = ((1,), (0, 2), (1, 3), (2, 4), (3,))
    assert _carried(near, labels, {0, 1}, 4) == [4]
    assert _carried(near, labels, {0, 1}, 1) is None
    assert _carried(near, labels, {0, 4}, 2) is None


def test_bank_holds_60_puzzles_from_6x6_to_15x15_with_a_spread_of_grades() -> None:
    bank = KIND.bank()
    assert len(bank) >= 60
    sides = Counter(record["rows"] for record in bank)
    assert all(record["rows"] == record["cols"] for record in bank)
    assert set(sides) == set(range(6, 16)) and min(sides.values()) >= 6
    assert len({record["grade"]["rung"] for record in bank}) >= 2
    assert len({record["id"] for record in bank}) == len(bank)
    # two puzzles for beginners (the cheapest rung finishes them) on every side up to 10
    easy = Counter(record["rows"] for record in bank if record["grade"]["rung"] == "person")
    assert all(easy[side] >= 2 for side in range(6, 11)), easy


def test_bank_records_regenerate_from_their_seeds() -> None:
    """The bank script makes each record from its own seed: the generator
    given that seed makes the same board and answer (one record per size,
    and one of those aimed at the cheapest rung)."""
    bank = KIND.bank()
    firsts = [next(record for record in bank if record["rows"] == side) for side in range(6, 16)]
    easy = [record for record in bank if ":easy:" in record["seed"]]
    for record in [*firsts, easy[-1]]:
        side = record["rows"]
        made = KIND.generate(random.Random(record["seed"]), side, side, record["mode"])
        assert KIND.to_json(made.puzzle) == record["json"], record["id"]
        assert made.solution == record["solution"], record["id"]


def test_bank_is_unique_and_graded_as_recorded() -> None:
    bank = KIND.bank()
    assert len({record["url"] for record in bank}) == len(bank)
    for record in random.Random("grades").sample(bank, min(8, len(bank))):
        puzzle = KIND.from_json(record["json"])
        assert solving.grade(KIND, puzzle).as_json() == record["grade"]


@pytest.mark.soak
def test_largest_boards_generate_unique_puzzles() -> None:
    # The largest board the generator takes: seconds each, a soak run only.
    from pencilbox import counting

    for seed in range(1, 4):
        made = gen.generate(random.Random(f"{seed}:0"), gen.MAX_SIDE, gen.MAX_SIDE)
        assert counting.count(KIND, made.puzzle, 2, "sat").count == 1, seed
        assert KIND.check(made.puzzle, made.solution) == []


def test_traded_seeds_hold_two_shaded_cells_each_in_one_piece() -> None:
    """Every flood seed holds exactly two shaded cells joined through its own
    cells, every shaded cell is in one seed, and some seeds pair cells of two
    different dominoes (the trades that make a domino cross a border)."""
    traded = 0
    for index in range(20):
        rng = random.Random(f"seeds:{index}")
        placed = dominoes(rng, 10, 10)
        shaded = {cell for pair in placed for cell in pair}
        found = crossing.seeds(rng, 10, 10, placed)
        board = build(10, 10, [0] * 100)
        assert sorted(c for seed in found for c in seed if c in shaded) == sorted(shaded)
        assert len({c for seed in found for c in seed}) == sum(len(seed) for seed in found)
        for seed in found:
            assert len(shaded & set(seed)) == 2 and connected(board, seed), seed
        traded += sum(
            tuple(sorted(shaded & set(seed))) not in set(map(tuple, map(sorted, placed)))
            for seed in found
        )
    assert traded > 0


@pytest.mark.parametrize("side", [8, 12])
def test_some_generated_dominoes_cross_a_region_border(side: int) -> None:
    across = total = 0
    for seed in range(4):
        made = gen.generate(random.Random(f"cross:{side}:{seed}"), side, side)
        assert KIND.check(made.puzzle, made.solution) == []
        found, count = crossing.crossing(made.puzzle.regions, made.solution)
        across, total = across + found, total + count
    assert 0 < across < total


def test_an_undone_trade_deals_each_domino_a_whole_region() -> None:
    """Two regions seeded across two dominoes, dealt out again by the walk:
    each holds one whole domino, in one piece, and no cell is lost."""
    # x . y   regions: {0, 3, 6} and {1, 4, 7}, dominoes 0-1 and 6-7 (rows 0 and 2)
    # . . .
    # x . y
    labels = [0, 1, 2, 0, 1, 2, 0, 1, 2]
    shaded = {0, 1, 6, 7}
    before = sorted(c for c, label in enumerate(labels) if label in (0, 1))
    walk._deal(near_table(3, 3), labels, (0, 1), (6, 7), 0, 1)
    board = build(3, 3, [0] * 9)
    for label, domino in ((0, {0, 1}), (1, {6, 7})):
        cells = [c for c, other in enumerate(labels) if other == label]
        assert shaded & set(cells) == domino and connected(board, cells)
    assert sorted(c for c, label in enumerate(labels) if label in (0, 1)) == before
    assert labels[2::3] == [2, 2, 2]
