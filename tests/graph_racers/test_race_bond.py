"""James Bond mode (issue 17): goodies bought with the design's $100 and played in the race
(goodies.py, bond.py, state.py). docs/rules/graph-racers.md, "The race (race/)", James Bond
mode, states each decision; every test quotes the seed's sentence it pins."""

from __future__ import annotations

import itertools
import json

import jsonschema
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from race_checks import agrees, consistent, kinds, lines_of, option, put

from generator import schemas
from generator.cli import cli
from generator.errors import InvalidInput
from generator.games.graph_racers.moves.actions import Action
from generator.games.graph_racers.moves.check import check_line, parse_moves
from generator.games.graph_racers.moves.rules import ROCKET, Rules
from generator.games.graph_racers.race.bond import replay_actions
from generator.games.graph_racers.race.bond_drivers import choose_action
from generator.games.graph_racers.race.cars import CRASHES, MOVED, OUT, default_starts
from generator.games.graph_racers.race.design import Design, parse_designs
from generator.games.graph_racers.race.drivers import make_drivers, run_race
from generator.games.graph_racers.race.goodies import behind, heading, slick
from generator.games.graph_racers.race.replay import replay
from generator.games.graph_racers.race.state import IllegalMove, RaceState

POND = """
#########
#S......#
#wwwwww.#
#G......#
#########
"""
LAKE = EXAMPLES / "lake-sprint.txt"
ARENA_MAP = (
    "####################\n#S................G#\n#S................G#\n#S................G#\n"
    "#.................G#\n#.................G#\n####################\n"
)
ARMED = Design(0, 0, 4, missile=1, sprayer=1, guns=2)  # $20 + $30 + $10 + $40 = $100
PLAIN = Design(0, 0, 20)


# --- buying: "spend your money to buy missiles, oil slick sprayers, rocket boosters, ..." ---------


def test_goodies_are_bought_with_the_designs_100_dollars():
    assert Design.parse("2/2/12") == Design(2, 2, 12)  # the old form stands
    d = Design.parse("0/0/4+missile+sprayer+guns*2")
    assert d == ARMED and d.cost == 100 and d.spec == "0/0/4+missile+sprayer+guns*2"
    assert Design.parse("0/0/2+oil+rocket+submarine") == Design(0, 0, 2, 0, 1, 1, 1)
    assert Design.parse("0/0/2+oil+rocket+submarine").cost == 10 + 10 + 30 + 30
    assert d.to_dict() == {
        "brakes": 0,
        "turbo": 0,
        "damage": 4,
        "missile": 1,
        "sprayer": 1,
        "guns": 2,
        "cost": 100,
    }
    assert Design(2, 2, 12).to_dict() == {"brakes": 2, "turbo": 2, "damage": 12, "cost": 100}
    assert d.words() == (
        "good brakes x0, turbo x0, 4 damage points, missile, oil sprayer, rear guns x2"
    )


def test_goodies_are_bought_by_the_number_as_the_sheet_asks(arena):
    """Issue 28, point 5: the seed's plurals ("buy missiles, oil slick sprayers, rocket
    boosters") and the car-design sheet's "Missile: ____ x $30": 0/0/4+missile*2 is two
    missiles, each fired one time; two sprayers spray twice; two rockets boost twice. A
    submarine is a capability: one."""
    d = Design.parse("0/0/4+missile*2")
    assert (d.missile, d.cost, d.spec) == (2, 80, "0/0/4+missile*2")
    assert Design.parse("0/0/0+rocket*2+sprayer*3").cost == 90
    state = RaceState(arena, Rules(), [(1, 1), (2, 1)], [Design(0, 0, 4, missile=2), PLAIN])
    put(state, 0, (3, 2), (0, 1))
    put(state, 1, (5, 1))
    state.play((0, 0), Action(fire=True, missile=(-1, 0)))  # the first missile
    state.play((0, 0))
    with pytest.raises(IllegalMove, match="one missile at a time"):
        state.play((0, 0), Action(fire=True))
    state.play((0, 0), Action(missile=(-1, 0)))  # it flies into the top wall and vanishes
    assert state.gadgets.missiles == {} and state.cars[0].kit.missiles == 1
    state.play((0, 0))
    events = state.play((0, 0), Action(fire=True, missile=(1, 0)))  # the second
    assert "fire" in kinds(events) and state.cars[0].kit.missiles == 0
    rockets = RaceState(arena, Rules(), [(1, 1), (2, 1)], [Design(0, 0, 0, rocket=2), PLAIN])
    assert rockets.cars[0].budget == (0, 0, 2)
    sprays = RaceState(arena, Rules(), [(1, 1), (2, 1)], [Design(0, 0, 0, sprayer=2), PLAIN])
    put(sprays, 0, (3, 2), (0, 1))
    sprays.play((0, 0), Action(spray=True))
    sprays.play((0, 0))
    sprays.play((0, 0), Action(spray=True))
    assert sprays.cars[0].kit.sprayers == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0/0/4+missile+sub+guns*2", r"costs \$120 .*missile \$30.*a car has \$100"),
        ("0/0/10+laser", "unknown goodie 'laser'; James Bond mode sells missile"),
        ("0/0/0+missile*4", r"costs \$120"),
        ("0/0/0+sub+submarine", "one submarine a car"),
        ("0/0/0+guns*x", r"write guns\*N with a whole number N"),
        ("0/0+missile", "give brakes/turbo/damage points"),
    ],
)
def test_bad_designs_are_one_line_errors(text, message):
    with pytest.raises(InvalidInput, match=message):
        parse_designs(text, 2)


def test_bad_designs_and_rules_on_the_command_line():
    race = ["graph-racers", "race", str(LAKE), "--players", "2"]
    for design, words in [
        ("0/0/4+missile+sub+guns*2", "costs $120"),
        ("0/0/4+laser", "unknown goodie 'laser'"),
        ("0/0/0+sub*2", "one submarine a car"),
    ]:
        r = CliRunner().invoke(cli, [*race, "--design", design])
        assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output, r.output
    r = CliRunner().invoke(cli, [*race, "--design", "0/0/0+rocket", "--rocket", "1"])
    assert r.exit_code == 2 and "leave --rocket out" in r.output
    r = CliRunner().invoke(cli, [*race, "--design", "0/0/0+guns", "--no-contact"])
    assert r.exit_code != 0 and "missiles and rear guns would do nothing" in r.output


# --- "$30 Rocket boosters. Once during the game, you can speed up by THREE squares" ---------------


def test_a_bought_rocket_speeds_up_by_three_once(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 2), [Design(0, 0, 0, rocket=1), PLAIN])
    assert state.cars[0].budget == (0, 0, 1) and state.cars[1].budget == (0, 0, 0)
    put(state, 0, (3, 2), (0, 1))
    rocket = next(o for o in state.options() if o.kind == ROCKET and o.accel == (0, 3))
    assert rocket.vector == (0, 4)  # "speed up by THREE squares"
    state.play((0, 3))
    state.play((0, 0))
    assert not any(o.kind == ROCKET for o in state.options())
    with pytest.raises(InvalidInput, match="leave --rocket out"):
        RaceState(arena, Rules(rocket=1), default_starts(arena, 2), [Design(0, 0, 0, rocket=1)] * 2)


# --- "Only cars with submarine capability can cross these parts of the track. Everyone else
# crashes if they try." -------------------------------------------------------------------------


def test_water_is_a_wall_to_cars_and_track_to_submarines(text_track):
    pond = text_track(POND, name="pond")
    designs = [Design(0, 0, 10, sub=1), PLAIN]
    state = RaceState(pond, Rules(), [(1, 1), (1, 1)], designs)
    sub_move = next(o for o in state.options() if o.accel == (1, 0))
    assert sub_move.outcome == MOVED and sub_move.aim == (2, 1)  # onto the water
    state.play((1, 0))
    car = next(o for o in state.options() if o.accel == (1, 0))
    assert car.outcome == CRASHES  # "Everyone else crashes if they try"
    events = state.play((1, 0))
    assert kinds(events) == ["move", "crash"] and events[1].damage == 1
    assert events[1].to == (1, 1)  # put on the track, never on the water
    state.play((1, 0))  # the submarine: (2, 1) -> (3, 1), the goal
    assert state.cars[0].place == 1


def test_the_drivers_of_a_submarine_plan_across_the_water():
    from generator.games.graph_racers.track.formats import read_track

    lake = read_track(LAKE)
    designs = [Design(0, 0, 10, sub=1), PLAIN]
    state = run_race(
        lake,
        Rules(),
        make_drivers(["solver"] * 2, lake, Rules(), 1, designs=designs),
        designs=designs,
    )
    assert state.finish_order[0] == 0
    assert state.cars[0].moves < state.cars[1].moves  # the lake is the short cut


# --- "Any time another car is one square behind you at either the start or end of your turn, you
# can shoot and cause one point of damage ... two sets of guns, two points" -------------------------


def test_one_square_behind_is_the_point_one_square_back_along_the_heading():
    """Issue 28, point 5: "one square behind you" is the one point one square back along the
    car's heading, not the points diagonally behind a car going straight."""
    assert heading((3, 1)) == (1, 0) and heading((2, 1)) == (1, 1) and heading((0, -2)) == (0, -1)
    assert heading((0, 0)) == (0, 0)
    p, v = (3, 5), (0, 2)
    assert [q for q in [(2, 4), (3, 4), (4, 4)] if behind(p, v, q)] == [(3, 4)]
    assert not any(behind(p, v, q) for q in [(2, 5), (4, 5), (3, 6), (3, 3), (2, 6)])
    assert [q for q in [(2, 2), (2, 3), (3, 2), (4, 2), (2, 4)] if behind((3, 3), (1, 1), q)] == [
        (2, 2)
    ]
    assert behind((3, 5), (1, 3), (3, 4))  # (1, 3) heads east
    assert not behind(p, (0, 0), (3, 4))  # standing still: no back


def _gunner(arena, designs=(ARMED, PLAIN), target_moved=True):
    """Car 1 on (2, 2) moving (1, 3): it lands on (3, 5), heading east, with car 2 on (3, 4)
    right behind it (the line (2, 2) -> (3, 5) passes no grid point: no collision)."""
    state = RaceState(arena, Rules(), [(1, 1), (2, 1)], list(designs))
    put(state, 0, (2, 2), (1, 3), moves=3)
    put(state, 1, (3, 4), moves=3 if target_moved else 0)
    return state


def test_rear_guns_shoot_when_the_driver_chooses_one_point_a_set(arena):
    """ "you *can* shoot": the guns shoot the cars the driver names ('shoot 2'), none by
    themselves; one point of damage for each set of guns."""
    state = _gunner(arena)
    assert kinds(state.play((0, 0))) == ["move"]  # car 2 right behind, not shot: no choice made
    state = _gunner(arena)
    events = state.play((0, 0), Action(shoot=(2,)))
    assert kinds(events) == ["move", "shot"]
    shot = events[1]
    assert (shot.car, shot.other, shot.damage, shot.total) == (1, 0, 2, 2)
    assert shot.text() == "car 2 is shot by car 1's rear guns: 2 damage (total 2)"
    assert shot.to_dict() == {
        "kind": "shot",
        "round": 1,
        "car": 2,
        "to": [3, 4],
        "damage": 2,
        "total": 2,
        "other": 1,
    }
    state.play((0, 0))  # car 2 stays; car 1's turn starts with car 2 still right behind it
    state.play((0, 0), Action(shoot=(2,)))  # shot at the start: logged before the move
    assert kinds(state.log[-2:]) == ["shot", "move"] and state.cars[1].damage == 4
    assert replay_actions(state.log, 0) == {1: Action(shoot=(2,)), 2: Action(shoot=(2,))}


def test_rear_guns_refuse_a_car_not_right_behind_or_not_yet_moved(arena):
    """Diagonally behind is not behind; a car still on its start point before its first move
    is not shot (issue 28 point 5); a car with no guns, or one that stops, cannot shoot."""
    state = _gunner(arena, target_moved=False)
    with pytest.raises(IllegalMove, match="car 2 is not one square behind car 1"):
        state.play((0, 0), Action(shoot=(2,)))
    assert state.cars[1].damage == 0 and state.cars[0].point == (2, 2)  # unchanged
    state = RaceState(arena, Rules(), [(1, 1), (2, 1)], [ARMED, PLAIN])
    put(state, 0, (3, 3), (0, 1), moves=3)
    put(state, 1, (2, 3), moves=3)  # diagonally behind car 1 when it lands on (3, 4)
    with pytest.raises(IllegalMove, match="not one square behind"):
        state.play((0, 0), Action(shoot=(2,)))
    put(state, 1, (3, 3), moves=3)
    with pytest.raises(IllegalMove, match="not one square behind"):  # it stops: no back
        state.play((0, -1), Action(shoot=(2,)))
    state = _gunner(arena, designs=(PLAIN, PLAIN))
    with pytest.raises(IllegalMove, match="shoot: the car has no rear guns"):
        state.play((0, 0), Action(shoot=(2,)))


def test_a_car_is_shot_once_a_turn(arena):
    """ "at either the start or end of your turn": a car named is shot once: at the start of
    the turn when it is right behind then (a driver shoots before it chooses its move)."""
    state = _gunner(arena)
    state.play((0, 0), Action(shoot=(2,)))
    state.play((0, 0))
    logged = len(state.log)
    with pytest.raises(IllegalMove, match="acceleration .0, 5. from vector"):
        state.play((0, 5), Action(shoot=(2,)))  # an illegal move undoes the turn's shots too
    assert state.cars[1].damage == 2 and len(state.log) == logged and state.gadgets.shot == set()
    assert state.shoot_first(Action(shoot=(2,)))[0].kind == "shot"  # the start of the turn
    state.play((0, 0), Action(shoot=(2,)))  # named again with the move: not shot twice
    assert state.cars[1].damage == 4


def test_a_car_with_no_damage_points_is_destroyed_by_a_shot(arena):
    state = _gunner(arena, designs=(ARMED, Design(0, 0, 0)))
    assert kinds(state.play((0, 0), Action(shoot=(2,)))) == ["move", "shot", "out"]
    assert state.cars[1].status == OUT


def test_the_drivers_shoot_rivals_right_behind_and_spare_teammates(arena):
    """The computer drivers choose to shoot every rival right behind, never a teammate."""
    state = _gunner(arena)
    o = option(state, (0, 0))
    assert choose_action(state, o).shoot == (2,)
    teams = RaceState(arena, Rules(), [(1, 1), (2, 1)], [ARMED, PLAIN], ["A", "A"])
    put(teams, 0, (2, 2), (1, 3), moves=3)
    put(teams, 1, (3, 4), moves=3)
    assert (choose_action(teams, option(teams, (0, 0))) or Action()).shoot == ()


# --- "Once during the game, you can draw a 3x3 square oil slick right behind your car - it behaves
# just like a normal oil slick." ---------------------------------------------------------------


def test_the_slick_is_three_by_three_right_behind_the_car():
    assert slick((3, 5), (0, 2)) == [(r, c) for r in (2, 3, 4) for c in (2, 3, 4)]
    assert slick((3, 5), (-1, -1)) == [(r, c) for r in (4, 5, 6) for c in (6, 7, 8)]


def test_sprayed_oil_makes_the_next_car_skid(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 2), [ARMED, PLAIN])
    put(state, 0, (3, 3), (0, 2))
    put(state, 1, (3, 1), (0, 1))
    events = state.play((0, 0), Action(spray=True))  # car 1 to (3, 5), slick on cols 2-4
    assert kinds(events) == ["move", "spray"]
    assert set(events[1].oil) == {(r, c) for r in (2, 3, 4) for c in (2, 3, 4)}
    assert {o.accel for o in state.options()} == {(0, 0)}  # car 2 skids: the same move again
    with pytest.raises(IllegalMove, match=r"skids on oil"):
        state.play((1, 0))


def test_spraying_refused_without_a_sprayer_twice_or_standing_still(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 2), [ARMED, PLAIN])
    put(state, 0, (3, 3), (0, 1))
    with pytest.raises(IllegalMove, match="standing still has no 'behind'"):
        state.play((0, -1), Action(spray=True))
    state.play((0, 0), Action(spray=True))
    with pytest.raises(IllegalMove, match="spray: the car has no oil sprayer"):
        state.play((0, 1), Action(spray=True))  # car 2 bought none
    state.play((0, 1))
    with pytest.raises(IllegalMove, match="spray: the car used every oil sprayer it has"):
        state.play((0, 0), Action(spray=True))


# --- "$30 Missile. You can fire the missile one time whenever it's your turn. It moves on your turn
# just like it was another car - so it starts off moving the same speed as you are." ---------------


def test_a_missile_starts_with_the_cars_speed_and_turbos_every_turn(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 2), [ARMED, PLAIN])
    put(state, 0, (3, 2), (0, 1))
    put(state, 1, (5, 1))
    events = state.play((0, 0), Action(fire=True, missile=(0, 2)))
    assert kinds(events) == ["move", "fire", "missile"]
    assert events[1].frm == (3, 3) and events[1].vector == (0, 1)  # "the same speed as you are"
    fly = events[2]
    assert (fly.frm, fly.aim, fly.vector, fly.boost, fly.outcome) == (
        (3, 3),
        (3, 6),
        (0, 3),
        "turbo",
        "move",
    )
    assert fly.text() == "car 1's missile: (3, 3) -> (3, 6) vector (0, 3) (turbo)"
    where = []
    for _ in range(2):
        state.play((0, 0))  # car 2 stays
        state.play((0, 0), Action(missile=(0, 2)))  # "it can use turbo-boost every turn"
        m = state.gadgets.missiles[0]
        where.append((m.point, m.vector))
    assert where == [((3, 11), (0, 5)), ((3, 18), (0, 7))]
    state.play((0, 0))
    events = state.play((0, 0), Action(missile=(0, 0)))  # (3, 18) -> (3, 25): the wall
    assert events[-1].kind == "missile" and events[-1].outcome == "crash"
    assert state.gadgets.missiles == {} and state.cars[1].damage == 0  # it vanishes
    state.play((0, 0))
    with pytest.raises(IllegalMove, match="fired every missile it has"):
        state.play((0, 0), Action(fire=True))
    with pytest.raises(IllegalMove, match="no missile in flight"):
        state.play((0, 0), Action(missile=(0, 1)))


def test_a_missile_has_no_good_brakes(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 2), [ARMED, PLAIN])
    put(state, 0, (3, 2), (0, 3))
    with pytest.raises(IllegalMove, match=r"missile: .* cannot take acceleration \(0, -2\)"):
        state.play((0, 0), Action(fire=True, missile=(0, -2)))
    assert state.cars[0].point == (3, 2) and state.gadgets.missiles == {}  # nothing changed


def test_a_missile_on_a_car_explodes_three_points(arena):
    """ "If it ends up on the same square as any car ... it explodes and causes 3 points"."""
    state = RaceState(arena, Rules(), default_starts(arena, 2), [ARMED, PLAIN])
    put(state, 0, (3, 2), (0, 1))
    put(state, 1, (3, 8))
    events = state.play((0, 0), Action(fire=True, missile=(0, 2)))  # missile (3, 3) -> (3, 6)
    state.play((0, 0))  # car 2 stays at (3, 8)
    events = state.play((0, 0), Action(missile=(0, 0)))  # (3, 6) -> (3, 9) passes (3, 8)
    assert kinds(events) == ["move", "missile", "blast"]
    assert events[1].outcome == "blast" and events[1].other == 1
    blast = events[2]
    assert (blast.car, blast.other, blast.damage, blast.total) == (1, 0, 3, 3)
    assert blast.text() == "car 2 takes 3 damage from car 1's missile (total 3)"
    assert state.gadgets.missiles == {}


def test_a_missile_can_hit_its_own_car(arena):
    """ "(including your own!)": fired and left standing, it ends up on its car."""
    state = RaceState(arena, Rules(), default_starts(arena, 2), [ARMED, PLAIN])
    put(state, 0, (3, 2), (0, 1))
    events = state.play((0, 0), Action(fire=True, missile=(0, -1)))
    assert kinds(events) == ["move", "fire", "missile", "blast"]
    assert events[3].car == 0 and state.cars[0].damage == 3


def test_two_missiles_that_meet_both_vanish(arena):
    designs = [ARMED, Design(0, 0, 14, missile=1)]
    state = RaceState(arena, Rules(), default_starts(arena, 2), designs)
    put(state, 0, (1, 2), (0, 1))
    put(state, 1, (5, 16), (0, -1))
    state.play((0, 0), Action(fire=True, missile=(0, 2)))  # car 1's missile (1, 3) -> (1, 6)
    state.play((0, 0), Action(fire=True, missile=(-1, 0)))  # car 2's (5, 15) -> (4, 14)
    assert {s: m.point for s, m in state.gadgets.missiles.items()} == {0: (1, 6), 1: (4, 14)}
    state.gadgets.missiles[1].point, state.gadgets.missiles[1].vector = (1, 10), (0, 0)
    events = state.play((0, 0), Action(missile=(0, 2)))  # (1, 6) -> (1, 11) passes (1, 10)
    assert events[-1].kind == "missile" and events[-1].outcome == "missile"
    assert events[-1].other == 1 and state.gadgets.missiles == {}
    assert state.cars[0].damage == state.cars[1].damage == 0


def test_a_car_driving_into_a_missile_sets_it_off(arena):
    designs = [PLAIN, Design(0, 0, 14, missile=1)]
    state = RaceState(arena, Rules(), default_starts(arena, 2), designs)
    put(state, 1, (3, 6))
    state.turn = 1
    state.play((0, 0), Action(fire=True))  # car 2 stands: its missile stays on (3, 6) ...
    assert kinds(state.log) == ["move", "fire", "missile", "blast"]  # ... and hits car 2
    designs = [PLAIN, Design(0, 0, 14, missile=1)]
    state = RaceState(arena, Rules(), default_starts(arena, 2), designs)
    put(state, 0, (3, 4), (0, 2))
    put(state, 1, (5, 5), (0, 1))
    state.turn = 1
    state.play((0, -1), Action(fire=True, missile=(-1, 0)))  # car 2 stops; missile to (4, 5)
    assert state.gadgets.missiles[1].point == (4, 5)
    state.gadgets.missiles[1].point = (3, 6)
    events = state.play((0, 0))  # car 1 lands on (3, 6)
    assert kinds(events) == ["move", "blast"] and state.cars[0].damage == 3
    assert state.cars[0].point == (3, 6)  # its move goes on


def test_a_missile_vanishes_when_its_car_finishes(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 2), [ARMED, PLAIN])
    put(state, 0, (1, 15), (0, 1))
    state.play((0, 0), Action(fire=True, missile=(1, 0)))  # missile (1, 16) -> (2, 17)
    state.play((0, 0))
    assert state.gadgets.missiles[0].point == (2, 17)
    state.play((0, 1))  # car 1: (1, 16) -> (1, 18): finishes
    assert state.cars[0].place == 1 and state.gadgets.missiles == {}


def test_no_goodie_no_action(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 2))
    with pytest.raises(IllegalMove, match="fire: the car has no missile"):
        state.play((0, 1), Action(fire=True))
    with pytest.raises(IllegalMove, match="spray: the car has no oil sprayer"):
        state.play((0, 1), Action(spray=True))


# --- the moves files --------------------------------------------------------------------------------


def test_actions_in_text_and_json_moves_files():
    text = "start 1 1\naccelerations\n0 1\n0 1 fire missile 0 2\n0 0 spray  # oil\n0 0 missile (1, 0)\n"
    line = parse_moves(text)
    assert line.move_actions() == {
        2: Action(fire=True, missile=(0, 2)),
        3: Action(spray=True),
        4: Action(missile=(1, 0)),
    }
    data = {
        "start": [1, 1],
        "accelerations": [[0, 1], [0, 1]],
        "actions": [{"move": 2, "fire": True}],
    }
    assert parse_moves(json.dumps(data)).move_actions() == {2: Action(fire=True)}
    points = parse_moves("points\n1 1\n1 2 spray\n")
    assert points.move_actions() == {1: Action(spray=True)}  # a points file's move 1
    shots = parse_moves("points\n1 1\n1 2\n1 3 shoot 2 shoot 3\n")
    assert shots.move_actions() == {2: Action(shoot=(2, 3))}
    assert Action(shoot=(2, 3)).words() == "shoot 2 shoot 3"
    assert Action(shoot=(2,)).to_dict(2) == {"move": 2, "shoot": [2]}
    data = {"start": [1, 1], "accelerations": [[0, 1]], "actions": [{"move": 1, "shoot": [2]}]}
    assert parse_moves(json.dumps(data)).move_actions() == {1: Action(shoot=(2,))}


def test_the_referee_reads_a_tables_shot(tmp_path):
    """A table's moves files say who the rear guns shoot ('shoot 2'); the referee plays it.
    Car 1 (rear guns) drives (1, 1) -> (1, 2); car 2 follows onto (1, 1), right behind it;
    at the start of car 1's second turn its guns shoot car 2: one damage point."""
    arena = tmp_path / "arena.txt"
    arena.write_text("graph-racers track 1\nname: arena\nmap:\n" + ARENA_MAP)
    one = tmp_path / "car1.txt"
    one.write_text("points\n1 1\n1 2\n1 3 shoot 2\n")
    two = tmp_path / "car2.txt"
    two.write_text("points\n2 1\n1 1\n1 1\n")
    args = ["graph-racers", "referee", str(arena), str(one), str(two), "--json"]
    r = CliRunner().invoke(cli, [*args, "--design", "0/0/10+guns,0/0/10"])
    assert r.exit_code == 0, r.output
    shots = [e for e in json.loads(r.output)["events"] if e["kind"] == "shot"]
    assert shots == [
        {"kind": "shot", "round": 2, "car": 2, "to": [1, 1], "damage": 1, "total": 1, "other": 1}
    ]
    two.write_text("points\n2 1\n2 2\n2 2\n")  # car 2 beside car 1, not behind: refused
    r = CliRunner().invoke(cli, [*args, "--design", "0/0/10+guns,0/0/10"])
    assert r.exit_code == 1 and "car 2 is not one square behind car 1" in r.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0 1 fire fire\n", "m line 1 column 5: 'fire' twice in one move"),
        ("0 1 fire boom\n", "unexpected 'boom'; after a move write fire, spray, missile R C or"),
        ("0 1 shoot\n", "write the car the rear guns shoot as 'shoot N'"),
        ("0 1 shoot 2 shoot 2\n", "'shoot' names a car twice in one move"),
        ("0 1 missile 2\n", "write the missile's acceleration as 'missile R C'"),
        ("0 1 1 1 fire\n", "m line 1 column 1: an action (fire, spray, missile R C, shoot N)"),
        ("1 two\n", "m line 1 column 3: unexpected 't'"),  # no action word: as before
        ('{"accelerations": [[0, 1]], "actions": [{"move": 0}]}', "'move' is the move's number"),
        ('{"accelerations": [[0, 1]], "actions": [{"move": 1, "fly": 1}]}', "an action is"),
    ],
)
def test_bad_actions_are_one_line_errors(text, message):
    with pytest.raises(InvalidInput) as e:
        parse_moves(text, "m")
    assert message in str(e.value)


def test_check_refuses_actions(arena):
    line = parse_moves("start 1 1\naccelerations\n0 1 fire\n")
    with pytest.raises(InvalidInput, match="check judges one car's line without goodies"):
        check_line(arena, Rules(), line)
    with pytest.raises(InvalidInput, match="an action for move 3, but the line has 1 moves"):
        parse_moves(
            '{"accelerations": [[0, 1]], "actions": [{"move": 3, "fire": true}]}'
        ).move_actions()


def test_referee_plays_actions_and_names_an_action_not_bought(tmp_path):
    sprint = str(EXAMPLES / "sprint.txt")
    (tmp_path / "a.txt").write_text("start 1 1\naccelerations\n0 1\n0 1 fire missile 0 2\n")
    (tmp_path / "b.txt").write_text("start 3 1\naccelerations\n0 1\n0 1\n")
    ref = ["graph-racers", "referee", sprint, str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]
    r = CliRunner().invoke(cli, [*ref, "--design", "0/0/10+missile,0/0/20"])
    assert r.exit_code == 0, r.output
    assert "car 1 fires its missile from (1, 4), vector (0, 2)" in r.output
    assert "car 1's missile: (1, 4) -> (1, 8) vector (0, 4) (turbo)" in r.output
    r = CliRunner().invoke(cli, [*ref, "--design", "0/0/20"])
    assert r.exit_code == 1
    assert "illegal: car 1 move 2: fire: the car has no missile" in r.output


# --- whole races ------------------------------------------------------------------------------------

BOND = [
    Design(0, 0, 4, missile=1, sprayer=1, guns=2),
    Design(0, 0, 8, sub=1, guns=1),
    Design(2, 2, 0, missile=1, rocket=1),
    Design(1, 1, 8, missile=1, sprayer=1),
]


@pytest.mark.parametrize(
    ("accel", "collision", "teams"),
    list(itertools.product((5, 8, 9), ("exact", "endpoint"), (None, ["A", "B", "A", "B"]))),
)
def test_random_bond_races_end_consistently_and_the_referee_agrees(accel, collision, teams):
    from generator.games.graph_racers.track.formats import read_track

    lake = read_track(LAKE)
    rules = Rules(accel, collision)
    seen = set()
    for seed in range(4):  # two races with planning drivers, two of random ones (no plan)
        names = ["random", "cautious", "random", "solver"] if seed < 2 else ["random"] * 4
        drivers = make_drivers(names, lake, rules, seed, designs=BOND)
        state = run_race(lake, rules, drivers, max_rounds=120, designs=BOND, teams=teams)
        seen |= {e.kind for e in state.log}
        consistent(state)
        agrees(lake, rules, state, BOND, teams)
    assert {"fire", "missile", "shot"} <= seen


def test_race_json_with_goodies_validates_and_the_referee_agrees(tmp_path):
    designs = "0/0/4+missile+sprayer+guns*2,0/0/10+sub+guns,2/2/0+missile+rocket"
    args = ["graph-racers", "race", str(LAKE), "--players", "3", "--driver", "random"]
    args += ["--design", designs, "--accel", "9", "--seed", "2", "--json"]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    race = json.loads(r.output)
    validator = jsonschema.Draft202012Validator(schemas.schema("graph-racers-race/1"))
    assert not list(validator.iter_errors(race))
    assert any("actions" in line for line in race["lines"])
    files = []
    for line in race["lines"]:
        path = tmp_path / f"car{line['car']}.json"
        path.write_text(json.dumps({k: v for k, v in line.items() if k != "car"}))
        files.append(str(path))
    ref = ["graph-racers", "referee", str(LAKE), *files, "--design", designs, "--accel", "9"]
    judged = CliRunner().invoke(cli, [*ref, "--json"])
    assert judged.exit_code == 0, judged.output
    out = json.loads(judged.output)
    assert not list(
        jsonschema.Draft202012Validator(schemas.schema("graph-racers-referee/1")).iter_errors(out)
    )
    assert out["legal"] and out["standings"] == race["standings"]
    assert [e for e in out["events"] if e["kind"] != "parked"] == race["events"]
    text = CliRunner().invoke(cli, args[:-1])
    assert (
        "car 1 design 0/0/4+missile+sprayer+guns*2 ($100): good brakes x0, turbo x0, 4 damage points, missile, oil sprayer, rear guns x2"
        in text.output
    )


def test_a_car_that_goes_out_needs_no_move_for_its_missile(arena):
    """Its missile vanishes unmoved when its car is out ("no turns left to move it"), so the
    move that puts the car out needs no missile acceleration, even where (0, 0) is none
    (accel 8): race --json writes none, and referee replays it."""
    from generator.games.graph_racers.race.goodies import Missile

    glass = Design(0, 0, 0, missile=1)  # no damage points: the first hit destroys it
    state = RaceState(arena, Rules(8), default_starts(arena, 2), [glass, PLAIN])
    put(state, 0, (1, 5), (-1, 0))
    state.gadgets.missiles[0] = Missile(0, (3, 9), (0, 1))
    state.cars[0].kit.missiles = 0
    with pytest.raises(IllegalMove, match=r"missile: at \(3, 9\) .* cannot take acceleration"):
        state.play((1, 1))  # a clean move: the missile moves too, and (0, 0) is not allowed
    events = state.play((-1, 0))  # into the wall: out
    assert kinds(events) == ["move", "crash", "out"]
    assert state.gadgets.missiles == {}


def test_a_car_that_sets_off_its_own_missile_needs_no_move_for_it(arena):
    """A car whose move meets its own missile sets it off (3 damage, "including your own!"),
    so the missile never moves that turn: the move needs no missile acceleration, even where
    (0, 0) is none (accel 8); race --json writes none, and referee replays it (found by the
    every-switch races: accel 8, endpoint, contact, James Bond designs, teams)."""
    armed = Design(0, 0, 14, missile=1)
    state = RaceState(arena, Rules(8), default_starts(arena, 2), [armed, PLAIN])
    state.play((0, 1), Action(fire=True, missile=(0, 1)))  # car 1 (1, 2); missile (1, 4)
    assert state.gadgets.missiles[0].point == (1, 4)
    state.play((1, 1))  # car 2
    with pytest.raises(IllegalMove, match=r"missile: at \(1, 4\) .* cannot take acceleration"):
        state.play((1, 1))  # a move past the missile: it flies on and needs its acceleration
    events = state.play((0, 1))  # (1, 2) -> (1, 4): onto its own missile
    assert kinds(events) == ["move", "blast"]
    assert events[1].car == 0 and events[1].damage == 3 and state.cars[0].damage == 3
    assert state.gadgets.missiles == {}
    again = replay(arena, Rules(8), lines_of(state), [armed, PLAIN])
    assert again.illegal is None
    assert [e for e in again.state.log if e.kind != "parked"] == state.log


def test_water_under_the_swedish_switches(text_track):
    """A submarine crosses the water under the Swedish switches too (its own referee judges
    its line), and under --off-track circle a car without one does not crash on the water: it
    leaves the track, as at any side, and drives on the water as on the paper beside it."""
    from generator.games.graph_racers.race.cars import OFF_TRACK
    from generator.games.graph_racers.race.swedish import Swedish

    pond = text_track(POND, name="pond")
    designs = [Design(0, 0, 10, sub=1), PLAIN]
    for swedish, other in (
        (Swedish(jumps=True), CRASHES),
        (Swedish(off_track="circle"), OFF_TRACK),
    ):
        state = RaceState(pond, Rules(), [(1, 1), (1, 1)], designs, swedish=swedish)
        assert option(state, (1, 0)).outcome == MOVED  # the submarine could go onto the water
        state.play((0, 1))  # it goes along the bank instead, out of car 2's way
        assert option(state, (1, 0)).outcome == other  # car 2, onto the water
