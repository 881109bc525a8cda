"""The face every puzzle type implements (:class:`PuzzleKind`) and the types it speaks in."""

from .drawing import CellDrawing, Drawing
from .face import PuzzleKind
from .parts import Board, Command, Counter, Generated, Rows, Violation
from .positions import entry_limit, progress_json, with_move_values

__all__ = [
    "Board",
    "CellDrawing",
    "Command",
    "Counter",
    "Drawing",
    "Generated",
    "PuzzleKind",
    "Rows",
    "Violation",
    "entry_limit",
    "progress_json",
    "with_move_values",
]
