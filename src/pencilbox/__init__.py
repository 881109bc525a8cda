"""pencilbox: solve, grade, generate and play polyomino pencil puzzles.

The library speaks to every puzzle type through one face
(:class:`pencilbox.kind.PuzzleKind`), listed in :mod:`pencilbox.registry`;
:mod:`pencilbox.solving` solves, grades and hints over that face, and
:mod:`pencilbox.formats` reads the three input forms (text, puzz.link URL,
JSON). The ``pencilbox`` command (:mod:`pencilbox.cli`) and the local web app
sit on top.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("pencilbox")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__"]
