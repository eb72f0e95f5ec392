"""The race engine: the seed's Appendix A, every decision in docs/rules/triactor.md, invariants."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from generator.errors import InvalidInput
from generator.games.triactor.race.coins import draw_coins
from generator.games.triactor.race.engine import (
    Move,
    Race,
    Roll,
    apply,
    chance_outcomes,
    check,
    is_chance,
    legal_moves,
    new_race,
    position,
    resolve,
    turns,
)
from generator.games.triactor.race.horses import LETTERS
from generator.games.triactor.race.policies import RandomPolicy, SlipPolicy
from generator.games.triactor.race.track import CAPACITY, FINISH, coin_steps

C = LETTERS.index("C")
ALL8 = tuple(range(8))


def appendix_a(coin: int) -> Race:
    """Figure 2 as the text of Appendix A describes it: only the crowns die (C) is active, C on
    step 3, both spaces of step 5 taken, three of the four spaces of corner step 7 taken, both
    spaces of step 8 (spades' coin step) taken; spades (P) has not reached its coin yet."""
    return position(
        {"C": 3, "S": 5, "M": 5, "A": 7, "H": 7, "P": 7, "D": 8, "B": 8},
        {"C": coin},
        active="C",
    )


# --- Appendix A: every outcome it lists ----------------------------------------------------
def test_appendix_a_setting():
    race = appendix_a(0)
    assert race.dice() == (C,)
    assert coin_steps()[C] == 5 and coin_steps()[LETTERS.index("P")] == 8
    outcomes = chance_outcomes(race)
    assert len(outcomes) == 6 and all(p == Fraction(1, 6) for _, p in outcomes)


def test_appendix_a_null_stays_and_next_player_rolls_all_dice():
    race, o = resolve(appendix_a(0), Move(C, 0))
    assert o.end == 3 and race.positions[C] == 3
    assert o.next_dice == ALL8


def test_appendix_a_ace_moves_to_4_and_next_player_rolls_crowns_die():
    race, o = resolve(appendix_a(0), Move(C, 1))
    assert o.end == 4 and o.coin_step is None
    assert o.next_dice == (C,)


# (coin value, C's step after the coin, dice the next player rolls)
APPENDIX_COINS = [
    (0, 4, ALL8),  # null: back to step 4 because both spaces of step 5 are taken
    (1, 6, (C,)),  # ace: step 6, and the next player rolls the crowns die again
    (2, 7, ALL8),  # 2: the last space of corner step 7
    (3, 7, ALL8),  # 3: step 8 is full, so the last space of step 7 (no event for C on 8)
    (4, 9, ALL8),
    (5, 10, ALL8),
]


@pytest.mark.parametrize("die", [2, 3, 4, 5])
@pytest.mark.parametrize(("coin", "end", "next_dice"), APPENDIX_COINS)
def test_appendix_a_two_to_five_stops_on_5_and_resolves_the_coin(die, coin, end, next_dice):
    before = appendix_a(coin)
    race, o = resolve(before, Move(C, die))
    assert o.coin_step == 5 and o.coin_value == coin
    assert race.positions[C] == end
    assert o.next_dice == next_dice
    assert race.revealed == 1 << C  # P's coin on step 8 stays face down
    check(race)
    if end == 7:
        assert race.occupancy()[7] == 4  # the last space of the corner


# --- decisions (docs/rules/triactor.md) -------------------------------------------------------
def test_a_revealed_coin_never_fires_again():
    race = position({"C": 4, "S": 5, "M": 5}, {"C": 0})
    race, o = resolve(race, Move(C, 2))
    assert (o.coin_step, o.end) == (5, 4)  # null coin, step 5 full: back to 4
    race = replace(race, active=race.active | 1 << C)  # a later round: its die rolls again
    race, o = resolve(race, Move(C, 3))
    assert o.coin_step is None and o.end == 7  # passes step 5 freely now


@pytest.mark.parametrize(("coin", "end"), [(0, 5), (1, 6), (2, 7), (3, 8), (4, 9), (5, 10)])
def test_an_ace_die_onto_its_coin_stays_active_whatever_the_coin_shows(coin, end):
    """Decision 10: "This die remains active. Do not set it aside!"; a coin only returns a die
    to the active state. C on 4 rolls an ace onto its coin on step 5; S's die is active too."""
    race = position({"C": 4}, {"C": coin}, active="CS")
    after, o = resolve(race, Move(C, 1))
    assert (o.coin_step, o.coin_value, o.end) == (5, coin, end)
    assert after.dice() == (0, C) and o.kept and not o.all_back  # C's die still to roll
    assert after.revealed == 1 << C


@pytest.mark.parametrize(("coin", "dice"), [(0, (0,)), (1, (0, C)), (3, (0,))])
def test_a_two_to_five_die_onto_its_coin_is_set_aside_unless_the_coin_is_an_ace(coin, dice):
    race = position({"C": 3}, {"C": coin}, active="CS")
    after, o = resolve(race, Move(C, 2))
    assert o.coin_step == 5 and after.dice() == dice and o.kept == (coin == 1)


def test_ace_coin_blocked_on_a_full_step_falls_back_and_keeps_the_die():
    race = position({"C": 3, "S": 5, "M": 5, "A": 6, "H": 6}, {"C": 1}, active="CS")
    race, o = resolve(race, Move(C, 2))
    assert o.coin_step == 5 and o.coin_value == 1
    assert o.end == 4  # step 6 full, stays on 5 which is full: back to 4
    assert C in race.dice()


def test_coin_move_jumps_full_steps():
    race = position({"C": 4, "A": 6, "H": 6, "D": 8, "B": 8}, {"C": 4})
    race, o = resolve(race, Move(C, 1))
    assert (o.coin_step, o.end) == (5, 9)


def test_full_target_stops_at_farthest_earlier_step_with_room():
    race = position({"H": 10, "S": 13, "M": 13, "A": 12, "P": 12}, {})
    race, o = resolve(race, Move(LETTERS.index("H"), 3))
    assert o.end == 11


def test_fully_blocked_horse_stays_and_never_goes_back():
    race = position({"H": 10, "S": 11, "M": 11, "A": 12, "P": 12, "D": 13, "B": 13}, {})
    h = LETTERS.index("H")
    race2, o = resolve(race, Move(h, 3))
    assert o.end == 10 and h not in race2.dice()
    race3, o = resolve(race, Move(h, 1))
    assert o.end == 10 and h in race3.dice()  # a blocked ace still keeps its die


def test_start_holds_every_horse_and_corners_hold_four():
    race = new_race((0,) * 8)
    assert race.occupancy()[0] == 8
    assert CAPACITY[7] == CAPACITY[16] == CAPACITY[29] == CAPACITY[38] == 4
    assert CAPACITY[1] == CAPACITY[44] == 2 and sum(CAPACITY[1:45]) == 4 * 4 + 40 * 2


def test_finishing_removes_the_die_and_three_finishers_end_the_race():
    race = position({"S": 44, "M": 43, "C": 42}, {}, revealed="SMCAHPDB")
    race, o = resolve(race, Move(0, 1))
    assert o.finished and race.finish == (0,) and 0 not in race.dice()
    race, _ = resolve(race, Move(1, 5))
    assert not race.over
    race, _ = resolve(race, Move(2, 3))
    assert race.over and race.finish == (0, 1, 2) and race.dice() == ()
    assert legal_moves(race) == () and not is_chance(race)


def test_all_dice_come_back_when_none_is_active():
    race = position({}, {}, active="S")
    race, o = resolve(race, Move(0, 3))
    assert race.dice() == ALL8 and o.next_dice == ALL8


def test_roll_then_choose_and_bad_actions():
    race = new_race((0,) * 8)
    roll = Roll(tuple((h, 2) for h in range(8)))
    rolled = apply(race, roll)
    assert len(legal_moves(rolled)) == 8
    with pytest.raises(InvalidInput):
        apply(rolled, roll)
    with pytest.raises(InvalidInput):
        apply(rolled, Move(0, 3))
    after = apply(rolled, Move(0, 2))
    assert after.positions[0] == 2 and after.roll is None and after.turn == 1


def test_round_trip_and_text():
    race = appendix_a(3)
    assert Race.from_dict(race.to_dict()) == race
    rolled = apply(race, Roll(((C, 4),)))
    assert Race.from_dict(rolled.to_dict()) == rolled
    assert "C step 3" in str(race) and hash(race) == hash(appendix_a(3))


# --- invariants over random races --------------------------------------------------------
@pytest.mark.parametrize(
    "policy", [RandomPolicy(), SlipPolicy((0b00000111, 0b00111000, 0b11000001))]
)
def test_invariants_over_random_races(policy):
    rng = random.Random(20240)
    for _ in range(60):
        start = new_race(draw_coins({}, rng))
        before = race = start
        for race, o in turns(start, policy, rng, policy.players):
            occ = race.occupancy()
            assert all(occ[s] <= CAPACITY[s] for s in range(1, FINISH))
            assert o.end >= o.start  # never behind where the turn began
            h = o.move.horse
            if o.coin_step is not None and o.end < o.coin_step:
                # the only way back: the coin left it on its coin step and that step was full
                assert (
                    o.coin_value == 0
                    or o.end == o.start
                    or occ[o.coin_step] == CAPACITY[o.coin_step]
                )
            if o.coin_step is None and o.move.value == 0:
                assert o.end == o.start
            assert before.active >> h & 1
            assert all(race.positions[f] == FINISH for f in race.finish)
            if not race.over:
                assert race.active and not race.active & ~race.unfinished
            before = race
        assert race.over and len(race.finish) == 3 and len(set(race.finish)) == 3


def test_chance_outcomes_are_exact_and_complete():
    race = position({}, {}, active="SMC")
    outs = chance_outcomes(race)
    assert len(outs) == 216 and sum(p for _, p in outs) == 1
    assert len({r for r, _ in outs}) == 216


def test_check_rejects_overfull_step():
    with pytest.raises(InvalidInput, match="step 5 holds 3 horses"):
        position({"S": 5, "M": 5, "C": 5}, {})


def test_race_over_cannot_move():
    race = position({}, {}, finish="SMC")
    with pytest.raises(InvalidInput, match="race is over"):
        resolve(race, Move(3, 2))
    assert replace(race, turn=3).over


def test_play_runs_to_three_finishers_like_the_turns_it_is_made_of():
    from generator.games.triactor.race.engine import play

    coins = draw_coins({}, random.Random(0))
    finished = play(new_race(coins), RandomPolicy(), random.Random(7))
    states = [state for state, _ in turns(new_race(coins), RandomPolicy(), random.Random(7))]
    assert finished == states[-1] and finished.over and len(finished.finish) == 3
