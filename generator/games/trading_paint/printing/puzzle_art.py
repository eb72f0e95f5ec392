"""A puzzle's window of the board at true size, with its cars, wrecks, star, dice and route.

The window is cut out of the very drawing the board prints (`board_art.draw_board`, clipped as
geometry), so a square, a turn, the pit and the finish line look the same as on the board a
player owns, and a real path die covers a square (17 mm squares, 16 mm dice). Columns are
numbered above the window and rows at its left, as round the board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from generator.games.trading_paint.printing.board_art import draw_board
from generator.games.trading_paint.printing.board_style import COORD_BAND, WALL_BAND
from generator.games.trading_paint.printing.piece_art import draw_face, team_symbol
from generator.games.trading_paint.printing.sizes import BOARD_SQUARE
from generator.games.trading_paint.puzzles.puzzle import Puzzle
from generator.games.trading_paint.rules.board import Board
from generator.games.trading_paint.rules.faces import load_faces
from generator.games.trading_paint.rules.state import State
from generator.render.canvas import BLACK, WHITE, Canvas, Style
from generator.render.clip import Box, clip_ops
from generator.render.glyphs import arrow, suit
from generator.render.palette import team_style

LABELS = 5.0  # mm above and left of the window for the square numbers
LABEL_PT = 8.0
MIN_PT = 8.0  # no car number smaller
CAR_INSET = 1.6  # mm between a car's edge and its square's
SHARED = 0.48  # a die and a car on one square: each this share of a car's size, corner to corner
ROUTE = Style(stroke="#d55e00", width=1.1, cap="round", join="round", opacity=0.8)
ROUTE_MONO = Style(stroke=BLACK, width=1.1, cap="round", join="round", dash=(3.0, 1.5), opacity=0.8)
GHOST = Style(stroke="#555555", width=0.35, dash=(1.2, 0.9))
MOVE = Style(stroke="#333333", width=0.5, cap="round")
STAR = Style(stroke=BLACK, width=0.3, fill="#f0e442", join="round")
WRECK = Style(stroke=BLACK, width=0.4, fill="#4d4d4d")


@dataclass(frozen=True)
class Window:
    """Squares x0..x1, y0..y1 of `board` (-1 and width/height are the wall round it)."""

    board: Board
    x0: int
    y0: int
    x1: int
    y1: int
    sq: float = BOARD_SQUARE

    def _edge(self, v: int, n: int, far: bool) -> float:
        o = WALL_BAND + COORD_BAND
        if not far:
            return o - WALL_BAND if v < 0 else o + v * self.sq
        return o + n * self.sq + WALL_BAND if v >= n else o + (v + 1) * self.sq

    @property
    def clip(self) -> Box:
        """The window in the board drawing's millimetres."""
        b = self.board
        left, right = self._edge(self.x0, b.width, False), self._edge(self.x1, b.width, True)
        top, bottom = self._edge(self.y0, b.height, False), self._edge(self.y1, b.height, True)
        return Box(left, top, right - left, bottom - top)

    @property
    def width(self) -> float:
        return LABELS + self.clip.w

    @property
    def height(self) -> float:
        return LABELS + self.clip.h

    def centre(self, cell: int) -> tuple[float, float]:
        """Where a square's centre is, relative to the window's top-left (labels included);
        a wall spot's centre sits in the middle of the wall band."""
        b = self.board
        x, y = b.xy(cell)
        o = WALL_BAND + COORD_BAND
        clip = self.clip

        def along(v: int, n: int) -> float:
            if v < 0:
                return o - WALL_BAND / 2
            if v >= n:
                return o + n * self.sq + WALL_BAND / 2
            return o + (v + 0.5) * self.sq

        return LABELS + along(x, b.width) - clip.x, LABELS + along(y, b.height) - clip.y

    def shows(self, cell: int) -> bool:
        x, y = self.board.xy(cell)
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


@cache
def _board_ops(board: Board, sq: float, mono: bool) -> tuple:
    scratch = Canvas(1000.0, 1000.0, mono=mono)
    draw_board(scratch, board, sq, labels=False)
    return tuple(op for op, _ in scratch.flat() if op.kind != "text"), tuple(scratch.flat())


def draw_window(canvas: Canvas, win: Window, x: float, y: float) -> None:
    """The board's squares in the window, with the square numbers, at (x, y) on the page."""
    b = win.board
    clip = win.clip
    _, flat = _board_ops(b, win.sq, canvas.mono)
    shapes = [(op, stack) for op, stack in flat if op.kind != "text"]
    with canvas.group(dx=x + LABELS - clip.x, dy=y + LABELS - clip.y):
        canvas.ops.extend(clip_ops(shapes, clip))
        canvas.rect(clip.x, clip.y, clip.w, clip.h, Style(stroke=BLACK, width=0.3))
    for col in range(max(0, win.x0), min(b.width - 1, win.x1) + 1):
        cx, _ = win.centre(b.cell(col, max(0, win.y0)))
        canvas.text(x + cx, y + LABELS - 1.4, str(col), LABEL_PT, anchor="middle", colour="#444444")
    for row in range(max(0, win.y0), min(b.height - 1, win.y1) + 1):
        _, cy = win.centre(b.cell(max(0, win.x0), row))
        canvas.text(
            x + LABELS - 1.0, y + cy + 0.9, str(row), LABEL_PT, anchor="end", colour="#444444"
        )


def draw_car(canvas: Canvas, state: State, car: int, cx: float, cy: float, size: float) -> None:
    """A car die seen from above: team colour, team symbol, the car number on a white disc."""
    team = state.team[car]
    h = size / 2
    style = team_style(team, canvas.mono).with_(width=0.4)
    canvas.rect(cx - h, cy - h, size, size, style)
    # points: the digits fill most of the disc, never under 8 pt (a small car beside a die on
    # a worked example's 12 mm square: the disc grows to hold them)
    pt = max(size * 0.3 * 2 / 0.3528 * 0.72, MIN_PT)
    disc = max(size * 0.3, pt * 0.3528 / 0.72 / 2)
    canvas.circle(cx, cy + size * 0.06, disc, Style(stroke=BLACK, width=0.25, fill=WHITE))
    canvas.text(
        cx, cy + size * 0.06 + pt * 0.3528 * 0.36, str(car + 1), pt, bold=True, anchor="middle"
    )
    r = size * 0.13
    suit(
        canvas,
        team_symbol(team),
        cx - h + r + 0.8,
        cy - h + r + 0.8,
        2 * r,
        Style(stroke=BLACK, width=0.15, fill=WHITE),
    )


def draw_cars(
    canvas: Canvas,
    state: State,
    win: Window,
    x: float,
    y: float,
    *,
    ghosts: State | None = None,
    mover: int = -1,
    shared: frozenset[int] = frozenset(),
    tag: str = "",
) -> None:
    """Every car in the window; with `ghosts`, a dashed outline where each moved car stood and
    an arrow to where it is now (none for `mover`, whose route is drawn). A car on a square of
    `shared` (where an answer's die lies too, as when a bumped car goes back onto the last die)
    is drawn small in the square's lower right, beside the die (`draw_die(..., shared=True)`)."""
    size = win.sq - 2 * CAR_INSET
    for i, p in enumerate(state.pos):
        cx, cy = win.centre(p) if p >= 0 and win.shows(p) else (0.0, 0.0)
        small = p in shared
        if small:  # a die lies here too: the car in the lower right, the die in the upper left
            cx, cy = cx + win.sq / 4, cy + win.sq / 4
        if ghosts is not None:
            old = ghosts.pos[i]
            if old >= 0 and old != p and win.shows(old):
                gx, gy = win.centre(old)
                canvas.rect(x + gx - size / 2, y + gy - size / 2, size, size, GHOST)
                if p >= 0 and win.shows(p) and i != mover:
                    _short_arrow(canvas, x + gx, y + gy, x + cx, y + cy, win.sq)
        if p < 0 or not win.shows(p):
            continue
        on_wall = state.board.kind[p] != 1 and state.entry[i] >= 0
        scale = SHARED if small else 0.6 if on_wall else 1.0
        with canvas.group(f"{tag}car-{i + 1}" if tag else None):
            draw_car(canvas, state, i, x + cx, y + cy, size * scale)


def _short_arrow(canvas: Canvas, x1: float, y1: float, x2: float, y2: float, sq: float) -> None:
    dx, dy = x2 - x1, y2 - y1
    d = (dx * dx + dy * dy) ** 0.5 or 1.0
    cut = sq * 0.32
    arrow(
        canvas,
        x1 + dx / d * cut,
        y1 + dy / d * cut,
        x2 - dx / d * cut,
        y2 - dy / d * cut,
        MOVE,
        head=1.8,
    )


def draw_wrecks(canvas: Canvas, state: State, win: Window, x: float, y: float) -> None:
    size = win.sq - 2 * CAR_INSET
    for w in sorted(state.wrecks):
        if not win.shows(w):
            continue
        cx, cy = win.centre(w)
        canvas.rect(x + cx - size / 2, y + cy - size / 2, size, size, WRECK)
        s = size * 0.3
        white = Style(stroke=WHITE, width=1.2, cap="round")
        canvas.line(x + cx - s, y + cy - s, x + cx + s, y + cy + s, white)
        canvas.line(x + cx - s, y + cy + s, x + cx + s, y + cy - s, white)


def draw_star(canvas: Canvas, win: Window, cell: int, x: float, y: float) -> None:
    """The starred square of a square goal: a five-pointed star in its middle."""
    cx, cy = win.centre(cell)
    cx, cy = x + cx, y + cy
    pts = []
    r = win.sq * 0.31
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + i * 36)
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a) + r * 0.08))
    canvas.polygon(pts, STAR)


def draw_die(
    canvas: Canvas,
    win: Window,
    die: tuple[int, int, int],
    x: float,
    y: float,
    *,
    shared: bool = False,
    tag: str = "",
) -> None:
    """A path die lying on its square, turned as laid; `shared`: small in the square's upper
        left, leaving the lower right to the car that stands on it (`draw_cars(shared=...)`). With a `tag`, the die is the group `{tag}die-COLUMN,ROW`, as a
    car is `{tag}car-N`, so a test finds both on the recorded page."""
    square, face, rotation = die
    cx, cy = win.centre(square)
    edge = win.sq - 1.2
    if shared:
        edge = (win.sq - 2 * CAR_INSET) * SHARED
        cx, cy = cx - win.sq / 4, cy - win.sq / 4
    grid = load_faces().orientation(face, rotation).grid
    with canvas.group(f"{tag}die-{win.board.label(square)}" if tag else None):
        draw_face(canvas, grid, x + cx, y + cy, edge)
        canvas.rect(
            x + cx - edge / 2, y + cy - edge / 2, edge, edge, Style(stroke=BLACK, width=0.35)
        )


def draw_route(canvas: Canvas, win: Window, cells: list[int], x: float, y: float) -> None:
    """The car's route: a line through the centres of `cells`, an arrow head at the end."""
    pts = [(x + cx, y + cy) for cx, cy in (win.centre(c) for c in cells)]
    if len(pts) < 2:
        return
    style = ROUTE_MONO if canvas.mono else ROUTE
    end = _short_of(pts[-2], pts[-1], 1.5)
    canvas.polyline(pts[:-1] + [end], style)
    arrow(canvas, *_short_of(pts[-2], end, 3.0), *end, style.with_(dash=None), head=3.0)


def answer_dice(p: Puzzle) -> list[tuple[int, int, int]]:
    """The answer's dice as (square, face, quarter turns), in the order laid."""
    b = p.state.board
    return [
        (b.cell(*d["square"]), d["face"], d["rotation"] // 90) for d in p.solution.get("dice", [])
    ]


def answer_route(p: Puzzle) -> list[int]:
    """The squares the answer's car passes: its square, the dice, where it ends."""
    b = p.state.board
    state = p.state
    me = state.car
    start = state.pos[me]
    cells = [start] + [c for c, _, _ in answer_dice(p)]
    e = p.solution.get("ending")
    if e:
        end = b.cell(*e["square"])
        if e["kind"] in ("bump", "draft") and "via" in e:
            via = b.cell(*e["via"])
            if e["kind"] == "draft":
                cells.append(_rear(p, via))
            cells.append(end)
        else:
            cells.append(end)
    return cells


def _rear(p: Puzzle, mate: int) -> int:
    """The free square right behind the drafted team-mate that the path ends on."""
    b = p.state.board
    last = answer_dice(p)[-1][0]
    for d in range(4):
        q = last + b.offsets[d]
        if any(
            q + b.offsets[e] == mate and b.lane_dirs[mate] >> e & 1
            for e in range(4)
            if b.forward[q] >> e & 1
        ):
            return q
    return last


def answer_after(p: Puzzle) -> State | None:
    """The position after the answer (the cars where they end), rebuilt from the solution."""
    from dataclasses import replace

    cars = p.solution.get("cars")
    if not cars:
        return None
    b = p.state.board
    pos = list(p.state.pos)
    entry = list(p.state.entry)
    for c in cars:
        i = c["car"] - 1
        if "at" in c:
            pos[i], entry[i] = b.cell(*c["at"]), -1
        elif "pit" in c or "wall" in c:
            pos[i] = b.cell(*(c.get("pit") or c["wall"]))
            entry[i] = pos[i]
        elif "finished" in c:
            pos[i] = -2
    return replace(p.state, pos=tuple(pos), entry=tuple(entry))


def draw_answer(
    canvas: Canvas,
    win: Window,
    p: Puzzle,
    x: float,
    y: float,
    after: State | None = None,
    tag: str = "",
) -> None:
    """A lay or fewest puzzle's answer in its window: the dice turned as laid, the car's route,
    every car where it ends and a dashed outline where each moved car stood (`after`: the
    position after the answer, answer_after(p) when not given)."""
    state = p.state
    after = after or answer_after(p) or state
    dice = answer_dice(p)
    # a bumped car goes back onto the last die: both are drawn, side by side
    shared = frozenset(c for c, _, _ in dice) & frozenset(after.pos)
    for die in dice:
        draw_die(canvas, win, die, x, y, shared=die[0] in shared, tag=tag)
    draw_route(canvas, win, answer_route(p), x, y)
    draw_cars(canvas, after, win, x, y, ghosts=state, mover=state.car, shared=shared, tag=tag)


def _short_of(a: tuple[float, float], b: tuple[float, float], cut: float) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = (dx * dx + dy * dy) ** 0.5 or 1.0
    return b[0] - dx / d * cut, b[1] - dy / d * cut


def draw_face_row(
    canvas: Canvas,
    faces: tuple[int, ...],
    x: float,
    y: float,
    edge: float,
    gap: float,
    per_row: int,
) -> float:
    """Faces in roll order, upright, numbered 1st, 2nd ... under each; returns the height used."""
    fs = load_faces()
    rows = 0
    for k, face in enumerate(faces):
        r, c = divmod(k, per_row)
        rows = r + 1
        fx = x + c * (edge + gap) + edge / 2
        fy = y + r * (edge + gap + 4.0) + edge / 2
        draw_face(canvas, fs.grids[face - 1], fx, fy, edge)
        canvas.rect(fx - edge / 2, fy - edge / 2, edge, edge, Style(stroke=BLACK, width=0.3))
        canvas.text(
            fx, fy + edge / 2 + 3.4, _ordinal(k + 1), LABEL_PT, anchor="middle", colour="#444444"
        )
    return rows * (edge + gap + 4.0)


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


AHEAD = 14  # squares: how far ahead of a stop puzzle's car its squares are numbered


def progress_ahead(state: State, cell: int) -> float:
    """Squares of progress round the lap from the car to play to `cell`: 1 a square along a
    straight, 6 for a whole turn in every lane (`Board.exact_station`)."""
    b = state.board
    me = state.car
    start = state.entry[me] if state.entry[me] >= 0 else state.pos[me]
    return float((b.exact_station[cell] - b.exact_station[start]) % b.lap_length)


def number_text(v: float) -> str:
    """3 as '3', 4.5 as '4.5', 1.7142 as '1.7'."""
    return f"{v:.1f}".removesuffix(".0")


def draw_progress(canvas: Canvas, win: Window, state: State, x: float, y: float) -> None:
    """In the upper right of every track square up to AHEAD squares ahead of the car to play,
    how many squares of progress it lies ahead (8 pt), so a stop puzzle's values can be
    counted off the page."""
    b = state.board
    for col in range(max(0, win.x0), min(b.width - 1, win.x1) + 1):
        for row in range(max(0, win.y0), min(b.height - 1, win.y1) + 1):
            c = b.cell(col, row)
            if not b.is_track(c):
                continue
            v = progress_ahead(state, c)
            if not 0 < v <= AHEAD:
                continue
            cx, cy = win.centre(c)
            canvas.text(
                x + cx + win.sq / 2 - 1.0,
                y + cy - win.sq / 2 + 3.6,
                number_text(v),
                LABEL_PT,
                anchor="end",
                colour="#333333",
            )
