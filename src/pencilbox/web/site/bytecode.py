"""Bytecode for the site's Python, made at build time by the site's own Pyodide.

Pyodide ships its standard library as source, so the page's Python would
compile every module it imports at each start (the larger part of a start
from the cache). The build instead compiles the standard library and
pencilbox's wheel with the very Pyodide it ships, run by Node
(``pycompile.mjs`` beside this file), so the bytecode is that runtime's own.
The standard library's bytecode is kept in the runtime's cache (it depends
only on the pinned runtime); the wheel's is made at each build.

Without Node the site is written with source only: it works, and starts
slower (the build says so).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ...errors import PuzzleError

SCRIPT = Path(__file__).with_name("pycompile.mjs")
STDLIB = "python_stdlib.zip"


class BytecodeError(PuzzleError):
    """Node ran but the compilation failed (one line)."""


@dataclass(frozen=True)
class Compiled:
    """What :func:`compile_runtime` made: the standard library as bytecode (a
    zip to ship in place of Pyodide's) and the wheel's bytecode, by name in it."""

    stdlib: Path
    wheel: dict[str, bytes]


def node() -> str | None:
    """The Node that runs the compiler, if there is one."""
    return shutil.which("node")


def _cached_stdlib(pyodide: Path, cache: Path) -> Path:
    digest = hashlib.sha256((pyodide / STDLIB).read_bytes() + SCRIPT.read_bytes())
    return cache / f"python_stdlib-{digest.hexdigest()[:16]}.pyc.zip"


def compile_runtime(pyodide: Path, wheel: Path, cache: Path) -> Compiled | None:
    """Compile the standard library in the Pyodide folder ``pyodide`` (or take
    it from ``cache``) and the wheel ``wheel``; None without Node."""
    command = node()
    if command is None:
        return None
    stdlib = _cached_stdlib(pyodide, cache)
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        made = work / STDLIB
        jobs = [{"source": str(wheel), "target": str(work / "wheel.zip"), "where": "site-packages"}]
        boot: str | None = str(stdlib)
        if not stdlib.exists():
            boot = None
            source = str(pyodide / STDLIB)
            jobs.insert(0, {"source": source, "target": str(made), "where": "stdlib"})
        spec = work / "jobs.json"
        spec.write_text(json.dumps({"boot_stdlib": boot, "jobs": jobs}), encoding="utf-8")
        done = subprocess.run(
            [command, str(SCRIPT), str(pyodide), str(spec)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            lines = (done.stderr or done.stdout).strip().splitlines()
            reason = lines[-1] if lines else f"exit code {done.returncode}"
            raise BytecodeError(f"compiling the site's Python with {command}: {reason[:200]}")
        if made.exists():
            # Another build may be writing it too: each writes its own, then renames.
            cache.mkdir(parents=True, exist_ok=True)
            partial = stdlib.with_name(f"{stdlib.name}.{os.getpid()}")
            shutil.copyfile(made, partial)
            os.replace(partial, stdlib)
        with zipfile.ZipFile(work / "wheel.zip") as compiled:
            found = {name: compiled.read(name) for name in compiled.namelist()}
    return Compiled(stdlib, found)
