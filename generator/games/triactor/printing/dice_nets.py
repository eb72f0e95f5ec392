"""The Triactor dice: eight d6 nets, one per suit, faces null, ace, 2, 3, 4, 5, with glue
tabs, to cut, fold and glue into cubes; in the kit, the horse pawns (two sets) in a strip
beside them, so the card sheet the dice leave half empty holds the pawns too.
"""

from __future__ import annotations

from generator.errors import InvalidInput
from generator.games.triactor.printing.artwork import PAWN_DIAMETER
from generator.games.triactor.printing.coin_sheets import CAP, value_mark
from generator.games.triactor.printing.page_style import GAME
from generator.games.triactor.printing.pawns import pawn
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


NET_GAP = 6.0  # mm between the nets
LABEL = 6.0  # mm above a net for its horse's name
PAWN_SETS = 2  # the kit's pawns: the eight horses and a spare of each
PAWN_GAP = 2.0  # mm between two pawns of a row
STRIP_GAP = 6.0  # mm between the nets and the pawns' strip
STRIP_HEAD = 12.0  # mm over the pawns for their heading
PAWN_HEADING = ("Horse pawns", "a set and a spare:", "cut on the outer circle")


def dice_document(opts: PrintSpec, edge: float = DIE_EDGE, pawns: bool = False) -> Document:
    """Eight d6 nets, one per suit, faces null, ace, 2, 3, 4, 5 (null opposite 5, ace
    opposite 4, 2 opposite 3); pawns: the horse pawns, two sets, in a strip beside them."""
    w, h = cube_net_size(edge)

    def item(horse: Horse):
        def draw(c: Canvas) -> None:
            suit(c, horse.suit, 2.5, 2.5, 4.5, suit_style(horse.suit))
            c.text(6, 4, f"{horse.letter} {horse.name} ({horse.suits})", 8, bold=True)
            cube_net(c, 0, LABEL, edge, [die_face(horse, v) for v in range(6)])

        return draw

    title = "Triactor dice and pawns" if pawns else "Triactor dice"
    doc = Document("triactor-dice", title, GAME, opts.ident(f"{edge:g} mm faces"))
    items = [item(hh) for hh in horses()]

    def lay(d: Document, p: Paper) -> list:
        if pawns:
            return _with_pawns(d, p, items, w, h + LABEL, opts.mono)
        return layout.nup(d, p, items, w, h + LABEL, gap=NET_GAP, crop_marks=False, mono=opts.mono)

    lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
    return doc


def pawn_strip_width() -> float:
    """The pawns' strip: a column per set."""
    return PAWN_SETS * PAWN_DIAMETER + (PAWN_SETS - 1) * PAWN_GAP


def _with_pawns(d: Document, p: Paper, items: list, w: float, h: float, mono: bool) -> list:
    """The nets in a grid centred left of a strip at the right-hand margin that holds the
    pawns, a row per horse (each set a column) under their heading, on the first sheet."""
    box = layout.usable_box(p)
    strip_w = pawn_strip_width()
    nets = box.inset(right=strip_w + STRIP_GAP, bottom=layout.BAR_STRIP)
    grid = layout.centred_grid(nets, w, h, NET_GAP)
    if grid.per_sheet == 0:
        raise InvalidInput(
            f"a die net of {w:g} x {h:g} mm and the pawns beside it do not fit "
            f"{p.name}{' landscape' if p.landscape else ''} paper: use a smaller --edge"
        )
    strip = layout.Box(box.right - strip_w, box.y + STRIP_HEAD, strip_w, nets.h - STRIP_HEAD)
    rows = len(horses())
    pitch = strip.h / rows
    if pitch < PAWN_DIAMETER + PAWN_GAP:
        raise InvalidInput(f"the pawns do not fit beside the dice on {p.name} paper")
    sheets = []
    for start in range(0, len(items), grid.per_sheet):
        canvas, _ = layout.page(d, p, mono=mono)
        for k, draw in enumerate(items[start : start + grid.per_sheet]):
            layout.place_piece(canvas, grid.cell(k), draw, room=nets, gap=NET_GAP)
        if start == 0:
            _pawns(canvas, strip, pitch)
        layout.calibration_bar(canvas, box.x, box.bottom - layout.BAR_HEIGHT)
        sheets.append(canvas)
    return sheets


def _pawns(canvas: Canvas, strip: layout.Box, pitch: float) -> None:
    """The heading (8 pt) and the pawns: horse i on row i, one column per set."""
    for i, line in enumerate(PAWN_HEADING):
        canvas.text(strip.right, strip.y - STRIP_HEAD + 3.5 + i * 3.6, line, 8.0,
                    bold=i == 0, anchor="end")  # fmt: skip
    cell = PAWN_DIAMETER
    for hh in horses():
        y = strip.y + hh.index * pitch + (pitch - cell) / 2
        for s in range(PAWN_SETS):
            x = strip.x + s * (cell + PAWN_GAP)
            layout.place_piece(canvas, layout.Box(x, y, cell, cell), pawn(hh, cell))
