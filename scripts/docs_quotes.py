"""MkDocs hook: a figure quoted from a stats file reads as the figure.

The docs quote their figures as ``[66.3%](#stats:a.b.c~pct1)`` from a type's
``stats.json`` or ``[0.87](#bench:file.a.b~d2)`` from a benchmark's result file
(``pencilbox.kind.quoting``; ``tests/test_quoted_figures.py`` holds each to its
file). The link is the quote's source, not a place on the page,
so the site shows the figure with its source as a tooltip instead of a link
that goes nowhere; the Markdown itself is left as it is.
"""

from __future__ import annotations

import html
import re
from typing import Any

from pencilbox.kind.quoting import QUOTE

_NOTES = re.compile(r"(?:^|/)([a-z]+)-notes\.md$")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Each quote as ``<span title="...stats.json: PATH">FIGURE</span>``."""
    named = _NOTES.search(page.file.src_uri)
    source = f"src/pencilbox/puzzles/{named[1]}/stats.json" if named else "stats.json"

    def figure(match: re.Match[str]) -> str:
        shown, kind, path, _ = match.groups()
        if kind == "bench":
            name, _, path = path.partition(".")
            title = html.escape(f"benchmarks/results/{name}.json: {path}", quote=True)
        else:
            title = html.escape(f"{source}: {path}", quote=True)
        return f'<span class="stats-quote" title="{title}">{shown}</span>'

    return QUOTE.sub(figure, markdown)
