"""The states A*, BFS and the optimal-line census search: a state (point, vector, checkpoints
passed, boosts left) packed into one integer, the legal moves from it, and the racing line read
back from a search's parents.

Race holds the state graph of one track under one set of rules: packing and unpacking, the
moves from a state (the referee's verdicts memoised, so the common move is answered in
constant time; see benchmarks/graph_racers.py for measured figures), and for races without
boosts or oil the moves worked out on the packed state itself (_plain_moves).
"""

from __future__ import annotations

from generator.games.graph_racers.moves.referee import FINISH, MOVE, Referee
from generator.games.graph_racers.moves.rules import (
    NORMAL,
    Rules,
    Vector,
    changes,
    normal_changes,
    oil_changes,
    spend,
)
from generator.games.graph_racers.track.model import Point, Track


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
        if self.ref.has_oil:
            return oil_changes(self.rules, self.ref, r, c, (vr, vc), budget)
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
        optimal-line census's hot path, as in astar.astar_plain)."""
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


def racing_line(
    race: Race,
    parents: dict[int, tuple[int, Vector, str] | None],
    last: int,
    final: Vector,
    fkind: str,
):
    """Points, accelerations and boosts from the start to the finishing move, walked back
    through the parents a search kept (state -> (parent, acceleration, kind), None at a start)."""
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
