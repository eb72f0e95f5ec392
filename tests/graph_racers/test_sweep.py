"""The sweep engine (bit-parallel breadth-first search) against the referee, A* and the
independent reference BFS, on the copied public maps and on seeded random tracks."""

from __future__ import annotations

import itertools
import random

import pytest
import reference_bfs as ref
from conftest import DATA, EXAMPLES, map_files

from generator.errors import LimitExceeded
from generator.games.graph_racers.generating.circuit import build_track
from generator.games.graph_racers.moves.check import RacingLine, check_line
from generator.games.graph_racers.moves.referee import CRASH, FINISH, MOVE, Referee
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.solving import sweep
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.solving.sweep import Sweep
from generator.games.graph_racers.solving.sweep_sets import max_speed, supports
from generator.games.graph_racers.track.formats import read_track
from generator.games.graph_racers.track.model import Line, Track

COMBOS = [Rules(a, c) for a in (5, 8, 9) for c in ("exact", "endpoint")]
BFS_CAP = 30_000


def random_track(rng: random.Random, rows: int, cols: int, walls: float) -> Track:
    grid = [["." if rng.random() > walls else "#" for _ in range(cols)] for _ in range(rows)]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    starts = cells[: rng.randint(1, 3)]
    goals = cells[len(starts) : len(starts) + rng.randint(1, 3)]
    for r, c in starts + goals:
        grid[r][c] = "."
    return Track(tuple("".join(row) for row in grid), tuple(starts), frozenset(goals), name="rnd")


def random_tracks(seed: int, count: int) -> list[Track]:
    rng = random.Random(seed)
    return [
        random_track(rng, rng.randint(2, 8), rng.randint(2, 12), rng.choice((0.0, 0.15, 0.3)))
        for _ in range(count)
    ]


def assert_legal(track: Track, rules: Rules, sol) -> None:
    verdict = check_line(track, rules, RacingLine(points=tuple(sol.path)))
    assert verdict.legal and verdict.moves == sol.moves, verdict.message
    assert len(sol.accelerations) == sol.moves == len(sol.path) - 1


# --- the per-vector tables are the referee's verdicts ---------------------------------------


def test_tables_match_the_referee_point_by_point():
    tracks = random_tracks(7, 12) + [read_track(DATA / "momba" / "tiny.track")]
    checked = 0
    for track, collision in itertools.product(tracks, ("exact", "endpoint")):
        rules = Rules(9, collision)
        sw = Sweep(track, rules)
        referee = Referee(track, rules)
        for v in itertools.product(range(-5, 6), repeat=2):
            if abs(v[1]) >= sw.pad:
                continue
            legal = sw.legal(v)
            base, fin = sw.finish(v)
            fin <<= base
            # the sweep builds finish(v) only when cars come within near_goal(v): a superset
            near_base, near = sw.near_goal(v)
            assert fin & ~(near << near_base) == 0, (track, collision, v)
            for r, c in itertools.product(range(track.rows), range(track.cols)):
                if not track.on_track(r, c):
                    continue
                want, _ = referee.judge(r, c, *v)
                i = sw.bit((r, c))
                assert (legal >> i & 1, fin >> i & 1) == (want == MOVE, want == FINISH), (
                    track,
                    collision,
                    (r, c),
                    v,
                )
                checked += 1
    assert checked > 10_000


def test_the_track_bitset_holds_every_track_point_and_nothing_else():
    for track in random_tracks(5, 9) + [read_track(DATA / "momba" / "tiny.track")]:
        sw = Sweep(track, Rules(9))
        points = {
            sw.bit((r, c))
            for r in range(track.rows)
            for c in range(track.cols)
            if track.on_track(r, c)
        }
        assert sw.on == sum(1 << i for i in points)


def test_max_speed_is_the_fastest_any_car_gets():
    """Every reachable state of an open strip (reference BFS moves), under both rules."""
    for cols in (1, 2, 3, 4, 7, 11, 16):
        strip = Track(("." * cols,) * 3, ((1, 0),), frozenset(), name="strip")
        for collision in ("exact", "endpoint"):
            seen = {(1, 0, 0, 0)}
            todo = [(1, 0, 0, 0)]
            while todo:
                r, c, vr, vc = todo.pop()
                for ar, ac in ref.accelerations(9):
                    nvr, nvc = vr + ar, vc + ac
                    what, _ = ref.outcome(strip, r, c, nvr, nvc, 0, collision)
                    s = (r + nvr, c + nvc, nvr, nvc)
                    if what == "move" and s not in seen:
                        seen.add(s)
                        todo.append(s)
            assert max(abs(s[3]) for s in seen) == max_speed(cols), (cols, collision)


# --- whole races ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", map_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_sweep_agrees_with_astar_and_bfs_on_copied_maps(path):
    track = read_track(path)
    for rules in COMBOS:
        got = solve(track, rules, engine="sweep")
        want = solve(track, rules, engine="astar")
        assert got.moves == want.moves, (path.name, rules)
        if got.moves is not None:
            assert_legal(track, rules, got)
        if rules.accel == 9:
            try:
                assert got.moves == ref.bfs_moves(
                    track, rules.accel, rules.collision, max_states=BFS_CAP
                )
            except RuntimeError:
                pass  # too big for a quick reference run; A* agreed above


def test_sweep_agrees_with_bfs_and_astar_on_random_tracks():
    finished = 0
    for track in random_tracks(2024, 40):
        for rules in COMBOS:
            got = solve(track, rules, engine="sweep")
            want = ref.bfs_moves(track, rules.accel, rules.collision)
            assert got.moves == want, (track, rules)
            assert solve(track, rules, engine="astar").moves == want, (track, rules)
            if want is not None:
                assert_legal(track, rules, got)
                finished += 1
    assert finished > 100


def test_default_search_uses_the_sweep_only_where_it_applies(text_track):
    oval = read_track(EXAMPLES / "oil-oval.txt")
    assert not supports(oval, Rules(9))  # a lap with oil: A*
    assert supports(dry(oval), Rules(9)) and not supports(dry(oval), Rules(9, brakes=1))
    tiny = read_track(DATA / "momba" / "tiny.track")
    assert supports(tiny, Rules(9)) and not supports(tiny, Rules(9, turbo=1))
    oily = text_track("""
#########
S..~~...G
#########
""")
    assert not supports(oily, Rules(5))
    with pytest.raises(ValueError):
        solve(oily, Rules(5), engine="sweep")
    # the default finds the same optimum as forced A*, with states counted by the sweep
    sol = solve(tiny, Rules(9))
    assert sol.moves == 6 and sol.expanded == Sweep(tiny, Rules(9)).run()[3]


def test_sweep_stops_at_its_state_limit():
    track = read_track(DATA / "racetrackgym" / "empty-40x40.track")
    sol = solve(track, Rules(9), engine="sweep")
    assert sol.moves == solve(track, Rules(9), engine="astar").moves
    # the limit is named in the units of --max-states, not in the sweep's settled states
    for engine in ("sweep", "astar"):
        with pytest.raises(LimitExceeded) as e:
            solve(track, Rules(9), engine=engine, max_states=10)
        assert str(e.value) == (
            "empty-40x40: gave up at the limit of 10 states under accel 9, collision exact; "
            "use a smaller track or raise --max-states"
        )


def test_windowed_sets_settle_the_same_layers(monkeypatch):
    """Big grids keep frontier sets as windows (offset, bits); forced on small tracks, the
    windowed search settles exactly the states of the whole-grid one and its lines are legal."""
    tracks = random_tracks(99, 20) + [
        read_track(DATA / "momba" / name)
        for name in ("barto-big.track", "maze.track", "ring.track")
    ]
    compared = 0
    for track in tracks:
        for rules in COMBOS:
            monkeypatch.setattr(sweep, "WINDOWED", 1 << 60)
            whole = Sweep(track, rules).run_python()
            monkeypatch.setattr(sweep, "WINDOWED", 0)
            windowed = Sweep(track, rules).run_python()
            assert (windowed[0], windowed[3]) == (whole[0], whole[3]), (track, rules)
            if windowed[0] is not None:
                verdict = check_line(track, rules, RacingLine(points=tuple(windowed[1])))
                assert verdict.legal and verdict.moves == windowed[0], verdict.message
                compared += 1
    assert compared > 60


def test_no_route_and_a_jump(text_track):
    t = text_track("S.#G\n")
    sol = solve(t, Rules(9), engine="sweep")
    assert sol.moves is None and sol.path == [] and sol.expanded == 0
    jump = solve(t, Rules(9, "endpoint"), engine="sweep")
    assert jump.moves == 2 and jump.path == [(0, 0), (0, 1), (0, 3)]
    walled = text_track("""
S.#.
..#G
""")
    closed = solve(walled, Rules(9), engine="sweep")
    assert closed.moves is None and closed.expanded == 0  # walled off: no king path


def test_a_goal_touched_in_the_middle_of_a_move(text_track):
    t = text_track("""
#######
S....G.
#######
""")
    # accel 9: 0 -> 1 -> 2 -> 3 covers 6 columns; touching G's square at 4.5 after 3 moves
    sol = solve(t, Rules(9), engine="sweep")
    assert sol.moves == ref.bfs_moves(t, 9) == 3
    assert_legal(t, Rules(9), sol)


# --- laps -----------------------------------------------------------------------------------


def dry(track: Track) -> Track:
    """The track with its oil mopped up (the sweep does not race oil)."""
    return track.with_(grid=tuple(row.replace("~", ".") for row in track.grid))


def random_lap(rng: random.Random) -> Track:
    """A small lap: random walls, a start/finish line and 1 to 3 checkpoints, each a row or
    column run closed by walls or the grid's edge, in random directions (lines may lie on
    the same row or column, so one move often crosses several)."""
    while True:
        rows, cols = rng.randint(3, 7), rng.randint(4, 11)
        grid = [["." if rng.random() > 0.15 else "#" for _ in range(cols)] for _ in range(rows)]
        lines = []
        for _ in range(rng.randint(2, 4)):
            vertical = rng.random() < 0.5
            n, m = (rows, cols) if vertical else (cols, rows)
            at, lo = rng.randrange(m), rng.randrange(n)
            hi = rng.randint(lo, n - 1) if rng.random() < 0.5 else n - 1
            lo = lo if hi != n - 1 or rng.random() < 0.5 else 0
            lines.append(
                Line("vertical" if vertical else "horizontal", at, lo, hi, rng.choice((1, -1)))
            )
            for k in range(lo - 1, hi + 2):
                r, c = (k, at) if vertical else (at, k)
                if 0 <= r < rows and 0 <= c < cols:
                    grid[r][c] = "." if lo <= k <= hi else "#"
        finish, *cps = lines
        track = Track(
            tuple("".join(row) for row in grid),
            tuple(finish.points()),
            finish=finish,
            checkpoints=tuple(cps),
            name="lap",
        )
        try:
            return track.validate()
        except Exception:
            continue


def small_circuits() -> list[Track]:
    """Circuits drawn by the generator's own builder, small enough for the reference BFS."""
    out = []
    for seed, (rows, cols, width) in enumerate(
        [(16, 20, 2), (15, 22, 2), (18, 18, 2), (16, 24, 3)]
    ):
        track, _loop = build_track(rows, cols, width, (0.3, 0.6), random.Random(seed), seed)
        out.append(track.validate())
    return out


def test_lap_tables_match_the_referee_point_by_point():
    """Per vector and stage: near() is exactly the crossing rule of the independent reference
    (Fractions), and plain moves + crossing tables give the referee's verdict everywhere."""
    rng = random.Random(11)
    tracks = [dry(read_track(EXAMPLES / "oil-oval.txt"))] + [random_lap(rng) for _ in range(10)]
    checked = jumps = 0
    for track, collision in itertools.product(tracks, ("exact", "endpoint")):
        rules = Rules(9, collision)
        sw = Sweep(track, rules)
        referee = Referee(track, rules)
        lines = [(ln.orientation, ln.at, ln.lo, ln.hi, ln.direction) for ln in sw.lines]
        for v, stage in itertools.product(
            itertools.product(range(-5, 6), repeat=2), range(len(lines))
        ):
            if abs(v[1]) >= sw.pad:
                continue
            legal, near = sw.legal(v), sw.near(v, stage)
            fin, leave, moves = sw.crossing(v, stage)
            for r, c in itertools.product(range(track.rows), range(track.cols)):
                if not track.on_track(r, c):
                    continue
                i = sw.bit((r, c))
                crosses = ref.cross(lines[stage], r, c, *v) is not None
                assert bool(near >> i & 1) == crosses, (track, v, stage, (r, c))
                if fin >> i & 1:
                    got = (FINISH, stage)
                elif leave >> i & 1:
                    got = next((MOVE, j) for j, bits in moves.items() if bits >> i & 1)
                    jumps += got[1] > stage + 1
                else:
                    got = (MOVE, stage) if legal >> i & 1 else (CRASH, stage)
                want = referee.judge(r, c, *v, stage)
                assert got[0] == want[0] and (got[0] != MOVE or got == want), (
                    track,
                    collision,
                    (r, c),
                    v,
                    stage,
                )
                checked += 1
    assert checked > 50_000 and jumps > 0  # some moves pass two lines at once


def test_sweep_agrees_with_astar_and_bfs_on_laps():
    rng = random.Random(5)
    tracks = (
        [dry(read_track(EXAMPLES / "oil-oval.txt"))]
        + small_circuits()
        + [random_lap(rng) for _ in range(25)]
    )
    finished = 0
    for track in tracks:
        for rules in COMBOS:
            got = solve(track, rules, engine="sweep")
            assert got.moves == solve(track, rules, engine="astar").moves, (track, rules)
            assert got.moves == ref.bfs_moves(track, rules.accel, rules.collision), (track, rules)
            if got.moves is not None:
                assert_legal(track, rules, got)
                finished += 1
    assert finished > 100


def test_sweep_agrees_with_astar_on_the_generated_example_lap():
    track = read_track(EXAMPLES / "graph-racers-40x25-medium-s1-1.json")
    assert track.is_lap and supports(track, Rules(9))
    for rules in COMBOS:
        got = solve(track, rules)
        assert got.moves == solve(track, rules, engine="astar").moves, rules
        assert_legal(track, rules, got)
    stored = Rules.from_dict(track.meta["rules"])  # the par was found under the track's rules
    assert solve(track, stored).moves == track.meta["par"]
