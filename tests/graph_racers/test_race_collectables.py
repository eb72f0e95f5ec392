"""Collectables (issue 17): coins on the map, picked up in the race (state.py, bond.py), plain
track for one car. docs/rules/graph-racers.md, "The race (race/)", Collectables, states each
decision; every test quotes the seed's sentence it pins."""

from __future__ import annotations

import itertools
import json

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from race_checks import agrees, consistent, kinds, put

from generator.cli import cli
from generator.errors import InvalidInput
from generator.games.graph_racers.moves.rules import TURBO, Rules
from generator.games.graph_racers.race.cars import COLLIDES, OUT, default_starts
from generator.games.graph_racers.race.state import RaceState
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.track.formats import parse_track, track_to_json, track_to_text

ROAD = """
################
#S.p..n..d....G#
#S............G#
#S............G#
################
"""
LAKE = EXAMPLES / "lake-sprint.txt"


@pytest.fixture
def road(text_track):
    return text_track(ROAD, name="road")


# --- the map ------------------------------------------------------------------------------------


def test_coins_and_water_are_read_and_written_in_racegen_text_and_json(road):
    assert road.coins == {(1, 3): "p", (1, 6): "n", (1, 9): "d"}
    assert road.on_track(1, 3) and not road.is_oil(1, 3)  # a coin is a track point
    again = parse_track(track_to_text(road))
    assert again.coins == road.coins and str(again) == str(road)
    assert parse_track(track_to_json(road)).coins == road.coins
    lake = parse_track(LAKE.read_text())
    assert (5, 5) in lake.water and not lake.on_track(5, 5)  # water is off the track ...
    assert lake.submarine().on_track(5, 5)  # ... but for a submarine
    assert parse_track(track_to_json(lake)).water == lake.water


def test_a_coin_must_lie_on_a_plain_track_point(road):
    with pytest.raises(InvalidInput, match=r"coin 'p' at \(0, 0\)"):
        road.with_(coins={(0, 0): "p"}).validate()
    with pytest.raises(InvalidInput, match=r"coin 'x'"):
        road.with_(coins={(1, 2): "x"}).validate()
    with pytest.raises(InvalidInput, match="unknown character 'z'"):
        parse_track("graph-racers track 1\nmap:\nS.z.G\n")


def test_one_car_sees_coins_as_plain_track(road, text_track):
    """The solver and checker: a coin is plain track, so the par is the map's."""
    plain = text_track(ROAD.replace("p", ".").replace("n", ".").replace("d", "."))
    assert solve(road, Rules()).moves == solve(plain, Rules()).moves
    lake = parse_track(LAKE.read_text())
    alone = solve(lake, Rules()).moves
    assert alone == solve(lake.with_(coins={}), Rules()).moves == 16
    assert solve(lake.submarine(), Rules()).moves < alone  # water is a wall to one car


def test_check_and_sheet_work_on_a_map_with_coins_and_water(tmp_path):
    answer = CliRunner().invoke(cli, ["graph-racers", "solve", str(LAKE), "--json"])
    assert answer.exit_code == 0, answer.output
    (tmp_path / "answer.json").write_text(answer.output)
    r = CliRunner().invoke(cli, ["graph-racers", "check", str(LAKE), str(tmp_path / "answer.json")])
    assert r.exit_code == 0 and r.output.startswith("legal, 16 moves"), r.output
    out = tmp_path / "sheets"
    sheet = ["graph-racers", "sheet", str(LAKE), "--pages", "track", "--format", "svg"]
    r = CliRunner().invoke(cli, [*sheet, "--mono", "--out", str(out)])
    assert r.exit_code == 0, r.output
    svg = next(out.glob("*.svg")).read_text()
    assert "Coins: P penny (turbo x2), N nickel (good brakes x2), D dime (5 damage points)" in svg
    assert "Water (squares hatched with level lines, blue in colour): a wall to every" in svg
    assert ">P<" in svg and ">B<" in svg  # the coins' letters


# --- "The first car to drive into a collectable gets to pick it up and use it." ------------------


def test_driving_through_a_coin_picks_it_up_and_it_leaves_the_track(road):
    state = RaceState(road, Rules(), default_starts(road, 2))
    state.play((0, 1))  # car 1 to (1, 2)
    state.play((0, 1))
    events = state.play((0, 1))  # car 1: (1, 2) -> (1, 4) through the penny at (1, 3)
    assert kinds(events) == ["move", "pickup"]
    assert events[1].to == (1, 3) and events[1].coin == "penny"
    assert events[1].text() == "car 1 picks up the penny at (1, 3): turbo x2"
    assert events[1].to_dict() == {
        "kind": "pickup",
        "round": 2,
        "car": 1,
        "to": [1, 3],
        "coin": "penny",
        "gives": "turbo x2",
    }
    assert state.cars[0].budget == (0, 2, 0)
    assert (1, 3) not in state.gadgets.coins  # gone for everyone else
    state.cars[1].point = (1, 2)  # car 2 now drives the same line: nothing there
    put(state, 1, (2, 2), (-1, 1))
    assert kinds(state.play((0, 0))) == ["move"]  # (2, 2) -> (1, 3): the penny is gone


def test_the_jump_rule_picks_up_only_where_the_car_lands(road):
    state = RaceState(road, Rules(collision="endpoint"), default_starts(road, 2))
    put(state, 0, (1, 2), (0, 1))
    assert kinds(state.play((0, 1))) == ["move"]  # passes over (1, 3), lands on (1, 4)
    assert (1, 3) in state.gadgets.coins
    put(state, 1, (1, 1), (0, 1))
    assert kinds(state.play((0, 1))) == ["move", "pickup"]  # lands on the penny


def test_several_coins_on_one_line_all_in_order_and_the_coin_can_be_used_next_move(road):
    state = RaceState(road, Rules(), default_starts(road, 2))
    put(state, 0, (1, 2), (0, 4))
    assert not any(o.kind == TURBO for o in state.options())  # no turbo yet
    events = state.play((0, 0))  # (1, 2) -> (1, 6): the penny at (1, 3), the nickel at (1, 6)
    assert [(e.kind, e.coin) for e in events] == [
        ("move", ""),
        ("pickup", "penny"),
        ("pickup", "nickel"),
    ]
    assert state.cars[0].budget == (2, 2, 0)
    state.play((0, 1))  # car 2
    assert any(o.kind == TURBO for o in state.options())  # "pick it up and use it"


def test_a_dime_picked_up_on_the_way_counts_before_the_crash(text_track):
    """A dime: "five extra damage points", picked up before the crash is counted."""
    track = text_track("########\n#S.d.###\n#S....G#\n########")
    state = RaceState(track, Rules(), default_starts(track, 2))
    put(state, 0, (1, 2), (0, 3), damage=3)
    events = state.play((0, 0))  # (1, 2) -> (1, 5): the dime at (1, 3), the wall at (1, 6)
    assert kinds(events) == ["move", "pickup", "crash"]
    car = state.cars[0]
    assert car.damage == 6 and car.points == 10 and car.status != OUT  # out without the dime
    no_dime = text_track("########\n#S...###\n#S....G#\n########")
    state = RaceState(no_dime, Rules(), default_starts(no_dime, 2))
    put(state, 0, (1, 2), (0, 3), damage=3)
    assert kinds(state.play((0, 0))) == ["move", "crash", "out"]


def test_a_crash_picks_up_the_coins_before_the_side_not_beyond(text_track):
    track = text_track("##########\n#S.p.#.n.#\n#S......G#\n##########")
    state = RaceState(track, Rules(), default_starts(track, 2))
    put(state, 0, (1, 2), (0, 4))
    events = state.play((0, 0))  # (1, 2) -> (1, 6): the wall at (1, 5) comes before the nickel
    assert kinds(events) == ["move", "pickup", "crash"] and events[1].coin == "penny"
    assert state.gadgets.coins == {(1, 7): "n"}


def test_a_collision_picks_up_only_up_to_where_the_car_stops(text_track):
    lane = text_track("################\n#S.p..n..d....G#\n################")
    state = RaceState(lane, Rules(), [(1, 1), (1, 1)])
    put(state, 0, (1, 1), (0, 6))
    put(state, 1, (1, 5))
    assert {o.outcome for o in state.legal()} == {COLLIDES, "crash"}  # unavoidable
    events = state.play((0, -1))  # (1, 1) -> (1, 6) meets car 2 at (1, 5): stops on (1, 4)
    assert kinds(events) == ["move", "pickup", "collision"]
    assert events[1].coin == "penny" and state.cars[0].point == (1, 4)
    assert (1, 6) in state.gadgets.coins  # the nickel beyond car 2 stays


def test_a_finishing_move_picks_up_nothing(text_track):
    track = text_track("#######\n#S.pG.#\n#S...G#\n#######")
    state = RaceState(track, Rules(), default_starts(track, 2))
    put(state, 0, (1, 2), (0, 2))
    assert kinds(state.play((0, 0))) == ["move", "finish"]
    assert (1, 3) in state.gadgets.coins  # left for the others


def test_goodie_coins_give_the_goodie(text_track):
    """ "Any of these goodies could be a collectable too!": m o r u b."""
    track = text_track("############\n#S.mourb...#\n#S........G#\n############")
    state = RaceState(track, Rules(), default_starts(track, 2))
    put(state, 0, (1, 2), (0, 5))
    events = state.play((0, 0))
    assert [e.coin for e in events[1:]] == [
        "missile",
        "oil sprayer",
        "submarine",
        "rocket booster",
        "rear guns",
    ]
    car = state.cars[0]
    assert (car.kit.missiles, car.kit.sprayers, car.kit.guns, car.kit.sub) == (1, 1, 1, True)
    assert car.budget == (0, 0, 1)


# --- whole races --------------------------------------------------------------------------------

COIN_MAP = """
######################
#S..p..n..d..m..o..r.#
#S..n..p..b..d..u..p.#
#S..d..b..p..n..m..o.#
#...............~~...#
#.r..p..u..d..b..n..G#
######################
"""


@pytest.mark.parametrize(
    ("accel", "collision"), list(itertools.product((5, 8, 9), ("exact", "endpoint")))
)
def test_random_races_with_coins_end_consistently_and_the_referee_agrees(
    text_track, accel, collision
):
    from generator.games.graph_racers.race.drivers import make_drivers, run_race

    track = text_track(COIN_MAP, name="coins")
    rules = Rules(accel, collision)
    for seed in range(3):
        state = run_race(
            track, rules, make_drivers(["random"] * 4, track, rules, seed), max_rounds=120
        )
        assert any(e.kind == "pickup" for e in state.log) or seed
        consistent(state)
        agrees(track, rules, state)


def test_race_on_the_command_line_picks_up_coins():
    args = ["graph-racers", "race", str(LAKE), "--players", "3", "--driver", "solver", "--json"]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    race = json.loads(r.output)
    assert any(e["kind"] == "pickup" for e in race["events"])
