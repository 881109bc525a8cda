"""Fuzzing the front doors: every parser fed generated and mutated input.

A *door* is one way input gets into pencilbox:

* ``load`` -- :func:`pencilbox.formats.load`, which reads text, a puzz.link
  URL or JSON of any puzzle type;
* ``text:<type>``, ``url:<type>``, ``json:<type>`` -- one type's own
  ``parse_text``, ``from_url`` and ``from_json`` (fed forms of every type);
* ``api:<path>`` -- a web endpoint's coroutine called directly with a request
  body: ``parse_json``, ``puzzle_from``, ``grid_from``, ``int_field`` and the
  endpoint's own checks, without routing;
* ``http`` -- the whole Starlette app driven in-process over ASGI: routing,
  middleware, exception handlers, methods, headers, query strings and path
  parameters.

Inputs start from valid boards (the shipped banks, random boards of every
type, odd but legal spellings of each form) and are then mutated: bytes
flipped, text cut short or grown, numbers made huge, the puzzle type
swapped, unicode look-alikes and line breaks put in, JSON values replaced
by values of other types, bodies made larger than the limits.

Every input must end in a parsed puzzle or a clean refusal: a
:class:`~pencilbox.errors.PuzzleError` whose message is one short line, or a
4xx answer whose body is ``{"error": one line}``. Anything else is a
*failure*, recorded with the input that caused it: another exception, a 5xx
answer, a long or multi-line message, a parser using more than
``time_limit`` seconds of CPU, a parsed puzzle that cannot be written in
each form and read back as itself, or a valid input that is refused.

Runs are reproducible: input ``index`` of a run with ``seed`` is built from
``random.Random(f"{seed}/{index}")`` alone (:func:`make_case`), so a run can
be cut into chunks (``start``) and any one input rebuilt on its own.

The modules, in the order an input meets them: :mod:`.cases` (door families
and input types), :mod:`.mutations` and :mod:`.json_mutations` (the edits),
:mod:`.boards` (valid starting points), :mod:`.making` (one case per index),
:mod:`.judging` and :mod:`.web_doors` (trying a door and judging its answer),
:mod:`.watchdog` (stopping a hang), :mod:`.report` and :mod:`.runner`
(running and reporting).
"""

from __future__ import annotations

from .boards import board, valid_form
from .cases import API_PATHS, FAMILIES, WEB_FAMILIES, WEIGHTS, Case, HttpInput, UrlInput
from .json_mutations import FIELD_NAMES, MAX_DEPTH, dumps, mutate_json
from .judging import MAX_MESSAGE, PARSED, REJECTED, Result, message_problem, round_trip_problem
from .making import make_case
from .mutations import (
    LINE_BREAKS,
    NOISE,
    NUMBERS,
    ODD_CHARS,
    SPACES,
    mutate_bytes,
    mutate_text,
    sample_name,
    type_words,
)
from .report import DoorTally, Failure, FuzzReport, Slowest
from .runner import check_case, fuzz_sources, run
from .web_doors import WebDoors, judge_answer, judge_status

__all__ = [
    "API_PATHS",
    "FAMILIES",
    "FIELD_NAMES",
    "LINE_BREAKS",
    "MAX_DEPTH",
    "MAX_MESSAGE",
    "NOISE",
    "NUMBERS",
    "ODD_CHARS",
    "PARSED",
    "REJECTED",
    "SPACES",
    "WEB_FAMILIES",
    "WEIGHTS",
    "Case",
    "DoorTally",
    "Failure",
    "FuzzReport",
    "HttpInput",
    "Result",
    "Slowest",
    "UrlInput",
    "WebDoors",
    "board",
    "check_case",
    "dumps",
    "fuzz_sources",
    "judge_answer",
    "judge_status",
    "make_case",
    "message_problem",
    "mutate_bytes",
    "mutate_json",
    "mutate_text",
    "round_trip_problem",
    "run",
    "sample_name",
    "type_words",
    "valid_form",
]
