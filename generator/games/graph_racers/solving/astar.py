"""A* over packed states (states.py) with the admissible speed-aware bound of distances.py,
so the first finishing move found is optimal; and the plain breadth-first search, kept for the
benchmarks' comparison (solve with heuristic=False).

solve.py sends here every race the sweep does not run, or all of them with engine="astar":
astar_plain for races without boosts or oil (the same search and bound as astar, written out:
the hot path whenever A* runs), astar, the general loop, for oil and boosts; bfs with
heuristic=False.
"""

from __future__ import annotations

import heapq
from collections import deque
from functools import lru_cache

from generator.errors import LimitExceeded
from generator.games.graph_racers.moves.referee import FINISH, MOVE
from generator.games.graph_racers.moves.rules import NORMAL, Rules, Vector, normal_changes, spend
from generator.games.graph_racers.solving.distances import (
    INF,
    LOOKAHEAD,
    UNREACHABLE,
    BoxBound,
    MovesLeft,
    line_distances,
    stage_distances,
)
from generator.games.graph_racers.solving.solution import Solution, give_up
from generator.games.graph_racers.solving.states import Race, racing_line
from generator.games.graph_racers.track.model import Track


def _too_many(race: Race, expanded: int) -> LimitExceeded:
    return give_up(race.track, race.rules, expanded - 1)


@lru_cache(maxsize=4)
def _tables(track: Track, collision: str, amax: int):
    """Distance tables and box bounds of a track (shared by solves under other accel sets)."""
    rules = Rules(collision=collision)
    dist = stage_distances(track, rules)
    boxes = [BoxBound(table, track.rows, track.cols, amax) for table in dist]
    next_line = line_distances(track, rules) if track.is_lap else []
    return dist, boxes, next_line


def astar(race: Race, max_states: int) -> Solution:
    """A* with the inner loop written out: this is the hot path of every command."""
    rules = race.rules
    track = race.track
    left = MovesLeft(rules)
    boosts = rules.has_boosts
    # the largest change of one axis in a move: good brakes change it by 2 as turbo does (the
    # box bound's reach after k moves; a car with brakes left can swerve that much further)
    amax = 3 if rules.rocket else 2 if (rules.turbo or rules.brakes) else 1
    dist, boxes, next_line = _tables(track, rules.collision, amax)
    lap_stages = len(track.checkpoints) if track.is_lap else 0
    cols, width, vmax, nextra, nstages = race.cols, race.width, race.vmax, race.nextra, race.nstages
    per_stage = nextra // nstages  # budget combinations per stage
    ref = race.ref
    oil = ref.has_oil
    simple = not boosts and not oil
    normal = [a for a, _ in race._normal]
    memo = race._memo
    hcache: dict[int, int] = {}
    hkey = 2 * vmax + 2 + 3 * LOOKAHEAD

    def moves_left(d: int, s: int, budget: tuple[int, int, int]) -> int:
        if boosts:
            return left(d, s, budget[1], budget[2])
        k = d * hkey + s
        v = hcache.get(k)
        if v is None:
            v = hcache[k] = left(d, s)
        return v

    def h(idx: int, vr: int, vc: int, stage: int, budget: tuple[int, int, int]) -> int:
        """Admissible lower bound on the moves left, or -1 for a dead state."""
        d = dist[stage][idx]
        if d == UNREACHABLE:
            return -1
        s = vr if vr > 0 else -vr
        t = vc if vc > 0 else -vc
        if t > s:
            s = t
        best_h = moves_left(d, s, budget)
        if best_h < 1:
            best_h = 1  # every state that has not finished needs a move
        look = LOOKAHEAD
        if stage < lap_stages:
            dn = next_line[stage][idx]
            if dn != UNREACHABLE:
                look = min(look, moves_left(dn, s, budget) - 1)
        if look < 1 or best_h <= 1:
            return best_h
        r, c = divmod(idx, cols)
        box = boxes[stage]
        for k in range(1, look + 1):
            if best_h <= k:
                break
            m = box.nearest(k, r + k * vr, c + k * vc)
            if m >= INF:
                return -1  # nowhere on the track to be after k moves, and no finish before
            hk = k + moves_left(m, s + k * amax, budget)
            if hk > best_h:
                best_h = hk
        return best_h

    parents: dict[int, tuple[int, Vector, str] | None] = {}
    best: dict[int, int] = {}
    heap: list[tuple[int, int, int]] = []
    for sid in race.starts():
        r, c, vr, vc, stage, budget = race.unpack(sid)
        hv = h(r * cols + c, 0, 0, stage, budget)
        if hv >= 0 and sid not in best:
            best[sid] = 0
            parents[sid] = None
            heapq.heappush(heap, (hv, 0, sid))
    expanded = 0
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        f, neg_g, sid = pop(heap)
        g = -neg_g
        if best[sid] < g:
            continue  # a stale entry: the state was reached faster since
        expanded += 1
        if expanded > max_states:
            raise _too_many(race, expanded)
        rest, extra = divmod(sid, nextra)
        rest, vci = divmod(rest, width)
        idx, vri = divmod(rest, width)
        vr, vc = vri - vmax, vci - vmax
        r, c = divmod(idx, cols)
        stage = extra // per_stage
        ng = g + 1
        if simple:
            opts = normal
            kinds = None
            budget = (0, 0, 0)
        else:
            _r, _c, _vr, _vc, stage, budget = race.unpack(sid)
            pairs = race.options(r, c, vr, vc, budget)
            opts = [a for a, _ in pairs]
            kinds = [k for _, k in pairs]
        for i, (ar, ac) in enumerate(opts):
            nvr, nvc = vr + ar, vc + ac
            key = ((idx * width + nvr + vmax) * width + nvc + vmax) * nstages + stage
            res = memo.get(key)
            if res is None:
                res = memo[key] = ref.judge(r, c, nvr, nvc, stage)
            outcome, nstage = res
            if outcome == MOVE:
                if kinds is None:
                    nextra_ = nstage * per_stage
                    kind = NORMAL
                    nb = budget
                else:
                    kind = kinds[i]
                    nb = spend(budget, kind) if kind else budget
                    nextra_ = race.pack(0, 0, -vmax, -vmax, nstage, nb)
                nidx = idx + nvr * cols + nvc
                nxt = ((nidx * width + nvr + vmax) * width + nvc + vmax) * nextra + nextra_
                if best.get(nxt, ng + 1) <= ng:
                    continue
                hv = h(nidx, nvr, nvc, nstage, nb)
                if hv < 0:
                    continue
                best[nxt] = ng
                parents[nxt] = (sid, (ar, ac), kind)
                push(heap, (ng + hv, -ng, nxt))
            elif outcome == FINISH:
                kind = NORMAL if kinds is None else kinds[i]
                path, accels, kinds_ = racing_line(race, parents, sid, (ar, ac), kind)
                return Solution(rules, ng, path, accels, kinds_, expanded)
    return Solution(rules, None, expanded=expanded)


def astar_plain(race: Race, max_states: int) -> Solution:
    """A* for the common case (no boosts, no oil) with the bound written inline.

    The same search and bound as astar, without function calls per generated state: this
    is the hot path of solve, check, generate and every printed par.
    """
    rules = race.rules
    track = race.track
    left = MovesLeft(rules)
    dist, boxes, next_line = _tables(track, rules.collision, 1)
    lap_stages = len(track.checkpoints) if track.is_lap else 0
    cols, width, vmax, nextra, nstages = race.cols, race.width, race.vmax, race.nextra, race.nstages
    judge = race.ref.judge
    memo = race._memo
    hcache: dict[int, int] = {}
    hkey = 2 * vmax + 2 + 3 * LOOKAHEAD
    look_max = LOOKAHEAD
    pad = boxes[0].pad
    prow, pcol = boxes[0].prow, boxes[0].pcol
    filters = [b.filters for b in boxes]
    # per acceleration: (ar, ac, offset of the judge key)
    opts = [(ar, ac, (ar * width + ac) * nstages) for ar, ac in normal_changes(rules.accel)]

    def bound(d: int, s: int) -> int:
        k = d * hkey + s
        v = hcache.get(k)
        if v is None:
            v = hcache[k] = left(d, s)
        return v

    parents: dict[int, tuple[int, Vector, str] | None] = {}
    best: dict[int, int] = {}
    heap: list[tuple[int, int, int]] = []
    for sid in race.starts():
        r, c, _vr, _vc, stage, _b = race.unpack(sid)
        d = dist[stage][r * cols + c]
        if d != UNREACHABLE and sid not in best:
            best[sid] = 0
            parents[sid] = None
            heapq.heappush(heap, (max(1, bound(d, 0)), 0, sid))
    expanded = 0
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        f, neg_g, sid = pop(heap)
        g = -neg_g
        if best[sid] < g:
            continue  # a stale entry: the state was reached faster since
        expanded += 1
        if expanded > max_states:
            raise _too_many(race, expanded)
        rest, stage = divmod(sid, nextra)
        rest, vci = divmod(rest, width)
        idx, vri = divmod(rest, width)
        vr, vc = vri - vmax, vci - vmax
        r, c = divmod(idx, cols)
        base = rest * width * nstages + vci * nstages + stage  # judge key of (idx, vr, vc, stage)
        ng = g + 1
        for ar, ac, off in opts:
            key = base + off
            res = memo.get(key)
            if res is None:
                nvr, nvc = vr + ar, vc + ac
                res = memo[key] = judge(r, c, nvr, nvc, stage)
            outcome, nstage = res
            if outcome == MOVE:
                nvr, nvc = vr + ar, vc + ac
                nidx = idx + nvr * cols + nvc
                nxt = ((nidx * width + nvr + vmax) * width + nvc + vmax) * nextra + nstage
                if best.get(nxt, ng + 1) <= ng:
                    continue
                d = dist[nstage][nidx]
                if d == UNREACHABLE:
                    continue
                s = nvr if nvr > 0 else -nvr
                t = nvc if nvc > 0 else -nvc
                if t > s:
                    s = t
                hv = hcache.get(d * hkey + s)
                if hv is None:
                    hv = bound(d, s)
                if hv < 1:
                    hv = 1
                if hv > 1:
                    look = look_max
                    if nstage < lap_stages:
                        dn = next_line[nstage][nidx]
                        if dn != UNREACHABLE:
                            look = min(look, bound(dn, s) - 1)
                    if look >= 1:
                        filt = filters[nstage]
                        rr = r + nvr + pad
                        cc = c + nvc + pad
                        dead = False
                        for k in range(1, look + 1):
                            if hv <= k:
                                break
                            rr += nvr
                            cc += nvc
                            if not (0 <= rr < prow and 0 <= cc < pcol):
                                dead = True
                                break
                            m = filt[k - 1][rr * pcol + cc]
                            if m >= INF:
                                dead = True
                                break
                            hk = hcache.get(m * hkey + s + k)
                            if hk is None:
                                hk = bound(m, s + k)
                            if hk + k > hv:
                                hv = hk + k
                        if dead:
                            continue
                best[nxt] = ng
                parents[nxt] = (sid, (ar, ac), NORMAL)
                push(heap, (ng + hv, -ng, nxt))
            elif outcome == FINISH:
                path, accels, kinds_ = racing_line(race, parents, sid, (ar, ac), NORMAL)
                return Solution(rules, ng, path, accels, kinds_, expanded)
    return Solution(rules, None, expanded=expanded)


def bfs(race: Race, max_states: int) -> Solution:
    parents: dict[int, tuple[int, Vector, str] | None] = {}
    depth: dict[int, int] = {}
    queue: deque[int] = deque()
    for sid in race.starts():
        if sid not in parents:
            parents[sid] = None
            depth[sid] = 0
            queue.append(sid)
    expanded = 0
    while queue:
        sid = queue.popleft()
        expanded += 1
        if expanded > max_states:
            raise _too_many(race, expanded)
        for outcome, nxt, a, kind in race.successors(sid):
            if outcome == FINISH:
                path, accels, kinds = racing_line(race, parents, sid, a, kind)
                return Solution(
                    race.rules, depth[sid] + 1, path, accels, kinds, expanded, engine="bfs"
                )
            if nxt not in parents:
                parents[nxt] = (sid, a, kind)
                depth[nxt] = depth[sid] + 1
                queue.append(nxt)
    return Solution(race.rules, None, expanded=expanded, engine="bfs")
