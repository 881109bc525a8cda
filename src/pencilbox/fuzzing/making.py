"""Building input ``index`` of a run: :func:`make_case` seeds one
``random.Random`` from the run's seed and the index, picks a door family by
weight and hands the generator to that family's maker, which starts from a
valid board (or a request body) and mutates it a few rounds. Every draw comes
from that one generator in a fixed order, so a case is rebuilt exactly from
``(seed, index)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote

from .. import registry
from ..codecs.puzzlink import split_url
from ..errors import PuzzleError
from ..kind import PuzzleKind
from .boards import all_kinds, board, oversized, shipped_boards, text_variant, valid_form
from .cases import API_PATHS, FAMILIES, WEIGHTS, Case, HttpInput, UrlInput
from .json_mutations import dumps, mutate_json
from .mutations import NUMBERS, ODD_CHARS, mutate_bytes, mutate_text, sample_name, type_words


def _rounds(rng: random.Random) -> int:
    """How many edits a case gets: none sometimes (a valid input must then parse)."""
    return rng.choices((0, 1, 2, 3, 6), (10, 40, 25, 15, 10))[0]


def _load_case(rng: random.Random, index: int) -> Case:
    if rng.random() < 0.003:
        return Case("load", index, oversized(rng))
    kind, puzzle = board(rng)
    _, text = valid_form(rng, kind, puzzle)
    rounds = _rounds(rng)
    donors = [valid_form(rng, *board(rng))[1]] if rounds else []
    for _ in range(rounds):
        text = mutate_text(rng, text, donors)
    return Case("load", index, text, must_parse=rounds == 0)


def _door_and_board(rng: random.Random) -> tuple[PuzzleKind[Any], PuzzleKind[Any], Any]:
    """``(kind, source_kind, puzzle)`` for a one-type door: the door's type, and a
    board of that type -- a fifth of the time another type's (the wrong-type door)."""
    kind = rng.choice(all_kinds())
    source_kind, puzzle = board(rng, kind if rng.random() < 0.8 else None)
    return kind, source_kind, puzzle


def _door_and_url(rng: random.Random) -> tuple[PuzzleKind[Any], PuzzleKind[Any], str]:
    """``(kind, source_kind, url)`` as :func:`_door_and_board` draws them, for a
    board the URL form can write (some legal boards have no URL: drawn again)."""
    while True:
        kind, source_kind, puzzle = _door_and_board(rng)
        try:
            return kind, source_kind, source_kind.to_url(puzzle)
        except PuzzleError:
            continue


def _text_case(rng: random.Random, index: int) -> Case:
    kind, source_kind, puzzle = _door_and_board(rng)
    text = source_kind.format_text(puzzle)
    if rng.random() < 0.5:
        text = text_variant(rng, text)
    rounds = _rounds(rng)
    for _ in range(rounds):
        text = mutate_text(rng, text)
    return Case(f"text:{kind.name}", index, text, must_parse=rounds == 0 and source_kind is kind)


def _url_case(rng: random.Random, index: int) -> Case:
    kind, source_kind, url = _door_and_url(rng)
    parts = split_url(url)
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
    kind, source_kind, puzzle = _door_and_board(rng)
    obj = source_kind.to_json(puzzle)
    rounds = _rounds(rng)
    for _ in range(rounds):
        obj = mutate_json(rng, obj)
    exact = rounds == 0 and source_kind is kind
    return Case(f"json:{kind.name}", index, obj, must_parse=exact)


def _grid_for(rng: random.Random, puzzle: Any) -> list[list[int]]:
    if rng.random() < 0.3:
        # the untouched position, which every type reads: the rest of the body decides
        return [[0] * puzzle.cols for _ in range(puzzle.rows)]
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
        names = kind.url_names
        body: dict[str, Any] = {
            "type": rng.choice(names),
            "rows": rng.randint(3, 12),
            "cols": rng.randint(3, 12),
        }
        if kind.generate_modes and rng.random() < 0.7:
            body["mode"] = rng.choice(kind.generate_modes)
        return body
    if path == "/api/verdict":
        # an editor's draft is always the JSON object form
        body = {"draft": kind.to_json(puzzle)}
        if rng.random() < 0.5:
            body["limit"] = rng.randint(1, 10)
        return body
    field_name = "input" if path == "/api/load" else "puzzle"
    body = {field_name: _puzzle_field(rng, kind, puzzle)}
    if path in ("/api/check", "/api/progress") or (path == "/api/hint" and rng.random() < 0.6):
        body["grid"] = _grid_for(rng, puzzle)
        # mostly where the type has marks; now and then where a position has none
        if rng.random() < (0.6 if kind.edge_marks else 0.15):
            body["edges"] = _edges_for(rng, kind, puzzle)
    if path == "/api/progress":
        for flag in ("which", "reveal"):
            if rng.random() < 0.5:
                body[flag] = rng.random() < 0.5
    if path == "/api/solve" and rng.random() < 0.7:
        body["limit"] = rng.randint(1, 10)
    return body


def _edges_for(rng: random.Random, kind: PuzzleKind[Any], puzzle: Any) -> list[list[Any]]:
    """Marks between neighbouring cells, ``[cell, cell, mark]``, the cells as ids or
    labels (``r1c2``): the type's own marks, or a made-up one for a type with none."""
    marks = kind.edge_marks or ("cut",)
    rows, cols = puzzle.rows, puzzle.cols
    found: list[list[Any]] = []
    for _ in range(rng.choice((0, 1, 3, 8))):
        cell = rng.randrange(rows * cols)
        right = cell % cols + 1 < cols and (cell + cols >= rows * cols or rng.random() < 0.5)
        other = cell + 1 if right else cell + cols
        if other >= rows * cols:
            continue  # a one-cell board has no neighbours
        pair: list[Any] = [cell, other]
        if rng.random() < 0.3:
            pair = [kind.cell_label(puzzle, c) for c in pair]
        found.append([*pair, rng.choice(marks)])
    return found


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
        text = f'{{"input": "{sample_name()} 4x4"}}'
        return text.encode(rng.choice(("utf-16", "utf-32", "utf-8-sig")))
    if choice == 5:
        return b'{"input": "\xff\xfe\xc0\x80"}'
    if choice == 6:
        return b'{"puzzle": NaN, "grid": Infinity, "limit": -Infinity}'
    if choice == 7:
        return f'{{"input": "a", "input": {{"puzzle": "{sample_name()}"}}}}'.encode()
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
    word = rng.choice(usual) if usual and rng.random() < 0.6 else rng.choice(type_words())
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
    names = [*registry.names(), *(alias for kind in registry.kinds() for alias in kind.aliases)]
    kind = registry.get(rng.choice(registry.names()))
    ids = [str(record["id"]) for record in kind.bank()[:5]] if shipped_boards(kind.name) else []
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
