"""Odds: the fast loop agrees move by move with the engine, exact odds on small positions,
policies' choice distributions computed exactly, tallies and expected winnings."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from generator.errors import InvalidInput, LimitExceeded
from generator.games.triactor.betting.odds import (
    Start,
    Tally,
    bet_odds,
    exact_finish,
    fresh_start,
    race_random,
    race_slip,
    reference_race,
    reference_simulate,
    simulate,
)
from generator.games.triactor.race.coins import draw_coins, parse_coins
from generator.games.triactor.race.engine import Move, apply, new_race, position, turn_distribution
from generator.games.triactor.race.horses import LETTERS
from generator.games.triactor.race.policies import RandomPolicy, SlipPolicy, parse_slips

SLIPS = parse_slips("SMC,PD,AHB")


class Fixed:
    """A stand-in random source returning given numbers (to enumerate a policy's draws)."""

    def __init__(self, values):
        self.values = list(values)

    def random(self):
        return self.values.pop(0)


def fast_race(seed, policy, start=None, known=None):
    rng = random.Random(seed)
    rand = rng.random
    trace = []
    if start is None:
        coins, begin = draw_coins(known or {}, rng), fresh_start()
    else:
        coins, begin = start.coins, Start.of(start)
    if isinstance(policy, SlipPolicy):
        first = int(rand() * policy.players)
        fin = race_slip(rand, coins, begin, policy.slips, first, trace)
    else:
        fin = race_random(rand, coins, begin, trace)
    return tuple(fin), trace


# --- the fast loop is the engine, move by move ------------------------------------------------
@pytest.mark.parametrize("policy", [RandomPolicy(), SlipPolicy(SLIPS)], ids=["random", "slip"])
def test_fast_loop_replays_the_engine_move_by_move(policy):
    for seed in range(25):
        trace = []
        expected = reference_race(random.Random(seed), policy=policy, trace=trace)
        fin, fast = fast_race(seed, policy)
        assert fast == trace, f"seed {seed}"
        assert fin == expected


@pytest.mark.parametrize("policy", [RandomPolicy(), SlipPolicy(SLIPS)], ids=["random", "slip"])
def test_fast_loop_from_a_mid_race_position(policy):
    start = position(
        {"S": 36, "M": 37, "C": 29, "A": 38, "H": 28, "P": 14, "D": 20, "B": 44},
        {"S": 0, "A": 5, "P": 1, "D": 0},
        revealed="MCHB",
        active="SAPD",
    )
    for seed in range(20):
        trace = []
        expected = reference_race(random.Random(seed), policy=policy, start=start, trace=trace)
        fin, fast = fast_race(seed, policy, start=start)
        assert fast == trace and fin == expected


def test_simulate_equals_reference_simulate_with_known_coins():
    known = parse_coins("S=ace,M=null,C=5")
    for policy in (RandomPolicy(), SlipPolicy(SLIPS)):
        a = simulate(120, known=known, policy=policy, seed=9)
        b = reference_simulate(120, known=known, policy=policy, seed=9)
        assert a.counts == b.counts and a.races == b.races == 120


# --- policies, exactly -------------------------------------------------------------------------
@pytest.mark.parametrize("active", ["C", "SM", "SMC", "SAHB"])
def test_random_chooser_one_draw_equals_roll_all_and_pick_one(active):
    race = position({"S": 3, "M": 12, "A": 38}, {}, active=active)
    policy = RandomPolicy()
    exact = turn_distribution(race, policy.choose)  # 6^k rolls x uniform pick
    k = len(active)
    lazy: dict[Move, Fraction] = {}
    for i in range(6 * k):  # every value of the single draw, each 1/(6k)
        move = policy.turn(race, 0, Fixed([(i + 0.5) / (6 * k)]))
        lazy[move] = lazy.get(move, Fraction(0)) + Fraction(1, 6 * k)
    assert lazy == exact
    assert sum(exact.values()) == 1 and len(exact) == 6 * k


def test_slip_chooser_prefers_own_big_moves_then_aces_then_rival_nulls():
    race = position({"S": 3, "M": 12, "P": 5}, {}, active="SMP")
    policy = SlipPolicy(parse_slips("SM"))

    def pick(s, m, p):
        return policy.best(apply(race, _roll(race, (s, m, p))), 0)

    assert pick(2, 4, 5) == Move(1, 4)  # own biggest
    assert pick(3, 3, 5) == Move(1, 3)  # tie: nearer the finish (M on 12)
    assert pick(1, 0, 5) == Move(0, 1)  # own ace
    assert pick(0, 0, 0) == Move(5, 0)  # rival null
    assert pick(0, 0, 2) == Move(5, 2)  # rival smallest when nothing of its own helps


def test_slip_chooser_distribution_is_exact():
    race = position({"S": 3, "P": 5}, {}, active="SP")
    policy = SlipPolicy(parse_slips("S"))
    dist = turn_distribution(race, policy.choose)
    assert sum(dist.values()) == 1
    # S moves 2-5 whenever its die shows 2-5 (4/6); S's ace when no 2-5 and ... (ace 1/6)
    big = sum(p for m, p in dist.items() if m.horse == 0 and m.value >= 2)
    assert big == Fraction(4, 6)
    assert dist[Move(0, 1)] == Fraction(1, 6)
    # with S null (1/6), the rival's die is taken whatever it shows
    assert sum(p for m, p in dist.items() if m.horse == 5) == Fraction(1, 6)


def _roll(race, values):
    from generator.games.triactor.race.engine import Roll

    return Roll(tuple(zip(race.dice(), values, strict=True)))


# --- exact odds on small positions -------------------------------------------------------------
def test_exact_odds_near_the_finish_and_the_simulator_agrees():
    race = position(
        {"C": 42, "A": 42, "H": 43, "P": 43, "D": 44, "B": 44}, {}, revealed="SMCAHPDB", finish="SM"
    )
    exact = exact_finish(race)
    assert sum(exact.values()) == 1
    third = {f[2]: q for f, q in exact.items()}
    # horses on the same step are interchangeable
    assert third[2] == third[3] and third[4] == third[5] and third[6] == third[7]
    assert third[6] > third[4] > third[2]
    n = 40_000
    tally = simulate(n, start=race, seed=5)
    for f, q in exact.items():
        p = float(q)
        got = tally.finishes().get(f, 0) / n
        assert abs(got - p) < 4.5 * math.sqrt(p * (1 - p) / n)


def test_exact_odds_with_a_hidden_null_coin():
    race = position(
        {"C": 42, "A": 38, "H": 43, "P": 43, "D": 44, "B": 44},
        {"A": 0},
        revealed="SMCHPDB",
        finish="SM",
    )
    exact = exact_finish(race, 5000)
    assert sum(exact.values()) == 1
    a_third = sum(q for f, q in exact.items() if f[2] == LETTERS.index("A"))
    # A must reach its coin first, then needs luck (an ace onto the null coin keeps its die
    # active, decision 10: about 8.5 in 100,000)
    assert Fraction(8, 10**5) < a_third < Fraction(9, 10**5)
    n = 30_000
    tally = simulate(n, start=race, seed=11)
    for f, q in exact.items():
        p = float(q)
        got = tally.finishes().get(f, 0) / n
        assert abs(got - p) < 4.5 * math.sqrt(p * (1 - p) / n) + 1e-4


def test_exact_odds_when_one_die_decides():
    # third place between C and A, both one step from home; everybody else finished or boxed in
    race = position(
        {"C": 44, "A": 44, "H": 43, "P": 43, "D": 42, "B": 42},
        {},
        revealed="SMCAHPDB",
        finish="SM",
        active="C",
    )
    exact = exact_finish(race)
    # C's die alone: null (1/6) hands all six dice to the next player, anything else finishes C
    rest = exact_finish(replace(race, active=race.unfinished))
    for f in set(exact) | set(rest):
        expected = Fraction(5, 6) * (f == (0, 1, 2)) + Fraction(1, 6) * rest.get(f, 0)
        assert exact.get(f, 0) == expected


def test_exact_odds_refuses_deep_positions():
    race = position({"C": 30, "A": 30}, {}, revealed="SMCAHPDB", finish="SM")
    with pytest.raises(LimitExceeded, match="exact odds only near the end"):
        exact_finish(race, max_states=2000)


def test_exact_odds_refuses_big_positions():
    with pytest.raises(LimitExceeded, match="exact odds only near the end"):
        exact_finish(new_race((0,) * 8), max_states=200)


# --- tallies, bets, expected winnings --------------------------------------------------------
def test_tally_sums_and_expected_winnings():
    tally = simulate(3000, seed=2)
    places = tally.places()
    assert math.isclose(sum(w for w, _, _ in places), 1.0)
    assert math.isclose(sum(p for _, p, _ in places), 2.0)
    assert math.isclose(sum(s for _, _, s in places), 3.0)
    odds = bet_odds(tally)
    assert len(odds["EXACTOR"]) == 56 and len(odds["TRIACTOR"]) == 336
    assert len(odds["TRIACTOR BOX"]) == 56 and len(odds["EXACTOR BOX"]) == 28
    assert math.isclose(sum(o.chance for o in odds["TRIACTOR"]), 1.0)
    assert math.isclose(sum(o.chance for o in odds["EXACTOR BOX"]), 1.0)
    # a WIN on a random horse with one backer returns 16 / 8 = 2 credits on average
    assert math.isclose(sum(o.at(1) for o in odds["WIN"]) / 8, 2.0)
    s_win = odds["WIN"][0]
    assert s_win.expected == (16 * s_win.chance, 8 * s_win.chance, 4 * s_win.chance)
    assert s_win.at(2) == s_win.expected[1] and s_win.at(5) == s_win.expected[2]
    tri = odds["TRIACTOR"][0]
    assert (
        tri.at(1) == 48 * tri.chance
        and tri.at(2) == 24 * tri.chance
        and tri.at(3) == 12 * tri.chance
    )


def test_a_known_ace_coin_helps_its_horse():
    n = 6000
    ace = simulate(n, known=parse_coins("C=ace"), seed=3).places()[2][0]
    null = simulate(n, known=parse_coins("C=null"), seed=3).places()[2][0]
    assert ace - null > 4 * math.sqrt(0.25 / n)


def test_simulate_limits_and_determinism():
    assert simulate(50, seed=4).counts == simulate(50, seed=4).counts
    assert simulate(50, seed=4).counts != simulate(50, seed=5).counts
    with pytest.raises(InvalidInput):
        simulate(0)
    with pytest.raises(LimitExceeded):
        simulate(10**8)
    seen = []
    simulate(2500, seed=1, progress=seen.append)
    assert seen == [1000, 1000, 500]


def test_draw_coins_uses_one_number_per_unknown_coin():
    rng = Fixed([0.0, 0.99, 0.5, 0.2, 0.4, 0.6])
    coins = draw_coins({1: 3, 4: 1}, rng)
    assert coins == (0, 3, 5, 3, 1, 1, 2, 3)
    assert rng.values == []


def test_tally_add_and_chance():
    t = Tally()
    t.add([0, 1, 2])
    t.add([2, 1, 0])
    from generator.games.triactor.betting.bets import parse_bet

    assert t.chance(parse_bet("S")) == 0.5
    assert t.chance(parse_bet("[SMC]")) == 1.0
    assert t.chance(parse_bet("MM")) == 1.0
    assert t.chance(parse_bet("INFO")) == 0.0
    assert replace(t).races == 2


def test_slip_int_keys_order_like_the_policy_keys():
    from generator.games.triactor.betting.odds import slip_keys
    from generator.games.triactor.race.policies import slip_key

    for own in (0, 0b101, 0xFF):
        ints = slip_keys(own)
        pairs = [
            (slip_key(h, v, step, bool(own >> h & 1)), ints[h * 6 + v][step])
            for h in range(8)
            for v in range(6)
            for step in range(46)
        ]
        by_tuple = sorted(pairs, key=lambda p: p[0])
        assert [b for _, b in by_tuple] == sorted(b for _, b in pairs)
        assert len({b for _, b in pairs}) == len({a for a, _ in pairs})


# --- decision 10 in the fast loops -----------------------------------------------------------
class _Stop(Exception):
    pass


def _draws(values):
    values = list(values)

    def rand():
        if not values:
            raise _Stop
        return values.pop(0)

    return rand


@pytest.mark.parametrize("coin", [0, 2, 5])
def test_fast_loops_keep_an_ace_die_active_on_its_coin(coin):
    """C on 4 rolls an ace onto its coin on step 5 (null, 2 or 5): the die stays active, so the
    next draw still chooses among S's and C's dice (decision 10), in both fast loops."""
    from generator.games.triactor.betting.odds import _move

    race = position({"C": 4}, {"C": coin}, active="CS")
    trace: list = []
    with pytest.raises(_Stop):  # two draws, each "die 2 of 2 (C), ace": 7.5 / 12
        race_random(_draws([7.5 / 12] * 2), race.coins, Start.of(race), trace)
    first = 5 + coin if coin else 5
    assert trace == [(2, 1, first), (2, 1, first + 1)]
    begin = Start.of(race)
    pos, occ, cs = list(begin.pos), list(begin.occ), list(begin.coin_step)
    assert _move(2, 1, pos, occ, cs, race.coins) == (first, True)
    two = position({"C": 3}, {"C": coin}, active="CS")
    begin = Start.of(two)
    pos, occ, cs = list(begin.pos), list(begin.occ), list(begin.coin_step)
    assert _move(2, 2, pos, occ, cs, two.coins) == (first, False)  # a 2 die: set aside
