"""A long command killed with SIGKILL leaves no process behind: its pool workers
see their parent die and end too (before, two workers, the fork server and the
resource tracker stayed)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
JANKO = ROOT / "tests" / "data" / "suguru" / "janko_sample.json"

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")


def _descendants(pid: int) -> set[int]:
    """Every process below ``pid``, read from /proc."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*/children"):
            try:
                children = {int(text) for text in task.read_text().split()}
            except OSError:  # the process ended while we looked
                continue
            todo.extend(children - found)
            found |= children
    return found


def _alive(pid: int) -> bool:
    """Running, not merely a zombie waiting for its new parent to reap it."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return status.rpartition(")")[2].split()[0] != "Z"


def _kill_and_watch(argv: list[str], tmp_path: Path, wanted: int) -> tuple[set[int], set[int]]:
    """Start ``pencilbox ARGV``, SIGKILL it once ``wanted`` processes run below it
    and have had a moment to work; return those and the ones alive 5 s later."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "pencilbox", *argv]
    run = subprocess.Popen(command, env=env, cwd=tmp_path, stdout=subprocess.DEVNULL)
    try:
        below: set[int] = set()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(below) < wanted:
            assert run.poll() is None, "the command ended before it could be killed"
            below = {pid for pid in _descendants(run.pid) if _alive(pid)}
            time.sleep(0.1)
        time.sleep(1.0)  # let the workers take jobs
        below |= _descendants(run.pid)
        assert run.poll() is None, "the command ended before it could be killed"
    finally:
        run.send_signal(signal.SIGKILL)
        run.wait()
    left = below
    for _ in range(50):
        left = {pid for pid in below if _alive(pid)}
        if not left:
            break
        time.sleep(0.1)
    return below, left


def _big_batch(tmp_path: Path) -> Path:
    records = json.loads(JANKO.read_text(encoding="utf-8"))["puzzles"]
    lines = [
        json.dumps({"id": f"{n}-{record['id']}", "puzzle": record["url_derived"]})
        for n in range(400)
        for record in records
    ]
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["generate", "suguru", "--size", "8x8", "--count", "100000", "--seed", "1"],
        ["soak", "suguru", "-n", "100000"],
        ["batch", "solve", "many.jsonl", "--out", "out.jsonl"],
        ["stats", "lits", "--samples", "100", "--out", "lits-stats.json"],
    ],
    ids=["generate", "soak-command", "batch", "stats"],  # "soak" alone is the mark of long runs,
)
def test_sigkill_leaves_no_worker_behind(argv: list[str], tmp_path: Path) -> None:
    _big_batch(tmp_path)
    below, left = _kill_and_watch([*argv, "--workers", "2"], tmp_path, wanted=2)
    assert len(below) == 2  # the two workers, and no fork server or resource tracker
    assert left == set()


def test_sigkill_leaves_no_dask_worker_behind(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    argv = ["generate", "suguru", "--size", "8x8", "--count", "100000", "--seed", "1"]
    argv += ["--executor", "dask-local", "--workers", "2"]
    below, left = _kill_and_watch(argv, tmp_path, wanted=2)
    assert len(below) >= 2
    assert left == set()
