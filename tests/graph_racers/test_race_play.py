"""Whole races of the computer drivers (drivers.py) under every combination of switches, and
the referee replaying them: no engine crash, damage and standings consistent, same seed same
race, and `referee` agreeing with `race` on the command line."""

from __future__ import annotations

import itertools
import json

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from test_drawn import oval

from generator.cli import cli
from generator.games.graph_racers.check import RacingLine
from generator.games.graph_racers.drivers import make_drivers, run_race
from generator.games.graph_racers.formats import read_track
from generator.games.graph_racers.race import FINISHED, MAX_DAMAGE, OUT, replay
from generator.games.graph_racers.rules import Rules

TRACKS = {
    "sprint": lambda: read_track(EXAMPLES / "sprint.txt"),
    "oil-oval": lambda: read_track(EXAMPLES / "oil-oval.txt"),
    "drawn-oval": lambda: oval(24, 14, 3.0),
}


def consistent(state) -> None:
    """Damage adds up from the events, out means more than five, standings are a ranking."""
    damage = [0] * len(state.cars)
    for e in state.log:
        if e.kind == "crash":
            damage[e.car] += e.damage
        elif e.kind == "collision":
            damage[e.car] += e.damage
            damage[e.other] += e.other_damage
            assert e.damage == e.other_damage == e.apart
    for car in state.cars:
        assert car.damage == damage[car.seat]
        assert (car.status == OUT) == (car.damage > MAX_DAMAGE)
    table = state.standings()
    assert [r["place"] for r in table] == list(range(1, len(state.cars) + 1))
    assert sorted(r["car"] for r in table) == list(range(1, len(state.cars) + 1))
    done = [r for r in table if r["status"] == FINISHED]
    assert [r["place"] for r in done] == list(range(1, len(done) + 1))
    assert [r["round"] for r in done] == sorted(r["round"] for r in done)


def lines_of(state) -> list[RacingLine]:
    out = []
    for car in state.cars:
        moves = [e for e in state.log if e.kind == "move" and e.car == car.seat]
        out.append(RacingLine(accelerations=tuple(e.accel for e in moves), start=moves[0].frm))
    return out


def agrees(track, rules, state) -> None:
    """The referee, given each car's accelerations, plays the same race."""
    again = replay(track, rules, lines_of(state))
    assert again.illegal is None
    moves = [e for e in state.log if e.kind != "parked"]
    assert [e for e in again.state.log if e.kind != "parked"] == moves
    if state.over:
        assert again.state.standings() == state.standings()


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
    from generator.games.graph_racers.solve import solve

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
