"""The errors a user meets: bad input, named with its place; a feature missing here."""

from __future__ import annotations


class PuzzleError(ValueError):
    """Input that is not a valid puzzle. The message is one line and says where."""

    def __init__(self, message: str, *, where: str | None = None) -> None:
        text = f"{where}: {message}" if where else message
        super().__init__(" ".join(text.split()))
        self.where = where


class Unavailable(Exception):
    """A valid request that cannot be carried out here (a part not installed, say).

    The command line reports it in one line with exit code 1.
    """
