"""The web server itself: who may make it work (``guard.py``), its warm
worker pool (``worker.py``), and how it treats slow, idle and vanishing
clients (``serving.py``).

The guard is tested through Starlette's TestClient; the connection bounds
with real sockets against uvicorn on a free 127.0.0.1 port, with the
deadlines shortened for the test and every loop bounded.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from pencilbox import registry
from pencilbox.web import limits, worker
from pencilbox.web.app import create_app
from pencilbox.web.guard import split_host

PUZZLE = "suguru 2x2\nAA\nAA\n"
GENERATE = {"type": "suguru", "rows": 3, "cols": 3}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def local_client() -> Iterator[TestClient]:
    """The app as ``serve`` builds it for a loopback address, reached as 127.0.0.1:8000."""
    app = create_app(["127.0.0.1", "localhost", "::1"])
    with TestClient(app, base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


def error_of(response: Any) -> str:
    message = response.json()["error"]
    assert isinstance(message, str) and "\n" not in message and message
    return message


def post(client: TestClient, path: str, body: Any, **headers: str) -> Any:
    return client.post(path, content=json.dumps(body), headers=headers)


# -- closed to other sites ---------------------------------------------------------------


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_a_post_that_is_not_json_is_refused(client: TestClient, content_type: str | None) -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    response = post(client, "/api/load", {"input": PUZZLE}, **headers)
    assert response.status_code == 403
    assert "application/json" in error_of(response)


def test_the_simple_cross_site_post_of_the_issue_is_refused(client: TestClient) -> None:
    """The issue's case: a text/plain POST from evil.example.com used to generate (200)."""
    response = post(
        client,
        "/api/generate",
        GENERATE,
        **{"content-type": "text/plain", "origin": "http://evil.example.com"},
    )
    assert response.status_code == 403
    error_of(response)


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example.com",
        "null",
        "http://testserver:8080",
        "https://testserver",
        "http://testserver.evil.example",
        "http://testserver/path",
    ],
)
def test_a_json_post_from_another_origin_is_refused(client: TestClient, origin: str) -> None:
    response = post(
        client,
        "/api/load",
        {"input": PUZZLE},
        **{"content-type": "application/json", "origin": origin},
    )
    assert response.status_code == 403
    assert "another site" in error_of(response)


@pytest.mark.parametrize("origin", [None, "http://testserver", "HTTP://TestServer:80"])
def test_a_json_post_from_the_server_itself_is_answered(
    client: TestClient, origin: str | None
) -> None:
    headers = {"content-type": "application/json; charset=utf-8"}
    if origin is not None:
        headers["origin"] = origin
    response = post(client, "/api/load", {"input": PUZZLE}, **headers)
    assert response.status_code == 200, response.text
    assert response.json()["type"] == "suguru"


def test_the_page_and_gets_need_neither_header(client: TestClient) -> None:
    page = client.get("/", headers={"origin": "http://evil.example.com"})
    assert page.status_code == 200 and "main.js" in page.text
    assert client.get("/api/types").status_code == 200


def test_refusals_carry_the_security_headers(client: TestClient) -> None:
    response = post(client, "/api/load", {"input": PUZZLE}, **{"content-type": "text/plain"})
    assert response.status_code == 403
    assert response.headers["x-content-type-options"] == "nosniff"


def test_a_local_server_answers_its_own_page(local_client: TestClient) -> None:
    headers = {"content-type": "application/json", "origin": "http://127.0.0.1:8000"}
    response = post(local_client, "/api/load", {"input": PUZZLE}, **headers)
    assert response.status_code == 200, response.text
    headers["origin"] = "http://localhost:8000"  # another name than the one the page was opened at
    assert post(local_client, "/api/load", {"input": PUZZLE}, **headers).status_code == 403


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example"])
def test_a_dns_rebinding_host_is_refused(local_client: TestClient, host: str) -> None:
    for response in (
        local_client.get("/api/types", headers={"host": host}),
        post(
            local_client,
            "/api/load",
            {"input": PUZZLE},
            **{"host": host, "content-type": "application/json", "origin": f"http://{host}"},
        ),
    ):
        assert response.status_code == 400
        assert "Host" in error_of(response)


@pytest.mark.parametrize("host", ["localhost:8000", "[::1]:8000", "127.0.0.1"])
def test_every_loopback_name_is_a_host(local_client: TestClient, host: str) -> None:
    assert local_client.get("/api/types", headers={"host": host}).status_code == 200


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("LocalHost:8000", ("localhost", 8000)),
        ("[::1]:81", ("::1", 81)),
        ("[::1]", ("::1", 80)),
        ("127.0.0.1", ("127.0.0.1", 80)),
        ("", None),
        ("[::1", None),
        ("host:port", None),
        ("host:123456", None),
    ],
)
def test_split_host(text: str, expected: tuple[str, int] | None) -> None:
    assert split_host(text, "http") == expected


# -- the warm worker pool ------------------------------------------------------------------


def warm_pids(expected: int, within: float = 60.0) -> set[int]:
    """The pids of the idle workers, once ``expected`` of them are warm (bounded wait)."""
    deadline = time.monotonic() + within
    while True:
        pids = {w.process.pid for w in worker.idle_workers() if w.process.is_alive()}
        if len(pids) >= expected or time.monotonic() > deadline:
            assert len(pids) >= expected, f"only {len(pids)} warm workers after {within:g} s"
            return {pid for pid in pids if pid is not None}
        time.sleep(0.05)


def worker_status() -> dict[str, Any]:
    """Ask an idle worker what it has loaded, as the pool would hand it a job."""

    async def ask() -> dict[str, Any]:
        taken = await worker._pool.acquire(False, 30.0)
        assert taken is not None
        try:
            taken.conn.send(("status", None))
            status, value = taken.conn.recv()
        finally:
            worker._pool.release(taken, True, False)
        assert status == "ok"
        return value  # type: ignore[no-any-return]

    return asyncio.run(ask())


def test_hints_are_answered_by_the_same_warm_workers(client: TestClient) -> None:
    before = warm_pids(limits.MAX_JOBS)
    for _ in range(5):
        assert client.post("/api/hint", json={"puzzle": PUZZLE}).status_code == 200
    assert warm_pids(limits.MAX_JOBS) == before  # no process started per job
    assert worker.running_jobs() == 0


def test_a_job_past_its_budget_is_killed_and_replaced_warm(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = warm_pids(limits.MAX_JOBS)
    monkeypatch.setitem(limits.TIME_BUDGET, "generate", 0.01)
    response = client.post("/api/generate", json={"type": "suguru", "rows": 12, "cols": 12})
    assert response.status_code == 504
    assert "took longer than 0.01 s" in error_of(response)
    assert worker.running_jobs() == 0
    after = warm_pids(limits.MAX_JOBS)
    killed = before - after
    assert len(killed) == 1  # the overrunning worker, and only it
    with pytest.raises(ProcessLookupError):
        os.kill(killed.pop(), 0)
    # The replacement is warm: the rules of every type are loaded before any job.
    status = worker_status()
    assert status["pid"] in after
    for name in registry.names():
        assert f"pencilbox.puzzles.{name}.rules" in status["modules"]
    # And the next job still works.
    answer = client.post("/api/hint", json={"puzzle": PUZZLE})
    assert answer.status_code == 200 and answer.json()["status"]


def test_a_client_that_leaves_mid_job_frees_its_worker() -> None:
    before = warm_pids(limits.MAX_JOBS)

    async def scenario() -> None:
        async def gone() -> None:
            await asyncio.sleep(0.01)  # the client hangs up while the job runs

        payload = {"type": "suguru", "rows": 12, "cols": 12, "mode": "solvable", "seed": 1}
        with pytest.raises(worker.ClientGone):
            await worker.run_job("generate", payload, gone)
        assert worker.running_jobs() == 0

    asyncio.run(scenario())
    after = warm_pids(limits.MAX_JOBS)
    assert len(before - after) == 1  # the abandoned job's worker was stopped and replaced


def test_a_long_job_leaves_a_worker_for_hints(client: TestClient) -> None:
    """Long jobs may hold all but one worker: a hint is not kept waiting behind them."""

    async def scenario() -> None:
        long_ones = [await worker._pool.acquire(True, 30.0)]
        try:
            assert long_ones[0] is not None
            assert await worker._pool.acquire(True, 0.2) is None  # the last one is kept free
            quick = await worker._pool.acquire(False, 30.0)
            assert quick is not None
            worker._pool.release(quick, True, False)
        finally:
            for taken in long_ones:
                if taken is not None:
                    worker._pool.release(taken, True, True)

    warm_pids(limits.MAX_JOBS)
    asyncio.run(scenario())
    assert worker.running_jobs() == 0


# -- slow, idle, surplus and vanishing clients (real sockets) ----------------------------


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, int]]:
    """The app served by uvicorn on a free 127.0.0.1 port, with short bounds."""
    import uvicorn

    from pencilbox.web import bind
    from pencilbox.web.connections import server_config

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(limits, "REQUEST_READ_SECONDS", 0.5)
        patch.setattr(limits, "KEEP_ALIVE_SECONDS", 1)
        patch.setattr(limits, "MAX_CONNECTIONS", 8)
        sock = bind("127.0.0.1", 0)
        config = server_config(create_app(), log_level="warning", access_log=False)
        instance = uvicorn.Server(config)
        thread = threading.Thread(target=instance.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not instance.started:
            assert time.monotonic() < deadline, "the server did not start within 10 s"
            time.sleep(0.02)
        yield sock.getsockname()[:2]
        instance.should_exit = True
        thread.join(10)
        sock.close()


def connect(address: tuple[str, int]) -> socket.socket:
    return socket.create_connection(address, timeout=5)


def closed_within(conn: socket.socket, seconds: float, trickle: bytes = b"") -> float | None:
    """Seconds until the server closes ``conn`` (sending ``trickle`` a byte per 0.1 s),
    or None if it is still open after ``seconds``."""
    start = time.monotonic()
    conn.settimeout(0.1)
    index = 0
    while time.monotonic() - start < seconds:
        try:
            if conn.recv(4096) == b"":
                return time.monotonic() - start
        except TimeoutError:
            pass
        except ConnectionResetError:
            return time.monotonic() - start
        if index < len(trickle):
            try:
                conn.send(trickle[index : index + 1])
            except (BrokenPipeError, ConnectionResetError):
                return time.monotonic() - start
            index += 1
    return None


def test_headers_trickled_a_byte_at_a_time_are_cut_off(served: tuple[str, int]) -> None:
    with connect(served) as conn:
        trickle = b"GET /api/types HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100
        took = closed_within(conn, 5.0, trickle)
    assert took is not None, "a trickled request was still open after 5 s"
    assert took < 0.5 + 1.0


def test_a_stalled_body_is_cut_off(served: tuple[str, int]) -> None:
    with connect(served) as conn:
        conn.sendall(
            b"POST /api/load HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        )
        took = closed_within(conn, 5.0)
    assert took is not None and took < 0.5 + 1.0


def test_an_idle_keep_alive_connection_is_closed(served: tuple[str, int]) -> None:
    with connect(served) as conn:
        conn.sendall(b"GET /api/types HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += conn.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200")
        head, _, body = answer.partition(b"\r\n\r\n")
        length = int(
            next(
                line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")
            ).split(b":")[1]
        )
        while len(body) < length:
            body += conn.recv(65536)
        took = closed_within(conn, 5.0)
    assert took is not None and 0.5 < took < 1 + 1.0


def test_connections_past_the_bound_are_closed_and_stalled_ones_dropped(
    served: tuple[str, int],
) -> None:
    stalled = [connect(served) for _ in range(limits.MAX_CONNECTIONS + 6)]
    try:
        for conn in stalled:
            conn.sendall(
                b"POST /api/load HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n"
            )
        surplus = sum(closed_within(conn, 0.02) is not None for conn in stalled)
        assert surplus >= 6  # closed at once, before any read deadline
        assert all(closed_within(conn, 3.0) is not None for conn in stalled)  # the rest, at it
    finally:
        for conn in stalled:
            conn.close()
    with connect(served) as conn:  # and the server still answers
        conn.sendall(b"GET /api/types HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert conn.recv(12) == b"HTTP/1.1 200"


def test_a_client_leaving_mid_body_is_one_log_line(served: tuple[str, int]) -> None:
    records = Records()
    loggers = [logging.getLogger(name) for name in ("uvicorn.error", "uvicorn", "")]
    for logger in loggers:
        logger.addHandler(records)
    try:
        with connect(served) as conn:
            conn.sendall(
                b"POST /api/load HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"input"'
            )
            time.sleep(0.1)
        deadline = time.monotonic() + 3
        while not records.records and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.2)  # anything logged after the first line
    finally:
        for logger in loggers:
            logger.removeHandler(records)
    unique = {id(record): record for record in records.records}.values()
    lines = [record.getMessage() for record in unique]
    assert len(lines) == 1, lines
    assert "before its request body arrived" in lines[0] and "\n" not in lines[0]
    assert all(r.exc_info is None and r.levelno < logging.ERROR for r in unique)


def test_served_connections_send_without_nagle_delay() -> None:
    """Regression: ``bind`` made its socket with proto 0, so asyncio did not set
    TCP_NODELAY on accepted connections and each keep-alive response waited
    ~40 ms for the client's delayed ACK (every hint cost at least 44 ms)."""
    from pencilbox.web import bind

    async def scenario() -> int:
        accepted: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        class Probe(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                sock = transport.get_extra_info("socket")
                accepted.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()

        listener = bind("127.0.0.1", 0)
        server = await asyncio.get_running_loop().create_server(Probe, sock=listener)
        async with server:
            _, writer = await asyncio.open_connection(*listener.getsockname()[:2])
            nodelay = await asyncio.wait_for(accepted, 5)
            writer.close()
        return nodelay

    assert asyncio.run(scenario()) != 0
