"""The hint's own time and length over every bank puzzle, untouched and half-solved.

Run with ``python benchmarks/hints.py [--type NAME]``. In process (no web
server, no worker): the time of ``solving.hint`` alone, parsing excluded, as
CPU seconds of this process (the machine is shared). A half-solved position
is the bank answer with its later half (row-major) blanked. Prints per
type and position: boards, p50 / p95 / max milliseconds, and the most steps
any hint listed.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from pencilbox import formats, registry, solving


def half_position(solution: list[list[int]]) -> list[list[int]]:
    """The solution with its later half (row-major) blanked."""
    cols = len(solution[0])
    cells = [value for row in solution for value in row]
    half = len(cells) // 2
    kept = [value if i < half else 0 for i, value in enumerate(cells)]
    return [kept[r * cols : (r + 1) * cols] for r in range(len(solution))]


def measure(name: str) -> dict[str, list[tuple[float, int]]]:
    kind = registry.get(name)
    found: dict[str, list[tuple[float, int]]] = {"untouched": [], "half": []}
    for record in kind.bank():
        _, puzzle = formats.load_object(record["json"])
        for where, position in (("untouched", None), ("half", half_position(record["solution"]))):
            started = time.process_time()
            hint = solving.hint(kind, puzzle, position)
            found[where].append((time.process_time() - started, len(hint.steps)))
    return found


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--type", action="append", help="only this type (repeatable)")
    args = parser.parse_args(argv)
    print(
        f"{'type':<12}{'position':<11}{'boards':>7}"
        f"{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'steps':>7}"
    )
    for name in args.type or registry.names():
        for where, rows in measure(name).items():
            times = sorted(t * 1000 for t, _ in rows)
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            print(
                f"{name:<12}{where:<11}{len(rows):>7}{statistics.median(times):>9.2f}"
                f"{p95:>9.2f}{times[-1]:>9.2f}{max(s for _, s in rows):>7}"
            )


if __name__ == "__main__":
    main()
