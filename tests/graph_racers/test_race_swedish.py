"""The Swedish variant (swedish.py): jumps over obstacles, leaving the track and coming back
behind the point left, and `referee` reading the rules stored in moves files.

docs/rules/graph-racers.md, "The Swedish variant", states each rule; every sentence is pinned
here by a small hand-made position (exact damage, positions and legal-move counts), then whole
races under every combination of switches are replayed by the referee.
"""

from __future__ import annotations

import itertools
import json

import jsonschema
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from race_checks import agrees, consistent, lines_of, option, put
from test_drawn import oval

from generator import schemas
from generator.cli import cli
from generator.errors import InvalidInput
from generator.games.graph_racers.moves.referee import CRASH, Referee
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.race.cars import (
    COLLIDES,
    CRASHES,
    CUTS,
    FINISHED,
    MOVED,
    OFF_TRACK,
)
from generator.games.graph_racers.race.design import Design
from generator.games.graph_racers.race.drivers import make_drivers, run_race
from generator.games.graph_racers.race.replay import replay
from generator.games.graph_racers.race.state import IllegalMove, RaceState
from generator.games.graph_racers.race.swedish import Swedish
from generator.games.graph_racers.track.formats import parse_track, read_track, track_to_json

JUMPS = Swedish(jumps=True)
CIRCLE = Swedish(off_track="circle")
BOTH = Swedish(jumps=True, off_track="circle")

# an obstacle across the whole lane: no way to the goal but a jump (after a run-up)
LANE = """
##############
#S....^.....G#
#S....^.....G#
##############
"""
# obstacles in the way, and a way round them: finishable with jumps or without
JUMPY = """
##############
#S...^.......#
#S...^.......#
#S...........#
#....^.....GG#
##############
"""
# the paper below the track (rows 3 and 4): room to leave the track
STRIP = """
############
#S.........G
#S.........G
############
############
"""
# two lanes joined at column 9, a one-square wall between them
UTURN = """
###########
#S........#
#S........#
#########.#
#G........#
#G........#
###########
"""
# a one-point pillar in a wide track
PILLAR = """
#########
#S......G
#S..#...G
#S......G
#########
"""
# the track at the very top of the paper
EDGE = """
#S........G
#S........G
###########
"""


@pytest.fixture
def track(text_track):
    return lambda body: text_track(body, name="t")


# --- obstacles on the map -------------------------------------------------------------------


def test_obstacles_are_read_written_and_off_the_track(track):
    lane = track(LANE)
    assert lane.obstacles == {(1, 6), (2, 6)}
    assert not lane.on_track(1, 6)
    again = parse_track(track_to_json(lane))
    assert again.obstacles == lane.obstacles and again.grid == lane.grid
    assert "^" in str(lane).splitlines()[1]
    with pytest.raises(InvalidInput, match=r"obstacle \(\^\) at \(1, 2\) must be off the track"):
        lane.with_(obstacles=frozenset({(1, 2)})).validate("t")


def test_without_jumps_an_obstacle_is_a_wall(track):
    """An obstacle is off the track: the one-car referee and a race without --jumps crash."""
    lane = track(LANE)
    assert Referee(lane, Rules()).judge(1, 4, 0, 3)[0] == CRASH
    state = RaceState(lane, Rules(), [(1, 1), (2, 1)])
    put(state, 0, (1, 4), (0, 3))
    assert option(state, (0, 0)).outcome == CRASHES


# --- jumps --------------------------------------------------------------------------------


def test_a_jump_repeats_the_vector_and_lands_on_the_track(track):
    """ "jumps (The ability to jump over obstacles)" ... "in which you MUST duplicate the
    vector": the repeat passes over the obstacle, no damage, and the log says so."""
    state = RaceState(track(LANE), Rules(), [(1, 1), (2, 1)], swedish=JUMPS)
    put(state, 0, (1, 4), (0, 3))
    jump = option(state, (0, 0))
    assert (jump.outcome, jump.jump, jump.aim) == (MOVED, True, (1, 7))
    events = state.play((0, 0))
    assert [e.kind for e in events] == ["move", "jump"]
    assert events[1].text() == "car 1 jumps over the obstacle"
    car = state.cars[0]
    assert (car.point, car.vector, car.damage) == ((1, 7), (0, 3), 0)


@pytest.mark.parametrize(
    ("accel", "damage", "put_at"),
    [((0, 1), 4, (1, 5)), ((0, -1), 2, (1, 5)), ((1, 0), 3, (1, 5))],
)
def test_a_changed_vector_over_an_obstacle_hits_it(track, accel, damage, put_at):
    """Any other move whose line touches an obstacle (or lands on it) is a crash: damage =
    speed, put on the nearest track point."""
    state = RaceState(track(LANE), Rules(), [(1, 1), (2, 1)], swedish=JUMPS)
    put(state, 0, (1, 4), (0, 3))
    assert option(state, accel).outcome == CRASHES
    state.play(accel)
    car = state.cars[0]
    assert (car.damage, car.point, car.vector) == (damage, put_at, (0, 0))


def test_landing_on_an_obstacle_is_a_crash_even_repeating(track):
    state = RaceState(track(LANE), Rules(), [(1, 1), (2, 1)], swedish=JUMPS)
    put(state, 0, (1, 4), (0, 2))
    assert option(state, (0, 0)).outcome == CRASHES
    state.play((0, 0))
    assert (state.cars[0].damage, state.cars[0].point) == (2, (1, 5))


def test_accel_8_allows_the_repeat_exactly_for_a_jump(track):
    """ "You could NOT duplicate your previous vector ... Exception given for oil patches and
    jumps": 8 moves, plus the repeat when the unchanged move is a jump."""
    state = RaceState(track(LANE), Rules(8), [(1, 1), (2, 1)], swedish=JUMPS)
    put(state, 0, (1, 4), (0, 3))
    assert len(state.options()) == 9 and option(state, (0, 0)).jump
    put(state, 0, (1, 4), (0, 2))  # the repeat lands on the obstacle: no jump
    assert len(state.options()) == 8
    put(state, 0, (1, 1), (0, 1))  # the repeat is a plain move: still not allowed
    assert len(state.options()) == 8
    plain = RaceState(track(LANE), Rules(8), [(1, 1), (2, 1)])
    put(plain, 0, (1, 4), (0, 3))
    assert len(plain.options()) == 8
    with pytest.raises(IllegalMove, match="accel 8"):
        plain.play((0, 0))


def test_jumps_change_nothing_under_the_endpoint_rule(track):
    lane = track(LANE)
    rules = Rules(5, "endpoint")
    with_jumps = RaceState(lane, rules, [(1, 1), (2, 1)], swedish=JUMPS)
    without = RaceState(lane, rules, [(1, 1), (2, 1)])
    for state in (with_jumps, without):
        put(state, 0, (1, 4), (0, 3))
    assert with_jumps.options() == without.options()


def test_the_solver_driver_jumps_when_it_must(track):
    lane = track(LANE)
    for accel in (5, 8, 9):
        rules = Rules(accel)
        state = run_race(lane, rules, make_drivers(["solver"] * 2, lane, rules, 1, JUMPS),
                         swedish=JUMPS)  # fmt: skip
        assert state.over and all(c.status == FINISHED for c in state.cars)
        assert any(e.kind == "jump" for e in state.log)
        consistent(state)


# --- leaving the track --------------------------------------------------------------------


def test_a_would_be_crash_leaves_the_track_without_damage(track):
    """ "If you left the race-track": no damage, the car stands on the paper, keeps its
    vector, and remembers the point it left from."""
    state = RaceState(track(STRIP), Rules(), [(1, 1), (2, 1)], swedish=CIRCLE)
    put(state, 0, (2, 5), (1, 1))
    events = state.play((0, 0))
    assert [e.kind for e in events] == ["move", "leave"]
    assert events[0].outcome == OFF_TRACK
    assert (
        events[1].text() == "car 1 leaves the track (from (2, 5)) and drives on the paper at (3, 6)"
    )
    car = state.cars[0]
    assert (car.point, car.vector, car.damage, car.left_from) == ((3, 6), (1, 1), 0, (2, 5))
    assert state.snapshot()[0]["left_from"] == [2, 5]


def test_coming_back_behind_the_point_left_and_not_ahead(track):
    """ "enter the race track at a point before the point you left it": from (3, 6), having
    left from (2, 5), the car may come back at (2, 5) itself but not at (2, 6) or (2, 7)."""
    state = RaceState(track(STRIP), Rules(9), [(1, 1), (1, 2)], swedish=CIRCLE)
    put(state, 0, (3, 6), (0, 0), left=(2, 5))
    outcomes = {o.aim: o.outcome for o in state.options()}
    assert outcomes[(2, 5)] == MOVED
    assert outcomes[(2, 6)] == outcomes[(2, 7)] == CUTS
    assert sum(o == OFF_TRACK for o in outcomes.values()) == 6
    assert len(state.legal()) == 7
    with pytest.raises(IllegalMove, match=r"at \(2, 6\), ahead of \(2, 5\) where the car left"):
        state.play((-1, 0))
    events = state.play((-1, -1))
    assert [e.kind for e in events] == ["move", "return"]
    car = state.cars[0]
    assert (car.point, car.vector, car.left_from, car.damage) == ((2, 5), (-1, -1), None, 0)


def test_behind_means_farther_from_the_finish(track):
    state = RaceState(track(STRIP), Rules(9), [(1, 1), (1, 2)], swedish=CIRCLE)
    put(state, 0, (3, 4), (0, 0), left=(2, 7))
    outcomes = {o.aim: o.outcome for o in state.options()}
    assert outcomes[(2, 3)] == outcomes[(2, 4)] == outcomes[(2, 5)] == MOVED


def test_one_move_across_a_wall_ahead_is_not_allowed_behind_is(track):
    """A move from the track across off-track squares that lands on the track left it and
    came back at once: allowed behind the point it left, not ahead."""
    state = RaceState(track(UTURN), Rules(), [(1, 1), (1, 2)], swedish=CIRCLE)
    put(state, 0, (2, 3), (1, 0))
    assert option(state, (1, 0)).outcome == CUTS  # (4, 3): nearly at the goal
    assert all(o.outcome != CUTS for o in state.legal())
    put(state, 0, (4, 3), (-1, 0))
    back = option(state, (-1, 0))  # (2, 3): farther from the goal
    assert (back.outcome, back.back, back.aim) == (MOVED, True, (2, 3))


def test_coming_back_ahead_when_nothing_else_is_left_is_a_crash(track):
    """Every move from the pillar lands on the track ahead: each is allowed, and a crash:
    damage = speed, put back on the point the car left."""
    state = RaceState(track(PILLAR), Rules(8), [(1, 1), (3, 1)], swedish=CIRCLE)
    put(state, 0, (2, 4), (0, 0), left=(2, 1))
    assert [o.outcome for o in state.legal()] == [CUTS] * 8
    events = state.play((0, 1))
    assert [e.kind for e in events] == ["move", "crash"]
    car = state.cars[0]
    assert (car.damage, car.point, car.vector, car.left_from) == (1, (2, 1), (0, 0), None)


def test_the_edge_of_the_paper_is_a_crash(track):
    """Off the track: put back on the point it left (or the nearest free track point)."""
    state = RaceState(track(STRIP), Rules(), [(1, 1), (1, 2)], swedish=CIRCLE)
    put(state, 0, (4, 5), (1, 0), left=(2, 5))
    assert len(state.legal()) == 5  # four crash, stopping is clean
    state.play((0, 0))
    car = state.cars[0]
    assert (car.damage, car.point, car.vector, car.left_from) == (1, (2, 5), (0, 0), None)
    state = RaceState(track(STRIP), Rules(), [(1, 1), (1, 2)], swedish=CIRCLE)
    put(state, 0, (4, 5), (1, 0), left=(2, 5))
    put(state, 1, (2, 5))
    state.play((0, 0))
    assert state.cars[0].point == (1, 5)  # (2, 5) is taken: the nearest, the lower row first
    # on the track the basic crash: the nearest point to where the line left the grid
    state = RaceState(track(EDGE), Rules(), [(0, 1), (1, 1)], swedish=CIRCLE)
    put(state, 0, (0, 5), (-1, 0))
    assert option(state, (0, 0)).outcome == CRASHES
    state.play((0, 0))
    assert (state.cars[0].damage, state.cars[0].point) == (1, (0, 5))


def test_lines_crossed_on_a_move_that_leaves_count_for_nothing():
    """The move crosses checkpoint 2 of the oil oval before its line touches the wall: the
    one-car referee counts the checkpoint, leaving the track does not."""
    oil_oval = read_track(EXAMPLES / "oil-oval.txt")
    assert Referee(oil_oval, Rules(9)).judge(6, 17, -2, 2, 1) == (CRASH, 2)
    state = RaceState(oil_oval, Rules(9), [(1, 9), (2, 9)], swedish=CIRCLE)
    put(state, 0, (6, 17), (-2, 1), stage=1)
    leave = option(state, (0, 1))
    assert (leave.outcome, leave.stage, leave.aim, leave.left_from) == (
        OFF_TRACK,
        1,
        (4, 19),
        (6, 17),
    )


def test_a_car_off_the_track_is_a_car_and_collisions_stop_it_there(track):
    state = RaceState(track(STRIP), Rules(), [(1, 1), (1, 2)], swedish=CIRCLE)
    put(state, 0, (3, 3), (0, 2), left=(2, 3))
    put(state, 1, (3, 5))
    hit = option(state, (0, 0))
    assert (hit.outcome, hit.end, hit.left_from, hit.other) == (COLLIDES, (3, 4), (2, 3), 1)
    with pytest.raises(IllegalMove, match="collides with car 2"):
        state.play((0, 0))


def test_the_switches_refuse_a_drawn_circuit_and_bad_values():
    with pytest.raises(InvalidInput, match="cell maps"):
        RaceState(oval(24, 14, 3.0), Rules(), oval(24, 14, 3.0).starts[:2], swedish=CIRCLE)
    with pytest.raises(InvalidInput, match="use crash or circle"):
        Swedish(off_track="sideways")
    with pytest.raises(InvalidInput, match="true or false"):
        Swedish.from_dict({"jumps": "yes"})


# --- drivers and whole races ------------------------------------------------------------


@pytest.mark.parametrize("accel", [5, 8, 9])
@pytest.mark.parametrize("driver", ["solver", "cautious"])
def test_computer_drivers_drive_back_onto_the_track_and_finish(accel, driver):
    """A car put off the track in the oil oval's infield comes back behind the point it left
    and finishes; the referee replays the race."""
    oil_oval = read_track(EXAMPLES / "oil-oval.txt")
    rules = Rules(accel)
    drivers = make_drivers([driver] * 2, oil_oval, rules, 1, CIRCLE)
    state = RaceState(oil_oval, rules, [(1, 9), (2, 9)], swedish=CIRCLE)
    put(state, 0, (5, 8), (0, -2), left=(3, 10))
    while not state.over and state.round < 100:
        state.play(drivers[state.to_move().seat].choose(state).accel)
    assert state.over and state.cars[0].status == FINISHED
    back = [e for e in state.log if e.kind == "return"]
    assert back and back[0].car == 0 and back[0].frm == (3, 10)


TRACKS = {
    "sprint": lambda text_track: read_track(EXAMPLES / "sprint.txt"),
    "oil-oval": lambda text_track: read_track(EXAMPLES / "oil-oval.txt"),
    "jumpy": lambda text_track: text_track(JUMPY, name="jumpy"),
}


@pytest.mark.parametrize(
    ("name", "accel", "collision", "boosts", "swedish"),
    [
        *itertools.product(TRACKS, (5, 8, 9), ("exact", "endpoint"), (0, 2), [BOTH]),
        *itertools.product(["jumpy"], (5, 8, 9), ["exact"], [0], [JUMPS, CIRCLE]),
    ],
)
def test_random_races_under_the_swedish_switches(
    text_track, name, accel, collision, boosts, swedish
):
    track = TRACKS[name](text_track)
    rules = Rules(accel, collision, brakes=boosts, turbo=boosts)
    players = 4 if name == "sprint" else 3
    state = run_race(
        track,
        rules,
        make_drivers(["random"] * players, track, rules, 7, swedish),
        max_rounds=150,
        swedish=swedish,
    )
    assert state.log
    consistent(state)
    agrees(track, rules, state, swedish=swedish)


@pytest.mark.parametrize("name", list(TRACKS))
@pytest.mark.parametrize("accel", [5, 8, 9])
def test_computer_drivers_finish_under_both_switches(text_track, name, accel):
    track = TRACKS[name](text_track)
    rules = Rules(accel)
    names = ["solver", "cautious", "random"]
    state = run_race(track, rules, make_drivers(names, track, rules, 3, BOTH), swedish=BOTH)
    consistent(state)
    assert state.cars[0].status == FINISHED and state.cars[1].status == FINISHED
    agrees(track, rules, state, swedish=BOTH)


def test_designed_cars_and_teams_under_the_swedish_switches(text_track):
    track = text_track(JUMPY, name="jumpy")
    rules = Rules(9)
    designs = [Design(2, 2, 12), Design(0, 0, 20), Design(4, 4, 4)]
    state = run_race(
        track,
        rules,
        make_drivers(["random", "solver", "random"], track, rules, 5, BOTH),
        max_rounds=150,
        designs=designs,
        teams=["A", "B", "A"],
        swedish=BOTH,
    )
    assert state.cars[1].status == FINISHED
    again = replay(track, rules, lines_of(state), designs, ["A", "B", "A"], swedish=BOTH)
    assert again.illegal is None and again.state.standings() == state.standings()


# --- the command line ---------------------------------------------------------------------


def _write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_race_and_referee_on_the_command_line_agree(tmp_path):
    jumpy = _write(tmp_path, "jumpy.txt", "graph-racers track 1\nmap:\n" + JUMPY.strip() + "\n")
    args = ["graph-racers", "race", jumpy, "--players", "3", "--accel", "8", "--jumps"]
    args += ["--off-track", "circle", "--driver", "random,solver,cautious", "--seed", "4"]
    first = CliRunner().invoke(cli, [*args, "--json"])
    assert first.exit_code == 0, first.output
    race = json.loads(first.output)
    jsonschema.validate(race, schemas.schema("graph-racers-race/1"))
    assert race["swedish"] == {"jumps": True, "off_track": "circle"}
    text = CliRunner().invoke(cli, args)
    assert "accel 8, collision exact, jumps, off-track circle" in text.output.splitlines()[0]
    # each line saved as a moves file with the rules stored: referee needs no options
    stored = {**race["rules"], **race["swedish"]}
    files = [
        _write(tmp_path, f"car{n['car']}.json", json.dumps({**n, "rules": stored}))
        for n in race["lines"]
    ]
    ref = CliRunner().invoke(cli, ["graph-racers", "referee", jumpy, *files, "--json"])
    assert ref.exit_code == 0, ref.output
    judged = json.loads(ref.output)
    jsonschema.validate(judged, schemas.schema("graph-racers-referee/1"))
    assert judged["legal"] and judged["standings"] == race["standings"]
    assert judged["swedish"] == race["swedish"] and judged["rules"]["accel"] == 8
    assert [e for e in judged["events"] if e["kind"] != "parked"] == race["events"]


def test_a_leave_and_return_race_validates_against_the_schemas(tmp_path):
    """A random race under --off-track circle: leave, return and cut events, left_from."""
    args = ["graph-racers", "race", str(EXAMPLES / "oil-oval.txt"), "--players", "3"]
    args += ["--driver", "random", "--off-track", "circle", "--seed", "2", "--json"]
    args += ["--max-rounds", "80"]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    race = json.loads(r.output)
    jsonschema.validate(race, schemas.schema("graph-racers-race/1"))
    kinds = {e["kind"] for e in race["events"]}
    assert "leave" in kinds


def _solve_json(tmp_path, name: str, *options: str) -> str:
    r = CliRunner().invoke(
        cli, ["graph-racers", "solve", str(EXAMPLES / "sprint.txt"), "--json", *options]
    )
    assert r.exit_code == 0, r.output
    return _write(tmp_path, name, r.output)


def test_referee_reads_the_rules_stored_in_moves_files(tmp_path):
    """ "stored rules": a solve --json answer under accel 9 and a file storing the same rules
    are refereed under accel 9; --accel 5 overrides them, and the answer is illegal there."""
    sprint = str(EXAMPLES / "sprint.txt")
    one = _solve_json(tmp_path, "one.json", "--accel", "9")
    stored = json.loads(open(one).read())["rules"]
    two = _write(
        tmp_path,
        "two.json",
        json.dumps({"rules": stored, "start": [3, 1], "accelerations": [[0, 1], [0, 1]]}),
    )
    r = CliRunner().invoke(cli, ["graph-racers", "referee", sprint, one, two])
    assert r.exit_code == 0, r.output
    assert "cars under accel 9, collision exact" in r.output.splitlines()[0]
    forced = CliRunner().invoke(cli, ["graph-racers", "referee", sprint, one, two, "--accel", "5"])
    assert "cars under accel 5, collision exact" in forced.output.splitlines()[0]
    assert forced.exit_code == 1 and "illegal: car 1 move" in forced.output


def test_moves_files_storing_different_rules_are_an_error_naming_both(tmp_path):
    sprint = str(EXAMPLES / "sprint.txt")
    nine = _solve_json(tmp_path, "nine.json", "--accel", "9")
    five = _solve_json(tmp_path, "five.json", "--accel", "5")
    r = CliRunner().invoke(cli, ["graph-racers", "referee", sprint, nine, five])
    assert r.exit_code == 1
    line = r.output.strip()
    assert line.startswith("Error: ") and "\n" not in line
    assert f"{nine} and {five} store different rules" in line
    assert "(accel 9, collision exact; accel 5, collision exact)" in line
    # an option that sets the differing switch decides: no disagreement left
    both = CliRunner().invoke(cli, ["graph-racers", "referee", sprint, nine, five, "--accel", "9"])
    assert "store different rules" not in both.output
    # the Swedish switches stored differ too
    data = json.loads(open(nine).read())
    circle = _write(tmp_path, "circle.json", json.dumps({**data, "rules": {**data["rules"],
                                                                           "off_track": "circle"}}))  # fmt: skip
    r = CliRunner().invoke(cli, ["graph-racers", "referee", sprint, nine, circle])
    assert (
        r.exit_code == 1 and "store different rules" in r.output and "off-track circle" in r.output
    )


def test_bad_swedish_input_is_one_line(tmp_path):
    sprint = str(EXAMPLES / "sprint.txt")
    bad = CliRunner().invoke(cli, ["graph-racers", "race", sprint, "--off-track", "sideways"])
    assert bad.exit_code == 2 and "--off-track" in bad.output
    drawn = str(EXAMPLES / "drawn-30x20-medium-s3.json")
    r = CliRunner().invoke(cli, ["graph-racers", "race", drawn, "--jumps"])
    assert r.exit_code == 1 and r.output.count("\n") == 1 and "cell maps" in r.output
    moves = _write(
        tmp_path,
        "m.json",
        json.dumps(
            {"rules": {"off_track": "sideways"}, "start": [1, 1], "accelerations": [[0, 1]]}
        ),
    )
    r = CliRunner().invoke(cli, ["graph-racers", "referee", sprint, moves, moves])
    assert r.exit_code == 1 and r.output.count("\n") == 1
    assert f"{moves}: the rules stored with the moves: off-track rule 'sideways'" in r.output


def test_sheets_draw_obstacles_with_a_triangle_and_say_what_they_are(track):
    """An obstacle is drawn as a square with a black triangle (told from a hatched wall in
    mono) and the rules box says it is a wall for the par, jumpable in the Swedish race."""
    from generator.games.graph_racers.printing.drawing import OBSTACLE_STYLE, TrackDrawing
    from generator.games.graph_racers.printing.printed_rules import rule_text
    from generator.render.canvas import BLACK, Canvas

    lane = track(LANE)
    drawing = TrackDrawing(lane, 5.0)
    for mono in (False, True):
        canvas = Canvas(drawing.width, drawing.height, mono=mono)
        drawing.marks(canvas)
        ops = [op for op, _ in canvas.flat() if op.kind == "path"]
        squares = [op for op in ops if op.style.stroke == OBSTACLE_STYLE.stroke]
        triangles = [op for op in ops if op.style.fill == BLACK and op.style.stroke is None]
        assert len(squares) == len(triangles) == len(lane.obstacles) == 2
    words = " ".join(rule_text(lane, Rules(), None))
    assert "Obstacles (squares with a black triangle): a wall for the par." in words
    assert not any("Obstacles" in line for line in rule_text(track(STRIP), Rules(), None))
