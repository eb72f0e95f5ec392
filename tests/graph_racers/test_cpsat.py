"""The CP-SAT engine and the search engine agree on small tracks, under many rule sets."""

from __future__ import annotations

import pytest
from conftest import DATA

from generator.errors import LimitExceeded
from generator.games.graph_racers.moves.check import RacingLine, check_line
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.solving.cpsat import fewest_moves, solve_cpsat, speed_bound
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.track.formats import read_track

LAP = """
finish: col 4 rows 1-2 left
checkpoint: col 4 rows 5-6 right
"""
LAP_MAP = """
#########
#.......#
#.......#
#~.###..#
#..###..#
#.......#
#.......#
#########
"""


def test_speed_bound():
    assert speed_bound(5, Rules()) == 3  # 1 + 2 = 3 points travelled before a move at speed 3
    assert speed_bound(2, Rules()) == 2  # one point at speed 1, then a last move at speed 2
    assert speed_bound(12, Rules(turbo=1)) >= speed_bound(12, Rules())


@pytest.mark.parametrize(
    "rules",
    [
        Rules(5),
        Rules(9),
        Rules(8),
        Rules(5, "endpoint"),
        Rules(9, brakes=1, turbo=1),
        Rules(5, rocket=1),
    ],
    ids=str,
)
def test_engines_agree_on_tiny(rules):
    track = read_track(DATA / "momba" / "tiny.track")
    a = solve(track, rules)
    b = solve_cpsat(track, rules)
    assert a.moves == b.moves
    assert check_line(track, rules, RacingLine(points=tuple(b.path))).legal


@pytest.mark.parametrize(
    "rules", [Rules(5), Rules(9), Rules(8, "endpoint"), Rules(5, turbo=1)], ids=str
)
def test_engines_agree_on_a_small_lap_with_oil(text_track, rules):
    track = text_track(LAP_MAP, LAP)
    a = solve(track, rules)
    b = solve_cpsat(track, rules)
    assert a.moves == b.moves is not None
    verdict = check_line(track, rules, RacingLine(points=tuple(b.path)))
    assert verdict.legal and verdict.moves == b.moves


@pytest.mark.parametrize("name", ["bottleneck.txt", "pyramid.txt"])
def test_engines_agree_on_public_maps(name):
    track = read_track(DATA / "racetrackgym" / name)
    for rules in (Rules(5), Rules(9)):
        assert solve(track, rules).moves == solve_cpsat(track, rules).moves


def test_engines_agree_there_is_no_route(text_track):
    track = text_track("S.#G\n")
    assert solve(track, Rules(9)).moves is None
    assert solve_cpsat(track, Rules(9), horizon=8).moves is None


def test_cpsat_refuses_big_tracks():
    track = read_track(DATA / "racetrackgym" / "empty-40x40.track")
    with pytest.raises(LimitExceeded, match="use --engine search"):
        solve_cpsat(track, Rules(9))


@pytest.mark.parametrize(
    "rules", [Rules(5), Rules(9), Rules(8, "endpoint"), Rules(9, turbo=2, rocket=1)], ids=str
)
def test_first_horizon_is_a_lower_bound(rules, text_track):
    """CP-SAT starts at fewest_moves: it must never pass over the optimum (else it would
    report a longer race than the search engine), and it skips the hopeless short ones."""
    tracks = [read_track(DATA / "momba" / "tiny.track"), text_track(LAP_MAP, LAP)]
    tracks += [read_track(DATA / "racetrackgym" / n) for n in ("bottleneck.txt", "pyramid.txt")]
    firsts = []
    for track in tracks:
        first, best = fewest_moves(track, rules), solve(track, rules).moves
        assert first is not None and 1 <= first <= best, (track.name, first, best)
        firsts.append(first)
    assert max(firsts) > 1
    assert fewest_moves(text_track("S.#G\n"), Rules(9)) is None


def test_cpsat_never_says_no_route_when_it_only_ran_out_of_moves(text_track):
    """A one-wide snake needs more moves than the fixed horizon: CP-SAT says it ran out of
    moves (an error naming --engine search), not that there is no route (found by the audit).
    Three rows of snake (22 moves) are enough: five (40 moves) took CP-SAT seconds to solve."""
    rows = ["#" * 10]
    for k in range(3):
        rows.append("#" + ("S" if k == 0 else ".") + "......" + ("G" if k == 2 else ".") + "#")
        if k < 2:
            gap = "########.#" if k % 2 == 0 else "#.########"
            rows.append(gap)
    rows.append("#" * 10)
    track = text_track("\n".join(rows) + "\n")
    best = solve(track, Rules(5)).moves
    assert best is not None and best > 10
    with pytest.raises(LimitExceeded, match="no race of up to 10 moves.*--engine search"):
        solve_cpsat(track, Rules(5), horizon=10)
    assert solve_cpsat(track, Rules(5)).moves == best


def test_cpsat_reports_each_number_of_moves_it_tries():
    """The command shows 'trying N moves' on a terminal: CP-SAT can take tens of seconds."""
    seen = []
    sol = solve_cpsat(read_track(DATA / "momba" / "tiny.track"), Rules(5), progress=seen.append)
    assert seen == list(range(seen[0], sol.moves + 1)) and seen[0] >= 1
