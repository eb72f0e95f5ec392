"""Triactor odds: how fast races are simulated (target: 100,000 races under 10 s).

Run: python benchmarks/triactor.py [--races 100000]
Prints a table: simulator, chooser, races, seconds, races per second, and the estimate for
100,000 races. Then a second table: settling a bets file of 1,000 to 100,000 bets (read and
paid; the time should grow in step with the bets, not with their square). The fast loop and the reference engine play identical races (same seed, same
moves); the reference runs on fewer races because it is the slow, obviously-correct one.
"""

from __future__ import annotations

import argparse
import platform
import time

from generator.games.triactor.betting.odds import reference_simulate, simulate
from generator.games.triactor.betting.settle import read_bets, settle
from generator.games.triactor.race.policies import RandomPolicy, SlipPolicy, parse_slips


def timed(fn, races: int) -> float:
    t = time.perf_counter()
    fn(races)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--races", type=int, default=100_000)
    ap.add_argument("--reference-races", type=int, default=2_000)
    ap.add_argument(
        "--smallest",
        action="store_true",
        help="one run at the smallest size (CI: does it still run?)",
    )
    args = ap.parse_args()
    if args.smallest:
        args.races, args.reference_races = 40, 4
    slip = SlipPolicy(parse_slips("SMC,PD,AHB,SB"))
    rows = [
        ("fast", "random", args.races, lambda n: simulate(n, seed=1)),
        ("fast", "slip", args.races // 4, lambda n: simulate(n, seed=1, policy=slip)),
        (
            "reference",
            "random",
            args.reference_races,
            lambda n: reference_simulate(n, seed=1, policy=RandomPolicy()),
        ),
        (
            "reference",
            "slip",
            args.reference_races // 4,
            lambda n: reference_simulate(n, seed=1, policy=slip),
        ),
    ]
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(
        f"{'simulator':10s} {'chooser':8s} {'races':>8s} {'seconds':>8s} {'races/s':>9s} {'100k est s':>11s}"
    )
    for name, chooser, n, fn in rows:
        s = timed(fn, n)
        print(f"{name:10s} {chooser:8s} {n:8d} {s:8.2f} {n / s:9.0f} {100_000 * s / n:11.2f}")
    print()
    print(f"{'bets':>8s} {'players':>8s} {'seconds':>8s} {'us/bet':>7s}")
    for bets in (1_000,) if args.smallest else (1_000, 10_000, 100_000):
        # each player bets 3 credits: a win bet, a place bet and a show bet
        lines = ["player,bet"] + [
            f"p{i // 3},{('S', 'MC', 'PDH')[i % 3]}" for i in range(bets - bets % 3)
        ]
        t = time.perf_counter()
        paid = settle(read_bets("\n".join(lines)), (0, 1, 2))
        s = time.perf_counter() - t
        print(f"{bets:8d} {len(paid.players):8d} {s:8.2f} {1e6 * s / bets:7.1f}")


if __name__ == "__main__":
    main()
