"""Stats sections: measuring some of a type's figures, and knowing when they are stale.

A type's stats module declares its sections as a mapping from the section's
key in ``stats.json`` to the code that section measures: dotted module names
(``pencilbox.puzzles.foo.generate``), ``module:name`` for one top-level
function, class or constant (``pencilbox.puzzles.foo.stats_jobs:density``),
so that a section does not go stale when a job of another section changes,
or ``package/file`` for data it reads (``pencilbox.puzzles.foo/bank.json``).

Each measured section is stamped in the file's ``code`` with a hash of that
code; :func:`stale` recomputes the hashes and names every section whose code
has changed since it was measured. The hash covers what the declared code
runs, found in the import graph (:mod:`.imports`): a module with every
pencilbox module it imports, transitively; a definition with the statements
of its module it needs and the modules bound to the names it uses; and,
for every section, the measuring loop (:data:`MEASURING`) and what it
imports. So an edit anywhere below a measurement stales it
(:func:`section_modules` lists what a section covers). The hash is of the
parsed source with docstrings dropped (comments and layout never reach the
tree), so editing prose leaves the figures standing and editing code does not.

It also reads the generator's measured times out of a report
(:func:`generation_times`), for a front end to set a generation's elapsed
time against.

Nothing here names a type: the declarations come from each type's package.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import PuzzleError
from . import imports

Declared = Mapping[str, Sequence[str]]
"""Section name -> the code (modules, or ``module:name``) it measures."""


def choose(declared: Declared, only: Iterable[str] | None) -> tuple[str, ...]:
    """The sections to measure: ``only`` (checked against ``declared``), else all."""
    if only is None:
        return tuple(declared)
    wanted = tuple(dict.fromkeys(only))
    unknown = [name for name in wanted if name not in declared]
    if unknown or not wanted:
        raise PuzzleError(
            f"no stats section {', '.join(unknown) or '(none given)'}; "
            f"choose from {', '.join(declared)}",
            where="--only",
        )
    return wanted


def previous(out_path: Path | str, sections: Sequence[str], declared: Declared) -> dict[str, Any]:
    """What a run of only ``sections`` keeps: the other sections already in ``out_path``.

    A run of every section starts afresh. A missing file starts afresh too
    (the new file then holds only what was measured); a file that is not a
    stats object is bad input, reported in one line before anything is measured.
    """
    path = Path(out_path)
    if set(sections) == set(declared) or not path.exists():
        return {}
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PuzzleError(f"cannot read the figures to keep: {error}", where=str(path)) from None
    if not isinstance(found, dict):
        raise PuzzleError("not a stats file (no JSON object)", where=str(path))
    return found


def stamp(report: dict[str, Any], sections: Iterable[str], declared: Declared) -> None:
    """Record in ``report["code"]`` the hash of the code behind each of ``sections``."""
    code = dict(report.get("code") or {})
    for section in sections:
        code[section] = {"hash": code_hash(declared[section]), "measures": list(declared[section])}
    report["code"] = {name: code[name] for name in declared if name in code}


def stale(report: Mapping[str, Any], declared: Declared) -> list[str]:
    """Sections whose figures were measured by code that has changed since (or never stamped)."""
    code = report.get("code") or {}
    graph = imports.Graph()
    return [
        section
        for section, parts in declared.items()
        if section in report and (code.get(section) or {}).get("hash") != code_hash(parts, graph)
    ]


MEASURING = "pencilbox.kind.measuring"
"""The loop that runs every section's jobs and adds up their tables: part of
the code behind every section, whether declared or not."""

BOOKKEEPING = frozenset({"pencilbox.kind.sections", "pencilbox.kind.imports"})
"""Choosing the sections, keeping the rest of the file, stamping these hashes:
none of it makes a figure, so it is not hashed (else an edit to how a figure is
quoted in prose would stale every section of every type)."""


def code_hash(parts: Iterable[str], graph: imports.Graph | None = None) -> str:
    """A short hash of the code behind ``parts`` (see the module docstring),
    read through ``graph`` (one shared by several sections reads each file once)."""
    whole, partial, data = _reach(parts, graph or imports.Graph())
    digest = hashlib.sha256()
    for module in sorted(whole):
        digest.update(f"{module}\0{whole[module].tree_hash}\0".encode())
    for module in sorted(set(partial) - set(whole)):
        found, taken = partial[module]
        digest.update(f"{module}:\0".encode())
        for index in sorted(taken):
            digest.update(found.statements[index].dump.encode() + b"\0")
    for part in data:  # a data file the section reads, e.g. a shipped bank: its bytes
        package, _, filename = part.partition("/")
        read = resources.files(package).joinpath(filename).read_bytes()
        digest.update(f"{part}\0{hashlib.sha256(read).hexdigest()}\0".encode())
    return digest.hexdigest()[:16]


def section_modules(parts: Iterable[str], *, whole: bool = False) -> tuple[str, ...]:
    """The modules whose code the hash of ``parts`` covers, whole or in part
    (in part: a module named only by ``module:name``); only those covered whole
    if ``whole``."""
    entire, partial, _ = _reach(parts, imports.Graph())
    return tuple(sorted(set(entire) if whole else set(entire) | set(partial)))


def _reach(
    parts: Iterable[str], graph: imports.Graph
) -> tuple[dict[str, imports.Source], dict[str, tuple[imports.Source, set[int]]], list[str]]:
    """The modules behind ``parts`` hashed whole, those hashed in part (the
    statements a definition needs), and the data files."""
    whole = graph.closure([MEASURING], {"pencilbox"}, BOOKKEEPING)
    partial: dict[str, tuple[imports.Source, set[int]]] = {}
    data = []
    for part in parts:
        if "/" in part:
            data.append(part)
            continue
        module, _, name = part.partition(":")
        found = graph.source(module)
        if found is None:
            raise ValueError(f"stats section names {module}, which has no source")
        follow = {"pencilbox", module.partition(".")[0]}
        if not name:
            whole |= graph.closure([module], follow, BOOKKEEPING)
            continue
        reached = imports.definition(found, name)
        if reached is None:
            raise ValueError(f"stats section names {part}, which {module} does not define")
        taken, bound = reached
        partial.setdefault(module, (found, set()))[1].update(taken)
        roots = graph.targets(bound, follow) - BOOKKEEPING
        whole |= graph.closure(roots, follow, BOOKKEEPING)
    return whole, partial, data


# -- the generator's measured times --------------------------------------------------------


def generation_times(report: Mapping[str, Any], mode: str | None) -> dict[str, Any] | None:
    """The generator's timings in a stats report, for a front end to show a
    generation's elapsed time against: the ``generation`` section's ``by_size``,
    each size (``"ROWSxCOLS"``) with its ``median`` and ``max`` seconds (stored as
    ``median``/``max`` or ``median_seconds``/``max_seconds``) and ``samples``, the
    puzzles timed (the size's ``puzzles``, else the section's ``sample_size``);
    beside them the section's ``method`` and ``mode`` (the section's own, else
    ``mode``). None when the report has no such section or no size in it."""
    section = report.get("generation")
    if not isinstance(section, Mapping) or not isinstance(section.get("by_size"), Mapping):
        return None
    sizes = {}
    for size, figures in section["by_size"].items():
        if not isinstance(figures, Mapping):
            continue
        median = _seconds(figures, "median")
        slowest = _seconds(figures, "max")
        if median is None or slowest is None:
            continue
        samples = figures.get("puzzles", section.get("sample_size"))
        sizes[str(size)] = {
            "median": median,
            "max": slowest,
            "samples": samples if isinstance(samples, int) else None,
        }
    if not sizes:
        return None
    method = section.get("method")
    return {
        "mode": section.get("mode", mode),
        "method": method if isinstance(method, str) else None,
        "by_size": sizes,
    }


def _seconds(figures: Mapping[str, Any], name: str) -> float | None:
    """The seconds stored under ``name`` or ``name_seconds``, if a number."""
    for key in (name, f"{name}_seconds"):
        value = figures.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    return None


# -- figures quoted in prose ------------------------------------------------------------------

QUOTE = re.compile(r"\[([^\]]+)\]\(#stats:([^)~]+)(?:~([a-z0-9%]+))?\)")
"""A figure quoted from a stats file in Markdown: ``[66.3%](#stats:a.b.c~pct1)``, the
format after a tilde (a bar would split a table's cell)."""


def resolve(report: Any, path: str) -> Any:
    """The value at ``path`` ("a.b", "list.key=value", "list.0"; a key holding
    dots is found by joining parts until one matches; %20 is a space, so that a
    quote's link target stays one word)."""
    parts, node, i = path.replace("%20", " ").split("."), report, 0
    while i < len(parts):
        part = parts[i]
        if isinstance(node, list) and "=" in part:
            key, value = part.split("=", 1)
            node = next(item for item in node if str(item.get(key)) == value)
        elif isinstance(node, list):
            node = node[int(part)]
        else:
            while part not in node and i + 1 < len(parts):
                i += 1
                part += "." + parts[i]
            node = node[part]
        i += 1
    return node


def quoted(value: Any, fmt: str | None) -> str:
    """How a quote shows ``value``: pct/pct1 a fraction as a percentage, % a
    percentage as it is, d0..d4 fixed decimals, else the value itself."""
    if fmt in ("pct", "pct1"):
        return f"{100 * value:.{1 if fmt == 'pct1' else 0}f}%"
    if fmt == "%":
        return f"{value}%"
    if fmt and fmt.startswith("d"):
        return f"{value:,.{int(fmt[1:])}f}"
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


def requote(text: str, report: Any) -> str:
    """``text`` with every quote's figure replaced by the value it names now."""

    def fresh(match: re.Match[str]) -> str:
        figure = quoted(resolve(report, match[2]), match[3])
        return f"[{figure}](#stats:{match[2]}" + (f"~{match[3]})" if match[3] else ")")

    return QUOTE.sub(fresh, text)
