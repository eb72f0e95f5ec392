"""Legal moves of every face from fixed positions (counts worked out by hand in comments),
exact outcomes of pushes, the wrap, entering, finishing, DIG, HOP, SWAP, forced moves and
passes, and each rule decision of docs/rules/pushing-race.md (D1...)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.errors import InvalidInput
from generator.games.pushing_race.rules.moves import FACES, find_move, legal_moves, moves_or_pass
from generator.games.pushing_race.rules.position import start

from .helpers import after, board, pos, texts

# A on a1, B on a2, everything else waiting; A to move.
SMALL = "players=2 turn=A a1=A a2=B"


def test_start_position_counts():
    p = start(2)
    # TIP: one waiting piece two spaces enters at a, b or c and stops on row 2 (3); two pieces
    # one space: two entries at columns {x, y}; the same column twice pushes the first to row 2
    # (3 pairs of different columns + 3 same) = 6. Total 9.
    assert len(legal_moves(p, "TIP")) == 9
    # AIM: one piece two diagonal spaces ends on row 2 in any column (3); two pieces: two
    # different row-1 columns (3), or the second enters where the first stands and pushes it
    # diagonally to row 2, left or right (3 columns x 2 directions = 6). Total 12.
    assert len(legal_moves(p, "AIM")) == 12
    # WILD: AIM's 3 single moves and 3 two-column entries equal TIP's; 9 + 6 = 15.
    assert len(legal_moves(p, "WILD")) == 15
    for face in ("HOP", "SWAP", "DIG"):  # nothing on the track: no move, the turn passes
        assert legal_moves(p, face) == []
        (only,) = moves_or_pass(p, face)
        assert only.text == "pass" and only.after.turn == 1 and only.after.cells == p.cells


def test_small_position_counts_by_hand():
    p = pos(SMALL)
    # TIP, 14. One piece two spaces: a1 +2 (pushes B to a4), a0/b0/c0 +2 (4). Two pieces:
    # a1 +1 then an entry at a, b or c (3); entry at a (pushing a1, a2) then a2 +1, a0, b0, c0
    # (4); entry at b then b or c (2; then a1 +1 repeats "a1 +1, b0 +1"); c then c (1).
    assert len(texts(p, "TIP")) == 14
    # HOP, 3: a1 over B a2 to a3; a waiting piece over a1 diagonally to b2 or c2 (straight
    # would land on a2, taken by B).
    assert texts(p, "HOP") == ["HOP a1^a2->a3", "HOP b0^a1->c2", "HOP c0^a1->b2"]
    assert texts(p, "SWAP") == ["SWAP a1<>a2"]
    assert texts(p, "DIG") == ["DIG a1 -1"]
    assert len(texts(p, "AIM")) == 25  # checked by the naive generator in test_reference
    # WILD merges by outcome: TIP 14 + AIM 20 (its 25 less 5 that TIP reaches too, such as
    # "AIM a0->c2" = "TIP c0 +2") + HOP 1 (the hops from the pile to b2 and c2 are "TIP b0 +2"
    # and "TIP c0 +2") + SWAP 1 + DIG 1 = 37.
    wild = texts(p, "WILD")
    assert len(wild) == 37 and len(set(wild)) == 37
    assert len({m.after for m in legal_moves(p, "WILD")}) == 37


def test_tip_two_spaces_pushes_the_line_each_step():
    p = pos(SMALL)
    assert board(after(p, "TIP", "a1 +2")) == {"a3": "A", "a4": "B"}
    # a piece met during the second step is pushed too (stepwise pushing, D2)
    q = pos("players=2 turn=A a1=A a2=B a4=B")
    assert board(after(q, "TIP", "a1 +2")) == {"a3": "A", "a4": "B", "a5": "B"}


def test_entering_pushes_the_row_1_line():
    p = pos(SMALL)
    a = after(p, "TIP", "a0 +1, a2 +1")
    assert board(a) == {"a1": "A", "a3": "A", "a4": "B"} and a.waiting == (3, 4)
    b = after(p, "TIP", "a0 +2")
    assert board(b) == {"a2": "A", "a3": "A", "a4": "B"} and b.waiting == (3, 4)


def test_aim_wraps_around_the_cylinder_with_its_line():
    p = pos("players=2 turn=A c1=A a2=B b3=B")
    # c1 right: to a2 (across the edge), pushing a2 -> b3 -> c4
    one = after(p, "AIM", "c1->a2, a0->b1")
    assert board(one) == {"a2": "A", "b1": "A", "b3": "B", "c4": "B"}
    two = after(p, "AIM", "c1->b3")
    assert board(two) == {"b3": "A", "c4": "B", "a5": "B"}
    # c1 left goes to b2 (free): nothing pushed
    assert board(after(p, "AIM", "c1->a3")) == {"a3": "A", "a2": "B", "b3": "B"}


def test_push_off_the_finish_finishes_the_owner_d3_d6():
    p = pos("players=2 turn=A b8=A b9=B")
    a = after(p, "TIP", "b8 +1, a0 +1")
    assert board(a) == {"b9": "A", "a1": "A"} and a.finished == (0, 1)
    b = after(p, "TIP", "b8 +2")  # B passes first, then A
    assert board(b) == {} and b.finished == (1, 1)


def test_fifth_piece_wins_even_when_pushed_by_an_opponent_d10():
    p = pos("players=2 turn=A finished=B4 b8=A b9=B")
    # the game ends as B's fifth piece passes: the rest of the move is not played, so
    # "b8 +2" and "b8 +1, then anything" are one move
    m = find_move(p, "TIP", "b8 +2")
    assert m.after.winner == 1 and board(m.after) == {"b9": "A"}
    assert not any(t.startswith("TIP b8 +1") for t in texts(p, "TIP"))
    assert find_move(p, "TIP", "a0 +1, b8 +1").after.winner == 1
    assert all(x.after.winner == 1 for x in legal_moves(p, "TIP") if x.text.startswith("TIP b8"))
    assert legal_moves(m.after, "TIP") == [] and moves_or_pass(m.after, "TIP") == []
    # both fifth pieces pass in one push: the one in front passed first
    q = pos("players=2 turn=A finished=A4,B4 b8=A b9=B")
    assert after(q, "TIP", "b8 +2").winner == 1


def test_no_same_piece_twice_but_a_pushed_piece_may_move_d9():
    # A's last piece: no second piece to move by one space
    p = pos("players=2 turn=A finished=A4 a1=A")
    assert texts(p, "TIP") == ["TIP a1 +2"]
    assert texts(p, "AIM") == ["AIM a1->c3", "AIM a1->b3"]
    # A a1 and a2, none waiting. One piece two: {a3,a4} (a1 pushes a2 twice), {a1,a4}.
    # Two pieces: a1 +1 pushes a2 to a3, then a3 +1 -> {a2,a4}; a2 +1 then a1 +1 -> {a2,a3}.
    q = pos("players=2 turn=A finished=A3 a1=A a2=A")
    assert texts(q, "TIP") == ["TIP a1 +2", "TIP a2 +2", "TIP a1 +1, a3 +1", "TIP a2 +1, a1 +1"]
    assert board(after(q, "TIP", "a1 +1, a3 +1")) == {"a2": "A", "a4": "A"}


def test_dig_pushes_the_line_behind_back_through_the_start_d8():
    p = pos("players=2 turn=A a3=A a2=B a1=B")
    a = after(p, "DIG", "a3 -1")
    assert board(a) == {"a2": "A", "a1": "B"} and a.waiting == (4, 4)
    # the seed's example: one piece on the first line and a DIG: it must go back out
    q = pos("players=2 turn=A b1=A")
    (only,) = moves_or_pass(q, "DIG")
    assert only.text == "DIG b1 -1" and only.after.waiting == (5, 5)


def test_dig_moves_only_own_pieces_d1():
    p = pos("players=2 turn=A a5=A b5=B c5=B")
    assert texts(p, "DIG") == ["DIG a5 -1"]
    assert texts(pos("players=2 turn=A b5=B"), "DIG") == []


def test_hop_rules_d11():
    # blocked: two pieces would have to be jumped
    p = pos("players=2 turn=A a1=A a2=B a3=B finished=A4")
    assert texts(p, "HOP") == []
    # diagonal across the edge: c1 over a2 lands on b3
    q = pos("players=2 turn=A c1=A a2=B finished=A4")
    assert texts(q, "HOP") == ["HOP c1^a2->b3"]
    # over a piece on row 9: lands past the Finish line and finishes
    r = pos("players=2 turn=A a8=A a9=B finished=A4")
    (m,) = legal_moves(r, "HOP")
    assert m.text == "HOP a8^a9->a10" and m.after.finished == (5, 0) and m.after.winner == 0
    # the jumped piece stays where it is; a hop never pushes
    assert board(after(q, "HOP", "c1^a2->b3")) == {"a2": "B", "b3": "A"}


def test_swap_adjacency_wraps_and_needs_an_opponent():
    # c3 and a4 are diagonal neighbours across the edge; c3 and a3 orthogonal ones; a5 is two
    # rows away; A's own b3 is not a swap partner
    p = pos("players=2 turn=A c3=A a4=B a3=B a5=B b3=A finished=A3,B2")
    assert texts(p, "SWAP") == ["SWAP b3<>a3", "SWAP b3<>a4", "SWAP c3<>a3", "SWAP c3<>a4"]
    s = after(p, "SWAP", "c3<>a4")
    assert board(s)["a4"] == "A" and board(s)["c3"] == "B"


def test_swap_from_the_pile_sends_the_opponent_back_d13():
    p = pos("players=3 turn=B b1=A c1=C c2=A")
    assert texts(p, "SWAP") == ["SWAP S<>b1", "SWAP S<>c1"]
    s = after(p, "SWAP", "S<>b1")
    assert board(s) == {"b1": "B", "c1": "C", "c2": "A"} and s.waiting == (4, 4, 4)
    # own pieces on row 1 are not swapped into the pile (only the stated direction)
    assert texts(pos("players=2 turn=A b1=A"), "SWAP") == []


def test_tip_and_aim_move_only_own_pieces_d1():
    q = pos("players=2 turn=B finished=B4 a1=B a3=A")
    # B's single piece: a1 +2 pushes nothing (a3 is not in contact until the second step)
    assert texts(q, "TIP") == ["TIP a1 +2"]
    assert board(after(q, "TIP", "a1 +2")) == {"a3": "B", "a4": "A"}
    assert texts(q, "AIM") == ["AIM a1->c3", "AIM a1->b3"]


def test_exact_chance_of_finishing_this_turn():
    # A's last piece on b9: TIP, AIM and WILD finish it; HOP (nothing to jump), SWAP (no
    # neighbour) cannot, DIG must move it back. P(win this turn) = 3/6 = 1/2.
    p = pos("players=2 turn=A finished=A4 b9=A a1=B")
    wins = sum(any(m.after.winner == 0 for m in legal_moves(p, f)) for f in FACES)
    assert Fraction(wins, 6) == Fraction(1, 2)
    assert texts(p, "DIG") == ["DIG b9 -1"]


def test_move_texts_are_unique_and_found_again():
    p = pos("players=3 turn=C a1=A b2=B c2=C c3=C b5=A")
    for face in FACES:
        moves = legal_moves(p, face)
        assert len({m.text for m in moves}) == len(moves)
        for m in moves:
            assert find_move(p, face, m.text.lower().replace(" ", "")) == m


def test_unknown_move_and_face_errors():
    p = pos(SMALL)
    with pytest.raises(InvalidInput, match="not a legal TIP move here: legal: TIP a1 \\+2"):
        find_move(p, "TIP", "b7 +2")
    with pytest.raises(InvalidInput, match="not a die face: use one of TIP, AIM"):
        legal_moves(p, "JUMP")


def test_three_player_position_counts_by_hand():
    # C to move: C on c2 and c3 (a line), 3 waiting; A on a1 and b5; B on b2.
    p = pos("players=3 turn=C a1=A b2=B c2=C c3=C b5=A")
    # HOP: c2 over c3 to c4 (its diagonals a3, b3 are empty); c3 has nothing in front; from
    # the pile over A's a1: straight to a2, diagonally to b2 or c2 (both taken). 2.
    assert texts(p, "HOP") == ["HOP c2^c3->c4", "HOP a0^a1->a2"]
    # SWAP: c2 with a1 (row below, across the edge) and b2; c3 with b2; pile with a1. 4.
    assert texts(p, "SWAP") == ["SWAP c2<>a1", "SWAP c2<>b2", "SWAP c3<>b2", "SWAP S<>a1"]
    # DIG: c2 back to c1; c3 back pushes c2 to c1. 2 different positions.
    assert texts(p, "DIG") == ["DIG c2 -1", "DIG c3 -1"]
    # TIP 19: five single moves (c2, c3, a0, b0, c0 by two), then new pairs by first piece:
    # c2 first 4 (c4, a0, b0, c0), c3 first 3 (c2, a0, b0; c0 repeats c2-first's), a0 first 3
    # (a0, b0, c0), b0 first 2 (b0, c0), c0 first 2 (c3, c0).
    assert len(texts(p, "TIP")) == 19
    assert board(after(p, "TIP", "a0 +2")) == {
        "a2": "C", "a3": "A", "b2": "B", "c2": "C", "c3": "C", "b5": "A"
    }  # fmt: skip
    assert len(texts(p, "AIM")) == 46 and len(texts(p, "WILD")) == 70
