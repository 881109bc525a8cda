"""The front-door fuzzer (:mod:`pencilbox.fuzzing`): its default run, its judging,
its reproducibility, and the inputs it has found that broke a door.

The default run feeds a few thousand inputs to every door; the soak
(``--soak``) feeds 100,000.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pencilbox import formats, fuzzing
from pencilbox.errors import PuzzleError
from pencilbox.fuzzing import Case, FuzzReport, HttpInput, UrlInput, WebDoors
from pencilbox.registry import get, names


def assert_clean(report: FuzzReport, families: tuple[str, ...] = fuzzing.FAMILIES) -> None:
    """No failure, every family fed, each with inputs both parsed and refused."""
    assert not report.failures, report.summary()
    assert report.inputs == report.count
    assert report.parsed + report.rejected + report.failed == report.inputs
    tallies = report.families()
    assert list(tallies) == list(families)
    for name, tally in tallies.items():
        # the mutations must neither break everything nor leave everything intact
        assert tally.parsed >= 0.03 * tally.inputs, (name, tally)
        assert tally.rejected >= 0.3 * tally.inputs, (name, tally)
    assert report.slowest is not None and report.slowest.seconds < report.time_limit


# -- the default run -----------------------------------------------------------------


def test_default_run_every_door_ends_cleanly(tmp_path: Path) -> None:
    out = tmp_path / "fuzz.jsonl"
    seen: list[tuple[int, int]] = []
    started = time.perf_counter()
    report = fuzzing.run(3000, "default", lambda done, count: seen.append((done, count)), out=out)
    assert time.perf_counter() - started < 20
    assert_clean(report)
    doors = set(report.doors)
    for name in ("suguru", "lits", "heteromino"):
        assert {f"text:{name}", f"url:{name}", f"json:{name}"} <= doors
    assert {f"api:{path}" for path in fuzzing.API_PATHS} <= doors
    assert seen[-1] == (3000, 3000) and len(seen) == 6
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert records[0] == {
        "record": "run",
        "seed": "default",
        "start": 0,
        "count": 3000,
        "families": list(fuzzing.FAMILIES),
        "time_limit": 1.0,
    }
    assert records[-1]["record"] == "summary" and records[-1]["inputs"] == 3000
    assert len(records) == 2 + len(report.failures)


def test_the_web_limits_are_put_back_after_a_run() -> None:
    from pencilbox.web import limits

    before = (limits.MAX_JOBS, limits.QUEUE_WAIT)
    fuzzing.run(20, "limits", families=("api",))
    assert before == (limits.MAX_JOBS, limits.QUEUE_WAIT)


@pytest.mark.soak
def test_soak_100_000_inputs(tmp_path: Path) -> None:
    report = fuzzing.run(100_000, "soak", out=tmp_path / "soak.jsonl")
    assert_clean(report)


# -- reproducible ----------------------------------------------------------------------


def _spelled(case: Case) -> str:
    # JSON text, so that NaN inside an input compares equal to itself
    return json.dumps([case.door, case.must_parse, case.input_json()])


def test_an_input_is_rebuilt_from_its_seed_and_index_alone() -> None:
    first = [fuzzing.make_case("again", index) for index in range(300)]
    backwards = [fuzzing.make_case("again", index) for index in reversed(range(300))]
    assert [_spelled(c) for c in first] == [_spelled(c) for c in reversed(backwards)]
    other = [fuzzing.make_case("other", index) for index in range(300)]
    assert [_spelled(c) for c in first] != [_spelled(c) for c in other]


def test_a_run_in_chunks_counts_what_one_run_counts() -> None:
    whole = fuzzing.run(120, "chunks", families=("load", "url", "api"))
    parts = [
        fuzzing.run(60, "chunks", families=("load", "url", "api"), start=start) for start in (0, 60)
    ]
    for door, tally in whole.doors.items():
        counts = [(p.doors[door].parsed, p.doors[door].rejected) for p in parts if door in p.doors]
        assert (tally.parsed, tally.rejected) == tuple(map(sum, zip(*counts, strict=True)))


def test_the_out_file_holds_every_failure_with_its_exact_input(tmp_path: Path) -> None:
    # A negative time limit makes every input a failure, so each one is written out.
    out = tmp_path / "all-fail.jsonl"
    report = fuzzing.run(40, "replay", out=out, time_limit=-1.0)
    assert report.failed == 40
    failures = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()[1:-1]]
    assert [record["index"] for record in failures] == list(range(40))
    for record in failures:
        assert record["record"] == "failure" and "more than -1 s" in record["problem"]
        again = fuzzing.make_case("replay", record["index"])
        assert json.dumps(record["input"]) == json.dumps(again.input_json())
        assert record["door"] == again.door


# -- judging ---------------------------------------------------------------------------


def test_messages_must_be_one_short_line() -> None:
    assert fuzzing.message_problem("line 2: region 3 is split into pieces") is None
    assert "spans lines" in str(fuzzing.message_problem("one\ntwo"))
    assert "spans lines" in str(fuzzing.message_problem("one\u2028two"))
    assert "characters" in str(fuzzing.message_problem("x" * (fuzzing.MAX_MESSAGE + 1)))
    assert "empty" in str(fuzzing.message_problem(" "))
    assert "not text" in str(fuzzing.message_problem(None))


def test_another_exception_is_a_failure_naming_its_place() -> None:
    result = fuzzing.check_case(Case("text:lits", 0, None))
    assert result.outcome == "failed"
    assert re.match(r"AttributeError: .*\(at [a-z_]+\.py:\d+\)$", str(result.problem))


def test_a_valid_input_that_is_refused_is_a_failure() -> None:
    good = Case("load", 0, "lits 1x4\nAAAA\n", must_parse=True)
    assert fuzzing.check_case(good) == fuzzing.PARSED
    bad = Case("load", 1, "lits 1x3\nAAA\n", must_parse=True)
    result = fuzzing.check_case(bad)
    assert result.outcome == "failed" and "valid input was refused" in str(result.problem)
    assert fuzzing.check_case(Case("load", 2, "lits 1x3\nAAA\n")) == fuzzing.REJECTED


def test_every_door_is_reached() -> None:
    url = fuzzing.check_case(Case("url:heteromino", 0, UrlInput(5, 5, "d7b7a7b7b77c7d")))
    assert url == fuzzing.PARSED
    json_case = Case("json:lits", 0, {"puzzle": "lits", "rows": 1, "cols": 4, "regions": [[0] * 4]})
    assert fuzzing.check_case(json_case) == fuzzing.PARSED
    assert fuzzing.check_case(Case("text:suguru", 0, "lits 1x4\nAAAA\n")) == fuzzing.REJECTED


class _SlowText(str):
    """Text whose splitting spins the CPU for ``spin`` seconds (forever if None)."""

    spin: float | None = None

    def splitlines(self, keepends: bool = False) -> list[str]:
        until = None if self.spin is None else time.process_time() + self.spin
        while until is None or time.process_time() < until:
            pass
        return super().splitlines(keepends)


def test_a_parser_over_the_time_limit_is_a_failure() -> None:
    slow = _SlowText("lits 1x4\nAAAA\n")
    slow.spin = 0.15
    result = fuzzing.check_case(Case("text:lits", 0, slow), time_limit=0.1)
    assert result.outcome == "failed" and "more than 0.1 s" in str(result.problem)
    assert fuzzing.check_case(Case("text:lits", 0, slow), time_limit=1.0) == fuzzing.PARSED


def test_a_parser_that_never_ends_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fuzzing.runner, "HANG_SECONDS", 0.3)  # read where the runner lives
    result = fuzzing.check_case(Case("text:lits", 0, _SlowText("lits 1x4\nAAAA\n")))
    assert result.outcome == "failed" and "still running after 0.3 s" in str(result.problem)


def test_the_asgi_driver_answers_as_the_test_client_does() -> None:
    """The fuzzer drives the app over ASGI itself (no test-only dependency); the
    statuses it sees must be the ones a real HTTP client gets."""
    web = WebDoors()
    try:
        from pencilbox.web.app import create_app

        with TestClient(create_app(), raise_server_exceptions=False) as client:
            compared = 0
            for index in range(400):
                case = fuzzing.make_case("agree", index, ("http",))
                request: HttpInput = case.data
                headers = dict(request.headers)
                if headers.get("content-length", str(len(request.body))) != str(len(request.body)):
                    continue  # an HTTP client always sends the true length
                if not (request.path.isascii() and request.path.isprintable()):
                    continue  # a client percent-encodes these; the driver sends them decoded
                if "?" in request.path or "#" in request.path:
                    continue  # a client's URL would split there; the driver sends the path whole
                url = request.path + (f"?{request.query}" if request.query else "")
                response = client.request(
                    request.method, url, content=request.body or None, headers=headers
                )
                status, _, _ = web.respond(request)
                assert status == response.status_code, (case.preview(), response.text[:200])
                compared += 1
            assert compared > 250
    finally:
        web.close()


# -- mutations ---------------------------------------------------------------------------


def test_json_mutations_change_one_thing_and_keep_a_dict_root() -> None:
    rng = random.Random("json")
    original = get("suguru").to_json(formats.load("suguru 2x2\nAB\nAB\n")[1])
    frozen = json.dumps(original)
    changed = 0
    for _ in range(300):
        mutated = fuzzing.mutate_json(rng, original)
        assert isinstance(mutated, dict)
        changed += json.dumps(mutated) != frozen
    assert json.dumps(original) == frozen  # the input is never changed in place
    assert changed > 250


def test_text_mutations_reach_every_kind_of_damage() -> None:
    rng = random.Random("text")
    source = "lits 4x4\nAABB\nAABC\nABBC\nCCCC\n"
    results = [fuzzing.mutate_text(rng, source) for _ in range(3000)]
    assert any(len(text) < len(source) // 2 for text in results)  # cut short
    assert any(len(text) > 4000 for text in results)  # a huge number or a repeated slice
    assert any(not text.isascii() for text in results)  # unicode
    assert any("\r" in text or "\u2028" in text for text in results)  # other line breaks
    assert any(text.startswith(("suguru", "heteromino", "sudoku")) for text in results)
    # a flipped bit read back with surrogateescape (only _flip_bit makes these)
    assert any("\udc80" <= char <= "\udcff" for text in results for char in text)


# -- inputs that broke a door (regressions) ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "x" * 5000 + " 5x5\nA\n",  # an unknown type, quoted back in full
        json.dumps({"puzzle": "y" * 5000}),
        "https://puzz.link/p?" + "z" * 5000 + "/5/5/abc",
        "suguru " + "9" * 4301 + "x5\nA\n",  # the size quoted back in full
        "suguru 1" + "0" * 4000 + "x5\nA\n",  # out of range, all 4001 digits quoted
        "suguru 1x2\nA " + "-" * 5000 + "\n",  # a block label quoted back in full
    ],
)
def test_long_input_is_quoted_back_cut_short(text: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        formats.load(text)
    assert fuzzing.message_problem(str(caught.value)) is None, str(caught.value)[:200]


def test_a_suguru_given_past_4095_has_no_url_but_a_clean_error() -> None:
    # number16 writes at most three hex digits; to_url used to raise ValueError
    text = "suguru 70x70\n" + ("A" * 70 + "\n") * 70 + "\n4096" + " ." * 69 + "\n"
    kind, puzzle = formats.load(text + (". " * 70 + "\n") * 69)
    with pytest.raises(PuzzleError, match="row 1, column 1: given 4096 is too large"):
        kind.to_url(puzzle)
    assert fuzzing.round_trip_problem(kind, puzzle) is None  # text and JSON still round-trip


def test_a_request_body_with_a_5000_digit_number_is_a_400() -> None:
    # read_json let json.loads's ValueError (Python's int digit limit) out: a 500
    request = HttpInput("POST", "/api/load", "", (), b'{"input": 1' + b"1" * 5000 + b"}")
    assert fuzzing.check_case(Case("api:/api/load", 0, request)) == fuzzing.REJECTED
    assert fuzzing.check_case(Case("http", 0, request)) == fuzzing.REJECTED


# Found by the soak in web/api.py and registry.py: a 500 or a message quoting the input whole.
ONCE_BROKEN = [
    pytest.param(
        HttpInput("GET", "/api/bank/lits", "rows=%C2%B2", (), b""), id="api-query-superscript"
    ),
    pytest.param(
        HttpInput("GET", "/api/bank/lits", "cols=" + "9" * 5000, (), b""),
        id="api-query-5000-digits",
    ),
    pytest.param(
        HttpInput("GET", "/api/bank/lits", "size=" + "9" * 5000, (), b""), id="api-size-echo"
    ),
    pytest.param(HttpInput("GET", "/api/bank/lits/" + "i" * 5000, "", (), b""), id="api-id-echo"),
    pytest.param(
        HttpInput("GET", "/api/stats/" + "t" * 5000, "", (), b""), id="registry-name-echo"
    ),
]


@pytest.mark.parametrize("request_", ONCE_BROKEN)
def test_once_broken_web_inputs_are_refused_cleanly(request_: HttpInput) -> None:
    assert fuzzing.check_case(Case("http", 0, request_)) == fuzzing.REJECTED


@pytest.mark.parametrize("name", ["lits", "heteromino", "suguru"])
def test_random_board_of_a_tiny_size_is_a_board_or_a_value_error(name: str) -> None:
    """The face promises ValueError when no board of the size exists (the
    fuzzer catches that and nothing else): 1x2 has no Heteromino, 2x2 no LITS."""
    kind = get(name)
    made = 0
    for rows, cols in [(1, 1), (1, 2), (2, 1), (1, 5), (2, 2), (3, 3)]:
        try:
            board = kind.random_board(random.Random(f"tiny-{rows}x{cols}"), rows, cols)
        except ValueError:
            continue
        assert (board.rows, board.cols) == (rows, cols)
        made += 1
    assert made >= 1


def test_the_position_and_draft_doors_reach_their_jobs() -> None:
    """``/api/progress`` (with edge marks) and ``/api/verdict`` are fuzzed like the
    other doors: unmutated bodies get past every check to the (refused) job, and
    edge marks come both as the type's own and as ones it has not."""
    web = WebDoors()
    outcomes: dict[str, list[str]] = {"/api/progress": [], "/api/verdict": []}
    marked: dict[bool, list[str]] = {True: [], False: []}
    try:
        for index in range(5000):  # it stops as soon as it has seen each kind of case
            if "parsed" in marked[True] and len(marked[False]) >= 3 and index > 600:
                break
            case = fuzzing.make_case("doors", index, ("api",))
            path = case.data.path
            if path not in outcomes:
                continue
            outcome = web.call_endpoint(case.data).outcome
            outcomes[path].append(outcome)
            try:
                body = json.loads(case.data.body)
            except (ValueError, RecursionError):
                continue  # a raw body: nothing to sort by its marks
            if isinstance(body, dict) and isinstance(body.get("edges"), list) and body["edges"]:
                puzzle = body.get("puzzle")
                name = puzzle.get("puzzle") if isinstance(puzzle, dict) else None
                if isinstance(name, str) and name in names():
                    marked[bool(get(name).edge_marks)].append(outcome)
    finally:
        web.close()
    for path, seen in outcomes.items():
        assert "failed" not in seen, path
        assert seen.count("parsed") >= 3 and seen.count("rejected") >= 3, (path, seen)
    # marks of a type that has them can pass; a type without marks refuses every one
    assert "parsed" in marked[True]
    assert marked[False] and set(marked[False]) == {"rejected"}
