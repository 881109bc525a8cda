"""Text and byte mutations: the small random edits (cuts, noise, flipped bits,
odd unicode, huge numbers, swapped type words, other line breaks and spaces,
repeated slices) that turn a valid input into a nearly valid one, plus the
vocabularies they draw from (also used by the JSON mutations and the makers).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from functools import cache

from .. import registry

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

_SUFFIXES = ("_edit", "_play", "_test")
"""Put after the type names in turn: puzz.link's editor and player URLs, and a made-up one."""

_OTHER_PUZZLES = ("sudoku", "nurikabe")
"""Puzzle names that are no registered type's."""


@cache
def sample_name() -> str:
    """The type name fixed inputs spell out: the shortest registered one, to keep them short."""
    return min(registry.names(), key=len)


def _full_width(word: str) -> str:
    """``word`` in full-width letters, which look like ASCII but are not."""
    return "".join(chr(ord(char) + 0xFEE0) if "!" <= char <= "~" else char for char in word)


@cache
def type_words() -> tuple[str, ...]:
    """Puzzle type names, right, aliased, decorated, wrong and empty, read off the registry.

    The mutations draw from this list by position, so its order is part of
    what a seed means: the same registry gives the same list, element by
    element, and the same seed the same inputs.
    """
    names = registry.names()
    sample = sample_name()
    return (
        *_spoken_names(),
        sample.upper(),
        names[0].capitalize(),
        *(name + suffix for name, suffix in zip(names, _SUFFIXES, strict=False)),
        *_OTHER_PUZZLES,
        _full_width(sample),
        "",
        f"{sample} {sample}",
    )


def _spoken_names() -> list[str]:
    """Every name a type answers to (its own, then its aliases), in registry order."""
    return [word for kind in registry.kinds() for word in kind.url_names]


@cache
def _type_word_pattern() -> re.Pattern[str]:
    """Any name a type answers to, in any case: the words :func:`_type_word` swaps."""
    return re.compile("|".join(map(re.escape, _spoken_names())), re.IGNORECASE)


LINE_BREAKS = ("\r\n", "\r", "\n\n", "\n \n", "\u2028", "\x85", "\x0b", "\x0c", "\x1c", "")
SPACES = ("\t", "\u00a0", "\u3000", "  ", "", " \t ")

_DIGITS = re.compile(r"\d+")


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
    name = words[0] if words and rng.random() < 0.6 else rng.choice(type_words())
    rows = rng.choice(NUMBERS) if rng.random() < 0.5 else str(rng.randint(1, 12))
    cols = rng.choice(NUMBERS) if rng.random() < 0.5 else str(rng.randint(1, 12))
    size = rng.choice((f"{rows}x{cols}", f"{rows} x {cols}", f"{rows}×{cols}", rows, ""))
    junk = rng.choice(("", "", " extra", "x1", "\t#", rng.choice(ODD_CHARS)))
    return f"{name} {size}{junk}" + newline + rest


def _type_word(rng: random.Random, text: str) -> str:
    found = list(_type_word_pattern().finditer(text))
    if not found:
        return _insert_word(rng, text, rng.choice(type_words()))
    match = rng.choice(found)
    return text[: match.start()] + rng.choice(type_words()) + text[match.end() :]


def _insert_word(rng: random.Random, text: str, word: str) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + word + text[at:]


def _respell(rng: random.Random, text: str, separator: str, spellings: Sequence[str]) -> str:
    """``separator`` spelled another way: everywhere, at one place, or put in where absent."""
    new = rng.choice(spellings)
    if rng.random() < 0.3:
        return text.replace(separator, new)
    places = [index for index, char in enumerate(text) if char == separator]
    if not places:
        return _insert_word(rng, text, new)
    at = rng.choice(places)
    return text[:at] + new + text[at + 1 :]


def _line_break(rng: random.Random, text: str) -> str:
    return _respell(rng, text, "\n", LINE_BREAKS)


def _space(rng: random.Random, text: str) -> str:
    return _respell(rng, text, " ", SPACES)


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
