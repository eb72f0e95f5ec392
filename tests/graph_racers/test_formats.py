"""Reading and writing tracks: the two public formats, racegen's text and JSON, and bad input."""

from __future__ import annotations

import json

import pytest
from conftest import DATA, EXAMPLES, map_files

from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.track.formats import (
    parse_track,
    read_track,
    track_to_json,
    track_to_text,
)
from generator.games.graph_racers.track.model import Line


def test_every_copied_public_map_reads():
    files = map_files()
    assert len(files) == 28
    for path in files:
        track = read_track(path)
        assert track.starts and (track.goals or track.finish)
        assert all(track.on_track(*p) for p in track.starts)


def test_tiny_map_cells():
    t = read_track(DATA / "momba" / "tiny.track")
    assert (t.rows, t.cols) == (5, 5)
    assert t.starts == ((2, 0),)
    assert t.goals == frozenset({(2, 3)})
    assert not t.on_track(1, 2) and not t.on_track(2, 2) and t.on_track(0, 2)
    assert t.count_on() == 25 - 5


def test_the_same_map_in_both_public_formats_reads_the_same():
    a = read_track(DATA / "momba" / "barto-small.track")
    b = read_track(DATA / "mdp-lib" / "barto-small.track")
    assert a.grid == b.grid
    assert set(a.starts) == set(b.starts) == {(5, 0), (6, 0), (7, 0), (8, 0)}
    assert a.goals == b.goals == {(0, 32), (0, 33), (0, 34)}


def test_format_choices_are_noted():
    assert "'i' cells" in read_track(DATA / "racetrackgym" / "shortcut-big.track").notes[0]
    pot = read_track(DATA / "mdp-lib" / "square-5-potholes.track")
    assert any("pothole" in n for n in pot.notes)
    assert not pot.on_track(5, 6)  # a P cell is off the track
    sq3 = read_track(DATA / "mdp-lib" / "square-3.track")
    assert any("'.' cells" in n for n in sq3.notes)
    assert sq3.on_track(1, 5)  # '.' is track


def test_mdp_lib_short_rows_are_padded_with_wall():
    t = parse_track("5\n3\nS  G\n S\n", source="m")
    assert t.grid == ("....#", "..###", "#####")
    assert t.starts == ((0, 0), (1, 1))
    assert "missing rows padded with wall" in t.notes


def test_text_and_json_round_trip():
    t = read_track(EXAMPLES / "oil-oval.txt")
    assert t.is_lap and len(t.checkpoints) == 2 and t.oil == {(7, 1), (7, 2), (8, 1), (8, 2)}
    assert t.finish == Line("vertical", 9, 1, 3, -1)
    assert set(t.starts) == {(1, 9), (2, 9), (3, 9)}
    again = parse_track(track_to_text(t), source="again")
    assert again.grid == t.grid and again.finish == t.finish and again.checkpoints == t.checkpoints
    data = json.loads(track_to_json(t))
    assert data["format"] == "graph-racers-track/1"
    back = parse_track(track_to_json(t), source="json")
    assert back.grid == t.grid and back.starts == t.starts and back.checkpoints == t.checkpoints
    s = read_track(EXAMPLES / "sprint.txt")
    back = parse_track(track_to_json(s), source="json")
    assert back.goals == s.goals and back.starts == s.starts


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "t: the file is empty;"),
        ("dim: 2 3\nx.s\nxg\n", "t line 3 column 3: row has 2 characters, the header says 3"),
        ("dim: 1 3\nsQg\n", "t line 2 column 2: unknown character 'Q'; use x . s g"),
        ("dim: 3 2\ns.\n.g\n", "t line 3: the map has 2 rows but the header says 3"),
        ("dim: 1 2\n.g\n", "t: no start;"),
        ("dim: 1 2\ns.\n", "t: no finish;"),
        ("dim: two 2\ns.\n", "t line 1 column 1: write the header as 'dim: ROWS COLS'"),
        ("3\n1\nS G X\n", "t line 3 column 4: row has 5 characters, the width on line 1 is 3"),
        ("3\n1\nS G\nXXX\n", "t line 4 column 1: more rows than the height 1 on line 2"),
        ("2\n1\nS?\n", "t line 3 column 2: unknown character '?'"),
        ("hello\n", "t line 1 column 1: unknown track format"),
        (
            '{"format": "graph-racers-track/1", "map": ["S.", "G"]}',
            "t: map row 1 has 1 characters, row 0 has 2",
        ),
        ('{"format": "x"}', "t: JSON 'format' is 'x'"),
        ('{"a": 1}', 't: not a track (a JSON track has "format": "graph-racers-track/1")'),
        # found by a user test: check's two files given the wrong way round
        (
            '{"path": [[1, 1]]}',
            't: not a track (a JSON track has "format": "graph-racers-track/1"); this looks like a moves file: give the track first',
        ),
        ('{\n  "map": [,]\n}', "t line 2 column 11: not valid JSON"),
        (
            "graph-racers track 1\nstart: 0 0\nmap:\n##\n.G\n",
            "t line 2 column 8: start point (0, 0) is on a wall",
        ),
        (
            "graph-racers track 1\nfinish: col 1 rows 1-1 right\ncheckpoint: col 1 rows 1-2 left\nmap:\n###\n...\n...\n###\n",
            "t: start/finish line (col 1 rows 1-1 right) stops at track point (2, 1); extend it from wall to wall",
        ),
        (
            "graph-racers track 1\nfinish: col 1 rows 1-2 up\nmap:\n###\n...\n",
            "t line 2 column 9: a col line is crossed left or right, not up",
        ),
        ("graph-racers track 1\nname: x\n", "t line 2: no 'map:' line"),
        (  # found by the code review: silently an empty name, silently dropped text
            "graph-racers track 1\nname:\nmap:\n###\n#SG\n",
            "t line 2 column 1: the name is empty",
        ),
        (
            "graph-racers track 1\nmap: ###\n###\n#SG\n",
            "t line 2 column 6: the grid starts on the line after 'map:', not '###'",
        ),
        (
            "graph-racers track 1\nfinish: col 1 rows 1-2 right\nmap:\n###\n...\n...\n###\n",
            "t: a lap needs at least one checkpoint, or stepping back over the start/finish line would win",
        ),
        # found by the audit: these were tracebacks or Python's own words
        ("dim: \u00b2 4\nxxxx\n", "t line 1 column 1: write the header as 'dim: ROWS COLS'"),
        ("\u00b2\n1\nS G\n", "t line 1 column 1: unknown track format"),
        (
            "graph-racers track 1\nstart: a b\nmap:\n###\n#.G\n",
            "t line 2 column 8: write a start point as 'start: ROW COL', not 'a b'",
        ),
        (
            "graph-racers track 1\nstart: 1 2 3\nmap:\n###\n#.G\n",
            "t line 2 column 8: write a start point as 'start: ROW COL', not '1 2 3'",
        ),
        (
            "graph-racers track 1\nfinish: row 1 cols x-2 down\nmap:\n###\n#.G\n",
            "t line 2 column 9: span 'x' is not a whole number",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ["####", "#S.G", "####"], "meta": "x"}',
            "t: bad JSON track ('meta' must be an object, not a text)",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ["#####", "#...#", "#...#", "#####"],'
            ' "finish": {"col": 2, "rows": [1], "direction": "right"}}',
            "t: bad JSON track (a line's span is two numbers [first, last], not [1])",
        ),
        ('{"format": "graph-racers-track/1"}', "t: the JSON track has no 'map'"),
        # found by the CLI audit: tracebacks, a hang, and numbers read loosely
        (
            "graph-racers track 1\nfinish: col 2 rows 1-99999999999 left\n"
            "checkpoint: row 2 cols 1-3 down\nmap:\n#####\n#...#\n#...#\n#...#\n#####\n",
            "t line 2 column 9: start/finish line (col 2 rows 1-99999999999 left) point (4, 2) is on a wall",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ["#####", "#...#", "#...#", "#####"],'
            ' "finish": {"col": 2, "rows": [1, 100000000], "direction": "left"},'
            ' "checkpoints": [{"row": 2, "cols": [1, 3], "direction": "down"}]}',
            "t: start/finish line (col 2 rows 1-100000000 left) point (3, 2) is off the track",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ["#####", "#...#", "#####"],'
            ' "finish": {"col": 2, "rows": [-5, 1], "direction": "left"},'
            ' "checkpoints": [{"row": 1, "cols": [1, 3], "direction": "down"}]}',
            "t: start/finish line (col 2 rows -5-1 left) point (-5, 2) is off the track",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ["####", "#S.G", "####"], "starts": [[1e400, 1]]}',
            "t: the number 1e400 is not a finite number",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ["####", "#S.G", "####"], "starts": [[NaN, 1]]}',
            "t: the number NaN is not a finite number",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ["####", "#S.G", "####"], "starts": [[1.9, 1]]}',
            "t: bad JSON track (a start's row must be a whole number, not 1.9)",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ["#####", "#...#", "#...#", "#####"],'
            ' "finish": {"col": true, "rows": [1, 2], "direction": "left"}}',
            "t: bad JSON track (a line's place must be a whole number, not True)",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ["####", "#S.G", "####"], "starts": [[1, 1, 3]]}',
            "t: bad JSON track (a start is a [row, col] pair, not [1, 1, 3])",
        ),
        (
            '{"format": "graph-racers-track/1", "name": "", "map": ["####", "#S.G", "####"]}',
            "t: bad JSON track ('name' must be a non-empty text, not '')",
        ),
        (
            '{"format": "graph-racers-track/1", "name": "Corner sprint for class 4B\\ud800", "map": ["S.G"]}',
            "t: the text ...'nt for class 4B\\ud800' holds a lone surrogate escape",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ["####", "#S.G", "####"], "starts": 5}',
            "t: bad JSON track ('starts' must be a list of [row, col] pairs)",
        ),
        (
            '{"format": "graph-racers-track/1", "rows": 5, "map": ["####", "#S.G", "####"]}',
            "t: bad JSON track ('rows' is 5 but the map has 3)",
        ),
        (
            '{"format": "graph-racers-track/1", "map": ' + "[" * 5000 + "]" * 5000 + "}",
            "t: the JSON is nested too deeply to read",
        ),
        # numbers Python refuses to read (over 4,300 digits; found by the code review)
        (
            '{"format": "graph-racers-track/1", "map": ["S.G"], "rows": ' + "9" * 5000 + "}",
            "t: a number in the JSON is too long to read",
        ),
        (  # JSON map rows and columns count from 0, like the points they hold
            '{"format": "graph-racers-track/1", "map": ["####", "#S?G", "####"]}',
            "t 'map' row 1 column 2: unknown character '?'",
        ),
    ],
)
def test_bad_tracks_name_file_line_and_column(text, message):
    with pytest.raises(InvalidInput) as e:
        parse_track(text, source="t")
    assert str(e.value).startswith(message), str(e.value)


def test_track_larger_than_the_limit():
    text = "dim: 3 4\ns...\n....\n...g\n"
    assert parse_track(text, max_cells=12).rows == 3
    with pytest.raises(LimitExceeded) as e:
        parse_track(text, source="big", max_cells=11)
    assert str(e.value) == (
        "big line 1 column 1: 4 x 3 = 12 points is more than the limit of 11; use a smaller "
        "track or raise --max-cells"
    )


def test_a_tiny_file_claiming_a_huge_grid_is_refused_before_building_it():
    """A 13-byte mdp file announcing 100000 x 100000 points used to build the padded rows
    first (about 10 GB); the size in the header is checked first, even with no limit set."""
    for text in ("100000\n100000\nS G\n", "dim: 100000 100000\nsg\n"):
        with pytest.raises(LimitExceeded, match="t line 1 column 1: 100000 x 100000 = "):
            parse_track(text, source="t")
        with pytest.raises(LimitExceeded, match="more than the limit of 50; "):
            parse_track(text, source="t", max_cells=50)
    # more digits than Python reads (4,300) is the same error, not Python's (the code review)
    for text in ("dim: " + "9" * 5000 + " 2\nsg\n", "9" * 5000 + "\n1\nS G\n"):
        with pytest.raises(LimitExceeded, match="^t line 1 column 1: a size of 5000 digits is "):
            parse_track(text, source="t")


def test_mdp_lib_file_may_start_with_blank_lines():
    track = parse_track("\n5\n3\nXXXXX\nS  G \nXXXXX\n", source="t")
    assert (track.rows, track.cols, track.starts) == (3, 5, ((1, 0),))


def test_missing_file_and_binary_file(tmp_path):
    with pytest.raises(InvalidInput, match="nope.track not found"):
        read_track(tmp_path / "nope.track")
    bad = tmp_path / "bad.track"
    bad.write_bytes(b"dim: 1 2\n\xff\xfe\n")
    with pytest.raises(InvalidInput, match=r"bad.track line 2: not UTF-8 text"):
        read_track(bad)


def test_round_trip_keeps_oil_under_a_start_and_a_lap_s_chosen_starts():
    """Writing then reading a track lost the oil under a start point ('S' replaced '~') and
    made every point of a lap's line a start (found by the code review)."""
    oily = parse_track("graph-racers track 1\nname: o\nstart: 1 1\nmap:\n#####\n#~.G#\n#####\n")
    lap = parse_track(
        "graph-racers track 1\nname: lap\nfinish: col 1 rows 1-3 right\n"
        "checkpoint: col 3 rows 1-3 right\nstart: 2 1\nmap:\n#####\n#...#\n#...#\n#...#\n#####\n"
    )
    whole = parse_track(
        "graph-racers track 1\nname: lap\nfinish: col 1 rows 1-3 right\n"
        "checkpoint: col 3 rows 1-3 right\nmap:\n#####\n#...#\n#...#\n#...#\n#####\n"
    )
    for track in (oily, lap, whole):
        for text in (track_to_text(track), track_to_json(track)):
            back = parse_track(text)
            assert (back.grid, back.starts, back.goals, back.oil) == (
                track.grid,
                track.starts,
                track.goals,
                track.oil,
            )
    assert "start:" not in track_to_text(whole) and '"starts"' not in track_to_json(whole)
