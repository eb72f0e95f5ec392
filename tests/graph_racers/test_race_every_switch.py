"""Every switch of the race table at once (issue 17): "random races played to the end under
every combination of switches (no crash of the engine, damage and standings consistent); the
referee replays the computer driver's races and agrees".

One small hand-made cell map holds everything a switch can meet: oil, water, the coins (penny,
nickel, dime and a missile coin), obstacles, a start line and a goal. On it, four cars race
under each combination of accel 5/8/9, collision exact/endpoint, contact on/off, the Swedish
switches (none, or jumps with --off-track circle), designs (none, or James Bond designs; a race
without contact refuses missiles and rear guns, so its designs have none) and teams (none, or
two teams). Random drivers, and in every third race one planning driver (solver or cautious).
Each race ends (every car finished or out, or MAX_ROUNDS played), its damage and standings are
consistent (race_checks.consistent) and the referee, given each car's accelerations and
actions, plays the same race (race_checks.agrees); over all the races every kind of event the
switches can make happens at least once."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from race_checks import agrees, consistent

from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.race.design import Design
from generator.games.graph_racers.race.drivers import make_drivers, run_race
from generator.games.graph_racers.race.state import RaceState
from generator.games.graph_racers.race.swedish import Swedish
from generator.games.graph_racers.track.formats import parse_track

# oil ~ (rows 2-3), water w (a submarine's short cut), coins p n d and a missile coin m,
# obstacles ^ (column 8 across the upper lanes: a jump, or round by the gap at rows 4-5), a
# wall island (paper under --off-track circle), starts S and the goal G
EVERYTHING = """
######################
#S..p...^...n....^..G#
#S.~~...^......d....G#
#S.~~...^...m....^..G#
#S....ww....###.....G#
#.....ww....###..^..G#
######################
"""

# "missiles, oil slick sprayers, rocket boosters, submarine mode, or rear-shooting guns", good
# brakes and turbo; a car with no damage points (the first hit destroys it)
BOND = (
    Design(0, 0, 4, missile=1, sprayer=1, guns=2),
    Design(0, 0, 8, sub=1, guns=1),
    Design(2, 2, 0, missile=1, rocket=1),
    Design(1, 1, 8, missile=1, sprayer=1),
)
# without contact: the same but for the missiles and guns ("would do nothing")
QUIET = (
    Design(0, 0, 10, sprayer=1, rocket=1),
    Design(0, 0, 14, sub=1),
    Design(2, 2, 0, rocket=1),
    Design(1, 1, 8, sprayer=1),
)
SWEDISH = Swedish(jumps=True, off_track="circle")
TEAMS = ["A", "B", "A", "B"]
MAX_ROUNDS = 100

SWITCHES = list(
    itertools.product(
        (5, 8, 9),  # accel
        ("exact", "endpoint"),  # collision
        (True, False),  # contact
        (False, True),  # Swedish: jumps and --off-track circle
        (False, True),  # James Bond designs
        (False, True),  # teams
    )
)


def _id(switches) -> str:
    accel, collision, contact, swedish, bond, teams = switches
    words = [f"accel{accel}", collision, "contact" if contact else "no-contact"]
    words += ["swedish"] * swedish + ["bond"] * bond + ["teams"] * teams
    return "-".join(words)


def drivers_of(index: int) -> list[str]:
    """Four random drivers; every third race one of them plans (solver or cautious)."""
    names = ["random"] * 4
    if index % 3 == 0:
        names[index % 4] = ("solver", "cautious")[index // 3 % 2]
    return names


def table(switches) -> tuple:
    """The race's rules, Swedish switches, designs and teams, as RaceState takes them."""
    accel, collision, contact, swedish, bond, teams = switches
    designs = list(BOND if contact else QUIET) if bond else None
    return (
        Rules(accel, collision),
        SWEDISH if swedish else None,
        designs,
        TEAMS if teams else None,
        contact,
    )


@cache
def track():
    text = "graph-racers track 1\nmap:\n" + EVERYTHING.strip("\n") + "\n"
    return parse_track(text, source="everything")


@cache
def race(index: int) -> RaceState:
    """Race `index` of SWITCHES, seeded with its index (each worker plays it once)."""
    rules, swedish, designs, teams, contact = table(SWITCHES[index])
    drivers = make_drivers(drivers_of(index), track(), rules, index, swedish, designs)
    return run_race(
        track(),
        rules,
        drivers,
        max_rounds=MAX_ROUNDS,
        designs=designs,
        teams=teams,
        swedish=swedish,
        contact=contact,
    )


# Races the referee does not replay, for an engine fault (strict: the mark goes with the fault).
# Here car 1's move 3 ends on (3, 6), where its own missile is (fired on move 2, vector (1, 2)):
# a blast, and the missile is gone before its turn to move. The move was checked first
# (bond.Gadgets.check), which asked a missile acceleration the accel 8 set allows ((0, 0) is
# none), so the driver gave one; the missile never moved, so the log (bond.replay_actions, as
# race --json) keeps no missile move, and the referee, given none, refuses move 3.
def _params() -> list:
    return [pytest.param(index, id=_id(switches)) for index, switches in enumerate(SWITCHES)]


@pytest.mark.parametrize("index", _params())
def test_a_race_under_every_combination_of_switches_is_consistent_and_replayed(index):
    rules, swedish, designs, teams, contact = table(SWITCHES[index])
    state = race(index)
    assert state.over or state.round > MAX_ROUNDS
    consistent(state)
    if not contact:  # the cars ignore each other and a crash costs nothing
        assert all(car.damage == 0 for car in state.cars)
        assert not {"collision", "blast", "shot", "out"} & {e.kind for e in state.log}
    agrees(track(), rules, state, designs, teams, swedish, contact)


def test_the_races_show_every_event_the_switches_make():
    """Over all the races: crashes, collisions (with contact), coins picked up, missiles
    fired, rear guns shooting, oil sprayed, jumps, leaving the track and coming back,
    finishing and going out."""
    seen: set[str] = set()
    touching: set[str] = set()
    for index, switches in enumerate(SWITCHES):
        kinds = {e.kind for e in race(index).log}
        seen |= kinds
        if switches[2]:
            touching |= kinds
    assert {"crash", "pickup", "fire", "shot", "spray", "jump", "leave", "return", "finish"} <= seen
    assert {"collision", "blast", "out"} <= touching
