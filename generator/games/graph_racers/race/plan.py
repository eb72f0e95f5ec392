"""The computer drivers' plan: the moves a lone car still needs from every state, for every
budget of boosts it may have left.

The state graph: one breadth-first search per race over the states (point, vector, stage),
forward from every track point standing still in every stage (where a car stands after the
start, a crash or a collision), with every move the rules allow a lone car there (the skid on
oil, the Swedish jump, and the boosted moves of every kind some car in the race has), through
the referee seam, so it works on cell maps and drawn circuits alike.

Level zero, the moves to go with no boosts left, is one backward breadth-first search from the
finishing moves over the normal moves. The level of a budget b = (brakes, turbo, rocket) left,
worked out when a car first asks for it (each lower level first, memoised):

    to_go_b(s) = min(1 for a finishing move, 1 + to_go_b(s') over the normal moves s -> s',
                     1 + to_go_{b - kind}(s') over the boosted moves of a kind b still has)

Every level below b is an upper bound (a car with more boosts left is never slower), so the
level starts as the least of the levels one use below, plus the boosted moves' values; then
only the states it improves spread backwards over the normal moves (Dial's buckets). It is the
exact solver's optimum (solve.py, A* over (point, vector, stage, boosts left)) from every state
at once; tests/graph_racers/test_race_play.py compares the two.

Bounds: the graph holds at most PLAN_STATES states (LimitExceeded beyond); the levels of one
race at most PLAN_CELLS numbers (levels x states, int32: 80 MB). A budget whose levels do not
fit is planned as today's drivers did before the levels: level zero, a boosted move judged by
where it lands (`usable`). The cap counts numbers, not seconds, so the same seed gives the same
race on every machine; at about 0.1 s a million numbers, it also caps the time at about 2 s.
"""

from __future__ import annotations

from array import array
from collections import deque
from typing import Any

import numpy as np

from generator.errors import LimitExceeded
from generator.games.graph_racers.moves.referee import CRASH, FINISH
from generator.games.graph_racers.moves.rules import (
    BRAKE,
    NORMAL,
    ROCKET,
    TURBO,
    Rules,
    changes,
    normal_changes,
    skid_changes,
    spend,
)
from generator.games.graph_racers.race.cars import stages, track_points

PLAN_STATES = 2_000_000  # states the plan may hold (a 40 x 25 circuit needs about 100,000)
PLAN_CELLS = 20_000_000  # numbers all the budget levels of one race may hold
INF = 1 << 30
ZERO = (0, 0, 0)
KINDS = (BRAKE, TURBO, ROCKET)  # the order of a budget's uses

State = tuple[int, int, int, int, int]  # r, c, vr, vc, stage
Budget = tuple[int, int, int]  # brakes, turbo, rocket uses left


class Plan:
    """Moves still to go from every state a car can be in, for each budget of boosts left
    (INF: the finish is out of reach)."""

    def __init__(
        self,
        track: Any,
        rules: Rules,
        max_states: int = PLAN_STATES,
        jumps: bool = False,
        boosts: Budget | None = None,
        max_cells: int = PLAN_CELLS,
    ) -> None:
        """jumps: the Swedish jumps (a move that repeats its vector may pass over obstacles).
        boosts: the most uses of each boost a car of the race has (default: the rules'); the
        graph has the boosted moves of each kind some car has."""
        from generator.games.graph_racers.moves.referee import referee_for
        from generator.games.graph_racers.race.swedish import Jumps

        b, t, k = boosts if boosts is not None else rules.budget
        self.boosts: Budget = (b, t, k)
        self.max_cells = max_cells
        ref = referee_for(track, rules)
        jumper = Jumps(track, rules) if jumps else None
        allowed: dict[tuple[int, int], list[tuple[tuple[int, int], str]]] = {}
        kinds = tuple(int(n > 0) for n in self.boosts)  # a use of each kind some car has
        ids: dict[State, int] = {}
        states: list[State] = []
        finishing = bytearray()
        src, dst = array("i"), array("i")  # normal moves
        bsrc, bdst, bkind = array("i"), array("i"), array("b")  # boosted moves (dst -1: finish)
        queue: deque[int] = deque()
        for r, c in track_points(track):
            for s in range(stages(track)):
                ids[(r, c, 0, 0, s)] = len(states)
                states.append((r, c, 0, 0, s))
                finishing.append(0)
                queue.append(len(states) - 1)
        while queue:
            i = queue.popleft()
            r, c, vr, vc, s = states[i]
            if ref.skids(r, c, vr, vc):
                accels = skid_changes(rules, (vr, vc))
            elif vr == 0 and vc == 0 and ref.on_oil(r, c):  # no boost on oil
                accels = [(a, NORMAL) for a in normal_changes(rules.accel)]
            else:
                accels = allowed.get((vr, vc))
                if accels is None:  # the same for every state of that vector
                    accels = allowed[(vr, vc)] = changes(rules, (vr, vc), kinds)
                if jumper is not None and all(a != (0, 0) for a, _ in accels):  # accel 8
                    if jumper.jumps(ref, (r, c), (vr, vc), s):  # a jump repeats the vector
                        accels = [*accels, ((0, 0), NORMAL)]
            for (ar, ac), kind in accels:
                nvr, nvc = vr + ar, vc + ac
                outcome, ns = ref.judge(r, c, nvr, nvc, s)
                if outcome == CRASH and jumper is not None and ar == ac == 0:
                    outcome, ns = jumper.judge((r, c), (nvr, nvc), s)
                if outcome == CRASH:
                    continue
                if outcome == FINISH:
                    if kind:
                        bsrc.append(i)
                        bdst.append(-1)
                        bkind.append(KINDS.index(kind))
                    else:
                        finishing[i] = 1
                    continue
                key = (r + nvr, c + nvc, nvr, nvc, ns)
                j = ids.get(key)
                if j is None:
                    j = ids[key] = len(states)
                    if j >= max_states:
                        raise LimitExceeded(
                            f"{track.name}: the computer drivers' plan needs more than "
                            f"{max_states:,} states; use a smaller track"
                        )
                    states.append(key)
                    finishing.append(0)
                    queue.append(j)
                if kind:
                    bsrc.append(i)
                    bdst.append(j)
                    bkind.append(KINDS.index(kind))
                else:
                    src.append(i)
                    dst.append(j)
        n = len(states)
        # backwards: predecessors over the normal moves, grouped by state (a counting sort)
        start = array("i", bytes(4 * (n + 1)))
        for j in dst:
            start[j + 1] += 1
        for k in range(n):
            start[k + 1] += start[k]
        fill = array("i", start)
        preds = array("i", bytes(4 * len(src)))
        for i, j in zip(src, dst, strict=True):
            preds[fill[j]] = i
            fill[j] += 1
        dist = array("i", [INF]) * n
        frontier = deque(i for i in range(n) if finishing[i])
        for i in frontier:
            dist[i] = 1
        while frontier:
            j = frontier.popleft()
            d = dist[j] + 1
            for k in range(start[j], start[j + 1]):
                i = preds[k]
                if dist[i] == INF:
                    dist[i] = d
                    frontier.append(i)
        self.ids = ids
        self.dist = dist  # level zero
        self.size = n
        self._start, self._preds = start, preds
        # the boosted moves of each kind: (sources, targets; n stands for the finish)
        src_np = np.frombuffer(bsrc, dtype=np.int32) if len(bsrc) else np.zeros(0, np.int32)
        dst_np = np.frombuffer(bdst, dtype=np.int32) if len(bdst) else np.zeros(0, np.int32)
        kind_np = np.frombuffer(bkind, dtype=np.int8) if len(bkind) else np.zeros(0, np.int8)
        dst_np = np.where(dst_np < 0, n, dst_np)
        self._boosted = [(src_np[kind_np == k], dst_np[kind_np == k]) for k in range(3)]
        # each level as n + 1 numbers, the last 0: the finish
        zero = np.empty(n + 1, dtype=np.int32)
        zero[:n] = np.frombuffer(dist, dtype=np.int32) if n else zero[:0]
        zero[n] = 0
        self._levels: dict[Budget, np.ndarray] = {ZERO: zero}
        self._cells = n + 1

    # --- the levels ---------------------------------------------------------------------
    def _clip(self, budget: Budget) -> Budget:
        """The budget as the plan sees it: no more uses of a kind than the graph has moves
        for (a kind no car has never helps)."""
        (b, t, k), (mb, mt, mk) = budget, self.boosts
        return (min(b, mb), min(t, mt), min(k, mk))

    def _below(self, budget: Budget) -> list[Budget]:
        """Every budget the car may still have later (the budget itself included)."""
        b, t, k = budget
        return [(x, y, z) for x in range(b + 1) for y in range(t + 1) for z in range(k + 1)]

    def usable(self, budget: Budget) -> Budget:
        """The budget a car plans with: its own (clipped), its levels worked out now, or ZERO
        (boosts judged by where they land) when they would pass the plan's PLAN_CELLS."""
        b = self._clip(budget)
        missing = [x for x in self._below(b) if x not in self._levels]
        if self._cells + len(missing) * (self.size + 1) > self.max_cells:
            return ZERO
        for x in sorted(missing, key=sum):
            self._levels[x] = self._level(x)
            self._cells += self.size + 1
        return b

    def _level(self, budget: Budget) -> np.ndarray:
        """The moves to go with `budget` left, from the levels one use below (worked out)."""
        n = self.size
        lower = [(k, spend(budget, KINDS[k])) for k in range(3) if budget[k]]
        best = np.minimum.reduce([self._levels[b] for _k, b in lower])  # an upper bound
        seed = np.full(n + 1, INF, dtype=np.int32)
        for k, b in lower:
            src, dst = self._boosted[k]
            if len(src):
                np.minimum.at(seed, src, self._levels[b][dst] + 1)
        seed[n] = 0
        better = np.nonzero(seed < best)[0]
        level = np.minimum(best, seed)
        if not len(better):
            return level
        # spread the improvements backwards over the normal moves, nearest first
        d = level.tolist()
        start, preds = self._start, self._preds
        buckets: dict[int, list[int]] = {}
        for i in better.tolist():
            buckets.setdefault(d[i], []).append(i)
        value = min(buckets)
        last = max(buckets)
        while value <= last:
            for j in buckets.pop(value, ()):
                if d[j] != value:
                    continue
                for k in range(start[j], start[j + 1]):
                    i = preds[k]
                    if value + 1 < d[i]:
                        d[i] = value + 1
                        buckets.setdefault(value + 1, []).append(i)
                        last = max(last, value + 1)
            value += 1
        return np.array(d, dtype=np.int32)

    # --- asking -------------------------------------------------------------------------
    def to_go(self, state: State, budget: Budget = ZERO) -> int:
        """Moves a lone car with `budget` left still needs from this state (INF when unknown
        or out of reach). A budget `usable` has not worked out is planned as ZERO."""
        i = self.ids.get(state)
        if i is None:
            return INF
        if budget == ZERO:
            return self.dist[i]
        level = self._levels.get(self._clip(budget))
        return int(level[i]) if level is not None else self.dist[i]
