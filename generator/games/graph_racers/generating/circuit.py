"""Drawing a closed circuit: a CP-SAT loop over a coarse grid, smoothed and widened.

The loop is chosen by CP-SAT's AddCircuit over a coarse grid of nodes (skipped nodes take a
self-loop), maximising random arc weights drawn from the seed, with the share of visited nodes
in a range: different seeds give different shapes, and the solver guarantees a single closed
loop. The loop's centre line is smoothed by corner cutting and every grid point within half
the track width of it becomes track. CP-SAT runs with one worker, a fixed random seed and a
deterministic time limit, so a seed always draws the same loop with a given OR-Tools version
(the generator stores the whole track anyway).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.track.model import OFF, ON, Line, Track

Node = tuple[int, int]  # (coarse row, coarse column)
MAX_LINES = 8  # coarse grid lines per axis


@dataclass(frozen=True)
class Loop:
    """A closed loop of coarse nodes, in racing order, with their fine-grid centres."""

    nodes: tuple[Node, ...]
    ys: tuple[float, ...]  # fine row of each coarse row
    xs: tuple[float, ...]  # fine column of each coarse column

    def point(self, node: Node) -> tuple[float, float]:
        return (self.ys[node[0]], self.xs[node[1]])

    @property
    def corners(self) -> int:
        """Turns of the loop: nodes where the direction changes."""
        n = len(self.nodes)
        turns = 0
        for i in range(n):
            a, b, c = self.nodes[i - 1], self.nodes[i], self.nodes[(i + 1) % n]
            if (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1]):
                turns += 1
        return turns


def loop_shape(loop: Loop) -> tuple[tuple[int, int], ...]:
    """The loop's shape whatever its size, width and place: its coarse nodes with the rows
    (and columns) it uses numbered 0, 1, 2, ... in order, in the least of its forms under the
    eight turns and mirror images, any starting node and either direction. Two L-shaped loops
    of other widths or proportions have one shape: a student sees the same circuit."""
    n = len(loop.nodes)

    def heading(a: Node, b: Node) -> tuple[int, int]:
        return ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))

    corners = [  # nodes on a straight stretch say nothing about the shape
        b
        for i, b in enumerate(loop.nodes)
        if heading(loop.nodes[i - 1], b) != heading(b, loop.nodes[(i + 1) % n])
    ]
    rows = {r: i for i, r in enumerate(sorted({r for r, _ in corners}))}
    cols = {c: i for i, c in enumerate(sorted({c for _, c in corners}))}
    nodes = [(rows[r], cols[c]) for r, c in corners]
    h, w = len(rows) - 1, len(cols) - 1
    forms = []
    for flip_r in (False, True):
        for flip_c in (False, True):
            for turn in (False, True):
                pts = [(h - r if flip_r else r, w - c if flip_c else c) for r, c in nodes]
                forms.append([(c, r) for r, c in pts] if turn else pts)
    best = None
    for pts in forms:
        for seq in (pts, pts[::-1]):
            for k in range(len(seq)):
                cand = tuple(seq[k:] + seq[:k])
                if best is None or cand < best:
                    best = cand
    return best or ()


class ExtentTooSmall(InvalidInput):
    """A side of the track too short for a circuit this wide. Fields: extent, width, least
    (the shortest side that fits)."""

    def __init__(self, extent: int, width: int, least: int) -> None:
        self.extent, self.width, self.least = extent, width, least
        self.facts = f"a size of {extent} points is too small for a track {width} wide"
        super().__init__(f"{self.facts}; make it at least {least}")


def coarse_lines(extent: int, width: int, rng: random.Random) -> list[float]:
    """Fine coordinates of the coarse grid lines along one axis (at least 2 lines)."""
    margin = width / 2 + 1
    room = extent - 1 - 2 * margin
    # two wall points between parallel stretches at least; at most MAX_LINES lines, so big
    # tracks get long straights (and the loop model stays small)
    spacing = max(width + 2, math.ceil(room / (MAX_LINES - 1)))
    n = int(room // spacing) + 1
    if n < 2:
        raise ExtentTooSmall(extent, width, int(2 * margin + spacing + 1) + 1)
    spare = room - (n - 1) * spacing
    # spread the spare room randomly between the gaps (and the two margins)
    cuts = sorted(rng.uniform(0, spare) for _ in range(n))
    lines = [margin + i * spacing + cuts[i] for i in range(n)]
    offset = 0.5 if width % 2 == 0 else 0.0  # even widths centre between points
    return [math.floor(v) + offset for v in lines]


def draw_loop(
    ny: int, nx: int, visit: tuple[float, float], rng: random.Random, seed: int
) -> list[Node]:
    """A closed loop over an ny x nx coarse grid with CP-SAT AddCircuit."""
    from ortools.sat.python import cp_model

    from generator.core import cpsolve

    if ny < 2 or nx < 2:
        raise InvalidInput(
            "the coarse grid needs at least 2 x 2 nodes; make the track larger or narrower"
        )
    m = cp_model.CpModel()
    index = {(r, c): r * nx + c for r in range(ny) for c in range(nx)}
    arcs = []
    weights = []
    used = {}
    for (r, c), i in index.items():
        skip = m.NewBoolVar(f"skip{i}")
        arcs.append((i, i, skip))
        used[i] = skip.Not()
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            j = index.get((r + dr, c + dc))
            if j is None:
                continue
            lit = m.NewBoolVar(f"a{i}_{j}")
            arcs.append((i, j, lit))
            weights.append((rng.randint(0, 100), lit))
    m.AddCircuit(arcs)
    # the loop reaches all four sides of the coarse grid, so the track fills the paper
    for side in (
        [index[(0, c)] for c in range(nx)],
        [index[(ny - 1, c)] for c in range(nx)],
        [index[(r, 0)] for r in range(ny)],
        [index[(r, nx - 1)] for r in range(ny)],
    ):
        m.AddBoolOr([used[i] for i in side])
    total = ny * nx
    perimeter = 2 * (nx + ny) - 4  # the smallest loop that reaches all four sides
    lo = max(perimeter, math.ceil(visit[0] * total))
    hi = max(lo, math.floor(visit[1] * total))
    # a loop on a grid has an even number of nodes: aim at an even size in the range
    target = rng.randint(lo, hi)
    target -= target % 2
    target = max(target, 4)
    visited = sum(used.values())
    m.Add(visited >= max(lo, target - 2))
    m.Add(visited <= max(target, lo))
    m.Maximize(sum(w * lit for w, lit in weights))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % (2**31)
    solver.parameters.max_deterministic_time = 0.5
    status = cpsolve.solve(solver, m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise LimitExceeded("CP-SAT found no closed loop for this size; try another size or width")
    succ = {}
    for i, j, lit in arcs:
        if i != j and solver.BooleanValue(lit):
            succ[i] = j
    start = min(succ)
    order = [start]
    while succ[order[-1]] != start:
        order.append(succ[order[-1]])
    nodes = [divmod(i, nx) for i in order]
    if rng.random() < 0.5:  # race either way round
        nodes = [nodes[0]] + nodes[:0:-1]
    return nodes


def smooth(points: list[tuple[float, float]], rounds: int = 2) -> list[tuple[float, float]]:
    """Chaikin corner cutting of a closed polygon (keeps the middle of long straights)."""
    for _ in range(rounds):
        out = []
        n = len(points)
        for i in range(n):
            (y0, x0), (y1, x1) = points[i], points[(i + 1) % n]
            out.append((0.75 * y0 + 0.25 * y1, 0.75 * x0 + 0.25 * x1))
            out.append((0.25 * y0 + 0.75 * y1, 0.25 * x0 + 0.75 * x1))
        points = out
    return points


def rasterise(
    rows: int, cols: int, centre: list[tuple[float, float]], width: int
) -> list[list[bool]]:
    """Grid points within half the width of the closed centre line."""
    grid = [[False] * cols for _ in range(rows)]
    radius = width / 2 - 1e-6
    r2 = radius * radius
    n = len(centre)
    for i in range(n):
        (y0, x0), (y1, x1) = centre[i], centre[(i + 1) % n]
        dy, dx = y1 - y0, x1 - x0
        seg2 = dy * dy + dx * dx
        rlo = max(0, math.floor(min(y0, y1) - radius))
        rhi = min(rows - 1, math.ceil(max(y0, y1) + radius))
        clo = max(0, math.floor(min(x0, x1) - radius))
        chi = min(cols - 1, math.ceil(max(x0, x1) + radius))
        for r in range(rlo, rhi + 1):
            row = grid[r]
            for c in range(clo, chi + 1):
                if row[c]:
                    continue
                t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((r - y0) * dy + (c - x0) * dx) / seg2))
                ey, ex = r - (y0 + t * dy), c - (x0 + t * dx)
                if ey * ey + ex * ex <= r2:
                    row[c] = True
    return grid


def _run(grid: list[list[bool]], fixed: int, along: float, vertical_line: bool) -> tuple[int, int]:
    """The maximal run of track points through (fixed, along) across the track."""
    rows, cols = len(grid), len(grid[0])
    a = round(along)

    def on(i: int) -> bool:
        if vertical_line:
            return 0 <= i < rows and grid[i][fixed]
        return 0 <= i < cols and grid[fixed][i]

    if not on(a):
        raise LimitExceeded("a line's centre is off the track; try another seed")
    lo = hi = a
    while on(lo - 1):
        lo -= 1
    while on(hi + 1):
        hi += 1
    return lo, hi


def line_across(grid: list[list[bool]], loop: Loop, edge: int) -> Line:
    """A line across the track at the middle of loop edge `edge`, crossed in racing order."""
    n = len(loop.nodes)
    a, b = loop.nodes[edge], loop.nodes[(edge + 1) % n]
    (ya, xa), (yb, xb) = loop.point(a), loop.point(b)
    if a[0] == b[0]:  # horizontal stretch: a vertical line, crossed left or right
        col = round((xa + xb) / 2)
        lo, hi = _run(grid, col, ya, vertical_line=True)
        return Line("vertical", col, lo, hi, 1 if xb > xa else -1)
    row = round((ya + yb) / 2)
    lo, hi = _run(grid, row, xa, vertical_line=False)
    return Line("horizontal", row, lo, hi, 1 if yb > ya else -1)


def straightest_edge(loop: Loop) -> int:
    """The loop edge in the middle of the longest straight (where the start/finish goes)."""
    n = len(loop.nodes)
    dirs = [
        (
            loop.nodes[(i + 1) % n][0] - loop.nodes[i][0],
            loop.nodes[(i + 1) % n][1] - loop.nodes[i][1],
        )
        for i in range(n)
    ]
    best, best_len = 0, -1
    for i in range(n):
        length = 1
        while length < n and dirs[(i + length) % n] == dirs[i]:
            length += 1
        # a run starting at i (not continuing one before it)
        if dirs[i - 1] == dirs[i] and length < n:
            continue
        if length > best_len:
            best, best_len = (i + (length - 1) // 2) % n, length
    return best


def build_track(
    rows: int,
    cols: int,
    width: int,
    visit: tuple[float, float],
    rng: random.Random,
    seed: int,
    checkpoints: int = 2,
    name: str = "circuit",
) -> tuple[Track, Loop]:
    """One closed circuit with a start/finish line and ordered checkpoints."""
    ys = coarse_lines(rows, width, rng)
    xs = coarse_lines(cols, width, rng)
    nodes = draw_loop(len(ys), len(xs), visit, rng, seed)
    loop = Loop(tuple(nodes), tuple(ys), tuple(xs))
    centre = smooth([loop.point(nd) for nd in nodes])
    grid = rasterise(rows, cols, centre, width)
    n = len(nodes)
    start_edge = straightest_edge(loop)
    # re-index the loop so the start/finish edge is edge 0 and checkpoints follow in order
    nodes = nodes[start_edge:] + nodes[:start_edge]
    loop = Loop(tuple(nodes), tuple(ys), tuple(xs))
    finish = line_across(grid, loop, 0)
    cps: list[Line] = []
    used = {finish}
    prev = 0
    for k in range(1, checkpoints + 1):
        # evenly spaced round the loop, in racing order, each a different line: two loop edges
        # can give the same line on a small track, and a line drawn twice hides a number
        ideal = round(k * n / (checkpoints + 1))
        tries = sorted(range(prev + 1, n), key=lambda e: (abs(e - ideal), e))
        for edge in tries:
            try:
                line = line_across(grid, loop, edge)
            except LimitExceeded:
                continue
            if line not in used:
                break
        else:
            raise LimitExceeded(
                f"no room for {checkpoints} different checkpoint lines; "
                "use fewer --checkpoints or a larger --size"
            )
        cps.append(line)
        used.add(line)
        prev = edge
    text = tuple("".join(ON if v else OFF for v in row) for row in grid)
    track = Track(text, tuple(finish.points()), frozenset(), finish, tuple(cps), name=name)
    return track, loop
