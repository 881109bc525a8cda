"""Time hints through the web app over HTTP, as the page asks for them.

Run with ``python benchmarks/web_latency.py``. It serves the app the way
``pencilbox play`` does (``pencilbox.web.serve`` in a subprocess, on a free
127.0.0.1 port; no other address is contacted), then

1. asks for a hint on every bank puzzle of every type, untouched and
   half-solved (half the solution's cells, picked with a fixed seed,
   entered over the untouched board), one request at a time on one
   keep-alive connection, as the page does; and prints p50 / p95 / max
   milliseconds per type and position, wall-clock around the request, and
   beside them the p95 of the same hints called in this process (the
   hint's own cost; the difference is what serving it adds);
2. fires ``--concurrent`` hints at once (one connection each, released
   together; half-solved boards spread over every type) and prints how
   many answered 200 and how long the last took.

Targets (issue 13): hint p95 <= 30 ms; 50 concurrent hints all 200 within 2 s.
Exits 1 if any hint answers other than 200. The machine is shared, so treat
small differences as noise.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pencilbox import formats, registry, solving  # noqa: E402
from texttable import table  # noqa: E402


def start_server() -> tuple[subprocess.Popen[str], str, int]:
    code = "from pencilbox.web import serve; serve('127.0.0.1', 0, False)"
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"serving on http://(127\.0\.0\.1):(\d+)/", line)
    if not match:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, match.group(1), int(match.group(2))


class Client:
    """One keep-alive connection that posts JSON as the page does."""

    def __init__(self, host: str, port: int) -> None:
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.headers = {"content-type": "application/json", "origin": f"http://{host}:{port}"}

    def connect(self) -> None:
        # http.client writes the headers and the body separately; without
        # TCP_NODELAY (which browsers set) Nagle's algorithm holds the body
        # for the server's delayed ACK, ~40 ms a request that is the client's.
        self.connection.connect()
        assert self.connection.sock is not None
        self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def post(self, path: str, body: Any) -> tuple[int, float]:
        start = time.perf_counter()
        self.connection.request("POST", path, json.dumps(body), self.headers)
        answer = self.connection.getresponse()
        answer.read()
        return answer.status, time.perf_counter() - start


def positions(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The untouched board (no grid) and a half-solved one for a bank record."""
    solution = record["solution"]
    puzzle = record["json"]
    rows, cols = len(solution), len(solution[0])
    base = puzzle.get("givens") if isinstance(puzzle, dict) else None
    grid = [list(row) for row in base] if base else [[0] * cols for _ in range(rows)]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for r, c in rng.sample(cells, len(cells) // 2):
        grid[r][c] = solution[r][c]
    return {"untouched": None, "half-solved": grid}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def in_process(body: Any) -> float:
    """Milliseconds of the same hint called in this process (what the server adds is the rest)."""
    kind, puzzle = formats.load_object(body["puzzle"])
    start = time.perf_counter()
    solving.hint(kind, puzzle, body["grid"])
    return (time.perf_counter() - start) * 1000


def sequential(host: str, port: int, bodies: list[tuple[str, str, Any]]) -> list[list[str]]:
    client = Client(host, port)
    client.connect()
    times: dict[tuple[str, str], list[float]] = {}
    direct: dict[tuple[str, str], list[float]] = {}
    failures = 0
    for name, where, body in bodies:
        in_process(body)  # first call warms this process's caches, as the workers' are
        direct.setdefault((name, where), []).append(in_process(body))
        status, seconds = client.post("/api/hint", body)
        failures += status != 200
        times.setdefault((name, where), []).append(seconds * 1000)
    rows = []
    for (name, where), found in times.items():
        rows.append(
            [
                name,
                where,
                str(len(found)),
                f"{statistics.median(found):.1f}",
                f"{percentile(found, 0.95):.1f}",
                f"{max(found):.1f}",
                f"{percentile(direct[name, where], 0.95):.1f}",
            ]
        )
    if failures:
        rows.append(["(failed)", "", str(failures), "", "", "", ""])
    return rows


def concurrent(host: str, port: int, bodies: list[Any], count: int) -> tuple[int, float, float]:
    """``count`` hints at once: (answered 200, seconds until the last answer, slowest)."""
    clients = [Client(host, port) for _ in range(count)]
    for client in clients:
        client.connect()
    barrier = threading.Barrier(count + 1)
    results: list[tuple[int, float]] = []
    lock = threading.Lock()

    def one(client: Client, body: Any) -> None:
        barrier.wait()
        try:
            outcome = client.post("/api/hint", body)
        except OSError:
            outcome = (0, 0.0)
        with lock:
            results.append(outcome)

    threads = [
        threading.Thread(target=one, args=(client, bodies[i * len(bodies) // count]))
        for i, client in enumerate(clients)
    ]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join(60)
    total = time.perf_counter() - start
    ok = sum(status == 200 for status, _ in results)
    return ok, total, max((seconds for _, seconds in results), default=0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--concurrent", type=int, default=50, help="hints fired at once")
    parser.add_argument("--seed", type=int, default=13, help="seed picking the half-solved cells")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    bodies: list[tuple[str, str, Any]] = []
    for name in registry.names():
        for record in registry.get(name).bank() or []:
            for where, grid in positions(record, rng).items():
                bodies.append((name, where, {"puzzle": record["json"], "grid": grid}))
    process, host, port = start_server()
    try:
        warm = Client(host, port)
        warm.connect()
        for _, _, body in bodies[:: max(1, len(bodies) // 20)]:
            warm.post("/api/hint", body)  # the workers finish warming up; not measured
        rows = sequential(host, port, bodies)
        print("hint latency through HTTP, ms (one keep-alive connection, requests in turn)")
        headers = ["type", "position", "hints", "p50", "p95", "max", "in-process p95"]
        print(table(headers, rows, left=2))
        half = [body for _, where, body in bodies if where == "half-solved"]
        ok, total, slowest = concurrent(host, port, half, args.concurrent)
        print(
            f"\n{args.concurrent} concurrent hints: {ok} answered 200; "
            f"all answered in {total:.2f} s (slowest request {slowest:.2f} s)"
        )
        failed = any(row[0] == "(failed)" for row in rows) or ok != args.concurrent
    finally:
        process.terminate()
        process.wait(10)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
