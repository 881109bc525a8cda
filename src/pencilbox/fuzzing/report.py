"""What a fuzz run found: a :class:`DoorTally` of outcomes per door, each
:class:`Failure` with its exact input, the :class:`Slowest` input, and the
:class:`FuzzReport` that holds them and prints them as a table or JSON.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .cases import FAMILIES
from .judging import Result


@dataclass
class DoorTally:
    """Counts for one door: inputs, and how each ended; the slowest input's CPU time."""

    inputs: int = 0
    parsed: int = 0
    rejected: int = 0
    failed: int = 0
    slowest_seconds: float = 0.0
    slowest_index: int = -1

    def add(self, index: int, result: Result, seconds: float) -> None:
        self.inputs += 1
        setattr(self, result.outcome, getattr(self, result.outcome) + 1)
        if seconds > self.slowest_seconds:
            self.slowest_seconds, self.slowest_index = seconds, index

    def merge(self, other: DoorTally) -> None:
        self.inputs += other.inputs
        self.parsed += other.parsed
        self.rejected += other.rejected
        self.failed += other.failed
        if other.slowest_seconds > self.slowest_seconds:
            self.slowest_seconds, self.slowest_index = other.slowest_seconds, other.slowest_index


@dataclass(frozen=True)
class Failure:
    """One input that did not end cleanly, with enough to replay it."""

    door: str
    index: int
    problem: str
    seconds: float
    input: dict[str, Any]


@dataclass(frozen=True)
class Slowest:
    """The input that used the most CPU time."""

    door: str
    index: int
    seconds: float
    wall_seconds: float
    preview: str


@dataclass
class FuzzReport:
    """The outcome of a fuzz run: per-door counts, failures, the slowest input."""

    seed: str
    start: int
    count: int
    time_limit: float
    doors: dict[str, DoorTally] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    slowest: Slowest | None = None
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def inputs(self) -> int:
        return sum(tally.inputs for tally in self.doors.values())

    @property
    def parsed(self) -> int:
        return sum(tally.parsed for tally in self.doors.values())

    @property
    def rejected(self) -> int:
        return sum(tally.rejected for tally in self.doors.values())

    @property
    def failed(self) -> int:
        return sum(tally.failed for tally in self.doors.values())

    def families(self) -> dict[str, DoorTally]:
        """Counts summed per door family (every ``text:<type>`` door is ``text``)."""
        found: dict[str, DoorTally] = {}
        for door in sorted(self.doors):
            found.setdefault(door.split(":", 1)[0], DoorTally()).merge(self.doors[door])
        return {name: found[name] for name in FAMILIES if name in found}

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "start": self.start,
            "count": self.count,
            "time_limit": self.time_limit,
            "inputs": self.inputs,
            "parsed": self.parsed,
            "rejected": self.rejected,
            "failed": self.failed,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "slowest": asdict(self.slowest) if self.slowest else None,
            "doors": {door: asdict(self.doors[door]) for door in sorted(self.doors)},
            "failures": [asdict(failure) for failure in self.failures],
        }

    def summary(self) -> str:
        """A small table: one line per door and family, then the slowest input and failures."""
        lines = [f"{'door':<24}{'inputs':>9}{'parsed':>9}{'rejected':>10}{'failed':>8}{'max s':>9}"]

        def row(name: str, tally: DoorTally) -> str:
            return (
                f"{name:<24}{tally.inputs:>9}{tally.parsed:>9}{tally.rejected:>10}"
                f"{tally.failed:>8}{tally.slowest_seconds:>9.3f}"
            )

        families = self.families()
        for family, tally in families.items():
            lines.append(row(family, tally))
            doors = [door for door in sorted(self.doors) if door.startswith(family + ":")]
            lines.extend(row("  " + door, self.doors[door]) for door in doors)
        total = DoorTally()
        for tally in families.values():
            total.merge(tally)
        lines.append(row("all", total))
        lines.append(
            f"seed {self.seed!r}, inputs {self.start}..{self.start + self.count - 1}: "
            f"{self.seconds:.1f} s wall, {self.cpu_seconds:.1f} s CPU"
        )
        if self.slowest:
            slow = self.slowest
            lines.append(
                f"slowest: {slow.door} #{slow.index}, {slow.seconds:.3f} s CPU "
                f"({slow.wall_seconds:.3f} s wall): {slow.preview}"
            )
        for failure in self.failures[:20]:
            lines.append(f"FAILED {failure.door} #{failure.index}: {failure.problem}")
        if len(self.failures) > 20:
            lines.append(f"... and {len(self.failures) - 20} more failures")
        return "\n".join(lines)
