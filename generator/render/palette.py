"""Colour-blind-safe colours, and a shape and a hatch beside every colour.

The colours are Okabe and Ito's eight ("Color Universal Design", 2008), chosen so people with
any common colour-vision deficiency can still tell them apart. Colour is never the only code:
every player also has a marker shape (glyphs.player_marker) and, in mono output, a hatch.

No heavy imports: materials pick colours here without loading a backend.
"""

from __future__ import annotations

from generator.render.canvas import BLACK, Style

# Okabe-Ito, as lowercase "#rrggbb" like the rest of the canvas.
OKABE_BLACK = "#000000"
ORANGE = "#e69f00"
SKY_BLUE = "#56b4e9"
BLUISH_GREEN = "#009e73"
YELLOW = "#f0e442"
BLUE = "#0072b2"
VERMILLION = "#d55e00"
REDDISH_PURPLE = "#cc79a7"

OKABE_ITO: dict[str, str] = {
    "black": OKABE_BLACK,
    "orange": ORANGE,
    "sky blue": SKY_BLUE,
    "bluish green": BLUISH_GREEN,
    "yellow": YELLOW,
    "blue": BLUE,
    "vermillion": VERMILLION,
    "reddish purple": REDDISH_PURPLE,
}

# Player order chosen so that every prefix stays as far apart as possible. Measured as the
# smallest CIE76 distance between two colours of the prefix under normal vision and simulated
# protanopia, deuteranopia and tritanopia (Machado 2009 matrices): 2 players 91.9, 3: 57.3,
# 4: 24.8, 5: 20.7, 6: 17.2, 7: 16.1. Yellow comes last: it is faint on white paper.
PLAYER_COLOURS: tuple[str, ...] = (
    BLUE,
    VERMILLION,
    OKABE_BLACK,
    SKY_BLUE,
    REDDISH_PURPLE,
    ORANGE,
    BLUISH_GREEN,
    YELLOW,
)

# Marker shape of each player (glyphs.player_marker draws them): the real code, colour is a help.
PLAYER_SYMBOLS: tuple[str, ...] = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "star",
    "cross",
    "hexagon",
    "pentagon",
)

# Mono hatch of each player; the black player (index 2) prints solid black, so no hatch there.
PLAYER_HATCHES: tuple[str | None, ...] = (
    "diagonal",
    "horizontal",
    None,
    "backdiagonal",
    "vertical",
    "dots",
    "cross",
    "grid",
)

# Teams: orange against sky blue is the classic colour-blind-safe pair and differs from the
# first two players (blue, vermillion), so a team band never looks like a player colour.
TEAM_COLOURS: tuple[str, ...] = (ORANGE, SKY_BLUE, BLUISH_GREEN, REDDISH_PURPLE)
TEAM_HATCHES: tuple[str, ...] = ("horizontal", "vertical", "dots", "cross")

# Piecepack's suns red, moons black, crowns green, arms blue, in their Okabe-Ito versions; the
# card suits take the other four. The shape names the suit; draw light fills (yellow) with an
# outline, as suit_style does.
SUIT_COLOURS: dict[str, str] = {
    "sun": VERMILLION,
    "moon": OKABE_BLACK,
    "crown": BLUISH_GREEN,
    "anchor": BLUE,
    "heart": REDDISH_PURPLE,
    "spade": SKY_BLUE,
    "diamond": YELLOW,
    "club": ORANGE,
}

MARKER_OUTLINE = 0.25  # mm: the black edge around a coloured marker or suit


def _index(index: int, count: int, what: str) -> int:
    if not 0 <= index < count:
        raise ValueError(f"{what} index {index} out of range 0..{count - 1}")
    return index


def player_colour(index: int) -> str:
    return PLAYER_COLOURS[_index(index, len(PLAYER_COLOURS), "player")]


def player_symbol(index: int) -> str:
    """Name of the marker shape of player `index` (0-based)."""
    return PLAYER_SYMBOLS[_index(index, len(PLAYER_SYMBOLS), "player")]


def player_style(index: int, mono: bool = False) -> Style:
    """Fill style of player `index`: its colour with a black edge; in mono, its hatch as well.

    The canvas greys and lightens fills of a mono page by itself; the hatch is what keeps
    players apart there.
    """
    i = _index(index, len(PLAYER_COLOURS), "player")
    hatch = PLAYER_HATCHES[i] if mono else None
    return Style(
        stroke=BLACK, width=MARKER_OUTLINE, fill=PLAYER_COLOURS[i], hatch=hatch, join="round"
    )


def team_style(index: int, mono: bool = False) -> Style:
    i = _index(index, len(TEAM_COLOURS), "team")
    hatch = TEAM_HATCHES[i] if mono else None
    return Style(stroke=BLACK, width=MARKER_OUTLINE, fill=TEAM_COLOURS[i], hatch=hatch)


def suit_style(name: str, outline: bool = True) -> Style:
    """Coloured fill of a suit (names as glyphs.SUITS), with a thin black edge by default."""
    if name not in SUIT_COLOURS:
        raise ValueError(f"unknown suit {name!r}: use one of {', '.join(SUIT_COLOURS)}")
    stroke = BLACK if outline else None
    return Style(stroke=stroke, width=0.15, fill=SUIT_COLOURS[name], join="round")
