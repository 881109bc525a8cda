"""The one face every puzzle type shows to the engine, the CLI and the web app.

A puzzle package implements :class:`PuzzleKind` once, in its ``__init__``,
and the shared layers ask the face for everything type-specific: the three
input forms, the rules (an independent checker plus the ladder), the
independent counters, the CNF encoder and the hybrid's settings, random
boards, the generator, the shipped files, commands of its own and its
front-end module. Nothing outside ``puzzles/`` and the registry names a type.
The small types it speaks in are in :mod:`.parts`, what it does with a
player's position in :mod:`.positions`.
"""

from __future__ import annotations

import importlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from functools import cache, cached_property
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ..codecs.janko import Janko
from ..codecs.pzprv3 import Pzprv3
from ..engine import Ladder, Rule, State
from ..errors import PuzzleError
from ..grid import Rows
from ..sat.core import Encoding
from .drawing import Drawing
from .hooks import PlayerHooks, SetterHooks
from .parts import Command, Counter, Generated, P, Violation

if TYPE_CHECKING:
    from concurrent.futures import Executor
    from importlib.resources.abc import Traversable

__all__ = ["PuzzleKind"]


class PuzzleKind(PlayerHooks[P], SetterHooks[P], ABC):
    """The shared face of one puzzle type."""

    name: ClassVar[str]
    """The type's name: also its package's folder name and puzz.link's name for it."""
    display_name: ClassVar[str]
    """The type's name as people write it, in page titles, headings and the
    CLI's words (an acronym in capitals, say); by default the name capitalised."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names the type answers to, in the text header and in URLs."""
    generate_modes: ClassVar[tuple[str, ...]] = ()
    generate_sides: ClassVar[tuple[int, int] | None] = None
    """The smallest and the largest side (rows and columns alike) of a board
    :meth:`generate` makes, the range its generator checks: ``pencilbox generate``
    refuses any other size, and the web app offers exactly these. None for a
    type with no generator (or one that declares no range of its own)."""
    front_end: ClassVar[str] = "front.js"
    """The package file holding the web page's module for this type."""
    candidate_marks: ClassVar[bool] = False
    """Whether a cell's domain bits are its values' (bit ``v - 1`` for value ``v``),
    as a player's pencil marks are: then a hint reads the marks as candidates."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Declared once per type, so that every front end writes it the same way.
        if "display_name" not in cls.__dict__ and "name" in cls.__dict__:
            cls.display_name = cls.name.capitalize()

    # The ladder and the hybrid's settings live in the package's rooms
    # (``ladder.py``: LADDER and HYBRID_RUNG; ``cnf.py``: HYBRID_EXTRA, if the
    # hybrid runs rules from off the ladder) and are read on first use: listing
    # the types loads every face, and should load no rules. A face may override
    # them; setting one on the face (a benchmark's sweep) replaces it.
    @cached_property
    def ladder(self) -> Ladder:
        """The rungs, cheapest first."""
        found = self._room("ladder").LADDER
        assert isinstance(found, Ladder), f"{self.package}.ladder.LADDER is not a Ladder"
        return found

    @cached_property
    def hybrid_rung(self) -> str:
        """The rung the hybrid SAT engine propagates before encoding (chosen by measurement)."""
        return str(self._room("ladder").HYBRID_RUNG)

    @cached_property
    def default_rung(self) -> str:
        """The rung the default solve propagates before SAT takes over: the
        ladder room's ``DEFAULT_RUNG`` if it declares one (a cheap rung, where
        SAT finishes faster than the top rung's probing), else the top."""
        return str(getattr(self._room("ladder"), "DEFAULT_RUNG", self.ladder.top))

    @cached_property
    def hybrid_extra(self) -> tuple[Rule, ...]:
        """Rules off the ladder that the hybrid runs after ``hybrid_rung``'s (default none)."""
        return tuple(getattr(self._room("cnf"), "HYBRID_EXTRA", ()))

    @cached_property
    def hybrid_encoder(self) -> Callable[[P], Encoding | None] | None:
        """The type's own way to the hybrid's CNF, if it has one (the ``cnf``
        room's ``HYBRID_ENCODER``): the fixpoint of ``hybrid_rung`` and
        ``hybrid_extra`` reached without a state (on whole-board masks, say),
        then its encoding; None when the rules prove there is no answer. It
        must reach the fixpoint the rules reach, which the type's tests hold
        it to. None (the default, and what a benchmark sweeping the hybrid's
        settings sets) has :func:`pencilbox.counting.hybrid_encoding`
        propagate a state."""
        found = getattr(self._room("cnf"), "HYBRID_ENCODER", None)
        return cast("Callable[[P], Encoding | None] | None", found)

    def _room(self, name: str) -> ModuleType:
        """Module ``name`` of the type's package (see docs/design.md, the rooms)."""
        return importlib.import_module(f"{self.package}.{name}")

    @property
    def url_names(self) -> tuple[str, ...]:
        """Every name the type answers to: its own, then its aliases."""
        return (self.name, *self.aliases)

    # -- input and output ------------------------------------------------
    @abstractmethod
    def parse_text(self, text: str) -> P:
        """Parse the human text format (header line included); PuzzleError if bad."""

    @abstractmethod
    def format_text(self, puzzle: P) -> str:
        """The human text format, header line included."""

    @abstractmethod
    def from_json(self, obj: dict[str, Any]) -> P:
        """Build from the JSON object form; PuzzleError if bad."""

    def draft_problems(self, obj: dict[str, Any]) -> list[Violation]:
        """The rules of the type a draft board in the JSON form breaks (a region
        too small, say), each with its cells, so that an editor can light them:
        what :meth:`from_json` refuses. Empty when it builds; PuzzleError when
        the form itself is malformed. By default the one error, with no cells."""
        try:
            self.from_json(obj)
        except PuzzleError as error:
            return [Violation("draft", (), str(error))]
        return []

    @abstractmethod
    def to_json(self, puzzle: P) -> dict[str, Any]:
        """The JSON object form (with a ``puzzle`` field naming the type)."""

    @abstractmethod
    def from_url(self, cols: int, rows: int, body: str) -> P:
        """Decode the puzz.link body after ``<type>/<cols>/<rows>/``."""

    @abstractmethod
    def to_url(self, puzzle: P) -> str:
        """The full puzz.link URL."""

    # Other programs' files. The answer is a player's position in this face's
    # own values (what ``position_state`` reads), so a file's answer can be
    # checked, hinted from and written back; None when the file holds none.
    def from_pzprv3(self, file: Pzprv3) -> tuple[P, Rows | None]:
        """The board and the answer of a pzprv3 file whose type line names this type."""
        raise PuzzleError(f"no pzprv3 form for {self.name}")

    def to_pzprv3(self, puzzle: P, answer: Rows | None = None) -> Pzprv3:
        """The pzprv3 file of ``puzzle`` (with ``answer`` filled in), as pzprjs writes it."""
        raise PuzzleError(f"no pzprv3 form for {self.name}")

    def from_janko(self, board: Janko) -> tuple[P, Rows | None]:
        """The board and the solution (if given) of a janko dataset board."""
        raise PuzzleError(f"no janko form for {self.name}")

    # -- rules -----------------------------------------------------------
    @abstractmethod
    def check(self, puzzle: P, grid: Rows) -> list[Violation]:
        """Every rule ``grid`` breaks, from the rule text alone (empty: solved)."""

    @abstractmethod
    def initial_state(self, puzzle: P) -> State:
        """The solving state of the untouched puzzle (givens applied)."""

    @abstractmethod
    def position_state(self, puzzle: P, grid: Rows) -> State:
        """The solving state after a player's entries (0 = nothing entered)."""

    @abstractmethod
    def solution_rows(self, puzzle: P, state: State) -> Rows:
        """The grid of a solved state."""

    @abstractmethod
    def settled_cells(self, puzzle: P, state: State) -> dict[int, int]:
        """Cells whose content the state fixes, with that content (for rung views)."""

    @abstractmethod
    def brute_count(self, puzzle: P, limit: int) -> tuple[int, list[Rows]]:
        """Count solutions up to ``limit`` with code that shares nothing with the rungs."""

    def extra_counters(self) -> dict[str, Counter]:
        """Independent counters beyond :meth:`brute_count`, by name (the soak runs them all)."""
        return {}

    @abstractmethod
    def encode(self, puzzle: P, state: State | None) -> Encoding:
        """The CNF of the puzzle; with ``state``, of what that propagated state leaves
        open (settled variables as constants, dead values dropped)."""

    @abstractmethod
    def random_board(self, rng: random.Random, rows: int, cols: int) -> P:
        """A random test board of this size, satisfiable or not (no solver used).

        For cross-checks, the soak and the fuzzer; ValueError when no valid
        board of this size exists (e.g. a 2x2 board with too few cells for a region).
        """

    def soak_board(self, rng: random.Random, rows: int, cols: int) -> P:
        """A board for the soak: by default :meth:`random_board`; a type whose plain
        random boards are nearly all unsatisfiable plants answers in some."""
        return self.random_board(rng, rows, cols)

    # -- making and showing ---------------------------------------------
    @abstractmethod
    def generate(self, rng: random.Random, rows: int, cols: int, mode: str) -> Generated[P]:
        """A new puzzle with a unique solution."""

    @abstractmethod
    def render(self, puzzle: P, grid: Rows | None = None) -> str:
        """A text picture of the puzzle, with ``grid`` filled in if given."""

    @abstractmethod
    def drawing(self, puzzle: P, grid: Rows | None = None) -> Drawing:
        """The board as the web page draws it in print, with ``grid`` (an answer or
        a position) filled in if given: what ``pencilbox render`` and the booklet draw."""

    def commands(self) -> tuple[Command, ...]:
        """Commands of this type's own, added to ``pencilbox`` beside the shared ones;
        the package's ``commands.json`` declares each one's name and help, which
        ``pencilbox --help`` lists without loading the package."""
        return ()

    # -- shipped files ---------------------------------------------------
    @property
    def package(self) -> str:
        """The dotted name of the type's package (where its face is defined)."""
        return type(self).__module__

    def package_file(self, name: str) -> Traversable:
        """File ``name`` in the type's package (it may not exist)."""
        from importlib import resources  # on first use: it costs a command's start-up

        return resources.files(self.package).joinpath(name)

    def stats_file(self) -> Traversable | None:
        """The shipped figures file (``stats.json``), or None while none is measured.

        Read through ``importlib.resources`` so that it is found however the
        package is installed; a package that cannot be looked into counts as none.
        """
        try:
            path = self.package_file("stats.json")
            return path if path.is_file() else None
        except OSError:
            return None

    def generation_times(self) -> dict[str, Any] | None:
        """What the shipped figures say :meth:`generate` takes, by board size
        (:func:`.sections.generation_times`: each size's median and slowest
        seconds and how many were timed), for the type's first mode unless the
        section names one; None while ``stats.json`` holds no such section."""
        from .sections import generation_times  # on first use, as the stats are

        mode = self.generate_modes[0] if self.generate_modes else None
        text = _stats_text(self.package)
        return None if text is None else generation_times(json.loads(text), mode)

    def notes_template(self) -> str | None:
        """The notes page's article (``notes.md``): the type's prose, with
        placeholders the page fills from ``stats.json`` when it loads, so no
        figure is typed by hand; None while none is shipped."""
        return _package_text(self.package, "notes.md")

    def front_end_module(self) -> str:
        """The text of the web page's module for this type (see :attr:`front_end`)."""
        text = _package_text(self.package, self.front_end)
        if text is None:
            raise NotImplementedError(f"no front-end module is shipped for {self.name}")
        return text

    def bank(self) -> list[dict[str, Any]]:
        """The puzzles shipped with the package: records with ``id``, ``rows``,
        ``cols``, ``url``, ``json``, ``solution``, ``grade``, ``mode`` and ``seed``.

        Read from ``bank.json`` beside the puzzle package, parsed afresh on
        each call so callers may change their copy.
        """
        text = _package_text(self.package, "bank.json")
        if text is None:
            raise NotImplementedError(f"no bank is shipped for {self.name}")
        records: list[dict[str, Any]] = json.loads(text)
        return records

    def stats(
        self,
        out_path: Path,
        *,
        samples: int = 100,
        executor: Executor | None = None,
        only: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        """Re-measure the write-up's figures on fresh samples; write them to ``out_path``
        as JSON and return them. Batch work goes through ``executor`` (None: a process pool).
        ``only`` names the sections to measure (see :meth:`stats_sections`); the
        others are kept as they are in ``out_path``."""
        raise NotImplementedError(f"{self.name} has no stats yet")

    def stats_sections(self) -> Mapping[str, Sequence[str]]:
        """The sections of ``stats.json``, each with the code it measures (modules, or
        ``module:name``), so a test can tell which figures a code change made stale
        (:mod:`pencilbox.kind.sections`). Empty while the type has no stats."""
        return {}

    def contradiction_words(
        self, puzzle: P, state: State, reason: object
    ) -> tuple[str, tuple[int, ...]]:
        """Words and cells for a Contradiction's ``reason``: a rule's own words,
        or the variable (a cell, when there is one per cell) left with nothing."""
        if isinstance(reason, str):
            return reason, ()
        if isinstance(reason, int) and len(state.domains) == puzzle.rows * puzzle.cols:
            return f"{self.cell_label(puzzle, reason)} is left with no candidate", (reason,)
        return "the rules reach a contradiction", ()


@cache
def _stats_text(package: str) -> str | None:
    """The text of ``package``'s ``stats.json`` (read once), or None if it has none
    or cannot be looked into."""
    try:
        return _package_text(package, "stats.json")
    except OSError:
        return None


@cache
def _package_text(package: str, name: str) -> str | None:
    """The text of package data file ``name`` in ``package``, or None if absent."""
    from importlib import resources

    path = resources.files(package).joinpath(name)
    return path.read_text(encoding="utf-8") if path.is_file() else None
