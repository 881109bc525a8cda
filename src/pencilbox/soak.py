"""The soak: every counter on many random boards, and any disagreement kept.

For one puzzle type, board ``i`` of a run seeded ``seed`` is drawn from
``random.Random(f"{seed}:{i}")`` with sides from 3 up to ``max_side``: one
board in :data:`GENERATED_EVERY` is the face's generated (unique) puzzle,
the others its ``soak_board`` (satisfiable or not). Random boards of most
types are almost never unique (a run of 40 drew none for two of the three),
and the uniqueness certificate is what the rungs are for, so the soak makes
sure to count unique boards too. Each is counted to ``limit`` by every
counter the project has: the face's brute-force counters (``brute_count``
and its ``extra_counters``, which share no code with the rungs), each rung +
search, plain SAT and the hybrid. They must report the same count, the same
"that was all of them" flag, and -- when the count is below the limit -- the
same set of answers.

A disagreement is written at once as a JSON line holding the board itself
(JSON form and URL), its seed and every counter's result, so the file alone
reproduces it (:func:`replay`). This is how an unsound rule shows itself.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from . import counting, registry, solving
from .errors import PuzzleError
from .kind import Counter, PuzzleKind, Rows

Frozen = tuple[tuple[int, ...], ...]
CounterFn = Callable[[PuzzleKind[Any], Any, int], tuple[int, bool, list[Rows]]]

MIN_SIDE = 3
GENERATED_EVERY = 4
"""Every fourth board of a run (index 3, 7, ...) is a generated, unique puzzle."""


@dataclass(frozen=True)
class Outcome:
    """One counter's answer on one board."""

    count: int
    exhaustive: bool
    answers: frozenset[Frozen]
    seconds: float
    error: str | None = None

    def as_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"count": self.count, "exhaustive": self.exhaustive}
        if self.error:
            found["error"] = self.error
        return found


def _brute(kind: PuzzleKind[Any], puzzle: Any, limit: int) -> tuple[int, bool, list[Rows]]:
    count, answers = kind.brute_count(puzzle, limit)
    return count, count < limit, answers


def _extra(counter: Counter) -> CounterFn:
    """One of the type's further independent counters, as ``counter(puzzle, limit)``."""

    def run(kind: PuzzleKind[Any], puzzle: Any, limit: int) -> tuple[int, bool, list[Rows]]:
        count, answers = counter(puzzle, limit)
        return count, count < limit, answers

    return run


def _rung(name: str) -> CounterFn:
    def run(kind: PuzzleKind[Any], puzzle: Any, limit: int) -> tuple[int, bool, list[Rows]]:
        report = solving.solve(kind, puzzle, rung=name, limit=limit)
        return report.count, report.exhaustive, report.solutions

    return run


def _sat(engine: str) -> CounterFn:
    def run(kind: PuzzleKind[Any], puzzle: Any, limit: int) -> tuple[int, bool, list[Rows]]:
        report = counting.count(kind, puzzle, limit, engine)
        return report.count, report.exhaustive, report.solutions

    return run


def counters(kind: PuzzleKind[Any]) -> dict[str, CounterFn]:
    """Every counter for ``kind``, by name: brute force first, then rungs, then SAT."""
    found: dict[str, CounterFn] = {"brute": _brute}
    for name, counter in kind.extra_counters().items():
        found[name] = _extra(counter)
    for rung in kind.ladder.names:
        found[f"rungs:{rung}"] = _rung(rung)
    found["sat"] = _sat("sat")
    found["hybrid"] = _sat("hybrid")
    return found


def random_board(kind_name: str, rng: random.Random, max_side: int, index: int = 0) -> Any:
    """Soak board ``index`` of type ``kind_name``, with sides in 3..``max_side``:
    a generated puzzle for every :data:`GENERATED_EVERY`-th index, else the
    face's ``soak_board``. A size the generator refuses falls back to the latter."""
    kind = registry.get(kind_name)
    rows = rng.randint(MIN_SIDE, max_side)
    cols = rng.randint(MIN_SIDE, max_side)
    if index % GENERATED_EVERY == GENERATED_EVERY - 1 and kind.generate_modes:
        try:
            return kind.generate(rng, rows, cols, kind.generate_modes[0]).puzzle
        except PuzzleError:
            pass  # too small for this type's generator
    return kind.soak_board(rng, rows, cols)


def _frozen(grid: Rows) -> Frozen:
    return tuple(tuple(row) for row in grid)


def run_counter(fn: CounterFn, kind: PuzzleKind[Any], puzzle: Any, limit: int) -> Outcome:
    """Run one counter, turning a crash into an outcome (a crash is a finding too)."""
    started = time.perf_counter()
    try:
        count, exhaustive, answers = fn(kind, puzzle, limit)
    except Exception as error:  # noqa: BLE001 -- any crash must be reported, not raised
        return Outcome(-1, False, frozenset(), time.perf_counter() - started, repr(error))
    frozen = frozenset(_frozen(grid) for grid in answers)
    return Outcome(count, exhaustive, frozen, time.perf_counter() - started)


def disagreement(outcomes: dict[str, Outcome]) -> str | None:
    """Why the counters disagree, in words, or None when they all agree."""
    names = list(outcomes)
    first = outcomes[names[0]]
    for name in names:
        outcome = outcomes[name]
        if outcome.error:
            return f"{name} crashed: {outcome.error}"
        if len(outcome.answers) != outcome.count:
            return f"{name} reported {outcome.count} answers but returned {len(outcome.answers)}"
    for name in names[1:]:
        other = outcomes[name]
        if (other.count, other.exhaustive) != (first.count, first.exhaustive):
            return (
                f"{names[0]} counts {first.count} (exhaustive={first.exhaustive}), "
                f"{name} counts {other.count} (exhaustive={other.exhaustive})"
            )
        if first.exhaustive and other.answers != first.answers:
            return f"{names[0]} and {name} found different answers"
    return None


@dataclass
class BoardResult:
    """Every counter's outcome on one seeded board."""

    index: int
    seed: str
    board: dict[str, Any]
    url: str
    size: tuple[int, int]
    outcomes: dict[str, Outcome]
    problem: str | None

    def record(self, kind_name: str) -> dict[str, Any]:
        """The JSON line that reproduces a disagreement."""
        return {
            "puzzle": kind_name,
            "seed": self.seed,
            "problem": self.problem,
            "url": self.url,
            "json": self.board,
            "results": {name: o.as_json() for name, o in self.outcomes.items()},
        }


def count_everywhere(
    kind: PuzzleKind[Any], puzzle: Any, limit: int
) -> tuple[dict[str, Outcome], str | None]:
    """Every counter's outcome on ``puzzle`` and the disagreement, if any."""
    outcomes = {name: run_counter(fn, kind, puzzle, limit) for name, fn in counters(kind).items()}
    return outcomes, disagreement(outcomes)


def soak_board(
    kind_name: str, seed: int | str, index: int, max_side: int, limit: int
) -> BoardResult:
    """Draw board ``index`` of a run and count it with every counter (picklable for pools)."""
    kind = registry.get(kind_name)
    own_seed = f"{seed}:{index}"
    puzzle = random_board(kind.name, random.Random(own_seed), max_side, index)
    outcomes, problem = count_everywhere(kind, puzzle, limit)
    return BoardResult(
        index=index,
        seed=own_seed,
        board=kind.to_json(puzzle),
        url=_url_or_empty(kind, puzzle),
        size=(puzzle.rows, puzzle.cols),
        outcomes=outcomes,
        problem=problem,
    )


def _url_or_empty(kind: PuzzleKind[Any], puzzle: Any) -> str:
    """The board's URL, or "" for a board the URL form cannot write (the JSON
    form beside it always can)."""
    try:
        return kind.to_url(puzzle)
    except PuzzleError:
        return ""


@dataclass
class SoakReport:
    """What a soak saw: how many boards, their answer counts, and every disagreement."""

    puzzle: str
    boards: int = 0
    by_count: dict[str, int] = field(default_factory=lambda: {"none": 0, "one": 0, "many": 0})
    seconds_by_counter: dict[str, float] = field(default_factory=dict)
    problems: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, result: BoardResult) -> None:
        self.boards += 1
        reference = next(iter(result.outcomes.values()))
        bucket = "none" if reference.count == 0 else "one" if reference.count == 1 else "many"
        self.by_count[bucket] += 1
        for name, outcome in result.outcomes.items():
            self.seconds_by_counter[name] = self.seconds_by_counter.get(name, 0.0) + (
                outcome.seconds
            )
        if result.problem:
            self.problems.append(result.record(self.puzzle))

    def as_json(self) -> dict[str, Any]:
        return {
            "puzzle": self.puzzle,
            "boards": self.boards,
            "answers": self.by_count,
            "disagreements": len(self.problems),
            "seconds": round(self.seconds, 2),
            "seconds_by_counter": {k: round(v, 3) for k, v in self.seconds_by_counter.items()},
        }


def _results(
    kind_name: str,
    count: int,
    seed: int | str,
    max_side: int,
    limit: int,
    executor: Executor | None,
) -> Iterator[BoardResult]:
    if executor is None:
        for index in range(count):
            yield soak_board(kind_name, seed, index, max_side, limit)
        return
    names = [kind_name] * count
    yield from executor.map(
        soak_board,
        names,
        [seed] * count,
        range(count),
        [max_side] * count,
        [limit] * count,
        chunksize=max(1, min(50, count // 16)),
    )


def run(
    kind_name: str,
    count: int,
    *,
    seed: int | str = 0,
    max_side: int = 6,
    limit: int = 8,
    out: IO[str] | None = None,
    executor: Executor | None = None,
    progress: Callable[[], None] | None = None,
) -> SoakReport:
    """Soak ``count`` random boards of one type; disagreements go to ``out`` as found."""
    if max_side < MIN_SIDE:
        raise PuzzleError(f"--max-side must be at least {MIN_SIDE}")
    kind = registry.get(kind_name)
    report = SoakReport(kind.name)
    started = time.perf_counter()
    for result in _results(kind.name, count, seed, max_side, limit, executor):
        report.add(result)
        if result.problem and out is not None:
            out.write(json.dumps(result.record(kind.name)) + "\n")
            out.flush()
        if progress is not None:
            progress()
    report.seconds = time.perf_counter() - started
    return report


def replay(path: Path, limit: int = 8) -> list[tuple[str, str | None]]:
    """Re-count every board in a disagreement file: (seed, problem now or None) per line."""
    found = []
    for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            kind = registry.get(record["puzzle"])
            puzzle = kind.from_json(record["json"])
        except (ValueError, KeyError, TypeError) as error:
            raise PuzzleError(f"not a soak record: {error}", where=f"{path}:{line_no}") from None
        _, problem = count_everywhere(kind, puzzle, limit)
        found.append((str(record.get("seed", line_no)), problem))
    return found
