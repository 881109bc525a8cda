"""Heteromino engine 1 piece by piece: tables, each rung's deduction, the memos,
positions, rung views and pictures (the checker's tests: ``test_heteromino_checker.py``)."""

from __future__ import annotations

import random
from importlib import util

import pytest

from pencilbox import solving
from pencilbox.engine import Contradiction, Deduction, count_solutions, propagate
from pencilbox.puzzles.heteromino import KIND, brute, probe
from pencilbox.puzzles.heteromino.boards import random_board
from pencilbox.puzzles.heteromino.model import SHAPES, Heteromino, parse_text
from pencilbox.puzzles.heteromino.pieces import (
    _PAD,
    hetero_template,
    place_template,
    ring_template,
)
from pencilbox.puzzles.heteromino.state import HeterominoState, Records, alive_pieces, new_state
from pencilbox.puzzles.heteromino.tables import Tables, tables_for

BOARDS = [random_board(random.Random(f"rules-{n}"), max_side=7) for n in range(40)]


def board(text: str) -> Heteromino:
    rows = text.split()
    return parse_text("\n".join([f"heteromino {len(rows)}x{len(rows[0])}", *rows]))


# -- the tables -----------------------------------------------------------------


def test_templates_stay_within_the_padding() -> None:
    reach = 0
    for shape in range(len(SHAPES)):
        offsets = [(r, c) for r, c, _ in place_template(shape) + hetero_template(shape)]
        offsets += list(ring_template(shape)[0])
        reach = max(reach, *(max(abs(r), abs(c)) for r, c in offsets))
    assert reach <= _PAD


def _pieces_named(tables: Tables, kill: tuple[tuple[int, int], ...]) -> set[int]:
    """The pieces of this board a kill list removes (bits of absent pieces ignored)."""
    named = set()
    for cell, bits in kill:
        for slot in range(18):
            if bits >> slot & 1 and tables.piece_at[cell][slot] >= 0:
                named.add(tables.piece_at[cell][slot])
    return named


def _touch(tables: Tables, a: int, b: int) -> bool:
    cols = tables.puzzle.cols
    return any(
        abs(x // cols - y // cols) + abs(x % cols - y % cols) == 1
        for x in tables.piece_cells[a]
        for y in tables.piece_cells[b]
    )


@pytest.mark.parametrize("index", range(0, len(BOARDS), 4))
def test_kill_lists_match_the_rule_text(index: int) -> None:
    """Drawing a piece kills exactly the pieces overlapping it and the same-shape
    pieces sharing an edge with it; a cell of one shape kills exactly the
    same-shape pieces touching it without covering it."""
    tables = Tables.of(BOARDS[index])
    count = tables.piece_count
    cells = [set(tables.piece_cells[p]) for p in range(count)]
    for p in range(count):
        expected = {
            q
            for q in range(count)
            if q != p
            and (
                cells[p] & cells[q]
                or (tables.piece_shape[p] == tables.piece_shape[q] and _touch(tables, p, q))
            )
        }
        assert _pieces_named(tables, tables.place_kill[p]) == expected
        # every cell of every piece named is in the list (kills keep domains consistent)
        listed = {cell for cell, _ in tables.place_kill[p]}
        assert all(cells[q] <= listed for q in expected)
    cols = tables.puzzle.cols
    for cell in tables.white:
        around = {n for n in tables.grid.orthogonal[cell]}
        for shape in range(6):
            expected = {
                q
                for q in range(count)
                if tables.piece_shape[q] == shape and cell not in cells[q] and cells[q] & around
            }
            got = _pieces_named(tables, tables.hetero(cell, shape)[0])
            assert got == expected, (cell // cols, cell % cols, shape)


def test_domains_start_with_every_fitting_piece() -> None:
    tables = Tables.of(board("...... ...... ...... ...... ......"))
    # bars: 5 rows x 4 + 3 x 6 columns; each L: 4 x 5 two-by-two boxes
    assert tables.piece_count == 20 + 18 + 4 * 20
    assert tables.full[2 * 6 + 2].bit_count() == 18  # every shape, every position
    assert tables.full[0].bit_count() == 5  # a corner: the first cell of 5 shapes
    for cell in tables.white:
        covering = [p for p in range(tables.piece_count) if cell in tables.piece_cells[p]]
        assert tables.full[cell].bit_count() == len(covering)


def test_tables_are_shared_per_board() -> None:
    puzzle = board("... ...")
    assert tables_for(puzzle) is tables_for(board("... ..."))
    assert new_state(puzzle).tables is new_state(puzzle).tables


# -- each rung's deduction ----------------------------------------------------------


def run(puzzle: Heteromino, rung: str) -> tuple[HeterominoState, list[Deduction]]:
    state = new_state(puzzle)
    log: list[Deduction] = []
    propagate(state, KIND.ladder.rules(rung), log)
    return state, log


def test_fit_draws_a_forced_piece_and_its_twins_die() -> None:
    # r1c1 can only be covered by the vertical bar down the first column
    puzzle = board(".#.... .#.... .#....")
    state, log = run(puzzle, "fit")
    drawn = [d for d in log if d.rule == "only-piece"]
    assert drawn[0].cells == (0, 6, 12) and drawn[0].writes
    assert drawn[0].reason.endswith("can only be covered by the vertical bar at r1c1 r2c1 r3c1")
    assert drawn[0].value == 0 * 6 + 1 + 1  # anchor r1c1, shape 1 (vertical bar)
    # the black column keeps the vertical bar in column 3 from touching it
    bar3 = state.tables.piece_of_cells([2, 8, 14])
    assert bar3 is not None and state.domains[2] & state.tables.piece_bits[bar3][0]


def test_fit_kills_a_twin_sharing_an_edge() -> None:
    """Drawing a bar kills the bars beside it and below it, not the Ls."""
    puzzle = board("...... ...... ......")
    state = new_state(puzzle)
    bar = state.tables.piece_of_cells([0, 1, 2])
    below = state.tables.piece_of_cells([6, 7, 8])
    beside = state.tables.piece_of_cells([3, 4, 5])
    assert bar is not None and below is not None and beside is not None
    for cell, bit in zip(state.tables.piece_cells[bar], state.tables.piece_bits[bar], strict=True):
        state.fix(cell, bit)
    propagate(state, KIND.ladder.rules("fit"))
    for twin in (below, beside):
        assert (
            not state.domains[state.tables.piece_cells[twin][0]]
            & (state.tables.piece_bits[twin][0])
        )
    ell = state.tables.piece_of_cells([6, 7, 13])
    assert ell is not None and state.domains[6] & state.tables.piece_bits[ell][0]


def test_region_kills_a_piece_that_cuts_off_a_pocket() -> None:
    # Drawing the ┘ L at r1c2 r2c1 r2c2 would leave r1c1 alone (1 cell).
    puzzle = board("... ... ...")
    state, log = run(puzzle, "region")
    cut = state.tables.piece_of_cells([1, 3, 4])
    assert cut is not None
    assert not state.domains[1] & state.tables.piece_bits[cut][0]
    found = [d for d in log if d.rule == "region" and d.cells == (1, 3, 4)]
    assert found and found[0].reason.endswith("would cut off r1c1 (1 cell), not a multiple of 3")
    assert found[0].because == (0,)
    # fit alone keeps it
    state, _ = run(puzzle, "fit")
    assert state.domains[1] & state.tables.piece_bits[cut][0]


def test_region_contradiction_on_a_bad_region() -> None:
    # two white regions of 4 and 2 cells (6 in all, a multiple of 3)
    puzzle = board("..#.# ..#.#")
    assert puzzle.white_count == 6
    with pytest.raises(Contradiction):
        run(puzzle, "region")
    assert KIND.brute_count(puzzle, 5)[0] == 0


def test_hetero_bars_the_one_shape_from_its_neighbours() -> None:
    # After region, every piece left for r2c2 is a ┌ L (in two places), so the
    # ┌ L at r3c2 r3c3 r4c2, which touches r2c2 without covering it, dies.
    puzzle = board("... ..# ... #.. #..")
    state, log = run(puzzle, "hetero")
    (step,) = [d for d in log if d.rule == "hetero"]
    assert step.because == (4,) and step.cells == (7, 8, 10)
    assert step.reason.startswith("every piece left for r2c2 is a ┌ L")
    twin = state.tables.piece_of_cells([7, 8, 10])
    assert twin is not None and not state.domains[7] & state.tables.piece_bits[twin][0]
    region_only, _ = run(puzzle, "region")
    assert region_only.domains[7] & region_only.tables.piece_bits[twin][0]
    assert KIND.brute_count(puzzle, 5)[0] == 2


def test_probe_finishes_what_the_lower_rungs_cannot() -> None:
    puzzle = KIND.from_url(5, 5, "d7b7a7b7b77c7d")
    for rung in ("fit", "region", "hetero"):
        state, _ = run(puzzle, rung)
        assert not state.is_solved(), rung
    state, log = run(puzzle, "probe")
    assert state.is_solved()
    probes = [d for d in log if d.rule == "probe"]
    assert probes and all("leads to a contradiction: " in d.reason for d in probes)


# -- the memos give the same fixpoint as starting afresh ----------------------------------


def fresh_fixpoint(puzzle: Heteromino) -> list[int] | None:
    """Singleton consistency the slow way: every rule with empty memos, and every
    live piece probed again after any change, until nothing changes."""
    state = new_state(puzzle)
    lower = KIND.ladder.rules("hetero")
    try:
        while True:
            state.region_memo = Records()
            propagate(state, lower)
            killed = False
            for piece in alive_pieces(state):
                try:
                    probe.try_piece(state, piece)
                except Contradiction:
                    for cell, bit in zip(
                        state.tables.piece_cells[piece], state.tables.piece_bits[piece], strict=True
                    ):
                        state.domains[cell] &= ~bit
                        if not state.domains[cell]:
                            raise
                    killed = True
                    break
            if not killed:
                state.region_memo = Records()
                propagate(state, lower)
                return state.domains
    except Contradiction:
        return None


@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_memos_reach_the_fresh_fixpoint(index: int) -> None:
    puzzle = BOARDS[index]
    state = new_state(puzzle)
    try:
        propagate(state, KIND.ladder.rules())
        got: list[int] | None = state.domains
    except Contradiction:
        got = None
    assert got == fresh_fixpoint(puzzle), KIND.format_text(puzzle)


def test_memos_reach_the_fresh_fixpoint_on_a_real_board() -> None:
    puzzle = KIND.from_url(10, 10, "k7a7b777b7a7d7b777b777v7a7b777b7a7b7a7b777b7a7k")
    state = new_state(puzzle)
    propagate(state, KIND.ladder.rules())
    assert state.domains == fresh_fixpoint(puzzle)


def test_search_nodes_inherit_memos_without_sharing_writes() -> None:
    puzzle = board("...... ...... ......")
    state = new_state(puzzle)
    propagate(state, KIND.ladder.rules())
    child = state.copy()
    assert child.probe_memo.reads is state.probe_memo.reads
    child.probe_memo.own()[12345] = 1
    assert 12345 not in state.probe_memo.reads
    expected = brute.count(puzzle, 1000)[0]
    assert expected > 1
    assert count_solutions(state, KIND.ladder.rules(), 1000).count == expected


# -- positions, rung views, solutions, pictures -------------------------------------------


def test_position_with_any_numbering_fixes_whole_pieces_only() -> None:
    puzzle = KIND.from_url(5, 5, "d7b7a7b7b77c7d")
    solution = solving.solve(KIND, puzzle).solutions[0]
    # the player numbers the first piece 40 and has half-drawn another (two cells of 7)
    position = [[40 if v == 1 else 0 for v in row] for row in solution]
    position[4][1] = position[4][2] = 7
    state = KIND.position_state(puzzle, position)
    assert isinstance(state, HeterominoState)
    assert state.placed == (1 << 0) | (1 << 1) | (1 << 5)
    # the half-drawn piece fixed nothing
    assert state.domains[21] & (state.domains[21] - 1)


def test_mistakes_compare_pieces_not_numbers() -> None:
    puzzle = KIND.from_url(5, 5, "d7b7a7b7b77c7d")
    solution = solving.solve(KIND, puzzle).solutions[0]
    assert solution[0][:2] == [1, 1] and solution[1][0] == 1
    renumbered = [[(7 * v) % 11 if v else 0 for v in row] for row in solution]
    assert KIND.position_mistakes(puzzle, renumbered, solution) == []
    half = [[0] * 5 for _ in range(5)]
    half[0][0] = half[0][1] = 5  # two cells of the first piece: fine so far
    assert KIND.position_mistakes(puzzle, half, solution) == []
    half[0][2] = 5  # the third cell belongs to another piece
    (wrong,) = KIND.position_mistakes(puzzle, half, solution)
    assert wrong.rule == "mistake" and wrong.cells == (0, 1, 2)
    assert wrong.message == "the piece at r1c1 r1c2 r1c3 is wrong"


def test_hint_accepts_a_correct_piece_under_any_number() -> None:
    """The web app numbers drawn pieces 1..n in its own order."""
    puzzle = KIND.from_url(5, 5, "d7b7a7b7b77c7d")
    solution = solving.solve(KIND, puzzle).solutions[0]
    position = [[1 if v == 2 else 0 for v in row] for row in solution]  # piece 2, drawn as 1
    assert solving.hint(KIND, puzzle, position).status == "step"


def test_position_with_touching_twins_is_a_contradiction() -> None:
    puzzle = board("...... ......")
    state = KIND.position_state(puzzle, [[1, 1, 1, 0, 0, 0], [2, 2, 2, 0, 0, 0]])
    with pytest.raises(Contradiction):
        propagate(state, KIND.ladder.rules("fit"))


def test_position_of_the_wrong_size_is_refused() -> None:
    from pencilbox.errors import PuzzleError

    with pytest.raises(PuzzleError, match="position is not 2x6"):
        KIND.position_state(board("...... ......"), [[0] * 6])


def test_rung_view_settles_pieces_with_codes() -> None:
    puzzle = KIND.from_url(5, 5, "d7b7a7b7b77c7d")
    view = solving.rung_view(KIND, puzzle, "probe")
    assert view.finished and len(view.settled) == puzzle.white_count
    by_code: dict[int, list[int]] = {}
    for cell, code in view.settled.items():
        by_code.setdefault(code, []).append(cell)
    solution = solving.solve(KIND, puzzle).solutions[0]
    for code, cells in by_code.items():
        anchor, shape = divmod(code - 1, 6)
        assert min(cells) == anchor and len(cells) == 3
        numbers = {solution[c // 5][c % 5] for c in cells}
        assert len(numbers) == 1
        r0, c0 = divmod(anchor, 5)
        assert tuple((c // 5 - r0, c % 5 - c0) for c in sorted(cells)) == SHAPES[shape]


def test_solution_rows_number_pieces_in_reading_order() -> None:
    puzzle = board(".... .... ....")
    grids = solving.solve(KIND, puzzle, limit=10).solutions
    assert len(grids) > 1
    for grid in grids:
        seen: list[int] = []
        for row in grid:
            for number in row:
                if number and number not in seen:
                    seen.append(number)
        assert seen == list(range(1, len(seen) + 1))


def test_render_draws_black_cells_and_cuts() -> None:
    puzzle = board("#... ...#")
    assert KIND.render(puzzle) == "\n".join(
        [
            "+---+---+---+---+",
            "|###| . | . | . |",
            "+---+---+---+---+",
            "| . | . | . |###|",
            "+---+---+---+---+",
        ]
    )
    (solution,) = KIND.brute_count(puzzle, 2)[1]
    assert solution == [[0, 1, 2, 2], [1, 1, 2, 0]]
    assert KIND.render(puzzle, solution) == "\n".join(
        [
            "+---+---+---+---+",
            "|###| J | r   r |",
            "+---+   +   +---+",
            "| J   J | r |###|",
            "+---+---+---+---+",
        ]
    )


def test_unwritten_parts_of_the_face_say_so() -> None:
    for module, call in (
        ("generate", lambda: KIND.generate(random.Random(0), 4, 4, "any")),
        ("stats", lambda: KIND.stats(__import__("pathlib").Path("/nonexistent/x.json"))),
    ):
        if util.find_spec(f"pencilbox.puzzles.heteromino.{module}") is not None:
            continue  # written since; its own tests cover it
        with pytest.raises(NotImplementedError, match=f"heteromino.{module}"):
            call()
