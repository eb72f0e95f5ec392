"""Printable Documents: the track (one page, or three 3 x 3 coaster sheets), the Icehouse die
nets and paper pieces. Text and shapes come from artwork.py; layouts from render.layout.

Sizes: a Martian Coaster is a 3 x 3 board; racegen prints the whole 3 x 9 track on one A4 or
Letter page with 22 mm spaces (fits paper pieces, small and medium pyramids), or as three
coaster sheets with 36 mm spaces (room for large pyramids), two coasters on a sheet. Other
space sizes (--space) print true size too: a track too tall for one page is tiled over
sheets with an assembly map. Every board says which pyramid sizes its spaces hold.
"""

from __future__ import annotations

from generator.games.pushing_race.printing.artwork import (
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
from generator.games.pushing_race.rules.track import COLUMNS, LETTERS, PLAYER_NAMES
from generator.printing import PrintSpec
from generator.render import layout, pieces
from generator.render.canvas import Canvas
from generator.render.document import Document
from generator.render.glyphs import player_marker
from generator.render.paper import Paper

GAME = "Pushing Race"
PAGE_SPACE = 22.0  # mm: the whole track on one A4 or Letter page
COASTER_SPACE = 36.0  # mm: a Martian Coaster-sized 3 x 3 board
SPACE_LEAST, SPACE_MOST = 15.0, 60.0  # mm: --space (a 60 mm coaster still fits a Letter sheet)
# Looney Pyramids' bases, Looney Labs' standard sizes (9/16, 25/32 and 1 inch: see
# docs/rules/pushing-race.md, "Printables")
PYRAMIDS = (("small", 14.3), ("medium", 19.8), ("large", 25.4))
CLEARANCE = 1.0  # mm: a piece fits a space at least this much wider (0.5 mm all round)
DIE_EDGE = 20.0
COLOUR_WORDS = ("blue", "vermilion", "black", "sky blue")
SHAPE_WORDS = ("circle", "square", "triangle", "diamond")

KEY_LINES = (
    "Rows 1 to 9 run from the Start line to the Finish line;",
    "columns a, b, c. A space is named by its column and",
    "row: b3 is column b, row 3.",
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


def pyramids_that_fit(space: float) -> list[str]:
    """The Looney Pyramid sizes whose base fits a space of `space` mm."""
    return [size for size, base in PYRAMIDS if base + CLEARANCE <= space + 1e-9]


def _and(words: list[str]) -> str:
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 2 else words)


def fit_note(space: float) -> str:
    """What the spaces hold, as the board prints it: the pyramid sizes (with their bases)
    and the paper pieces, and how large a space the first size left out needs."""
    fits = pyramids_that_fit(space)
    bases = {size: base for size, base in PYRAMIDS}
    held = f"{_and(fits)} Looney Pyramids" if fits else "no Looney Pyramids"
    if fits:
        held += f" (bases {_and([f'{bases[f]:g}' for f in fits])} mm)"
    paper = PIECE_W + CLEARANCE <= space + 1e-9
    note = f"Pieces: {space:g} mm spaces hold {held}"
    note += f" and the paper pieces ({PIECE_W:g} mm)." if paper else "."
    left = [size for size, _ in PYRAMIDS if size not in fits]
    if left:
        need = bases[left[0]] + CLEARANCE
        note += f" {left[0].capitalize()} pyramids ({bases[left[0]]:g} mm) need spaces of"
        note += f" {need:g} mm or more."
    if not paper:
        note += f" The paper pieces ({PIECE_W:g} mm) need {PIECE_W + CLEARANCE:g} mm."
    return note


def board_document(opts: PrintSpec, style: str = "page", space: float | None = None) -> Document:
    """The board: `style` page (the whole track, tiled when too tall for one page) or coasters;
    `space` mm spaces (None: 22 mm on the page, 36 mm on the coasters)."""
    from generator.errors import BadOption

    if space is not None and not SPACE_LEAST <= space <= SPACE_MOST:
        raise BadOption(
            f"{space:g} mm spaces: give {SPACE_LEAST:g} to {SPACE_MOST:g} mm", "--space"
        )
    if style == "page":
        return _board_page(opts, PAGE_SPACE if space is None else space)
    if style == "coasters":
        return _board_coasters(opts, COASTER_SPACE if space is None else space)
    raise ValueError(f"board style {style!r}")


KEY_GAP = 8.0  # mm between the track and its key
KEY_SIZE = 8.5  # pt
KEY_LEADING = 4.4  # mm
KEY_WIDTH = max(layout.text_width(line, KEY_SIZE) for line in KEY_LINES)
HEADER = 10.0  # mm: the title line above the track


def _key_lines(space: float) -> list[str]:
    return [*KEY_LINES, "", *layout.wrap(fit_note(space), KEY_SIZE, KEY_WIDTH)]


def _stem(base: str, space: float, default: float) -> str:
    """The file name: boards of other space sizes never share one with the default."""
    return base if abs(space - default) < 1e-9 else f"{base}-{space:g}mm"


def _title(space: float) -> str:
    return f"Pushing Race · 3 x 9 track, {space:g} mm spaces"


def _board_page(opts: PrintSpec, space: float) -> Document:
    """The whole track on one portrait page when it fits: under its title with the key
    beside it (22 mm spaces, on A4 and Letter), or, a little taller, from the top of the page
    with the title, key and calibration bar beside it (up to 27.5 mm spaces on A4, 25.6 on
    Letter); else the title, track and key as one drawing tiled at true size over sheets
    after an assembly map."""
    w, h = track_size(space)
    doc = Document(
        _stem("pushing-race-board", space, PAGE_SPACE),
        "Pushing Race board",
        GAME,
        opts.ident(f"{space:g} mm spaces"),
    )
    lines = _key_lines(space)
    portrait = opts.paper_size(landscape=False)
    box = layout.usable_box(portrait)
    beside = w + KEY_GAP + KEY_WIDTH <= box.w
    if beside and HEADER + h <= box.h - layout.BAR_STRIP + 1e-6:
        opts.portrait_only("the one-page board prints")
        canvas, box = layout.page(doc, portrait, mono=opts.mono)
        canvas.text(box.x, box.y + 5.0, _title(space), 12.0, bold=True)
        top = box.y + HEADER
        with canvas.group("track", dx=box.x, dy=top):
            draw_track(canvas, space)
        _key(canvas, box.x + w + KEY_GAP, top + 14.0, lines)
        layout.calibration_bar(canvas, box.x, box.bottom - layout.BAR_HEIGHT)
        return doc
    if beside and h <= box.h + 1e-6:
        opts.portrait_only("the one-page board prints")
        canvas, box = layout.page(doc, portrait, mono=opts.mono)
        with canvas.group("track", dx=box.x, dy=box.y):
            draw_track(canvas, space)
        kx = box.x + w + KEY_GAP
        canvas.text(kx, box.y + 5.0, "Pushing Race", 12.0, bold=True)
        canvas.text(kx, box.y + 10.5, f"3 x 9 track, {space:g} mm spaces", 12.0, bold=True)
        _key(canvas, kx, box.y + 24.0, lines)
        layout.calibration_bar(canvas, kx, box.bottom - layout.BAR_HEIGHT)
        return doc
    # too tall for a page: one drawing (title, track, key beside it when a tile is wide
    # enough, else below it) tiled at true size
    content = layout.tile_plan(portrait, w, h)[2]
    beside = w + KEY_GAP + KEY_WIDTH <= content.w
    key_h = len(lines) * KEY_LEADING
    dw = max(w + KEY_GAP + KEY_WIDTH if beside else max(w, KEY_WIDTH), _title_width(space))
    dh = HEADER + (max(h, 14.0 + key_h) if beside else h + 6.0 + key_h)

    def draw(c: Canvas) -> None:
        c.text(0, 5.0, _title(space), 12.0, bold=True)
        with c.group("track", dy=HEADER):
            draw_track(c, space)
        if beside:
            _key(c, w + KEY_GAP, HEADER + 14.0, lines)
        else:
            _key(c, 0, HEADER + h + 6.0 + 3.0, lines)

    paper = layout.tiling_paper(opts.paper_turns(), dw, dh, draw)
    layout.tile(doc, paper, dw, dh, draw, mono=opts.mono)
    return doc


def _title_width(space: float) -> float:
    return layout.text_width(_title(space), 12.0, bold=True)


def _key(canvas: Canvas, x: float, y: float, lines: list[str]) -> None:
    """The key's lines, the first baseline at y."""
    for i, line in enumerate(lines):
        if line:
            canvas.text(x, y + i * KEY_LEADING, line, KEY_SIZE)


# a coaster item: its label, then 3 mm for the Finish line above the grid; below the grid 3 mm
# for the Start line and the column letters, then the line saying what the spaces hold
COASTER_TOP = 8.5
COASTER_BOTTOM = 13.5


def _fitting(text: str, size: float, width: float, bold: bool = False) -> float:
    """`size`, or smaller (down to 6 pt) until `text` is at most `width` mm long."""
    while size > 6.0 and layout.text_width(text, size, bold) > width:
        size -= 0.25
    return size


def coaster_note(space: float) -> str:
    fits = pyramids_that_fit(space)
    if not fits:
        return f"{space:g} mm spaces: too small for Looney Pyramids"
    return f"{space:g} mm spaces: {_and(fits)} Looney Pyramids fit"


def _coaster(index: int, s: float = COASTER_SPACE):
    """Coaster `index` (0: rows 1-3 with the Start line, 2: rows 7-9 with the Finish line),
    `s` mm spaces."""
    rows = range(3 * index + 1, 3 * index + 4)
    width = COLUMNS * s

    def draw(c: Canvas) -> None:
        # the same size on the three; the Start and Finish words only when they fit at 7 pt
        longest = "Coaster 1 of 3 · rows 1-3 · Start line at the bottom"
        lines = layout.text_width(longest, 7.0, bold=True) <= width
        if not lines:
            longest = "Coaster 1 of 3 · rows 1-3"
        label = f"Coaster {index + 1} of 3 · rows {rows[0]}-{rows[-1]}"
        if lines:
            label += {0: " · Start line at the bottom", 2: " · Finish line at the top"}.get(
                index, ""
            )
        c.text(0, 4.0, label, _fitting(longest, 9.0, width, bold=True), bold=True)
        # the Start and Finish lines lie outside the grid, as on the one-page board, so rows 1
        # and 9 are whole spaces with their names showing
        y = COASTER_TOP
        draw_spaces(c, 0, y, s, rows)
        if index == 2:
            checkered_line(c, 0, y - 3.0, COLUMNS * s)
        if index == 0:
            checkered_line(c, 0, y + 3 * s, COLUMNS * s)
        big = min(30.0, s * 30.0 / COASTER_SPACE)
        for r in rows:  # big row numbers, faint, in the middle column
            cy = y + (rows[-1] - r + 0.5) * s
            c.text(1.5 * s, cy + big * 0.13, str(r), big, bold=True, anchor="middle",
                   colour="#d0d0d0")  # fmt: skip
        c.rect(0, y, COLUMNS * s, 3 * s, SPACE_EDGE.with_(width=0.5))
        for col in range(COLUMNS):
            c.text((col + 0.5) * s, y + 3 * s + 7.5, LETTERS[col], 9.0, bold=True, anchor="middle")
        # the cylinder: left of column a comes column c, right of column c comes column a
        grey = "#666666"
        c.text(0, y + 3 * s + 7.5, "< c", 7.0, colour=grey)
        c.text(COLUMNS * s, y + 3 * s + 7.5, "a >", 7.0, anchor="end", colour=grey)
        note = coaster_note(s)
        c.text(0, y + 3 * s + 12.0, note, _fitting(note, 7.0, width), colour=grey)

    return draw


def _board_coasters(opts: PrintSpec, space: float = COASTER_SPACE) -> Document:
    """Three 3 x 3 coasters of `space` mm spaces, laid out on the fewest sheets."""
    doc = Document(
        _stem("pushing-race-coasters", space, COASTER_SPACE),
        "Pushing Race coasters",
        GAME,
        opts.ident(f"{space:g} mm spaces"),
    )
    w, h = COLUMNS * space, COASTER_TOP + 3 * space + COASTER_BOTTOM
    items = [_coaster(i, space) for i in range(3)]

    def lay(d: Document, p: Paper) -> list:
        return layout.nup(d, p, items, w, h, gap=6.0, crop_marks=False, mono=opts.mono)

    lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
    return doc


def die_document(opts: PrintSpec, edge: float = DIE_EDGE) -> Document:
    """A page of Icehouse die nets: TIP, AIM, HOP, SWAP, DIG, WILD (TIP opposite WILD, AIM
    opposite SWAP, HOP opposite DIG), a word and a pictogram on each face."""
    from generator.errors import InvalidInput
    from generator.render import nets

    faces = DIE_FACES
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


DIE_FACES = ("TIP", "AIM", "HOP", "DIG", "SWAP", "WILD")  # value k and 5 - k are opposite
DICE_LABELS = ("Icehouse die", "Spare die (a game needs one)")
DIE_NOTE = "Dice: cut solid lines, fold dashed lines, glue the tabs inside."


def pieces_document(opts: PrintSpec, dice: int = 0) -> Document:
    """Twenty tent pieces, one row of five per player with the player's shape, colour and
    letter named at the row's end; solid outlines are cut lines, the dashed middle a fold.
    dice: Icehouse die nets (0 to 2) under the pieces, the second labelled a spare, so the
    kit's one card sheet holds every piece the game needs."""
    from generator.errors import InvalidInput
    from generator.render import nets
    from generator.render.canvas import CUT

    title = "Pushing Race pieces and die" if dice else "Pushing Race paper pieces"
    doc = Document("pushing-race-pieces", title, GAME, opts.ident())
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
    if dice:
        net = nets.cube_layout(DIE_EDGE)
        top = box.y + 12.0 + 4 * row_h  # under the last row of pieces
        layout.instructions(canvas, box.x, top + 3.0, DIE_NOTE)
        step = (box.w - dice * net.width) / max(dice - 1, 1) + net.width if dice > 1 else 0.0
        if step and step < net.width + layout.NET_GAP:
            raise InvalidInput(f"{dice} dice do not fit beside each other on this paper")
        if top + 12.0 + net.height > box.bottom - layout.BAR_STRIP + 1e-6:
            raise InvalidInput("the dice do not fit under the pieces on this paper")
        for k in range(dice):
            x = box.x + k * min(step, net.width + 12.0)
            canvas.text(x, top + 10.0, DICE_LABELS[min(k, 1)], 9.0, bold=True)
            nets.draw_net(canvas, net, x, top + 12.0, [die_face(f) for f in DIE_FACES])
    layout.calibration_bar(canvas, box.x, box.bottom - layout.BAR_HEIGHT)
    return doc
