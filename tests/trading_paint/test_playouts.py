"""Whole races with random and greedy drivers, checking the invariants after every step."""

from __future__ import annotations

import pytest

from generator.games.trading_paint.play.policies import make_policy
from generator.games.trading_paint.play.simulate import play_game
from generator.games.trading_paint.rules.board import PIT, TRACK, WALL
from generator.games.trading_paint.rules.state import FINISHED, WAITING


def check(s):
    b = s.board
    cells = [p for p in s.pos if p >= 0]
    assert len(cells) == len(set(cells)), "two cars on one square"
    for i, p in enumerate(s.pos):
        if p in (WAITING, FINISHED):
            assert s.entry[i] == -1
            continue
        if s.entry[i] < 0:
            assert b.kind[p] == TRACK
        else:
            assert b.kind[p] in (PIT, WALL)
            assert b.kind[s.entry[i]] == TRACK and abs(p - s.entry[i]) in (1, b.stride)
        assert s.lap[i] in (-1, 0, 1)
    squares = [d[0] for d in s.path]
    assert len(squares) == len(set(squares))
    assert all(b.kind[q] == TRACK and q not in cells and q not in s.wrecks for q in squares)
    rows = {}
    for w in s.wrecks:
        assert b.wreck_row[w] >= 0 and w not in cells
        rows[b.wreck_row[w]] = rows.get(b.wreck_row[w], 0) + 1
    assert all(v <= 2 for v in rows.values())
    assert len(s.finished) == len(set(s.finished)) == sum(p == FINISHED for p in s.pos)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_full_games_keep_the_invariants(players, policy):
    for seed in range(2):
        rec = play_game(players, [make_policy(policy)], seed * 7919 + players, check=check)
        assert sum(rec.points.values()) == 9
        assert len(rec.finish_order) == 3 and rec.winner
        assert rec.turns > 0
