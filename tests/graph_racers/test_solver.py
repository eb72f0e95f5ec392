"""The rules, the referee and the exact search, against an independent breadth-first search."""

from __future__ import annotations

import itertools

import pytest
import reference_bfs as ref
from conftest import DATA, EXAMPLES, SHARED, map_files

from generator.games.graph_racers.moves.referee import CRASH, FINISH, MOVE, Referee
from generator.games.graph_racers.moves.rules import (
    BRAKE,
    ROCKET,
    TURBO,
    Rules,
    boost_kind,
    changes,
    normal_changes,
    skid_changes,
)
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.solving.states import Race
from generator.games.graph_racers.track.formats import read_track

NAMES = {CRASH: "crash", MOVE: "move", FINISH: "finish"}
COMBOS = [(a, c) for a in (5, 8, 9) for c in ("exact", "endpoint")]
BFS_CAP = 50_000  # states; maps whose BFS needs more are left to the benchmark


# --- rules ----------------------------------------------------------------------------------


def test_acceleration_sets():
    assert len(normal_changes(5)) == 5 and (0, 0) in normal_changes(5)
    assert len(normal_changes(8)) == 8 and (0, 0) not in normal_changes(8)
    assert len(normal_changes(9)) == 9
    assert set(normal_changes(5)) == {(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)}


def test_boost_kinds():
    assert boost_kind(3, -2) == BRAKE and boost_kind(-2, 2) == BRAKE
    assert boost_kind(1, -2) is None  # 1 -> -1 is no slower
    assert boost_kind(0, 2) == TURBO and boost_kind(-1, -2) == TURBO and boost_kind(1, -2) is None
    assert boost_kind(2, 3) == ROCKET and boost_kind(0, -3) == ROCKET and boost_kind(2, -3) is None


def test_counts_of_allowed_accelerations_with_boosts():
    # brakes from (3, 0): one extra change under accel 5, three under accel 9 (other axis -1..1)
    assert len(changes(Rules(5, brakes=1), (3, 0), (1, 0, 0))) == 6
    assert len(changes(Rules(9, brakes=1), (3, 0), (1, 0, 0))) == 12
    # turbo from rest: both signs on both axes
    assert len(changes(Rules(5, turbo=2), (0, 0), (0, 2, 0))) == 9
    # rocket from (1, -1) under accel 8: (3 on row: +3) and (col: -3), other axis -1..1 each
    assert len(changes(Rules(8, rocket=1), (1, -1), (0, 0, 1))) == 8 + 6
    # used-up boosts are gone
    assert len(changes(Rules(5, brakes=1), (3, 0), (0, 0, 0))) == 5


def test_a_skidding_car_makes_the_exact_same_move_even_at_speed_one():
    """The seed: "it skids and MUST make the exact same move as last turn": no stop, even
    where one change would stop the car (issue 28, point 4)."""
    assert skid_changes(Rules(5), (1, 0)) == [((0, 0), "")]
    assert skid_changes(Rules(5), (1, 1)) == [((0, 0), "")]
    assert skid_changes(Rules(9), (1, 1)) == [((0, 0), "")]
    assert skid_changes(Rules(8), (2, 0)) == [((0, 0), "")]


def test_legal_moves_from_the_tiny_start():
    """Perft-style counts: every outcome of every acceleration from a fixed state."""
    track = read_track(DATA / "momba" / "tiny.track")
    race = Race(track, Rules(9))
    (sid,) = race.starts()
    outcomes = [o for o, *_ in race.successors(sid)]
    assert len(outcomes) == 6  # 9 options, 3 leave the grid to the left
    assert outcomes.count(MOVE) == 6
    race5 = Race(track, Rules(5))
    assert len(list(race5.successors(race5.starts()[0]))) == 4
    # from (2, 1) moving right at 1: (0, 2) would touch the wall at (2, 2) before the goal
    referee = Referee(track, Rules(9))
    assert referee.judge(2, 1, 0, 2) == (CRASH, 0)
    assert referee.judge(2, 1, -1, 2)[0] == CRASH
    assert Referee(track, Rules(9, "endpoint")).judge(2, 1, 0, 2) == (FINISH, 0)


def test_finish_counts_when_the_goal_comes_before_the_crash(text_track):
    t = text_track("""
#####
S.G.#
#####
""")
    referee = Referee(t, Rules(9))
    assert referee.judge(1, 0, 0, 4) == (FINISH, 0)  # touches G at x=1.5, the wall at x=3.5
    assert referee.judge(1, 0, 0, 1) == (MOVE, 0)
    t2 = text_track("""
#####
S#G.#
#####
""")
    assert Referee(t2, Rules(9)).judge(1, 0, 0, 2) == (CRASH, 0)


def test_corner_touch_is_a_crash(text_track):
    t = text_track("""
S.#
.#.
..G
""")
    # the diagonal (0,0) -> (2,2) passes the corners of (0,1)/(1,0) and (1,2)/(2,1) and the
    # centre of the wall (1,1)
    assert Referee(t, Rules(9)).judge(0, 0, 2, 2) == (CRASH, 0)
    assert Referee(t, Rules(9, "endpoint")).judge(0, 0, 2, 2) == (FINISH, 0)
    t2 = text_track("""
S#.
..G
""")
    # (0,0) -> (1,2): slope 1/2 crosses the edge between (0,1) and (1,1) at its midpoint
    assert Referee(t2, Rules(9)).judge(0, 0, 1, 2) == (CRASH, 0)


# --- the referee against the independent one ------------------------------------------------


@pytest.mark.parametrize(
    "name", ["momba/tiny.track", "momba/barto-small.track", "racetrackgym/ring.txt"]
)
def test_referee_agrees_with_reference_on_every_move(name):
    track = read_track(DATA / name)
    for collision in ("exact", "endpoint"):
        referee = Referee(track, Rules(9, collision))
        for r, c in itertools.product(range(track.rows), range(track.cols)):
            if not track.on_track(r, c):
                continue
            for dr, dc in itertools.product(range(-4, 5), repeat=2):
                got = referee.judge(r, c, dr, dc)
                want = ref.outcome(track, r, c, dr, dc, 0, collision)
                assert (NAMES[got[0]], got[1]) == want, (name, collision, r, c, dr, dc)


def test_referee_agrees_with_reference_on_a_lap():
    track = read_track(EXAMPLES / "oil-oval.txt")
    for collision in ("exact", "endpoint"):
        referee = Referee(track, Rules(9, collision))
        for r, c in itertools.product(range(track.rows), range(track.cols)):
            if not track.on_track(r, c):
                continue
            for dr, dc, stage in itertools.product(range(-5, 6), range(-5, 6), range(3)):
                got = referee.judge(r, c, dr, dc, stage)
                want = ref.outcome(track, r, c, dr, dc, stage, collision)
                assert (NAMES[got[0]], got[1]) == want, (collision, r, c, dr, dc, stage)


# --- the search against the independent BFS -------------------------------------------------


@pytest.mark.parametrize("path", map_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_search_agrees_with_bfs_on_public_maps(path):
    track = read_track(path)
    compared = 0
    for accel, collision in COMBOS:
        try:
            want = ref.bfs_moves(track, accel, collision, max_states=BFS_CAP)
        except RuntimeError:
            continue  # too big for the test's time: benchmarks/graph_racers.py covers it
        got = solve(track, Rules(accel, collision))
        assert got.moves == want, (path.name, accel, collision)
        compared += 1
    assert compared >= 1 or path.name == "square-5-potholes.track"


def test_search_agrees_with_bfs_on_the_shared_maps_that_fit():
    """Every map in ../shared/data/racetrack small enough for a quick BFS (skipped without it)."""
    if not SHARED.is_dir():
        pytest.skip("../shared/data/racetrack is not beside this checkout")
    done = 0
    for path in sorted(p for p in SHARED.rglob("*") if p.suffix in (".track", ".txt")):
        track = read_track(path)
        if track.rows * track.cols > 1200:
            continue
        try:
            want = ref.bfs_moves(track, 9, "exact", max_states=BFS_CAP)
        except RuntimeError:
            continue
        assert solve(track, Rules(9)).moves == want, path
        done += 1
    assert done >= 15


def test_known_optima_from_both_methods():
    tiny = read_track(DATA / "momba" / "tiny.track")
    assert solve(tiny, Rules(5)).moves == 8
    assert solve(tiny, Rules(9)).moves == 6
    assert solve(tiny, Rules(9, "endpoint")).moves == 2  # jumps over the wall
    barto = read_track(DATA / "momba" / "barto-small.track")
    assert solve(barto, Rules(9)).moves == 11
    # published results differ with the rules: the same map needs 4 moves or 21
    maze = read_track(DATA / "momba" / "maze.track")
    assert solve(maze, Rules(9)).moves == 24 and solve(maze, Rules(9, "endpoint")).moves == 8


def test_lap_with_oil_and_boosts_agrees_with_bfs():
    oval = read_track(EXAMPLES / "oil-oval.txt")
    for rules in (
        Rules(5),
        Rules(9),
        Rules(8),
        Rules(5, "endpoint"),
        Rules(5, brakes=1, turbo=1),
        Rules(9, rocket=1),
    ):
        want = ref.bfs_moves(oval, rules.accel, rules.collision, budget=rules.budget)
        assert solve(oval, rules).moves == want, rules


BRAKE_SWERVE = """
...............
#...#.##.#.#..G
....##...#.#..G
.........#.#..#
..#........#...
S....#........#
..#..#...##....
S.#...#.....#..
.........#...#G
..##.#...#.#.##
.#.#.#.#..#..#G
"""


def test_brakes_widen_the_look_ahead_box(text_track):
    """A car with good brakes left can change an axis by 2, so after k moves it may stand
    2 k (k + 1) / 2 away from p + k v, not k (k + 1) / 2. The box bound used the smaller reach
    and called a state dead that lies on the only 6-move line (found by an independent BFS in
    the audit: racegen said 7)."""
    t = text_track(BRAKE_SWERVE)
    rules = Rules(8, brakes=1)
    sol = solve(t, rules)
    assert sol.moves == 6 == ref.bfs_moves(t, 8, budget=(1, 0, 0))
    assert sol.boosts.count("brake") == 1
    for accel in (5, 8, 9):
        for budget in ((1, 0, 0), (2, 0, 0), (1, 1, 0), (0, 0, 1)):
            rules = Rules(accel, "exact", *budget)
            assert solve(t, rules).moves == ref.bfs_moves(t, accel, budget=budget), rules


def test_brakes_on_a_lap_agree_with_bfs(text_track):
    """A 5 x 8 ring: with brakes the search said 16 (accel 5) and 12 (accel 9) where 15 and 11
    are right (the look-ahead box without brakes; found by the audit)."""
    ring = text_track(
        "########\n#......#\n#.####.#\n#......#\n########",
        header="finish: col 2 rows 1-1 left\ncheckpoint: col 3 rows 3-3 right\n",
    )
    assert solve(ring, Rules(5, brakes=1)).moves == 15 == ref.bfs_moves(ring, 5, budget=(1, 0, 0))
    assert solve(ring, Rules(9, brakes=1)).moves == 11 == ref.bfs_moves(ring, 9, budget=(1, 0, 0))


def test_oil_forces_a_repeat(text_track):
    t = text_track("""
#########
S..~~...G
#########
""")
    # accel 5: 0 -> 1 -> 2 reaches (1,3), then the car skids: (1,5), (1,7), then at most 3 to G
    plain = text_track(t.__str__().replace("~", ".").replace("S", "S"))  # same map, no oil
    with_oil = solve(t, Rules(5))
    without = solve(plain, Rules(5))
    assert with_oil.moves == ref.bfs_moves(t, 5, "exact") and without.moves == ref.bfs_moves(
        plain, 5
    )
    # on oil every move repeats the vector: accelerations are (0, 0) while the line touches oil
    race = Race(t, Rules(5))
    sid = race.pack(1, 2, 0, 1, 0, (0, 0, 0))  # speed 1: it skids on, no stop
    assert [a for _o, _n, a, _k in race.successors(sid)] == [(0, 0)]
    sid = race.pack(1, 1, 0, 2, 0, (0, 0, 0))
    assert [a for _o, _n, a, _k in race.successors(sid)] == [(0, 0)]


def test_turbo_and_rocket_shorten_a_straight(text_track):
    t = text_track("""
##############################
S............................G
##############################
""")
    base = solve(t, Rules(5)).moves
    turbo = solve(t, Rules(5, turbo=2)).moves
    rocket = solve(t, Rules(5, rocket=1)).moves
    assert base == ref.bfs_moves(t, 5) == 8  # 1+...+7 = 28 stops short of G's square at 28.5
    assert turbo == ref.bfs_moves(t, 5, budget=(0, 2, 0)) < base
    assert rocket == ref.bfs_moves(t, 5, budget=(0, 0, 1)) < base


def test_no_route_is_none(text_track):
    t = text_track("""
S.#G
""")
    sol = solve(t, Rules(9))
    assert sol.moves is None and sol.path == [] and sol.expanded == 0  # no track path to G at all
    assert solve(t, Rules(9, "endpoint")).moves == 2  # jumping the wall needs a speed of 2


def test_optimal_line_is_legal_and_counted():
    tiny = read_track(DATA / "momba" / "tiny.track")
    sol = solve(tiny, Rules(5), count_lines=1000)
    assert sol.optimal_lines == brute_force_lines(tiny, Rules(5), sol.moves)
    for name, rules, lines in (("ring.txt", Rules(5), 8), ("bottleneck.txt", Rules(9), 2730)):
        track = read_track(DATA / "racetrackgym" / name)
        sol = solve(track, rules, count_lines=10**9)
        assert sol.optimal_lines == brute_force_lines(track, rules, sol.moves) == lines
        capped = solve(track, rules, count_lines=5)
        assert (capped.optimal_lines, capped.lines_capped) == (5, True)


def brute_force_lines(track, rules, moves):
    """How many racing lines of exactly `moves` moves there are (brute_force_line_list)."""
    return len(brute_force_line_list(track, rules, moves))


def brute_force_line_list(track, rules, moves):
    """Every racing line of exactly `moves` moves (the car's points, the finishing move's end
    point last), by depth-first search with the reference."""
    acc = ref.accelerations(rules.accel)
    lines = []
    path = []
    seen: dict = {}

    def outcome(r, c, vr, vc):
        key = (r, c, vr, vc)
        if key not in seen:
            seen[key] = ref.outcome(track, r, c, vr, vc, 0, rules.collision)[0]
        return seen[key]

    # a line is optimal only if every state on it is met first at its depth: the depths of a
    # breadth-first search (up to `moves`) prune the rest
    depth_of = {(r, c, 0, 0): 0 for r, c in track.starts}
    layer = list(depth_of)
    for depth in range(1, moves):
        nxt = []
        for r, c, vr, vc in layer:
            for ar, ac in acc:
                nvr, nvc = vr + ar, vc + ac
                state = (r + nvr, c + nvc, nvr, nvc)
                if state not in depth_of and outcome(r, c, nvr, nvc) == "move":
                    depth_of[state] = depth
                    nxt.append(state)
        layer = nxt

    def walk(r, c, vr, vc, depth):
        path.append((r, c))
        for ar, ac in acc:
            nvr, nvc = vr + ar, vc + ac
            what = outcome(r, c, nvr, nvc)
            if what == "finish" and depth + 1 == moves:
                lines.append([*path, (r + nvr, c + nvc)])
            elif what == "move" and depth_of.get((r + nvr, c + nvc, nvr, nvc)) == depth + 1:
                walk(r + nvr, c + nvc, nvr, nvc, depth + 1)
        path.pop()

    for r, c in track.starts:
        walk(r, c, 0, 0, 0)
    return lines


def test_the_natural_line_stays_on_the_grid_and_looks_plainest():
    """Momba's barto-small (a dim map, 12 x 35) under accel 5: the search's line finishes by
    grazing the goal's outer corner from beyond the grid (legal: the goal square is touched
    before the outside; on paper the line leaves the grid). Among the 104 optimal lines the
    natural one stays on the grid, then has the fewest changes of direction, then the least
    total acceleration; checked against every line the brute force finds."""
    from generator.games.graph_racers.moves.check import RacingLine, check_line
    from generator.games.graph_racers.printing.faces import finish_fraction
    from generator.games.graph_racers.solving.optimal_lines import natural
    from generator.games.graph_racers.solving.solution import Solution

    track = read_track(DATA / "momba" / "barto-small.track")
    rules = Rules(5)

    def cost(path):
        sol = Solution(rules, len(path) - 1, path)
        t = finish_fraction(track, rules, sol)
        (r0, c0), (r1, c1) = path[-2:]
        end = (r0 + t * (r1 - r0), c0 + t * (c1 - c0))
        off = not (0 <= end[0] <= track.rows - 1 and 0 <= end[1] <= track.cols - 1)
        v = [(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(path)]
        turns = sum(
            1
            for u, w in itertools.pairwise(v)
            if u != (0, 0)
            and w != (0, 0)
            and (u[0] * w[1] != u[1] * w[0] or u[0] * w[0] + u[1] * w[1] < 0)
        )
        size = sum(abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b in itertools.pairwise([(0, 0), *v]))
        return off, turns, size

    first = solve(track, rules)
    assert cost(first.path)[0]  # the search's line leaves the grid
    picked = natural(track, first)
    assert picked is not None and picked.moves == first.moves == 13
    assert check_line(track, rules, RacingLine(points=tuple(picked.path))).legal
    lines = brute_force_line_list(track, rules, 13)
    assert len(lines) == 104
    best = min(cost(line) for line in lines)
    assert best[0] == 0 and cost(picked.path) == best
    assert picked.accelerations == [
        (b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise([(0, 0), *picked.velocities])
    ]


def test_general_and_fast_search_paths_agree():
    """The general A* loop (boosts, oil) and the inlined one give the same optimum."""
    from generator.games.graph_racers.solving.astar import astar, astar_plain

    for name in ("momba/barto-small.track", "racetrackgym/spiral.txt", "racetrackgym/uturn.txt"):
        track = read_track(DATA / name)
        for rules in (Rules(5), Rules(9), Rules(8, "endpoint")):
            a = astar(Race(track, rules), 10**6)
            b = astar_plain(Race(track, rules), 10**6)
            assert a.moves == b.moves, (name, rules)
            assert len(a.path) == len(b.path)
    oval = read_track(EXAMPLES / "oil-oval.txt")
    plain = oval.with_(grid=tuple(row.replace("~", ".") for row in oval.grid))
    assert (
        astar(Race(plain, Rules(9)), 10**6).moves == astar_plain(Race(plain, Rules(9)), 10**6).moves
    )


def test_the_census_moves_are_the_successors():
    """Race.moves works out the moves of a race without boosts or oil on the packed state (the
    line census's hot path): the same list as successors, state by state."""
    from generator.games.graph_racers.solving.optimal_lines import OptimalLines

    oval = read_track(EXAMPLES / "oil-oval.txt")
    lap = oval.with_(grid=tuple(row.replace("~", ".") for row in oval.grid))
    for track, rules in ((read_track(DATA / "momba" / "tiny.track"), Rules(9)), (lap, Rules(5))):
        race = Race(track, rules)
        census = OptimalLines(race, solve(track, rules).moves)
        states = [sid for layer in census.layers for sid in layer]
        assert race.moves == race._plain_moves and len(states) > 50
        for sid in states:
            assert race.moves(sid) == list(race.successors(sid))
