"""The Trading Paint oval: squares, lanes, turns, what counts as forward, and progress.

The board is a rectangle of die-sized squares around a rectangular pit; the lanes are the
rings between pit and wall. Cars run counter-clockwise as seen on the page: east along the
front straight (bottom), north up the right end, west along the back straight (top), south
down the left end. The four corner blocks are the turns (the arrows on the board).

Everything the rules ask of the geometry is precomputed here into flat tuples indexed by a
cell number, so the move generator only does lookups:

- kind: track, pit, wall (the ring just outside the board) or nothing;
- forward: the directions that count as forward on a square (one on a straight; the two
  directions of the turn in a turn, both count as forward there);
- allowed: the directions a path may leave a square in (forward or to the side on a
  straight, forward only in a turn: any other way would be backward for one arm of the turn);
- lane_dirs: the direction of the square's own lane (both at the corner square of a lane);
- station: progress round the lap from the finish line, in squares; on a straight it is the
  distance along the straight, in a turn it grows with the angle round the inner corner of
  the pit, so that both forward directions of a turn increase it. Exact fractions, stored as
  floats (equal fractions give equal floats, so ties such as "same pole position" are exact).

Cells are numbered on a grid one wider than the board on every side (the wall ring):
cell = (y + 1) * stride + (x + 1), with x the column and y the row from the top-left.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from generator.errors import InvalidInput
from generator.games.trading_paint.rules.faces import EAST, NORTH, SIDE_LETTERS, SOUTH, WEST

NOTHING, TRACK, PIT, WALL = 0, 1, 2, 3
DIRS = (EAST, NORTH, WEST, SOUTH)
VECTORS = {EAST: (1, 0), NORTH: (0, -1), WEST: (-1, 0), SOUTH: (0, 1)}


def back(d: int) -> int:
    return (d + 2) % 4


def left(d: int) -> int:
    """The direction to the left of d (counter-clockwise quarter turn)."""
    return (d + 1) % 4


def right(d: int) -> int:
    return (d + 3) % 4


def mask(*dirs: int) -> int:
    m = 0
    for d in dirs:
        m |= 1 << d
    return m


def dirs_of(m: int) -> tuple[int, ...]:
    return _DIRS_OF[m]


_DIRS_OF = tuple(tuple(d for d in DIRS if m >> d & 1) for m in range(16))


# Straights and turns in lap order: (name, kind, entry direction, exit direction).
SEGMENTS = (
    ("front straight", "straight", EAST, EAST),
    ("first turn", "turn", EAST, NORTH),
    ("right end", "straight", NORTH, NORTH),
    ("second turn", "turn", NORTH, WEST),
    ("back straight", "straight", WEST, WEST),
    ("third turn", "turn", WEST, SOUTH),
    ("left end", "straight", SOUTH, SOUTH),
    ("fourth turn", "turn", SOUTH, EAST),
)


@dataclass(frozen=True, eq=False)
class Board:
    """Geometry of one oval; compare by name (boards are built once and cached)."""

    name: str
    width: int  # squares
    height: int
    pit_w: int
    pit_h: int
    lanes: int
    square_mm: float
    finish_column: int
    start_column: int
    wreck_columns: tuple[int, ...]
    max_wrecks_per_row: int
    stride: int
    kind: tuple[int, ...]
    lane: tuple[int, ...]
    turn: tuple[bool, ...]
    segment: tuple[int, ...]  # index into SEGMENTS, -1 off the track
    forward: tuple[int, ...]  # direction masks
    allowed: tuple[int, ...]
    lane_dirs: tuple[int, ...]
    station: tuple[float, ...]
    lap_length: int
    back_straight: tuple[float, float]  # station interval [start, end)
    ring_prev: tuple[int, ...]
    wreck_row: tuple[int, ...]  # 0.. for the wreck columns, -1 elsewhere
    start_squares: tuple[int, ...]  # start square 1 (outside lane) first
    offsets: tuple[int, int, int, int] = field(default=(0, 0, 0, 0))
    exact_station: tuple[Fraction, ...] = ()  # the stations as exact fractions (0 off the track)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("trading-paint-board", self.name))

    # --- coordinates ----------------------------------------------------------
    def cell(self, x: int, y: int) -> int:
        return (y + 1) * self.stride + (x + 1)

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.stride - 1, cell // self.stride - 1

    def step(self, cell: int, d: int) -> int:
        return cell + self.offsets[d]

    def direction(self, a: int, b: int) -> int:
        """The direction from cell a to its neighbour b."""
        return self.offsets.index(b - a)

    def label(self, cell: int) -> str:
        x, y = self.xy(cell)
        return f"{x},{y}"

    def in_bounds(self, x: int, y: int) -> bool:
        return -1 <= x <= self.width and -1 <= y <= self.height

    def is_track(self, cell: int) -> bool:
        return 0 <= cell < len(self.kind) and self.kind[cell] == TRACK

    def track_cells(self) -> tuple[int, ...]:
        return _cells_of(self, TRACK)

    def pit_cells(self) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.kind) if k == PIT)

    def in_back_straight(self, progress: float) -> bool:
        a, b = self.back_straight
        return a <= progress < b

    def tangent(self, square: int, outward: int) -> int:
        """The lane direction along the side of `square` that faces `outward` (pit or wall)."""
        for d in dirs_of(self.lane_dirs[square]):
            if d % 2 != outward % 2:
                return d
        raise ValueError("no lane direction along that side")  # pragma: no cover


@cache
def _cells_of(board: Board, kind: int) -> tuple[int, ...]:
    return tuple(i for i, k in enumerate(board.kind) if k == kind)


def _segment_of(x: int, y: int, w: int, h: int, n: int) -> int:
    """Which straight or turn (index into SEGMENTS) the track square (x, y) belongs to."""
    east, west = x >= w - n, x < n
    north, south = y < n, y >= h - n
    if south and not east and not west:
        return 0
    if south and east:
        return 1
    if east and not north and not south:
        return 2
    if north and east:
        return 3
    if north and not east and not west:
        return 4
    if north and west:
        return 5
    if west and not north and not south:
        return 6
    return 7  # south and west


def build_board(spec: dict, where: str = "board") -> Board:
    """Compute the geometry tables from a board spec (the template's fields)."""
    try:
        w, h = (int(v) for v in spec["outer"])
        pw, ph = (int(v) for v in spec["pit"])
        square_mm = float(spec.get("square_mm", 16.0))
        finish = int(spec["finish_column"])
        start = int(spec["start_column"])
        n_wreck = int(spec.get("wreck_rows", 3))
        max_wrecks = int(spec.get("max_wrecks_per_row", 2))
        name = str(spec.get("name", "oval"))
    except (KeyError, TypeError, ValueError) as e:
        raise InvalidInput(
            f"{where}: missing or malformed field ({e}); see templates/trading_paint/board.json"
        ) from None
    if (w - pw) % 2 or (h - ph) % 2 or (w - pw) != (h - ph) or pw < 1 or ph < 1:
        raise InvalidInput(
            f"{where}: the pit must sit centred with the same number of lanes on every side "
            f"(outer {w} x {h}, pit {pw} x {ph})"
        )
    n = (w - pw) // 2
    if n < 2 or square_mm <= 0:
        raise InvalidInput(f"{where}: at least two lanes and a positive square size are needed")
    if not (n <= start < n + pw and n < finish < n + pw and n <= finish - n_wreck):
        raise InvalidInput(
            f"{where}: start_column, finish_column and the {n_wreck} wreck columns before the "
            f"finish must all lie on the front straight (columns {n} to {n + pw - 1})"
        )
    stride = w + 2
    size = stride * (h + 2)
    kind = [NOTHING] * size
    lane = [0] * size
    turn = [False] * size
    segment = [-1] * size
    forward = [0] * size
    allowed = [0] * size
    lane_dirs = [0] * size
    station = [0.0] * size
    exact = [Fraction(0)] * size
    ring_prev = [-1] * size
    wreck_row = [-1] * size
    offsets = (1, -stride, -1, stride)

    def cell(x: int, y: int) -> int:
        return (y + 1) * stride + (x + 1)

    # Segment lengths in lap order, starting at the finish line.
    straight_len = {0: pw, 2: ph, 4: pw, 6: ph}
    seg_start: dict[int, Fraction] = {}
    pos = Fraction(0)
    # The front straight is split by the finish line: its part after the line comes first.
    front_after = n + pw - finish
    seg_start[0] = Fraction(0)
    pos += front_after
    for si in range(1, 8):
        seg_start[si] = pos
        pos += straight_len[si] if si in straight_len else n
    front_before_start = pos  # the part of the front straight before the finish line
    lap = pos + (finish - n)
    # Inner corners of the pit, where each turn pivots.
    pivots = {1: (n + pw, n + ph), 3: (n + pw, n), 5: (n, n), 7: (n, n + ph)}

    for y in range(-1, h + 1):
        for x in range(-1, w + 1):
            c = cell(x, y)
            if x in (-1, w) or y in (-1, h):
                kind[c] = WALL
                continue
            if n <= x < n + pw and n <= y < n + ph:
                kind[c] = PIT
                continue
            kind[c] = TRACK
            ring = min(x, w - 1 - x, y, h - 1 - y)  # 0 = outside
            lane[c] = n - ring
            si = _segment_of(x, y, w, h, n)
            segment[c] = si
            _, skind, d1, d2 = SEGMENTS[si]
            if skind == "straight":
                forward[c] = mask(d1)
                allowed[c] = mask(d1, left(d1), right(d1))
                lane_dirs[c] = mask(d1)
                if si == 0:
                    if x >= finish:
                        s = Fraction(x - finish) + Fraction(1, 2)
                    else:
                        s = front_before_start + (x - n) + Fraction(1, 2)
                elif si == 2:
                    s = seg_start[si] + (n + ph - 1 - y) + Fraction(1, 2)
                elif si == 4:
                    s = seg_start[si] + (n + pw - 1 - x) + Fraction(1, 2)
                else:
                    s = seg_start[si] + (y - n) + Fraction(1, 2)
            else:
                turn[c] = True
                forward[c] = mask(d1, d2)
                allowed[c] = mask(d1, d2)
                ox, oy = pivots[si]
                cx, cy = Fraction(2 * x + 1, 2) - ox, Fraction(2 * y + 1, 2) - oy
                v1, v2 = VECTORS[d1], VECTORS[d2]
                e = cx * v1[0] + cy * v1[1]  # how far in along the entry direction
                f = -(cx * v2[0] + cy * v2[1])  # how far short of the exit
                s = seg_start[si] + n * e / (e + f)
                # Distance to the outer wall ahead on the entry arm, and below on the exit arm.
                g1 = {EAST: w - 1 - x, NORTH: y, WEST: x, SOUTH: h - 1 - y}[d1]
                g2 = {EAST: x, NORTH: h - 1 - y, WEST: w - 1 - x, SOUTH: y}[d2]
                if g2 < g1:
                    lane_dirs[c] = mask(d1)
                elif g1 < g2:
                    lane_dirs[c] = mask(d2)
                else:
                    lane_dirs[c] = mask(d1, d2)
            station[c] = float(s)
            exact[c] = s
            if si == 0 and finish - n_wreck <= x < finish:
                wreck_row[c] = x - (finish - n_wreck)

    for c in range(size):
        if kind[c] != TRACK:
            continue
        ld = dirs_of(lane_dirs[c])
        if len(ld) == 2:  # corner square of a lane: it is entered along the turn's entry arm
            d1 = SEGMENTS[segment[c]][2]
            ring_prev[c] = c - offsets[d1]
        else:
            ring_prev[c] = c - offsets[ld[0]]

    starts = tuple(cell(start, h - k) for k in range(1, n + 1))
    back_seg = 4
    return Board(
        name=name,
        width=w,
        height=h,
        pit_w=pw,
        pit_h=ph,
        lanes=n,
        square_mm=square_mm,
        finish_column=finish,
        start_column=start,
        wreck_columns=tuple(range(finish - n_wreck, finish)),
        max_wrecks_per_row=max_wrecks,
        stride=stride,
        kind=tuple(kind),
        lane=tuple(lane),
        turn=tuple(turn),
        segment=tuple(segment),
        forward=tuple(forward),
        allowed=tuple(allowed),
        lane_dirs=tuple(lane_dirs),
        station=tuple(station),
        lap_length=int(lap),
        back_straight=(float(seg_start[back_seg]), float(seg_start[back_seg] + pw)),
        ring_prev=tuple(ring_prev),
        wreck_row=tuple(wreck_row),
        start_squares=starts,
        offsets=offsets,
        exact_station=tuple(exact),
    )


@cache
def load_board(name: str = "board.json") -> Board:
    """The default oval from templates/trading_paint/board.json."""
    from generator.resources import load_json

    return build_board(load_json("trading_paint", name), f"templates/trading_paint/{name}")


def direction_name(d: int) -> str:
    return SIDE_LETTERS[d]


__all__ = [
    "Board",
    "build_board",
    "load_board",
    "EAST",
    "NORTH",
    "WEST",
    "SOUTH",
    "TRACK",
    "PIT",
    "WALL",
]
