"""The Fillomino SAT encoding counts exactly what the brute-force counter counts.

On random boards (2x2 to 4x5: planted ones with answers, random givens that
mostly clash) the plain encoding, the hybrid, and the encoding of a state
propagated by each rung report brute force's count and answers. The
encoding's two ways of stating region sizes are both driven hard: with
``SMALL_TOP`` lowered, sizes above the givens become the *big* value whose
regions are read off the joined edges; with ``STATIC_SIZE`` lowered, sizes
from 3 are left to the ring clauses and the cuts. Every clause over the cells' and
edges' variables, and every cut ``refine`` adds, holds in every brute-force
answer. Janko's published boards (the small ones here; all 23 in
``benchmarks/fillomino.py``) come out unique and equal to janko's answers.

Boards are drawn from string seeds (``"fillomino-sat-17"``); a failing
board's seed and text are in the failure message. ``--soak`` runs many more,
up to 5x6.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from crosscheck import assert_same_answers, describe, frozen, frozen_all, sat_answers, seeds
from pencilbox.engine import Contradiction, State, propagate
from pencilbox.grid import Rows
from pencilbox.puzzles.fillomino import KIND, brute, cnf, cnf_sizes
from pencilbox.puzzles.fillomino.boards import soak_board
from pencilbox.puzzles.fillomino.model import Fillomino, build, parse_text
from pencilbox.sat.core import count_models

LIMIT = 12
SEEDS = seeds("fillomino-sat", 320)
SOAK_SEEDS = seeds("soak-fillomino-sat", 4000)
DATA = Path(__file__).parent / "data" / "fillomino"
RECORDS = json.loads((DATA / "fillomino_sample.json").read_text(encoding="utf-8"))["puzzles"]


@cache
def board_for(seed: str) -> Fillomino:
    """The board a seed names: 2x2..4x5 by default, up to 5x6 in a soak."""
    rng = random.Random(seed)
    rows, cols = (
        (rng.randint(2, 5), rng.randint(2, 6))
        if seed.startswith("soak-")
        else (
            rng.randint(2, 4),
            rng.randint(2, 5),
        )
    )
    return soak_board(rng, rows, cols)


@cache
def truth(seed: str) -> tuple[int, frozenset[Any]]:
    count, found = brute.count(board_for(seed), LIMIT)
    return count, frozenset(frozen_all(found))


# (SMALL_TOP, STATIC_SIZE, ROOTED_FROM, ROOT_AFTER)
SPLITS = {
    "default": (
        cnf_sizes.SMALL_TOP,
        cnf_sizes.STATIC_SIZE,
        cnf_sizes.ROOTED_FROM,
        cnf_sizes.ROOT_AFTER,
    ),
    "all-big": (1, cnf_sizes.STATIC_SIZE, cnf_sizes.ROOTED_FROM, cnf_sizes.ROOT_AFTER),
    "lazy-small": (6, 2, 99, 1),
    "rooted": (6, 2, 3, 0),
    "rooted-lazy": (cnf_sizes.SMALL_TOP, 2, 3, 1),
}


@pytest.fixture(params=list(SPLITS))
def small_top(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    """Run a test with the default split between sizes and *big*; with every
    size above the givens big (``SMALL_TOP`` 1: a board of 1s and 2s has big
    3s); with sizes up to 6 each a value but only 1 and 2 stated in advance
    (sizes 3 to 6 by the ring clauses and ``refine``'s cuts, no region rooted);
    with every given from 3 up rooting its region up front; and with those
    roots encoded at the first cut of their regions."""
    top, static, rooted_from, root_after = SPLITS[request.param]
    monkeypatch.setattr(cnf_sizes, "SMALL_TOP", top)
    monkeypatch.setattr(cnf_sizes, "STATIC_SIZE", static)
    monkeypatch.setattr(cnf_sizes, "ROOTED_FROM", rooted_from)
    monkeypatch.setattr(cnf_sizes, "ROOT_AFTER", root_after)
    return top


def blank(rows: int, cols: int) -> Fillomino:
    return build(rows, cols, [0] * (rows * cols))


def rung_states(puzzle: Fillomino) -> Iterator[tuple[str, State | None]]:
    """The state each rung propagates the bare board to (None: it proved no answer)."""
    for rung in KIND.ladder.names:
        state = KIND.initial_state(puzzle)
        try:
            propagate(state, KIND.ladder.rules(rung))
        except Contradiction:
            yield rung, None
            continue
        yield rung, state


def check_agrees(seed: str, rungs: bool = True) -> None:
    puzzle = board_for(seed)
    count, answers = truth(seed)
    where = describe(KIND, seed, puzzle)
    for engine in ("sat", "hybrid"):
        found = sat_answers(KIND, puzzle, engine, LIMIT)
        assert_same_answers(f"{engine} on {where}", found, count, answers, LIMIT)
    # the encoding of any rung's state counts the answers that state allows
    # (whether the rung kept every answer is the rungs' own tests' business)
    for rung, state in rung_states(puzzle) if rungs else ():
        if state is None:
            continue
        allowed = {answer for answer in answers if within(state, answer)}
        result = count_models(cnf.encode(puzzle, state), LIMIT)
        if count < LIMIT:
            assert frozen_all(result.solutions) == allowed, f"after {rung} on {where}"
            assert result.count == len(allowed) and result.exhaustive, f"after {rung} on {where}"
        else:  # brute force stopped at the limit: those of its answers the state allows
            assert result.count >= len(allowed), f"after {rung} on {where}: {result.count}"


def within(state: State, answer: Any) -> bool:
    """Whether every cell's size in ``answer`` is still in its domain."""
    numbers = [n for row in answer for n in row]
    return all(state.domains[cell] >> n - 1 & 1 for cell, n in enumerate(numbers))


# -- exact counts ---------------------------------------------------------------


def test_random_boards_agree_with_brute_force(small_top: int) -> None:
    # each rung's state is read once, with the default split
    for seed in SEEDS:
        check_agrees(seed, rungs=small_top == SPLITS["default"][0])


def test_random_boards_cover_every_outcome() -> None:
    counts = [truth(seed)[0] for seed in SEEDS]
    assert counts.count(0) >= 30
    assert counts.count(1) >= 30
    assert sum(1 for c in counts if 1 < c < LIMIT) >= 30
    assert counts.count(LIMIT) >= 10


@pytest.mark.usefixtures("small_top")
@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 8), (2, 2), (2, 3), (2, 4), (3, 3)])
def test_blank_boards_agree_with_brute_force(rows: int, cols: int) -> None:
    puzzle = blank(rows, cols)
    count, found = brute.count(puzzle, 500)
    assert count < 500
    for engine in ("sat", "hybrid"):
        assert sat_answers(KIND, puzzle, engine, 500) == (count, True, frozen_all(found))


def test_a_blank_3x3_has_its_one_region_of_9() -> None:
    answers = sat_answers(KIND, blank(3, 3), "sat", 500)[2]
    assert ((9, 9, 9),) * 3 in answers


def test_a_given_with_no_room_means_no_answer() -> None:
    # the 4 is walled in by 1s: its area of cells holding 4 or nothing is itself
    puzzle = parse_text("fillomino 2x3\n4 1 .\n1 . .\n")
    assert brute.count(puzzle, 5)[0] == 0
    assert cnf.encode(puzzle, None).clauses == [[]]
    for engine in ("sat", "hybrid"):
        assert sat_answers(KIND, puzzle, engine, 5) == (0, True, set())


def test_a_given_larger_than_the_default_top_is_a_small_size() -> None:
    puzzle = parse_text("fillomino 2x4\n. . . 7\n1 . . .\n")
    encoder = cnf.Encoder(puzzle, cnf_sizes.bare_domains(puzzle))
    assert encoder.top == 7
    assert set(encoder.var[3]) == {7}
    assert set(encoder.var[1]) == set(range(1, 8))  # no size is big: none can be above 7
    count, found = brute.count(puzzle, 20)
    assert sat_answers(KIND, puzzle, "sat", 20) == (count, True, frozen_all(found))


# -- soundness of every clause and cut ------------------------------------------


def assignment(encoder: cnf.Encoder, answer: Rows) -> set[int]:
    """The true cell, edge and rooted-region variables of an answer (the
    constants' included)."""
    numbers = [n for row in answer for n in row]
    true = {encoder.true}
    for cell, lits in enumerate(encoder.var):
        value = numbers[cell] if numbers[cell] <= encoder.top else cnf_sizes.BIG
        true.add(lits[value])
    for (a, b), var in encoder.join.items():
        if numbers[a] == numbers[b] > encoder.top:
            true.add(var)
    for rooted in encoder.rooted.values():
        true |= rooted_assignment(encoder.puzzle, rooted, numbers)
    return true


def rooted_assignment(puzzle: Fillomino, rooted: cnf_sizes.Rooted, numbers: list[int]) -> set[int]:
    """A rooted region's true variables in an answer, from their meaning: a
    cell's level ``i`` is true when the cell is in the root's region at most
    ``i`` steps (inside the region) from the root, the top level when it is
    in the region; a counter entry when enough of the cells before it are."""
    steps = dict.fromkeys(rooted.root, 0)
    todo = list(rooted.root)
    for cell in todo:  # breadth first through the root's region
        for other in puzzle.neighbours[cell]:
            if other not in steps and numbers[other] == rooted.size:
                steps[other] = steps[cell] + 1
                todo.append(other)
    true = set()
    for cell, levels in rooted.within.items():
        depth = len(rooted.within[rooted.root[0]]) - 1
        first = depth - len(levels) + 1
        for i, var in enumerate(levels, first):
            if cell in steps and (i == depth or steps[cell] <= i):
                true.add(var)
    members = 0
    for cell, row in zip(rooted.order, rooted.counter, strict=True):
        members += cell in steps
        true.update(var for j, var in enumerate(row) if var > 0 and members >= j + 1)
    return true


def rooted_variables(encoder: cnf.Encoder) -> set[int]:
    """The variables of the encoder's rooted regions (levels and counters)."""
    found = set()
    for rooted in encoder.rooted.values():
        for levels in rooted.within.values():
            found.update(var for var in levels if var != encoder.true)
        for row in rooted.counter:
            found.update(var for var in row if var > 0)
    return found


def holds(clause: list[int], true: set[int]) -> bool:
    return any((lit in true) if lit > 0 else (-lit not in true) for lit in clause)


@pytest.mark.usefixtures("small_top")
def test_every_clause_and_cut_holds_in_every_answer() -> None:
    checked = cuts_seen = rooted_seen = 0
    for seed in SEEDS[:200]:
        puzzle = board_for(seed)
        count, answers = truth(seed)
        if not count:
            continue
        encoder = cnf.Encoder(puzzle, cnf_sizes.bare_domains(puzzle))
        encoding = encoder.encoding()
        real = [assignment(encoder, answer) for answer in answers]
        # the cells', edges' and rooted regions' variables (not the at-most-one helpers)
        named = set(range(1, encoder.true + len(encoder.key) + 1)) | rooted_variables(encoder)
        for clause in encoding.clauses:
            if all(abs(lit) in named for lit in clause):
                assert all(holds(clause, true) for true in real), (
                    clause,
                    describe(KIND, seed, puzzle),
                )
                checked += 1
        cuts: list[list[int]] = []
        assert encoding.refine is not None
        refine = encoding.refine

        def recording(true: set[int], refine: Any = refine, cuts: list[list[int]] = cuts) -> Any:
            found = refine(true)
            cuts.extend(found)
            return found

        encoding.refine = recording
        assert count_models(encoding, LIMIT).count == count
        # a cut may bring a rooted region's clauses, with their new variables
        real = [assignment(encoder, answer) for answer in answers]
        named |= rooted_variables(encoder)
        for cut in cuts:
            assert all(abs(lit) in named for lit in cut), cut
            assert all(holds(cut, true) for true in real), (cut, describe(KIND, seed, puzzle))
        cuts_seen += len(cuts)
        rooted_seen += len(encoder.rooted)
    assert checked > 10_000
    if cnf_sizes.ROOTED_FROM <= 3:  # the rooted splits: many regions were rooted, and checked
        assert rooted_seen > 100
    assert cuts_seen > 300


def test_a_rooted_region_needs_no_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    # a 16 in a 4x4 corner: its region is the board. The rooted encoding says
    # so outright (15 members besides the root, 15 cells within reach); the
    # ring clauses and cuts alone take rounds to grow it
    puzzle = parse_text("fillomino 4x4\n16 . . .\n. . . .\n. . . .\n. . . .\n")
    answer = {((16,) * 4,) * 4}
    for root_after, calls in ((0, 2), (10**6, None)):
        monkeypatch.setattr(cnf_sizes, "ROOT_AFTER", root_after)
        encoder = cnf.Encoder(puzzle, cnf_sizes.bare_domains(puzzle))
        result = count_models(encoder.encoding(), 2)
        assert frozen_all(result.solutions) == answer and result.exhaustive
        if calls is not None:
            assert (result.calls, result.cuts, list(encoder.rooted)) == (calls, 0, [0])
            assert encoder.roots == [(16, [0])]
        else:
            assert result.cuts > 0 and not encoder.rooted


def test_a_region_cut_often_enough_is_rooted(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = parse_text("fillomino 4x4\n16 . . .\n. . . .\n. . . .\n. . . .\n")
    monkeypatch.setattr(cnf_sizes, "ROOT_AFTER", 2)
    encoder = cnf.Encoder(puzzle, cnf_sizes.bare_domains(puzzle))
    result = count_models(encoder.encoding(), 2)
    assert result.count == 1 and result.exhaustive
    assert list(encoder.rooted) == [0] and encoder.strikes == [2]


def test_a_group_too_small_is_cut_at_every_ring() -> None:
    # the given 6 alone (the 1 below it walls it in): within distance 1 it
    # has 2 cells, within 2 it has 4, so its region holds a 6 at distance 2
    # and one at distance 3; within 3 there are 6 cells, enough (distance 1
    # is the usual cut's neighbour)
    puzzle = parse_text("fillomino 2x6\n6 . . . . .\n1 . . . . .\n")
    encoder = cnf.Encoder(puzzle, cnf_sizes.bare_domains(puzzle))
    six = [encoder.var[cell].get(6) for cell in range(12)]
    rings = [sorted(clause) for clause in encoder._group_rings([0], 6)]
    assert rings == [sorted([six[2], six[7]]), sorted([six[3], six[8]])]


def test_an_answer_reads_back_from_its_own_assignment() -> None:
    for seed in SEEDS[:60]:
        puzzle = board_for(seed)
        count, answers = truth(seed)
        encoder = cnf.Encoder(puzzle, cnf_sizes.bare_domains(puzzle))
        for answer in answers:
            true = assignment(encoder, [list(row) for row in answer])
            assert encoder.refine(true) == []
            assert frozen(encoder.decode(true)) == answer


# -- the hybrid's input -----------------------------------------------------------


def test_a_hand_narrowed_state_keeps_only_its_answers() -> None:
    puzzle = blank(2, 3)
    count, found = brute.count(puzzle, 100)
    every = (1 << 6) - 1
    # the corner cell is a 1 or a 6: keep exactly the answers that say so
    domains = [0b100001] + [every] * 5
    kept = {frozen(grid) for grid in found if grid[0][0] in (1, 6)}
    result = count_models(cnf.encode(puzzle, State(domains, None)), 100)
    assert result.exhaustive
    assert frozen_all(result.solutions) == kept
    assert 0 < len(kept) < count


def test_a_settled_cell_gets_no_variable() -> None:
    puzzle = blank(2, 3)
    every = (1 << 6) - 1
    domains = [0b10, 0b10, every, 0b101, every, every]
    encoder = cnf.Encoder(
        puzzle, cnf_sizes.reachable_sizes(puzzle, domains, cnf_sizes.top_of(puzzle))
    )
    assert encoder.var[0] == {2: encoder.true}
    assert set(encoder.var[3]) == {1, 3}
    assert encoder.true not in encoder.key
    _, found = brute.count(puzzle, 100)
    kept = {frozen(g) for g in found if g[0][:2] == [2, 2] and g[1][0] in (1, 3)}
    result = count_models(encoder.encoding(), 100)
    assert result.exhaustive
    assert frozen_all(result.solutions) == kept
    assert kept


# -- published boards ---------------------------------------------------------------


def janko_board(record: dict[str, Any]) -> tuple[Fillomino, list[list[int]]]:
    givens = [0 if t == "-" else int(t) for row in record["givens_verbatim"] for t in row.split()]
    answer = [[int(t) for t in row.split()] for row in record["solution_verbatim"]]
    return build(record["rows"], record["cols"], givens), answer


SMALL_RECORDS = [r for r in RECORDS if r["rows"] * r["cols"] <= 15 * 15 and r["id"] != "299_11x20"]


@pytest.mark.parametrize("record", SMALL_RECORDS, ids=[r["id"] for r in SMALL_RECORDS])
def test_janko_boards_are_unique_and_janko_answers(record: dict[str, Any]) -> None:
    puzzle, answer = janko_board(record)
    for engine in ("sat", "hybrid"):
        assert sat_answers(KIND, puzzle, engine, 2) == (1, True, {frozen(answer)})


@pytest.mark.soak
def test_soak_random_boards_agree_with_brute_force() -> None:
    for seed in SOAK_SEEDS:
        check_agrees(seed)
