"""Features as edits of the polygon, made before the other corners are rounded: the long
straight's side, the fast sweeper's corner, a hairpin (a pinched end or a tongue), s-bends (a
pair of corners, a zigzag or a sweeping bump) and a chicane, each placed where rays find room
for it (make_features).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.games.graph_racers.generating.shapes.circuit import WALL
from generator.games.graph_racers.generating.shapes.corners import (
    Corner,
    Plan,
    corner_turns,
    layout,
    polygon_sides,
)
from generator.games.graph_racers.generating.shapes.detect import SWEEPER_RADIUS
from generator.games.graph_racers.generating.shapes.loops import round_corners


def _ray(cs: list[Corner], skip: int, qx: float, qy: float, dx: float, dy: float) -> float:
    """Distance from (qx, qy) along (dx, dy) to the first side of the polygon other than side
    skip (inf when none is hit)."""
    best = math.inf
    n = len(cs)
    for i in range(n):
        if i == skip:
            continue
        a, b = cs[i], cs[(i + 1) % n]
        ex, ey = b.x - a.x, b.y - a.y
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        wx, wy = a.x - qx, a.y - qy
        t = (wx * ey - wy * ex) / den
        u = (wx * dy - wy * dx) / den
        if t > 1e-9 and -1e-9 <= u <= 1 + 1e-9:
            best = min(best, t)
    return best


def _box_ray(
    box: tuple[float, float, float, float], qx: float, qy: float, dx: float, dy: float
) -> float:
    """Distance from (qx, qy) along (dx, dy) to the edge of the box."""
    x0, x1, y0, y1 = box
    best = math.inf
    for q, d, lo, hi in ((qx, dx, x0, x1), (qy, dy, y0, y1)):
        if d > 1e-12:
            best = min(best, (hi - q) / d)
        elif d < -1e-12:
            best = min(best, (lo - q) / d)
    return best


def _pinch(plan: Plan, cs: list[Corner]) -> bool:
    """Hairpin at an end of the loop: move the two corners of a side (both right turns)
    together or apart until the side is a U-turn's width, if the legs then meet in one turn of
    155-200 degrees. False when no side can."""
    n = len(cs)
    sides, turns, _ = layout(plan, cs)
    order = [i for i in range(n) if turns[i] > 0 and turns[(i + 1) % n] > 0]
    plan.rng.shuffle(order)
    for i in order:
        j = (i + 1) % n
        gap = 2 * plan.hw + WALL + plan.rng.uniform(0.05, 0.3)
        mx, my = (cs[i].x + cs[j].x) / 2, (cs[i].y + cs[j].y) / 2
        ux, uy, _ = sides[i]
        trial = [Corner(c.x, c.y) for c in cs]
        trial[i].x, trial[i].y = mx - ux * gap / 2, my - uy * gap / 2
        trial[j].x, trial[j].y = mx + ux * gap / 2, my + uy * gap / 2
        if not all(_inside(plan.box, c.x, c.y) for c in (trial[i], trial[j])):
            continue
        new = polygon_sides(trial)
        if new is None:
            continue
        ta, tb = corner_turns(new)[i], corner_turns(new)[j]
        if min(ta, tb) <= 0 or not math.radians(155) <= ta + tb <= math.radians(200):
            continue
        r = (gap - plan.rng.uniform(0, 0.15)) / (math.tan(ta / 2) + math.tan(tb / 2))
        if r < plan.r_min:
            continue
        for k in (i, j):
            cs[k].x, cs[k].y, cs[k].r, cs[k].fixed = trial[k].x, trial[k].y, r, True
        return True
    return False


def _inside(box: tuple[float, float, float, float], x: float, y: float) -> bool:
    x0, x1, y0, y1 = box
    return x0 - 1e-9 <= x <= x1 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9


def _sweeper(plan: Plan, cs: list[Corner]) -> bool:
    """Fast sweeper: a corner turning 60-120 degrees given a radius of 2-3 widths, keeping 0.6
    widths of straight on both its sides (so it stays a bend of its own). False when no corner
    has the room."""
    n = len(cs)
    sides, turns, reach = layout(plan, cs)
    need = SWEEPER_RADIUS * plan.w + 0.2
    order = list(range(n))
    plan.rng.shuffle(order)
    for i in order:
        if cs[i].fixed or not math.radians(60) <= abs(turns[i]) <= math.radians(120):
            continue
        before, after = (i - 1) % n, (i + 1) % n
        keep = 0.6 * plan.w
        room = min(
            sides[before][2] - max(cs[before].keep, keep) - reach[before],
            sides[i][2] - max(cs[i].keep, keep) - reach[after],
        )
        top = room / math.tan(abs(turns[i]) / 2)
        if top < need:
            continue
        cs[i].r, cs[i].fixed = plan.rng.uniform(need, min(top, 1.5 * need)), True
        cs[before].keep, cs[i].keep = max(cs[before].keep, keep), max(cs[i].keep, keep)
        return True
    return False


def _long_straight(plan: Plan, cs: list[Corner]) -> bool:
    """Long straight: reserve a side with room for a straight of plan.straight between its
    corners' arcs. False when no side has it."""
    n = len(cs)
    sides, _, reach = layout(plan, cs)
    order = list(range(n))
    plan.rng.shuffle(order)
    for i in order:
        if sides[i][2] - reach[i] - reach[(i + 1) % n] >= plan.straight + 0.1:
            cs[i].keep, cs[i].locked = plan.straight + 0.1, True
            return True
    return False


def _s_pair(plan: Plan, cs: list[Corner]) -> bool:
    """S-bends from the loop's own shape: two neighbouring corners turning opposite ways
    (45-135 degrees each) given one sweeping radius that leaves at most a width of straight
    between them. False when no pair can."""
    n = len(cs)
    sides, turns, reach = layout(plan, cs)
    order = list(range(n))
    plan.rng.shuffle(order)
    for i in order:
        j, before = (i + 1) % n, (i - 1) % n
        if cs[i].fixed or cs[j].fixed or cs[i].locked or turns[i] * turns[j] >= 0:
            continue
        if not all(math.radians(45) <= abs(turns[k]) <= math.radians(135) for k in (i, j)):
            continue
        hi_, hj = math.tan(abs(turns[i]) / 2), math.tan(abs(turns[j]) / 2)
        keep = 0.6 * plan.w + 0.3  # apart from the corners around, so they stay bends of their own
        lo = max(plan.hw + 1.3, (sides[i][2] - plan.w) / (hi_ + hj))
        top = min(
            sides[i][2] / (hi_ + hj),
            (sides[before][2] - max(keep, cs[before].keep) - reach[before]) / hi_,
            (sides[j][2] - max(keep, cs[j].keep) - reach[(j + 1) % n]) / hj,
            plan.hw + 1.3 + plan.hw / 2,
        )
        if top < lo:
            continue
        cs[i].r = cs[j].r = plan.rng.uniform(lo, top)
        cs[i].fixed = cs[j].fixed = True
        cs[before].keep, cs[j].keep = max(keep, cs[before].keep), max(keep, cs[j].keep)
        return True
    return False


@dataclass(frozen=True)
class _Edit:
    """A feature drawn on a side: corners as (along, across, radius), across > 0 on the chosen
    side, and how far its arcs reach along the side before its first and after its last
    corner."""

    corners: tuple[tuple[float, float, float], ...]
    before: float
    after: float
    gaps: tuple[float, float]  # straight kept to the side's own corners, before and after

    @property
    def reach(self) -> tuple[float, float]:
        """How far the edit's corners go to the chosen side and to the other side."""
        across = [c for _, c, _ in self.corners]
        return max(0.0, max(across)), max(0.0, -min(across))


def _edit_tongue(plan: Plan) -> _Edit:
    """A tongue: down a leg, round a U-turn (the hairpin) and back up the other leg; the legs
    open by up to 8 degrees each."""
    rng = plan.rng
    tilt = math.radians(rng.uniform(0, 8))
    turn = math.pi / 2 - tilt
    gap = 2 * plan.hw + WALL + rng.uniform(0.05, 0.3)
    half = math.tan(turn / 2)
    r_h = max(plan.r_min, (gap - rng.uniform(0, 0.15)) / (2 * half))
    gap = max(gap, 2 * r_h * half)
    r_t = rng.uniform(plan.r_min, plan.r_min + 1)
    leg = r_t * half + r_h * half + 0.3
    depth = max(leg * math.cos(tilt), 1.3 * plan.w) * rng.uniform(1.0, 1.3)
    spread = depth * math.tan(tilt)
    g = gap / 2
    corners = ((-g - spread, 0, r_t), (-g, depth, r_h), (g, depth, r_h), (g + spread, 0, r_t))
    return _Edit(corners, r_t * half, r_t * half, (0.2, 0.2))


def _bump(
    plan: Plan, turns: tuple[float, float], radius: float, gaps: tuple[float, float]
) -> _Edit:
    """A bump aside and back: turns of `turns` degrees (random within) to the chosen side, back
    by their sum and on again, all at radius."""
    rng = plan.rng
    a1, a2 = (math.radians(rng.uniform(*turns)) for _ in range(2))
    t1, t2, t3 = (radius * math.tan(a / 2) for a in (a1, a1 + a2, a2))
    d = max((t1 + t2 + 0.1) * math.sin(a1), (t2 + t3 + 0.1) * math.sin(a2))
    d *= rng.uniform(1.0, 1.15)
    l1, l2 = d / math.tan(a1), d / math.tan(a2)
    return _Edit(((0, 0, radius), (l1, d, radius), (l1 + l2, 0, radius)), t1, t3, gaps)


def _edit_chicane(plan: Plan) -> _Edit:
    """A chicane: a quick bump (35-50 degrees) at the tightest radii, straight track around."""
    r = plan.rng.uniform(plan.r_min, plan.r_min + 0.4)
    return _bump(plan, (35, 50), r, (0.8 * plan.w + 0.4,) * 2)


def _sweeping_radius(plan: Plan) -> float:
    """A radius for s-bends: wider than a chicane's (half width + 1.2 .. + 1.2 + W/6)."""
    return plan.hw + 1.2 + plan.rng.uniform(0, plan.hw / 3)


def _edit_s_bends(plan: Plan) -> _Edit:
    """S-bends: one time in two a zigzag of 2 (one time in three, 3) peaks whose bends turn
    60-80 degrees, else a sweeping bump of three bends (38-44, 76-88, 38-44 degrees). The
    zigzag's peaks are its s-bends, the bump's middle bend and one end: the other end may run
    into the side's corner (0.2 of straight between), the one end keeps 0.6 widths + 0.3."""
    rng = plan.rng
    r = _sweeping_radius(plan)
    if rng.random() < 0.5:
        gaps = [0.6 * plan.w + 0.3, 0.2]
        rng.shuffle(gaps)
        return _bump(plan, (38, 44), r, (gaps[0], gaps[1]))
    peaks = 3 if rng.random() < 1 / 3 else 2
    a = math.radians(rng.uniform(30, 40))
    t_end, t_peak = r * math.tan(a / 2), r * math.tan(a)
    quarter = (t_end + t_peak + 0.1) * math.cos(a) * rng.uniform(1.0, 1.1)
    amp = quarter * math.tan(a)
    corners = [(0.0, 0.0, r)]
    for k in range(peaks):
        corners.append((quarter * (1 + 2 * k), amp if k % 2 == 0 else -amp, r))
    corners.append((quarter * 2 * peaks, 0.0, r))
    return _Edit(tuple(corners), t_end, t_end, (0.2, 0.2))


def _place(plan: Plan, cs: list[Corner], edit: _Edit) -> bool:
    """Put an edit on a side (random side, place and side of the line) with room for it: the
    rest of the loop at least its reach + a track width + WALL away, the box at least its reach
    away. False when no side has room."""
    sides, _, reach = layout(plan, cs)
    n = len(cs)
    choices = [(i, s) for i in range(n) for s in (1.0, -1.0) if not cs[i].locked]
    plan.rng.shuffle(choices)
    first = min(a for a, _, _ in edit.corners)
    last = max(a for a, _, _ in edit.corners)
    for i, sign in choices:
        ux, uy, length = sides[i]
        before, after = (max(g, cs[i].keep) for g in edit.gaps)
        lo = reach[i] + before + edit.before - first
        hi = length - reach[(i + 1) % n] - after - edit.after - last
        if hi < lo:
            continue
        p = plan.rng.uniform(lo, hi)
        vx, vy = -uy * sign, ux * sign  # sign 1: the right, the inside of a clockwise loop
        if not _room(plan, cs, i, edit, p, (ux, uy), (vx, vy)):
            continue
        a = cs[i]
        new = [
            Corner(a.x + (p + al) * ux + ac * vx, a.y + (p + al) * uy + ac * vy, r, fixed=True)
            for al, ac, r in edit.corners
        ]
        a.keep, new[-1].keep = before, after
        cs[i + 1 : i + 1] = new
        return True
    return False


def _room(
    plan: Plan,
    cs: list[Corner],
    i: int,
    edit: _Edit,
    p: float,
    u: tuple[float, float],
    v: tuple[float, float],
) -> bool:
    """Whether rays from five points along the edit's span, to both sides of the line, find
    the room the edit reaches out to."""
    a = cs[i]
    reach = edit.reach
    clear = plan.w + WALL + 0.2  # the edit's outer edge to the other stretch's
    along = [a_ for a_, _, _ in edit.corners]
    lo, hi = min(along) - edit.before, max(along) + edit.after
    for f in (0.0, 0.25, 0.5, 0.75, 1.0):
        q = p + lo + f * (hi - lo)
        qx, qy = a.x + q * u[0], a.y + q * u[1]
        for k, (dx, dy) in enumerate(((v[0], v[1]), (-v[0], -v[1]))):
            if reach[k] <= 0:
                continue
            if _box_ray(plan.box, qx, qy, dx, dy) < reach[k]:
                return False
            if _ray(cs, i, qx, qy, dx, dy) < reach[k] + clear:
                return False
    return True


def make_features(plan: Plan, cs: list[Corner], wanted: set[str]) -> bool:
    """Make the features asked on the loop and round its corners; False when one did not fit.
    The most demanding go first: the long straight's side, the sweeper's corner, then the
    side edits in random order (a hairpin as a pinched end or a tongue, whichever fits)."""
    rng = plan.rng
    if "long-straight" in wanted and not _long_straight(plan, cs):
        return False
    if "fast-sweeper" in wanted and not _sweeper(plan, cs):
        return False
    edits = [name for name in ("hairpin", "s-bends", "chicane") if name in wanted]
    rng.shuffle(edits)
    for name in edits:
        if name == "hairpin":
            ways = [lambda: _pinch(plan, cs), lambda: _place(plan, cs, _edit_tongue(plan))]
        elif name == "s-bends":
            ways = [lambda: _s_pair(plan, cs), lambda: _place(plan, cs, _edit_s_bends(plan))]
        else:
            ways = [lambda: _place(plan, cs, _edit_chicane(plan))]
        rng.shuffle(ways)
        if not any(way() for way in ways):
            return False
    round_corners(plan, cs)
    return True
