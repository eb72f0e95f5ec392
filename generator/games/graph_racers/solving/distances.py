"""Lower bounds on the moves still needed: the search engine's admissible heuristic.

Two facts make the bound safe (docs/rules/graph-racers.md gives the proofs in short):

1. A move at speed s (the larger of its two components) that touches no wall walks along its
   Bresenham points, s king steps through track points; a move that first touches a goal
   square reaches it within s king steps through track points. So the king-move distance D
   from a point to the goal (through track points, corner cutting allowed) never exceeds the
   sum of the speeds of the moves that remain. Laps chain the distances stage by stage:
   to the next checkpoint, then on to the next, then to the finish line.
2. Speed grows by at most 1 per move (more with turbo or rocket left), so from speed s0 the n
   moves that remain cover at most n * s0 + n (n + 1) / 2 squares: the least n that covers D is
   a lower bound on the moves left, exact in one dimension (no need to stop at the finish).

Under the endpoint (jump) rule walls do not stop a move, so the distance ignores walls, and
lap crossings get a slack of one square each (a jump may cross a line beside its points).
"""

from __future__ import annotations

from collections import deque

from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.track.model import OFF, Track

UNREACHABLE = -1


def _neighbours(rows: int, cols: int) -> list[list[int]]:
    out = []
    for r in range(rows):
        for c in range(cols):
            nb = []
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                        nb.append((r + dr) * cols + c + dc)
            out.append(nb)
    return out


def _spread(rows: int, cols: int, passable: list[bool], seeds: dict[int, int]) -> list[int]:
    """King-move distances through passable cells from seed cells with starting values."""
    dist = [UNREACHABLE] * (rows * cols)
    if not seeds:
        return dist
    by_value: dict[int, list[int]] = {}
    for i, v in seeds.items():
        by_value.setdefault(v, []).append(i)
    levels = sorted(by_value)
    frontier: deque[int] = deque()
    level = levels[0]
    li = 0
    while True:
        while li < len(levels) and levels[li] == level:
            for i in by_value[levels[li]]:
                if dist[i] == UNREACHABLE:
                    dist[i] = level
                    frontier.append(i)
            li += 1
        if not frontier:
            if li >= len(levels):
                break
            level = levels[li]
            continue
        nxt: deque[int] = deque()
        while frontier:
            i = frontier.popleft()
            r, c = divmod(i, cols)
            for dr in (-1, 0, 1):
                rr = r + dr
                if not 0 <= rr < rows:
                    continue
                base = rr * cols
                for dc in (-1, 0, 1):
                    cc = c + dc
                    if 0 <= cc < cols:
                        j = base + cc
                        if dist[j] == UNREACHABLE and passable[j]:
                            dist[j] = level + 1
                            nxt.append(j)
        frontier = nxt
        level += 1
    return dist


def stage_distances(track: Track, rules: Rules) -> list[list[int]]:
    """For each stage (checkpoints passed), the distance from every point to the finish."""
    rows, cols = track.rows, track.cols
    if rules.collision == "exact":
        passable = [ch != OFF for row in track.grid for ch in row]
    else:
        passable = [True] * (rows * cols)
    if not track.is_lap:
        seeds = {r * cols + c: 0 for r, c in track.goals}
        return [_spread(rows, cols, passable, seeds)]
    assert track.finish is not None
    k = len(track.checkpoints)
    tables: list[list[int]] = [[]] * (k + 1)
    tables[k] = _spread(rows, cols, passable, {r * cols + c: 0 for r, c in track.finish.points()})
    for stage in range(k - 1, -1, -1):
        after = tables[stage + 1]
        seeds = {}
        for r, c in track.checkpoints[stage].points():
            v = after[r * cols + c]
            if v != UNREACHABLE:
                seeds[r * cols + c] = v
        tables[stage] = _spread(rows, cols, passable, seeds)
    if rules.collision != "exact":
        # one square of slack per line still to cross (a jump may pass beside a line's points)
        for stage, table in enumerate(tables):
            slack = k - stage + 1
            tables[stage] = [v if v == UNREACHABLE else max(0, v - slack) for v in table]
    return tables


def line_distances(track: Track, rules: Rules) -> list[list[int]]:
    """For a lap, the distance from every point to each checkpoint line on its own.

    The box bound uses it: while the next checkpoint is out of reach, the stage cannot change.
    """
    rows, cols = track.rows, track.cols
    if rules.collision == "exact":
        passable = [ch != OFF for row in track.grid for ch in row]
    else:
        passable = [True] * (rows * cols)
    out = []
    for cp in track.checkpoints:
        table = _spread(rows, cols, passable, {r * cols + c: 0 for r, c in cp.points()})
        if rules.collision != "exact":
            table = [v if v == UNREACHABLE else max(0, v - 1) for v in table]
        out.append(table)
    return out


class MovesLeft:
    """Least number of moves that can cover a distance from a speed (cached)."""

    def __init__(self, rules: Rules) -> None:
        self._cache: dict[tuple[int, int, int, int], int] = {}

    def __call__(self, distance: int, speed: int, turbo: int = 0, rocket: int = 0) -> int:
        key = (distance, speed, turbo, rocket)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        # optimistic speed-ups: the rocket first, then turbos, then +1 a move
        covered = 0
        n = 0
        s = speed
        boosts = [3] * rocket + [2] * turbo
        while covered < distance:
            s += boosts[n] if n < len(boosts) else 1
            covered += s
            n += 1
        self._cache[key] = n
        return n


INF = 10**9
LOOKAHEAD = 3  # moves looked ahead by the box bound


def _slide_min(a: list[int], radius: int, stride: int) -> list[int]:
    """m[x] = min(a[x + j * stride] for |j| <= radius), INF outside the list."""
    if radius == 0:
        return list(a)
    pad = [INF] * (radius * stride)
    acc = pad + a + pad
    n = len(acc)
    width = 2 * radius + 1
    out = [INF] * n
    offset = 0
    step = 1
    while width:
        if width & 1:
            shift = offset * stride
            src = acc[shift:] + [INF] * shift
            out = [p if p < q else q for p, q in zip(out, src, strict=False)]
            offset += step
        width >>= 1
        if width:
            shift = step * stride
            acc = [
                p if p < q else q for p, q in zip(acc, acc[shift:] + [INF] * shift, strict=False)
            ]
            step *= 2
    # out[x] covers acc[x .. x + (2r) * stride]: centre it on x + r * stride
    start = len(pad) - radius * stride
    return out[start : start + len(a)]


class BoxBound:
    """Where can the car be after k moves? Within k(k+1)/2 (times the largest change of one
    axis in a move: turbo and good brakes change it by 2, the rocket by 3) of p + k v,
    whatever it does. If every track point there is still far from the finish, the
    race needs at least k + (moves from there); if none is on the track at all, the state is
    dead. Min-filters of the distance table over those boxes answer this in constant time.
    """

    def __init__(
        self, table: list[int], rows: int, cols: int, amax: int, moves: int = LOOKAHEAD
    ) -> None:
        self.radii = [amax * k * (k + 1) // 2 for k in range(1, moves + 1)]
        pad = self.radii[-1]
        self.pad = pad
        self.prow, self.pcol = rows + 2 * pad, cols + 2 * pad
        flat = [INF] * (self.prow * self.pcol)
        for r in range(rows):
            base = (r + pad) * self.pcol + pad
            for c in range(cols):
                v = table[r * cols + c]
                flat[base + c] = INF if v == UNREACHABLE else v
        self.filters = []
        for radius in self.radii:
            rowwise = _slide_min(flat, radius, 1)
            self.filters.append(_slide_min(rowwise, radius, self.pcol))

    def nearest(self, k: int, r: int, c: int) -> int:
        """Least distance over the box of move k around (r, c) (INF when off the padded grid)."""
        rr, cc = r + self.pad, c + self.pad
        if not (0 <= rr < self.prow and 0 <= cc < self.pcol):
            return INF
        return self.filters[k - 1][rr * self.pcol + cc]
