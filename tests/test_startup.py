"""Start-up stays cheap: what a command imports before it runs.

Whole-process start-up is measured by the benchmarks, not timed here; what a
test can hold is the cause of a slow start, the modules a command loads that
it does not need. Each check runs in a fresh interpreter, since this test
process has long since imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pencilbox import registry

PROBE = """
import json, sys
from pencilbox.cli import build_parser
argv = json.loads(sys.argv[1])
build_parser(argv).parse_args(argv)
print(json.dumps(sorted(sys.modules)))
"""


def modules_after_parsing(argv: list[str]) -> set[str]:
    """The modules loaded once ``pencilbox ARGV`` is parsed (but not yet run)."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(argv)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    loaded: list[str] = json.loads(done.stdout)
    return set(loaded)


VERSION_PROBE = """
import json, sys
from pencilbox.cli import main
try:
    main(["--version"])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def test_version_prints_without_loading_a_puzzle() -> None:
    done = subprocess.run([sys.executable, "-c", VERSION_PROBE], capture_output=True, text=True)
    assert done.stdout.startswith("pencilbox ")
    loaded = set(json.loads(done.stderr))
    assert not {m for m in loaded if m.startswith(("pencilbox.kind", "pencilbox.puzzles"))}


HELP_PROBE = """
import json, sys
from pencilbox.cli import main
try:
    main(["--help"])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def test_help_lists_the_types_own_commands_without_loading_a_puzzle() -> None:
    done = subprocess.run([sys.executable, "-c", HELP_PROBE], capture_output=True, text=True)
    own = registry.own_commands()
    assert own  # Heteromino's ledger, at least: the listing below is not empty
    for command in own:
        assert f"    {command.name} " in done.stdout and command.help in done.stdout, command
    loaded = set(json.loads(done.stderr))
    assert not {m for m in loaded if m.startswith(("pencilbox.kind", "pencilbox.puzzles."))}


@pytest.mark.parametrize(
    "argv", [["solve", "x.txt"], ["stats", "lits"], ["soak"], ["play"], ["bank", "lits"]]
)
def test_parsing_a_command_loads_no_command_code(argv: list[str]) -> None:
    loaded = modules_after_parsing(argv)
    heavy = {
        "pencilbox.engine",
        "pencilbox.solving",
        "pencilbox.counting",
        "pencilbox.kind",
        "pencilbox.formats",
        "concurrent.futures",
        "multiprocessing",
        "importlib.metadata",
        "pencilbox.executors",
    }
    heavy |= {f"pencilbox.puzzles.{name}" for name in registry.names()}
    heavy |= {
        f"pencilbox.cli.{room}"
        for room in (
            "solving",
            "making",
            "figures",
            "checking",
            "serving",
            "drawing",
            "setting",
            "batching",
        )
    }
    assert not loaded & heavy, sorted(loaded & heavy)


SOLVE_PROBE = """
import json, sys
from pencilbox.cli import main
main(["solve", sys.argv[1]])
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


@pytest.mark.parametrize("name", registry.names())
def test_a_solve_loads_no_process_machinery_and_no_other_type(name: str) -> None:
    url = registry.get(name).bank()[0]["url"]
    done = subprocess.run(
        [sys.executable, "-c", SOLVE_PROBE, url], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stderr))
    assert not loaded & {"concurrent.futures", "multiprocessing", "pencilbox.web"}
    others = {f"pencilbox.puzzles.{other}" for other in registry.names() if other != name}
    assert not loaded & others
