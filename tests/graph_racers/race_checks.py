"""The Graph Racers race tests' helpers (tests/graph_racers/test_race*.py), in one place: the
small hand-made maps, placing a car and picking its option in a position, and the checks of a
whole race: damage and standings consistent with the log (`consistent`), and the referee
replaying each car's line to the same race (`agrees`). Import with `from race_checks import
...` (conftest.py puts this folder on sys.path); the `arena` and `corridor` fixtures are in
conftest.py."""

from __future__ import annotations

from generator.games.graph_racers.moves.check import RacingLine
from generator.games.graph_racers.race.bond import replay_actions
from generator.games.graph_racers.race.cars import FINISHED, OUT
from generator.games.graph_racers.race.replay import replay
from generator.games.graph_racers.race.state import RaceState

ARENA = """
####################
#S................G#
#S................G#
#S................G#
#.................G#
#.................G#
####################
"""
CORRIDOR = """
##############
#S.S........G#
##############
"""


def put(
    state: RaceState,
    seat: int,
    point,
    vector=(0, 0),
    prev=None,
    damage=0,
    left=None,
    stage=0,
    moves=None,
) -> None:
    """Place car `seat` on `point` with `vector`, where it stood last turn (`prev`), its
    `damage`, the track point it `left` from (off the track, --off-track circle), its
    `stage` (checkpoints passed) and the moves it has made (`moves`, unchanged if None)."""
    car = state.cars[seat]
    car.point, car.vector, car.prev, car.damage = point, vector, prev, damage
    car.left_from, car.stage = left, stage
    if moves is not None:
        car.moves = moves


def option(state: RaceState, a, legal: bool = False):
    """The car on turn's option of acceleration `a` (among its legal ones with legal=True)."""
    return next(o for o in (state.legal() if legal else state.options()) if o.accel == a)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def lines_of(state: RaceState) -> list[RacingLine]:
    """Each car's start, accelerations and James Bond actions, as race --json writes them."""
    out = []
    for car in state.cars:
        moves = [e for e in state.log if e.kind == "move" and e.car == car.seat]
        start = moves[0].frm if moves else car.point
        acts = tuple(replay_actions(state.log, car.seat).items())
        out.append(
            RacingLine(accelerations=tuple(e.accel for e in moves), start=start, actions=acts)
        )
    return out


def agrees(track, rules, state, designs=None, teams=None, swedish=None, contact=True) -> None:
    """The referee, given each car's accelerations and actions, plays the same race: the same
    events (but for `parked`, which only the referee writes) and, over, the same standings."""
    again = replay(track, rules, lines_of(state), designs, teams, swedish=swedish, contact=contact)
    assert again.illegal is None, again.illegal
    assert [e for e in again.state.log if e.kind != "parked"] == [
        e for e in state.log if e.kind != "parked"
    ]
    if state.over:
        assert again.state.standings() == state.standings()


def consistent(state: RaceState) -> None:
    """A race's log and state agree: each car's damage is the sum of its damage events, its
    damage points are its design's (or five) plus a dime's five for each dime picked up, it
    is out exactly when wrecked (more damage than its points, or hit at all with none), every
    coin is picked up once, shots and blasts do the goodies' damage, and the standings rank
    the cars with the finished ones first in finishing order."""
    n = len(state.cars)
    damage = [0] * n
    points = [car.design.damage if car.design else 5 for car in state.cars]
    hit = [False] * n
    for e in state.log:
        if e.kind in ("crash", "blast", "shot"):
            damage[e.car] += e.damage
            hit[e.car] = True
        elif e.kind == "collision":
            damage[e.car] += e.damage
            damage[e.other] += e.other_damage
            hit[e.car] = hit[e.other] = True
            assert e.damage == e.other_damage == e.apart
        elif e.kind == "pickup" and e.coin == "dime":  # "five extra damage points"
            points[e.car] += 5
    for car in state.cars:
        assert car.damage == damage[car.seat]
        assert car.points == points[car.seat]
        # without contact a crash is no hit: nothing puts a car out
        wrecked = car.damage > car.points or (car.points == 0 and hit[car.seat] and state.contact)
        assert (car.status == OUT) == wrecked, (car.seat, car.status, car.damage, car.points)
    outs = [e.car for e in state.log if e.kind == "out"]
    assert sorted(outs) == [c.seat for c in state.cars if c.status == OUT]  # each out once
    for e in state.log:
        if e.kind == "shot":
            shooter = state.cars[e.other]  # its guns, and a set more for each b coin picked up
            bought = shooter.design.guns if shooter.design else 0
            assert bought <= e.damage <= shooter.kit.guns
        if e.kind == "blast":
            assert e.damage == 3  # "causes 3 points of damage"
    picked = [e.to for e in state.log if e.kind == "pickup"]
    assert len(picked) == len(set(picked))  # each coin once
    assert set(picked) <= set(getattr(state.track, "coins", {}))
    table = state.standings()
    assert [r["place"] for r in table] == list(range(1, n + 1))
    assert sorted(r["car"] for r in table) == list(range(1, n + 1))
    done = [r for r in table if r["status"] == FINISHED]
    assert [r["place"] for r in done] == list(range(1, len(done) + 1))
    assert [r["round"] for r in done] == sorted(r["round"] for r in done)
    assert [r["car"] - 1 for r in done] == state.finish_order
