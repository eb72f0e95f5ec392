"""Pushing Race: how fast legal moves are listed and whole games are played.

Run: python benchmarks/pushing_race.py [--games 300]
Prints two tables: listing every legal move of each die face from the setup and from a crowded
mid-game position (microseconds a call), then whole seeded games by players and policies
(games a second, and the estimate for `racegen pushing-race simulate --games 1000`).
"""

from __future__ import annotations

import argparse
import platform
import time

from generator.games.pushing_race.moves import FACES, legal_moves
from generator.games.pushing_race.play import simulate
from generator.games.pushing_race.position import parse_position, start

MIDGAME = "players=3 turn=A a1=A b1=B c2=C a3=A b3=B b4=C c5=A a6=B b7=C finished=A1,B0,C1"


def per_call(fn, repeat: int) -> float:
    t = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - t) / repeat


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"{'position':10s} {'face':5s} {'moves':>6s} {'us/call':>9s}")
    for label, pos in (("setup", start(2)), ("mid-game", parse_position(MIDGAME))):
        for face in FACES:
            n = len(legal_moves(pos, face))
            us = per_call(lambda p=pos, f=face: legal_moves(p, f), 200) * 1e6
            print(f"{label:10s} {face:5s} {n:6d} {us:9.0f}")
    print()
    print(
        f"{'players':>7s} {'policy':7s} {'games':>6s} {'seconds':>8s} {'games/s':>8s} {'1000 est s':>11s}"
    )
    for players, policy in ((2, "random"), (2, "greedy"), (4, "random"), (4, "greedy")):
        n = args.games if policy == "random" else args.games // 3
        t = time.perf_counter()
        simulate(players, n, 1, [policy])
        s = time.perf_counter() - t
        print(f"{players:7d} {policy:7s} {n:6d} {s:8.2f} {n / s:8.1f} {1000 * s / n:11.1f}")


if __name__ == "__main__":
    main()
