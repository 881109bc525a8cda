"""The stats' tables: each section's job results summed up as the JSON reports them."""

from __future__ import annotations

from typing import Any

from .generate import move_budget
from .ladder import LADDER
from .stats_jobs import MOVES_PER_BOARD
from .variants import VARIANT_NODES

SCATTER_MAX_SHARE = 0.34  # beyond a third black, every sampled board was unsolvable
BUDGET_MARKS = (0, 10, 30, 100, 300, 1000)


def pct(part: float, whole: float) -> float | None:
    return round(100 * part / whole, 1) if whole else None


def census_table(rows: list[dict[str, Any]]) -> dict[str, Any]:
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


def scatter_table(rows: list[dict[str, Any]]) -> dict[str, Any]:
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
            "peak_unique_pct": pct(peak["unique"], peak["draws"]),
            "peak_at_black": peak["black"],
        }
    return {
        "method": f"random black sets, each legal count up to {SCATTER_MAX_SHARE:.0%} of the "
        "board, scored as the generator does: the free region check, then counted up to 2 "
        "by the generator's oracle (oracle.ORACLE)",
        "sizes": out,
    }


def budget_table(rows: list[dict[str, Any]]) -> dict[str, Any]:
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
            "unique_within_budget": sum(1 for e in entries if e["success_move"] is not None),
            "finished_ambiguous": sum(
                1 for e in entries if e["success_move"] is None and e["final_score"] <= r * c + 1
            ),
            "finished_unsolvable": sum(1 for e in entries if e["final_score"] > r * c + 1),
        }
    return {
        "method": "single walks of the generator from a fresh scatter (no restarts)",
        "sizes": out,
    }


def bank_tables(boards: list[dict[str, Any]]) -> dict[str, Any]:
    sizes: dict[str, list[dict[str, Any]]] = {}
    for board in boards:
        sizes.setdefault(board["size"], []).append(board)
    out: dict[str, Any] = {}
    for size, entries in sizes.items():
        r, c = map(int, size.split("x"))
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
        out[size] = {
            "boards": len(entries),
            "wall": {
                "pairs": sum(e["wall_pairs"] for e in entries),
                "boards_with_a_pair": sum(1 for e in entries if e["wall_pairs"]),
            },
            "branch_points": branch,
            "branch_points_drop_pct": {
                "region_vs_fit": pct(branch["fit"] - branch["region"], branch["fit"]),
                "hetero_vs_region": pct(branch["region"] - branch["hetero"], branch["fit"]),
            },
            "settled_pct": {
                rung: pct(sum(e["settled"][rung] for e in entries), white) for rung in LADDER.names
            },
            "candidates_per_open_cell": round(sum(e["candidates"] for e in entries) / white, 2),
            "variants": variants,
            "bar_share_pct": pct(
                sum(e["bars"] for e in entries), sum(e["pieces"] for e in entries)
            ),
            "moved_one_black": _moved(entries),
            "black_pct": pct(sum(r * c - e["white"] for e in entries), r * c * len(entries)),
            "by_black": _by_black(entries, r * c),
        }
    return {
        "method": f"every bank board (per size); {MOVES_PER_BOARD} random one-cell moves a board; "
        f"variant rules counted up to 2 by variants.variant_count ({VARIANT_NODES} placements max);"
        " 'by_black' splits candidates and moves by the board's black-cell count",
        "sizes": out,
    }


def _moved(entries: list[dict[str, Any]]) -> dict[str, Any]:
    moved = {k: sum(e["moved"][k] for e in entries) for k in ("unique", "many", "none")}
    total = sum(moved.values())
    return {"moves": total, **{k: pct(v, total) for k, v in moved.items()}}


def _by_black(entries: list[dict[str, Any]], cells: int) -> dict[str, Any]:
    """Per black-cell count: how many boards, their candidates per open cell and
    what a moved black cell does (the bank's density behind the size's figures)."""
    groups: dict[int, list[dict[str, Any]]] = {}
    for entry in entries:
        groups.setdefault(cells - entry["white"], []).append(entry)
    return {
        str(black): {
            "boards": len(group),
            "black_pct": pct(black, cells),
            "candidates_per_open_cell": round(
                sum(e["candidates"] for e in group) / sum(e["white"] for e in group), 2
            ),
            "moved_one_black": _moved(group),
        }
        for black, group in sorted(groups.items())
    }
