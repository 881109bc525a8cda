"""The write-up's 3x3 fixture: the witness rung proves cells on an empty board.

A domino across the top, a block of 3 and a block of 4, no givens. The
domino holds 1 and 2 in some order, so a cell touching both of its cells
sees a 1 and a 2 in every fill: it can be neither. Below the domino that
cell is in the block of 3, so it is a 3; its neighbour in the block of 4
touches the domino and that 3, so it is a 4. Singles see none of this.

The layout was found by enumerating every 3x3 partition into a top-row
domino, a 3-block and a 4-block; :func:`test_fixture_among_all_such_partitions`
repeats that enumeration and pins what it finds.
"""

from __future__ import annotations

import itertools

import pytest

from crosscheck import SnapshotLog
from pencilbox.engine import Contradiction, State, count_solutions, propagate
from pencilbox.puzzles.suguru import KIND, brute
from pencilbox.puzzles.suguru.model import Suguru, build, parse_text
from pencilbox.puzzles.suguru.state import new_state

FIXTURE = """\
suguru 3x3
A A B
C B B
C C B
"""
# A: the domino r1c1-r1c2; B: the block of 4; C: the block of 3.
R1C1, R1C2, R2C1, R2C2 = 0, 1, 3, 4


def digits(*values: int) -> int:
    """The candidate bitset holding ``values``."""
    return sum(1 << (value - 1) for value in set(values))


@pytest.fixture
def fixture() -> Suguru:
    return parse_text(FIXTURE)


def run(puzzle: Suguru, rung: str) -> tuple[State, SnapshotLog]:
    state = new_state(puzzle)
    log = SnapshotLog(state)
    propagate(state, KIND.ladder.rules(rung), log)
    return state, log


def test_fixture_layout(fixture: Suguru) -> None:
    assert fixture.given_count == 0
    assert fixture.block_cells == ((R1C1, R1C2), (2, R2C2, 5, 8), (R2C1, 6, 7))


def test_singles_prove_nothing(fixture: Suguru) -> None:
    state, log = run(fixture, "singles")
    assert list(log) == []
    assert state.domains == new_state(fixture).domains
    assert KIND.settled_cells(fixture, state) == {}


def test_witness_proves_two_cells(fixture: Suguru) -> None:
    state, _ = run(fixture, "witness")
    assert KIND.settled_cells(fixture, state) == {R2C1: 3, R2C2: 4}
    assert not state.is_solved()


def test_the_cascade_runs_as_the_write_up_tells(fixture: Suguru) -> None:
    """The domino strips {1, 2} from r2c1, leaving a 3; that 3 and the domino
    leave r2c2 only a 4."""
    _, log = run(fixture, "witness")
    steps = list(zip(log, log.after, strict=True))

    first, first_after = steps[0]
    assert first.rule == "witness-outward"
    assert first.cells == (R2C1,)
    assert first.because == (R1C1, R1C2)
    assert first_after == (digits(3),)

    to_four = [d for d, after in steps if d.cells == (R2C2,) and after == (digits(4),)]
    pin, written = to_four  # the proof, then the bookkeeping that writes the 4
    assert pin.rule == "witness-outward"
    assert R2C1 in pin.because  # the block of 3, whose r2c1 now holds the 3
    assert written.rule == "only-candidate" and written.writes


def test_exactly_two_solutions(fixture: Suguru) -> None:
    count, solutions = brute.count(fixture, 10)
    assert count == 2
    assert len({tuple(map(tuple, grid)) for grid in solutions}) == 2
    for grid in solutions:
        assert KIND.check(fixture, grid) == []
    for rung in ("singles", "witness"):
        result = count_solutions(new_state(fixture), KIND.ladder.rules(rung), 10)
        assert (result.count, result.exhaustive) == (2, True)


def test_every_witness_fact_holds_in_both_solutions(fixture: Suguru) -> None:
    state, log = run(fixture, "witness")
    _, solutions = brute.count(fixture, 10)
    assert len(log) >= 2
    for grid in solutions:
        flat = [digit for row in grid for digit in row]
        for cell, digit in enumerate(flat):
            assert state.domains[cell] & digits(digit), (cell, grid)
        for deduction, after in zip(log, log.after, strict=True):
            for cell, dom in zip(deduction.cells, after, strict=True):
                assert dom & digits(flat[cell]), (deduction, grid)


def connected(cells: tuple[int, ...], cols: int = 3) -> bool:
    members = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        row, col = divmod(todo.pop(), cols)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            other = r * cols + c
            if 0 <= r < 3 and 0 <= c < cols and other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(members)


def top_domino_partitions() -> list[Suguru]:
    """Every 3x3 board cut into a top-row domino, a 3-block and a 4-block."""
    boards = []
    for domino in ((0, 1), (1, 2)):
        rest = [cell for cell in range(9) if cell not in domino]
        for three in itertools.combinations(rest, 3):
            four = tuple(cell for cell in rest if cell not in three)
            if not (connected(three) and connected(four)):
                continue
            labels = [0] * 9
            for label, cells in enumerate((domino, three, four)):
                for cell in cells:
                    labels[cell] = label
            boards.append(build(3, 3, labels, [0] * 9))
    return boards


def test_fixture_among_all_such_partitions(fixture: Suguru) -> None:
    """Of the 10 such partitions, 6 have no solution (and the witness rung
    says so); the other 4 -- the fixture, its mirror image and two more --
    have two solutions each, two cells proven by witness and none by singles."""
    boards = top_domino_partitions()
    assert len(boards) == 10
    like_fixture = []
    for puzzle in boards:
        count, _ = brute.count(puzzle, 10)
        if count == 0:
            with pytest.raises(Contradiction):
                run(puzzle, "witness")
            continue
        singles_state, _ = run(puzzle, "singles")
        witness_state, _ = run(puzzle, "witness")
        assert count == 2
        assert KIND.settled_cells(puzzle, singles_state) == {}
        assert len(KIND.settled_cells(puzzle, witness_state)) == 2
        like_fixture.append(puzzle.blocks)
    assert len(like_fixture) == 4
    assert fixture.blocks in like_fixture
