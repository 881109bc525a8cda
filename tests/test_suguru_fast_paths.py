"""The fast Suguru board tables and checker against slow references written here.

The tables are built block by block and the checker takes short cuts
(neighbours read without wrapping, each touching pair seen once). Each is
held to a direct, obviously correct computation on random boards of one to
seven rows and columns, some cells removed. (The LITS half of these checks
is tests/test_lits_fast_paths.py.)
"""

from __future__ import annotations

import random

from pencilbox.grid import Grid, mask_of
from pencilbox.puzzles.suguru import checker
from pencilbox.puzzles.suguru import model as suguru_model
from pencilbox.puzzles.suguru.model import REMOVED
from pencilbox.puzzles.suguru.state import new_state
from pencilbox.puzzles.suguru.tables import Tables as SuguruTables


def _random_suguru(rng: random.Random) -> suguru_model.Suguru:
    """Random blocks of 1..5 cells grown from each unlabelled cell, some cells removed."""
    rows, cols = rng.randint(1, 7), rng.randint(1, 7)
    labels = [-2] * (rows * cols)
    block = 0
    for start in range(rows * cols):
        if labels[start] != -2:
            continue
        if rng.random() < 0.1:
            labels[start] = REMOVED
            continue
        labels[start] = block
        grown = [start]
        for _ in range(rng.randint(0, 4)):
            free = [
                n
                for cell in grown
                for n in Grid(rows, cols).orthogonal[cell]
                if labels[n] == -2 and n not in grown
            ]
            if not free:
                break
            chosen = rng.choice(free)
            labels[chosen] = block
            grown.append(chosen)
        block += 1
    return suguru_model.build(rows, cols, labels, [0] * (rows * cols))


def _king(rows: int, cols: int, cell: int) -> set[int]:
    r, c = divmod(cell, cols)
    return {
        rr * cols + cc
        for rr in range(r - 1, r + 2)
        for cc in range(c - 1, c + 2)
        if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols
    }


def test_suguru_tables_and_state_match_the_rules_read_directly() -> None:
    rng = random.Random("floor-suguru-tables")
    for _ in range(200):
        puzzle = _random_suguru(rng)
        tables = SuguruTables.of(puzzle)
        blocks, rows, cols = puzzle.blocks, puzzle.rows, puzzle.cols
        for cell in range(rows * cols):
            if blocks[cell] == REMOVED:
                assert tables.peers[cell] == ()
                continue
            mates = set(puzzle.block_cells[blocks[cell]])
            near = {n for n in _king(rows, cols, cell) if blocks[n] != REMOVED}
            assert tables.peers[cell] == tuple(sorted((mates | near) - {cell}))
        for number, cells in enumerate(puzzle.block_cells):
            touching: dict[int, int] = {}
            for position, cell in enumerate(cells):
                for n in _king(rows, cols, cell):
                    if blocks[n] not in (REMOVED, number):
                        touching[n] = touching.get(n, 0) | 1 << position
            assert tables.outside[number] == tuple(sorted(touching.items()))
        assert tables.live_cells == tuple(c for c in range(rows * cols) if blocks[c] != REMOVED)
        state = new_state(puzzle)
        assert state.written == mask_of(c for c in range(rows * cols) if blocks[c] == REMOVED)
        for cell in tables.live_cells:
            assert state.domains[cell] == (1 << len(puzzle.block_cells[blocks[cell]])) - 1


def test_suguru_checker_finds_every_touching_pair_once() -> None:
    rng = random.Random("floor-suguru-check")
    for _ in range(300):
        puzzle = _random_suguru(rng)
        rows, cols = puzzle.rows, puzzle.cols
        grid = [[rng.randint(0, 3) for _ in range(cols)] for _ in range(rows)]
        digits = [value for row in grid for value in row]
        expected = [
            (cell, other)
            for cell in range(rows * cols)
            for other in sorted(_king(rows, cols, cell))
            if other > cell and digits[cell] and digits[other] == digits[cell]
        ]
        reported = [v.cells for v in checker.check(puzzle, grid) if v.rule == "touching-equal"]
        assert reported == expected
