"""Valid inputs to start from: a shipped or random board of any type, written
as text, URL or JSON in some legal spelling; and oversized inputs at or past
the input limit.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from .. import formats, registry
from ..codecs import pzprv3
from ..errors import PuzzleError
from ..kind import PuzzleKind
from .json_mutations import dumps


def all_kinds() -> list[PuzzleKind[Any]]:
    return [registry.get(name) for name in registry.names()]


@cache
def shipped_boards(name: str) -> tuple[Any, ...]:
    """The type's shipped puzzles (none when it ships no bank)."""
    kind = registry.get(name)
    try:
        records = kind.bank()
    except NotImplementedError:
        return ()
    return tuple(kind.from_json(record["json"]) for record in records)


def _random_board(rng: random.Random, kind: PuzzleKind[Any], rows: int, cols: int) -> Any | None:
    """A random board of the type, or None where this size holds no valid board."""
    try:
        return kind.random_board(rng, rows, cols)
    except ValueError:  # the face's word for a size too small for any board of the type
        return None


def board(rng: random.Random, kind: PuzzleKind[Any] | None = None) -> tuple[PuzzleKind[Any], Any]:
    """A valid board: a shipped one, or a random one of 1..10 (rarely up to 32) a side."""
    kind = kind or rng.choice(all_kinds())
    bank = shipped_boards(kind.name)
    if bank and rng.random() < 0.4:
        return kind, rng.choice(bank)
    # Some types' random boards get slow past about 35 a side, so 32 is the top.
    top = 32 if rng.random() < 0.03 else 10
    for _ in range(5):
        made = _random_board(rng, kind, rng.randint(1, top), rng.randint(1, top))
        if made is not None:
            return kind, made
    if bank:
        return kind, rng.choice(bank)
    return board(rng, rng.choice([k for k in all_kinds() if shipped_boards(k.name)]))


def text_variant(rng: random.Random, text: str) -> str:
    """The same text form spelled another legal way."""
    choice = rng.randrange(6)
    if choice == 0:
        return "# a comment\n\n" + text
    if choice == 1:
        return text.replace("\n", "\r\n")
    if choice == 2:
        return text.replace("x", "×", 1)
    if choice == 3:
        first, _, rest = text.partition("\n")
        return first.upper() + "\n" + rest
    if choice == 4:
        return "\n\n" + text + "\n\n"
    return text


def _url_variant(rng: random.Random, url: str) -> str:
    """The same URL spelled another legal way: no host, another host, an editor suffix."""
    _, _, tail = url.partition("?")
    name, _, rest = tail.partition("/")
    choice = rng.randrange(5)
    if choice == 0:
        return tail
    if choice == 1:
        return f"http://pzv.jp/p.html?{tail}"
    if choice == 2:
        return f"https://puzz.link/p?{name}_edit/{rest}"
    if choice == 3:
        return f"  {url}\n"
    return url


def valid_form(rng: random.Random, kind: PuzzleKind[Any], puzzle: Any) -> tuple[str, str]:
    """``(form, text)``: the board written as text, URL, JSON or a pzprv3 file (one
    line per line, or ``/``-joined), in some legal spelling (JSON when a form
    cannot write the board)."""
    form = rng.choice(("text", "url", "json", "pzprv3"))
    if form == "pzprv3":
        try:
            file = kind.to_pzprv3(puzzle)
        except PuzzleError:  # a board the form cannot hold (removed cells, say)
            return "json", dumps(rng, kind.to_json(puzzle))
        return form, pzprv3.dumps(file, slash=rng.random() < 0.5)
    if form == "text":
        return form, text_variant(rng, kind.format_text(puzzle))
    if form == "url":
        try:
            return form, _url_variant(rng, kind.to_url(puzzle))
        except PuzzleError:  # a board the URL form cannot write: its JSON instead
            form = "json"
    return form, dumps(rng, kind.to_json(puzzle))


def oversized(rng: random.Random) -> str:
    """An input at or past :data:`formats.MAX_INPUT`: long bodies, long rows, deep nesting."""
    size = formats.MAX_INPUT + rng.choice((-100, 0, 1, 1000))
    name = rng.choice(registry.names())
    choice = rng.randrange(7)
    if choice == 0:
        return f"{name} 100x100\n" + ("." * 99 + "\n") * (size // 100)
    if choice == 1:
        return f"{name} 100x100\n" + "A" * size
    if choice == 2:
        return f"https://puzz.link/p?{name}/100/100/" + "z" * size
    if choice == 3:
        return "[" * size
    if choice == 4:
        return '{"puzzle": "' + name + '", "rows": 1' + "0" * (size - 40) + "}"
    if choice == 5:
        row = "[" + ",".join(["0"] * 100) + "]"
        rows = ",".join([row] * (size // len(row)))
        return f'{{"puzzle": "{name}", "rows": 100, "cols": 100, "regions": [{rows}]}}'
    return "#" * size
