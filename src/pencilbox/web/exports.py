"""Every form the page's Export sections offer, written through the face.

The player's section (``POST /api/export``) and the editor's (the verdict's
``payload``) show the same list: the puzz.link URL, the text form, JSON,
a pzprv3 file and an SVG picture. A form that cannot hold the board (a
board with holes may have no URL and no pzprv3 form) is no failure: its writer's
one-line message goes in ``errors`` under the form's name, and the page
shows that line where the form would be.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .. import formats
from ..errors import PuzzleError
from ..kind import PuzzleKind

FORMS = ("url", "text", "json", "pzprv3", "svg")
"""The forms, in the order the page lists them."""


def _compact(obj: Any) -> str:
    # as the page's JSON.stringify writes it, so the field does not change when this arrives
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _svg(kind: PuzzleKind[Any], puzzle: Any) -> str:
    from ..pictures.svg import to_svg  # only the exports draw: the other requests do without

    return to_svg(kind.drawing(puzzle), title=f"{kind.name} {puzzle.rows}x{puzzle.cols}")


def _writers(kind: PuzzleKind[Any], puzzle: Any) -> dict[str, Callable[[], str]]:
    return {
        "url": lambda: kind.to_url(puzzle),
        "text": lambda: kind.format_text(puzzle),
        "json": lambda: _compact(kind.to_json(puzzle)),
        "pzprv3": lambda: formats.dump(kind, puzzle, "pzprv3"),
        "svg": lambda: _svg(kind, puzzle),
    }


def export_forms(kind: PuzzleKind[Any], puzzle: Any) -> dict[str, dict[str, str]]:
    """``{"forms": {name: text}, "errors": {name: one line}}``: each of :data:`FORMS`
    in exactly one of the two."""
    forms: dict[str, str] = {}
    errors: dict[str, str] = {}
    for name, write in _writers(kind, puzzle).items():
        try:
            forms[name] = write()
        except PuzzleError as error:
            errors[name] = str(error)
        except NotImplementedError:
            # a type that describes no drawing: the picture is the only form it can lack so
            errors[name] = f"{kind.display_name} boards have no {name} picture yet"
    return {"forms": forms, "errors": errors}
