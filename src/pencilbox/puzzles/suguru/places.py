"""Where a Suguru's rules break: a contradiction's words with the cells they name."""

from __future__ import annotations

from typing import NamedTuple

from ...engine import State
from .model import Suguru
from .tables import Tables


class Why(NamedTuple):
    """A Suguru rule's reason for a contradiction: its words and the cells they are
    about (a block's), so that the setter's view and a supposition can point at them."""

    words: str
    cells: tuple[int, ...]


def block_why(tables: Tables, number: int, words: str) -> Why:
    """A contradiction about block ``number``: ``words`` after the block's name."""
    cells = tables.block_cells[number]
    return Why(f"the block at {tables.grid.label(cells[0])} {words}", tuple(cells))


def contradiction_words(
    puzzle: Suguru, state: State, reason: object
) -> tuple[str, tuple[int, ...]]:
    """Words and cells for a Contradiction raised by a Suguru rule: a :class:`Why`,
    or a cell (the variable) left with no digit."""
    if isinstance(reason, Why):
        return reason.words, reason.cells
    if isinstance(reason, int) and 0 <= reason < puzzle.rows * puzzle.cols:
        row, col = divmod(reason, puzzle.cols)
        return f"r{row + 1}c{col + 1} is left with no digit", (reason,)
    return (reason, ()) if isinstance(reason, str) else ("the rules reach a contradiction", ())
