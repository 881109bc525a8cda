"""The one table of the API's routes, and the one way a request reaches them.

Two transports carry the page's calls: HTTP to ``pencilbox play`` (the
Starlette app in :mod:`.app` builds its routes from :data:`ROUTES`), and in
the static site a Web Worker running this same package in Pyodide
(:mod:`.inpage` calls :func:`handle`). Both end in :func:`respond`: a route
name, its parameters and the raw body in; a status and a JSON object out.
So no endpoint is written twice, and the site can pre-render its GET
answers with the very functions the server answers them with.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from . import api
from .payloads import ApiError, Call, JobRunner

__all__ = ["ROUTES", "ApiRoute", "JobRunner", "find", "handle", "respond"]

logger = logging.getLogger(__name__)

Endpoint = Callable[[Call], Awaitable[dict[str, Any]]]


@dataclass(frozen=True)
class ApiRoute:
    """One endpoint: its method, its path (``{name}`` marks a parameter) and function."""

    method: str
    path: str
    endpoint: Endpoint

    @property
    def name(self) -> str:
        """The route's name: its endpoint's (``bank_puzzle``)."""
        return self.endpoint.__name__

    def match(self, path: str) -> dict[str, str] | None:
        """The path parameters if ``path`` is this route's, else None."""
        found = _pattern(self.path).fullmatch(path)
        if found is None:
            return None
        return {name: unquote(value) for name, value in found.groupdict().items()}


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(
        re.escape(part) if index % 2 == 0 else f"(?P<{part}>[^/]+)"
        for index, part in enumerate(parts)
    )
    return re.compile(regex)


ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute("GET", "/api/types", api.types),
    ApiRoute("GET", "/api/bank/{type}", api.bank_list),
    ApiRoute("GET", "/api/bank/{type}/{id}", api.bank_puzzle),
    ApiRoute("GET", "/api/stats/{type}", api.stats),
    ApiRoute("GET", "/api/notes/{type}", api.notes),
    ApiRoute("POST", "/api/load", api.load),
    ApiRoute("POST", "/api/export", api.export),
    ApiRoute("POST", "/api/check", api.check),
    ApiRoute("POST", "/api/hint", api.hint),
    ApiRoute("POST", "/api/progress", api.progress),
    ApiRoute("POST", "/api/rungs", api.rungs),
    ApiRoute("POST", "/api/solve", api.solve),
    ApiRoute("POST", "/api/grade", api.grade),
    ApiRoute("POST", "/api/generate", api.generate),
    ApiRoute("POST", "/api/verdict", api.verdict),
)


def internal_error(error: BaseException) -> str:
    """The one line a request that failed unexpectedly answers (500); the
    traceback goes to the log."""
    return " ".join(f"internal error: {type(error).__name__}: {error}".split())


async def respond(
    route: ApiRoute,
    params: Mapping[str, str],
    query: Mapping[str, str],
    body: bytes | None,
    run: JobRunner,
) -> tuple[int, dict[str, Any]]:
    """Answer one request: ``(200, answer)``, or ``(status, {"error": one line})``."""
    try:
        return 200, await route.endpoint(Call(params, query, body, run))
    except ApiError as error:
        return error.status, {"error": error.message}
    except Exception as error:  # noqa: BLE001 -- answered as one line, logged whole
        logger.exception("%s %s failed", route.method, route.path)
        return 500, {"error": internal_error(error)}


def find(method: str, path: str) -> tuple[ApiRoute, dict[str, str]] | None:
    """The route that answers ``method path``, with its parameters, or None."""
    for route in ROUTES:
        params = route.match(path)
        if params is not None and route.method == method:
            return route, params
    return None


def split_target(target: str) -> tuple[str, dict[str, str]]:
    """``/api/bank/TYPE?size=6x6`` as its path and its query (the first of each name)."""
    parts = urlsplit(target)
    query: dict[str, str] = {}
    for name, value in parse_qsl(parts.query, keep_blank_values=True):
        query.setdefault(name, value)
    return parts.path, query


async def handle(
    method: str, target: str, body: bytes | None, run: JobRunner
) -> tuple[int, dict[str, Any]]:
    """Answer a request named by method and target (path and query), as a
    transport without a router of its own (the page's worker) sends it."""
    path, query = split_target(target)
    found = find(method.upper(), path)
    if found is None:
        if any(route.match(path) is not None for route in ROUTES):
            return 405, {"error": f"method {method[:10]!r} not allowed for {path[:80]!r}"}
        return 404, {"error": f"no API route {path[:80]!r}"}
    route, params = found
    return await respond(route, params, query, body, run)


def canonical_target(path: str, query: Mapping[str, str]) -> str:
    """The target a GET answer is stored under in the static site: the path and
    the non-empty query parameters sorted by name (the page's ``api.js`` writes
    the same key)."""
    shown = sorted((name, value) for name, value in query.items() if value != "")
    if not shown:
        return path
    return path + "?" + "&".join(f"{name}={value}" for name, value in shown)
