"""A puzzle's metadata (author, source, comment) survives every conversion
between the forms that hold it (text, JSON, pzprv3); a URL holds none."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from pencilbox import cli, formats, registry
from pencilbox.codecs.metadata import MAX_FIELD, Metadata
from pencilbox.errors import PuzzleError

TYPES = ("lits", "suguru", "heteromino")
HOLDING = ("text", "json", "pzprv3")
META = Metadata("Ann Setter", "https://example.org/p?lits/4/4 (book 2: #7)", "for Bo\nline two")


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize("order", list(itertools.permutations(HOLDING)), ids="-".join)
def test_metadata_survives_every_chain_of_conversions(name: str, order: tuple[str, ...]) -> None:
    kind = registry.get(name)
    puzzle = kind.from_json(kind.bank()[-1]["json"])
    text = formats.dump(kind, puzzle, order[0], meta=META)
    for form in (*order[1:], order[0]):
        loaded = formats.read(text)
        assert (loaded.kind, loaded.puzzle, loaded.meta) == (kind, puzzle, META), form
        text = formats.dump(kind, loaded.puzzle, form, meta=loaded.meta)
    assert formats.read(text).meta == META


@pytest.mark.parametrize("name", TYPES)
def test_a_url_holds_no_metadata(name: str) -> None:
    kind = registry.get(name)
    puzzle = kind.from_json(kind.bank()[0]["json"])
    url = formats.dump(kind, puzzle, "url", meta=META)
    assert formats.read(url) == formats.Loaded(kind, puzzle)


def test_the_text_form_writes_comment_lines_before_the_header() -> None:
    kind = registry.get("heteromino")
    puzzle = kind.parse_text("heteromino 1x3\n...\n")
    assert formats.dump(kind, puzzle, "text", meta=META) == (
        "# author: Ann Setter\n"
        "# source: https://example.org/p?lits/4/4 (book 2: #7)\n"
        "# comment: for Bo\n"
        "# comment: line two\n"
        "heteromino 1x3\n...\n"
    )


def test_only_comments_before_the_header_are_metadata() -> None:
    # After a Heteromino header a '#' line is a row of black cells, not a comment.
    text = "# Author:  Cy \n# a plain comment\n\nheteromino 2x3\n...\n###\n"
    loaded = formats.read(text)
    assert loaded.meta == Metadata(author="Cy")
    assert loaded.puzzle.black == (False, False, False, True, True, True)
    lits = "lits 1x4\n# author: not this one\nAAAA\n"
    assert formats.read(lits).meta == Metadata()


def test_json_fields_hold_it() -> None:
    kind = registry.get("lits")
    puzzle = kind.parse_text("lits 1x4\nAAAA\n")
    obj = json.loads(formats.dump(kind, puzzle, "json", meta=Metadata(author="Ann")))
    assert obj == {
        "puzzle": "lits",
        "rows": 1,
        "cols": 4,
        "regions": [[0, 0, 0, 0]],
        "author": "Ann",
    }


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            '{"puzzle": "lits", "rows": 1, "cols": 4, "regions": [[0,0,0,0]], "author": 3}',
            "JSON: 'author' must be a string",
        ),
        (
            "# comment: " + "x" * (MAX_FIELD + 1) + "\nlits 1x4\nAAAA\n",
            f"text: 'comment' holds {MAX_FIELD + 1} characters, more than {MAX_FIELD}",
        ),
    ],
)
def test_bad_metadata_gets_one_line_errors(text: str, words: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        formats.read(text)
    assert str(caught.value) == words


def test_convert_carries_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.txt"
    path.write_text("# author: Ann\n# source: the club sheet\nlits 1x4\nAAAA\n", encoding="utf-8")
    assert cli.main(["convert", str(path), "--to", "pzprv3"]) == 0
    written = capsys.readouterr().out
    assert written.endswith('\ninfo:{"author":"Ann","source":"the club sheet"}\n')
    again = tmp_path / "board.pzpr"
    again.write_text(written, encoding="utf-8")
    assert cli.main(["convert", str(again), "--to", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["author"], obj["source"]) == ("Ann", "the club sheet")
