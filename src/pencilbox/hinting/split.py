"""The case split a hint offers where the rules stall.

Where neither the ladder nor a one-cell supposition settles anything, a hint
still offers a way on: the open variable with the fewest values, and what
each value leads to when the whole ladder is run from it ("r3c4 is 1 or 2;
1 fails in 3 steps, so r3c4 is 2"). A value whose run ends in a
contradiction is impossible (the rules are sound), so a split in which one
value survives settles its variable. Where no value fails, the split is a
guess: the value whose run settles the most is offered as a trial, marked so
that the player knows it may have to be undone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Contradiction, Deduction, Rule, State, first_step, propagate
from .teacher import Teacher

GUESS = "guess"
"""The rule name of a step that takes a value no rule forces."""

SPLIT = "split"
"""The rule name of a step that refutes a value by running the ladder from it."""

BRANCH_CAP = 300
"""Most rule applications a failing branch's chain is told in; past that it is
left out of a split (a run that long teaches nothing a guess would not)."""

CANDIDATES = 24
"""Most variables a split looks at, fewest values first, before settling for
the best it saw (each costs a propagation per value)."""


@dataclass(frozen=True)
class Branch:
    """One value of a split's variable and how far the ladder gets from it."""

    bit: int
    words: str  # the value as a supposition: "r3c4 is 1"
    fails: bool
    steps: int  # forced steps its chain tells before the contradiction (0: at once)
    settled: int  # variables besides this one the run settles (for a guess)


@dataclass(frozen=True)
class Split:
    """The case split a hint offers: a variable, its branches, and which way on."""

    var: int
    subject: str  # who the split is about, in words (the cell's label, say)
    cells_are_vars: bool
    branches: tuple[Branch, ...]
    guess: bool  # no branch fails: ``chosen`` is a trial the player may undo

    @property
    def chosen(self) -> Branch:
        """The branch offered: the one left standing, else the one that settles most."""
        alive = [branch for branch in self.branches if not branch.fails]
        return max(alive, key=lambda branch: branch.settled)

    @property
    def options(self) -> str:
        """ "r3c4 is 1 or 2": the values, with the words they share said once."""
        return _or_words([branch.words for branch in self.branches])

    @property
    def summary(self) -> str:
        """The split in one sentence: each failing value and how fast, and what is left."""
        failed = [f"{b.words} fails {_how_fast(b.steps)}" for b in self.branches if b.fails]
        if self.guess:
            return (
                f"{self.options}; no value fails within the rules, so try {self.chosen.words} "
                "(a guess: undo it if it leads to a mistake)."
            )
        left = _or_words([b.words for b in self.branches if not b.fails])
        return f"{self.options}; {'; '.join(failed)}, so {left}."

    def as_json(self) -> dict[str, Any]:
        """The split in the hint's JSON: the variable, each branch, the way on."""
        return {
            "var": self.var,
            "subject": self.subject,
            "options": self.options,
            "guess": self.guess,
            "text": self.summary,
            "chosen": self.chosen.words,
            "branches": [
                {
                    "option": b.words,
                    "fails": b.fails,
                    "steps": b.steps,
                    "settled": b.settled,
                }
                for b in self.branches
            ],
        }


def _how_fast(steps: int) -> str:
    return f"in {steps} step{'s' * (steps != 1)}" if steps else "at once"


def _or_words(words: Sequence[str]) -> str:
    """Join options with "or", saying a shared leading phrase once ("r3c4 is 1 or 2")."""
    split = [phrase.split(" ") for phrase in words]
    shared = 0
    while all(len(p) > shared + 1 and p[shared] == split[0][shared] for p in split):
        shared += 1
    head = " ".join(split[0][:shared])
    tails = [" ".join(p[shared:]) for p in split]
    return f"{head} {' or '.join(tails)}".strip()


def run_branch(teacher: Teacher, state: State, var: int, bit: int) -> Branch:
    """Fix ``var`` to ``bit`` and run the whole ladder: does it fail, and how far does it get."""
    words, _ = teacher.option(state, var, bit)
    trial = state.copy()
    try:
        trial.fix(var, bit)
        propagate(trial, teacher.rules)  # without a log first: most runs are cheap
    except Contradiction:
        told = teacher.explain(state, var, bit, teacher.rules, BRANCH_CAP)
        steps = len(told.chain) if told is not None else BRANCH_CAP
        return Branch(bit, words, told is not None, steps, 0)
    return Branch(bit, words, False, 0, _settled(trial) - _settled(state) - 1)


def _settled(state: State) -> int:
    return sum(1 for dom in state.domains if not dom & (dom - 1))


def split_var(teacher: Teacher, state: State, var: int) -> Split:
    """Every value of ``var`` run as a branch."""
    dom = state.domains[var]
    branches = []
    while dom:
        low = dom & -dom
        dom ^= low
        branches.append(run_branch(teacher, state, var, low))
    subject = teacher.label(var) if teacher.cells_are_vars else branches[0].words
    guess = not any(branch.fails for branch in branches)
    return Split(var, subject, teacher.cells_are_vars, tuple(branches), guess)


def _rank(split: Split) -> tuple[int, int, int]:
    """Splits that settle their variable first, then those that remove a value,
    then guesses; fewer branches first, then fewer steps to the contradictions."""
    alive = sum(1 for branch in split.branches if not branch.fails)
    steps = sum(branch.steps for branch in split.branches if branch.fails)
    kind = 0 if alive == 1 else 1 if alive < len(split.branches) else 2
    return (kind, len(split.branches), steps)


def best_split(teacher: Teacher, state: State, last: int | None) -> Split | None:
    """The split with the fewest branches that the ladder decides (nearest
    ``last`` on ties), else the guess with the fewest; None if nothing is open."""
    domains = state.domains
    open_vars = [var for var, dom in enumerate(domains) if dom & (dom - 1)]

    def where(var: int) -> int:
        return teacher.distance((var,), last) if teacher.cells_are_vars else 0

    # A split the ladder decides is worth a branch more than a guess: look past
    # the fewest values before guessing.
    open_vars.sort(key=lambda var: (domains[var].bit_count(), where(var), var))
    best: Split | None = None
    for var in open_vars[:CANDIDATES]:
        split = split_var(teacher, state, var)
        if best is None or _rank(split) < _rank(best):
            best = split
        if _rank(best)[0] == 0:
            break  # settles its variable: the nearest such is the one to show
    return best


def split_steps(
    teacher: Teacher, state: State, split: Split, rules: Sequence[Rule]
) -> list[Deduction] | None:
    """The split's steps: each failing value refuted by its run, then the move
    onto the value offered (a guess is one step, flagged as a guess)."""
    steps = []
    for branch in split.branches:
        if branch.fails:
            told = teacher.explain(state, split.var, branch.bit, rules, BRANCH_CAP)
            if told is not None:
                steps.append(dataclasses.replace(told, rule=SPLIT))
    trial = state.copy()
    alive = [b for b in split.branches if not b.fails]
    try:
        trial.narrow(split.var, split.chosen.bit if split.guess else sum(b.bit for b in alive))
        written = [d for d in first_step(trial, rules) if d.writes]
    except Contradiction:
        return None
    if not written:
        return steps or None  # values removed, none chosen: the eliminations alone
    move = written[0]
    if split.guess:
        move = dataclasses.replace(move, rule=GUESS, reason=split.summary)
    return [*steps, move]
