"""What every command module shares: the program name and the "cannot do it here" error."""

from __future__ import annotations

from ..errors import Unavailable

PROG = "pencilbox"

ENGINES = ("rungs", "sat", "hybrid")
"""What ``solve --engine`` counts with: the rung engine, plain SAT, or the hybrid
(:func:`pencilbox.counting.count` takes the last two)."""

__all__ = ["ENGINES", "PROG", "Unavailable"]
