"""The Trading Paint board drawn on the canvas: the oval with its lanes, turns, pit, wall,
start squares, finish line, wreck zone, arrows, the pit's title box and the coordinates; and
the legend swatches that show each area in the board's own styles.

A pure function of the board's geometry, drawn in millimetres, so the same drawing goes on a
tiled true-size board, a poster, an overview, the rules sheet and a puzzle's window.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from generator.games.trading_paint.printing.board_style import (
    COORD_BAND,
    FLOW,
    GRID_LINE,
    LABEL,
    LINE,
    MIN_TEXT_PT,
    PT,
    THIN_LINE,
    WALL_BAND,
    BoardStyles,
    lane_of,
)
from generator.games.trading_paint.printing.sizes import size_note
from generator.games.trading_paint.rules.board import PIT, SEGMENTS, TRACK, Board
from generator.render.canvas import BLACK, WHITE, Canvas, Style
from generator.render.glyphs import arrow
from generator.render.layout import text_width, wrap

PIT_COLUMN = 80.0  # mm: the widest line of the pit's words

PIT_NOTES = (
    "one lap, counter-clockwise; the checkered line is the finish",
    "double lines at the top: the back straightaway (caution period)",
    "hatched block before the finish line: where wrecks go",
)


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
