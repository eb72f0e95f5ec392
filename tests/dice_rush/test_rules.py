"""The Dice Rush engine: exact destinations, edges, rerolls, collisions, finishes, scoring,
declarations (each test names the decision of docs/rules/dice-rush.md it pins)."""

from __future__ import annotations

import random

import pytest

from generator.errors import InvalidInput
from generator.games.dice_rush.rules import game
from generator.games.dice_rush.rules.board import default_board, parse_text
from generator.games.dice_rush.rules.game import State, declare, take_turn
from generator.games.dice_rush.rules.moves import legal_directions, move, path, room

from .helpers import Dice

B = default_board()


def test_default_board_layout_and_symmetry():
    assert (B.rows, B.cols) == (9, 8)
    assert B.starts == ((8, 3), (0, 4))
    assert B.finishes == ((4, 3), (4, 4))  # side by side at the centre
    assert B.is_symmetric()
    assert sum(B.points.values()) == 6 and len(B.points) == 22
    assert parse_text(B.text(), "x").text() == B.text()  # the file format round-trips


def test_directions_are_board_fixed_and_clip_at_the_edge():
    # decision 1: up is towards row 0 for both players
    assert path(B, (8, 3), 1, 3) == [(7, 3), (6, 3), (5, 3)]
    assert room(B, (0, 4), 1) == 0
    with pytest.raises(ValueError, match="off the board"):
        path(B, (0, 4), 1, 1)
    assert path(B, (0, 4), 5, 2) == [(1, 4), (2, 4)]
    # the seed's example: a 6 with fewer spaces left stops at the edge
    assert path(B, (8, 3), 3, 6)[-1] == (8, 7) and len(path(B, (8, 3), 3, 6)) == 4
    assert path(B, (8, 3), 7, 6)[-1] == (8, 0)
    assert path(B, (8, 3), 2, 6)[-1] == (4, 7)  # up-right: 4 spaces to the right edge
    assert path(B, (8, 3), 8, 6)[-1] == (5, 0)  # up-left: 3 spaces to the left edge
    assert path(B, (4, 0), 4, 5)[-1] == (8, 4)


def test_legal_directions_count_at_edges_and_corners():
    # decision 2: a direction is impossible only when its first space is off the board
    assert legal_directions(B, (8, 3)) == [1, 2, 3, 7, 8]
    assert legal_directions(B, (0, 0)) == [3, 4, 5]
    assert legal_directions(B, (8, 7)) == [1, 7, 8]
    assert legal_directions(B, (4, 2)) == list(range(1, 9))


def test_the_d8_is_rolled_again_until_it_can_be_moved():
    # at the bottom-right corner only 1, 7, 8 move: 4, 5 and 3 are rolled again
    face, rolls = game.roll_direction(B, (8, 7), Dice(4, 5, 3, 8))
    assert (face, rolls) == (8, 4)


def test_only_the_landing_space_counts():
    s = game.start(B)
    # decision 4: up 6 from (8, 3) passes over F1 (4, 3) and the -1 at (5, 3): no effect
    s1 = take_turn(B, s, 1, 6)
    assert s1.positions[0] == (2, 3) and s1.scores == (0, 0) and s1.winner is None
    # up 4 lands exactly on F1: player 1 wins at once
    s2 = take_turn(B, s, 1, 4)
    assert (s2.winner, s2.reason) == (0, "finish")
    # up 3 lands on the -1 at (5, 3)
    s3 = take_turn(B, s, 1, 3)
    assert s3.scores == (-1, 0) and s3.to_move == 1


def test_landing_on_the_other_finish_loses():
    s = State(positions=((8, 4), (0, 4)), to_move=0)
    s1 = take_turn(B, s, 1, 4)  # (8, 4) up 4 is F2
    assert (s1.winner, s1.reason) == (1, "wrong finish")


def test_a_point_space_scores_every_time():
    # decision 5: the +2 at (8, 1) pays on each landing, and scores may go below zero
    s = State(positions=((8, 0), (0, 4)), to_move=0)
    s = take_turn(B, s, 3, 1)
    assert s.scores == (2, 0)
    s = take_turn(B, s, 5, 1)  # player 2 to (1, 4): empty
    s = take_turn(B, s, 7, 1)  # back to (8, 0)
    s = take_turn(B, s, 5, 1)
    s = take_turn(B, s, 3, 1)
    assert s.scores == (4, 0)
    s = State(positions=((4, 1), (0, 4)), to_move=0)
    assert take_turn(B, s, 7, 6).scores == (-1, 0)  # clipped onto the -1 at (4, 0)


def test_collision_roll_off_winner_takes_the_space_loser_goes_back_along_the_path():
    # decision 7: player 1 at (8, 3) moves up 2 onto player 2 at (6, 3)
    s = State(positions=((8, 3), (6, 3)), to_move=0)
    won = take_turn(B, s, 1, 2, mover_wins=True)
    assert won.positions == ((6, 3), (7, 3))  # player 2 pushed to the space passed last
    lost = take_turn(B, s, 1, 2, mover_wins=False)
    assert lost.positions == ((7, 3), (6, 3))
    with pytest.raises(ValueError, match="roll-off"):
        take_turn(B, s, 1, 2)
    # no collision when the path only passes the other player
    assert take_turn(B, s, 1, 3).positions == ((5, 3), (6, 3))


def test_collision_after_one_space_and_scoring_of_the_displaced_player():
    # decision 7: after a 1-space move the loser stays on the mover's start (no new landing);
    # a displaced player scores the space it is moved to (decision 8)
    s = State(positions=((0, 0), (0, 1)), to_move=0)
    lost = take_turn(B, s, 3, 1, mover_wins=False)
    assert lost.positions == ((0, 0), (0, 1)) and lost.scores == (0, 0)
    s = State(positions=((0, 1), (0, 2)), to_move=1)  # player 2 moves left onto player 1
    won = take_turn(B, s, 7, 1, mover_wins=True)
    assert won.positions == ((0, 2), (0, 1)) and won.scores == (0, -1)  # mover lands on -1
    s = State(positions=((0, 0), (0, 2)), to_move=1)
    won = take_turn(B, s, 7, 2, mover_wins=True)
    assert won.positions == ((0, 1), (0, 0)) and won.scores == (-1, 0)  # pushed onto -1


def test_a_player_pushed_onto_a_finish_lands_on_it():
    # decision 8: player 2 moves left 3 from (4, 5) over F2 and F1 onto player 1 at (4, 2);
    # the loser of the roll-off goes back to (4, 3), which is F1
    s = State(positions=((4, 2), (4, 5)), to_move=1)
    won = take_turn(B, s, 7, 3, mover_wins=True)
    assert won.positions == ((4, 3), (4, 2)) and (won.winner, won.reason) == (0, "finish")
    lost = take_turn(B, s, 7, 3, mover_wins=False)  # player 2 goes back onto F1: loses
    assert lost.positions == ((4, 2), (4, 3)) and (lost.winner, lost.reason) == (0, "wrong finish")


def test_move_landing_flags():
    landing = move(B, (8, 3), (6, 3), 1, 2, True)
    assert (landing.mover_lands, landing.other_lands, landing.contested) == (True, True, True)
    landing = move(B, (8, 3), (7, 3), 1, 1, False)
    assert (landing.mover, landing.mover_lands) == ((8, 3), False)


def test_roll_off_rerolls_ties_and_first_player():
    assert game.roll_off(Dice(3, 3, 8, 8, 2, 5)) == (1, [(3, 3), (8, 8), (2, 5)])
    assert game.first_player(Dice(7, 1)) == 0


def test_declarations():
    s = State(positions=((8, 3), (0, 4)), scores=(3, 1))
    # decision 12: no declaration before the first roll
    with pytest.raises(ValueError, match="after another roll"):
        declare(s, 0, True, None)
    s = take_turn(B, game.start(B), 3, 1)  # any roll opens declarations
    s = State(positions=s.positions, scores=(3, 1), to_move=1, can_declare=(True, True))
    assert declare(s, 1, True, None).winner == 0  # both agree: most points wins
    # player 2 declares, player 1 refuses; d8 rolls are (player 1, player 2): 8 beats 2
    kept = declare(s, 1, False, Dice(8, 2))
    assert (kept.winner, kept.reason) == (None, "")
    assert kept.can_declare == (False, False)  # decision 12: wait for another roll
    ended = declare(s, 1, False, Dice(4, 4, 1, 6))  # tie rerolled, player 2 wins the roll-off
    assert (ended.winner, ended.reason) == (0, "points")
    even = State(positions=s.positions, scores=(2, 2), to_move=1, can_declare=(True, True))
    tie = declare(even, 0, True, None)  # decision 14: equal points, play goes on
    assert tie.winner is None and tie.can_declare == (False, False)


def test_game_is_deterministic_and_ends():
    a = [game.play_game(B, random.Random(s)) for s in range(30)]
    b = [game.play_game(B, random.Random(s)) for s in range(30)]
    assert a == b
    assert all(r.winner in (0, 1) and r.reason in ("finish", "wrong finish") for r in a)
    wants, agrees = game.leader(3)
    c = [game.play_game(B, random.Random(s), wants=wants, agrees=agrees) for s in range(60)]
    assert any(r.reason == "points" for r in c)
    for r in c:
        if r.reason == "points":
            assert r.scores[r.winner] > r.scores[1 - r.winner]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("S1 F1\nF2", "line 2 has 1 spaces, the first row 2"),
        ("S1 F1\nF2 +0", "unknown space '+0'"),
        ("S1 F1\nF2 x", "unknown space 'x'"),
        ("S1 F1\nF2 S1", "S1 appears twice (first on line 1)"),
        ("S1 F1\nF2 .", "has no S2"),
        ("# only a comment\n", "has no rows"),
        ("S1 F1 F2 S2", "1 rows x 4 columns"),
        ('{"rows": 3}', 'a JSON board is an object with "rows"'),
        ('{"rows": [', "line 1 column 11: not valid JSON"),
    ],
)
def test_board_file_errors(text, message):
    with pytest.raises(InvalidInput) as e:
        parse_text(text, "board file b.txt")
    assert message in str(e.value) and str(e.value).startswith("board file b.txt")


def test_board_json_and_asymmetry(tmp_path):
    b = parse_text('{"name": "tiny", "rows": ["S1 F2", "F1 S2"]}', "t")
    assert b.name == "tiny" and b.starts == ((0, 0), (1, 1)) and b.is_symmetric()
    assert not parse_text("S1 F2 +1\nF1 S2 .", "t").is_symmetric()


def test_outcomes_enumerate_every_roll_exactly_once():
    from generator.games.dice_rush.rules.moves import outcomes

    den, outs = outcomes(B, (8, 3), None)
    assert den == 5 * 6 * 2 and sum(w for w, _ in outs) == den
    # up 6 distinct spaces, up-right 4, right 4, left 3, up-left 3
    assert len({landing.mover for _, landing in outs}) == 20
    # with the other player 2 spaces up: the roll "up 2" splits into the two roll-off results
    den, outs = outcomes(B, (8, 3), (6, 3))
    contested = [(w, la) for w, la in outs if la.contested]
    assert [(w, la.mover, la.other) for w, la in contested] == [
        (1, (6, 3), (7, 3)),
        (1, (7, 3), (6, 3)),
    ]


def test_every_move_on_random_boards_stays_on_the_board_and_apart():
    from generator.games.dice_rush.rules.moves import outcomes
    from generator.games.dice_rush.rules.variants import generate

    rng = random.Random(11)
    for seed in range(6):
        b = generate(rng.randint(3, 7), rng.randint(3, 7), 2, seed)
        spaces = b.spaces()
        for _ in range(40):
            me, other = rng.sample(spaces, 2)
            den, outs = outcomes(b, me, other)
            assert sum(w for w, _ in outs) == den
            for _, la in outs:
                assert b.on_board(la.mover) and b.on_board(la.other)
                assert la.mover != la.other
