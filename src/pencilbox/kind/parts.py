"""The small types a face speaks in: boards, violations, generated puzzles,
counters and a type's own commands."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ..errors import PuzzleError
from ..grid import Rows

__all__ = [
    "Board",
    "Command",
    "Counter",
    "Edge",
    "Generated",
    "P",
    "Rows",
    "Violation",
    "draft_problems_of",
]


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


Edge = tuple[int, int, str]
"""A mark a player put on the edge between two neighbouring cells, beside the
grid of their position: the two cell ids (the lower first) and the mark's
name, one of the face's :attr:`~pencilbox.kind.PuzzleKind.edge_marks`
(``"cut"``, say: the two cells are in different pieces)."""


Counter = Callable[[Any, int], tuple[int, list[Rows]]]
"""An independent counter: ``(puzzle, limit) -> (count up to limit, the answers)``."""


@dataclass(frozen=True)
class Command:
    """A command of a puzzle type's own (``pencilbox NAME ...``), beside the shared ones.

    ``configure`` adds its arguments to the subparser; ``run`` carries it out
    and returns the exit code. It raises PuzzleError for bad input, like the
    shared commands.
    """

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def draft_problems_of(
    obj: dict[str, Any],
    read: Callable[[dict[str, Any]], object],
    problems: Callable[[dict[str, Any]], list[Violation]],
) -> list[Violation]:
    """What a draft board in a type's JSON form breaks, for the editor: none when
    ``read`` (the type's reader) takes it; else the rules ``problems`` finds
    broken, each with its cells; else ``read``'s own one-line error, raised,
    when the form itself is malformed."""
    try:
        read(obj)
    except PuzzleError:
        found = problems(obj)
        if found:
            return found
        raise
    return []
