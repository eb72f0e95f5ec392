"""Several races settled (decision 27): a bets file with a race column, one --finish per race
or a results file, each race's payouts and the running totals; mismatches refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from usage import drop_usage

from generator.cli import cli
from generator.errors import InvalidInput
from generator.games.triactor.betting.settle import (
    parse_finish,
    read_bets,
    read_results,
    settle,
    settle_season,
)

DATA = Path(__file__).resolve().parent / "data"
SEASON = DATA / "season.csv"  # three races: alice, bob, carol
RESULTS = DATA / "results.csv"  # 1,S M C / 2,P D S / 3,H A B
FINISHES = ("S,M,C", "P,D,S", "H,A,B")


def run(*args: str):
    return CliRunner().invoke(cli, ["triactor", *args])


def season_of(text: str, *finishes: str):
    return settle_season(read_bets(text, "bets.csv"), [parse_finish(f) for f in finishes])


# --- the season by hand ----------------------------------------------------------------------
def test_a_season_by_hand():
    season = season_of(SEASON.read_text(encoding="utf-8"), *FINISHES)
    assert season.players == ("alice", "bob", "carol")
    # race 1, S M C: backs alice SM, bob SM, carol C (S 2, M 2, C 1): alice S wins with 2
    # backers (8) and MM places (4); bob [SM] 2 + 2 = 4 (4-5: 16); carol CCC shows alone (4)
    # race 2, P D S: backs alice SMC, bob P, carol PD (P 2, D 1): bob P 8 and PP 4;
    # carol PD exactor 2 + 1 = 3 (2-3: 32); alice [SMC] loses
    # race 3, H A B: backs bob -, carol H, alice H (H 2): carol H 8, alice HH 4, bob INFO
    assert [r.totals for r in season.races] == [
        {"alice": 12, "bob": 16, "carol": 4},
        {"alice": 0, "bob": 12, "carol": 32},
        {"bob": 0, "carol": 8, "alice": 4},
    ]
    assert list(season.running) == [
        {"alice": 12, "bob": 16, "carol": 4},
        {"alice": 12, "bob": 28, "carol": 36},
        {"alice": 16, "bob": 28, "carol": 44},
    ]
    assert season.totals == {"alice": 16, "bob": 28, "carol": 44}
    assert season.leaders() == ["carol"]
    # each race is the one-race settlement of its own bets
    wagers = read_bets(SEASON.read_text(encoding="utf-8"), "bets.csv")
    alone = settle([w for w in wagers if w.race == 2], parse_finish("PDS"), 2)
    assert alone == season.races[1]


def test_settle_several_finishes_text_and_running_totals():
    r = run("settle", str(SEASON), *(a for f in FINISHES for a in ("--finish", f)))
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "Race 1" and "Race 2" in lines and "Race 3" in lines
    assert lines[1] == "Finish: 1st S Solar Eclipse, 2nd M Midnight Madness, 3rd C Crusader"
    two = lines.index("Race 2")
    block = lines[two - 5 : two - 1]  # race 1's running totals, every player of the season
    assert [ln.split() for ln in block] == [
        ["player", "race", "1", "total"],
        ["alice", "12", "12"],
        ["bob", "16", "16"],
        ["carol", "4", "4"],
    ]
    end = lines[lines.index("Totals after 3 races") :]
    assert [ln.split() for ln in end] == [
        ["Totals", "after", "3", "races"],
        ["player", "total"],
        ["alice", "16"],
        ["bob", "28"],
        ["carol", "44"],
        ["Leading:", "carol", "with", "44"],
    ]


def test_a_player_who_skips_a_race_shows_a_dash_and_keeps_the_total():
    text = "race,player,bet\n1,ann,S\n1,bo,M\n2,bo,MM\n"
    season = season_of(text, "S,M,C", "M,S,C")
    block = season.races[1].table(season.running[1], season.players).splitlines()[-3:]
    assert [ln.split() for ln in block] == [
        ["player", "race", "2", "total"],
        ["ann", "-", "16"],
        ["bo", "8", "8"],
    ]


def test_results_file_gives_the_same_season_and_json():
    by_finish = run(
        "settle", str(SEASON), "--json", *(a for f in FINISHES for a in ("--finish", f))
    )
    by_file = run("settle", str(SEASON), "--results", str(RESULTS), "--json")
    assert by_file.exit_code == 0, by_file.output
    assert json.loads(by_file.output) == json.loads(by_finish.output)
    data = json.loads(by_file.output)
    assert data["format"] == "triactor-settle/3"
    assert [r["race"] for r in data["races"]] == [1, 2, 3]
    assert [r["finish"] for r in data["races"]] == [
        ["S", "M", "C"],
        ["P", "D", "S"],
        ["H", "A", "B"],
    ]
    assert data["races"][1]["totals"] == [
        {"player": "alice", "total": 0},
        {"player": "bob", "total": 12},
        {"player": "carol", "total": 32},
    ]
    assert data["races"][1]["running_totals"] == [
        {"player": "alice", "total": 12},
        {"player": "bob", "total": 28},
        {"player": "carol", "total": 36},
    ]
    assert data["totals"] == [
        {"player": "alice", "total": 16},
        {"player": "bob", "total": 28},
        {"player": "carol", "total": 44},
    ]
    assert data["leaders"] == ["carol"]
    assert data["races"][2]["bets"][0] == {
        "player": "bob",
        "line": 10,
        "bet": "INFO",
        "type": "INFO",
        "credits": 1,
        "wins": False,
        "backers": 0,
        "column": "",
        "payout": 0,
    }


def test_results_file_forms():
    text = 'race,finish\n2,P D S\n1,smc\n\n3,"H,A,B,S"\n'  # any order, any form, blank lines
    assert read_results(text, "results.csv") == [(0, 1, 2), (5, 6, 0), (4, 3, 7)]
    assert read_results("race,finish\n1,S,M,C\n", "r") == [(0, 1, 2)]  # unquoted commas


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("race,finish\n1,S M C\n3,SMC\n", "r.csv has no finish for race 2 but one for race 3"),
        (
            "race,finish\n1,SMC\n1,PDS\n",
            "r.csv line 3 (1,PDS): race 1 again (its finish is on line 2)",
        ),
        ("race,finish\n1,S M\n", "r.csv line 2 (1,S M): finish 'S M' names 2 horse(s)"),
        ("race,finish\n1,S,,M\n", "r.csv line 2 (1,S,,M): finish 'S,,M' has an empty place"),
        ("race,finish\n0,SMC\n", "r.csv line 2 (0,SMC): race '0' is not a race number"),
        ("race,finish\n١,SMC\n", "r.csv line 2 (١,SMC): race '١' is not a race number"),
        ("race,finish\n1\n", "r.csv line 2 (1): write a race and its finish, e.g. 1,S M C"),
        ("finish\nSMC\n", "r.csv line 1 (finish): the first line must be the header race,finish"),
        ("race,finish\n", "r.csv has no finishes"),
        ("", "r.csv is empty"),
    ],
)
def test_bad_results_files(text, message):
    with pytest.raises(InvalidInput) as e:
        read_results(text, "r.csv")
    assert str(e.value).startswith(message)


def test_race_column_anywhere_and_credits_per_race():
    # the header may put the race column anywhere; each race has its own 3 credits
    text = "player,bet,race\nann,[SMC],1\nann,[SMC],2\n"
    season = season_of(text, "S,M,C", "C,M,S")
    assert season.totals == {"ann": 48}  # 24 + 24: 3 backers, column 3-5 of the box
    with pytest.raises(InvalidInput, match=r"line 3 \(1,ann,S\): ann's bets cost 4 credits"):
        read_bets("race,player,bet\n1,ann,[SMC]\n1,ann,S\n", "bets.csv")


def test_one_player_across_races_under_any_spelling():
    season = season_of("race,player,bet\n1,Zoë,S\n2,ZOË,S\n", "S,M,C", "S,M,C")
    assert season.players == ("Zoë",) and season.totals == {"Zoë": 32}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("race,player,bet\nx,ann,S\n", "bets.csv line 2 (x,ann,S): race 'x' is not a race number"),
        ("race,player,bet\n,ann,S\n", "bets.csv line 2 (,ann,S): race '' is not a race number"),
        ("race,player,bet\n1,ann\n", "bets.csv line 2 (1,ann): write one race, one player and one bet"),
        ("race,name,bet\n1,ann,S\n", "bets.csv line 1 (race,name,bet): the first line must be the header player,bet (or race,player,bet"),
    ],
)  # fmt: skip
def test_bad_race_columns(text, message):
    with pytest.raises(InvalidInput) as e:
        read_bets(text, "bets.csv")
    assert str(e.value).startswith(message)


# --- mismatches: one line, exit 1 --------------------------------------------------------------
def test_bets_for_a_race_without_a_finish_are_refused():
    r = run("settle", str(SEASON), "--finish", "S,M,C", "--finish", "P,D,S")
    assert (r.exit_code, r.output) == (
        1,
        f"Error: {SEASON} line 10 (3,bob,INFO): a bet for race 3, but only 2 finishes were "
        "given (--finish): give a finish for every race, in race order\n",
    )


def test_a_finish_for_a_race_without_bets_is_refused(tmp_path):
    bets = tmp_path / "bets.csv"
    bets.write_text("race,player,bet\n1,ann,S\n3,bo,M\n", encoding="utf-8")
    results = tmp_path / "results.csv"
    results.write_text("race,finish\n1,SMC\n2,SMC\n3,SMC\n", encoding="utf-8")
    r = run("settle", str(bets), "--results", str(results))
    assert (r.exit_code, r.output) == (
        1,
        f"Error: 3 finishes were given ({results}), but {bets} has no bets for race 2 (it has "
        "bets for races 1 and 3): give one finish per race that has bets, in race order\n",
    )


def test_several_finishes_for_a_file_of_one_race_are_refused():
    example = Path(__file__).resolve().parents[2] / "examples" / "triactor" / "bets.csv"
    r = run("settle", str(example), "--finish", "S,M,C", "--finish", "P,D,S")
    assert (r.exit_code, r.output) == (
        1,
        f"Error: {example} has no race column, so it is one race, but 2 finishes were given "
        "(--finish): give one finish, or add a race column (header race,player,bet) for "
        "several races\n",
    )


def test_finish_and_results_together_or_neither_are_usage_errors():
    r = run("settle", str(SEASON), "--finish", "S,M,C", "--results", str(RESULTS))
    assert (r.exit_code, drop_usage(r.output)) == (
        2,
        "Error: give the finishes with --finish (once per race) or with --results FILE, not both\n",
    )
    r = run("settle", "-", "--results", "-")
    assert (r.exit_code, drop_usage(r.output)) == (
        2,
        "Error: BETS and --results cannot both be read from standard input\n",
    )
    r = run("settle", str(SEASON), "--results", str(DATA / "missing.csv"))
    assert (r.exit_code, drop_usage(r.output)) == (
        1,
        f"Error: results file {DATA / 'missing.csv'} not found: check the path\n",
    )


def test_spaces_separate_horses_in_finish():
    assert parse_finish("S M C") == parse_finish("SMC") == (0, 1, 2)
