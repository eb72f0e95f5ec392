"""A race without the collision and damage rules (RaceState(contact=False), `race` and
`referee --no-contact`, the page's switch): the cars ignore each other, a crash costs no
damage and never puts a car out, and the crashed car is still put back and stopped."""

from __future__ import annotations

import json

from click.testing import CliRunner
from conftest import EXAMPLES
from race_checks import lines_of, option, put

from generator.cli import cli
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.race.cars import COLLIDES, CRASHES, MOVED, OUT, default_starts
from generator.games.graph_racers.race.design import Design
from generator.games.graph_racers.race.drivers import make_drivers, run_race
from generator.games.graph_racers.race.replay import replay
from generator.games.graph_racers.race.state import RaceState
from generator.games.graph_racers.track.formats import read_track


def test_contact_is_on_unless_switched_off(arena):
    assert RaceState(arena, Rules(), default_starts(arena, 2)).contact is True
    assert RaceState(arena, Rules(), default_starts(arena, 2), contact=False).contact is False


def test_without_contact_a_car_drives_through_and_onto_another(corridor):
    """The head-on position of test_race.py: with contact every move collides or crashes;
    without, the car drives through the other car, or stops on its point."""
    for contact, outcome in ((True, COLLIDES), (False, MOVED)):
        state = RaceState(corridor, Rules(), [(1, 1), (1, 3)], contact=contact)
        put(state, 0, (1, 3), (0, 2), prev=(1, 1))
        put(state, 1, (1, 4), (0, -2), prev=(1, 6))
        assert option(state, (0, 0)).outcome == outcome
        assert option(state, (0, -1)).outcome == outcome  # lands on car 2's point
    assert all(o.outcome != COLLIDES for o in state.legal())
    events = state.play((0, -1))  # onto (1, 4), where car 2 stands
    assert [e.kind for e in events] == ["move"]
    assert state.cars[0].point == state.cars[1].point == (1, 4)
    assert state.cars[0].vector == (0, 1)
    assert state.cars[0].damage == state.cars[1].damage == 0


def test_without_contact_a_crash_costs_nothing_and_the_car_is_still_put_back(arena):
    """The crash of test_race.py's crash test: put at (1, 7) and stopped, but no damage."""
    state = RaceState(arena, Rules(turbo=2), default_starts(arena, 2), contact=False)
    put(state, 0, (3, 5), (-3, 2), damage=0)
    assert option(state, (0, 0)).outcome == CRASHES
    events = state.play((0, 0))
    crash = events[1]
    assert crash.kind == "crash" and crash.damage == 0 and crash.total == 0
    assert crash.to == (1, 7) == state.cars[0].point
    assert state.cars[0].vector == (0, 0) and state.cars[0].restart
    assert crash.text() == "car 1 crashes: put at (1, 7), stopped"


def test_without_contact_no_crash_puts_a_car_out(corridor):
    """A car with no damage points is out at its first hit; without contact it never is."""
    designs = [Design(0, 0, 0), Design(0, 0, 20)]
    for contact, kinds in ((True, ["move", "crash", "out"]), (False, ["move", "crash"])):
        state = RaceState(corridor, Rules(), [(1, 1), (1, 3)], designs, contact=contact)
        put(state, 0, (1, 1), (0, -1))
        assert [e.kind for e in state.play((0, 0))] == kinds
        assert (state.cars[0].status == OUT) is contact


def test_without_contact_a_crashed_car_may_be_put_on_another_car(arena):
    """The nearest point to the crash is taken by another car: with contact the crashed car
    goes elsewhere, without it shares the point."""
    for contact, where in ((True, False), (False, True)):
        state = RaceState(arena, Rules(turbo=2), default_starts(arena, 2), contact=contact)
        put(state, 0, (3, 5), (-3, 2))
        put(state, 1, (1, 7))
        state.play((0, 0))
        assert (state.cars[0].point == (1, 7)) is where


def test_a_whole_race_of_drivers_without_contact_has_no_collision_and_no_damage():
    track = read_track(EXAMPLES / "sprint.txt")
    rules = Rules()
    state = run_race(track, rules, make_drivers(["random"] * 4, track, rules, 3), contact=False)
    assert state.contact is False
    assert not any(e.kind in ("collision", "out") for e in state.log)
    assert all(c.damage == 0 for c in state.cars)
    assert any(e.kind == "crash" for e in state.log)  # random drivers do crash


def test_referee_replays_a_race_without_contact():
    track = read_track(EXAMPLES / "sprint.txt")
    rules = Rules()
    raced = run_race(track, rules, make_drivers(["random"] * 4, track, rules, 3), contact=False)
    result = replay(track, rules, lines_of(raced), contact=False)
    assert result.illegal is None
    assert result.state.standings() == raced.standings()
    assert all(c.damage == 0 for c in result.state.cars)
    judged = replay(track, rules, lines_of(raced))  # with contact the same lines cost damage
    assert judged.illegal is not None or any(c.damage for c in judged.state.cars)


def _run(*args: str):
    return CliRunner().invoke(cli, ["graph-racers", *args])


def test_race_and_referee_take_no_contact(tmp_path):
    sprint = str(EXAMPLES / "sprint.txt")
    race = ["race", sprint, "--players", "4", "--driver", "random", "--seed", "3"]
    r = _run(*race, "--json")
    assert r.exit_code == 0, r.output
    assert any(e["kind"] == "crash" and e["damage"] > 0 for e in json.loads(r.output)["events"])
    r = _run(*race, "--no-contact")
    assert r.exit_code == 0, r.output
    assert "no contact" in r.output.splitlines()[0]
    assert "crashes: put at" in r.output and "collides" not in r.output
    assert "is out" not in r.output
    r = _run(*race, "--no-contact", "--json")
    data = json.loads(r.output)
    assert data["contact"] is False
    names = []
    for line in data["lines"]:
        path = tmp_path / f"car{line['car']}.txt"
        accels = " ".join(f"({a}, {b})" for a, b in line["accelerations"])
        path.write_text(f"start {line['start'][0]} {line['start'][1]}\naccelerations\n{accels}\n")
        names.append(str(path))
    r = _run("referee", sprint, *names, "--no-contact")
    assert r.exit_code == 0, r.output
    assert "crashes: put at" in r.output and "is out" not in r.output
    r = _run("referee", sprint, *names, "--no-contact", "--json")
    assert json.loads(r.output)["contact"] is False


def test_referee_reads_contact_stored_with_the_moves(tmp_path):
    """race --json lines store "contact": false; referee plays them without contact unless
    --contact says otherwise, and a file storing contact differs from one storing none."""
    sprint = str(EXAMPLES / "sprint.txt")
    race = ["race", sprint, "--players", "4", "--driver", "random", "--seed", "3"]
    data = json.loads(_run(*race, "--no-contact", "--json").output)
    names = []
    for line in data["lines"]:
        assert line["rules"]["contact"] is False
        path = tmp_path / f"car{line['car']}.json"
        path.write_text(json.dumps(line))
        names.append(str(path))
    r = _run("referee", sprint, *names)
    assert r.exit_code == 0, r.output
    assert "no contact" in r.output.splitlines()[0] and "is out" not in r.output
    touching = _run("referee", sprint, *names, "--contact", "--json")
    assert "contact" not in json.loads(touching.output)  # with contact (the same lines hurt)
    both = _run("referee", sprint, *names, "--contact", "--no-contact")
    assert both.exit_code == 2 and "--contact or --no-contact, not both" in both.output
    solved = _run("solve", sprint, "--json")
    answer = tmp_path / "answer.json"
    answer.write_text(solved.output)
    mixed = _run("referee", sprint, names[0], str(answer))
    assert mixed.exit_code == 1
    assert f"{names[0]} and {answer} store different rules" in mixed.output
    assert "(accel 5, collision exact, no contact; accel 5, collision exact)" in mixed.output
    agreed = _run("referee", sprint, names[0], str(answer), "--no-contact")
    assert "store different rules" not in agreed.output
    assert "cars under accel 5, collision exact, no contact" in agreed.output
