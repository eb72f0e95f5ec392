"""Computer drivers for the multi-car race (race.py): random, cautious and solver.

Every driver picks one of `RaceState.legal()` for the car on turn, so no driver can break a
rule; they differ in which legal move they take.

- random: a uniformly random legal move that does not crash, when there is one (seeded).
- cautious: never faster than it can stop before a wall (after its move, braking as hard as
  the acceleration set allows, one step a move, touches no wall); keeps a square away from the
  other cars when it can; among those moves the one nearest the finish by the plan below.
- solver: follows an optimal line: the move to the state with the fewest moves still to go
  (the plan), a finishing move first; it never collides when it can avoid it (the rules see
  to that) and, among equally good moves, does not end next to another car.

Goodies (James Bond mode, collectables): every driver uses them the same simple way after
choosing its move (bond.choose_action: fire at a rival it can hit or one close ahead, steer
the missile onto a rival, spray when a rival is close behind); a car designed with a
submarine plans on the track with its water as track.

The plan: one breadth-first search per race over the states (point, vector, stage), forward
from every track point standing still in every stage (where a car stands after the start, a
crash or a collision), then backwards from the finishing moves: the exact number of moves a
car alone still needs from each state (boosts left aside; a boosted move is judged by where it
lands). It is the solver's optimum from every state at once, through the referee seam, so it
works on cell maps and drawn circuits alike. With the Swedish jumps the plan jumps too; under
--off-track circle (swedish.py) solver and cautious leave the track only when every clean move
leaves it, and off it take the quickest way back (swedish.route_back).
"""

from __future__ import annotations

import random
from array import array
from collections import deque
from typing import Any

from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.bond import choose_action
from generator.games.graph_racers.race import (
    CRASHES,
    CUTS,
    FINISHES,
    OFF_TRACK,
    Design,
    Option,
    RaceState,
    apart,
    default_starts,
    speed,
    stages,
    track_points,
)
from generator.games.graph_racers.referee import CRASH, FINISH
from generator.games.graph_racers.rules import Rules, normal_changes, skid_changes

DRIVERS = ("solver", "cautious", "random")
PLAN_STATES = 2_000_000  # states the plan may hold (a 40 x 25 circuit needs about 100,000)
INF = 1 << 30

State = tuple[int, int, int, int, int]  # r, c, vr, vc, stage


class Plan:
    """Moves still to go from every state a car can be in (INF: the finish is out of reach)."""

    def __init__(
        self, track: Any, rules: Rules, max_states: int = PLAN_STATES, jumps: bool = False
    ) -> None:
        """jumps: the Swedish jumps (a move that repeats its vector may pass over obstacles)."""
        from generator.games.graph_racers.check import _referee
        from generator.games.graph_racers.swedish import Jumps

        ref = _referee(track, rules)
        jumper = Jumps(track, rules) if jumps else None
        normal = normal_changes(rules.accel)
        ids: dict[State, int] = {}
        states: list[State] = []
        finishing = bytearray()
        src, dst = array("i"), array("i")
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
                accels = [a for a, _ in skid_changes(rules, (vr, vc))]
            else:
                accels = list(normal)
                if jumper is not None and (0, 0) not in accels:  # accel 8: a jump repeats
                    if jumper.jumps(ref, (r, c), (vr, vc), s):
                        accels.append((0, 0))
            for ar, ac in accels:
                nvr, nvc = vr + ar, vc + ac
                outcome, ns = ref.judge(r, c, nvr, nvc, s)
                if outcome == CRASH and jumper is not None and ar == ac == 0:
                    outcome, ns = jumper.judge((r, c), (nvr, nvc), s)
                if outcome == CRASH:
                    continue
                if outcome == FINISH:
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
                src.append(i)
                dst.append(j)
        # backwards: predecessors grouped by state (counting sort of the edges by target)
        n = len(states)
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
        self.dist = dist

    def to_go(self, state: State) -> int:
        """Moves a lone car still needs from this state (INF when unknown or out of reach)."""
        i = self.ids.get(state)
        return INF if i is None else self.dist[i]


def _after(o: Option, state: RaceState) -> State:
    """The state the option leaves the car in (a collision stops it)."""
    end = o.end if o.end is not None else o.aim
    v = o.vector if o.outcome == "move" else (0, 0)
    return (end[0], end[1], v[0], v[1], o.stage)


def _hurt(o: Option, state: RaceState) -> int:
    """The damage the option does to the car."""
    if o.outcome in (CRASHES, CUTS):
        return speed(o.vector)
    if o.outcome == "collision":
        assert o.other is not None
        return apart(state.to_move().point, state.cars[o.other].last)
    return 0


def _near_others(o: Option, state: RaceState) -> bool:
    me = state.to_move()
    end = o.end if o.end is not None else o.aim
    return any(c is not me and c.on_board and apart(c.point, end) <= 1 for c in state.cars)


def _brake(x: int) -> int:
    return x - (x > 0) + (x < 0)


class Driver:
    name = "driver"

    def choose(self, state: RaceState) -> Option:  # pragma: no cover - interface
        raise NotImplementedError

    @staticmethod
    def least_harm(opts: list[Option], state: RaceState) -> Option:
        """When every move crashes or collides: the least damage, then the first."""
        return min(opts, key=lambda o: _hurt(o, state))

    def back_on_track(self, state: RaceState, plan: Plan) -> Option | None:
        """Off the track (--off-track circle): the first move of the quickest way back
        behind the point the car left (swedish.route_back), else the clean move that lands
        nearest that point (where it may always come back), the slowest first; None when the
        car is on the track."""
        car = state.to_move()
        if car.left_from is None:
            return None
        from generator.games.graph_racers.swedish import route_back

        a = route_back(state, car, plan.to_go)
        opts = state.legal()
        clean = [o for o in opts if o.clean]
        chosen = next((o for o in clean if o.accel == a), None)
        if chosen is not None:
            return chosen
        if clean:
            left = car.left_from
            return min(clean, key=lambda o: (apart(o.aim, left), speed(o.vector)))
        return self.least_harm(opts, state)

    def clean_moves(self, state: RaceState) -> tuple[list[Option], Option | None]:
        """The legal moves that neither crash nor collide, and the move a planning driver
        makes without weighing them: the first that finishes, or the least harm when every
        move crashes or collides (then there are no clean moves). A move off the track
        (--off-track circle) only when every clean move leaves it."""
        opts = state.legal()
        clean = [o for o in opts if o.clean]
        if not clean:
            return [], self.least_harm(opts, state)
        clean = [o for o in clean if o.outcome != OFF_TRACK] or clean  # stay on the track
        return clean, next((o for o in clean if o.outcome == FINISHES), None)


class RandomDriver(Driver):
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: RaceState) -> Option:
        opts = state.legal()
        clean = [o for o in opts if o.clean]
        return self.rng.choice(clean or opts)


class SolverDriver(Driver):
    name = "solver"

    def __init__(self, plan: Plan) -> None:
        self.plan = plan

    def choose(self, state: RaceState) -> Option:
        back = self.back_on_track(state, self.plan)
        if back is not None:
            return back
        clean, chosen = self.clean_moves(state)
        if chosen is not None:
            return chosen
        return min(
            clean,
            key=lambda o: (self.plan.to_go(_after(o, state)), _near_others(o, state), bool(o.kind)),
        )


class CautiousDriver(Driver):
    name = "cautious"

    def __init__(self, plan: Plan) -> None:
        self.plan = plan

    def can_stop(self, state: RaceState, o: Option) -> bool:
        """After the move, braking one step a move (one axis a move under accel 5) touches
        no wall."""
        if o.outcome == FINISHES:
            return True
        r, c, vr, vc, s = _after(o, state)
        both = state.rules.accel != 5
        ref = state.ref
        while vr or vc:
            if both:
                vr, vc = _brake(vr), _brake(vc)
            elif abs(vr) >= abs(vc):
                vr = _brake(vr)
            else:
                vc = _brake(vc)
            if not (vr or vc):
                return True
            outcome, s = ref.judge(r, c, vr, vc, s)
            if outcome == CRASH:
                return False
            if outcome == FINISH:
                return True
            r, c = r + vr, c + vc
        return True

    def choose(self, state: RaceState) -> Option:
        back = self.back_on_track(state, self.plan)
        if back is not None:
            return back
        clean, chosen = self.clean_moves(state)
        if chosen is not None:
            return chosen
        safe = [o for o in clean if self.can_stop(state, o)] or clean
        apart_ones = [o for o in safe if not _near_others(o, state)] or safe
        return min(
            apart_ones,
            key=lambda o: (self.plan.to_go(_after(o, state)), speed(o.vector), bool(o.kind)),
        )


def make_drivers(
    names: list[str],
    track: Any,
    rules: Rules,
    seed: int,
    swedish: Any = None,
    designs: list[Design] | None = None,
) -> list[Driver]:
    """The drivers of a race (swedish: the Swedish switches, swedish.Swedish, or None). A car
    designed with a submarine plans on the track with its water as track."""
    for name in names:
        if name not in DRIVERS:
            raise InvalidInput(f"driver {name!r}: use {', '.join(DRIVERS)}")
    jumps = swedish is not None and swedish.jumps
    plan = Plan(track, rules, jumps=jumps) if any(n != "random" for n in names) else None
    water = bool(getattr(track, "water", None))
    subs = [water and designs is not None and bool(designs[i].sub) for i in range(len(names))]
    sub_plan = None
    if any(s and n != "random" for s, n in zip(subs, names, strict=True)):
        sub_plan = Plan(track.submarine(), rules, jumps=jumps)
    rng = random.Random(seed)
    out: list[Driver] = []
    for name, sub in zip(names, subs, strict=True):
        mine = sub_plan if sub else plan
        if name == "random":
            out.append(RandomDriver(rng))
        elif name == "solver":
            assert mine is not None
            out.append(SolverDriver(mine))
        else:
            assert mine is not None
            out.append(CautiousDriver(mine))
    return out


MAX_ROUNDS = 500  # a race of random drivers on a big track may wander; it stops here


def run_race(
    track: Any,
    rules: Rules,
    drivers: list[Driver],
    starts: list[tuple[int, int]] | None = None,
    max_rounds: int = MAX_ROUNDS,
    designs: list[Design] | None = None,
    teams: list[str] | None = None,
    contact: bool = True,
    swedish: Any = None,
) -> RaceState:
    """Play a whole race: car i driven by drivers[i] (designed by designs[i], in team
    teams[i], when given), until every car has finished or is out, or `max_rounds` rounds are
    played (cars still racing then stay 'running'); contact=False: without the collision and
    damage rules (RaceState); swedish: the Swedish switches (swedish.Swedish) or None."""
    starts = starts or default_starts(track, len(drivers))
    state = RaceState(track, rules, starts, designs, teams, contact=contact, swedish=swedish)
    while not state.over and state.round <= max_rounds:
        car = state.to_move()
        option = drivers[car.seat].choose(state)
        state.play(option.accel, choose_action(state, option))
    assert all(c.damage <= c.points or c.status == "out" for c in state.cars)
    return state
