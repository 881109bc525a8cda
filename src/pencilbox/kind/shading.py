"""The player's hooks of a shading puzzle, for a face to inherit.

In a shading puzzle the answer shades some cells (1) and leaves the rest (0);
the player shades cells (1) and may dot the ones they know stay unshaded (2).
A type whose positions read so inherits :class:`ShadingPlayer` before
:class:`~pencilbox.kind.PuzzleKind`, and its mistakes and full entries are
worded and made alike.
"""

from __future__ import annotations

from ..grid import Rows
from .hooks import PlayerHooks
from .parts import P, Violation

__all__ = ["DOT", "SHADED", "ShadingPlayer"]

SHADED = 1
DOT = 2
"""A player's mark on a cell they know stays unshaded."""


class ShadingPlayer(PlayerHooks[P]):
    """Positions of 1 (shaded), 2 (a dot: not shaded) and 0 (unknown)."""

    def entered(self, puzzle: P, solution: Rows) -> Rows:
        """Shaded cells 1, every other cell dotted."""
        return [[SHADED if value else DOT for value in row] for row in solution]

    def position_mistakes(
        self, puzzle: P, position: Rows, solution: Rows, *, reveal: bool = False
    ) -> list[Violation]:
        """A shaded entry on a cell the solution leaves unshaded, or a dot on a
        cell it shades. The message names the entry the board shows ("the dot
        at r1c2 is wrong"), and only with ``reveal`` what the cell should be."""
        wrong = []
        for r, row in enumerate(position):
            for c, value in enumerate(row):
                cell = r * puzzle.cols + c
                name = self.cell_label(puzzle, cell)
                if value == SHADED and not solution[r][c]:
                    words, answer = f"the shading at {name} is wrong", f"{name} is not shaded"
                elif value == DOT and solution[r][c]:
                    words, answer = f"the dot at {name} is wrong", f"{name} is shaded"
                else:
                    continue
                message = f"{words} ({answer})" if reveal else words
                wrong.append(Violation("mistake", (cell,), message))
        return wrong
