"""Dice Rush: how long the exact analysis takes, and how fast games are played.

Run: python benchmarks/dice_rush.py [--games 20000]
Prints two tables: `racegen dice-rush odds` on the default board and on generated boards of
other sizes (seconds for the exact race under each order, and the one-player figures), then
seeded games a second under each order.
"""

from __future__ import annotations

import argparse
import platform
import time

from generator.games.dice_rush.odds import chains
from generator.games.dice_rush.odds.report import odds_data, simulate
from generator.games.dice_rush.rules.board import default_board
from generator.games.dice_rush.rules.variants import generate


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument(
        "--smallest",
        action="store_true",
        help="one run at the smallest size (CI: does it still run?)",
    )
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(f"{'board':22s} {'spaces':>6s} {'order':9s} {'odds s':>7s}")
    boards = [default_board(), generate(5, 5, 4, 1), generate(11, 10, 20, 1)]
    if args.smallest:
        boards, args.games = [boards[1]], 10
    for board in boards:
        for order in ("together", "turns"):
            for fn in vars(chains).values():  # every cached table: each row from scratch
                if hasattr(fn, "cache_clear"):
                    fn.cache_clear()
            s = timed(lambda b=board, o=order: odds_data(b, 12, o))
            print(f"{board.name:22s} {board.rows * board.cols:6d} {order:9s} {s:7.2f}")
    print()
    print(f"{'order':9s} {'games':>7s} {'seconds':>8s} {'games/s':>8s}")
    for order in ("together", "turns"):
        s = timed(lambda o=order: simulate(default_board(), args.games, 1, "never", o))
        print(f"{order:9s} {args.games:7d} {s:8.2f} {args.games / s:8.0f}")


if __name__ == "__main__":
    main()
