"""The track: 3 columns (a, b, c) by 9 rows (1 next to the Start line, 9 next to the Finish).

The track is a cylinder around the direction of the race ("left side and right side join"):
column arithmetic is modulo the width, so a piece pushed off column c reappears on column a.
Row 0 is not a space: in move notation it names a waiting piece crossing the Start line at a
column; a row past ROWS is across the Finish line.
"""

from __future__ import annotations

from generator.core.numbers import is_digits, whole
from generator.errors import InvalidInput

COLUMNS = 3
ROWS = 9
LETTERS = "abc"
PIECES = 5  # per player
MIN_PLAYERS, MAX_PLAYERS = 2, 4
PLAYER_NAMES = "ABCD"

Square = tuple[int, int]  # (column 0..2, row 1..9)


def index(col: int, row: int) -> int:
    """Index of a space in a position's cell tuple (row-major from the Start line)."""
    return (row - 1) * COLUMNS + col


def wrap(col: int) -> int:
    return col % COLUMNS


def column_distance(a: int, b: int) -> int:
    """Steps between two columns around the cylinder (0 or 1 on a 3-wide track)."""
    d = (a - b) % COLUMNS
    return min(d, COLUMNS - d)


def name(col: int, row: int) -> str:
    """ "b3"; row 0 is a waiting piece crossing the Start line at that column."""
    return f"{LETTERS[col]}{row}"


def parse_square(text: str) -> Square:
    t = text.strip().lower()
    row = whole(t[1:]) if len(t) >= 2 and is_digits(t[1:]) else None
    if t[:1] not in LETTERS or row is None:
        shown = repr(text) if len(text) <= 20 else f"{text[:12]!r}... ({len(text):,} characters)"
        raise InvalidInput(f"square {shown}: write a column a-c and a row 1-{ROWS}, e.g. b3")
    if not 1 <= row <= ROWS:
        raise InvalidInput(f"square {text!r}: rows run from 1 (Start) to {ROWS} (Finish)")
    return LETTERS.index(t[0]), row


def squares() -> list[Square]:
    return [(c, r) for r in range(1, ROWS + 1) for c in range(COLUMNS)]
