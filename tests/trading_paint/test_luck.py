"""The exact press-your-luck table, checked against a closed form and against the rules engine."""

from __future__ import annotations

from fractions import Fraction

from generator.games.trading_paint.rules.board import build_board
from generator.games.trading_paint.rules.setup import initial_state
from generator.games.trading_paint.rules.state import PATH, Face, Roll, Stop, evolve
from generator.games.trading_paint.rules.turn import X, apply, legal_moves
from generator.games.trading_paint.strategy.luck import (
    best_dice,
    expected_squares,
    luck_table,
    p_no_spin,
)


def test_closed_form():
    """Every die offers a forward exit with chance 4/5 whichever way it was entered (1, 2, 4
    always; 6 only straight on; 3 only when entered from the side), so with no X the gain is
    1 + 4n/5, and the expectation is that times (5/6)^n."""
    for row in luck_table(10):
        n = row.dice
        assert row.p_no_spin == Fraction(5, 6) ** n
        assert row.expected_if_no_spin == 1 + Fraction(4 * n, 5)
        assert row.expected_squares == Fraction(5, 6) ** n * (1 + Fraction(4 * n, 5))


def test_known_values_and_best_rule():
    assert expected_squares(1) == Fraction(3, 2)  # 5/6 x (2 for 1, 2, 4, 6; 1 for a 3)
    assert p_no_spin(2) == Fraction(25, 36)
    assert best_dice(luck_table(10)) == 4
    assert float(luck_table(10)[3].expected_squares) == float(Fraction(875, 432))


WIDE = build_board(
    {
        "name": "wide-test",
        "outer": [54, 30],
        "pit": [30, 6],
        "finish_column": 40,
        "start_column": 39,
    }
)


def _engine_value(state, left, start):
    """Expectimax over the real move generator: roll `left` more dice, then the best stop."""
    total = Fraction(0)
    for face in range(1, 7):
        if face == X:
            continue
        rolled = apply(state, Face(face))
        best = None
        for m in legal_moves(rolled):
            after = apply(rolled, m)
            v = _after_place(after, left - 1, start)
            best = v if best is None or v > best else best
        total += Fraction(1, 6) * (best if best is not None else 0)
    return total


def _after_place(state, left, start):
    if state.stage != PATH:
        return Fraction(0)
    if left == 0:
        gains = [
            Fraction(WIDE.station[m.square]) - start
            for m in legal_moves(state)
            if isinstance(m, Stop)
        ]
        return max(gains) if gains else Fraction(0)
    if Roll() not in legal_moves(state):
        return Fraction(0)
    return _engine_value(apply(state, Roll()), left, start)


def test_engine_agrees_on_a_wide_straight():
    s = initial_state(2, board=WIDE)
    car = WIDE.cell(16, 23)  # lane 6 of 12, far from the turns
    far = [WIDE.cell(x, 2) for x in (20, 21, 22, 23, 24)]
    s = evolve(s, pos=(car, *far), lap=(0,) * 6)
    start = Fraction(WIDE.station[car])
    for n in (1, 2, 3):
        assert _engine_value(s, n, start) == expected_squares(n)
