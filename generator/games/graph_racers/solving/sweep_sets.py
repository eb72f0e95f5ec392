"""The sweep's sets: for one track under one set of rules, the track, its goals and, per vector,
the points from which a move is plain or finishes, each one bitset over the whole grid.

Why they are fast to build: with grid-point endpoints, the squares a move touches depend only
on its vector (core.geometry.supercover gives them for the move from the origin; the move from
p touches the same squares translated by p). So for each vector v the set of points from which
the move is a plain move (touches only track, no goal square) is one bitset over the whole
grid, built once by AND-ing shifted copies of the track, and so is the set of points from which
it finishes (touches a goal square at or before its first off-track square, exactly as the
referee times it). The search over them is sweep.py.

Layout: bit r * width + c is point (r, c); each row is followed by `pad` zero bits, more than
any column speed a car can reach (max_speed), so a shift never wraps into the next row's
track. Laps keep one family of bitsets per stage (checkpoints passed); the few points from
which a move crosses the next line are judged by the referee itself (SweepSets.near,
crossing). Races without boosts or oil only (supports).
"""

from __future__ import annotations

from generator.core.geometry import supercover
from generator.games.graph_racers.moves.referee import FINISH, MOVE, Referee
from generator.games.graph_racers.moves.rules import Rules, Vector
from generator.games.graph_racers.track.model import OFF, Line, Point, Track


def supports(track: Track, rules: Rules) -> bool:
    """Can the sweep race this? No boosts, no oil (start-to-goal races and laps)."""
    return not rules.has_boosts and not track.oil


def max_speed(span: int) -> int:
    """The largest speed along an axis a car can reach on a grid `span` points wide.

    From rest, speed s along an axis comes only after moves of at least 1, 2, ..., s squares
    the same way along it (speed changes by at most 1 a move and changes sign only through 0),
    and every move that did not finish ends on the grid, so s (s + 1) / 2 <= span - 1.
    """
    s = 0
    while (s + 1) * (s + 2) // 2 <= span - 1:
        s += 1
    return s


def shifted(bits: int, k: int) -> int:
    """The set {p : p + k in bits} (there are no bits below 0)."""
    return bits >> k if k >= 0 else bits << -k


class SweepSets:
    """The bitsets of one track under one set of rules (the sweep, sweep.Sweep, searches them)."""

    def __init__(self, track: Track, rules: Rules) -> None:
        if not supports(track, rules):
            raise ValueError("the sweep races tracks without boosts or oil")
        self.track = track
        self.rules = rules
        self.rows, self.cols = track.rows, track.cols
        # No car reaches a column speed above max_speed; a move one faster still fits the pad.
        self.pad = max_speed(track.cols) + 2
        self.width = track.cols + self.pad
        # the track's points as one bitset: each row's characters become binary digits (the
        # last bit of the text is bit 0, so the text is reversed), rows joined with their pad
        on_off = str.maketrans({ch: "1" for ch in set("".join(track.grid)) - {OFF}} | {OFF: "0"})
        pad = "0" * self.pad
        digits = "".join(pad + row.translate(on_off)[::-1] for row in reversed(track.grid))
        self.on = int(digits, 2)
        self.goal = self._bits(track.goals)
        self.plain = self.on & ~self.goal
        self.exact = rules.collision == "exact"
        # rows holding goals: finishing moves start within a move's reach of them
        grows = [r for r, _c in track.goals]
        self._goal_rows = (min(grows), max(grows)) if grows else (0, -1)
        self._legal: dict[Vector, int] = {}
        self._finish: dict[Vector, tuple[int, int]] = {}
        self._runs: dict[tuple[int, int], int] = {}
        # laps: the lines in racing order (checkpoints, then the start/finish line)
        self.lines: list[Line] = list(track.checkpoints) + ([track.finish] if track.finish else [])
        self._near: dict[tuple[Vector, int], int] = {}
        self._crossing: dict[tuple[Vector, int], tuple[int, int, dict[int, int]]] = {}
        self._referee: Referee | None = None
        self._goal_cols: tuple[int, int] | None = None

    def _bits(self, points) -> int:
        n = self.rows * self.width
        buf = bytearray((n + 7) // 8)
        w = self.width
        for r, c in points:
            i = r * w + c
            buf[i >> 3] |= 1 << (i & 7)
        return int.from_bytes(buf, "little")

    def bit(self, p: Point) -> int:
        return p[0] * self.width + p[1]

    def point(self, i: int) -> Point:
        return divmod(i, self.width)

    def offset(self, v: Vector) -> int:
        return v[0] * self.width + v[1]

    # --- per-vector sets of start points -----------------------------------------------
    def _run(self, axis: int, length: int) -> int:
        """Points p such that `length` plain points from p down (axis 0) or right (axis 1)."""
        key = (axis, length)
        hit = self._runs.get(key)
        if hit is None:
            if length == 1:
                hit = self.plain
            else:
                step = self.width if axis == 0 else 1
                hit = self._run(axis, length - 1) & shifted(self.plain, (length - 1) * step)
            self._runs[key] = hit
        return hit

    def legal(self, v: Vector) -> int:
        """Points from which the move with vector v is a plain move (no crash, no goal)."""
        hit = self._legal.get(v)
        if hit is not None:
            return hit
        w = self.width
        if abs(v[1]) >= self.pad:
            hit = 0  # never asked for: no car is that fast (max_speed)
        elif not self.exact:
            hit = shifted(self.plain, v[0] * w + v[1])
        else:
            # the touched squares in one column strip (or row strip) are a straight run, so
            # AND one precomputed run per strip of the axis with fewer strips
            axis = 0 if abs(v[1]) <= abs(v[0]) else 1
            spans: dict[int, list[int]] = {}
            for dr, dc, _t in supercover(*v):
                key, along = (dc, dr) if axis == 0 else (dr, dc)
                span = spans.get(key)
                if span is None:
                    spans[key] = [along, along]
                elif along < span[0]:
                    span[0] = along
                elif along > span[1]:
                    span[1] = along
            hit = self.plain
            for key, (lo, hi) in spans.items():
                k = lo * w + key if axis == 0 else key * w + lo
                hit &= shifted(self._run(axis, hi - lo + 1), k)
        self._legal[v] = hit
        return hit

    def finish(self, v: Vector) -> tuple[int, int]:
        """(base, bits): bits << base are the points from which the move with vector v finishes.

        Exact rule: a goal square touched at or before the first off-track square (squares
        entered at the same moment count as at once, as in the referee). Only rows within
        the move's reach of a goal can finish, so the sets are built on that band alone.
        """
        hit = self._finish.get(v)
        if hit is not None:
            return hit
        w = self.width
        g0, g1 = self._goal_rows
        r0 = max(0, g0 - abs(v[0]) - 1)
        r1 = min(self.rows - 1, g1 + abs(v[0]) + 1)
        if abs(v[1]) >= self.pad or g0 > g1:
            hit = (0, 0)
        elif not self.exact:
            hit = (0, shifted(self.goal, v[0] * w + v[1]) & self.on)
        else:
            base = r0 * w
            # the band and `pad` rows around it (a move's squares reach up to |v| rows away)
            lo = max(0, base - (abs(v[0]) + 1) * w)
            hi = (r1 + abs(v[0]) + 2) * w
            on = (self.on >> lo) & ((1 << (hi - lo)) - 1)
            goal = self.goal >> lo
            finish = 0
            clear = -1  # points whose move touched only track strictly before the moment
            pending = -1  # the same including the squares entered at the current moment
            moment = None
            for dr, dc, t in supercover(*v):
                k = dr * w + dc
                if t != moment:
                    clear = pending
                    moment = t
                    if not clear:
                        break
                finish |= clear & shifted(goal, k)
                pending &= shifted(on, k)
            finish &= on  # a car stands on the track
            # keep the band only (points farther than the move's reach never finish anyway)
            finish = (finish >> (base - lo)) & ((1 << ((r1 - r0 + 1) * w)) - 1)
            hit = (base, finish)
        self._finish[v] = hit
        return hit

    def near_goal(self, v: Vector) -> tuple[int, int]:
        """(base, bits): bits << base hold every point from which the move with vector v could
        finish: the goals' bounding box grown by the vector and a square each way. A superset
        of finish(v), built in a few big-integer operations: the sweep tests its sets against
        it and builds the exact finish set only for the few vectors whose cars come that near
        (on barto-big_scaled_7, 88 of 1,329)."""
        g0, g1 = self._goal_rows
        if g0 > g1 or abs(v[1]) >= self.pad:
            return (0, 0)
        if self._goal_cols is None:
            cols = [c for _r, c in self.track.goals]
            self._goal_cols = (min(cols), max(cols))
        h0, h1 = self._goal_cols
        w = self.width
        r0, r1 = max(0, g0 - abs(v[0]) - 1), min(self.rows - 1, g1 + abs(v[0]) + 1)
        c0, c1 = max(0, h0 - abs(v[1]) - 1), min(self.cols - 1, h1 + abs(v[1]) + 1)
        rows = r1 - r0 + 1
        # one bit at the start of each of `rows` rows of w bits: 1 + 2^w + 2^2w + ...
        comb = ((1 << (rows * w)) - 1) // ((1 << w) - 1)
        return (r0 * w, comb * (((1 << (c1 - c0 + 1)) - 1) << c0))

    # --- laps: the moves that cross the next line ------------------------------------------
    @property
    def referee(self) -> Referee:
        if self._referee is None:
            self._referee = Referee(self.track, self.rules)
        return self._referee

    def near(self, v: Vector, stage: int) -> int:
        """Track points from which the move with vector v crosses line `stage` the racing way.

        The line is the next checkpoint (stage < number of checkpoints) or the start/finish
        line. The crossing rule of referee.crossing_time solved for the start point: for the
        point m squares behind the line (1 <= m <= |d|, d the vector along the line's axis)
        the place of the crossing is y0 + dy m / |d|, which must lie within half a square of
        the line's points, so y0 runs over one interval. Few points: |d| runs of about the
        line's length.
        """
        key = (v, stage)
        hit = self._near.get(key)
        if hit is not None:
            return hit
        line = self.lines[stage]
        vertical = line.orientation == "vertical"
        d, dy = (v[1], v[0]) if vertical else (v[0], v[1])
        s = line.direction
        points = []
        if d * s > 0:
            n = abs(d)
            for m in range(1, n + 1):
                x0 = line.at - s * m
                lo = -((2 * dy * m - (2 * line.lo - 1) * n) // (2 * n))  # ceil
                hi = ((2 * line.hi + 1) * n - 2 * dy * m) // (2 * n)
                for y0 in range(lo, hi + 1):
                    r, c = (y0, x0) if vertical else (x0, y0)
                    if self.track.on_track(r, c):
                        points.append((r, c))
        hit = self._bits(points)
        self._near[key] = hit
        return hit

    def crossing(self, v: Vector, stage: int) -> tuple[int, int, dict[int, int]]:
        """(finish, leave, {stage after: points}) for the move with vector v from `stage`.

        Only the points of `near` can finish or pass a checkpoint, so each is judged by the
        referee itself (several lines in one move, crash times and all): finish holds the
        points whose move finishes, leave those whose move is legal and lands in another
        stage, per stage after the move.
        """
        key = (v, stage)
        hit = self._crossing.get(key)
        if hit is not None:
            return hit
        judge = self.referee.judge
        near = self.near(v, stage)
        finish: list[Point] = []
        onward: dict[int, list[Point]] = {}
        while near:
            low = near & -near
            r, c = self.point(low.bit_length() - 1)
            near ^= low
            outcome, after = judge(r, c, v[0], v[1], stage)
            if outcome == FINISH:
                finish.append((r, c))
            elif outcome == MOVE and after != stage:
                onward.setdefault(after, []).append((r, c))
        moves = {j: self._bits(pts) for j, pts in onward.items()}
        leave = 0
        for bits in moves.values():
            leave |= bits
        hit = (self._bits(finish), leave, moves)
        self._crossing[key] = hit
        return hit

    def _connected(self, starts: int) -> bool:
        """Is a goal within king moves through track points of a start? (exact rule only:
        every move walks king steps through the squares it touches)."""
        on, w = self.on, self.width
        seen = starts
        edge = starts
        while edge:
            if seen & self.goal:
                return True
            row = edge | edge << 1 | edge >> 1
            grown = (row | row << w | row >> w) & on
            edge = grown & ~seen
            seen |= edge
        return False
