"""A line across the track, crossed one way: what a cell map's start/finish line and
checkpoints (model.Line, in squares) and a drawn circuit's gates (drawn.Gate, in 1/SCALE of a
square along the line) share. CrossLine holds the grid line it lies on, its two ends, its
racing direction and the geometry that follows from them (the axis a crossing changes, the
racing direction as a word and as a step, its grid points, its JSON form); each kind keeps its
own unit, its own checks and its own crossing rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Words accepted for racing directions, mapped to (orientation of the line, sign).
DIRECTIONS = {
    "down": ("horizontal", 1),
    "south": ("horizontal", 1),
    "up": ("horizontal", -1),
    "north": ("horizontal", -1),
    "right": ("vertical", 1),
    "east": ("vertical", 1),
    "left": ("vertical", -1),
    "west": ("vertical", -1),
}
DIRECTION_WORD = {
    ("horizontal", 1): "down",
    ("horizontal", -1): "up",
    ("vertical", 1): "right",
    ("vertical", -1): "left",
}


@dataclass(frozen=True)
class CrossLine:
    """Part of one grid line, across the track, crossed in a racing direction.

    horizontal: along row `at`, crossed moving down (+1) or up (-1); vertical: along column
    `at`, crossed moving right (+1) or left (-1). lo..hi is its extent along the grid line, in
    the unit of its kind (model.Line: grid points; drawn.Gate: 1/SCALE of a square).
    """

    orientation: str
    at: int
    lo: int
    hi: int
    direction: int

    @property
    def axis(self) -> int:
        """The coordinate of a (row, column) point that a crossing changes: the column (1) for
        a vertical line, the row (0) for a horizontal one."""
        return 1 if self.orientation == "vertical" else 0

    @property
    def word(self) -> str:
        return DIRECTION_WORD[(self.orientation, self.direction)]

    @property
    def arrow(self) -> tuple[int, int]:
        """The racing direction as a (row, column) step."""
        if self.orientation == "horizontal":
            return (self.direction, 0)
        return (0, self.direction)

    def grid_point(self, along: int) -> tuple[int, int]:
        """The grid point (row, column) on the line `along` grid points from its row's or
        column's start."""
        return (self.at, along) if self.orientation == "horizontal" else (along, self.at)

    def to_dict(self) -> dict[str, Any]:
        """{"row": at, "cols": [lo, hi], "direction": word} or the same with col and rows."""
        key = "row" if self.orientation == "horizontal" else "col"
        span = "cols" if self.orientation == "horizontal" else "rows"
        return {key: self.at, span: [self.lo, self.hi], "direction": self.word}
