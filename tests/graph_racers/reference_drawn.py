"""An independent referee and plain BFS for drawn circuits, for the tests only.

Written from the rules text (docs/rules/graph-racers.md, "Drawn circuits"), sharing no code
with generator/games/graph_racers/drawn*.py: points in or out by a Fraction ray cast over
every edge segment, moves judged against every edge segment (a bounding-box test first, then
Fraction line intersection), gates crossed by Fraction arithmetic, and a plain breadth-first
search over (point, vector, gates passed), one state at a time.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction as F


class Reference:
    def __init__(self, data: dict) -> None:
        """data: a drawn track's JSON (drawn_format), read here on its own."""
        self.scale = data["scale"]
        cols, rows = data["size"]
        self.rows, self.cols = rows, cols
        self.segs = []  # in 1/scale units: whole numbers, so the box tests below are cheap
        for edge in data["edges"]:
            pts = [(r, c) for r, c in edge]
            for k in range(len(pts)):
                self.segs.append((pts[k], pts[(k + 1) % len(pts)]))
        self._on: dict = {}
        self._legal: dict = {}
        self.gates = [self._gate(g) for g in data["checkpoints"]] + [self._gate(data["finish"])]

    def _gate(self, g: dict) -> tuple:
        sign = {"right": 1, "down": 1, "left": -1, "up": -1}[g["direction"]]
        if "col" in g:
            lo, hi = g["rows"]
            return ("col", g["col"], F(lo, self.scale), F(hi, self.scale), sign)
        lo, hi = g["cols"]
        return ("row", g["row"], F(lo, self.scale), F(hi, self.scale), sign)

    # --- geometry ------------------------------------------------------------------------
    def on_edge(self, p) -> bool:
        return any(self._meet((p, p), s) for s in self.segs)

    def on_track(self, p) -> bool:
        """Strictly between the edges: an odd number of edge crossings on the ray to the left."""
        got = self._on.get(p)
        if got is None:
            got = self._on[p] = self._on_track(p)
        return got

    def _on_track(self, p) -> bool:
        r, c = p[0] * self.scale, p[1] * self.scale
        if self.on_edge((r, c)):
            return False
        odd = False
        for (ar, ac), (br, bc) in self.segs:
            if (ar > r) != (br > r):
                x = ac + F((r - ar) * (bc - ac), br - ar)
                if x < c:
                    odd = not odd
        return odd

    @staticmethod
    def _meet(s, t) -> bool:
        """Closed segments s and t share a point (exact; a point is a zero segment)."""
        (p1, p2), (q1, q2) = s, t
        if max(p1[0], p2[0]) < min(q1[0], q2[0]) or max(q1[0], q2[0]) < min(p1[0], p2[0]):
            return False
        if max(p1[1], p2[1]) < min(q1[1], q2[1]) or max(q1[1], q2[1]) < min(p1[1], p2[1]):
            return False
        d1 = (p2[0] - p1[0], p2[1] - p1[1])
        d2 = (q2[0] - q1[0], q2[1] - q1[1])
        den = d1[0] * d2[1] - d1[1] * d2[0]
        w = (q1[0] - p1[0], q1[1] - p1[1])
        if den != 0:
            t = F(w[0] * d2[1] - w[1] * d2[0], den)
            u = F(w[0] * d1[1] - w[1] * d1[0], den)
            return 0 <= t <= 1 and 0 <= u <= 1
        # parallel: they meet only if collinear and overlapping (boxes already overlap)
        if w[0] * d1[1] - w[1] * d1[0] != 0:
            return False
        if d1 == (0, 0) and d2 == (0, 0):
            return p1 == q1
        if d1 == (0, 0):
            return Reference._meet(t, s)
        return True

    def legal(self, p, q) -> bool:
        got = self._legal.get((p, q))
        if got is None:
            got = self._legal[(p, q)] = self._legal_move(p, q)
        return got

    def _legal_move(self, p, q) -> bool:
        k = self.scale
        seg = ((p[0] * k, p[1] * k), (q[0] * k, q[1] * k))
        return self.on_track(q) and not any(self._meet(seg, s) for s in self.segs)

    def crossed_at(self, gate, p, q):
        axis_name, at, lo, hi, sign = gate
        a = 1 if axis_name == "col" else 0
        b = 1 - a
        x0, x1 = p[a] * sign, q[a] * sign
        if not (x0 < at * sign <= x1):
            return None
        t = F(at * sign - x0, x1 - x0)
        y = p[b] + t * (q[b] - p[b])
        return t if lo <= y <= hi else None

    def after(self, p, q, stage):
        last = F(0)
        while stage < len(self.gates):
            t = self.crossed_at(self.gates[stage], p, q)
            if t is None or t < last:
                break
            last = t
            stage += 1
        return stage

    # --- the race ------------------------------------------------------------------------
    def starts(self):
        axis_name, at, lo, hi, _ = self.gates[-1]
        out = []
        for k in range(self.rows + self.cols):
            if lo < k < hi:
                p = (k, at) if axis_name == "col" else (at, k)
                if self.on_track(p):
                    out.append(p)
        return out

    def accels(self, accel: int) -> list:
        if accel == 9:
            return [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)]
        return [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]

    def optimal_lines(self, accel: int, moves: int) -> list[list]:
        """Every line of exactly `moves` moves that finishes, by depth-first search through the
        states met first at their depth (self.depths, from the BFS; small tracks only): the
        points of each, start first."""
        final = len(self.gates)
        out = []
        depth_of = self.depths(accel)

        def go(path, v, stage):
            p = path[-1]
            left = moves - (len(path) - 1)
            if left == 0 or depth_of.get((p, v, stage)) != len(path) - 1:
                return
            for q, nv, s2 in self.moves_from((p, v, stage), accel):
                if s2 == final:
                    if left == 1:
                        out.append([*path, q])
                    continue
                if left > 1:
                    go([*path, q], nv, s2)

        for start in self.starts():
            go([start], (0, 0), 0)
        return out

    def depths(self, accel: int) -> dict:
        """Every state's depth in a breadth-first search from the starts (to the end)."""
        final = len(self.gates)
        dist = {}
        queue = deque()
        for p in self.starts():
            dist[(p, (0, 0), 0)] = 0
            queue.append((p, (0, 0), 0))
        while queue:
            state = queue.popleft()
            for q, nv, s2 in self.moves_from(state, accel):
                nxt = (q, nv, s2)
                if s2 < final and nxt not in dist:
                    dist[nxt] = dist[state] + 1
                    queue.append(nxt)
        return dist

    def moves_from(self, state, accel: int):
        """Every legal move from a state (point, vector, gates passed): (landing point, new
        vector, gates passed after it). Standing still is legal anywhere on the track."""
        p, v, stage = state
        for a in self.accels(accel):
            nv = (v[0] + a[0], v[1] + a[1])
            q = (p[0] + nv[0], p[1] + nv[1])
            if nv != (0, 0) and not self.legal(p, q):
                continue
            yield q, nv, self.after(p, q, stage)

    def par(self, accel: int = 5, limit: int = 2_000_000) -> int | None:
        """The fewest moves of a lap, by plain breadth-first search (None: no lap)."""
        final = len(self.gates)
        queue = deque()
        dist = {}
        for p in self.starts():
            s = (p, (0, 0), 0)
            dist[s] = 0
            queue.append(s)
        while queue:
            state = queue.popleft()
            for q, nv, s2 in self.moves_from(state, accel):
                if s2 == final:
                    return dist[state] + 1
                nxt = (q, nv, s2)
                if nxt not in dist:
                    dist[nxt] = dist[state] + 1
                    if len(dist) > limit:
                        raise RuntimeError("reference BFS limit")
                    queue.append(nxt)
        return None
