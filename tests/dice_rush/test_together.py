"""`--order together` (the default, decision 6): both players roll and move in every roll.

Exact outcomes of scripted rolls on the default board, the dice order of a played roll, and
the exact race of chains.race_together against a brute-force Fraction solve built from the
engine, against seeded games, and against the half-turn symmetry (exactly 1/2 each).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from generator.games.dice_rush.odds import chains
from generator.games.dice_rush.rules import game
from generator.games.dice_rush.rules.board import default_board, parse_text
from generator.games.dice_rush.rules.game import State, take_round
from generator.games.dice_rush.rules.moves import behind, legal_directions, round_outcomes

from .helpers import Dice, gauss_jordan

B = default_board()
# 3 x 3, not symmetric (the same board as test_chains.SMALL)
SMALL = parse_text("S1 +1 F2\n-2 F1 .\n. +3 S2", "small")
# 3 x 3, half-turn symmetric: the half turn swaps S1 and S2, F1 and F2
SYM = parse_text("S1 . F2\n+1 . +1\nF1 . S2", "sym")


def at(p1, p2, scores=(0, 0)) -> State:
    return State(positions=(p1, p2), scores=scores)


def test_both_move_and_score_and_paths_do_not_interact():
    # player 1 up 3 from S1 onto the -1 at (5, 3); player 2 down 3 from S2 onto the -1 at (3, 4)
    s = take_round(B, game.start(B), ((1, 3), (5, 3)))
    assert s.positions == ((5, 3), (3, 4)) and s.scores == (-1, -1)
    assert (s.winner, s.turns, s.can_declare) == (None, 1, (True, True))
    # swapping places over F1 is nothing: (5, 3) up 2 and (3, 3) down 2, both pass F1
    s = take_round(B, at((5, 3), (3, 3)), ((1, 2), (5, 2)))
    assert s.positions == ((3, 3), (5, 3)) and s.scores == (0, -1) and s.winner is None
    # moving onto the space the other player leaves is no collision
    s = take_round(B, at((8, 3), (7, 3)), ((1, 1), (3, 1)))
    assert s.positions == ((7, 3), (7, 4)) and s.scores == (0, 3)


def test_collision_winner_takes_the_space_loser_steps_back_along_its_own_line():
    # player 1 up-left 2 from (8, 4) over (7, 3) to the +1 at (6, 2); player 2 left 3 from
    # the -2 at (6, 5) over (6, 4) and (6, 3) to (6, 2)
    s = at((8, 4), (6, 5))
    rolls = ((8, 2), (7, 3))
    won = take_round(B, s, rolls, roll_off_winner=0)
    assert won.positions == ((6, 2), (6, 3)) and won.scores == (1, 0)
    lost = take_round(B, s, rolls, roll_off_winner=1)
    assert lost.positions == ((7, 3), (6, 2)) and lost.scores == (0, 1)  # the winner scores
    with pytest.raises(ValueError, match="roll-off"):
        take_round(B, s, rolls)
    # the loser's space back along its own line can be a point space: it scores it
    s = at((8, 3), (7, 5))
    won = take_round(B, s, ((1, 1), (7, 2)), roll_off_winner=0)
    assert won.positions == ((7, 3), (7, 4)) and won.scores == (0, 3)


def test_collision_lost_after_a_one_space_move_lands_nowhere_new():
    # both move 1 space onto (5, 1); the loser is back where it started (player 1 on the +1
    # at (5, 0), player 2 on (5, 2)) and scores nothing there
    s = at((5, 0), (5, 2))
    rolls = ((3, 1), (7, 1))
    p2_wins = take_round(B, s, rolls, roll_off_winner=1)
    assert p2_wins.positions == ((5, 0), (5, 1)) and p2_wins.scores == (0, 0)
    p1_wins = take_round(B, s, rolls, roll_off_winner=0)
    assert p1_wins.positions == ((5, 1), (5, 2)) and p1_wins.scores == (0, 0)
    # clipped at the edge: a 6 that can only go 1 space is a 1-space move
    s = at((1, 0), (0, 2))
    lost = take_round(B, s, ((1, 6), (7, 6)), roll_off_winner=1)  # both end on (0, 0)
    assert lost.positions == ((1, 0), (0, 0)) and lost.scores == (0, 0)


def test_finishes_end_the_roll_one_verdict():
    s = take_round(B, game.start(B), ((1, 4), (5, 1)))  # player 1 up 4 onto F1
    assert (s.winner, s.reason, s.scores) == (0, "finish", (0, 0))
    s = take_round(B, at((8, 4), (0, 4)), ((1, 4), (5, 2)))  # player 1 up 4 onto F2
    assert (s.winner, s.reason) == (1, "wrong finish")
    s = take_round(B, at((8, 0), (0, 4)), ((3, 1), (5, 4)))  # player 2 onto F2; 1 onto +2
    assert (s.winner, s.reason, s.scores) == (1, "finish", (2, 0))
    with pytest.raises(ValueError, match="game is over"):
        take_round(B, s, ((1, 1), (1, 1)))


def test_conflicting_finishes_go_to_a_roll_off():
    # both on their own finishes in the same roll
    s = game.start(B)
    rolls = ((1, 4), (5, 4))
    with pytest.raises(ValueError, match="name both players"):
        take_round(B, s, rolls)
    both = take_round(B, s, rolls, conflict_winner=1)
    assert both.positions == ((4, 3), (4, 4)) and (both.winner, both.reason) == (
        1,
        "finish roll-off",
    )
    # both on each other's finish: each would lose; the roll-off still names the winner
    s = at((8, 4), (0, 3))
    crossed = take_round(B, s, rolls, conflict_winner=0)
    assert crossed.positions == ((4, 4), (4, 3)) and crossed.winner == 0


def test_a_collision_on_a_finish_can_push_the_loser_onto_the_other_finish():
    # player 1 right 2 from (4, 1) onto F1; player 2 left 3 from (4, 6) over F2 onto F1
    s = at((4, 1), (4, 6))
    rolls = ((3, 2), (7, 3))
    # player 1 keeps F1 (wins) and player 2 steps back onto F2 (wins): a conflict
    p1 = take_round(B, s, rolls, roll_off_winner=0, conflict_winner=1)
    assert p1.positions == ((4, 3), (4, 4)) and (p1.winner, p1.reason) == (1, "finish roll-off")
    # player 2 keeps F1 (loses) and player 1 steps back to (4, 2): one verdict, player 1
    p2 = take_round(B, s, rolls, roll_off_winner=1)
    assert p2.positions == ((4, 2), (4, 3)) and (p2.winner, p2.reason) == (0, "wrong finish")


def test_each_d8_is_rolled_again_until_it_can_be_moved():
    s = game.start(B)
    with pytest.raises(ValueError, match="rolled again"):
        take_round(B, s, ((5, 1), (5, 1)))  # down from S1 is off the board
    with pytest.raises(ValueError, match="rolled again"):
        take_round(B, s, ((1, 1), (1, 1)))  # up from S2 is off the board


def test_a_played_roll_reads_the_dice_in_order():
    # player 1: d8 5 (off the board, again), 1, d6 2; player 2 at (6, 5): d8 7, d6 2; both
    # end on (6, 3): roll-off 4-4 (again), 2-7: player 2 takes it, player 1 back to (7, 3)
    s = game.play_round(B, at((8, 3), (6, 5)), Dice(5, 1, 2, 7, 2, 4, 4, 2, 7))
    assert s.positions == ((7, 3), (6, 3))
    # both on their own finish: the conflict roll-off 3-6 goes to player 2
    dice = Dice(1, 4, 5, 4, 3, 6)
    s = game.play_round(B, game.start(B), dice)
    assert (s.winner, s.reason) == (1, "finish roll-off") and dice.values == []


def test_together_has_no_first_player_roll_off():
    # play_game's first draw is player 1's direction die: the same dice played by hand agree
    for seed in range(5):
        r = game.play_game(B, random.Random(seed))
        rng = random.Random(seed)
        s = game.start(B)
        while s.winner is None:
            s = game.play_round(B, s, rng)
        assert (r.winner, r.reason, r.turns, r.scores) == (s.winner, s.reason, s.turns, s.scores)
        assert r.first is None


@pytest.mark.parametrize("order", ["together", "turns"])
def test_games_are_deterministic_and_end(order):
    a = [game.play_game(B, random.Random(s), order=order) for s in range(20)]
    assert a == [game.play_game(B, random.Random(s), order=order) for s in range(20)]
    reasons = {"finish", "wrong finish"} | ({"finish roll-off"} if order == "together" else set())
    assert all(r.winner in (0, 1) and r.reason in reasons for r in a)
    assert all((r.first is None) == (order == "together") for r in a)
    with pytest.raises(ValueError, match="order 'both'"):
        game.play_game(B, random.Random(1), order="both")


def test_behind_is_one_space_back_along_the_line():
    assert behind((8, 3), (4, 3)) == (5, 3)
    assert behind((8, 3), (7, 3)) == (8, 3)  # after a 1-space move: the start
    assert behind((0, 0), (3, 3)) == (2, 2)
    assert behind((4, 6), (4, 3)) == (4, 4)


def test_round_outcomes_enumerate_every_pair_of_rolls():
    den, outs = round_outcomes(B, ((8, 3), (6, 5)))
    assert den == 5 * 6 * 8 * 6 * 2 and sum(w for w, _ in outs) == den
    contested = [r for _, r in outs if r.contested]
    # the pairs of rolls that end on one space, each once per roll-off winner
    assert len(contested) % 2 == 0 and len(contested) > 0
    assert all(r.positions[0] != r.positions[1] for _, r in outs)


def _results(board, state, rolls):
    """(state after the roll, weight out of 4): a roll-off the engine asks for (it raises
    without one) is tried with both winners, each half as likely."""
    try:
        return [(take_round(board, state, rolls), 4)]
    except ValueError:
        pass
    out = []
    for collide in (0, 1):
        try:
            out.append((take_round(board, state, rolls, collide), 2))
        except ValueError:
            out += [(take_round(board, state, rolls, collide, c), 1) for c in (0, 1)]
    return out


def _brute_force_race(board) -> tuple[Fraction, Fraction]:
    """P(player 1 wins) and the expected number of rolls under `together`, exactly: the
    transitions of every state come from the engine (take_round for every pair of legal
    rolls and every roll-off result), then Gauss-Jordan elimination over Fractions with two
    right-hand sides. Independent of chains' matrices."""
    spaces = [p for p in board.spaces() if p not in board.finishes]
    keys = [(a, b) for a in spaces for b in spaces if a != b]
    ix = {k: i for i, k in enumerate(keys)}
    n = len(keys)
    rows = []
    for a, b in keys:
        row = [Fraction(0)] * (n + 2)
        row[ix[(a, b)]] += 1
        row[n + 1] = Fraction(1)
        rolls = [[(f, d) for f in legal_directions(board, p) for d in range(1, 7)] for p in (a, b)]
        den = len(rolls[0]) * len(rolls[1]) * 4
        counts: dict = {}
        for r0 in rolls[0]:
            for r1 in rolls[1]:
                for s, w in _results(board, at(a, b), (r0, r1)):
                    nxt = s.positions if s.winner is None else s.winner
                    counts[nxt] = counts.get(nxt, 0) + w
        for nxt, w in counts.items():
            if nxt == 0:
                row[n] += Fraction(w, den)
            elif nxt != 1:
                row[ix[nxt]] -= Fraction(w, den)
        rows.append(row)
    gauss_jordan(rows, n)
    return rows[ix[board.starts]][n], rows[ix[board.starts]][n + 1]


def test_together_race_matches_a_brute_force_exact_solve():
    exact, rolls = _brute_force_race(SMALL)
    (r,) = chains.race(SMALL)
    assert r.first is None and r.error_bound < 1e-9
    assert abs(r.win[0] - float(exact)) < 1e-9
    assert abs(r.mean_rolls - float(rolls)) < 1e-8
    assert not 0.45 < float(exact) < 0.55  # the board favours a player: a real test
    # the symmetric 3 x 3 board: exactly one half, in Fractions and in the iteration
    exact, rolls = _brute_force_race(SYM)
    assert exact == Fraction(1, 2)
    (r,) = chains.race(SYM)
    assert abs(r.win[0] - 0.5) <= r.error_bound + 1e-12
    assert abs(r.mean_rolls - float(rolls)) < 1e-8


def test_together_race_depends_only_on_where_the_pawns_stand():
    # a finish names its owner whoever lands on it and both players move by the same rules,
    # so swapping the two starts leaves player 1's chance unchanged; not so under `turns`,
    # where the first mover stands elsewhere (no mirror maps these boards onto each other)
    board = parse_text(". S1 F2\n. F1 .\n. S2 .", "a3")
    swapped = parse_text(". S2 F2\n. F1 .\n. S1 .", "a3 swapped")
    assert abs(chains.race(swapped)[0].win[0] - chains.race(board)[0].win[0]) < 1e-9
    turns = [chains.race(b, "turns")[0].win[0] for b in (board, swapped)]
    assert abs(turns[0] - turns[1]) > 0.01


def test_together_race_matches_the_engine_by_simulation():
    # 4000 seeded games on SMALL: player 1's share and the mean number of rolls; a
    # difference above 4 standard errors (about 0.025 for the share) fails
    (r,) = chains.race(SMALL)
    rng = random.Random(2027)
    n = 4000
    wins = 0
    rolls = []
    for _ in range(n):
        s = game.start(SMALL)
        while s.winner is None:
            s = game.play_round(SMALL, s, rng)
        wins += s.winner == 0
        rolls.append(s.turns)
    p = r.win[0]
    assert abs(wins / n - p) < 4 * (p * (1 - p) / n) ** 0.5
    mean = sum(rolls) / n
    sd = (sum((k - mean) ** 2 for k in rolls) / (n - 1)) ** 0.5
    assert abs(mean - r.mean_rolls) < 4 * sd / n**0.5


def test_together_race_is_exactly_even_on_half_turn_symmetric_boards():
    from generator.games.dice_rush.rules.variants import generate

    for board in (B, generate(5, 6, 4, 9)):
        assert board.is_symmetric()
        (r,) = chains.race(board)
        assert abs(r.win[0] - 0.5) <= r.error_bound + 1e-12
        assert abs(r.win[0] + r.win[1] - 1) < 1e-15
    # an asymmetric board is not even: the check can fail
    (r,) = chains.race(SMALL)
    assert abs(r.win[0] - 0.5) > 0.05


def test_together_engine_on_the_default_board_is_even():
    # 600 seeded games: player 1's share within 4 standard errors (about 0.082) of 1/2
    rng = random.Random(11)
    n = 600
    wins = sum(game.play_game(B, rng).winner == 0 for _ in range(n))
    assert abs(wins / n - 0.5) < 4 * (0.25 / n) ** 0.5
