"""Re-measure every figure the Heteromino write-up quotes.

Tables (each states its method and sample size in the JSON):

* ``census`` -- exhaustive, every black-cell set of every legal size on small
  boards (:mod:`.census`), with the minimum clue counts;
* ``scatter`` -- random black sets on 8x8, 10x10, 12x12: unique / ambiguous /
  unsolvable per legal clue count, and the peak unique rate;
* ``budget`` -- walks of the generator (:mod:`.generate`): how many reach a
  unique board within a number of moves;
* ``wall`` -- in the bank's answers, same-shaped pieces facing across one
  black cell, and how many boards have such a pair;
* ``ladder`` -- branch points per rung to prove each bank board unique
  (summed per size), what each rung settles on the untouched board, and the
  mean candidate pieces per open cell;
* ``variants`` -- the bank boards' answers under changed rules (no same-shape
  rule; the rule applied to every pair of pieces; rotations merged), counted
  by :func:`variant_count`, a small counter of our own since the rungs are
  written for the real rule;
* ``bars`` -- share of bars in the bank's answers and in the blank 2x12;
* ``moves`` -- one black cell moved at random on bank boards;
* ``ledger`` -- a few blank-board counts from :mod:`.ledger` (the full table
  is ``docs/heteromino-ledger.md``).

Every sample has its own seed derived from its table, size and number, so a
run is repeatable whatever executor runs it.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Any

from ...engine import Contradiction, count_solutions, propagate
from ...parallel import Job, gather
from . import KIND, census, ledger
from .generate import legal_black_counts, move_budget, score, walk
from .ladder import LADDER
from .model import SHAPES, Heteromino
from .state import new_state

CENSUS_SIZES = ((3, 3), (3, 4), (3, 5), (3, 6), (4, 4), (4, 5), (5, 5), (4, 6), (5, 6))
CENSUS_PARTIAL = ((6, 6, 3),)  # (rows, cols, max black): full census out of reach
SCATTER = ((8, 8, 300), (10, 10, 300), (12, 12, 300))  # (rows, cols, draws per count)
SCATTER_MAX_SHARE = 0.34  # beyond a third black, every sampled board was unsolvable
BUDGET = ((8, 8, 40), (12, 12, 40))  # (rows, cols, walks)
BUDGET_MARKS = (0, 10, 30, 100, 300, 1000)
MOVES_PER_BOARD = 5
VARIANT_NODES = 200_000
BARS = (0, 1)

WRITEUP = {
    "census_best": "3x4 with 3 clues: 42.7% unique",
    "minimum_by_count": "4x5 with 2",
    "minimum_by_density": "6x6 at 8.3% (3 of 36)",
    "scatter_12x12": "17 legal clue counts x 300 draws = 5,100 boards, none unique",
    "wall_boards": "65 of 72 shipped boards",
    "branch_points_note": "region takes 7.1% off fit at 8x8 and 24.2% at 12x12; hetero "
    "0.2% and 0.8% more; probe takes 8x8 to 0 and 12x12 to 39",
    "settled_by_rung": {
        "bottom three": {"8x8": 2.1, "12x12": 4.2},
        "probe": {"8x8": 100.0, "12x12": 88.1},
    },
    "candidates_per_open_cell": 9.5,
    "merged_rotations": "all 72 shipped boards have no answer",
    "bar_share_answers": {"8x8": 31.6, "12x12": 29.9},
    "bar_share_blank_2x12": 0.0,
}


# -- the variant counter -------------------------------------------------------------

_CLASS = {
    "as drawn": (0, 1, 2, 3, 4, 5),  # the real rule: six shapes
    "rotations merged": (0, 0, 1, 1, 1, 1),  # LITS convention: a bar and an L
    "every pair": (0, 0, 0, 0, 0, 0),  # no two pieces may touch at all
    "no rule": None,
}


def variant_count(
    puzzle: Heteromino, rule: str, limit: int, nodes: int = VARIANT_NODES
) -> int | None:
    """Answers of ``puzzle`` (up to ``limit``) when same-*class* pieces may not touch,
    the class of each shape given by ``rule`` (see ``_CLASS``). None when the
    search ran past ``nodes`` placements without deciding."""
    classes = _CLASS[rule]
    rows, cols = puzzle.rows, puzzle.cols
    anchored = census._anchored(rows, cols)
    black = sum(1 << cell for cell, b in enumerate(puzzle.black) if b)
    full = (1 << (rows * cols)) - 1
    by_class = [0] * 6
    found = 0
    spent = 0

    # Iterative depth-first search: frames of (decided mask, next option index).
    stack: list[list[int]] = []
    decided = black

    def first(decided_mask: int) -> int:
        return (~decided_mask & (decided_mask + 1)).bit_length() - 1

    stack.append([decided, 0, -1, 0])  # decided, option index, class used, mask used
    while stack:
        frame = stack[-1]
        decided = frame[0]
        if decided == full:
            found += 1
            if found >= limit:
                return found
            _pop(stack, by_class)
            continue
        options = anchored[first(decided)]
        index = frame[1]
        while index < len(options):
            mask, shape, ring = options[index]
            index += 1
            group = 0 if classes is None else classes[shape]
            if mask & decided or (classes is not None and ring & by_class[group]):
                continue
            spent += 1
            if spent > nodes:
                return None
            frame[1] = index
            by_class[group] |= mask
            stack.append([decided | mask, 0, group, mask])
            break
        else:
            _pop(stack, by_class)
    return found


def obeys(solution: list[list[int]], shape_of: dict[int, int], rule: str) -> bool:
    """True when no two pieces of one class under ``rule`` share an edge in ``solution``."""
    classes = _CLASS[rule]
    if classes is None:
        return True
    rows, cols = len(solution), len(solution[0])
    for row in range(rows):
        for col in range(cols):
            here = solution[row][col]
            for r, c in ((row, col + 1), (row + 1, col)):
                if r < rows and c < cols:
                    there = solution[r][c]
                    touching = here and there and here != there
                    if touching and classes[shape_of[here]] == classes[shape_of[there]]:
                        return False
    return True


def _pop(stack: list[list[int]], by_class: list[int]) -> None:
    _, _, group, mask = stack.pop()
    if group >= 0:
        by_class[group] ^= mask


# -- per-board measurements (run in workers) -----------------------------------------


def _pieces(solution: list[list[int]]) -> dict[int, list[int]]:
    cols = len(solution[0])
    pieces: dict[int, list[int]] = {}
    for cell, number in enumerate(v for row in solution for v in row):
        if number:
            pieces.setdefault(number, []).append(cell)
    return {n: cells for n, cells in pieces.items()} if cols else {}


def _shape(cells: list[int], cols: int) -> int:
    spots = sorted(divmod(cell, cols) for cell in cells)
    r0, c0 = spots[0]
    return SHAPES.index(tuple((r - r0, c - c0) for r, c in spots))


def bank_board(record: dict[str, Any], index: int) -> dict[str, Any]:
    """Every per-board figure for one bank record."""
    puzzle = KIND.from_json(record["json"])
    rows, cols = puzzle.rows, puzzle.cols
    solution = record["solution"]
    numbers = [v for row in solution for v in row]
    pieces = _pieces(solution)
    shape_of = {n: _shape(cells, cols) for n, cells in pieces.items()}
    # The wall job: a black cell with same-shaped pieces on two opposite sides.
    wall_pairs: set[tuple[int, int]] = set()
    for cell in range(rows * cols):
        if not puzzle.black[cell]:
            continue
        row, col = divmod(cell, cols)
        for a, b in (((row, col - 1), (row, col + 1)), ((row - 1, col), (row + 1, col))):
            if not all(0 <= r < rows and 0 <= c < cols for r, c in (a, b)):
                continue
            first, second = numbers[a[0] * cols + a[1]], numbers[b[0] * cols + b[1]]
            if first and second and first != second and shape_of[first] == shape_of[second]:
                wall_pairs.add((min(first, second), max(first, second)))
    # The ladder: branch points per rung, and what each rung settles untouched.
    white = puzzle.white_count
    branch: dict[str, int] = {}
    settled: dict[str, int] = {}
    for rung in LADDER.names:
        rules = LADDER.rules(rung)
        found = count_solutions(new_state(puzzle), rules, limit=2)
        assert found.unique, f"{record['id']}: not unique by {rung}"
        branch[rung] = found.branch_points
        state = new_state(puzzle)
        try:
            propagate(state, rules)
        except Contradiction:  # cannot happen on a unique board
            raise AssertionError(f"{record['id']}: {rung} contradicts") from None
        settled[rung] = len(KIND.settled_cells(puzzle, state))
    start = new_state(puzzle)
    candidates = sum(
        start.domains[cell].bit_count() for cell in range(rows * cols) if not puzzle.black[cell]
    )
    # Changed rules.
    # A stricter rule (more pairs of pieces may not touch) keeps a subset of the
    # answers, and the board has exactly one: so it has an answer under the
    # stricter rule exactly when that one answer obeys it. Exact and instant,
    # where a blind count of an unsolvable 12x12 can run very long.
    variants: dict[str, int | None] = {
        rule: int(obeys(solution, shape_of, rule)) for rule in ("every pair", "rotations merged")
    }
    variants["no rule"] = variant_count(puzzle, "no rule", 2)
    # The counter under the real rule must agree with the bank where it decides.
    assert variant_count(puzzle, "as drawn", 2) in (1, None), f"{record['id']}: variant counter"
    # Move one black cell at random.
    rng = random.Random(f"moves:{record['id']}:{index}")
    moved = {"unique": 0, "many": 0, "none": 0}
    blacks = [cell for cell, b in enumerate(puzzle.black) if b]
    whites = [cell for cell, b in enumerate(puzzle.black) if not b]
    for _ in range(MOVES_PER_BOARD):
        board = list(puzzle.black)
        source, target = rng.choice(blacks), rng.choice(whites)
        board[source], board[target] = False, True
        got = score(rows, cols, board).score
        moved["unique" if got == 0 else "many" if got <= rows * cols + 1 else "none"] += 1
    return {
        "id": record["id"],
        "size": f"{rows}x{cols}",
        "white": white,
        "wall_pairs": len(wall_pairs),
        "branch_points": branch,
        "settled": settled,
        "candidates": candidates,
        "bars": sum(1 for n in pieces if shape_of[n] in BARS),
        "pieces": len(pieces),
        "variants": variants,
        "moved": moved,
    }


def census_job(rows: int, cols: int, max_black: int | None) -> dict[str, Any]:
    started = time.perf_counter()
    table = census.census(rows, cols, max_black)
    best = census.minimum(table)
    return {
        "size": f"{rows}x{cols}",
        "max_black": max_black,
        "rows": [row.as_json() for row in table],
        "minimum": best.black if best else None,
        "seconds": round(time.perf_counter() - started, 2),
    }


def scatter_job(rows: int, cols: int, k: int, draws: int) -> dict[str, Any]:
    rng = random.Random(f"scatter:{rows}x{cols}:{k}")
    total = rows * cols
    tally = {"unique": 0, "many": 0, "none": 0}
    for _ in range(draws):
        board = census.board_of(rows, cols, sum(1 << c for c in rng.sample(range(total), k)))
        got = score(rows, cols, list(board.black)).score
        tally["unique" if got == 0 else "many" if got <= total + 1 else "none"] += 1
    return {"size": f"{rows}x{cols}", "black": k, "draws": draws, **tally}


def budget_job(rows: int, cols: int, index: int) -> dict[str, Any]:
    rng = random.Random(f"budget:{rows}x{cols}:{index}")
    k = rng.choice(legal_black_counts(rows, cols))
    done = walk(rng, rows, cols, k, move_budget(rows, cols))
    return {
        "size": f"{rows}x{cols}",
        "black": k,
        "success_move": done.success_move,
        "final_score": done.score.score,
    }


def _pct(part: float, whole: float) -> float | None:
    return round(100 * part / whole, 1) if whole else None


def _bank() -> list[dict[str, Any]]:
    text = resources.files(__package__).joinpath("bank.json").read_text(encoding="utf-8")
    records: list[dict[str, Any]] = json.loads(text)
    return records


SECTIONS = ("census", "scatter", "budget", "bank")
"""The measured tables; the blank-board figures (``bars_blank_2x12``,
``ledger``) are instant and always recomputed."""


def run(
    out_path: Path | str,
    samples: int = 100,
    executor: Executor | None = None,
    sections: tuple[str, ...] = SECTIONS,
) -> dict[str, Any]:
    """Measure everything (or only ``sections``) and write it to ``out_path`` as JSON.

    ``samples`` caps the bank boards measured per size (the bank has 36 a
    size, so the default measures them all) and scales nothing else: the
    sampled tables use the fixed sizes declared at the top of this module.
    With fewer than all ``sections``, the others are kept as they are in the
    file already at ``out_path`` (which must exist), and ``seconds`` records
    each section's own time.
    """
    unknown = set(sections) - set(SECTIONS)
    if unknown or not sections:
        raise ValueError(f"sections must be among {', '.join(SECTIONS)}, not {sorted(unknown)}")
    found: dict[str, Any] = {}
    if set(sections) != set(SECTIONS):
        found = json.loads(Path(out_path).read_text(encoding="utf-8"))
    timings = found.get("section_seconds", {})
    started = time.perf_counter()
    own = executor is None
    pool = ProcessPoolExecutor() if executor is None else executor
    try:
        groups = _jobs(sections, samples)
        for section, (jobs, table) in groups.items():
            began = time.perf_counter()
            found[section] = table(gather(pool, {section: jobs})[section])
            timings[section] = round(time.perf_counter() - began, 1)
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    found.update(
        {
            "title": "Heteromino: the write-up's figures, re-measured",
            "writeup": WRITEUP,
            "bars_blank_2x12": _blank_bars(),
            "ledger": {
                "source": "pencilbox.puzzles.heteromino.ledger (docs/heteromino-ledger.md)",
                "blank_2x3m": {str(3 * m): ledger.count_tilings(2, 3 * m) for m in range(1, 10)},
                "blank_3x4": ledger.count_tilings(3, 4),
            },
            "section_seconds": timings,
        }
    )
    if set(sections) == set(SECTIONS):
        found["seconds"] = round(time.perf_counter() - started, 1)
    order = ["title", "writeup", *SECTIONS, "bars_blank_2x12", "ledger", "seconds"]
    ordered = {key: found[key] for key in order if key in found}
    ordered.update({key: value for key, value in found.items() if key not in ordered})
    Path(out_path).write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")
    return ordered


Table = Callable[[list[dict[str, Any]]], dict[str, Any]]


def _jobs(sections: tuple[str, ...], samples: int) -> dict[str, tuple[list[Job], Table]]:
    """Per section asked for: its jobs and the function that tabulates their results."""
    groups: dict[str, tuple[list[Job], Table]] = {}
    if "census" in sections:
        jobs: list[Job] = [(census_job, (r, c, None)) for r, c in CENSUS_SIZES]
        jobs += [(census_job, (r, c, k)) for r, c, k in CENSUS_PARTIAL]
        groups["census"] = (jobs, _census_table)
    if "scatter" in sections:
        jobs = [
            (scatter_job, (r, c, k, draws))
            for r, c, draws in SCATTER
            for k in range(r * c)
            if (r * c - k) % 3 == 0 and k <= SCATTER_MAX_SHARE * r * c
        ]
        groups["scatter"] = (jobs, _scatter_table)
    if "budget" in sections:
        jobs = [(budget_job, (r, c, i)) for r, c, walks in BUDGET for i in range(walks)]
        groups["budget"] = (jobs, _budget_table)
    if "bank" in sections:
        per_size: dict[str, int] = {}
        chosen = []
        for record in _bank():
            key = f"{record['rows']}x{record['cols']}"
            if per_size.get(key, 0) < samples:
                per_size[key] = per_size.get(key, 0) + 1
                chosen.append(record)
        jobs = [(bank_board, (record, i)) for i, record in enumerate(chosen)]
        groups["bank"] = (jobs, _bank_tables)
    return groups


def _census_table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    complete = [row for row in rows if row["max_black"] is None]
    # The all-black board (no white cell, one empty answer) is left out: it is no puzzle.
    unique_rows = [
        (row["size"], entry)
        for row in rows
        for entry in row["rows"]
        if entry["unique"] and entry["sets"] > 1
    ]
    best_size, best = max(unique_rows, key=lambda item: item[1]["unique_share"])
    by_count = min(
        (row for row in rows if row["minimum"] is not None),
        key=lambda row: (row["minimum"], row["size"]),
    )

    def density(row: dict[str, Any]) -> float:
        r, c = map(int, row["size"].split("x"))
        return float(row["minimum"]) / (r * c)

    by_density = min((row for row in rows if row["minimum"] is not None), key=density)
    return {
        "method": "every black-cell set of every legal size (partial boards: sizes up to "
        "max_black), answers counted exactly by enumerating packings (census.packings)",
        "boards": rows,
        "complete_sizes": [row["size"] for row in complete],
        "best_unique_share": {"size": best_size, **best},
        "minimum_by_count": {"size": by_count["size"], "black": by_count["minimum"]},
        "minimum_by_density": {
            "size": by_density["size"],
            "black": by_density["minimum"],
            "density_pct": round(100 * density(by_density), 1),
        },
    }


def _scatter_table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    sizes: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        sizes.setdefault(row.pop("size"), []).append(row)
    out = {}
    for size, entries in sizes.items():
        peak = max(entries, key=lambda e: e["unique"])
        out[size] = {
            "counts": entries,
            "boards": sum(e["draws"] for e in entries),
            "unique_boards": sum(e["unique"] for e in entries),
            "peak_unique_pct": _pct(peak["unique"], peak["draws"]),
            "peak_at_black": peak["black"],
        }
    return {
        "method": f"random black sets, each legal count up to {SCATTER_MAX_SHARE:.0%} of the "
        "board, scored as the generator does: the free region check, then counted up to 2 "
        "by the generator's oracle (oracle.ORACLE)",
        "sizes": out,
    }


def _budget_table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    sizes: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        sizes.setdefault(row.pop("size"), []).append(row)
    out = {}
    for size, entries in sizes.items():
        r, c = map(int, size.split("x"))
        out[size] = {
            "walks": len(entries),
            "move_budget": move_budget(r, c),
            "unique_within": {
                str(mark): sum(
                    1
                    for e in entries
                    if e["success_move"] is not None and e["success_move"] <= mark
                )
                for mark in BUDGET_MARKS
                if mark <= move_budget(r, c)
            },
            "finished_ambiguous": sum(
                1 for e in entries if e["success_move"] is None and e["final_score"] <= r * c + 1
            ),
            "finished_unsolvable": sum(1 for e in entries if e["final_score"] > r * c + 1),
        }
    return {
        "method": "single walks of the generator from a fresh scatter (no restarts)",
        "sizes": out,
    }


def _bank_tables(boards: list[dict[str, Any]]) -> dict[str, Any]:
    sizes: dict[str, list[dict[str, Any]]] = {}
    for board in boards:
        sizes.setdefault(board["size"], []).append(board)
    out: dict[str, Any] = {}
    for size, entries in sizes.items():
        white = sum(e["white"] for e in entries)
        branch = {rung: sum(e["branch_points"][rung] for e in entries) for rung in LADDER.names}
        variants = {}
        for rule in ("no rule", "every pair", "rotations merged"):
            got = [e["variants"][rule] for e in entries]
            variants[rule] = {
                "none": got.count(0),
                "unique": got.count(1),
                "many": got.count(2),
                "undecided": got.count(None),
            }
        moved = {k: sum(e["moved"][k] for e in entries) for k in ("unique", "many", "none")}
        total_moves = sum(moved.values())
        out[size] = {
            "boards": len(entries),
            "wall": {
                "pairs": sum(e["wall_pairs"] for e in entries),
                "boards_with_a_pair": sum(1 for e in entries if e["wall_pairs"]),
            },
            "branch_points": branch,
            "branch_points_drop_pct": {
                "region_vs_fit": _pct(branch["fit"] - branch["region"], branch["fit"]),
                "hetero_vs_region": _pct(branch["region"] - branch["hetero"], branch["fit"]),
            },
            "settled_pct": {
                rung: _pct(sum(e["settled"][rung] for e in entries), white) for rung in LADDER.names
            },
            "candidates_per_open_cell": round(sum(e["candidates"] for e in entries) / white, 2),
            "variants": variants,
            "bar_share_pct": _pct(
                sum(e["bars"] for e in entries), sum(e["pieces"] for e in entries)
            ),
            "moved_one_black": {
                "moves": total_moves,
                **{k: _pct(v, total_moves) for k, v in moved.items()},
            },
        }
    return {
        "method": f"every bank board (per size); {MOVES_PER_BOARD} random one-cell moves a board; "
        f"variant rules counted up to 2 by stats.variant_count ({VARIANT_NODES} placements max)",
        "sizes": out,
    }


def _blank_bars() -> dict[str, Any]:
    bars, pieces = ledger.bar_share(2, 12)
    return {"bars": bars, "pieces": pieces, "pct": _pct(bars, pieces)}


def main(argv: list[str] | None = None) -> int:
    """``python -m pencilbox.puzzles.heteromino.stats [--only SECTION ...]``: re-run
    some sections of the shipped stats.json (``pencilbox stats heteromino``
    re-runs them all)."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--only", nargs="+", choices=SECTIONS, default=list(SECTIONS))
    parser.add_argument("--workers", type=int, default=2, help="processes (2)")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("stats.json"))
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        found = run(args.out, executor=pool, sections=tuple(args.only))
    print(f"wrote {args.out}: {found['section_seconds']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
