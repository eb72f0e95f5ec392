"""James Bond mode: how the computer drivers use the goodies (race/drivers.py asks): fire at
a rival it can hit or one close ahead, steer a missile in flight, spray oil for a rival close
behind, shoot every rival right behind (never a team-mate). The rules they play by are
race/bond.py's."""

from __future__ import annotations

from generator.games.graph_racers.moves.actions import Action
from generator.games.graph_racers.moves.rules import Vector
from generator.games.graph_racers.race.bond import Gadgets
from generator.games.graph_racers.race.cars import MOVED, OFF_TRACK, Car, Option, Race
from generator.games.graph_racers.race.goodies import Missile, heading

Point = tuple[int, int]


def choose_action(state: Race, o: Option) -> Action | None:
    """What a computer driver does with its goodies after move o (every driver the same):

    - fire its missile when one of its first moves (the accelerations a missile may take)
      blasts a rival car (not its own, not a teammate's), or when a rival stands within six
      squares ahead of it and the missile has a move that keeps off the side and its team;
    - steer its missile in flight: a move that blasts a rival if there is one, else one that
      neither hits the side nor a car of its own team, landing nearest a rival;
    - spray its oil when a rival stands within three squares behind it after the move;
    - shoot its rear guns at every rival one square behind it after the move (and, before
      it chose the move, at every rival behind it then: guns_first).
    """
    g: Gadgets = state.gadgets
    car = state.to_move()
    shoot = ()
    if car.kit.guns and o.outcome in (MOVED, OFF_TRACK):
        shoot = _rivals_behind(state, car, o.aim, o.vector)
    if o.outcome == "finish" or not (
        car.kit.missiles or car.kit.sprayers or car.seat in g.missiles
    ):
        return Action(shoot=shoot) if shoot else None
    start = g.launch(car, o)
    assert start is not None
    end, vector = start
    mine = {c.seat for c in state.cars if c is car or (car.team and c.team == car.team)}
    cars = {c.seat: c.point for c in state.cars if c.on_board and c is not car}
    cars[car.seat] = end
    rivals = [at for seat, at in cars.items() if seat not in mine]
    fire, steer = False, None
    flying = g.missiles.get(car.seat)
    if flying is None and car.kit.missiles:
        m = Missile(car.seat, end, vector)
        steer = _aim(g, m, cars, mine, rivals, must_hit=True)
        if steer is None and any(_within(end, vector, at, 6, ahead=True) for at in rivals):
            steer = _aim(g, m, cars, mine, rivals, must_hit=False)
        fire = steer is not None
    elif flying is not None:
        steer = _aim(g, flying, cars, mine, rivals, must_hit=False)
        steer = steer or g.missile_options(flying.point, flying.vector)[0][0]
    spray = (
        car.kit.sprayers > 0
        and o.vector != (0, 0)
        and any(_within(end, o.vector, at, 3, ahead=False) for at in rivals)
    )
    action = Action(fire, spray, steer if steer != (0, 0) else None, shoot)
    return action or None


def guns_first(state: Race) -> Action | None:
    """What a computer driver's rear guns shoot at the start of its turn, before it chooses
    its move: every rival one square behind it (teammates spared: "help each other")."""
    car = state.to_move()
    if not car.kit.guns:
        return None
    shoot = _rivals_behind(state, car, car.point, car.vector)
    return Action(shoot=shoot) if shoot else None


def _rivals_behind(state: Race, car: Car, point: Point, vector: Vector) -> tuple[int, ...]:
    """The rivals (not teammates) the car on `point` with `vector` can shoot, not shot yet
    this turn, by car number."""
    g: Gadgets = state.gadgets
    return tuple(
        t.seat + 1
        for t in state.cars
        if t.seat not in g.shot
        and (car.team is None or t.team != car.team)
        and g.shootable(car, t, point, vector)
    )


def _aim(
    g: Gadgets,
    m: Missile,
    cars: dict[int, Point],
    mine: set[int],
    rivals: list[Point],
    must_hit: bool,
) -> Vector | None:
    """The missile's acceleration: one that blasts a rival; else (must_hit False) the one
    landing nearest a rival without hitting the side or its own team."""
    best: tuple[tuple[int, ...], Vector] | None = None
    options = g.missile_options(m.point, m.vector)
    for a, _ in options:
        nv = (m.vector[0] + a[0], m.vector[1] + a[1])
        outcome, seat = g.trace(m, nv, cars)
        if outcome == "blast" and seat not in mine:
            return a
        if must_hit or (outcome == "blast" and seat in mine) or outcome == "crash":
            continue
        aim = (m.point[0] + nv[0], m.point[1] + nv[1])
        near = min((max(abs(aim[0] - r[0]), abs(aim[1] - r[1])) for r in rivals), default=0)
        key = (near, abs(a[0]) + abs(a[1]))
        if best is None or key < best[0]:
            best = (key, a)
    return None if best is None else best[1]


def _within(p: Point, v: Vector, q: Point, reach: int, ahead: bool) -> bool:
    """Is q within `reach` squares of p, ahead of it (along its heading) or behind it?"""
    h = heading(v)
    d = (q[0] - p[0], q[1] - p[1])
    side = d[0] * h[0] + d[1] * h[1]
    return 0 < max(abs(d[0]), abs(d[1])) <= reach and (side > 0 if ahead else side < 0)
