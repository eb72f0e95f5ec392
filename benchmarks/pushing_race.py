"""Pushing Race: how fast legal moves are listed and whole games are played, by the plain
engine (moves.py, play.play_game: what `simulate` used before issue 19) and by the
simulator's engine (packed.py, fastmoves.py and fastplay.py, what `simulate` uses now).

Run: python benchmarks/pushing_race.py [--games 500]
Prints two tables: listing every legal move of each die face from the setup and from a crowded
mid-game position (microseconds a call, each engine), then whole seeded games by players and
policies: milliseconds a game and games a second before (plain) and after (fast), the
speed-up, and the time `simulate` takes for its maximum of games. Both engines play the same
seeds in one run (CPU time, so other programs on the machine count less); they play the same
games, which the table checks.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from generator.games.pushing_race.play import fastmoves, fastplay, packed
from generator.games.pushing_race.play.play import MAX_GAMES, plain_games
from generator.games.pushing_race.rules.moves import FACES, legal_moves
from generator.games.pushing_race.rules.position import parse_position, start

MIDGAME = "players=3 turn=A a1=A b1=B c2=C a3=A b3=B b4=C c5=A a6=B b7=C finished=A1,B0,C1"


def per_call(fn, repeat: int) -> float:
    t = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - t) / repeat


def timed_games(engine: str, players: int, policy: str, games: int) -> tuple[float, list]:
    """CPU seconds a game, and the games (winner, turns, passes), seed 1."""
    rng = random.Random(1)
    names = [policy] * players
    t = time.process_time()
    if engine == "plain":
        played = list(plain_games(players, names, games, rng))
    else:
        played = list(fastplay.play_games(players, names, games, rng))
    return (time.process_time() - t) / games, played


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500, help="fast-engine games a row")
    ap.add_argument(
        "--smallest",
        action="store_true",
        help="one run at the smallest size (CI: does it still run?)",
    )
    args = ap.parse_args()
    calls = 100 if args.smallest else 1  # the timed calls divided by this
    if args.smallest:
        args.games = 10
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"{'position':10s} {'face':5s} {'moves':>6s} {'plain us':>9s} {'fast us':>8s}")
    for label, pos in (("setup", start(2)), ("mid-game", parse_position(MIDGAME))):
        engine = fastmoves.Engine(pos.players)
        s = packed.encode(pos)
        for k, face in enumerate(FACES):
            n = len(legal_moves(pos, face))
            assert len(engine.results(s, pos.turn, k)) == n
            plain = per_call(lambda p=pos, f=face: legal_moves(p, f), 200 // calls) * 1e6
            fast = (
                per_call(lambda r=engine.results, s=s, t=pos.turn, k=k: r(s, t, k), 2000 // calls)
                * 1e6
            )
            print(f"{label:10s} {face:5s} {n:6d} {plain:9.0f} {fast:8.1f}")
    print()
    print(
        f"{'players':>7s} {'policy':7s} {'games':>6s} {'ms/game':>8s} {'ms/game':>8s} "
        f"{'games/s':>8s} {'games/s':>8s} {'speed-up':>8s} {f'{MAX_GAMES:,} games':>15s}"
    )
    print(
        f"{'':7s} {'':7s} {'':6s} {'before':>8s} {'after':>8s} {'before':>8s} {'after':>8s} "
        f"{'':8s} {'after':>15s}"
    )
    for players, policy in ((2, "random"), (2, "greedy"), (4, "random"), (4, "greedy")):
        fast_n = args.games if policy == "random" else args.games // 2
        plain_n = min(fast_n, max(10, fast_n // 8))  # never more than the fast engine played
        fast_s, fast_games = timed_games("fast", players, policy, fast_n)
        plain_s, plain_games_ = timed_games("plain", players, policy, plain_n)
        assert fast_games[:plain_n] == plain_games_, "the engines played different games"
        total = MAX_GAMES * fast_s
        print(
            f"{players:7d} {policy:7s} {fast_n:6d} {plain_s * 1e3:8.2f} {fast_s * 1e3:8.2f} "
            f"{1 / plain_s:8.0f} {1 / fast_s:8.0f} {plain_s / fast_s:7.1f}x "
            f"{total / 60:11.1f} min"
        )


if __name__ == "__main__":
    main()
