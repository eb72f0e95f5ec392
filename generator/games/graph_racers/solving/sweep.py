"""The sweep: an exact breadth-first search that moves every car with the same vector at once.

Why it is fast: with grid-point endpoints, the squares a move touches depend only on its
vector (core.geometry.supercover gives them for the move from the origin; the move from p
touches the same squares translated by p). So for each vector v the set of points from which
the move is a plain move (touches only track, no goal square) is one bitset over the whole
grid, built once by AND-ing shifted copies of the track, and so is the set of points from which
it finishes (touches a goal square at or before its first off-track square, exactly as the
referee times it). A breadth-first layer then advances all cars with the same new vector in a
few big-integer operations: the union of the cars that may take it, AND the plain-move set,
shift by the vector, minus the states seen before. The first layer holding a finishing move
gives the exact optimum; the stored layers give one optimal line by walking back.

Layout: bit r * width + c is point (r, c); each row is followed by `pad` zero bits, more than
any column speed a car can reach (max_speed), so a shift never wraps into the next row's
track. Laps keep one family of bitsets per stage (checkpoints passed); the few points from
which a move crosses the next line are judged by the referee itself (Sweep.near, crossing).
Races without boosts or oil only; solve.py falls back to A* otherwise.

Start-to-goal races run in C (_csweep.c, `native`) where the install compiled it: the same
search on the same bitsets, visiting the vectors in the same order, so the same line and the
same settled states (tests/graph_racers/test_csweep.py). run_python is the pure-Python search,
used for laps, where the module was not built, and with RACEGEN_PURE_PYTHON set.
"""

from __future__ import annotations

import hashlib
import os
import warnings
from pathlib import Path

from generator.core.geometry import supercover
from generator.games.graph_racers.moves.referee import FINISH, MOVE, Referee
from generator.games.graph_racers.moves.rules import Rules, Vector, normal_changes
from generator.games.graph_racers.track.model import OFF, Line, Point, Track

# Grids of more bits than this keep each frontier set as a window (offset, bits) (see
# Sweep._run_windowed); smaller grids use whole-grid sets, which cost less per operation.
WINDOWED = 1 << 16


def pure_python_asked() -> bool:
    """RACEGEN_PURE_PYTHON set to anything but empty or 0."""
    return os.environ.get("RACEGEN_PURE_PYTHON", "") not in ("", "0")


def _native():
    """The race in C (_csweep.c), or None: not compiled, not wanted, or stale (checked)."""
    if pure_python_asked():
        return None
    try:
        from generator.games.graph_racers.solving import _csweep
    except ImportError:  # pragma: no cover - exercised where no compiler was found
        return None
    return checked(_csweep, Path(__file__).with_name("_csweep.c"))


def checked(module, source: Path):
    """The module, or None if it was built from another version of the source beside it (an
    old in-place build in a checkout; wheels carry no source, so there is nothing to check)."""
    if source.is_file():
        sha = hashlib.sha256(source.read_bytes()).hexdigest()
        if sha != getattr(module, "SOURCE_SHA", ""):
            warnings.warn(
                f"{module.__file__} was built from another version of _csweep.c: the sweep "
                "races in pure Python until it is rebuilt (pip install -e .)",
                RuntimeWarning,
                stacklevel=2,
            )
            return None
    return module


native = _native()


class TooMany(Exception):
    """The sweep settled more states than it was allowed (solve.py turns it into LimitExceeded)."""

    def __init__(self, settled: int) -> None:
        super().__init__(settled)
        self.settled = settled


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


def _get(bits: int, k: int) -> int:
    """The set {p : p + k in bits} (there are no bits below 0)."""
    return bits >> k if k >= 0 else bits << -k


class Sweep:
    """The bitsets of one track under one set of rules, and the layered search over them."""

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
                hit = self._run(axis, length - 1) & _get(self.plain, (length - 1) * step)
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
            hit = _get(self.plain, v[0] * w + v[1])
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
                hit &= _get(self._run(axis, hi - lo + 1), k)
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
            hit = (0, _get(self.goal, v[0] * w + v[1]) & self.on)
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
                finish |= clear & _get(goal, k)
                pending &= _get(on, k)
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

    def _run_lap(self, max_states: int | None) -> tuple[int | None, list, list, int]:
        """The layered search with one bitset family per stage (checkpoints passed).

        A move from stage k is an ordinary move of the family unless it starts from a point
        of near(v, k): then the referee's verdict there says whether it finishes, lands in a
        later stage (the next checkpoints crossed in order) or stays.
        """
        kind = self.rules.accel
        accel = normal_changes(kind)
        plain = self.plain
        starts = self._bits(self.track.starts)
        frontier: dict[tuple[int, Vector], int] = {(0, (0, 0)): starts}
        unseen: dict[tuple[int, Vector], int] = {(0, (0, 0)): plain & ~starts}
        trim = self.rows * self.width > 1 << 16
        layers: list[dict[tuple[int, Vector], tuple[int, int]]] = []
        settled = 0
        nstages = len(self.lines)
        while frontier:
            settled += sum(b.bit_count() for b in frontier.values())
            if max_states is not None and settled > max_states:
                raise TooMany(settled)
            layers.append(
                {k: _trimmed(b) for k, b in frontier.items()}
                if trim
                else {k: (0, b) for k, b in frontier.items()}
            )
            arrive: dict[tuple[int, Vector], int] = {}
            for stage in range(nstages):
                family = {v: b for (k, v), b in frontier.items() if k == stage}
                if not family:
                    continue
                for v2, inc in _spread(family, accel, kind).items():
                    moved = inc & self.legal(v2)
                    near = self.near(v2, stage)
                    if near and inc & near:
                        fin, leave, moves = self.crossing(v2, stage)
                        if inc & fin:
                            i = ((inc & fin) & -(inc & fin)).bit_length() - 1
                            path, accels = self._walk_back_lap(layers, accel, stage, v2, i)
                            return len(layers), path, accels, settled
                        if moved & leave:
                            moved ^= moved & leave
                            for j, bits in moves.items():
                                got = inc & bits
                                if got:
                                    key = (j, v2)
                                    got = _get(got, -self.offset(v2))
                                    arrive[key] = arrive.get(key, 0) | got
                    if moved:
                        key = (stage, v2)
                        moved = _get(moved, -self.offset(v2))
                        arrive[key] = arrive.get(key, 0) | moved
            nxt: dict[tuple[int, Vector], int] = {}
            for key, moved in arrive.items():
                left = unseen.get(key)
                if left is None:
                    left = plain
                moved &= left
                if moved:
                    nxt[key] = moved
                    unseen[key] = left ^ moved
            frontier = nxt
        return None, [], [], settled

    def _walk_back_lap(self, layers, accel, stage: int, v2: Vector, i: int):
        """One optimal lap: predecessors layer by layer, each move's stage change checked
        with the referee."""
        judge = self.referee.judge

        def has(k: int, key, i: int) -> bool:
            lo, bits = layers[k].get(key, (0, 0))
            return i >= lo and bits >> (i - lo) & 1

        k = len(layers) - 1
        v = next(
            (v2[0] - ar, v2[1] - ac)
            for ar, ac in accel
            if has(k, (stage, (v2[0] - ar, v2[1] - ac)), i)
        )
        bits, vecs = [i], [v]
        while k > 0:
            prev = i - self.offset(v)
            r, c = self.point(prev)
            found = None
            for s in range(stage + 1):
                if judge(r, c, v[0], v[1], s) != (MOVE, stage):
                    continue
                for ar, ac in accel:
                    u = (v[0] - ar, v[1] - ac)
                    if has(k - 1, (s, u), prev):
                        found = (s, u)
                        break
                if found:
                    break
            if found is None:
                raise AssertionError("a settled state has a predecessor one layer back")
            stage, v = found
            i = prev
            k -= 1
            bits.append(i)
            vecs.append(v)
        return self._line(bits, vecs, v2)

    def _line(self, bits: list[int], vecs: list[Vector], v2: Vector) -> tuple[list, list]:
        """The racing line from states collected end first, plus the finishing move v2."""
        bits.reverse()
        vecs.reverse()
        path = [self.point(b) for b in bits]
        last = path[-1]
        path.append((last[0] + v2[0], last[1] + v2[1]))
        vecs.append(v2)
        accels = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(vecs, vecs[1:], strict=False)]
        return path, accels

    # --- the search ----------------------------------------------------------------------
    def run(self, max_states: int | None = None) -> tuple[int | None, list, list, int]:
        """(moves or None, path, accelerations, states settled); TooMany past max_states."""
        if self.lines:
            return self._run_lap(max_states)
        if native is not None:
            return self._run_native(max_states)
        return self.run_python(max_states)

    def _run_native(self, max_states: int | None) -> tuple[int | None, list, list, int]:
        """The same search in C (_csweep.c): same layers, same line."""
        nbytes = (self.rows * self.width + 7) // 8
        starts = self._bits(self.track.starts)
        kind = self.rules.accel
        got = native.race(
            self.on.to_bytes(nbytes, "little"),
            self.goal.to_bytes(nbytes, "little"),
            starts.to_bytes(nbytes, "little"),
            self.rows,
            self.cols,
            self.width,
            self.pad,
            normal_changes(kind),
            kind == 9,
            self.exact,
            max_states is not None,
            0 if max_states is None else max(-1, min(max_states, 1 << 62)),
        )
        if got[0] is None:
            return None, [], [], got[1]
        if got[0] == "too many":
            raise TooMany(got[1])
        moves, settled, v2, bits, vecs = got
        path, accels = self._line(bits, vecs, v2)
        return moves, path, accels, settled

    def run_python(self, max_states: int | None = None) -> tuple[int | None, list, list, int]:
        """run() without the C race (start-to-goal races; laps always run in Python)."""
        if self.lines:
            return self._run_lap(max_states)
        if self.rows * self.width > WINDOWED:
            return self._run_windowed(max_states)
        kind = self.rules.accel
        accel = normal_changes(kind)
        starts = self._bits(self.track.starts)
        if self.exact and not self._connected(starts):
            return None, [], [], 0
        frontier: dict[Vector, int] = {(0, 0): starts}
        # per vector, the points whose plain move lands on a point not yet reached with it
        # (kept at the start point: landing points are distinct per start point)
        avail: dict[Vector, int] = {}
        trim = self.rows * self.width > 1 << 16  # store big layers without their low zeros
        layers: list[dict[Vector, tuple[int, int]]] = []
        # per vector: finish band start, finish bits, offset
        info: dict[Vector, tuple[int, int, int]] = {}
        settled = 0
        while frontier:
            settled += sum(b.bit_count() for b in frontier.values())
            if max_states is not None and settled > max_states:
                raise TooMany(settled)
            layers.append(
                {v: _trimmed(b) for v, b in frontier.items()}
                if trim
                else {v: (0, b) for v, b in frontier.items()}
            )
            nxt: dict[Vector, int] = {}
            for v2, inc in _spread(frontier, accel, kind).items():
                known = info.get(v2)
                if known is None:
                    # the finish set is built when cars first come near the goal (near_goal)
                    known = info[v2] = (*self.near_goal(v2), self.offset(v2), False)
                    # staying put from a start reaches a state already settled at rest
                    avail[v2] = self.legal(v2) & ~starts if v2 == (0, 0) else self.legal(v2)
                base, fin, off, exact = known
                if fin and fin & (inc >> base if base else inc) and not exact:
                    known = info[v2] = (*self.finish(v2), off, True)
                    base, fin = known[0], known[1]
                if fin:
                    fin &= inc >> base if base else inc
                    if fin:
                        path, accels = self._walk_back(layers, accel, v2, base, fin)
                        return len(layers), path, accels, settled
                left = avail[v2]
                moved = inc & left
                if moved:
                    avail[v2] = left ^ moved
                    nxt[v2] = moved << off if off >= 0 else moved >> -off
            frontier = nxt
        return None, [], [], settled

    def _run_windowed(self, max_states: int | None) -> tuple[int | None, list, list, int]:
        """The same layered search with each frontier set kept as a window.

        On big open maps the cars with one vector in one layer sit in a band of rows (about a
        tenth of barto-big_scaled_10), but a whole-grid integer costs every operation the whole
        grid. Here a set is (offset, bits), offset a multiple of 8: unions align two windows
        and moving by the vector only changes the offset. Per vector, one bytearray `avail`
        over start points holds the points from which the move is plain and lands on a point
        not yet reached with that vector, so one read of the window's bytes does the legality
        test and the test against the states seen before, and one write marks the new ones.
        Same layers, same answers as run().
        """
        kind = self.rules.accel
        accel = normal_changes(kind)
        starts = self._bits(self.track.starts)
        if self.exact and not self._connected(starts):
            return None, [], [], 0
        nbytes = (self.rows * self.width + 7) // 8
        grid = (1 << 8 * nbytes) - 1  # the endpoint rule's shifted sets reach past the grid
        low = _low_bytes(starts)
        frontier: dict[Vector, tuple[int, int]] = {(0, 0): (8 * low, starts >> 8 * low)}
        # per vector: points whose plain move lands on a point not yet reached with it
        # (landing points are distinct per start point, so the sets are kept at the start)
        avail: dict[Vector, bytearray] = {}
        # per vector: (offset, goal band start, goal band end, finish bits)
        info: dict[Vector, tuple[int, int, int, int]] = {}
        layers: list[dict[Vector, tuple[int, int]]] = []
        settled = 0
        from_bytes = int.from_bytes
        while frontier:
            settled += sum(x.bit_count() for _o, x in frontier.values())
            if max_states is not None and settled > max_states:
                raise TooMany(settled)
            layers.append(frontier)
            nxt: dict[Vector, tuple[int, int]] = {}
            for v2, (o, x) in _spread_windows(frontier, accel, kind).items():
                known = info.get(v2)
                if known is None:
                    # the finish set is built when cars first come near the goal (near_goal)
                    base, fin = self.near_goal(v2)
                    known = info[v2] = (self.offset(v2), base, base + fin.bit_length(), fin, False)
                    # staying put from a start reaches a state already settled at rest
                    legal = self.legal(v2) & (grid if v2 != (0, 0) else ~starts & grid)
                    avail[v2] = bytearray(legal.to_bytes(nbytes, "little"))
                off, base, end, fin, exact = known
                n = x.bit_length()
                if fin and o < end and o + n > base:
                    # both sets relative to `base`
                    hit = fin & (x << (o - base) if o >= base else x >> (base - o))
                    if hit and not exact:
                        base, fin = self.finish(v2)
                        known = info[v2] = (off, base, base + fin.bit_length(), fin, True)
                        end = known[2]
                        hit = (
                            fin & (x << (o - base) if o >= base else x >> (base - o))
                            if fin and o < end and o + n > base
                            else 0
                        )
                    if hit:
                        i = base + _lowest(hit)
                        path, accels = self._walk_back(layers, accel, v2, i, 1)
                        return len(layers), path, accels, settled
                a = o >> 3
                left = avail[v2]
                seg = left[a : a + ((n + 7) >> 3)]
                open_ = from_bytes(seg, "little")
                moved = x & open_
                if not moved:
                    continue
                left[a : a + len(seg)] = (open_ ^ moved).to_bytes(len(seg), "little")
                to = o + off
                if to < 0:  # the low bits of the window are empty: every car lands on the grid
                    moved >>= -to
                    to = 0
                elif to & 7:
                    moved <<= to & 7
                low = _lowest(moved) >> 3
                nxt[v2] = (((to >> 3) + low) << 3, moved >> 8 * low if low else moved)
            frontier = nxt
        return None, [], [], settled

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

    def _walk_back(self, layers, accel, v2: Vector, base: int, fin: int):
        """One optimal line: the finishing move's start, then predecessors layer by layer."""
        i = base + (fin & -fin).bit_length() - 1

        def holder(k: int, v: Vector, i: int) -> Vector:
            for ar, ac in accel:
                u = (v[0] - ar, v[1] - ac)
                lo, bits = layers[k].get(u, (0, 0))
                if i >= lo and bits >> (i - lo) & 1:
                    return u
            raise AssertionError("a settled state has a predecessor one layer back")

        k = len(layers) - 1
        v = holder(k, v2, i)
        bits = [i]
        vecs = [v]
        while k > 0:
            i -= self.offset(v)
            k -= 1
            v = holder(k, v, i)
            bits.append(i)
            vecs.append(v)
        return self._line(bits, vecs, v2)


def _trimmed(bits: int) -> tuple[int, int]:
    low = (bits & -bits).bit_length() - 1
    return low, bits >> low


def _low_bytes(bits: int) -> int:
    """How many whole zero bytes sit below the lowest set bit."""
    return _lowest(bits) >> 3


def _lowest(bits: int) -> int:
    """The index of the lowest set bit of a positive integer (cheaper than bits & -bits on
    big integers: no negation)."""
    return (bits ^ (bits - 1)).bit_length() - 1


def _spread_windows(frontier: dict[Vector, tuple[int, int]], accel, kind: int):
    """_spread on windows (offset, bits): a union aligns the two windows first."""
    out: dict[Vector, tuple[int, int]] = {}
    if kind == 9:
        rows: dict[Vector, tuple[int, int]] = {}
        for (vr, vc), win in frontier.items():
            o, x = win
            for key in ((vr, vc - 1), (vr, vc), (vr, vc + 1)):
                old = rows.get(key)
                if old is None:
                    rows[key] = win
                elif old[0] <= o:
                    rows[key] = (old[0], old[1] | x << (o - old[0]))
                else:
                    rows[key] = (o, x | old[1] << (old[0] - o))
        frontier = rows
        accel = ((-1, 0), (0, 0), (1, 0))
    for (vr, vc), win in frontier.items():
        o, x = win
        for ar, ac in accel:
            key = (vr + ar, vc + ac)
            old = out.get(key)
            if old is None:
                out[key] = win
            elif old[0] <= o:
                out[key] = (old[0], old[1] | x << (o - old[0]))
            else:
                out[key] = (o, x | old[1] << (old[0] - o))
    return out


def _spread(frontier: dict[Vector, int], accel, kind: int) -> dict[Vector, int]:
    """Per new vector, the points whose car may take it: the union over allowed changes.

    For the 9 changes the 3 x 3 union is a union along one axis, then along the other (about
    4 unions per vector instead of 8): unions of whole-track bitsets are the sweep's main cost.
    """
    out: dict[Vector, int] = {}
    if kind == 9:
        rows: dict[Vector, int] = {}
        for (vr, vc), bits in frontier.items():
            for key in ((vr, vc - 1), (vr, vc), (vr, vc + 1)):
                old = rows.get(key)
                rows[key] = bits if old is None else old | bits
        for (vr, vc), bits in rows.items():
            for key in ((vr - 1, vc), (vr, vc), (vr + 1, vc)):
                old = out.get(key)
                out[key] = bits if old is None else old | bits
        return out
    for (vr, vc), bits in frontier.items():
        for ar, ac in accel:
            key = (vr + ar, vc + ac)
            old = out.get(key)
            out[key] = bits if old is None else old | bits
    return out
