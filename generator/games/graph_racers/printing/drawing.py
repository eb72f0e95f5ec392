"""A track drawn at true scale: the squared paper, the walls, lines, oil and racing lines.

Cars sit on grid points, so the printed grid lines pass through the points (as on squared
paper) and every off-track point's unit square is shaded: a move that touches a shaded square
crashes under the exact rule, which is exactly what a player checks with a ruler. Row and
column numbers every five points let players write their points down for the checker.

Pure drawing on a generator.render Canvas (millimetres, y down); no backend imports.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.graph_racers.track.model import OFF, OIL, Line, Point, Track
from generator.render.canvas import BLACK, Canvas, Style
from generator.render.glyphs import arrow
from generator.render.layout import text_width

WALL_FILL = "#cfcfcf"
GRID = Style(stroke="#9a9a9a", width=0.12)
BOUNDARY = Style(stroke=BLACK, width=0.5, cap="round", join="round")
START_FILL = "#bfe3cf"
OIL_STYLE = Style(
    stroke="#5a4a00",
    width=0.2,
    fill="#e6d27a",
    hatch="dots",
    hatch_colour="#5a4a00",
    hatch_spacing=1.0,
)
# blue water (James Bond mode; off the track but for submarines): blue with waves, so a mono
# page tells it from the diagonally hatched walls
WATER_STYLE = Style(
    stroke=None, fill="#9ecae1", hatch="horizontal", hatch_colour="#2b6c9e", hatch_spacing=1.5
)
# a coin (collectable) on its point: a small circle with the coin's letter (P penny, N nickel,
# D dime, M missile, O oil sprayer, R rocket, U submarine, B rear guns)
COIN_STYLE = Style(stroke="#7a5c00", width=0.3, fill="#fff3c4")
COIN_INK = "#5a4300"
# an obstacle to jump (the Swedish jumps; a wall for the par): a light square with a black
# ramp triangle, told from the hatched walls on a mono page too
OBSTACLE_STYLE = Style(stroke=BLACK, width=0.2, fill="#f2c48d")
CHECKPOINT = Style(stroke="#0072b2", width=0.6, dash=(1.5, 1.0), cap="butt")
LINE_COLOUR = "#d55e00"
BADGE = 0.38  # a checkpoint badge's radius, in squares
LABEL_BAND = 4.0  # mm above and left of the grid for row and column numbers


@dataclass(frozen=True)
class TrackDrawing:
    """The geometry of a drawn track: `pitch` mm between points, labels outside the grid."""

    track: Track
    pitch: float = 5.0
    labels: bool = True

    @property
    def band(self) -> float:
        return LABEL_BAND if self.labels else 0.0

    @property
    def width(self) -> float:
        return self.band + self.track.cols * self.pitch

    @property
    def height(self) -> float:
        return self.band + self.track.rows * self.pitch

    def xy(self, p: tuple[float, float]) -> tuple[float, float]:
        """Canvas mm of grid point (row, col) (fractions allowed)."""
        return (self.band + (p[1] + 0.5) * self.pitch, self.band + (p[0] + 0.5) * self.pitch)

    # --- layers ---------------------------------------------------------------------------
    def draw(self, canvas: Canvas, *, line: list[Point] | None = None, end: float = 1.0) -> None:
        """The whole track; with `line`, an answer's racing line (its last move cut at `end`)."""
        self.walls(canvas)
        self.grid(canvas)
        self.marks(canvas)
        self.boundary(canvas)
        self.lines(canvas)
        if self.labels:
            self.numbers(canvas)
        if line:
            self.racing_line(canvas, line, end)

    def _square(self, r: int, c: int) -> tuple[float, float, float, float]:
        p = self.pitch
        return (self.band + c * p, self.band + r * p, p, p)

    def walls(self, canvas: Canvas) -> None:
        """Off-track squares, shaded (and hatched on mono pages), one rectangle per run of a row."""
        fill = Style(stroke=None, fill=WALL_FILL)
        if canvas.mono:
            fill = fill.with_(hatch="diagonal", hatch_colour="#6e6e6e", hatch_spacing=1.2)
        for r, row in enumerate(self.track.grid):
            c = 0
            while c < len(row):
                if row[c] != OFF:
                    c += 1
                    continue
                start = c
                while c < len(row) and row[c] == OFF:
                    c += 1
                x, y, _, h = self._square(r, start)
                canvas.rect(x, y, (c - start) * self.pitch, h, fill)

    def grid(self, canvas: Canvas) -> None:
        """The squared paper: lines through every row and column of points."""
        t = self.track
        x0, y0 = self.xy((0, 0))
        x1, y1 = self.xy((t.rows - 1, t.cols - 1))
        cmds: list[tuple] = []
        for r in range(t.rows):
            y = self.xy((r, 0))[1]
            cmds += [("M", x0, y), ("L", x1, y)]
        for c in range(t.cols):
            x = self.xy((0, c))[0]
            cmds += [("M", x, y0), ("L", x, y1)]
        canvas.path(cmds, GRID)

    def boundary(self, canvas: Canvas) -> None:
        """The track's edge: square sides between on- and off-track points (and the grid edge)."""
        t = self.track
        p = self.pitch
        b = self.band
        cmds: list[tuple] = []
        # horizontal edges between row r-1 and r, merged into runs
        for r in range(t.rows + 1):
            c = 0
            while c < t.cols:
                if t.on_track(r - 1, c) == t.on_track(r, c):
                    c += 1
                    continue
                start = c
                while c < t.cols and t.on_track(r - 1, c) != t.on_track(r, c):
                    c += 1
                cmds += [("M", b + start * p, b + r * p), ("L", b + c * p, b + r * p)]
        for c in range(t.cols + 1):
            r = 0
            while r < t.rows:
                if t.on_track(r, c - 1) == t.on_track(r, c):
                    r += 1
                    continue
                start = r
                while r < t.rows and t.on_track(r, c - 1) != t.on_track(r, c):
                    r += 1
                cmds += [("M", b + c * p, b + start * p), ("L", b + c * p, b + r * p)]
        if cmds:
            canvas.path(cmds, BOUNDARY)

    def marks(self, canvas: Canvas) -> None:
        """Oil, water, coins, obstacles, start points and goal points (goals chequered, so no
        colour is needed)."""
        t = self.track
        for r, row in enumerate(t.grid):
            for c, ch in enumerate(row):
                if ch == OIL:
                    canvas.rect(*self._square(r, c), OIL_STYLE)
        for r, c in sorted(getattr(t, "water", ())):
            canvas.rect(*self._square(r, c), WATER_STYLE)
        for (r, c), ch in sorted(getattr(t, "coins", {}).items()):
            x, y = self.xy((r, c))
            rad = self.pitch * 0.36
            canvas.circle(x, y, rad, COIN_STYLE)
            letter, size = ch.upper(), rad * 4.2
            canvas.text(x, y + rad * 0.5, letter, size, bold=True, anchor="middle", colour=COIN_INK)
        for r, c in sorted(getattr(t, "obstacles", ())):
            x, y, p, _ = self._square(r, c)
            canvas.rect(x, y, p, p, OBSTACLE_STYLE)
            m = p * 0.2
            ramp = [(x + m, y + p - m), (x + p - m, y + p - m), (x + p / 2, y + m)]
            canvas.polygon(ramp, Style(stroke=None, fill=BLACK))
        if not t.is_lap:
            for r, c in t.starts:
                canvas.rect(*self._square(r, c), Style(stroke=None, fill=START_FILL))
                x, y = self.xy((r, c))
                canvas.text(
                    x,
                    y + self.pitch * 0.2,
                    "S",
                    self.pitch * 1.3,
                    bold=True,
                    anchor="middle",
                    colour="#1b5e3b",
                )
            for r, c in sorted(t.goals):
                self._chequer(canvas, r, c)

    def _chequer(self, canvas: Canvas, r: int, c: int) -> None:
        x, y, p, _ = self._square(r, c)
        h = p / 2
        canvas.rect(x, y, p, p, Style(stroke=None, fill="#ffffff"))
        dark = Style(stroke=None, fill="#333333")
        canvas.rect(x, y, h, h, dark)
        canvas.rect(x + h, y + h, h, h, dark)

    def lines(self, canvas: Canvas) -> None:
        """The start/finish line (chequered bar and racing arrow) and numbered checkpoints."""
        t = self.track
        for i, cp in enumerate(t.checkpoints, start=1):
            a, b = self._ends(cp)
            canvas.line(*a, *b, CHECKPOINT)
            self._badge(canvas, cp, str(i), "#0072b2")
            self._arrow(canvas, cp, "#0072b2")
        if t.finish is not None:
            self._finish_bar(canvas, t.finish)
            self._arrow(canvas, t.finish, BLACK)

    def _ends(
        self, line: Line, extra: float = 0.5
    ) -> tuple[tuple[float, float], tuple[float, float]]:
        """The line drawn across its points, reaching the track edge (half a square beyond)."""
        if line.orientation == "horizontal":
            return self.xy((line.at, line.lo - extra)), self.xy((line.at, line.hi + extra))
        return self.xy((line.lo - extra, line.at)), self.xy((line.hi + extra, line.at))

    def _finish_bar(self, canvas: Canvas, line: Line) -> None:
        """A chequered bar, two checks wide, along the line."""
        p = self.pitch
        w = p * 0.2
        pts = line.points()
        n = len(pts) * 2
        (ax, ay), (bx, by) = self._ends(line)
        dx, dy = (bx - ax) / n, (by - ay) / n
        nx, ny = (0.0, w) if line.orientation == "horizontal" else (w, 0.0)
        white = Style(stroke=BLACK, width=0.15, fill="#ffffff")
        dark = Style(stroke=None, fill=BLACK)
        canvas.polygon(
            [(ax - nx, ay - ny), (bx - nx, by - ny), (bx + nx, by + ny), (ax + nx, ay + ny)], white
        )
        for k in range(n):
            x0, y0 = ax + k * dx, ay + k * dy
            side = -1 if k % 2 == 0 else 1
            ox, oy = nx * (side - 1) / 2, ny * (side - 1) / 2
            canvas.polygon(
                [
                    (x0 + ox, y0 + oy),
                    (x0 + dx + ox, y0 + dy + oy),
                    (x0 + dx + ox + nx, y0 + dy + oy + ny),
                    (x0 + ox + nx, y0 + oy + ny),
                ],
                dark,
            )

    def _arrow(self, canvas: Canvas, line: Line, colour: str) -> None:
        """The racing direction: an arrow across the line, beside its middle."""
        x1, y1, x2, y2 = self._arrow_ends(line)
        arrow(canvas, x1, y1, x2, y2, Style(stroke=colour, width=0.5), head=self.pitch * 0.45)

    def _mark_boxes(self) -> list[tuple[float, float, float, float]]:
        """Where the lines' arrows and checkpoint badges are drawn (boxes in mm), so an
        answer's point numbers can keep off them."""
        out = []
        half = self.pitch * 0.2  # half the arrowhead's width, and a little
        lines = list(self.track.checkpoints) + ([self.track.finish] if self.track.finish else [])
        for line in lines:
            x1, y1, x2, y2 = self._arrow_ends(line)
            out.append(
                (min(x1, x2) - half, min(y1, y2) - half, max(x1, x2) + half, max(y1, y2) + half)
            )
        r = self.pitch * BADGE
        for cp in self.track.checkpoints:
            ax, ay = self._badge_centre(cp)
            out.append((ax - r, ay - r, ax + r, ay + r))
        return out

    def _middle(self, line: Line) -> float:
        """The middle of a line along its grid line, in squares."""
        return (line.lo + line.hi) / 2

    def _arrow_ends(self, line: Line) -> tuple[float, float, float, float]:
        """The racing-direction arrow across a line (cell map or drawn: `_middle` gives the
        unit), shifted sideways by half a square so it sits between grid points."""
        mid = self._middle(line)
        dr, dc = line.arrow
        centre = (line.at, mid) if line.orientation == "horizontal" else (mid, line.at)
        side = (0.0, 0.5) if line.orientation == "horizontal" else (0.5, 0.0)
        x1, y1 = self.xy((centre[0] - dr * 0.9 + side[0], centre[1] - dc * 0.9 + side[1]))
        x2, y2 = self.xy((centre[0] + dr * 0.9 + side[0], centre[1] + dc * 0.9 + side[1]))
        return x1, y1, x2, y2

    def _badge_centre(self, line: Line) -> tuple[float, float]:
        """Where a checkpoint's numbered badge goes (mm): on a cell map, the line's first end."""
        return self._ends(line, extra=0.5)[0]

    def _badge(self, canvas: Canvas, line: Line, label: str, colour: str) -> None:
        ax, ay = self._badge_centre(line)
        r = self.pitch * BADGE
        canvas.circle(ax, ay, r, Style(stroke=colour, width=0.3, fill="#ffffff"))
        canvas.text(ax, ay + r * 0.5, label, r * 4.5, bold=True, anchor="middle", colour=colour)

    def numbers(self, canvas: Canvas) -> None:
        """Column numbers above the grid and row numbers left of it, every fifth point."""
        t = self.track
        size = 6.0
        for c in range(0, t.cols, 5):
            x, _ = self.xy((0, c))
            canvas.text(x, LABEL_BAND - 1.2, str(c), size, anchor="middle", colour="#555555")
        for r in range(0, t.rows, 5):
            _, y = self.xy((r, 0))
            canvas.text(LABEL_BAND - 0.6, y + 0.8, str(r), size, anchor="end", colour="#555555")

    def racing_line(
        self, canvas: Canvas, line: list[Point], end: float = 1.0, colour: str = LINE_COLOUR
    ) -> None:
        """An answer: the car's points joined, numbered, the last move cut where it finishes."""
        pts = [self.xy(p) for p in line]
        if end < 1.0 and len(pts) >= 2:
            (xa, ya), (xb, yb) = pts[-2], pts[-1]
            pts[-1] = (xa + (xb - xa) * end, ya + (yb - ya) * end)
        canvas.polyline(pts, Style(stroke=colour, width=0.45, join="round", cap="round"))
        dot = Style(stroke=BLACK, width=0.15, fill=colour)
        size = max(6.0, min(7.0, self.pitch * 1.2))  # never under layout.MIN_TEXT
        placed = self._mark_boxes()  # numbers keep off the lines' arrows and badges
        i = 0
        while i < len(pts) - 1:
            # a car standing still (a move of (0, 0)) has several numbers on one point: "5,6"
            j = i
            while j + 1 < len(pts) - 1 and line[j + 1] == line[i]:
                j += 1
            x, y = pts[i]
            canvas.circle(x, y, self.pitch * 0.14, dot)
            label = str(i) if j == i else f"{i},{j}" if j == i + 1 else f"{i}-{j}"
            self._number(canvas, x, y, self.pitch * 0.22, label, size, placed)
            i = j + 1
        x, y = pts[-1]
        flag = Style(stroke=BLACK, width=0.2, fill="#ffffff")
        canvas.circle(x, y, self.pitch * 0.2, flag)
        self._number(canvas, x, y, self.pitch * 0.25, str(len(pts) - 1), size, placed)

    def _number(
        self,
        canvas: Canvas,
        x: float,
        y: float,
        gap: float,
        label: str,
        size: float,
        placed: list[tuple[float, float, float, float]],
    ) -> None:
        """A point's number up and right of it, or in the first other corner where it does not
        cover an earlier number (a circuit's finish lands next to its start)."""
        w = text_width(label, size, bold=True)
        h = size * 25.4 / 72.0
        rise = self.pitch * 0.2
        spots = [  # (left edge, baseline, anchor, x of the anchor)
            (x + gap, y - rise, "start", x + gap),
            (x - gap - w, y - rise, "end", x - gap),
            (x + gap, y + rise + h * 0.75, "start", x + gap),
            (x - gap - w, y + rise + h * 0.75, "end", x - gap),
        ]
        # the four corners a step further out, then straight above and below (a start and a
        # finish on one point of a circuit can take all four near corners)
        far = self.pitch * 0.5
        spots += [
            (x + gap, y - rise - far, "start", x + gap),
            (x - gap - w, y - rise - far, "end", x - gap),
            (x + gap, y + rise + far + h * 0.75, "start", x + gap),
            (x - gap - w, y + rise + far + h * 0.75, "end", x - gap),
            (x - w / 2, y - rise - h, "middle", x),
            (x - w / 2, y + rise + h * 1.75, "middle", x),
        ]

        def box(left: float, base: float) -> tuple[float, float, float, float]:
            return (left, base - 0.75 * h, left + w, base + 0.25 * h)

        def covered(b: tuple[float, float, float, float]) -> float:
            """How much of earlier numbers b covers (0: free)."""
            return sum(
                max(0.0, min(b[2], o[2]) - max(b[0], o[0]))
                * max(0.0, min(b[3], o[3]) - max(b[1], o[1]))
                for o in placed
            )

        left, base, anchor, ax = next(
            (spot for spot in spots if covered(box(spot[0], spot[1])) == 0.0),
            min(spots, key=lambda spot: covered(box(spot[0], spot[1]))),
        )
        placed.append(box(left, base))
        canvas.text(ax, base, label, size, bold=True, anchor=anchor, colour=BLACK)
