"""The board drawn in millimetres: tiles, steps and spaces, step numbers, coin spots, the
start and finish line and the direction of the race; where coins and pawns stand on it.

A pure function of the track (track.board()): `draw_board(canvas, unit)` draws the whole
board with half a tile = `unit` mm (25.4 mm for a true-size piecepack board: 2-inch tiles,
3/4-inch coins), origin at the board's top-left, y down. `draw_tile` draws one tile of it
(the same drawing, clipped), for the tiles to cut out and the pawns page's figure.

A coin lies at the centre of its straight tile, where the tile's four spaces meet; a horse's
pawn stands in the middle of its space. `pawn_coin_gap` is the distance between the two at
those printed positions (docs/rules/triactor.md, decision 22).
"""

from __future__ import annotations

import math
from functools import cache

from generator.games.triactor.race.horses import horses
from generator.games.triactor.race.track import (
    CORNERS,
    EVENT_STEPS,
    FINISH,
    LAST_STEP,
    Tile,
    board,
)
from generator.render.canvas import BLACK, GREY, WHITE, Canvas, Op, Style
from generator.render.clip import Box, Prepared, clip_prepared, prepare
from generator.render.glyphs import arrow, suit
from generator.render.layout import text_width
from generator.render.palette import SUIT_COLOURS, suit_style

TRUE_UNIT = 25.4  # mm per half tile: piecepack tiles are 2 inches wide
COIN_DIAMETER = 19.05  # mm: piecepack coins are 3/4 inch
# mm: a horse pawn, a disc that stands in the middle of its 25.4 mm space beside a coin at the
# tile's centre: 17.96 mm (centre to centre) - 9.525 (coin) - 6.5 (pawn) = 1.94 mm to spare
PAWN_DIAMETER = 13.0
PAWN_CLEARANCE = 1.5  # mm: the least gap to a coin decision 22 accepts (cut and set by hand)
MIN_TEXT_PT = 6.0  # pt on paper: the smallest text players are asked to read
MM_PER_PT = 25.4 / 72.0

TILE_FILL = "#f4f0e6"
CORNER_FILL = "#ffffff"
TILE_EDGE = Style(stroke=BLACK, width=0.6)
GRID = Style(stroke="#c8c2b4", width=0.2)
STEP_EDGE = Style(stroke=BLACK, width=0.45)
SPACE_EDGE = Style(stroke="#5a5a5a", width=0.3, dash=(2.0, 2.0))
NUMBER_DISC = Style(stroke=GREY, width=0.25, fill=WHITE)


def board_size(unit: float = TRUE_UNIT) -> tuple[float, float]:
    b = board()
    return b.width * unit, b.height * unit


def board_mm(x: float, y: float, unit: float = TRUE_UNIT) -> tuple[float, float]:
    """A point of the board (half-tile units, y up) in drawing mm (origin top-left, y down)."""
    return x * unit, (board().height - y) * unit


def coin_centres(unit: float = TRUE_UNIT) -> tuple[tuple[int, float, float], ...]:
    """(horse, x, y) in drawing mm: where each event coin is printed (its tile's centre)."""
    return tuple((c.horse, *board_mm(c.x, c.y, unit)) for c in board().coins)


def space_centres(unit: float = TRUE_UNIT) -> tuple[tuple[int, float, float], ...]:
    """(step, x, y) in drawing mm for every space of steps 1..44: where a pawn stands."""
    out = []
    for s in board().step_shapes():
        for x0, y0, x1, y1 in s.spaces:
            out.append((s.step, *board_mm((x0 + x1) / 2, (y0 + y1) / 2, unit)))
    return tuple(out)


def pawn_coin_gap(
    pawn: float = PAWN_DIAMETER, coin: float = COIN_DIAMETER, unit: float = TRUE_UNIT
) -> float:
    """The smallest gap (mm) between a pawn of diameter `pawn` in the middle of any space and
    any coin of diameter `coin` on its spot; negative: they overlap by that much."""
    return min(
        math.hypot(sx - cx, sy - cy) - (pawn + coin) / 2
        for _, sx, sy in space_centres(unit)
        for _, cx, cy in coin_centres(unit)
    )


def largest_pawn(clearance: float = PAWN_CLEARANCE, unit: float = TRUE_UNIT) -> float:
    """The widest pawn (mm) that keeps `clearance` from every coin: twice the distance from a
    space's centre to the nearest coin edge, less the clearance."""
    return pawn_coin_gap(0.0, COIN_DIAMETER, unit) * 2 - 2 * clearance


def _outside(direction: str) -> tuple[float, float]:
    """Unit vector (board coordinates, y up) pointing off the track: the outer edge."""
    return {"+x": (0, -1), "-x": (0, 1), "+y": (1, 0), "-y": (-1, 0)}[direction]


def draw_board(canvas: Canvas, unit: float = TRUE_UNIT, *, print_scale: float = 1.0) -> None:
    """The whole board; text sizes are chosen for the true-size board and scale with it.

    print_scale: the scale the drawing is printed at (the one-page playmat shrinks it to about
    1:2). Text is never drawn below MIN_TEXT_PT / print_scale, so the horse names, the coin
    key and the rules inside the oval still print at >= 6 pt on the shrunken page; the spacing
    below grows with the text so nothing runs into its neighbour.
    """
    b = board()
    u = unit
    k = unit / TRUE_UNIT  # text and line scale relative to true size
    floor = math.ceil(MIN_TEXT_PT / print_scale * 10) / 10  # up to a tenth of a point

    def pt(size: float) -> float:
        """A text size (pt at true size) scaled with the board, but never below the floor."""
        return max(size * k, floor)

    def px(x: float, y: float) -> tuple[float, float]:
        return x * u, (b.height - y) * u

    def rect(r: tuple[float, float, float, float], style: Style) -> None:
        x0, y0 = px(r[0], r[3])
        canvas.rect(x0, y0, (r[2] - r[0]) * u, (r[3] - r[1]) * u, style)

    def line(x0: float, y0: float, x1: float, y1: float, style: Style) -> None:
        canvas.line(*px(x0, y0), *px(x1, y1), style)

    shapes = {s.step: s for s in b.step_shapes()}
    hs = horses()
    coin_of_step = {c.step: c.horse for c in b.coins}

    # tiles: face-down straights with their 4 x 4 grid, face-up corners
    for t in b.tiles:
        x0, y0, x1, y1 = t.rect
        rect(t.rect, Style(stroke=None, fill=CORNER_FILL if t.face == "up" else TILE_FILL))
        if t.face == "down":
            for i in (0.5, 1.5):
                line(x0 + i, y0, x0 + i, y1, GRID)
                line(x0, y0 + i, x1, y0 + i, GRID)
    # steps and spaces
    for step, s in shapes.items():
        sx0, sy0, sx1, sy1 = s.rect
        if step in CORNERS:
            for sp in s.spaces:
                rect(sp, SPACE_EDGE)
        else:
            a, c = s.spaces
            if s.dir in ("+x", "-x"):
                line(sx0, a[1], sx1, a[1], SPACE_EDGE)
            else:
                line(a[2], sy0, a[2], sy1, SPACE_EDGE)
        rect(s.rect, STEP_EDGE)
    for t in b.tiles:
        rect(t.rect, TILE_EDGE)

    # coin spots: centre of a straight tile, over its two steps
    for horse, cx, cy in coin_centres(unit):
        name = hs[horse].suit
        r = COIN_DIAMETER / 2 * k
        ring = BLACK if canvas.mono else SUIT_COLOURS[name]  # light suit colours vanish in grey
        canvas.circle(cx, cy, r, Style(stroke=ring, width=0.8 * k, fill=WHITE))
        canvas.circle(cx, cy, r, Style(stroke=BLACK, width=0.25 * k, dash=(1.2 * k, 1.2 * k)))
        letter = pt(7)
        grow = (letter - 7 * k) * MM_PER_PT  # mm the letter grew: the suit gives it room
        suit(canvas, name, cx, cy - 1.2 * k - grow * 0.4, 9.5 * k - grow * 0.5, suit_style(name))
        canvas.text(cx, cy + 7.2 * k, hs[horse].letter, letter, bold=True, anchor="middle")

    # step numbers: in the outer space of straight steps, in the middle of corners
    for step, s in shapes.items():
        if step in CORNERS:
            cx, cy = s.centre
            x, y = px(cx, cy)
            canvas.circle(x, y, 6.5 * k, NUMBER_DISC)
            canvas.text(x, y + 2.6 * k, str(step), pt(20), bold=True, anchor="middle")
            continue
        ox, oy = _outside(s.dir)
        cx, cy = s.centre
        x, y = px(cx + ox * 0.5, cy + oy * 0.5)
        if step in EVENT_STEPS:
            h = coin_of_step[step]
            colour = BLACK if canvas.mono else SUIT_COLOURS[hs[h].suit]
            canvas.circle(x, y, 5.2 * k, Style(stroke=colour, width=1.4 * k, fill=WHITE))
        else:
            canvas.circle(x, y, 5.2 * k, NUMBER_DISC)
        canvas.text(x, y + 2.1 * k, str(step), pt(15), bold=True, anchor="middle")
        if step in EVENT_STEPS:
            # which horse's event fires here, on the inner space
            ix, iy = px(cx - ox * 0.5, cy - oy * 0.5)
            name = hs[coin_of_step[step]].suit
            suit(canvas, name, ix, iy, 6.0 * k, suit_style(name).with_(opacity=0.55))

    # the start and finish line at x = finish_line_x across the bottom straight
    fx = b.finish_line_x
    x, y_top = px(fx, 2)
    _, y_bot = px(fx, 0)
    sq = 0.125 * u
    n = round((y_bot - y_top) / sq)
    for i in range(n):
        for j in (0, 1):
            fill = BLACK if (i + j) % 2 == 0 else WHITE
            canvas.rect(x - sq + j * sq, y_top + i * sq, sq, sq, Style(stroke=None, fill=fill))
    canvas.rect(x - sq, y_top, 2 * sq, n * sq, Style(stroke=BLACK, width=0.3 * k))

    # inside the oval: start/finish label, direction arrows, title and legend
    lx, ly = px(fx, 2.45)
    head, note = pt(12), pt(8)
    canvas.text(lx, ly, "START / FINISH", head, bold=True, anchor="middle")
    below = ly + _below(head, note, 5.5 * k)
    canvas.text(lx, below, f"cross the line = step {FINISH}", note, anchor="middle")
    ink = Style(stroke=BLACK, width=0.8 * k)
    for (x0, y0), (x1, y1) in (
        ((12.0, 2.5), (14.5, 2.5)),
        ((16.5, 4.5), (16.5, 7.5)),
        ((14.5, 9.5), (11.5, 9.5)),
        ((8.5, 9.5), (5.5, 9.5)),
        ((3.6, 7.5), (3.6, 4.5)),
        ((5.5, 2.5), (8.0, 2.5)),
    ):
        arrow(canvas, *px(x0, y0), *px(x1, y1), ink, head=5 * k)

    cx, _ = px(b.width / 2, 0)
    _, ty = px(0, 8.3)
    canvas.text(cx, ty, "TRIACTOR", pt(40), bold=True, anchor="middle")
    canvas.text(
        cx, ty + 9 * k, "A Day at the Piecepack Downs", pt(14), italic=True, anchor="middle"
    )
    legend = [
        f"Steps 1 to {LAST_STEP}; a straight step has 2 spaces, a corner step "
        f"({', '.join(map(str, CORNERS))}) has 4.",
        "A horse stops on the step of its own event coin and moves as if it rolled the coin.",
        "A full step stops a horse at the farthest earlier step with room.",
    ]
    rule = pt(10)
    pitch = max(6.5 * k, rule * MM_PER_PT * 1.3)
    for i, text in enumerate(legend):
        canvas.text(cx, ty + 20 * k + pitch * i, text, rule, anchor="middle")
    # coin key: suit, letter, horse, event step
    _, ky = px(0, 5.2)
    label, step_size = pt(9), pt(8)
    keys = [(c, f"{hs[c.horse].letter} {hs[c.horse].name}") for c in b.coins]
    widest = max(text_width(t, label, bold=True) for _, t in keys)
    col_w = max(62 * k, 10 * k + widest + 4 * k)
    down = _below(label, step_size, 4.2 * k)
    row_h = max(12 * k, down + _below(step_size, label, 0.0) + 2 * k)
    x0 = cx - 2 * col_w
    for i, (c, text) in enumerate(sorted(keys, key=lambda ct: ct[0].step)):
        row, col = divmod(i, 4)
        x = x0 + col * col_w
        y = ky + row * row_h
        name = hs[c.horse].suit
        suit(canvas, name, x + 4 * k, y - 1.5 * k, 7 * k, suit_style(name))
        canvas.text(x + 10 * k, y, text, label, bold=True)
        canvas.text(x + 10 * k, y + down, f"coin on step {c.step}", step_size)


def tile_window(tile: Tile, unit: float = TRUE_UNIT) -> Box:
    """Where a tile lies in the board drawing (mm, y down)."""
    x0, y0, x1, y1 = tile.rect
    left, top = board_mm(x0, y1, unit)
    return Box(left, top, (x1 - x0) * unit, (y1 - y0) * unit)


@cache
def _board_record(unit: float, mono: bool) -> Prepared:
    """The board drawing, ready to clip to each tile (clip.prepare)."""
    source = Canvas(*board_size(unit), mono=mono)
    draw_board(source, unit)
    return prepare([(op, tuple(stack)) for op, stack in source.flat()])


def draw_tile(canvas: Canvas, tile: Tile, unit: float = TRUE_UNIT) -> None:
    """One tile of the board, its top-left corner at the origin: exactly what the board
    prints on that tile (steps, spaces, numbers, coin spot, a half of the start and finish
    line), clipped to the tile (texts kept whose anchor is on it)."""
    win = tile_window(tile, unit)
    drawing = _board_record(unit, canvas.mono)
    with canvas.group(dx=-win.x, dy=-win.y):
        # a neighbour's fill that only touches the tile clips to nothing: leave it out
        canvas.ops.extend(op for op in clip_prepared(drawing, win) if not _flat_fill(op))


def _flat_fill(op: Op) -> bool:
    """A fill-only path whose every part has no area (what clipping leaves of a shape that
    only touches the window's edge)."""
    if op.kind != "path" or op.style is None or op.style.stroke is not None:
        return False
    area, pts = 0.0, []
    for cmd in (*op.data, ("M",)):
        if cmd[0] in ("M", "Z") and pts:
            area += abs(
                sum(
                    x0 * y1 - x1 * y0
                    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True)
                )
            )
            pts = []
        if cmd[0] in ("M", "L"):
            pts.append(cmd[1:3])
        elif cmd[0] == "C":
            return False
    return area < 1e-6


def _below(upper: float, lower: float, least: float) -> float:
    """Baseline-to-baseline distance (mm) for a `lower`-pt line under an `upper`-pt one: the
    upper line's descender, the lower line's ascender and 0.8 mm between (at least `least`)."""
    return max(least, (0.25 * upper + 0.75 * lower) * MM_PER_PT + 0.8)
