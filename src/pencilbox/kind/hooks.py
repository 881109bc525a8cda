"""The face's hooks for the player's and the setter's tools, with defaults.

:class:`~pencilbox.kind.PuzzleKind` inherits both, so that the face's own
module stays about what every type must declare. A type overrides a hook
where its entries or its answers are not plain cell values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, Generic

from ..engine import State
from ..grid import Rows
from .parts import Edge, P, Violation

__all__ = ["Labelled", "PlayerHooks", "SetterHooks"]


class Labelled(Generic[P]):
    """What both sets of hooks build on: the type's name, how it names a cell,
    and its text picture (which the face declares)."""

    name: ClassVar[str]

    def cell_label(self, puzzle: P, cell: int) -> str:
        row, col = divmod(cell, puzzle.cols)
        return f"r{row + 1}c{col + 1}"

    def render(self, puzzle: P, grid: Rows | None = None) -> str:
        """A text picture of the puzzle, with ``grid`` filled in if given."""
        raise NotImplementedError


class PlayerHooks(Labelled[P]):
    """A player's position: its mistakes, the marks between its cells, a hint's move."""

    edge_marks: ClassVar[tuple[str, ...]] = ()
    """The marks a player may put on the edge between two cells, which a
    position carries beside its grid (an :data:`~pencilbox.kind.Edge` each):
    none by default; a "cut", say, that two cells are in different pieces."""

    def position_mistakes(
        self, puzzle: P, position: Rows, solution: Rows, *, reveal: bool = False
    ) -> list[Violation]:
        """Entries of a player's ``position`` that the (unique) ``solution`` contradicts.

        Each says what is wrong with the entry as the player made it ("the 3
        at r1c2 is wrong"), and only with ``reveal`` what the solution holds
        there: a mistake is a hint too, and should not give the answer away
        unless asked. The default compares cell by cell, for puzzles whose
        entries are the solution's own values (digits, say). Puzzles whose
        entries mean something else (dots for "not shaded", arbitrary piece
        labels) override it.
        """
        wrong = []
        for r, row in enumerate(position):
            for c, value in enumerate(row):
                if value and value != solution[r][c]:
                    cell = r * puzzle.cols + c
                    label = self.cell_label(puzzle, cell)
                    words = f"the {value} at {label} is wrong"
                    if reveal:
                        words += f" ({label} is {solution[r][c]})"
                    wrong.append(Violation("mistake", (cell,), words))
        return wrong

    def entered(self, puzzle: P, solution: Rows) -> Rows:
        """The ``solution`` as a player enters it in full, every optional mark
        included: by default its own values. A type whose player also marks
        the cells the answer leaves empty (a dot for "not shaded", say) gives
        the position with those marks made; :meth:`position_mistakes` finds
        nothing wrong in it and :meth:`position_state` reads it as solved."""
        return [list(row) for row in solution]

    # -- edge marks (see :attr:`edge_marks`); a type without any ignores them --
    def edge_problem(self, puzzle: P, edge: Edge) -> str | None:
        """Why ``edge`` (two neighbouring cells, a known mark) cannot be marked
        on this board, in words naming it; None when it can."""
        return None

    def apply_edges(self, puzzle: P, state: State, edges: Sequence[Edge]) -> None:
        """Narrow ``state`` (a position's) by the player's edge marks: it keeps
        every answer the marks allow, and a mark no answer allows leaves it to
        the rules to find the contradiction."""

    def known_edges(
        self, puzzle: P, state: State, around: Iterable[int] | None = None
    ) -> set[Edge] | None:
        """The edge marks ``state`` proves on the edges of the cells ``around``
        (default: every cell): those every answer it keeps has. A hint may then
        end at a step that proves a mark the player has not made, the move
        being to draw it (see :mod:`pencilbox.hinting`). None, the default: the
        type reads no marks off a state, and its hints end only where a cell
        is settled."""
        return None

    def edge_mistakes(
        self, puzzle: P, edges: Sequence[Edge], solution: Rows, *, reveal: bool = False
    ) -> list[Violation]:
        """Edge marks the (unique) ``solution`` contradicts, worded as
        :meth:`position_mistakes` words entries."""
        return []

    def check_edges(self, puzzle: P, grid: Rows, edges: Sequence[Edge]) -> list[Violation]:
        """Edge marks that contradict the grid the checker reads (no answer needed)."""
        return []

    def move_value(
        self, puzzle: P, position: Rows | None, cells: Sequence[int], value: int | None
    ) -> int | None:
        """What a player enters in ``cells`` of ``position`` to make a hint's move
        whose deduction carries ``value``: by default that value (a digit, a
        mark). A type whose deductions carry an internal code (a piece's, say)
        gives a number the position can hold instead."""
        return value


class SetterHooks(Labelled[P]):
    """The setter's tools: what differs between answers, and the givens."""

    has_givens: ClassVar[bool] = False
    """Whether the type's puzzles carry givens a setter may add or drop (the clue hooks)."""

    def cell_contents(self, puzzle: P, grid: Rows) -> list[object]:
        """Per cell (by id), what two answers must share for the cell to count as
        the same in both: by default its value. A type whose values are names
        that shift between answers (piece numbers, say) gives something stable."""
        return [value for row in grid for value in row]

    def difference_places(
        self, puzzle: P, cells: Sequence[int]
    ) -> list[tuple[str, tuple[int, ...]]]:
        """The places where answers differ, in words with their cells, given the
        ``cells`` whose contents differ: by default one place per cell."""
        return [(f"the cell at {self.cell_label(puzzle, cell)}", (cell,)) for cell in cells]

    def render_decided(self, puzzle: P, decided: Sequence[Sequence[int | None]]) -> str:
        """A picture of what every answer found shares: :meth:`render` of the
        decided cells, with ``?`` on each cell the answers fill differently (None).

        The default writes the marks into :meth:`render`'s box picture (a row of
        cells on every other line, each cell four characters wide); a type whose
        picture is drawn otherwise overrides it. A picture of another shape gets
        the open cells listed under it instead."""
        grid = [[0 if value is None else value for value in row] for row in decided]
        lines = self.render(puzzle, grid).split("\n")
        open_cells = [
            (r, c) for r, row in enumerate(decided) for c, value in enumerate(row) if value is None
        ]
        width = 4 * puzzle.cols + 1
        if len(lines) != 2 * puzzle.rows + 1 or any(len(line) != width for line in lines):
            labels = " ".join(self.cell_label(puzzle, r * puzzle.cols + c) for r, c in open_cells)
            return "\n".join([*lines, f"open: {labels}"])
        for r, c in open_cells:
            line = lines[2 * r + 1]
            lines[2 * r + 1] = line[: 4 * c + 2] + "?" + line[4 * c + 3 :]
        return "\n".join(lines)

    def clue_cells(self, puzzle: P) -> tuple[int, ...]:
        """The cells holding a given, in id order (a type without givens: none)."""
        return ()

    def with_clue(self, puzzle: P, cell: int, value: int) -> P | None:
        """The puzzle with ``value`` given at ``cell`` (a value as the answer grid
        holds it), or None when the type has no givens of that kind."""
        return None

    def without_clue(self, puzzle: P, cell: int) -> P:
        """The puzzle with the given at ``cell`` dropped."""
        raise ValueError(f"{self.name} puzzles have no givens to drop")
