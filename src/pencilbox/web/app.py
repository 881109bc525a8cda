"""The Starlette application: JSON API under /api, the page and its static files.

The page is served only from the package's own ``static`` folder (Starlette's
StaticFiles refuses paths that resolve outside it), with a Content Security
Policy that allows nothing but this server: the app must work offline, and
a stray CDN link would fail loudly in development instead of silently.

Each puzzle type's drawing module comes from the type's own package, through
the face, at ``/static/js/kinds/<type>.js``: beside the page's loader, so the
module's relative imports of ``../core/*.js`` reach the shared page code.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import registry
from ..errors import PuzzleError
from ..kind import PuzzleKind
from . import dispatch, worker
from .dispatch import ApiRoute
from .guard import Guard
from .payloads import ApiError, JobRunner, check_body_size

STATIC = Path(__file__).parent / "static"

SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; "
        b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """Adds the headers above to every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})


def _notes_kind(request: Request) -> PuzzleKind[Any]:
    try:
        return registry.get(request.path_params["type"])
    except PuzzleError as error:
        raise HTTPException(404, str(error)) from None


async def notes(request: Request) -> Response:
    """``/notes/{type}``: the notes page of a puzzle type (404 for an unknown one),
    at its one address ``notes.html?type=...``, which the static site has too."""
    kind = _notes_kind(request)
    return RedirectResponse(f"/notes.html?type={quote(kind.name)}", status_code=307)


async def notes_page(request: Request) -> Response:
    """The notes page: an article drawn by the page from ``/api/notes/{type}`` and
    ``/api/stats/{type}`` for the type its query names."""
    return FileResponse(STATIC / "notes.html", headers={"cache-control": "no-cache"})


async def site_config(request: Request) -> Response:
    """GET /site.json: how the page reaches Python. Here over HTTP; the static
    site's own ``site.json`` names its Web Worker and runtime instead."""
    return JSONResponse({"transport": "http"}, headers={"cache-control": "no-cache"})


async def read_body(request: Request) -> bytes:
    """The request body, refusing anything over the size limit (413) as it
    arrives, so a chunked upload with no Content-Length is cut off too."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise ApiError(400, "Content-Length is not a number")
        check_body_size(int(declared))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        check_body_size(len(body))
    return bytes(body)


async def _until_disconnected(request: Request) -> None:
    """Finish when the client hangs up (the body has already been read)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


def job_runner(request: Request) -> JobRunner:
    """Jobs on the warm worker processes, killed when ``request``'s client leaves."""

    async def run(name: str, payload: dict[str, Any]) -> dict[str, Any]:
        try:
            return await worker.run_job(name, payload, lambda: _until_disconnected(request))
        except worker.JobFailed as failure:
            raise ApiError(failure.status, failure.message) from None
        except worker.ClientGone:
            # Nobody is listening; the status is for the server's own log only.
            raise ApiError(499, f"{name} stopped: the client closed the request") from None

    return run


def api_route(route: ApiRoute) -> Route:
    """The Starlette route of one entry of :data:`dispatch.ROUTES`."""

    async def endpoint(request: Request) -> Response:
        body = await read_body(request) if route.method == "POST" else None
        query = dict(request.query_params)
        status, answer = await dispatch.respond(
            route, request.path_params, query, body, job_runner(request)
        )
        return JSONResponse(answer, status_code=status)

    endpoint.__name__ = route.name
    return Route(route.path, endpoint, methods=[route.method])


def kind_module(name: str) -> Route:
    """The route serving type ``name``'s front-end module from its package.

    One route per registered type, so ``kinds/index.js`` (and any unknown
    name) still falls through to the static files. The headers match what
    StaticFiles gives a script: the JavaScript type, and an ETag (here the
    text's hash, as the text is read through the face, maybe from a zip,
    with no file date) that a browser revalidates with, getting a 304.
    """

    async def module(request: Request) -> Response:
        try:
            text = registry.get(name).front_end_module()
        except NotImplementedError as missing:
            raise HTTPException(404, str(missing)) from None
        etag = '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'
        asked = request.headers.get("if-none-match", "")
        if etag in [tag.strip(" W/") for tag in asked.split(",")]:
            return Response(status_code=304, headers={"etag": etag})
        return Response(text, media_type="text/javascript", headers={"etag": etag})

    return Route(f"/static/js/kinds/{name}.js", module)


async def api_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    return JSONResponse({"error": error.message}, status_code=error.status)


async def http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    message = error.detail if isinstance(error.detail, str) else "request refused"
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=error.status_code)
    return Response(message, status_code=error.status_code, media_type="text/plain")


async def server_error(request: Request, error: Exception) -> Response:
    # One line, no traceback: the traceback goes to the server log.
    return JSONResponse({"error": dispatch.internal_error(error)}, status_code=500)


def routes() -> list[Route | Mount]:
    return [
        Route("/", index),
        Route("/site.json", site_config),
        Route("/notes/{type}", notes),
        Route("/notes.html", notes_page),
        *(api_route(route) for route in dispatch.ROUTES),
        *(kind_module(name) for name in registry.names()),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    # Workers warm up in the background while the first page loads, so the
    # first hint does not wait for one to start. They are not stopped at
    # shutdown: they are daemons of this process, and another app in the
    # same process (the tests make several) may still be using them.
    worker.start_pool()
    yield


def create_app(allowed_hosts: Sequence[str] | None = None) -> Starlette:
    """The web app. ``allowed_hosts`` (if given) rejects other Host headers,
    which stops DNS-rebinding pages from talking to a loopback server; POSTs
    from other sites are refused either way (``guard.py``)."""
    middleware = [
        Middleware(SecurityHeaders),
        Middleware(Guard, allowed_hosts=list(allowed_hosts) if allowed_hosts else None),
    ]
    return Starlette(
        routes=routes(),
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={
            ApiError: api_error,
            HTTPException: http_error,
            Exception: server_error,
        },
    )
