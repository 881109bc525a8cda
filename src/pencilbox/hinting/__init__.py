"""Hints that teach: the search for a short hint, suppositions and probes told
as chains, the case split where the rules stall, and the player's pencil marks.

``teacher`` finds moves by supposing one option at a time; ``answer`` holds
the hint's answer (its JSON and tiers) and the ladder's own move, its probes
told as suppositions; ``split`` the case split; ``marks`` the pencil marks;
``edges`` a move that is a mark between two cells (a border), not a value.
``solving.hint`` puts them together.
"""

from .answer import Hint, explain_probe, hint_tiers, ladder_hint, relevant, told
from .edges import MARKED, draw_words, edge_move, marked_values, new_edges, shown_edges
from .marks import marks_problem, read_marks
from .split import GUESS, SPLIT, Branch, Split, best_split, split_steps
from .teacher import (
    CHAIN_CAP,
    LONGEST,
    QUICK,
    SHORT,
    SUPPOSE,
    TRIAL_CAP,
    Move,
    Teacher,
    targeted,
)

__all__ = [
    "CHAIN_CAP",
    "GUESS",
    "LONGEST",
    "MARKED",
    "QUICK",
    "SHORT",
    "SPLIT",
    "SUPPOSE",
    "TRIAL_CAP",
    "Branch",
    "Hint",
    "Move",
    "Split",
    "Teacher",
    "best_split",
    "draw_words",
    "edge_move",
    "explain_probe",
    "hint_tiers",
    "ladder_hint",
    "marked_values",
    "marks_problem",
    "new_edges",
    "read_marks",
    "relevant",
    "shown_edges",
    "split_steps",
    "targeted",
    "told",
]
