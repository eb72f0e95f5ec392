"""The Triactor horse cards: one card per horse with its letter, suit symbol, name and the
step of its event coin, to cut out.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.games.triactor.printing.page_style import GAME
from generator.games.triactor.race.horses import Horse, horses
from generator.games.triactor.race.track import coin_steps
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import Canvas, Style
from generator.render.document import Document
from generator.render.glyphs import suit
from generator.render.palette import SUIT_COLOURS, suit_style
from generator.render.paper import Paper

CARD_W, CARD_H = 57.0, 86.0  # mm: a horse card (bridge width; 86 mm tall so nine fit an A4
# sheet, eight a landscape Letter sheet, with the calibration bar below)


def horse_card(h: Horse) -> Callable[[Canvas], None]:
    steps = coin_steps()

    def draw(c: Canvas) -> None:
        colour = SUIT_COLOURS[h.suit]
        c.rect(2, 2, CARD_W - 4, CARD_H - 4, Style(stroke=colour, width=1.2))
        c.text(6, 14, h.letter, 26, bold=True)
        suit(c, h.suit, 8.8, 20.5, 6, suit_style(h.suit))
        with c.group(dx=CARD_W, dy=CARD_H, rotate=180):
            c.text(6, 14, h.letter, 26, bold=True)
            suit(c, h.suit, 8.8, 20.5, 6, suit_style(h.suit))
        suit(c, h.suit, CARD_W / 2, 37, 28, suit_style(h.suit).with_(width=0.3))
        c.text(CARD_W / 2, 59, h.name, 12, bold=True, anchor="middle")
        deck = "piecepack suit" if h.deck == "piecepack" else "card suit"
        c.text(CARD_W / 2, 64, f"{h.suits} · {deck}", 8, anchor="middle")
        c.text(CARD_W / 2, 68.5, f"event coin on step {steps[h.index]}", 8, anchor="middle")

    return draw


def horses_document(opts: PrintSpec) -> Document:
    doc = Document("triactor-horses", "Triactor horse cards", GAME, opts.ident())
    cards = [horse_card(h) for h in horses()]

    def lay(d: Document, p: Paper) -> list:
        return layout.nup(d, p, cards, CARD_W, CARD_H, gap=2.0, mono=opts.mono)

    lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
    return doc
