"""Everything Triactor prints: board (one page, true size tiled over sheets, or the 24
piecepack tiles to cut out), betting slips (gutter fold and duplex), the payout card, horse
pawns, horse cards, coin sheets and dice nets.

Each builder returns Documents; the commands hand them to generator.output.emit. Symbols are
vector glyphs (generator.render.glyphs), never font characters.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.errors import InvalidInput
from generator.games.triactor.betting.payouts import BetType, bet_types, credits_per_race, tables
from generator.games.triactor.printing.artwork import (
    COIN_DIAMETER,  # mm: 3/4 inch, a piecepack coin
    CORNER_FILL,
    PAWN_DIAMETER,
    TILE_FILL,
    TRUE_UNIT,
    board_size,
    draw_board,
    draw_tile,
    pawn_coin_gap,
    space_centres,
    tile_window,
)
from generator.games.triactor.race.horses import Horse, horse, horses
from generator.games.triactor.race.track import Tile, board, coin_steps
from generator.printing import PrintSpec
from generator.render import layout, pieces
from generator.render.canvas import BLACK, CUT, GREY, WHITE, Canvas, Style
from generator.render.clip import Box
from generator.render.document import Document
from generator.render.glyphs import arrow, suit
from generator.render.nets import cube_net, cube_net_size
from generator.render.palette import SUIT_COLOURS, suit_style
from generator.render.paper import Paper

GAME = "Triactor"
THIN = Style(stroke=BLACK, width=0.2)
RULE = Style(stroke=BLACK, width=0.35)
LIGHT = Style(stroke=GREY, width=0.15)
HEAD_FILL = Style(stroke=None, fill="#e8e8e8")

# mm: a betting slip. 2 x 2 gutter-fold on a Letter (or landscape Tabloid) sheet with room for
# the calibration bar below: 2 x (2 x 57 + 4) + 6 mm fold gutter + 10 mm bar <= 254.4 mm
SLIP_W, SLIP_H = 92.0, 57.0
CARD_W, CARD_H = 57.0, 86.0  # mm: a horse card (bridge width; 86 mm tall so nine fit an A4
# sheet, eight a landscape Letter sheet, with the calibration bar below)
DIE_EDGE = 16.0  # mm: a standard die (piecepack dice are about 1/2 to 5/8 inch)
BET_LINE_END = 42.0  # mm: where a slip's name and bet lines end (the legend is to the right)
LEGEND_X = 45.5  # mm: the legend's codes
LEGEND_COST = 70.0  # mm: the middle of its cost column

CODE_LEGEND = (  # (bet type, code, box, the words on the slip)
    ("INFO", "INFO", False, "info: 3 coins"),
    ("WIN", "X", False, "win"),
    ("PLACE", "XX", False, "place: 1st/2nd"),
    ("SHOW", "XXX", False, "show: 1st-3rd"),
    ("EXACTOR", "XY", False, "exactor"),
    ("EXACTOR BOX", "XY", True, "exactor box"),
    ("TRIACTOR", "XYZ", False, "triactor"),
    ("TRIACTOR BOX", "XYZ", True, "triactor box"),
)
PAYS_NOTE = "pays by backers: few / some / many"  # under the bets: what the three numbers are


def pays_text(bt: BetType) -> str:
    """What a bet type pays, for the slip's reminder: '16/8/4' (its table row, column by
    column: few, some, many backers), '-' for INFO."""
    return "/".join(str(w) for w in bt.winnings) if bt.winnings else "-"


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


# --- board -----------------------------------------------------------------------------------
def board_documents(opts: PrintSpec, size: str = "both") -> list[Document]:
    """The one-page playmat (scaled to the paper, landscape) and/or the true-size board tiled
    over sheets (the orientation that needs fewer sheets)."""
    docs = []
    w, h = board_size(TRUE_UNIT)
    if size in ("page", "both"):
        paper = opts.paper_size(landscape=True)
        # the poster's scale (asked of layout.poster on a scratch page, so the two never
        # disagree) sets how large the text must be drawn to print at >= 6 pt once shrunk
        scale = layout.poster(Document("scratch", "scratch"), paper, w, h, lambda c: None)

        def draw_page(c: Canvas) -> None:
            draw_board(c, print_scale=scale)

        doc = Document("triactor-board", "Triactor board", GAME, opts.ident())
        layout.poster(doc, paper, w, h, draw_page, mono=opts.mono)
        docs.append(doc)
    if size in ("tiled", "both"):
        doc = Document("triactor-board-tiled", "Triactor board, true size", GAME, opts.ident())
        # no word cut by a seam, fewer sheets, none nearly blank, no slivers on a tie;
        # --landscape forces landscape
        paper = layout.tiling_paper(opts.paper_turns(), w, h, draw_board)
        layout.tile(doc, paper, w, h, draw_board, mono=opts.mono)
        docs.append(doc)
    return docs


# --- board as tiles to cut out ------------------------------------------------------------------
TILE = 2 * TRUE_UNIT  # mm: a piecepack tile is 2 inches square
TILES_TITLE = 10.0  # pt: the sheet's title
TILES_WORDS = 8.0  # pt: how to cut and lay the tiles, under the title
TILES_LINE = 3.4  # mm between the lines of the words
TILES_ADVICE = (
    "Cut from mark to mark: the short marks outside the block show every cut, 50.8 mm "
    "apart (the lines inside a tile are its steps and spaces). Lay the tiles out as the "
    "map on the first sheet shows; T1 to T24 follow the race from the start/finish line."
)
MAP_CELLS = 2  # the layout map takes two tile cells on the first sheet
LABEL_SIZE = 6.0  # pt: the tile labels (T1..T24) in a corner of each tile
LABEL_INSET = 1.8  # mm from the tile's edges to its label
LABEL_COLOUR = "#555555"
FINISH_SQUARE = TRUE_UNIT / 8  # mm: a square of the chequered start/finish line


def tiles_in_order() -> list[Tile]:
    """The 24 tiles in race order: T1 holds steps 1 and 2 (just after the start/finish line),
    T4 the corner step 7, ..., T24 steps 43 and 44."""
    return sorted(board().tiles, key=lambda t: t.steps[0])


def tile_label(i: int) -> str:
    return f"T{i + 1}"


def _label_spot(tile: Tile) -> tuple[float, float]:
    """(x, baseline y) of a tile's label, tile mm: its top-left corner, past the half of the
    start/finish line on the left edge of the tile of step 1."""
    top = LABEL_INSET + LABEL_SIZE * 0.3528 * 0.72
    if 1 in tile.steps:
        return LABEL_INSET + 2 * FINISH_SQUARE, top
    return LABEL_INSET, top


def _draw_cut_tile(tile: Tile, label: str) -> Callable[[Canvas], None]:
    def draw(c: Canvas) -> None:
        draw_tile(c, tile)
        x, y = _label_spot(tile)
        c.text(x, y, label, LABEL_SIZE, bold=True, colour=LABEL_COLOUR)
        pieces.cut_rect(c, 0, 0, TILE, TILE, CUT)  # the cut line, on the middle of the tile's edge

    return draw


def tile_map(c: Canvas, box: Box) -> None:
    """The layout map: the board's 24 tiles, each with its label, the start/finish line and
    the direction of the race, scaled into `box`."""
    b = board()
    head = 9.5
    layout.instructions(c, box.x, box.y + 3.2, "Lay the tiles out like this", size=9, bold=True)
    layout.instructions(c, box.x, box.y + 7.2, "(text upright, start/finish line nearest you)")
    region = box.inset(top=head)
    scale = min(region.w / b.width, region.h / b.height)  # mm per half tile
    ox = region.x + (region.w - b.width * scale) / 2
    oy = region.y + (region.h - b.height * scale) / 2

    def at(x: float, y: float) -> tuple[float, float]:
        return ox + x * scale, oy + (b.height - y) * scale

    edge = Style(stroke=BLACK, width=0.2)
    for i, t in enumerate(tiles_in_order()):
        x0, y0, x1, y1 = t.rect
        left, top = at(x0, y1)
        fill = CORNER_FILL if t.face == "up" else TILE_FILL
        c.rect(left, top, (x1 - x0) * scale, (y1 - y0) * scale, edge.with_(fill=fill))
        cx, cy = at(t.x, t.y)
        c.text(cx, cy + 1.0, tile_label(i), LABEL_SIZE, bold=True, anchor="middle")
    fx = b.finish_line_x
    c.line(*at(fx, 0), *at(fx, 2), Style(stroke=BLACK, width=1.0))
    sx, sy = at(fx, 2.8)
    c.text(sx, sy, "start / finish", 6, anchor="middle")
    arrow(c, *at(fx + 1.2, 3.5), *at(fx + 4.2, 3.5), Style(stroke=BLACK, width=0.35), head=2.0)
    lx, ly = at(fx + 2.7, 4.3)
    c.text(lx, ly, "race direction", 6, anchor="middle")


def tiles_document(opts: PrintSpec) -> Document:
    """The board as the 24 two-inch piecepack tiles of figure 1 to cut out, true size: each
    tile with its steps, spaces, numbers, coin spot and its part of the start/finish line
    (the board drawing, clipped), labelled T1..T24 in race order in a corner, butted edge to
    edge so one cut separates two tiles, crop marks continuing the cut lines outside the
    block; a map of where each tile goes on the first sheet; the calibration bar on every
    sheet. Laid out as the map shows, the tiles make the tiled board."""
    tiles = tiles_in_order()
    draws = [_draw_cut_tile(t, tile_label(i)) for i, t in enumerate(tiles)]
    doc = Document("triactor-tiles", "Triactor board tiles", GAME, opts.ident("24 tiles"))

    def lay(d: Document, paper: Paper) -> list:
        box = layout.usable_box(paper)
        advice = layout.wrap(TILES_ADVICE, TILES_WORDS, box.w)
        header = 8.6 + TILES_LINE * len(advice)  # the title, the words and 2 mm below
        region = box.inset(top=header, bottom=layout.BAR_STRIP)
        grid = layout.centred_grid(region, TILE, TILE, 0.0)
        if grid.per_sheet == 0:
            raise InvalidInput(
                f"a {TILE:g} mm tile does not fit the printable area of {paper.name} paper: "
                "choose larger paper"
            )
        map_cells = min(MAP_CELLS, grid.cols)
        slots = list(range(map_cells, grid.per_sheet))  # the first sheet starts after the map
        sheets: list[Canvas] = []
        k = 0
        while k < len(draws):
            c, _ = layout.page(d, paper, mono=opts.mono)
            first = not sheets
            cells = []
            used = list(slots if first else range(grid.per_sheet))[: len(draws) - k]
            taken = set(used)  # the map keeps 2.5 mm clear towards the tiles: room to bleed
            for slot in used:
                cell = grid.cell(slot)
                # butted tiles share their cut lines; a tile's colour bleeds only past the
                # sides no tile (or the map) touches
                layout.place_piece(
                    c, cell, draws[k], room=region, share=_tile_share(grid, slot, taken)
                )
                cells.append(cell)
                k += 1
            keep = []
            if first:
                a, z = grid.cell(0), grid.cell(map_cells - 1)
                where = Box(a.x, a.y, z.right - a.x, a.h)
                tile_map(c, where.inset(2.0, 1.0, 3.0, 2.5))
                keep.append(where)
            bar = Box(
                box.x + (box.w - layout.BAR_LENGTH) / 2,
                box.bottom - layout.BAR_HEIGHT,
                layout.BAR_LENGTH,
                layout.BAR_HEIGHT,
            )
            layout.calibration_bar(c, bar.x, bar.y)
            with c.group():
                layout.crop_marks(c, cells, box.inset(top=header - 2.0), [*keep, bar])
            _tiles_header(c, box, advice)
            sheets.append(c)
        return sheets

    lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
    return doc


def _tile_share(grid: layout.Grid, slot: int, taken: set[int]) -> Box:
    """The part of the sheet a cut tile may bleed into: BLEED past each side with no
    neighbour in the grid, nothing past a side it shares."""
    r, col = divmod(slot, grid.cols)

    def free(rr: int, cc: int) -> float:
        inside = 0 <= rr < grid.rows and 0 <= cc < grid.cols
        return 0.0 if inside and rr * grid.cols + cc in taken else pieces.BLEED

    return grid.cell(slot).inset(
        -free(r, col - 1), -free(r - 1, col), -free(r, col + 1), -free(r + 1, col)
    )


def _tiles_header(c: Canvas, box: Box, advice: list[str]) -> None:
    title = f"Triactor board tiles: 24 piecepack tiles, {TILE:g} mm (2 inch) squares, true size"
    c.text(box.x, box.y + 4.5, title, TILES_TITLE, bold=True)
    words = " ".join(advice)  # the lines wrapped at box.w: instructions wraps them alike
    layout.instructions(c, box.x, box.y + 8.6, words, box.w, size=TILES_WORDS, line=TILES_LINE)


# --- betting slips -------------------------------------------------------------------------------
def slip_front(race: int | None) -> Callable[[Canvas], None]:
    hs = horses()

    def draw(c: Canvas) -> None:
        c.rect(0, 0, SLIP_W, 8.5, HEAD_FILL)
        c.text(3, 6, "TRIACTOR", 11, bold=True)
        c.text(27, 6, "betting slip", 8)
        c.text(SLIP_W - 3, 6, f"Race {race}" if race else "Race ____", 10, bold=True, anchor="end")
        c.text(3, 15.5, "Player", 8)
        c.line(14, 16, BET_LINE_END, 16, THIN)
        credits = credits_per_race()
        step = 19.5 / credits  # the bet lines share the room between the name and the notes
        for i in range(credits):
            y = 23 + i * step
            c.text(3, y, str(i + 1), 9, bold=True)
            c.line(8, y + 0.5, BET_LINE_END, y + 0.5, THIN)
        c.text(3, 40.6, f"{credits} credits a race; box bets cost 2 and 3", 6)
        c.text(3, 43.8, PAYS_NOTE, 6)
        # the code legend on the right: code, bet, cost, and what it pays (a reminder; the
        # payout card has the columns)
        types = bet_types()
        x0 = LEGEND_X
        c.rect(x0 - 1.5, 11.0, SLIP_W - x0, 33.4, LIGHT)
        head = 14.2
        c.text(x0, head, "code", 6, bold=True)
        c.text(x0 + 7.5, head, "bet", 6, bold=True)
        c.text(LEGEND_COST, head, "cost", 6, bold=True, anchor="middle")
        c.text(SLIP_W - 3.5, head, "pays", 6, bold=True, anchor="end")
        for i, (kind, code, box, what) in enumerate(CODE_LEGEND):
            y = 17.9 + i * 3.55
            bt = types[kind]
            boxed_code(c, x0, y, code, 7, box)
            c.text(x0 + 7.5, y, what, 6)
            c.text(LEGEND_COST, y, str(bt.credits), 6, anchor="middle")
            c.text(SLIP_W - 3.5, y, pays_text(bt), 6, anchor="end")
        # horse letters with suits along the bottom
        c.line(0, 46.0, SLIP_W, 46.0, LIGHT)
        step = SLIP_W / 8
        for h in hs:
            x = step * (h.index + 0.5)
            suit(c, h.suit, x - 2.6, 50.5, 3.6, suit_style(h.suit))
            c.text(x + 0.4, 51.8, h.letter, 8, bold=True)
            # the first word of the name at 6 pt (the smallest players read); the widest,
            # "Diaphanous", is 11.3 mm in an 11.5 mm column and its neighbours are short
            c.text(x, 55.2, h.name.split()[0], 6, anchor="middle")

    return draw


def slip_back(race: int | None) -> Callable[[Canvas], None]:
    hs = horses()

    def draw(c: Canvas) -> None:
        c.text(SLIP_W / 2, 7, "Horses I bet on", 10, bold=True, anchor="middle")
        layout.instructions(  # 8 pt, 70 mm wide: inside the slip
            c,
            SLIP_W / 2,
            11.5,
            "circle each horse in your bets once; show this side to all",
            anchor="middle",
        )
        # each name 1.5 mm under its circle and clear of the circle below it
        cols, cw, rh, rad = 4, SLIP_W / 4, 18.4, 7.3
        for h in hs:
            r, col = divmod(h.index, cols)
            cx = cw * (col + 0.5)
            cy = 21.2 + r * rh
            c.circle(cx, cy, rad, LIGHT)
            c.text(cx - 1.2, cy + 3.4, h.letter, 17, bold=True, anchor="middle")
            suit(c, h.suit, cx + 4.0, cy - 3.5, 4.2, suit_style(h.suit))
            c.text(cx, cy + rad + 2.1, h.name, 6, anchor="middle")
        c.text(SLIP_W - 3, SLIP_H - 2.5, f"Race {race}" if race else "Race ____", 6, anchor="end")

    return draw


def slips_documents(
    opts: PrintSpec,
    players: int,
    races: int,
    start: int = 1,
    layouts: tuple[str, ...] = ("gutter-fold", "duplex"),
) -> list[Document]:
    """players x races slips, race numbers printed (race 0: left blank), in each layout."""
    numbers = (
        [None] * players
        if races == 0
        else [r for r in range(start, start + races) for _ in range(players)]
    )
    fronts = [slip_front(n) for n in numbers]
    backs = [slip_back(n) for n in numbers]
    docs = []
    for name in layouts:
        stem = "triactor-slips-" + ("gutter" if name == "gutter-fold" else "duplex")
        title = "Triactor betting slips, " + ("gutter fold" if name == "gutter-fold" else "duplex")
        doc = Document(stem, title, GAME, opts.ident(f"{len(numbers)} slips"))
        two_sided = layout.gutter_fold if name == "gutter-fold" else layout.duplex

        def lay(d: Document, p: Paper, two_sided=two_sided) -> list:  # noqa: ANN001
            return two_sided(d, p, fronts, backs, SLIP_W, SLIP_H, gap=4.0, mono=opts.mono)

        lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
        docs.append(doc)
    return docs


# --- payout card -----------------------------------------------------------------------------
def payouts_document(opts: PrintSpec) -> Document:
    """The seed's four tables on one page, and the horses' shorthand letters."""
    doc = Document("triactor-payouts", "Triactor payout tables", GAME, opts.ident())
    paper = opts.paper_size(landscape=False)  # the tables are a portrait page tall
    c, box = layout.page(doc, paper, mono=opts.mono)
    x0, y = box.x, box.y + 7
    c.text(x0, y, "Triactor: payout tables", 18, bold=True)
    y += 6
    credits = credits_per_race()
    c.text(
        x0,
        y,
        f"Each player has {credits} betting credits per race (winnings can not be used "
        "as betting credits). A box is drawn around the letters of a box bet.",
        8,
    )
    y += 4.5
    c.text(
        x0,
        y,
        "Count, for each horse in a winning bet, the players whose slip back shows that "
        "horse; add the counts for two and three horse bets; read the column.",
        8,
    )
    y += 5
    widths = [34.0, 22.0, 22.0]
    win_w = box.w - sum(widths)
    for g in tables():
        y = _table(c, x0, y + 4, widths, win_w, g.title, g.heading, g.columns, g.bets)
    # horse shorthand table
    y += 8
    c.text(x0, y, "Shorthand letters", 11, bold=True)
    y += 2
    cols = [("Horse Name", 60.0), ("Suit", 40.0), ("Shorthand Letter", 35.0)]
    x = x0
    c.rect(x0, y, sum(w for _, w in cols), 6, HEAD_FILL)
    for title, w in cols:
        c.text(x + 2, y + 4.3, title, 8, bold=True)
        x += w
    y += 6
    for h in horses():
        c.line(x0, y, x0 + sum(w for _, w in cols), y, LIGHT)
        c.text(x0 + 2, y + 4.4, h.name, 9)
        suit(c, h.suit, x0 + 64, y + 3.0, 4.2, suit_style(h.suit))
        c.text(x0 + 68, y + 4.4, f"{h.suits}", 8)
        c.text(x0 + 100 + 2, y + 4.5, h.letter, 10, bold=True, italic=True)
        y += 6
    c.rect(x0, y - 6 * 8 - 6, sum(w for _, w in cols), 6 * 9, THIN)
    return doc


def _table(
    c: Canvas,
    x0: float,
    y: float,
    widths: list[float],
    win_w: float,
    title: str,
    heading: str,
    columns: tuple[str, ...],
    bets: tuple[BetType, ...],
) -> float:
    """One of the seed's tables; returns the y below it."""
    c.text(x0, y, title, 11, bold=True)
    y += 2
    total = sum(widths) + win_w
    top = y
    head = ["Name", "Code", "Betting Credits"]
    if columns:
        lines = layout.wrap(heading, 7, win_w - 4)
        head_h = 5.5 + 3.2 * len(lines) + 5.0
    else:
        head_h = 9.5
    c.rect(x0, y, total, head_h, HEAD_FILL)
    x = x0
    for name, w in zip(head, widths, strict=True):
        for k, part in enumerate(layout.wrap(name, 8, w - 3, bold=True)):
            c.text(x + 2, y + 4.3 + k * 3.4, part, 8, bold=True)
        x += w
    wx = x
    if columns:
        c.text(wx + 2, y + 4.3, "Winnings", 8, bold=True)
        for k, line in enumerate(lines):
            c.text(wx + 2, y + 7.6 + k * 3.2, line, 7)
        cy = y + head_h - 1.5
        cw = win_w / len(columns)
        c.line(wx, cy - 3.8, wx + win_w, cy - 3.8, LIGHT)
        for i, col in enumerate(columns):
            c.text(wx + cw * (i + 0.5), cy, col, 8, bold=True, anchor="middle")
    else:
        c.text(wx + 2, y + 4.3, "Effect", 8, bold=True)
    y += head_h
    for bt in bets:
        row_h = 7.0
        effect = layout.wrap(bt.effect, 8, win_w - 4) if bt.effect else []
        row_h = max(row_h, 3.6 * len(effect) + 3.4)
        c.line(x0, y, x0 + total, y, LIGHT)
        base = y + 4.8
        c.text(x0 + 2, base, bt.name, 9, bold=True)
        boxed_code(c, x0 + widths[0] + 3, base, bt.code, 10, bt.box)
        c.text(
            x0 + widths[0] + widths[1] + widths[2] / 2, base, str(bt.credits), 9, anchor="middle"
        )
        if bt.winnings:
            cw = win_w / len(bt.winnings)
            for i, v in enumerate(bt.winnings):
                c.text(wx + cw * (i + 0.5), base, str(v), 10, anchor="middle")
        for k, line in enumerate(effect):
            c.text(wx + 2, base + k * 3.6, line, 8)
        y += row_h
    c.rect(x0, top, total, y - top, THIN)
    x = x0
    for w in widths:
        x += w
        c.line(x, top, x, y, LIGHT)
    if columns:
        cw = win_w / len(columns)
        for i in range(1, len(columns)):
            c.line(wx + cw * i, top + head_h - 5.3, wx + cw * i, y, LIGHT)
    return y + 3


# --- horse cards -------------------------------------------------------------------------------
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
    centre_to_coin = pawn_coin_gap(0.0)
    lines = [
        "Stand a pawn in the middle of its space (over the step number). An event coin lies "
        "at the centre of its tile, where the tile's four spaces meet; from the middle of a "
        "space to the coin's "
        f"edge is {centre_to_coin + COIN_DIAMETER / 2:.2f} - {COIN_DIAMETER / 2:.3f} = "
        f"{centre_to_coin:.2f} mm, and a pawn reaches {PAWN_DIAMETER / 2:g} mm from the middle: "
        f"{gap:.1f} mm to spare (the figure, true size).",
        "Glue the sheet onto thin card, then cut each pawn along its black outer circle "
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


# --- coins and dice ---------------------------------------------------------------------------
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
