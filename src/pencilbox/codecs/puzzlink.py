"""puzz.link URLs: the address shape and the codecs pzprjs shares between puzzles.

A puzz.link URL looks like ``https://puzz.link/p?<type>/5/5/<body>``: the
puzzle type, an optional flag word, the number of columns, the number of
rows, and a body whose layout belongs to the puzzle type. The body is built
from a handful of codecs that pzprjs uses for many puzzles; they live here as
plain functions so that every puzzle package decodes them the same way:

* **bits** -- a list of booleans packed 5 to a base-32 character, most
  significant bit first, the last character padded with zeros. Borders are
  two such lists (vertical borders row-major, then horizontal borders
  row-major), each padded on its own; pzprxs writes its empty-cell mask the
  same way.
* **number16** -- one entry per cell: a hex digit ``0``-``f``, ``-xx`` (two
  hex digits), ``+xxx`` (three), ``.`` for a question mark, and ``g``..``z``
  for a run of 1..20 cells with no number.

Decoding is stricter than pzprjs: a body that ends early or holds a
character the codec does not use is a :class:`PuzzleError` naming its
position, rather than a board that silently lost its tail.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..errors import PuzzleError

BASE32 = "0123456789abcdefghijklmnopqrstuv"
BASE36 = BASE32 + "wxyz"
HEX = "0123456789abcdef"

NO_NUMBER = -1
"""number16 entry of a cell without a number."""
QUESTION = -2
"""number16 entry of a cell holding a question mark (pzprjs ``qnum = -2``)."""

MAX_SIDE = 1000
"""Sizes above this are refused before any puzzle code allocates a board."""

# pzprjs opens the editor or the player with ``<type>_edit`` / ``_play`` / ``_test``.
_MODE_SUFFIX = re.compile(r"_(edit|play|test)$")


# -- the address -------------------------------------------------------------


@dataclass(frozen=True)
class UrlParts:
    """The pieces of a puzz.link address, before the puzzle type reads its body."""

    type: str
    flag: str | None
    cols: int
    rows: int
    body: str


def split_url(text: str) -> UrlParts:
    """Cut a puzz.link URL (any host, or none) into type, flag, size and body."""
    url = text.strip()
    if not url:
        raise PuzzleError("empty URL")
    if "?" in url:
        head, url = url.split("?", 1)
        if url.startswith("/"):  # old applets: .../<type>/sa/q.html?/COLS/ROWS/BODY
            found = re.search(r"/([a-z0-9]+)/s[ac]/[^/]*$", head)
            if found:
                url = found.group(1) + url
    elif "://" in url:
        raise PuzzleError("URL has no '?' before the puzzle part")
    parts = url.split("/")
    kind = _MODE_SUFFIX.sub("", parts[0])
    if not kind:
        raise PuzzleError("URL part 'type' is empty")
    rest = parts[1:]
    flag = None
    # pzprjs allows one non-numeric word between the type and the size.
    if len(rest) >= 3 and not rest[0].isdigit() and rest[1].isdigit() and rest[2].isdigit():
        flag, rest = rest[0], rest[1:]
    if len(rest) < 2:
        missing = "cols" if not rest else "rows"
        raise PuzzleError(f"URL part '{missing}' is missing (expected TYPE/COLS/ROWS/BODY)")
    cols = _size(rest[0], "cols")
    rows = _size(rest[1], "rows")
    return UrlParts(kind, flag, cols, rows, "/".join(rest[2:]))


def _size(text: str, part: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise PuzzleError(f"URL part '{part}': {text[:20]!r} is not a number")
    if len(text) > 6 or not 1 <= int(text) <= MAX_SIDE:
        raise PuzzleError(f"URL part '{part}': {text[:20]} is out of range 1..{MAX_SIDE}")
    return int(text)


def make_url(type_name: str, cols: int, rows: int, body: str) -> str:
    """The canonical address pencilbox writes."""
    return f"https://puzz.link/p?{type_name}/{cols}/{rows}/{body}"


# -- reading a body ------------------------------------------------------------


class BodyReader:
    """Reads a URL body left to right, so every error can name its position."""

    def __init__(self, body: str) -> None:
        self.body = body
        self.pos = 0

    @property
    def at_end(self) -> bool:
        return self.pos >= len(self.body)

    @property
    def left(self) -> int:
        return len(self.body) - self.pos

    def next_char(self) -> str:
        char = self.body[self.pos]
        self.pos += 1
        return char

    def fail(self, message: str, at: int | None = None) -> PuzzleError:
        """A PuzzleError located at character ``at`` (default: the last one read)."""
        index = self.pos if at is None else at
        return PuzzleError(message, where=f"URL body, character {index + 1}")

    def expect_end(self, after: str) -> None:
        if not self.at_end:
            extra = self.body[self.pos : self.pos + 20]
            raise self.fail(f"unexpected {extra!r} after {after}", at=self.pos)


# -- bits, 5 to a character ------------------------------------------------------


def unpack_bits(reader: BodyReader, count: int, what: str) -> list[bool]:
    """Read ``count`` bits packed 5 per base-32 character (padding bits are ignored)."""
    chars = (count + 4) // 5
    if reader.left < chars:
        raise PuzzleError(f"URL body ends after {reader.left} of {chars} {what} characters")
    bits: list[bool] = []
    for _ in range(chars):
        char = reader.next_char()
        value = BASE32.find(char)
        if value < 0:
            raise reader.fail(
                f"{char!r} in the {what} section is not a base-32 digit (0-9, a-v)", reader.pos - 1
            )
        bits.extend(bool(value >> shift & 1) for shift in (4, 3, 2, 1, 0))
    return bits[:count]


def pack_bits(bits: Sequence[bool]) -> str:
    """Pack booleans 5 per base-32 character, most significant first, zero-padded."""
    out = []
    for start in range(0, len(bits), 5):
        chunk = list(bits[start : start + 5]) + [False] * (5 - len(bits[start : start + 5]))
        out.append(BASE32[sum(16 >> i for i, on in enumerate(chunk) if on)])
    return "".join(out)


# -- borders -------------------------------------------------------------------


class Borders(NamedTuple):
    """Region borders of a ``cols`` x ``rows`` board.

    ``vertical[r * (cols - 1) + c]`` is the border right of cell (r, c);
    ``horizontal[r * cols + c]`` is the border below cell (r, c).
    """

    vertical: tuple[bool, ...]
    horizontal: tuple[bool, ...]


def decode_borders(reader: BodyReader, cols: int, rows: int) -> Borders:
    """pzprjs ``decodeBorder``: vertical borders, then horizontal ones."""
    needed = ((cols - 1) * rows + 4) // 5 + (cols * (rows - 1) + 4) // 5
    if reader.left < needed:
        raise PuzzleError(f"URL body ends after {reader.left} of {needed} border characters")
    vertical = unpack_bits(reader, (cols - 1) * rows, "border")
    horizontal = unpack_bits(reader, cols * (rows - 1), "border")
    return Borders(tuple(vertical), tuple(horizontal))


def encode_borders(borders: Borders) -> str:
    """pzprjs ``encodeBorder``: the two border lists, each packed on its own."""
    return pack_bits(borders.vertical) + pack_bits(borders.horizontal)


def borders_of_labels(cols: int, rows: int, labels: Sequence[int]) -> Borders:
    """Borders between cells of different regions.

    A negative label marks a cell in no region; no border is drawn beside it,
    which is what pzprxs writes around an empty cell.
    """

    def split(a: int, b: int) -> bool:
        return labels[a] >= 0 and labels[b] >= 0 and labels[a] != labels[b]

    vertical = tuple(
        split(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)
    )
    horizontal = tuple(
        split(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)
    )
    return Borders(vertical, horizontal)


def labels_of_borders(
    cols: int, rows: int, borders: Borders, outside: Sequence[bool] | None = None
) -> list[int]:
    """Number the regions the borders cut out (connected components), in reading order.

    Cells flagged in ``outside`` belong to no region and get label -1. A border
    that ends inside a region does not split it, as in pzprjs.
    """
    count = cols * rows
    labels = [-1] * count
    next_label = 0
    for start in range(count):
        if labels[start] >= 0 or (outside and outside[start]):
            continue
        labels[start] = next_label
        todo = [start]
        while todo:
            cell = todo.pop()
            row, col = divmod(cell, cols)
            steps = []
            if col + 1 < cols and not borders.vertical[row * (cols - 1) + col]:
                steps.append(cell + 1)
            if col > 0 and not borders.vertical[row * (cols - 1) + col - 1]:
                steps.append(cell - 1)
            if row + 1 < rows and not borders.horizontal[cell]:
                steps.append(cell + cols)
            if row > 0 and not borders.horizontal[cell - cols]:
                steps.append(cell - cols)
            for other in steps:
                if labels[other] < 0 and not (outside and outside[other]):
                    labels[other] = next_label
                    todo.append(other)
        next_label += 1
    return labels


# -- number16 ------------------------------------------------------------------


def decode_number16(reader: BodyReader, count: int) -> list[int]:
    """pzprjs ``decodeNumber16``: one number per cell, ``NO_NUMBER`` or ``QUESTION``.

    A run letter may reach past the last cell (its meaning is still clear); a
    body that ends before every cell is accounted for is an error.
    """
    numbers = [NO_NUMBER] * count
    cell = 0
    while cell < count:
        if reader.at_end:
            raise PuzzleError(f"URL body ends after {cell} of {count} cells of numbers")
        char = reader.next_char()
        if char in HEX:
            numbers[cell] = HEX.index(char)
        elif char in "-+":
            width = 2 if char == "-" else 3
            digits = reader.body[reader.pos : reader.pos + width]
            if len(digits) < width or any(d not in HEX for d in digits):
                raise reader.fail(
                    f"{char!r} must be followed by {width} hex digits", reader.pos - 1
                )
            numbers[cell] = int(digits, 16)
            reader.pos += width
        elif char == ".":
            numbers[cell] = QUESTION
        elif "g" <= char <= "z":
            cell += int(char, 36) - 16
        else:
            raise reader.fail(f"{char!r} is not a number code", reader.pos - 1)
        cell += 1
    return numbers


def encode_number16(numbers: Sequence[int]) -> str:
    """pzprjs ``encodeNumber16``: the inverse of :func:`decode_number16`."""
    out: list[str] = []
    gap = 0
    for number in numbers:
        if number == NO_NUMBER:
            gap += 1
            if gap == 20:
                out.append("z")
                gap = 0
            continue
        if gap:
            out.append(BASE36[15 + gap])  # g = 1 empty cell .. z = 20
            gap = 0
        out.append(_number_code(number))
    if gap:
        out.append(BASE36[15 + gap])  # g = 1 empty cell .. z = 20
    return "".join(out)


def _number_code(number: int) -> str:
    if number == QUESTION:
        return "."
    if 0 <= number < 16:
        return f"{number:x}"
    if 16 <= number < 256:
        return f"-{number:02x}"
    if 256 <= number < 4096:
        return f"+{number:03x}"
    raise ValueError(f"number16 cannot write {number}")
