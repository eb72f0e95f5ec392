"""Trading Paint puzzles: two independent proofs of uniqueness agree, generated puzzles are
re-solved, graded and tagged as stored, and the solution rules (either way up, a draft's
landings, stops beyond the finish line) hold on fixed positions."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from generator.games.trading_paint.puzzles.cpsat import lay_model
from generator.games.trading_paint.puzzles.fewest import fewest_routes
from generator.games.trading_paint.puzzles.generate import (
    READABLE,
    Request,
    candidate_goals,
    generate,
)
from generator.games.trading_paint.puzzles.goals import Goal
from generator.games.trading_paint.puzzles.grading import DICE, grade, rule_tags
from generator.games.trading_paint.puzzles.lay import complete_ways, lay_solutions, solutions_of
from generator.games.trading_paint.puzzles.puzzle import PATH_FACES, Puzzle, puzzle_from
from generator.games.trading_paint.puzzles.scenes import turn_starts
from generator.games.trading_paint.puzzles.solving import check, solve
from generator.games.trading_paint.puzzles.stopping import (
    Valuer,
    progress,
    reasoning,
    stop_or_roll,
)
from generator.games.trading_paint.rules.paths import placement_ways
from generator.games.trading_paint.rules.state import Draft, Place, Roll, Stop
from generator.games.trading_paint.rules.turn import apply_legal, legal_moves

from .helpers import c, park, position, roll


# --- two proofs --------------------------------------------------------------------------------
def test_engine_and_cpsat_find_the_same_solutions_on_scenes_from_play():
    """The engine's enumeration and the CP-SAT model, written apart, list the same solutions
    for every goal the dice reach, on 60 positions from seeded races."""
    rng = random.Random(7)
    compared = 0
    for scene in itertools.islice(turn_starts(5), 0, 600, 10):
        faces = tuple(rng.choice(PATH_FACES) for _ in range(rng.randint(2, 4)))
        q = placement_ways(scene, faces)
        goals = candidate_goals(q, ["bump", "draft", "finish", "square"])
        for goal in goals[:3]:
            engine = {(s.squares, s.key) for s in solutions_of(q, goal)}
            model = lay_model(scene, faces, goal, limit=200)
            assert model.complete, model.status
            assert set(model.solutions) == engine, (faces, goal)
            compared += 1
    assert compared >= 60


@pytest.mark.parametrize(
    ("cars", "faces"),
    [
        # issue 28 point 11: the backward re-entry die leads west (and the 4 on from there)
        ({1: {"wall": [26, 14], "from": [25, 14]}, 2: (25, 14)}, (1,)),
        ({1: {"wall": [26, 14], "from": [25, 14]}, 2: (25, 14)}, (1, 4)),
        ({1: {"pit": [15, 9], "from": [15, 10]}, 2: (15, 10), 4: (12, 10)}, (4, 1)),
        # issue 28 point 10: the bump and the draft line round the corner of lane 4
        ({1: (19, 13), 3: (22, 13), 5: (23, 13), 6: (23, 12)}, (6, 1)),
        ({1: (20, 13), 3: (22, 13), 5: (23, 13), 6: (23, 12)}, (4,)),
    ],
)
def test_engine_and_cpsat_agree_on_the_readings_of_issue_28(cars, faces):
    """The CP-SAT model builds its own paths from the board's tables: it must let the first
    die of a backward re-entry lead backward (only to a stop or the next die) as the engine
    does, and both read where cars end from the one line (moves.bump_result)."""
    s = position(park(cars))
    q = placement_ways(s, faces)
    goals = candidate_goals(q, ["bump", "draft", "finish", "square"])
    assert goals
    for goal in goals:
        engine = {(sol.squares, sol.key) for sol in solutions_of(q, goal)}
        model = lay_model(s, faces, goal, limit=200)
        assert model.complete and set(model.solutions) == engine, (faces, goal)


def test_cpsat_proves_a_goal_nobody_reaches_unreachable():
    s = position(park({1: (13, 12)}))
    assert lay_solutions(s, (6, 6), Goal("square", square=c(13, 10))) == []
    answer = lay_model(s, (6, 6), Goal("square", square=c(13, 10)))
    assert answer.complete and answer.solutions == ()


# --- what one solution is ----------------------------------------------------------------------
def test_a_two_lies_either_way_up():
    s = position(park({1: (14, 13)}))
    (sol,) = lay_solutions(s, (2,), Goal("square", square=c(16, 13)))
    assert sol.squares == (c(15, 13),)
    assert sol.rotations(0) == (0, 1)  # the 2 turned a quarter looks different, acts the same
    (sol,) = lay_solutions(s, (6,), Goal("square", square=c(16, 13)))
    assert sol.rotations(0) == (1,)  # a 6 lies one way only: across the lane


def test_a_drafts_landing_is_the_players_choice_not_a_second_solution():
    s = position(park({1: (18, 13), 3: (21, 13)}))
    (sol,) = lay_solutions(s, (4,), Goal("draft", car=3))
    assert {e.square for e in sol.endings()} == {c(21, 12), c(22, 13)}
    model = lay_model(s, (4,), Goal("draft", car=3), limit=5)
    assert model.complete and len(model.solutions) == 1


def test_stops_beyond_the_finish_line_are_one_solution():
    s = position(park({1: (12, 11)}), caution="after")
    (sol,) = lay_solutions(s, (1,), Goal("finish"))
    assert {e.square for e in sol.endings()} == {c(13, 10), c(13, 12), c(14, 11)}
    # the square goal tells them apart: a finished car is on no square
    assert lay_solutions(s, (1,), Goal("square", square=c(14, 11))) == []


# --- checking answers --------------------------------------------------------------------------
@pytest.fixture
def bump_puzzle() -> Puzzle:
    # car 1 on 12,12; car 2 two squares ahead on 15,12: a 4 then a 1 reach it from behind
    s = position(park({1: (12, 12), 2: (15, 12)}))
    return Puzzle("lay", s, (4, 1), Goal("bump", car=2))


def test_check_right_answer(bump_puzzle):
    (sol,) = lay_solutions(bump_puzzle.state, (4, 1), Goal("bump", car=2))
    assert sol.squares == (c(13, 12), c(14, 12))
    v = check(bump_puzzle, "4@13,12/0 1@14,12/0 bump 15,12")
    assert v.right and v.message == "right: car 1 bumps car 2"
    assert check(bump_puzzle, "4@13,12/90, 1@14,12/270 -> bump 15,12").right  # any look of a 4


def test_check_names_the_first_wrong_die_and_why(bump_puzzle):
    v = check(bump_puzzle, "4@13,12/0 1@13,11/0 stop 14,11")
    assert not v.right
    assert v.message == (
        "wrong: die 2 (1@13,11/0): from there no way of ending the path makes car 1 bump car 2"
    )
    v = check(bump_puzzle, "4@13,12/0 1@15,12/0 bump 16,12")
    assert v.message == (
        "wrong: die 2 (1@15,12/0): 15,12 is not a square the path can go on now "
        "(it can: 14,12 13,11 13,13)"
    )
    v = check(bump_puzzle, "1@13,12/0 4@14,12/0 bump 15,12")
    assert v.message == "wrong: die 1 (1@13,12/0): roll 1 is a 4, not a 1"
    v = check(bump_puzzle, "4@13,12/0 1@14,12/0 stop 14,11")
    assert v.message == "wrong: the path ends the wrong way: car 1 must bump car 2"
    v = check(bump_puzzle, "4@13,12/0")
    assert v.message == "wrong: only 1 of the 2 dice are laid"


def test_a_three_turned_the_wrong_way_is_the_wrong_die():
    s = position(park({1: (12, 12)}))
    p = Puzzle("lay", s, (3, 1), Goal("square", square=c(14, 11)))
    (sol,) = lay_solutions(s, p.faces, p.goal)
    first = sol.way.dice[0]
    assert sol.squares == (c(13, 12), c(13, 11))
    assert check(p, f"3@13,12/{first[2] * 90} 1@13,11/0 stop 14,11").right
    wrong = (first[2] + 1) % 4  # the 3 turned a quarter: it turns the path south, not north
    v = check(p, f"3@13,12/{wrong * 90} 1@13,11/0 stop 14,11")
    assert v.message == (
        f"wrong: die 1 (3@13,12/{wrong * 90}): from there no way of laying the rest (1) makes "
        "car 1 end on the starred square 14,11"
    )


# --- generated puzzles -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def lay_puzzles():
    out = []
    for d, seed in (("easy", 11), ("medium", 12), ("hard", 13)):
        out += generate(Request("lay", "any", d, 3, seed))
    return out


def test_generated_lay_puzzles_have_one_solution_by_both_proofs(lay_puzzles):
    for p in lay_puzzles:
        sols = lay_solutions(p.state, p.faces, p.goal)
        assert len(sols) == 1
        assert solve(p).solutions == 1
        model = lay_model(p.state, p.faces, p.goal, limit=5)
        assert model.complete and list(model.solutions) == [(sols[0].squares, sols[0].key)]
        assert check(p, p.solution["answer"]).right


def test_generated_lay_puzzles_are_graded_and_tagged_as_stored(lay_puzzles):
    for p in lay_puzzles:
        lo, hi = DICE[p.grade]
        assert lo <= len(p.faces) <= hi
        (sol,) = lay_solutions(p.state, p.faces, p.goal)
        assert grade(p.state, p.faces, p.goal, sol) == p.grade
        q = placement_ways(p.state, p.faces)
        assert list(p.tags) == rule_tags(p.state, p.goal, sol, q.ways)
        # no corridor: at least three different complete paths on the board
        assert len({tuple(x for x, _, _ in w.dice) for w in complete_ways(q)}) >= 3
    assert {p.grade for p in lay_puzzles} == {"easy", "medium", "hard"}


def test_generated_puzzles_round_trip_through_their_files(lay_puzzles):
    import json

    for p in lay_puzzles:
        data = json.loads(p.dumps())
        assert data["format"] == "trading-paint-puzzle/1"
        assert {"kind", "goal", "position", "faces", "grade", "tags", "solution", "made_by"} <= set(
            data
        )
        assert data["made_by"]["proofs"] == ["engine", "cp-sat"]
        back = puzzle_from(data, "test")
        assert back.state == p.state and back.faces == p.faces and back.goal == p.goal


def test_the_window_shows_every_square_the_dice_can_reach(lay_puzzles):
    for p in lay_puzzles:
        b = p.state.board
        x0, y0, x1, y1 = p.window
        for w in placement_ways(p.state, p.faces).ways:
            for cell in [d[0] for d in w.dice] + [e.square for e in w.endings]:
                x, y = b.xy(cell)
                assert x0 <= x <= x1 and y0 <= y <= y1


def test_same_seed_same_puzzles():
    a = [p.dumps() for p in generate(Request("lay", "bump", "medium", 2, 21))]
    b = [p.dumps() for p in generate(Request("lay", "bump", "medium", 2, 21))]
    assert a == b


@pytest.mark.parametrize("goal", ["bump", "draft", "finish", "square"])
def test_each_goal_kind_is_made(goal):
    (p,) = generate(Request("lay", goal, "easy", 1, 3))
    assert p.goal.kind == goal
    assert solve(p).solutions == 1


def test_fewest_puzzles_need_exactly_the_dice_stored():
    for p in generate(Request("fewest", "any", "medium", 2, 4)):
        k, routes = fewest_routes(p.state, p.faces, p.goal, limit=10)
        assert k == p.solution["dice_needed"] and len(routes) == 1
        assert DICE["medium"][0] <= k <= DICE["medium"][1]
        # no single path of fewer dice reaches the goal (engine and CP-SAT)
        for j in range(1, k):
            assert lay_solutions(p.state, p.faces[:j], p.goal) == []
            assert lay_model(p.state, p.faces[:j], p.goal).solutions == ()
        assert check(p, p.solution["answer"]).right


def test_stop_puzzles_are_close_calls_that_the_rule_of_four_gets_wrong():
    # seed 4's first easy puzzle: a path of three squares; the rule of four says roll, and
    # stopping is worth more than any face (tests/trading_paint/test_puzzle_answers.py has the
    # grades by reasoning)
    (p,) = generate(Request("stop", "any", "easy", 1, 4))
    ans = stop_or_roll(p.state)
    n = len(p.state.path)
    assert ans.choice != ("roll" if n < 4 else "stop")
    assert ans.margin >= Fraction(1, 4) and reasoning(p.state, ans) == p.grade == "easy"
    assert ans.choice == "stop" and max(o.value for o in ans.faces) <= ans.stop
    assert max(ans.stop.denominator, ans.roll.denominator) <= READABLE
    # paths up to 12 squares long instead of 10 change neither the choice nor the margin's floor
    longer = stop_or_roll(p.state, reach=12)
    assert longer.choice == ans.choice and longer.margin >= Fraction(1, 4)
    assert sum(o.value for o in ans.faces) / 6 == ans.roll
    assert p.solution["answer"] == ans.choice and p.solution["roll"] == str(ans.roll)
    assert (
        check(p, ans.choice).right
        and not check(p, "stop" if ans.choice == "roll" else "roll").right
    )


# --- stop or roll, exactly -----------------------------------------------------------------------
def _plain(s, car: int, reach: int, start_dice: int, origin: float) -> Fraction:
    """The same expectimax written plainly: no memo, every position searched again."""
    from generator.games.trading_paint.rules.state import ROLL, SPUN, Caution
    from generator.games.trading_paint.rules.turn import chance_outcomes, is_chance

    def again(t):  # noqa: ANN001, ANN202
        return _plain(t, car, reach, start_dice, origin)

    if s.over or s.car != car or (s.stage == ROLL and s.dice == 0 and start_dice > 0):
        return progress(s, car)
    if is_chance(s):
        return sum(p * again(apply_legal(s, f)) for f, p in chance_outcomes(s))
    if s.stage == SPUN:
        return again(apply_legal(s, Caution(False)))
    b = s.board
    if s.path:
        ahead = b.station[s.path[-1][0]] + s.path_lap * b.lap_length - origin
    else:
        ahead = float(progress(s, car)) - origin
    moves = [m for m in legal_moves(s) if not (isinstance(m, Roll) and ahead >= reach)]
    return max(again(apply_legal(s, m)) for m in moves)


def test_the_memoised_valuer_equals_a_plain_search():
    """Valuer memoises by position (the X and stops valued without building the next one);
    a plain search without either gives the same exact values, with a car to bump ahead."""
    s = position(park({1: (8, 12), 2: (11, 12)}))
    s = apply_legal(roll(s, 4), Place(c(9, 12), 0))
    origin = float(progress(s, 0))
    val = Valuer(0, 1, reach=2, origin=origin)
    for m in legal_moves(s):
        after = apply_legal(s, m)
        assert val.value(after) == _plain(after, 0, 2, 1, origin)


def test_one_more_die_on_an_open_straight_by_hand():
    """A path that may gain 2 squares, one die laid: rolling is worth the average over the six
    faces of the best stop after the next die, counted from the placement query (a 3 turns
    the path aside, 1 square gained: it may roll once more, valued the same way)."""
    s = position(park({1: (8, 12)}))
    s = apply_legal(roll(s, 4), Place(c(9, 12), 0))
    origin = float(progress(s, 0))
    got = Valuer(0, 1, reach=2, origin=origin).value(apply_legal(s, Roll())) - progress(s, 0)
    # 1, 2, 4 and the 6 (along the lane) run on: the best stop gains 3; the 3 turns: a stop
    # gains 2, or roll on from 1 square gained; the X loses the path
    assert got == _plain(apply_legal(s, Roll()), 0, 2, 1, origin) - progress(s, 0)
    assert Fraction(12, 6) < got < Fraction(15, 6)


def test_ending_now_takes_the_best_of_stop_bump_and_draft():
    s = position(park({1: (8, 12), 3: (11, 12)}))
    s = apply_legal(roll(s, 4), Place(c(9, 12), 0))
    ends = [m for m in legal_moves(s) if isinstance(m, (Stop, Draft))]
    assert Draft(c(11, 12), c(12, 12)) in ends
    ans = stop_or_roll(s)
    assert ans.stop_move == Draft(c(11, 12), c(12, 12))  # the draft beats every stop
