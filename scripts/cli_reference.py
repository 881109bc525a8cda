"""The command reference, written from the ``pencilbox`` parser itself.

``render()`` turns :func:`pencilbox.cli.build_parser` (every shared command
and every type's own) into one Markdown page: per command its usage, its help
and a table of its arguments with their helps, choices and defaults. Nothing
in it is typed by hand, so it cannot fall behind the parser.

The docs build (``make docs``) calls ``on_files`` as an MkDocs hook, which adds
the page as ``reference/cli.md`` without writing it into the work tree;
``python scripts/cli_reference.py`` prints the same page.
"""

from __future__ import annotations

import argparse
from typing import Any

from pencilbox import cli

PAGE = "reference/cli.md"
WIDTH = 88  # usage lines wrap here, whatever the terminal that builds the docs


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The parser's subcommands by name, in the order ``--help`` lists them."""
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _cell(text: str) -> str:
    """``text`` safe inside a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def _names(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """The argument as ``--help`` names it (``-n N, --count N``, ``PUZZLE``)."""
    formatter = argparse.HelpFormatter(parser.prog, width=WIDTH)
    return f"`{formatter._format_action_invocation(action)}`"


def _help(action: argparse.Action) -> str:
    parts = [action.help % vars(action) if action.help else ""]
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        parts.append("choices: " + ", ".join(f"`{choice}`" for choice in action.choices))
    if (
        action.option_strings
        and action.nargs != 0
        and action.default not in (None, argparse.SUPPRESS)
        and action.default != []
        and "default" not in (action.help or "")
    ):
        parts.append(f"default: `{action.default}`")
    return _cell("; ".join(part for part in parts if part))


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter = argparse.HelpFormatter(parser.prog, width=WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def _section(name: str, parser: argparse.ArgumentParser) -> list[str]:
    lines = [f"## `pencilbox {name}`", "", _cell(parser.description or ""), ""]
    lines += ["```text", _usage(parser), "```", ""]
    rows = [a for a in parser._actions if a.help != argparse.SUPPRESS and a.dest != "help"]
    if rows:
        lines += ["| argument | what it does |", "| --- | --- |"]
        lines += [f"| {_names(parser, action)} | {_help(action)} |" for action in rows]
        lines.append("")
    return lines


def render(parser: argparse.ArgumentParser | None = None) -> str:
    """The whole reference page, from ``parser`` (default: every command's parser)."""
    parser = parser or cli.build_parser()
    lines = [
        "# Command reference",
        "",
        "<!-- Written from pencilbox.cli's parser by scripts/cli_reference.py at every",
        "docs build: edit the parser, not this page. -->",
        "",
        "Every command and option of `pencilbox`, as its parser declares them",
        "(`pencilbox COMMAND --help` prints the same). What the commands do, with",
        "examples, is in [Commands](../commands.md).",
        "",
        "```text",
        _usage(parser),
        "```",
        "",
        _cell(parser.description or ""),
        "",
        f"{parser.epilog.capitalize()}." if parser.epilog else "",
        "",
    ]
    for name, sub in commands(parser).items():
        lines += _section(name, sub)
    return "\n".join(lines).rstrip() + "\n"


def on_files(files: Any, config: Any) -> Any:
    """MkDocs hook: add the reference page, generated now, to the site's files."""
    from mkdocs.structure.files import File

    files.append(File.generated(config, PAGE, content=render()))
    return files


if __name__ == "__main__":
    print(render(), end="")
