"""Holes (cells in no region) are drawn hatched, in the SVG, the PNG and the booklet's PDF.

The hole cells are read off each puzzle's own model (a LITS region -1, a
removed Suguru cell), never off the drawing, and compared with what the
pictures show:

* SVG, parsed: one ``<clipPath>`` square per hole, exactly on the hole cells,
  and a group of slanted stripes clipped to it, reaching across the square;
  every reference points inside the document. No clip, group or stripe at all
  on a board without holes, of any type.
* PNG, by pixels: inside a hole both the stripes' ink and the paper show, in
  diagonal bands; a plain cell is paper only, a shaded cell one grey, and the
  paper round a hole at the board's edge stays blank (the stripes are clipped).
* PDF: the booklet's page clips once per hole.
"""

from __future__ import annotations

import io
import json
import math
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from conftest import load_data
from pencilbox import formats, registry
from pencilbox.kind import CellDrawing, Drawing
from pencilbox.pictures.layout import BORDER_WIDTH, CELL, MARGIN
from pencilbox.pictures.svg import to_svg
from pencilbox.puzzles.lits.model import HOLE
from pencilbox.puzzles.suguru.model import REMOVED

SVG = "{http://www.w3.org/2000/svg}"
Cell = tuple[int, int]

SUGURU_5X6 = """\
suguru 5x6
A B B C C C
. B B C C .
D D D D E E
D F F . E E
G . F F H H
"""
"""Four removed cells, two on the board's left and right edges."""


def _janko_lits() -> list[tuple[Any, list[list[int]]]]:
    """The two janko.at LITS boards with holes, each with janko's answer."""
    boards = []
    for record in load_data("lits/janko_holes_sample.json")["puzzles"]:
        regions = [
            [HOLE if token == "@" else int(token) for token in line.split()]
            for line in record["regions_verbatim"]
        ]
        obj = {"puzzle": "lits", "rows": record["rows"], "cols": record["cols"]}
        _, puzzle = formats.load_object({**obj, "regions": regions})
        answer = [
            [0 if t == "-" else 1 for t in line.split()] for line in record["solution_verbatim"]
        ]
        boards.append((puzzle, answer))
    return boards


def _suguru_real() -> Any:
    """A published Suguru (6x16) with one removed cell, r1c16."""
    (found,) = load_data("suguru/misc_urls.json")["puzzles"]
    return formats.load_url(found["url_verbatim"])[1]


def _holes_of(puzzle: Any) -> set[Cell]:
    """The hole cells by the puzzle's own model."""
    if hasattr(puzzle, "blocks"):
        cells = [c for c, block in enumerate(puzzle.blocks) if block == REMOVED]
    else:
        cells = [c for c, region in enumerate(puzzle.regions) if region == HOLE]
    return {divmod(c, puzzle.cols) for c in cells}


def _boards_with_holes() -> list[tuple[str, Any, list[list[int]] | None]]:
    """(name, puzzle, answer or None): LITS and Suguru boards with holes, some
    side by side, some on the board's edge."""
    boards: list[tuple[str, Any, list[list[int]] | None]] = []
    for index, (puzzle, answer) in enumerate(_janko_lits()):
        boards += [
            (f"lits-janko-{index}", puzzle, None),
            (f"lits-janko-{index}-solved", puzzle, answer),
        ]
    for text in ("lits 3x3\nAAA\nA.A\nAAA\n", "lits 2x4\nAAAA\n....\n"):
        boards.append((text.split("\n")[0], formats.load(text)[1], None))
    suguru = formats.load(SUGURU_5X6)[1]
    _, answers = registry.get("suguru").brute_count(suguru, 1)
    boards += [("suguru-5x6", suguru, None), ("suguru-5x6-solved", suguru, answers[0])]
    boards.append(
        ("suguru-2x3", formats.load("suguru 2x3\nA A .\nB B B\n\n. . .\n. 2 .\n")[1], None)
    )
    boards.append(("suguru-real", _suguru_real(), None))
    return boards


BOARDS = _boards_with_holes()


def _drawing(puzzle: Any, answer: list[list[int]] | None) -> Drawing:
    name = "suguru" if hasattr(puzzle, "blocks") else "lits"
    return registry.get(name).drawing(puzzle, answer)


def _cell_of_square(x: float, y: float, width: float, height: float) -> Cell:
    """The cell a square covers exactly (the test fails if it covers anything else)."""
    col, row = (x - MARGIN) / CELL, (y - MARGIN) / CELL
    assert (width, height) == (CELL, CELL), "a hole's clip is one cell's square"
    assert col == int(col) and row == int(row), "a hole's clip sits on the cell grid"
    return int(row), int(col)


def _svg_hatching(svg: ET.Element) -> dict[Cell, list[tuple[float, float, float, float]]]:
    """Each hatched cell with its stripes, read through the clip paths the groups name."""
    clips: dict[str, Cell] = {}
    for clip in svg.iter(f"{SVG}clipPath"):
        (rect,) = list(clip)
        assert rect.tag == f"{SVG}rect" and rect.get("class") == "hole"
        box = [float(rect.get(k, "")) for k in ("x", "y", "width", "height")]
        clips[clip.get("id", "")] = _cell_of_square(*box)
    hatched: dict[Cell, list[tuple[float, float, float, float]]] = {}
    for group in svg.iter(f"{SVG}g"):
        if group.get("class") != "hole":
            continue
        found = re.fullmatch(r"url\(#([^)]+)\)", group.get("clip-path", ""))
        assert found and found.group(1) in clips, "a hole's stripes are clipped to its square"
        cell = clips[found.group(1)]
        assert cell not in hatched, "one group of stripes a hole"
        stripes = []
        for line in group:
            assert line.tag == f"{SVG}line" and line.get("class") == "hole-hatch"
            assert line.get("stroke") not in ("#ffffff", "white", "none")
            assert float(line.get("stroke-width", "0")) > 0
            x0, y0, x1, y1 = (float(line.get(k, "")) for k in ("x1", "y1", "x2", "y2"))
            stripes.append((x0, y0, x1, y1))
        hatched[cell] = stripes
    assert set(hatched) == set(clips.values()), "every hole's clip is used"
    return hatched


def _crossing(stripe: tuple[float, float, float, float], cell: Cell) -> float:
    """How long a stretch of the stripe lies inside the cell's square."""
    x0, y0, x1, y1 = stripe
    left, top = MARGIN + cell[1] * CELL, MARGIN + cell[0] * CELL
    steps = 400
    inside = sum(
        left < x0 + (x1 - x0) * t / steps < left + CELL
        and top < y0 + (y1 - y0) * t / steps < top + CELL
        for t in range(steps + 1)
    )
    return inside / steps * math.hypot(x1 - x0, y1 - y0)


@pytest.mark.parametrize(("name", "puzzle", "answer"), BOARDS, ids=[b[0] for b in BOARDS])
def test_svg_hatches_exactly_the_holes(name: str, puzzle: Any, answer: Any) -> None:
    text = to_svg(_drawing(puzzle, answer), title=name)
    svg = ET.fromstring(text)
    holes = _holes_of(puzzle)
    assert holes, "the board has holes"
    hatched = _svg_hatching(svg)
    assert set(hatched) == holes
    for cell, stripes in hatched.items():
        # slanted (rising to the right), several, and together they cross the whole square
        assert all(abs((x1 - x0) + (y1 - y0)) < 1e-6 and x1 != x0 for x0, y0, x1, y1 in stripes)
        crossing = [_crossing(stripe, cell) for stripe in stripes]
        assert sum(length > CELL / 4 for length in crossing) >= 5, (cell, crossing)
    # No fill under a hole: the stripes lie on the paper, unlike a shaded cell's grey.
    fills = {
        (
            int((float(r.get("y", "")) - MARGIN) // CELL),
            int((float(r.get("x", "")) - MARGIN) // CELL),
        )
        for r in svg.iter(f"{SVG}rect")
        if r.get("class") == "fill"
    }
    assert not fills & holes
    # Self-contained: every reference is to an id of this document, nothing else is linked.
    ids = {element.get("id") for element in svg.iter() if element.get("id")}
    assert set(re.findall(r"url\(#([^)]+)\)", text)) <= ids
    assert "href" not in text and "<image" not in text and "@import" not in text
    assert re.findall(r"https?://[^\"']*", text) == ["http://www.w3.org/2000/svg"]


@pytest.mark.parametrize("name", registry.names())
def test_no_hatching_without_holes(name: str) -> None:
    """Boards of every type without holes (the bank's) show no clip, group or stripe."""
    kind = registry.get(name)
    for record in kind.bank()[:3]:
        _, puzzle = formats.load_url(record["url"])
        for grid in (None, record["solution"]):
            drawing = kind.drawing(puzzle, grid)
            assert not drawing.holes()
            text = to_svg(drawing)
            svg = ET.fromstring(text)
            assert _svg_hatching(svg) == {}
            assert "hole" not in text and "<defs" not in text and "clip" not in text


def test_any_drawing_with_a_cell_in_no_region_is_hatched() -> None:
    """The hatching comes from the drawing alone: a cell in no region, whatever it holds."""
    cells = [CellDrawing(region=0)] * 6
    cells[1] = CellDrawing(region=None)
    cells[5] = CellDrawing(region=None, tone=0.8, text="x")
    drawing = Drawing(2, 3, tuple(cells))
    assert drawing.holes() == (1, 5)
    assert set(_svg_hatching(ET.fromstring(to_svg(drawing)))) == {(0, 1), (1, 2)}


# -- PNG ----------------------------------------------------------------------------


def _png(drawing: Drawing) -> Any:
    image_module = pytest.importorskip("PIL.Image")
    from pencilbox.pictures.png import to_png

    image = image_module.open(io.BytesIO(to_png(drawing)))
    assert image.mode == "L"
    return image


def _inside(cell: Cell, pad: int = 4) -> list[tuple[int, int]]:
    """The pixels of a cell's square, ``pad`` pixels clear of its sides' lines."""
    left, top = int(MARGIN + cell[1] * CELL), int(MARGIN + cell[0] * CELL)
    side = int(CELL)
    return [
        (x, y)
        for y in range(top + pad, top + side - pad)
        for x in range(left + pad, left + side - pad)
    ]


def _corners(cell: Cell, pad: int = 4, side: int = 6) -> list[list[tuple[int, int]]]:
    """Four ``side`` x ``side`` patches of pixels in the corners of a cell's inside."""
    left, top = int(MARGIN + cell[1] * CELL) + pad, int(MARGIN + cell[0] * CELL) + pad
    far = int(CELL) - 2 * pad - side
    return [
        [(left + dx + x, top + dy + y) for y in range(side) for x in range(side)]
        for dx in (0, far)
        for dy in (0, far)
    ]


@pytest.mark.parametrize(("name", "puzzle", "answer"), BOARDS, ids=[b[0] for b in BOARDS])
def test_png_hatches_exactly_the_holes(name: str, puzzle: Any, answer: Any) -> None:
    image = _png(_drawing(puzzle, answer))
    holes = _holes_of(puzzle)
    shaded = {(r, c) for r, row in enumerate(answer or []) for c, v in enumerate(row) if v == 1}
    if not hasattr(puzzle, "regions"):
        shaded = set()  # a Suguru answer holds digits, not shading
    for row in range(puzzle.rows):
        for col in range(puzzle.cols):
            cell = (row, col)
            pixels = {xy: image.getpixel(xy) for xy in _inside(cell)}
            values = set(pixels.values())
            if cell in holes:
                ink = [xy for xy, v in pixels.items() if v < 64]
                paper = [xy for xy, v in pixels.items() if v == 255]
                assert len(ink) > len(pixels) / 8 and len(paper) > len(pixels) / 3, (cell, values)
                # Bands rising to the right: a pixel is mostly as its neighbour up and
                # to the right, and often unlike the one beside it (as across a bar's
                # stripes, which run along a row or a column).
                pairs = [(v, (x + 1, y - 1), (x + 1, y)) for (x, y), v in pixels.items()]
                pairs = [(v, up, side) for v, up, side in pairs if up in pixels and side in pixels]
                alike = sum(v == pixels[up] for v, up, _ in pairs)
                beside = sum(v != pixels[side] for v, _, side in pairs)
                assert alike > 0.9 * len(pairs) and beside > len(pairs) / 10, (cell, alike, beside)
            else:
                # Each corner of the cell (clear of a digit, which is centred) is
                # one colour: a stripe would cross any 6x6 patch of a hole.
                for corner in _corners(cell):
                    seen = {pixels[xy] for xy in corner}
                    if cell in shaded:
                        assert len(seen) == 1 and 0 < seen.pop() < 255, cell
                    else:
                        assert seen == {255}, cell
    # The stripes stop at the hole's side: the paper round the board stays blank.
    width, height = image.size
    margin = int(MARGIN - BORDER_WIDTH / 2)  # the paper outside the outer border
    for x in range(width):
        for y in (*range(margin), *range(height - margin, height)):
            assert image.getpixel((x, y)) == 255, (x, y)
    for y in range(height):
        for x in (*range(margin), *range(width - margin, width)):
            assert image.getpixel((x, y)) == 255, (x, y)


def test_png_plain_and_shaded_cells_show_no_hatching() -> None:
    """On a LITS answer without holes, each cell inside is one colour: paper or the shade."""
    kind = registry.get("lits")
    record = kind.bank()[0]
    _, puzzle = formats.load_url(record["url"])
    image = _png(kind.drawing(puzzle, record["solution"]))
    for row, line in enumerate(record["solution"]):
        for col, value in enumerate(line):
            values = {image.getpixel(xy) for xy in _inside((row, col))}
            assert len(values) == 1 and (values.pop() < 255) == (value == 1), (row, col)


# -- the booklet's PDF --------------------------------------------------------------


def test_booklet_clips_once_per_hole(tmp_path: Any) -> None:
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("fpdf")
    from pencilbox.pictures.booklet import booklet_pdf, read_entries

    kind = registry.get("lits")
    (puzzle, answer), _ = _janko_lits()
    plain = kind.bank()[0]
    lines = [
        json.dumps({"id": "holes", "json": kind.to_json(puzzle), "solution": answer, "grade": "g"}),
        json.dumps(
            {"id": "plain", "url": plain["url"], "solution": plain["solution"], "grade": "g"}
        ),
    ]
    pdf = booklet_pdf(read_entries("\n".join(lines)), per_page=1)
    pages = [
        page.get_contents().get_data().decode("latin-1")
        for page in pypdf.PdfReader(io.BytesIO(pdf)).pages
    ]
    clips = [len(re.findall(r" re W n\b", page)) for page in pages]
    holes = len(_holes_of(puzzle))
    assert clips == [holes, 0, holes, 0]  # puzzles, then answers


def test_random_boards_hatch_their_holes() -> None:
    """Random boards of every type: the SVG hatches exactly the drawing's cells in no region."""
    hatched = 0
    for name in registry.names():
        kind = registry.get(name)
        rng = random.Random(f"holes:{name}")
        for _ in range(40):
            try:
                puzzle = kind.soak_board(rng, rng.randint(3, 6), rng.randint(3, 6))
            except ValueError:
                continue
            drawing = kind.drawing(puzzle)
            expected = {divmod(c, drawing.cols) for c in drawing.holes()}
            assert expected == {
                divmod(c, drawing.cols)
                for c, look in enumerate(drawing.cells)
                if look.region is None
            }
            assert set(_svg_hatching(ET.fromstring(to_svg(drawing)))) == expected
            hatched += len(expected)
    assert hatched >= 20, "the random boards drew holes"
