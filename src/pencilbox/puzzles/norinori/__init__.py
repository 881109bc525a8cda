"""Norinori: shade two cells in every region; the shaded cells form separate dominoes."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...codecs.janko import Janko
from ...codecs.pzprv3 import Pzprv3
from ...engine import State
from ...kind import Drawing, Generated, PuzzleKind, Rows, Violation
from ...kind.shading import ShadingPlayer
from ...sat.core import Encoding
from . import checker, model, places
from .model import Norinori
from .state import (
    new_state,
    position_state,
    settled_cells,
    solution_rows,
)

if TYPE_CHECKING:  # the process machinery is loaded by what runs the stats
    from concurrent.futures import Executor


class NorinoriKind(ShadingPlayer[Norinori], PuzzleKind[Norinori]):
    name = "norinori"
    generate_modes = ("walk",)
    generate_sides = (4, 30)  # what generate.py accepts (a test holds the two together)

    def parse_text(self, text: str) -> Norinori:
        return model.parse_text(text)

    def format_text(self, puzzle: Norinori) -> str:
        return model.format_text(puzzle)

    def from_json(self, obj: dict[str, Any]) -> Norinori:
        return model.from_json(obj)

    def draft_problems(self, obj: dict[str, Any]) -> list[Violation]:
        from .draft import draft_problems

        return draft_problems(obj)

    def to_json(self, puzzle: Norinori) -> dict[str, Any]:
        return model.to_json(puzzle)

    def from_url(self, cols: int, rows: int, body: str) -> Norinori:
        from .url import decode

        return decode(cols, rows, body)

    def to_url(self, puzzle: Norinori) -> str:
        from .url import encode

        return encode(puzzle)

    def from_pzprv3(self, file: Pzprv3) -> tuple[Norinori, Rows | None]:
        from .pzprv3 import read

        return read(file)

    def to_pzprv3(self, puzzle: Norinori, answer: Rows | None = None) -> Pzprv3:
        from .pzprv3 import write

        return write(puzzle, answer)

    def from_janko(self, board: Janko) -> tuple[Norinori, Rows | None]:
        from .janko import read

        return read(board)

    def check(self, puzzle: Norinori, grid: Rows) -> list[Violation]:
        return checker.check(puzzle, grid)

    def initial_state(self, puzzle: Norinori) -> State:
        return new_state(puzzle)

    def position_state(self, puzzle: Norinori, grid: Rows) -> State:
        """1 = shaded, 2 = marked unshaded (a dot), 0 = unknown."""
        return position_state(puzzle, grid)

    def solution_rows(self, puzzle: Norinori, state: State) -> Rows:
        return solution_rows(puzzle, state)

    def settled_cells(self, puzzle: Norinori, state: State) -> dict[int, int]:
        """1 for cells known shaded, 2 for cells known unshaded."""
        return settled_cells(state)

    def encode(self, puzzle: Norinori, state: State | None) -> Encoding:
        from . import cnf  # only the SAT engines need the encoder

        return cnf.encode(puzzle, state)

    def random_board(self, rng: random.Random, rows: int, cols: int) -> Norinori:
        from .boards import face_board

        return face_board(rng, rows, cols)

    def soak_board(self, rng: random.Random, rows: int, cols: int) -> Norinori:
        from .boards import soak_board

        return soak_board(rng, rows, cols)

    def brute_count(self, puzzle: Norinori, limit: int) -> tuple[int, list[Rows]]:
        from .brute import count

        return count(puzzle, limit)

    def generate(self, rng: random.Random, rows: int, cols: int, mode: str) -> Generated[Norinori]:
        from .generate import generate

        return generate(rng, rows, cols, mode=mode)

    def render(self, puzzle: Norinori, grid: Rows | None = None) -> str:
        return model.render(puzzle, grid)

    def drawing(self, puzzle: Norinori, grid: Rows | None = None) -> Drawing:
        from .drawing import drawing

        return drawing(puzzle, grid)

    def difference_places(
        self, puzzle: Norinori, cells: Sequence[int]
    ) -> list[tuple[str, tuple[int, ...]]]:
        return places.difference_places(puzzle, cells)

    def contradiction_words(
        self, puzzle: Norinori, state: State, reason: object
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


KIND = NorinoriKind()
