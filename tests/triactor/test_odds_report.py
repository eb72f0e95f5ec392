"""`racegen triactor odds`: the note on where the coins lie (decision 30), best bets scored on
an independent sample (decision 28), backers counted on the slips (decision 29)."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from usage import drop_usage

from generator.cli import cli
from generator.games.triactor.betting.bets import parse_bet
from generator.games.triactor.betting.odds import (
    BetOdds,
    Tally,
    best_bets,
    bet_backers,
    score_seed,
    simulate,
)
from generator.games.triactor.betting.report import Backers, coin_spots_note, coin_spots_text
from generator.games.triactor.race.policies import SlipPolicy, parse_slips

COIN_STEPS = {"S": 27, "M": 17, "C": 5, "A": 39, "H": 30, "P": 8, "D": 36, "B": 14}


def run(*args: str):
    return CliRunner().invoke(cli, ["triactor", "odds", *args])


# --- where the coins lie ------------------------------------------------------------------------
def test_the_odds_say_they_depend_on_where_the_coins_lie():
    assert coin_spots_text() == "C 5, P 8, B 14, M 17, S 27, H 30, D 36, A 39"
    r = run("--races", "50")
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert coin_spots_note() in text
    assert "These chances depend on where the coins lie" in text and "(decision 5)" in text
    data = json.loads(run("--races", "50", "--json").output)
    assert data["coin_steps"] == COIN_STEPS
    assert data["coin_steps_note"] == coin_spots_note()
    assert "C 5, P 8, B 14, M 17, S 27, H 30, D 36, A 39" in data["coin_steps_note"]


# --- best bets: chosen on one sample, scored on another ------------------------------------------
def test_best_bets_are_scored_on_an_independent_sample():
    races, seed = 600, 7
    data = json.loads(run("--races", str(races), "--seed", str(seed), "--json").output)
    main = simulate(races, seed=seed)
    score = simulate(races, seed=score_seed(seed))
    assert data["best"]["seed"] == score_seed(seed) and data["best"]["races"] == races
    assert score.counts != main.counts  # another stream, not the main one again
    assert len(data["best"]["bets"]) == 7 * 3
    by_type: dict[str, list[dict]] = {}
    for b in data["best"]["bets"]:
        by_type.setdefault(b["type"], []).append(b)
        bet = parse_bet(b["bet"])
        pays = bet.type.pays(bet.type.horses)  # --backers 1
        # the reported figures are the scoring sample's; the choice's are kept beside them
        assert b["chance"] == round(score.chance(bet), 6)
        assert b["expected_at_backers"] == round(score.chance(bet) * pays, 6)
        assert b["chance_when_chosen"] == round(main.chance(bet), 6)
        assert b["expected_when_chosen"] == round(main.chance(bet) * pays, 6)
    # chosen on the main sample: the best of each type has the main sample's highest chance
    for kind, rows in by_type.items():
        assert [b["rank"] for b in rows] == [1, 2, 3]
        best_main = max(b["chance"] for b in data["bets"] if b["type"] == kind)
        assert rows[0]["chance_when_chosen"] == best_main
    # the choice flatters: the best triactor of 600 races looks far better where it was chosen
    tri = by_type["TRIACTOR"][0]
    assert tri["expected_when_chosen"] > 2 * tri["expected_at_backers"]


def test_the_text_reports_the_scoring_sample():
    races, seed = 400, 3
    out = run("--races", str(races), "--seed", str(seed)).output
    score = simulate(races, seed=score_seed(seed))
    main = simulate(races, seed=seed)
    line = next(ln for ln in out.splitlines() if ln.startswith("WIN "))
    first = line.split("  ")[-1].split("), ")[0]  # e.g. "C (14.12%, 2.26"
    letter, figures = first.split(" (")
    chance, expected = figures.split(", ")
    wins = {h: main.chance(parse_bet(h)) for h in "SMCAHPDB"}
    assert letter == max(wins, key=lambda h: (wins[h], -"SMCAHPDB".index(h)))
    assert chance == f"{score.chance(parse_bet(letter)):.2%}"
    assert expected == f"{16 * score.chance(parse_bet(letter)):.2f}"
    assert f"from {races} other races, an independent sample" in " ".join(out.split())


def test_best_bets_library():
    a, b = Tally(), Tally()
    for _ in range(3):
        a.add([0, 1, 2])
    a.add([1, 0, 2])
    b.add([1, 0, 2])
    best = best_bets(a, b, (1,) * 8, top=2)
    assert [str(x.chosen.bet) for x in best["WIN"]] == ["S", "M"]
    assert [x.chosen.chance for x in best["WIN"]] == [0.75, 0.25]
    assert [x.scored.chance for x in best["WIN"]] == [0.0, 1.0]


# --- backers from the slips ---------------------------------------------------------------------
def test_backers_are_counted_on_the_slips(unwrapped):
    slips = parse_slips("SMC,SM")
    assert Backers.from_slips(slips).counts == (2, 2, 1, 0, 0, 0, 0, 0)
    data = json.loads(
        run("--races", "300", "--policy", "slip", "--slips", "SMC,SM", "--json").output
    )
    assert data["backers"] == {"S": 2, "M": 2, "C": 1, "A": 0, "H": 0, "P": 0, "D": 0, "B": 0}
    assert data["backers_from"] == "--slips"
    bets = {b["bet"]: b for b in data["bets"]}
    # S: 2 backers, column 2 (8); A on no slip: its bettor, 1 (16); [SM]: 4 (16); SMC: 5 (48)
    for bet, pays in (("S", 8), ("A", 16), ("[SM]", 16), ("SMC", 48), ("AHB", 48), ("SA", 32)):
        assert bets[bet]["expected_at_backers"] == pytest.approx(
            pays * bets[bet]["chance"], abs=5e-5
        )
    text = run("--races", "300", "--policy", "slip", "--slips", "SMC,SM").output
    assert "the backers the slips show (S=2 M=2 C=1 A=0 H=0 P=0 D=0 B=0" in text


def test_bet_backers_count_the_bettor():
    counts = (2, 2, 1, 0, 0, 0, 0, 0)
    assert bet_backers(parse_bet("SMC"), counts) == 5
    assert bet_backers(parse_bet("[AH]"), counts) == 2  # two horses on no slip: 1 each
    odds = BetOdds(parse_bet("SM"), 0.5, ())
    assert odds.at_counts(counts) == 0.5 * 16  # 4 backers: 4-5


def test_backers_and_slips_that_disagree_are_refused():
    r = run("--races", "50", "--policy", "slip", "--slips", "SMC,SM", "--backers", "2")
    assert (r.exit_code, drop_usage(r.output)) == (
        2,
        "Error: --backers 2 disagrees with --slips: 1 slip(s) show C, not 2; leave out "
        "--backers (the slips set each horse's backers)\n",
    )
    # slips that show every horse once agree with --backers 1
    ok = run(
        "--races", "50", "--policy", "slip", "--slips", "SMC,PD,AHB", "--backers", "1", "--json"
    )
    assert ok.exit_code == 0, drop_usage(ok.output)
    assert json.loads(drop_usage(ok.output))["backers"] == dict.fromkeys("SMCAHPDB", 1)


def test_slip_policy_odds_use_the_same_races_as_before():
    """The scoring sample is extra: the main sample is still the races of --seed."""
    policy = SlipPolicy(parse_slips("SMC,PD"))
    data = json.loads(
        run("--races", "120", "--policy", "slip", "--slips", "SMC,PD", "--json").output
    )
    main = simulate(120, policy=policy, seed=1)
    for h, (w, _, _) in zip("SMCAHPDB", main.places(), strict=True):
        assert data["horses"][h]["win"] == round(w, 6)
    assert random.Random(score_seed(1)).random() != random.Random(1).random()
