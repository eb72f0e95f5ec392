"""Position files: round trips, the text picture, and one clear error per malformed file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from generator.errors import InvalidInput
from generator.games.trading_paint.rules.position import dumps, from_dict, load_position, to_dict
from generator.games.trading_paint.rules.setup import initial_state
from generator.games.trading_paint.rules.state import Face, Place, Stop
from generator.games.trading_paint.rules.turn import apply_legal, is_chance, legal_moves

from .helpers import c, play, position, roll

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "trading_paint" / "position.json"


def random_states(players, seed, n=400):
    rng = random.Random(seed)
    s = initial_state(players)
    out = []
    for _ in range(n):
        if s.over:
            break
        if is_chance(s):
            s = apply_legal(s, Face(rng.randint(1, 6)))
        else:
            ms = legal_moves(s)
            s = apply_legal(s, ms[rng.randrange(len(ms))])
        out.append(s)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_round_trip_every_position_of_a_random_game(players):
    for s in random_states(players, players):
        back = from_dict(json.loads(dumps(s)))
        assert back == s, to_dict(s)


def test_round_trip_after_a_car_finishes():
    """A finished car's lap counter has one value, so a saved and reloaded position is the
    same state (found by the rules audit: it was 1 before saving, -1 after)."""
    cars = {1: (11, 12), 2: (20, 8), 3: (21, 8), 4: (22, 8), 5: (23, 8), 6: (24, 8)}
    s = play(play(roll(position(cars, caution="after"), 1), Place(c(12, 12), 0)), Stop(c(13, 12)))
    assert s.finished == (0,)
    assert from_dict(json.loads(dumps(s))) == s


def test_turn_path_rotations_in_quarter_turns_or_degrees():
    """`paths` prints rotations in degrees; a position file takes them as printed, or 0-3."""
    base = {"players": 2, "to_play": 1, "cars": [{"car": 1, "at": [13, 12]}]}
    turns = [
        from_dict({**base, "turn": {"stage": "path", "path": [[14, 12, 6, r]]}}) for r in (1, 90)
    ]
    assert turns[0] == turns[1] and turns[0].path[0][2] == 1
    with pytest.raises(InvalidInput, match="or 0, 90, 180, 270"):
        from_dict({**base, "turn": {"stage": "path", "path": [[14, 12, 6, 45]]}})


def test_example_file_loads_and_draws():
    s = load_position(str(EXAMPLE))
    text = str(s)
    assert "car 1 to play" in text and text.count("|") > 50
    rows = text.splitlines()
    assert (
        rows[13 + 2][5 + 14] == "1"
    )  # car 1 at column 14, row 13 (after the header and wall rows)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a JSON object"),
        ({"players": 7, "cars": []}, "2, 3, 4, 5 or 6"),
        ({"players": 2, "cars": {}}, "'cars' must be a list"),
        ({"players": 2, "cars": [{"car": 9, "at": [3, 3]}]}, "car 9 does not exist"),
        ({"players": 2, "cars": [{"car": 1, "at": [30, 3]}]}, "off the board"),
        ({"players": 2, "cars": [{"car": 1, "at": [8, 8]}]}, "not a track square"),
        (
            {"players": 2, "cars": [{"car": 1, "at": [3, 3]}, {"car": 2, "at": [3, 3]}]},
            "cars 1 and 2 are both on .3, 3.; cars not listed stay on their start squares",
        ),
        # found by the second rules audit
        ({"players": 2, "cars": [{"car": 1, "at": [14, 15], "lap": 1}]}, "would have finished"),
        (
            {"players": 4, "to_play": 7, "cars": [{"car": 7, "waiting": True}]},
            "no start square is free",
        ),
        (
            {"players": 2, "cars": [], "turn": {"stage": "off", "options": [[15, 7]]}},
            "beside the last die",
        ),
        (
            {
                "players": 2,
                "cars": [{"car": 1, "at": [7, 12]}, {"car": 2, "at": [9, 12]}],
                "turn": {"stage": "path", "path": [[8, 12, 6, 1], [9, 12, 6, 1]], "dice": 2},
            },
            "path.1. .9, 12. is taken by a car",
        ),
        ({"players": 2, "cars": [{"car": 1, "pit": [8, 8]}]}, "needs 'from'"),
        ({"players": 2, "cars": [{"car": 1, "pit": [8, 8], "from": [3, 3]}]}, "beside the car"),
        ({"players": 2, "cars": [{"car": 1, "team": "B", "at": [3, 3]}]}, "races for team A"),
        ({"players": 2, "cars": [], "wrecks": [[3, 3]]}, "in front of the finish line"),
        ({"players": 2, "cars": [], "caution": "yellow"}, "'caution' must be one of"),
        ({"players": 2, "cars": [], "to_play": 7}, "'to_play'"),
        ({"players": 2, "cars": [], "format": "other/9"}, "format"),
        ({"players": 2, "cars": [{"car": 1, "finished": 2}]}, "without gaps"),
        # turn stages the rules cannot reach (found by the rules audit)
        ({"players": 2, "cars": [], "turn": {"stage": "off", "options": [[0, 0]]}}, "pit or wall"),
        ({"players": 2, "cars": [], "turn": {"stage": "wreck"}}, "caution period 'after'"),
        ({"players": 2, "cars": [], "turn": {"stage": "spun"}}, "during or after"),
        ({"players": 2, "cars": [], "turn": {"stage": "caution-roll"}}, "during or after"),
        ({"players": 2, "cars": [], "turn": {"stage": "bank"}}, "set 'banked' to true"),
        ({"players": 2, "cars": [], "turn": {"stage": "place", "face": 0}}, "rolled 'face'"),
        ({"players": 2, "cars": [], "turn": {"stage": "path"}}, "dice laid so far"),
        ({"players": 2, "cars": [], "turn": {"stage": "enter"}}, "not waiting"),
        # found by the CLI audit: a TypeError traceback, and advice naming an absent option
        ({"players": 2, "cars": [], "turn": {"stage": "path", "path": 5}}, "'path' must be a list"),
        ({"players": 2, "cars": [], "turn": {"options": 5}}, "'options' must be a list"),
        ({"players": 7, "cars": []}, r"pos.json: 'players' is 7; .* for 2, 3, 4, 5 or 6 players$"),
    ],
)
def test_malformed_positions_are_one_clear_error(data, message):
    with pytest.raises(InvalidInput, match=message):
        from_dict(data, "pos.json")


def test_unreadable_and_invalid_json_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": 2,\n "cars": [}', encoding="utf-8")
    with pytest.raises(InvalidInput, match=r"bad.json line 2 column 11: not valid JSON"):
        load_position(str(bad))
    with pytest.raises(InvalidInput, match="position file .*missing.json not found"):
        load_position(str(tmp_path / "missing.json"))
    bad.write_bytes(b"\xff\xfe{}")
    with pytest.raises(InvalidInput, match="bad.json line 1: not UTF-8 text"):
        load_position(str(bad))
    bad.write_bytes(b"\xef\xbb\xbf" + dumps(initial_state(2)).encode())  # a BOM: Windows editors
    assert load_position(str(bad)) == initial_state(2)
    bad.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    with pytest.raises(InvalidInput, match="bad.json: the JSON is nested too deeply to read"):
        load_position(str(bad))


def test_a_car_off_the_track_counts_its_lap_from_the_square_it_left():
    """A pit car beside the front straight behind the line, before the caution period, has not
    crossed the line yet, like a car standing on that square (found by the second audit)."""
    cars = [{"car": 1, "pit": [11, 9], "from": [11, 10]}, {"car": 2, "at": [11, 11]}]
    s = from_dict({"players": 2, "caution": "before", "cars": cars})
    assert s.lap[0] == s.lap[1] == -1
