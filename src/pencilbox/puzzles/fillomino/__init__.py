"""Fillomino: divide the grid into regions whose sizes are their numbers;
regions of one size never share an edge.

Values outside the solver:

* a **solution grid** holds each cell's region size (1..cells);
* a **position** (a player's work) is the same kind of grid with 0 for a cell
  not yet numbered, and beside it the borders the player drew between two
  cells (the face's edge marks: a ``border`` says the two cells are in
  different regions, a ``join`` that they are in one);
* a **settled cell** (rung views) maps to its region's size, and a cell's
  domain bit ``k - 1`` is the size ``k`` (so a player's pencil marks are candidates);
* a **hint's move** carries in ``value`` the size to write in its cells.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...codecs.janko import Janko
from ...codecs.pzprv3 import Pzprv3
from ...engine import State
from ...kind import Drawing, Edge, Generated, PuzzleKind, Rows, Violation
from ...sat.core import Encoding
from . import model
from .model import Fillomino

if TYPE_CHECKING:  # the process machinery is loaded by what runs the stats
    from concurrent.futures import Executor


class FillominoKind(PuzzleKind[Fillomino]):
    name = "fillomino"
    generate_modes = ("reach", "closed", "way-out", "placements", "minimal")
    generate_sides = (2, 20)  # what generate.py accepts (a test holds the two together)
    candidate_marks = True
    has_givens = True
    edge_marks = ("border", "join")  # the player's marks between two cells (:mod:`.edges`)

    def parse_text(self, text: str) -> Fillomino:
        return model.parse_text(text)

    def format_text(self, puzzle: Fillomino) -> str:
        return model.format_text(puzzle)

    def from_json(self, obj: dict[str, Any]) -> Fillomino:
        return model.from_json(obj)

    def draft_problems(self, obj: dict[str, Any]) -> list[Violation]:
        from .draft import draft_problems

        return draft_problems(obj)

    def to_json(self, puzzle: Fillomino) -> dict[str, Any]:
        return model.to_json(puzzle)

    def from_url(self, cols: int, rows: int, body: str) -> Fillomino:
        from .url import decode

        return decode(cols, rows, body)

    def to_url(self, puzzle: Fillomino) -> str:
        from .url import encode

        return encode(puzzle)

    def from_pzprv3(self, file: Pzprv3) -> tuple[Fillomino, Rows | None]:
        from .pzprv3 import read

        return read(file)

    def to_pzprv3(self, puzzle: Fillomino, answer: Rows | None = None) -> Pzprv3:
        from .pzprv3 import write

        return write(puzzle, answer)

    def from_janko(self, board: Janko) -> tuple[Fillomino, Rows | None]:
        from .janko import read

        return read(board)

    def check(self, puzzle: Fillomino, grid: Rows) -> list[Violation]:
        from .checker import check

        return check(puzzle, grid)

    def initial_state(self, puzzle: Fillomino) -> State:
        from .state import new_state

        return new_state(puzzle)

    def position_state(self, puzzle: Fillomino, grid: Rows) -> State:
        from .state import position_state

        return position_state(puzzle, grid)

    def edge_problem(self, puzzle: Fillomino, edge: Edge) -> str | None:
        from .edges import edge_problem

        return edge_problem(puzzle, edge)

    def apply_edges(self, puzzle: Fillomino, state: State, edges: Sequence[Edge]) -> None:
        from .edges import apply_edges

        apply_edges(puzzle, state, edges)

    def known_edges(
        self, puzzle: Fillomino, state: State, around: Iterable[int] | None = None
    ) -> set[Edge]:
        from .borders import known_edges

        return known_edges(puzzle, state, around)

    def edge_mistakes(
        self, puzzle: Fillomino, edges: Sequence[Edge], solution: Rows, *, reveal: bool = False
    ) -> list[Violation]:
        from .edges import edge_mistakes

        return edge_mistakes(puzzle, edges, solution, reveal)

    def check_edges(self, puzzle: Fillomino, grid: Rows, edges: Sequence[Edge]) -> list[Violation]:
        from .edges import check_edges

        return check_edges(puzzle, grid, edges)

    def solution_rows(self, puzzle: Fillomino, state: State) -> Rows:
        from .state import solution_rows

        return solution_rows(puzzle, state)

    def settled_cells(self, puzzle: Fillomino, state: State) -> dict[int, int]:
        from .state import settled_cells

        return settled_cells(puzzle, state)

    def encode(self, puzzle: Fillomino, state: State | None) -> Encoding:
        from .cnf import encode  # only the SAT engines need the encoder

        return encode(puzzle, state)

    def random_board(self, rng: random.Random, rows: int, cols: int) -> Fillomino:
        from .boards import random_board

        return random_board(rng, rows, cols)

    def soak_board(self, rng: random.Random, rows: int, cols: int) -> Fillomino:
        from .boards import soak_board

        return soak_board(rng, rows, cols)

    def brute_count(self, puzzle: Fillomino, limit: int) -> tuple[int, list[Rows]]:
        from .brute import count

        return count(puzzle, limit)

    def generate(self, rng: random.Random, rows: int, cols: int, mode: str) -> Generated[Fillomino]:
        from .generate import generate

        return generate(self, rng, rows, cols, mode=mode)

    def render(self, puzzle: Fillomino, grid: Rows | None = None) -> str:
        return model.render(puzzle, grid)

    def drawing(self, puzzle: Fillomino, grid: Rows | None = None) -> Drawing:
        from .drawing import drawing

        return drawing(puzzle, grid)

    def clue_cells(self, puzzle: Fillomino) -> tuple[int, ...]:
        return puzzle.given_cells

    def with_clue(self, puzzle: Fillomino, cell: int, value: int) -> Fillomino | None:
        from .clues import with_clue

        return with_clue(puzzle, cell, value)

    def without_clue(self, puzzle: Fillomino, cell: int) -> Fillomino:
        from .clues import without_clue

        return without_clue(puzzle, cell)

    def contradiction_words(
        self, puzzle: Fillomino, state: State, reason: object
    ) -> tuple[str, tuple[int, ...]]:
        from .rules import contradiction_words

        return contradiction_words(puzzle, state, reason)

    def stats(
        self,
        out_path: Path,
        *,
        samples: int = 100,
        executor: Executor | None = None,
        only: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        from .stats import run

        return run(self, out_path, samples=samples, executor=executor, only=only)

    def stats_sections(self) -> Mapping[str, Sequence[str]]:
        from .stats import SECTIONS

        return SECTIONS


KIND = FillominoKind()
