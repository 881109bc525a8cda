"""What the contract suite (``test_contract.py``) draws and reads, for any type.

Everything here goes through the face (``registry.get(name)``) and the
services over it, never a puzzle package's own modules, so a new type that is
registered gets the whole suite without a line written for it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from crosscheck import Grid, frozen, frozen_all
from pencilbox import hinting, registry, solving
from pencilbox.engine import Deduction, State
from pencilbox.errors import PuzzleError
from pencilbox.kind import Edge, PuzzleKind, position_state

Kind = PuzzleKind[Any]

LIMIT = 12  # answers counted per board: small, yet some boards reach it
SIDES = (3, 5)  # board sides, like the soak's smallest boards
SEEDS = 100  # boards per draw (plain random, soak) per type


# -- boards ------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawn:
    """A seeded small board and its brute-force answers (up to LIMIT)."""

    seed: str
    puzzle: Any
    count: int
    answers: frozenset[Grid]

    def where(self, kind: Kind) -> str:
        """The seed and text of the board, to rebuild and read a failing one."""
        return f"board {self.seed!r}:\n{kind.format_text(self.puzzle)}"


def draw(kind: Kind, seed: str, soak: bool) -> Any | None:
    """The board ``seed`` names (sides in SIDES), or None when the type has no
    valid board of the drawn size (the one failure random_board may report)."""
    rng = random.Random(seed)
    rows, cols = rng.randint(*SIDES), rng.randint(*SIDES)
    try:
        return (kind.soak_board if soak else kind.random_board)(rng, rows, cols)
    except ValueError:
        return None


@cache
def boards(name: str) -> tuple[Drawn, ...]:
    """SEEDS plain random boards and SEEDS soak boards (which may plant answers)
    of type ``name``, each with its brute-force count and answers."""
    kind = registry.get(name)
    found = []
    for soak in (False, True):
        for index in range(SEEDS):
            seed = f"contract-{'soak' if soak else 'random'}-{name}-{index}"
            puzzle = draw(kind, seed, soak)
            if puzzle is not None:
                count, answers = kind.brute_count(puzzle, LIMIT)
                found.append(Drawn(seed, puzzle, count, frozen_all(answers)))
    return tuple(found)


def json_form(kind: Kind, puzzle: Any) -> str:
    """The puzzle's JSON form as canonical text: equal puzzles, equal text."""
    return json.dumps(kind.to_json(puzzle), sort_keys=True)


# -- answers, edited ---------------------------------------------------------------


def one_cell_edits(answer: Grid, rng: random.Random, count: int) -> Iterator[Grid]:
    """``count`` copies of ``answer`` with one cell changed each, to a value the
    grid uses elsewhere, to 0 or to one past its largest value."""
    values = sorted({value for row in answer for value in row} | {0, max(map(max, answer)) + 1})
    cols = len(answer[0])
    for _ in range(count):
        row, col = divmod(rng.randrange(len(answer) * cols), cols)
        value = rng.choice([v for v in values if v != answer[row][col]])
        edited = [list(line) for line in answer]
        edited[row][col] = value
        yield frozen(edited)


# -- deductions, step by step -------------------------------------------------------


class SettledLog(list[Deduction]):
    """A deduction log that records, right after each deduction, the cells the
    state settles (through the face) and every variable's domain."""

    def __init__(self, kind: Kind, puzzle: Any, state: State) -> None:
        super().__init__()
        self.kind, self.puzzle, self.state = kind, puzzle, state
        self.settled: list[dict[int, int]] = []
        self.domains: list[tuple[int, ...]] = []

    def append(self, deduction: Deduction) -> None:
        super().append(deduction)
        self.settled.append(self.kind.settled_cells(self.puzzle, self.state))
        self.domains.append(tuple(self.state.domains))


@dataclass(frozen=True)
class Truth:
    """One answer as the solver sees it: its settled cells and its domains."""

    settled: dict[int, int]
    domains: tuple[int, ...]


def truths(kind: Kind, puzzle: Any, answers: frozenset[Grid]) -> list[Truth]:
    """Each answer entered as a player's position: a solved state, whose
    settled cells and domains every sound deduction must keep."""
    found = []
    for answer in sorted(answers):
        state = kind.position_state(puzzle, [list(row) for row in answer])
        assert state.is_solved(), f"the position of answer {answer} is not a solved state"
        found.append(Truth(kind.settled_cells(puzzle, state), tuple(state.domains)))
    return found


def lost_by(settled: dict[int, int], domains: tuple[int, ...], truth: Truth) -> str | None:
    """How a state contradicts an answer (a cell settled otherwise, a value
    dropped), or None when the answer survives it."""
    for cell, value in settled.items():
        if truth.settled.get(cell) != value:
            return f"cell {cell} settled to {value}, the answer has {truth.settled.get(cell)}"
    for var, (dom, own) in enumerate(zip(domains, truth.domains, strict=True)):
        if own & ~dom:
            return f"variable {var} lost the answer's value"
    return None


# -- hints, one after another --------------------------------------------------------

SPLIT = "split"
SUPPOSITION = "supposition"
HINT_KINDS = (SPLIT, SUPPOSITION)
"""The kinds of hint that go past the rules' own steps: a case split (the
hint's ``split``: "X or Y; X fails in 3 steps, so Y") and a supposition (a
step that supposes an option and refutes it: the teacher's, or a ladder's
probe told as one; a split's own refutations are the split's)."""


def hint_kinds(hint: solving.Hint) -> set[str]:
    """Which of :data:`HINT_KINDS` a hint shows."""
    kinds = {SPLIT} if hint.split is not None else set()
    if any(step.supposes and step.rule != hinting.SPLIT for step in hint.steps):
        kinds.add(SUPPOSITION)
    return kinds


@dataclass
class Chain:
    """A run of hints from the empty position, each hint's move entered."""

    position: list[list[int]]
    moves: int
    status: str  # the last hint's status: "solved", else where the hints stopped
    mistakes: list[str]
    edges: list[Edge]  # the marks drawn between cells (a move may be one)
    kinds: Counter[str] = field(default_factory=Counter)  # hints of each HINT_KINDS
    last: solving.Hint | None = None  # the hint the run stopped at

    def solved(self, kind: Kind, puzzle: Any) -> Grid | None:
        """The answer the position and marks make, None if they make none."""
        state = position_state(kind, puzzle, self.position, self.edges)
        return frozen(kind.solution_rows(puzzle, state)) if state.is_solved() else None


def follow_hints(kind: Kind, puzzle: Any, solution: Grid) -> Chain:
    """Ask for a hint and make its move until the hints stop: enter the final
    step's ``value`` in each of its ``cells``, as a player would, or draw its
    ``edges`` (a type that reads marks off a state may hint a border); any
    entry or mark the solution contradicts is recorded as a mistake. One hint,
    its move, then the next: each move must enter an empty cell or draw a new
    mark, so the run cannot loop (a move per cell, at most one per edge besides)."""
    position = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    edges: list[Edge] = []
    mistakes: list[str] = []
    kinds: Counter[str] = Counter()
    answer = [list(row) for row in solution]
    cells = puzzle.rows * puzzle.cols
    for moves in range(3 * cells + 1):
        hint = solving.hint(kind, puzzle, position, edges=edges)
        if hint.status != "step":
            return Chain(position, moves, hint.status, mistakes, edges, kinds, hint)
        kinds.update(hint_kinds(hint))
        final = hint.steps[-1]
        if final.edges:
            assert not final.writes, final
            fresh = [edge for edge in final.edges if edge not in edges]
            assert fresh, f"hint {final} draws only marks already drawn"
            edges += fresh
            wrong = kind.edge_mistakes(puzzle, fresh, answer)
            mistakes += [f"after {final}: {violation.message}" for violation in wrong]
            continue
        assert final.writes and final.cells and final.value is not None, final
        for cell in final.cells:
            row, col = divmod(cell, puzzle.cols)
            assert position[row][col] == 0, f"hint {final} enters an entered cell"
            position[row][col] = final.value
        wrong = kind.position_mistakes(puzzle, position, answer)
        mistakes += [f"after {final}: {violation.message}" for violation in wrong]
    raise AssertionError("more hints than cells and edges")


def hardest_first(kind: Kind) -> list[dict[str, Any]]:
    """The bank's records, the hardest grade first ("search", then the ladder's
    rungs from the top), the smallest board first within a grade."""
    rank = {grade: index for index, grade in enumerate((*kind.ladder.names, "search"))}
    return sorted(
        kind.bank(), key=lambda r: (-rank[r["grade"]["rung"]], r["rows"] * r["cols"], r["id"])
    )


# -- broken input ----------------------------------------------------------------------


def broken_inputs(kind: Kind, puzzle: Any) -> dict[str, str]:
    """Inputs that must each be refused with a one-line PuzzleError, by a label
    whose first word is the form: text, URL or JSON cut short, of the wrong
    size, or holding characters the form does not use."""
    rows, cols = puzzle.rows, puzzle.cols
    text = kind.format_text(puzzle)
    header, *body = text.splitlines()
    found = {
        "text header only": header + "\n",
        "text cut in half": text[: len(text) // 2],
        "text last line dropped": "\n".join([header, *body[:-1]]) + "\n",
        "text one row more": text.replace(f"{rows}x{cols}", f"{rows + 1}x{cols}", 1),
        "text one column more": text.replace(f"{rows}x{cols}", f"{rows}x{cols + 1}", 1),
        "text size not a size": text.replace(f"{rows}x{cols}", f"{rows}y{cols}", 1),
        "text control character": "\n".join([header, body[0][:-1] + "\x07", *body[1:]]),
        "text percent sign": "\n".join([header, "%" + body[0][1:], *body[1:]]),
    }
    try:
        url = kind.to_url(puzzle)
    except PuzzleError:  # a board the URL form cannot write has no URL to break
        return found | _broken_json(kind.to_json(puzzle))
    head, _, tail = url.partition(f"{kind.name}/{cols}/{rows}/")
    found |= {
        "url body cut in half": f"{head}{kind.name}/{cols}/{rows}/{tail[: len(tail) // 2]}",
        "url no body": f"{head}{kind.name}/{cols}/{rows}/",
        "url no rows": f"{head}{kind.name}/{cols}",
        "url rows doubled": f"{head}{kind.name}/{cols}/{2 * rows}/{tail}",
        "url rows not a number": f"{head}{kind.name}/{cols}/x/{tail}",
        "url percent sign first": f"{head}{kind.name}/{cols}/{rows}/%{tail[1:]}",
        "url percent sign last": f"{url}%",
    }
    return found | _broken_json(kind.to_json(puzzle))


def _broken_json(obj: dict[str, Any]) -> dict[str, str]:
    whole = json.dumps(obj)
    rows, cols = obj["rows"], obj["cols"]
    found = {
        "json cut in half": whole[: len(whole) // 2],
        "json one row more": json.dumps(dict(obj, rows=rows + 1)),
        "json one column more": json.dumps(dict(obj, cols=cols + 1)),
        "json rows as text": json.dumps(dict(obj, rows=str(rows))),
        "json no rows": json.dumps({key: value for key, value in obj.items() if key != "rows"}),
        "json not an object": json.dumps([obj]),
        "json unknown type": json.dumps(dict(obj, puzzle="no-such-type")),
    }
    for key, value in obj.items():  # each grid the JSON form holds
        if isinstance(value, list) and value and isinstance(value[0], list):
            found[f"json {key} short a row"] = json.dumps(dict(obj, **{key: value[:-1]}))
            grid = [["x", *row[1:]] for row in value]
            found[f"json {key} holding text"] = json.dumps(dict(obj, **{key: grid}))
    return found
