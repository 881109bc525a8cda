"""pencilbox: solve, grade, generate and play polyomino pencil puzzles.

The library speaks to every puzzle type through one face
(:class:`pencilbox.kind.PuzzleKind`), listed in :mod:`pencilbox.registry`;
:mod:`pencilbox.solving` solves, grades and hints over that face, and
:mod:`pencilbox.formats` reads the three input forms (text, puzz.link URL,
JSON). The ``pencilbox`` command (:mod:`pencilbox.cli`) and the local web app
sit on top.
"""

from __future__ import annotations

# The one place the version is written: pyproject.toml reads it from here
# (setuptools' dynamic version), so `pencilbox --version` needs no package
# metadata lookup, which cost a fifth of the command's start-up.
__version__ = "0.1.0"

__all__ = ["__version__"]
