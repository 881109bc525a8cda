"""Where Norinori's hybrid spends its time, and what each rung leaves for SAT.

Run with ``python benchmarks/norinori_stages.py``. On the boards of
``benchmarks/sat_norinori.py`` (the janko sample and the bank), it times the
hybrid count (``counting.count(..., "hybrid")``) one stage at a time:

* ``propagate``: the board's tables and the hybrid's rules to their
  fixpoint on whole-board masks (``cnf.hybrid_fixpoint``), the first half of
  the face's hybrid encoder (``cnf.encode_hybrid``);
* ``encode``: the CNF of what they leave (``cnf.encode_fixpoint``, its
  second half, with the dominoes that may stand, which halo's last step
  worked out);
* ``sat``: the solver's count to 2 on that CNF (``sat.core.count_models``:
  making the solver, handing it the clauses, solving, blocking, solving);
* ``check``: the independent checker on the answer found;

beside the plain reference model of ``sat_norinori.py`` on the same boards.
Then, for each rung of the ladder, what its fixpoint leaves open (cells, and
boards it finishes) and what reaching it costs: the trade the hybrid's choice
of rung makes, since every open cell is clauses to build, load and solve.

Times are CPU milliseconds of this process summed over the boards, each
board's stage the best of ``--repeat`` runs (default 3), the garbage
collector off while a stage runs. The figures are
written to ``benchmarks/results/norinori_stages.json`` (``--out``
elsewhere), which docs/norinori-notes.md quotes. Exits 1 if a count is not
the published answer.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from pencilbox.engine import Contradiction, Rule, propagate  # noqa: E402
from pencilbox.puzzles.norinori.cnf import encode_fixpoint, hybrid_fixpoint  # noqa: E402
from pencilbox.puzzles.norinori.state import settled_masks  # noqa: E402
from pencilbox.results import check_answers  # noqa: E402
from pencilbox.sat.core import count_models, load_solver  # noqa: E402
from results_file import Recorder  # noqa: E402
from sat_norinori import KIND, Board, bank_boards, reference_count, sample_boards, timed  # noqa: E402
from texttable import table  # noqa: E402

STAGES = ("propagate", "encode", "sat", "check")


def best_of(repeat: int, work: Callable[[], Any]) -> tuple[float, Any]:
    """The least CPU seconds of ``repeat`` runs of ``work`` (:func:`timed`, the
    garbage collector off), and its last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        seconds, result = timed(work)
        best = min(best, seconds)
    return best, result


def settle_with(puzzle: Any, rules: Sequence[Rule]) -> Any:
    """The untouched state of ``puzzle`` propagated by ``rules`` to their fixpoint."""
    state = KIND.initial_state(puzzle)
    propagate(state, rules)
    return state


def hybrid_stages(boards: list[Board], repeat: int) -> tuple[bool, dict[str, Any]]:
    """Each stage's CPU ms summed over ``boards``, the reference's beside them,
    and the size of what the hybrid hands the solver."""
    spent = dict.fromkeys((*STAGES, "reference"), 0.0)
    ok = True
    cells = open_cells = clauses = variables = 0
    for name, puzzle, answer in boards:
        seconds, settled = best_of(repeat, partial(hybrid_fixpoint, puzzle))
        spent["propagate"] += seconds
        seconds, encoding = best_of(repeat, partial(encode_fixpoint, *settled))
        spent["encode"] += seconds
        seconds, found = best_of(repeat, partial(count_models, encoding, 2))
        spent["sat"] += seconds
        check = partial(check_answers, KIND, puzzle, found.solutions, "hybrid")
        spent["check"] += best_of(repeat, check)[0]
        spent["reference"] += best_of(repeat, partial(reference_count, puzzle))[0]
        if not (found.count == 1 and found.exhaustive and found.solutions[0] == answer):
            ok = False
            print(f"  ! {name}: count {found.count} exhaustive {found.exhaustive}")
        cells += puzzle.rows * puzzle.cols
        open_cells += len(encoding.key)
        clauses += len(encoding.clauses)
        variables += encoding.variables
    reference = spent["reference"]
    hybrid = sum(spent[stage] for stage in STAGES)
    figures: dict[str, Any] = {
        "boards": len(boards),
        "ms": {key: round(value * 1000, 2) for key, value in spent.items()},
        "share_of_reference": {
            key: round(spent[key] / reference, 3) for key in (*STAGES, "reference")
        },
        "hybrid_ms": round(hybrid * 1000, 2),
        "hybrid_ratio": round(hybrid / reference, 3),
        "cells": cells,
        "open_cells": open_cells,
        "clauses": clauses,
        "variables": variables,
    }
    return ok, figures


def rung_residue(boards: list[Board], repeat: int) -> dict[str, Any]:
    """Per rung: the cells its fixpoint leaves open, the boards it finishes,
    and its CPU ms, summed over ``boards``."""
    found: dict[str, Any] = {}
    for rung in KIND.ladder.names:
        rules = KIND.ladder.rules(rung)
        spent = 0.0
        left = finished = 0
        for _, puzzle, _ in boards:
            try:
                seconds, state = best_of(repeat, partial(settle_with, puzzle, rules))
            except Contradiction:  # a published board has an answer: never here
                raise SystemExit(f"{rung} refutes a published board") from None
            spent += seconds
            shaded, unshaded = settled_masks(state)
            still = puzzle.rows * puzzle.cols - (shaded | unshaded).bit_count()
            left += still
            finished += still == 0
        found[rung] = {"open_cells": left, "finished": finished, "ms": round(spent * 1000, 2)}
    return found


def render_result(measured: dict[str, Any]) -> str:
    """The stage table of a result file, as the notes show it."""
    sets = [name for name in ("janko", "bank") if name in measured]
    rows = []
    for stage in (*STAGES, "reference"):
        cells = []
        for name in sets:
            figures = measured[name]["stages"]
            ms = figures["ms"][stage]
            cells.append(f"{ms:.1f} ms ({figures['share_of_reference'][stage]:.2f})")
        rows.append([stage if stage != "reference" else "reference model", *cells])
    rows.append(
        [
            "hybrid, in all",
            *(
                f"{measured[n]['stages']['hybrid_ms']:.1f} ms "
                f"({measured[n]['stages']['hybrid_ratio']:.2f})"
                for n in sets
            ),
        ]
    )
    stage_table = table(["stage", *(f"{n} (/ reference)" for n in sets)], rows)
    rows = []
    for rung in measured[sets[-1]]["rungs"]:
        cells = []
        for name in sets:
            figures = measured[name]["rungs"][rung]
            cells += [str(figures["open_cells"]), str(figures["finished"]), f"{figures['ms']:.1f}"]
        rows.append([rung, *cells])
    headers = ["rung"]
    for name in sets:
        headers += [f"{name}: open", "finished", "ms"]
    return stage_table + "\n\n" + table(headers, rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per stage, best kept (3)")
    parser.add_argument("--out", type=Path, help="result file (default benchmarks/results/)")
    args = parser.parse_args(argv)
    recorder = Recorder("norinori_stages", argv)
    repeat = max(1, args.repeat)
    load_solver()
    measured: dict[str, Any] = {"repeat": repeat, "unit": "CPU ms, best of repeat per board"}
    ok = True
    for name, boards_of in (("janko", sample_boards), ("bank", bank_boards)):
        boards = boards_of()
        right, stages = hybrid_stages(boards, repeat)
        ok = ok and right
        measured[name] = {"stages": stages, "rungs": rung_residue(boards, repeat)}
    print(render_result(measured))
    recorder.write(measured, args.out)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
