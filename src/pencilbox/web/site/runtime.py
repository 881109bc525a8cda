"""The static site's pinned runtime: Pyodide and the wheels the worker loads.

``runtime-lock.json`` beside this file names each file with its sha256. The
files are fetched once into a cache outside any checkout (npm's and pip's own
clients do the fetching: the Pyodide runtime is an npm package, python-sat a
wheel built for Pyodide's platform) and checked on every build, so a file
changed in the cache or on its way stops the build with one line naming it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from ...errors import PuzzleError

LOCK = Path(__file__).with_name("runtime-lock.json")


class RuntimeFetchError(PuzzleError):
    """The runtime could not be fetched or did not match its pin (one line)."""


@dataclass(frozen=True)
class Pinned:
    """One pinned file: its name in the cache and the sha256 it must have."""

    file: str
    sha256: str


def lock() -> dict[str, Any]:
    """The lock file, parsed."""
    found: dict[str, Any] = json.loads(LOCK.read_text(encoding="utf-8"))
    return found


def default_cache() -> Path:
    """Where fetched files are kept: ``$PENCILBOX_CACHE`` or the user's cache folder."""
    named = os.environ.get("PENCILBOX_CACHE")
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pencilbox" / "site"


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify(path: Path, pin: Pinned) -> None:
    """Stop with one line if ``path`` does not have the pinned hash."""
    found = sha256(path)
    if found != pin.sha256:
        raise RuntimeFetchError(
            f"{path}: sha256 {found[:16]}… does not match the pinned {pin.sha256[:16]}… "
            f"in {LOCK.name}; delete the file to fetch it again"
        )


def _run(command: list[str], what: str) -> None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise RuntimeFetchError(
            f"cannot fetch {what}: {command[0]} is not installed (or pass --runtime DIR "
            "holding the files the lock names)"
        ) from None
    if done.returncode != 0:
        last = (done.stderr or done.stdout).strip().splitlines()
        reason = last[-1] if last else f"exit code {done.returncode}"
        raise RuntimeFetchError(f"cannot fetch {what}: {' '.join(reason.split())[:200]}")


def _fetch_pyodide(entry: dict[str, Any], cache: Path) -> None:
    npm = shutil.which("npm") or "npm"
    spec = f"{entry['package']}@{entry['version']}"
    _run([npm, "pack", spec, "--pack-destination", str(cache), "--silent"], spec)


def _fetch_wheel(entry: dict[str, Any], cache: Path) -> None:
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
    command += ["--platform", entry["platform"], "--python-version", entry["python_version"]]
    command += ["--implementation", "cp", "--abi", entry["abi"], "--dest", str(cache)]
    command += ["--quiet", f"{entry['project']}=={entry['version']}"]
    _run(command, f"{entry['project']} {entry['version']}")


def _present(path: Path, sha: str, fetch: Callable[[], None], what: str) -> Path:
    """``path``, fetched first if missing, checked against its pinned hash."""
    if not path.exists():
        fetch()
    if not path.exists():
        raise RuntimeFetchError(f"fetching {what} wrote no {path}")
    verify(path, Pinned(path.name, sha))
    return path


def fetched(cache: Path | None = None) -> dict[str, Path]:
    """Every pinned file, fetched into ``cache`` if missing and checked: the
    Pyodide archive under ``"pyodide"``, each wheel under its file name."""
    folder = cache or default_cache()
    folder.mkdir(parents=True, exist_ok=True)
    pins = lock()
    pyodide = pins["pyodide"]
    found = {
        "pyodide": _present(
            folder / pyodide["file"],
            pyodide["sha256"],
            partial(_fetch_pyodide, pyodide, folder),
            "Pyodide",
        )
    }
    for wheel in pins["wheels"]:
        found[wheel["file"]] = _present(
            folder / wheel["file"],
            wheel["sha256"],
            partial(_fetch_wheel, wheel, folder),
            wheel["project"],
        )
    return found
