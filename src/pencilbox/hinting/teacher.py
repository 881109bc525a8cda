"""Short hints: the easiest next deduction from a position, suppositions explained.

The ladder run cheapest first finds *a* move, but not the easiest: a rule
that sweeps the whole board (a pocket check, say) kills options
everywhere before one cell is left with one piece, and that cell may need
twenty kills. So a hint also looks at cells one by one: a variable whose
every option but one can be refuted by supposing it ("Suppose X. Then ...
so Y is left with nothing. So X is impossible") is settled in as many steps
as it has options. Among the moves found, the one with the fewest and
shortest steps wins, nearer the player's last move on ties.

Suppositions run the rules that do not themselves suppose (``Rule.lookahead``),
so they never nest; a refutation is a propagation ending in Contradiction,
which is as sound as the rules (nothing here narrows the position itself).
The same refutations are what a hint offers where the ladder stalls.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Contradiction, Deduction, Rule, State, first_step, propagate
from ..kind import Edge, PuzzleKind

SUPPOSE = "suppose"
"""The rule name of a step that refutes an option by supposing it."""

CHAIN_CAP = 60
"""Most rule applications a supposition's chain is allowed before it is not
explained (and so not offered): a longer argument teaches nothing."""

TRIAL_CAP = 16
"""Most suppositions one hint tries, so that its cost stays bounded. On the
untouched banks 16 finds every first hint that 48 does (the same lengths on
all 264 boards) and cuts the slowest type's p95 by about a quarter; where a stall needs more,
the ladder's move or a case split answers instead."""

TOLD = 6
"""Most steps of a supposition's chain told when none is linked to it by its cells."""

LONGEST = 6
"""Most steps of a move found by supposing: a variable with more options is not tried."""

SHORT = 2
"""A ladder move of at most this many steps near the last move is taken at once."""

QUICK = 8
"""Rule applications the ladder is given to find a move before cells are tried
one at a time (a type's sweeping rules may apply dozens of times first)."""


@dataclass(frozen=True)
class Move:
    """A candidate hint: its steps, and what ranks it."""

    steps: list[Deduction]
    near: int  # distance from the last move (0 without one)

    @property
    def short(self) -> bool:
        """Short and near enough to give at once, without looking further."""
        return len(self.steps) <= SHORT and self.near <= SHORT

    @property
    def score(self) -> tuple[int, int, int]:
        chained = sum(len(step.chain) for step in self.steps)
        return (len(self.steps), chained, self.near)


class Teacher:
    """What the hint search needs of one puzzle: the face, the label, the rules."""

    def __init__(self, kind: PuzzleKind[Any], puzzle: Any, rules: Sequence[Rule]) -> None:
        self.kind = kind
        self.puzzle = puzzle
        self.label: Callable[[int], str] = lambda cell: kind.cell_label(puzzle, cell)
        self.rules = tuple(rules)
        # Suppositions propagate with the rules that do not suppose themselves.
        self.trial_rules = tuple(rule for rule in rules if not rule.lookahead)
        self.cells_are_vars = False
        self.trials = 0
        # Per variable, the options a supposition that survived left settled:
        # each of those survives being supposed itself (see :meth:`refute`).
        self.survivors: dict[int, int] = {}
        # The ladder's probing steps, each with the position its rule ran on and
        # the domains it left, so that a step kept in a hint can be told as a
        # supposition (see :func:`.answer.explain_probe`).
        self.probed: list[tuple[Deduction, State, list[int]]] = []
        self.last: int | None = None  # the cell of the player's last move, if known
        # The edge marks the position shows, for a type that reads marks off a
        # state (None: it does not, and a hint ends only where a cell settles);
        # a rule application proving another ends a hint (see :mod:`.edges`).
        self.shown: set[Edge] | None = None

    def option(self, state: State, var: int, bit: int) -> tuple[str, tuple[int, ...]]:
        """Option ``bit`` of ``var`` in words, with its cells: as a lookahead rule
        of the ladder names it, else as the writing step that fixing it logs
        (the rules' writing steps all say "X can only ...")."""
        for rule in self.rules:
            if rule.option is not None:
                return rule.option(state, var, bit)
        trial = state.copy()
        log: list[Deduction] = []
        try:
            trial.fix(var, bit)
            for rule in self.rules:
                if rule.apply(trial, log) and log:
                    break
        except Contradiction:
            pass
        head = next((d for d in log if d.writes), None)
        if head is None:
            cells = (var,) if self.cells_are_vars else ()
            return f"{self.label(var)} takes this option" if cells else "this option", cells
        return _supposition_words(head.reason), head.cells

    def distance(self, cells: Sequence[int], last: int | None) -> int:
        """Chebyshev distance from ``last`` to the nearest of ``cells`` (0 if no last)."""
        if last is None or not cells:
            return 0
        cols: int = self.puzzle.cols
        row, col = divmod(last, cols)
        return min(max(abs(c // cols - row), abs(c % cols - col)) for c in cells)

    def refute(self, state: State, var: int, bit: int) -> Deduction | None:
        """The step "``var`` cannot take ``bit``", explained, or None if the rules
        do not refute it within :data:`CHAIN_CAP` applications."""
        self.trials += 1
        trial = state.copy()
        try:
            trial.fix(var, bit)
            propagate(trial, self.trial_rules)  # cheap first: most options survive
        except Contradiction:
            return self.explain(state, var, bit)
        # The fixpoint reached is consistent and lies inside every option it
        # settled, so supposing any of those reaches no contradiction either
        # (the rules only narrow): they need no trial of their own. Most trials
        # survive, and a surviving one settles a piece's other cells and more.
        # Were a rule not monotone, a skipped option could miss a short move,
        # never make a wrong one: nothing is refuted on this say-so.
        for other, dom in enumerate(trial.domains):
            if not dom & (dom - 1):
                self.survivors[other] = self.survivors.get(other, 0) | dom
        return None

    def explain(
        self,
        state: State,
        var: int,
        bit: int,
        rules: Sequence[Rule] | None = None,
        cap: int = CHAIN_CAP,
    ) -> Deduction | None:
        """Re-run a refuted supposition with a log: the supposition, its chain, its
        end; None if ``rules`` (default: those that do not suppose) do not reach a
        contradiction within ``cap`` rule applications."""
        trial = state.copy()
        log: list[Deduction] = []
        try:
            trial.fix(var, bit)
            for _ in range(cap):
                if not _logged_step(trial, self.trial_rules if rules is None else rules, log):
                    return None
            return None
        except Contradiction as contradiction:
            reason = contradiction.args[0] if contradiction.args else None
            words, where = self.kind.contradiction_words(self.puzzle, trial, reason)
        option, supposed = self.option(state, var, bit)
        chain = _trim(
            [d for d in log if not (d.writes and set(d.cells) == set(supposed))], supposed, where
        )
        then = f"Then {len(chain)} forced step{'s' * (len(chain) != 1)}" if chain else "At once"
        return Deduction(
            SUPPOSE,
            supposed,
            f"Suppose {option}. {then}: {words}. So {option} is impossible.",
            because=where,
            supposes=option,
            supposed=supposed,
            chain=tuple(chain),
            contradiction=words,
        )

    def settle_var(self, state: State, var: int, steps: list[Deduction]) -> Move | None:
        """Try to settle ``var`` by refuting all its options but one."""
        dom = state.domains[var]
        survivor = self.survivors.get(var, 0) & dom
        if survivor & (survivor - 1):
            return None  # two options known to survive: not settled by refuting
        dom &= ~survivor
        while dom:
            low = dom & -dom
            dom ^= low
            if self.trials >= TRIAL_CAP:
                return None
            step = self.refute(state, var, low)
            if step is None:
                if survivor:
                    return None  # two options survive: this variable is not settled yet
                survivor = low
            else:
                steps.append(step)
        if not survivor:
            return None  # every option fails: a mistake earlier, reported elsewhere
        trial = state.copy()
        trial.narrow(var, survivor)
        try:
            final = [d for d in first_step(trial, self.rules) if d.writes]
        except Contradiction:
            return None
        if not final:
            return None
        return Move([*steps, final[0]], 0)


def _logged_step(state: State, rules: Sequence[Rule], log: list[Deduction]) -> bool:
    """:func:`~pencilbox.engine.first_step` into ``log``, keeping the steps of a
    rule application that a Contradiction cut short: a supposition often fails
    in the middle of one (a pass that writes two cells, the second impossible),
    and those steps are its chain. False at a fixpoint."""
    while True:
        for rule in rules:
            mine: list[Deduction] = []
            try:
                narrowed = rule.apply(state, mine)
            except Contradiction:
                log.extend(d for d in mine if not d.bookkeeping)
                raise
            visible = [d for d in mine if not d.bookkeeping]
            if narrowed:
                if visible:
                    log.extend(visible)
                    return True
                break
        else:
            return False


def _supposition_words(reason: str) -> str:
    """The option a writing step names, as a supposition: "r3c4 can only be 2"
    becomes "r3c4 is 2" (the rules' writing steps all say "X can only ...")."""
    subject, sep, rest = reason.partition(" can only ")
    if not sep:
        return reason
    rest = rest.split(": ")[0]
    verb, _, tail = rest.partition(" ")
    verb = {"be": "is", "hold": "holds"}.get(verb, verb + "s")
    return f"{subject} {verb} {tail}".strip()


def _trim(log: list[Deduction], start: Sequence[int], end: Sequence[int]) -> list[Deduction]:
    """The steps of a supposition's chain that follow from it.

    The trial also finds steps the position allowed anyway; a step is kept
    when it touches cells the supposition or a kept step changed, or the cells
    the contradiction names.
    """
    reach = set(start)
    kept = []
    for step in log:
        touched = set(step.cells) | set(step.because)
        if touched & reach:
            kept.append(step)
            reach |= set(step.cells)
    if not kept and log:
        # The link went through a step that is not shown (a piece's removal
        # from its other cells is bookkeeping): the steps that end the run,
        # else the last few, rather than "at once" for what took steps.
        kept = [d for d in log if set(d.cells) & set(end)] or log[-TOLD:]
    return kept


def targeted(teacher: Teacher, state: State, last: int | None, best: Move | None) -> Move | None:
    """The best move found by settling variables one at a time (fewest options first,
    nearest ``last`` first on ties), or ``best`` if none beats it."""
    domains = state.domains
    open_vars = [var for var, dom in enumerate(domains) if dom & (dom - 1)]

    def where(var: int) -> int:
        return teacher.distance((var,), last) if teacher.cells_are_vars else 0

    open_vars.sort(key=lambda var: (domains[var].bit_count() + where(var), var))
    # Settling a variable of k options takes k steps: past LONGEST it teaches
    # nothing the ladder's move would not, and its trials cost the most.
    for var in open_vars:
        bound = min(best.score[0], LONGEST + 1) if best is not None else LONGEST + 1
        if domains[var].bit_count() >= bound:
            continue  # at least as many steps as the best: cannot win
        move = teacher.settle_var(state, var, [])
        if teacher.trials >= TRIAL_CAP:
            break
        if move is None:
            continue
        near = teacher.distance(move.steps[-1].cells, last)
        move = Move(move.steps, near)
        if best is None or move.score < best.score:
            best = move
            if len(move.steps) <= 1:
                break
    return best
