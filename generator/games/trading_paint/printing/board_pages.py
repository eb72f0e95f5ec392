"""The Trading Paint board as documents: tiled at true scale over several sheets (one sheet
when it fits), a poster (the biggest board one sheet holds, to play on) and an overview (a
reduced map beside a legend of the board's areas).

Each builder returns a Document for the command to write. True-size pages carry the 50 mm
calibration bar (the layout helpers put it there).
"""

from __future__ import annotations

import math
import re

from generator.errors import BadOption, InvalidInput
from generator.games.trading_paint.printing.board_art import PIT_NOTES, draw_board, draw_swatch
from generator.games.trading_paint.printing.board_style import (
    COORD_BAND,
    WALL_BAND,
    board_size,
    pit_rect,
)
from generator.games.trading_paint.printing.sizes import (
    BOARD_SQUARE,
    DICE_MIN,
    DIE_FACE,
    die_for,
    size_note,
)
from generator.games.trading_paint.rules.board import load_board
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import BLACK, Canvas, Style
from generator.render.document import Document
from generator.render.paper import Paper

GAME = "Trading Paint"

_SIZE = re.compile(
    r"^\s*([0-9]+(?:\.[0-9]+)?)\s*[x×]\s*([0-9]+(?:\.[0-9]+)?)\s*(mm|cm|in)?\s*$", re.IGNORECASE
)
_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4}


def parse_sheet(text: str) -> Paper:
    """A custom poster sheet 'WIDTHxHEIGHT' in mm (or cm / in), e.g. 600x400mm or 24x36in."""
    m = _SIZE.match(text)
    if not m:
        raise BadOption(
            f"{text!r}: write the poster size as WIDTHxHEIGHT, e.g. 600x400mm or 24x36in", "--sheet"
        )
    k = _UNIT[(m.group(3) or "mm").lower()]
    w, h = float(m.group(1)) * k, float(m.group(2)) * k
    if not (60 <= w <= 5000 and 60 <= h <= 5000):
        hint = "" if m.group(3) else " (a size without a unit is in mm: add in or cm?)"
        raise BadOption(f"{text!r}: each side must be 60 mm to 5 m{hint}", "--sheet")
    return Paper("custom", round(w, 3), round(h, 3), w > h)


def board_document(
    opts: PrintSpec, style: str, square_mm: float, sheet: str | None = None
) -> Document:
    """tiles: true scale over several sheets (one sheet, without an assembly map, when the board
    fits it); poster: the biggest board one sheet holds, to play on (true size when it fits,
    the calibration bar and its scale in the pit); overview: a reduced map with a legend of the
    board's areas and the coordinates, to read."""
    board = load_board()
    w, h = board_size(board, square_mm)

    def draw(canvas: Canvas) -> None:
        draw_board(canvas, board, square_mm)

    if style == "tiles":
        turns = [opts.paper_size(landscape=True)] if opts.landscape else opts.paper_turns()
        whole = [p for p in turns if layout.fits_true_size(p, w, h)]
        doc = Document(
            "trading-paint-board-tiles",
            "Trading Paint board" if whole else "Trading Paint board, true size",
            GAME,
            opts.ident(f"{square_mm:g} mm squares"),
        )
        if whole:
            # small squares: the whole board fits one sheet, so no tiles and no assembly map
            layout.poster(doc, whole[0], w, h, draw, mono=opts.mono, max_scale=1.0)
        else:
            layout.tile(doc, layout.tiling_paper(turns, w, h, draw), w, h, draw, mono=opts.mono)
        return doc
    if style == "poster":
        paper = parse_sheet(sheet) if sheet else opts.paper_size(landscape=True)
        stem = "trading-paint-board-poster" + (
            f"-{paper.width:g}x{paper.height:g}mm" if sheet else ""
        )
        sq = poster_square(paper, square_mm)
        doc = Document(stem, "Trading Paint board", GAME, opts.ident(f"{sq:g} mm squares"))
        _poster(doc, paper, board, square_mm, sq, opts.mono)
        return doc
    if style == "overview":
        doc = Document(
            "trading-paint-board-overview", "Trading Paint board overview", GAME, opts.ident()
        )
        _overview(doc, opts.paper_size(landscape=True), board, square_mm, opts.mono)
        return doc
    raise InvalidInput(f"board style {style!r}: use tiles, poster or overview")


# The poster is the biggest board one sheet holds, drawn to be played on: the squares are drawn
# at the size they print (0.1 mm steps), never scaled, so its text keeps its 6 pt and its lines
# their widths; the wall and coordinate bands keep their millimetres. Its scale, the die size
# its squares take and the calibration bar go in the pit, so the whole sheet is board.
POSTER_MIN_SQUARE = 5.0  # mm: as board --square's lower limit
_BANDS = 2 * (WALL_BAND + COORD_BAND)


def _floor_tenth(v: float) -> float:
    return math.floor(v * 10 + 1e-6) / 10


def poster_square(paper: Paper, square_mm: float) -> float:
    """The square (mm) a poster on `paper` prints: square_mm when the board fits the sheet at
    true size, else the largest 0.1 mm step that fits inside the margins."""
    board = load_board()
    box = layout.usable_box(paper)
    fit = _floor_tenth(min((box.w - _BANDS) / board.width, (box.h - _BANDS) / board.height))
    sq = min(square_mm, fit)
    if sq < POSTER_MIN_SQUARE:
        raise InvalidInput(
            f"a {paper.width:g} x {paper.height:g} mm sheet holds squares of only {fit:g} mm "
            f"(the board needs {POSTER_MIN_SQUARE:g} mm or more): use a larger --sheet or --paper"
        )
    return sq


def _poster(doc: Document, paper: Paper, board, square_mm: float, sq: float, mono: bool) -> None:  # noqa: ANN001
    canvas, box = layout.page(doc, paper, mono=mono)
    w, h = board_size(board, sq)
    true_size = sq >= square_mm - 1e-9
    if true_size:
        scale = "scale 1:1, true size"
    else:
        ratio = layout.scale_text(sq / square_mm)
        scale = f"poster: scale {ratio} of {square_mm:g} mm squares, not true size"
    die = die_for(sq)
    dice = size_note(sq)
    if die < DICE_MIN:  # racegen's dice stop at DICE_MIN: say what to play with instead
        dice = f"squares {sq:g} mm: for {die:g} mm dice or counters"
    notes = [scale, dice, *PIT_NOTES]
    reserve = layout.BAR_STRIP + 1.0
    ox = box.x + (box.w - w) / 2
    oy = box.y + (box.h - h) / 2
    with canvas.group(dx=ox, dy=oy):
        draw_board(canvas, board, sq, notes=notes, pit_reserve=reserve)
        px, py, pw, ph = pit_rect(board, sq)
        bx = px + (pw - layout.BAR_LENGTH) / 2
        by = py + ph - reserve + 0.5
        canvas.rect(
            bx - 2.0,
            by - 0.5,
            layout.BAR_LENGTH + 4.0,
            layout.BAR_HEIGHT + 1.5,
            Style(stroke=BLACK, width=0.3, fill="#ffffff"),
        )
        layout.calibration_bar(canvas, bx, by)


# The overview is a map to read, not to play on: a reduced board (drawn at its printed size,
# so the coordinates print at 7.5 pt and every label at 6 pt or more) beside a legend that
# shows each area of the board in the board's own colours or patterns and says what it is for.
OVERVIEW_COORD_PT = 7.5
OVERVIEW_TEXT_PT = 9.0
SWATCH_W, SWATCH_H = 14.0, 9.0


def overview_legend(board) -> list[tuple[str | None, str, str]]:  # noqa: ANN001
    """(swatch, heading, text) of each entry of the overview's legend."""
    n = board.lanes
    back = f"{n}-{n + board.pit_w - 1}"
    wreck = f"{board.wreck_columns[0]}-{board.wreck_columns[-1]}"
    start_col = board.xy(board.start_squares[0])[0]
    s1 = board.xy(board.start_squares[0])
    return [
        (
            "lanes",
            "Track",
            f"Lanes: 1 inside (next to the pit) to {n} outside (next to the wall), marked "
            f"L1-L{n} here, with lines between them. Cars run counter-clockwise, one lap.",
        ),
        (
            "turn",
            "Turns",
            "The dotted corner blocks with curved arrows. Both directions of the turn count "
            "as forward there; side bumps (moving left) only there.",
        ),
        (
            "pit",
            "Pit",
            "Checkered, off the track: a car forced off the inside lane waits here and "
            "re-enters on the square it left (one square back when a car blocks it).",
        ),
        ("wall", "Wall", "The outer band, off the track: as the pit, for the outside lane."),
        (
            "start",
            "Start squares",
            f"1 (outside lane, plays first) to {n} (inside), column {start_col}. Start squares "
            "count from the outside, lanes from the inside.",
        ),
        (
            "finish",
            "Start and finish line",
            f"The checkered band between double lines, west edge of column {board.finish_column}.",
        ),
        (
            "caution",
            "Back straightaway",
            f"The top straight between the double lines (columns {back}): the caution period "
            "while the leader is on it.",
        ),
        (
            "wreck",
            "Wreck zone",
            f"Hatched, columns {wreck} of the front straight: wrecks go here, two per row at most.",
        ),
        (
            None,
            "Coordinates",
            f"(column, row) from the top-left square: columns 0-{board.width - 1} left to "
            f"right, rows 0-{board.height - 1} top to bottom, printed round the edge. Start "
            f"square 1 is ({s1[0]}, {s1[1]}); position files and puzzles name squares so.",
        ),
    ]


def _overview(doc: Document, paper: Paper, board, square_mm: float, mono: bool) -> None:  # noqa: ANN001
    canvas, box = layout.page(doc, paper, mono=mono)
    legend_w = min(95.0, max(70.0, box.w * 0.29))
    region = box.inset(top=9.0, right=legend_w + 6.0)
    pt = 0.3528
    size = OVERVIEW_TEXT_PT
    line = size * pt * 1.3
    entries = overview_legend(board)
    *areas, coords = entries
    play = (
        f"Play on the board at true size, printed as sheets to join ({BOARD_SQUARE:g} mm "
        f"squares for {DIE_FACE:g} mm paper dice), or on the largest board one sheet holds, "
        "printed as a poster. This page is a map, for reference and the rules."
    )
    below = [(coords[1], coords[2]), ("To play", play)]

    def below_height(width: float) -> float:
        return sum((1 + len(layout.wrap(body, size, width))) * line + 2.0 for _, body in below)

    # the board takes what the legend column and the notes under it leave
    sq = _floor_tenth(min((region.w - _BANDS) / board.width, 99.0))
    while sq > 1.0:
        w, h = board_size(board, sq)
        if h + 5.0 + below_height(w) <= region.h:
            break
        sq = round(sq - 0.1, 1)
    sq = min(sq, square_mm)
    w, h = board_size(board, sq)
    scale = layout.scale_text(sq / square_mm)
    canvas.text(
        box.x,
        box.y + 5.0,
        f"Trading Paint board: overview (squares {sq:g} mm, scale {scale} of the "
        f"{square_mm:g} mm board, not true size)",
        11.0,
        bold=True,
    )
    with canvas.group(dx=region.x, dy=region.y):
        draw_board(canvas, board, sq, notes=[], coord_pt=OVERVIEW_COORD_PT, lane_numbers=True)
    # under the board: the coordinates and what to print to play
    y = region.y + h + 5.0
    for head, body in below:
        y += size * pt
        canvas.text(region.x, y, head, size, bold=True)
        for ln in layout.wrap(body, size, w):
            y += line
            canvas.text(region.x, y, ln, size)
        y += line - size * pt + 2.0
    # the legend, right of the board: each area drawn in the board's own styles
    lx = box.right - legend_w
    text_x = lx + SWATCH_W + 3.0
    room = box.right - text_x
    y = region.y + 4.0
    canvas.text(lx, y, "Legend", 11.0, bold=True)
    y += 3.0
    for kind, head, body in areas:
        top = y
        y += size * pt * 1.1
        canvas.text(text_x, y, head, size, bold=True)
        for ln in layout.wrap(body, size, room):
            y += line
            canvas.text(text_x, y, ln, size)
        draw_swatch(canvas, kind, lx, top + 1.0, SWATCH_W, SWATCH_H)
        y = max(y, top + SWATCH_H + 1.0) + 3.0
