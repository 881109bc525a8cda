"""Refresh every figure the docs quote from a stats file or a benchmark's result file.

A figure is quoted as a Markdown link to its source,
``[66.3%](#stats:density.by_size.10x10.backtrack.mean~pct1)`` (a type's
``stats.json``, in ``docs/<type>-notes.md``) or
``[0.87](#bench:sat_norinori.measured.janko.sat.ratio~d2)`` (a file in
``benchmarks/results/``, on any page): see :mod:`pencilbox.kind.quoting`.
After a stats run or a benchmark, this rewrites each quote's text from its
file, so prose never carries a hand-typed figure; a table marked
``<!-- rendered: NAME -->`` is drawn again from ``benchmarks/results/NAME.json``
by that benchmark's ``render_result``.
``tests/test_quoted_figures.py`` fails while a quote and its file disagree.

    .venv/bin/python scripts/quote_stats.py [--check]
"""

from __future__ import annotations

import argparse
import sys
from importlib.resources.abc import Traversable
from pathlib import Path

from pencilbox import registry
from pencilbox.kind.quoting import pages, requote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))  # a table drawn from a result file

from results_file import rerender  # noqa: E402


def stats_files() -> dict[str, Traversable | None]:
    """Each registered type's shipped stats file, by name."""
    return {name: registry.get(name).stats_file() for name in registry.names()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale pages")
    args = parser.parse_args(argv)
    stale, broken = [], []
    for page, value in pages(ROOT, stats_files()):
        text = page.read_text(encoding="utf-8")
        missing: list[str] = []
        fresh = rerender(requote(text, value, missing))
        if missing:  # left as they are (a section not measured yet, say)
            print(f"{page.name}: {', '.join(missing)} name nothing", file=sys.stderr)
            broken.append(page.name)
        if fresh != text:
            stale.append(page.name)
            if not args.check:
                page.write_text(fresh, encoding="utf-8")
    verb = "stale" if args.check else "rewrote"
    if stale:
        print(f"{verb}: {', '.join(stale)}")
    elif not broken:
        print("every quoted figure is current")
    return 2 if broken else 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
