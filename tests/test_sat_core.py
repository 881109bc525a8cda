"""The puzzle-independent SAT counting loop (:mod:`pencilbox.sat.core`)."""

from __future__ import annotations

from pencilbox.sat.core import Encoding, count_models


def rows_of(model: set[int]) -> list[list[int]]:
    """Two cells, variables 1 and 2: the answer as one row."""
    return [[int(1 in model), int(2 in model)]]


def test_an_encoding_with_nothing_open_has_its_one_answer_without_a_solver() -> None:
    found = count_models(Encoding([], [], rows_of), 2)
    assert (found.count, found.exhaustive, found.calls) == (1, True, 0)
    assert found.solutions == [[[0, 0]]]
    # stopped at a limit of one, it says no more than a solver's count would
    found = count_models(Encoding([], [], rows_of), 1)
    assert (found.count, found.exhaustive, found.calls) == (1, False, 0)


def test_an_open_variable_with_no_clause_is_counted_both_ways() -> None:
    found = count_models(Encoding([], [1, 2], rows_of, variables=2), 10)
    assert (found.count, found.exhaustive) == (4, True)
    assert sorted(found.solutions) == [[[0, 0]], [[0, 1]], [[1, 0]], [[1, 1]]]


def test_the_empty_clause_has_no_answer() -> None:
    found = count_models(Encoding([[]], [], rows_of), 2)
    assert (found.count, found.exhaustive) == (0, True)


def test_a_refining_encoding_goes_to_the_solver_even_with_nothing_open() -> None:
    """A refine hook may cut the one model: the shortcut does not skip it."""
    found = count_models(Encoding([], [], rows_of, refine=lambda model: [[]]), 2)
    assert (found.count, found.exhaustive, found.cuts) == (0, True, 1)
