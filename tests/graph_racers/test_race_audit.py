"""An audit of the race engine (state.py, bond.py, swedish.py) against docs/rules/graph-racers.md,
"The race (race/)": for each decision the doc states, the position most likely to break it,
checked by hand (exact damage, points and legal-move counts), the referee replaying it from each
car's line where the race starts from the start points.

The positions the audit found the engine breaking are fixed (state.py, bond.py, swedish.py);
where the doc left a question or contradicted itself, the test pins the lead engineer's
decision and its docstring says "Decided" and why.
"""

from __future__ import annotations

import pytest
from race_checks import CORRIDOR, agrees, consistent, kinds, option, put

from generator.games.graph_racers.moves.actions import Action
from generator.games.graph_racers.moves.check import RacingLine
from generator.games.graph_racers.moves.referee import CRASH
from generator.games.graph_racers.moves.rules import BRAKE, Rules
from generator.games.graph_racers.race.bond_drivers import choose_action
from generator.games.graph_racers.race.cars import (
    COLLIDES,
    CRASHES,
    CUTS,
    FINISHED,
    FINISHES,
    MOVED,
    OFF_TRACK,
    OUT,
    RUNNING,
    default_starts,
)
from generator.games.graph_racers.race.design import Design
from generator.games.graph_racers.race.goodies import Missile
from generator.games.graph_racers.race.replay import replay
from generator.games.graph_racers.race.state import IllegalMove, RaceState
from generator.games.graph_racers.race.swedish import Swedish

JUMPS = Swedish(jumps=True)
CIRCLE = Swedish(off_track="circle")
TEN = Design(0, 0, 10)

# a one-lane road with coins: a penny and a dime before the point (1, 4), a nickel after it
COIN_LANE = """
############
#Spd.n....G#
############
"""
# the paper below the track (rows 3 and 4): room to leave the track
STRIP = """
############
#S.........G
#S.........G
############
############
"""
STRIP_PENNY = """
############
#S.........G
#S..p......G
############
############
"""
# a lap: right along the top, down, left along the bottom over the checkpoint at column 4,
# up and right over the start/finish line at column 4; rows 8 to 10 are paper
LAP = """
############
#S.........#
#S.........#
#..######..#
#..######..#
#..######..#
#..........#
#..........#
############
############
############
"""
LAP_HEADER = "finish: col 4 rows 1-2 right\ncheckpoint: col 4 rows 6-7 left\n"


@pytest.fixture
def track(text_track):
    return lambda body: text_track(body, name="t")


@pytest.fixture
def lap(text_track):
    return text_track(LAP, LAP_HEADER, name="lap")


# --- collisions: legality, damage, the stop point ---------------------------------------------


def test_a_collision_is_legal_when_the_skid_leaves_no_other_move(track):
    """ "a colliding move is allowed only when every move the rules allow the car (skid and
    boosts included) collides or crashes" and "Boosts do not work while skidding": on oil at
    speed 2 the car must repeat its vector into car 2; its good brakes would stop it short, but
    not on oil. One legal move; both cars take the 4 squares they were apart last turn."""
    lane = track("""
##############
#S.S~~......G#
##############
""")
    state = RaceState(lane, Rules(brakes=2), [(1, 1), (1, 3)])
    put(state, 0, (1, 2), (0, 2), prev=(1, 0))
    put(state, 1, (1, 4), (0, 0), prev=(1, 6))
    legal = state.legal()
    assert [(o.accel, o.outcome) for o in legal] == [((0, 0), COLLIDES)]
    events = state.play((0, 0))
    assert kinds(events) == ["move", "collision"]
    assert events[1].apart == 4  # (1, 2) and (1, 6)
    assert (state.cars[0].damage, state.cars[1].damage) == (4, 4)
    assert state.cars[0].point == (1, 3)  # the last point of its line before car 2
    assert state.cars[0].budget == (2, 0, 0)  # the brakes were not used


def test_good_brakes_make_a_collision_avoidable(corridor):
    """ "(skid and boosts included)": at speed 3 behind car 2, every normal move reaches it, but
    a use of good brakes (speed 3 to 1) stops short: the collision is illegal. Legal: the brake
    and the two crashes into the side walls."""
    state = RaceState(corridor, Rules(brakes=2), [(1, 1), (1, 3)])
    put(state, 0, (1, 4), (0, 3), prev=(1, 1))
    put(state, 1, (1, 6), (0, 0), prev=(1, 6))
    normal = [o for o in state.options() if not o.kind]
    assert {o.accel: o.outcome for o in normal if o.accel[0] == 0} == dict.fromkeys(
        [(0, -1), (0, 0), (0, 1)], COLLIDES
    )
    legal = state.legal()
    assert len(legal) == 3
    assert [(o.accel, o.kind, o.aim) for o in legal if o.outcome == MOVED] == [
        ((0, -2), BRAKE, (1, 5))
    ]
    with pytest.raises(IllegalMove, match=r"acceleration \(0, -2\) to \(1, 5\)"):
        state.play((0, 0))


def test_a_head_on_collision_puts_both_cars_out_and_they_leave_the_track(text_track):
    """ "At 6 damage points a car is out at once (both cars of a collision can go out) and
    leaves the track: it is no obstacle afterwards." Speed 3 each way, 5 apart last turn
    ((1, 5) and (1, 10)), 3 damage each before: 8 each, both out; car 3 then drives onto and
    through the points where they stood."""
    lane = text_track("""
##############
#S.S.S......G#
##############
""")
    state = RaceState(lane, Rules(), [(1, 1), (1, 3), (1, 5)])
    put(state, 0, (1, 5), (0, 3), prev=(1, 2), damage=3)
    put(state, 1, (1, 7), (0, -3), prev=(1, 10), damage=3)
    put(state, 2, (1, 2))
    assert {o.outcome for o in state.legal()} == {COLLIDES, CRASHES}
    events = state.play((0, -1))  # (1, 5) -> (1, 7), onto car 2
    assert kinds(events) == ["move", "collision", "out", "out"]
    assert (events[1].damage, events[1].other_damage, events[1].to) == (5, 5, (1, 6))
    assert [c.status for c in state.cars] == [OUT, OUT, RUNNING]
    assert [c.damage for c in state.cars] == [8, 8, 0]
    put(state, 2, (1, 2), (0, 4))
    assert option(state, (0, 0)).outcome == MOVED  # onto (1, 6), where car 1 stopped
    assert option(state, (0, 1)).outcome == MOVED  # through (1, 6) onto (1, 7), car 2's


def test_a_zero_damage_collision_destroys_a_car_with_no_damage_points(text_track):
    """ "With no damage points any hit destroys it: a crash, or a collision of either car, even
    one that would do 0 damage". Cars 1 and 3 share the first start point; car 1 moves off,
    car 3 (accel 8: it may not stay) can only drive into it: they were 0 apart last turn (both
    on (1, 1)), so 0 damage, but car 1 has no damage points. The referee agrees."""
    track = text_track(CORRIDOR)
    rules = Rules(8)
    designs = [Design(0, 0, 0), Design(0, 0, 5), Design(0, 0, 5)]
    starts = default_starts(track, 3)
    assert starts == [(1, 1), (1, 3), (1, 1)]
    state = RaceState(track, rules, starts, designs)
    state.play((0, 1))  # car 1 to (1, 2)
    state.play((0, 1))  # car 2 to (1, 4)
    outcomes = [o.outcome for o in state.legal()]
    assert sorted(outcomes) == sorted([CRASHES] * 7 + [COLLIDES])
    events = state.play((0, 1))  # car 3 from (1, 1) onto car 1
    assert kinds(events) == ["move", "collision", "out"]
    assert (events[1].apart, events[1].damage, events[2].car) == (0, 0, 0)
    assert state.cars[0].status == OUT and state.cars[2].status == RUNNING
    assert state.cars[2].point == (1, 1)  # no point of its line before car 1: its start
    consistent(state)
    agrees(track, rules, state, designs)


def test_a_car_finishes_before_it_reaches_a_car_beyond_the_line(lap):
    """ "If the line touches a wall before it reaches the car it is a crash; if it finishes
    first, it finishes." After the checkpoint, the move (1, 2) -> (1, 5) crosses the
    start/finish line at column 4 before it reaches car 2 on (1, 5)."""
    state = RaceState(lap, Rules(), [(1, 1), (2, 1)])
    put(state, 0, (1, 2), (0, 3), stage=1)
    put(state, 1, (1, 5))
    assert option(state, (0, 0)).outcome == FINISHES
    put(state, 0, (1, 2), (0, 3), stage=0)  # before the checkpoint the line is no finish
    assert option(state, (0, 0)).outcome == COLLIDES
    put(state, 0, (1, 2), (0, 3), stage=1)
    events = state.play((0, 0))
    assert kinds(events) == ["move", "finish"] and state.cars[0].place == 1
    assert state.cars[1].damage == 0


# --- crashes: where the car is put ----------------------------------------------------------------


def test_a_crashed_car_is_put_on_the_nearest_point_by_euclid(track):
    """ "The car is put on the track point nearest to it (Euclidean) among the points it could
    reach from where it stood by a straight move that neither crashes nor passes a line". Under
    the jump rule the car in the pocket at (4, 4) lands on the wall at (1, 1): the track points
    nearest (1, 1) are (5, 1) (distance 4, reachable: the jump rule crosses walls) and its own
    (4, 4) (distance 4.24). The referee agrees on a race from the start to the same crash."""
    pocket = track("""
########
########
########
########
####.###
#S.....G
########
""")
    state = RaceState(pocket, Rules(9, collision="endpoint"), [(5, 1), (5, 1)])
    put(state, 0, (4, 4), (-3, -3))
    put(state, 1, (5, 6))
    assert option(state, (0, 0)).outcome == CRASHES
    events = state.play((0, 0))
    assert events[1].damage == 3
    assert events[1].to == (5, 1)
    # the same from the start points, so the referee replays it: (7, 7) -> (6, 6) -> (4, 4)
    # -> (1, 1), the wall; the only track point within 3 rows and columns of (1, 1) is (4, 4)
    pocket = track("""
##########
##########
##########
##########
####.#####
#.......G#
######.#G#
#######SS#
##########
""")
    rules = Rules(9, collision="endpoint")
    state = RaceState(pocket, rules, default_starts(pocket, 2))
    for a in [(-1, -1), (0, 0), (-1, -1), (0, 0), (-1, -1)]:  # car 2 stays on (7, 8)
        events = state.play(a)
    assert kinds(events) == ["move", "crash"] and events[0].frm == (4, 4)
    assert (events[1].damage, events[1].to) == (3, (5, 1))
    consistent(state)
    agrees(pocket, rules, state)


def test_a_car_crashing_from_a_shared_start_point_is_put_on_the_nearest_free_point(text_track):
    """Decided (the doc says both "not where another car stands" and "the point it stood on
    always qualifies", which clash on a shared start): never where another car stands wins.
    Cars 1 and 3 share the start (1, 1); car 1 drives into the wall above it (0, 1): (1, 1)
    (distance 1) is car 3's too, so the car is put on the nearest free point, (1, 2) (distance
    1.41). The referee agrees."""
    track = text_track(CORRIDOR)
    state = RaceState(track, Rules(), default_starts(track, 3))
    events = state.play((-1, 0))
    agrees(track, Rules(), state)
    assert (events[1].kind, events[1].damage) == ("crash", 1)
    assert events[1].to == (1, 2)
    assert state.cars[0].point == (1, 2) and state.cars[2].point == (1, 1)


def test_without_contact_a_crash_costs_a_car_with_no_damage_points_nothing(text_track):
    """ "a crash costs no damage and never puts a car out; the crashed car is still put back on
    the track ... (another car's point allowed)" with designs of 0 damage points ("blows up the
    first time it hits ANYTHING"): car 1 crashes twice, and a car drives onto another; nobody is
    out, nobody is damaged, and the referee agrees."""
    track = text_track(CORRIDOR)
    rules = Rules()
    designs = [Design(0, 0, 0)] * 2
    state = RaceState(track, rules, default_starts(track, 2), designs, contact=False)
    events = state.play((-1, 0))  # car 1 into the wall above (1, 1)
    assert kinds(events) == ["move", "crash"]
    assert events[1].text() == "car 1 crashes: put at (1, 1), stopped"
    state.play((0, -1))  # car 2 to (1, 2)
    events = state.play((0, 1))  # car 1 onto car 2: no collision without contact
    assert kinds(events) == ["move"] and state.cars[0].point == state.cars[1].point == (1, 2)
    state.play((0, 1))  # car 2 stops on (1, 2)
    events = state.play((1, 0))  # car 1 crashes again, from car 2's point
    assert kinds(events) == ["move", "crash"] and events[1].to == (1, 2)
    assert [(c.status, c.damage) for c in state.cars] == [(RUNNING, 0)] * 2
    agrees(track, rules, state, designs, contact=False)


# --- collectables: driving into a coin ------------------------------------------------------------


def test_coins_up_to_the_collision_stop_point_are_picked_up_and_the_dime_saves_the_car(track):
    """ "under the exact rule the coin's point is one of the grid points the move's line passes
    through or lands on, up to where the car's move ends (a collision: its stop point ...)" and
    "a dime picked up on the way saves a car from going out on that move". Car 1 at speed 4
    brakes onto car 2 at (1, 4): it passes the penny (1, 2), stops on the dime (1, 3), and the
    nickel (1, 5) beyond car 2 stays. 6 apart last turn: car 1 (5 + 5 damage points) survives
    6, car 2 (5) is out."""
    lane = track(COIN_LANE)
    state = RaceState(lane, Rules(), [(1, 1), (1, 1)])
    put(state, 0, (1, 1), (0, 4), prev=(1, 1))
    put(state, 1, (1, 4), (0, 0), prev=(1, 7))
    assert {o.outcome for o in state.legal()} == {COLLIDES, CRASHES}
    events = state.play((0, -1))
    assert kinds(events) == ["move", "pickup", "pickup", "collision", "out"]
    assert [(e.coin, e.to) for e in events[1:3]] == [("penny", (1, 2)), ("dime", (1, 3))]
    assert events[3].to == (1, 3) and events[3].apart == 6
    car = state.cars[0]
    assert (car.status, car.damage, car.points, car.budget) == (RUNNING, 6, 10, (0, 2, 0))
    assert state.cars[1].status == OUT
    assert state.gadgets.coins == {(1, 5): "n"}


def test_a_crash_picks_up_the_coins_before_the_side_not_those_beyond_it(track):
    """ "(... a crash: the points it passed before its line touched the side), plus the point a
    crashed car is put on": the line (1, 2) -> (1, 7) passes the penny (1, 3) and the dime
    (1, 5), touches the thin wall (1, 6), and would reach the nickel (1, 7) beyond it. The dime
    saves the car (1 + 5 damage, 10 damage points); it is put on (1, 5), the nickel stays."""
    lane = track("""
############
#S.p.d#n..G#
############
""")
    state = RaceState(lane, Rules(), [(1, 1), (1, 1)])
    put(state, 0, (1, 2), (0, 5), damage=1)
    events = state.play((0, 0))
    assert kinds(events) == ["move", "pickup", "pickup", "crash"]
    assert [e.to for e in events[1:3]] == [(1, 3), (1, 5)]
    assert (events[3].damage, events[3].total, events[3].to) == (5, 6, (1, 5))
    assert state.cars[0].status == RUNNING and state.cars[0].points == 10
    assert state.gadgets.coins == {(1, 7): "n"}


def test_a_finishing_move_picks_up_nothing(track):
    """ "A finishing move picks up nothing (the car leaves the track; the coins stay for the
    others)"."""
    lane = track("""
##########
#S....dp.G
#S.......G
##########
""")
    state = RaceState(lane, Rules(), [(1, 1), (2, 1)])
    put(state, 0, (1, 4), (0, 5))
    events = state.play((0, 0))
    assert kinds(events) == ["move", "finish"]
    assert state.gadgets.coins == {(1, 6): "d", (1, 7): "p"}


def test_a_jump_picks_up_a_coin_beyond_the_obstacle(track):
    """ "*Drive into* is the collision rule's meeting of a point" and "A jump's line counts
    checkpoints and reaches other cars as any move (a car beyond the obstacle is a
    collision)": the jump (1, 7) -> (1, 10) over the obstacle (1, 8) passes the penny (1, 9),
    where a car would be hit, so it picks the penny up. The referee agrees on the race."""
    lane = track("""
#############
#S......^p.G#
#S.........G#
#############
""")
    rules = Rules()
    state = RaceState(lane, rules, [(1, 1), (2, 1)], swedish=JUMPS)
    for a in [(0, 1), (0, 1), (0, 1)]:  # car 1 to (1, 2), (1, 4), (1, 7); car 2 stays
        state.play(a)
        state.play((0, 0))
    other = RaceState(lane, rules, [(1, 1), (2, 1)], swedish=JUMPS)
    put(other, 0, (1, 7), (0, 3))
    put(other, 1, (1, 9))
    hit = option(other, (0, 0))
    assert (hit.outcome, hit.end) == (COLLIDES, (1, 7))  # a car on (1, 9) is met
    events = state.play((0, 0))
    agrees(lane, rules, state, swedish=JUMPS)
    assert kinds(events)[:2] == ["move", "jump"]
    assert "pickup" in kinds(events)
    assert (1, 9) not in state.gadgets.coins


def test_coming_back_onto_the_track_picks_up_a_coin_on_the_way(track):
    """ "*Drive into* is the collision rule's meeting of a point": the car off the track at
    (4, 4) comes back (-3, 0) to (1, 4), behind (2, 7) where it left; its line passes the
    penny on the track at (2, 4), where a car would be hit. The referee agrees on a race from
    the start that comes back so."""
    strip = track(STRIP_PENNY)
    assert strip.coins == {(2, 4): "p"}
    state = RaceState(strip, Rules(), [(1, 1), (1, 2)], swedish=CIRCLE)
    put(state, 0, (4, 4), (-2, 0), left=(2, 7))
    put(state, 1, (2, 4))
    assert option(state, (-1, 0)).outcome == COLLIDES  # a car on (2, 4) is met
    put(state, 1, (1, 2))
    back = option(state, (-1, 0))
    assert (back.outcome, back.back, back.aim) == (MOVED, True, (1, 4))
    events = state.play((-1, 0))
    assert "pickup" in kinds(events)
    assert kinds(events) == ["move", "return", "pickup"] and events[2].to == (2, 4)
    # from the start (accel 9): leave from (2, 7) to (3, 7), round on the paper to (3, 4), back
    # on (1, 4) over the penny; car 2 stays on its start (2, 1)
    rules = Rules(9)
    state = RaceState(strip, rules, default_starts(strip, 2), swedish=CIRCLE)
    car1 = [(0, 1), (0, 1), (0, 0), (1, -1), (0, -1), (0, -1), (-1, 0), (-1, 0), (-1, 1)]
    for a in car1:
        events = state.play(a)
        if state.to_move().seat == 1:
            state.play((0, 0))
    assert [e.text() for e in events] == [
        "car 1: (3, 4) -> (1, 4) vector (-2, 0)",
        "car 1 is back on the track at (1, 4) (it left the track from (2, 7))",
        "car 1 picks up the penny at (2, 4): turbo x2",
    ]
    consistent(state)
    agrees(strip, rules, state, swedish=CIRCLE)


def test_a_rear_guns_coin_shoots_from_the_next_turn(track):
    """ "What it gives adds to what the car has" and "a goodie picked up on a move is usable
    from the car's next turn": the set of guns picked up on (3, 3) cannot shoot on that move
    (firing is the driver's choice, made with the move: issue 28 point 5); on its next turn it
    shoots car 2 right behind it at the start of the turn, one point of damage."""
    road = track("""
##########
#S.......G
#S.......G
#S.b.....G
##########
""")
    state = RaceState(road, Rules(), [(1, 1), (2, 1)])
    put(state, 0, (3, 2), (0, 1))
    put(state, 1, (3, 1), moves=2)
    with pytest.raises(IllegalMove, match="shoot: the car has no rear guns"):
        state.play((0, 0), Action(shoot=(2,)))
    assert kinds(state.play((0, 0))) == ["move", "pickup"]
    state.play((0, 1))  # car 2: (3, 1) -> (3, 2), right behind car 1 on (3, 3)
    state.play((0, -1), Action(shoot=(2,)))  # car 1 stops: shot at the start of its turn
    assert kinds(state.log[-2:]) == ["shot", "move"]
    assert (state.log[-2].car, state.log[-2].damage) == (1, 1)


def test_a_missile_coin_is_usable_from_the_turn_after_it_is_picked_up(track):
    """Decided: "a goodie picked up on a move is usable from the car's next turn", as a coin's
    boosts are ("the boosts can be used from its next move"); the rear guns, which shoot by
    themselves, shoot at the end of that turn already (test above). So firing the missile coin
    picked up on this very move is refused, naming why (the race unchanged), and it fires on the
    car's next turn. The referee agrees, and refuses the fire on the move of the pickup."""
    road = track("""
##########
#Sm......G
#S.......G
##########
""")
    rules = Rules()
    state = RaceState(road, rules, default_starts(road, 2))
    with pytest.raises(IllegalMove, match="picked up on this move.*usable from the car's next"):
        state.play((0, 1), Action(fire=True))  # onto the missile coin (1, 2)
    assert state.log == [] and state.cars[0].point == (1, 1) and state.gadgets.coins
    events = state.play((0, 1))
    assert kinds(events) == ["move", "pickup"] and state.cars[0].kit.missiles == 1
    state.play((0, 0))  # car 2 stays
    events = state.play((0, 0), Action(fire=True))  # car 1: (1, 2) -> (1, 3), then fires
    assert kinds(events) == ["move", "fire", "missile"]
    assert (events[1].frm, events[2].to) == ((1, 3), (1, 4))
    assert state.cars[0].kit.missiles == 0
    agrees(road, rules, state)
    too_soon = [
        RacingLine(accelerations=((0, 1),), start=(1, 1), actions=((1, Action(fire=True)),)),
        RacingLine(accelerations=((0, 0),), start=(2, 1)),
    ]
    refused = replay(road, rules, too_soon)
    assert refused.illegal is not None and refused.illegal[:2] == (0, 1)
    assert "picked up on this move" in refused.illegal[2]


def test_an_oil_sprayer_coin_is_usable_from_the_turn_after_it_is_picked_up(track):
    """Decided, as for the missile coin above: spraying with the sprayer picked up on this very
    move is refused, naming why; on the car's next turn it sprays."""
    road = track("""
##########
#So......G
#S.......G
##########
""")
    state = RaceState(road, Rules(), default_starts(road, 2))
    with pytest.raises(IllegalMove, match="spray: the oil sprayer was picked up on this move"):
        state.play((0, 1), Action(spray=True))
    assert state.log == []
    assert kinds(state.play((0, 1))) == ["move", "pickup"]
    state.play((0, 0))
    events = state.play((0, 0), Action(spray=True))  # (1, 2) -> (1, 3), vector (0, 1)
    assert kinds(events) == ["move", "spray"] and state.cars[0].kit.sprayers == 0
    agrees(road, Rules(), state)


# --- James Bond mode: missiles, guns, oil -------------------------------------------------------


def test_a_car_passing_a_missile_then_colliding_takes_both(corridor):
    """ "A car whose move meets a standing missile ... sets it off: 3 damage, and the car's move
    goes on", then the collision: car 1 passes car 2's missile on (1, 2) and stops on (1, 3)
    before car 2 (3 apart last turn): 3 + 3 = 6, out; car 2 takes 3."""
    state = RaceState(corridor, Rules(), [(1, 1), (1, 3)])
    put(state, 0, (1, 1), (0, 4))
    put(state, 1, (1, 4), (0, 0), prev=(1, 4))
    state.gadgets.missiles[1] = Missile(1, (1, 2), (0, 0))
    events = state.play((0, -1))
    assert kinds(events) == ["move", "blast", "collision", "out"]
    assert (events[1].to, events[1].damage) == ((1, 2), 3)
    assert (state.cars[0].damage, state.cars[1].damage) == (6, 3)
    assert state.gadgets.missiles == {}


def test_a_blast_then_a_dime_then_a_crash_counts_in_that_order(track):
    """ "When: during the move, before its crash or collision is counted: a dime picked up on
    the way saves a car" and "A car whose move meets a standing missile ... sets it off: 3
    damage, and the car's move goes on". Car 1 (5 damage points) passes a missile on (1, 3)
    (3 damage), the dime on (1, 4) (10 damage points), then hits the wall at speed 3: 6 damage,
    not out. The referee agrees on a race from the start to such a move."""
    lane = track("""
######
#S..d#
#S..G#
######
""")
    state = RaceState(lane, Rules(), [(1, 1), (2, 1)])
    put(state, 0, (1, 2), (0, 3))
    state.gadgets.missiles[1] = Missile(1, (1, 3), (0, 0))
    events = state.play((0, 0))
    assert kinds(events)[:4] == ["move", "blast", "pickup", "crash"]
    car = state.cars[0]
    assert (car.damage, car.points, car.status) == (6, 10, RUNNING)
    assert [(e.damage, e.total) for e in (events[1], events[3])] == [(3, 3), (3, 6)]
    # from the start (accel 9): car 2 parks its missile on (1, 8) in round 3, ahead of car 1
    # at (1, 7) speed 3; car 1 drives on over the missile and the dime (1, 9) into the wall
    road = track("""
###########
#S.......d#
#S.......G#
###########
""")
    rules = Rules(9)
    designs = [Design(0, 0, 5), Design(0, 0, 5, missile=1)]
    state = RaceState(road, rules, default_starts(road, 2), designs)
    for a in [(0, 1), (0, 1), (0, 1), (0, 1), (0, 1)]:
        state.play(a)
    fired = state.play((0, 0), Action(fire=True, missile=(-1, 0)))  # (2, 6) -> (1, 8)
    assert fired[-1].to == (1, 8)
    events = state.play((0, 0))  # car 1: (1, 7) -> (1, 10)
    assert kinds(events) == ["move", "blast", "pickup", "crash"]
    assert (events[3].total, events[3].to) == (6, (1, 9))
    assert (state.cars[0].points, state.cars[0].status) == (10, RUNNING)
    consistent(state)
    agrees(road, rules, state, designs)


def test_the_missile_of_a_car_that_goes_out_vanishes_at_once(corridor):
    """ "One missile in flight a car; it vanishes when its car finishes or is out (no turns
    left to move it)". Car 2 can only drive into car 1 (1 apart): car 1 (5 damage) is out, so
    its missile on (1, 10) is gone; car 2's missile then moves (1, 9) -> (1, 10) and stands
    there."""
    state = RaceState(corridor, Rules(), [(1, 1), (1, 3)])
    put(state, 0, (1, 5), (0, 0), prev=(1, 5), damage=5)
    state.play((0, 0))  # car 1 stays
    put(state, 1, (1, 4), (0, 3), prev=(1, 1))
    state.gadgets.missiles[0] = Missile(0, (1, 10), (0, 0))
    state.gadgets.missiles[1] = Missile(1, (1, 9), (0, 0))
    assert {o.outcome for o in state.legal()} == {COLLIDES, CRASHES}
    events = state.play((0, 0), Action(missile=(0, 1)))
    assert kinds(events)[:3] == ["move", "collision", "out"]
    assert state.cars[0].status == OUT
    assert [(m.owner, m.point) for m in state.gadgets.missiles.values()] == [(1, (1, 10))]


def test_a_missile_fired_standing_still_blows_up_its_own_car(arena):
    """Decided: the engine stands, by the seed's "If it ends up on the same square as any car
    (including your own!) then it explodes and causes 3 points of damage": a missile fired by a
    car standing still, with no missile move written ((0, 0)), ends on its own car's point and
    explodes there: 3 damage to its own car. Steered off ("missile 0 1") it flies clear. The
    referee agrees."""
    designs = [Design(0, 0, 10, missile=1), TEN]
    rules = Rules()
    state = RaceState(arena, rules, default_starts(arena, 2), designs)
    events = state.play((0, 0), Action(fire=True))  # car 1 stays on its start (1, 1)
    assert kinds(events) == ["move", "fire", "missile", "blast"]
    assert (events[2].outcome, events[2].other) == ("blast", 0)
    assert (events[3].car, events[3].other, events[3].damage, events[3].to) == (0, 0, 3, (1, 1))
    assert state.cars[0].damage == 3 and state.gadgets.missiles == {}
    agrees(arena, rules, state, designs)
    steered = RaceState(arena, rules, default_starts(arena, 2), designs)
    events = steered.play((0, 0), Action(fire=True, missile=(0, 1)))
    assert kinds(events) == ["move", "fire", "missile"] and events[2].to == (1, 2)
    assert steered.cars[0].damage == 0
    agrees(arena, rules, steered, designs)


def test_rear_guns_shoot_the_car_right_behind_and_the_drivers_spare_a_teammate(arena):
    """ "one square behind": the point one square back along the heading. Car 1 (two sets)
    moves (1, 5) -> (3, 6), heading (1, 1) ((2, 1): an axis counts at half the larger): right
    behind it is (2, 5) (a rival: 2 damage); (3, 5) and (2, 6) are beside its back, not behind
    it. Its driver shoots the rival right behind, never a teammate."""
    designs = [Design(0, 0, 10, guns=2)] + [TEN] * 5
    state = RaceState(arena, Rules(9), default_starts(arena, 6), designs, teams=list("ABBABB"))
    put(state, 0, (1, 5), (2, 1))
    for seat, at in [(1, (2, 5)), (2, (3, 5)), (3, (2, 6)), (4, (4, 5)), (5, (4, 7))]:
        put(state, seat, at, moves=1)
    assert choose_action(state, option(state, (0, 0))) == Action(shoot=(2,))
    with pytest.raises(IllegalMove, match="car 3 is not one square behind car 1"):
        state.play((0, 0), Action(shoot=(3,)))
    events = state.play((0, 0), Action(shoot=(2,)))
    assert kinds(events) == ["move", "shot"]
    assert [c.damage for c in state.cars] == [0, 2, 0, 0, 0, 0]
    put(state, 1, (2, 4), moves=1)
    put(state, 3, (2, 5), moves=1)  # now the teammate is right behind car 1
    state.turn = 0
    assert choose_action(state, option(state, (0, 0))) is None


def test_rear_guns_shoot_one_car_at_the_start_and_another_at_the_end(arena):
    """ "at either the start or end of your turn": car 2 (one set) heads (1, 1) on (3, 10)
    with car 1 right behind on (2, 9): shot at the start of car 2's turn, before its move.
    Car 2 moves (1, 2) to (4, 12), heading (1, 1): car 3 on (3, 11) is right behind it now:
    shot at the end."""
    designs = [TEN, Design(0, 0, 10, guns=1), TEN]
    state = RaceState(arena, Rules(9), default_starts(arena, 3), designs)
    put(state, 0, (2, 9), moves=1)
    put(state, 1, (3, 10), (1, 1), moves=1)
    put(state, 2, (3, 11), moves=1)
    state.turn = 1
    events = state.play((0, 1), Action(shoot=(1, 3)))
    assert kinds(state.log[-3:]) == ["shot", "move", "shot"]
    assert kinds(events) == ["move", "shot"] and events[1].car == 2
    assert [c.damage for c in state.cars] == [1, 0, 1]


def test_a_slick_over_the_start_line_and_the_water(track):
    """ "the 3 x 3 points centred two squares back from where it stands along the heading of
    that move's vector ...; its points on the track or the water are oil from then on (the skid
    rule above, for every car and missile)". Car 1 sprays after (2, 1) -> (2, 3): the slick is
    centred on (2, 1); the wall column 0 is no oil, the start points and the water are. A car
    on a start point standing still does not skid; a car about to drive over the oiled water
    must repeat its vector into it (a crash), as on any oil."""
    pond = track("""
#########
#S......#
#S......#
#Sw.....#
#G......#
#########
""")
    designs = [Design(0, 0, 10, sprayer=1), TEN, TEN]
    state = RaceState(pond, Rules(), [(2, 1), (1, 1), (3, 1)], designs)
    put(state, 0, (2, 1), (0, 2))
    events = state.play((0, 0), Action(spray=True))
    assert kinds(events) == ["move", "spray"]
    assert set(events[1].oil) == {(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)}
    assert len(state.options()) == 5  # car 2 stands on the oiled start: no skid
    state.play((0, 0))
    put(state, 2, (4, 3), (-1, -1))  # its unchanged move ends on the oiled water (3, 2)
    assert [(o.accel, o.outcome) for o in state.options()] == [((0, 0), CRASHES)]


def test_the_drivers_fire_at_a_rival_the_missile_can_hit_and_spray_at_one_behind(arena):
    """ "fire the missile when one of its possible first moves blasts a rival ...; spray when a
    rival stands within three squares behind after the move": car 1 lands on (3, 6) at speed 2,
    a rival stands on (3, 8) (the missile's first move with the car's vector lands on it) and
    another on (3, 3), three squares behind."""
    designs = [Design(0, 0, 6, missile=1, sprayer=1), TEN, TEN]
    state = RaceState(arena, Rules(), default_starts(arena, 3), designs)
    put(state, 0, (3, 4), (0, 2))
    put(state, 1, (3, 8))
    put(state, 2, (3, 3))
    move = option(state, (0, 0), legal=True)
    action = choose_action(state, move)
    assert action is not None and action.fire and action.spray
    events = state.play(move.accel, action)
    assert kinds(events) == ["move", "fire", "missile", "blast", "spray"]
    assert (events[3].car, events[3].damage) == (1, 3)


# --- the Swedish variant -------------------------------------------------------------------------


def test_a_jump_that_finishes_is_logged_as_a_jump(track):
    """ "A move jumps when its line ... touches obstacle squares but no other off-track square
    ..., and it lands on a track point ... or finishes before it lands" and "The log says 'car 1
    jumps over the obstacle' (event jump)": (1, 6) -> (1, 10) jumps the obstacle (1, 8) and
    crosses the goal (1, 9) before it lands on the wall. Under accel 8 the repeat is allowed
    because it is a jump; every turn hits the obstacle. The referee agrees on a race from the start."""
    lane = track("""
###########
#S......^G#
#S......^G#
###########
""")
    state = RaceState(lane, Rules(8), [(1, 1), (2, 1)], swedish=JUMPS)
    put(state, 0, (1, 6), (0, 4))
    legal = state.legal()
    assert len(legal) == 9
    assert [o.accel for o in legal if o.outcome != CRASHES] == [(0, 0)]
    events = state.play((0, 0))
    assert kinds(events) == ["move", "jump", "finish"]
    # from the start (accel 9, so car 2 may stay): (1, 1) -> (1, 2) -> (1, 4) -> (1, 7),
    # then the repeat (1, 7) -> (1, 10) jumps (1, 8) and crosses the goal (1, 9)
    rules = Rules(9)
    state = RaceState(lane, rules, default_starts(lane, 2), swedish=JUMPS)
    for a in [(0, 1), (0, 0), (0, 1), (0, 0), (0, 1), (0, 0)]:
        state.play(a)
    events = state.play((0, 0))
    assert kinds(events) == ["move", "jump", "finish"] and events[0].frm == (1, 7)
    consistent(state)
    agrees(lane, rules, state, swedish=JUMPS)


def test_a_jump_onto_a_car_beyond_the_obstacle_is_a_collision(track):
    """ "A jump's line ... reaches other cars as any move (a car beyond the obstacle is a
    collision)": the only move not hitting the obstacle jumps onto car 2 on (1, 6); 5 apart
    last turn. (The doc's stop point, "the last grid point of its line before the other car",
    is the obstacle (1, 5): the engine stops the car on the track before it, (1, 4), as under
    the endpoint rule.)"""
    lane = track("""
#############
#S...^.....G#
#############
""")
    state = RaceState(lane, Rules(), [(1, 1), (1, 1)], swedish=JUMPS)
    put(state, 0, (1, 3), (0, 3), prev=(1, 1))
    put(state, 1, (1, 6), (0, 0), prev=(1, 8))
    outcomes = [o.outcome for o in state.legal()]
    assert sorted(outcomes) == sorted([CRASHES] * 4 + [COLLIDES])
    events = state.play((0, 0))
    assert kinds(events) == ["move", "collision"]
    assert (events[1].apart, events[1].to) == (5, (1, 4))
    assert (state.cars[0].damage, state.cars[1].damage) == (5, 5)


def test_leaving_across_a_checkpoint_and_coming_back_behind_it(lap):
    """ "Lines crossed on that move count for nothing" (leaving), "its stage is the one it left
    with" (coming back), and behind is "q's king-step distance to the finish ... in the car's
    stage ... greater than p's". (6, 6) -> (8, 3) crosses the checkpoint at column 4 before it
    touches the wall (the one-car referee counts it), and leaves the track: stage 0. From
    (9, 7) the car may come back on (7, 7) (9 king steps to go against 8 from (6, 6)) but not
    on (7, 6) (8); once back, crossing the checkpoint on the track counts."""
    state = RaceState(lap, Rules(9), [(1, 1), (2, 1)], swedish=CIRCLE)
    assert state.ref.judge(6, 6, 2, -3, 0) == (CRASH, 1)
    put(state, 0, (6, 6), (1, -2))
    leave = option(state, (1, -1))
    assert (leave.outcome, leave.stage, leave.aim, leave.left_from) == (
        OFF_TRACK,
        0,
        (8, 3),
        (6, 6),
    )
    state.play((1, -1))
    assert state.cars[0].stage == 0 and state.cars[0].damage == 0
    state.play((0, 0))
    put(state, 0, (9, 7), (-1, 0), left=(6, 6))
    assert option(state, (-1, -1)).outcome == CUTS  # (7, 6)
    back = option(state, (-1, 0))
    assert (back.outcome, back.back, back.aim, back.stage) == (MOVED, True, (7, 7), 0)
    events = state.play((-1, 0))
    assert kinds(events) == ["move", "return"]
    state.play((0, 0))
    state.play((1, -1))  # (7, 7) -> (6, 6)
    state.play((0, 0))
    state.play((1, -1))  # (6, 6) -> (6, 4): on the checkpoint, crossing it leftwards
    assert (state.cars[0].point, state.cars[0].stage) == ((6, 4), 1)


def test_a_leaving_move_that_crosses_the_goal_first_finishes(track):
    """ "(a finish crossed before the line touches the side still finishes, as in the one-car
    rules)": under --off-track circle (1, 5) -> (1, 8) touches the goal (1, 7) before the
    paper (1, 8): a finish, not a leave."""
    strip = track("""
##########
#S.....G##
#S.....G##
##########
""")
    state = RaceState(strip, Rules(), [(1, 1), (2, 1)], swedish=CIRCLE)
    put(state, 0, (1, 5), (0, 3))
    assert option(state, (0, 0)).outcome == FINISHES
    assert kinds(state.play((0, 0))) == ["move", "finish"]


def test_a_car_off_the_track_stopping_on_a_track_point_is_back_on_the_track(track):
    """ "it is a car on the board: a line that reaches another car collides (the damage rules
    above), the mover stopping on the last point before it, off the track or on it (a stop on a
    track point puts it back on the track ...)": from (4, 6) on the paper, (-3, 0) passes the
    paper (3, 6) and the track point (2, 6), and reaches car 2 on (1, 6). The collision is not
    legal while a clean move exists (a move on the paper is clean)."""
    state = RaceState(track(STRIP), Rules(), [(1, 1), (1, 2)], swedish=CIRCLE)
    put(state, 0, (4, 6), (-2, 0), left=(2, 5))
    put(state, 1, (1, 6), (0, 0), prev=(1, 4))
    hit = option(state, (-1, 0))
    assert (hit.outcome, hit.end, hit.left_from, hit.other) == (COLLIDES, (2, 6), None, 1)
    assert all(o.outcome != COLLIDES for o in state.legal())
    assert any(o.outcome == OFF_TRACK for o in state.legal())


def test_without_contact_a_car_off_the_track_is_put_back_even_on_a_car(track):
    """ "(Without contact) the crashed car is still put back on the track (the nearest point as
    above, another car's point allowed)" and "a car off the track is put back on the point it
    left": it left from (2, 5), where car 2 stands now; without contact that is allowed. The referee agrees on a race from the start to the same put-back."""
    state = RaceState(track(STRIP), Rules(), [(1, 1), (1, 2)], swedish=CIRCLE, contact=False)
    put(state, 0, (4, 5), (1, 0), left=(2, 5))
    put(state, 1, (2, 5))
    events = state.play((0, 0))  # (4, 5) -> (5, 5): off the paper
    assert kinds(events) == ["move", "crash"] and events[1].damage == 0
    assert events[1].to == (2, 5)
    # from the start (accel 9): car 1 leaves from (2, 7) and drives off the paper's edge
    # after car 2 has stopped on (2, 7)
    strip = track(STRIP)
    rules = Rules(9)
    state = RaceState(strip, rules, default_starts(strip, 2), swedish=CIRCLE, contact=False)
    car1 = [(0, 1), (0, 1), (0, 0), (1, -1), (0, -1), (1, 0)]
    car2 = [(0, 1), (0, 1), (0, 0), (0, -1), (0, -1)]
    for a, b in zip(car1, [*car2, None], strict=True):
        events = state.play(a)
        if b is not None:
            state.play(b)
    assert state.cars[1].point == (2, 7) and state.cars[1].vector == (0, 0)
    assert [e.text() for e in events] == [
        "car 1: (3, 7) -> (5, 7) vector (2, 0)",
        "car 1 crashes: put at (2, 7), stopped",
    ]
    consistent(state)
    agrees(strip, rules, state, swedish=CIRCLE, contact=False)


# --- winning, teams ----------------------------------------------------------------------------


def test_teams_whose_cars_finish_in_the_same_round(track):
    """ "places go in playing order, so of two cars crossing in one round the one that moved
    first (the lower seat) is ahead, however far along their moves they crossed" and "the
    first three cars to finish score 3, 2 and 1 for their team; a car that is out ... scores
    nothing ... teams with equal points share the place". Round 3: car 2 (B) touches the goal
    three quarters along its move, car 3 (A) half way along its: car 2 first all the same.
    Car 1 (A) is third a round later, car 4 (B, no damage points) crashed out in round 1: A 2
    + 1 = 3, B 3, both first, B listed first (its best place). The referee agrees."""
    square = track("""
########
#S....G#
#S....G#
#S....G#
#S....G#
########
""")
    rules = Rules(9)
    designs = [TEN, TEN, TEN, Design(0, 0, 0)]
    teams = ["A", "B", "A", "B"]
    state = RaceState(square, rules, default_starts(square, 4), designs, teams)
    for a in [(0, 1), (0, 1), (0, 1), (1, 0)]:  # round 1; car 4 crashes into the wall: out
        state.play(a)
    assert state.cars[3].status == OUT
    for a in [(0, 1), (0, 1), (0, 1)]:  # round 2: speed 2, column 4
        state.play(a)
    state.play((0, -1))  # round 3: car 1 to column 5
    assert kinds(state.play((0, 0))) == ["move", "finish"]  # car 2: (2, 4) -> (2, 6)
    assert kinds(state.play((0, 1))) == ["move", "finish"]  # car 3: (3, 4) -> (3, 7)
    state.play((0, 0))  # round 4: car 1 (1, 5) -> (1, 6)
    assert state.over
    assert [(r["car"], r["status"]) for r in state.standings()] == [
        (2, FINISHED),
        (3, FINISHED),
        (1, FINISHED),
        (4, OUT),
    ]
    table = [(t["place"], t["team"], t["points"]) for t in state.team_standings()]
    assert table == [(1, "B", 3), (1, "A", 3)]
    consistent(state)
    agrees(square, rules, state, designs, teams)


# --- the referee ----------------------------------------------------------------------------------


def test_referee_aims_from_the_put_point_and_a_parked_car_stays_an_obstacle(corridor):
    """ "a points file's first point is the start and each later point is where that move aims
    ... after a crash or a collision, the point the move aimed at, then on the next line the
    point where the car was put (or stopped)" and "A car out or finished is no longer on the
    track; a parked car (its moves file ran out) still is": car 1 crashes into the wall above
    its start, is put back on (1, 1) (written) and its next point (1, 2) is a move off at speed
    1. Car 2 with no moves parks on (1, 3); car 1's (1, 2) -> (1, 4) passes it: an avoidable
    collision, move 2."""
    rules = Rules()
    crash = replay(
        corridor,
        rules,
        [
            RacingLine(points=((1, 1), (0, 1), (1, 1), (1, 2))),
            RacingLine(points=((1, 3), (1, 4), (1, 6))),
        ],
    )
    assert crash.illegal is None
    texts = [e.text() for e in crash.state.log]
    assert texts[:3] == [
        "car 1: (1, 1) -> (0, 1) vector (-1, 0)",
        "car 1 crashes: 1 damage (total 1), put at (1, 1), stopped",
        "car 2: (1, 3) -> (1, 4) vector (0, 1)",
    ]
    assert texts[3] == "car 1: (1, 1) -> (1, 2) vector (0, 1)"
    parked = replay(
        corridor, rules, [RacingLine(points=((1, 1), (1, 2), (1, 4))), RacingLine(points=((1, 3),))]
    )
    assert parked.illegal is not None
    assert parked.illegal[:2] == (0, 2)
    assert "collides with car 2" in parked.illegal[2]
    assert parked.notes == ["car 2: its moves ran out after move 0; finish not reached"]
