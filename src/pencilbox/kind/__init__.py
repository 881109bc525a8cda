"""The face every puzzle type implements (:class:`PuzzleKind`) and the types it speaks in."""

from .drawing import CellDrawing, Drawing
from .face import PuzzleKind
from .parts import Board, Command, Counter, Edge, Generated, Rows, Violation, draft_problems_of
from .positions import entry_limit, position_state, progress_json, read_edges, with_move_values

__all__ = [
    "Board",
    "CellDrawing",
    "Command",
    "Counter",
    "Drawing",
    "Edge",
    "Generated",
    "PuzzleKind",
    "Rows",
    "Violation",
    "draft_problems_of",
    "entry_limit",
    "position_state",
    "progress_json",
    "read_edges",
    "with_move_values",
]
