"""Where long jobs run: Dask (a LocalCluster here, a scheduler at an address) gives
what one worker gives, an interrupted Dask run keeps its lines, and Dask is
loaded only when asked for."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from pencilbox import batch, executors, soak
from pencilbox.cli import batching, main
from pencilbox.parallel import as_finished

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


def _stable(record: dict[str, Any]) -> dict[str, Any]:
    """A line without its timings, which differ from run to run."""
    return {k: v for k, v in record.items() if k != "seconds"}


@pytest.fixture(scope="module")
def dask_threads() -> Iterator[Executor]:
    """A LocalCluster of two workers in this process: the real scheduler and
    worker code, quick to start."""
    with executors.open_executor(2, "dask-local", processes=False) as executor:
        yield executor


def test_generate_on_dask_is_the_one_worker_run(dask_threads: Executor) -> None:
    on_dask = batch.generate_many("suguru", 6, 6, 6, "solvable", 5, executor=dask_threads)
    with executors.open_executor(1) as one:
        alone = batch.generate_many("suguru", 6, 6, 6, "solvable", 5, executor=one)
        expected = [_stable(record) for record in alone]
    assert [_stable(record) for record in on_dask] == expected
    assert len({record["url"] for record in expected}) == 6


def _board_facts(result: soak.BoardResult) -> tuple[Any, ...]:
    counts = {
        name: (o.count, o.exhaustive, o.answers, o.error) for name, o in result.outcomes.items()
    }
    return result.index, result.seed, result.url, counts, result.problem


def test_soak_on_dask_is_the_one_worker_run(dask_threads: Executor) -> None:
    args = ("heteromino", 12, "same", 4, 8)
    on_dask = [_board_facts(r) for r in soak._results(*args, dask_threads)]
    alone = [_board_facts(r) for r in soak._results(*args, None)]
    assert on_dask == alone and len(alone) == 12
    report = soak.run("heteromino", 12, seed="same", max_side=4, executor=dask_threads)
    assert report.boards == 12 and report.problems == []
    assert sum(report.by_count.values()) == 12


def test_batch_on_dask_is_the_one_worker_run(dask_threads: Executor) -> None:
    items = batching.batch_inputs.read(str(DATA / "suguru" / "janko_sample.json"))[:8]
    options = {"engine": "rungs", "rules": None, "limit": 2}
    jobs = [("solve", options, key, source) for key, source in items]
    on_dask = as_finished(dask_threads, batching.run_one, jobs, window=3)
    found = sorted((_stable(line) for line in on_dask), key=lambda line: line["id"])
    alone = sorted((_stable(batching.run_one(*job)) for job in jobs), key=lambda line: line["id"])
    assert found == alone and len(found) == 8


def test_a_scheduler_at_an_address_runs_the_work() -> None:
    from distributed import LocalCluster

    cluster = LocalCluster(
        n_workers=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    )
    with cluster:
        address = cluster.scheduler_address.removeprefix("tcp://")
        with executors.open_executor(spec=f"dask://{address}") as remote:
            found = [
                _stable(r) for r in batch.generate_many("lits", 5, 5, 2, "backtrack", 3, remote)
            ]
    expected = [_stable(batch.make_record("lits", 5, 5, "backtrack", 3, i)) for i in range(2)]
    assert found == expected


def test_an_unreachable_scheduler_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 0.5)
    argv = [
        "generate",
        "suguru",
        "--size",
        "4x4",
        "--seed",
        "1",
        "--executor",
        "dask://127.0.0.1:9",
    ]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot reach the Dask scheduler" in err


def test_without_dask_the_error_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    argv = ["soak", "suguru", "-n", "2", "--executor", "dask-local"]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'pip install "pencilbox[dask]"' in err


def test_the_command_line_starts_without_dask() -> None:
    probe = (
        "import sys; from pencilbox import cli; cli.build_parser(None); "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed'}))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    found = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
    assert found.stdout.strip() == "[]", found.stderr


def _ctrl_c_interrupts() -> None:
    """In the child, before it runs Python: Ctrl-C at its default, so that Python
    turns it into KeyboardInterrupt. A shell script starts a job run with ``&``
    with SIGINT ignored, children inherit that, and a Python started so keeps
    ignoring it: this test, run so, saw the command finish all its lines and exit 0."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_an_interrupted_dask_local_run_keeps_every_finished_line(tmp_path: Path) -> None:
    """The real command with a process LocalCluster: killed after some lines, it has
    written whole lines only, the first ones of the run, as one worker makes them."""
    out = tmp_path / "out.jsonl"
    argv = ["generate", "suguru", "--size", "6x6", "--count", "500", "--seed", "8"]
    argv += ["--executor", "dask-local", "--workers", "2", "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    # Its log goes to a file: a pipe nobody reads could fill and stall the run.
    with (tmp_path / "stderr.txt").open("w", encoding="utf-8") as log:
        run = subprocess.Popen(
            [sys.executable, "-m", "pencilbox", *argv],
            env=env,
            stderr=log,
            preexec_fn=_ctrl_c_interrupts,
        )
        try:
            # Waits on what the run reports, its lines; the deadline only bounds a hang.
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline and run.poll() is None:
                if out.exists() and out.read_text(encoding="utf-8").count("\n") >= 3:
                    break
                time.sleep(0.05)
            assert run.poll() is None, (tmp_path / "stderr.txt").read_text(encoding="utf-8")
            run.send_signal(signal.SIGINT)
            code = run.wait(timeout=60)
        finally:
            if run.poll() is None:
                run.kill()
                run.wait()
    assert code == 130, (tmp_path / "stderr.txt").read_text(encoding="utf-8")
    text = out.read_text(encoding="utf-8")
    assert text.endswith("\n")
    lines = [json.loads(line) for line in text.splitlines()]
    assert 3 <= len(lines) < 500
    expected = [
        _stable(batch.make_record("suguru", 6, 6, "solvable", 8, i)) for i in range(len(lines))
    ]
    assert [_stable(line) for line in lines] == expected


def test_width_is_the_workers_that_run_jobs(dask_threads: Executor) -> None:
    assert executors.width(dask_threads) == 2  # the cluster's two worker threads
    with executors.open_executor(2) as pool:
        assert executors.width(pool) == 2


def test_a_local_cluster_listens_on_this_machine_only(dask_threads: Executor) -> None:
    psutil = pytest.importorskip("psutil")  # comes with distributed
    assert dask_threads.submit(sum, [1, 2]).result() == 3
    listening = [
        c.laddr for c in psutil.Process().net_connections(kind="inet") if c.status == "LISTEN"
    ]
    assert listening  # the scheduler's and workers' small HTTP servers
    assert {address.ip for address in listening} == {"127.0.0.1"}


def _untimed(found: Any) -> Any:
    """Figures without the times they took, which differ from run to run."""
    if isinstance(found, dict):
        return {k: _untimed(v) for k, v in found.items() if "seconds" not in k}
    if isinstance(found, list):
        return [_untimed(v) for v in found]
    return found


def test_stats_on_dask_are_the_one_worker_figures(dask_threads: Executor, tmp_path: Path) -> None:
    from pencilbox.puzzles.suguru import KIND

    KIND.stats(tmp_path / "dask.json", samples=1, executor=dask_threads)
    argv = ["stats", "suguru", "--samples", "1", "--workers", "1"]
    assert main([*argv, "--out", str(tmp_path / "one.json")]) == 0
    on_dask, alone = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("dask", "one"))
    assert _untimed(on_dask) == _untimed(alone)
    assert alone["partitions"]["by_size"]  # figures were measured, not left empty


def test_the_command_lines_help_names_every_executor() -> None:
    """The help is spelled out in the CLI (so it loads no process machinery):
    it must name exactly what ``--executor`` accepts."""
    from pencilbox import executors
    from pencilbox.cli.commands import EXECUTOR_HELP

    for spec in executors.EXECUTORS:
        assert spec in EXECUTOR_HELP
