"""Shared access to the copied real-puzzle data in ``tests/data`` (see each file's ``source``).

A test that takes a ``real_suguru`` argument runs once for every published
Suguru in the data (``all_real_sugurus`` gives the whole list); a test that
takes ``data`` gets :func:`load_data`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

DATA_DIR = Path(__file__).parent / "data"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak",
        action="store_true",
        default=False,
        help="also run the long randomised soak tests (minutes, not seconds)",
    )


def soak_enabled(config: pytest.Config) -> bool:
    """True under ``--soak`` or with ``PENCILBOX_SOAK=1`` in the environment."""
    return bool(config.getoption("--soak")) or os.environ.get("PENCILBOX_SOAK") == "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip tests marked ``soak`` unless a soak run was asked for."""
    if soak_enabled(config):
        return
    skip = pytest.mark.skip(reason="soak run: pass --soak or set PENCILBOX_SOAK=1")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


def load_data(relative: str) -> Any:
    """The parsed JSON file ``tests/data/<relative>``."""
    return json.loads((DATA_DIR / relative).read_text(encoding="utf-8"))


@pytest.fixture
def data() -> Callable[[str], Any]:
    return load_data


def _digit_rows(lines: list[str]) -> list[list[int]]:
    return [[int(token) for token in line.split()] for line in lines]


@dataclass(frozen=True)
class RealSuguru:
    """One Suguru from the data, in every form its source gives."""

    name: str
    url: str
    text: str | None  # the source's own region and clue grids under a text-format header
    solution: list[list[int]] | None
    solution_published: bool  # False: derived by another solver, not from the source


def pzprv3_lines(file: str) -> list[str]:
    """The lines of a pzprv3 file as pzprjs's test scripts write it ('/' ends a line)."""
    return [line.strip() for line in file.split("/")]


def pzprv3_solution(file: str, rows: int, cols: int) -> list[list[int]]:
    """Givens merged with entered digits from a Suguru pzprv3 file."""
    lines = pzprv3_lines(file)
    grids = lines[4 + rows + (rows - 1) :]
    givens, entered = grids[:rows], grids[rows : 2 * rows]
    return [
        [int(g) if g != "." else int(e) for g, e in zip(gl.split(), el.split(), strict=True)]
        for gl, el in zip(givens, entered, strict=True)
    ]


def real_sugurus() -> list[RealSuguru]:
    cases = []
    janko = load_data("suguru/janko_sample.json")
    for p in janko["puzzles"]:
        rows, lines = p["rows"], p["problem_verbatim"]
        text = "\n".join([f"suguru {rows}x{p['cols']}", *lines[rows:], "", *lines[:rows]])
        solution = _digit_rows(p["solution_verbatim"])
        cases.append(RealSuguru(f"janko-{p['id']}", p["url_derived"], text, solution, True))
    pzprjs = load_data("suguru/pzprjs.json")
    good = next(file for code, file in pzprjs["failcheck_verbatim"] if code is None)
    cols, rows = (int(n) for n in pzprjs["url_verbatim"].split("/")[:2])
    cases.append(
        RealSuguru(
            "pzprjs",
            "suguru/" + pzprjs["url_verbatim"],
            None,
            pzprv3_solution(good, rows, cols),
            True,
        )
    )
    abigail = load_data("suguru/abigail_talk.json")
    size = f"{len(abigail['groups_verbatim'])}x{len(abigail['groups_verbatim'][0])}"
    text = "\n".join(
        [f"suguru {size}", *abigail["groups_verbatim"], "", *abigail["clues_verbatim"]]
    )
    cases.append(
        RealSuguru(
            "abigail", abigail["url_derived"], text, _digit_rows(abigail["solution_verbatim"]), True
        )
    )
    for example in load_data("suguru/noqx.json")["examples"]:
        url = example.get("url") or example["url_derived"]
        solution = _digit_rows(example["solution_derived"])
        cases.append(RealSuguru(f"noqx-{example['index_in_examples']}", url, None, solution, False))
    for number, found in enumerate(load_data("suguru/misc_urls.json")["puzzles"]):
        cases.append(RealSuguru(f"misc-{number}", found["url_verbatim"], None, None, False))
    return cases


@pytest.fixture
def all_real_sugurus() -> list[RealSuguru]:
    return real_sugurus()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "real_suguru" in metafunc.fixturenames:
        cases = real_sugurus()
        metafunc.parametrize("real_suguru", cases, ids=[case.name for case in cases])
