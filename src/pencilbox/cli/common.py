"""What every command module shares: the program name and the "cannot do it here" error."""

from __future__ import annotations

PROG = "pencilbox"


class Unavailable(Exception):
    """The command is valid but cannot be carried out here (exit code 1)."""
