"""The one face every puzzle type shows to the engine, the CLI and the web app.

A puzzle package implements :class:`PuzzleKind` once; nothing above this
layer names a puzzle. The face covers the three input forms, the rules (an
independent checker plus the ladder), the brute-force counter, the
generator and a text picture.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .engine import Ladder, State

Rows = list[list[int]]
"""A solution or position as int rows (see DESIGN.md for each puzzle's meaning)."""


class Board(Protocol):
    """What every puzzle object offers: its size."""

    @property
    def rows(self) -> int: ...

    @property
    def cols(self) -> int: ...


P = TypeVar("P", bound=Board)


@dataclass(frozen=True)
class Violation:
    """A broken rule found by a checker: which rule, which cells, in words."""

    rule: str
    cells: tuple[int, ...]
    message: str


@dataclass(frozen=True)
class Generated(Generic[P]):
    """A generated puzzle with its (unique) solution and generator facts."""

    puzzle: P
    solution: Rows
    info: dict[str, Any]


class PuzzleKind(ABC, Generic[P]):
    """The shared face of one puzzle type."""

    name: ClassVar[str]
    url_names: ClassVar[tuple[str, ...]]
    ladder: ClassVar[Ladder]
    generate_modes: ClassVar[tuple[str, ...]] = ()

    # -- input and output ------------------------------------------------
    @abstractmethod
    def parse_text(self, text: str) -> P:
        """Parse the human text format (header line included); PuzzleError if bad."""

    @abstractmethod
    def format_text(self, puzzle: P) -> str:
        """The human text format, header line included."""

    @abstractmethod
    def from_json(self, obj: dict[str, Any]) -> P:
        """Build from the JSON object form; PuzzleError if bad."""

    @abstractmethod
    def to_json(self, puzzle: P) -> dict[str, Any]:
        """The JSON object form (with a ``puzzle`` field naming the type)."""

    @abstractmethod
    def from_url(self, cols: int, rows: int, body: str) -> P:
        """Decode the puzz.link body after ``<type>/<cols>/<rows>/``."""

    @abstractmethod
    def to_url(self, puzzle: P) -> str:
        """The full puzz.link URL."""

    # -- rules -----------------------------------------------------------
    @abstractmethod
    def check(self, puzzle: P, grid: Rows) -> list[Violation]:
        """Every rule ``grid`` breaks, from the rule text alone (empty: solved)."""

    @abstractmethod
    def initial_state(self, puzzle: P) -> State:
        """The solving state of the untouched puzzle (givens applied)."""

    @abstractmethod
    def position_state(self, puzzle: P, grid: Rows) -> State:
        """The solving state after a player's entries (0 = nothing entered)."""

    @abstractmethod
    def solution_rows(self, puzzle: P, state: State) -> Rows:
        """The grid of a solved state."""

    @abstractmethod
    def settled_cells(self, puzzle: P, state: State) -> dict[int, int]:
        """Cells whose content the state fixes, with that content (for rung views)."""

    @abstractmethod
    def brute_count(self, puzzle: P, limit: int) -> tuple[int, list[Rows]]:
        """Count solutions up to ``limit`` with code that shares nothing with the rungs."""

    @abstractmethod
    def random_board(self, rng: random.Random, rows: int, cols: int) -> P:
        """A random test board of this size, satisfiable or not (no solver used).

        For cross-checks, the soak and the fuzzer; ValueError when no valid
        board of this size exists (e.g. a 2x2 LITS).
        """

    # -- making and showing ---------------------------------------------
    @abstractmethod
    def generate(self, rng: random.Random, rows: int, cols: int, mode: str) -> Generated[P]:
        """A new puzzle with a unique solution."""

    @abstractmethod
    def render(self, puzzle: P, grid: Rows | None = None) -> str:
        """A text picture of the puzzle, with ``grid`` filled in if given."""

    def bank(self) -> list[dict[str, Any]]:
        """The puzzles shipped with the package: records with ``id``, ``rows``,
        ``cols``, ``url``, ``json``, ``solution``, ``grade``, ``mode`` and ``seed``.

        Read from ``bank.json`` beside the puzzle package, parsed afresh on
        each call so callers may change their copy.
        """
        text = _package_text(type(self).__module__, "bank.json")
        if text is None:
            raise NotImplementedError(f"no bank is shipped for {self.name}")
        records: list[dict[str, Any]] = json.loads(text)
        return records

    def stats(
        self, out_path: Path, *, samples: int = 100, executor: Executor | None = None
    ) -> dict[str, Any]:
        """Re-measure the write-up's figures on fresh samples; write them to ``out_path``
        as JSON and return them. Batch work goes through ``executor`` (None: a process pool)."""
        raise NotImplementedError(f"{self.name} has no stats yet")

    def position_mistakes(self, puzzle: P, position: Rows, solution: Rows) -> list[Violation]:
        """Entries of a player's ``position`` that the (unique) ``solution`` contradicts.

        The default compares cell by cell, for puzzles whose entries are the
        solution's own values (Suguru's digits). Puzzles whose entries mean
        something else (LITS's dots, Heteromino's arbitrary piece labels)
        override it.
        """
        wrong = []
        for r, row in enumerate(position):
            for c, value in enumerate(row):
                if value and value != solution[r][c]:
                    cell = r * puzzle.cols + c
                    label = self.cell_label(puzzle, cell)
                    wrong.append(Violation("mistake", (cell,), f"{label} is not {value}"))
        return wrong

    def cell_label(self, puzzle: P, cell: int) -> str:
        row, col = divmod(cell, puzzle.cols)
        return f"r{row + 1}c{col + 1}"


@cache
def _package_text(package: str, name: str) -> str | None:
    """The text of package data file ``name`` in ``package``, or None if absent."""
    path = resources.files(package).joinpath(name)
    return path.read_text(encoding="utf-8") if path.is_file() else None
