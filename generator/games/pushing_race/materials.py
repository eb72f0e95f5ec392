"""Printable Documents: the track (one page, or three 3 x 3 coaster sheets), the Icehouse die
nets and paper pieces. Text and shapes come from artwork.py; layouts from render.layout.

Sizes: a Martian Coaster is a 3 x 3 board; racegen prints the whole 3 x 9 track on one A4 or
Letter page with 22 mm spaces (fits paper pieces, small and medium pyramids), or as three
coaster sheets with 36 mm spaces (room for large pyramids), two coasters on a sheet.
"""

from __future__ import annotations

from generator.games.pushing_race.artwork import (
    PANEL_H,
    PIECE_W,
    SPACE_EDGE,
    checkered_line,
    die_face,
    draw_piece,
    draw_spaces,
    draw_track,
    track_size,
)
from generator.games.pushing_race.track import COLUMNS, LETTERS, PLAYER_NAMES
from generator.printing import PrintSpec
from generator.render import layout, pieces
from generator.render.canvas import Canvas
from generator.render.document import Document
from generator.render.glyphs import player_marker
from generator.render.paper import Paper

GAME = "Pushing Race"
PAGE_SPACE = 22.0  # mm: the whole track on one A4 or Letter page
COASTER_SPACE = 36.0  # mm: a Martian Coaster-sized 3 x 3 board
DIE_EDGE = 20.0
COLOUR_WORDS = ("blue", "vermilion", "black", "sky blue")
SHAPE_WORDS = ("circle", "square", "triangle", "diamond")

KEY_LINES = (
    "Rows 1 to 9 run from the Start line to the Finish line;",
    "columns a, b, c. Moves are written with these names",
    "(TIP b3 +2, AIM a1->c3, HOP a1^b2->c3, SWAP a3<>b4).",
    "",
    "The track is a cylinder: column c's right-hand",
    "neighbour is column a. A piece pushed off one side",
    "comes back on the other; AIM, HOP and SWAP cross",
    "the edge too.",
    "",
    "Waiting pieces stand in a pile before the Start line",
    "and may enter through any space of row 1. A piece",
    "that passes the Finish line is finished.",
)


def board_document(opts: PrintSpec, size: str = "page") -> Document:
    if size == "page":
        return _board_page(opts)
    if size == "coasters":
        return _board_coasters(opts)
    raise ValueError(f"board size {size!r}")


def _board_page(opts: PrintSpec) -> Document:
    """The whole track at 22 mm spaces on one portrait page, with a short key beside it."""
    opts.portrait_only("the one-page board prints")
    doc = Document("pushing-race-board", "Pushing Race board", GAME, opts.ident("22 mm spaces"))
    canvas, box = layout.page(doc, opts.paper_size(landscape=False), mono=opts.mono)
    w, h = track_size(PAGE_SPACE)
    canvas.text(box.x, box.y + 5.0, "Pushing Race · 3 x 9 track, 22 mm spaces", 12.0, bold=True)
    top = box.y + 10.0
    with canvas.group("track", dx=box.x, dy=top):
        draw_track(canvas, PAGE_SPACE)
    kx = box.x + w + 8.0
    for i, line in enumerate(KEY_LINES):
        canvas.text(kx, top + 14.0 + i * 4.4, line, 8.5)
    layout.calibration_bar(canvas, box.x, box.bottom - layout.BAR_HEIGHT)
    assert top + h <= box.bottom - layout.BAR_STRIP + 1e-6, "board overruns the page"
    return doc


# a coaster item: its label, then 3 mm for the Finish line above the grid; below the grid 3 mm
# for the Start line and the column letters
COASTER_TOP = 8.5


def _coaster(index: int):
    """Coaster `index` (0: rows 1-3 with the Start line, 2: rows 7-9 with the Finish line)."""
    rows = range(3 * index + 1, 3 * index + 4)
    s = COASTER_SPACE

    def draw(c: Canvas) -> None:
        label = f"Coaster {index + 1} of 3 · rows {rows[0]}-{rows[-1]}"
        label += {0: " · Start line at the bottom", 2: " · Finish line at the top"}.get(index, "")
        c.text(0, 4.0, label, 9.0, bold=True)
        # the Start and Finish lines lie outside the grid, as on the one-page board, so rows 1
        # and 9 are whole 36 mm spaces with their names showing
        y = COASTER_TOP
        draw_spaces(c, 0, y, s, rows)
        if index == 2:
            checkered_line(c, 0, y - 3.0, COLUMNS * s)
        if index == 0:
            checkered_line(c, 0, y + 3 * s, COLUMNS * s)
        for r in rows:  # big row numbers, faint, in the middle column
            cy = y + (rows[-1] - r + 0.5) * s
            c.text(1.5 * s, cy + 4.0, str(r), 30.0, bold=True, anchor="middle", colour="#d0d0d0")
        c.rect(0, y, COLUMNS * s, 3 * s, SPACE_EDGE.with_(width=0.5))
        for col in range(COLUMNS):
            c.text((col + 0.5) * s, y + 3 * s + 7.5, LETTERS[col], 9.0, bold=True, anchor="middle")
        # the cylinder: left of column a comes column c, right of column c comes column a
        grey = "#666666"
        c.text(0, y + 3 * s + 7.5, "< c", 7.0, colour=grey)
        c.text(COLUMNS * s, y + 3 * s + 7.5, "a >", 7.0, anchor="end", colour=grey)

    return draw


def _board_coasters(opts: PrintSpec) -> Document:
    """Three 3 x 3 coasters at 36 mm spaces, laid out on the fewest sheets."""
    doc = Document(
        "pushing-race-coasters", "Pushing Race coasters", GAME, opts.ident("36 mm spaces")
    )
    w, h = COLUMNS * COASTER_SPACE, COASTER_TOP + 3 * COASTER_SPACE + 9.0
    items = [_coaster(i) for i in range(3)]

    def lay(d: Document, p: Paper) -> list:
        return layout.nup(d, p, items, w, h, gap=6.0, crop_marks=False, mono=opts.mono)

    lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
    return doc


def die_document(opts: PrintSpec, edge: float = DIE_EDGE) -> Document:
    """A page of Icehouse die nets: TIP, AIM, HOP, SWAP, DIG, WILD (TIP opposite WILD, AIM
    opposite SWAP, HOP opposite DIG), a word and a pictogram on each face."""
    from generator.errors import InvalidInput
    from generator.render import nets

    faces = ("TIP", "AIM", "HOP", "DIG", "SWAP", "WILD")  # value k and 5 - k are opposite
    net = nets.cube_layout(edge)
    doc = Document(
        "pushing-race-die", "Pushing Race Icehouse die", GAME, opts.ident(f"{edge:g} mm")
    )
    paper = opts.paper_size()
    canvas, box = layout.page(doc, paper, mono=opts.mono)
    canvas.text(box.x, box.y + 5.0, f"Icehouse die · {edge:g} mm faces", 12.0, bold=True)
    region = box.inset(top=9.0, bottom=layout.BAR_STRIP)
    if layout.net_sheet(canvas, region, net, [die_face(f) for f in faces]) == 0:
        raise InvalidInput(
            f"a die with {edge:g} mm faces does not fit this paper: use a smaller --edge"
        )
    layout.calibration_bar(canvas, box.x, box.bottom - layout.BAR_HEIGHT)
    note = "cut solid lines, fold dashed lines, glue tabs inside"
    if not net.tabs_say_glue():
        note += f" ({nets.GLUE_HATCH_NOTE})"
    layout.instructions(canvas, box.right, box.bottom - layout.BAR_HEIGHT + 2.6, note, anchor="end")
    return doc


def pieces_document(opts: PrintSpec) -> Document:
    """Twenty tent pieces, one row of five per player with the player's shape, colour and
    letter named at the row's end; solid outlines are cut lines, the dashed middle a fold."""
    from generator.render.canvas import CUT

    doc = Document("pushing-race-pieces", "Pushing Race paper pieces", GAME, opts.ident())
    canvas, box = layout.page(doc, opts.paper_size(), mono=opts.mono)
    canvas.text(box.x, box.y + 5.0, "Paper pieces: cut out, fold on the dashed line, stand each "
                "as a tent", 11.0, bold=True)  # fmt: skip
    gap = 5.0
    row_h = 2 * PANEL_H + 8.0
    for p in range(4):
        y = box.y + 12.0 + p * row_h
        for k in range(5):
            x = box.x + k * (PIECE_W + gap)
            with pieces.piece(canvas, dx=x, dy=y):
                draw_piece(canvas, p)
                pieces.cut_rect(canvas, 0, 0, PIECE_W, 2 * PANEL_H, CUT)
        lx = box.x + 5 * (PIECE_W + gap) + 4.0
        player_marker(canvas, p, lx + 3.0, y + PANEL_H, 6.0)
        colour = "" if opts.mono else f"{COLOUR_WORDS[p]} "  # --mono prints grey and hatched
        words = f"Player {PLAYER_NAMES[p]}: {colour}{SHAPE_WORDS[p]}"
        canvas.text(lx + 8.0, y + PANEL_H + 1.5, words, 10.0)
    layout.calibration_bar(canvas, box.x, box.bottom - layout.BAR_HEIGHT)
    return doc
