"""Issue 28, the Graph Racers race points 1, 2, 3, 6 and 7: who ranks ahead when a collision
puts both cars out, what a table writes after a crash (the put-back line), where a crashed car
is put, which collisions are "unavoidable", and how speed and "squares apart" are counted. Each
test quotes the seed or docs/rules/graph-racers.md, "The race (race/)"."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from race_checks import CORRIDOR, consistent, kinds, put

from generator.cli import cli
from generator.games.graph_racers.moves.check import RacingLine, check_line
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.printed_rules import basic_sections, crash_text
from generator.games.graph_racers.race.cars import COLLIDES, CRASHES, MOVED, OUT, apart
from generator.games.graph_racers.race.design import designed_rules, parse_designs
from generator.games.graph_racers.race.drivers import make_drivers, run_race
from generator.games.graph_racers.race.replay import replay
from generator.games.graph_racers.race.state import IllegalMove, RaceState
from generator.games.graph_racers.track.formats import read_track

# A lap: right along the top over checkpoint 1 (column 16), down the right, left along the
# bottom over checkpoint 2 (column 4), up and right over the finish (column 4). Column 19 is
# the wall at the end of the top straight.
LOOP = """
####################
#S.................#
#S.................#
#..##############..#
#..##############..#
#..................#
#..................#
####################
"""
LOOP_HEADER = (
    "finish: col 4 rows 1-2 right\ncheckpoint: col 16 rows 1-2 right\n"
    "checkpoint: col 4 rows 5-6 left\n"
)
# oil at (1, 5) and (1, 6): a car there at speed 2 must repeat its vector (accel 9)
OILY = """
###############
#S...~~......G#
#S............#
###############
"""
# car 1 up the top straight to (1, 14) at speed 3, then turbo to speed 5: (1, 19) is the wall
TO_THE_WALL = ((1, 1), (1, 2), (1, 4), (1, 7), (1, 11), (1, 14), (1, 19))


@pytest.fixture
def loop(text_track):
    return text_track(LOOP, LOOP_HEADER, name="loop")


@pytest.fixture(scope="module")
def oil_oval():
    return read_track(EXAMPLES / "oil-oval.txt")


# --- point 1: both cars out in one collision ----------------------------------------------------


def test_both_cars_out_in_a_collision_the_mover_ranks_ahead(text_track):
    """ "both cars of a collision can go out: the car hit is listed out first, so the mover
    ranks ahead of it in the standings" (cars out: the last out first). Head on at speed 3, 6
    apart last turn ((1, 4), where car 1 moves from, and (1, 10)): both out; car 1 moved, car 2
    was hit."""
    track = text_track(CORRIDOR)
    state = RaceState(track, Rules(), [(1, 1), (1, 3)])
    put(state, 0, (1, 4), (0, 3), prev=(1, 1))
    put(state, 1, (1, 6), (0, -4), prev=(1, 10))
    events = state.play((0, 0))
    assert kinds(events) == ["move", "collision", "out", "out"]
    assert [e.car for e in events[2:]] == [1, 0]  # the car hit first
    assert state.out_order == [1, 0]
    assert [(r["car"], r["status"]) for r in state.standings()] == [(1, OUT), (2, OUT)]


def test_issue_28_reproducer_car_2_ranks_ahead_of_car_6(oil_oval):
    """The issue's race: `race oil-oval.txt --players 6 --driver random --seed 450665 --design
    0/0/20,0/0/0,0/4/4,2/2/12,1/1/10,0/4/4`, round 19: car 2 (no damage points) collides with
    car 6, both out; car 2, the mover, ranks ahead of car 6."""
    designs = parse_designs("0/0/20,0/0/0,0/4/4,2/2/12,1/1/10,0/4/4", 6)
    rules = designed_rules(Rules(), designs)
    drivers = make_drivers(["random"] * 6, oil_oval, rules, 450665, None, designs)
    state = run_race(oil_oval, rules, drivers, max_rounds=19, designs=designs)
    hit = [e for e in state.log if e.kind == "collision" and e.round == 19]
    assert [(e.car, e.other) for e in hit] == [(1, 5)]
    outs = [e.car for e in state.log if e.kind == "out" and e.round == 19]
    assert outs == [5, 1]
    places = [r["car"] for r in state.standings()]
    assert places.index(2) < places.index(6)


# --- point 3: where a crashed car is put -------------------------------------------------------


def test_a_car_crashing_past_a_checkpoint_is_put_at_the_wall_and_keeps_it(loop):
    """Seed: "Put the car at the edge of the track on the square nearest to where it crashed".
    The issue's reproducer: (1, 14) -> (1, 19) with turbo crosses the checkpoint at column 16
    and its line first touches the wall square (1, 19) at (1, 18.5): the car is put on (1, 18)
    (distance 1/2), past the checkpoint, which it keeps (it was put on (1, 15), behind it,
    before issue 28)."""
    rules = Rules(turbo=2)
    lines = [RacingLine(points=TO_THE_WALL), RacingLine(points=((2, 1),))]
    result = replay(loop, rules, lines)
    assert result.illegal is None
    crash = [e for e in result.state.log if e.kind == "crash"]
    assert [(e.to, e.damage) for e in crash] == [((1, 18), 5)]
    assert result.state.cars[0].point == (1, 18) and result.state.cars[0].stage == 1


def test_a_line_through_a_corner_of_two_wall_squares_is_settled_by_the_stated_ties(oil_oval):
    """The issue's second reproducer (`race oil-oval.txt --players 4 --driver random --seed 2`,
    round 63): car 3 drives (8, 2) -> (7, -1); its line touches the wall squares (7, 0) and
    (8, 0) at the same instant, at their shared corner (7.5, 0.5). One touch point, so no pick
    between squares: the track points nearest it are (7, 1) and (8, 1) (distance 0.71 each),
    both 1 square from (8, 2); the smaller row number wins: (7, 1). (Since point 4's oil rule
    a speed-1 car skids on, so that race now runs otherwise: the position is set by hand.)"""
    state = RaceState(oil_oval, Rules(), [(1, 8), (2, 8)])
    put(state, 0, (8, 2), (-1, -3), prev=(9, 5))  # on oil: it skids, repeating its vector
    events = state.play((0, 0))
    assert events[1].to == (7, 1)


# --- point 2: the put-back line ------------------------------------------------------------------


def test_the_put_back_line_is_read_and_its_breaches_named(loop):
    """The convention: "after a crash or a collision, write the point the move aimed at, then
    on the next line the point where the car was put (or stopped)". A file that writes it
    plays on: (1, 18) is not a move, (2, 18) moves off from it. A file that leaves the put
    point out (the old reading), or writes it in place of the aim, is refused naming the
    put-back line."""
    rules = Rules(turbo=2)
    parked = RacingLine(points=((2, 1),))
    good = replay(loop, rules, [RacingLine(points=(*TO_THE_WALL, (1, 18), (2, 18))), parked])
    assert good.illegal is None
    moves = [e for e in good.state.log if e.kind == "move" and e.car == 0]
    assert len(moves) == 7 and (moves[-1].frm, moves[-1].aim) == ((1, 18), (2, 18))
    # standing still after a crash: the put point twice
    still = replay(loop, rules, [RacingLine(points=(*TO_THE_WALL, (1, 18), (1, 18))), parked])
    assert still.illegal is None and still.state.cars[0].moves == 7
    # the aim, then the next move with no put point
    missing = replay(loop, rules, [RacingLine(points=(*TO_THE_WALL, (2, 18))), parked])
    assert missing.illegal is not None and missing.illegal[:2] == (0, 7)
    assert "the point after move 6's is (1, 18), not (2, 18)" in missing.illegal[2]
    assert "put-back line" in missing.illegal[2]
    # the put point in place of the aim: (1, 18) is a legal move there, so the next one breaks
    instead = replay(
        loop, rules, [RacingLine(points=(*TO_THE_WALL[:-1], (1, 18), (2, 18))), parked]
    )
    assert instead.illegal is not None and instead.illegal[:2] == (0, 7)
    assert (
        "if move 6 crashed, write the point it aimed at in place of (1, 18)" in instead.illegal[2]
    )


def test_a_put_point_written_for_the_aim_is_named_as_one(loop):
    """Car 1 at speed 4 on (1, 11) turns into the wall above, aiming at (0, 15): its line first
    touches the wall at (0.5, 13), and the car would be put on (1, 13). A file that writes
    (1, 13), no allowed aim from there, is told so, naming the put-back line."""
    points = (*TO_THE_WALL[:5], (1, 13))
    result = replay(loop, Rules(), [RacingLine(points=points), RacingLine(points=((2, 1),))])
    assert result.illegal is not None and result.illegal[:2] == (0, 5)
    assert (
        "(1, 13) is where the car would be put after crashing aiming at (0, 15): write the aim "
        "(0, 15), then (1, 13) on the next line (the put-back line" in result.illegal[2]
    )


def test_a_collision_takes_a_put_back_line_too(text_track):
    """ "(or stopped)": car 2 stops on (1, 7); car 1 at speed 2 on the oil at (1, 5) must repeat
    its vector onto it (a forced collision) and stops on (1, 6). The file writes the aim (1, 7),
    then (1, 6), then its move off; without (1, 6) it is refused, naming the put-back line."""
    lane = text_track(OILY)
    car2 = RacingLine(points=((2, 1), (2, 2), (2, 4), (2, 6), (1, 7), (1, 7), (1, 7)))
    start = ((1, 1), (1, 2), (1, 2), (1, 3), (1, 5), (1, 7))
    rules = Rules(9)
    good = replay(lane, rules, [RacingLine(points=(*start, (1, 6), (2, 7))), car2])
    assert good.illegal is None
    hit = [e for e in good.state.log if e.kind == "collision"]
    assert [(e.car, e.other, e.to) for e in hit] == [(0, 1, (1, 6))]
    assert good.state.cars[0].point == (2, 7)
    bad = replay(lane, rules, [RacingLine(points=(*start, (2, 7))), car2])
    assert bad.illegal is not None and bad.illegal[:2] == (0, 6)
    assert "the point after move 5's is (1, 6), not (2, 7) (the put-back line" in bad.illegal[2]


def test_check_names_the_put_back_line_at_a_crash(text_track):
    """`check` judges a line that does not crash; at a crash followed by more points it says
    referee plays on, and how a table writes it."""
    track = text_track(CORRIDOR)
    verdict = check_line(track, Rules(), RacingLine(points=((1, 1), (0, 1), (1, 1), (1, 2))))
    assert not verdict.legal and verdict.bad_move == 1
    assert "crash at point (0, 1)" in verdict.message
    assert "referee plays a race on after a crash (the put-back line: after a crash" in (
        verdict.message
    )


def test_referee_on_the_command_line_names_the_put_back_line(tmp_path, loop):
    """The broken file on the command line: exit 1, one line naming the convention."""
    track = tmp_path / "loop.txt"
    track.write_text(
        "graph-racers track 1\n" + LOOP_HEADER + "map:\n" + LOOP.strip("\n") + "\n",
        encoding="utf-8",
    )
    car1 = tmp_path / "car1.txt"
    car1.write_text("points\n" + "\n".join(f"{r} {c}" for r, c in TO_THE_WALL) + "\n2 18\n")
    car2 = tmp_path / "car2.txt"
    car2.write_text("points\n2 1\n")
    args = ["graph-racers", "referee", str(track), str(car1), str(car2), "--turbo", "2"]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 1
    bad = [ln for ln in r.output.splitlines() if ln.startswith("illegal:")]
    assert len(bad) == 1 and "put-back line" in bad[0] and "car 1 move 7" in bad[0]


# --- point 6: which collision is unavoidable -------------------------------------------------------


def test_a_collision_is_unavoidable_when_no_move_is_clean(text_track):
    """Decided: "a colliding move is allowed only when every move the rules allow the car
    collides or crashes": a crash into the side is an accident too, so a car facing only
    accidents may rear-end the car ahead (1 damage) rather than hit the wall at speed 3 (3
    damage): the seed's "you can usually survive rear-ending another car". With a clean move
    the collision is refused."""
    track = text_track(CORRIDOR)
    state = RaceState(track, Rules(), [(1, 1), (1, 3)])
    put(state, 0, (1, 4), (0, 3), prev=(1, 1))
    put(state, 1, (1, 5), (0, 1), prev=(1, 4))
    legal = state.legal()
    assert sorted(o.outcome for o in legal) == [COLLIDES] * 3 + [CRASHES] * 2
    events = state.play((0, 0))
    assert kinds(events) == ["move", "collision"] and events[1].apart == 0
    # one clean move: the collision is refused, naming it
    state = RaceState(track, Rules(brakes=1), [(1, 1), (1, 3)])
    put(state, 0, (1, 4), (0, 3), prev=(1, 1))
    put(state, 1, (1, 6), (0, 1), prev=(1, 5))
    assert any(o.outcome == MOVED for o in state.legal())
    with pytest.raises(IllegalMove, match=r"collides with car 2.*acceleration \(0, -2\)"):
        state.play((0, 0))


# --- point 7: speed and squares apart ----------------------------------------------------------------


def test_speed_and_squares_apart_count_the_larger_distance(arena):
    """ "Damage = the move's speed, the larger of its components": the seed's "three squares
    east and one north" crashing costs 3, not 4; and two cars a knight's move apart are 2
    apart. The race sheet's move log and the rules summary say it with that example."""
    state = RaceState(arena, Rules(), [(1, 1), (2, 1)])
    put(state, 0, (5, 5), (1, 3), prev=(4, 2))  # on to (6, 8): the wall below
    events = state.play((0, 0))
    assert kinds(events) == ["move", "crash"] and events[1].damage == 3
    assert events[1].to == (5, 6)  # the line touches row 6's squares at (5.5, 6.5)
    consistent(state)
    assert apart((3, 3), (4, 5)) == 2
    example = "3 squares east and 1 north is 3"
    assert example in crash_text(Rules())
    assert example in dict(basic_sections())["Crashes"]


def test_the_crash_rules_print_the_put_back_rule_ties_and_the_log_convention():
    """The race sheet's move log prints every crash rule the engine plays (crash_text)."""
    text = crash_text(Rules())
    assert "nearest to where its line first touched a grey square" in text
    assert "keeping the checkpoints its line crossed" in text
    assert "ties: the point nearer where the move started, then the smaller row number" in text
    assert "a collision is allowed only when every move you may make collides or crashes" in text
    assert "after a crash or collision write the point the move aimed at, then in the next row" in (
        text
    )
    assert "nearest to where it landed" in crash_text(Rules(5, "endpoint"))


def test_on_a_drawn_circuit_the_crash_keeps_the_gate_its_line_crossed():
    """The same on a drawn circuit: on the drawn example (checkpoint 1: column 16, crossed
    going left) car 1 at (13, 17) at speed 3 west reaches the gate at (13, 16) and touches the
    edge at (13, 15 39/64); it is put on (13, 16), the nearest track point, with the gate
    passed (stage 1)."""
    track = read_track(EXAMPLES / "drawn-30x20-medium-s3.json")
    state = RaceState(track, Rules(), list(track.starts[:2]))
    put(state, 0, (13, 17), (0, -3), prev=(13, 20))
    events = state.play((0, 0))
    assert kinds(events) == ["move", "crash"] and events[1].to == (13, 16)
    assert state.cars[0].stage == 1
