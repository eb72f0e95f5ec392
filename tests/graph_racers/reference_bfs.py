"""An independent, plain breadth-first Graph Racers solver for cross-checking the engines.

Written from the rule text alone: it shares no code with generator.games.graph_racers except
the file reader (tested on its own). Geometry uses Fractions and a brute-force scan of the
squares around the segment; states are (row, col, vrow, vcol, checkpoints passed).
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from functools import cache

HALF = Fraction(1, 2)


@cache
def touched(dr: int, dc: int) -> tuple[tuple[int, int, Fraction], ...]:
    """Squares (offsets) the closed segment (0,0)->(dr,dc) meets, with first-touch times."""
    out = []
    for r in range(min(0, dr) - 1, max(0, dr) + 2):
        for c in range(min(0, dc) - 1, max(0, dc) + 2):
            lo, hi = Fraction(0), Fraction(1)
            for d, k in ((dr, r), (dc, c)):
                if d == 0:
                    if abs(k) > HALF:
                        lo, hi = Fraction(1), Fraction(0)
                else:
                    a, b = (k - HALF) / d, (k + HALF) / d
                    lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
            if lo <= hi:
                out.append((r, c, lo))
    out.sort(key=lambda x: x[2])
    return tuple(out)


def accelerations(accel: int) -> list[tuple[int, int]]:
    if accel == 5:
        return [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]
    every = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)]
    return every if accel == 9 else [x for x in every if x != (0, 0)]


def cross(line, r, c, dr, dc):
    """Time the move crosses a line ((orientation, at, lo, hi, direction)) the racing way."""
    orientation, at, lo, hi, s = line
    if orientation == "vertical":
        x0, d, y0, dy = c, dc, r, dr
    else:
        x0, d, y0, dy = r, dr, c, dc
    if not (s * x0 < s * at <= s * (x0 + d)):
        return None
    t = Fraction(at - x0, d)
    place = y0 + dy * t
    if lo - HALF <= place <= hi + HALF:
        return t
    return None


def outcome(track, r, c, dr, dc, stage, collision):
    """'crash', 'move' or 'finish', and the checkpoints passed after the move."""
    rows, cols = track.rows, track.cols

    def on(rr, cc):
        return 0 <= rr < rows and 0 <= cc < cols and track.grid[rr][cc] != "#"

    crash = None
    goal = None
    if collision == "endpoint":
        if not on(r + dr, c + dc):
            return "crash", stage
        if not track.is_lap:
            return ("finish" if (r + dr, c + dc) in track.goals else "move"), stage
    else:
        for orow, ocol, t in touched(dr, dc):
            rr, cc = r + orow, c + ocol
            if crash is not None and t > crash:
                break
            if (rr, cc) in track.goals and goal is None:
                goal = t
            elif not on(rr, cc) and crash is None:
                crash = t
        if not track.is_lap:
            if goal is not None and (crash is None or goal <= crash):
                return "finish", stage
            return ("crash" if crash is not None else "move"), stage
    lines = [(ln.orientation, ln.at, ln.lo, ln.hi, ln.direction) for ln in track.checkpoints]
    last = Fraction(0)
    while stage < len(lines):
        t = cross(lines[stage], r, c, dr, dc)
        if t is None or t < last or (crash is not None and t > crash):
            break
        stage += 1
        last = t
    if stage == len(lines):
        f = track.finish
        t = cross((f.orientation, f.at, f.lo, f.hi, f.direction), r, c, dr, dc)
        if t is not None and t >= last and (crash is None or t <= crash):
            return "finish", stage
    return ("crash" if crash is not None else "move"), stage


def boosted(accel: int, v, budget):
    """Boosted accelerations from the rule text: one axis changes by 2 (brake: toward zero by
    two, turbo: away from zero by two) or 3 (rocket: away by three); the other axis changes as
    one axis may in a normal move. Yields (acceleration, budget left)."""
    brakes, turbo, rocket = budget
    others = [0] if accel == 5 else [-1, 0, 1]
    for axis in (0, 1):
        speed = v[axis]
        for change in (-3, -2, 2, 3):
            after = abs(speed + change)
            if abs(change) == 2 and after == abs(speed) - 2 and brakes:
                left = (brakes - 1, turbo, rocket)
            elif abs(change) == 2 and after == abs(speed) + 2 and turbo:
                left = (brakes, turbo - 1, rocket)
            elif abs(change) == 3 and after == abs(speed) + 3 and rocket:
                left = (brakes, turbo, rocket - 1)
            else:
                continue
            for o in others:
                yield ((change, o) if axis == 0 else (o, change)), left


def skids(track, r, c, vr, vc) -> bool:
    if vr == 0 and vc == 0:
        return False
    for orow, ocol, _t in touched(vr, vc):
        rr, cc = r + orow, c + ocol
        if 0 <= rr < track.rows and 0 <= cc < track.cols and track.grid[rr][cc] == "~":
            return True
    return False


def _key(track) -> tuple:
    """What a race depends on: the map, the starts and goals, the lines (not the name)."""
    return (track.grid, track.starts, track.goals, track.finish, track.checkpoints)


# Pure memos (the answers never change, only how fast they come): the outcomes of the last
# tracks searched, shared by the searches of one track under other accelerations, and every
# search's answer with the states it needed, so a test file asking again (with another cap)
# is answered at once
_JUDGED: dict[tuple, dict] = {}
_SOLVED: dict[tuple, tuple] = {}


def bfs_moves(
    track,
    accel: int = 9,
    collision: str = "exact",
    max_states: int = 10**7,
    budget: tuple[int, int, int] = (0, 0, 0),
):
    """Least number of moves, or None; raises RuntimeError past max_states."""
    key = (_key(track), accel, collision, tuple(budget))
    if key in _SOLVED:
        moves, states = _SOLVED[key]
        if states is None and max_states <= moves:  # past `moves` states before, so past these
            raise RuntimeError("too many states")
        if states is not None:
            if states > max_states:
                raise RuntimeError("too many states")
            return moves
    judged_key = (_key(track), collision)
    if judged_key not in _JUDGED:
        while len(_JUDGED) >= 2:  # the outcomes of a big map run to millions: keep two
            del _JUDGED[next(iter(_JUDGED))]
        _JUDGED[judged_key] = {}
    try:
        moves, states = _bfs(track, accel, collision, max_states, budget, _JUDGED[judged_key])
    except RuntimeError:
        _SOLVED[key] = (max_states, None)  # more than max_states
        raise
    _SOLVED[key] = (moves, states)
    return moves


def _bfs(track, accel, collision, max_states, budget, judged):
    """(least number of moves or None, states seen); RuntimeError past max_states."""
    acc = accelerations(accel)
    # a move's outcome depends only on where it starts, the new vector and the checkpoints
    # passed: many states reach the same (point, vector), so each is judged once (`judged`)
    oil = any("~" in row for row in track.grid)  # no oil: no state skids
    seen = set()
    queue = deque()
    for r, c in track.starts:
        s = (r, c, 0, 0, 0, budget)
        if s not in seen:
            seen.add(s)
            queue.append((s, 0))
    while queue:
        (r, c, vr, vc, stage, left), g = queue.popleft()
        if oil and skids(track, r, c, vr, vc):
            options = [((0, 0), left)]  # "MUST make the exact same move as last turn"
        else:
            options = [(a, left) for a in acc]
            standing_on_oil = (vr, vc) == (0, 0) and track.grid[r][c] == "~"
            if left != (0, 0, 0) and not standing_on_oil:  # no boost on oil
                seen_a = {a for a, _ in options}
                for a, rest in boosted(accel, (vr, vc), left):
                    if a not in seen_a:
                        seen_a.add(a)
                        options.append((a, rest))
        for (ar, ac), rest in options:
            nvr, nvc = vr + ar, vc + ac
            move = (r, c, nvr, nvc, stage)
            if move not in judged:
                judged[move] = outcome(track, r, c, nvr, nvc, stage, collision)
            what, nstage = judged[move]
            if what == "finish":
                return g + 1, len(seen)
            if what == "move":
                s = (r + nvr, c + nvc, nvr, nvc, nstage, rest)
                if s not in seen:
                    seen.add(s)
                    if len(seen) > max_states:
                        raise RuntimeError("too many states")
                    queue.append((s, g + 1))
    return None, len(seen)
