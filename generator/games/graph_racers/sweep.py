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
track. Start-to-goal races without boosts or oil only; solve.py falls back to A* otherwise.
"""

from __future__ import annotations

from generator.core.geometry import supercover
from generator.games.graph_racers.model import OFF, Point, Track
from generator.games.graph_racers.rules import Rules, Vector, normal_changes

# The sweep settles states in bulk: it counts as one A* expansion per this many states when
# held to a --max-states limit (barto-big_scaled_10 settles 19 million states in ~1.5 s).
STATES_PER_EXPANSION = 32


class TooMany(Exception):
    """The sweep settled more states than it was allowed (solve.py turns it into LimitExceeded)."""

    def __init__(self, settled: int) -> None:
        super().__init__(settled)
        self.settled = settled


def supports(track: Track, rules: Rules) -> bool:
    """Can the sweep race this? Start-to-goal, no boosts, no oil."""
    return not track.is_lap and not rules.has_boosts and not track.oil


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
            raise ValueError("the sweep races start-to-goal tracks without boosts or oil")
        self.track = track
        self.rules = rules
        self.rows, self.cols = track.rows, track.cols
        # No car reaches a column speed above max_speed; a move one faster still fits the pad.
        self.pad = max_speed(track.cols) + 2
        self.width = track.cols + self.pad
        self.on = self._bits(
            (r, c) for r, row in enumerate(track.grid) for c, ch in enumerate(row) if ch != OFF
        )
        self.goal = self._bits(track.goals)
        self.plain = self.on & ~self.goal
        self.exact = rules.collision == "exact"
        # rows holding goals: finishing moves start within a move's reach of them
        grows = [r for r, _c in track.goals]
        self._goal_rows = (min(grows), max(grows)) if grows else (0, -1)
        self._legal: dict[Vector, int] = {}
        self._finish: dict[Vector, tuple[int, int]] = {}
        self._runs: dict[tuple[int, int], int] = {}

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

    # --- the search ----------------------------------------------------------------------
    def run(self, max_states: int | None = None) -> tuple[int | None, list, list, int]:
        """(moves or None, path, accelerations, states settled); TooMany past max_states."""
        kind = self.rules.accel
        accel = normal_changes(kind)
        starts = self._bits(self.track.starts)
        if self.exact and not self._connected(starts):
            return None, [], [], 0
        frontier: dict[Vector, int] = {(0, 0): starts}
        plain = self.plain
        # per vector, the plain points not yet reached with it (starts are reached at rest)
        unseen: dict[Vector, int] = {(0, 0): plain & ~starts}
        trim = self.rows * self.width > 1 << 16  # store big layers without their low zeros
        layers: list[dict[Vector, tuple[int, int]]] = []
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
            incoming = _spread(frontier, accel, kind)
            nxt: dict[Vector, int] = {}
            for v2, inc in incoming.items():
                base, fin = self.finish(v2)
                if fin:
                    fin &= inc >> base if base else inc
                    if fin:
                        path, accels = self._walk_back(layers, accel, v2, base, fin)
                        return len(layers), path, accels, settled
                moved = inc & self.legal(v2)
                if moved:
                    moved = _get(moved, -self.offset(v2))
                    left = unseen.get(v2)
                    if left is None:
                        left = plain
                    moved &= left
                    if moved:
                        nxt[v2] = moved
                        unseen[v2] = left ^ moved
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
        bits.reverse()
        vecs.reverse()
        path = [self.point(b) for b in bits]
        last = path[-1]
        path.append((last[0] + v2[0], last[1] + v2[1]))
        vecs.append(v2)
        accels = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(vecs, vecs[1:], strict=False)]
        return path, accels


def _trimmed(bits: int) -> tuple[int, int]:
    low = (bits & -bits).bit_length() - 1
    return low, bits >> low


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
