"""The ledger (decision 31), the odds sheet (decision 30) and the slips' payout reminder."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from usage import drop_usage

from generator.cli import cli
from generator.errors import BadOption, InvalidInput
from generator.games.registry import game
from generator.games.triactor.betting.payouts import bet_types
from generator.games.triactor.printing import sheets
from generator.games.triactor.printing.slips import PAYS_NOTE, pays_text, slips_documents
from generator.printing import PrintSpec
from generator.render import layout

DATA = Path(__file__).resolve().parent / "data"
SEASON, RESULTS = DATA / "season.csv", DATA / "results.csv"


def spec(tmp_path, paper: str = "a4") -> PrintSpec:
    return PrintSpec(out=tmp_path, paper=paper)


def sizes(doc) -> list[float]:
    return [op.text.size for page in doc.pages for op, _ in page.flat() if op.kind == "text"]


# --- the ledger ------------------------------------------------------------------------------------
def test_blank_ledger_players_down_races_across(tmp_path):
    doc = sheets.ledger_document(spec(tmp_path))
    (page,) = doc.pages
    assert page.width > page.height  # landscape
    texts = page.texts()
    assert [t for t in texts if t.startswith("race ")] == [f"race {k}" for k in range(1, 7)]
    assert texts.count("won") == texts.count("so far") == 6
    assert "player" in texts and "total" in texts
    assert not [t for t in texts if t.isdigit()]  # nothing filled in
    advice = " ".join(texts)
    assert "every race starts with 3 credits each" in advice
    assert min(sizes(doc)) >= 7.0
    wide = sheets.ledger_document(spec(tmp_path, "letter"), players=12, races=12)
    assert [t for t in wide.pages[0].texts() if t.startswith("race ")][-1] == "race 12"


def test_ledger_filled_from_a_bets_file_and_results(tmp_path):
    doc = sheets.ledger_document(spec(tmp_path), bets=SEASON, results=RESULTS)
    texts = doc.pages[0].texts()
    assert [t for t in texts if t.startswith("race ")] == [
        "race 1: S M C",
        "race 2: P D S",
        "race 3: H A B",
    ]
    start = texts.index("alice")
    # name, then (won, so far) for each race, then the final total
    assert texts[start : start + 8] == ["alice", "12", "12", "0", "12", "4", "16", "16"]
    assert texts[start + 8 : start + 16] == ["bob", "16", "16", "12", "28", "0", "28", "28"]
    assert texts[start + 16 : start + 24] == ["carol", "4", "4", "32", "36", "8", "44", "44"]
    assert texts[-1] == "Leading after race 3: carol with 44"
    assert doc.ident.startswith("3 races filled")


def test_ledger_with_more_columns_than_races_leaves_the_rest_blank(tmp_path):
    doc = sheets.ledger_document(spec(tmp_path), players=5, races=5, bets=SEASON, results=RESULTS)
    texts = doc.pages[0].texts()
    assert [t for t in texts if t.startswith("race ")][3:] == ["race 4", "race 5"]
    start = texts.index("carol")
    assert texts[start : start + 8] == [
        "carol",
        "4",
        "4",
        "32",
        "36",
        "8",
        "44",
        "Leading after race 3: carol with 44",
    ]


def test_ledger_needs_both_files(tmp_path):
    with pytest.raises(BadOption) as e:
        sheets.ledger_document(spec(tmp_path), bets=SEASON)
    assert e.value.option == "--results"
    r = CliRunner().invoke(
        cli, ["triactor", "ledger", "--results", str(RESULTS), "--out", str(tmp_path)]
    )
    assert r.exit_code == 2
    assert drop_usage(r.output).startswith(
        "Error: Invalid value for '--bets': a filled ledger needs"
    )
    r = CliRunner().invoke(
        cli,
        ["triactor", "ledger", "--bets", str(SEASON), "--results", str(DATA / "nope.csv"),
         "--out", str(tmp_path)],
    )  # fmt: skip
    assert (r.exit_code, drop_usage(r.output)) == (
        1,
        f"Error: results file {DATA / 'nope.csv'} not found: check the path\n",
    )


def test_ledger_refuses_more_players_than_a_page_holds(tmp_path):
    bets = tmp_path / "bets.csv"
    bets.write_text("player,bet\n" + "".join(f"p{i},S\n" for i in range(13)), encoding="utf-8")
    results = tmp_path / "results.csv"
    results.write_text("race,finish\n1,SMC\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match="names 13 players, more than the 12 rows"):
        sheets.ledger_document(spec(tmp_path), bets=bets, results=results)


def test_ledger_and_odds_sheet_are_in_the_table_the_list_and_the_kit():
    table = {p.name: p for p in game("triactor").printables()}
    assert table["ledger"].kit is not None and table["ledger"].demo is None
    assert table["odds-sheet"].kit is None
    out = CliRunner().invoke(cli, ["list"]).output
    assert "ledger, odds-sheet" in out


# --- the odds sheet -----------------------------------------------------------------------------
def test_odds_sheet_says_where_the_coins_lie(tmp_path):
    doc = sheets.odds_sheet_document(spec(tmp_path))
    (page,) = doc.pages
    assert page.height > page.width
    words = " ".join(page.texts())
    assert "These chances depend on where the coins lie." in words
    assert "C 5, P 8, B 14, M 17, S 27, H 30, D 36, A 39" in words
    assert "Coins placed elsewhere give other chances." in words
    tally = sheets.sheet_tally()
    win = tally.places()[2][0]
    assert f"{win:.1%}" in page.texts()  # Crusader's chance to win, as simulated
    assert min(sizes(doc)) >= 9.0


def test_per_credit_is_exact():
    assert sheets.per_credit("WIN") == (2, 1, Fraction(1, 2))
    assert sheets.per_credit("SHOW") == (Fraction(3, 2), Fraction(3, 4), Fraction(3, 8))
    assert sheets.per_credit("EXACTOR") == (Fraction(4, 7), Fraction(2, 7), Fraction(1, 7))
    assert sheets.per_credit("EXACTOR BOX") == sheets.per_credit("EXACTOR")
    assert sheets.per_credit("TRIACTOR BOX") == (Fraction(1, 7), Fraction(1, 14), Fraction(1, 28))
    assert sheets.average_chance("TRIACTOR") == Fraction(1, 336)


# --- the slips' reminder of what each bet pays ----------------------------------------------------
def test_slips_remind_what_each_bet_pays(tmp_path):
    (gutter,) = slips_documents(spec(tmp_path), 4, 1, layouts=("gutter-fold",))
    texts = gutter.pages[0].texts()
    pays = [pays_text(bt) for bt in bet_types().values()]
    assert pays == ["-", "16/8/4", "8/4/2", "4/2/1", "32/16/8", "32/16/8", "48/24/12", "24/12/6"]
    for text in set(pays):
        assert texts.count(text) == 4 * pays.count(text), text  # on each of the 4 slips
    assert pays_text(bet_types()["TRIACTOR"]) == "48/24/12"
    assert pays_text(bet_types()["INFO"]) == "-"
    assert texts.count("pays") == 4 and texts.count(PAYS_NOTE) == 4
    small = [op.text.size for op, _ in gutter.pages[0].flat() if op.kind == "text"]
    assert min(small) >= layout.MIN_TEXT
