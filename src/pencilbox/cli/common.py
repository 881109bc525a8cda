"""What every command module shares: the program name and the "cannot do it here" error."""

from __future__ import annotations

from ..errors import Unavailable

PROG = "pencilbox"

__all__ = ["PROG", "Unavailable"]
