"""The Fillomino brute-force counter on boards whose answers are known exactly:
counts derived by hand, a known integer sequence, and a second enumeration
written here (every partition of the cells into connected regions, held to
the rules) that shares nothing with the counter.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from crosscheck import imports_of
from pencilbox.puzzles.fillomino import KIND, brute, checker
from pencilbox.puzzles.fillomino.boards import planted_board, random_partition
from pencilbox.puzzles.fillomino.model import Fillomino, build, parse_text

Flat = tuple[int, ...]


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every set partition of ``items`` (Bell-number many)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in partitions(rest):
        yield [[first], *part]
        for index in range(len(part)):
            yield [*part[:index], [first, *part[index]], *part[index + 1 :]]


def by_partitions(puzzle: Fillomino) -> set[Flat]:
    """The answers, as every partition of the cells whose blocks are connected,
    keep the givens and put no two blocks of one size side by side."""
    near = puzzle.neighbours
    found = set()
    for part in partitions(list(range(puzzle.cells))):
        block_of = {cell: index for index, block in enumerate(part) for cell in block}
        size = [len(part[block_of[cell]]) for cell in range(puzzle.cells)]
        if any(given and given != size[cell] for cell, given in enumerate(puzzle.givens)):
            continue
        if any(
            block_of[a] != block_of[b] and size[a] == size[b] for a in block_of for b in near[a]
        ):
            continue
        if all(_connected(block, near) for block in part):
            found.add(tuple(size))
    return found


def _connected(block: list[int], near: tuple[tuple[int, ...], ...]) -> bool:
    inside, seen, todo = set(block), {block[0]}, [block[0]]
    while todo:
        for other in near[todo.pop()]:
            if other in inside and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(block)


def answers(puzzle: Fillomino, limit: int = 10**6) -> tuple[int, set[Flat]]:
    count, grids = brute.count(puzzle, limit)
    flat = {tuple(value for row in grid for value in row) for grid in grids}
    assert len(flat) == count, "the counter repeated an answer"
    return count, flat


def blank(rows: int, cols: int) -> Fillomino:
    return build(rows, cols, [0] * (rows * cols))


def test_the_counter_imports_nothing_but_the_model() -> None:
    """brute.py shares no code with the tables, state, rules, CNF or checker."""
    assert imports_of(brute) <= {"__future__", "collections.abc", "...kind", ".model"}


# Carlitz compositions (no two neighbouring parts equal): a 1 x n strip's
# answers are exactly these, since its regions are runs and equal runs may
# not touch. The sequence is OEIS A003242.
CARLITZ = [1, 1, 3, 4, 7, 14, 23, 39, 71, 124, 214]


@pytest.mark.parametrize("n", range(1, len(CARLITZ) + 1))
def test_a_blank_strip_has_as_many_answers_as_carlitz_compositions(n: int) -> None:
    assert answers(blank(1, n))[0] == CARLITZ[n - 1]
    assert answers(blank(n, 1))[0] == CARLITZ[n - 1]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a 2x2: the square (4), or an L of three and a 1 in its corner (4 ways);
        # two dominoes touch, and two 1s in a corner pair leave a split pair
        ("fillomino 2x2\n..\n..", 5),
        ("fillomino 1x3\n1.1", 0),  # the middle can be neither a 1 nor joined to a 1
        ("fillomino 1x3\n2..", 1),  # 2 2 1 (2 2 3 cannot be: 3 needs three cells)
        ("fillomino 1x4\n...1", 2),  # 3331 and 1221 (2211: the 1s touch)
        ("fillomino 2x2\n4.\n..", 1),
        ("fillomino 2x2\n1.\n.1", 0),  # the other two cells are split
        ("fillomino 2x2\n3.\n..", 3),  # an L of three through the 3, missing any other cell
    ],
)
def test_hand_counted_boards(text: str, expected: int) -> None:
    puzzle = parse_text(text)
    count, found = answers(puzzle)
    assert count == expected
    assert found == by_partitions(puzzle)


def test_strip_answers_are_listed_exactly() -> None:
    """1x4 with a 1 at the end: the runs before it are 3, or 1 then 2 (a 2 then
    a 1 would put two 1s side by side; 4 and 1 3 end in no 1)."""
    assert answers(parse_text("fillomino 1x4\n...1"))[1] == {(3, 3, 3, 1), (1, 2, 2, 1)}


@pytest.mark.parametrize(("rows", "cols"), [(2, 3), (3, 2), (2, 4), (3, 3)])
def test_blank_boards_agree_with_the_partition_enumeration(rows: int, cols: int) -> None:
    puzzle = blank(rows, cols)
    assert answers(puzzle)[1] == by_partitions(puzzle)


def test_random_small_boards_agree_with_the_partition_enumeration() -> None:
    """Random givens on boards of up to 8 cells: every answer, none missing or extra."""
    rng = random.Random("fillomino-brute")
    outcomes = {"none": 0, "some": 0}
    for _ in range(60):
        rows, cols = rng.choice([(1, 4), (2, 2), (2, 3), (3, 2), (2, 4), (1, 7)])
        share = rng.choice([0.2, 0.4, 0.6])
        cells = rows * cols
        givens = [
            rng.randint(1, min(4, cells)) if rng.random() < share else 0 for _ in range(cells)
        ]
        puzzle = build(rows, cols, givens)
        count, found = answers(puzzle)
        assert found == by_partitions(puzzle), KIND.format_text(puzzle)
        outcomes["some" if count else "none"] += 1
    assert min(outcomes.values()) >= 10, outcomes


def test_the_limit_stops_the_count_with_real_answers() -> None:
    puzzle = blank(2, 3)
    everything = by_partitions(puzzle)
    assert len(everything) == 33
    for limit in (1, 10, 33):
        count, found = answers(puzzle, limit)
        assert count == limit and found <= everything
    assert answers(puzzle, 34)[0] == 33


def test_every_answer_passes_the_checker() -> None:
    puzzle = parse_text("fillomino 3x3\n. . .\n. 1 .\n. . .")
    count, grids = brute.count(puzzle, 1000)
    assert count == len(by_partitions(puzzle)) > 0
    assert all(checker.check(puzzle, grid) == [] for grid in grids)


def test_regions_larger_than_every_given_are_counted() -> None:
    """A 1 in a corner of a 3x3: the other eight cells may be one region of 8."""
    puzzle = parse_text("fillomino 3x3\n1..\n...\n...")
    found = answers(puzzle)[1]
    assert (1, 8, 8, 8, 8, 8, 8, 8, 8) in found
    assert found == by_partitions(puzzle)


def test_the_pzprjs_board_has_one_answer() -> None:
    puzzle = KIND.from_url(6, 6, "h4j53g2k5233k2g14j3h")
    count, found = answers(puzzle, 2)
    assert count == 1
    assert found == {
        (5, 5, 4, 4, 4, 4, 5, 5, 3, 2, 2, 1, 3, 5, 3, 3, 5, 2)
        + (3, 3, 5, 5, 5, 2, 2, 2, 5, 1, 4, 4, 1, 3, 3, 3, 4, 4)
    }


def test_boards_of_every_small_size_are_drawn_and_planted_ones_have_an_answer() -> None:
    """The fuzzer draws boards of 1..10 a side; a planted board keeps its partition's answer."""
    rng = random.Random("fillomino-boards")
    for rows in range(1, 11):
        for cols in range(1, 11):
            KIND.random_board(rng, rows, cols)
            KIND.soak_board(rng, rows, cols)
    for _ in range(40):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        sizes = random_partition(rng, rows, cols)
        assert (
            checker.check(
                blank(rows, cols), [sizes[r * cols : (r + 1) * cols] for r in range(rows)]
            )
            == []
        )
        assert brute.count(planted_board(rng, rows, cols), 1)[0] == 1
