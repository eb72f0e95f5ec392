"""The look Triactor's printed pages share: the game's name on every document, the thin and
light lines, the grey of a table's heading row, and a bet's code as the slips, the payout card
and the odds sheet write it (italic letters, boxed for a box bet).
"""

from __future__ import annotations

from generator.render import layout
from generator.render.canvas import BLACK, GREY, Canvas, Style

GAME = "Triactor"
THIN = Style(stroke=BLACK, width=0.2)
LIGHT = Style(stroke=GREY, width=0.15)
HEAD_FILL = Style(stroke=None, fill="#e8e8e8")


def boxed_code(
    canvas: Canvas,
    x: float,
    y: float,
    code: str,
    size: float,
    box: bool,
    anchor: str = "start",
    italic: bool = True,
) -> float:
    """An italic bet code with baseline y; a box drawn around it for box bets. Returns width."""
    w = layout.text_width(code, size, bold=False)
    x0 = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
    canvas.text(x0, y, code, size, italic=italic)
    if box:
        pad = size * 0.09
        h = size * 0.3528  # pt -> mm
        slant = h * 0.2 if italic else 0.0  # the oblique letters lean right
        canvas.rect(x0 - pad, y - h * 0.85, w + 2 * pad + slant, h * 1.15, THIN)
    return w
