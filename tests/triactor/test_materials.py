"""Printables: the board geometry, every material rendered to PDF and checked (pages, sizes,
text), the printing commands (paths printed, no overwrite without --force)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from builds import documents, triactor_tiles
from click.testing import CliRunner
from pdfcheck import page_mm, pdf_of

from generator.cli import cli
from generator.games.triactor.printing import artwork
from generator.games.triactor.printing.artwork import TRUE_UNIT, board_size, draw_board
from generator.games.triactor.printing.board import board_documents
from generator.games.triactor.printing.board_tiles import tiles_in_order
from generator.games.triactor.printing.coin_sheets import coins_document
from generator.games.triactor.printing.dice_nets import dice_document
from generator.games.triactor.printing.horse_cards import horses_document
from generator.games.triactor.printing.pawns import PAWN_DIAMETER, pawn_fit_text, pawns_document
from generator.games.triactor.printing.payout_card import payouts_document
from generator.games.triactor.printing.rulesheet import rules_document
from generator.games.triactor.printing.slips import slips_documents
from generator.games.triactor.race.horses import horses
from generator.games.triactor.race.track import CORNERS, EVENT_STEPS, board, coin_steps
from generator.options import PrintOptions
from generator.output import render
from generator.render import layout
from generator.render.canvas import CUT, Canvas
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
    page, tiled = board_documents(PrintOptions(tmp_path))
    r = pdf_of(page)
    assert len(r.pages) == 1 and page_mm(r) == (297.0, 210.0)
    text = r.pages[0].extract_text()
    assert "TRIACTOR" in text and "not true size" in text
    r = pdf_of(tiled)
    # assembly map + 2 x 3 landscape A4 sheets: two columns would need their seams within
    # 34 mm of the board's middle, where the title and rule lines (up to 125 mm wide) run
    assert len(r.pages) == 7
    assert "Assembly map: 2 rows of 3 sheets" in r.pages[0].extract_text()
    for i in range(1, 7):
        t = r.pages[i].extract_text()
        assert "this bar is 50 mm" in t and "true size" in t
    letter = board_documents(PrintOptions(tmp_path, paper="letter"), "tiled")[0]
    assert len(letter.pages) == 7 and page_mm(pdf_of(letter)) == (279.4, 215.9)  # 2 x 3 either way


def test_slips_gutter_fold_and_duplex(tmp_path):
    # slips_documents(players=6, races=2), the command's defaults: built once (builds.py)
    gutter, duplex = documents("triactor", "slips")
    r = pdf_of(gutter)
    assert len(r.pages) == 3  # 12 slips, 4 per sheet (2 x 2 fronts above the fold)
    first = r.pages[0].extract_text()
    assert first.count("Race 1") == 8  # 4 fronts and 4 backs of race 1
    assert "Horses I bet on" in first and "Player" in first and "fold" in first
    r = pdf_of(duplex)
    assert len(r.pages) == 4  # 6 slips per side: front, back, front, back
    assert "front 1" in r.pages[0].extract_text() and "back 1" in r.pages[1].extract_text()
    blank = slips_documents(PrintOptions(tmp_path), players=3, races=0, layouts=("gutter-fold",))[0]
    assert "Race ____" in pdf_of(blank).pages[0].extract_text()


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
@pytest.mark.parametrize("landscape", [False, True])
def test_every_slip_sheet_carries_the_calibration_bar(paper, landscape):
    # 2 x 2 slips gutter-folded on a Letter sheet leave room for the bar below them
    for doc in documents("triactor", "slips", paper, landscape=landscape):  # 6 players, 2 races
        for page in doc.pages:
            assert BAR_TEXT in page.texts(), (doc.stem, len(doc.pages))
    args = {"players": 4, "races": 1, "layout_name": "gutter-fold"}  # the same in every case
    (gutter,) = documents("triactor", "slips", "letter", **args)
    assert len(gutter.pages) == 1 and gutter.pages[0].height > gutter.pages[0].width


def test_payout_card_is_the_seeds_tables(tmp_path):
    r = pdf_of(payouts_document(PrintOptions(tmp_path)))
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
    c = payouts_document(PrintOptions(tmp_path)).pages[0]
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
    r = pdf_of(horses_document(PrintOptions(tmp_path)))
    assert len(r.pages) == 1 and "this bar is 50 mm" in r.pages[0].extract_text()
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
    coins = coins_document(PrintOptions(tmp_path))
    r = pdf_of(coins)
    assert len(r.pages) == 1
    assert coins.pages[0].texts().count("null") == 8 and coins.pages[0].texts().count("A") == 8
    dice = dice_document(PrintOptions(tmp_path))
    r = pdf_of(dice)
    assert len(r.pages) == 1 and "this bar is 50 mm" in r.pages[0].extract_text()
    assert dice.pages[0].texts().count("null") == 8
    big = dice_document(PrintOptions(tmp_path), 25.0)
    assert len(big.pages) >= 2 and sum(p.texts().count("null") for p in big.pages) == 8


def test_mono_and_svg_render(tmp_path):
    doc = board_documents(PrintOptions(tmp_path, mono=True), "page")[0]
    add_footers(doc)
    svg = render(doc, "svg")[0].decode()
    assert "<svg" in svg and "TRIACTOR" in svg


# --- printing commands ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["payouts"], ["triactor-payouts.pdf"]),
        (["board", "--style", "page"], ["triactor-board.pdf"]),
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
    for doc in (coins_document(letter), horses_document(letter)):
        assert len(doc.pages) == 1 and doc.pages[0].width > doc.pages[0].height
    gutter = documents("triactor", "slips", "letter")[0]  # 6 players, 2 races, gutter-folded
    assert gutter.stem == "triactor-slips-gutter"
    assert len(gutter.pages) == 3 and gutter.pages[0].width < gutter.pages[0].height
    a4_dice = dice_document(PrintOptions(tmp_path))
    assert a4_dice.pages[0].width < a4_dice.pages[0].height  # a tie stays portrait
    turned = PrintOptions(tmp_path, landscape=True)
    assert all(p.width > p.height for p in dice_document(turned).pages)


def test_two_documents_are_written_all_or_nothing(tmp_path):
    """board --style both writes two files: if the second exists, the first is not written."""
    runner = CliRunner()
    r = runner.invoke(cli, ["triactor", "board", "--style", "tiled", "--out", str(tmp_path)])
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
    doc = board_documents(a3, "tiled")[0]
    # portrait needs fewer A3 sheets (2 against 4), but --landscape was asked for
    assert len(doc.pages) == 1 + 4 and all(p.width > p.height for p in doc.pages)


def test_tiled_board_avoids_sliver_sheets_on_a_tie():
    """On Letter both ways take 6 sheets; full landscape sheets left two sheets with ~21 mm
    of board (the print audit). Now the seams move (off the board's words, and to share the
    board out), so neither way has a sliver or a mostly empty sheet, and the way with the
    widest narrowest strip is used."""
    letter = PrintOptions(Path("."), paper="letter")
    w, h = board_size(TRUE_UNIT)
    texts = layout.drawing_text_boxes(w, h, draw_board)
    plans = {p.landscape: layout.plan_tiles(p, w, h, texts) for p in letter.paper_turns()}
    assert {plan.sheets for plan in plans.values()} == {6}
    assert all(plan.cuts == 0 and plan.empty == 0 for plan in plans.values())
    assert all(plan.narrowest > 60 for plan in plans.values())
    doc = board_documents(letter, "tiled")[0]
    best = max(plans, key=lambda turn: plans[turn].narrowest)
    assert all((p.width > p.height) == best for p in doc.pages[1:])


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


# --- pawns beside coins (decision 22) ----------------------------------------------------------
SPACE = 25.4  # mm: a board space, half a 2-inch tile
COIN_R = 19.05 / 2  # mm: a 3/4-inch piecepack coin


def _white_circles(canvas: Canvas, r: float) -> list[tuple[float, float]]:
    """Page positions of the white discs of radius r (pawns, coin spots) drawn on a canvas."""
    return [
        pts[0]
        for op, pts in canvas.absolute_points()
        if op.kind == "circle" and op.style.fill == "#ffffff" and abs(op.data[2] - r) < 1e-9
    ]


def test_pawn_fits_beside_a_coin_at_their_printed_positions():
    """A pawn stands in the middle of its space; a coin lies at its tile's centre, where four
    spaces meet. 22 mm pawns overlapped the coins by 2.6 mm (the issue); 13 mm pawns leave
    25.4 / sqrt 2 - 9.525 - 6.5 = 1.94 mm, more than the 1.5 mm margin."""
    assert PAWN_DIAMETER == artwork.PAWN_DIAMETER == 13.0
    assert round(artwork.pawn_coin_gap(22.0), 1) == -2.6
    exact = SPACE / math.sqrt(2) - COIN_R - PAWN_DIAMETER / 2
    assert artwork.pawn_coin_gap() == pytest.approx(exact, abs=1e-12)
    assert round(exact, 2) == 1.94 and exact >= artwork.PAWN_CLEARANCE == 1.5
    assert artwork.largest_pawn() == pytest.approx(2 * (SPACE / math.sqrt(2) - COIN_R - 1.5))
    assert PAWN_DIAMETER <= artwork.largest_pawn() < 14.0
    # the coins where the true-size board prints them, the pawns in the middle of every
    # space of the track (computed here from the track, not from the artwork's helpers)
    w, h = board_size()
    c = Canvas(w, h)
    draw_board(c)
    coins = _white_circles(c, COIN_R)
    assert len(coins) == 8
    r = PAWN_DIAMETER / 2
    gaps = []
    for s in board().step_shapes():
        for x0, y0, x1, y1 in s.spaces:
            px, py = (x0 + x1) / 2 * SPACE, (board().height - (y0 + y1) / 2) * SPACE
            # the pawn lies inside its space, 6.2 mm from every edge
            assert (x1 - x0) * SPACE / 2 - r == pytest.approx(6.2)
            gaps += [math.hypot(px - cx, py - cy) - r - COIN_R for cx, cy in coins]
    assert min(gaps) == pytest.approx(exact, abs=1e-3)  # coordinates are kept to 1e-4 mm
    tight = [g for g in gaps if g < exact + 1e-3]
    assert len(tight) == 8 * 4  # the four spaces round each coin, nothing closer


def test_pawns_page_prints_the_fit_and_the_pieces(tmp_path):
    doc = pawns_document(PrintOptions(tmp_path))
    (page,) = doc.pages
    fit = "pawn 13 mm: fits beside a 19.05 mm coin on a 25.4 mm space (1.9 mm to spare)"
    assert pawn_fit_text() == fit and fit in page.texts()
    discs = _white_circles(page, PAWN_DIAMETER / 2)
    assert len(discs) == 16 + 4  # the eight horses and a spare set, and the figure's four
    assert BAR_TEXT in page.texts() and page.height > page.width
    letters = [t for t in page.texts() if len(t) == 1 and t.isupper()]
    pieces = [h.letter for h in horses()] * 2
    assert letters[:16] == pieces  # the pieces, then the figure (its pawns and coin)
    # the figure: the board's tile at true size, its coin and four pawns where they stand
    (coin,) = _white_circles(page, COIN_R)
    figure = sorted(discs, key=lambda p: math.hypot(p[0] - coin[0], p[1] - coin[1]))[:4]
    for x, y in figure:
        assert abs(x - coin[0]) == pytest.approx(SPACE / 2, abs=1e-3)
        assert abs(y - coin[1]) == pytest.approx(SPACE / 2, abs=1e-3)
        gap = math.hypot(x - coin[0], y - coin[1]) - COIN_R - PAWN_DIAMETER / 2
        assert gap == pytest.approx(artwork.pawn_coin_gap(), abs=1e-3)
    # the pieces do not touch: 16 mm cells, 2 mm apart
    pieces_xy = [d for d in discs if d not in figure]
    for i, a in enumerate(pieces_xy):
        for b in pieces_xy[i + 1 :]:
            assert math.hypot(a[0] - b[0], a[1] - b[1]) >= PAWN_DIAMETER + 2.0
    # text on the pieces at least 6 pt, the fit and instructions at least 8 pt
    sizes = {op.data[2]: op.text.size for op, _ in page.flat() if op.kind == "text"}
    assert min(op.text.size for op, _ in page.flat() if op.kind == "text") >= 6.0
    assert all(sizes[h.letter] >= 6.0 for h in horses())
    instructions = [
        t for t in sizes if t.startswith(("Stand a pawn", "Print this page", "Two sets"))
    ]
    assert len(instructions) == 3 and all(sizes[t] >= 8.0 for t in instructions + [fit])
    r = pdf_of(doc)
    assert len(r.pages) == 1 and page_mm(r) == (210.0, 297.0)
    assert "fits beside a 19.05 mm coin" in r.pages[0].extract_text()
    letter = pawns_document(PrintOptions(tmp_path, paper="letter"))
    assert len(letter.pages) == 1 and fit in letter.pages[0].texts()


# --- the board as tiles to cut out -----------------------------------------------------------------
def _cut_squares(page: Canvas) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of every solid cut square drawn on a page (the tiles' outlines)."""
    out = []
    for op, pts in page.absolute_points():
        if op.kind != "path" or op.style != CUT or len(pts) != 4:
            continue
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


def _texts_at(page: Canvas) -> list[tuple[str, float, float, float]]:
    return [
        (op.data[2], *pts[0], op.text.size)
        for op, pts in page.absolute_points()
        if op.kind == "text"
    ]


@pytest.mark.parametrize(("paper", "size"), [("a4", (297.0, 210.0)), ("letter", (279.4, 215.9))])
@pytest.mark.parametrize("mono", [False, True])
def test_tiles_to_cut_out_recreate_the_board(paper, size, mono):
    doc = triactor_tiles(paper, mono)  # tiles_document, built once a session (builds.py)
    assert doc.stem == "triactor-tiles" and len(doc.pages) == 2  # 24 tiles and the map
    r = pdf_of(doc)
    assert len(r.pages) == 2 and all(page_mm(r, i) == size for i in range(2))
    tile = 2 * SPACE
    # the board's step numbers and coin spots, where the whole board prints them
    w, h = board_size()
    whole = Canvas(w, h, mono=mono)
    draw_board(whole)
    numbers = {t: (x, y) for t, x, y, _ in _texts_at(whole) if t.isdigit()}
    coins = sorted(_white_circles(whole, COIN_R))
    placed: dict[int, tuple[float, float]] = {}  # tile index -> its top-left on its page
    found_numbers: dict[str, tuple[float, float]] = {}
    found_coins = []
    for page in doc.pages:
        assert BAR_TEXT in page.texts()  # true size: the calibration bar on every sheet
        squares = _cut_squares(page)
        texts = _texts_at(page)
        assert min(s for *_, s in texts) >= 6.0
        for x0, y0, x1, y1 in squares:
            assert (x1 - x0, y1 - y0) == pytest.approx((tile, tile), abs=1e-3)
            # inside the 10 mm margins, above the footer band and the calibration bar
            assert x0 >= 10 and y0 >= 10 and x1 <= page.width - 10
            assert y1 <= page.height - 10 - layout.FOOTER_BAND - layout.BAR_STRIP + 1e-6
            labels = [
                t
                for t, x, y, _ in texts
                if t.startswith("T") and t[1:].isdigit() and x0 < x < x1 and y0 < y < y1
            ]
            (label,) = labels
            i = int(label[1:]) - 1
            assert i not in placed
            placed[i] = (x0, y0)
            win = artwork.tile_window(tiles_in_order()[i])
            # back to board mm: the tile's drawing is the board's, shifted
            for t, x, y, _ in texts:
                if t.isdigit() and x0 < x < x1 and y0 < y < y1:
                    found_numbers[t] = (x - x0 + win.x, y - y0 + win.y)
            for x, y in _white_circles(page, COIN_R):
                if x0 < x < x1 and y0 < y < y1:
                    found_coins.append((x - x0 + win.x, y - y0 + win.y))
        # crop marks continue the cut lines outside the tiles, clear of the calibration bar
        marks = [pts for op, pts in page.absolute_points() if op.style == layout.CROP]
        assert len(marks) >= 8
        bar_top = page.height - 10 - layout.FOOTER_BAND - layout.BAR_HEIGHT
        bar = (page.width / 2 - 25, bar_top, page.width / 2 + 25, bar_top + layout.BAR_HEIGHT)
        edges_x = {round(v, 3) for q in squares for v in (q[0], q[2])}
        edges_y = {round(v, 3) for q in squares for v in (q[1], q[3])}
        for (ax, ay), (bx, by) in marks:
            if abs(ax - bx) < 1e-6:  # a vertical mark continues a vertical cut
                assert round(ax, 3) in edges_x
            else:
                assert abs(ay - by) < 1e-6 and round(ay, 3) in edges_y
            mx, my = (ax + bx) / 2, (ay + by) / 2
            assert not any(
                q[0] + 1e-6 < mx < q[2] - 1e-6 and q[1] + 1e-6 < my < q[3] - 1e-6 for q in squares
            )
            assert max(ax, bx) < bar[0] or min(ax, bx) > bar[2] or max(ay, by) < bar[1]
        # tiles never overlap (they share edges)
        for a_i, a in enumerate(squares):
            for b in squares[a_i + 1 :]:
                assert (
                    min(a[2], b[2]) - max(a[0], b[0]) < 1e-6
                    or min(a[3], b[3]) - max(a[1], b[1]) < 1e-6
                )
    assert sorted(placed) == list(range(24))
    assert found_numbers.keys() == numbers.keys() == {str(s) for s in range(1, 45)}
    for t, (x, y) in numbers.items():
        assert found_numbers[t] == pytest.approx((x, y), abs=1e-3), t
    assert len(found_coins) == len(coins) == 8
    rounded = sorted((round(x, 2), round(y, 2)) for x, y in found_coins)
    assert rounded == sorted((round(x, 2), round(y, 2)) for x, y in coins)
    # race order: T1 holds steps 1 and 2, T4 the corner 7, T24 steps 43 and 44
    order = tiles_in_order()
    assert (order[0].steps, order[3].steps, order[23].steps) == ((1, 2), (7,), (43, 44))
    # the layout map on the first sheet names every tile, at a readable size
    first = doc.pages[0].texts()
    assert "Lay the tiles out like this" in first and "start / finish" in first
    assert all(first.count(f"T{i}") == 2 for i in range(1, 14))  # on the map and its tile
    instructions = [
        (t, s)
        for t, *_, s in _texts_at(doc.pages[0])
        if t.startswith(("Cut from mark", "Triactor board tiles:"))
    ]
    assert instructions and all(s >= 8.0 for _, s in instructions)


def test_tiles_start_finish_line_falls_on_the_tiles_of_steps_44_and_1():
    """The chequered line is the edge between T24 and T1: half its squares on each."""
    doc = triactor_tiles("a4")
    black = {}
    for page in doc.pages:
        squares = _cut_squares(page)
        texts = _texts_at(page)
        for x0, y0, x1, y1 in squares:
            (label,) = [
                t
                for t, x, y, _ in texts
                if t.startswith("T") and t[1:].isdigit() and x0 < x < x1 and y0 < y < y1
            ]
            sq = SPACE / 8  # a square of the chequered line
            fills = [
                pts
                for op, pts in page.absolute_points()
                if op.kind == "path"
                and op.style.fill == "#000000"
                and len(pts) == 4
                and max(x for x, _ in pts) - min(x for x, _ in pts) == pytest.approx(sq)
                and max(y for _, y in pts) - min(y for _, y in pts) == pytest.approx(sq)
                and all(x0 - 1e-6 <= x <= x1 + 1e-6 and y0 - 1e-6 <= y <= y1 + 1e-6 for x, y in pts)
            ]
            black[label] = [min(x for x, _ in p) - x0 for p in fills]
    assert len(black["T1"]) == len(black["T24"]) == 8  # 16 squares across the straight
    assert all(dx == pytest.approx(0.0, abs=1e-3) for dx in black["T1"])  # on T1's left edge
    assert all(dx == pytest.approx(2 * SPACE - SPACE / 8, abs=1e-3) for dx in black["T24"])
    assert all(not v for k, v in black.items() if k not in ("T1", "T24"))


def test_tiles_fit_one_sheet_of_larger_paper_and_say_when_a_tile_does_not_fit():
    for paper in ("a3", "tabloid"):
        doc = triactor_tiles(paper)
        assert len(doc.pages) == 1 and BAR_TEXT in doc.pages[0].texts()
        assert len(_cut_squares(doc.pages[0])) == 24
    turned = triactor_tiles("a4", landscape=True)
    assert all(p.width > p.height for p in turned.pages)


def test_discs_get_no_square_crop_marks(tmp_path, monkeypatch):
    """Pawns and coins are cut along their rings; square crop marks only strayed between them,
    and only where a row was short (found by a user test). Horse cards keep theirs."""
    from generator.render import sheets

    drawn = []
    real = sheets.draw_crop_marks
    monkeypatch.setattr(sheets, "draw_crop_marks", lambda *a: drawn.append(a) or real(*a))
    for paper in ("a4", "letter"):
        pawns_document(PrintOptions(tmp_path, paper=paper))
        coins_document(PrintOptions(tmp_path, paper=paper))
    assert drawn == []
    horses_document(PrintOptions(tmp_path))
    assert drawn
