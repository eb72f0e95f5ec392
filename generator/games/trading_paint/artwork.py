"""Drawings of the Trading Paint pieces on the canvas: the oval, a path-die face, a car face.

Pure functions of the model (board geometry, face grids, teams), drawn in millimetres, so the
same drawing goes on a tiled true-size board, a poster, an overview and the rules sheet.
"""

from __future__ import annotations

import math

from generator.games.trading_paint.board import NORTH, PIT, SEGMENTS, TRACK, Board
from generator.games.trading_paint.faces import Grid, load_faces
from generator.render.canvas import BLACK, GREY, WHITE, Canvas, Style
from generator.render.glyphs import arrow, suit
from generator.render.layout import text_width, wrap
from generator.render.palette import team_style

GRID_LINE = Style(stroke="#7a7a7a", width=0.2)
# turns: light grey and dotted, so they still show where a mono print drops the light grey
TURN_FILL = Style(
    stroke=None, fill="#eeeeee", hatch="dots", hatch_colour="#9a9a9a", hatch_spacing=3.2
)
PIT_DARK = Style(stroke=None, fill="#b8b8b8")
PIT_LIGHT = Style(stroke=None, fill=WHITE)
WALL = Style(stroke=None, fill="#4d4d4d")
LINE = Style(stroke=BLACK, width=0.6)
THIN_LINE = Style(stroke=BLACK, width=0.35)
FLOW = Style(stroke="#9a9a9a", width=0.8, cap="round", join="round")
WRECK_ZONE = Style(
    stroke=BLACK,
    width=0.35,
    dash=(1.5, 1.0),
    fill=None,
    hatch="backdiagonal",
    hatch_colour="#c8c8c8",
    hatch_spacing=2.5,
)
LABEL = "#555555"

WALL_BAND = 5.0  # mm of wall drawn round the track
COORD_BAND = 6.0  # mm outside the wall for column and row numbers
MIN_TEXT_PT = 6.0  # pt: the smallest text players read on the true-size board

TEAM_SYMBOLS = ("sun", "moon", "crown", "anchor")


def board_size(board: Board, sq: float) -> tuple[float, float]:
    """Width and height (mm) of the board drawing: squares, wall band and coordinate band."""
    pad = 2 * (WALL_BAND + COORD_BAND)
    return board.width * sq + pad, board.height * sq + pad


def draw_board(canvas: Canvas, board: Board, sq: float, *, labels: bool = True) -> None:
    """The oval with its top-left outer corner at (0, 0) of the drawing (coordinate band first);
    labels=False leaves out the pit's title box and the coordinates (a puzzle's window of the
    board numbers its own squares)."""
    ox = oy = WALL_BAND + COORD_BAND
    w, h = board.width * sq, board.height * sq

    def at(x: float, y: float) -> tuple[float, float]:
        return ox + x * sq, oy + y * sq

    # wall
    canvas.rect(ox - WALL_BAND, oy - WALL_BAND, w + 2 * WALL_BAND, WALL_BAND, WALL)
    canvas.rect(ox - WALL_BAND, oy + h, w + 2 * WALL_BAND, WALL_BAND, WALL)
    canvas.rect(ox - WALL_BAND, oy, WALL_BAND, h, WALL)
    canvas.rect(ox + w, oy, WALL_BAND, h, WALL)
    # turns, pit
    for cell, k in enumerate(board.kind):
        x, y = board.xy(cell)
        if k == TRACK and board.turn[cell]:
            canvas.rect(*at(x, y), sq, sq, TURN_FILL)
        elif k == PIT:
            px, py = at(x, y)
            half = sq / 2
            for i in range(2):
                for j in range(2):
                    style = PIT_DARK if (i + j) % 2 == 0 else PIT_LIGHT
                    canvas.rect(px + i * half, py + j * half, half, half, style)
    # wreck zone (the columns in front of the finish line)
    wx0 = board.wreck_columns[0]
    zone_y = board.height - board.lanes
    canvas.rect(*at(wx0, zone_y), len(board.wreck_columns) * sq, board.lanes * sq, WRECK_ZONE)
    # grid of track squares
    for cell, k in enumerate(board.kind):
        if k == TRACK:
            canvas.rect(*at(*board.xy(cell)), sq, sq, GRID_LINE)
    canvas.rect(ox, oy, w, h, THIN_LINE)
    n = board.lanes
    canvas.rect(*at(n, n), board.pit_w * sq, board.pit_h * sq, THIN_LINE)
    _flow_arrows(canvas, board, sq, at)
    _lines(canvas, board, sq, at)
    _start_squares(canvas, board, sq, at)
    if labels:
        _labels(canvas, board, sq, at)
        _coordinates(canvas, board, sq, ox, oy)


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
    canvas: Canvas, x: float, y0: float, y1: float, gap: float, vertical: bool = True
) -> None:
    for off in (-gap / 2, gap / 2):
        if vertical:
            canvas.line(x + off, y0, x + off, y1, LINE)
        else:
            canvas.line(y0, x + off, y1, x + off, LINE)


def _lines(canvas: Canvas, board: Board, sq: float, at) -> None:  # noqa: ANN001
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
            if (k + i) % 2 == 0:
                canvas.rect(fx - gap / 2 + i * cell, y, cell, hh, Style(stroke=None, fill=BLACK))
        y += cell
        k += 1
    _double_line(canvas, fx, y0, y1, gap)
    # back straightaway: double lines where it starts and ends
    _, t0 = at(0, 0)
    _, t1 = at(0, n)
    for col in (n + board.pit_w, n):
        x, _ = at(col, 0)
        _double_line(canvas, x, t0, t1, max(1.2, sq * 0.08))


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


def _labels(canvas: Canvas, board: Board, sq: float, at) -> None:  # noqa: ANN001
    n = board.lanes
    cx, _ = at(n + board.pit_w / 2, 0)
    _, top = at(0, n)
    pit_h = board.pit_h * sq
    pw = board.pit_w * sq
    size = max(7.0, sq * 0.9)  # points
    small = max(MIN_TEXT_PT, sq * 0.42)
    notes = [
        "one lap, counter-clockwise; the checkered line is the finish",
        "between the double lines at the top: the back straightaway (caution period)",
        "hatched block before the finish line: where wrecks go",
    ]
    # on small squares the notes keep their 6 pt and the box widens, up to the pit's width,
    # then the notes wrap (a 5 mm square still leaves the pit 20 mm tall for four lines)
    room = pw - 4.0
    lines = [ln for note in notes for ln in wrap(note, small, room)]
    box_w = min(pw - 2.0, max(pw * 0.72, max(text_width(ln, small) for ln in lines) + 4.0))
    pt = 0.3528  # mm per point
    box_h = size * pt * 1.6 + len(lines) * small * pt * 1.35 + small * pt
    y0 = top + (pit_h - box_h) / 2
    canvas.rect(cx - box_w / 2, y0, box_w, box_h, Style(stroke=BLACK, width=0.3, fill=WHITE))
    y = y0 + size * pt * 1.25
    canvas.text(cx, y, "TRADING PAINT · PIT", size, bold=True, anchor="middle")
    y += size * pt * 0.35
    for text in lines:
        y += small * pt * 1.35
        canvas.text(cx, y, text, small, anchor="middle", colour=LABEL)


def _coordinates(canvas: Canvas, board: Board, sq: float, ox: float, oy: float) -> None:
    size = min(7.0, max(MIN_TEXT_PT, sq * 0.4))  # 6 pt "25" is 2.4 mm: fits a 5 mm square
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
        # the frame stands a little inside the face, so the dashed fold line between two faces
        # runs on white, not through the team's hatching (mono)
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
    "NORTH",
    "board_size",
    "draw_board",
    "draw_face",
    "draw_connections",
    "face_drawers",
    "car_face_drawer",
]
