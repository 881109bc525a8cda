"""Stats sections: measuring some of a type's figures, and knowing when they are stale.

A type's stats module declares its sections as a mapping from the section's
key in ``stats.json`` to the code that section measures: dotted module names
(``pencilbox.puzzles.foo.generate``), ``module:name`` for one top-level
function, class or constant (``pencilbox.puzzles.foo.stats_jobs:density``),
so that a section does not go stale when a job of another section changes,
or ``package/file`` for data it reads (``pencilbox.puzzles.foo/bank.json``).

Each measured section is stamped in the file's ``code`` with a hash of that
code; :func:`stale` recomputes the hashes and names every section whose code
has changed since it was measured. The hash is of the parsed source with
docstrings dropped (comments and layout never reach the tree), so editing
prose leaves the figures standing and editing code does not.

It also reads the generator's measured times out of a report
(:func:`generation_times`), for a front end to set a generation's elapsed
time against.

Nothing here names a type: the declarations come from each type's package.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import PuzzleError

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
    return [
        section
        for section, parts in declared.items()
        if section in report and (code.get(section) or {}).get("hash") != code_hash(parts)
    ]


def code_hash(parts: Iterable[str]) -> str:
    """A short hash of the code named by ``parts`` (see the module docstring)."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() + b"\0" + _tree_of(part).encode() + b"\0")
    return digest.hexdigest()[:16]


def _tree_of(part: str) -> str:
    if "/" in part:  # a data file the section reads, e.g. a shipped bank: its bytes
        package, _, filename = part.partition("/")
        data = resources.files(package).joinpath(filename).read_bytes()
        return hashlib.sha256(data).hexdigest()
    module, _, name = part.partition(":")
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise ValueError(f"stats section names {module}, which has no source")
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    _drop_docstrings(tree)
    if not name:
        return ast.dump(tree)
    for node in tree.body:
        if _defines(node, name):
            return ast.dump(node)
    raise ValueError(f"stats section names {part}, which {module} does not define")


def _defines(node: ast.stmt, name: str) -> bool:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return node.name == name
    if isinstance(node, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
    if isinstance(node, ast.AnnAssign):
        return isinstance(node.target, ast.Name) and node.target.id == name
    return False


def _drop_docstrings(tree: ast.AST) -> None:
    """Drop every bare string statement: docstrings, and the notes under constants."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            kept = [s for s in body if not _is_prose(s)]
            node.body = kept or [ast.Pass()]  # type: ignore[attr-defined]


def _is_prose(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


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
