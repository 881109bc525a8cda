"""The contract every puzzle type keeps, checked through its face alone.

Each test runs once per registered type (``registry.names()``), so a new type
gets all of it by being registered: the three input forms round-trip and
bad input is a one-line PuzzleError; the independent checker agrees with the
independent counter; every rung with search, every further counter, plain
SAT and the hybrid count what brute force counts; every deduction holds in
every answer; hints never dead-end: followed one at a time from a bank
puzzle's untouched board they reach its solution, with case splits and
suppositions among them (a sample of each bank by default, every puzzle
under ``--soak``), and the first hint on every bank puzzle is short. Only the
face and the services
over it are used (``registry``, ``solving``, ``counting``, ``formats``, the
engine's ``propagate``), never a package's own modules.

Boards are small (sides 3 to 5) and drawn from string seeds, like the soak's;
a failing board is named by its seed and shown as text (the hint walks take
the shipped banks' puzzles, named by id).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from contract_helpers import (
    HINT_KINDS,
    LIMIT,
    SEEDS,
    SIDES,
    Chain,
    Drawn,
    Kind,
    SettledLog,
    boards,
    broken_inputs,
    draw,
    follow_hints,
    hardest_first,
    json_form,
    lost_by,
    one_cell_edits,
    truths,
)
from crosscheck import assert_same_answers, frozen, frozen_all, sat_answers
from pencilbox import counting, formats, registry, solving
from pencilbox.engine import Contradiction, Rule, propagate
from pencilbox.errors import PuzzleError
from pencilbox.sat.core import count_models

NAMES = registry.names()
every_type = pytest.mark.parametrize("name", NAMES)


def kind_of(name: str) -> Kind:
    return registry.get(name)


# -- the sample ----------------------------------------------------------------------


@every_type
def test_the_boards_cover_every_outcome(name: str) -> None:
    """The sample is not vacuous: boards with no answer, with answers below the
    limit (so answer sets get compared) and at the limit all occur."""
    drawn = boards(name)
    assert len(drawn) >= SEEDS, f"{name}: only {len(drawn)} of {2 * SEEDS} draws gave a board"
    counts = [board.count for board in drawn]
    assert counts.count(0) >= 5, counts
    assert sum(0 < count < LIMIT for count in counts) >= 10, counts
    assert counts.count(LIMIT) >= 3, counts


@every_type
def test_random_boards_follow_the_seed(name: str) -> None:
    """The same seed draws the same board (the soak and the fuzzer rebuild
    boards from seeds alone), of the size asked for."""
    kind = kind_of(name)
    for drawn in boards(name)[:10]:
        again = draw(kind, drawn.seed, soak="soak" in drawn.seed)
        assert json_form(kind, again) == json_form(kind, drawn.puzzle), drawn.seed
        rng = random.Random(drawn.seed)
        assert (again.rows, again.cols) == (rng.randint(*SIDES), rng.randint(*SIDES))


# -- the three forms ---------------------------------------------------------------------


def assert_round_trips(kind: Kind, puzzle: Any, where: str) -> None:
    """Text, URL and JSON each give the puzzle back (by its JSON form), through
    the face and through ``formats.load``, which finds the type in the input."""
    same = json_form(kind, puzzle)
    text = kind.format_text(puzzle)
    assert text.splitlines()[0] == f"{kind.name} {puzzle.rows}x{puzzle.cols}", where
    assert json_form(kind, kind.parse_text(text)) == same, where
    assert kind.format_text(kind.parse_text(text)) == text, where
    url = url_or_none(kind, puzzle, where)
    obj = kind.to_json(puzzle)
    assert obj["puzzle"] == kind.name, where
    assert (obj["rows"], obj["cols"]) == (puzzle.rows, puzzle.cols), where
    assert json_form(kind, kind.from_json(json.loads(json.dumps(obj)))) == same, where
    for form in ("text", "url", "json") if url else ("text", "json"):
        found, again = formats.load(formats.dump(kind, puzzle, form))
        assert found is kind, f"{where}: {form}"
        assert json_form(kind, again) == same, f"{where}: {form}"
    if url:
        assert f"{kind.name}/{puzzle.cols}/{puzzle.rows}/" in url, where
        assert kind.to_url(formats.load(url)[1]) == url, where


def url_or_none(kind: Kind, puzzle: Any, where: str) -> str | None:
    """The board's URL, or None for a board the URL form cannot write (a
    board with features the form lacks), which must say so in one line."""
    try:
        return kind.to_url(puzzle)
    except PuzzleError as error:
        assert "\n" not in str(error) and str(error), where
        with pytest.raises(PuzzleError):
            formats.dump(kind, puzzle, "url")
        return None


def assert_aliases_load(kind: Kind, puzzle: Any, where: str) -> None:
    """Every alias names the type in the text header and in the URL."""
    same = json_form(kind, puzzle)
    text, url = kind.format_text(puzzle), url_or_none(kind, puzzle, where)
    for alias in kind.aliases:
        for source in (
            text.replace(kind.name, alias, 1),
            text.replace(kind.name, alias.capitalize(), 1),
            *([url.replace(f"{kind.name}/", f"{alias}/", 1)] if url else []),
        ):
            found, again = formats.load(source)
            assert found is kind and json_form(kind, again) == same, f"{where}: {source!r}"


@every_type
def test_random_boards_round_trip(name: str) -> None:
    kind = kind_of(name)
    for drawn in boards(name):
        assert_round_trips(kind, drawn.puzzle, drawn.where(kind))
        assert_aliases_load(kind, drawn.puzzle, drawn.where(kind))


@every_type
def test_the_bank_round_trips(name: str) -> None:
    """Every shipped puzzle loads from its URL and its JSON as the same puzzle,
    round-trips, and its recorded solution passes the checker."""
    kind = kind_of(name)
    bank = kind.bank()
    assert bank, f"{name} ships no puzzles"
    for record in bank:
        where = f"{name} bank {record['id']}"
        found, puzzle = formats.load(record["url"])
        assert found is kind, where
        assert (puzzle.rows, puzzle.cols) == (record["rows"], record["cols"]), where
        assert json_form(kind, puzzle) == json.dumps(record["json"], sort_keys=True), where
        assert json_form(kind, formats.load(json.dumps(record["json"]))[1]) == json_form(
            kind, puzzle
        ), where
        assert_round_trips(kind, puzzle, where)
        assert kind.check(puzzle, record["solution"]) == [], where


def bad_input_boards(name: str) -> list[Any]:
    """Four boards of type ``name`` to break (the soak's, so some have answers)."""
    kind = kind_of(name)
    drawn = (draw(kind, f"contract-bad-{name}-{index}", soak=True) for index in range(20))
    found = [puzzle for puzzle in drawn if puzzle is not None][:4]
    assert len(found) == 4, f"{name}: too few boards drawn"
    return found


@every_type
@pytest.mark.parametrize("form", ["text", "url", "json"])
def test_bad_input_is_a_one_line_error(name: str, form: str) -> None:
    """Broken text, URLs and JSON are refused by ``formats.load`` (and text by
    the face's own parser) with a one-line PuzzleError naming the form --
    never another exception, never a traceback."""
    kind = kind_of(name)
    place = {"text": "line", "url": "URL", "json": "JSON"}[form]
    for puzzle in bad_input_boards(name):
        for label, source in broken_inputs(kind, puzzle).items():
            if label.split()[0] != form:
                continue
            readers = [formats.load] + ([kind.parse_text] if form == "text" else [])
            for reader in readers:
                where = f"{label} of\n{kind.format_text(puzzle)}\n{source!r}"
                with pytest.raises(PuzzleError) as caught:
                    reader(source)
                message = str(caught.value)
                assert message and "\n" not in message, f"{where} -> {message!r}"
                assert place in message, f"{where} -> {message!r}"


# -- the checker and the counter -------------------------------------------------------------


@every_type
def test_the_checker_passes_every_answer_and_fails_edited_ones(name: str) -> None:
    """Every answer the counter lists passes the checker; an answer with one
    cell changed that the counter does not list (it listed all of them) fails
    it, and each broken rule names cells of the board."""
    kind = kind_of(name)
    edited_checked = 0
    for drawn in boards(name):
        where = drawn.where(kind)
        assert len(drawn.answers) == drawn.count, f"{where}: the counter repeated an answer"
        for answer in drawn.answers:
            assert kind.check(drawn.puzzle, [list(row) for row in answer]) == [], where
        if drawn.count >= LIMIT:
            continue  # an edited answer might be one the counter stopped before
        rng = random.Random(drawn.seed)
        cells = range(drawn.puzzle.rows * drawn.puzzle.cols)
        for answer in sorted(drawn.answers)[:3]:
            for edited in one_cell_edits(answer, rng, 6):
                if edited in drawn.answers:
                    continue
                broken = kind.check(drawn.puzzle, [list(row) for row in edited])
                assert broken, f"{where}: the checker passes {edited}, not an answer"
                for violation in broken:
                    assert violation.message and set(violation.cells) <= set(cells), violation
                edited_checked += 1
    assert edited_checked >= 50, edited_checked


# -- every counter counts the same ------------------------------------------------------------


def rung_answers(kind: Kind, puzzle: Any, rung: str, limit: int) -> tuple[int, bool, set]:
    report = solving.solve(kind, puzzle, rung=rung, limit=limit)
    grids = frozen_all(report.solutions)
    assert len(grids) == report.count, f"rung {rung} returned an answer twice"
    return report.count, report.exhaustive, grids


@every_type
def test_every_rung_counts_what_brute_force_counts(name: str) -> None:
    """Each rung with search finds the same answers as brute force, with the
    right "that was all" flag -- also at a limit equal to the true count,
    where every answer is found but the search cannot know there are no more."""
    kind = kind_of(name)
    for drawn in boards(name):
        for rung in kind.ladder.names:
            where = f"rung {rung} on {drawn.where(kind)}"
            found = rung_answers(kind, drawn.puzzle, rung, LIMIT)
            assert_same_answers(where, found, drawn.count, drawn.answers, LIMIT)
            if 0 < drawn.count < LIMIT:
                at_count = rung_answers(kind, drawn.puzzle, rung, drawn.count)
                assert at_count == (drawn.count, False, set(drawn.answers)), where


@every_type
def test_every_further_counter_counts_what_brute_force_counts(name: str) -> None:
    kind = kind_of(name)
    for counter_name, counter in kind.extra_counters().items():
        for drawn in boards(name):
            count, answers = counter(drawn.puzzle, LIMIT)
            found = (count, count < LIMIT, frozen_all(answers))
            assert len(found[2]) == count, f"{counter_name} returned an answer twice"
            where = f"{counter_name} on {drawn.where(kind)}"
            assert_same_answers(where, found, drawn.count, drawn.answers, LIMIT)


@every_type
@pytest.mark.parametrize("engine", ["sat", "hybrid"])
def test_sat_counts_what_brute_force_counts(name: str, engine: str) -> None:
    kind = kind_of(name)
    for drawn in boards(name):
        found = sat_answers(kind, drawn.puzzle, engine, LIMIT)
        assert_same_answers(
            f"{engine} on {drawn.where(kind)}", found, drawn.count, drawn.answers, LIMIT
        )


@every_type
def test_the_hybrid_encodes_what_its_rules_leave(name: str) -> None:
    """The hybrid's settings are the face's: its rung is on the ladder, and
    its encoding is None only where brute force finds no answer."""
    kind = kind_of(name)
    assert kind.hybrid_rung in kind.ladder.names
    for drawn in boards(name):
        if counting.hybrid_encoding(kind, drawn.puzzle) is None:
            assert drawn.count == 0, drawn.where(kind)


@pytest.mark.parametrize("name", [name for name in NAMES if kind_of(name).hybrid_encoder])
def test_a_faces_own_hybrid_encoder_reaches_what_the_rules_reach(name: str) -> None:
    """A face that reaches the hybrid's fixpoint its own way (``hybrid_encoder``)
    leaves the cells open that propagating the hybrid's rules from a state
    leaves, and finds no answer exactly where they do; its CNF counts what
    the state's does."""
    kind = kind_of(name)
    own = kind.hybrid_encoder
    assert own is not None
    rules = counting.hybrid_rules(kind)
    for drawn in boards(name):
        state = kind.initial_state(drawn.puzzle)
        mine = own(drawn.puzzle)
        try:
            propagate(state, rules)
        except Contradiction:
            assert mine is None, drawn.where(kind)
            continue
        assert mine is not None, drawn.where(kind)
        theirs = kind.encode(drawn.puzzle, state)
        assert len(mine.key) == len(theirs.key), drawn.where(kind)
        found, expected = count_models(mine, LIMIT), count_models(theirs, LIMIT)
        assert frozen_all(found.solutions) == frozen_all(expected.solutions), drawn.where(kind)


# -- every deduction holds --------------------------------------------------------------------


def assert_sound(kind: Kind, drawn: Drawn, rules: tuple[Rule, ...], where: str) -> None:
    """Propagating ``rules`` from the untouched board: every answer keeps its
    value in every variable and every settled cell, right after each step and
    at the end; a writing step settles each of its cells to its value."""
    state = kind.initial_state(drawn.puzzle)
    log = SettledLog(kind, drawn.puzzle, state)
    answers = truths(kind, drawn.puzzle, drawn.answers)
    initial = (kind.settled_cells(drawn.puzzle, state), tuple(state.domains))
    try:
        propagate(state, rules, log)
    except Contradiction:
        assert drawn.count == 0, f"{where}: contradiction on a board with answers"
        return
    steps = [("the start", None, *initial)]
    logged = zip(log, log.settled, log.domains, strict=True)
    steps += [(f"step {d}", d, settled, domains) for d, settled, domains in logged]
    steps.append(("the end", None, kind.settled_cells(drawn.puzzle, state), tuple(state.domains)))
    for label, deduction, settled, domains in steps:
        if deduction is not None and deduction.writes:
            for cell in deduction.cells:
                assert settled.get(cell) == deduction.value, f"{where}: {label} wrote no value"
        for truth in answers:
            lost = lost_by(settled, domains, truth)
            assert lost is None, f"{where}: at {label}: {lost}"


@every_type
def test_every_deduction_holds_in_every_answer(name: str) -> None:
    """Each rung, and the hybrid's rule set (which may hold rules from off the
    ladder), only ever claims what every brute-force answer bears out."""
    kind = kind_of(name)
    rule_sets = {f"rung {rung}": kind.ladder.rules(rung) for rung in kind.ladder.names}
    rule_sets["the hybrid's rules"] = counting.hybrid_rules(kind)
    for drawn in boards(name):
        for label, rules in rule_sets.items():
            assert_sound(kind, drawn, tuple(rules), f"{label} on {drawn.where(kind)}")


# -- hints lead to the solution, never to a dead end ----------------------------------------------


def hint_records(kind: Kind) -> list[dict[str, Any]]:
    """The four smallest bank puzzles a rung finishes, and the smallest one only
    search finishes (if the bank has one)."""
    bank = sorted(kind.bank(), key=lambda r: (r["rows"] * r["cols"], r["id"]))
    by_rung = [record for record in bank if record["grade"]["rung"] != "search"]
    by_search = [record for record in bank if record["grade"]["rung"] == "search"]
    return by_rung[:4] + by_search[:1]


SAMPLE_PREFIX = 24
"""Most bank puzzles the default run walks, hardest first, to see every kind of
hint (measured: Suguru's first split is on its 15th, a 9x9 graded search)."""


def walk_bank_puzzle(kind: Kind, record: dict[str, Any]) -> Chain:
    """Follow the hints from the untouched board of a bank puzzle, one hint and
    its move at a time: no hint may stop short of the solution (a stall, a
    guess, eliminations only), no move may be wrong, and the position (with
    its marks) ends as the solution."""
    where = f"{kind.name} bank {record['id']}"
    _, puzzle = formats.load_object(record["json"])
    solution = frozen(record["solution"])
    chain = follow_hints(kind, puzzle, solution)
    assert not chain.mistakes, f"{where}: a wrong move: {chain.mistakes}"
    stopped = chain.last.as_json(kind, puzzle)["tiers"] if chain.last else None
    assert chain.status == "solved", f"{where}: hint {chain.moves + 1} is {chain.status}: {stopped}"
    assert chain.moves > 0, f"{where}: solved before any move"
    assert chain.solved(kind, puzzle) == solution, where
    return chain


def every_kind(kinds: Counter[str]) -> bool:
    return all(kinds[name] for name in HINT_KINDS)


@every_type
def test_hints_never_dead_end_on_a_bank_sample(name: str) -> None:
    """Hints never dead-end (issue 13), on a deterministic sample of the bank:
    the puzzles hardest first (:func:`hardest_first`) until hints of every
    kind have been followed, a case split and a supposition (at most
    :data:`SAMPLE_PREFIX` puzzles), and the smallest puzzle of each grade.
    ``--soak`` walks every bank puzzle (the test below): the whole banks cost
    some 5 CPU minutes (measured: 280 s; each hint re-solves the puzzle to
    look for mistakes, and a Norinori 15x15 takes over 100 hints), the sample
    some 14 CPU seconds over the five types (Suguru's and Norinori's 6 each)."""
    kind = kind_of(name)
    order = hardest_first(kind)
    kinds: Counter[str] = Counter()
    walked: set[str] = set()
    for record in order[:SAMPLE_PREFIX]:
        kinds.update(walk_bank_puzzle(kind, record).kinds)
        walked.add(record["id"])
        if every_kind(kinds):
            break
    assert every_kind(kinds), f"{name}: hints over the {len(walked)} hardest puzzles: {kinds}"
    smallest: dict[str, dict[str, Any]] = {}
    for record in sorted(order, key=lambda r: (r["rows"] * r["cols"], r["id"])):
        smallest.setdefault(record["grade"]["rung"], record)
    for record in smallest.values():
        if record["id"] not in walked:
            walk_bank_puzzle(kind, record)


@pytest.mark.soak
@every_type
def test_hints_never_dead_end_on_every_bank_puzzle(name: str) -> None:
    """Hints never dead-end on any bank puzzle, and over the whole bank hints of
    every kind occur: each type's bank needs both (the counts are printed)."""
    kind = kind_of(name)
    kinds: Counter[str] = Counter()
    for record in kind.bank():
        kinds.update(walk_bank_puzzle(kind, record).kinds)
    print(f"{name}: hints of each kind over {len(kind.bank())} bank puzzles: {dict(kinds)}")
    assert every_kind(kinds), f"{name}: hints over the whole bank: {kinds}"


@every_type
def test_first_hints_are_short(name: str) -> None:
    """The first hint on every bank puzzle's untouched board is a move a person
    can follow: a step of at most ``solving.FEW`` steps, the length past which
    a hint is said as a decided case split instead (the Suguru, LITS and
    Heteromino banks' own bounds are tighter: test_hint_probe)."""
    kind = kind_of(name)
    lengths: dict[str, int] = {}
    for record in kind.bank():
        _, puzzle = formats.load_object(record["json"])
        hint = solving.hint(kind, puzzle)
        assert hint.status == "step", f"{name} bank {record['id']}: {hint.status}"
        lengths[record["id"]] = len(hint.steps)
    longer = {puzzle_id: n for puzzle_id, n in lengths.items() if n > solving.FEW}
    assert not longer, f"{name}: first hints longer than {solving.FEW} steps: {longer}"


@every_type
def test_a_solution_entered_in_full_is_solved_and_has_no_mistake(name: str) -> None:
    """The face's ``entered``: the solution with every optional mark made (a
    dot on each unshaded cell, say) is read as that solution, with no mistake,
    and one entry changed to another value the position holds is a mistake."""
    kind = kind_of(name)
    for record in hint_records(kind)[:3]:
        where = f"{name} bank {record['id']}"
        _, puzzle = formats.load(record["url"])
        solution = frozen(record["solution"])
        position = kind.entered(puzzle, solution)
        assert kind.position_mistakes(puzzle, position, solution) == [], where
        state = kind.position_state(puzzle, position)
        assert state.is_solved() and frozen(kind.solution_rows(puzzle, state)) == solution, where
        values = sorted({value for row in position for value in row} - {0})
        clues = set(kind.clue_cells(puzzle))
        cell = next(c for c in range(puzzle.rows * puzzle.cols) if c not in clues)
        r, c = divmod(cell, puzzle.cols)
        position[r][c] = next(value for value in values if value != position[r][c])
        assert kind.position_mistakes(puzzle, position, solution), where
