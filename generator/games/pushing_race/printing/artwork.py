"""Shapes in millimetres: the track (a band of rows, Start and Finish lines, labels), the die
faces' pictograms and the paper pieces. Origin top-left, y down; the Finish row is at the top
of the page, so the race runs up the sheet.
"""

from __future__ import annotations

import math

from generator.games.pushing_race.rules.track import COLUMNS, LETTERS, PLAYER_NAMES, ROWS
from generator.render.canvas import BLACK, WHITE, Canvas, Style
from generator.render.glyphs import arrow, player_marker
from generator.render.layout import text_width

SPACE_FILL = ("#f3f3f3", "#ffffff")  # alternate rows, so rows read at a glance
SPACE_EDGE = Style(stroke=BLACK, width=0.35)
LINE = Style(stroke=BLACK, width=1.2)
LABEL = "#555555"
MM_PER_PT = 25.4 / 72.0


def checkered_line(canvas: Canvas, x: float, y: float, w: float, h: float = 3.0) -> None:
    """A two-row chequer strip (the Finish and Start lines), black and white squares."""
    n = max(2, round(w / h) * 2)
    cell = w / n
    canvas.rect(x, y, w, h, Style(stroke=BLACK, width=0.3, fill=WHITE))
    for row in range(2):
        for k in range(n):
            if (k + row) % 2 == 0:
                canvas.rect(
                    x + k * cell, y + row * h / 2, cell, h / 2, Style(stroke=None, fill=BLACK)
                )


def draw_spaces(canvas: Canvas, x: float, y: float, space: float, rows: range) -> None:
    """The spaces of `rows` (a range of row numbers), the highest row at the top, each with
    its name ("b3") small in the corner so moves can be read off the board (6 to 7 pt)."""
    top = max(rows)
    size = min(7.0, max(6.0, space * 0.3))
    for r in rows:
        ry = y + (top - r) * space
        for c in range(COLUMNS):
            sx = x + c * space
            canvas.rect(sx, ry, space, space, SPACE_EDGE.with_(fill=SPACE_FILL[r % 2]))
            canvas.text(
                sx + 1.2, ry + size * MM_PER_PT + 1.0, f"{LETTERS[c]}{r}", size, colour=LABEL
            )


def wrap_marks(canvas: Canvas, x: float, y: float, space: float, rows: int) -> None:
    """Words along each side edge saying that column c continues on column a (the cylinder)."""
    w = COLUMNS * space
    mid = y + rows * space / 2
    left = "<  column a joins column c: the track is a cylinder  >"
    right = "<  column c joins column a: the track is a cylinder  >"
    canvas.text(x - 8.5, mid, left, 7.0, anchor="middle", colour=LABEL, rotate=-90)
    canvas.text(x + w + 8.5, mid, right, 7.0, anchor="middle", colour=LABEL, rotate=90)


def track_size(space: float) -> tuple[float, float]:
    """Width and height of `draw_track`: the grid plus a band for each line and the labels."""
    return COLUMNS * space + 2 * MARGIN_X, ROWS * space + 2 * 9.0 + 6.0


MARGIN_X = 11.0  # mm each side of the grid: row numbers and the cylinder note


def draw_track(canvas: Canvas, space: float) -> None:
    """The whole 3 x 9 track in a box of track_size(space): Finish line at the top, Start line
    below row 1, row numbers on both sides, column letters under the Start line."""
    x0, y0 = MARGIN_X, 9.0
    w = COLUMNS * space
    canvas.text(x0 + w / 2, y0 - 4.8, "FINISH", 9.0, bold=True, anchor="middle")
    checkered_line(canvas, x0, y0 - 3.0, w)
    draw_spaces(canvas, x0, y0, space, range(1, ROWS + 1))
    bottom = y0 + ROWS * space
    checkered_line(canvas, x0, bottom, w)
    canvas.text(x0 + w / 2, bottom + 7.2, "START", 9.0, bold=True, anchor="middle")
    for r in range(1, ROWS + 1):
        cy = y0 + (ROWS - r + 0.5) * space + 1.5
        canvas.text(x0 - 1.5, cy, str(r), 10.0, bold=True, anchor="end")
        canvas.text(x0 + w + 1.5, cy, str(r), 10.0, bold=True)
    for c in range(COLUMNS):
        canvas.text(x0 + (c + 0.5) * space, bottom + 12.5, LETTERS[c], 11.0, bold=True,
                    anchor="middle")  # fmt: skip
    wrap_marks(canvas, x0, y0, space, ROWS)


# --- die faces -------------------------------------------------------------------------------
PICTO = Style(stroke=BLACK, width=0.6, cap="round", join="round")


def _pictogram(canvas: Canvas, face: str, s: float) -> None:
    """A small black-and-white pictogram of the face's move, in a box of side s about (0, 0):
    a square for the moving piece, grey squares for others, an arrow for the motion."""
    piece = Style(stroke=BLACK, width=0.3, fill=BLACK)
    other = Style(stroke=BLACK, width=0.3, fill=WHITE)
    p = s * 0.22  # piece size
    head = s * 0.22
    if face == "TIP":
        canvas.rect(-p / 2, s / 2 - p, p, p, piece)
        arrow(canvas, 0, s / 2 - p - 0.6, 0, -s / 2, PICTO, head)
    elif face == "AIM":
        canvas.rect(-s / 2, s / 2 - p, p, p, piece)
        arrow(canvas, -s / 2 + p + 0.4, s / 2 - p - 0.4, s / 2, -s / 2, PICTO, head)
    elif face == "HOP":
        canvas.rect(-p / 2, s / 2 - p, p, p, piece)
        canvas.rect(-p / 2, -p / 2, p, p, other)
        arc = [("M", -p * 0.9, s / 2 - p - 0.3), ("C", -s / 2, -s / 4, -s / 2, -s / 2, -p * 0.2,
               -s / 2 + 0.2)]  # fmt: skip
        canvas.path(arc, PICTO)
        arrow(canvas, -p * 0.4, -s / 2 + 0.2, p * 0.9, -s / 2 + 0.6, PICTO, head * 0.8)
    elif face == "SWAP":
        canvas.rect(-s / 2, -p / 2, p, p, piece)
        canvas.rect(s / 2 - p, -p / 2, p, p, other)
        arrow(canvas, -s / 2 + p + 0.8, -p * 0.9, s / 2 - p - 0.8, -p * 0.9, PICTO, head * 0.8)
        arrow(canvas, s / 2 - p - 0.8, p * 0.9, -s / 2 + p + 0.8, p * 0.9, PICTO, head * 0.8)
    elif face == "DIG":
        canvas.rect(-p / 2, -s / 2, p, p, piece)
        arrow(canvas, 0, -s / 2 + p + 0.6, 0, s / 2, PICTO, head)
    elif face == "WILD":
        pts = []
        for i in range(10):
            r = s / 2 if i % 2 == 0 else s * 0.2
            a = math.radians(-90 + 36 * i)
            pts.append((r * math.cos(a), r * math.sin(a)))
        canvas.polygon(pts, Style(stroke=BLACK, width=0.4, fill=WHITE, join="round"))
        canvas.text(0, s * 0.1, "?", s * 0.35 / MM_PER_PT, bold=True, anchor="middle")
    else:
        raise ValueError(f"no pictogram for {face!r}")


def word_size(edge: float) -> float:
    """Point size of the face word: a third of the face tall at most, and "SWAP" (the widest)
    within 80 % of the edge."""
    size = edge * 0.55
    while text_width("SWAP", size, bold=True) > 0.8 * edge:
        size -= 0.25
    return size


def die_face(face: str):
    """Face callback for nets.cube_net: the word below, the pictogram above, upright."""

    def draw(canvas: Canvas, edge: float) -> None:
        s = edge * 0.48
        with canvas.group(dy=-edge * 0.13):
            _pictogram(canvas, face, s)
        canvas.text(0, edge * 0.39, face, word_size(edge), bold=True, anchor="middle")

    return draw


# --- paper pieces ----------------------------------------------------------------------------
PIECE_W = 16.0  # mm: fits a 22 mm space with room to pick it up
PANEL_H = 14.0  # mm: each side of the tent


def _panel(canvas: Canvas, player: int) -> None:
    """One side of a tent: the player's shape in their colour, the letter below it."""
    player_marker(canvas, player, PIECE_W / 2, 5.6, 8.0)
    canvas.text(PIECE_W / 2, PANEL_H - 1.3, PLAYER_NAMES[player], 9.0, bold=True, anchor="middle")


def draw_piece(canvas: Canvas, player: int) -> None:
    """A tent piece PIECE_W x 2 PANEL_H: two panels back to back across a fold (the upper one
    upside down, so both read upright once folded and stood on the board)."""
    from generator.render.canvas import FOLD

    with canvas.group(dx=PIECE_W, dy=PANEL_H, rotate=180.0):
        _panel(canvas, player)
    with canvas.group(dy=PANEL_H):
        _panel(canvas, player)
    canvas.line(0, PANEL_H, PIECE_W, PANEL_H, FOLD)
