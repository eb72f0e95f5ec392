"""Everything Dice Rush prints: the board at true size, the dice nets, the score sheet.

Builders return Documents; commands hand them to generator.output.emit_all.
"""

from __future__ import annotations

from generator.errors import InvalidInput
from generator.games.dice_rush.printing.artwork import (
    compass,
    d6_face,
    d8_face,
    draw_board,
    drawing_size,
)
from generator.games.dice_rush.rules.board import Board
from generator.printing import PrintSpec
from generator.render import layout, nets, pieces
from generator.render.canvas import BLACK, GREY, Style
from generator.render.document import Document
from generator.render.glyphs import player_marker

GAME = "Dice Rush"
THIN = Style(stroke=BLACK, width=0.2)
LIGHT = Style(stroke=GREY, width=0.15)


def board_document(
    opts: PrintSpec, board: Board, space: float, order: str = "together", label: str = ""
) -> Document:
    """The board with compass and legend: one true-size page when it fits the paper (as
    turned by --landscape), else true size tiled over sheets with an assembly map. `label`
    names a board other than the default in the file name (`variant7`, a board file's name),
    so prints of different boards never share a file."""
    w, h = drawing_size(board, space)
    # the variant's board (its legend says turns) has its own file name, as its rules sheet
    stem = "dice-rush-board" + (f"-{label}" if label else "")
    stem += "" if order == "together" else f"-{order}"
    doc = Document(stem, f"Dice Rush board: {board.name}", GAME, opts.ident())

    def draw(c) -> None:
        draw_board(c, board, space, order)

    paper = opts.paper_size()
    portrait = opts.paper_size(landscape=False)
    h += UP_NOTE
    if opts.landscape and not layout.fits_true_size(paper, w, h):
        if layout.fits_true_size(portrait, w, h):  # one portrait page, not tiles
            opts.portrait_only("this board fits one page and prints")
            paper = portrait
    if layout.fits_true_size(paper, w, h):
        layout.poster(doc, paper, w, h, _shifted(draw), mono=opts.mono, max_scale=1.0)
    else:
        # the turn whose seams cut no words, on the fewest sheets, none of them nearly blank
        paper = layout.tiling_paper(opts.paper_turns(), w, h, _shifted(draw))
        layout.tile(doc, paper, w, h, _shifted(draw), mono=opts.mono)
    return doc


UP_NOTE = 4.0  # mm above the grid for the "up" note: its 8 pt letters rise 2.1 mm over a
# baseline 1.5 mm above the grid, so the whole note lies inside the drawing (a tile's seam
# or the sheet's edge never runs through it)


def _shifted(draw):
    def inner(c) -> None:
        with c.group(dy=UP_NOTE):
            draw(c)

    return inner


PAWN = 18.0  # mm: a pawn disc, a little smaller than a 20 mm space
GAP = 6.0  # mm between pieces


def dice_document(opts: PrintSpec, edge: float) -> Document:
    """Two d8 direction dice (number and arrow on each face), two d6 with pips, and a pawn
    and a player aid card per player, in rows that flow onto another page when one is
    full."""
    doc = Document("dice-rush-dice", "Dice Rush dice, pawns and player aids", GAME, opts.ident())
    paper = opts.paper_size()
    d8 = nets.d8_layout(edge)
    d6 = nets.cube_layout(edge)
    items = [(d8.width, d8.height, _net(d8, [d8_face(f) for f in range(1, 9)]))] * 2
    items += [(d6.width, d6.height, _net(d6, [d6_face(v) for v in range(1, 7)]))] * 2
    items += [(PAWN, PAWN, _pawn(p)) for p in (0, 1)]
    items += [(AID_W, AID_H, _aid(p)) for p in (0, 1)]
    canvas, top = _dice_page(doc, paper, opts.mono)
    x, y, row_h = top.x, top.y, 0.0
    for w, h, draw in items:
        if w > top.w + 1e-9 or h > top.h + 1e-9:
            raise InvalidInput(
                f"the dice nets with {edge:g} mm edges do not fit {paper.name}"
                f"{' landscape' if paper.landscape else ''} paper: use a smaller --edge"
            )
        if x + w > top.right + 1e-9:
            x, y, row_h = top.x, y + row_h + GAP, 0.0
        if y + h > top.bottom + 1e-9:
            canvas, top = _dice_page(doc, paper, opts.mono)
            x, y, row_h = top.x, top.y, 0.0
        with canvas.group(dx=x, dy=y):
            draw(canvas)
        x += w + GAP
        row_h = max(row_h, h)
    return doc


DICE_HEADING = "Dice Rush: a d8 for the direction, a d6 for the distance, a pawn each"
DICE_NOTES = (
    "Cut solid lines, fold dashed lines, glue the tabs inside. Opposite faces sum to 9 (d8) "
    "and 7 (d6). Cut out the pawns and the player aid cards.",
    "The d8's number gives the direction (the board's compass); its arrow points that way "
    "only with the number upright and the board's top edge away from you.",
)
NOTE_SIZE = 8.0  # pt
NOTE_LINE = 3.5  # mm between note lines


def _dice_page(doc: Document, paper, mono: bool):
    """A page with the heading, the notes (each wrapped to the page's width: A4 portrait is
    too narrow for the longer one on a line) and the calibration bar; returns it and the
    room for pieces."""
    canvas, box = layout.page(doc, paper, mono=mono)
    canvas.text(box.x, box.y + 5, DICE_HEADING, 11, bold=True)
    y = box.y + 10.0
    last = y - NOTE_LINE
    for note in DICE_NOTES:  # instructions (layout.instructions: 8 pt or more)
        last = layout.instructions(canvas, box.x, last + NOTE_LINE, note, box.w, line=NOTE_LINE)
    top = last - box.y + 4.0  # 4 mm under the last baseline
    layout.calibration_bar(canvas, box.x, box.bottom - layout.BAR_HEIGHT)
    return canvas, box.inset(top=top, bottom=layout.BAR_STRIP)


def _net(net, faces):
    def draw(c) -> None:
        nets.draw_net(c, net, 0.0, 0.0, faces)

    return draw


def _pawn(player: int):
    """A cut-out disc with the player's marker and number."""

    def draw(c) -> None:
        r = PAWN / 2
        with pieces.piece(c):
            pieces.cut_circle(c, r, r, r, Style(stroke=BLACK, width=0.25))
            player_marker(c, player, r, r - 1.5, 8.0)
            c.text(r, r + 6.5, f"player {player + 1}", 6, bold=True, anchor="middle")

    return draw


AID_W, AID_H = 63.0, 88.0  # mm: a player aid card (poker size)
AID_RADIUS = 17.0  # mm: its compass
AID_TEXT = 8.0  # pt: its rules, as every instruction
AID_LINES = (
    "d8: the direction (1 is up, towards the board's top edge); roll again if it points off "
    "the board.",
    "d6: the distance; stop at the edge.",
    "Only the space you land on scores.",
    "Your own FINISH: you win. The other's: you lose.",
)


def _aid(player: int):
    """A player aid card: the player's marker, the d8's compass and the move in brief."""

    def draw(c) -> None:
        with pieces.piece(c):
            pieces.cut_rect(c, 0, 0, AID_W, AID_H, Style(stroke=BLACK, width=0.25))
            player_marker(c, player, 7.0, 6.5, 5.0)
            c.text(11.0, 8.0, f"Player {player + 1}: a roll", 10, bold=True)
            compass(c, AID_W / 2, 13.0 + AID_RADIUS, AID_RADIUS)
            y = 13.0 + 2 * AID_RADIUS + 5.5
            for para in AID_LINES:
                y = layout.instructions(c, 4.0, y, para, AID_W - 8.0, line=NOTE_LINE, size=AID_TEXT)
                y += NOTE_LINE + 0.6

    return draw


SCORE_NOTE = (
    "Write the points of each space you land on (+ or -) and the new total. Declarations: "
    "circle the roll. More rolls: a second sheet."
)


def scoresheet_document(opts: PrintSpec, rows: int = 40) -> Document:
    """One row per turn of each player: the points of the space landed on and the running
    total, which a declaration compares (rows: 39 turns each; the default board's games last
    about 22 turns each on average)."""
    doc = Document("dice-rush-scoresheet", "Dice Rush score sheet", GAME, opts.ident())
    canvas, box = layout.page(doc, opts.paper_size(), mono=opts.mono)
    canvas.text(box.x, box.y + 5, "Dice Rush score sheet", 13, bold=True)
    notes = layout.wrap(SCORE_NOTE, NOTE_SIZE, box.w)
    layout.instructions(canvas, box.x, box.y + 10.5, SCORE_NOTE, box.w, line=NOTE_LINE)
    cols = [("roll", 14.0)]
    for p in (0, 1):
        cols += [(f"P{p + 1} space", 0.0), (f"P{p + 1} total", 0.0)]
    free = (box.w - 14.0) / 4
    cols = [(n, w or free) for n, w in cols]
    y0 = box.y + 16.0 + (len(notes) - 1) * NOTE_LINE  # the table starts under the notes
    head = 12.0
    room = box.bottom - y0 - head - 2.0
    line = room / rows
    x = box.x
    for i, (_name, w) in enumerate(cols):
        if i in (1, 3):
            p = (i - 1) // 2
            player_marker(canvas, p, x + w + 0.0, y0 + 4.0, 4.5)
            canvas.text(x + w, y0 + 10.0, f"player {p + 1}: name ____________", 7,
                        anchor="middle")  # fmt: skip
        x += w
    top = y0 + head
    # column heads inside the first ruled row
    x = box.x
    for name, w in cols:
        label = name.split(" ")[-1]
        canvas.text(x + w / 2, top + line * 0.7, label, 8, bold=True, anchor="middle")
        x += w
    for r in range(rows + 1):
        yy = top + r * line
        canvas.line(box.x, yy, box.right, yy, THIN if r in (0, 1, rows) else LIGHT)
        if 1 <= r < rows:
            canvas.text(box.x + 7.0, yy + line * 0.72, str(r), 7, anchor="middle",
                        colour="#555555")  # fmt: skip
    x = box.x
    for i, (_, w) in enumerate(cols):
        canvas.line(x, top, x, top + rows * line, THIN if i in (0, 1, 3) else LIGHT)
        x += w
    canvas.line(box.right, top, box.right, top + rows * line, THIN)
    return doc
