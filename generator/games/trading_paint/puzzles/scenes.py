"""Scenes for puzzles, taken from real play: positions the simulator reaches.

Seeded races between two greedy drivers (`simulate.play_game`) give the positions: the start
of each turn (lay and fewest puzzles) and each moment in the middle of a path where the
driver must choose between stopping and rolling on (stop puzzles). Game g of a seed is
played with the seed `seed * 1000 + g`, so the same seed gives the same scenes.
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.games.trading_paint.play.policies import make_policy
from generator.games.trading_paint.play.simulate import play_game
from generator.games.trading_paint.rules.state import PATH, ROLL, Roll, State
from generator.games.trading_paint.rules.turn import legal_moves

MAX_GAMES = 10_000  # a seed's scene stream ends here (far beyond what any request needs)


def turn_starts(seed: int, players: int = 2) -> Iterator[State]:
    """Positions at the start of a turn (the car to play about to roll its first die)."""
    for states in _games(seed, players):
        for s in states:
            if s.stage == ROLL and s.dice == 0 and s.pos[s.car] >= 0:
                yield s


def stop_moments(seed: int, players: int = 2) -> Iterator[State]:
    """Positions in the middle of a path where the car may stop or roll another die."""
    for states in _games(seed, players):
        for s in states:
            if s.stage == PATH and Roll() in legal_moves(s):
                yield s


def _games(seed: int, players: int) -> Iterator[list[State]]:
    greedy = make_policy("greedy")
    for g in range(MAX_GAMES):
        seen: list[State] = []
        play_game(players, [greedy], seed * 1000 + g, check=seen.append)
        yield seen
