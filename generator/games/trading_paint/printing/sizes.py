"""The sizes the Trading Paint pieces print at: the paper dice's faces, the board squares they
fit, and the smallest dice racegen prints. Plain numbers: the option table (printables.py)
and every page use them.
"""

from __future__ import annotations

# A paper cube comes out larger than its net's face: the card's thickness (0.2-0.3 mm for
# 160-220 g/m2) wraps round every fold, the glue tabs add a layer under some faces, and folds
# never sit exactly on the printed line. A 16 mm net folds to a 16.4-16.9 mm cube, so the board's
# squares are 1 mm larger than the dice's faces (docs/design.md, "Paper dice need room").
DIE_FACE = 16.0  # mm: default face of the path dice and car dice (dice --edge, cars --edge)
DIE_CLEARANCE = 1.0  # mm: board square minus die face
BOARD_SQUARE = DIE_FACE + DIE_CLEARANCE  # mm: default board square (board --square)
DICE_MIN = 10.0  # mm: the smallest dice and cars racegen prints (dice and cars --edge)


def die_for(square: float) -> float:
    """The die face (mm) a board of `square` mm squares is made for."""
    return round(square - DIE_CLEARANCE, 2)


def size_note(square: float) -> str:
    """What the board prints about its squares and the dice they take."""
    return f"squares {square:g} mm: for {die_for(square):g} mm paper dice"
