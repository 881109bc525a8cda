"""The one place that lists the puzzle types.

Puzzle packages are imported on first use so that ``pencilbox --help`` stays
fast and one broken package cannot stop the others from loading.
"""

from __future__ import annotations

import importlib
from typing import Any

from .errors import PuzzleError
from .kind import PuzzleKind

_MODULES: dict[str, str] = {
    "suguru": "pencilbox.puzzles.suguru",
}

_loaded: dict[str, PuzzleKind[Any]] = {}


def names() -> tuple[str, ...]:
    """Every registered puzzle type."""
    return tuple(_MODULES)


def get(name: str) -> PuzzleKind[Any]:
    """The puzzle type called ``name`` (or one of its puzz.link names)."""
    key = name.strip().lower()
    if key not in _MODULES:
        for candidate in _MODULES:
            if key in kind_url_names(candidate):
                key = candidate
                break
        else:
            raise PuzzleError(f"unknown puzzle type {name!r}; known: {', '.join(_MODULES)}")
    if key not in _loaded:
        module = importlib.import_module(_MODULES[key])
        _loaded[key] = module.KIND
    return _loaded[key]


def kind_url_names(name: str) -> tuple[str, ...]:
    module = importlib.import_module(_MODULES[name])
    return tuple(module.KIND.url_names)
