"""Trading Paint: how fast whole races are simulated (target: 1,000 two-player greedy games under 60 s).

Run: python benchmarks/trading_paint.py [--games 1000] [--quick]
Prints a table: what, games, seconds (wall and CPU), games per second, ms per game, and the
estimate for 1,000 games; then the move generator's raw speed (random playouts, steps per
second) and the exact luck table's time. --quick runs 100 greedy games instead of 1,000.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from generator.games.trading_paint.play.simulate import simulate
from generator.games.trading_paint.rules.setup import initial_state
from generator.games.trading_paint.rules.state import Face
from generator.games.trading_paint.rules.turn import apply_legal, is_chance, legal_moves
from generator.games.trading_paint.strategy.luck import luck_table


def timed(fn):  # noqa: ANN001, ANN201
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def playout_steps(games: int) -> int:
    steps = 0
    for seed in range(games):
        rng = random.Random(seed)
        s = initial_state(2)
        while not s.over:
            if is_chance(s):
                s = apply_legal(s, Face(rng.randint(1, 6)))
            else:
                ms = legal_moves(s)
                s = apply_legal(s, ms[rng.randrange(len(ms))])
            steps += 1
    return steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--quick", action="store_true", help="100 games only")
    ap.add_argument(
        "--smallest",
        action="store_true",
        help="one run at the smallest size (CI: does it still run?)",
    )
    args = ap.parse_args()
    games = 100 if args.quick else args.games
    print(
        f"python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'cpu'}"
    )
    print(
        f"{'what':34s} {'games':>6s} {'wall s':>8s} {'cpu s':>8s} {'games/s':>8s} {'ms/game':>8s} {'1000 games s':>13s}"
    )
    rows = [
        ("simulate 2p greedy", 2, ["greedy"], games),
        ("simulate 2p greedy vs stop:2", 2, ["greedy", "stop:2"], max(games // 5, 10)),
        ("simulate 6p greedy", 6, ["greedy"], max(games // 5, 10)),
        ("simulate 2p expectimax:1 vs greedy", 2, ["expectimax:1", "greedy"], max(games // 100, 3)),
        ("simulate 2p expectimax vs greedy", 2, ["expectimax", "greedy"], max(games // 100, 3)),
    ]
    if args.smallest:  # one game a row
        rows = [(label, players, policies, 1) for label, players, policies, _ in rows]
    for label, players, policies, n in rows:
        report, wall, cpu = timed(lambda p=players, pol=policies, k=n: simulate(p, k, pol, seed=1))
        assert report.games == n
        print(
            f"{label:34s} {n:6d} {wall:8.2f} {cpu:8.2f} {n / wall:8.1f} {1000 * wall / n:8.2f} {1000 * wall / n:13.1f}"
        )
    steps, wall, cpu = timed(lambda: playout_steps(20))
    print(
        f"{'random playouts (move generator)':34s} {20:6d} {wall:8.2f} {cpu:8.2f}   {steps / wall:,.0f} steps/s"
    )
    _, wall, cpu = timed(lambda: luck_table(10))
    print(f"{'exact luck table n = 1..10':34s} {'':6s} {wall:8.3f} {cpu:8.3f}")


if __name__ == "__main__":
    main()
