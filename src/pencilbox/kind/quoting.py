"""Figures quoted in the docs from the files that measured them.

A figure in Markdown is a link to its source, so that prose never carries a
hand-typed number that the next measurement would leave behind:

* ``[66.3%](#stats:density.by_size.10x10.backtrack.mean~pct1)``: the value
  at that path of the type's ``stats.json`` (written by ``pencilbox stats``);
  only the notes of a type (``docs/<type>-notes.md``) quote this way;
* ``[0.83](#bench:sat_speed.measured.sat.ratio~d2)``: the value in
  a benchmark's result file, ``benchmarks/results/<first part>.json`` (written
  by the benchmark; ``benchmarks/results_file.py``), at the rest of the path;
  any page may quote this way.

A path is read by :func:`pencilbox.kind.sections.resolve` ("a.b",
"list.key=value", "list.0", %20 for a space); the format after the tilde is
:func:`pencilbox.kind.sections.quoted`'s (pct, pct1, %, d0..d4). The test
``tests/test_quoted_figures.py`` holds every quote to its file and
``scripts/quote_stats.py`` rewrites them after a re-run.

A figure typed by hand is what is left: :func:`typed_figures` finds the
digits shaped like a measurement (a share, a decimal, a time, a ratio, "N
of M") outside quotes and code, and :func:`worded_figures` the numbers
written as words that are shaped like one ("two to four cells", "twice as
slow", "nine in ten"), for the tests that keep typed figures out of the
notes and their templates. A parameter the code sets is written as its name
in code (`TARGET_DENSITY`), not as its value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from .sections import quoted, resolve

QUOTE = re.compile(r"\[([^\]]+)\]\(#(stats|bench):([^)~]+)(?:~([a-z0-9%]+))?\)")
"""A quoted figure: (text, source, path, format)."""

Lookup = Callable[[str, str], Any]
"""(source, path) -> the value quoted; raises KeyError when there is none."""


def lookup(stats: Any | None, results: Path) -> Lookup:
    """Values for a page: ``stats`` (a type's stats, or None) and the result files
    in ``results``, each read once."""
    read: dict[str, Any] = {}

    def value(source: str, path: str) -> Any:
        if source == "stats":
            if stats is None:
                raise KeyError("this page has no stats file (only a type's notes do)")
            return resolve(stats, path)
        name, _, rest = path.partition(".")
        if name not in read:
            file = results / f"{name}.json"
            if not file.is_file():
                raise KeyError(f"no result file {file.name}")
            read[name] = json.loads(file.read_text(encoding="utf-8"))
        return resolve(read[name], rest)

    return value


def requote(text: str, value: Lookup, missing: list[str] | None = None) -> str:
    """``text`` with every quote's figure replaced by the value it names now. A
    quote that names nothing raises, or, given ``missing``, is left as it is
    and its path added there (a section not measured yet leaves the rest current)."""

    def fresh(match: re.Match[str]) -> str:
        shown, source, path, fmt = match.groups()
        try:
            figure = quoted(value(source, path), fmt)
        except (KeyError, IndexError, StopIteration, TypeError, ValueError):
            if missing is None:
                raise
            missing.append(f"#{source}:{path}")
            figure = shown
        return f"[{figure}](#{source}:{path}" + (f"~{fmt})" if fmt else ")")

    return QUOTE.sub(fresh, text)


def disagreements(text: str, value: Lookup) -> list[str]:
    """One line per quote in ``text`` whose figure is not its file's value now."""
    wrong = []
    for match in QUOTE.finditer(text):
        shown, source, path, fmt = match.groups()
        try:
            figure = quoted(value(source, path), fmt)
        except (KeyError, IndexError, StopIteration, TypeError, ValueError) as error:
            wrong.append(f"#{source}:{path} names nothing ({error})")
            continue
        if shown != figure:
            wrong.append(f"[{shown}] but #{source}:{path} is {figure}")
    return wrong


# -- numbers written as words ------------------------------------------------------------

_UNITS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty"
_WORD = rf"(?:{_UNITS}|a hundred|hundreds|a thousand|thousands|a dozen)"
_MANY = r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty)"
_FRACTION = r"(?:half|a third|a quarter|a fifth|a tenth|two thirds|three quarters)"

WORDED = re.compile(
    "|".join(
        (
            rf"\b{_WORD}\s+to\s+{_WORD}\b",  # a range: "two to four"
            rf"\b{_WORD}\s+(?:\w+\s+)?in\s+{_WORD}\b(?!\s+ways)",  # "nine in ten"
            rf"\b{_WORD}\s+(?:per ?cent|percent|seconds?|minutes?|milliseconds?|hours?)\b",
            rf"\b(?:twice|{_WORD}(?:\s+and\s+a\s+half)?\s+times)\s+(?:as|faster|slower|more|fewer)\b",
            rf"\b{_MANY}\s+of\s+(?:the|them|those|\d)",  # a count of a whole
            rf"(?<!each )(?<!either )\b{_FRACTION}\s+(?:of\s+)?(?:the|its|that|those|them)\b",
        )
    ),
    re.IGNORECASE,
)
"""Number words shaped like a measured figure. A bare "one region" or "two cells"
in a rule is not one; a rate, a range, a ratio, a share or a count of a whole is."""

_SPOKEN = re.compile(r'"[^"\n]*"|`[^`\n]*`')
"""What is left out: a sentence quoted from elsewhere ("roughly nine in ten" is the
write-up's, set against ours), and code."""


def worded_figures(text: str) -> list[str]:
    """The figures in ``text`` written as words (see :data:`WORDED`)."""
    return [match[0] for match in WORDED.finditer(_SPOKEN.sub("", text))]


TYPED = re.compile(
    "|".join(
        (
            r"\d+(?:\.\d+)?\s?%",  # a share
            r"\b\d[\d,]*\.\d+",  # a measured decimal
            r"\b\d[\d,]*\s+(?:\w+\s+)?(?:of|in)\s+(?:the\s+)?\d",  # a count of a whole
            r"\b\d+(?:\.\d+)?(?:\s(?:s|ms)|\s?(?:seconds?|minutes?))\b",  # a time (not "the 1s")
            r"\b\d+(?:\.\d+)?\s?[x×](?![\d\w])",  # a ratio
        )
    )
)
"""Digits shaped like a measured figure. Board sizes (8x8), rule counts and
sample sizes set by a command are not: they are parameters, not measurements."""

_CONVENTION = re.compile(r"95%\s+(?:Wilson\s+)?(?:score\s+)?interval")
"""The intervals' level is a convention the stats files state, not a figure."""

_FENCED = re.compile(r"^(```|    ).*$", re.MULTILINE)
"""Code blocks (fenced or indented) hold commands, whose numbers are arguments."""


def typed_figures(text: str) -> list[str]:
    """Figures in ``text`` typed by hand: shaped like a measurement (:data:`TYPED`)
    or written as words (:data:`WORDED`), outside a quote, code and quoted speech."""
    prose = _CONVENTION.sub("", _SPOKEN.sub("", _FENCED.sub("", QUOTE.sub("Q", text))))
    return [match[0] for match in TYPED.finditer(prose)] + worded_figures(prose)


# -- the pages that quote ----------------------------------------------------------------


def pages(root: Path, stats_files: Mapping[str, Traversable | None]) -> list[tuple[Path, Lookup]]:
    """Every page of a source checkout at ``root`` that may quote, with its values:
    ``docs/*.md`` and ``README.md``; a type's notes (``docs/<type>-notes.md``) also
    quote its ``stats.json`` (``stats_files``: each type's, by name, from the
    registry, which this layer below it does not import)."""
    results = root / "benchmarks" / "results"
    found = []
    for page in [*sorted((root / "docs").glob("*.md")), root / "README.md"]:
        if not page.is_file():
            continue
        name = page.name.removesuffix("-notes.md")
        stats = None
        if name != page.name and name in stats_files:
            file = stats_files[name]
            stats = json.loads(file.read_text(encoding="utf-8")) if file else None
        found.append((page, lookup(stats, results)))
    return found
