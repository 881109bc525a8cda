"""What ``pencilbox batch`` reads: the puzzles of its INPUT, and the ids already done.

Every puzzle comes out as ``(id, source)``: ``source`` is text (the text
form or a URL) or a JSON object, handed to :mod:`pencilbox.formats` by the
worker, so that one puzzle that does not parse is one ``error`` line. An
INPUT that cannot be read at all (missing, not UTF-8, a dataset that is not
JSON) is a PuzzleError before any work starts.

- JSON Lines: one object a line with an ``id`` and a ``puzzle``; a line that
  is not such an object becomes an item whose source says what is wrong.
- A folder: every file in it (sorted by name, hidden files aside) is one
  puzzle, its id the file name.
- A dataset: one JSON document, a list of records or an object whose
  ``puzzles`` holds them (as the janko samples are kept). A record's id is
  its ``id`` (else its place in the list); its puzzle the first of the URL
  fields below, else its ``puzzle`` field.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import formats
from ..errors import PuzzleError

Item = tuple[str, Any]

URL_FIELDS = ("url", "puzzlink", "puzzlink_url", "puzzlink_url_derived", "url_derived")
"""The fields of a dataset record that hold a puzz.link URL, in the order tried."""

MAX_BATCH_INPUT = 512 * 1024 * 1024  # bytes: a bound on what one run reads


def read(source: str) -> list[Item]:
    """Every puzzle of INPUT (a JSON Lines file, ``-`` for stdin, a folder, a dataset)."""
    if source == "-":
        return _json_lines(sys.stdin.read(MAX_BATCH_INPUT), "stdin")
    path = Path(source)
    if path.is_dir():
        return _folder(path)
    text = _text(path)
    if text.lstrip().startswith("["):
        return _dataset(_document(text, source), source)
    if text.lstrip().startswith("{"):
        try:
            whole = json.loads(text)
        except ValueError:  # more than one line: JSON Lines
            whole = None
        if isinstance(whole, dict) and isinstance(whole.get("puzzles"), list):
            return _dataset(whole, source)
    return _json_lines(text, source)


def _text(path: Path) -> str:
    try:
        if path.stat().st_size > MAX_BATCH_INPUT:
            raise PuzzleError(f"{path} is larger than {MAX_BATCH_INPUT} bytes")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PuzzleError(f"no such file or folder: {path}") from None
    except UnicodeDecodeError as error:
        raise PuzzleError(f"{path} is not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise PuzzleError(f"cannot read {path}: {error.strerror}") from None


def _document(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleError(
            f"invalid JSON ({error.msg})", where=f"{where}:{error.lineno}:{error.colno}"
        ) from None
    except (ValueError, RecursionError) as error:
        raise PuzzleError(f"invalid JSON ({error})", where=where) from None


def _json_lines(text: str, where: str) -> list[Item]:
    items = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            items.append(_json_line(line, number, where))
    return items


def _json_line(line: str, number: int, where: str) -> Item:
    """``(id, puzzle)`` of one line; a line with no id is known by its number."""
    place = f"{where}:{number}"
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        return f"line {number}", _broken(f"{place}: not a JSON object")
    if not isinstance(record, dict):
        return f"line {number}", _broken(f"{place}: not a JSON object")
    key = f"line {number}" if record.get("id") is None else str(record["id"])
    if "puzzle" not in record:
        return key, _broken(f"{place}: a line needs an 'id' and a 'puzzle'")
    return key, record["puzzle"]


@dataclass(frozen=True)
class Unreadable:
    """The place of an input item that is no puzzle at all, and why: the worker
    writes it as that item's ``error`` line."""

    reason: str


def _broken(reason: str) -> Unreadable:
    return Unreadable(reason)


def _folder(path: Path) -> list[Item]:
    items: list[Item] = []
    for entry in sorted(path.iterdir()):
        if entry.name.startswith(".") or not entry.is_file():
            continue
        try:
            with entry.open(encoding="utf-8") as handle:
                items.append((entry.name, handle.read(formats.MAX_INPUT + 1)))
        except (UnicodeDecodeError, OSError):
            items.append((entry.name, _broken(f"{entry.name}: not a readable UTF-8 file")))
    return items


def _dataset(document: Any, where: str) -> list[Item]:
    records = document.get("puzzles") if isinstance(document, dict) else document
    if not isinstance(records, list):
        raise PuzzleError("a dataset is a list of records or has 'puzzles'", where=where)
    items: list[Item] = []
    for index, record in enumerate(records):
        if not isinstance(record, dict):
            items.append((str(index), _broken(f"{where}: record {index} is not an object")))
            continue
        key = str(record.get("id", index))
        url = next((record[f] for f in URL_FIELDS if isinstance(record.get(f), str)), None)
        if url is not None:
            items.append((key, url))
        elif "puzzle" in record and not isinstance(record["puzzle"], str):
            items.append((key, record["puzzle"]))
        else:
            # No URL (a board with holes has none): the record itself, which
            # the loader reads as a janko dataset board or a JSON puzzle.
            items.append((key, json.dumps(record)))
    return items


def resume_from(path: str) -> set[str]:
    """The ids already in the output file at ``path`` (none if it is not there yet).

    A last line cut off by a killed run is no finished puzzle: it is removed,
    so that the appended lines start on a line of their own.
    """
    try:
        with open(path, "rb+") as handle:
            data = handle.read()
            cut = data.rfind(b"\n") + 1
            if cut < len(data):
                handle.truncate(cut)
    except FileNotFoundError:
        return set()
    except OSError as error:
        raise PuzzleError(f"cannot read {path}: {error.strerror}") from None
    done = set()
    for line in data[:cut].decode("utf-8", "replace").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and "id" in record:
            done.add(str(record["id"]))
    return done
