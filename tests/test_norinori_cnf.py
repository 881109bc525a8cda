"""Norinori's CNF with settled cells: its answers are the brute answers that agree with them.

The hybrid hands the encoder only states that ``person`` propagated; here
the encoder gets any marks (some cells shaded, some unshaded, drawn from a
brute answer or at random, so that boards with no answer left occur), which
reach every way a settled cell or neighbour simplifies a clause. Counting
the encoding must give exactly the brute answers that agree with the marks.

The hybrid reaches its fixpoint on whole-board masks, with no state
(``cnf.encode_hybrid``): on the published boards and the bank it settles
what the hybrid's rules settle from a state. The dominoes that may stand
(:func:`.halo.fitting`) only shorten the clauses, never change the answers.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from crosscheck import frozen_all
from pencilbox import counting, formats, registry
from pencilbox.engine import propagate
from pencilbox.puzzles.norinori import cnf
from pencilbox.puzzles.norinori.halo import fitting, settle
from pencilbox.puzzles.norinori.model import Norinori
from pencilbox.puzzles.norinori.state import settled_masks
from pencilbox.puzzles.norinori.sweep import fixpoint, from_untouched
from pencilbox.puzzles.norinori.tables import Tables
from pencilbox.sat.core import count_models

KIND = registry.get("norinori")
LIMIT = 50


def marks_from(rng: random.Random, answer: list[list[int]] | None, rows: int, cols: int):  # type: ignore[no-untyped-def]
    """A player's grid: 1 shaded, 2 unshaded, 0 unknown; true to ``answer`` when given."""
    grid = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if rng.random() < 0.4:
                shaded = answer[r][c] if answer is not None else rng.random() < 0.3
                grid[r][c] = 1 if shaded else 2
    return grid


def agrees(answer: list[list[int]], marks: list[list[int]]) -> bool:
    return all(
        mark == 0 or (mark == 1) == bool(value)
        for row, marked in zip(answer, marks, strict=True)
        for value, mark in zip(row, marked, strict=True)
    )


def test_the_encoding_of_marked_cells_counts_the_brute_answers_that_agree() -> None:
    seen = {"none": 0, "one": 0, "many": 0}
    for index in range(300):
        rng = random.Random(f"norinori-cnf-{index}")
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        puzzle = KIND.soak_board(rng, rows, cols)
        count, answers = KIND.brute_count(puzzle, 10_000)
        true_to = answers[0] if answers and index % 3 else None
        marks = marks_from(rng, true_to, rows, cols)
        expected = [answer for answer in answers if agrees(answer, marks)]
        encoding = cnf.encode(puzzle, KIND.position_state(puzzle, marks))
        found = count_models(encoding, LIMIT)
        assert found.count == min(len(expected), LIMIT), index
        if len(expected) < LIMIT:
            assert found.exhaustive and frozen_all(found.solutions) == frozen_all(expected), index
        seen["none" if not expected else "one" if len(expected) == 1 else "many"] += 1
    assert min(seen.values()) >= 20, seen


def test_the_bare_board_has_a_variable_per_cell_and_no_clause_twice() -> None:
    rng = random.Random("norinori-cnf-bare")
    for _ in range(50):
        puzzle = KIND.soak_board(rng, rng.randint(2, 8), rng.randint(2, 8))
        encoding = cnf.encode(puzzle, None)
        assert list(encoding.key) == list(range(1, puzzle.rows * puzzle.cols + 1))
        clauses = [tuple(sorted(clause)) for clause in encoding.clauses]
        assert len(set(clauses)) == len(clauses)


def published_boards() -> list[Norinori]:
    """The 24 janko boards (from their URLs) and every fifth board of the bank."""
    sample = Path(__file__).parent / "data" / "norinori" / "norinori_sample.json"
    data = json.loads(sample.read_text("utf-8"))
    boards = [formats.load(record["puzzlink_url_derived"])[1] for record in data["puzzles"]]
    return boards + [KIND.from_json(record["json"]) for record in KIND.bank()[::5]]


def test_the_hybrid_encoder_settles_what_the_hybrids_rules_settle() -> None:
    """On the masks alone (the hybrid's way) and from a state, the person rules and
    halo reach the same cells, so the hybrid encodes the same open cells."""
    for puzzle in published_boards():
        tables = Tables.of(puzzle)
        assert from_untouched(tables) == fixpoint(Tables.of(puzzle), 0, 0)
        shaded, unshaded = settle(tables, *from_untouched(tables))
        state = KIND.initial_state(puzzle)
        propagate(state, counting.hybrid_rules(KIND))
        assert (shaded, unshaded) == settled_masks(state), KIND.format_text(puzzle)
        mine = cnf.encode_hybrid(puzzle)
        assert mine is not None
        assert len(mine.key) == len(cnf.encode(puzzle, state).key)


def test_dominoes_that_cannot_stand_shorten_the_clauses() -> None:
    """Given the dominoes that may stand, the CNF of a propagated board counts the
    same answers as with every domino allowed, in fewer and shorter clauses:
    two open neighbours that form no domino that may stand are never both
    shaded, a clause of two cells where the rule alone says three."""
    with_every = with_standing = 0
    for puzzle in published_boards():
        tables = Tables.of(puzzle)
        shaded, unshaded = settle(tables, *fixpoint(tables, 0, 0))
        every = cnf.every_domino(tables.grid)
        standing = fitting(tables, shaded, unshaded)
        loose = cnf.encode_marks(puzzle, tables.region_mask, shaded, unshaded, every)
        tight = cnf.encode_marks(puzzle, tables.region_mask, shaded, unshaded, standing)
        assert count_models(loose, 2).solutions == count_models(tight, 2).solutions
        with_every += sum(map(len, loose.clauses))
        with_standing += sum(map(len, tight.clauses))
    assert with_standing < with_every * 0.95, (with_standing, with_every)
