"""The Trading Paint kit plays with 2 to 6 players: its card sheets hold every car every set-up
races (teams A, B and C, late cars 7 and 8), its table names exactly the cars each count's
set-up races, no page wastes a band of card, instructions are 8 pt or more, and the team
symbol stands clear of the car number. Measured from the recorded canvas."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.registry import game
from generator.games.trading_paint.printables import KIT_COVER
from generator.games.trading_paint.printing.kit_pieces import pieces_document
from generator.games.trading_paint.printing.piece_art import car_face_drawer
from generator.games.trading_paint.rules.setup import get_setup
from generator.kits import kit_document
from generator.options import PrintOptions
from generator.render.canvas import Canvas
from generator.render.pages import usable_box
from generator.render.text import text_corners

UNUSED = Path("unused")
PRINTS = [("a4", False), ("letter", False), ("a4", True)]
EVERY_CAR = {"A1", "B2", "A3", "B4", "A5", "B6", "A7", "B8", "C3", "A4", "B5", "C6"}


def texts(canvas: Canvas) -> list[tuple[str, float, list]]:
    """(string, size in pt, box corners) of every text on a page, in drawing order."""
    return [
        (op.data[2], op.text.size, text_corners(op, stack))
        for op, stack in canvas.flat()
        if op.kind == "text"
    ]


def car_nets(canvas: Canvas) -> list[str]:
    """The cars a page's nets print: each net draws faces 1 to 5 (number, team letter) and then
    its roof ('car N'), so the letter printed just before a roof is that car's team."""
    out, letter = [], None
    for s, _, _ in texts(canvas):
        if len(s) == 1 and s.isupper():
            letter = s
        elif s.startswith("car ") and s[4:].isdigit():
            out.append(f"{letter}{s[4:]}")
    return out


def kit(paper: str, mono: bool):
    return kit_document(game("trading-paint"), PrintOptions(UNUSED, paper=paper, mono=mono))


@pytest.mark.parametrize(("paper", "mono"), PRINTS)
def test_the_kit_holds_cars_for_2_to_6_players(paper, mono):
    """Teams A, B and C, late cars 7 and 8: one car die for each car and team any count races."""
    doc = kit(paper, mono)
    printed = [car for page in doc.pages for car in car_nets(page)]
    assert sorted(printed) == sorted(EVERY_CAR)  # each once
    assert {car[0] for car in printed} == {"A", "B", "C"}


def table(canvas: Canvas) -> dict[int, str]:
    """The 'which cars for how many players' table: the line after each 'N players'."""
    lines = [s for s, _, _ in texts(canvas)]
    return {
        int(s.split()[0]): lines[k + 1]
        for k, s in enumerate(lines)
        if s.endswith(" players") and s.split()[0].isdigit() and len(s.split()) == 2
    }


@pytest.mark.parametrize(("paper", "mono"), PRINTS)
def test_for_each_count_the_cars_to_cut_are_exactly_what_its_set_up_races(paper, mono):
    doc = kit(paper, mono)
    first = next(page for page in doc.pages if car_nets(page))
    rows = table(first)
    assert sorted(rows) == [2, 3, 4, 5, 6]
    printed = {car for page in doc.pages for car in car_nets(page)}
    cover = dict(KIT_COVER["counts"])
    for players in range(2, 7):
        setup = get_setup(players)
        needed = [f"{c.team}{i + 1}" for i, c in enumerate(setup.cars)]
        assert rows[players].split() == needed
        assert set(needed) <= printed
        assert cover[players].startswith("cars " + " ".join(needed) + ":")
    assert rows[4].split()[-2:] == ["A7", "B8"] and rows[3].split().count("C3") == 1
    assert KIT_COVER["players"] == "2-6"


def test_the_cover_counts_the_pieces_the_sheets_print():
    for paper in ("a4", "letter"):
        doc = pieces_document(PrintOptions(UNUSED, paper=paper), 16.0)
        words = [s for page in doc.pages for s, _, _ in texts(page)]
        assert words.count("path die") == 6 and words.count("spare path die") == 2
        assert len([c for page in doc.pages for c in car_nets(page)]) == 12
    assert "8 path dice (6 and 2 spares)" in KIT_COVER["pieces"]
    assert "12 car dice (teams A, B and C)" in KIT_COVER["pieces"]


def y_extent(canvas: Canvas) -> list[tuple[float, float]]:
    spans = [
        (min(p[1] for p in pts), max(p[1] for p in pts))
        for op, pts in canvas.absolute_points()
        if pts and op.kind != "text"
    ]
    spans += [(min(p[1] for p in c), max(p[1] for p in c)) for _, _, c in texts(canvas)]
    return sorted(spans)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_sheet_of_cars_and_dice_leaves_a_band_of_blank_card(paper):
    """Issue 26 found 80-150 mm blank bands on the dice pages; now the widest full-width blank
    band inside the margins is under 30 mm."""
    doc = pieces_document(PrintOptions(UNUSED, paper=paper), 16.0)
    assert len(doc.pages) == 2
    for page in doc.pages:
        box = usable_box(page)  # the page's width and height, as its paper's
        widest, reach = 0.0, box.y
        for lo, hi in y_extent(page):
            widest = max(widest, lo - reach)
            reach = max(reach, hi)
        widest = max(widest, box.bottom - reach)
        assert widest < 30.0


@pytest.mark.parametrize(("paper", "mono"), PRINTS)
def test_instructions_are_8_pt_and_labels_never_under_6(paper, mono):
    doc = kit(paper, mono)
    sizes = {}
    for page in doc.pages:
        for s, size, _ in texts(page):
            sizes.setdefault(s, size)
            assert size >= 6.0, s
    for start in ("Two pages: print them on both sides", "Paths are the white squares",
                  "Cut out, fold and glue every car", "16 mm cars and dice"):  # fmt: skip
        found = [v for s, v in sizes.items() if s.startswith(start)]
        assert found and min(found) >= 8.0, start


def test_the_strategy_card_speaks_words_not_formulas():
    from generator.games.trading_paint.printing.strategy_card import strategy_document

    doc = strategy_document(PrintOptions(UNUSED))
    words = " ".join(s for page in doc.pages for s, _, _ in texts(page))
    assert "gain + 4)/6" not in words and "(4/5)^" not in words
    assert "one roll in six" in words


@pytest.mark.parametrize("face", [1, 6])
@pytest.mark.parametrize(("number", "team"), [(1, 0), (4, 0), (8, 1), (6, 2)])
def test_the_team_symbol_stands_clear_of_the_car_number(face, number, team):
    """The symbol (the only outlined shape on a face) and the number's text box do not touch:
    at least 0.5 mm of paper between them, on a side face and on the roof."""
    canvas = Canvas(30.0, 30.0)
    car_face_drawer(number, team, "ABC"[team], face)(canvas, 16.0)
    pts = [
        p
        for op, ps in canvas.absolute_points()
        if op.kind == "path" and op.style is not None and op.style.stroke is not None
        for p in ps
    ]
    sx0, sx1 = min(p[0] for p in pts), max(p[0] for p in pts)
    sy0, sy1 = min(p[1] for p in pts), max(p[1] for p in pts)
    label = str(number) if face != 6 else f"car {number}"
    (corners,) = [c for s, _, c in texts(canvas) if s == label]
    tx0, tx1 = min(p[0] for p in corners), max(p[0] for p in corners)
    ty0, ty1 = min(p[1] for p in corners), max(p[1] for p in corners)
    apart = max(tx0 - sx1, sx0 - tx1, ty0 - sy1, sy0 - ty1)
    assert apart >= 0.5


def test_the_dice_pages_turn_a_die_in_8_pt():
    from generator.games.trading_paint.printing.dice_nets import dice_document

    doc = dice_document(PrintOptions(UNUSED), 16.0, 6)
    (size,) = {v for page in doc.pages for s, v, _ in texts(page) if s.startswith("Turn a die")}
    assert size >= 8.0
