"""Every bound the web app puts on a request, in one place.

The server is meant for one person on their own machine, but a page can
still send a huge body or a board the solver would chew on for minutes, so
every request is bounded by body size, board size and time. Tests shrink
these by monkeypatching the module attributes.
"""

from __future__ import annotations

MAX_BODY_BYTES = 64 * 1024
"""Largest request body read; more answers 413 before any parsing."""

MAX_SIDE = 30
"""Largest number of rows or columns of a board the web app accepts."""

MAX_CELL_VALUE = 99
"""Largest number a player's grid may hold in one cell."""

MAX_SOLUTIONS = 10
"""Largest solution limit a solve request may ask for."""

TIME_BUDGET: dict[str, float] = {
    "hint": 10.0,
    "progress": 10.0,
    "solve": 10.0,
    "grade": 10.0,
    "rungs": 10.0,
    "generate": 180.0,
    "verdict": 10.0,
}
"""Seconds each kind of worker job may run before it is killed (answer 504).

A generation may be of any size its type's generator accepts (the face's
``generate_sides``, up to 30x30) and is graded after, so its budget is set
by the slowest largest boards measured on this machine's two cores: the
slowest type's 30x30 took 2-38 s CPU over 9 seeds (108 s wall once, with
the machine loaded six times over), and the slowest known 30x30 of another
type takes 76 s CPU (84 s wall) to make and grade. 180 s fits them with
room for a loaded machine."""


def overrun_message(name: str) -> str:
    """What a job that ran past its budget answers (504), on the server and in the
    static site alike."""
    return f"{name} took longer than {TIME_BUDGET[name]:g} s and was stopped"


MAX_JOBS = 2
"""Warm worker processes, and so jobs running at once (the machine has two cores)."""

WORKER_JOBS = 1000
"""Jobs a worker answers before it is replaced, so a slow leak cannot grow without end."""

QUEUE_WAIT = 5.0
"""Seconds a request waits for a free worker before it answers 503."""

JOB_MEMORY_BYTES = 2 * 1024**3
"""Address-space limit of a worker process, so a runaway job fails instead of swapping."""

REQUEST_READ_SECONDS = 5.0
"""Seconds a client has to send a whole request (headers and body) once it
has started one, or has connected; then the connection is closed."""

KEEP_ALIVE_SECONDS = 5
"""Seconds an idle keep-alive connection stays open between requests."""

MAX_CONNECTIONS = 64
"""Open connections at once; more are closed as they arrive (a browser opens about six)."""
