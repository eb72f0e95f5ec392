"""Printables: every document rendered to PDF and checked (pages, sizes, text, true scale)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_mm, pdf_of
from pypdf import PdfReader
from usage import drop_usage

from generator.cli import cli
from generator.errors import InvalidInput
from generator.games.trading_paint.printing import (
    board_pages,
    board_style,
    dice_nets,
    rules_summary,
    sizes,
)
from generator.games.trading_paint.printing.board_art import draw_board
from generator.games.trading_paint.printing.board_style import board_size
from generator.games.trading_paint.rules.board import TRACK, load_board
from generator.options import PrintOptions
from generator.output import render
from generator.render.canvas import Canvas

UNUSED = Path("unused")  # the output folder of documents these tests never write


def text(reader: PdfReader) -> str:
    return "\n".join(p.extract_text() for p in reader.pages)


def test_board_drawing_is_true_scale():
    board = load_board()
    c = Canvas(*board_size(board, 16.0))
    draw_board(c, board, 16.0)
    squares = [
        op for op, _ in c.flat()
        if op.kind == "path" and op.style.stroke == "#7a7a7a" and len(op.data) == 5
    ]  # fmt: skip
    assert len(squares) == 360  # every track square outlined
    xs = sorted({round(cmd[1], 3) for op in squares for cmd in op.data[:1]})
    assert all(abs(b - a - 16.0) < 1e-6 for a, b in zip(xs, xs[1:], strict=False))
    assert "TRADING PAINT · PIT" in c.texts() and "25" in c.texts()


def test_turn_squares_are_dotted_so_mono_prints_show_them():
    """Light grey alone falls to about 2 % grey in mono (found by the print audit): every turn
    square also carries a dot pattern, in colour and in mono."""
    board = load_board()
    turns = sum(1 for cell, k in enumerate(board.kind) if k == TRACK and board.turn[cell])
    for mono in (False, True):
        c = Canvas(*board_size(board, 16.0), mono=mono)
        draw_board(c, board, 16.0)
        dotted = [op for op, _ in c.flat() if op.style is not None and op.style.hatch == "dots"]
        assert len(dotted) == turns == 4 * 36


def test_board_tiles_pick_the_orientation_with_fewest_sheets(tmp_path):
    r = pdf_of(board_pages.board_document(PrintOptions(tmp_path), "tiles", 16.0))
    assert len(r.pages) == 1 + 4  # assembly map and 2 x 2 landscape sheets
    assert page_mm(r, 1) == (297.0, 210.0)
    # the map, and the last sheet (B2) with its bar: a board's pages take long to read back
    first, last = r.pages[0].extract_text(), r.pages[-1].extract_text()
    assert "Assembly map: 2 rows of 2 sheets" in first
    assert "B2" in last and "this bar is 50 mm" in last


def test_a_board_that_fits_one_sheet_is_not_tiled(tmp_path):
    """9 mm squares fit one landscape Letter sheet at true size: one page, no assembly map
    (it printed a map and two sheets to tape, found by the audit)."""
    r = pdf_of(board_pages.board_document(PrintOptions(tmp_path, paper="letter"), "tiles", 9.0))
    assert len(r.pages) == 1 and page_mm(r) == (279.4, 215.9)
    t = text(r)
    assert "scale 1:1, true size" in t and "this bar is 50 mm" in t
    assert "Assembly map" not in t


def test_board_tiles_on_letter_portrait_when_asked_landscape(tmp_path):
    r = pdf_of(
        board_pages.board_document(
            PrintOptions(tmp_path, paper="letter", landscape=True), "tiles", 16.0
        )
    )
    assert page_mm(r, 0) == (279.4, 215.9)


def test_poster_on_named_paper_and_on_any_sheet(tmp_path):
    r = pdf_of(board_pages.board_document(PrintOptions(tmp_path, paper="a3"), "poster", 16.0))
    assert len(r.pages) == 1 and page_mm(r) == (420.0, 297.0)
    assert "not true size" in text(r)
    r = pdf_of(
        board_pages.board_document(PrintOptions(tmp_path), "poster", 16.0, sheet="600x400mm")
    )
    assert page_mm(r) == (600.0, 400.0)
    t = text(r)  # read once: a board page takes most of a second to read back
    assert "scale 1:1, true size" in t and "this bar is 50 mm" in t
    assert board_pages.parse_sheet("24x36in").width == 609.6


@pytest.mark.parametrize("bad", ["big", "10x10mm", "600 by 400"])
def test_bad_sheet_sizes(bad):
    """The library names the option in a field; the command line words it (test below)."""
    from generator.errors import BadOption

    with pytest.raises(BadOption, match=f"^{bad!r}: ") as e:
        board_pages.parse_sheet(bad)
    assert e.value.option == "--sheet" and isinstance(e.value, InvalidInput)


def test_overview_is_one_reduced_page(tmp_path):
    r = pdf_of(board_pages.board_document(PrintOptions(tmp_path, paper="letter"), "overview", 16.0))
    assert len(r.pages) == 1 and page_mm(r) == (279.4, 215.9)
    t = text(r)
    assert "not true size" in t and "Lanes: 1 inside" in t


def test_path_dice_nets_and_legend(tmp_path):
    r = pdf_of(dice_nets.dice_document(PrintOptions(tmp_path), 16.0, 6))
    assert len(r.pages) == 1
    t = text(r)
    assert "3: must turn" in t and "5: X: spin-out" in t and "6: straight on" in t
    assert len(pdf_of(dice_nets.dice_document(PrintOptions(tmp_path), 16.0, 12)).pages) == 2
    with pytest.raises(InvalidInput, match="does not fit"):
        dice_nets.dice_document(PrintOptions(tmp_path), 40.0 * 3, 1)


def test_path_die_faces_are_the_template_grids():
    from generator.games.trading_paint.printing.piece_art import draw_face
    from generator.games.trading_paint.rules.faces import load_faces

    for face in range(1, 7):
        c = Canvas(30, 30)
        draw_face(c, load_faces().grids[face - 1], 15, 15, 15)
        black = [op for op, _ in c.flat() if op.kind == "path" and op.style.fill == "#000000"]
        assert len(black) == sum(row.count("#") for row in load_faces().grids[face - 1])


@pytest.mark.parametrize(("players", "cars"), [(2, 6), (3, 6), (4, 8), (5, 6), (6, 6)])
def test_car_nets_one_per_car(tmp_path, players, cars):
    doc = dice_nets.cars_document(PrintOptions(tmp_path), players, 16.0)
    t = text(pdf_of(doc))
    assert all(f"car {k}" in t for k in range(1, cars + 1)) and f"car {cars + 1}" not in t
    assert "team A: sun" in t


def test_rules_summary_two_pages_for_both_sides_of_a_sheet(tmp_path):
    """The rules at 10 pt fill the first page; the faces, the luck table and the oval the
    second (one page held them only at 6.5-8 pt)."""
    doc = rules_summary.rules_document(PrintOptions(tmp_path, paper="letter"))
    r = pdf_of(doc)
    assert len(r.pages) == 2
    assert "print them on both sides of one sheet" in " ".join(r.pages[0].extract_text().split())
    t = text(r)
    for needle in (
        "Bump",
        "Draft",
        "Caution",
        "Wrecks",
        "face 3",
        "turns E-N and W-S",
        "straight N-S",
    ):
        assert needle in t
    flat = " ".join(t.split())
    # the seed's "just use the first die you rolled" and "an unused car-dice upside down"
    # (cars prints no spare car dice): both were missing from the sheet (found by the audit)
    assert "to roll a seventh, pick up the first die you laid" in flat
    assert "Mark it with any token" in flat
    assert render(doc, "svg")[0].startswith(b"<?xml")


def test_rules_summary_prints_the_readings_of_issue_28(tmp_path):
    """Issue 28 points 10-12: the summary says what the engine plays. The bump line and the
    draft line are one line, round a lane's corner; a blocked re-entry's first die may lead
    backward; in a turn the first die goes on either square ahead and no step goes outward
    into the turn; the 2 never blocks, so it lies either way up."""
    flat = " ".join(text(pdf_of(rules_summary.rules_document(PrintOptions(tmp_path)))).split())
    for needle in (
        "along the lane and round its corner in a turn",
        "the same line a bump would push",
        "it may lead any way, backward too, to get you back on the track",
        "no bump, no draft, not off the track again",
        "the first die may go on either square ahead (along the lane or beside it)",
        "a path changes lanes there only inward before the corner and outward after it",
        "The 2 is open on all four sides",
        "so it lies either way up",
    ):
        assert needle in flat, needle
    # the worksheet's rules page says the same in its words
    from generator.games.trading_paint.printing.worksheet_rules import RULES

    assert "The 2 is open on every side, either way up." in RULES["path"][1]
    assert "the first die may lie on either square ahead" in RULES["turn"][1]
    assert "goes one square back and may lead backward too" in RULES["pit"][1]
    assert "round its corner too, all go back" in RULES["bump"][1]


def test_printing_commands_write_files_and_refuse_to_overwrite(tmp_path):
    runner = CliRunner()
    r = runner.invoke(cli, ["trading-paint", "rules", "--out", str(tmp_path)])
    assert r.exit_code == 0 and drop_usage(r.output).strip() == str(
        tmp_path / "trading-paint-rules.pdf"
    )
    r = runner.invoke(cli, ["trading-paint", "rules", "--out", str(tmp_path)])
    assert r.exit_code == 1 and "already exists" in drop_usage(r.output)
    r = runner.invoke(
        cli, ["trading-paint", "board", "--sheet", "600x400mm", "--out", str(tmp_path)]
    )
    assert r.exit_code == 2 and drop_usage(
        r.output
    ).strip() == (  # a usage error, like every option's
        "Error: Invalid value for '--sheet': it sets the poster size: use it with --style poster"
    )
    r = runner.invoke(cli, ["trading-paint", "board", "--style", "poster", "--sheet", "abc"])
    assert r.exit_code == 2 and drop_usage(r.output).strip() == (
        "Error: Invalid value for '--sheet': 'abc': write the poster size as WIDTHxHEIGHT, "
        "e.g. 600x400mm or 24x36in"
    )
    r = runner.invoke(cli, ["trading-paint", "cars", "--players", "7", "--out", str(tmp_path)])
    assert r.exit_code == 2  # an option out of its range is a usage error
    assert drop_usage(r.output) == (
        "Error: Invalid value for '--players': '7' is not one of '2', '3', '4', '5', '6'.\n"
    )


def test_rules_summary_stays_portrait_and_says_so(tmp_path):
    r = CliRunner().invoke(cli, ["trading-paint", "rules", "--landscape", "--out", str(tmp_path)])
    assert r.exit_code == 0
    assert "the rules summary prints portrait" in r.output
    reader = PdfReader(tmp_path / "trading-paint-rules.pdf")
    w, h = page_mm(reader)
    assert w < h and "The oval" in reader.pages[1].extract_text()


# --- the board in colour, and in mono ------------------------------------------------------------
def _board_canvas(mono: bool = False, sq: float = 17.0) -> Canvas:
    board = load_board()
    c = Canvas(*board_size(board, sq), mono=mono)
    draw_board(c, board, sq)
    return c


def _fills_at(c: Canvas, sq: float = 17.0) -> dict[tuple[float, float, float], list]:
    """Unstroked filled rectangles by (x, y, width) in the drawing's mm."""
    out: dict[tuple[float, float, float], list] = {}
    for op, _ in c.flat():
        if op.kind == "path" and op.style.fill is not None and len(op.data) == 5:
            (_, x0, y0), (_, x1, _) = op.data[0], op.data[1]
            out.setdefault((round(x0, 2), round(y0, 2), round(x1 - x0, 2)), []).append(op.style)
    return out


def _square(x: int, y: int, sq: float = 17.0) -> tuple[float, float, float]:
    o = board_style.WALL_BAND + board_style.COORD_BAND
    return round(o + x * sq, 2), round(o + y * sq, 2), round(sq, 2)


def test_the_colour_scheme_is_pinned():
    """Light tints of the Okabe-Ito colours for the big areas, full colours for lines and marks."""
    assert board_style.LANE_TINTS == ("#eef8fd", "#daeefa")  # sky blue at 10 % and 22 %
    assert board_style.TURN_TINTS == ("#fcf2db", "#f8e5ba")  # orange at 14 % and 27 %
    assert board_style.PIT_TINTS == ("#e6f5f1", "#9edaca")  # bluish green at 10 % and 38 %
    assert board_style.START_TINT == "#f7f097"  # yellow at 55 %
    assert board_style.WALL_COLOUR == board_style.LANE_LINE_COLOUR == "#0072b2"  # blue
    assert board_style.CAUTION_COLOUR == "#cc79a7"  # reddish purple: the back straightaway's lines
    assert board_style.WRECK_COLOUR == "#d55e00"  # vermillion: the wreck zone
    assert board_style.FINISH_COLOURS == ("#000000", "#ffffff")


def test_colour_board_fills_every_area_with_its_colour():
    board = load_board()
    c = _board_canvas()
    fills = _fills_at(c)
    o = board_style.WALL_BAND + board_style.COORD_BAND

    def fill(x: int, y: int) -> str:
        return fills[_square(x, y)][0].fill

    # lanes alternate: lane 1 (inside, row 10 of the front straight) light, lane 6 (row 15) darker
    assert [fill(8, y) for y in range(10, 16)] == [
        board_style.LANE_TINTS[0],
        board_style.LANE_TINTS[1],
    ] * 3
    assert [fill(20 + k, 7) for k in range(6)] == [board_style.LANE_TINTS[k % 2] for k in range(6)]
    # the turns: warm tints, dotted, the lane alternating round the corner (ring by ring)
    assert fill(0, 0) == board_style.TURN_TINTS[1] and fill(1, 1) == board_style.TURN_TINTS[0]
    assert fill(5, 0) == board_style.TURN_TINTS[1] and fill(5, 1) == board_style.TURN_TINTS[0]
    turn_styles = [
        s for op, _ in c.flat() if op.kind == "path" for s in [op.style] if s.hatch == "dots"
    ]
    assert {s.fill for s in turn_styles} == set(board_style.TURN_TINTS) and len(turn_styles) == 144
    # the start grid
    for cell in board.start_squares:
        assert fill(*board.xy(cell)) == board_style.START_TINT
    # the pit: checks of two green tints, half a square each
    pit = fills[(round(o + 6 * 17.0, 2), round(o + 6 * 17.0, 2), 8.5)][0]
    assert pit.fill == board_style.PIT_TINTS[1] and pit.hatch is None  # no hatch in colour: ink
    assert sum(1 for st in fills.values() for s in st if s.fill == board_style.PIT_TINTS[0]) == 112
    # the wall: four blue bands
    assert sum(1 for st in fills.values() for s in st if s.fill == board_style.WALL_COLOUR) == 4
    # the finish: black and white checks
    assert {
        s.fill for st in fills.values() for s in st if s.fill in board_style.FINISH_COLOURS
    } == {
        "#000000",
        "#ffffff",
    }
    strokes = [op.style for op, _ in c.flat() if op.kind == "path" and op.style.stroke]
    assert (
        sum(1 for s in strokes if s.stroke == board_style.CAUTION_COLOUR) == 4
    )  # two double lines
    lane_lines = [s for s in strokes if s.stroke == board_style.LANE_LINE_COLOUR]
    assert len(lane_lines) == 5 and all(
        s.width == 2 * board_style.GRID_LINE.width for s in lane_lines
    )
    wreck = [s for s in strokes if s.stroke == board_style.WRECK_COLOUR]
    assert len(wreck) == 1 and wreck[0].dash  # the wreck zone's dashed edge


def test_mono_board_keeps_every_area_apart_by_pattern():
    """On a mono page the canvas greys and lightens the fills, so each area carries its own
    pattern: dotted turns, cross-hatched pit checks, a gridded wall, a hatched wreck zone; the
    lanes keep their lines, twice as wide as the grid."""
    c = _board_canvas(mono=True)
    by_hatch: dict[str, int] = {}
    for op, _ in c.flat():
        if op.kind == "path" and op.style.hatch:
            by_hatch[op.style.hatch] = by_hatch.get(op.style.hatch, 0) + 1
    assert by_hatch == {"dots": 144, "cross": 112, "grid": 4, "backdiagonal": 1}
    patterns = [
        board_style.TURN_HATCH,
        board_style.PIT_HATCH,
        board_style.WALL_HATCH,
        board_style.WRECK_HATCH,
    ]
    assert len(set(patterns)) == 4
    for op, _ in c.flat():  # nothing left in colour
        for colour in (op.style.fill, op.style.stroke, op.style.hatch_colour) if op.style else ():
            if colour:
                assert colour[1:3] == colour[3:5] == colour[5:7], colour
    lines = [op.style for op, _ in c.flat() if op.kind == "path" and op.style.width == 0.4]
    assert len(lines) == 5 and lines[0].stroke != "#ffffff"


# --- paper dice need room: the board's squares and the dice's faces -------------------------------
def _default(printable: str, flag: str) -> float:
    from generator.games.trading_paint.printables import PRINTABLES
    from generator.options import Length

    p = next(p for p in PRINTABLES if p.name == printable)
    opt = next(o for o in p.options if o.flag == flag)
    return Length().convert(opt.default, None, None)


def test_default_board_squares_leave_room_for_folded_paper_dice():
    assert sizes.DIE_CLEARANCE == 1.0
    assert sizes.BOARD_SQUARE - sizes.DIE_FACE == sizes.DIE_CLEARANCE
    assert _default("board", "--square") == sizes.BOARD_SQUARE == 17.0
    assert _default("dice", "--edge") == _default("cars", "--edge") == sizes.DIE_FACE == 16.0
    assert sizes.die_for(17.0) == 16.0 and sizes.size_note(17.0) == (
        "squares 17 mm: for 16 mm paper dice"
    )


def test_the_board_prints_the_die_size_it_is_made_for(tmp_path):
    note = "squares 17 mm: for 16 mm paper dice"
    assert note in _board_canvas().texts()
    assert "squares 12 mm: for 11 mm paper dice" in _board_canvas(sq=12.0).texts()
    doc = board_pages.board_document(PrintOptions(tmp_path), "tiles", sizes.BOARD_SQUARE)
    sheet = next(i for i, page in enumerate(doc.pages) if note in page.texts())
    # the default board command prints this document, 17 mm squares: its PDF says so on that
    # sheet (read back alone: the pages of a board take a second or more to read back)
    r = CliRunner().invoke(cli, ["trading-paint", "board", "--out", str(tmp_path / "b")])
    assert r.exit_code == 0, r.output
    reader = PdfReader(tmp_path / "b" / "trading-paint-board-tiles.pdf")
    assert len(reader.pages) == len(doc.pages)
    t = " ".join(reader.pages[sheet].extract_text().split())
    assert "17 mm squares" in t and note in t


def test_dice_and_car_pages_name_the_board_square_they_fit(tmp_path):
    note = "16 mm dice: for board squares of 17 mm, 1 mm larger"
    assert note in " ".join(
        text(pdf_of(dice_nets.dice_document(PrintOptions(tmp_path), 16.0, 6))).split()
    )
    cars = pdf_of(dice_nets.cars_document(PrintOptions(tmp_path), 4, 16.0))
    assert "16 mm cars: for board squares of 17 mm" in " ".join(text(cars).split())
    assert "12 mm dice: for board squares of 13 mm" in dice_nets.dice_fit_note(12.0)


# --- the poster is to play on, the overview to read ------------------------------------------------
def _page_squares(canvas: Canvas) -> list[float]:
    """The x of every track square's left edge on the page (outlined squares: a legend's
    swatches are outlined too, but wider than tall)."""
    xs = set()
    for op, pts in canvas.absolute_points():
        if (
            op.kind == "path"
            and op.style.stroke == board_style.GRID_LINE.stroke
            and len(op.data) == 5
        ):
            (x0, y0), (x1, _), (_, y2) = pts[0], pts[1], pts[2]
            if abs((x1 - x0) - (y2 - y0)) < 1e-6:
                xs.add(round(x0, 3))
    return sorted(xs)


def _printed_pt(canvas: Canvas) -> list[tuple[float, str]]:
    out = []
    for op, stack in canvas.flat():
        if op.kind == "text":
            size = op.text.size
            for g in stack:
                size *= g.scale
            out.append((size, op.data[2]))
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poster_is_the_largest_board_the_sheet_holds(tmp_path, paper):
    from generator.render import layout
    from generator.render.paper import Paper

    opts = PrintOptions(tmp_path, paper=paper)
    sheet = Paper.get(paper, True)
    doc = board_pages.board_document(opts, "poster", 17.0)
    page = doc.pages[0]
    sq = board_pages.poster_square(sheet, 17.0)
    xs = _page_squares(page)
    assert all(abs(b - a - sq) < 1e-3 for a, b in zip(xs, xs[1:], strict=False))
    box = layout.usable_box(sheet)
    board = load_board()
    w, h = board_size(board, sq)
    assert w <= box.w and h <= box.h  # it fits inside the margins...
    w, h = board_size(board, sq + 0.1)
    assert w > box.w or h > box.h  # ...and 0.1 mm more would not
    assert sq == {"a4": 9.8, "letter": 9.1}[paper]
    t = page.texts()
    assert layout.BAR_TEXT in t  # the bar, to check the printer did not scale it again
    assert f"poster: scale {layout.scale_text(sq / 17.0)} of 17 mm squares, not true size" in t
    assert f"squares {sq:g} mm: for {sq - 1:g} mm dice or counters" in t
    assert min(size for size, _ in _printed_pt(page)) >= board_style.MIN_TEXT_PT
    assert not any(s.startswith("Trading Paint board") for s in t)  # no title line: all board


def test_poster_is_true_size_when_the_board_fits():
    from generator.render import layout
    from generator.render.paper import Paper

    assert board_pages.poster_square(Paper.get("a4", True), 9.0) == 9.0
    doc = board_pages.board_document(PrintOptions(UNUSED), "poster", 9.0)
    assert "scale 1:1, true size" in doc.pages[0].texts()
    assert layout.BAR_TEXT in doc.pages[0].texts()
    assert board_pages.poster_square(board_pages.parse_sheet("600x400mm"), 17.0) == 17.0
    with pytest.raises(InvalidInput, match="larger --sheet"):
        board_pages.board_document(PrintOptions(UNUSED), "poster", 17.0, sheet="100x80mm")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_overview_is_a_map_with_a_legend_unlike_the_poster(paper):
    from generator.render import layout

    opts = PrintOptions(UNUSED, paper=paper)
    poster = board_pages.board_document(opts, "poster", 17.0).pages[0]
    overview = board_pages.board_document(opts, "overview", 17.0).pages[0]
    po, ov = poster.texts(), overview.texts()
    # the overview: a reduced board beside a legend of its areas, drawn in the board's styles
    assert "Legend" in ov and "Legend" not in po
    heads = [head for _, head, _ in board_pages.overview_legend(load_board())]
    assert all(head in ov for head in heads) and "Coordinates" in heads
    swatches = {op.style.fill for op, _ in overview.flat() if op.kind == "path" and op.style}
    assert {
        board_style.WALL_COLOUR,
        board_style.START_TINT,
        board_style.PIT_TINTS[1],
        *board_style.TURN_TINTS,
    } <= swatches
    assert layout.BAR_TEXT not in ov  # a map, not a page to measure
    # the poster's squares are much larger; the overview's squares leave room for the legend
    ps, os_ = _page_squares(poster), _page_squares(overview)
    assert ps[1] - ps[0] > 1.4 * (os_[1] - os_[0])
    legend_x = next(pts[0][0] for op, pts in overview.absolute_points() if op.kind == "text"
                    and op.data[2] == "Legend")  # fmt: skip
    assert max(os_) + (os_[1] - os_[0]) + board_style.WALL_BAND + board_style.COORD_BAND < legend_x
    # read at arm's length: coordinates at 7.5 pt, the legend at 9 pt, nothing under 6 pt
    sizes = _printed_pt(overview)
    assert min(size for size, _ in sizes) >= board_style.MIN_TEXT_PT
    assert all(size >= 7.5 for size, s in sizes if s == "25")
    assert any(s.startswith("Lanes: 1 inside") and size >= 9.0 for size, s in sizes)
    assert "L1" in ov and "L1" not in po  # lanes numbered on the map only
    # the pit re-entry as the rules play it (D8): one square back when the square is taken
    assert "square it left (one square back when a car blocks it)" in " ".join(ov)
