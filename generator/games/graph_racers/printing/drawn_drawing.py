"""A drawn circuit at true scale: squared paper, the track between its two edge lines, kerbs,
the chequered start/finish line and the numbered checkpoints.

The grid lines pass through the points, where the cars stand. The paper off the track is
shaded and the track left white, so the printed edge line is the one thing a student checks a
move against ("stay inside the track edge"); it is drawn through exactly the points the engine
judges (drawn.py), so what the ruler shows is what the key says. Kerbs are drawn just outside
the edge: scenery, never part of the track.

The class reuses TrackDrawing's page geometry, grid, numbers and racing line; only the layers
that depend on the edges differ. Pure drawing on a generator.render Canvas.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from generator.games.graph_racers.printing.drawing import (
    BADGE,
    CHECKPOINT,
    WALL_FILL,
    TrackDrawing,
)
from generator.games.graph_racers.track.drawn import SCALE, Gate, signed_area2
from generator.render.canvas import BLACK, Canvas, Style
from generator.render.palette import VERMILLION

EDGE = Style(stroke=BLACK, width=0.45, cap="round", join="round")
KERB_RED = Style(stroke=VERMILLION, width=0.9, dash=(1.2, 1.2), cap="butt", join="round")
KERB_WHITE = Style(stroke="#ffffff", width=0.9, cap="butt", join="round")
BADGE_CLEAR = 0.1  # squares between a badge and the edge line's ink
BADGE_REACH = 8.0  # squares beyond its end that a badge may slide along its line


@dataclass(frozen=True)
class DrawnDrawing(TrackDrawing):
    """TrackDrawing for a drawn.DrawnTrack."""

    def _fine_xy(self, p: tuple[int, int]) -> tuple[float, float]:
        return self.xy((p[0] / SCALE, p[1] / SCALE))

    def _edge_points(self, k: int) -> list[tuple[float, float]]:
        return [self._fine_xy(p) for p in self.track.edges[k]]

    def walls(self, canvas: Canvas) -> None:
        """The paper off the track shaded, the track (outer edge with the inner one as a
        hole, wound the other way for the nonzero rule) white."""
        t = self.track
        fill = Style(stroke=None, fill=WALL_FILL)
        if canvas.mono:
            fill = fill.with_(hatch="diagonal", hatch_colour="#6e6e6e", hatch_spacing=1.2)
        x0, y0 = self.xy((-0.5, -0.5))
        canvas.rect(x0, y0, t.cols * self.pitch, t.rows * self.pitch, fill)
        a, b = self._edge_points(0), self._edge_points(1)
        if signed_area2(t.edges[0]) * signed_area2(t.edges[1]) > 0:  # wound alike
            b = b[::-1]
        cmds: list[tuple] = []
        for ring in (a, b):
            cmds.append(("M", *ring[0]))
            cmds += [("L", *p) for p in ring[1:]]
            cmds.append(("Z",))
        canvas.path(cmds, Style(stroke=None, fill="#ffffff"))

    def boundary(self, canvas: Canvas) -> None:
        """Kerbs outside the edge, then the two edge lines themselves."""
        for kerb in self.track.meta.get("kerbs", ()):
            pts = self._kerb_points(kerb)
            canvas.polyline(pts, KERB_WHITE)
            canvas.polyline(pts, KERB_RED)
        for k in (0, 1):
            canvas.polyline(self._edge_points(k), EDGE, closed=True)

    def _kerb_points(self, kerb: dict) -> list[tuple[float, float]]:
        """The kerb's stretch of its edge, moved outwards (away from the track) by 0.7 mm."""
        edge = self._edge_points(kerb["edge"])
        n = len(edge)
        i, j = kerb["from"], kerb["to"]
        idx = list(range(i, j + 1)) if j >= i else list(range(i, n)) + list(range(0, j + 1))
        out = []
        for k in idx:
            (xa, ya), (xb, yb) = edge[(k - 1) % n], edge[(k + 1) % n]
            nx, ny = yb - ya, -(xb - xa)
            norm = math.hypot(nx, ny) or 1.0
            nx, ny = nx / norm, ny / norm
            x, y = edge[k]
            # outwards: away from the track, which lies on the side of the other edge
            probe = self._outwards(x, y, nx, ny)
            out.append((x + probe * nx * 0.7, y + probe * ny * 0.7))
        return out

    def _outwards(self, x: float, y: float, nx: float, ny: float) -> float:
        """+1 when the normal (nx, ny) at an edge point (mm) points away from the track, else
        -1: the point a fifth of a square along it is tested against the track itself."""
        step = self.pitch * 0.2
        row = (y + ny * step - self.band) / self.pitch - 0.5
        col = (x + nx * step - self.band) / self.pitch - 0.5
        return -1.0 if self.track.where(round(row * SCALE), round(col * SCALE)) == 1 else 1.0

    def marks(self, canvas: Canvas) -> None:
        """No oil or goal squares on a drawn circuit; the start points are ringed over the
        start/finish line (start_rings)."""

    def start_rings(self, canvas: Canvas) -> None:
        """The grid points where cars start: on the start/finish line, ringed."""
        ring = Style(stroke=BLACK, width=0.25, fill="#ffffff")
        for p in self.track.starts:
            x, y = self.xy(p)
            canvas.circle(x, y, self.pitch * 0.16, ring)

    def lines(self, canvas: Canvas) -> None:
        """The checkpoints and the start/finish line as on a cell map, then the start rings
        over the chequered bar."""
        super().lines(canvas)
        self.start_rings(canvas)

    def _ends(self, line: Gate, extra: float = 0.0):  # noqa: ANN202
        """The gate from edge to edge (its stored ends)."""
        lo, hi = line.lo / SCALE, line.hi / SCALE
        if line.orientation == "horizontal":
            return self.xy((line.at, lo)), self.xy((line.at, hi))
        return self.xy((lo, line.at)), self.xy((hi, line.at))

    @cached_property
    def _badge_places(self) -> dict[Gate, tuple[float, float]]:
        return {g: self._badge_place(g) for g in self.track.checkpoints}

    def _badge_place(self, gate: Gate) -> tuple[float, float]:
        """Where a checkpoint's badge sits, (row, col) in squares: on the gate's grid line
        beyond one of its ends, as near it as the badge lies wholly off the track (clear of
        the edge line's ink by BADGE_CLEAR) and on the paper, so it hides no point of the
        track nor any answer line; failing that (a narrow infield beside the paper's
        border), on the gate half way between two grid points, where it covers none."""
        t = self.track
        segs = (
            np.array([(*e[i], *e[(i + 1) % len(e)]) for e in t.edges for i in range(len(e))], float)
            / SCALE
        )
        ar, ac, br, bc = segs.T
        dr, dc = br - ar, bc - ac
        length2 = np.maximum(dr * dr + dc * dc, 1e-12)
        need = BADGE + EDGE.width / 2 / self.pitch + BADGE_CLEAR

        def clear(r: float, c: float) -> bool:
            if not (BADGE - 0.5 <= r <= t.rows - 0.5 - BADGE):
                return False
            if not (BADGE - 0.5 <= c <= t.cols - 0.5 - BADGE):
                return False
            u = np.clip(((r - ar) * dr + (c - ac) * dc) / length2, 0.0, 1.0)
            gap = np.hypot(ar + u * dr - r, ac + u * dc - c).min()
            return gap >= need and t.where(round(r * SCALE), round(c * SCALE)) == 0

        lo, hi = gate.lo / SCALE, gate.hi / SCALE

        def at(along: float) -> tuple[float, float]:
            return (gate.at, along) if gate.orientation == "horizontal" else (along, gate.at)

        steps = int(BADGE_REACH * 10)
        for k in range(steps + 1):
            for p in (at(lo - BADGE - k / 10), at(hi + BADGE + k / 10)):
                if clear(*p):
                    return p
        between = [i + 0.5 for i in range(math.ceil(lo), math.floor(hi))] or [(lo + hi) / 2]
        return at(min(between, key=lambda a: abs(a - lo)))

    def _badge_centre(self, line: Gate) -> tuple[float, float]:  # type: ignore[override]
        return self.xy(self._badge_places[line])

    def _badge(self, canvas: Canvas, line: Gate, label: str, colour: str) -> None:  # type: ignore[override]
        """The gate's dashed line carried on to its badge, then the badge."""
        (ax, ay), (bx, by) = self._ends(line)
        x, y = self._badge_centre(line)
        end = min((ax, ay), (bx, by), key=lambda p: math.hypot(p[0] - x, p[1] - y))
        if math.hypot(end[0] - x, end[1] - y) > self.pitch * BADGE:
            canvas.line(*end, x, y, CHECKPOINT)
        super()._badge(canvas, line, label, colour)

    def _middle(self, line: Gate) -> float:  # type: ignore[override]
        return (line.lo + line.hi) / 2 / SCALE
