"""Hints that teach (issue 13): short, suppositions explained, tiered, and
reading the player's pencil marks. That they never dead-end, on every bank
puzzle of every type, is the contract's (test_contract: the hints walked from
each untouched board; Suguru's 9x9-14, where the ladder once stalled after 14
moves and answered the same forever, is among the default run's sample)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pencilbox import formats, hinting, registry, solving
from pencilbox.engine import propagate
from pencilbox.hinting import teacher as teacher_module
from pencilbox.kind import PuzzleKind, with_move_values


def bank_puzzle(name: str, puzzle_id: str) -> tuple[PuzzleKind[Any], Any, list[list[int]]]:
    kind = registry.get(name)
    record = next(r for r in kind.bank() if r["id"] == puzzle_id)
    _, puzzle = formats.load_object(record["json"])
    return kind, puzzle, record["solution"]


def spread(cells: list[int], cols: int) -> int:
    """The larger side of the box around ``cells``."""
    rows_, cols_ = [c // cols for c in cells], [c % cols for c in cells]
    return max(max(rows_) - min(rows_), max(cols_) - min(cols_))


def test_the_first_heteromino_8x8_06_hint_is_short_and_local() -> None:
    # On the bank this one replaced, 8x8-06's first hint was 22 steps (12 region
    # refutations, 9 probes) about cells all over the board.
    kind, puzzle, solution = bank_puzzle("heteromino", "8x8-06")
    hint = solving.hint(kind, puzzle)
    assert hint.status == "step" and len(hint.steps) <= 5
    final = hint.steps[-1]
    assert final.writes
    supposed = [cell for step in hint.steps for cell in step.supposed]
    assert spread([*final.cells, *supposed], puzzle.cols) <= 3  # within a 4x4 box
    # The move agrees with the answer: every cell of the drawn piece is one piece there.
    labels = {solution[c // puzzle.cols][c % puzzle.cols] for c in final.cells}
    assert len(labels) == 1


def test_a_supposition_carries_its_chain_and_contradiction() -> None:
    # The ladder's probes, told as suppositions (8x8-06's are all "at once").
    kind, puzzle, _ = bank_puzzle("heteromino", "8x8-22")
    hint = solving.hint(kind, puzzle)
    supposed = [step for step in hint.steps if step.supposes]
    assert supposed, "this hint rests on suppositions"
    assert any(step.chain for step in supposed)
    for step in supposed:
        assert step.supposed and step.contradiction
        assert step.reason.startswith(f"Suppose {step.supposes}.")
        assert step.reason.endswith(f"So {step.supposes} is impossible.")
        assert not step.writes
    shown = hint.as_json(kind, puzzle)
    chained = [s for s in shown["steps"] if s["chain"]]
    assert chained and all(c["cells"] and c["labels"] for s in chained for c in s["chain"])


def test_the_answer_has_three_tiers() -> None:
    kind, puzzle, _ = bank_puzzle("heteromino", "8x8-06")
    shown = solving.hint(kind, puzzle).as_json(kind, puzzle)
    one, two, three = shown["tiers"]
    final = shown["steps"][-1]
    assert one["tier"] == 1 and one["cells"] == final["cells"]
    assert one["text"].startswith("Look at " + " ".join(final["labels"]))
    assert final["rule"] in one["text"]
    assert final["reason"] in two["text"]
    assert len(three["lines"]) == len(shown["steps"])


def test_pencilled_eliminations_are_not_offered_again() -> None:
    """A hint that refutes an option by supposing it: once the player has
    pencilled that option out, the next hint does not refute it again."""
    kind, puzzle, solution = bank_puzzle("suguru", "9x9-14")
    position = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    for _ in range(puzzle.rows * puzzle.cols):
        hint = solving.hint(kind, puzzle, position)
        if any(step.supposes for step in hint.steps):
            break
        for cell in hint.steps[-1].cells:
            position[cell // puzzle.cols][cell % puzzle.cols] = hint.steps[-1].value or 0
    else:
        raise AssertionError("no hint on 9x9-14 supposes")
    refuted = next(step for step in hint.steps if step.supposes)
    (cell,) = refuted.supposed
    state = kind.position_state(puzzle, position)
    wrong = int((refuted.supposes or "").split(" is ")[-1])
    marks = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    marks[cell // puzzle.cols][cell % puzzle.cols] = state.domains[cell] & ~(1 << (wrong - 1))
    again = solving.hint(kind, puzzle, position, marks=marks)
    assert again.status == "step"
    assert refuted.supposes not in [step.supposes for step in again.steps]


def test_marks_that_leave_a_cell_nothing_are_a_mistake() -> None:
    kind, puzzle, solution = bank_puzzle("suguru", "5x5-01")
    empty = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    state = kind.initial_state(puzzle)
    open_cell = next(c for c, d in enumerate(state.domains) if d & (d - 1))
    gone = ((1 << 9) - 1) & ~state.domains[open_cell]
    marks = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    marks[open_cell // puzzle.cols][open_cell % puzzle.cols] = gone
    hint = solving.hint(kind, puzzle, empty, marks=marks)
    assert hint.status == "mistake" and hint.mistakes[0].cells == (open_cell,)


def heteromino_search(monkeypatch: pytest.MonkeyPatch) -> tuple[hinting.Teacher, Any]:
    # The supposition search alone, with room to spare, on the 8x8 bank board
    # where it tries the most suppositions (12, measured) and keeps the most
    # survivors (46).
    monkeypatch.setattr(teacher_module, "TRIAL_CAP", 48)
    kind, puzzle, _ = bank_puzzle("heteromino", "8x8-09")
    state = kind.initial_state(puzzle)
    teacher = hinting.Teacher(kind, puzzle, kind.ladder.rules())
    teacher.cells_are_vars = True
    move = hinting.targeted(teacher, state, None, None)
    assert move is not None and len(move.steps) <= 5
    return teacher, state


def test_options_a_surviving_supposition_settled_are_not_tried_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Before the skip, a hint tried up to 55 suppositions on such boards, and
    # the slowest boards used all 120.
    teacher, _ = heteromino_search(monkeypatch)
    assert teacher.trials <= 30, teacher.trials


def test_options_known_to_survive_do_survive(monkeypatch: pytest.MonkeyPatch) -> None:
    """The skip is sound on the board: each option taken as a survivor
    reaches no contradiction when supposed."""
    teacher, state = heteromino_search(monkeypatch)
    assert teacher.survivors
    for var, bits in teacher.survivors.items():
        while bits:
            low = bits & -bits
            bits ^= low
            trial = state.copy()
            trial.fix(var, low)
            propagate(trial, teacher.trial_rules)  # raises Contradiction if wrong


# -- the web hint passes the last move and the pencil marks through -----------------


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    from starlette.testclient import TestClient

    from pencilbox.web.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


def test_the_web_hint_prefers_the_area_of_the_last_move(client: Any) -> None:
    kind, puzzle, _ = bank_puzzle("heteromino", "8x8-04")
    body = {"puzzle": kind.to_json(puzzle), "last": 32}
    answer = client.post("/api/hint", json=body).json()
    expected = solving.hint(kind, puzzle, last=32).as_json(kind, puzzle)
    assert answer == with_move_values(kind, puzzle, None, expected)  # as the web answers
    # without it the hint is elsewhere: the last move is what moved it
    assert solving.hint(kind, puzzle).steps[-1].cells != tuple(answer["steps"][-1]["cells"])


def test_the_web_hint_reads_the_pencil_marks(client: Any) -> None:
    kind, puzzle, _ = bank_puzzle("suguru", "5x5-01")
    state = kind.initial_state(puzzle)
    cell = next(c for c, d in enumerate(state.domains) if d & (d - 1))
    marks = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    marks[cell // puzzle.cols][cell % puzzle.cols] = ((1 << 9) - 1) & ~state.domains[cell]
    body = {"puzzle": kind.to_json(puzzle), "marks": marks}
    answer = client.post("/api/hint", json=body).json()
    assert answer["status"] == "mistake" and answer["mistakes"][0]["cells"] == [cell]


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"last": -1}, "'last' must be an integer from 0 to 24"),
        ({"last": 25}, "'last' must be an integer from 0 to 24"),
        ({"last": "r1c1"}, "'last' must be an integer"),
        ({"last": True}, "'last' must be an integer"),
        ({"marks": 3}, "'marks' must be a list of 5 rows"),
        ({"marks": [[0] * 5] * 4}, "'marks' must be a list of 5 rows"),
        ({"marks": [[0] * 5] * 4 + [[0] * 4]}, "'marks' row 5 must hold 5 numbers"),
        ({"marks": [[0] * 5] * 4 + [[0, 0, -1, 0, 0]]}, "'marks' at r5c3 is not a bitset"),
        ({"marks": [[0] * 5] * 4 + [[0, 0, 1.5, 0, 0]]}, "'marks' at r5c3 is not a bitset"),
        ({"marks": [[0] * 5] * 4 + [[0, 0, 1 << 99, 0, 0]]}, "'marks' at r5c3 is not a bitset"),
    ],
)
def test_bad_last_or_marks_are_a_one_line_400(
    client: Any, extra: dict[str, Any], words: str
) -> None:
    kind, puzzle, _ = bank_puzzle("suguru", "5x5-01")
    response = client.post("/api/hint", json={"puzzle": kind.to_json(puzzle), **extra})
    assert response.status_code == 400
    message = response.json()["error"]
    assert message.startswith(words) and "\n" not in message
