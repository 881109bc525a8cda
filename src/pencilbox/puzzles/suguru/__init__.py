"""Suguru (Tectonic): blocks of 1..k, equal digits never touch."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...codecs.janko import Janko
from ...codecs.pzprv3 import Pzprv3
from ...engine import State
from ...kind import Drawing, Generated, PuzzleKind, Rows, Violation
from ...sat.core import Encoding
from . import checker, clues, model, places
from .model import Suguru
from .state import new_state, position_state, settled_cells, settled_rows

if TYPE_CHECKING:  # the process machinery is loaded by what runs the stats
    from concurrent.futures import Executor


class SuguruKind(PuzzleKind[Suguru]):
    name = "suguru"
    aliases = ("tectonic",)
    candidate_marks = True
    generate_modes = ("solvable", "minimal")
    generate_sides = (1, 20)  # what generate.py accepts (a test holds the two together)
    has_givens = True

    def parse_text(self, text: str) -> Suguru:
        return model.parse_text(text)

    def format_text(self, puzzle: Suguru) -> str:
        return model.format_text(puzzle)

    def from_json(self, obj: dict[str, Any]) -> Suguru:
        return model.from_json(obj)

    def draft_problems(self, obj: dict[str, Any]) -> list[Violation]:
        from .draft import draft_problems

        return draft_problems(obj)

    def to_json(self, puzzle: Suguru) -> dict[str, Any]:
        return model.to_json(puzzle)

    def from_url(self, cols: int, rows: int, body: str) -> Suguru:
        from .url import decode

        return decode(cols, rows, body)

    def to_url(self, puzzle: Suguru) -> str:
        from .url import encode

        return encode(puzzle)

    def from_pzprv3(self, file: Pzprv3) -> tuple[Suguru, Rows | None]:
        from .pzprv3 import read

        return read(file)

    def to_pzprv3(self, puzzle: Suguru, answer: Rows | None = None) -> Pzprv3:
        from .pzprv3 import write

        return write(puzzle, answer)

    def from_janko(self, board: Janko) -> tuple[Suguru, Rows | None]:
        from .janko import read

        return read(board)

    def check(self, puzzle: Suguru, grid: Rows) -> list[Violation]:
        return checker.check(puzzle, grid)

    def initial_state(self, puzzle: Suguru) -> State:
        return new_state(puzzle)

    def position_state(self, puzzle: Suguru, grid: Rows) -> State:
        return position_state(puzzle, grid)

    def solution_rows(self, puzzle: Suguru, state: State) -> Rows:
        return settled_rows(puzzle, state.domains)

    def settled_cells(self, puzzle: Suguru, state: State) -> dict[int, int]:
        return settled_cells(puzzle, state)

    def encode(self, puzzle: Suguru, state: State | None) -> Encoding:
        from . import cnf  # only the SAT engines need the encoder

        return cnf.encode(puzzle, state)

    def random_board(self, rng: random.Random, rows: int, cols: int) -> Suguru:
        from .boards import random_board

        return random_board(rng, rows, cols)

    def soak_board(self, rng: random.Random, rows: int, cols: int) -> Suguru:
        from .boards import soak_board

        return soak_board(rng, rows, cols)

    def brute_count(self, puzzle: Suguru, limit: int) -> tuple[int, list[Rows]]:
        from .brute import count

        return count(puzzle, limit)

    def generate(self, rng: random.Random, rows: int, cols: int, mode: str) -> Generated[Suguru]:
        from .generate import generate

        return generate(self, rng, rows, cols, mode)

    def render(self, puzzle: Suguru, grid: Rows | None = None) -> str:
        from .picture import render

        return render(puzzle, grid)

    def drawing(self, puzzle: Suguru, grid: Rows | None = None) -> Drawing:
        from .drawing import drawing

        return drawing(puzzle, grid)

    def clue_cells(self, puzzle: Suguru) -> tuple[int, ...]:
        return clues.clue_cells(puzzle)

    def with_clue(self, puzzle: Suguru, cell: int, value: int) -> Suguru | None:
        return clues.with_clue(puzzle, cell, value)

    def without_clue(self, puzzle: Suguru, cell: int) -> Suguru:
        return clues.without_clue(puzzle, cell)

    def contradiction_words(
        self, puzzle: Suguru, state: State, reason: object
    ) -> tuple[str, tuple[int, ...]]:
        return places.contradiction_words(puzzle, state, reason)

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


KIND = SuguruKind()
