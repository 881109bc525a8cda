"""The web doors: :class:`WebDoors` calls an endpoint's coroutine directly
(door ``api``) or drives the whole Starlette app in-process over ASGI (door
``http``), and :func:`judge_answer` judges what comes back -- a 2xx parsed, a
4xx ``{"error": one line}`` rejected, anything else failed.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, MutableMapping
from typing import Any
from urllib.parse import quote

from .cases import HttpInput
from .judging import PARSED, REJECTED, Result, crash, message_problem
from .watchdog import Hung


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
    if 200 <= status < 300:
        return PARSED
    return _judge_error(status, answer.get("error") if isinstance(answer, dict) else None)


def _judge_error(status: int, message: Any) -> Result:
    """A refusal, from the app's JSON body or an endpoint's ApiError: a 4xx with a
    clean one-line message is rejected, the busy 503 counts as parsed, the rest failed."""
    if _is_busy(status, message):
        return PARSED  # the body passed every check and reached the (refused) job
    if 400 <= status < 500:
        problem = message_problem(message)
        return Result("failed", f"status {status}: {problem}") if problem else REJECTED
    return Result("failed", f"status {status}: {str(message)[:300]}")


class WebDoors:
    """The web app and the endpoint functions, ready to take requests in this process.

    While open, worker jobs are refused at once (``limits.MAX_JOBS = 0``): a
    body that passes every check then answers 503 "server busy" instead of
    solving or generating, which is all the fuzzer needs to know and keeps
    each request to parsing. The limits are put back on :meth:`close`.
    """

    def __init__(self) -> None:
        from ..web import dispatch, limits
        from ..web.app import create_app

        self._limits = limits
        self._saved = (limits.MAX_JOBS, limits.QUEUE_WAIT)
        limits.MAX_JOBS, limits.QUEUE_WAIT = 0, 0.0
        self.app = create_app()
        self.endpoints = {
            route.path: route.endpoint for route in dispatch.ROUTES if route.method == "POST"
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
        """The endpoint function for ``request.path`` called directly (door ``api``),
        with the body as every transport hands it over and jobs refused as busy."""
        from ..web.payloads import ApiError, Call

        async def busy(name: str, payload: dict[str, Any]) -> dict[str, Any]:
            raise ApiError(503, f"server busy: {name} refused while fuzzing")

        endpoint = self.endpoints[request.path]
        call = Call({}, {}, request.body, busy)
        try:
            self.loop.run_until_complete(endpoint(call))
        except ApiError as error:
            return _judge_error(error.status, error.message)
        except Hung:
            raise
        except Exception as error:  # noqa: BLE001 -- any other exception is the finding
            return Result("failed", crash(error))
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
        except Hung:
            raise
        except Exception as error:  # noqa: BLE001 -- handed to the caller to judge
            return status or 500, b"".join(chunks), error
        return status, b"".join(chunks), None

    def call_app(self, request: HttpInput) -> Result:
        """The request through the whole app (door ``http``), judged."""
        status, body, error = self.respond(request)
        if error is not None:
            return Result("failed", f"status {status}: {crash(error)}")
        if request.method == "HEAD":  # no body comes back to judge: the status alone
            return judge_status(status)
        return judge_answer(status, body)
