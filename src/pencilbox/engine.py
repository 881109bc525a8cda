"""The puzzle-independent solver: fixpoint over a ladder, search, counting.

Every puzzle is modelled the same way: a list of variables, each with a
domain that is an ``int`` bitset of still-possible values (a cell's digits,
say, or the placements left for a region, or the pieces that may cover a
cell). A *rule* narrows domains and reports what it proved; a *rung* is a
named set of rules; a *ladder* is the rungs in order, each including those
below it. The engine knows no puzzle: it counts :class:`State` objects, and
turning a solved state into a grid is the puzzle face's business.

Search branches on a partition of the answer space -- "which value does this
variable take" -- so sibling branches are disjoint and nothing learnt in one
sibling is carried into another.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Self, TypeVar


class Contradiction(Exception):
    """A domain became empty: the state has no solution."""


@dataclass(frozen=True)
class Deduction:
    """One fact a rule proved, in words a person can check.

    ``cells`` are the cells whose candidates changed; ``because`` the cells
    whose contents justify the step (for highlighting). ``writes`` is true
    when the step settles a cell's content (a digit written, a piece drawn),
    the kind of step a hint leads up to.

    A step that rests on a supposition (a probe, a lookahead) carries its
    argument: ``supposes`` the option assumed in words, ``supposed`` its
    cells, ``chain`` the steps the rules forced from it and ``contradiction``
    where they ended, so that a person can follow "Suppose X. Then ... so Y
    is left with nothing. So X is impossible" one step at a time.
    """

    rule: str
    cells: tuple[int, ...]
    reason: str
    because: tuple[int, ...] = ()
    writes: bool = False
    bookkeeping: bool = False
    value: int | None = None  # what a writing step puts in its cell (a digit, a piece)
    supposes: str | None = None
    supposed: tuple[int, ...] = ()
    chain: tuple[Deduction, ...] = ()
    contradiction: str | None = None
    # The marks between two cells the step asks the player to draw (a hint's
    # move that is not a value): ``(cell, cell, mark)`` each, the lower first.
    edges: tuple[tuple[int, int, str], ...] = ()

    def as_json(self, label: Callable[[int], str]) -> dict[str, Any]:
        """The one JSON form of a deduction: cell ids for programs (``cells``,
        ``because``) and beside each list the names ``label`` gives those cells
        (``r1c2``...), for people; the engine cannot name cells itself. A step
        that draws edge marks also carries them, as ``edges`` (``[cell, cell,
        mark]`` each) and ``edge_labels`` (the same with the cells' names)."""
        marks = {}
        if self.edges:
            marks = {
                "edges": [[a, b, mark] for a, b, mark in self.edges],
                "edge_labels": [[label(a), label(b), mark] for a, b, mark in self.edges],
            }
        return {
            "rule": self.rule,
            "cells": list(self.cells),
            "labels": [label(cell) for cell in self.cells],
            "because": list(self.because),
            "because_labels": [label(cell) for cell in self.because],
            "reason": self.reason,
            "writes": self.writes,
            "value": self.value,
            "supposes": self.supposes,
            "supposed": list(self.supposed),
            "supposed_labels": [label(cell) for cell in self.supposed],
            "chain": [step.as_json(label) for step in self.chain],
            "contradiction": self.contradiction,
            **marks,
        }


Log = list[Deduction] | None


class State:
    """Mutable domains; puzzles subclass it to carry extra solving state.

    Subclasses with more fields override :meth:`copy`. ``tables`` is the
    puzzle's immutable precomputed data, shared (never copied) between states.
    """

    __slots__ = ("domains", "tables")

    def __init__(self, domains: list[int], tables: object) -> None:
        self.domains = domains
        self.tables = tables

    def copy(self) -> Self:
        return type(self)(self.domains.copy(), self.tables)

    def narrow(self, var: int, keep: int) -> bool:
        """Keep only the values in ``keep`` for ``var``; True if anything went."""
        old = self.domains[var]
        new = old & keep
        if new == old:
            return False
        if not new:
            raise Contradiction(var)
        self.domains[var] = new
        return True

    def fix(self, var: int, value_bit: int) -> None:
        """Set ``var`` to one value (a one-bit mask); used by search."""
        if not self.domains[var] & value_bit:
            raise Contradiction(var)
        self.domains[var] = value_bit

    def is_solved(self) -> bool:
        return all(d & (d - 1) == 0 for d in self.domains)

    def choose(self) -> int | None:
        """The variable to branch on: fewest values left, first on ties."""
        best, best_size = None, 1 << 30
        for var, dom in enumerate(self.domains):
            if dom & (dom - 1):
                n = dom.bit_count()
                if n < best_size:
                    best, best_size = var, n
                    if n == 2:
                        break
        return best


RuleFn = Callable[[State, Log], bool]


@dataclass(frozen=True)
class Rule:
    """A sound deduction step; ``apply`` returns True when it narrowed anything.

    A ``check`` narrows nothing: it only rejects a position that breaks a
    rule outright, for a rung whose other rules would miss that. An engine
    that states every rule itself (the SAT encodings) leaves checks out.

    A ``lookahead`` rule proves by supposing (assume an option, propagate the
    rules below it, refute); a hint's own suppositions run without such
    rules, so that no supposition nests another. Such a rule may say in its
    own words which option a supposition tries (``option``: state, variable,
    value bit -> words and cells), for a hint that supposes as it does.
    """

    name: str
    apply: RuleFn
    summary: str
    bookkeeping: bool = False
    check: bool = False
    lookahead: bool = False
    option: Callable[[State, int, int], tuple[str, tuple[int, ...]]] | None = None


@dataclass(frozen=True)
class Rung:
    """A named rule set; it adds ``rules`` to everything below it in its ladder."""

    name: str
    rules: tuple[Rule, ...]
    summary: str


@dataclass(frozen=True)
class Ladder:
    """A puzzle's rungs, cheapest first, declared once."""

    rungs: tuple[Rung, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(rung.name for rung in self.rungs)

    @property
    def top(self) -> str:
        return self.rungs[-1].name

    def rung(self, name: str) -> Rung:
        for rung in self.rungs:
            if rung.name == name:
                return rung
        raise KeyError(f"unknown rule set {name!r}; choose from {', '.join(self.names)}")

    def rules(self, name: str | None = None) -> tuple[Rule, ...]:
        """Every rule of rung ``name`` and the rungs below it (all rules if None)."""
        name = name or self.top
        self.rung(name)  # raises on an unknown name
        collected: list[Rule] = []
        for rung in self.rungs:
            collected.extend(rung.rules)
            if rung.name == name:
                break
        return tuple(collected)


def propagate(state: State, rules: Sequence[Rule], log: Log = None) -> None:
    """Apply ``rules`` to a joint fixpoint, cheapest first.

    After any rule narrows something we restart from the cheapest rule, so an
    expensive rule only runs when every cheaper one is silent -- which is also
    what makes a trace list human-sized steps first. Raises Contradiction.
    """
    index = 0
    count = len(rules)
    while index < count:
        index = 0 if rules[index].apply(state, log) else index + 1


def first_step(state: State, rules: Sequence[Rule]) -> list[Deduction]:
    """Run rules cheapest first until one proves something a person would say.

    Bookkeeping steps (removing a written digit from its neighbours) are
    applied silently. Returns the deductions of the first non-bookkeeping rule
    application that proved anything, or [] at a fixpoint. Narrows ``state``.
    """
    while True:
        for rule in rules:
            log: list[Deduction] = []
            if rule.apply(state, log):
                visible = [d for d in log if not d.bookkeeping]
                if visible:
                    return visible
                break
        else:
            return []


Solution = TypeVar("Solution")  # what a count collects: states here, grids above


@dataclass
class CountResult(Generic[Solution]):
    """What a count found, whichever engine made it and whatever it counts.

    ``solutions`` holds the answers found (at most ``limit``); ``exhaustive``
    means the whole space was explored, so ``count`` is exact rather than a
    floor; ``seconds`` is the wall-clock time of the count.
    """

    count: int
    limit: int
    exhaustive: bool
    solutions: list[Solution]
    seconds: float

    @property
    def unique(self) -> bool:
        return self.exhaustive and self.count == 1

    def count_json(self) -> dict[str, Any]:
        """The fields every count shares, as every JSON answer spells them."""
        return {
            "count": self.count,
            "limit": self.limit,
            "exhaustive": self.exhaustive,
            "unique": self.unique,
            "seconds": round(self.seconds, 6),
        }


@dataclass
class SearchResult(CountResult[Solution]):
    """A count by the rung engine: rules to a fixpoint, then search.

    ``solved_by`` is the rung that finished with no search, if any; ``trace``
    the deductions of the root propagation, None unless asked for (an empty
    list is a trace in which nothing was proved).
    """

    branch_points: int
    nodes: int
    solved_by: str | None
    trace: list[Deduction] | None = None


def count_solutions(
    state: State,
    rules: Sequence[Rule],
    limit: int = 2,
    *,
    rung_name: str | None = None,
    trace: bool = False,
) -> SearchResult[State]:
    """Count solutions of ``state`` up to ``limit`` (the caller's state is not changed).

    Depth-first; every child of a node is propagated before descending so that
    a node with two or more live children counts as a branch point.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    started = time.perf_counter()
    root = state.copy()
    log: list[Deduction] | None = [] if trace else None
    try:
        propagate(root, rules, log)
    except Contradiction:
        search, solved_by = _Search(True, [], 1, 0), None
    else:
        # A root that propagation alone solves needed no search.
        solved_by = rung_name if root.is_solved() else None
        search = _search(root, rules, limit)
    return SearchResult(
        count=len(search.solutions),
        limit=limit,
        exhaustive=search.exhaustive,
        solutions=search.solutions,
        seconds=time.perf_counter() - started,
        branch_points=search.branch_points,
        nodes=search.nodes,
        solved_by=solved_by,
        trace=log,
    )


@dataclass(frozen=True)
class _Search:
    """What the depth-first search below a propagated root found."""

    exhaustive: bool
    solutions: list[State]
    nodes: int  # the root and every child tried, live or not
    branch_points: int


def _search(root: State, rules: Sequence[Rule], limit: int) -> _Search:
    """Depth-first from a propagated ``root``, stopping at ``limit`` solutions."""
    # Plain locals rather than _Search fields: this loop is the generators' hot path.
    solutions: list[State] = []
    nodes, branch_points = 1, 0
    stack = [root]
    while stack:
        node = stack.pop()
        var = node.choose()
        if var is None:
            solutions.append(node)
            if len(solutions) >= limit:
                return _Search(False, solutions, nodes, branch_points)
            continue
        nodes += node.domains[var].bit_count()  # one child per value, live or not
        children = _live_children(node, var, rules)
        if len(children) > 1:
            branch_points += 1
        children.reverse()  # the lowest value is searched first
        stack.extend(children)
    return _Search(True, solutions, nodes, branch_points)


def _live_children(node: State, var: int, rules: Sequence[Rule]) -> list[State]:
    """Each value of ``var`` fixed in a copy of ``node`` and propagated: the
    children that survive, lowest value first."""
    children = []
    dom = node.domains[var]
    while dom:
        low = dom & -dom
        dom ^= low
        child = node.copy()
        try:
            child.fix(var, low)
            propagate(child, rules)
        except Contradiction:
            continue
        children.append(child)
    return children


def settle(state: State, rules: Sequence[Rule], log: Log = None) -> bool:
    """Propagate a copy-free state; False on contradiction instead of raising."""
    try:
        propagate(state, rules, log)
    except Contradiction:
        return False
    return True
