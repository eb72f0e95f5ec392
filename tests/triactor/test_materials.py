"""Printables: the board geometry, every material rendered to PDF and checked (pages, sizes,
text), the printing commands (paths printed, no overwrite without --force)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_mm, pdf_of

from generator.cli import cli
from generator.games.triactor import materials as m
from generator.games.triactor.artwork import board_size, draw_board
from generator.games.triactor.rulesheet import rules_document
from generator.games.triactor.track import CORNERS, EVENT_STEPS, board, coin_steps
from generator.options import PrintOptions
from generator.output import render
from generator.render import layout
from generator.render.canvas import Canvas
from generator.render.layout import BAR_TEXT, add_footers


# --- board geometry ------------------------------------------------------------------------
def _touch(a, b) -> float:
    """Length of the boundary two rectangles share (0 if they only meet at a corner or not)."""
    ox = min(a[2], b[2]) - max(a[0], b[0])
    oy = min(a[3], b[3]) - max(a[1], b[1])
    if abs(ox) < 1e-9 and oy > 0:
        return oy
    if abs(oy) < 1e-9 and ox > 0:
        return ox
    return 0.0


def test_consecutive_steps_share_an_edge_and_the_finish_line_joins_44_to_1():
    shapes = board().step_shapes()
    assert [s.step for s in shapes] == list(range(1, 45))
    for a, b in zip(shapes, shapes[1:], strict=False):
        assert _touch(a.rect, b.rect) >= 1, (a.step, b.step)
    s44, s1 = shapes[43], shapes[0]
    assert s44.rect[2] == s1.rect[0] == board().finish_line_x
    for s in shapes:
        assert len(s.spaces) == (4 if s.step in CORNERS else 2)


def test_coin_spots_cover_their_event_step_first():
    b = board()
    shapes = {s.step: s for s in b.step_shapes()}
    assert sorted(coin_steps()) == list(EVENT_STEPS)
    for c in b.coins:
        first, second = shapes[c.step], shapes[c.step + 1]
        # the coin sits at the tile centre, on the line between the two steps of its tile
        assert _touch(first.rect, second.rect) == 2
        for r in (first.rect, second.rect):
            assert r[0] <= c.x <= r[2] and r[1] <= c.y <= r[3]
    deck = {c.step: ("piecepack" if c.horse < 4 else "cards") for c in b.coins}
    assert [deck[s] for s in (5, 17, 27, 39)] == ["piecepack"] * 4  # top and bottom straights
    assert [deck[s] for s in (8, 14, 30, 36)] == ["cards"] * 4  # the sides


def test_board_drawing_has_every_step_number_and_fits_its_size():
    w, h = board_size()
    assert (round(w, 1), round(h, 1)) == (508.0, 304.8)  # 10 x 6 tiles of 2 inches
    c = Canvas(w, h)
    draw_board(c)
    texts = c.texts()
    for step in range(1, 45):
        assert str(step) in texts
    assert "START / FINISH" in texts and "TRIACTOR" in texts
    for _, pts in c.absolute_points():
        for x, y in pts:
            assert -0.01 <= x <= w + 0.01 and -0.01 <= y <= h + 0.01


# --- rendered documents --------------------------------------------------------------------
def test_board_page_and_true_size_tiles(tmp_path):
    page, tiled = m.board_documents(PrintOptions(tmp_path))
    r = pdf_of(page)
    assert len(r.pages) == 1 and page_mm(r) == (297.0, 210.0)
    text = r.pages[0].extract_text()
    assert "TRIACTOR" in text and "not true size" in text
    r = pdf_of(tiled)
    assert len(r.pages) == 5  # assembly map + 2 x 2 landscape A4 sheets
    assert "Assembly map: 2 rows of 2 sheets" in r.pages[0].extract_text()
    for i in range(1, 5):
        t = r.pages[i].extract_text()
        assert "this bar measures 50 mm" in t and "true size" in t
    letter = m.board_documents(PrintOptions(tmp_path, paper="letter"), "tiled")[0]
    assert len(letter.pages) == 7 and page_mm(pdf_of(letter)) == (279.4, 215.9)  # 2 x 3 either way


def test_slips_gutter_fold_and_duplex(tmp_path):
    gutter, duplex = m.slips_documents(PrintOptions(tmp_path), players=6, races=2)
    r = pdf_of(gutter)
    assert len(r.pages) == 3  # 12 slips, 4 per sheet (2 x 2 fronts above the fold)
    first = r.pages[0].extract_text()
    assert first.count("Race 1") == 8  # 4 fronts and 4 backs of race 1
    assert "Horses I bet on" in first and "Player" in first and "fold" in first
    r = pdf_of(duplex)
    assert len(r.pages) == 4  # 6 slips per side: front, back, front, back
    assert "front 1" in r.pages[0].extract_text() and "back 1" in r.pages[1].extract_text()
    blank = m.slips_documents(PrintOptions(tmp_path), players=3, races=0, layouts=("gutter-fold",))[
        0
    ]
    assert "Race ____" in pdf_of(blank).pages[0].extract_text()


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("landscape", [False, True])
def test_every_slip_sheet_carries_the_calibration_bar(tmp_path, paper, landscape):
    # 2 x 2 slips gutter-folded on a Letter sheet leave room for the bar below them
    o = PrintOptions(tmp_path, paper=paper, landscape=landscape)
    for doc in m.slips_documents(o, players=6, races=2):
        for page in doc.pages:
            assert BAR_TEXT in page.texts(), (doc.stem, len(doc.pages))
    letter = PrintOptions(tmp_path, paper="letter")
    gutter = m.slips_documents(letter, players=4, races=1, layouts=("gutter-fold",))[0]
    assert len(gutter.pages) == 1 and gutter.pages[0].height > gutter.pages[0].width


def test_payout_card_is_the_seeds_tables(tmp_path):
    r = pdf_of(m.payouts_document(PrintOptions(tmp_path)))
    assert len(r.pages) == 1
    text = r.pages[0].extract_text()
    for s in (
        "Zero Horse Bets",
        "One Horse Bets",
        "Two Horse Bets",
        "Three Horse Bets",
        "INFO",
        "WIN",
        "PLACE",
        "SHOW",
        "EXACTOR BOX",
        "TRIACTOR BOX",
        "3-5",
        "6-8",
        "9+",
        "2-3",
        "4-5",
        "6+",
        "given the number of players betting on horse X",
        "Billy the Club",
        "Shorthand Letter",
    ):
        assert s in text, s
    c = m.payouts_document(PrintOptions(tmp_path)).pages[0]
    numbers = [t for t in c.texts() if t.isdigit()]
    # winnings rows in table order, then credits interleaved: check the winnings triples
    for triple in (
        ["16", "8", "4"],
        ["8", "4", "2"],
        ["4", "2", "1"],
        ["32", "16", "8"],
        ["48", "24", "12"],
        ["24", "12", "6"],
    ):
        assert any(numbers[i : i + 3] == triple for i in range(len(numbers) - 2)), triple


def test_horses_coins_dice(tmp_path):
    r = pdf_of(m.horses_document(PrintOptions(tmp_path)))
    assert len(r.pages) == 1 and "this bar measures 50 mm" in r.pages[0].extract_text()
    text = r.pages[0].extract_text()
    for name in (
        "Solar Eclipse",
        "Midnight Madness",
        "Crusader",
        "Ahoy Ahoy",
        "Heart Attack",
        "Pummel Horse",
        "Diaphanous",
        "Billy the Club",
    ):
        assert name in text
    coins = m.coins_document(PrintOptions(tmp_path))
    r = pdf_of(coins)
    assert len(r.pages) == 1
    assert coins.pages[0].texts().count("null") == 8 and coins.pages[0].texts().count("A") == 8
    dice = m.dice_document(PrintOptions(tmp_path))
    r = pdf_of(dice)
    assert len(r.pages) == 1 and "this bar measures 50 mm" in r.pages[0].extract_text()
    assert dice.pages[0].texts().count("null") == 8
    big = m.dice_document(PrintOptions(tmp_path), 25.0)
    assert len(big.pages) >= 2 and sum(p.texts().count("null") for p in big.pages) == 8


def test_mono_and_svg_render(tmp_path):
    doc = m.board_documents(PrintOptions(tmp_path, mono=True), "page")[0]
    add_footers(doc)
    svg = render(doc, "svg")[0].decode()
    assert "<svg" in svg and "TRIACTOR" in svg


# --- printing commands ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["payouts"], ["triactor-payouts.pdf"]),
        (["board", "--size", "page"], ["triactor-board.pdf"]),
        (
            ["slips", "--players", "4", "--races", "1", "--layout", "duplex"],
            ["triactor-slips-duplex.pdf"],
        ),
        (["horses"], ["triactor-horses.pdf"]),
        (["rules"], ["triactor-rules.pdf"]),
        (["pawns"], ["triactor-pawns.pdf"]),
        (["coins", "--diameter", "0.75in"], ["triactor-coins.pdf"]),
        (["dice", "--edge", "14mm"], ["triactor-dice.pdf"]),
    ],
)
def test_print_commands_write_and_refuse_to_overwrite(tmp_path, args, names):
    runner = CliRunner()
    r = runner.invoke(cli, ["triactor", *args, "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [str(tmp_path / n) for n in names]
    for n in names:
        assert (tmp_path / n).read_bytes().startswith(b"%PDF")
    again = runner.invoke(cli, ["triactor", *args, "--out", str(tmp_path)])
    assert again.exit_code == 1
    assert (
        again.output
        == f"Error: {tmp_path / names[0]} already exists: use --force to overwrite it\n"
    )


def test_print_command_usage_errors(tmp_path):
    r = CliRunner().invoke(cli, ["triactor", "coins", "--diameter", "2mm", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "must be larger than 10 mm" in r.output
    r = CliRunner().invoke(cli, ["triactor", "slips", "--players", "0", "--out", str(tmp_path)])
    assert r.exit_code == 2


def test_letter_sheets_turn_when_that_saves_paper(tmp_path):
    """On Letter the 48 coins and 8 horse cards fit one landscape sheet (two portrait ones),
    and 12 slips gutter-fold 4 a sheet as on A4; --landscape forces landscape."""
    letter = PrintOptions(tmp_path, paper="letter")
    for doc in (m.coins_document(letter), m.horses_document(letter)):
        assert len(doc.pages) == 1 and doc.pages[0].width > doc.pages[0].height
    gutter = m.slips_documents(letter, players=6, races=2, layouts=("gutter-fold",))[0]
    assert len(gutter.pages) == 3 and gutter.pages[0].width < gutter.pages[0].height
    a4_dice = m.dice_document(PrintOptions(tmp_path))
    assert a4_dice.pages[0].width < a4_dice.pages[0].height  # a tie stays portrait
    turned = PrintOptions(tmp_path, landscape=True)
    assert all(p.width > p.height for p in m.dice_document(turned).pages)


def test_two_documents_are_written_all_or_nothing(tmp_path):
    """board --size both writes two files: if the second exists, the first is not written."""
    runner = CliRunner()
    r = runner.invoke(cli, ["triactor", "board", "--size", "tiled", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(cli, ["triactor", "board", "--out", str(tmp_path)])
    assert r.exit_code == 1
    assert r.output == (
        f"Error: {tmp_path / 'triactor-board-tiled.pdf'} already exists: use --force to overwrite it\n"
    )
    assert not (tmp_path / "triactor-board.pdf").exists()


def test_payouts_say_they_stay_portrait(tmp_path):
    r = CliRunner().invoke(cli, ["triactor", "payouts", "--landscape", "--out", str(tmp_path)])
    assert r.exit_code == 0
    assert "the payout tables print portrait" in r.output


def test_tiled_board_honours_landscape(tmp_path):
    a3 = PrintOptions(tmp_path, paper="a3", landscape=True)
    doc = m.board_documents(a3, "tiled")[0]
    # portrait needs fewer A3 sheets (2 against 4), but --landscape was asked for
    assert len(doc.pages) == 1 + 4 and all(p.width > p.height for p in doc.pages)


def test_tiled_board_avoids_sliver_sheets_on_a_tie():
    """On Letter both ways take 6 sheets; landscape left two sheets with ~21 mm of board (the
    print audit), so portrait is used."""
    letter = PrintOptions(Path("."), paper="letter")
    w, h = board_size(m.TRUE_UNIT)
    costs = {p.landscape: layout.tiling_cost(p, w, h) for p in letter.paper_turns()}
    assert costs[True][0] == costs[False][0] == 6 and -costs[True][1] < 25
    doc = m.board_documents(letter, "tiled")[0]
    assert all(p.width < p.height for p in doc.pages[1:])


def test_rules_summary_says_how_to_play(tmp_path):
    """The printouts never said how a race is played (found by the audit): the rules page
    names every step of a turn, with the event steps and numbers read from the data."""
    r = pdf_of(rules_document(PrintOptions(tmp_path, paper="letter")))
    assert len(r.pages) == 1
    assert (round(float(r.pages[0].mediabox.width)), round(float(r.pages[0].mediabox.height))) == (
        612,
        792,
    )
    text = " ".join(r.pages[0].extract_text().split())
    for s in (
        "Roll every active die",
        "Ace: one step, and the die stays active",
        "When no die is active, all dice of horses still racing become active again",
        "steps 5, 8, 14, 17, 27, 30, 36, 39",
        "45 steps from start to finish",
        "past step 44 has finished",
        "The race ends when the third horse finishes",
        "3 betting credits a race",
        "Solar Eclipse",
        "Billy the Club",
    ):
        assert s in text, s


def test_pawns_are_22_mm_discs_for_25_mm_spaces(tmp_path):
    doc = m.pawns_document(PrintOptions(tmp_path))
    (page,) = doc.pages
    discs = [op for op, _ in page.flat() if op.kind == "circle" and op.style.fill == "#ffffff"]
    assert len(discs) == 16  # the eight horses and a spare set
    assert all(abs(op.data[2] - 11.0) < 1e-9 for op in discs)
    assert m.PAWN_DIAMETER < 25.4  # a board space (a 50.8 mm tile holds 2 x 2)
    assert BAR_TEXT in page.texts() and page.height > page.width
    assert [t for t in page.texts() if len(t) == 1] == [h.letter for h in m.horses()] * 2


def test_discs_get_no_square_crop_marks(tmp_path, monkeypatch):
    """Pawns and coins are cut along their rings; square crop marks only strayed between them,
    and only where a row was short (found by a user test). Horse cards keep theirs."""
    from generator.render import layout

    drawn = []
    real = layout._draw_crop_marks
    monkeypatch.setattr(layout, "_draw_crop_marks", lambda *a: drawn.append(a) or real(*a))
    for paper in ("a4", "letter"):
        m.pawns_document(PrintOptions(tmp_path, paper=paper))
        m.coins_document(PrintOptions(tmp_path, paper=paper))
    assert drawn == []
    m.horses_document(PrintOptions(tmp_path))
    assert drawn
