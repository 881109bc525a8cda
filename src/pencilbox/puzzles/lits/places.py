"""Where two LITS answers differ: the regions holding the cells they shade differently."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...engine import State
from .model import Lits
from .tables import Tables


def difference_places(puzzle: Lits, cells: Sequence[int]) -> list[tuple[str, tuple[int, ...]]]:
    """One place per region with a differing cell, in reading order (regions are
    numbered so): a region holds one tetromino, so it is where answers part ways."""
    places = []
    for region in sorted({puzzle.regions[cell] for cell in cells}):
        members = puzzle.region_cells[region]
        row, col = divmod(members[0], puzzle.cols)
        places.append((f"the region at r{row + 1}c{col + 1}", members))
    return places


class Why(NamedTuple):
    """A LITS rule's reason for a contradiction: its words and the cells they are
    about (a region's, a square's, the shading's), so that the setter's view and
    a hint's supposition can point at them."""

    words: str
    cells: tuple[int, ...]


def region_why(tables: Tables, region: int, words: str) -> Why:
    """A contradiction about one region: ``words`` after the region's name."""
    return Why(f"{tables.region_words(region)} {words}", tables.puzzle.region_cells[region])


def contradiction_words(puzzle: Lits, state: State, reason: object) -> tuple[str, tuple[int, ...]]:
    """Words and cells for a Contradiction raised by a LITS rule (a :class:`Why`),
    or by a region's domain left empty (its number, the variable)."""
    if isinstance(reason, Why):
        return reason.words, reason.cells
    if isinstance(reason, int) and 0 <= reason < puzzle.region_count:
        tables = state.tables
        assert isinstance(tables, Tables)
        return region_why(tables, reason, "has no tetromino left")
    return (reason, ()) if isinstance(reason, str) else ("the rules reach a contradiction", ())
