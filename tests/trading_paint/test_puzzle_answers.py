"""Trading Paint puzzles' printed answers: every answer racegen prints passes `check`, check's
words say what is really wrong, and every 'without this car' line of an answer key is a path
the engine finds with exactly that car (or wreck) taken off the board."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest

from generator.games.trading_paint.puzzles.answers import parse, replay
from generator.games.trading_paint.puzzles.generate import Request, generate
from generator.games.trading_paint.puzzles.goals import Goal
from generator.games.trading_paint.puzzles.lay import lay_solutions
from generator.games.trading_paint.puzzles.puzzle import Puzzle
from generator.games.trading_paint.puzzles.solving import check, solve
from generator.games.trading_paint.puzzles.stopping import one_die_values, reasoning, stop_or_roll
from generator.games.trading_paint.rules.moves import occupancy
from generator.games.trading_paint.rules.state import WAITING

from .helpers import c, park, position

SEEDS = (1, 2)
GOALS = ("bump", "draft", "finish", "square")
GRADES = ("easy", "medium", "hard")


@pytest.fixture(scope="module")
def printed():
    """Lay and fewest puzzles of every goal and grade, two seeds each (a fixed handful)."""
    out = []
    for kind in ("lay", "fewest"):
        for goal in GOALS:
            for grade in GRADES:
                for seed in SEEDS:
                    out += generate(Request(kind, goal, grade, 2, seed))
    return out


# --- every printed answer passes check ---------------------------------------------------------
def test_the_finish_answer_of_the_issue_passes_check():
    """Seed 1's first easy finish puzzle: the last 4 can stop across the line (13,10) or short
    of it (12,11); in a finish puzzle a bare 'stop' is the stop across the line."""
    p = generate(Request("lay", "finish", "easy", 3, 1))[0]
    assert p.solution["answer"] == "4@10,10/0 1@11,10/0 4@12,10/0 stop"
    v = check(p, "4@10,10/0 1@11,10/0 4@12,10/0 stop")
    assert v.right, v.message
    assert check(p, "4@10,10/0 1@11,10/0 4@12,10/0 stop 13,10").right
    v = check(p, "4@10,10/0 1@11,10/0 4@12,10/0 stop 12,11")
    assert v.message == "wrong: the path ends the wrong way: car 1 must finish"


def test_every_answer_the_file_and_solve_print_passes_check(printed):
    kinds = {(p.kind, p.goal.kind) for p in printed}
    assert kinds == {(k, g) for k in ("lay", "fewest") for g in GOALS}
    checked = 0
    for p in printed:
        answers = [p.solution["answer"], *solve(p).answers]
        for a in answers:
            v = check(p, a)
            assert v.right, (p.kind, p.goal, p.made_by, a, v.message)
            checked += 1
    assert checked >= 2 * len(printed)


def test_every_printed_stop_answer_passes_check():
    for p in generate(Request("stop", "any", "easy", 2, 4)):
        assert check(p, p.solution["answer"]).right
        assert check(p, solve(p).answers[0]).right


# --- check's words -------------------------------------------------------------------------------
@pytest.fixture
def bump_puzzle() -> Puzzle:
    # car 1 on 12,12; car 2 on 15,12: a 4 then a 1 reach it from behind
    s = position(park({1: (12, 12), 2: (15, 12)}))
    return Puzzle("lay", s, (4, 1), Goal("bump", car=2))


def test_an_extra_die_says_how_many_faces_were_rolled():
    # a 4 and a 6 end right behind car 2 on 15,12, so no die could follow them: the fault is
    # that there is no third die, not that there is no square to roll on for
    s = position(park({1: (12, 12), 2: (15, 12)}))
    p = Puzzle("lay", s, (4, 6), Goal("bump", car=2))
    assert check(p, "4@13,12/0 6@14,12/90 bump 15,12").right
    v = check(p, "4@13,12/0 6@14,12/90 6@15,12/90 bump 16,12")
    assert v.message == "wrong: die 3 (6@15,12/90): only 2 faces are rolled"
    p = Puzzle("lay", s, (4,), Goal("square", square=c(14, 12)))
    v = check(p, "4@13,12/0 1@14,12/0 stop 15,12")
    assert v.message == "wrong: die 2 (1@14,12/0): only 1 face is rolled"


def test_a_wrong_draft_landing_names_the_landings_open():
    s = position(park({1: (18, 13), 3: (21, 13)}))
    p = Puzzle("lay", s, (4,), Goal("draft", car=3))
    (sol,) = lay_solutions(s, (4,), p.goal)
    die = sol.way.dice[0]
    dice = f"4@{s.board.label(die[0])}/0"
    assert check(p, f"{dice} draft 21,13 21,12").right
    assert check(p, f"{dice} draft 21,13 22,13").right
    v = check(p, f"{dice} draft 21,13 21,14")
    assert v.message == (
        "wrong: draft 21,13 21,14: the draft of car 3 on 21,13 may land on 21,12 or 22,13, "
        "not on 21,14"
    )
    v = check(p, f"{dice} draft 20,12")
    assert v.message == "wrong: draft 20,12: no draft of a car on 20,12 is open here"


# --- 'without this car' lines are true -------------------------------------------------------------
_WITHOUT = re.compile(r"^Without (car (\d+)|the wreck) on (\d+),(\d+), (.*) would also (.*)\.$")


def without(state, square: int):
    """The position with the car (or wreck) on `square` taken off the board."""
    occ = occupancy(state)
    if square in occ:
        pos = list(state.pos)
        pos[occ[square]] = WAITING
        return replace(state, pos=tuple(pos))
    assert square in state.wrecks
    return replace(state, wrecks=state.wrecks - {square})


def test_the_issues_without_line_names_a_path_open_without_that_car_alone():
    p = generate(Request("lay", "square", "medium", 3, 1))[0]
    _check_without(p)


def test_every_without_line_is_a_path_the_engine_finds_with_that_car_removed(printed):
    lines = 0
    for p in printed:
        lines += _check_without(p)
    for seed in SEEDS:
        for grade in GRADES:
            for p in generate(Request("lay", "square", grade, 3, seed)):
                lines += _check_without(p)
    assert lines >= 5


def _check_without(p: Puzzle) -> int:
    m = _WITHOUT.match(p.solution.get("near_miss", ""))
    if m is None:
        return 0
    b = p.state.board
    square = b.cell(int(m.group(3)), int(m.group(4)))
    who = p.state.occupant(square)
    if m.group(2):
        assert who == int(m.group(2)) - 1, m.group(0)
    else:
        assert who < 0 and square in p.state.wrecks
    assert m.group(6) == p.goal.text(p.state, verb=True)
    open_ = without(p.state, square)
    tokens = parse(b, m.group(5))
    run = replay(open_, p.faces, tokens)  # the dice themselves are legal, in the order rolled
    assert not run.error and run.dice == len(p.faces), (m.group(0), run.error)
    named = tuple(t.square for t in tokens)
    sols = [s for s in lay_solutions(open_, p.faces, p.goal) if s.squares == named]
    assert sols, m.group(0)
    # and the car is what cuts it: with the car back, the rival is no solution
    assert all(s.squares != named for s in lay_solutions(p.state, p.faces, p.goal))
    assert square in named
    return 1


# --- stop puzzles graded by the reasoning they need ---------------------------------------------
# seed 21's old 'hard' puzzle 03: two dice laid up to the finish line, stopping finishes the car
FINISHING = {
    "format": "trading-paint-position/1",
    "players": 2,
    "to_play": 6,
    "caution": "after",
    "cars": [
        {"car": 1, "at": [0, 2]},
        {"car": 2, "at": [5, 11]},
        {"car": 3, "at": [12, 11]},
        {"car": 4, "at": [2, 6]},
        {"car": 5, "finished": 1},
        {"car": 6, "at": [10, 12]},
    ],
    "turn": {"stage": "path", "dice": 2, "path": [[11, 12, 6, 1], [12, 12, 6, 1]]},
}


def test_stopping_that_finishes_the_car_is_an_easy_call():
    from generator.games.trading_paint.rules.position import from_dict

    s = from_dict(FINISHING)
    ans = stop_or_roll(s)
    assert (ans.choice, ans.stop, ans.roll) == ("stop", Fraction(5, 2), Fraction(25, 12))
    # every face finishes the car too: worth what stopping is, and the X loses it
    assert [o.value for o in ans.faces] == [Fraction(5, 2)] * 4 + [0, Fraction(5, 2)]
    assert reasoning(s, ans) == "easy"  # its margin (5/12) once made it 'hard'


def test_one_die_ahead_values_each_face_by_where_it_can_end_at_once():
    from generator.games.trading_paint.rules.position import from_dict

    s = from_dict(FINISHING)
    assert one_die_values(s, stop_or_roll(s)) == (Fraction(5, 2),) * 4 + (0, Fraction(5, 2))


@pytest.fixture(scope="module")
def hard_stops():
    return generate(Request("stop", "any", "hard", 2, 4))


def test_hard_stop_puzzles_need_more_than_one_die_of_look_ahead(hard_stops):
    for p in hard_stops:
        ans = stop_or_roll(p.state)
        ones = one_die_values(p.state, ans)
        look = sum(ones, Fraction(0)) / 6
        # the one-die look (each face laid, the path ended at once) makes the other call ...
        assert (look > ans.stop) != (ans.choice == "roll") or look == ans.stop
        # ... because some face is worth more or less than where it can end at once
        assert any(o.value != v for o, v in zip(ans.faces, ones, strict=True))
        assert reasoning(p.state, ans) == p.grade == "hard"
        assert ans.margin >= Fraction(1, 4)
        assert check(p, ans.choice).right


def test_moments_a_step_apart_with_the_same_sums_are_one_puzzle():
    """Seed 21's old hard puzzles 03 and 05: two cars a row apart at the finish line, the
    same call on the same values; a set keeps only one of them."""
    from generator.games.trading_paint.puzzles.generate import likeness
    from generator.games.trading_paint.puzzles.keys import stop_answer
    from generator.games.trading_paint.rules.position import from_dict

    other = dict(FINISHING, to_play=4)
    other["cars"] = [
        {"car": 1, "at": [3, 14]},
        {"car": 2, "at": [10, 11]},
        {"car": 3, "at": [0, 1]},
        {"car": 4, "at": [10, 12]},
        {"car": 5, "at": [2, 3]},
        {"car": 6, "at": [3, 3]},
    ]
    other["turn"] = {
        "stage": "path",
        "dice": 3,
        "path": [[11, 12, 4, 0], [12, 12, 3, 0], [12, 13, 3, 0]],
    }
    pair = []
    for data in (FINISHING, other):
        s = from_dict(data)
        p = Puzzle("stop", s)
        p.solution = stop_answer(s, stop_or_roll(s))
        pair.append(p)
    assert pair[0].state.pos != pair[1].state.pos
    assert likeness(pair[0]) == likeness(pair[1])


def test_no_two_stop_puzzles_of_a_set_pose_the_same_sums(hard_stops):
    sums = [
        (p.solution["stop"], p.solution["roll"], sorted(f["value"] for f in p.solution["faces"]))
        for p in hard_stops
    ]
    assert len(sums) == 2 and sums[0] != sums[1]
