"""Computer drivers for the multi-car race (state.py): random, cautious and solver.

Every driver picks one of `RaceState.legal()` for the car on turn, so no driver can break a
rule; they differ in which legal move they take.

- random: a uniformly random legal move that does not crash, when there is one (seeded).
- cautious: never faster than it can stop before a wall (after its move, braking as hard as
  the rules let it, one step a move: the acceleration set, its good brakes left, and the skid
  on oil, the track's and the oil sprayed in the race, which makes a car repeat its vector),
  keeps a square away from the other cars when it can; among those moves the one nearest the
  finish by the plan below.
- solver: follows an optimal line: the move to the state with the fewest moves still to go
  (the plan, with the boosts the car has left), a finishing move first; it never collides when
  it can avoid it (the rules see to that) and, among equally good moves, does not end next to
  another car, then keeps its boosts.

Goodies (James Bond mode, collectables): every driver uses them the same simple way after
choosing its move (bond_drivers.choose_action: fire at a rival it can hit or one close ahead, steer
the missile onto a rival, spray when a rival is close behind); a car designed with a
submarine plans on the track with its water as track.

The plan (plan.py): the exact number of moves a lone car still needs from every state (point,
vector, stage), for every budget of boosts it may have left, the solver's optimum from every
state at once; a budget too big for the plan's bound is planned without boosts (a boosted move
judged by where it lands). With the Swedish jumps the plan jumps too; under --off-track circle
(swedish.py) solver and cautious leave the track only when every clean move leaves it, and off
it take the quickest way back (swedish.route_back).
"""

from __future__ import annotations

import random
from typing import Any

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.referee import CRASH, FINISH
from generator.games.graph_racers.moves.rules import BRAKE, Rules, boost_kind, spend
from generator.games.graph_racers.race.bond_drivers import choose_action, guns_first
from generator.games.graph_racers.race.cars import (
    CRASHES,
    CUTS,
    FINISHES,
    OFF_TRACK,
    Option,
    apart,
    default_starts,
    speed,
)
from generator.games.graph_racers.race.design import Design
from generator.games.graph_racers.race.plan import KINDS, Budget, Plan, State
from generator.games.graph_racers.race.state import RaceState

DRIVERS = ("solver", "cautious", "random")


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


def _hardest_brake(v: tuple[int, int], accel: int, good: bool) -> tuple[tuple[int, int], bool]:
    """The vector after braking as hard as one move allows, and whether it used good brakes:
    a use of good brakes slows the faster axis by 2 (when it is 2 or more), the other axis
    as a normal move (rules.changes); else one step on each axis (one axis, the faster, under
    accel 5)."""
    vr, vc = v
    fast = 0 if abs(vr) >= abs(vc) else 1
    if good and boost_kind(v[fast], -2 if v[fast] > 0 else 2) == BRAKE:
        out = [vr, vc]
        out[fast] += -2 if v[fast] > 0 else 2
        if accel != 5:
            out[1 - fast] = _brake(out[1 - fast])
        return (out[0], out[1]), True
    if accel != 5:
        return (_brake(vr), _brake(vc)), False
    return ((_brake(vr), vc) if fast == 0 else (vr, _brake(vc))), False


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
        from generator.games.graph_racers.race.swedish import route_back

        top = plan.usable(car.budget)
        a = route_back(state, car, lambda s: plan.to_go(s, top))
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


class PlanningDriver(Driver):
    """A driver that weighs its moves by the plan, with the boosts its car has left."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan

    def scorer(self, state: RaceState) -> Any:
        """The moves still to go after an option, for the car on turn: by the plan's level of
        the boosts the car has left after it (plan.usable: none when too big for the plan)."""
        plan = self.plan
        top = plan.usable(state.to_move().budget)

        def to_go(o: Option) -> int:
            left = top
            if o.kind and top[KINDS.index(o.kind)]:
                left = spend(top, o.kind)
            return plan.to_go(_after(o, state), left)

        return to_go


class SolverDriver(PlanningDriver):
    name = "solver"

    def choose(self, state: RaceState) -> Option:
        back = self.back_on_track(state, self.plan)
        if back is not None:
            return back
        clean, chosen = self.clean_moves(state)
        if chosen is not None:
            return chosen
        to_go = self.scorer(state)
        return min(clean, key=lambda o: (to_go(o), _near_others(o, state), bool(o.kind)))


STOP_MOVES = 1000  # a braking that has not stopped after this many moves is not safe


class CautiousDriver(PlanningDriver):
    name = "cautious"

    def can_stop(self, state: RaceState, o: Option) -> bool:
        """After the move, braking as hard as the rules let the car, one move at a time,
        touches no wall: each move a normal brake (one axis under accel 5), or a use of its
        good brakes left (_hardest_brake); but a car that skids (the track's oil or oil
        sprayed in the race, RaceState's skid test) must repeat its vector."""
        if o.outcome == FINISHES:
            return True
        car = state.to_move()
        r, c, vr, vc, s = _after(o, state)
        accel = state.rules.accel
        ref = state.ref_of(car)
        brakes = spend(car.budget, o.kind)[0] if o.kind else car.budget[0]
        for _ in range(STOP_MOVES):
            if not (vr or vc):
                return True
            if not state.gadgets.skids((r, c), (vr, vc)):  # a skid repeats the vector
                (vr, vc), used = _hardest_brake((vr, vc), accel, brakes > 0)
                brakes -= used
                if not (vr or vc):
                    return True
            outcome, s = ref.judge(r, c, vr, vc, s)
            if outcome == CRASH:
                return False
            if outcome == FINISH:
                return True
            r, c = r + vr, c + vc
        return False

    def choose(self, state: RaceState) -> Option:
        back = self.back_on_track(state, self.plan)
        if back is not None:
            return back
        clean, chosen = self.clean_moves(state)
        if chosen is not None:
            return chosen
        safe = [o for o in clean if self.can_stop(state, o)] or clean
        apart_ones = [o for o in safe if not _near_others(o, state)] or safe
        to_go = self.scorer(state)
        return min(apart_ones, key=lambda o: (to_go(o), speed(o.vector), bool(o.kind)))


def most_boosts(rules: Rules, designs: list[Design] | None = None) -> Budget:
    """The most uses of each boost a car of the race starts with (as RaceState gives them:
    the rules', or each design's good brakes and turbo and the rules' rocket plus its own)."""
    if designs is None:
        return rules.budget
    return (
        max(d.brakes for d in designs),
        max(d.turbo for d in designs),
        max(rules.rocket + d.rocket for d in designs),
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
    boosts = most_boosts(rules, designs)
    plan = None
    if any(n != "random" for n in names):
        plan = Plan(track, rules, jumps=jumps, boosts=boosts)
    water = bool(getattr(track, "water", None))
    subs = [water and designs is not None and bool(designs[i].sub) for i in range(len(names))]
    sub_plan = None
    if any(s and n != "random" for s, n in zip(subs, names, strict=True)):
        sub_plan = Plan(track.submarine(), rules, jumps=jumps, boosts=boosts)
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
        state.shoot_first(guns_first(state))  # the rear guns, before the move is chosen
        option = drivers[car.seat].choose(state)
        state.play(option.accel, choose_action(state, option))
    assert all(c.damage <= c.points or c.status == "out" for c in state.cars)
    return state
