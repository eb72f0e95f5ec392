"""Trading Paint puzzles: generation and solving speed (targets: 100 medium lay puzzles, each
proved unique by the engine and by CP-SAT, under 10 s; `solve` median under 50 ms).

Run: python benchmarks/trading_paint_puzzles.py [--count 100] [--quick]
Prints a table: what was made, how many, wall and CPU seconds, per puzzle; then the time to
solve each generated puzzle as `racegen trading-paint solve` does (read the file, solve from
the position), as median, 90th percentile and worst. --quick makes 20 of each.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import tempfile
import time
from pathlib import Path

from generator.games.trading_paint.puzzles.generate import Request, generate
from generator.games.trading_paint.puzzles.puzzle import load_puzzle
from generator.games.trading_paint.puzzles.solving import solve


def timed(fn):  # noqa: ANN001, ANN201
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--quick", action="store_true", help="20 puzzles of each row")
    ap.add_argument(
        "--smallest",
        action="store_true",
        help="one run at the smallest size (CI: does it still run?)",
    )
    args = ap.parse_args()
    n = 1 if args.smallest else 20 if args.quick else args.count
    print(f"python {platform.python_version()} on {platform.machine()}")
    import ortools  # noqa: F401  (imported once before timing, as a long command would)
    from ortools.sat.python import cp_model  # noqa: F401

    rows = [
        ("lay medium, any goal", Request("lay", "any", "medium", n, 1)),
        ("lay easy, any goal", Request("lay", "any", "easy", n, 2)),
        ("lay hard, any goal", Request("lay", "any", "hard", n, 3)),
        ("lay medium, bump", Request("lay", "bump", "medium", n, 4)),
        ("lay medium, finish", Request("lay", "finish", "medium", n, 5)),
        ("fewest medium", Request("fewest", "any", "medium", max(n // 5, 4), 6)),
        ("stop medium", Request("stop", "any", "medium", max(n // 20, 2), 7)),
    ]
    if args.smallest:  # one puzzle a row; a stop puzzle (about 3 s) is left out
        rows = [(name, Request(r.kind, r.goal, r.difficulty, 1, r.seed)) for name, r in rows[:-1]]
    print(f"{'generate':28s} {'count':>6s} {'wall s':>8s} {'cpu s':>8s} {'ms each':>8s}")
    made = {}
    for name, req in rows:
        puzzles, wall, cpu = timed(lambda req=req: generate(req))
        made[name] = puzzles
        print(
            f"{name:28s} {len(puzzles):>6d} {wall:>8.2f} {cpu:>8.2f} {1000 * wall / len(puzzles):>8.1f}"
        )
    print()
    print(
        f"{'solve (read + solve)':28s} {'count':>6s} {'median ms':>10s} {'p90 ms':>8s} {'max ms':>8s}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for name, puzzles in made.items():
            times = []
            for i, p in enumerate(puzzles):
                path = Path(tmp) / f"{len(times)}-{i}.json"
                path.write_text(p.dumps())
                t = time.perf_counter()
                solved = solve(load_puzzle(str(path)))
                times.append(1000 * (time.perf_counter() - t))
                assert solved.solutions == 1, (name, i)
            times.sort()
            p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
            print(
                f"{name:28s} {len(times):>6d} {statistics.median(times):>10.1f} {p90:>8.1f} "
                f"{times[-1]:>8.1f}"
            )


if __name__ == "__main__":
    main()
