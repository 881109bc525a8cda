"""Refresh every figure the notes in ``docs/`` quote from a type's ``stats.json``.

A figure is quoted as a Markdown link to its path in the file,
``[66.3%](#stats:density.by_size.10x10.backtrack.mean~pct1)``
(:data:`pencilbox.kind.sections.QUOTE`); after a stats run, this rewrites
each quote's text from the file, so prose never carries a hand-typed figure.
``tests/test_stats_hash.py`` fails while a quote and its file disagree.

    .venv/bin/python scripts/quote_stats.py [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pencilbox import registry
from pencilbox.kind.sections import requote

DOCS = Path(__file__).resolve().parent.parent / "docs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale notes")
    args = parser.parse_args(argv)
    stale = []
    for name in registry.names():
        stats, notes = registry.get(name).stats_file(), DOCS / f"{name}-notes.md"
        if stats is None or not notes.is_file():
            continue
        text = notes.read_text(encoding="utf-8")
        fresh = requote(text, json.loads(stats.read_text(encoding="utf-8")))
        if fresh != text:
            stale.append(notes.name)
            if not args.check:
                notes.write_text(fresh, encoding="utf-8")
    verb = "stale" if args.check else "rewrote"
    print(f"{verb}: {', '.join(stale)}" if stale else "every quoted figure is current")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
