"""The Triactor event coins: 48 piecepack coins (each suit with null, ace, 2-5), suit side in
front and value side behind, as a gutter fold to glue and cut; and the piecepack value mark
the coins and the dice share.
"""

from __future__ import annotations

from generator.games.triactor.printing.artwork import COIN_DIAMETER  # mm: 3/4 inch
from generator.games.triactor.printing.page_style import GAME
from generator.games.triactor.race.horses import Horse, horses
from generator.printing import PrintSpec
from generator.render import layout, pieces
from generator.render.canvas import BLACK, WHITE, Canvas, Style
from generator.render.document import Document
from generator.render.glyphs import suit
from generator.render.palette import SUIT_COLOURS, suit_style
from generator.render.paper import Paper

CAP = 0.3528 * 0.718  # mm of capital height per pt in Helvetica


def value_mark(c: Canvas, value: int, cx: float, cy: float, height: float) -> None:
    """A piecepack value centred at (cx, cy), capitals `height` mm tall: null, A (ace), 2..5."""
    if value == 0:
        h = height * 0.5
        c.text(cx, cy + h / 2, "null", h / CAP, bold=True, anchor="middle")
    else:
        c.text(
            cx,
            cy + height / 2,
            "A" if value == 1 else str(value),
            height / CAP,
            bold=True,
            anchor="middle",
        )


def coins_document(opts: PrintSpec, diameter: float = COIN_DIAMETER) -> Document:
    """48 coins (each suit with null, ace, 2-5): suit side in front, value side behind, as a
    gutter fold (fold, glue, cut the circles)."""
    cell = diameter + 2.0
    fronts, backs = [], []
    for h in horses():
        for v in range(6):
            fronts.append(_coin_side(h, None, diameter, cell))
            backs.append(_coin_side(h, v, diameter, cell))
    doc = Document("triactor-coins", "Triactor coins", GAME, opts.ident(f"{diameter:g} mm"))

    # no gap: the cells already leave 2 mm between coins, and on A4 the 1 mm gaps were what
    # pushed the calibration bar off a page of true-size coins
    def lay(d: Document, p: Paper) -> list:
        # discs are cut along their rings: square crop marks would only stray between them
        return layout.gutter_fold(
            d, p, fronts, backs, cell, cell, gap=0.0, mono=opts.mono, crop_marks=False
        )

    lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
    return doc


def _coin_side(h: Horse, value: int | None, diameter: float, cell: float):
    def draw(c: Canvas) -> None:
        cx = cy = cell / 2
        r = diameter / 2
        pieces.cut_circle(c, cx, cy, r, Style(stroke=BLACK, width=0.25, fill=WHITE))
        if value is None:
            suit(c, h.suit, cx, cy, diameter * 0.58, suit_style(h.suit))
        else:
            c.circle(cx, cy, r - 1.2, Style(stroke=SUIT_COLOURS[h.suit], width=0.6))
            value_mark(c, value, cx, cy, diameter * 0.42)

    return draw
