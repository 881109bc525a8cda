"""Heteromino: cut the white cells into trominoes; same shapes (as drawn) never touch.

Values outside the solver:

* a **solution grid** holds piece numbers 1..n, numbered in reading order of
  each piece's first cell, and 0 in black cells;
* a **position** (a player's work) is the same kind of grid with 0 for cells
  not yet in a drawn piece. Any number may name a piece: three cells holding
  the same number and forming a bar or an L on white cells are a drawn
  piece, and the state fixes it. Other groups (one or two cells of a piece
  being drawn, or more than three) fix nothing; the checker names them;
* a **settled cell** (rung views) maps to the code of the piece that must
  cover it, ``6 * anchor + shape + 1`` (see :func:`.pieces.piece_code`):
  the three cells of a piece share one code, and the code says its shape;
* a **hint's move** in JSON (the CLI's and the web app's) carries in
  ``value`` a piece number the position can hold (one no other cell uses),
  to write in the move's three ``cells``; the deduction itself keeps the code.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...codecs.janko import Janko
from ...codecs.pzprv3 import Pzprv3
from ...engine import State
from ...kind import Command, Drawing, Edge, Generated, PuzzleKind, Rows, Violation
from ...sat.core import Encoding
from . import checker, model, places
from .edges import EDGE_MARKS, apply_edges, check_edges, edge_mistakes, edge_problem
from .model import Heteromino
from .state import (
    HeterominoState,
    move_value,
    new_state,
    position_state,
    settled_cells,
    solution_rows,
)

if TYPE_CHECKING:  # the process machinery is loaded by what runs the stats
    from concurrent.futures import Executor


class HeterominoKind(PuzzleKind[Heteromino]):
    name = "heteromino"
    generate_modes = ("walk",)
    generate_sides = (3, 30)  # what generate.py accepts (a test holds the two together)
    edge_marks = EDGE_MARKS

    def parse_text(self, text: str) -> Heteromino:
        return model.parse_text(text)

    def format_text(self, puzzle: Heteromino) -> str:
        return model.format_text(puzzle)

    def from_json(self, obj: dict[str, Any]) -> Heteromino:
        return model.from_json(obj)

    def draft_problems(self, obj: dict[str, Any]) -> list[Violation]:
        from .draft import draft_problems

        return draft_problems(obj)

    def to_json(self, puzzle: Heteromino) -> dict[str, Any]:
        return model.to_json(puzzle)

    def from_url(self, cols: int, rows: int, body: str) -> Heteromino:
        from .url import decode

        return decode(cols, rows, body)

    def to_url(self, puzzle: Heteromino) -> str:
        from .url import encode

        return encode(puzzle)

    def from_pzprv3(self, file: Pzprv3) -> tuple[Heteromino, Rows | None]:
        from .pzprv3 import read

        return read(file)

    def to_pzprv3(self, puzzle: Heteromino, answer: Rows | None = None) -> Pzprv3:
        from .pzprv3 import write

        return write(puzzle, answer)

    def from_janko(self, board: Janko) -> tuple[Heteromino, Rows | None]:
        from .janko import read

        return read(board)

    def check(self, puzzle: Heteromino, grid: Rows) -> list[Violation]:
        return checker.check(puzzle, grid)

    def initial_state(self, puzzle: Heteromino) -> State:
        return new_state(puzzle)

    def position_state(self, puzzle: Heteromino, grid: Rows) -> State:
        return position_state(puzzle, grid)

    def position_mistakes(
        self, puzzle: Heteromino, position: Rows, solution: Rows, *, reveal: bool = False
    ) -> list[Violation]:
        return checker.position_mistakes(puzzle, position, solution, reveal)

    def edge_problem(self, puzzle: Heteromino, edge: Edge) -> str | None:
        return edge_problem(puzzle, edge)

    def apply_edges(self, puzzle: Heteromino, state: State, edges: Sequence[Edge]) -> None:
        assert isinstance(state, HeterominoState)
        apply_edges(state, edges)

    def edge_mistakes(
        self, puzzle: Heteromino, edges: Sequence[Edge], solution: Rows, *, reveal: bool = False
    ) -> list[Violation]:
        return edge_mistakes(puzzle, edges, solution, reveal)

    def check_edges(self, puzzle: Heteromino, grid: Rows, edges: Sequence[Edge]) -> list[Violation]:
        return check_edges(puzzle, grid, edges)

    def move_value(
        self, puzzle: Heteromino, position: Rows | None, cells: Sequence[int], value: int | None
    ) -> int | None:
        """A piece number no other cell of ``position`` uses (the deduction's
        value is the piece's internal code)."""
        return move_value(puzzle, position, cells)

    def solution_rows(self, puzzle: Heteromino, state: State) -> Rows:
        return solution_rows(puzzle, state)

    def settled_cells(self, puzzle: Heteromino, state: State) -> dict[int, int]:
        return settled_cells(state)

    def encode(self, puzzle: Heteromino, state: State | None) -> Encoding:
        from .cnf import encode  # only the SAT engines need the encoder

        return encode(puzzle, state)

    def commands(self) -> tuple[Command, ...]:
        from .commands import LEDGER

        return (LEDGER,)

    def random_board(self, rng: random.Random, rows: int, cols: int) -> Heteromino:
        from .boards import random_board

        return random_board(rng, rows, cols)

    def brute_count(self, puzzle: Heteromino, limit: int) -> tuple[int, list[Rows]]:
        from .brute import count

        return count(puzzle, limit)

    def generate(
        self, rng: random.Random, rows: int, cols: int, mode: str
    ) -> Generated[Heteromino]:
        from .generate import generate

        return generate(self, rng, rows, cols, mode=mode)

    def render(self, puzzle: Heteromino, grid: Rows | None = None) -> str:
        return model.render(puzzle, grid)

    def drawing(self, puzzle: Heteromino, grid: Rows | None = None) -> Drawing:
        from .drawing import drawing

        return drawing(puzzle, grid)

    def contradiction_words(
        self, puzzle: Heteromino, state: State, reason: object
    ) -> tuple[str, tuple[int, ...]]:
        from .rules import contradiction_cells, describe_contradiction

        return describe_contradiction(state.tables, reason), contradiction_cells(reason)  # type: ignore[arg-type]

    def cell_contents(self, puzzle: Heteromino, grid: Rows) -> list[object]:
        return places.cell_contents(puzzle, grid)

    def difference_places(
        self, puzzle: Heteromino, cells: Sequence[int]
    ) -> list[tuple[str, tuple[int, ...]]]:
        return places.difference_places(puzzle, cells)

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


KIND = HeterominoKind()
