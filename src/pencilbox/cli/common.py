"""What every command module shares: the program name and the "cannot do it here" error."""

from __future__ import annotations

from ..errors import Unavailable

PROG = "pencilbox"

ENGINES = ("auto", "rungs", "sat", "hybrid")
"""What ``solve --engine`` counts with: the ladder then SAT (the default,
:func:`pencilbox.counting.count_default`), the rung engine with its search,
plain SAT, or the hybrid (:func:`pencilbox.counting.count` takes the last two)."""

BATCH_MODES = ("solve", "grade")
"""What ``pencilbox batch`` does to each puzzle."""

__all__ = ["BATCH_MODES", "ENGINES", "PROG", "Unavailable"]
