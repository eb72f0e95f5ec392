"""The Dice Rush kit as a table gets it (issue 26, items 5 and 9): the dice sheet, on card
stock, holds a player aid card for each player where it left a 113 mm band, never says to
glue anything onto card, and the rules printed on the board are 8 pt; measured on the
recorded pages."""

from __future__ import annotations

import re

import pytest
from kitcheck import blank_band, cut_areas, kit, page_with, text_sizes, used_fraction

from generator.games.dice_rush.printables import KIT_COVER
from generator.games.dice_rush.printing.artwork import LEGEND_LINES
from generator.games.dice_rush.printing.materials import AID_H, AID_W, PAWN
from generator.games.registry import game

PAPERS = [("a4", False), ("letter", False), ("a4", True), ("letter", True)]


def card_pages(doc):  # noqa: ANN001, ANN201
    parts = [p for p in game("dice-rush").printables() if p.kit is not None]
    assert [p.name for p in parts if p.kit.stock == "card"] == ["dice"]
    return [page_with(doc, "Player 1: a roll", "Player 2: a roll")]


@pytest.mark.parametrize(("paper", "mono"), PAPERS)
def test_the_dice_sheet_holds_the_pieces_and_a_player_aid_each(paper, mono):
    (sheet,) = card_pages(kit("dice-rush", paper, mono))
    areas = cut_areas(sheet)
    assert sum(abs(a - AID_W * AID_H) < 0.01 for a in areas) == 2
    assert sum(abs(a - 3.14159 * (PAWN / 2) ** 2) < 0.1 for a in areas) == 2
    assert len(areas) == 2 + 2 + 2 + 2  # two d8, two d6, two pawns, two aids
    # measured: A4 0.410 (0.195 before), Letter 0.425 (0.203); band A4 42.8 mm (112.8
    # before), Letter 28.7 mm (98.7)
    assert used_fraction(sheet) > 0.40
    assert blank_band(sheet) < 80.0


def test_card_pages_never_say_to_glue_onto_card_and_instructions_are_8_pt():
    for c in card_pages(kit("dice-rush")):
        assert not re.search(r"glue[^.]*card", " ".join(c.texts()).lower())
        for text, size in text_sizes(c):
            assert size >= 6.0, text
            if len(text.split()) >= 4:
                assert size >= 8.0, text


@pytest.mark.parametrize("order", ["together", "turns"])
def test_the_rules_printed_on_the_board_are_8_pt(order):
    from builds import documents

    (doc,) = documents("dice-rush", "board", order=order)
    sizes = dict(text_sizes(doc.pages[0]))
    assert all(sizes[line] == 8.0 for line in LEGEND_LINES[order])
    assert sizes["up (d8: 1) is towards this edge for both players"] == 8.0


def test_kit_cover_facts_count_what_the_kit_prints():
    assert KIT_COVER["players"] == "2"
    assert "2 player aid cards" in KIT_COVER["pieces"] and "2 pawns" in KIT_COVER["pieces"]
