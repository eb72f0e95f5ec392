"""The par of a drawn circuit: an exact breadth-first search over (point, vector, gates passed).

As the cell tracks' sweep (sweep.py), it moves every car with the same vector and the same
gates passed at once, as one bitset over the grid's points (bit r * cols + c): the cars that
may take vector d next are the union of the frontier sets whose vector differs from d by an
allowed acceleration; moving them is one shift. What differs is the wall: a drawn edge is not
the same around every point, so which points may move by d is learnt point by point, only for
points some car stands on with that choice (drawn.Geometry.legal, exact), and kept per vector.

Gates: per (stage, vector) the few points whose move crosses the gate of that stage are found
once by trying the points within reach of the gate; each of them is judged by the track's own
`stage_after` (several gates a move, in order along the move). Everything else stays in its
stage.

A state first reached at layer k always has a predecessor in layer k - 1, so the stored layers
give one optimal line by walking back, and, walked back from every finishing move, the states
on *every* optimal line: `optimal_lines` counts those lines and picks the most natural one
(as optimal_lines.move_cost: fewest changes of direction, then the least total acceleration,
then the first in a fixed order).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import NamedTuple

from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.moves.rules import NORMAL, Rules, normal_changes, turns
from generator.games.graph_racers.solving.solution import Solution, default_max_states
from generator.games.graph_racers.track.drawn import SCALE, DrawnTrack, Point

Vector = tuple[int, int]
Key = tuple[int, Vector]  # (stage, vector)


def bits_of(x: int) -> Iterator[int]:
    """The indices of the set bits of x, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def supports(rules: Rules) -> str | None:
    """None when drawn circuits race under these rules, else why not."""
    if rules.has_boosts:
        return "drawn circuits are raced without good brakes, turbo or the rocket"
    return None


class DrawnRace:
    """The search over one drawn track under one set of rules."""

    def __init__(
        self, track: DrawnTrack, rules: Rules, legal: Callable[[Point, Vector], bool] | None = None
    ) -> None:
        why = supports(rules)
        if why:
            raise InvalidInput(f"{track.name}: {why}; drop the boost options")
        self.track = track
        self.rules = rules
        self.geom = track.geometry
        # who judges a move: the drawn edges, or (print_scale.py) the edges offset
        self.judge = legal or self.geom.legal
        self.cols = track.cols
        self.accels = normal_changes(rules.accel)
        self.final = len(track.gates)
        self.track_bits = 0
        for r, c in self.geom.track_points:
            self.track_bits |= 1 << (r * self.cols + c)
        self._legal: dict[Vector, int] = {}
        self._known: dict[Vector, int] = {}
        self._cross: dict[Key, int] = {}

    # --- bit sets --------------------------------------------------------------------
    def point(self, i: int) -> Point:
        return divmod(i, self.cols)

    def shift(self, bits: int, d: Vector) -> int:
        off = d[0] * self.cols + d[1]
        return bits << off if off >= 0 else bits >> -off

    def legal_bits(self, d: Vector, cars: int) -> int:
        """The cars (a bitset of points) whose move by d is legal."""
        lands = cars & self.shift(self.track_bits, (-d[0], -d[1]))
        if self.rules.collision == "endpoint" or d == (0, 0):
            return lands
        known = self._known.get(d, 0)
        legal = self._legal.get(d, 0)
        need = lands & ~known
        if need:
            for i in bits_of(need):
                if self.judge(self.point(i), d):
                    legal |= 1 << i
            self._known[d] = known | need
            self._legal[d] = legal
        return lands & legal

    def cross_bits(self, stage: int, d: Vector) -> int:
        """The track points whose move by d crosses the gate of this stage the racing way."""
        key = (stage, d)
        got = self._cross.get(key)
        if got is not None:
            return got
        gate = self.track.gates[stage]
        axis = gate.axis
        step = d[axis] * gate.direction
        bits = 0
        if step > 0:
            other = 1 - axis
            lo = gate.lo // SCALE - abs(d[other]) - 1
            hi = -(-gate.hi // SCALE) + abs(d[other]) + 1
            for back in range(1, step + 1):
                along = gate.at - back * gate.direction
                for across in range(lo, hi + 1):
                    p = (across, along) if axis == 1 else (along, across)
                    if p in self.track.track_points:
                        q = (p[0] + d[0], p[1] + d[1])
                        if gate.crossing(p, q) is not None:
                            bits |= 1 << (p[0] * self.cols + p[1])
        self._cross[key] = bits
        return bits

    def stage_after(self, i: int, d: Vector, stage: int) -> int:
        p = self.point(i)
        return self.track.stage_after(p, (p[0] + d[0], p[1] + d[1]), stage)

    # --- the search ------------------------------------------------------------------
    def starts(self) -> int:
        bits = 0
        for r, c in self.track.starts:
            bits |= 1 << (r * self.cols + c)
        return bits

    def run(self, max_states: int) -> tuple[list[dict[Key, int]], list]:
        """The layers of first-reached states and the finishing moves (layer, stage, vector,
        point index) of the last layer; no finishing moves when no lap is possible."""
        start = self.starts()
        layers: list[dict[Key, int]] = [{(0, (0, 0)): start}]
        seen: dict[Key, int] = {(0, (0, 0)): start}
        settled = start.bit_count()
        if settled > max_states:
            raise self._too_many(max_states)
        while True:
            frontier = layers[-1]
            movers: dict[Key, int] = {}
            for (s, d), bits in frontier.items():
                for a in self.accels:
                    key = (s, (d[0] + a[0], d[1] + a[1]))
                    movers[key] = movers.get(key, 0) | bits
            nxt: dict[Key, int] = {}
            finishing = []
            for (s, d), cars in sorted(movers.items()):
                legal = self.legal_bits(d, cars)
                if not legal:
                    continue
                crossing = legal & self.cross_bits(s, d)
                plain = legal & ~crossing
                if plain:
                    nxt[(s, d)] = nxt.get((s, d), 0) | self.shift(plain, d)
                for i in bits_of(crossing):
                    s2 = self.stage_after(i, d, s)
                    if s2 == self.final:
                        finishing.append((s, d, i))
                    else:
                        j = i + d[0] * self.cols + d[1]
                        nxt[(s2, d)] = nxt.get((s2, d), 0) | (1 << j)
            if finishing:
                return layers, finishing
            fresh: dict[Key, int] = {}
            for key, bits in nxt.items():
                new = bits & ~seen.get(key, 0)
                if new:
                    fresh[key] = new
                    seen[key] = seen.get(key, 0) | new
                    settled += new.bit_count()
            if settled > max_states:
                raise self._too_many(max_states)
            if not fresh:
                return layers, []
            layers.append(fresh)

    def _too_many(self, limit: int) -> LimitExceeded:
        return LimitExceeded(
            f"{self.track.name}: gave up at the limit of {limit:,} states under "
            f"{self.rules.short()}; raise --max-states"
        )

    def predecessors(
        self, layers: list[dict[Key, int]], k: int, i: int, v: Vector, s: int
    ) -> list[tuple[int, Vector, int]]:
        """The states (point index, vector, stage) of layer k - 1 whose legal move lands on
        point i with vector v in stage s."""
        out = []
        j = i - (v[0] * self.cols + v[1])
        if j < 0:
            return out
        for a in self.accels:
            v0 = (v[0] - a[0], v[1] - a[1])
            for s0 in range(s, -1, -1):
                bits = layers[k - 1].get((s0, v0), 0)
                if bits >> j & 1 and self.legal_bits(v, 1 << j) and self.stage_after(j, v, s0) == s:
                    out.append((j, v0, s0))
        return out


class Searched(NamedTuple):
    """One breadth-first search of a lap: the race (its move judge and caches), the layers of
    first-reached states and the finishing moves (none when no lap is possible)."""

    race: DrawnRace
    layers: list[dict[Key, int]]
    finishing: list


def search_drawn(
    track: DrawnTrack,
    rules: Rules | None = None,
    *,
    max_states: int | None = None,
    legal: Callable[[Point, Vector], bool] | None = None,
) -> Searched:
    """The search solve_drawn answers from, run once: the generator reads the par, the
    optimal lines and the print-scale gaps from the same search (generating/drawn.py)."""
    rules = rules or Rules()
    if max_states is None:
        max_states = default_max_states()["sweep"]
    race = DrawnRace(track, rules, legal)
    return Searched(race, *race.run(max_states))


def solve_drawn(
    track: DrawnTrack,
    rules: Rules | None = None,
    *,
    max_states: int | None = None,
    count_lines: int = 0,
    legal: Callable[[Point, Vector], bool] | None = None,
    searched: Searched | None = None,
) -> Solution:
    """The exact par of a lap of a drawn circuit and one optimal line (the most natural of
    them: fewest changes of direction, then least total acceleration). count_lines > 0 also
    counts the optimal lines, up to that cap. Gives up (LimitExceeded) when the search needs
    more than max_states states (None: the sweep's default, as it settles states the same
    way). `legal` judges a move in place of the drawn edges (print_scale.py: the edges offset
    by the ink). `searched`: the search already run (search_drawn) on this track and rules."""
    began = time.perf_counter()
    if searched is None:
        searched = search_drawn(track, rules, max_states=max_states, legal=legal)
    race, layers, finishing = searched
    rules = race.rules
    settled = sum(b.bit_count() for layer in layers for b in layer.values())
    if not finishing:
        return Solution(rules, None, expanded=settled, engine="search")
    best, count, capped = optimal_lines(race, layers, finishing, count_lines)
    path = [race.point(i) for i in best]
    accels = []
    prev = (0, 0)
    for a, b in zip(path, path[1:], strict=False):
        v = (b[0] - a[0], b[1] - a[1])
        accels.append((v[0] - prev[0], v[1] - prev[1]))
        prev = v
    sol = Solution(rules, len(path) - 1, path, accels, [NORMAL] * (len(path) - 1), settled)
    if count_lines:
        sol.optimal_lines, sol.lines_capped = count, capped
    sol.seconds = time.perf_counter() - began
    return sol


def optimal_lines(
    race: DrawnRace, layers: list[dict[Key, int]], finishing: list, cap: int
) -> tuple[list[int], int, bool]:
    """The most natural optimal line (point indices, start first), how many optimal lines
    there are (up to cap), and whether the count hit the cap.

    Walking back from every finishing move gives the states on some optimal line, layer by
    layer; per state, the number of lines from the start and the least cost (_then: fewest
    changes of direction, then least total acceleration) are then summed forwards over that
    small graph."""
    n = len(layers) - 1
    on_line, ends = on_lines(race, layers, finishing)
    # forwards: lines counted, and the natural line's cost and choice
    count: dict[tuple[int, Vector, int], int] = {}
    cost: dict[tuple[int, Vector, int], tuple[int, int, tuple]] = {}
    for state in on_line[0]:
        count[state] = 1
        cost[state] = (0, 0, (state[0],))
    for k in range(1, n + 1):
        for state, preds in on_line[k].items():
            count[state] = min(sum(count[p] for p in preds), cap + 1) if cap else 1
            cost[state] = min(_then(cost[p], p[1], state[1], state[0]) for p in preds)
    total = 0
    best = None
    for state, outs in sorted(ends.items()):
        for j, d in outs:
            total += count[state]
            c = _then(cost[state], state[1], d, j)
            if best is None or c < best:
                best = c
    capped = bool(cap) and total > cap
    return list(best[2]), min(total, cap) if cap else 0, capped


State = tuple[int, Vector, int]  # point index, vector, stage


def on_lines(
    race: DrawnRace, layers: list[dict[Key, int]], finishing: list
) -> tuple[list[dict[State, list[State]]], dict[State, list[tuple[int, Vector]]]]:
    """The states on some optimal line, layer by layer, each with its predecessors on one,
    and the finishing moves (state at the last layer -> the end points and vectors)."""
    n = len(layers) - 1
    # the finishing moves: (state at layer n) -> the end points they reach
    on_line: list[dict[tuple[int, Vector, int], list]] = [{} for _ in range(n + 1)]
    ends: dict[tuple[int, Vector, int], list[tuple[int, Vector]]] = {}
    for s, d, i in finishing:
        for a in race.accels:
            v0 = (d[0] - a[0], d[1] - a[1])
            if layers[n].get((s, v0), 0) >> i & 1:
                ends.setdefault((i, v0, s), []).append((i + d[0] * race.cols + d[1], d))
    for state in ends:
        on_line[n][state] = []
    for k in range(n, 0, -1):
        for i, v, s in on_line[k]:
            preds = race.predecessors(layers, k, i, v, s)
            on_line[k][(i, v, s)] = preds
            for p in preds:
                on_line[k - 1].setdefault(p, [])
    return on_line, ends


def optimal_moves(
    race: DrawnRace, layers: list[dict[Key, int]], finishing: list
) -> set[tuple[Point, Point]]:
    """Every move (from, to) that some optimal line makes."""
    on_line, ends = on_lines(race, layers, finishing)
    out = set()
    for layer in on_line:
        for (i, _v, _s), preds in layer.items():
            for j, _v0, _s0 in preds:
                out.add((race.point(j), race.point(i)))
    for (i, _v, _s), outs in ends.items():
        for j, _d in outs:
            out.add((race.point(i), race.point(j)))
    return out


def _then(cost: tuple, v0: Vector, v1: Vector, point: int) -> tuple:
    """A line's cost (turns, total acceleration, points) after one more move from vector v0
    to v1, landing on `point`: as optimal_lines.move_cost, fewest changes of direction first,
    then the least total acceleration, then the first in index order."""
    size = abs(v1[0] - v0[0]) + abs(v1[1] - v0[1])
    return (cost[0] + turns(v0, v1), cost[1] + size, (*cost[2], point))
