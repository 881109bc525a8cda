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
  the three cells of a piece share one code, and the code says its shape.
"""

from __future__ import annotations

import random
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ...engine import State
from ...errors import PuzzleError
from ...kind import Command, Generated, PuzzleKind, Rows, Violation
from ...sat.core import Encoding
from . import checker, cnf, model, rules
from .ladder import LADDER
from .model import Heteromino
from .pieces import piece_code


class HeterominoKind(PuzzleKind[Heteromino]):
    name = "heteromino"
    ladder = LADDER
    generate_modes = ("walk",)
    hybrid_rung = cnf.HYBRID_RUNG

    def parse_text(self, text: str) -> Heteromino:
        return model.parse_text(text)

    def format_text(self, puzzle: Heteromino) -> str:
        return model.format_text(puzzle)

    def from_json(self, obj: dict[str, Any]) -> Heteromino:
        return model.from_json(obj)

    def to_json(self, puzzle: Heteromino) -> dict[str, Any]:
        return model.to_json(puzzle)

    def from_url(self, cols: int, rows: int, body: str) -> Heteromino:
        from .url import decode

        return decode(cols, rows, body)

    def to_url(self, puzzle: Heteromino) -> str:
        from .url import encode

        return encode(puzzle)

    def check(self, puzzle: Heteromino, grid: Rows) -> list[Violation]:
        return checker.check(puzzle, grid)

    def initial_state(self, puzzle: Heteromino) -> State:
        return rules.new_state(puzzle)

    def position_state(self, puzzle: Heteromino, grid: Rows) -> State:
        """The state with every drawn piece put down: three cells sharing a number
        that form a tromino on white cells (other groups fix nothing).

        The pieces' consequences are applied at once, so that the rules only
        report what follows from them. Pieces that break the rules (twins
        touching) leave an empty domain, which the first rule reports as a
        contradiction.
        """
        if len(grid) != puzzle.rows or any(len(row) != puzzle.cols for row in grid):
            raise PuzzleError(f"position is not {puzzle.rows}x{puzzle.cols}")
        groups: dict[int, list[int]] = {}
        for cell, number in enumerate(value for row in grid for value in row):
            if number and not puzzle.black[cell]:
                groups.setdefault(number, []).append(cell)
        state = rules.new_state(puzzle)
        drawn = [state.tables.piece_of_cells(cells) for cells in groups.values()]
        rules.put_down(state, [piece for piece in drawn if piece is not None])
        return state

    def position_mistakes(
        self, puzzle: Heteromino, position: Rows, solution: Rows
    ) -> list[Violation]:
        return checker.position_mistakes(puzzle, position, solution)

    def solution_rows(self, puzzle: Heteromino, state: State) -> Rows:
        assert isinstance(state, rules.HeterominoState)
        tables = state.tables
        numbers = [0] * (puzzle.rows * puzzle.cols)
        number_of: dict[int, int] = {}
        for cell in tables.white:
            piece = rules.piece_of_cell(tables, cell, state.domains[cell])
            numbers[cell] = number_of.setdefault(piece, len(number_of) + 1)
        cols = puzzle.cols
        return [numbers[r * cols : (r + 1) * cols] for r in range(puzzle.rows)]

    def settled_cells(self, puzzle: Heteromino, state: State) -> dict[int, int]:
        """Cells with one piece left, each mapped to that piece's code."""
        assert isinstance(state, rules.HeterominoState)
        tables = state.tables
        settled = {}
        for cell in tables.white:
            dom = state.domains[cell]
            if dom and not dom & (dom - 1):
                piece = rules.piece_of_cell(tables, cell, dom)
                settled[cell] = piece_code(tables.piece_anchor[piece], tables.piece_shape[piece])
        return settled

    def encode(self, puzzle: Heteromino, state: State | None) -> Encoding:
        return cnf.encode(puzzle, state)

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

        return generate(rng, rows, cols, mode=mode)

    def render(self, puzzle: Heteromino, grid: Rows | None = None) -> str:
        return model.render(puzzle, grid)

    def stats(
        self, out_path: Path, *, samples: int = 100, executor: Executor | None = None
    ) -> dict[str, Any]:
        from .stats import run

        return run(out_path, samples=samples, executor=executor)


KIND = HeterominoKind()
