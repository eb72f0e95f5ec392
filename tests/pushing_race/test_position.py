"""The position format: parse, format, round trip, and errors that say what to fix."""

from __future__ import annotations

import re

import pytest

from generator.errors import InvalidInput
from generator.games.pushing_race.rules.position import (
    describe,
    format_position,
    parse_position,
    start,
)

from .helpers import board


def test_start_has_every_piece_waiting():
    p = start(3)
    assert p.players == 3 and p.waiting == (5, 5, 5) and p.finished == (0, 0, 0)
    assert all(c is None for c in p.cells) and p.turn == 0
    assert parse_position("start:4").waiting == (5, 5, 5, 5)
    assert parse_position("start") == start(2)


def test_file_form_and_inline_form_agree_and_round_trip():
    text = "players=3 turn=B finished=C2\n9 . . A\n2 B . .\n1 A . C\n  a b c\n"
    p = parse_position(text)
    q = parse_position("players=3 turn=B finished=C2 c9=A a2=B a1=A c1=C")
    assert p == q
    assert board(p) == {"a1": "A", "c1": "C", "a2": "B", "c9": "A"}
    assert p.waiting == (3, 4, 2) and p.finished == (0, 0, 2) and p.turn == 1
    assert parse_position(format_position(p)) == p
    assert "FINISH" in describe(p) and "C: waiting 2, on the track 1, finished 2" in describe(p)


def test_players_inferred_from_letters():
    assert parse_position("a1=C").players == 3
    assert parse_position("a1=A").players == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a10=A", "rows run from 1 (Start) to 9"),
        ("d1=A", "write a column a-c"),
        ("players=2 a1=C", "'C' is not a player: use A, B"),
        ("players=5", "Pushing Race is for 2 to 4 players"),
        ("a1=A a2=A a3=A finished=A3", "at most 5 pieces"),
        ("a1=A a1=B", "square a1 is given twice"),
        ("hello", "write key=value"),
        ("finished=A5,B5", "only one can win"),
    ],
)
def test_bad_positions_say_what_to_fix(text, message):
    with pytest.raises(InvalidInput, match=re.escape(message)):
        parse_position(text)
