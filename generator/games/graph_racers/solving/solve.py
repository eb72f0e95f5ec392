"""The exact solver: the least number of moves from a start to the finish, and a racing line.

Races without boosts or oil (start-to-goal and laps) go to the sweep (sweep.py): a
breadth-first search that moves every car with the same vector at once with big-integer bit
operations. Everything else (oil, boosts) uses A* over states (point, vector, checkpoints passed, boosts left)
with the admissible speed-aware bound of distances.py, so the first finishing move found is
optimal. A plain breadth-first search (`heuristic=False`) is kept for the benchmarks'
comparison; `engine="astar"` forces A* where the sweep would run.

States are packed into integers and the referee answers the common move in constant time;
see benchmarks/graph_racers.py for measured figures.
"""

from __future__ import annotations

import heapq
import time
from collections import deque
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any

from generator.errors import LimitExceeded
from generator.games.graph_racers.moves.referee import FINISH, MOVE, Referee
from generator.games.graph_racers.moves.rules import (
    NORMAL,
    Rules,
    Vector,
    changes,
    normal_changes,
    skid_changes,
    spend,
    turns,
)
from generator.games.graph_racers.solving import sweep
from generator.games.graph_racers.solving.distances import (
    INF,
    LOOKAHEAD,
    UNREACHABLE,
    BoxBound,
    MovesLeft,
    line_distances,
    stage_distances,
)
from generator.games.graph_racers.track.model import Point, Track
from generator.resources import load_json

ENGINES = ("sweep", "astar", "bfs")  # the searches a --max-states limit counts states for
# A*'s default limit, for callers that name one number (presets.json holds every engine's;
# a test keeps the two equal)
DEFAULT_MAX_STATES = 1_000_000


@cache
def default_max_states() -> dict[str, int]:
    """Each search's default state limit (templates/graph_racers/presets.json): a state is
    settled by the sweep, expanded by A* and BFS, and the sweep settles far more of them in
    the same time (barto-big_scaled_10: 19,062,141 in 0.1 s), so its default is larger."""
    table = load_json("graph_racers", "presets.json")["limits"]["max_states"]
    return {engine: int(table[engine]) for engine in ENGINES}


@dataclass
class Solution:
    """An optimal race (or the proof that there is none) under one set of rules."""

    rules: Rules
    moves: int | None
    path: list[Point] = field(default_factory=list)  # the car's points, start first
    accelerations: list[Vector] = field(default_factory=list)
    boosts: list[str] = field(default_factory=list)  # per move: "", "brake", "turbo", "rocket"
    expanded: int = 0
    seconds: float = 0.0
    engine: str = "search"
    optimal_lines: int | None = None  # how many optimal racing lines (capped), when counted
    lines_capped: bool = False

    @property
    def velocities(self) -> list[Vector]:
        return [(b[0] - a[0], b[1] - a[1]) for a, b in zip(self.path, self.path[1:], strict=False)]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "moves": self.moves,
            "path": [list(p) for p in self.path],
            "accelerations": [list(a) for a in self.accelerations],
            "rules": self.rules.to_dict(),
            "engine": self.engine,
            "expanded": self.expanded,
            "seconds": round(self.seconds, 4),
        }
        if any(self.boosts):
            out["boosts"] = self.boosts
        if self.optimal_lines is not None:
            out["optimal_lines"] = self.optimal_lines
            out["optimal_lines_capped"] = self.lines_capped
        return out


class Race:
    """The state graph of one track under one set of rules, shared by the search methods."""

    def __init__(self, track: Track, rules: Rules) -> None:
        self.track = track
        self.rules = rules
        self.ref = Referee(track, rules)
        self.cols = track.cols
        self.vmax = max(track.rows, track.cols) + 3
        self.width = 2 * self.vmax + 1
        b, t, r = rules.budget
        self.budget_sizes = (b + 1, t + 1, r + 1)
        self.nstages = len(track.checkpoints) + 1
        self.nextra = self.nstages * (b + 1) * (t + 1) * (r + 1)
        self._normal = [(a, NORMAL) for a in normal_changes(rules.accel)]
        self._memo: dict[int, tuple[int, int]] = {}
        # per acceleration: (ar, ac, the offset of its judge key, a)
        self._offsets = [
            (a[0], a[1], (a[0] * self.width + a[1]) * self.nstages, a) for a, _k in self._normal
        ]
        self.moves = self._plain_moves if not any(rules.budget) and not track.oil else self._moves

    # --- packing ------------------------------------------------------------------
    def pack(
        self, r: int, c: int, vr: int, vc: int, stage: int, budget: tuple[int, int, int]
    ) -> int:
        bs, ts, rs = self.budget_sizes
        extra = ((stage * bs + budget[0]) * ts + budget[1]) * rs + budget[2]
        w = self.width
        return (
            ((r * self.cols + c) * w + vr + self.vmax) * w + vc + self.vmax
        ) * self.nextra + extra

    def unpack(self, sid: int) -> tuple[int, int, int, int, int, tuple[int, int, int]]:
        sid, extra = divmod(sid, self.nextra)
        sid, vc = divmod(sid, self.width)
        idx, vr = divmod(sid, self.width)
        r, c = divmod(idx, self.cols)
        bs, ts, rs = self.budget_sizes
        extra, rk = divmod(extra, rs)
        extra, tb = divmod(extra, ts)
        stage, br = divmod(extra, bs)
        return r, c, vr - self.vmax, vc - self.vmax, stage, (br, tb, rk)

    def starts(self) -> list[int]:
        return [self.pack(r, c, 0, 0, 0, self.rules.budget) for r, c in self.track.starts]

    # --- moves --------------------------------------------------------------------
    def options(
        self, r: int, c: int, vr: int, vc: int, budget: tuple[int, int, int]
    ) -> list[tuple[Vector, str]]:
        if self.ref.has_oil and self.ref.skids(r, c, vr, vc):
            return skid_changes(self.rules, (vr, vc))
        if any(budget):
            return changes(self.rules, (vr, vc), budget)
        return self._normal

    def judge(self, r: int, c: int, nvr: int, nvc: int, stage: int) -> tuple[int, int]:
        key = (
            ((r * self.cols + c) * self.width + nvr + self.vmax) * self.width + nvc + self.vmax
        ) * self.nstages + stage
        hit = self._memo.get(key)
        if hit is None:
            hit = self.ref.judge(r, c, nvr, nvc, stage)
            self._memo[key] = hit
        return hit

    def successors(self, sid: int):
        """(outcome, next state or None, acceleration, kind) for every legal move."""
        r, c, vr, vc, stage, budget = self.unpack(sid)
        for a, kind in self.options(r, c, vr, vc, budget):
            nvr, nvc = vr + a[0], vc + a[1]
            outcome, nstage = self.judge(r, c, nvr, nvc, stage)
            if outcome == FINISH:
                yield FINISH, None, a, kind
            elif outcome == MOVE:
                nb = spend(budget, kind) if kind else budget
                yield MOVE, self.pack(r + nvr, c + nvc, nvr, nvc, nstage, nb), a, kind

    def _moves(self, sid: int) -> list[tuple[int, int | None, Vector, str]]:
        return list(self.successors(sid))

    def _plain_moves(self, sid: int) -> list[tuple[int, int | None, Vector, str]]:
        """successors of a race without boosts or oil, worked out on the packed state (the
        optimal-line census's hot path, as in _astar_plain)."""
        width, vmax, nextra, nstages = self.width, self.vmax, self.nextra, self.nstages
        rest, stage = divmod(sid, nextra)
        rest, vci = divmod(rest, width)
        idx, vri = divmod(rest, width)
        base = rest * width * nstages + vci * nstages + stage
        memo = self._memo
        out: list[tuple[int, int | None, Vector, str]] = []
        for ar, ac, off, a in self._offsets:
            res = memo.get(base + off)
            if res is None:
                r, c = divmod(idx, self.cols)
                res = memo[base + off] = self.ref.judge(
                    r, c, vri - vmax + ar, vci - vmax + ac, stage
                )
            if res[0] == MOVE:
                nvr, nvc = vri - vmax + ar, vci - vmax + ac
                nidx = idx + nvr * self.cols + nvc
                nxt = ((nidx * width + nvr + vmax) * width + nvc + vmax) * nextra + res[1]
                out.append((MOVE, nxt, a, NORMAL))
            elif res[0] == FINISH:
                out.append((FINISH, None, a, NORMAL))
        return out


def _line(
    race: Race,
    parents: dict[int, tuple[int, Vector, str] | None],
    last: int,
    final: Vector,
    fkind: str,
):
    """Points, accelerations and boosts from the start to the finishing move."""
    chain = []
    sid = last
    while True:
        chain.append(sid)
        p = parents[sid]
        if p is None:
            break
        sid = p[0]
    chain.reverse()
    path: list[Point] = []
    accels: list[Vector] = []
    kinds: list[str] = []
    for sid in chain:
        r, c, *_ = race.unpack(sid)
        path.append((r, c))
        p = parents[sid]
        if p is not None:
            accels.append(p[1])
            kinds.append(p[2])
    r, c, vr, vc, *_ = race.unpack(last)
    nvr, nvc = vr + final[0], vc + final[1]
    path.append((r + nvr, c + nvc))
    accels.append(final)
    kinds.append(fkind)
    return path, accels, kinds


def solve(
    track: Track,
    rules: Rules | None = None,
    *,
    heuristic: bool = True,
    max_states: int | None = None,
    count_lines: int = 0,
    engine: str = "auto",
) -> Solution:
    """The exact minimum number of moves (sweep or A*, or plain BFS with heuristic=False).

    engine: "auto" (the sweep where it applies, else A*), "sweep" or "astar".
    count_lines > 0 also counts the optimal racing lines, up to that cap.
    Raises LimitExceeded when the search needs more than max_states states (the count
    Solution.expanded reports: settled by the sweep, expanded by A* and BFS); None: the
    engine's default (default_max_states).
    """
    rules = rules or Rules()
    if getattr(track, "kind", "cells") == "drawn":
        from generator.games.graph_racers.solving.drawn import solve_drawn

        return solve_drawn(track, rules, max_states=max_states, count_lines=count_lines)
    began = time.perf_counter()
    if engine not in ("auto", "sweep", "astar"):
        raise ValueError(f"engine {engine!r}")
    use_sweep = heuristic and engine != "astar" and sweep.supports(track, rules)
    if engine == "sweep" and not use_sweep:
        raise ValueError("the sweep races tracks without boosts or oil")
    race = None if use_sweep else Race(track, rules)
    if max_states is None:
        max_states = default_max_states()["sweep" if use_sweep else "astar" if heuristic else "bfs"]
    if use_sweep:
        sol = _swept(track, rules, max_states)
    elif heuristic and not rules.has_boosts and not race.ref.has_oil:
        sol = _astar_plain(race, max_states)
    elif heuristic:
        sol = _astar(race, max_states)
    else:
        sol = _bfs(race, max_states)
    if count_lines and sol.moves is not None:
        race = race or Race(track, rules)
        sol.optimal_lines, sol.lines_capped = count_optimal_lines(race, sol.moves, count_lines)
    sol.seconds = time.perf_counter() - began
    return sol


def _too_many(race: Race, expanded: int) -> LimitExceeded:
    return _give_up(race.track, race.rules, expanded - 1)


def _give_up(track: Track, rules: Rules, limit: int) -> LimitExceeded:
    """The limit as given (--max-states), in the states the engine counts."""
    return LimitExceeded(
        f"{track.name}: gave up at the limit of {limit:,} states under {rules.short()}; "
        "use a smaller track or raise --max-states"
    )


def _swept(track: Track, rules: Rules, max_states: int) -> Solution:
    """The sweep (sweep.py); every car is moved on the bitsets, no per-state referee call."""
    try:
        moves, path, accels, settled = sweep.Sweep(track, rules).run(max_states)
    except sweep.TooMany:
        raise _give_up(track, rules, max_states) from None
    if moves is None:
        return Solution(rules, None, expanded=settled)
    return Solution(rules, moves, path, accels, [NORMAL] * moves, settled)


@lru_cache(maxsize=4)
def _tables(track: Track, collision: str, amax: int):
    """Distance tables and box bounds of a track (shared by solves under other accel sets)."""
    rules = Rules(collision=collision)
    dist = stage_distances(track, rules)
    boxes = [BoxBound(table, track.rows, track.cols, amax) for table in dist]
    next_line = line_distances(track, rules) if track.is_lap else []
    return dist, boxes, next_line


def _astar(race: Race, max_states: int) -> Solution:
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
                path, accels, kinds_ = _line(race, parents, sid, (ar, ac), kind)
                return Solution(rules, ng, path, accels, kinds_, expanded)
    return Solution(rules, None, expanded=expanded)


def _astar_plain(race: Race, max_states: int) -> Solution:
    """A* for the common case (no boosts, no oil) with the bound written inline.

    The same search and bound as _astar, without function calls per generated state: this
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
                path, accels, kinds_ = _line(race, parents, sid, (ar, ac), NORMAL)
                return Solution(rules, ng, path, accels, kinds_, expanded)
    return Solution(rules, None, expanded=expanded)


def _bfs(race: Race, max_states: int) -> Solution:
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
                path, accels, kinds = _line(race, parents, sid, a, kind)
                return Solution(
                    race.rules, depth[sid] + 1, path, accels, kinds, expanded, engine="bfs"
                )
            if nxt not in parents:
                parents[nxt] = (sid, a, kind)
                depth[nxt] = depth[sid] + 1
                queue.append(nxt)
    return Solution(race.rules, None, expanded=expanded, engine="bfs")


LINE_NODES = 500_000  # states the optimal-line census may expand before it gives up
# ... when it looks for the natural line of `solve` and `sheet` (at most about 0.5 s; every
# generated track and most public maps need far fewer)
NATURAL_NODES = 50_000


def count_optimal_lines(
    race: Race, moves: int, cap: int, max_nodes: int = LINE_NODES
) -> tuple[int, bool]:
    """How many different racing lines finish in `moves` moves (at most `cap`; True if capped).
    Returns (count, True) as "at least count" when the cap is reached, (0, True) when the
    census would expand more than max_nodes states (OptimalLines)."""
    return OptimalLines(race, moves, max_nodes).count(cap)


class OptimalLines:
    """The states on the optimal racing lines of a race of `moves` moves, layer by layer.

    Forward, layer by layer: a state on an optimal line is met first at its true depth, so
    each state is kept only in the first layer that reaches it, and only while depth plus the
    lower bound fits in `moves`; with it, how many lines reach it (counts add up along the
    layers). `layers` is None when that would expand more than max_nodes states.
    """

    def __init__(self, race: Race, moves: int, max_nodes: int = LINE_NODES) -> None:
        self.race = race
        self.moves = moves
        self.layers = self._forward(max_nodes) if moves >= 1 else []

    def _forward(self, max_nodes: int) -> list[dict[int, int]] | None:
        race, moves = self.race, self.moves
        dist = stage_distances(race.track, race.rules)
        left = MovesLeft(race.rules)

        def lower(sid: int) -> int:
            r, c, vr, vc, stage, budget = race.unpack(sid)
            d = dist[stage][r * race.cols + c]
            if d == UNREACHABLE:
                return moves + 1
            return left(d, max(abs(vr), abs(vc)), budget[1], budget[2])

        layer: dict[int, int] = {}
        for sid in race.starts():
            if sid not in layer and lower(sid) <= moves:
                layer[sid] = 1
        layers = [layer]
        seen = set(layer)
        nodes = 0
        for depth in range(moves - 1):
            nxt_layer: dict[int, int] = {}
            for sid, ways in layer.items():
                nodes += 1
                if nodes > max_nodes:
                    return None
                for outcome, nxt, _a, _k in race.moves(sid):
                    if outcome != MOVE or nxt in seen:
                        continue
                    if nxt in nxt_layer:
                        nxt_layer[nxt] += ways
                    elif depth + 1 + lower(nxt) <= moves:
                        nxt_layer[nxt] = ways
            seen.update(nxt_layer)
            layer = nxt_layer
            layers.append(layer)
        return layers

    def count(self, cap: int) -> tuple[int, bool]:
        """(lines, capped): the optimal lines, at most `cap`; (0, True) when not counted."""
        if self.layers is None:
            return 0, True
        if not self.layers:
            return 0, False
        total = 0
        for sid, ways in self.layers[-1].items():
            for outcome, _nxt, _a, _k in self.race.moves(sid):
                if outcome == FINISH:
                    total += ways
        return (cap, True) if total >= cap else (total, False)

    def natural(self) -> tuple[list[Point], list[Vector], list[str]] | None:
        """The optimal line that looks most natural on paper (points, accelerations, boost
        kinds), or None when the census gave up. Among the optimal lines, the least by
        `move_cost` summed over the line: a drawing that stays on the grid first, then the
        fewest changes of direction, then the least total acceleration; ties go to the first
        in a fixed order (starts as listed, accelerations in the rules' order)."""
        if not self.layers:
            return None
        race = self.race
        # backwards, per layer: state -> (cost of the rest of its best line, move, kind, next)
        choice: list[dict[int, tuple[tuple[int, int, int], Vector, str, int | None]]] = []
        after: dict[int, tuple[tuple[int, int, int], Vector, str, int | None]] = {}
        for k in range(len(self.layers) - 1, -1, -1):
            best: dict[int, tuple[tuple[int, int, int], Vector, str, int | None]] = {}
            last = k == len(self.layers) - 1  # its states finish; the others move on
            for sid in self.layers[k]:
                for outcome, nxt, a, kind in race.moves(sid):
                    if outcome == FINISH and last:
                        cost = move_cost(race, sid, a, finish=True)
                    elif outcome == MOVE and not last and nxt in after:
                        step, rest = move_cost(race, sid, a), after[nxt][0]
                        cost = (step[0] + rest[0], step[1] + rest[1], step[2] + rest[2])
                    else:
                        continue
                    if sid not in best or cost < best[sid][0]:
                        best[sid] = (cost, a, kind, nxt)
            choice.append(best)
            after = best
        choice.reverse()
        if not choice[0]:
            return None
        sid: int | None = min(choice[0], key=lambda k: choice[0][k][0])
        path: list[Point] = []
        accels: list[Vector] = []
        kinds: list[str] = []
        for best in choice:
            assert sid is not None
            r, c, vr, vc, *_ = race.unpack(sid)
            _cost, a, kind, nxt = best[sid]
            path.append((r, c))
            accels.append(a)
            kinds.append(kind)
            last = (r + vr + a[0], c + vc + a[1])
            sid = nxt
        path.append(last)
        return path, accels, kinds


def move_cost(race: Race, sid: int, a: Vector, finish: bool = False) -> tuple[int, int, int]:
    """What a move adds to how unnatural a printed line looks: (1 if the finishing move's
    drawing, cut where the race ends, leaves the grid's lines, else 0; 1 if the car changes
    direction, else 0; the acceleration's size |a_r| + |a_c|). A finishing move may graze a
    goal square's outer corner from beyond the grid: legal, but no student draws it so."""
    r, c, vr, vc, stage, _budget = race.unpack(sid)
    nvr, nvc = vr + a[0], vc + a[1]
    turn = turns((vr, vc), (nvr, nvc))
    off = 0
    if finish:
        t = race.ref.finish_fraction(r, c, nvr, nvc, stage)
        er, ec = r + t * nvr, c + t * nvc
        eps = 1e-9
        off = int(
            not (-eps <= er <= race.track.rows - 1 + eps and -eps <= ec <= race.cols - 1 + eps)
        )
    return off, turn, abs(a[0]) + abs(a[1])


def natural(track: Track, sol: Solution, max_nodes: int = NATURAL_NODES) -> Solution | None:
    """`sol` with its racing line replaced by the most natural optimal one
    (OptimalLines.natural): what answer keys print and `solve` prints. None when the optimal
    lines have more than max_nodes states to look through (big public maps): the search's
    own line stands."""
    if sol.moves is None or getattr(track, "kind", "cells") == "drawn":
        return sol  # the drawn circuits' search picks its natural line itself (drawn_solve)
    line = OptimalLines(Race(track, sol.rules), sol.moves, max_nodes).natural()
    if line is None:
        return None
    path, accels, kinds = line
    return replace(sol, path=path, accelerations=accels, boosts=kinds)
