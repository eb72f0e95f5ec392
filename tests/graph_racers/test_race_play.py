"""Whole races of the computer drivers (drivers.py) under every combination of switches, and
the referee replaying them: no engine crash, damage and standings consistent, same seed same
race, and `referee` agreeing with `race` on the command line."""

from __future__ import annotations

import itertools
import json

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from race_checks import agrees, consistent, option
from test_drawn import oval

from generator.cli import cli
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.race.cars import FINISHED
from generator.games.graph_racers.race.drivers import make_drivers, run_race
from generator.games.graph_racers.track.formats import read_track

TRACKS = {
    "sprint": lambda: read_track(EXAMPLES / "sprint.txt"),
    "oil-oval": lambda: read_track(EXAMPLES / "oil-oval.txt"),
    "drawn-oval": lambda: oval(24, 14, 3.0),
}


@pytest.mark.parametrize(
    ("name", "accel", "collision", "boosts"),
    list(itertools.product(TRACKS, (5, 8, 9), ("exact", "endpoint"), (0, 2))),
)
def test_random_races_end_consistently_under_every_switch(name, accel, collision, boosts):
    track = TRACKS[name]()
    rules = Rules(accel, collision, brakes=boosts, turbo=boosts)
    players = 4 if name == "sprint" else 3  # four cars share sprint's three start points
    state = run_race(
        track, rules, make_drivers(["random"] * players, track, rules, 7), max_rounds=150
    )
    assert state.log
    consistent(state)
    agrees(track, rules, state)


@pytest.mark.parametrize("name", list(TRACKS))
@pytest.mark.parametrize("driver", ["solver", "cautious"])
def test_computer_drivers_finish_and_the_referee_agrees(name, driver):
    track = TRACKS[name]()
    rules = Rules(9)
    state = run_race(track, rules, make_drivers([driver] * 3, track, rules, 1))
    assert state.over
    consistent(state)
    assert state.cars[0].status == FINISHED
    agrees(track, rules, state)


def test_the_solver_driver_alone_drives_an_optimal_line():
    from generator.games.graph_racers.solving.solve import solve

    track = read_track(EXAMPLES / "oil-oval.txt")
    rules = Rules()
    state = run_race(track, rules, make_drivers(["solver", "random"], track, rules, 3))
    assert state.cars[0].moves == solve(track.with_(starts=(track.starts[0],)), rules).moves


def test_same_seed_same_race_and_referee_agrees_on_the_command_line(tmp_path):
    args = ["graph-racers", "race", str(EXAMPLES / "oil-oval.txt"), "--players", "3"]
    args += ["--driver", "random,solver,cautious", "--seed", "5", "--turbo", "2", "--json"]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    assert CliRunner().invoke(cli, args).output == first.output
    race = json.loads(first.output)
    files = []
    for line in race["lines"]:
        path = tmp_path / f"car{line['car']}.json"
        path.write_text(
            json.dumps({"start": line["start"], "accelerations": line["accelerations"]})
        )
        files.append(str(path))
    ref = CliRunner().invoke(
        cli,
        [
            "graph-racers",
            "referee",
            str(EXAMPLES / "oil-oval.txt"),
            *files,
            "--turbo",
            "2",
            "--json",
        ],
    )
    assert ref.exit_code == 0, ref.output
    judged = json.loads(ref.output)
    assert judged["legal"] and judged["standings"] == race["standings"]
    assert [e for e in judged["events"] if e["kind"] != "parked"] == race["events"]


def test_command_line_errors():
    sprint = str(EXAMPLES / "sprint.txt")
    moves = str(EXAMPLES / "sprint-moves.txt")
    one = CliRunner().invoke(cli, ["graph-racers", "referee", sprint, moves])
    assert one.exit_code == 2 and "2 to 6 cars" in one.output
    bad = CliRunner().invoke(cli, ["graph-racers", "race", sprint, "--driver", "fast"])
    assert bad.exit_code == 2 and "--driver" in bad.output
    taken = CliRunner().invoke(cli, ["graph-racers", "referee", sprint, moves, moves])
    assert taken.exit_code == 1
    assert "illegal: car 2 start: (1, 1) is taken" in taken.output


def test_designs_and_teams_on_the_command_line():
    sprint = str(EXAMPLES / "sprint.txt")
    race = ["graph-racers", "race", sprint, "--players", "3"]
    r = CliRunner().invoke(cli, [*race, "--design", "2/2/12,0/0/20,4/4/4", "--teams", "A,B,A"])
    assert r.exit_code == 0, r.output
    assert "  car 1 design 2/2/12 ($100): good brakes x2, turbo x2, 12 damage points" in r.output
    assert "teams (3, 2 and 1 points for the first three cars to finish)" in r.output
    dear = CliRunner().invoke(cli, [*race, "--design", "2/2/13"])
    assert dear.exit_code == 2 and "costs $105" in dear.output
    both = CliRunner().invoke(cli, [*race, "--design", "2/2/12", "--brakes", "2"])
    assert both.exit_code == 2 and "leave --brakes and --turbo out" in both.output
    one_team = CliRunner().invoke(cli, [*race, "--teams", "A,A,A"])
    assert one_team.exit_code == 2 and "at least two teams" in one_team.output


# --- the plan with the boosts left (plan.py) -------------------------------------------------


def _alone(track, rules, designs=None, plan=None):
    """Car 1 driven by the solver with nobody in its way (no contact: car 2 is a ghost)."""
    import random

    from generator.games.graph_racers.race.drivers import RandomDriver, SolverDriver

    if plan is None:
        drivers = make_drivers(["solver", "random"], track, rules, 1, designs=designs)
    else:
        drivers = [SolverDriver(plan), RandomDriver(random.Random(1))]
    return run_race(track, rules, drivers, designs=designs, contact=False).cars[0]


@pytest.mark.parametrize("name", ["sprint", "oil-oval"])
@pytest.mark.parametrize("accel", [5, 9])
@pytest.mark.parametrize("boosts", [(0, 2, 0), (2, 2, 0), (1, 1, 1)])
def test_a_lone_solver_with_boosts_drives_the_solvers_optimum(name, accel, boosts):
    """The plan knows the boosts the car has left: alone, the solver driver finishes in
    exactly the one-car solver's optimum under the same boosts (solve.py: exact A*), and in
    fewer moves than without boosts wherever the solver says they help."""
    from generator.games.graph_racers.solving.solve import solve

    track = TRACKS[name]()
    rules = Rules(accel, brakes=boosts[0], turbo=boosts[1], rocket=boosts[2])
    car = _alone(track, rules)
    one = track.with_(starts=(track.starts[0],))
    best, plain = solve(one, rules).moves, solve(one, Rules(accel)).moves
    assert car.status == FINISHED and car.moves == best
    assert best < plain  # on these tracks the boosts always help


def test_designed_boosts_are_planned_too():
    from generator.games.graph_racers.race.design import Design
    from generator.games.graph_racers.solving.solve import solve

    track = TRACKS["oil-oval"]()
    designs = [Design(2, 2, 10), Design(0, 0, 20)]
    car = _alone(track, Rules(9), designs)
    one = track.with_(starts=(track.starts[0],))
    assert car.moves == solve(one, Rules(9, brakes=2, turbo=2)).moves == 14


def test_a_budget_past_the_plans_bound_is_planned_without_boosts():
    """PLAN_CELLS: the levels of a budget that do not fit leave the car with the plan of no
    boosts (a boosted move judged by where it lands), the drivers' old way: here 2 moves
    slower than the optimum."""
    from generator.games.graph_racers.race.plan import ZERO, Plan

    track = TRACKS["oil-oval"]()
    rules = Rules(5, brakes=2, turbo=2)
    tight = Plan(track, rules, max_cells=1)
    assert tight.usable((2, 2, 0)) == ZERO
    assert _alone(track, rules, plan=tight).moves == 20
    roomy = Plan(track, rules)
    assert roomy.usable((2, 2, 0)) == (2, 2, 0)
    assert _alone(track, rules, plan=roomy).moves == 18


@pytest.mark.parametrize("accel", [5, 8, 9])
@pytest.mark.parametrize("collision", ["exact", "endpoint"])
def test_every_level_of_the_plan_is_the_exact_distance(accel, collision):
    """From states all over the oil oval and every budget, the plan's moves to go equal a
    breadth-first search of the one-car solver's graph (states.Race) from that state."""
    import random
    from collections import deque

    from generator.games.graph_racers.moves.referee import FINISH
    from generator.games.graph_racers.race.plan import INF, Plan
    from generator.games.graph_racers.solving.states import Race

    track = TRACKS["oil-oval"]()
    plan = Plan(track, Rules(accel, collision, brakes=2, turbo=1, rocket=1))
    assert plan.usable((2, 1, 1)) == (2, 1, 1)
    rng = random.Random(collision + str(accel))
    states = list(plan.ids)

    def bfs(race, sid):
        seen, queue = {sid: 0}, deque([sid])
        while queue:
            s = queue.popleft()
            for outcome, nxt, _a, _k in race.successors(s):
                if outcome == FINISH:
                    return seen[s] + 1
                if nxt not in seen:
                    seen[nxt] = seen[s] + 1
                    queue.append(nxt)
        return INF

    for _ in range(25):
        state = rng.choice(states)
        budget = (rng.randint(0, 2), rng.randint(0, 1), rng.randint(0, 1))
        race = Race(track, Rules(accel, collision, *budget))
        assert plan.to_go(state, budget) == bfs(race, race.pack(*state, budget)), (state, budget)


# --- the cautious driver and oil -------------------------------------------------------------

SLICK = """
###########
#S......~.#
#S......~.#
#.........#
#GG.......#
###########
"""


def _cautious_at(track, rules, point, vector):
    from generator.games.graph_racers.race.drivers import CautiousDriver, Plan
    from generator.games.graph_racers.race.state import RaceState

    state = RaceState(track, rules, [(1, 1), (2, 1)])
    car = state.cars[0]
    car.point, car.vector, car.prev = point, vector, (point[0], point[1] - vector[1])
    return state, CautiousDriver(Plan(track, rules))


def test_the_cautious_check_knows_a_skidding_car_cannot_brake(text_track):
    """Keeping (0, 2) from (1, 4) lands on (1, 6): braking one step a move would stop at
    (1, 7), but from (1, 6) the unchanged move touches the oil at (1, 8), so the car must
    repeat its vector, and from the oil again into the wall."""
    slick = text_track(SLICK)
    dry = text_track(SLICK.replace("~", "."))
    rules = Rules(9)
    state, driver = _cautious_at(dry, rules, (1, 4), (0, 2))
    assert driver.can_stop(state, option(state, (0, 0), legal=True))  # no oil: safe (the old check)
    state, driver = _cautious_at(slick, rules, (1, 4), (0, 2))
    keep = option(state, (0, 0), legal=True)
    assert not driver.can_stop(state, keep)
    assert driver.can_stop(state, option(state, (0, -1), legal=True))
    assert driver.choose(state).accel != (0, 0)
    # and so it is: keep (0, 2), car 2 stands still, then the skid takes car 1 into the wall
    state.play((0, 0))
    state.play((0, 0))
    assert [o.accel for o in state.legal()] == [(0, 0)]  # skidding: repeat only
    state.play((0, 0))
    state.play((0, 0))
    assert [o.outcome for o in state.legal()] == ["crash"]


def test_the_cautious_check_knows_the_oil_sprayed_in_the_race(text_track):
    dry = text_track(SLICK.replace("~", "."))
    state, driver = _cautious_at(dry, Rules(9), (1, 4), (0, 2))
    keep = option(state, (0, 0), legal=True)
    assert driver.can_stop(state, keep)
    state.gadgets.oil |= {(1, 8), (2, 8)}  # a slick sprayed by a rival (bond.py)
    assert not driver.can_stop(state, keep)


def test_the_cautious_check_brakes_with_the_good_brakes_left(text_track):
    """From (1, 2) at (0, 3), (0, 1) lands on (1, 6) at speed 4: three normal brakes run into
    the wall at column 10 (3 + 2 + 1 squares), one use of good brakes stops it on (1, 9)."""
    dry = text_track(SLICK.replace("~", "."))
    state, driver = _cautious_at(dry, Rules(9), (1, 2), (0, 3))
    assert not driver.can_stop(state, option(state, (0, 1), legal=True))
    state, driver = _cautious_at(dry, Rules(9, brakes=1), (1, 2), (0, 3))
    assert driver.can_stop(state, option(state, (0, 1), legal=True))


# --- race --json lines are moves files on their own ------------------------------------------


BOND = "0/0/4+missile+sprayer+guns*2,0/0/10+sub+guns,2/2/0+missile+rocket"


@pytest.mark.parametrize(
    ("track", "options"),
    [
        ("oil-oval.txt", "--driver random,solver,cautious --turbo 2 --brakes 1"),
        ("oil-oval.txt", "--driver random,solver,cautious --accel 8 --jumps --off-track circle"),
        ("sprint.txt", "--players 4 --driver random --seed 3 --no-contact"),
        ("lake-sprint.txt", f"--driver random,solver,cautious --accel 9 --seed 2 --design {BOND}"),
        (
            "sprint.txt",
            "--driver solver,random,cautious --design 2/2/12,0/0/20,4/4/4 --teams A,B,A",
        ),
    ],
)
def test_each_line_is_a_moves_file_referee_replays_with_no_options(tmp_path, track, options):
    """race --json's lines store the race's rules, Swedish switches, contact, and each car's
    design and team: saved one a file, referee needs no option to play the same race."""
    import jsonschema

    from generator import schemas

    where = str(EXAMPLES / track)
    args = ["graph-racers", "race", where, "--players", "3", *options.split(), "--json"]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    race = json.loads(r.output)
    jsonschema.validate(race, schemas.schema("graph-racers-race/1"))
    files = []
    for line in race["lines"]:
        path = tmp_path / f"car{line['car']}.json"
        path.write_text(json.dumps(line))
        files.append(str(path))
    ref = CliRunner().invoke(cli, ["graph-racers", "referee", where, *files, "--json"])
    assert ref.exit_code == 0, ref.output
    judged = json.loads(ref.output)
    assert judged["legal"] and judged["standings"] == race["standings"]
    assert [e for e in judged["events"] if e["kind"] != "parked"] == race["events"]
    for key in ("rules", "designs", "teams", "swedish", "contact"):
        assert judged.get(key) == race.get(key), key
    switches = race.get("swedish", {"jumps": False, "off_track": "crash"})
    contact = race.get("contact", True)
    assert race["lines"][0]["rules"] == {**race["rules"], **switches, "contact": contact}


def test_stored_designs_and_teams_are_all_or_none_and_options_win(tmp_path):
    sprint = str(EXAMPLES / "sprint.txt")
    args = ["graph-racers", "race", sprint, "--players", "2", "--design", "2/2/12,0/0/20"]
    r = CliRunner().invoke(cli, [*args, "--teams", "A,B", "--json"])
    race = json.loads(r.output)
    one, two = (tmp_path / "one.json", tmp_path / "two.json")
    one.write_text(json.dumps(race["lines"][0]))
    two.write_text(json.dumps({k: v for k, v in race["lines"][1].items() if k != "design"}))
    ref = CliRunner().invoke(cli, ["graph-racers", "referee", sprint, str(one), str(two)])
    assert ref.exit_code == 1
    assert f"{two} stores no car design while {one} does" in ref.output
    given = ["--design", "2/2/12,0/0/20", "--teams", "X,Y"]
    ref = CliRunner().invoke(cli, ["graph-racers", "referee", sprint, str(one), str(two), *given])
    assert ref.exit_code == 0, ref.output
    assert "team X" in ref.output and "team A" not in ref.output


def test_check_judges_a_race_line_with_its_cars_own_design(tmp_path):
    """A line of race --json stores its car's design: `check` judges it with the car's own
    good brakes and turbo (it used to judge a bought turbo illegal)."""
    from click.testing import CliRunner

    from generator.cli import cli

    sprint = str(EXAMPLES / "sprint.txt")
    args = ["graph-racers", "race", sprint, "--players", "2", "--driver", "solver"]
    r = CliRunner().invoke(cli, [*args, "--design", "2/2/12,0/0/20", "--no-contact", "--json"])
    assert r.exit_code == 0, r.output
    race = json.loads(r.output)
    line = race["lines"][0]
    assert line["design"] == "2/2/12"
    boosted = [e for e in race["events"] if e["kind"] == "move" and e["car"] == 1 and e["boost"]]
    assert boosted  # the solver used what it bought
    path = tmp_path / "car1.json"
    path.write_text(json.dumps({k: v for k, v in line.items() if k != "car"}))
    moves = len(line["accelerations"])
    checked = CliRunner().invoke(cli, ["graph-racers", "check", sprint, str(path)])
    assert checked.exit_code == 0, checked.output
    assert checked.output.startswith(f"legal, {moves} moves")
    assert "brakes 2, turbo 2" in checked.output
    # the same line without its design: the bought boosts are not the rules'
    plain = {k: v for k, v in line.items() if k not in ("car", "design")}
    path.write_text(json.dumps(plain))
    checked = CliRunner().invoke(cli, ["graph-racers", "check", sprint, str(path)])
    assert checked.exit_code == 1 and checked.output.startswith("illegal:")
