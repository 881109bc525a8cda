"""JSON mutations: one random change somewhere inside a JSON object (a value
of another type, a key dropped or duplicated, a number nudged past a limit, a
string edited as text), kept within a depth limit; and :func:`dumps`, which
writes a value in one of several legal spellings.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from typing import Any

from .mutations import NUMBERS, ODD_CHARS, mutate_text, sample_name, type_words

FIELD_NAMES = (
    *["puzzle", "rows", "cols", "blocks", "givens", "regions", "black", "input", "grid"],
    *["limit", "type", "mode", "", "__proto__"],
)


def _odd_value(rng: random.Random) -> Any:
    """A JSON value of any type, mostly a troublesome one."""
    choice = rng.randrange(12)
    if choice == 0:
        return rng.choice((0, 1, -1, 2, 3, 7, 29, 30, 31, 99, 100, 101))
    if choice == 1:
        return rng.choice((10**6, 10**6 + 1, -(10**6) - 1, 2**31, 2**63, 10**100, -(10**400)))
    if choice == 2:
        return rng.choice((0.0, 1.0, 0.5, -0.0, 1e308, math.inf, -math.inf, math.nan))
    if choice == 3:
        return rng.choice((True, False, None))
    if choice == 4:
        return rng.choice(("", "1", "x", *type_words(), *ODD_CHARS))
    if choice == 5:
        return "x" * rng.choice((100, 5000))
    if choice == 6:
        return rng.choice(([], {}, [[]], [[0]], [None], {"puzzle": sample_name()}))
    if choice == 7:
        return [rng.randrange(-2, 10) for _ in range(rng.choice((1, 5, 31, 101)))]
    if choice == 8:
        side = rng.choice((1, 2, 5, 31, 101))
        return [[rng.randrange(0, 3) for _ in range(side)] for _ in range(rng.choice((1, 5, side)))]
    if choice == 9:
        nested: Any = 0
        for _ in range(rng.choice((3, 20, 150))):
            nested = [nested]
        return nested
    if choice == 10:
        return {rng.choice(FIELD_NAMES): _small_value(rng) for _ in range(rng.randint(0, 3))}
    return rng.choice(NUMBERS)  # a number spelled as a string


def _small_value(rng: random.Random) -> Any:
    return rng.choice((0, 1, -1, "", None, True, [], {}, 1.5, sample_name()))


MAX_DEPTH = 100
"""Mutations reach no deeper than this into a JSON value, so mutated values stay
well inside the recursion limit however many rounds nest them (deep nesting as
text is fed separately)."""


def _copy(value: Any, depth: int = 0) -> Any:
    """A copy of a JSON value down to :data:`MAX_DEPTH` (below it nothing is changed)."""
    if depth >= MAX_DEPTH:
        return value
    if isinstance(value, list):
        return [_copy(item, depth + 1) for item in value]
    if isinstance(value, dict):
        return {key: _copy(item, depth + 1) for key, item in value.items()}
    return value


def _slots(value: Any, depth: int = 0) -> Iterator[tuple[Any, Any]]:
    """Every (container, key) place inside a JSON value down to :data:`MAX_DEPTH`."""
    if depth >= MAX_DEPTH:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield value, key
            yield from _slots(item, depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield value, index
            yield from _slots(item, depth + 1)


def mutate_json(rng: random.Random, obj: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``obj`` with one random change somewhere inside; the root stays a dict."""
    copy: dict[str, Any] = _copy(obj)
    slots = list(_slots(copy))
    if not slots or rng.random() < 0.08:
        copy[rng.choice(FIELD_NAMES)] = _odd_value(rng)
        return copy
    container, key = rng.choice(slots)
    value = container[key]
    action = rng.randrange(6)
    if action == 0:
        container[key] = _odd_value(rng)
    elif action == 1:
        del container[key]
    elif action == 2 and isinstance(container, list):
        container.insert(key, _copy(value))
    elif action == 2:
        container[rng.choice(FIELD_NAMES)] = _copy(value)
    elif action == 3 and isinstance(value, bool):
        container[key] = int(value)
    elif action == 3 and isinstance(value, int):
        container[key] = value + rng.choice((-1, 1, -(10**6), 10**6, -value * 2))
    elif action == 3 and isinstance(value, str):
        container[key] = mutate_text(rng, value) if value else rng.choice(type_words())
    elif action == 4 and isinstance(value, list):
        rng.shuffle(value)
    elif action == 4 and isinstance(value, int) and not isinstance(value, bool):
        as_float = float(value) if abs(value) < 10**300 else math.inf
        container[key] = rng.choice((as_float, str(value), [value], bool(value)))
    else:
        container[key] = _odd_value(rng)
    return copy


def dumps(rng: random.Random, value: Any) -> str:
    """``value`` as JSON text in one of several legal spellings."""
    style = rng.randrange(4)
    if style == 0:
        return json.dumps(value, indent=rng.choice((1, 2, "\t")))
    if style == 1:
        return json.dumps(value, ensure_ascii=False)
    if style == 2:
        return json.dumps(value, separators=(",", ":"))
    return json.dumps(value)
