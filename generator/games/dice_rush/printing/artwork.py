"""Dice Rush shapes in millimetres: the board's spaces, the compass, the die faces.

Every code has a shape and words beside its colour: point spaces carry a triangle (up for a
gain, down for a loss) and a signed number; start and finish spaces carry the player's marker
(circle for player 1, square for player 2), the player's number and the word.
"""

from __future__ import annotations

import math

from generator.games.dice_rush.rules.board import DIRECTIONS, Board, Pos
from generator.render.canvas import BLACK, GREY, WHITE, Canvas, Style
from generator.render.glyphs import arrow, pips, player_marker
from generator.render.palette import BLUISH_GREEN, VERMILLION, player_colour

GAIN_FILL = "#dff3ea"  # a light bluish green
LOSS_FILL = "#fbe3d3"  # a light vermillion
GRID = Style(stroke=BLACK, width=0.35)
EDGE = Style(stroke=BLACK, width=0.8)
STRIP = 44.0  # mm below the board for the compass and the legend
MIN_DRAWING_W = 150.0  # mm: the legend needs this much width


def _light(colour: str) -> str:
    """A quarter-strength tint of a #rrggbb colour (space backgrounds)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(255 - (255 - v) * 0.25) for v in (r, g, b)]
    return "#" + "".join(f"{v:02x}" for v in mix)


def drawing_size(board: Board, space: float) -> tuple[float, float]:
    """Width and height (mm) of the board drawing: the grid and the strip below it."""
    return max(board.cols * space, MIN_DRAWING_W), board.rows * space + STRIP


def triangle(canvas: Canvas, cx: float, cy: float, size: float, up: bool, style: Style) -> None:
    h = size * math.sqrt(3) / 2
    s = -1 if up else 1
    canvas.polygon(
        [(cx, cy + s * h / 2), (cx + size / 2, cy - s * h / 2), (cx - size / 2, cy - s * h / 2)],
        style,
    )


def point_badge(canvas: Canvas, cx: float, cy: float, value: int, space: float) -> None:
    """A triangle (up: gain, down: loss) above the signed number, in a space of `space` mm."""
    colour = BLUISH_GREEN if value > 0 else VERMILLION
    style = Style(stroke=BLACK, width=0.2, fill=colour, join="round")
    triangle(canvas, cx, cy - space * 0.2, space * 0.3, value > 0, style)
    canvas.text(cx, cy + space * 0.3, f"{value:+d}", space * 0.75, bold=True, anchor="middle")


def player_badge(canvas: Canvas, cx: float, cy: float, player: int, word: str, space: float):
    """The player's marker, number and START or FINISH."""
    player_marker(canvas, player, cx, cy - space * 0.14, space * 0.36)
    canvas.text(cx, cy + space * 0.22, f"{word} {player + 1}", space * 0.42, bold=True,
                anchor="middle")  # fmt: skip
    if space >= 16.0:  # on smaller spaces this line has no room at 6 pt (layout.MIN_TEXT)
        size = max(6.0, space * 0.28)
        canvas.text(cx, cy + space * 0.4, f"player {player + 1}", size, anchor="middle")


def draw_space(canvas: Canvas, board: Board, pos: Pos, space: float) -> None:
    r, c = pos
    x, y = c * space, r * space
    cx, cy = x + space / 2, y + space / 2
    fill = None
    v = board.value(pos)
    if v:
        fill = GAIN_FILL if v > 0 else LOSS_FILL
    for p in (0, 1):
        if pos in (board.starts[p], board.finishes[p]):
            fill = _light(player_colour(p))
    canvas.rect(x, y, space, space, Style(stroke=None, fill=fill) if fill else Style(stroke=None))
    for p in (0, 1):
        if pos == board.starts[p]:
            player_badge(canvas, cx, cy, p, "START", space)
        elif pos == board.finishes[p]:
            inset = space * 0.06
            canvas.rect(
                x + inset,
                y + inset,
                space - 2 * inset,
                space - 2 * inset,
                Style(stroke=player_colour(p), width=1.2, dash=(1.6, 0.8)),
            )
            player_badge(canvas, cx, cy, p, "FINISH", space)
    if v:
        point_badge(canvas, cx, cy, v, space)


def draw_grid(canvas: Canvas, board: Board, space: float) -> None:
    for pos in board.spaces():
        draw_space(canvas, board, pos, space)
    w, h = board.cols * space, board.rows * space
    for c in range(1, board.cols):
        canvas.line(c * space, 0, c * space, h, GRID)
    for r in range(1, board.rows):
        canvas.line(0, r * space, w, r * space, GRID)
    canvas.rect(0, 0, w, h, EDGE)


def compass(canvas: Canvas, cx: float, cy: float, radius: float) -> None:
    """The eight directions as arrows from the centre, each with its d8 number at the tip."""
    canvas.circle(cx, cy, radius, Style(stroke=GREY, width=0.2))
    for face, (dr, dc) in DIRECTIONS.items():
        n = math.hypot(dr, dc)
        ux, uy = dc / n, dr / n
        arrow(canvas, cx + ux * 2.5, cy + uy * 2.5, cx + ux * (radius - 6.5),
              cy + uy * (radius - 6.5), Style(stroke=BLACK, width=0.5), head=2.6)  # fmt: skip
        tx, ty = cx + ux * (radius - 3.2), cy + uy * (radius - 3.2)
        canvas.circle(tx, ty, 2.9, Style(stroke=BLACK, width=0.25, fill=WHITE))
        canvas.text(tx, ty + 1.3, str(face), 10, bold=True, anchor="middle")
    canvas.circle(cx, cy, 1.2, Style(stroke=None, fill=BLACK))


# the move in brief, by order (decision 6): both players move in every roll, or in turns
LEGEND_LINES = {
    "together": (
        "Each roll, both players roll the d8 for the direction (reroll if it points off",
        "the board), then the d6 for the distance (stop at the edge if it runs out), and move.",
        "Only the space you land on counts: passing over does nothing.",
        "Land exactly on your own FINISH: you win. On the other's: you lose.",
        "Both land on one space: d8 roll-off; the loser steps back one space along its move.",
    ),
    "turns": (
        "In turns: roll the d8 for the direction (reroll if it points off the board),",
        "then the d6 for the distance (stop at the edge if it runs out), and move.",
        "Only the space you land on counts: passing over does nothing.",
        "Land exactly on your own FINISH: you win. On the other's: you lose.",
        "Land on the other player: d8 roll-off; the loser goes back one space along the move.",
    ),
}


def legend(canvas: Canvas, x: float, y: float, width: float, order: str = "together") -> None:
    """Key to the spaces and the move in brief (x, y: top-left; fits `width` mm)."""
    gain = Style(stroke=BLACK, width=0.2, fill=BLUISH_GREEN, join="round")
    loss = Style(stroke=BLACK, width=0.2, fill=VERMILLION, join="round")
    triangle(canvas, x + 2.5, y + 2.5, 4.5, True, gain)
    canvas.text(x + 6, y + 4, "+N: gain N points", 8)
    triangle(canvas, x + 40, y + 2.5, 4.5, False, loss)
    canvas.text(x + 43.5, y + 4, "-N: lose N points (each landing)", 8)
    for p in (0, 1):
        px = x + p * 48
        player_marker(canvas, p, px + 2.5, y + 10.5, 4.5)
        canvas.text(px + 6, y + 12, f"player {p + 1}: START / FINISH {p + 1}", 8)
    for i, line in enumerate(LEGEND_LINES[order]):
        canvas.text(x, y + 19.5 + i * 3.8, line, 8)  # rules: 8 pt, as every instruction


def draw_board(canvas: Canvas, board: Board, space: float, order: str = "together") -> None:
    """The whole board drawing, origin at its top-left: the grid, then below it the compass
    (labelled "up = towards this edge") and the legend."""
    w, h = drawing_size(board, space)
    gw, gh = board.cols * space, board.rows * space
    with canvas.group(dx=(w - gw) / 2):
        draw_grid(canvas, board, space)
    canvas.text(w / 2, -1.5, "up (d8: 1) is towards this edge for both players", 8,
                anchor="middle", colour="#444444")  # fmt: skip
    compass(canvas, 20.0, gh + STRIP / 2 + 1.0, 19.0)
    legend(canvas, 44.0, gh + 5.0, w - 44.0, order)


# --- dice faces -----------------------------------------------------------------------------
def d8_face(face: int):
    """Face callback for nets.d8_net: the number and an arrow in its direction (the arrow
    reminds players of the compass; the number is what counts)."""
    dr, dc = DIRECTIONS[face]

    def draw(canvas: Canvas, edge: float) -> None:
        n = math.hypot(dr, dc)
        ux, uy = dc / n, dr / n
        k = edge / 20.0
        ay = -2.1 * k
        half = 2.6 * k
        arrow(canvas, -ux * half, ay - uy * half, ux * half, ay + uy * half,
              Style(stroke=BLACK, width=0.45 * k), head=1.8 * k)  # fmt: skip
        canvas.text(0, 4.0 * k, str(face), max(6.0, 9.5 * k), bold=True, anchor="middle")

    return draw


def d6_face(value: int):
    def draw(canvas: Canvas, edge: float) -> None:
        m = edge * 0.08
        pips(canvas, value, -edge / 2 + m, -edge / 2 + m, edge - 2 * m)

    return draw
