"""The expectimax driver makes the decisions an exact calculation says are best.

The calculations here go through the rules engine (rules.apply on every face and placement)
and the racing-line table, not through the policy's own search, so the two are independent
ways to the same numbers. No win-rate test: those are measured by the simulator (see
docs/rules/trading-paint.md, policies) and would be slow and noisy here.
"""

from __future__ import annotations

import random

import pytest

from generator.games.trading_paint.play.policies import Expectimax, Greedy
from generator.games.trading_paint.play.racecraft import TURN, Judge
from generator.games.trading_paint.play.racing_line import lap_squares, squares_to_line, to_go
from generator.games.trading_paint.rules.board import TRACK
from generator.games.trading_paint.rules.moves import occupancy
from generator.games.trading_paint.rules.state import PATH, Bump, Face, Roll, State, Stop
from generator.games.trading_paint.rules.turn import X, apply, legal_moves, stuck

from .helpers import B, c, park, position

RNG = random.Random(0)


def squares_left(state: State, car: int) -> int:
    p = state.pos[car]
    sq = state.entry[car] if state.entry[car] >= 0 else p
    return to_go(B, sq, state.progress(car))


def sixes(state: State, n: int) -> State:
    """Roll and lay n sixes straight ahead (a 6 on a straight has one placement)."""
    for k in range(n):
        if k:
            state = apply(state, Roll())
        state = apply(state, Face(6))
        (place,) = legal_moves(state)
        state = apply(state, place)
    assert state.stage == PATH
    return state


def best_stop_gain(state: State, start: int) -> int:
    return max(
        start - squares_left(apply(state, m), 0) for m in legal_moves(state) if isinstance(m, Stop)
    )


def roll_once_then_stop(state: State, start: int) -> float:
    """Exact: roll one die (the X loses the path), place it the best way, stop the best way."""
    total = 0.0
    for face in range(1, 7):
        rolled = apply(apply(state, Roll()), Face(face))
        if face == X or rolled.stage != 1:
            total += 0.0  # the car stays where its path began
            continue
        total += max(best_stop_gain(apply(rolled, m), start) for m in legal_moves(rolled))
    return total / 6


def test_racing_line_counts_squares_not_progress():
    d = squares_to_line(B)
    assert lap_squares(B) == 41  # the inside line: 2 x 14 straight, 2 x 4 ends, 4 corners of 2
    assert d[c(12, 10)] == 1 and d[c(12, 15)] == 1  # start squares: one step over the line
    assert d[c(6, 10)] == 7 and d[c(5, 10)] == 8 and d[c(5, 9)] == 9  # round the corner in 2
    assert d[c(5, 15)] == 8  # the outside lane needs side steps to cut the corner
    # Every step a path may take gains at most one square, and from every square some step
    # gains exactly one (a breadth-first table).
    for q, k in enumerate(B.kind):
        if k != TRACK:
            continue
        steps = [q + B.offsets[e] for e in range(4) if B.allowed[q] >> e & 1]
        nxt = [d[n] for n in steps if B.kind[n] == TRACK and abs(B.station[q] - B.station[n]) < 30]
        if d[q] > 1:
            assert min(nxt) == d[q] - 1 and all(v >= d[q] - 1 for v in nxt)


@pytest.mark.parametrize("laid", [1, 2, 3, 4, 5])
def test_stop_or_roll_is_the_exact_better_one(laid):
    """On an open straight, with `laid` sixes down, expectimax:1 rolls exactly when rolling
    once more (1/6 X: the path is lost) is worth more than the best stop now."""
    state = position(park({1: (13, 12)}))
    start = squares_left(state, 0)
    state = sixes(state, laid)
    stop_now = best_stop_gain(state, start)
    roll = roll_once_then_stop(state, start)
    values = Expectimax(1).values(state, legal_moves(state))
    assert values[Roll()] == pytest.approx(roll)
    assert max(v for m, v in values.items() if isinstance(m, Stop)) == pytest.approx(stop_now)
    choice = Expectimax(1).choose(state, legal_moves(state), RNG)
    assert isinstance(choice, Roll) == (roll > stop_now)
    # The threshold the arithmetic gives: each die gains a square (4/5 straight on, the rest
    # a side step inwards), so rolling pays while the path is worth less than 5 squares.
    assert (roll > stop_now) == (laid + 1 < 5)


def test_bump_value_is_the_squares_both_cars_move():
    """Car 1 (team A) can bump car 2 (team B) one square ahead of its die: the judge's value of
    the bump is what the engine does to both cars on the racing line, plus the bank."""
    state = position(park({1: (13, 12), 2: (15, 12)}))
    state = apply(apply(state, Face(6)), legal_moves(apply(state, Face(6)))[0])
    moves = legal_moves(state)
    assert Bump(c(15, 12)) in moves
    judge = Judge(state)
    after = apply(state, Bump(c(15, 12)))
    gained = squares_left(state, 0) - squares_left(after, 0)
    pushed = squares_left(after, 1) - squares_left(state, 1)
    assert (gained, pushed) == (2, 1)  # onto car 2's square; car 2 back onto the die
    v = Expectimax(2).values(state, moves)
    bank = judge.positional(after.pos[0], occupancy(after))
    assert bank == pytest.approx(TURN)  # staying would block car 2, now right behind
    assert v[Bump(c(15, 12))] == pytest.approx(gained + pushed + max(2.0 + bank / 6, bank))
    assert Expectimax(2).choose(state, moves, RNG) == Bump(c(15, 12))


def test_stops_in_front_of_an_opponent_to_block_it():
    """Two stops gain the same squares on the racing line; one is the square in front of an
    opponent's car, which then has nowhere for its first die (the engine agrees: stuck).
    Expectimax takes it; greedy (progress only) does not care."""
    # Car 1 at (13,12); a 1 laid on (14,12) may exit north to (14,11), east to (15,12) or
    # south to (14,13). Car 2 (team B) stands on (13,11), so (14,11) is its only square ahead.
    state = position(park({1: (13, 12), 2: (13, 11)}))
    state = apply(state, Face(1))
    state = apply(state, legal_moves(state)[0])
    start = squares_left(state, 0)
    stops = [m for m in legal_moves(state) if isinstance(m, Stop)]
    gains = {m.square: start - squares_left(apply(state, m), 0) for m in stops}
    assert gains[c(14, 11)] == gains[c(15, 12)] == 2  # inwards is as good as straight on
    blocking = apply(state, Stop(c(14, 11)))
    assert stuck(blocking, 1, occupancy(blocking))
    assert not stuck(apply(state, Stop(c(15, 12))), 1, occupancy(state))
    values = Expectimax(2).values(state, legal_moves(state))
    assert values[Stop(c(14, 11))] - values[Stop(c(15, 12))] == pytest.approx(TURN)
    assert Expectimax(2).choose(state, legal_moves(state), RNG) == Stop(c(14, 11))
    assert Greedy().choose(state, legal_moves(state), RNG) != Stop(c(14, 11))


def test_does_not_stop_behind_a_car():
    """A stop on the square behind a car costs the next turn unless that car moves on
    (P_STAY): of two stops equal on the racing line, expectimax takes the free one."""
    state = position(park({1: (13, 12), 3: (16, 12)}))  # car 3 is a team-mate
    state = apply(state, Face(1))
    state = apply(state, legal_moves(state)[0])
    values = Expectimax(1).values(state, legal_moves(state))
    assert values[Stop(c(15, 12))] < values[Stop(c(14, 11))]
    assert Expectimax(1).choose(state, legal_moves(state), RNG) != Stop(c(15, 12))
