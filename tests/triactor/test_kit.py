"""The Triactor kit as a table gets it (issue 26, items 8 and 9): slips with the race number
left blank, the pawns on the dice's card sheet, card-stock pages well used and no page of
pieces with a blank band where pieces could go, measured on the recorded pages."""

from __future__ import annotations

import re

import pytest
from kitcheck import blank_band, cut_areas, kit, page_with, text_sizes, used_fraction
from pdfcheck import pdf_of

from generator.games.registry import game
from generator.games.triactor.printables import KIT_COVER, KIT_SLIPS
from generator.games.triactor.printing.artwork import PAWN_DIAMETER

GUTTER = "fold back on this line, then glue the blank sides together"
PAPERS = [("a4", False), ("letter", False), ("a4", True)]


def card_pages(doc):  # noqa: ANN001, ANN201
    """The pages the cover says to print on card stock, in the kit's order."""
    parts = [p for p in game("triactor").printables() if p.kit is not None and not p.kit.rules]
    cards = [p for p in parts if p.kit.stock == "card"]
    assert [p.name for p in cards] == ["horses", "coins", "dice"]
    return [
        page_with(doc, "Suns · piecepack suit"),
        page_with(doc, GUTTER, "null", without="Race ____"),
        page_with(doc, "Horse pawns", "S Solar Eclipse (Suns)"),
    ]


def test_the_kits_slips_leave_the_race_number_blank():
    text = "\n".join(page.extract_text() for page in pdf_of(kit("triactor")).pages)
    assert not re.search(r"Race\s+\d", text)  # no slip is pre-numbered
    # every slip, front and back, has the blank: two full sheets of four
    blanks = sum(t == "Race ____" for page in kit("triactor").pages for t in page.texts())
    assert KIT_SLIPS == 8 and blanks == 2 * KIT_SLIPS


@pytest.mark.parametrize(("paper", "mono"), PAPERS)
def test_the_pawns_share_the_dice_sheet_and_the_card_sheets_are_used(paper, mono):
    doc = kit("triactor", paper, mono)
    cards = card_pages(doc)
    assert len(cards) == 3  # the pawns no longer take a fourth card sheet (4 % used)
    dice = cards[-1]
    pawns = [a for a in cut_areas(dice) if abs(a - 3.14159 * (PAWN_DIAMETER / 2) ** 2) < 0.1]
    assert len(pawns) == 16  # the eight horses and a spare of each
    # measured: A4 0.759, 0.529, 0.337 (the dice alone were 0.296, the pawns' sheet 0.041);
    # Letter 0.792, 0.553, 0.350
    fractions = [used_fraction(c) for c in cards]
    assert min(fractions) > 0.33
    assert sum(fractions) / len(fractions) > 0.54  # before: 0.406 (A4) over four sheets
    for c in cards:
        assert blank_band(c) < 80.0


@pytest.mark.parametrize(("paper", "mono"), PAPERS)
def test_no_page_of_pieces_leaves_a_band_of_80_mm(paper, mono):
    doc = kit("triactor", paper, mono)
    slips = [c for c in doc.pages if "Race ____" in c.texts()]
    assert len(slips) == 2
    for c in [*slips, *card_pages(doc)]:
        assert blank_band(c) < 80.0


def test_card_pages_never_say_to_glue_onto_card_and_instructions_are_8_pt():
    for c in card_pages(kit("triactor")):
        words = " ".join(c.texts()).lower()
        assert not re.search(r"glue[^.]*card", words)
        for text, size in text_sizes(c):
            assert size >= 6.0, text
            if len(text.split()) >= 4:  # a sentence, not a piece's label
                assert size >= 8.0, text


def test_kit_cover_facts_count_what_the_kit_prints():
    doc = kit("triactor")
    assert KIT_COVER["players"] == "3 to 6"
    pieces = " ".join(KIT_COVER["pieces"])
    assert "16 horse pawns" in pieces and "8 horse cards" in pieces
    assert "48 coins" in pieces and "8 dice" in pieces
    dice = card_pages(doc)[-1]
    assert sum(t.endswith(")") and t[1] == " " for t in dice.texts()) == 8  # a net per horse
