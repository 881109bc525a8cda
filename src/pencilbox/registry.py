"""The one place that lists the puzzle types.

Puzzle packages are imported on first use so that ``pencilbox --help`` stays
fast and one broken package cannot stop the others from loading. Adding a
puzzle type is one entry in ``_TYPES``.
"""

from __future__ import annotations

import importlib
from typing import Any, NamedTuple

from .errors import PuzzleError
from .kind import PuzzleKind


class _Entry(NamedTuple):
    module: str
    aliases: tuple[str, ...]  # other names, puzz.link's included


_TYPES: dict[str, _Entry] = {
    "suguru": _Entry("pencilbox.puzzles.suguru", ("tectonic",)),
    "lits": _Entry("pencilbox.puzzles.lits", ()),
    "heteromino": _Entry("pencilbox.puzzles.heteromino", ()),
}

_loaded: dict[str, PuzzleKind[Any]] = {}


def names() -> tuple[str, ...]:
    """Every registered puzzle type."""
    return tuple(_TYPES)


def canonical(name: str) -> str:
    """The registered name for ``name`` or one of its aliases; PuzzleError if unknown."""
    key = name.strip().lower()
    if key in _TYPES:
        return key
    for candidate, entry in _TYPES.items():
        if key in entry.aliases:
            return candidate
    shown = name if len(name) <= 30 else name[:30] + "..."  # never echo a huge input back
    raise PuzzleError(f"unknown puzzle type {shown!r}; known: {', '.join(_TYPES)}")


def get(name: str) -> PuzzleKind[Any]:
    """The puzzle type called ``name`` (or one of its aliases)."""
    key = canonical(name)
    if key not in _loaded:
        module = importlib.import_module(_TYPES[key].module)
        _loaded[key] = module.KIND
    return _loaded[key]


def is_known(name: str) -> bool:
    """True when ``name`` is a registered type or one of its aliases."""
    try:
        canonical(name)
    except PuzzleError:
        return False
    return True


def kind_url_names(name: str) -> tuple[str, ...]:
    """The names a registered type answers to (its own and its aliases)."""
    return (name, *_TYPES[name].aliases)
