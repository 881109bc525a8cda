"""Fuzzing the front doors: every parser fed generated and mutated input.

A *door* is one way input gets into pencilbox:

* ``load`` -- :func:`pencilbox.formats.load`, which reads text, a puzz.link
  URL or JSON of any puzzle type;
* ``text:<type>``, ``url:<type>``, ``json:<type>`` -- one type's own
  ``parse_text``, ``from_url`` and ``from_json`` (fed forms of every type);
* ``api:<path>`` -- a web endpoint's coroutine called directly with a request
  body: ``read_json``, ``puzzle_from``, ``grid_from``, ``int_field`` and the
  endpoint's own checks, without routing;
* ``http`` -- the whole Starlette app driven in-process over ASGI: routing,
  middleware, exception handlers, methods, headers, query strings and path
  parameters.

Inputs start from valid boards (the shipped banks, random boards of every
type, odd but legal spellings of each form) and are then mutated: bytes
flipped, text cut short or grown, numbers made huge, the puzzle type
swapped, unicode look-alikes and line breaks put in, JSON values replaced
by values of other types, bodies made larger than the limits.

Every input must end in a parsed puzzle or a clean refusal: a
:class:`~pencilbox.errors.PuzzleError` whose message is one short line, or a
4xx answer whose body is ``{"error": one line}``. Anything else is a
*failure*, recorded with the input that caused it: another exception, a 5xx
answer, a long or multi-line message, a parser using more than
``time_limit`` seconds of CPU, a parsed puzzle that cannot be written in
each form and read back as itself, or a valid input that is refused.

Runs are reproducible: input ``index`` of a run with ``seed`` is built from
``random.Random(f"{seed}/{index}")`` alone (:func:`make_case`), so a run can
be cut into chunks (``start``) and any one input rebuilt on its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import random
import re
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any, NamedTuple, TextIO
from urllib.parse import quote

from . import formats, registry
from .errors import PuzzleError
from .formats.puzzlink import split_url
from .kind import PuzzleKind

FAMILIES = ("load", "text", "url", "json", "api", "http")
"""Every door family, in the order reports list them."""

WEB_FAMILIES = ("api", "http")
"""The families that need the web app (:class:`WebDoors`)."""

WEIGHTS = {"load": 30, "text": 13, "url": 13, "json": 13, "api": 21, "http": 10}
"""How often each family is picked: ``load`` reads every form of every type, so it gets
the most; the request bodies come in the most shapes after it."""

MAX_MESSAGE = 300
"""Longest error message counted as clean: a refusal must not echo a whole input back."""

HANG_SECONDS = 30.0
"""An input still running after this long is stopped (where a timer signal is available)."""

API_PATHS = (
    "/api/load",
    "/api/check",
    "/api/hint",
    "/api/rungs",
    "/api/solve",
    "/api/grade",
    "/api/generate",
)
"""The endpoints that read a JSON body."""


# -- inputs --------------------------------------------------------------------------


class UrlInput(NamedTuple):
    """The arguments of a type's ``from_url``."""

    cols: int
    rows: int
    body: str


class HttpInput(NamedTuple):
    """One request: ``query`` is already percent-encoded; ``path`` is decoded."""

    method: str
    path: str
    query: str
    headers: tuple[tuple[str, str], ...]
    body: bytes


@dataclass(frozen=True)
class Case:
    """One generated input for one door.

    ``data`` is a ``str`` (load, text), a :class:`UrlInput` (url), a dict (json)
    or an :class:`HttpInput` (api, http). ``must_parse`` marks an unmutated
    valid input, which the door must accept.
    """

    door: str
    index: int
    data: Any
    must_parse: bool = False

    @property
    def family(self) -> str:
        return self.door.split(":", 1)[0]

    def input_json(self) -> dict[str, Any]:
        """The input as a JSON-ready object, exact enough to replay it."""
        data = self.data
        if isinstance(data, str):
            return {"text": data}
        if isinstance(data, UrlInput):
            return data._asdict()
        if isinstance(data, HttpInput):
            return {
                "method": data.method,
                "path": data.path,
                "query": data.query,
                "headers": [list(pair) for pair in data.headers],
                "body_latin1": data.body.decode("latin-1"),
            }
        return {"object": data}

    def preview(self, width: int = 160) -> str:
        """A one-line glimpse of the input for summaries."""
        text = json.dumps(self.input_json(), ensure_ascii=True)
        return text if len(text) <= width else f"{text[: width - 20]}... ({len(text)} chars)"


# -- text mutations ------------------------------------------------------------------

NOISE = '0123456789abcdefghijklmnopqrstuvwxyzABCXYZ .-+#*/?:{}[],"\n\t\\²é×x7_%&='
"""Characters the small edits put in: every form's syntax plus a few strangers."""

ODD_CHARS = tuple(
    "é×²٣３ｘⅫİßﬁ\u00a0\u3000\u2028\u2029\x85\x0b\x0c\x1c\x00\x7f"
    "\u200b\ufeff\u0301\u202e\ufffd\ud800\U0001f9e9\U0010ffff"
)
"""Unicode that trips naive parsers: look-alike digits and letters, odd spaces and
line breaks, control and format characters, a lone surrogate, astral characters."""

NUMBERS = (
    *["0", "1", "2", "3", "-1", "-0", "+1", "01", "007", "1_0", "0x10", "1e3", "1.5"],
    *["99", "100", "101", "999", "1000", "1001", "4096", "65536", "999999", "1000000"],
    *["4294967296", "٣", "３", "²", "9" * 19, "1" * 40, "9" * 4301],
)
"""Numbers to put where numbers go: limits and one past them, huge ones (one longer
than Python's int-from-string limit), spellings ``int()`` accepts or refuses."""

TYPE_WORDS = (
    *["suguru", "tectonic", "lits", "heteromino", "LITS", "Suguru", "suguru_edit", "lits_play"],
    *["heteromino_test", "sudoku", "nurikabe", "ｌｉｔｓ"],
    "",
    "lits lits",
)
"""Puzzle type names, right, aliased, decorated, wrong and empty."""

LINE_BREAKS = ("\r\n", "\r", "\n\n", "\n \n", "\u2028", "\x85", "\x0b", "\x0c", "\x1c", "")
SPACES = ("\t", "\u00a0", "\u3000", "  ", "", " \t ")

_DIGITS = re.compile(r"\d+")
_TYPE_WORD = re.compile(r"suguru|tectonic|lits|heteromino", re.IGNORECASE)


def _cut(rng: random.Random, text: str) -> str:
    return text[: rng.randrange(len(text) + 1)]


def _delete(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + text[at + rng.choice((1, 1, 1, 2, 5, 20)) :]


def _replace(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(NOISE) + text[at + 1 :]


def _insert(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(NOISE) + text[at:]


def _flip_bit(rng: random.Random, text: str) -> str:
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    if data:
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    # "replace" gives U+FFFD for a broken sequence; "surrogateescape" keeps the raw
    # byte as a lone surrogate, which some str methods treat differently.
    return data.decode("utf-8", rng.choice(("replace", "surrogateescape")))


def _odd_char(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text) + 1)
    width = rng.choice((0, 1))  # insert, or replace one character
    return text[:at] + rng.choice(ODD_CHARS) + text[at + width :]


def _number(rng: random.Random, text: str) -> str:
    found = list(_DIGITS.finditer(text))
    if not found:
        return _insert_word(rng, text, rng.choice(NUMBERS))
    # Half the time one of the first numbers: the size in a header, a URL or a JSON object.
    match = rng.choice(found[:3] if rng.random() < 0.5 else found)
    return text[: match.start()] + rng.choice(NUMBERS) + text[match.end() :]


def _header(rng: random.Random, text: str) -> str:
    """A new first line: a type word and a size, either of them odd."""
    first, newline, rest = text.partition("\n")
    words = first.split()
    name = words[0] if words and rng.random() < 0.6 else rng.choice(TYPE_WORDS)
    rows = rng.choice(NUMBERS) if rng.random() < 0.5 else str(rng.randint(1, 12))
    cols = rng.choice(NUMBERS) if rng.random() < 0.5 else str(rng.randint(1, 12))
    size = rng.choice((f"{rows}x{cols}", f"{rows} x {cols}", f"{rows}×{cols}", rows, ""))
    junk = rng.choice(("", "", " extra", "x1", "\t#", rng.choice(ODD_CHARS)))
    return f"{name} {size}{junk}" + newline + rest


def _type_word(rng: random.Random, text: str) -> str:
    found = list(_TYPE_WORD.finditer(text))
    if not found:
        return _insert_word(rng, text, rng.choice(TYPE_WORDS))
    match = rng.choice(found)
    return text[: match.start()] + rng.choice(TYPE_WORDS) + text[match.end() :]


def _insert_word(rng: random.Random, text: str, word: str) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + word + text[at:]


def _line_break(rng: random.Random, text: str) -> str:
    new = rng.choice(LINE_BREAKS)
    if rng.random() < 0.3:
        return text.replace("\n", new)
    breaks = [index for index, char in enumerate(text) if char == "\n"]
    if not breaks:
        return _insert_word(rng, text, new)
    at = rng.choice(breaks)
    return text[:at] + new + text[at + 1 :]


def _space(rng: random.Random, text: str) -> str:
    new = rng.choice(SPACES)
    if rng.random() < 0.3:
        return text.replace(" ", new)
    spaces = [index for index, char in enumerate(text) if char == " "]
    if not spaces:
        return _insert_word(rng, text, new)
    at = rng.choice(spaces)
    return text[:at] + new + text[at + 1 :]


def _duplicate(rng: random.Random, text: str) -> str:
    """Repeat a slice or a whole line: rows too many, bodies too long."""
    lines = text.split("\n")
    if len(lines) > 1 and rng.random() < 0.5:
        at = rng.randrange(len(lines))
        lines[at:at] = [lines[at]] * rng.choice((1, 1, 2, 10, 100))
        return "\n".join(lines)
    start = rng.randrange(len(text) + 1)
    piece = text[start : start + rng.choice((1, 3, 10, 50, 400))]
    at = rng.randrange(len(text) + 1)
    return text[:at] + piece * rng.choice((1, 1, 2, 10)) + text[at:]


def _swap_lines(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines)


def _case(rng: random.Random, text: str) -> str:
    start = rng.randrange(len(text) + 1)
    end = start + rng.choice((1, 5, 40, len(text)))
    change = rng.choice((str.upper, str.lower, str.swapcase))
    return text[:start] + change(text[start:end]) + text[end:]


_EDITS: tuple[tuple[Callable[[random.Random, str], str], int], ...] = (
    (_cut, 6),
    (_delete, 6),
    (_replace, 8),
    (_insert, 6),
    (_flip_bit, 6),
    (_odd_char, 4),
    (_number, 5),
    (_type_word, 2),
    (_header, 3),
    (_line_break, 2),
    (_space, 2),
    (_duplicate, 3),
    (_swap_lines, 1),
    (_case, 1),
)
_EDIT_FUNCTIONS = tuple(edit for edit, _ in _EDITS)
_EDIT_WEIGHTS = tuple(weight for _, weight in _EDITS)


def mutate_text(rng: random.Random, text: str, donors: Sequence[str] = ()) -> str:
    """One random edit of ``text``; with ``donors``, sometimes a splice of one of them."""
    if donors and rng.random() < 0.04:
        donor = rng.choice(donors)
        start = rng.randrange(len(donor) + 1)
        at = rng.randrange(len(text) + 1)
        return text[:at] + donor[start : start + rng.randint(1, 200)] + text[at:]
    edit = rng.choices(_EDIT_FUNCTIONS, _EDIT_WEIGHTS)[0]
    return edit(rng, text)


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """One random edit of raw bytes (a request body): a text edit, or raw byte noise."""
    if rng.random() < 0.7:
        text = data.decode("utf-8", "surrogateescape")
        text = mutate_text(rng, text)
        try:
            return text.encode("utf-8", "surrogateescape")  # the raw bytes back as they were
        except UnicodeEncodeError:  # a lone surrogate the edit put in: write it as CESU bytes
            return text.encode("utf-8", "surrogatepass")
    out = bytearray(data)
    at = rng.randrange(len(out) + 1)
    noise = bytes(rng.randrange(256) for _ in range(rng.choice((1, 2, 4))))
    out[at:at] = noise
    return bytes(out)


# -- JSON mutations ------------------------------------------------------------------

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
        return rng.choice(("", "1", "x", *TYPE_WORDS, *ODD_CHARS))
    if choice == 5:
        return "x" * rng.choice((100, 5000))
    if choice == 6:
        return rng.choice(([], {}, [[]], [[0]], [None], {"puzzle": "lits"}))
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
    return rng.choice((0, 1, -1, "", None, True, [], {}, 1.5, "lits"))


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
        container[key] = mutate_text(rng, value) if value else rng.choice(TYPE_WORDS)
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


# -- valid boards --------------------------------------------------------------------


def _kinds() -> list[PuzzleKind[Any]]:
    return [registry.get(name) for name in registry.names()]


@cache
def _bank(name: str) -> tuple[Any, ...]:
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
    except (ValueError, IndexError):  # e.g. no valid 2x2 LITS partition
        return None


def board(rng: random.Random, kind: PuzzleKind[Any] | None = None) -> tuple[PuzzleKind[Any], Any]:
    """A valid board: a shipped one, or a random one of 1..10 (rarely up to 32) a side."""
    kind = kind or rng.choice(_kinds())
    bank = _bank(kind.name)
    if bank and rng.random() < 0.4:
        return kind, rng.choice(bank)
    # Random LITS boards get slow past about 35 a side (region merging), so 32 is the top.
    top = 32 if rng.random() < 0.03 else 10
    for _ in range(5):
        made = _random_board(rng, kind, rng.randint(1, top), rng.randint(1, top))
        if made is not None:
            return kind, made
    if bank:
        return kind, rng.choice(bank)
    return board(rng, rng.choice([k for k in _kinds() if _bank(k.name)]))


def _text_variant(rng: random.Random, text: str) -> str:
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
    """``(form, text)``: the board written as text, URL or JSON, in some legal spelling."""
    form = rng.choice(("text", "url", "json"))
    if form == "text":
        return form, _text_variant(rng, kind.format_text(puzzle))
    if form == "url":
        return form, _url_variant(rng, kind.to_url(puzzle))
    return form, dumps(rng, kind.to_json(puzzle))


def _oversized(rng: random.Random) -> str:
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


# -- generating a case ----------------------------------------------------------------


def _rounds(rng: random.Random) -> int:
    """How many edits a case gets: none sometimes (a valid input must then parse)."""
    return rng.choices((0, 1, 2, 3, 6), (10, 40, 25, 15, 10))[0]


def _load_case(rng: random.Random, index: int) -> Case:
    if rng.random() < 0.003:
        return Case("load", index, _oversized(rng))
    kind, puzzle = board(rng)
    _, text = valid_form(rng, kind, puzzle)
    rounds = _rounds(rng)
    donors = [valid_form(rng, *board(rng))[1]] if rounds else []
    for _ in range(rounds):
        text = mutate_text(rng, text, donors)
    return Case("load", index, text, must_parse=rounds == 0)


def _text_case(rng: random.Random, index: int) -> Case:
    kind = rng.choice(_kinds())
    # a fifth of the time another type's text: the wrong-type door
    source_kind, puzzle = board(rng, kind if rng.random() < 0.8 else None)
    text = source_kind.format_text(puzzle)
    if rng.random() < 0.5:
        text = _text_variant(rng, text)
    rounds = _rounds(rng)
    for _ in range(rounds):
        text = mutate_text(rng, text)
    return Case(f"text:{kind.name}", index, text, must_parse=rounds == 0 and source_kind is kind)


def _url_case(rng: random.Random, index: int) -> Case:
    kind = rng.choice(_kinds())
    source_kind, puzzle = board(rng, kind if rng.random() < 0.8 else None)
    parts = split_url(source_kind.to_url(puzzle))
    cols, rows, body = parts.cols, parts.rows, parts.body
    rounds = _rounds(rng)
    for _ in range(rounds):
        if rng.random() < 0.15:
            odd = rng.choice((0, -1, 1, 2, 99, 100, 101, 1000, 10**6, 10**18, -(10**18)))
            if rng.random() < 0.5:
                cols = odd if rng.random() < 0.7 else cols + rng.choice((-1, 1))
            else:
                rows = odd if rng.random() < 0.7 else rows + rng.choice((-1, 1))
        else:
            body = mutate_text(rng, body)
    exact = rounds == 0 and source_kind is kind
    return Case(f"url:{kind.name}", index, UrlInput(cols, rows, body), must_parse=exact)


def _json_case(rng: random.Random, index: int) -> Case:
    kind = rng.choice(_kinds())
    source_kind, puzzle = board(rng, kind if rng.random() < 0.8 else None)
    obj = source_kind.to_json(puzzle)
    rounds = _rounds(rng)
    for _ in range(rounds):
        obj = mutate_json(rng, obj)
    exact = rounds == 0 and source_kind is kind
    return Case(f"json:{kind.name}", index, obj, must_parse=exact)


def _grid_for(rng: random.Random, puzzle: Any) -> list[list[int]]:
    top = rng.choice((1, 2, 9, 99))
    return [[rng.randint(0, top) for _ in range(puzzle.cols)] for _ in range(puzzle.rows)]


def _puzzle_field(rng: random.Random, kind: PuzzleKind[Any], puzzle: Any) -> Any:
    """A puzzle as a request sends it: the JSON object, or text / URL / JSON in a string."""
    if rng.random() < 0.5:
        return kind.to_json(puzzle)
    return valid_form(rng, kind, puzzle)[1]


def _api_body(rng: random.Random, path: str) -> dict[str, Any]:
    """A well-formed body for the endpoint at ``path`` (the board may exceed the web limit)."""
    kind, puzzle = board(rng)
    if path == "/api/generate":
        names = registry.kind_url_names(kind.name)
        body: dict[str, Any] = {
            "type": rng.choice(names),
            "rows": rng.randint(3, 12),
            "cols": rng.randint(3, 12),
        }
        if kind.generate_modes and rng.random() < 0.7:
            body["mode"] = rng.choice(kind.generate_modes)
        return body
    field_name = "input" if path == "/api/load" else "puzzle"
    body = {field_name: _puzzle_field(rng, kind, puzzle)}
    if path == "/api/check" or (path == "/api/hint" and rng.random() < 0.6):
        body["grid"] = _grid_for(rng, puzzle)
    if path == "/api/solve" and rng.random() < 0.7:
        body["limit"] = rng.randint(1, 10)
    return body


def _headers(rng: random.Random, body: bytes) -> tuple[tuple[str, str], ...]:
    content_type = ("content-type", "application/json")
    choice = rng.randrange(20)
    if choice == 0:
        return (content_type,)  # no length: a chunked upload
    if choice == 1:
        return (content_type, ("content-length", rng.choice(("x", "-1", "1e3", "٣", "9" * 30))))
    if choice == 2:
        return (content_type, ("content-length", str(len(body) + rng.choice((-5, 7, 10**7)))))
    if choice == 3:
        return (("content-type", rng.choice(("text/plain", "", "application/json; charset=x"))),)
    return (content_type, ("content-length", str(len(body))))


def _raw_body(rng: random.Random) -> bytes:
    """Bodies no JSON serialiser writes: empty, wrong top level, huge, not UTF-8."""
    choice = rng.randrange(10)
    if choice == 0:
        return rng.choice((b"", b"   ", b"\n", b"null", b"[]", b'"x"', b"0", b"{}", b"{"))
    if choice == 1:
        return b'{"input": 1' + b"1" * rng.choice((10, 4300, 5000)) + b"}"
    if choice == 2:
        return b"[" * rng.choice((1000, 100_000))
    if choice == 3:
        return b'{"input": "' + b"x" * (64 * 1024 + rng.choice((-20, 0, 1, 10**5))) + b'"}'
    if choice == 4:
        return '{"input": "lits 4x4"}'.encode(rng.choice(("utf-16", "utf-32", "utf-8-sig")))
    if choice == 5:
        return b'{"input": "\xff\xfe\xc0\x80"}'
    if choice == 6:
        return b'{"puzzle": NaN, "grid": Infinity, "limit": -Infinity}'
    if choice == 7:
        return b'{"input": "a", "input": {"puzzle": "lits"}}'
    if choice == 8:
        return b'{"input": "\\ud800\\udc00\\ud800"}'
    return bytes(rng.randrange(256) for _ in range(rng.choice((1, 10, 100))))


def _body_request(rng: random.Random, path: str) -> HttpInput:
    if rng.random() < 0.08:
        data = _raw_body(rng)
    else:
        body = _api_body(rng, path)
        rounds = _rounds(rng)
        for _ in range(rounds):
            body = mutate_json(rng, body)
        data = dumps(rng, body).encode("utf-8", "surrogatepass")
        for _ in range(rng.choices((0, 1, 2), (75, 20, 5))[0]):
            data = mutate_bytes(rng, data)
    return HttpInput("POST", path, "", _headers(rng, data), data)


def _api_case(rng: random.Random, index: int) -> Case:
    path = rng.choice(API_PATHS)
    return Case(f"api:{path}", index, _body_request(rng, path))


def _path_word(rng: random.Random, usual: Sequence[str]) -> str:
    word = rng.choice(usual) if usual and rng.random() < 0.6 else rng.choice(TYPE_WORDS)
    if rng.random() < 0.4:
        word = mutate_text(rng, word) if word else rng.choice(ODD_CHARS)
    # A server percent-decodes the path as UTF-8 with replacement: no lone surrogates.
    return word.replace("/", "").encode("utf-8", "replace").decode("utf-8")


def _query(rng: random.Random) -> str:
    """A query string for the bank list: sizes, grades, and junk in their place."""
    pairs = []
    for key in ("rows", "cols", "size", "grade"):
        if rng.random() < 0.4:
            value = rng.choice(
                (
                    *NUMBERS[:25],
                    "²",
                    "٣",
                    "３",
                    "1x2x3",
                    "5x5",
                    "x",
                    "",
                    "singles",
                    "search",
                    "9" * 5000,
                    "é",
                )
            )
            pairs.append(f"{quote(key)}={quote(value, safe='')}")
    if rng.random() < 0.1:
        pairs.append(rng.choice(("&&", "=", "rows", "rows=1&rows=2", "%zz", "%ff")))
    return "&".join(pairs)


def _http_case(rng: random.Random, index: int) -> Case:
    choice = rng.randrange(10)
    if choice < 6:
        path = rng.choice(API_PATHS)
        return Case("http", index, _body_request(rng, path))
    names = [*registry.names(), "tectonic"]
    kind = registry.get(rng.choice(registry.names()))
    ids = [str(record["id"]) for record in kind.bank()[:5]] if _bank(kind.name) else []
    if choice == 6:
        path = f"/api/bank/{_path_word(rng, names)}"
        request = HttpInput("GET", path, _query(rng), (), b"")
    elif choice == 7:
        path = f"/api/bank/{_path_word(rng, [kind.name])}/{_path_word(rng, ids)}"
        request = HttpInput("GET", path, "", (), b"")
    elif choice == 8:
        path = rng.choice(("/api/types", f"/api/stats/{_path_word(rng, names)}"))
        request = HttpInput("GET", path, _query(rng) if rng.random() < 0.2 else "", (), b"")
    else:  # a wrong method, or a path no route has
        path = rng.choice((*API_PATHS, "/api/types", "/api/nothing", "/api/bank", "/api/"))
        method = rng.choice(("GET", "PUT", "DELETE", "PATCH", "POST", "HEAD", "OPTIONS"))
        request = HttpInput(method, path, "", (("content-length", "0"),), b"")
    return Case("http", index, request)


_MAKERS: dict[str, Callable[[random.Random, int], Case]] = {
    "load": _load_case,
    "text": _text_case,
    "url": _url_case,
    "json": _json_case,
    "api": _api_case,
    "http": _http_case,
}


def make_case(seed: int | str, index: int, families: Sequence[str] = FAMILIES) -> Case:
    """Input ``index`` of the run with ``seed``: the same input on every call."""
    rng = random.Random(f"{seed}/{index}")
    family = rng.choices(list(families), [WEIGHTS[name] for name in families])[0]
    return _MAKERS[family](rng, index)


# -- trying an input ------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """What one input did: ``outcome`` is parsed, rejected or failed."""

    outcome: str
    problem: str | None = None


PARSED = Result("parsed")
REJECTED = Result("rejected")


def message_problem(message: Any) -> str | None:
    """Why an error message is not a clean one-liner, or None if it is."""
    if not isinstance(message, str):
        return f"error message is {type(message).__name__}, not text"
    if not message.strip():
        return "error message is empty"
    if len(message.splitlines()) > 1:
        return f"error message spans lines: {message[:200]!r}"
    if len(message) > MAX_MESSAGE:
        return f"error message of {len(message)} characters: {message[:120]!r}..."
    return None


def _crash(error: BaseException) -> str:
    """An unexpected exception as one line: its type, message and where it was raised."""
    frames = traceback.extract_tb(error.__traceback__)
    place = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text[:300]}{place}"


def round_trip_problem(kind: PuzzleKind[Any], puzzle: Any) -> str | None:
    """Why a parsed puzzle does not come back from each written form, or None."""
    for form in ("text", "url", "json"):
        try:
            written = formats.dump(kind, puzzle, form)
        except PuzzleError as error:
            # A form may be unable to hold a legal board (a Suguru given past 4095 has
            # no URL); saying so cleanly is fine.
            problem = message_problem(str(error))
            if problem:
                return f"writing the parsed puzzle as {form}: {problem}"
            continue
        except Exception as error:  # noqa: BLE001 -- any other exception is the finding
            return f"writing the parsed puzzle as {form} raised {_crash(error)}"
        try:
            again_kind, again = formats.load(written)
        except Exception as error:  # noqa: BLE001
            return f"its {form} form does not read back: {_crash(error)}"
        if again_kind is not kind or again != puzzle:
            return f"its {form} form reads back as a different puzzle"
    return None


def _parse(case: Case) -> tuple[PuzzleKind[Any], Any]:
    family, _, name = case.door.partition(":")
    if family == "load":
        return formats.load(case.data)
    kind = registry.get(name)
    if family == "text":
        return kind, kind.parse_text(case.data)
    if family == "url":
        cols, rows, body = case.data
        return kind, kind.from_url(cols, rows, body)
    return kind, kind.from_json(case.data)


def _try_parser(case: Case) -> tuple[Result, tuple[PuzzleKind[Any], Any] | None]:
    try:
        parsed = _parse(case)
    except PuzzleError as error:
        problem = message_problem(str(error))
        if problem:
            return Result("failed", problem), None
        if case.must_parse:
            return Result("failed", f"a valid input was refused: {error}"), None
        return REJECTED, None
    except _Hung:
        raise
    except Exception as error:  # noqa: BLE001 -- any other exception is the finding
        return Result("failed", _crash(error)), None
    return PARSED, parsed


class _Hung(Exception):
    """Raised by the watchdog timer inside an input that runs far too long."""


# -- the web doors ---------------------------------------------------------------------


def _is_busy(status: int, message: Any) -> bool:
    """The answer of an endpoint whose body was accepted and whose job was refused."""
    return status == 503 and isinstance(message, str) and message.startswith("server busy")


def judge_status(status: int) -> Result:
    """An HTTP answer without a body: 2xx parsed, 3xx and 4xx rejected, the rest failed."""
    if status < 300:
        return PARSED
    return REJECTED if status < 500 else Result("failed", f"status {status}")


def judge_answer(status: int, body: bytes) -> Result:
    """An HTTP answer: 2xx is parsed, a 4xx ``{"error": line}`` rejected, the rest failed.

    An empty 3xx (Starlette's redirect of a trailing slash) counts as rejected.
    """
    if 300 <= status < 400 and not body:
        return REJECTED  # Starlette's redirect of a trailing slash: not taken, nothing broken
    try:
        answer = json.loads(body)
    except ValueError:
        return Result("failed", f"status {status} with a body that is not JSON: {body[:120]!r}")
    error = answer.get("error") if isinstance(answer, dict) else None
    if 200 <= status < 300:
        return PARSED
    if _is_busy(status, error):
        return PARSED  # the body passed every check and reached the (refused) job
    if 400 <= status < 500:
        problem = message_problem(error)
        return Result("failed", f"status {status}: {problem}") if problem else REJECTED
    return Result("failed", f"status {status}: {str(error)[:300]}")


class WebDoors:
    """The web app and the endpoint functions, ready to take requests in this process.

    While open, worker jobs are refused at once (``limits.MAX_JOBS = 0``): a
    body that passes every check then answers 503 "server busy" instead of
    solving or generating, which is all the fuzzer needs to know and keeps
    each request to parsing. The limits are put back on :meth:`close`.
    """

    def __init__(self) -> None:
        from .web import api, limits
        from .web.app import create_app

        self._limits = limits
        self._saved = (limits.MAX_JOBS, limits.QUEUE_WAIT)
        limits.MAX_JOBS, limits.QUEUE_WAIT = 0, 0.0
        self.app = create_app()
        self.endpoints = {
            "/api/load": api.load,
            "/api/check": api.check,
            "/api/hint": api.hint,
            "/api/rungs": api.rungs,
            "/api/solve": api.solve,
            "/api/grade": api.grade,
            "/api/generate": api.generate,
        }
        self.loop = asyncio.new_event_loop()

    def close(self) -> None:
        self._limits.MAX_JOBS, self._limits.QUEUE_WAIT = self._saved
        self.loop.close()

    def _scope(self, request: HttpInput) -> dict[str, Any]:
        return {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": request.method,
            "scheme": "http",
            "path": request.path,
            "raw_path": quote(request.path).encode("ascii"),
            "root_path": "",
            "query_string": request.query.encode("latin-1"),
            "headers": [
                (name.encode("latin-1"), value.encode("utf-8")) for name, value in request.headers
            ],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
            "path_params": {},
        }

    @staticmethod
    def _receiver(body: bytes) -> Callable[[], Any]:
        sent = False

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        return receive

    def call_endpoint(self, request: HttpInput) -> Result:
        """The endpoint function for ``request.path`` called directly (door ``api``)."""
        from starlette.requests import Request

        from .web.payloads import ApiError

        endpoint = self.endpoints[request.path]
        starlette_request = Request(self._scope(request), self._receiver(request.body))
        try:
            self.loop.run_until_complete(endpoint(starlette_request))
        except ApiError as error:
            if _is_busy(error.status, error.message):
                return PARSED
            if 400 <= error.status < 500:
                problem = message_problem(error.message)
                failed = Result("failed", f"status {error.status}: {problem}")
                return failed if problem else REJECTED
            return Result("failed", f"status {error.status}: {error.message[:300]}")
        except _Hung:
            raise
        except Exception as error:  # noqa: BLE001 -- any other exception is the finding
            return Result("failed", _crash(error))
        return PARSED

    def respond(self, request: HttpInput) -> tuple[int, bytes, Exception | None]:
        """Send ``request`` through the whole app over ASGI: the status, the body, and
        the exception the app let out, if any (it has answered 500 by then)."""
        status = 0
        chunks: list[bytes] = []

        async def send(message: MutableMapping[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        scope = self._scope(request)
        del scope["path_params"]  # the router fills these in
        try:
            self.loop.run_until_complete(self.app(scope, self._receiver(request.body), send))
        except _Hung:
            raise
        except Exception as error:  # noqa: BLE001 -- handed to the caller to judge
            return status or 500, b"".join(chunks), error
        return status, b"".join(chunks), None

    def call_app(self, request: HttpInput) -> Result:
        """The request through the whole app (door ``http``), judged."""
        status, body, error = self.respond(request)
        if error is not None:
            return Result("failed", f"status {status}: {_crash(error)}")
        if request.method == "HEAD":  # no body comes back to judge: the status alone
            return judge_status(status)
        return judge_answer(status, body)


# -- running ---------------------------------------------------------------------------


@dataclass
class DoorTally:
    """Counts for one door: inputs, and how each ended; the slowest input's CPU time."""

    inputs: int = 0
    parsed: int = 0
    rejected: int = 0
    failed: int = 0
    slowest_seconds: float = 0.0
    slowest_index: int = -1

    def add(self, index: int, result: Result, seconds: float) -> None:
        self.inputs += 1
        setattr(self, result.outcome, getattr(self, result.outcome) + 1)
        if seconds > self.slowest_seconds:
            self.slowest_seconds, self.slowest_index = seconds, index

    def merge(self, other: DoorTally) -> None:
        self.inputs += other.inputs
        self.parsed += other.parsed
        self.rejected += other.rejected
        self.failed += other.failed
        if other.slowest_seconds > self.slowest_seconds:
            self.slowest_seconds, self.slowest_index = other.slowest_seconds, other.slowest_index


@dataclass(frozen=True)
class Failure:
    """One input that did not end cleanly, with enough to replay it."""

    door: str
    index: int
    problem: str
    seconds: float
    input: dict[str, Any]


@dataclass(frozen=True)
class Slowest:
    """The input that used the most CPU time."""

    door: str
    index: int
    seconds: float
    wall_seconds: float
    preview: str


@dataclass
class FuzzReport:
    """The outcome of a fuzz run: per-door counts, failures, the slowest input."""

    seed: str
    start: int
    count: int
    time_limit: float
    doors: dict[str, DoorTally] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    slowest: Slowest | None = None
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def inputs(self) -> int:
        return sum(tally.inputs for tally in self.doors.values())

    @property
    def parsed(self) -> int:
        return sum(tally.parsed for tally in self.doors.values())

    @property
    def rejected(self) -> int:
        return sum(tally.rejected for tally in self.doors.values())

    @property
    def failed(self) -> int:
        return sum(tally.failed for tally in self.doors.values())

    def families(self) -> dict[str, DoorTally]:
        """Counts summed per door family (``text:lits`` and ``text:suguru`` are ``text``)."""
        found: dict[str, DoorTally] = {}
        for door in sorted(self.doors):
            found.setdefault(door.split(":", 1)[0], DoorTally()).merge(self.doors[door])
        return {name: found[name] for name in FAMILIES if name in found}

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "start": self.start,
            "count": self.count,
            "time_limit": self.time_limit,
            "inputs": self.inputs,
            "parsed": self.parsed,
            "rejected": self.rejected,
            "failed": self.failed,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "slowest": asdict(self.slowest) if self.slowest else None,
            "doors": {door: asdict(self.doors[door]) for door in sorted(self.doors)},
            "failures": [asdict(failure) for failure in self.failures],
        }

    def summary(self) -> str:
        """A small table: one line per door and family, then the slowest input and failures."""
        lines = [f"{'door':<24}{'inputs':>9}{'parsed':>9}{'rejected':>10}{'failed':>8}{'max s':>9}"]

        def row(name: str, tally: DoorTally) -> str:
            return (
                f"{name:<24}{tally.inputs:>9}{tally.parsed:>9}{tally.rejected:>10}"
                f"{tally.failed:>8}{tally.slowest_seconds:>9.3f}"
            )

        families = self.families()
        for family, tally in families.items():
            lines.append(row(family, tally))
            doors = [door for door in sorted(self.doors) if door.startswith(family + ":")]
            lines.extend(row("  " + door, self.doors[door]) for door in doors)
        total = DoorTally()
        for tally in families.values():
            total.merge(tally)
        lines.append(row("all", total))
        lines.append(
            f"seed {self.seed!r}, inputs {self.start}..{self.start + self.count - 1}: "
            f"{self.seconds:.1f} s wall, {self.cpu_seconds:.1f} s CPU"
        )
        if self.slowest:
            slow = self.slowest
            lines.append(
                f"slowest: {slow.door} #{slow.index}, {slow.seconds:.3f} s CPU "
                f"({slow.wall_seconds:.3f} s wall): {slow.preview}"
            )
        for failure in self.failures[:20]:
            lines.append(f"FAILED {failure.door} #{failure.index}: {failure.problem}")
        if len(self.failures) > 20:
            lines.append(f"... and {len(self.failures) - 20} more failures")
        return "\n".join(lines)


class _Watchdog:
    """Stops an input that runs for ``seconds`` with :class:`_Hung` (a SIGALRM timer).

    Only on the main thread of a system with ``setitimer``; elsewhere it does
    nothing and a hanging parser hangs the run (the CPU limit still reports
    every input that finishes late).
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.active = hasattr(signal, "setitimer") and (
            threading.current_thread() is threading.main_thread()
        )
        self._previous: Any = None

    def __enter__(self) -> _Watchdog:
        if self.active:
            self._previous = signal.signal(signal.SIGALRM, self._ring)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous)

    @staticmethod
    def _ring(signum: int, frame: FrameType | None) -> None:
        raise _Hung

    @contextlib.contextmanager
    def guard(self) -> Iterator[None]:
        if self.active:
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        try:
            yield
        finally:
            if self.active:
                signal.setitimer(signal.ITIMER_REAL, 0)


class _Runner:
    """Feeds cases one by one, timing each and keeping the report and the output file."""

    def __init__(self, report: FuzzReport, out: TextIO | None, web: WebDoors | None) -> None:
        self.report = report
        self.out = out
        self.web = web
        self.watchdog = _Watchdog(HANG_SECONDS)

    def feed(self, case: Case) -> Result:
        parsed: tuple[PuzzleKind[Any], Any] | None = None
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            with self.watchdog.guard():
                if case.family in WEB_FAMILIES:
                    result = self._web_result(case)
                else:
                    # time the parser alone; the round trip afterwards is not the door's cost
                    result, parsed = _try_parser(case)
        except _Hung:
            result, parsed = Result("failed", f"still running after {HANG_SECONDS:g} s"), None
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if parsed is not None:
            problem = round_trip_problem(*parsed)
            if problem:
                result = Result("failed", problem)
        if cpu > self.report.time_limit and result.outcome != "failed":
            limit = self.report.time_limit
            result = Result("failed", f"took {cpu:.3f} s of CPU, more than {limit:g} s")
        self._record(case, result, cpu, wall)
        return result

    def _web_result(self, case: Case) -> Result:
        if self.web is None:
            raise ValueError(f"door {case.door!r} needs a WebDoors")
        if case.family == "api":
            return self.web.call_endpoint(case.data)
        return self.web.call_app(case.data)

    def _record(self, case: Case, result: Result, cpu: float, wall: float) -> None:
        report = self.report
        report.doors.setdefault(case.door, DoorTally()).add(case.index, result, cpu)
        if report.slowest is None or cpu > report.slowest.seconds:
            report.slowest = Slowest(case.door, case.index, cpu, wall, case.preview())
        if result.outcome == "failed":
            failure = Failure(
                case.door, case.index, result.problem or "", round(cpu, 4), case.input_json()
            )
            report.failures.append(failure)
            if self.out:
                self.out.write(json.dumps({"record": "failure", **asdict(failure)}) + "\n")
                self.out.flush()


def check_case(case: Case, web: WebDoors | None = None, *, time_limit: float = 1.0) -> Result:
    """Feed one input to its door, timed and judged as :func:`run` judges it.

    For replaying one input: ``check_case(make_case(seed, index))``. A web
    door's input opens (and closes) its own :class:`WebDoors` when none is given.
    """
    with contextlib.ExitStack() as stack:
        if web is None and case.family in WEB_FAMILIES:
            web = WebDoors()
            stack.callback(web.close)
        runner = _Runner(FuzzReport("one", case.index, 1, time_limit), None, web)
        stack.enter_context(runner.watchdog)
        return runner.feed(case)


def run(
    count: int,
    seed: int | str = 0,
    progress: Callable[[int, int], None] | None = None,
    *,
    out: Path | str | None = None,
    start: int = 0,
    families: Sequence[str] = FAMILIES,
    time_limit: float = 1.0,
) -> FuzzReport:
    """Feed inputs ``start .. start + count - 1`` of run ``seed`` to the doors.

    ``progress(done, count)`` is called every 500 inputs and at the end.
    With ``out``, the file is written as JSON lines: a ``run`` record (seed,
    range, families, limit), a ``failure`` record per failure as it happens
    (door, index, problem, CPU seconds, the exact input), and a ``summary``
    record (:meth:`FuzzReport.to_json`). ``families`` limits the door
    families; ``time_limit`` is the CPU seconds one input may take.
    """
    unknown = [name for name in families if name not in FAMILIES]
    if unknown or not families:
        raise ValueError(f"unknown door families {unknown}; choose from {', '.join(FAMILIES)}")
    report = FuzzReport(str(seed), start, count, time_limit)
    needs_web = any(name in WEB_FAMILIES for name in families)
    with contextlib.ExitStack() as stack:
        handle = stack.enter_context(open(out, "w", encoding="utf-8")) if out else None
        web = WebDoors() if needs_web else None
        if web:
            stack.callback(web.close)
        runner = _Runner(report, handle, web)
        stack.enter_context(runner.watchdog)
        if handle:
            header = {
                "record": "run",
                "seed": str(seed),
                "start": start,
                "count": count,
                "families": list(families),
                "time_limit": time_limit,
            }
            handle.write(json.dumps(header) + "\n")
        cpu, wall = time.process_time(), time.perf_counter()
        for done, index in enumerate(range(start, start + count), start=1):
            runner.feed(make_case(seed, index, families))
            if progress and (done % 500 == 0 or done == count):
                progress(done, count)
        report.cpu_seconds = time.process_time() - cpu
        report.seconds = time.perf_counter() - wall
        if handle:
            handle.write(json.dumps({"record": "summary", **report.to_json()}) + "\n")
    return report


def fuzz_sources(
    sources: Sequence[str],
    count: int,
    seed: int | str,
    *,
    edits: tuple[int, int] = (1, 3),
    time_limit: float = 1.0,
) -> FuzzReport:
    """Feed ``count`` mutated copies of ``sources`` to :func:`formats.load` (door ``load``).

    Input ``index`` is ``sources[index % len(sources)]`` with ``edits`` (a
    range) random edits of :func:`mutate_text`; the judging is :func:`run`'s.
    For a format test that wants its own boards fuzzed.
    """
    report = FuzzReport(str(seed), 0, count, time_limit)
    runner = _Runner(report, None, None)
    wall = time.perf_counter()
    cpu = time.process_time()
    with runner.watchdog:
        for index in range(count):
            rng = random.Random(f"{seed}/{index}")
            text = sources[index % len(sources)]
            for _ in range(rng.randint(*edits)):
                text = mutate_text(rng, text, sources)
            runner.feed(Case("load", index, text))
    report.cpu_seconds = time.process_time() - cpu
    report.seconds = time.perf_counter() - wall
    return report
