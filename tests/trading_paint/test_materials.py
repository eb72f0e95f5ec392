"""Printables: every document rendered to PDF and checked (pages, sizes, text, true scale)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pdfcheck import page_mm, pdf_of
from pypdf import PdfReader

from generator.cli import cli
from generator.errors import InvalidInput
from generator.games.trading_paint import materials as m
from generator.games.trading_paint.artwork import board_size, draw_board
from generator.games.trading_paint.board import TRACK, load_board
from generator.options import PrintOptions
from generator.output import render
from generator.render.canvas import Canvas


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
    r = pdf_of(m.board_document(PrintOptions(tmp_path), "tiles", 16.0))
    assert len(r.pages) == 1 + 4  # assembly map and 2 x 2 landscape sheets
    assert page_mm(r, 1) == (297.0, 210.0)
    t = text(r)
    assert "Assembly map: 2 rows of 2 sheets" in t and "B2" in t and "this bar measures 50 mm" in t


def test_a_board_that_fits_one_sheet_is_not_tiled(tmp_path):
    """9 mm squares fit one landscape Letter sheet at true size: one page, no assembly map
    (it printed a map and two sheets to tape, found by the audit)."""
    r = pdf_of(m.board_document(PrintOptions(tmp_path, paper="letter"), "tiles", 9.0))
    assert len(r.pages) == 1 and page_mm(r) == (279.4, 215.9)
    t = text(r)
    assert "scale 1:1, true size" in t and "this bar measures 50 mm" in t
    assert "Assembly map" not in t


def test_board_tiles_on_letter_portrait_when_asked_landscape(tmp_path):
    r = pdf_of(
        m.board_document(PrintOptions(tmp_path, paper="letter", landscape=True), "tiles", 16.0)
    )
    assert page_mm(r, 0) == (279.4, 215.9)


def test_poster_on_named_paper_and_on_any_sheet(tmp_path):
    r = pdf_of(m.board_document(PrintOptions(tmp_path, paper="a3"), "poster", 16.0))
    assert len(r.pages) == 1 and page_mm(r) == (420.0, 297.0)
    assert "not true size" in text(r)
    r = pdf_of(m.board_document(PrintOptions(tmp_path), "poster", 16.0, sheet="600x400mm"))
    assert page_mm(r) == (600.0, 400.0)
    assert "scale 1:1, true size" in text(r) and "this bar measures 50 mm" in text(r)
    assert m.parse_sheet("24x36in").width == 609.6


@pytest.mark.parametrize("bad", ["big", "10x10mm", "600 by 400"])
def test_bad_sheet_sizes(bad):
    with pytest.raises(InvalidInput, match="--sheet"):
        m.parse_sheet(bad)


def test_overview_is_one_reduced_page(tmp_path):
    r = pdf_of(m.board_document(PrintOptions(tmp_path, paper="letter"), "overview", 16.0))
    assert len(r.pages) == 1 and page_mm(r) == (279.4, 215.9)
    assert "not true size" in text(r) and "Lanes: 1 inside" in text(r)


def test_path_dice_nets_and_legend(tmp_path):
    r = pdf_of(m.dice_document(PrintOptions(tmp_path), 16.0, 6))
    assert len(r.pages) == 1
    t = text(r)
    assert "3: must turn" in t and "5: X: spin-out" in t and "6: straight on" in t
    assert len(pdf_of(m.dice_document(PrintOptions(tmp_path), 16.0, 12)).pages) == 2
    with pytest.raises(InvalidInput, match="does not fit"):
        m.dice_document(PrintOptions(tmp_path), 40.0 * 3, 1)


def test_path_die_faces_are_the_template_grids():
    from generator.games.trading_paint.artwork import draw_face
    from generator.games.trading_paint.faces import load_faces

    for face in range(1, 7):
        c = Canvas(30, 30)
        draw_face(c, load_faces().grids[face - 1], 15, 15, 15)
        black = [op for op, _ in c.flat() if op.kind == "path" and op.style.fill == "#000000"]
        assert len(black) == sum(row.count("#") for row in load_faces().grids[face - 1])


@pytest.mark.parametrize(("players", "cars"), [(2, 6), (3, 6), (4, 8), (6, 6)])
def test_car_nets_one_per_car(tmp_path, players, cars):
    doc = m.cars_document(PrintOptions(tmp_path), players, 16.0)
    t = text(pdf_of(doc))
    assert all(f"car {k}" in t for k in range(1, cars + 1)) and f"car {cars + 1}" not in t
    assert "team A: sun" in t


def test_rules_summary_one_page(tmp_path):
    doc = m.rules_document(PrintOptions(tmp_path, paper="letter"))
    r = pdf_of(doc)
    assert len(r.pages) == 1
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


def test_printing_commands_write_files_and_refuse_to_overwrite(tmp_path):
    runner = CliRunner()
    r = runner.invoke(cli, ["trading-paint", "rules", "--out", str(tmp_path)])
    assert r.exit_code == 0 and r.output.strip() == str(tmp_path / "trading-paint-rules.pdf")
    r = runner.invoke(cli, ["trading-paint", "rules", "--out", str(tmp_path)])
    assert r.exit_code == 1 and "already exists" in r.output
    r = runner.invoke(
        cli, ["trading-paint", "board", "--sheet", "600x400mm", "--out", str(tmp_path)]
    )
    assert r.exit_code == 2 and r.output.strip() == (  # a usage error, like every option's
        "Error: Invalid value for '--sheet': it sets the poster size: use it with --style poster"
    )
    r = runner.invoke(cli, ["trading-paint", "board", "--style", "poster", "--sheet", "abc"])
    assert r.exit_code == 2 and r.output.strip() == (
        "Error: Invalid value for '--sheet': 'abc': write the poster size as WIDTHxHEIGHT, "
        "e.g. 600x400mm or 24x36in"
    )
    r = runner.invoke(cli, ["trading-paint", "cars", "--players", "5", "--out", str(tmp_path)])
    assert r.exit_code == 2  # an option out of its range is a usage error
    assert r.output == (
        "Error: Invalid value for '--players': '5' is not one of '2', '3', '4', '6'.\n"
    )


def test_rules_summary_stays_portrait_and_says_so(tmp_path):
    r = CliRunner().invoke(cli, ["trading-paint", "rules", "--landscape", "--out", str(tmp_path)])
    assert r.exit_code == 0
    assert "the rules summary prints portrait" in r.output
    reader = PdfReader(tmp_path / "trading-paint-rules.pdf")
    w, h = page_mm(reader)
    assert w < h and "The oval" in reader.pages[0].extract_text()
