"""The multi-car race (race/state.py and the modules it plays through): every rule sentence
of the seed pinned by a position.

docs/rules/graph-racers.md, "The race (race/)", states each rule and decision; the tests
here are named after them.
"""

from __future__ import annotations

import pytest
from conftest import EXAMPLES
from race_checks import option, put

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.check import RacingLine
from generator.games.graph_racers.moves.rules import NORMAL, TURBO, Rules, changes, skid_changes
from generator.games.graph_racers.race.cars import (
    COLLIDES,
    CRASHES,
    FINISHED,
    MOVED,
    OUT,
    default_starts,
    parse_teams,
)
from generator.games.graph_racers.race.design import Design, parse_designs
from generator.games.graph_racers.race.replay import replay
from generator.games.graph_racers.race.state import IllegalMove, RaceState
from generator.games.graph_racers.track.formats import read_track

# --- turn order, one lap wins -----------------------------------------------------------------


def test_turn_order_is_seat_order_every_car_once_a_round(arena):
    """RULE 2: players take it in turns, the youngest first: car 1 (seat 0), then 2, then 3."""
    state = RaceState(arena, Rules(), default_starts(arena, 3))
    seen = []
    for _ in range(6):
        seen.append((state.round, state.to_move().seat))
        state.play((0, 1))
    assert seen == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]


def test_cars_that_finished_or_are_out_lose_their_turns(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 3))
    put(state, 0, (3, 15), (0, 3))
    events = state.play((0, 0))  # car 1 reaches the goal column
    assert [e.kind for e in events] == ["move", "finish"]
    assert state.cars[0].status == FINISHED and state.cars[0].place == 1
    state.play((0, 1))
    state.play((0, 1))
    assert (state.round, state.to_move().seat) == (2, 1)


def test_first_to_finish_wins_and_one_round_is_decided_by_seat_order(arena):
    """RULE 3 "first person ... wins": two cars crossing in one round place in playing
    order, even when the later one crosses nearer the start of its move."""
    state = RaceState(arena, Rules(), default_starts(arena, 2))
    put(state, 0, (1, 15), (0, 3))
    put(state, 1, (3, 16), (0, 2))
    state.play((0, 0))
    state.play((0, 0))
    assert state.over
    assert [(r["car"], r["place"]) for r in state.standings()] == [(1, 1), (2, 2)]


# --- the move rule, stopping, moving off ------------------------------------------------------


@pytest.mark.parametrize("accel", [5, 8, 9])
def test_the_move_rule_under_each_acceleration_set(arena, accel):
    """RULE 4 (accel 5) and the variants: the race offers exactly the one-car rules' changes."""
    rules = Rules(accel)
    state = RaceState(arena, rules, default_starts(arena, 2))
    put(state, 0, (3, 5), (0, 2))
    assert [o.accel for o in state.options()] == [a for a, _ in changes(rules, (0, 2), (0, 0, 0))]


def test_stopping_and_moving_off_at_one_square(arena):
    """ "If you are moving just one square ... you can come to a complete stop on your next
    move. The move after that ... move off at a speed of one square N, S, E or W"."""
    state = RaceState(arena, Rules(), default_starts(arena, 2))
    put(state, 0, (4, 5), (0, 1))
    state.play((0, -1))
    assert state.cars[0].vector == (0, 0) and state.cars[0].point == (4, 5)
    state.play((0, 1))  # car 2
    assert sorted(o.vector for o in state.options()) == [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]


# --- collisions ---------------------------------------------------------------------------


def test_a_collision_is_illegal_when_a_move_avoids_it(arena):
    """ "you aren't allowed to do it deliberately": landing on a car when another move is clean."""
    state = RaceState(arena, Rules(), default_starts(arena, 2))
    put(state, 0, (3, 4), (0, 3), prev=(3, 1))
    put(state, 1, (3, 8), (0, -3), prev=(3, 11))
    assert option(state, (0, 1)).outcome == COLLIDES
    assert all(o.outcome != COLLIDES for o in state.legal())
    with pytest.raises(
        IllegalMove, match=r"collides with car 2.*acceleration \(0, 0\) to \(3, 7\)"
    ):
        state.play((0, 1))
    assert state.cars[0].point == (3, 4) and state.to_move().seat == 0  # nothing changed


def test_head_on_collision_when_unavoidable_costs_both_the_squares_apart_last_turn(corridor):
    """ "if it's unavoidable then look back and count how many squares apart the two cars were
    last turn. Both cars take one point of damage for each square ... Both cars are then
    considered stopped"."""
    state = RaceState(corridor, Rules(), [(1, 1), (1, 3)])
    put(state, 0, (1, 3), (0, 2), prev=(1, 1))
    put(state, 1, (1, 4), (0, -2), prev=(1, 6))
    legal = state.legal()
    assert {o.outcome for o in legal} == {COLLIDES, CRASHES}  # every move collides or crashes
    events = state.play((0, 0))
    hit = events[1]
    assert hit.kind == "collision" and hit.apart == 3  # (1, 3) and (1, 6)
    assert (state.cars[0].damage, state.cars[1].damage) == (3, 3)
    assert state.cars[0].point == (1, 3)  # the last point of its line before the other car
    assert state.cars[0].vector == state.cars[1].vector == (0, 0)
    assert state.cars[1].restart and state.cars[0].restart


def test_rear_ending_costs_little(corridor):
    """ "you can usually survive rear-ending another car": the cars were 1 apart last turn."""
    state = RaceState(corridor, Rules(), [(1, 1), (1, 3)])
    put(state, 0, (1, 3), (0, 2), prev=(1, 1))
    put(state, 1, (1, 4), (0, 2), prev=(1, 2))
    events = state.play((0, 0))
    assert events[1].apart == 1 and state.cars[1].damage == 1


def test_passing_through_a_car_collides_crossing_its_trail_does_not(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 2))
    put(state, 1, (5, 5), (4, 0), prev=(1, 5))  # car 2 drove down column 5
    put(state, 0, (3, 2), (0, 5))
    assert option(state, (0, 1)).outcome == MOVED  # crosses the trail at (3, 5): no car there
    put(state, 1, (3, 5), (0, 0), prev=(3, 5))
    o = option(state, (0, 0))
    assert o.outcome == COLLIDES and o.end == (3, 4)
    jump = RaceState(arena, Rules(collision="endpoint"), default_starts(arena, 2))
    put(jump, 1, (3, 5))
    put(jump, 0, (3, 2), (0, 5))
    assert option(jump, (0, 0)).outcome == MOVED  # the jump rule: only landing on a car counts
    put(jump, 0, (3, 2), (0, 3))
    landing = option(jump, (0, 0))
    assert landing.outcome == COLLIDES and landing.end == (3, 4)


# --- crashing, damage, out ------------------------------------------------------------------


def test_crash_damage_is_the_speed_and_the_car_restarts_at_the_edge(arena):
    """ "one point of damage for each square of speed ... Put the car at the edge of the track
    on the square nearest to where it crashed - and start off again at one square"."""
    state = RaceState(arena, Rules(turbo=2), default_starts(arena, 2))
    put(state, 0, (3, 5), (-3, 2))
    events = state.play((0, 0))  # (3, 5) -> (0, 7): the wall of row 0
    crash = events[1]
    assert crash.kind == "crash" and crash.damage == 3  # speed of (-3, 2) is 3
    # the line meets row 0's squares at column 6 2/3: the wall square (0, 7); put below it
    assert crash.to == (1, 7) == state.cars[0].point
    assert state.cars[0].vector == (0, 0)
    state.play((0, 1))
    assert all(o.kind == NORMAL for o in state.options())  # moving off: no turbo
    assert max(abs(x) for o in state.options() for x in o.vector) == 1
    state.play((0, 1))
    state.play((0, 1))
    assert any(o.kind == TURBO for o in state.options())  # later the turbo is back


def test_more_than_five_damage_points_is_out_and_the_car_leaves_the_track(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 2))
    put(state, 0, (3, 5), (-3, 0), damage=2)
    state.play((0, 0))
    assert state.cars[0].damage == 5 and state.cars[0].status != OUT  # five is still in
    state = RaceState(arena, Rules(), default_starts(arena, 2))
    put(state, 0, (3, 5), (-3, 0), damage=3)
    events = state.play((0, 0))
    assert [e.kind for e in events] == ["move", "crash", "out"]
    assert state.cars[0].status == OUT
    out_at = state.cars[0].point
    put(state, 1, (out_at[0], out_at[1] - 2), (0, 2))
    assert option(state, (0, 0)).outcome == MOVED  # no wreck left where it stood
    assert [r["car"] for r in state.standings()] == [2, 1]


# --- advanced rules: good brakes, turbo, oil ----------------------------------------------------


def test_turbo_and_good_brakes_have_two_uses_each(arena):
    state = RaceState(arena, Rules(brakes=2, turbo=2), default_starts(arena, 2))
    for _ in range(2):
        turbo = next(o for o in state.options() if o.kind == TURBO and o.vector == (0, 2))
        state.play(turbo.accel)
        state.play((0, 0))  # car 2 stays
        state.cars[0].vector = (0, 0)
    assert state.cars[0].budget == (2, 0, 0)
    assert not any(o.kind == TURBO for o in state.options())


def test_oil_skids_and_boosts_do_not_work_on_it(text_track):
    track = text_track("########\n#S.~~.G#\n#S.~~.G#\n########", name="oil")
    state = RaceState(track, Rules(accel=9, turbo=2, brakes=2), [(1, 1), (2, 1)])
    put(state, 0, (1, 2), (0, 2))
    assert [(o.accel, o.kind) for o in state.options()] == skid_changes(state.rules, (0, 2))
    with pytest.raises(IllegalMove, match="skids on oil"):
        state.play((0, 1))


def test_a_speed_one_car_skids_on_across_the_oil_and_cannot_turbo_off_it(text_track):
    """Issue 28, point 4. The seed: "it skids and MUST make the exact same move as last turn.
    Good brakes and turbo-boost don't work on oil." A speed-1 car on the oil skids on by the
    same move (it may not stop there); a car standing still on the oil (stopped there by a
    collision) moves off with a normal move, not with turbo."""
    track = text_track("########\n#S.~~.G#\n#S.~~.G#\n########", name="oil")
    state = RaceState(track, Rules(accel=5, turbo=2, brakes=2), [(1, 1), (2, 1)])
    put(state, 0, (1, 3), (0, 1))
    assert [o.accel for o in state.options()] == [(0, 0)]  # no stop on (1, 3)
    with pytest.raises(IllegalMove, match="skids on oil and must make the same move again"):
        state.play((0, -1))
    state.play((0, 0))
    assert state.cars[0].point == (1, 4)
    state.play((0, 0))  # car 2 stays on its start
    put(state, 0, (1, 4), (0, 0))  # stopped on the oil
    assert {o.kind for o in state.options()} == {NORMAL}
    assert sorted(o.vector for o in state.options()) == [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]
    with pytest.raises(IllegalMove, match="stands on oil"):
        state.play((0, 2))


# --- starts -------------------------------------------------------------------------------


def test_more_cars_than_start_points_share_them_in_turn():
    track = read_track(EXAMPLES / "sprint.txt")
    assert default_starts(track, 4) == [(1, 1), (2, 1), (3, 1), (1, 1)]
    state = RaceState(track, Rules(), default_starts(track, 4))
    assert option(state, (0, 1)).outcome == MOVED  # leaving a shared point is no collision


def test_referee_refuses_a_taken_start_while_one_is_free():
    track = read_track(EXAMPLES / "sprint.txt")
    line = RacingLine(points=((1, 1), (1, 2)))
    result = replay(track, Rules(), [line, line])
    assert result.illegal == (
        1,
        0,
        "car 2 start: (1, 1) is taken by an earlier car while start point (2, 1) is free",
    )


def test_a_race_has_two_to_six_cars(arena):
    with pytest.raises(InvalidInput, match="2 to 6 cars"):
        RaceState(arena, Rules(), [(1, 1)])
    with pytest.raises(InvalidInput, match="2 to 6 cars"):
        RaceState(arena, Rules(), [(1, 1)] * 7)


# --- the referee ---------------------------------------------------------------------------


def test_referee_names_the_first_illegal_move_in_playing_order():
    track = read_track(EXAMPLES / "sprint.txt")
    one = RacingLine(points=((1, 1), (1, 2), (1, 4), (1, 6), (2, 8), (4, 10), (7, 12)))
    two = RacingLine(accelerations=((0, 1), (0, 1), (0, 1), (0, 1)), start=(2, 1))
    result = replay(track, Rules(), [one, two])
    seat, move, message = result.illegal
    assert (seat, move) == (1, 4)
    assert message.startswith("car 2 move 4: the move to (2, 11) collides with car 1")


def test_referee_moves_after_the_finish_are_illegal():
    track = read_track(EXAMPLES / "sprint.txt")
    one = RacingLine(points=((1, 1), (1, 2), (1, 4), (1, 6), (2, 8), (4, 10), (7, 12), (9, 13)))
    two = RacingLine(accelerations=((0, 1),) * 2, start=(3, 1))
    result = replay(track, Rules(), [one, two])
    assert result.illegal[:2] == (0, 7)
    assert "finished by move 6" in result.illegal[2]
    assert result.notes == ["car 2: its moves ran out after move 2; finish not reached"]


# --- design your own car ----------------------------------------------------------------------


def test_design_your_own_car_with_100_dollars():
    """ "Each player gets $100 ... Good brakes cost $10 and Turbo Boosts cost $10, Damage
    points cost $5 each. You can buy as many ... as you can afford." """
    assert Design(2, 2, 12).cost == 100
    assert Design(0, 0, 20).cost == 100 and Design(10, 0, 0).cost == 100
    assert Design(1, 0, 3).cost == 25  # money left over is allowed
    with pytest.raises(InvalidInput, match=r"2/2/13: costs \$105 .* a car has \$100"):
        Design(2, 2, 13)
    with pytest.raises(InvalidInput, match="brakes/turbo/damage points"):
        Design.parse("2/2")
    assert parse_designs("1/1/16", 3) == [Design(1, 1, 16)] * 3
    assert parse_designs("0/0/20,4/4/4", 2) == [Design(0, 0, 20), Design(4, 4, 4)]
    with pytest.raises(InvalidInput, match="3 car designs for 2 cars"):
        parse_designs("0/0/20,4/4/4,0/0/0", 2)


def test_a_designed_car_has_its_own_boosts_and_damage_points(arena):
    designs = [Design(0, 1, 2), Design(2, 0, 16)]
    state = RaceState(arena, Rules(), default_starts(arena, 2), designs)
    assert [c.budget for c in state.cars] == [(0, 1, 0), (2, 0, 0)]
    assert any(o.kind == TURBO for o in state.options())  # car 1 bought one turbo
    state.play(next(o for o in state.options() if o.vector == (0, 2)).accel)
    assert not any(o.kind == TURBO for o in state.options(state.cars[0]))  # and used it
    assert not any(o.kind == TURBO for o in state.options())  # car 2 bought none
    # car 1 has 2 damage points: a crash at speed 3 puts it out ("more than" its points)
    state = RaceState(arena, Rules(), default_starts(arena, 2), designs)
    put(state, 0, (3, 5), (-3, 0))
    assert [e.kind for e in state.play((0, 0))] == ["move", "crash", "out"]
    assert state.log[-1].text() == "car 1 is out (3 damage, more than 2)"
    # car 2 has 16: the same crash three times leaves it racing at 9
    state = RaceState(arena, Rules(), default_starts(arena, 2), designs)
    state.play((0, 0))
    put(state, 1, (3, 5), (-3, 0), damage=6)
    assert [e.kind for e in state.play((0, 0))] == ["move", "crash"]
    assert state.cars[1].damage == 9 and state.cars[1].status != OUT


def test_no_damage_points_the_first_hit_destroys_the_car(corridor):
    """ "If you don't buy any damage points then you car blows up the first time it hits
    ANYTHING!" A hit by another car counts: the other car only takes its damage."""
    designs = [Design(0, 0, 20), Design(0, 0, 0)]
    state = RaceState(corridor, Rules(), [(1, 1), (1, 3)], designs)
    put(state, 0, (1, 3), (0, 2), prev=(1, 1))  # the head-on position above: 3 apart
    put(state, 1, (1, 4), (0, -2), prev=(1, 6))
    events = state.play((0, 0))
    assert [e.kind for e in events] == ["move", "collision", "out"] and events[2].car == 1
    assert state.cars[0].status != OUT and state.cars[0].damage == 3
    assert events[2].text() == "car 2 is out: no damage points, so the first hit destroys it"
    # a crash at speed 1 is a hit too
    state = RaceState(corridor, Rules(), [(1, 1), (1, 3)], designs[::-1])
    put(state, 0, (1, 1), (0, -1))
    assert [e.kind for e in state.play((0, 0))] == ["move", "crash", "out"]
    assert state.cars[0].damage == 1


def test_designed_cars_buy_their_boosts_the_rules_give_none(arena):
    with pytest.raises(InvalidInput, match="leave --brakes and --turbo out"):
        RaceState(arena, Rules(brakes=2), default_starts(arena, 2), [Design(0, 0, 20)] * 2)
    state = RaceState(arena, Rules(rocket=1), default_starts(arena, 2), [Design(1, 1, 16)] * 2)
    assert state.cars[0].budget == (1, 1, 1)  # the rocket stays a rule of the table


def test_referee_plays_designed_cars():
    track = read_track(EXAMPLES / "sprint.txt")
    one = RacingLine(points=((1, 1), (1, 2), (1, 4), (1, 6), (2, 8), (4, 10), (7, 12)))
    two = RacingLine(accelerations=((0, 1),) * 4 + ((0, 0),), start=(3, 1))
    result = replay(track, Rules(), [one, two], [Design(0, 0, 20), Design(0, 0, 0)])
    assert result.state.cars[1].status == OUT and result.state.cars[1].damage == 4
    assert result.illegal is None


# --- team racing ------------------------------------------------------------------------------


def test_team_racing_three_two_one_points_for_the_first_three(arena):
    """ "cars score three points for a win, two points for second place and one point for
    third. The team with the most points wins overall." """
    teams = parse_teams("A,B,A,B", 4)
    state = RaceState(arena, Rules(), default_starts(arena, 4), teams=teams)
    put(state, 0, (5, 5))  # car 1 (A) stays back
    for seat, row in ((1, 2), (2, 3), (3, 4)):
        put(state, seat, (row, 15), (0, 3))
    for _ in range(4):
        state.play((0, 0))
    assert state.finish_order == [1, 2, 3]  # cars 2 (B), 3 (A), 4 (B)
    assert state.team_standings() == [
        {"place": 1, "team": "B", "points": 4, "cars": [2, 4]},
        {"place": 2, "team": "A", "points": 2, "cars": [1, 3]},
    ]
    assert [r.get("team") for r in state.standings()] == ["B", "A", "B", "A"]


def test_teams_with_equal_points_share_the_place(arena):
    state = RaceState(arena, Rules(), default_starts(arena, 2), teams=["red", "blue"])
    assert [(t["place"], t["points"]) for t in state.team_standings()] == [(1, 0), (1, 0)]
    with pytest.raises(InvalidInput, match="at least two teams"):
        parse_teams("A,A", 2)
    with pytest.raises(InvalidInput, match="give 3 team names"):
        parse_teams("A,B", 3)
