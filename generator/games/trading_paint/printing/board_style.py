"""The Trading Paint board's look: the tints and colours of its areas, its line styles, the
patterns that keep the areas apart in mono, and the bands (wall, coordinates) round the
squares, with the drawing's size in millimetres. board_art.py draws with them.
"""

from __future__ import annotations

from generator.games.trading_paint.rules.board import Board
from generator.render.canvas import BLACK, WHITE, Style
from generator.render.palette import (
    BLUE,
    BLUISH_GREEN,
    ORANGE,
    REDDISH_PURPLE,
    SKY_BLUE,
    VERMILLION,
    YELLOW,
)


# --- colours -----------------------------------------------------------------------------------
def tint(colour: str, amount: float) -> str:
    """`amount` of `colour` on white paper (0 white, 1 the full colour): large areas print as
    light tints, so a home inkjet spends little ink on them."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(255 - amount * (255 - c)) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


# Light tints (about 10-35 % ink) for the large areas, full Okabe-Ito colours for lines and small
# marks. Lanes alternate two tints, so each lane reads as a ring round the pit.
LANE_TINTS = (tint(SKY_BLUE, 0.10), tint(SKY_BLUE, 0.22))  # straights: lanes 1, 3, 5 / 2, 4, 6
TURN_TINTS = (tint(ORANGE, 0.14), tint(ORANGE, 0.27))  # turns: the same lanes, warm
PIT_TINTS = (tint(BLUISH_GREEN, 0.10), tint(BLUISH_GREEN, 0.38))  # the pit's light / dark checks
START_TINT = tint(YELLOW, 0.55)  # start squares 1-6
WALL_COLOUR = BLUE
LANE_LINE_COLOUR = BLUE
CAUTION_COLOUR = REDDISH_PURPLE  # the back straightaway's double lines (caution period)
WRECK_COLOUR = VERMILLION  # the wreck zone's hatching and dashed edge
FINISH_COLOURS = (BLACK, WHITE)  # the checkered finish band

GRID_LINE = Style(stroke="#7a7a7a", width=0.2)
LINE = Style(stroke=BLACK, width=0.6)
THIN_LINE = Style(stroke=BLACK, width=0.35)
FLOW = Style(stroke="#6e6e6e", width=0.8, cap="round", join="round")
LABEL = "#555555"

# Mono: the canvas turns every fill grey and light by itself, so these patterns keep the areas
# apart without colour: dotted turns (dotted in colour too), cross-hatched dark pit checks, a
# gridded wall, the wreck zone in back-diagonal lines (in colour too), the lanes by their lane
# lines (twice as wide as the grid), the start squares by their numbers and arrows.
TURN_HATCH = "dots"
PIT_HATCH = "cross"
WALL_HATCH = "grid"
WRECK_HATCH = "backdiagonal"


class BoardStyles:
    """The board's styles for a colour or a mono page."""

    def __init__(self, mono: bool) -> None:
        def only_mono(hatch: str) -> str | None:
            return hatch if mono else None

        self.lanes = tuple(Style(stroke=None, fill=t) for t in LANE_TINTS)
        self.turns = tuple(
            Style(
                stroke=None,
                fill=t,
                hatch=TURN_HATCH,
                hatch_colour=ORANGE,
                hatch_spacing=3.2,
            )
            for t in TURN_TINTS
        )
        self.pit_light = Style(stroke=None, fill=PIT_TINTS[0])
        self.pit_dark = Style(
            stroke=None,
            fill=PIT_TINTS[1],
            hatch=only_mono(PIT_HATCH),
            hatch_colour="#666666",
            hatch_spacing=1.8,
        )
        self.wall = Style(
            stroke=None,
            fill=WALL_COLOUR,
            hatch=only_mono(WALL_HATCH),
            hatch_colour=BLACK,
            hatch_spacing=1.25,
        )
        self.start = Style(stroke=None, fill=START_TINT)
        self.lane_line = Style(stroke=LANE_LINE_COLOUR, width=0.4)  # twice a grid line
        self.caution = Style(stroke=CAUTION_COLOUR, width=0.6)
        self.wreck_zone = Style(
            stroke=WRECK_COLOUR,
            width=0.5,
            dash=(2.0, 1.2),
            fill=None,
            hatch=WRECK_HATCH,
            hatch_colour=tint(WRECK_COLOUR, 0.6),
            hatch_spacing=2.5,
        )
        self.finish = tuple(Style(stroke=None, fill=c) for c in FINISH_COLOURS)


WALL_BAND = 5.0  # mm of wall drawn round the track
COORD_BAND = 6.0  # mm outside the wall for column and row numbers
MIN_TEXT_PT = 6.0  # pt: the smallest text players read on the true-size board
PT = 0.3528  # mm per point


def board_size(board: Board, sq: float) -> tuple[float, float]:
    """Width and height (mm) of the board drawing: squares, wall band and coordinate band."""
    pad = 2 * (WALL_BAND + COORD_BAND)
    return board.width * sq + pad, board.height * sq + pad


def pit_rect(board: Board, sq: float) -> tuple[float, float, float, float]:
    """The pit's x, y, width and height (mm) in the board drawing."""
    o = WALL_BAND + COORD_BAND + board.lanes * sq
    return o, o, board.pit_w * sq, board.pit_h * sq


def lane_of(board: Board, x: int, y: int) -> int:
    """The lane (1 inside .. board.lanes outside) of track square (x, y): its ring round the pit."""
    ring = min(x, y, board.width - 1 - x, board.height - 1 - y)  # 0: the outside ring
    return board.lanes - ring
