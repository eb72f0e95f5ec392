"""The simulator and the policies: reproducible reports and sensible strength ordering."""

from __future__ import annotations

import pytest

from generator.errors import InvalidInput
from generator.games.trading_paint.play.policies import (
    Expectimax,
    Greedy,
    RandomDriver,
    StopAfter,
    make_policy,
)
from generator.games.trading_paint.play.simulate import simulate


def test_policy_specs():
    assert make_policy("stop:3") == StopAfter(3)
    assert make_policy("greedy") == Greedy(4) and make_policy("greedy:2") == Greedy(2)
    assert make_policy("expectimax") == Expectimax(2) and make_policy("EXPECTIMAX:1") == Expectimax(
        1
    )
    assert isinstance(make_policy("random"), RandomDriver)


@pytest.mark.parametrize(
    "spec", ["foo", "stop", "stop:0", "greedy:x", "expectimax:4", "expectimax:9", "random:2"]
)
def test_bad_policy_specs(spec):
    with pytest.raises(InvalidInput):
        make_policy(spec)


def test_same_seed_same_report():
    a = simulate(2, 6, ["greedy", "stop:2"], seed=5).to_dict()
    b = simulate(2, 6, ["greedy", "stop:2"], seed=5).to_dict()
    assert a == b
    assert a["games"] == 6 and [t["policy"] for t in a["per_policy"]] == ["greedy", "stop:2"]
    assert sum(t["games"] for t in a["per_policy"]) == 12  # two teams a game
    assert set(a["per_game"]) == {"turns", "bumps", "drafts", "spin_outs", "cautions", "wrecks"}


def test_points_sum_to_nine_each_game():
    r = simulate(3, 5, ["greedy"], seed=2)
    assert sum(t.points for t in r.by_team.values()) == 9 * 5
    assert sum(t.wins for t in r.by_team.values()) == 5


def test_greedy_beats_stopping_after_one_die():
    r = simulate(2, 20, ["greedy", "stop:1"], seed=3)
    assert r.by_policy["greedy"].wins > r.by_policy["stop:1"].wins


def test_too_many_policies_and_bad_counts():
    with pytest.raises(InvalidInput, match="at most one --policy per team"):
        simulate(2, 1, ["greedy", "random", "stop:2"], seed=1)
    with pytest.raises(InvalidInput, match="1 to"):
        simulate(2, 0, ["greedy"], seed=1)
    with pytest.raises(InvalidInput, match="2 to 6 players"):
        simulate(7, 1, ["greedy"], seed=1)


def test_expectimax_plays_a_game():
    r = simulate(2, 1, ["expectimax:1", "greedy"], seed=4)
    assert r.games == 1 and sum(t.games for t in r.by_policy.values()) == 2
