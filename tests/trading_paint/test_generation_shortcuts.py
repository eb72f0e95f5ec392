"""The generator's shortcuts decide what the long way decides: the floor under rolling that
rejects a stop moment before the full search, and the plain search for the cheapest blockers
(CP-SAT only on a tie)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from generator.games.trading_paint.puzzles import blockers
from generator.games.trading_paint.puzzles.blockers import (
    _UNSURE,
    Choice,
    _cheapest,
    _cheapest_by_cp_sat,
    choose_blockers,
)
from generator.games.trading_paint.puzzles.generate import (
    MIN_MARGIN_DEN,
    MIN_MARGIN_NUM,
    READABLE,
    RULE_OF_FOUR,
    Request,
    _sampled,
    make_stop,
)
from generator.games.trading_paint.puzzles.scenes import stop_moments
from generator.games.trading_paint.puzzles.stopping import (
    ending_now,
    path_gain,
    reasoning,
    roll_floor,
    stop_or_roll,
    valuer,
)


def _moments(seed: int, n: int) -> list:
    rng = random.Random(seed)
    rng.shuffle(["bump", "draft", "finish", "square"])  # as generate() draws its goal kinds
    return [s for s in itertools.islice(_sampled(stop_moments(seed), rng), n) if not s.banked]


# --- the floor under rolling -----------------------------------------------------------------
def test_the_floor_is_never_above_the_roll_and_often_above_the_stop():
    decided = 0
    moments = _moments(1, 20)
    for s in moments:
        for reach in (int(path_gain(s)) + 3, 10):
            val = valuer(s, reach)
            floor = roll_floor(s, val)
            stop = ending_now(s, val)[0]
            ans = stop_or_roll(s, val=val)
            assert floor <= ans.roll and stop == ans.stop
            # the floor: each face's best immediate stop (an X: nothing), checked by hand
            decided += floor > stop
    assert (len(moments), decided) == (19, 22)


def _make_stop_the_long_way(scene, difficulty: str) -> bool:  # noqa: ANN001
    """make_stop's tests before the shortcuts (every moment searched in full)."""
    if scene.banked:
        return False
    rule = "roll" if len(scene.path) < RULE_OF_FOUR else "stop"
    quick = stop_or_roll(scene, reach=int(path_gain(scene)) + 3)
    if quick.choice == rule and (rule == "roll" or quick.margin * 2 >= 1):
        return False
    ans = stop_or_roll(scene)
    least = Fraction(MIN_MARGIN_NUM, MIN_MARGIN_DEN)
    if ans.margin < least or ans.choice == rule:
        return False
    if max(ans.stop.denominator, ans.roll.denominator) > READABLE:
        return False
    if reasoning(scene, ans) != difficulty:
        return False
    check = stop_or_roll(scene, reach=12)
    return check.choice == ans.choice and check.margin >= least


def test_stop_moments_kept_are_the_ones_the_long_way_keeps():
    req = Request("stop", "any", "medium", 1, 1)
    rng = random.Random(0)
    kept = 0
    for s in _moments(1, 60):
        made = make_stop(s, req, rng) is not None
        assert made == _make_stop_the_long_way(s, "medium")
        kept += made
    assert kept == 2


# --- the cheapest blockers -------------------------------------------------------------------
def _costs(squares, wreckable, preference):  # noqa: ANN001, ANN202
    top = max(preference.values(), default=0) + 2
    car = {s: 1000 * top + 2 * preference.get(s, top) + 1 for s in squares}
    wreck = {s: 1000 * top + 2 * preference.get(s, top) for s in wreckable}
    return car, wreck


def test_the_plain_search_finds_what_cp_sat_finds():
    rng = random.Random(5)
    same = unsure = infeasible = 0
    for _ in range(150):
        squares = rng.sample(range(100, 160), rng.randint(2, 12))
        clauses = [
            frozenset(rng.sample(squares, rng.randint(1, min(4, len(squares)))))
            for _ in range(rng.randint(1, 6))
        ]
        squares = sorted(set().union(*clauses))
        wreckable = {s: s % 3 for s in squares if rng.random() < 0.4}
        room = {r: rng.randint(0, 2) for r in set(wreckable.values())}
        preference = {s: rng.randrange(6) for s in squares}  # few values: many ties
        car, wreck = _costs(squares, wreckable, preference)
        args = (clauses, car, wreck, wreckable, rng.choice((0, 1, 2, 2, 3, 3)), room)
        plain = _cheapest(*args)
        by_cp_sat = _cheapest_by_cp_sat(*args)
        if plain is _UNSURE:
            unsure += 1
            continue
        assert plain == by_cp_sat
        same += 1
        infeasible += plain is None
    assert (same, unsure, infeasible) == (141, 9, 36)


def test_a_tie_goes_to_cp_sat(monkeypatch):
    # squares 1 and 2 are equally preferred: either car alone is cheapest
    clauses = [frozenset({1, 2})]
    car, wreck = _costs([1, 2], {}, {1: 0, 2: 0})
    assert _cheapest(clauses, car, wreck, {}, 1, {}) is _UNSURE
    asked = []
    real = blockers._cheapest_by_cp_sat
    monkeypatch.setattr(blockers, "_cheapest_by_cp_sat", lambda *a: asked.append(a) or real(*a))
    got = choose_blockers(
        clauses,
        car_squares=[1, 2],
        wreck_squares={},
        spare_cars=1,
        wreck_room={},
        preference={1: 0, 2: 0},
    )
    assert len(asked) == 1 and got in (Choice((1,), ()), Choice((2,), ()))
    # no tie: a wreck (no new bump) before a car, on the preferred square; CP-SAT not asked
    got = choose_blockers(
        [frozenset({1, 2}), frozenset({2, 3})],
        car_squares=[1, 2, 3],
        wreck_squares={1: 0, 3: 0},
        spare_cars=2,
        wreck_room={0: 1},
        preference={1: 5, 2: 9, 3: 4},
    )
    assert len(asked) == 1 and got == Choice((2,), ())


def _graded(monkeypatch, n: int) -> list[tuple]:
    """(state, faces, goal, solution, grade) of every grade the generator asks for while it
    makes n medium lay puzzles (seed 1)."""
    from generator.games.trading_paint.puzzles import generate as gen

    seen = []
    real = gen.grade

    def spy(state, faces, goal, sol):  # noqa: ANN001, ANN202
        g = real(state, faces, goal, sol)
        seen.append((state, faces, goal, sol, g))
        return g

    monkeypatch.setattr(gen, "grade", spy)
    gen.generate(Request("lay", "any", "medium", n, 1))
    return seen


def test_grading_near_the_goal_grades_as_every_step_does(monkeypatch):
    """grade() counts steps only near the goal first: the grade is the one every square's
    steps give, for every candidate the generator grades (and the shallow count is the deep
    one cut off)."""
    from generator.games.trading_paint.puzzles.grading import NEAR, _grade, distances

    seen = _graded(monkeypatch, 12)
    assert len(seen) > 200
    assert {g for *_, g in seen} == {"easy", "medium", "hard"}
    assert sum(g == "medium" for *_, g in seen) == 12
    for state, faces, goal, sol, g in seen:
        full = distances(state, goal)
        assert _grade(state, faces, sol, full, None) == g
        most = len(faces) + NEAR
        assert distances(state, goal, most=most) == {c: d for c, d in full.items() if d <= most}


def test_the_greedy_driver_values_placements_as_end_value_does():
    """placement_values (no position built per die) against the long way: each placement
    laid (rules.paths.lay_die) and every end of its path valued by end_value."""
    from generator.games.trading_paint.play.policies import (
        LOST,
        OFF_TRACK,
        end_value,
        make_policy,
        path_start_u,
        placement_values,
    )
    from generator.games.trading_paint.play.simulate import play_game
    from generator.games.trading_paint.rules.moves import occupancy, path_ends, placements
    from generator.games.trading_paint.rules.paths import lay_die
    from generator.games.trading_paint.rules.state import PLACE, Bump, Draft, Stop

    states: list = []
    for g in range(3):
        play_game(2, [make_policy("greedy")], 1000 + g, check=states.append)
    placing = [s for s in states if s.stage == PLACE]
    assert len(placing) > 300
    for s in placing:
        occ = occupancy(s)
        base = path_start_u(s)
        want = {}
        for p in placements(s, s.face, occ):
            trial = lay_die(s, p)
            ends = path_ends(trial, occ, p.square, [d for d, _ in p.exits], from_path=True)
            if not ends.on_track:
                want[(p.square, p.rotation)] = (OFF_TRACK if ends.offs else LOST, 0)
                continue
            moves = [Stop(q) for q in ends.stops] + [Bump(t) for t, _ in ends.bumps]
            moves += [Draft(t, land) for t, land, _ in ends.drafts]
            best = max(end_value(trial, m, occ, base) for m in moves)
            want[(p.square, p.rotation)] = (best, len(ends.stops))
        assert placement_values(s, occ) == want
