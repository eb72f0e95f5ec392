"""Board files and generated boards (the Dice Rush audit): what the generator writes loads and
keeps the seed's layout; bad JSON, names and oversized files are one Error line; boards that
depart from the seed's layout are played as given and named; the printed board and dice page."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.errors import InvalidInput
from generator.games.dice_rush.printing.artwork import LEGEND_LINES, MIN_DRAWING_W
from generator.games.dice_rush.printing.materials import board_document, dice_document
from generator.games.dice_rush.rules.board import MAX_FILE, default_board, load_board, parse_text
from generator.games.dice_rush.rules.variants import generate
from generator.options import PrintOptions
from generator.render.layout import text_width


def run(*args: str):
    return CliRunner().invoke(cli, ["dice-rush", *args])


@pytest.mark.parametrize(("rows", "cols", "seed"), [(3, 3, 0), (3, 5, 7), (3, 19, 23)])
def test_generated_boards_the_audit_broke_now_load(tmp_path, rows, cols, seed):
    """3-row boards with an odd width put F1 on the bottom row, where S1 could land on it and
    the written board had no F1 (audit finding 1)."""
    out = tmp_path / "b.txt"
    r = run("new-board", "--rows", str(rows), "--cols", str(cols), "--points", "0")
    assert r.exit_code == 0, r.output
    r = run(
        "new-board", "--rows", str(rows), "--cols", str(cols), "--points", "0",
        "--seed", str(seed), "--out", str(out),
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    board = load_board(out)
    assert (
        board == generate(rows, cols, 0, seed)
        or board.text() == generate(rows, cols, 0, seed).text()
    )
    assert all(0 < f[0] < rows - 1 for f in board.finishes)


def test_every_generated_board_keeps_the_seed_layout_and_round_trips():
    for rows in range(3, 9):
        for cols in range(3, 9):
            for seed in range(3):
                b = generate(rows, cols, 1, seed)
                assert not set(b.starts) & set(b.finishes), (rows, cols, seed)
                assert b.is_symmetric() and b.departures() == [], (rows, cols, seed)
                assert parse_text(b.text(), "t").text() == b.text()
    assert default_board().departures() == []


def test_boards_off_the_seed_layout_are_played_and_named():
    board = parse_text("S1 . F1\n. F2 .\nS2 . .\n", "f.txt")  # the audit's board
    assert board.departures() == ["a finish is on an edge where a player starts"]
    corner = parse_text("S1 F1\nF2 S2\n", "h.txt")
    assert corner.departures() == ["a finish is on an edge where a player starts"]
    far = parse_text("S1 . . . .\n. . . . .\n. . . . .\n. . . . F1\nF2 . . . S2\n", "i.txt")
    assert far.departures() == [
        "a finish is more than one space from the centre",
        "a finish is on an edge where a player starts",  # F2 on the bottom row, with S2
    ]
    side = parse_text(".  S1 .  .\n.  F1 F2 S2\n.  .  .  .\n", "g.txt")
    assert side.departures() == ["the starts are not on opposite edges"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"rows":' + "[" * 100_000, "nested too deeply"),
        ('{"rows": ["S1 . .", ". F1 F2", "S2 . ."], "n": ' + "9" * 5000 + "}", "too long"),
        ('{"rows": ["S1 . .", ". F1 F2", "S2 . ."], "name": "a\\ud800b"}', "lone surrogate"),
        ('{"rows": ["S1 . .", ". F1 F2", "S2 . ."], "name": "a\\nb"}', "must be one line"),
        ('{"rows": ["S1 . .", ". F1 F2", "S2 . ."], "name": "' + "x" * 61 + '"}', "keep it to 60"),
        ('{"rows": ["S1 . .", ". F1 F2", "S2 . ."], "name": 7}', "non-empty text"),
        ("[1, 2]", 'a JSON board is an object with "rows"'),
    ],
)
def test_bad_json_boards_are_one_error_line(tmp_path, text, message):
    f = tmp_path / "bad.json"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInput, match=message):
        load_board(f)
    r = run("show-board", "--board", str(f))
    assert r.exit_code == 1
    (line,) = r.output.strip().splitlines()
    assert line.startswith("Error: ") and message in line


def test_a_bom_is_allowed_and_a_huge_file_is_refused_unread(tmp_path):
    text = tmp_path / "bom.txt"
    text.write_bytes(b"\xef\xbb\xbfS1 .  .\n.  F1 F2\nS2 .  .\n")
    assert load_board(text).starts[0] == (0, 0)
    js = tmp_path / "bom.json"
    js.write_bytes(b'\xef\xbb\xbf{"rows": ["S1 . .", ". F1 F2", "S2 . ."], "name": "mine"}')
    assert load_board(js).name == "mine"
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (MAX_FILE + 1))
    with pytest.raises(InvalidInput, match="is over 1,048,576 bytes"):
        load_board(big)


def test_landscape_board_prints_one_portrait_page_with_a_note(tmp_path):
    r = run("board", "--landscape", "--out", str(tmp_path), "--format", "svg")
    assert r.exit_code == 0, r.output
    assert "prints portrait; --landscape is not used" in r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dice-rush-board.svg"]
    doc = board_document(PrintOptions(out=tmp_path, landscape=True), default_board(), 20.0)
    assert len(doc.pages) == 1


def test_legend_and_dice_notes_fit_and_say_the_number_counts(tmp_path):
    for lines in LEGEND_LINES.values():
        for line in lines:
            assert text_width(line, 8.0) <= MIN_DRAWING_W - 44.0
    turns = board_document(PrintOptions(out=tmp_path), default_board(), 20.0, "turns")
    assert "In turns: roll the d8 for the direction (reroll if it points off the board)," in (
        turns.pages[0].texts()
    )
    texts = dice_document(PrintOptions(out=tmp_path), 20.0).pages[0].texts()
    assert any("The d8's number gives the direction" in t for t in texts)


def test_commands_say_when_a_board_departs_from_the_seed(tmp_path):
    f = tmp_path / "f.txt"
    f.write_text("S1 . F1\n. F2 .\nS2 . .\n", encoding="utf-8")
    for args in (("show-board",), ("odds", "--turns", "1"), ("simulate", "--games", "5")):
        r = run(*args, "--board", str(f))
        assert r.exit_code == 0, r.output
        assert "note: f: a finish is on an edge where a player starts (the seed's layout); " in (
            r.output
        )
    r = run("show-board")
    assert "note:" not in r.output


def test_odds_on_a_board_too_big_for_the_race_says_so_without_a_table():
    from generator.games.dice_rush.odds.report import odds_text

    text = odds_text(generate(12, 11, 10, 1), 1)
    assert "not computed: more than 120 spaces besides the two finishes; use simulate" in text
    assert "P1 wins    P2 wins" not in text


def test_the_turns_board_has_its_own_file(tmp_path):
    for order in ("together", "turns"):
        r = run("board", "--order", order, "--out", str(tmp_path), "--format", "svg")
        assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "dice-rush-board-turns.svg",
        "dice-rush-board.svg",
    ]


def test_the_example_variant_board_loads_and_keeps_the_seed_layout():
    from pathlib import Path

    example = Path(__file__).parents[2] / "examples" / "dice_rush" / "variant-7x8.txt"
    board = load_board(example)
    assert board.text() == generate(7, 8, 7, 3).text()
    assert board.is_symmetric() and board.departures() == []


def test_a_board_gets_every_departure_note_and_new_board_quotes_the_points_asked():
    board = parse_text("S1 . F1 F2\n. . . S2\n", "e4")
    assert board.departures() == [
        "a finish is more than one space from the centre",
        "a finish is on an edge where a player starts",
    ]
    r = run("new-board", "--rows", "3", "--cols", "3", "--points", "9")
    assert r.exit_code == 1 and r.output.startswith("Error: --points 9 asks for 4 pairs")
