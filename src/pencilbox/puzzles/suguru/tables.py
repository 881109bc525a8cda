"""Per-board Suguru tables: everything about a board that solving reads and
never changes, shared by every copy of a state (:class:`.state.SuguruState`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from ...grid import Grid
from .model import REMOVED, Suguru


@dataclass
class Tables:
    """Everything about a board that solving reads and never changes."""

    puzzle: Suguru
    grid: Grid
    block_of: tuple[int, ...]
    block_cells: tuple[tuple[int, ...], ...]
    # cells a written digit is removed from: block-mates and king neighbours
    peers: tuple[tuple[int, ...], ...]
    live_cells: tuple[int, ...]
    witness_cache: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = field(
        default_factory=dict
    )

    @classmethod
    def of(cls, puzzle: Suguru) -> Tables:
        grid = _grid(puzzle.rows, puzzle.cols)
        king = grid.king
        blocks = puzzle.blocks
        block_cells = puzzle.block_cells
        holes = REMOVED in blocks
        peers: list[tuple[int, ...]] = [()] * len(blocks)
        for cells in block_cells:
            mates = set(cells)
            for cell in cells:
                around = mates.union(king[cell])
                around.discard(cell)
                if holes:
                    around = {n for n in around if blocks[n] != REMOVED}
                peers[cell] = tuple(sorted(around))
        live = tuple(c for c in grid.cells if blocks[c] != REMOVED) if holes else tuple(grid.cells)
        return cls(puzzle, grid, blocks, block_cells, tuple(peers), live)

    @cached_property
    def outside(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per block: the outside cells touching it, and for each the block
        positions (indices into ``block_cells[b]``) it touches, as a bitmask.

        Only the witness rung reads this, so it is worked out on first use:
        a board solved by singles alone (the hybrid's rung) never pays for it.
        """
        king = self.grid.king
        blocks = self.block_of
        found = []
        for number, cells in enumerate(self.block_cells):
            touching: dict[int, int] = {}
            for position, cell in enumerate(cells):
                bit = 1 << position
                for n in king[cell]:
                    if blocks[n] != number and blocks[n] != REMOVED:
                        touching[n] = touching.get(n, 0) | bit
            found.append(tuple(sorted(touching.items())))
        return tuple(found)


@lru_cache(maxsize=64)
def _grid(rows: int, cols: int) -> Grid:
    """One grid (and its neighbour tables) per board size, shared by every board of it."""
    return Grid(rows, cols)
