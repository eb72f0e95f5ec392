"""The Triactor dice: eight d6 nets, one per suit, faces null, ace, 2, 3, 4, 5, with glue
tabs, to cut, fold and glue into cubes.
"""

from __future__ import annotations

from generator.games.triactor.printing.coin_sheets import CAP, value_mark
from generator.games.triactor.printing.page_style import GAME
from generator.games.triactor.race.horses import Horse, horses
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import Canvas, Style
from generator.render.document import Document
from generator.render.glyphs import suit
from generator.render.nets import cube_net, cube_net_size
from generator.render.palette import SUIT_COLOURS, suit_style
from generator.render.paper import Paper

DIE_EDGE = 16.0  # mm: a standard die (piecepack dice are about 1/2 to 5/8 inch)


def die_face(h: Horse, value: int):
    def draw(c: Canvas, edge: float) -> None:
        colour = SUIT_COLOURS[h.suit]
        inset = edge * 0.06
        c.rect(
            -edge / 2 + inset,
            -edge / 2 + inset,
            edge - 2 * inset,
            edge - 2 * inset,
            Style(stroke=colour, width=0.4),
        )
        if value == 0:
            suit(c, h.suit, 0, -edge * 0.1, edge * 0.45, suit_style(h.suit))
            c.text(0, edge * 0.33, "null", edge * 0.16 / CAP, anchor="middle")
        else:
            value_mark(c, value, -edge * 0.06, edge * 0.04, edge * 0.5)
            suit(c, h.suit, edge * 0.27, -edge * 0.27, edge * 0.2, suit_style(h.suit))

    return draw


def dice_document(opts: PrintSpec, edge: float = DIE_EDGE) -> Document:
    """Eight d6 nets, one per suit, faces null, ace, 2, 3, 4, 5 (null opposite 5, ace
    opposite 4, 2 opposite 3)."""
    w, h = cube_net_size(edge)
    label = 6.0

    def item(horse: Horse):
        def draw(c: Canvas) -> None:
            suit(c, horse.suit, 2.5, 2.5, 4.5, suit_style(horse.suit))
            c.text(6, 4, f"{horse.letter} {horse.name} ({horse.suits})", 8, bold=True)
            cube_net(c, 0, label, edge, [die_face(horse, v) for v in range(6)])

        return draw

    doc = Document("triactor-dice", "Triactor dice", GAME, opts.ident(f"{edge:g} mm faces"))
    items = [item(hh) for hh in horses()]

    def lay(d: Document, p: Paper) -> list:
        return layout.nup(d, p, items, w, h + label, gap=6.0, crop_marks=False, mono=opts.mono)

    lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
    return doc
