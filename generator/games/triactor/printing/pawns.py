"""The Triactor horse pawns: a disc per horse (letter, suit and a ring in the suit's colour),
two sets, under the fit beside a coin (decision 22) and a true-size figure of one tile with
pawns standing beside its coin.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.games.triactor.printing.artwork import (
    COIN_DIAMETER,
    PAWN_DIAMETER,
    TRUE_UNIT,
    draw_tile,
    pawn_coin_gap,
    space_centres,
    tile_window,
)
from generator.games.triactor.printing.page_style import GAME
from generator.games.triactor.race.horses import Horse, horse, horses
from generator.games.triactor.race.track import board
from generator.printing import PrintSpec
from generator.render import layout, pieces
from generator.render.canvas import BLACK, WHITE, Canvas, Style
from generator.render.document import Document
from generator.render.glyphs import suit
from generator.render.palette import SUIT_COLOURS, suit_style
from generator.render.paper import Paper

PAWN_FIGURE_TILE = (15, 1)  # the tile whose coin the pawns page shows (Crusader's, step 5)
PAWN_FIGURE_HORSES = "SMCA"  # the pawns standing on its four spaces in the figure


def pawn(h: Horse, cell: float) -> Callable[[Canvas], None]:
    """A horse pawn seen from above: a PAWN_DIAMETER disc with a ring in the suit's colour,
    the letter and the suit (so a mono print still tells them apart; the names are on the
    rules sheet), centred in a `cell` mm square."""

    def draw(c: Canvas) -> None:
        _pawn_disc(c, h, cell / 2, cell / 2)

    return draw


def _pawn_disc(c: Canvas, h: Horse, cx: float, cy: float, cut: bool = True) -> None:
    """A pawn; cut: its outer circle is the pawn's cut line (not in the page's figure)."""
    r = PAWN_DIAMETER / 2
    disc = Style(stroke=BLACK, width=0.25, fill=WHITE)
    if cut:
        pieces.cut_circle(c, cx, cy, r, disc)
    else:
        c.circle(cx, cy, r, disc)
    c.circle(cx, cy, r - 1.0, Style(stroke=SUIT_COLOURS[h.suit], width=1.0))
    # 13 pt capitals (3.3 mm) and a 3.6 mm suit stay inside the ring (radius 5 mm inside)
    c.text(cx - 1.8, cy + 1.65, h.letter, 13.0, bold=True, anchor="middle")
    suit(c, h.suit, cx + 2.6, cy, 3.6, suit_style(h.suit))


def pawn_fit_text() -> str:
    """The fit printed on the pawns page, from the board's geometry."""
    return (
        f"pawn {PAWN_DIAMETER:g} mm: fits beside a {COIN_DIAMETER:g} mm coin on a "
        f"{TRUE_UNIT:g} mm space ({pawn_coin_gap():.1f} mm to spare)"
    )


PAWN_HEADER = 60.0  # mm at the top of the pawns page: the fit, how to make them, the figure
FIGURE_TILE = 2 * TRUE_UNIT  # the figure is one board tile at true size


def _pawns_header(c: Canvas, paper: Paper) -> None:
    """Title, the fit and instructions (>= 8 pt) on the left, and on the right the board's
    tile with Crusader's coin at true size, a pawn standing in each of its four spaces."""
    box = layout.usable_box(paper)
    fig_x = box.right - FIGURE_TILE
    fig_y = box.y + 1.0
    c.text(box.x, box.y + 6, "Triactor horse pawns", 14, bold=True)
    c.text(box.x, box.y + 12.5, pawn_fit_text(), 9, bold=True)
    room = fig_x - box.x - 6.0
    gap = pawn_coin_gap()
    lines = [
        "Stand a pawn in the middle of its space (over the step number). An event coin lies "
        "at the centre of its tile, where the tile's four spaces meet, and still leaves the "
        f"pawn {gap:.1f} mm to spare (the figure shows one tile at true size).",
        "Print this page on card stock, then cut each pawn along its black outer circle "
        f"(or stick the discs onto {PAWN_DIAMETER:g} mm counters).",
        "Two sets: the eight horses and a spare of each.",
    ]
    y = box.y + 19.0
    for para in lines:
        for ln in layout.wrap(para, 8.5, room):
            c.text(box.x, y, ln, 8.5)
            y += 3.8
        y += 1.4
    tile = next(t for t in board().tiles if (t.x, t.y) == PAWN_FIGURE_TILE)
    with c.group(dx=fig_x, dy=fig_y):
        draw_tile(c, tile)
        c.rect(0, 0, FIGURE_TILE, FIGURE_TILE, Style(stroke=BLACK, width=0.3))
        win = tile_window(tile)
        spots = [
            (sx - win.x, sy - win.y)
            for _, sx, sy in space_centres()
            if win.x < sx < win.right and win.y < sy < win.bottom
        ]
        for (sx, sy), letter in zip(
            sorted(spots, key=lambda p: (p[1], p[0])), PAWN_FIGURE_HORSES, strict=True
        ):
            _pawn_disc(c, horse(letter), sx, sy, cut=False)
    c.text(
        fig_x + FIGURE_TILE / 2,
        fig_y + FIGURE_TILE + 3.2,
        "one tile, true size",
        8,
        anchor="middle",
    )


def pawns_document(opts: PrintSpec) -> Document:
    """The eight horse pawns (the seed's "8 pawns near the start line"), with a spare set,
    under the fit (decision 22) and a true-size figure of pawns beside a coin."""
    doc = Document("triactor-pawns", "Triactor horse pawns", GAME, opts.ident())
    cell = PAWN_DIAMETER + 3.0
    draws = [pawn(h, cell) for h in horses()] * 2

    def lay(d: Document, p: Paper) -> list:
        # discs, cut along their rings (no square crop marks)
        sheets = layout.nup(
            d, p, draws, cell, cell, gap=2.0, crop_marks=False, mono=opts.mono, header=PAWN_HEADER
        )
        for sheet in sheets:
            _pawns_header(sheet, p)
        return sheets

    lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
    return doc
