"""The pushing-race command line: moves, show, simulate (exact output, JSON, exit codes)."""

from __future__ import annotations

import json

from click.testing import CliRunner
from usage import drop_usage

from generator.cli import cli


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(cli, ["pushing-race", *args], input=stdin)


def test_moves_lists_the_hand_counted_moves():
    r = run("moves", "a1=A a2=B", "--roll", "hop")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert "A rolls HOP: 3 legal moves" in lines
    assert lines[-3:] == ["   1. HOP a1^a2->a3", "   2. HOP b0^a1->c2", "   3. HOP c0^a1->b2"]


def test_moves_json_and_pass_and_file_and_stdin(tmp_path):
    r = run("moves", "start", "--roll", "TIP", "--json")
    data = json.loads(r.output)
    assert data["count"] == 9 and data["player"] == "A" and data["moves"][0]["move"] == "TIP a0 +2"
    r = run("moves", "start:3", "--roll", "DIG")
    assert r.exit_code == 0 and "A rolls DIG: no move is possible, the turn passes" in r.output
    f = tmp_path / "p.txt"
    f.write_text("players=2 turn=B finished=B4\n9 . B .\n", encoding="utf-8")
    r = run("moves", str(f), "--roll", "WILD", "--json")
    won = [m for m in json.loads(r.output)["moves"] if m["winner"] == "B"]
    # every finishing move leaves the same position (B wins): one move (D12)
    assert [m["move"] for m in won] == ["TIP b9 +2"]
    r = run("moves", str(f), "--roll", "AIM")
    assert "1. AIM b9->a11  (B wins)" in r.output
    r = run("moves", "-", "--roll", "SWAP", stdin="a1=A b1=B\n")
    assert "1. SWAP a1<>b1" in r.output


def test_show_plays_moves():
    r = run("show", "start", "--play", "TIP:b0 +2", "--play", "AIM:a0->c1, b0->c1")
    assert r.exit_code == 0, r.output
    assert "2 B A ." in r.output and "1 . . B" in r.output and "turn=A" in r.output


def test_errors_are_one_line():
    r = run("moves", "nofile", "--roll", "TIP")
    assert r.exit_code == 1
    assert (
        drop_usage(r.output).startswith("Error: position 'nofile' is not a file")
        and drop_usage(r.output).count("\n") == 1
    )
    r = run("moves", "a1=E", "--roll", "TIP")
    assert r.exit_code == 1 and drop_usage(r.output).startswith("Error: a1=E: 'E' is not a player")
    r = run("moves", "start", "--roll", "JUMP")
    assert r.exit_code == 2 and drop_usage(r.output).startswith("Error: Invalid value for '--roll'")
    r = run("show", "start", "--play", "TIP:a5 +2")
    assert r.exit_code == 1 and "'a5 +2' is not a legal TIP move here" in drop_usage(r.output)
    r = run("simulate", "--players", "3", "--policy", "greedy", "--policy", "random")
    assert r.exit_code == 2 and "give it once, or once per seat" in drop_usage(r.output)


def test_simulate_table_and_json_are_seeded():
    a = run("simulate", "--players", "2", "--games", "40", "--seed", "3", "--json")
    b = run("simulate", "--players", "2", "--games", "40", "--seed", "3", "--json")
    assert a.exit_code == 0 and a.output == b.output
    data = json.loads(a.output)
    assert sum(data["wins_by_seat"]) + data["unfinished"] == 40
    assert data["unfinished"] == 0 and data["turns"]["min"] <= data["turns"]["mean"]
    t = run("simulate", "--players", "3", "--games", "10", "--seed", "1")
    assert t.exit_code == 0
    assert "seat  player  policy      wins  win rate" in t.output and "mean rounds" in t.output


def test_moves_after_the_game_is_over():
    r = run("moves", "finished=A5 a3=B", "--roll", "TIP")
    assert r.exit_code == 0 and r.output.rstrip().endswith("the game is over: A has won")
    data = json.loads(run("moves", "finished=A5", "--roll", "TIP", "--json").output)
    assert data["game_over"] is True and data["moves"] == [] and data["count"] == 0


def test_bad_text_and_conflicting_settings_are_one_error_line(tmp_path):
    """Audit findings: bytes that are not UTF-8 (file or stdin), superscript digits, a repeated
    setting and a square given by a token and a row line each get one Error line, exit 1."""
    raw = tmp_path / "raw.dat"
    raw.write_bytes(b"a1=A\n\xff\xfe\x8f")
    cases = [
        (("moves", str(raw), "--roll", "TIP"), None, f"position file {raw} line 2: not UTF-8"),
        (("moves", "-", "--roll", "DIG"), b"\x8f\x90", "standard input line 1: not UTF-8"),
        (("moves", "players=\u00b2", "--roll", "TIP"), None, "players='\u00b2': write a number"),
        (("moves", "a\u00b2=A", "--roll", "TIP"), None, "square 'a\u00b2': write a column"),
        (("show", "players=3 players=2"), None, "players= is given twice"),
        (("show", "1 . . B\na1=B"), None, "square a1 is given twice: by 'a1=B' and by the row"),
        (("moves", str(tmp_path), "--roll", "TIP"), None, "is a folder: give a file"),
        (("show", "finished=A5", "--play", "TIP:a0 +2"), None, "the game is over, A has won"),
    ]
    for args, stdin, message in cases:
        r = CliRunner().invoke(cli, ["pushing-race", *args], input=stdin)
        assert r.exit_code == 1, (args, r.output)
        lines = r.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], lines


def test_a_file_is_read_whatever_its_name_and_a_bom_is_allowed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("start-game.txt", "turn=B.txt"):
        (tmp_path / name).write_bytes(b"\xef\xbb\xbfplayers=2 turn=B\r\n1 A . B\r\n")
        r = run("moves", name, "--roll", "DIG")
        assert r.exit_code == 0, r.output
        assert "B rolls DIG: 1 legal move" in r.output


def test_review_findings_on_positions(tmp_path):
    """Letters of several characters, a player named twice in finished=, positions too long
    for a file name, oversized files and stdin: one Error line each (final review)."""
    cases = [
        (("show", "a1=AB b2=CD turn=BC"), None, "a1=AB: 'AB' is not a player"),
        (("show", "finished=A1,A3 a1=B"), None, "names A twice: once each"),
        (("show", "a1=A " + "x" * 100 + "=B"), None, "is 102 characters long"),
        (("show", "-"), "a1=A\n" * 20_000, "standard input is over 65,536 bytes"),
    ]
    big = tmp_path / "big.txt"
    big.write_text("a" * 70_000, encoding="utf-8")
    cases.append((("show", str(big)), None, f"position file {big} is over 65,536 bytes"))
    for args, stdin, message in cases:
        r = CliRunner().invoke(cli, ["pushing-race", *args], input=stdin)
        assert r.exit_code == 1, (args, r.output)
        (line,) = r.output.strip().splitlines()
        assert line.startswith("Error: ") and message in line, line
    # 60 tokens are more than a file name can hold: they are read as tokens, not as a file
    r = run("moves", " ".join(["a1=A"] * 60), "--roll", "TIP")
    assert r.output.strip() == "Error: square a1 is given twice"


def test_a_two_piece_move_may_be_written_in_either_order():
    """D9: the mover says the order; D12 lists the move once, under its first name, and the
    other order is the same move (final review: it was called illegal)."""
    listed = run("show", "start", "--play", "TIP:a0 +1, b0 +1")
    other = run("show", "start", "--play", "TIP:b0 +1, a0 +1")
    assert listed.exit_code == other.exit_code == 0, other.output
    assert listed.output == other.output
    assert "1 A A ." in other.output


def test_bytes_that_are_not_utf8_are_named_by_their_line_whatever_the_line_endings(tmp_path):
    for end in (b"\n", b"\r\n", b"\r"):
        f = tmp_path / "p.txt"
        f.write_bytes(b"players=2" + end + b"1 A . B" + end + b"\xff")
        r = run("show", str(f))
        assert (
            r.output.strip()
            == f"Error: position file {f} line 3: not UTF-8 text; save the position as plain text"
        )


def test_show_output_is_a_position_file_again_and_play_takes_the_listed_form(tmp_path):
    """The new-user walkthrough: a saved `show` output could not be read back ("row 9 is
    given twice"), and `--play` refused the form `moves` prints."""
    first = run("show", "start", "--play", "TIP a0 +2")
    assert first.exit_code == 0, first.output
    saved = tmp_path / "pos.txt"
    saved.write_text(first.output, encoding="utf-8")
    again = run("show", str(saved))
    assert again.output == first.output
    assert run("moves", str(saved), "--roll", "tip").exit_code == 0
    r = run("show", "2 X . .")
    assert r.output.strip() == (
        "Error: line 1: row line '2 X . .': write the row number, then three cells, each . "
        "or a player letter A-D (e.g. '2 A . B')"
    )
    r = run("moves", "", "--roll", "tip")
    assert r.output.startswith("Error: the position is empty")


def test_the_example_position_reads(tmp_path):
    from pathlib import Path

    example = Path(__file__).parents[2] / "examples" / "pushing_race" / "midgame.txt"
    r = run("moves", str(example), "--roll", "HOP")
    assert r.exit_code == 0, r.output
    assert "A rolls HOP: 2 legal moves" in r.output


def test_last_review_findings(tmp_path, monkeypatch):
    """A missing file named with a digit is a missing file, not a bad row line; a folder says
    so; a BOM does not shift the line named for bad bytes; an empty file is refused (the
    shell empties a file it redirects into before racegen reads it); --play takes a winner's
    listed line, a tab, and names an unknown face."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "2024").mkdir()
    (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbfplayers=2\n1 A . B\n\xff\n")
    (tmp_path / "empty.txt").write_bytes(b"")
    cases = [
        (("show", "2024-game.txt"), "position '2024-game.txt' is not a file"),
        (("show", "2024"), "position file 2024 is a folder: give a file"),
        (("show", "bom.txt"), "position file bom.txt line 3: not UTF-8 text"),
        (("show", "empty.txt"), "the position is empty"),
        (("show", "start", "--play", "XYZ:a3 +2"), "roll 'XYZ' is not a die face"),
    ]
    for args, message in cases:
        r = run(*args)
        assert r.exit_code == 1, (args, r.output)
        (line,) = r.output.strip().splitlines()
        assert line.startswith("Error: ") and message in line, line
    won = run("show", "players=2 finished=A4 a9=A", "--play", "TIP a9 +2  (A wins)")
    assert won.exit_code == 0 and "finished=A5" in won.output.splitlines()[0]
    tab = run("show", "start", "--play", "TIP\ta0 +2")
    assert tab.exit_code == 0 and tab.output.splitlines()[0] == "players=2 turn=B finished=A0,B0"
