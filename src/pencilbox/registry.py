"""The one place that lists the puzzle types.

A type is the package ``pencilbox.puzzles.<name>``, whose ``KIND`` is its
face. Packages are imported on first use so that ``pencilbox --help`` stays
fast and one broken package cannot stop the others from loading. Adding a
puzzle type is one line in ``_TYPES``; everything else about it (its aliases
included) is declared by its face, but for the names and one-line helps of its
own commands, which its folder's ``commands.json`` holds as data, so that
listing them imports no package (:func:`own_commands`).
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import PuzzleError

if TYPE_CHECKING:  # the face is loaded with the first package, not with the list
    from .kind import PuzzleKind

_TYPES: tuple[str, ...] = (
    "suguru",
    "lits",
    "heteromino",
    "norinori",
    "fillomino",
)

_loaded: dict[str, PuzzleKind[Any]] = {}


def names() -> tuple[str, ...]:
    """Every registered puzzle type."""
    return _TYPES


def canonical(name: str) -> str:
    """The registered name for ``name`` or one of its aliases; PuzzleError if unknown.

    A registered name needs no import; an alias is looked up on the faces,
    which loads the packages.
    """
    key = name.strip().lower()
    if key in _TYPES:
        return key
    for candidate in _TYPES:
        if key in get(candidate).aliases:
            return candidate
    shown = name if len(name) <= 30 else name[:30] + "..."  # never echo a huge input back
    raise PuzzleError(f"unknown puzzle type {shown!r}; known: {', '.join(_TYPES)}")


def get(name: str) -> PuzzleKind[Any]:
    """The puzzle type called ``name`` (or one of its aliases)."""
    key = name.strip().lower()
    if key not in _TYPES:
        key = canonical(name)
    if key not in _loaded:
        kind: PuzzleKind[Any] = importlib.import_module(f"pencilbox.puzzles.{key}").KIND
        _loaded[key] = kind
    return _loaded[key]


def kinds() -> tuple[PuzzleKind[Any], ...]:
    """Every registered type's face, in registry order (loads every package)."""
    return tuple(get(name) for name in _TYPES)


class OwnCommand(NamedTuple):
    """A type's own command as its package declares it, before the package is loaded."""

    name: str  # ``pencilbox NAME``
    type: str  # the type whose face's ``commands()`` carries it out
    help: str


def own_commands() -> tuple[OwnCommand, ...]:
    """Every type's own commands, read from each package's ``commands.json`` (a name
    -> one-line help object; no file, no commands) without importing a package."""
    import json  # on first use: only the types' own commands need it

    found = []
    for name in _TYPES:
        path = os.path.join(os.path.dirname(__file__), "puzzles", name, "commands.json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as file:
                declared: dict[str, str] = json.load(file)
            found += [OwnCommand(command, name, about) for command, about in declared.items()]
    return tuple(found)
