"""Dice Rush printables and commands: PDFs open at the right size with the right text, the
board is true size, output is byte-identical for the same command, errors are one line."""

from __future__ import annotations

import io
import json
from pathlib import Path

from click.testing import CliRunner
from pdfcheck import page_mm
from pypdf import PdfReader
from usage import drop_usage

from generator.cli import cli
from generator.games.dice_rush.printing.artwork import drawing_size
from generator.games.dice_rush.printing.materials import board_document, dice_document
from generator.games.dice_rush.rules.board import default_board, parse_text
from generator.options import PrintOptions
from generator.render.layout import BAR_TEXT


def run(*args: str):
    return CliRunner().invoke(cli, ["dice-rush", *args])


def _edge_box(canvas):
    """Bounding box (mm) of the board's thick outer edge (0.8 mm line) on the page."""
    pts = [
        p
        for op, ps in canvas.absolute_points()
        if op.kind == "path" and op.style and op.style.width == 0.8
        for p in ps
    ]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return max(xs) - min(xs), max(ys) - min(ys)


def test_board_is_one_true_size_page_on_a4_and_letter(tmp_path):
    for paper in ("a4", "letter"):
        opts = PrintOptions(out=tmp_path, paper=paper)
        doc = board_document(opts, default_board(), 20.0)
        assert len(doc.pages) == 1
        page = doc.pages[0]
        w, h = _edge_box(page)
        assert (round(w, 3), round(h, 3)) == (160.0, 180.0)  # 8 x 9 spaces of 20 mm
        texts = page.texts()
        assert BAR_TEXT in texts
        for t in ("START 1", "START 2", "FINISH 1", "FINISH 2", "+3", "-2", "8"):
            assert t in texts
        assert texts.count("+2") == 4 and texts.count("-1") == 6


def test_board_command_pdf_landscape_tiles_and_output_is_deterministic(tmp_path):
    r = run("board", "--out", str(tmp_path / "a"), "--format", "pdf", "--format", "svg")
    assert r.exit_code == 0, r.output
    r2 = run("board", "--out", str(tmp_path / "b"), "--format", "pdf", "--format", "svg")
    assert r2.exit_code == 0
    for name in ("dice-rush-board.pdf", "dice-rush-board.svg"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    reader = PdfReader(io.BytesIO((tmp_path / "a" / "dice-rush-board.pdf").read_bytes()))
    assert len(reader.pages) == 1 and page_mm(reader) == (210.0, 297.0)
    # landscape A4 is too short for 180 mm of board under a title, but portrait fits: one
    # portrait page and a note (test_board_files.py checks the note's wording)
    r = run("board", "--out", str(tmp_path / "c"), "--landscape")
    assert r.exit_code == 0 and "--landscape is not used" in r.output
    reader = PdfReader(str(tmp_path / "c" / "dice-rush-board.pdf"))
    assert len(reader.pages) == 1 and page_mm(reader) == (210.0, 297.0)
    # 30 mm spaces (240 x 273 mm) fit no A4 page: tiled, a map first
    r = run("board", "--out", str(tmp_path / "d"), "--landscape", "--space", "30mm")
    assert r.exit_code == 0, r.output
    reader = PdfReader(str(tmp_path / "d" / "dice-rush-board.pdf"))
    assert len(reader.pages) == 3
    assert page_mm(reader, 1) == (297.0, 210.0)
    assert BAR_TEXT in reader.pages[1].extract_text()
    # never overwrite without --force
    r = run("board", "--out", str(tmp_path / "a"))
    assert r.exit_code == 1 and r.output.startswith("Error: ") and "--force" in r.output


def test_board_from_a_file_and_board_errors(tmp_path):
    f = tmp_path / "mini.txt"
    f.write_text("# a variant\nS1 .  +2\n-1 F1 F2\n.  .  S2\n", encoding="utf-8")
    r = run("board", "--board", str(f), "--out", str(tmp_path / "o"), "--space", "25mm")
    assert r.exit_code == 0, drop_usage(r.output)
    assert drawing_size(parse_text(f.read_text(), "x"), 25.0) == (150.0, 75.0 + 44.0)
    r = run("show-board", "--board", str(f))
    assert r.exit_code == 0 and "NOT half-turn symmetric" in drop_usage(r.output)
    assert drop_usage(r.output).splitlines()[2:] == ["S1 .  +2", "-1 F1 F2", ".  .  S2"]
    bad = tmp_path / "bad.txt"
    bad.write_text("S1 . F2\nF1 S2 +10\n", encoding="utf-8")
    r = run("odds", "--board", str(bad))
    assert r.exit_code == 1 and drop_usage(r.output).count("\n") == 1
    assert drop_usage(r.output).startswith(f"Error: board file {bad} line 2: unknown space '+10'")
    r = run("board", "--board", str(tmp_path / "none.txt"), "--out", str(tmp_path))
    assert (r.exit_code, drop_usage(r.output)) == (
        1,
        f"Error: board file {tmp_path / 'none.txt'} not found: check the path\n",
    )
    r = run("board", "--space", "5mm")
    assert r.exit_code == 2 and drop_usage(r.output).startswith(
        "Error: Invalid value for '--space'"
    )


def test_dice_page_nets_and_faces(tmp_path):
    doc = dice_document(PrintOptions(out=tmp_path), 20.0)
    assert len(doc.pages) == 1
    texts = doc.pages[0].texts()
    for face in range(1, 9):  # two d8, each face numbered once, and the two aids' compasses
        assert texts.count(str(face)) == 2 + 2
    assert BAR_TEXT in texts and "player 1" in texts and "player 2" in texts  # the pawns
    # 30 mm dice on landscape A4: the pieces flow onto a second page, each with its bar
    big = dice_document(PrintOptions(out=tmp_path, landscape=True), 30.0)
    assert len(big.pages) == 2 and all(BAR_TEXT in p.texts() for p in big.pages)
    r = run("dice", "--out", str(tmp_path / "d"), "--paper", "letter", "--mono")
    assert r.exit_code == 0, r.output
    reader = PdfReader(str(tmp_path / "d" / "dice-rush-dice.pdf"))
    assert page_mm(reader) == (215.9, 279.4)


def test_scoresheet_and_rules(tmp_path):
    r = run("scoresheet", "--out", str(tmp_path), "--landscape")
    assert r.exit_code == 0, r.output
    assert "note: the score sheet prints portrait" in r.output
    reader = PdfReader(str(tmp_path / "dice-rush-scoresheet.pdf"))
    assert page_mm(reader) == (210.0, 297.0)
    text = reader.pages[0].extract_text()
    assert "player 1: name" in text and "total" in text and "39" in text
    r = run("rules", "--out", str(tmp_path), "--format", "svg")
    assert r.exit_code == 0, r.output
    svg = (tmp_path / "dice-rush-rules.svg").read_text(encoding="utf-8")
    for words in (
        "the default reading",
        "Nobody goes first",
        "roll your d8 again",
        "point to different winners",
        "Equal points: play goes on",
    ):
        assert words in svg
    assert "take turns" not in svg.replace("players take turns", "")
    r = run("rules", "--order", "turns", "--out", str(tmp_path), "--format", "svg")
    assert r.exit_code == 0, r.output
    svg = (tmp_path / "dice-rush-rules-turns.svg").read_text(encoding="utf-8")
    for words in ("Variant: the players take turns", "Then take turns.", "roll the d8 again"):
        assert words in svg


def test_rules_sheet_says_what_the_engine_does_after_a_one_space_move():
    # the audit's finding: a roll-off lost after a 1-space move scores nothing (the engine:
    # test_rules.py::test_collision_after_one_space_and_scoring_of_the_displaced_player,
    # test_together.py::test_collision_lost_after_a_one_space_move_lands_nowhere_new)
    from generator.games.dice_rush.printing.rulesheet import rule_sections

    turns = dict(rule_sections("turns"))["Collisions"]
    assert "if you lose after a 1-space move you stay where you were and score nothing" in turns
    together = dict(rule_sections("together"))["Collisions"]
    assert "back one space along its own line of travel" in together
    assert "it stays there and scores nothing" in together
    assert "Nobody goes first" in dict(rule_sections())["Setup"]
    assert "A roll" in dict(rule_sections()) and "A turn" in dict(rule_sections("turns"))
    r = run("rules", "--order", "both")
    assert r.exit_code == 2 and "Invalid value for '--order'" in r.output


def test_rules_sheet_lines_fit_the_page():
    from generator.games.dice_rush.printing.rulesheet import READING
    from generator.render.layout import RULES_BODY, usable_box, wrap

    for paper in ("a4", "letter"):
        box = usable_box(PrintOptions(out=None, paper=paper).paper_size(landscape=False))
        for text in READING.values():  # the reading line: body type, two lines at most
            assert len(wrap(text, RULES_BODY, box.w, bold=True)) <= 2


def test_odds_json_and_text():
    r = run("odds", "--json", "--turns", "3")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["symmetric"] is True and (d["rows"], d["cols"]) == (9, 8)
    assert d["order"] == "together" and "(space 1, space 2)," in d["race_method"]
    (both,) = d["race"]  # no first player: one figure, exactly even on a symmetric board
    assert both["first"] is None and abs(both["player_1_wins"] - 0.5) < 1e-9
    assert 21.8 < both["mean_rolls"] < 21.9  # two pawns: about half a lone player's 44 turns
    assert d["alone"][0]["by_turn"][0]["win"] == "1/30"
    assert d["expected_points"][4][3] is None  # a finish
    r = run("odds", "--turns", "2")
    assert r.exit_code == 0 and "half-turn symmetric" in r.output
    assert "order: together" in r.output and "50.0000%   50.0000%" in r.output
    assert "mean rolls until a finish ends it: 21.86" in r.output
    # the turns variant keeps its figures
    r = run("odds", "--json", "--turns", "3", "--order", "turns")
    d = json.loads(r.output)
    assert d["order"] == "turns" and "player to move" in d["race_method"]
    first, second = d["race"]
    assert first["first"] == "player 1" and second["first"] == "player 2"
    assert first["mean_rolls"] is None
    assert abs(first["player_1_wins"] - second["player_2_wins"]) < 1e-9
    assert 0.5 < first["player_1_wins"] < 0.502
    assert d["alone"][0]["by_turn"][0]["win"] == "1/30"  # one player alone: unchanged
    r = run("odds", "--turns", "2", "--order", "turns")
    assert r.exit_code == 0 and "order: turns" in r.output and "50.0569%" in r.output


def test_simulate_is_reproducible_and_checks_its_policy():
    a = run("simulate", "--games", "300", "--seed", "5", "--json", "--declare", "lead:2")
    b = run("simulate", "--games", "300", "--seed", "5", "--json", "--declare", "lead:2")
    assert a.exit_code == 0 and drop_usage(a.output) == drop_usage(b.output)
    d = json.loads(drop_usage(a.output))
    ended = {e["reason"]: e["games"] for e in d["ended_by"]}
    assert d["games"] == 300 and sum(ended.values()) == 300
    assert ended["points"] > 0
    assert d["order"] == "together" and d["first_player_wins"] is None
    t = json.loads(run("simulate", "--games", "200", "--order", "turns", "--json").output)
    assert t["order"] == "turns" and 0 < t["first_player_wins"] < 1
    text = run("simulate", "--games", "50").output
    assert "order: together" in text and "first player" not in text
    r = run("simulate", "--declare", "sometimes")
    assert r.exit_code == 2
    assert drop_usage(r.output) == (
        "Error: Invalid value for '--declare': 'sometimes': use never or lead:N with N from "
        "1 to 99\n"
    )


def test_generated_boards_are_symmetric_and_reproducible(tmp_path):
    from generator.games.dice_rush.rules.variants import centre_finishes, generate

    assert centre_finishes(9, 8) == ((4, 3), (4, 4))  # the default board's finishes
    assert centre_finishes(7, 7) == ((3, 2), (3, 4))  # the centre space stays between them
    for seed in range(20):
        b = generate(9, 8, 11, seed)
        assert b.is_symmetric() and len(b.points) == 22
        assert b.starts[0][0] == 8 and b.starts[1][0] == 0
    assert generate(5, 6, 4, 9) == generate(5, 6, 4, 9)
    out = tmp_path / "v.txt"
    r = run("new-board", "--rows", "5", "--cols", "6", "--points", "8", "--seed", "9",
            "--out", str(out))  # fmt: skip
    assert r.exit_code == 0, r.output
    again = parse_text(out.read_text(encoding="utf-8"), "v")
    assert again.text() == generate(5, 6, 4, 9).text()
    r = run("new-board", "--out", str(out))
    assert r.exit_code == 1 and "already exists: use --force" in r.output
    r = run("odds", "--board", str(out), "--json", "--turns", "1")
    d = json.loads(r.output)
    assert d["symmetric"] and abs(d["race"][0]["player_1_wins"] - 0.5) < 1e-9
    r = run("odds", "--board", str(out), "--json", "--turns", "1", "--order", "turns")
    d = json.loads(r.output)
    assert abs(d["race"][0]["player_1_wins"] - d["race"][1]["player_2_wins"]) < 1e-9


def test_big_boards_fall_back_to_floats_and_skip_the_race(tmp_path):
    f = tmp_path / "big.txt"
    run("new-board", "--rows", "12", "--cols", "12", "--points", "0", "--out", str(f))
    r = run("odds", "--board", str(f), "--json", "--turns", "1")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["race"] is None and d["exact"] is False
    assert "use simulate" in d["race_method"]
    assert 0.3 < d["alone"][0]["own_finish_first_float"] < 0.7


def test_space_texts_fit_their_squares_at_every_allowed_size():
    from generator.games.dice_rush.printing.artwork import draw_space
    from generator.render.canvas import Canvas
    from generator.render.layout import text_width

    b = default_board()
    for space in (12.0, 20.0, 40.0):
        for pos in (b.starts[0], b.finishes[1], (1, 3), (0, 1)):
            c = Canvas(100, 100)
            draw_space(c, b, pos, space)
            for op, _ in c.flat():
                if op.kind == "text":
                    w = text_width(op.data[2], op.text.size, op.text.bold)
                    assert w <= space * 0.9, (space, pos, op.data[2], w)


def test_board_variant_prints_a_variant_and_takes_no_seed(tmp_path):
    """--variant N prints the board new-board --seed N writes; the board is never drawn at
    random, so it has no --seed (a shared --seed once turned the demo's board into a
    variant)."""
    r = run("board", "--variant", "4", "--out", str(tmp_path), "--format", "svg")
    assert r.exit_code == 0, drop_usage(r.output)
    svg = (tmp_path / "dice-rush-board-variant4.svg").read_text(encoding="utf-8")
    assert "variant 9x8 #4" in svg
    r = run("board", "--variant", "4", "--board", "x.txt")
    assert (r.exit_code, drop_usage(r.output)) == (
        2,
        "Error: --variant draws a variant board, --board loads one: give one\n",
    )
    r = run("board", "--seed", "1", "--out", str(tmp_path / "s"), "--format", "svg")
    assert r.exit_code == 2 and "No such option '--seed'" in drop_usage(r.output)
    r = run("board", "--out", str(tmp_path / "s"), "--format", "svg")
    assert r.exit_code == 0, drop_usage(r.output)
    assert "default board" in (tmp_path / "s" / "dice-rush-board.svg").read_text(encoding="utf-8")


def test_prints_of_different_boards_never_share_a_file_name(tmp_path):
    """Found by a user test: the default board, --variant N and --board FILE all wrote
    dice-rush-board.pdf, so --force replaced one board with another."""
    board = tmp_path / "my board (v2).txt"
    r = run("new-board", "--seed", "3", "--out", str(board))
    assert r.exit_code == 0, r.output
    names = []
    for args in (
        [],
        ["--variant", "7"],
        ["--board", str(board)],
        ["--variant", "7", "--order", "turns"],
    ):
        r = run("board", *args, "--out", str(tmp_path / "out"))
        assert r.exit_code == 0, r.output
        names.append(Path(r.output.strip().splitlines()[-1]).name)
    assert names == [
        "dice-rush-board.pdf",
        "dice-rush-board-variant7.pdf",
        "dice-rush-board-my-board--v2.pdf",
        "dice-rush-board-variant7-turns.pdf",
    ]
