"""The pzprv3 file: the save format of pzprjs (puzz.link's editor), for any type.

A file is lines::

    pzprv3            (or pzprv3.1: the body's layout version, per type)
    TYPE              (the type: picks the face that reads the body)
    4                 (rows, then columns, as pzprjs writes them)
    4
    0 0 1 1           (the body: the board, then the player's answer)
    ...
    info:{"author":"Ann","source":"...","comment":"..."}

pzprjs's test scripts keep a file on one line with ``/`` between lines
(``pzprv3/TYPE/4/4/...``); both spellings read. The body's meaning is the
type's own (its package's ``pzprv3.py``); this module splits the container,
reads the optional ``info`` metadata (and skips a ``history:`` trailer, the
editor's undo list), and offers the grids every body is made of: rows of
space-separated tokens and the two border grids, in pzprjs's order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import PuzzleError
from .grids import MAX_SIDE
from .metadata import Metadata
from .puzzlink import Borders

__all__ = ["HEADER", "Body", "Pzprv3", "border_lines", "dumps", "looks_like_pzprv3", "parse"]

HEADER = "pzprv3"
_TRAILERS = ("info:", "history:")
_SHOWN = 20  # characters of a bad token quoted back in an error


@dataclass(frozen=True)
class Pzprv3:
    """A pzprv3 file split into its parts; ``body`` holds the board's lines."""

    type: str
    rows: int
    cols: int
    body: tuple[str, ...]
    version: int = 0
    meta: Metadata = field(default_factory=Metadata)
    numbers: tuple[int, ...] = ()
    """The file line of each body line (for errors); empty for a file being written."""

    def line_number(self, index: int) -> int:
        if index < len(self.numbers):
            return self.numbers[index]
        return index + 5  # header, type, rows and columns come first


def looks_like_pzprv3(text: str) -> bool:
    """Whether ``text`` starts as a pzprv3 file does."""
    return text.lstrip("\ufeff \t\r\n").startswith(HEADER)


def parse(text: str) -> Pzprv3:
    """Split a pzprv3 file (either spelling); PuzzleError naming the line if bad."""
    stripped = text.lstrip("\ufeff \t\r\n")
    first = stripped.split("\n", 1)[0]
    if "/" in first:
        numbered = list(enumerate(_slash_parts(stripped), start=1))
    else:
        numbered = list(enumerate(stripped.splitlines(), start=1))
    numbered = [(number, line.strip()) for number, line in numbered]
    trailer_at = next(
        (i for i, (_, line) in enumerate(numbered) if line.startswith(_TRAILERS)), len(numbered)
    )
    meta = _trailer(numbered[trailer_at:])
    lines = [(number, line) for number, line in numbered[:trailer_at] if line]
    if len(lines) < 4:
        raise PuzzleError("a pzprv3 file starts with 4 lines: pzprv3, type, rows, columns")
    version = _version(lines[0][1])
    rows = _side(lines[2][1], lines[2][0], "rows")
    cols = _side(lines[3][1], lines[3][0], "columns")
    body = lines[4:]
    return Pzprv3(
        lines[1][1],
        rows,
        cols,
        tuple(line for _, line in body),
        version,
        meta,
        tuple(number for number, _ in body),
    )


def _slash_parts(text: str) -> list[str]:
    """The ``/``-separated parts; a trailer (its JSON may hold ``/``) stays whole."""
    for marker in _TRAILERS:
        at = text.find("/" + marker)
        if at >= 0:
            return [*text[:at].split("/"), text[at + 1 :]]
    return text.split("/")


def _version(header: str) -> int:
    if header == HEADER:
        return 0
    tail = header.removeprefix(HEADER + ".")
    if header.startswith(HEADER + ".") and tail.isascii() and tail.isdigit() and len(tail) < 4:
        return int(tail)
    raise PuzzleError(
        f"header {header[:_SHOWN]!r} is not pzprv3 or pzprv3.N", where="pzprv3 line 1"
    )


def _side(text: str, number: int, name: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) < 6):
        raise PuzzleError(
            f"{name} {text[:_SHOWN]!r} is not a number", where=f"pzprv3 line {number}"
        )
    if not 1 <= int(text) <= MAX_SIDE:
        raise PuzzleError(
            f"{name} {int(text)} is out of range 1..{MAX_SIDE}", where=f"pzprv3 line {number}"
        )
    return int(text)


def _trailer(numbered: Sequence[tuple[int, str]]) -> Metadata:
    """The metadata of an ``info:`` trailer (JSON, perhaps over several lines)."""
    text = "\n".join(line for _, line in numbered)
    at = text.find("info:")
    if at < 0:
        return Metadata()
    number = numbered[0][0] + text[:at].count("\n")
    try:
        obj, _ = json.JSONDecoder().raw_decode(text[at + len("info:") :].lstrip())
    except (json.JSONDecodeError, RecursionError):
        raise PuzzleError("the info line is not JSON", where=f"pzprv3 line {number}") from None
    if not isinstance(obj, dict):
        raise PuzzleError("the info line is not a JSON object", where=f"pzprv3 line {number}")
    return Metadata.from_fields(obj, f"pzprv3 line {number}")


def dumps(file: Pzprv3, *, slash: bool = False) -> str:
    """The file's text: one line each (pzprjs's own), or ``/``-joined on one line."""
    header = HEADER if file.version == 0 else f"{HEADER}.{file.version}"
    parts = [header, file.type, str(file.rows), str(file.cols), *file.body]
    if file.meta:
        parts.append(
            "info:" + json.dumps(file.meta.as_dict(), ensure_ascii=False, separators=(",", ":"))
        )
    if slash:
        return "/".join(parts) + "/"
    return "\n".join(parts) + "\n"


def cell_line(tokens: Sequence[str]) -> str:
    """One body line as pzprjs writes it: every token followed by a space."""
    return "".join(token + " " for token in tokens)


def border_lines(
    borders: Borders, rows: int, cols: int, *, on: str = "1", outer: bool = False
) -> list[str]:
    """The two border grids of a body: between columns, then between rows.

    With ``outer`` (a type whose board has its edge as borders) each grid
    includes the board's edge, left empty: pzprjs draws no answer there.
    """
    edge = ["0"] if outer else []
    lines = []
    # A one-column board has no border between columns: no lines at all
    # (pzprjs writes empty ones, which reading skips like every blank line).
    for r in range(rows if outer or cols > 1 else 0):
        inner = borders.vertical[r * (cols - 1) : (r + 1) * (cols - 1)]
        lines.append(cell_line(edge + [on if b else "0" for b in inner] + edge))
    if outer:
        lines.append(cell_line(["0"] * cols))
    for r in range(rows - 1):
        inner = borders.horizontal[r * cols : (r + 1) * cols]
        lines.append(cell_line([on if b else "0" for b in inner]))
    if outer:
        lines.append(cell_line(["0"] * cols))
    return lines


class Body:
    """Reads a file's body grid by grid, naming the file line of every mistake."""

    def __init__(self, file: Pzprv3) -> None:
        self.file = file
        self.at = 0
        self.last = (0, 0)  # the first line and the width of the grid read last

    @property
    def at_end(self) -> bool:
        return self.at >= len(self.file.body)

    def where(self, index: int | None = None) -> str:
        return f"pzprv3 line {self.file.line_number(self.at if index is None else index)}"

    def grid(self, height: int, width: int, what: str, allowed: Sequence[str] = ()) -> list[str]:
        """``height`` lines of ``width`` tokens each, flat; ``allowed`` limits the tokens."""
        if self.at + height > len(self.file.body):
            raise PuzzleError(f"the file ends inside the {what}", where=self.where())
        flat: list[str] = []
        for index in range(self.at, self.at + height):
            tokens = self.file.body[index].split()
            if len(tokens) != width:
                raise PuzzleError(
                    f"a line of the {what} has {len(tokens)} entries, expected {width}",
                    where=self.where(index),
                )
            for column, token in enumerate(tokens, start=1):
                if allowed and token not in allowed:
                    raise PuzzleError(
                        f"{token[:_SHOWN]!r} is not one of {' '.join(allowed)} in the {what}",
                        where=f"{self.where(index)}, entry {column}",
                    )
            flat += tokens
        self.last = (self.at, width)
        self.at += height
        return flat

    def place(self, index: int) -> str:
        """Where token ``index`` of the grid read last came from."""
        start, width = self.last
        row, column = divmod(index, max(width, 1))
        return f"{self.where(start + row)}, entry {column + 1}"

    def borders(self, what: str, on: Sequence[str], *, outer: bool = False) -> Borders:
        """The two border grids (see :func:`border_lines`): a border where a token is in ``on``."""
        rows, cols = self.file.rows, self.file.cols
        allowed = ("0", *on, "-1")  # -1: the player's mark for "no border here"
        wide = cols + 1 if outer else cols - 1
        vertical = self.grid(rows, wide, what, allowed) if wide else []
        tall = rows + 1 if outer else rows - 1
        horizontal = self.grid(tall, cols, what, allowed) if tall else []
        if outer:
            vertical = [t for i, t in enumerate(vertical) if 0 < i % (cols + 1) < cols]
            horizontal = horizontal[cols:-cols]
        return Borders(tuple(t in on for t in vertical), tuple(t in on for t in horizontal))

    def expect_end(self) -> None:
        if not self.at_end:
            raise PuzzleError(
                f"unexpected line after the {self.file.type} board", where=self.where()
            )
