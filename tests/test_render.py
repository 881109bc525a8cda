"""``pencilbox render``: the SVG read back cell by cell against the puzzle, and the PNG.

The SVG is parsed with ``xml.etree`` and every mark is placed by its
coordinates (not by any label the writer adds), then compared with facts
read off the puzzle's own model and the bank's answer: the givens' texts,
the thick lines (exactly the region boundaries), the shaded cells.
"""

from __future__ import annotations

import random
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from pencilbox import formats, registry
from pencilbox.cli import main
from pencilbox.pictures.layout import CELL, MARGIN
from pencilbox.pictures.svg import to_svg

SVG = "{http://www.w3.org/2000/svg}"
Edge = tuple[int, int, int, int]  # corner (row, col) to corner (row, col)


def _bank(name: str, index: int = 0) -> dict[str, Any]:
    return registry.get(name).bank()[index]


def _render(capsys: pytest.CaptureFixture[str], *args: str) -> ET.Element:
    assert main(["render", *args]) == 0
    return ET.fromstring(capsys.readouterr().out)


def _cell_at(x: float, y: float) -> tuple[int, int]:
    """The (row, col) of the cell a point lies in."""
    return int((y - MARGIN) // CELL), int((x - MARGIN) // CELL)


def _texts(svg: ET.Element, css: str) -> dict[tuple[int, int], str]:
    return {
        _cell_at(float(t.get("x", "")), float(t.get("y", ""))): t.text or ""
        for t in svg.iter(f"{SVG}text")
        if t.get("class") == css
    }


def _edges(svg: ET.Element, css: str) -> set[Edge]:
    """The unit edges the lines of class ``css`` lie on."""
    found = set()
    for line in svg.iter(f"{SVG}line"):
        if line.get("class") != css:
            continue
        x0, y0, x1, y1 = (float(line.get(k, "")) for k in ("x1", "y1", "x2", "y2"))
        corner = [
            (round((y - MARGIN) / CELL), round((x - MARGIN) / CELL))
            for x, y in ((x0, y0), (x1, y1))
        ]
        (r0, c0), (r1, c1) = sorted(corner)
        assert abs(r1 - r0) + abs(c1 - c0) == 1, "a line spans one cell's side"
        found.add((r0, c0, r1, c1))
    return found


def _fills(svg: ET.Element) -> dict[tuple[int, int], str]:
    return {
        _cell_at(float(r.get("x", "")) + 1, float(r.get("y", "")) + 1): r.get("fill", "")
        for r in svg.iter(f"{SVG}rect")
        if r.get("class") == "fill"
    }


def _hatched(svg: ET.Element) -> set[tuple[int, int]]:
    cells = set()
    for line in svg.iter(f"{SVG}line"):
        if line.get("class") == "hatch":
            x0, y0, x1, y1 = (float(line.get(k, "")) for k in ("x1", "y1", "x2", "y2"))
            cells.add(_cell_at((x0 + x1) / 2, (y0 + y1) / 2))
    return cells


def _boundaries(rows: int, cols: int, region: list[list[Any]]) -> tuple[set[Edge], set[Edge]]:
    """(thick, thin) unit edges by the rule: different regions (None: a hole or
    outside) part, equal ones join, and nothing is drawn between two holes."""

    def at(r: int, c: int) -> Any:
        return region[r][c] if 0 <= r < rows and 0 <= c < cols else None

    thick, thin = set(), set()
    for r in range(rows + 1):
        for c in range(cols + 1):
            for edge, a, b in (
                ((r, c, r, c + 1), at(r - 1, c), at(r, c)),  # the side along the top of (r, c)
                ((r, c, r + 1, c), at(r, c - 1), at(r, c)),  # the side down the left of (r, c)
            ):
                if edge[3] > cols or edge[2] > rows or (a is None and b is None):
                    continue
                (thick if a != b else thin).add(edge)
    return thick, thin


def _grid(obj: list[list[int]]) -> dict[tuple[int, int], int]:
    return {(r, c): v for r, row in enumerate(obj) for c, v in enumerate(row)}


def test_suguru_givens_borders_and_solution(capsys: pytest.CaptureFixture[str]) -> None:
    record = _bank("suguru", 3)
    blocks, givens = record["json"]["blocks"], record["json"]["givens"]
    rows, cols = record["rows"], record["cols"]
    svg = _render(capsys, record["url"])
    assert (svg.get("data-rows"), svg.get("data-cols")) == (str(rows), str(cols))
    assert _texts(svg, "given") == {cell: str(v) for cell, v in _grid(givens).items() if v}
    assert _texts(svg, "entry") == {}
    thick, thin = _boundaries(rows, cols, blocks)
    assert _edges(svg, "border") == thick
    assert _edges(svg, "grid") == thin
    solved = _render(capsys, record["url"], "--solution")
    written = _texts(solved, "given") | _texts(solved, "entry")
    assert written == {cell: str(v) for cell, v in _grid(record["solution"]).items()}
    assert set(_texts(solved, "given")) == {cell for cell, v in _grid(givens).items() if v}


def test_suguru_removed_cell_is_a_hole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "hole.txt"
    board.write_text("suguru 2x3\nA A .\nB B B\n\n. . .\n. 2 .\n", encoding="utf-8")
    svg = _render(capsys, str(board))
    thick, thin = _boundaries(2, 3, [[0, 0, None], [1, 1, 1]])
    assert _edges(svg, "border") == thick
    assert (0, 3, 1, 3) not in thick and (0, 2, 0, 3) not in thick  # the hole's outer sides
    assert _edges(svg, "grid") == thin
    assert _fills(svg) == {}  # hatched (tests/test_render_holes.py), no longer filled dark
    assert _texts(svg, "given") == {(1, 1): "2"}


def test_lits_shading_is_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    record = _bank("lits", 2)
    rows, cols = record["rows"], record["cols"]
    plain = _render(capsys, record["url"])
    thick, thin = _boundaries(rows, cols, record["json"]["regions"])
    assert _edges(plain, "border") == thick
    assert _edges(plain, "grid") == thin
    assert _fills(plain) == {}
    solved = _render(capsys, record["url"], "--solution")
    shaded = {cell for cell, v in _grid(record["solution"]).items() if v == 1}
    assert set(_fills(solved)) == shaded
    assert len(shaded) == 4 * len({r for row in record["json"]["regions"] for r in row})
    assert _edges(solved, "border") == thick


def test_lits_position_dots() -> None:
    kind, puzzle = formats.load_url(_bank("lits")["url"])
    position = [[0] * puzzle.cols for _ in range(puzzle.rows)]
    position[0][1], position[2][3], position[1][1] = 2, 2, 1
    svg = ET.fromstring(to_svg(kind.drawing(puzzle, position)))
    dots = {
        _cell_at(float(c.get("cx", "")), float(c.get("cy", ""))) for c in svg.iter(f"{SVG}circle")
    }
    assert dots == {(0, 1), (2, 3)}
    assert set(_fills(svg)) == {(1, 1)}


def _shape(cells: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """A piece's cells relative to its first in reading order: equal for equal shapes as drawn."""
    ordered = sorted(cells)
    return tuple((r - ordered[0][0], c - ordered[0][1]) for r, c in ordered)


def test_heteromino_black_cells_and_pieces(capsys: pytest.CaptureFixture[str]) -> None:
    record = _bank("heteromino", 1)
    rows, cols = record["rows"], record["cols"]
    black = _grid(record["json"]["black"])
    plain = _render(capsys, record["url"])
    thick, thin = _boundaries(rows, cols, record["json"]["black"])
    assert _edges(plain, "border") == thick
    assert _edges(plain, "grid") == thin
    assert _fills(plain) == {cell: "#000000" for cell, b in black.items() if b}

    solved = _render(capsys, record["url"], "--solution")
    thick, thin = _boundaries(rows, cols, record["solution"])
    assert _edges(solved, "border") == thick  # every piece outlined; black cells are piece 0
    assert _edges(solved, "grid") == thin
    pieces: dict[int, list[tuple[int, int]]] = {}
    for cell, number in _grid(record["solution"]).items():
        if number:
            pieces.setdefault(number, []).append(cell)
    fills, hatched = _fills(solved), _hatched(solved)
    bars = {
        cell for cells in pieces.values() if len({r for r, _ in cells}) in (1, 3) for cell in cells
    }
    assert hatched == bars
    assert {cell for cell, fill in fills.items() if fill == "#000000"} == {
        cell for cell, b in black.items() if b
    }
    # Each L in one grey of its own shape's, and the four shapes' greys differ.
    greys: dict[tuple[tuple[int, int], ...], set[str]] = {}
    for cells in pieces.values():
        if cells[0] not in bars:
            greys.setdefault(_shape(cells), set()).update(fills[cell] for cell in cells)
    assert all(len(tones) == 1 for tones in greys.values())
    assert len({tone for tones in greys.values() for tone in tones}) == len(greys) > 1


def test_png_size_and_shading(tmp_path: Path) -> None:
    pil = pytest.importorskip("PIL.Image")
    record = _bank("lits")
    out = tmp_path / "board.png"
    assert main(["render", record["url"], "--solution", "--out", str(out)]) == 0  # png by suffix
    image = pil.open(out).convert("L")
    assert image.size == (record["cols"] * CELL + 2 * MARGIN, record["rows"] * CELL + 2 * MARGIN)
    for (r, c), value in _grid(record["solution"]).items():
        pixel = image.getpixel((int(MARGIN + (c + 0.5) * CELL), int(MARGIN + (r + 0.5) * CELL)))
        assert (pixel < 160) if value else (pixel == 255), (r, c, pixel)


def test_png_to_stdout_and_svg_to_a_file(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    pytest.importorskip("PIL")
    url = _bank("heteromino")["url"]
    assert main(["render", url, "--format", "png"]) == 0
    assert capsysbinary.readouterr().out.startswith(b"\x89PNG\r\n\x1a\n")
    out = tmp_path / "board.svg"
    assert main(["render", url, "--out", str(out)]) == 0
    assert ET.fromstring(out.read_text(encoding="utf-8")).tag == f"{SVG}svg"


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["render", "no-such-file.txt"], 2, "no such file"),
        (["render", "{URL}", "--format", "gif"], 2, "invalid choice"),
        (["render", "{URL}", "--out", "/no/such/dir/b.svg"], 2, "cannot write /no/such/dir/b.svg"),
    ],
)
def test_render_errors_are_one_line(
    args: list[str], code: int, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    url = _bank("suguru")["url"]
    assert main([url if a == "{URL}" else a for a in args]) == code
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_png_without_pillow_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "PIL", None)  # import PIL now raises ImportError
    url = _bank("suguru")["url"]
    assert main(["render", url, "--out", str(tmp_path / "b.png")]) == 1
    err = capsys.readouterr().err
    assert "Pillow" in err and err.count("\n") == 1


def test_every_type_draws_through_the_face() -> None:
    for name in registry.names():
        kind = registry.get(name)
        record = kind.bank()[0]
        _, puzzle = formats.load_url(record["url"])
        drawing = kind.drawing(puzzle, record["solution"])
        assert (drawing.rows, drawing.cols) == (record["rows"], record["cols"])
        svg = ET.fromstring(to_svg(drawing))
        assert float(svg.get("width", "")) == record["cols"] * CELL + 2 * MARGIN


@pytest.mark.parametrize("name", registry.names())
def test_an_answer_never_removes_a_border(name: str) -> None:
    """On random boards of every type: the answer's picture keeps every thick line
    of the puzzle's (it may add some, as Heteromino's pieces do), and holes stay holes."""
    kind = registry.get(name)
    rng = random.Random(f"render:{name}")
    drawn = 0
    for _ in range(40):
        try:
            puzzle = kind.soak_board(rng, rng.randint(3, 5), rng.randint(3, 5))
        except ValueError:
            continue
        _, answers = kind.brute_count(puzzle, 1)
        plain = kind.drawing(puzzle)
        borders = {edge[:4] for edge in plain.edges() if edge.style == "border"}
        for answer in answers:
            solved = kind.drawing(puzzle, answer)
            assert borders <= {edge[:4] for edge in solved.edges() if edge.style == "border"}
            holes = [cell.region is None for cell in solved.cells]
            assert holes == [cell.region is None for cell in plain.cells]
            ET.fromstring(to_svg(solved))  # well-formed
            drawn += 1
    assert drawn >= 20, f"only {drawn} of 40 random {name} boards had an answer to draw"
