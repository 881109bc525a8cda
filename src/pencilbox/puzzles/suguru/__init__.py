"""Suguru (Tectonic): blocks of 1..k, equal digits never touch."""

from __future__ import annotations

import random
from concurrent.futures import Executor
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...engine import Ladder, Rule, State
from ...kind import Generated, PuzzleKind, Rows, Violation
from ...sat.core import Encoding

if TYPE_CHECKING:
    from .model import Suguru


class SuguruKind(PuzzleKind["Suguru"]):
    name = "suguru"
    aliases = ("tectonic",)
    generate_modes = ("solvable", "minimal")

    # Read on first use, so that listing the types (``pencilbox --help``) loads no rules.
    @cached_property
    def ladder(self) -> Ladder:
        from .ladder import LADDER

        return LADDER

    @cached_property
    def hybrid_rung(self) -> str:
        from .cnf import HYBRID_RUNG

        return HYBRID_RUNG

    @cached_property
    def hybrid_extra(self) -> tuple[Rule, ...]:
        from .cnf import HYBRID_EXTRA

        return HYBRID_EXTRA

    def parse_text(self, text: str) -> Suguru:
        from . import model

        return model.parse_text(text)

    def format_text(self, puzzle: Suguru) -> str:
        from . import model

        return model.format_text(puzzle)

    def from_json(self, obj: dict[str, Any]) -> Suguru:
        from . import model

        return model.from_json(obj)

    def to_json(self, puzzle: Suguru) -> dict[str, Any]:
        from . import model

        return model.to_json(puzzle)

    def from_url(self, cols: int, rows: int, body: str) -> Suguru:
        from .url import decode

        return decode(cols, rows, body)

    def to_url(self, puzzle: Suguru) -> str:
        from .url import encode

        return encode(puzzle)

    def check(self, puzzle: Suguru, grid: Rows) -> list[Violation]:
        from . import checker

        return checker.check(puzzle, grid)

    def initial_state(self, puzzle: Suguru) -> State:
        from .state import new_state

        return new_state(puzzle)

    def position_state(self, puzzle: Suguru, grid: Rows) -> State:
        from .state import position_state

        return position_state(puzzle, grid)

    def solution_rows(self, puzzle: Suguru, state: State) -> Rows:
        from .state import settled_rows

        return settled_rows(puzzle, state.domains)

    def settled_cells(self, puzzle: Suguru, state: State) -> dict[int, int]:
        from .state import settled_cells

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

    def stats(
        self, out_path: Path, *, samples: int = 100, executor: Executor | None = None
    ) -> dict[str, Any]:
        from .stats import run

        return run(self, out_path, samples=samples, executor=executor)


KIND = SuguruKind()
