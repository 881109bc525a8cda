"""The one error type a user can cause: bad input, named with its place."""

from __future__ import annotations


class PuzzleError(ValueError):
    """Input that is not a valid puzzle. The message is one line and says where."""

    def __init__(self, message: str, *, where: str | None = None) -> None:
        text = f"{where}: {message}" if where else message
        super().__init__(" ".join(text.split()))
        self.where = where
