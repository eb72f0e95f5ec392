"""Drawings of the Trading Paint pieces on the canvas: the oval, a path-die face, a car face.

Pure functions of the model (board geometry, face grids, teams), drawn in millimetres, so the
same drawing goes on a tiled true-size board, a poster, an overview and the rules sheet.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from generator.games.trading_paint.rules.board import NORTH, PIT, SEGMENTS, TRACK, Board
from generator.games.trading_paint.rules.faces import Grid, load_faces
from generator.render.canvas import BLACK, GREY, WHITE, Canvas, Style
from generator.render.glyphs import arrow, suit
from generator.render.layout import text_width, wrap
from generator.render.palette import (
    BLUE,
    BLUISH_GREEN,
    ORANGE,
    REDDISH_PURPLE,
    SKY_BLUE,
    VERMILLION,
    YELLOW,
    team_style,
)

# --- sizes -----------------------------------------------------------------------------------
# A paper cube comes out larger than its net's face: the card's thickness (0.2-0.3 mm for
# 160-220 g/m2) wraps round every fold, the glue tabs add a layer under some faces, and folds
# never sit exactly on the printed line. A 16 mm net folds to a 16.4-16.9 mm cube, so the board's
# squares are 1 mm larger than the dice's faces (docs/design.md, "Paper dice need room").
DIE_FACE = 16.0  # mm: default face of the path dice and car dice (dice --size, cars --size)
DIE_CLEARANCE = 1.0  # mm: board square minus die face
BOARD_SQUARE = DIE_FACE + DIE_CLEARANCE  # mm: default board square (board --square)


def die_for(square: float) -> float:
    """The die face (mm) a board of `square` mm squares is made for."""
    return round(square - DIE_CLEARANCE, 2)


def size_note(square: float) -> str:
    """What the board prints about its squares and the dice they take."""
    return f"squares {square:g} mm: for {die_for(square):g} mm paper dice"


# --- colours -----------------------------------------------------------------------------------
def tint(colour: str, amount: float) -> str:
    """`amount` of `colour` on white paper (0 white, 1 the full colour): large areas print as
    light tints, so a home inkjet spends little ink on them."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(255 - amount * (255 - c)) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


# Light tints (about 10-35 % ink) for the large areas, full Okabe-Ito colours for lines and small
# marks. Lanes alternate two tints, so each lane reads as a ring round the pit.
LANE_TINTS = (tint(SKY_BLUE, 0.10), tint(SKY_BLUE, 0.22))  # straights: lanes 1, 3, 5 / 2, 4, 6
TURN_TINTS = (tint(ORANGE, 0.14), tint(ORANGE, 0.27))  # turns: the same lanes, warm
PIT_TINTS = (tint(BLUISH_GREEN, 0.10), tint(BLUISH_GREEN, 0.38))  # the pit's light / dark checks
START_TINT = tint(YELLOW, 0.55)  # start squares 1-6
WALL_COLOUR = BLUE
LANE_LINE_COLOUR = BLUE
CAUTION_COLOUR = REDDISH_PURPLE  # the back straightaway's double lines (caution period)
WRECK_COLOUR = VERMILLION  # the wreck zone's hatching and dashed edge
FINISH_COLOURS = (BLACK, WHITE)  # the checkered finish band

GRID_LINE = Style(stroke="#7a7a7a", width=0.2)
LINE = Style(stroke=BLACK, width=0.6)
THIN_LINE = Style(stroke=BLACK, width=0.35)
FLOW = Style(stroke="#6e6e6e", width=0.8, cap="round", join="round")
LABEL = "#555555"

# Mono: the canvas turns every fill grey and light by itself, so these patterns keep the areas
# apart without colour: dotted turns (dotted in colour too), cross-hatched dark pit checks, a
# gridded wall, the wreck zone in back-diagonal lines (in colour too), the lanes by their lane
# lines (twice as wide as the grid), the start squares by their numbers and arrows.
TURN_HATCH = "dots"
PIT_HATCH = "cross"
WALL_HATCH = "grid"
WRECK_HATCH = "backdiagonal"


class BoardStyles:
    """The board's styles for a colour or a mono page."""

    def __init__(self, mono: bool) -> None:
        def only_mono(hatch: str) -> str | None:
            return hatch if mono else None

        self.lanes = tuple(Style(stroke=None, fill=t) for t in LANE_TINTS)
        self.turns = tuple(
            Style(
                stroke=None,
                fill=t,
                hatch=TURN_HATCH,
                hatch_colour=ORANGE,
                hatch_spacing=3.2,
            )
            for t in TURN_TINTS
        )
        self.pit_light = Style(stroke=None, fill=PIT_TINTS[0])
        self.pit_dark = Style(
            stroke=None,
            fill=PIT_TINTS[1],
            hatch=only_mono(PIT_HATCH),
            hatch_colour="#666666",
            hatch_spacing=1.8,
        )
        self.wall = Style(
            stroke=None,
            fill=WALL_COLOUR,
            hatch=only_mono(WALL_HATCH),
            hatch_colour=BLACK,
            hatch_spacing=1.25,
        )
        self.start = Style(stroke=None, fill=START_TINT)
        self.lane_line = Style(stroke=LANE_LINE_COLOUR, width=0.4)  # twice a grid line
        self.caution = Style(stroke=CAUTION_COLOUR, width=0.6)
        self.wreck_zone = Style(
            stroke=WRECK_COLOUR,
            width=0.5,
            dash=(2.0, 1.2),
            fill=None,
            hatch=WRECK_HATCH,
            hatch_colour=tint(WRECK_COLOUR, 0.6),
            hatch_spacing=2.5,
        )
        self.finish = tuple(Style(stroke=None, fill=c) for c in FINISH_COLOURS)


WALL_BAND = 5.0  # mm of wall drawn round the track
COORD_BAND = 6.0  # mm outside the wall for column and row numbers
MIN_TEXT_PT = 6.0  # pt: the smallest text players read on the true-size board
PT = 0.3528  # mm per point

PIT_COLUMN = 80.0  # mm: the widest line of the pit's words
TEAM_SYMBOLS = ("sun", "moon", "crown", "anchor")

PIT_NOTES = (
    "one lap, counter-clockwise; the checkered line is the finish",
    "double lines at the top: the back straightaway (caution period)",
    "hatched block before the finish line: where wrecks go",
)


def board_size(board: Board, sq: float) -> tuple[float, float]:
    """Width and height (mm) of the board drawing: squares, wall band and coordinate band."""
    pad = 2 * (WALL_BAND + COORD_BAND)
    return board.width * sq + pad, board.height * sq + pad


def pit_rect(board: Board, sq: float) -> tuple[float, float, float, float]:
    """The pit's x, y, width and height (mm) in the board drawing."""
    o = WALL_BAND + COORD_BAND + board.lanes * sq
    return o, o, board.pit_w * sq, board.pit_h * sq


def lane_of(board: Board, x: int, y: int) -> int:
    """The lane (1 inside .. board.lanes outside) of track square (x, y): its ring round the pit."""
    ring = min(x, y, board.width - 1 - x, board.height - 1 - y)  # 0: the outside ring
    return board.lanes - ring


def draw_board(
    canvas: Canvas,
    board: Board,
    sq: float,
    *,
    labels: bool = True,
    title: str = "TRADING PAINT · PIT",
    notes: Sequence[str] | None = None,
    pit_reserve: float = 0.0,
    coord_pt: float | None = None,
    lane_numbers: bool = False,
) -> None:
    """The oval with its top-left outer corner at (0, 0) of the drawing (coordinate band first);
    labels=False leaves out the pit's title box and the coordinates (a puzzle's window of the
    board numbers its own squares).

    notes: the lines under the pit's title (default: the rule notes and the die size the squares
    are made for); pit_reserve: mm kept free at the bottom of the pit (a poster's calibration
    bar); coord_pt: the coordinates' size (default: 6-7 pt); lane_numbers: print L1..L6 across
    the front straight (the overview)."""
    st = BoardStyles(canvas.mono)
    ox = oy = WALL_BAND + COORD_BAND
    w, h = board.width * sq, board.height * sq

    def at(x: float, y: float) -> tuple[float, float]:
        return ox + x * sq, oy + y * sq

    # wall
    canvas.rect(ox - WALL_BAND, oy - WALL_BAND, w + 2 * WALL_BAND, WALL_BAND, st.wall)
    canvas.rect(ox - WALL_BAND, oy + h, w + 2 * WALL_BAND, WALL_BAND, st.wall)
    canvas.rect(ox - WALL_BAND, oy, WALL_BAND, h, st.wall)
    canvas.rect(ox + w, oy, WALL_BAND, h, st.wall)
    # track surface (lanes alternate two tints; turns warm and dotted), pit checks, start grid
    starts = set(board.start_squares)
    for cell, k in enumerate(board.kind):
        x, y = board.xy(cell)
        if k == TRACK:
            odd = lane_of(board, x, y) % 2
            if cell in starts:
                style = st.start
            elif board.turn[cell]:
                style = st.turns[1 - odd]
            else:
                style = st.lanes[1 - odd]
            canvas.rect(*at(x, y), sq, sq, style)
        elif k == PIT:
            px, py = at(x, y)
            half = sq / 2
            for i in range(2):
                for j in range(2):
                    style = st.pit_dark if (i + j) % 2 == 0 else st.pit_light
                    canvas.rect(px + i * half, py + j * half, half, half, style)
    # wreck zone (the columns in front of the finish line)
    wx0 = board.wreck_columns[0]
    zone_y = board.height - board.lanes
    zone = (*at(wx0, zone_y), len(board.wreck_columns) * sq, board.lanes * sq)
    canvas.rect(*zone, st.wreck_zone.with_(stroke=None))
    # grid of track squares, then the lane lines (the rings' edges) over it
    for cell, k in enumerate(board.kind):
        if k == TRACK:
            canvas.rect(*at(*board.xy(cell)), sq, sq, GRID_LINE)
    n = board.lanes
    for ring in range(1, n):
        canvas.rect(*at(ring, ring), w - 2 * ring * sq, h - 2 * ring * sq, st.lane_line)
    canvas.rect(*zone, st.wreck_zone.with_(hatch=None))
    canvas.rect(ox, oy, w, h, THIN_LINE)
    canvas.rect(*at(n, n), board.pit_w * sq, board.pit_h * sq, THIN_LINE)
    _flow_arrows(canvas, board, sq, at)
    _lines(canvas, board, sq, at, st)
    _start_squares(canvas, board, sq, at)
    if labels:
        _labels(canvas, board, sq, at, title, notes, pit_reserve)
        _coordinates(canvas, board, sq, ox, oy, coord_pt)
        if lane_numbers:
            _lane_numbers(canvas, board, sq, at)


def _flow_arrows(canvas: Canvas, board: Board, sq: float, at) -> None:  # noqa: ANN001
    """Counter-clockwise arrows: one curved arrow per turn (the turns are 'the area noted by
    the arrows'), straight ones down the middle of each straight."""
    n = board.lanes
    r = n * sq / 2  # middle of the lanes
    pivots = {
        1: (n + board.pit_w, n + board.pit_h),
        3: (n + board.pit_w, n),
        5: (n, n),
        7: (n, n + board.pit_h),
    }
    head = max(2.5, sq * 0.25)
    for si, (px, py) in pivots.items():
        _, _, d1, d2 = SEGMENTS[si]
        cx, cy = at(px, py)
        # entry point: on the pit's edge line extended, r out from the pivot (opposite of -d2)
        a0 = _angle_of(-_vec(d2)[0], -_vec(d2)[1])
        a1 = _angle_of(_vec(d1)[0], _vec(d1)[1])
        pts = []
        for k in range(25):
            t = 0.12 + 0.76 * k / 24
            a = _lerp_angle(a0, a1, t)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        canvas.polyline(pts[:-1], FLOW)
        arrow(canvas, *pts[-3], *pts[-1], FLOW, head=head)
    # straights: one arrow each, in the middle lane, pointing forward
    mid = n / 2
    specs = [
        (
            (n + board.pit_w / 2 - 1.5, board.height - mid),
            (n + board.pit_w / 2 + 1.5, board.height - mid),
        ),
        (
            (board.width - mid, n + board.pit_h / 2 + 1),
            (board.width - mid, n + board.pit_h / 2 - 1),
        ),
        ((n + board.pit_w / 2 + 1.5, mid), (n + board.pit_w / 2 - 1.5, mid)),
        ((mid, n + board.pit_h / 2 - 1), (mid, n + board.pit_h / 2 + 1)),
    ]
    for (x1, y1), (x2, y2) in specs[1:]:
        arrow(canvas, *at(x1, y1), *at(x2, y2), FLOW, head=head)
    (x1, y1), (x2, y2) = specs[0]
    shift = (board.finish_column - (n + board.pit_w / 2)) + 2.5  # keep clear of the finish line
    arrow(canvas, *at(x1 + shift, y1), *at(x2 + shift, y2), FLOW, head=head)


def _vec(d: int) -> tuple[int, int]:
    return {0: (1, 0), 1: (0, -1), 2: (-1, 0), 3: (0, 1)}[d]


def _angle_of(x: float, y: float) -> float:
    return math.atan2(y, x)


def _lerp_angle(a0: float, a1: float, t: float) -> float:
    d = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
    return a0 + d * t


def _double_line(
    canvas: Canvas,
    x: float,
    y0: float,
    y1: float,
    gap: float,
    vertical: bool = True,
    style: Style = LINE,
) -> None:
    for off in (-gap / 2, gap / 2):
        if vertical:
            canvas.line(x + off, y0, x + off, y1, style)
        else:
            canvas.line(y0, x + off, y1, x + off, style)


def _lines(canvas: Canvas, board: Board, sq: float, at, st: BoardStyles) -> None:  # noqa: ANN001
    n = board.lanes
    # start / finish: a checkered band between a double line, across the front straight
    fx, _ = at(board.finish_column, 0)
    _, y0 = at(0, board.height - n)
    _, y1 = at(0, board.height)
    gap = max(2.0, sq * 0.18)
    cell = gap / 2
    k = 0
    y = y0
    while y < y1 - 1e-9:
        hh = min(cell, y1 - y)
        for i in range(2):
            style = st.finish[(k + i) % 2]
            canvas.rect(fx - gap / 2 + i * cell, y, cell, hh, style)
        y += cell
        k += 1
    _double_line(canvas, fx, y0, y1, gap)
    # back straightaway: double lines where it starts and ends
    _, t0 = at(0, 0)
    _, t1 = at(0, n)
    for col in (n + board.pit_w, n):
        x, _ = at(col, 0)
        _double_line(canvas, x, t0, t1, max(1.2, sq * 0.08), style=st.caution)


def _start_squares(canvas: Canvas, board: Board, sq: float, at) -> None:  # noqa: ANN001
    size = max(MIN_TEXT_PT, sq * 0.6)
    for k, cell in enumerate(board.start_squares, start=1):
        x, y = at(*board.xy(cell))
        canvas.text(x + sq * 0.08, y + sq * 0.4, str(k), size, bold=True)
        arrow(
            canvas,
            x + sq * 0.35,
            y + sq * 0.68,
            x + sq * 0.9,
            y + sq * 0.68,
            THIN_LINE,
            head=sq * 0.18,
        )


def _labels(  # noqa: ANN001
    canvas: Canvas,
    board: Board,
    sq: float,
    at,
    title: str,
    notes: Sequence[str] | None,
    reserve: float,
) -> None:
    n = board.lanes
    cx, _ = at(n + board.pit_w / 2, 0)
    _, top = at(0, n)
    pit_h = board.pit_h * sq - reserve
    pw = board.pit_w * sq
    size = max(7.0, sq * 0.9)  # points
    small = max(MIN_TEXT_PT, sq * 0.42)
    if notes is None:
        notes = [size_note(sq), *PIT_NOTES]  # first: a tile seam near the pit's middle misses it
    # on small squares the notes keep their 6 pt and the box widens, up to the pit's width,
    # then the notes wrap; when even that is too tall for the pit, the rule notes go (the
    # die size and a poster's scale stay)
    # a column in the pit's left half, near its top: tiled at true size, the sheet seams that
    # run through the board's middle pass beside the words (A4 and US Letter take four sheets)
    room = min(pw / 2 - 8.0, PIT_COLUMN)
    heads = wrap(title, size, room, bold=True)

    def box_height(lines: list[str]) -> float:
        head = size * PT * (0.35 + 1.25 * len(heads))
        return head + len(lines) * small * PT * 1.35 + (small * PT if lines else 0.0)

    lines = [ln for note in notes for ln in wrap(note, small, room)]
    if box_height(lines) > pit_h - 1.0:
        lines = [ln for note in notes if note not in PIT_NOTES for ln in wrap(note, small, room)]
    widths = [text_width(ln, small) for ln in lines] + [
        text_width(h, size, bold=True) for h in heads
    ]
    box_w = min(pw - 2.0, max(widths) + 4.0)
    box_h = box_height(lines)
    cx -= pw / 4  # the middle of the pit's left half
    y0 = top + min(3.0, (pit_h - box_h) / 2)
    canvas.rect(cx - box_w / 2, y0, box_w, box_h, Style(stroke=BLACK, width=0.3, fill=WHITE))
    y = y0
    for head in heads:
        y += size * PT * 1.25
        canvas.text(cx, y, head, size, bold=True, anchor="middle")
    y += size * PT * 0.35
    for text in lines:
        y += small * PT * 1.35
        canvas.text(cx, y, text, small, anchor="middle", colour=LABEL)


def _coordinates(
    canvas: Canvas, board: Board, sq: float, ox: float, oy: float, coord_pt: float | None
) -> None:
    # 6 pt "25" is 2.4 mm: fits a 5 mm square
    size = coord_pt if coord_pt is not None else min(7.0, max(MIN_TEXT_PT, sq * 0.4))
    band = WALL_BAND + COORD_BAND / 2
    for x in range(board.width):
        cx = ox + (x + 0.5) * sq
        canvas.text(cx, oy - band + size * 0.13, str(x), size, anchor="middle", colour=LABEL)
        canvas.text(
            cx,
            oy + board.height * sq + band + size * 0.13,
            str(x),
            size,
            anchor="middle",
            colour=LABEL,
        )
    for y in range(board.height):
        cy = oy + (y + 0.5) * sq + size * 0.13
        canvas.text(ox - band, cy, str(y), size, anchor="middle", colour=LABEL)
        canvas.text(ox + board.width * sq + band, cy, str(y), size, anchor="middle", colour=LABEL)


LANE_NUMBER_COLUMN = 8  # the overview's L1..L6: a front-straight column clear of the start grid


def _lane_numbers(canvas: Canvas, board: Board, sq: float, at) -> None:  # noqa: ANN001
    size = max(MIN_TEXT_PT, min(8.0, sq * 0.9))
    for lane in range(1, board.lanes + 1):
        x, y = at(LANE_NUMBER_COLUMN + 0.5, board.height - board.lanes + lane - 0.5)
        canvas.text(x, y + size * PT * 0.36, f"L{lane}", size, anchor="middle", colour=LABEL)


# --- legend swatches ---------------------------------------------------------------------------
SWATCHES = ("lanes", "turn", "pit", "wall", "start", "finish", "caution", "wreck")


def draw_swatch(canvas: Canvas, kind: str, x: float, y: float, w: float, h: float) -> None:
    """A sample of one area of the board, in the board's own styles (colour or mono), for a
    legend: kind is one of SWATCHES."""
    st = BoardStyles(canvas.mono)
    if kind == "lanes":
        canvas.rect(x, y, w, h / 2, st.lanes[0])
        canvas.rect(x, y + h / 2, w, h / 2, st.lanes[1])
        canvas.line(x, y + h / 2, x + w, y + h / 2, st.lane_line)
    elif kind == "turn":
        canvas.rect(x, y, w, h / 2, st.turns[0])
        canvas.rect(x, y + h / 2, w, h / 2, st.turns[1])
        canvas.line(x, y + h / 2, x + w, y + h / 2, st.lane_line)
        r = h * 0.8
        pts = [
            (x + w * 0.2 + r * math.cos(a), y + h * 0.1 + r * math.sin(a))
            for a in (math.pi * (0.5 - 0.5 * t / 8) for t in range(9))
        ]
        canvas.polyline(pts[:-1], FLOW.with_(width=0.5))
        arrow(canvas, *pts[-3], *pts[-1], FLOW.with_(width=0.5), head=1.8)
    elif kind == "pit":
        cell = h / 2
        for i in range(math.ceil(w / cell)):
            for j in range(2):
                style = st.pit_dark if (i + j) % 2 == 0 else st.pit_light
                canvas.rect(x + i * cell, y + j * cell, min(cell, w - i * cell), cell, style)
    elif kind == "wall":
        canvas.rect(x, y, w, h, st.wall)
    elif kind == "start":
        canvas.rect(x, y, w, h, st.start)
        canvas.text(x + 1.0, y + h * 0.75, "1", max(MIN_TEXT_PT, h / PT * 0.6), bold=True)
        arrow(canvas, x + w * 0.45, y + h / 2, x + w * 0.9, y + h / 2, THIN_LINE, head=1.5)
    elif kind == "finish":
        canvas.rect(x, y, w, h, st.lanes[0])
        gap = 2.0
        fx = x + w / 2
        k, yy = 0, y
        while yy < y + h - 1e-9:
            hh = min(gap / 2, y + h - yy)
            for i in range(2):
                canvas.rect(fx - gap / 2 + i * gap / 2, yy, gap / 2, hh, st.finish[(k + i) % 2])
            yy += gap / 2
            k += 1
        _double_line(canvas, fx, y, y + h, gap)
    elif kind == "caution":
        canvas.rect(x, y, w, h, st.lanes[0])
        _double_line(canvas, x + w / 2, y, y + h, 1.3, style=st.caution)
    elif kind == "wreck":
        canvas.rect(x, y, w, h, st.lanes[1])
        canvas.rect(x, y, w, h, st.wreck_zone)
        return
    else:
        raise ValueError(f"unknown swatch {kind!r}: use one of {', '.join(SWATCHES)}")
    canvas.rect(x, y, w, h, GRID_LINE)


# --- dice faces ------------------------------------------------------------------------------
def draw_face(
    canvas: Canvas, grid: Grid, cx: float, cy: float, edge: float, outline: bool = True
) -> None:
    """A path-die face centred at (cx, cy): white, with each black sub-square a square pip."""
    x0, y0 = cx - edge / 2, cy - edge / 2
    canvas.rect(x0, y0, edge, edge, Style(stroke=None, fill=WHITE))
    cell = edge / 3
    inset = edge * 0.02  # a hair of white between pips so touching pips read as blocks
    for r in range(3):
        for c in range(3):
            if grid[r][c] == "#":
                canvas.rect(
                    x0 + c * cell + inset, y0 + r * cell + inset, cell - 2 * inset, cell - 2 * inset,
                    Style(stroke=None, fill=BLACK),
                )  # fmt: skip
    if outline:
        canvas.rect(x0, y0, edge, edge, Style(stroke=GREY, width=0.15))


def draw_connections(
    canvas: Canvas, face: int, rotation: int, cx: float, cy: float, edge: float
) -> None:
    """The paths of one face in one rotation, as strokes between side midpoints: a path
    joining two opposite sides is a straight line, two neighbouring sides a quarter arc round
    their corner (so the 3's two separate turns never touch), three or four sides spokes to
    the centre (the 1, 2 and 4 join everything); an X where there is no path at all."""
    o = load_faces().orientation(face, rotation)
    canvas.rect(cx - edge / 2, cy - edge / 2, edge, edge, Style(stroke=GREY, width=0.2))
    mids = {
        0: (cx + edge / 2, cy),
        1: (cx, cy - edge / 2),
        2: (cx - edge / 2, cy),
        3: (cx, cy + edge / 2),
    }
    style = Style(stroke=BLACK, width=max(0.5, edge * 0.08), cap="round", join="round")
    paths = [sides for sides in o.joined_sides() if len(sides) >= 2]
    for sides in paths:
        ends = sorted(sides)
        if len(ends) > 2:
            for side in ends:
                canvas.line(*mids[side], cx, cy, style)
        elif (ends[0] + ends[1]) % 2 == 0:
            canvas.line(*mids[ends[0]], *mids[ends[1]], style)
        else:
            a, b = mids[ends[0]], mids[ends[1]]
            k = 0.5523  # cubic Bezier quarter circle round the corner
            p1 = (a[0] + (cx - a[0]) * k, a[1] + (cy - a[1]) * k)
            p2 = (b[0] + (cx - b[0]) * k, b[1] + (cy - b[1]) * k)
            canvas.path([("M", *a), ("C", *p1, *p2, *b)], style)
    if not paths:
        s = edge * 0.12
        x_style = Style(stroke=BLACK, width=max(0.5, edge * 0.08), cap="round")
        canvas.line(cx - s, cy - s, cx + s, cy + s, x_style)
        canvas.line(cx - s, cy + s, cx + s, cy - s, x_style)


def describe_paths(face: int, rotation: int = 0) -> str:
    """In words: 'all four sides', 'turns N-E and W-S', 'straight N-S', 'no path'."""
    o = load_faces().orientation(face, rotation)
    paths = [sorted(p) for p in o.joined_sides() if len(p) >= 2]
    letters = "ENWS"
    if not paths:
        return "no path"
    if len(paths) == 1 and len(paths[0]) == 4:
        return "all four sides joined"
    parts = ["-".join(letters[s] for s in p) for p in paths]
    if all(len(p) == 2 and (p[0] + p[1]) % 2 == 1 for p in paths):
        return "turns " + " and ".join(parts)
    if all(len(p) == 2 for p in paths):
        return "straight " + " and ".join(parts)
    return ", ".join(parts)


def face_drawers() -> list:
    """Six net callbacks: faces 1..6 of a path die (origin at the face centre, upright)."""
    fs = load_faces()

    def make(face: int):
        def draw(canvas: Canvas, edge: float) -> None:
            draw_face(canvas, fs.grids[face - 1], 0.0, 0.0, edge, outline=False)

        return draw

    return [make(f) for f in fs.faces]


# --- car faces ---------------------------------------------------------------------------------
def team_symbol(index: int) -> str:
    return TEAM_SYMBOLS[index % len(TEAM_SYMBOLS)]


def draw_team_symbol(canvas: Canvas, team: int, cx: float, cy: float, size: float) -> None:
    style = team_style(team, canvas.mono).with_(width=0.2)
    suit(canvas, team_symbol(team), cx, cy, size, style)


def car_face_drawer(car_number: int, team: int, team_name: str, face: int):  # noqa: ANN201
    """A car-die face: team-coloured frame, the car number big, the team symbol and letter."""

    def draw(canvas: Canvas, edge: float) -> None:
        h = edge / 2
        canvas.rect(-h, -h, edge, edge, Style(stroke=None, fill=WHITE))
        band = edge * 0.12
        frame = team_style(team, canvas.mono).with_(stroke=None)
        # the frame stands a little inside the face: a white edge needs no bleed, and a cut
        # that strays shows white on white
        g = edge * 0.03
        o, w = -h + g, edge - 2 * g
        canvas.rect(o, o, w, band, frame)
        canvas.rect(o, h - g - band, w, band, frame)
        canvas.rect(o, o + band, band, w - 2 * band, frame)
        canvas.rect(h - g - band, o + band, band, w - 2 * band, frame)
        if face == 6:  # the roof: the team symbol big, so the team reads from above
            draw_team_symbol(canvas, team, 0, -edge * 0.05, edge * 0.5)
            canvas.text(
                0,
                h - band - edge * 0.06,
                f"car {car_number}",
                edge * 0.55,
                bold=True,
                anchor="middle",
            )
            return
        size_pt = edge * 1.55  # points: about 0.55 of the face height
        canvas.text(0, edge * 0.2, str(car_number), size_pt, bold=True, anchor="middle")
        draw_team_symbol(
            canvas, team, -h + band + edge * 0.13, -h + band + edge * 0.13, edge * 0.22
        )
        canvas.text(
            h - band - edge * 0.06,
            -h + band + edge * 0.2,
            team_name,
            edge * 0.6,
            bold=True,
            anchor="end",
        )

    return draw


def face_arrow(canvas: Canvas, x: float, y: float, d: int, length: float) -> None:
    vx, vy = _vec(d)
    arrow(canvas, x, y, x + vx * length, y + vy * length, THIN_LINE, head=length * 0.4)


__all__ = [
    "BOARD_SQUARE",
    "DIE_CLEARANCE",
    "DIE_FACE",
    "NORTH",
    "BoardStyles",
    "board_size",
    "die_for",
    "draw_board",
    "draw_swatch",
    "size_note",
    "draw_face",
    "draw_connections",
    "face_drawers",
    "car_face_drawer",
]
