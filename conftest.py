"""Every example in README.md and docs/ runs as a test, through Sybil.

- A ``console`` block is a shell session: each ``$ `` line (a trailing ``\\``
  continues it on the next line) runs in bash, and what it prints, stdout and
  stderr together as a terminal shows them, must match the lines under it up to
  the next ``$``. ``...`` stands for any text (doctest's ELLIPSIS), for what
  differs from run to run such as timings. A command that exits non-zero must
  show the error it printed (``pencilbox: ...``).
- A ``python`` block of ``>>>`` lines is a doctest, with ELLIPSIS too.
- A ``sh`` block is a command to read, not to run: it fails unless a
  ``<!-- skip: next "why" -->`` line before it says why it cannot run here
  (it serves until stopped, needs two machines, takes minutes, ...).

A page's commands run in one fresh folder (where ``tests`` is the checkout's),
so a file one example writes is there for the next, and a variable one
sets (``$ P='...'``) is set for the page's later commands; ``.venv/bin`` is
first on the PATH. Indented code blocks are prose, not examples, and run nowhere.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from sybil import Example, Sybil
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser, SkipParser

ROOT = Path(__file__).resolve().parent
ASSIGNMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=\S.*")
TIMEOUT = 300  # seconds for one command; the slowest example takes a few


def _setup(namespace: dict[str, Any]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="pencilbox-docs-"))
    (folder / "tests").symlink_to(ROOT / "tests")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PENCILBOX_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "80"  # argparse wraps --help to the terminal
    namespace["folder"], namespace["env"] = folder, env


def _teardown(namespace: dict[str, Any]) -> None:
    shutil.rmtree(namespace["folder"], ignore_errors=True)


def _session(source: str) -> list[tuple[str, str]]:
    """The ``(command, expected output)`` pairs of a console block."""
    pairs: list[tuple[str, str]] = []
    lines = source.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError(f"console block: output before any command: {lines[i]!r}")
        command = lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command[:-1] + "\n" + lines[i]
        i += 1
        start = i
        while i < len(lines) and not lines[i].startswith("$ "):
            i += 1
        pairs.append((command, "".join(line + "\n" for line in lines[start:i])))
    return pairs


_CHECKER = doctest.OutputChecker()


def run_console(example: Example) -> str | None:
    """Run a console block's commands in turn; the first mismatch fails the example."""
    namespace = example.namespace
    for command, want in _session(example.parsed):
        assigned = ASSIGNMENT.fullmatch(command)
        if assigned:  # kept for the page's next commands, each of which is a bash of its own
            command += f'; printf %s "${assigned[1]}"'
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=namespace["folder"],
            env=namespace["env"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=TIMEOUT,
        )
        if assigned and done.returncode == 0:
            namespace["env"][assigned[1]] = done.stdout
            continue
        got = "".join(line.rstrip() + "\n" for line in done.stdout.splitlines())
        if not _CHECKER.check_output(want, got, doctest.ELLIPSIS):
            return f"$ {command}\nexpected:\n{want}got:\n{got}"
        if done.returncode != 0 and not want.startswith("pencilbox: "):
            return f"$ {command}\nexited {done.returncode} without showing an error:\n{got}"
    return None


def refuse_sh(example: Example) -> str | None:
    return (
        "a sh block is not run: show it as a console session with its output, "
        'or put <!-- skip: next "why" --> before it'
    )


pytest_collect_file = Sybil(
    parsers=[
        CodeBlockParser("console", run_console),
        CodeBlockParser("sh", refuse_sh),
        PythonCodeBlockParser(doctest_optionflags=doctest.ELLIPSIS),
        SkipParser(),
    ],
    patterns=["README.md", "docs/*.md", "docs/*/*.md"],
    excludes=["*/README.md"],
    setup=_setup,
    teardown=_teardown,
).pytest()
