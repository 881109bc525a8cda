"""Where two Norinori answers differ, a contradiction's words with its cells, and
the steps that mark cells, in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...engine import Deduction, State
from ...grid import Mask, indices
from .model import Norinori
from .tables import Tables


def difference_places(puzzle: Norinori, cells: Sequence[int]) -> list[tuple[str, tuple[int, ...]]]:
    """One place per region with a differing cell, in reading order: a region
    holds one pair of shaded cells, so it is where answers part ways."""
    places = []
    for region in sorted({puzzle.regions[cell] for cell in cells}):
        members = puzzle.region_cells[region]
        row, col = divmod(members[0], puzzle.cols)
        places.append((f"the region at r{row + 1}c{col + 1}", members))
    return places


def log_marks(
    log: list[Deduction],
    rule: str,
    marks: Sequence[tuple[Mask, int, str]],
    because: tuple[int, ...] = (),
) -> None:
    """One writing step per ``(cells, value, words)`` of ``marks`` with a cell in it:
    ``cells`` set to ``value`` (shaded or unshaded), for the reason ``words``."""
    for cells, value, words in marks:
        if cells:
            step = Deduction(rule, tuple(indices(cells)), words, because, writes=True, value=value)
            log.append(step)


class Why(NamedTuple):
    """A rule's reason for a contradiction: its words and the cells they are about."""

    words: str
    cells: tuple[int, ...]


def region_why(tables: Tables, region: int, words: str) -> Why:
    """A contradiction about one region: ``words`` after the region's name."""
    return Why(f"{tables.region_words(region)} {words}", tables.puzzle.region_cells[region])


def contradiction_words(
    puzzle: Norinori, state: State, reason: object
) -> tuple[str, tuple[int, ...]]:
    """Words and cells for a Contradiction raised by a Norinori rule (a :class:`Why`),
    or by a region's domain left empty (its number, the variable)."""
    if isinstance(reason, Why):
        return reason.words, reason.cells
    if isinstance(reason, int) and 0 <= reason < puzzle.region_count:
        tables = state.tables
        assert isinstance(tables, Tables)
        return region_why(tables, reason, "has no two cells left to shade")
    return (reason, ()) if isinstance(reason, str) else ("the rules reach a contradiction", ())
