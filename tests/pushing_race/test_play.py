"""Policies and simulation: an exact chance (Fractions over die faces and the random policy's
uniform choice) against the seeded simulation loop; greedy takes a win; seeded summaries."""

from __future__ import annotations

import random
from fractions import Fraction

from generator.games.pushing_race.play.play import (
    greedy_policy,
    play_game,
    progress,
    random_policy,
    roll,
    simulate,
)
from generator.games.pushing_race.rules.moves import FACES, moves_or_pass
from generator.games.pushing_race.rules.position import parse_position

# A's last piece on a8, B on a9 and b8. A wins this turn with: TIP (a8 +2 pushes B then
# finishes; a8 +1 only pushes B off), AIM (two spaces), HOP (a8^a9->a10), WILD.
NEAR = "players=2 turn=A finished=A4 a8=A a9=B b8=B"


def exact_win_chance(text: str) -> Fraction:
    p = parse_position(text)
    total = Fraction(0)
    for face in FACES:
        moves = moves_or_pass(p, face)
        wins = sum(m.after.winner == p.turn for m in moves)
        total += Fraction(1, 6) * Fraction(wins, len(moves))
    return total


def test_exact_chance_by_hand():
    p = parse_position(NEAR)
    # TIP: a8 +2 wins; a8 +1 (the only piece: no second) is not an option (D9): 1 of 1.
    assert [m.text for m in moves_or_pass(p, "TIP")] == ["TIP a8 +2"]
    # AIM: a8->c10 and a8->b10 both finish: one position (D12): 1 of 1.
    assert [m.text for m in moves_or_pass(p, "AIM")] == ["AIM a8->c10"]
    # HOP over a9 (wins) or diagonally over b8? b8 is on A's row, not in front: 1 of 1.
    assert [m.text for m in moves_or_pass(p, "HOP")] == ["HOP a8^a9->a10"]
    # SWAP: a8 with a9 or b8 (no win); DIG: back. WILD: two winning positions among its
    # distinct moves: TIP's (B's a9 pushed over too) and AIM's = HOP's (B's a9 stays).
    wild = moves_or_pass(p, "WILD")
    assert [m.text for m in wild if m.after.winner == 0] == ["TIP a8 +2", "AIM a8->c10"]
    expected = Fraction(1, 6) * (3 + Fraction(2, len(wild)))
    assert exact_win_chance(NEAR) == expected


def test_simulated_chance_matches_the_exact_one():
    p = parse_position(NEAR)
    rng = random.Random(11)
    n = 6000
    wins = 0
    for _ in range(n):
        moves = moves_or_pass(p, roll(rng))
        wins += random_policy(p, moves, rng).after.winner == 0
    exact = float(exact_win_chance(NEAR))
    sigma = (exact * (1 - exact) / n) ** 0.5
    assert abs(wins / n - exact) < 4 * sigma


def test_greedy_takes_a_win_and_otherwise_leads():
    p = parse_position(NEAR)
    rng = random.Random(1)
    assert greedy_policy(p, moves_or_pass(p, "WILD"), rng).after.winner == 0
    q = parse_position("players=2 turn=A a1=A a5=B")
    best = greedy_policy(q, moves_or_pass(q, "TIP"), rng)
    lead = progress(best.after, 0) - progress(best.after, 1)
    assert all(lead >= progress(m.after, 0) - progress(m.after, 1) for m in moves_or_pass(q, "TIP"))


def test_games_end_and_summaries_are_seeded():
    g = play_game(3, [random_policy] * 3, random.Random(5))
    assert g.winner in (0, 1, 2) and g.turns > 10
    a = simulate(2, 30, 7, ["random"])
    assert a == simulate(2, 30, 7, ["random"])
    assert sum(a.wins) == 30 and a.unfinished == 0
    assert a.min_turns <= a.median_turns <= a.max_turns
    strong = simulate(2, 30, 7, ["greedy", "random"])
    assert strong.wins[0] > 20  # greedy beats random by far
    assert strong.to_dict()["policies"] == ["greedy", "random"]
