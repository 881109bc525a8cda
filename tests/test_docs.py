"""The manual cannot drift: its command reference and its picture come from the code.

The reference page (``scripts/cli_reference.py``, run by ``make docs`` as an
MkDocs hook) must name every command and option the parser has, each with its
help; the README's picture must be what ``pencilbox render`` draws today. The
examples themselves run through ``conftest.py``.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path

from pencilbox import cli

ROOT = Path(__file__).resolve().parent.parent


def _reference_module():
    spec = importlib.util.spec_from_file_location(
        "cli_reference", ROOT / "scripts" / "cli_reference.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reference_has_every_command_option_and_help():
    reference = _reference_module()
    parser = cli.build_parser()
    page = reference.render(parser)
    sections = page.split("\n## ")[1:]
    by_name = {section.split("`")[1].removeprefix("pencilbox "): section for section in sections}
    commands = reference.commands(parser)
    assert list(by_name) == list(commands)  # every command, in --help's order, nothing else
    assert "ledger" in commands  # a type's own command, read from its face
    missing = []
    for name, sub in commands.items():
        for action in sub._actions:
            if action.dest == "help" or action.help == argparse.SUPPRESS:
                continue
            names = action.option_strings or (
                [action.metavar] if action.metavar else list(action.choices or [action.dest])
            )
            help_text = " ".join((action.help or "").split()).replace("|", "\\|")
            for shown in [*names, help_text % vars(action)]:
                if shown not in by_name[name]:
                    missing.append(f"{name}: {shown}")
    assert missing == []


def test_the_reference_shows_each_usage_as_the_parser_prints_it():
    reference = _reference_module()
    solve = reference.commands(cli.build_parser())["solve"]
    usage = argparse.HelpFormatter(solve.prog, width=reference.WIDTH)
    usage.add_usage(solve.usage, solve._actions, solve._mutually_exclusive_groups)
    assert usage.format_help().strip() in reference.render()


def test_the_readme_picture_is_what_render_draws():
    drawn = subprocess.run(
        [
            sys.executable,
            "-m",
            "pencilbox",
            "render",
            "https://puzz.link/p?suguru/5/5/2d1gu5tvm4r4j",
            "--solution",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    picture = ROOT / "docs" / "img" / "abigail.svg"
    assert drawn == picture.read_text(encoding="utf-8"), (
        "pencilbox render draws it differently now: rewrite docs/img/abigail.svg with "
        "pencilbox render 'https://puzz.link/p?suguru/5/5/2d1gu5tvm4r4j' --solution "
        "--out docs/img/abigail.svg"
    )
