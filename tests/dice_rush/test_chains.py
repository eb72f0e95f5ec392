"""The exact analysis against hand computation, an independent exact solve and the engine."""

from __future__ import annotations

import random
from fractions import Fraction

from generator.games.dice_rush.odds import chains
from generator.games.dice_rush.rules import game
from generator.games.dice_rush.rules.board import default_board, parse_text

from .helpers import gauss_jordan

TINY = parse_text("S1 F2\nF1 S2", "tiny")
# 3 x 3, not symmetric: player 1 starts next to both finishes
SMALL = parse_text("S1 +1 F2\n-2 F1 .\n. +3 S2", "small")


def test_tiny_board_by_hand():
    # from a corner: right is F2 (lose), down is F1 (win), down-right the other corner; from
    # there the same three chances: P(win on turn n) = (1/3)^n, total 1/2, mean 3/2 turns
    s = chains.solo(TINY, 0, turns=5)
    assert s.win == [Fraction(1, 3**n) for n in range(1, 6)]
    assert s.lose == s.win
    assert (s.total_win, s.mean_turns) == (Fraction(1, 2), Fraction(3, 2))


def test_default_board_first_turn_by_hand():
    b = default_board()
    s = chains.solo(b, 0, turns=6)
    # from S1 (8, 3): five legal faces; only "up 4" lands on F1; nothing reaches F2 at once
    assert s.win[0] == Fraction(1, 30) and s.lose[0] == 0
    assert s.total_win + s.total_lose == 1
    assert chains.solo(b, 1, turns=6).win == chains.solo(b, 0, turns=6).win  # symmetric board


def test_expected_points_by_hand():
    pts = chains.expected_points(SMALL)
    # from (0, 0): right 1 -> +1, right 2+ -> F2; down 1 -> -2, down 2+ -> (2, 0);
    # down-right 1 -> F1, 2+ -> S2: (1 - 2) / 18
    assert pts[(0, 0)] == Fraction(-1, 18)
    # from (1, 2): up -> F2, down -> S2, down-left -> +3, left 1 -> F1, left 2+ -> -2,
    # up-left -> +1: (3 - 10/6 + 1) / 5
    assert pts[(1, 2)] == Fraction(7, 15)
    assert set(pts) == {p for p in SMALL.spaces() if p not in SMALL.finishes}


def _exact_race(board, first):
    """P(player 1 wins) by Gauss-Jordan over Fractions on the race table (no iteration)."""
    table = chains.race_table(board)
    keys = list(table)
    ix = {k: i for i, k in enumerate(keys)}
    n = len(keys)
    rows = []
    for k in keys:
        row = [Fraction(0)] * (n + 1)
        row[ix[k]] += 1
        for p, nxt in table[k]:
            if nxt[0] == "end":
                row[n] += p if nxt[1] == 0 else 0
            else:
                row[ix[nxt]] -= p
        rows.append(row)
    gauss_jordan(rows, n)
    a, b = board.starts
    return rows[ix[(a, b, first)]][n]


def test_turns_race_iteration_matches_exact_solve():
    for first, r in enumerate(chains.race(SMALL, "turns")):
        exact = _exact_race(SMALL, first)
        assert abs(r.win[0] - float(exact)) < 1e-9
        assert r.error_bound < 1e-9
    assert (
        abs(chains.race(TINY, "turns")[0].win[0] - 0.5) < 1e-9
    )  # the 2 x 2 race by hand: 1/2 each


def test_turns_race_matches_the_engine_by_simulation():
    # the engine (dice from random.Random) against the chain: 4000 games on SMALL, each
    # first player; a difference above 4 standard errors (about 0.032) fails
    exact = chains.race(SMALL, "turns")
    rng = random.Random(2026)
    for first in (0, 1):
        wins = 0
        n = 4000
        for _ in range(n):
            s = game.start(SMALL, first)
            while s.winner is None:
                s = game.play_turn(SMALL, s, rng)
            wins += s.winner == 0
        p = exact[first].win[0]
        assert abs(wins / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_turns_default_board_race_is_fair_up_to_the_first_move():
    r0, r1 = chains.race(default_board(), "turns")
    assert abs(r0.win[0] - r1.win[1]) < 1e-9  # the half turn swaps the players exactly
    assert 0.5 < r0.win[0] < 0.502  # rolling first is worth about 0.06 percentage points
    # and the engine agrees: 1000 seeded games (standard error about 0.016)
    rng = random.Random(7)
    results = [game.play_game(default_board(), rng, order="turns") for _ in range(1000)]
    first_wins = sum(r.winner == r.first for r in results) / len(results)
    assert abs(first_wins - r0.win[0]) < 4 * (0.25 / len(results)) ** 0.5
