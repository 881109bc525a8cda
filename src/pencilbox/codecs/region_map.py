"""The text and JSON forms of a board that is only a region map.

Some puzzles' boards are a partition and nothing else (the partition is the
whole puzzle): each cell carries a region label. Their text form is a header
line ``NAME ROWSxCOLS`` and one line of labels per row; their JSON form is
``rows``, ``cols`` and a ``regions`` grid of numbers. A type may allow
*holes*, cells in no region (``.`` in text, ``-1`` in JSON). The readers here
check the form and give the labels in reading order; the type's own
``build`` checks the regions themselves (their size, their shape).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..errors import PuzzleError
from .grids import MAX_SIDE, json_size, tokens
from .puzzlink import borders_of_labels, labels_of_borders
from .pzprv3 import Body, Pzprv3, border_lines, cell_line

HOLE = -1
"""The label of a cell in no region, as both readers give it."""

HOLE_TOKEN = "."

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def read_text(text: str, name: str, *, holes: bool = False) -> tuple[int, int, list[int]]:
    """The size and labels (numbered by first appearance; :data:`HOLE` where
    ``holes`` allows a ``.``) of a text region map headed ``NAME ROWSxCOLS``.

    Labels are letters or numbers (``A``, ``7``, ``red``); a row is written
    with spaces between its labels, or as one word of single-character labels
    (``AABB``). Lines starting with ``#`` and blank lines are skipped.
    """
    numbered = [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not numbered:
        raise PuzzleError("empty input")
    header_no, header = numbered[0]
    rows, cols = read_header(header, header_no, name)
    body = numbered[1:]
    if not body:
        raise PuzzleError("missing the region map", where=f"line {header_no + 1}")
    if len(body) != rows:
        raise PuzzleError(
            f"region map has {len(body)} rows, expected {rows}", where=f"line {body[0][0]}"
        )
    labels: dict[str, int] = {}
    regions: list[int] = []
    for line_no, line in body:
        row = tokens(line)
        if len(row) != cols:
            raise PuzzleError(
                f"region map row has {len(row)} cells, expected {cols}", where=f"line {line_no}"
            )
        for col, token in enumerate(row):
            if holes and token == HOLE_TOKEN:
                regions.append(HOLE)
            elif token.isalnum():
                regions.append(labels.setdefault(token, len(labels)))
            else:
                raise PuzzleError(
                    f"region label {token[:10]!r} is not a letter or number",
                    where=f"line {line_no}, column {col + 1}",
                )
    return rows, cols, regions


def read_header(header: str, line_no: int, name: str) -> tuple[int, int]:
    """The size on a header line ``NAME ROWSxCOLS`` (``×`` also works)."""
    words = header.lower().replace("×", "x").split()
    if not words or words[0] != name:
        raise PuzzleError(f"first line must be '{name} ROWSxCOLS'", where=f"line {line_no}")
    size = "".join(words[1:])
    try:
        rows_text, cols_text = size.split("x")
        if not (rows_text.isascii() and rows_text.isdigit()):
            raise ValueError
        if not (cols_text.isascii() and cols_text.isdigit()):
            raise ValueError
        rows, cols = int(rows_text[:6]), int(cols_text[:6])
    except ValueError:
        raise PuzzleError(f"size {size[:20]!r} is not ROWSxCOLS", where=f"line {line_no}") from None
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise PuzzleError(
            f"size {rows}x{cols} is out of range 1..{MAX_SIDE}", where=f"line {line_no}"
        )
    return rows, cols


def write_text(name: str, rows: int, cols: int, regions: Sequence[int]) -> str:
    """The text form of a region map numbered 0..n-1 (and :data:`HOLE`):
    regions lettered A-Z, a-z, or numbered from 1, spaced, past 52."""
    count = max(regions, default=-1) + 1
    spaced = count > len(_ALPHABET)
    width = len(str(count))

    def label(region: int) -> str:
        if region == HOLE:
            return HOLE_TOKEN.rjust(width) if spaced else HOLE_TOKEN
        return str(region + 1).rjust(width) if spaced else _ALPHABET[region]

    lines = [f"{name} {rows}x{cols}"]
    for row in range(rows):
        lines.append(" ".join(label(region) for region in regions[row * cols : (row + 1) * cols]))
    return "\n".join(lines) + "\n"


def read_json(obj: dict[str, Any], *, holes: bool = False) -> tuple[int, int, list[int]]:
    """The size and flat ``regions`` of a JSON region map, each a number
    0..1000000 (or -1, a hole, where ``holes`` allows it)."""
    rows, cols = json_size(obj)
    grid = obj.get("regions")
    if not isinstance(grid, list) or len(grid) != rows:
        raise PuzzleError(f"'regions' must be a list of {rows} rows", where="JSON")
    least = HOLE if holes else 0
    flat: list[int] = []
    for r, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != cols:
            raise PuzzleError(f"'regions' row {r + 1} must hold {cols} numbers", where="JSON")
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= 10**6:
                raise PuzzleError(
                    f"'regions' row {r + 1}, column {c + 1} is not a region number 0..1000000"
                    + (" or -1 (a hole)" if holes else ""),
                    where="JSON",
                )
            flat.append(value)
    return rows, cols, flat


def write_json(name: str, rows: int, cols: int, regions: Sequence[int]) -> dict[str, Any]:
    """The JSON form of a region map."""
    return {
        "puzzle": name,
        "rows": rows,
        "cols": cols,
        "regions": [list(regions[r * cols : (r + 1) * cols]) for r in range(rows)],
    }


def picture(rows: int, cols: int, regions: Sequence[int], content: Callable[[int], str]) -> str:
    """A box-drawing picture of a region map: lines between regions, and each
    cell's three characters from ``content(cell)``."""

    def region(r: int, c: int) -> int | None:
        return regions[r * cols + c] if 0 <= r < rows and 0 <= c < cols else None

    out = []
    for r in range(rows + 1):
        line = "".join(
            "+" + ("---" if region(r - 1, c) != region(r, c) else "   ") for c in range(cols)
        )
        out.append(line + "+")
        if r == rows:
            break
        line = "".join(
            ("|" if region(r, c - 1) != region(r, c) else " ") + content(r * cols + c)
            for c in range(cols)
        )
        out.append(line + "|")
    return "\n".join(out)


def region_problems(
    rows: int, cols: int, labels: Sequence[int], least: int
) -> list[tuple[str, tuple[int, ...], str]]:
    """What is wrong with a drawn region map's regions, for an editor: each
    region (the cells sharing a label; :data:`HOLE` is none) with fewer than
    ``least`` cells or in more than one piece, as ``(rule, cells, words)``
    with rule ``small-region`` or ``split-region``."""
    members: dict[int, list[int]] = {}
    for cell, label in enumerate(labels):
        if label != HOLE:
            members.setdefault(label, []).append(cell)
    found = []
    for cells in members.values():
        row, col = divmod(cells[0], cols)
        first = f"r{row + 1}c{col + 1}"
        if len(cells) < least:
            plural = "" if len(cells) == 1 else "s"
            words = f"the region at {first} has {len(cells)} cell{plural}; "
            found.append(("small-region", tuple(cells), words + f"a region needs at least {least}"))
        elif not _in_one_piece(rows, cols, cells):
            found.append(
                ("split-region", tuple(cells), f"the region at {first} is split in pieces")
            )
    return found


def _in_one_piece(rows: int, cols: int, cells: Sequence[int]) -> bool:
    members = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        cell = todo.pop()
        row, col = divmod(cell, cols)
        beside = (
            cell - cols if row else -1,
            cell + cols if row < rows - 1 else -1,
            cell - 1 if col else -1,
            cell + 1 if col < cols - 1 else -1,
        )
        for other in beside:
            if other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(members)


# -- pzprv3 files ------------------------------------------------------------
# pzprjs writes a region map as the region borders (``pzprv3.1``: ``1`` a
# border) or, in older files, a room count line and a room id per cell; then,
# for a shading puzzle, a line per row of ``#`` shaded, ``+`` a dot and ``.``.

_MARKS = {"#": 1, "+": 2, ".": 0}
_WRITTEN = {1: "#", 2: "+"}


def read_pzprv3_rooms(file: Pzprv3) -> tuple[Body, list[int]]:
    """The file's body, read past the regions, and the region labels."""
    body = Body(file)
    rows, cols = file.rows, file.cols
    if file.version >= 1:
        return body, labels_of_borders(cols, rows, body.borders("region borders", ("1",)))
    body.grid(1, 1, "room count")
    ids = body.grid(rows, cols, "room ids")
    return body, [_room(token, body, index) for index, token in enumerate(ids)]


def read_pzprv3_shading(file: Pzprv3, body: Body) -> list[list[int]] | None:
    """The player's shading after the regions (1 shaded, 2 a dot, 0 nothing),
    or None when the file ends with the regions."""
    if body.at_end:
        return None
    rows, cols = file.rows, file.cols
    marks = body.grid(rows, cols, "answer", tuple(_MARKS))
    body.expect_end()
    return [[_MARKS[t] for t in marks[r * cols : (r + 1) * cols]] for r in range(rows)]


def pzprv3_room_lines(rows: int, cols: int, regions: Sequence[int]) -> list[str]:
    """The regions as the older files give them: a count line, a room id per cell."""
    rooms = [[str(region) for region in regions[r * cols : (r + 1) * cols]] for r in range(rows)]
    return [str(max(regions, default=-1) + 1), *(cell_line(row) for row in rooms)]


def pzprv3_border_lines(rows: int, cols: int, regions: Sequence[int]) -> list[str]:
    """The regions as ``pzprv3.1`` gives them: the two border grids."""
    return border_lines(borders_of_labels(cols, rows, regions), rows, cols)


def pzprv3_shading_lines(rows: int, cols: int, answer: Sequence[Sequence[int]] | None) -> list[str]:
    """A line per row of the player's shading (none given: every cell ``.``)."""
    grid = answer or [[0] * cols for _ in range(rows)]
    return [cell_line([_WRITTEN.get(value, ".") for value in row]) for row in grid]


def _room(token: str, body: Body, index: int) -> int:
    if not (token.isascii() and token.isdigit() and len(token) < 7):
        raise PuzzleError(f"room id {token[:20]!r} is not a number", where=body.place(index))
    return int(token)
