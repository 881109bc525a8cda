"""What the fuzzer feeds its doors: the door families and how often each is
picked, the web endpoints that read a body, and the input types -- a
:class:`Case` for one door holding text, a :class:`UrlInput`, a JSON object or
an :class:`HttpInput`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, NamedTuple

FAMILIES = ("load", "text", "url", "json", "api", "http")
"""Every door family, in the order reports list them."""

WEB_FAMILIES = ("api", "http")
"""The families that need the web app (:class:`WebDoors`)."""

WEIGHTS = {"load": 30, "text": 13, "url": 13, "json": 13, "api": 21, "http": 10}
"""How often each family is picked: ``load`` reads every form of every type, so it gets
the most; the request bodies come in the most shapes after it."""

API_PATHS = (
    "/api/load",
    "/api/check",
    "/api/hint",
    "/api/progress",
    "/api/rungs",
    "/api/solve",
    "/api/grade",
    "/api/generate",
    "/api/verdict",
    "/api/export",
)
"""The endpoints that read a JSON body."""


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
