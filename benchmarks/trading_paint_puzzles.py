"""Trading Paint puzzles: generation and solving speed (targets: 100 medium lay puzzles, each
proved unique by the engine and by CP-SAT, under 5 s; a stop puzzle under 0.5 s; `solve`
median under 50 ms).

Run: python benchmarks/trading_paint_puzzles.py [--count 100] [--quick] [--smallest]
Prints a table: what was made, how many, wall and CPU seconds, per puzzle (wall, CPU); then the
time to solve each generated puzzle as `racegen trading-paint solve` does (read the file,
solve from the position), as median, 90th percentile and worst. --quick makes 20 of each;
--smallest one of each (CI). A row whose scenes run out before its count says so.

Measured 2026-12-07 on the two-core development machine, CPU seconds of generate() as this
script times it (ortools imported first), `python benchmarks/trading_paint_puzzles.py --count
100`, before/after runs alternated twice: the same puzzles, byte for byte (the JSON of every
puzzle hashed for lay medium 100, lay easy/hard 20, lay bump/finish 20, fewest 10, stop 5; the
snapshots unchanged).

    row                        earlier cpu s   before cpu s   after cpu s
    lay medium, any goal       8.39 - 8.91     5.14 - 5.51    3.85 - 3.87   (target 5 s: met)
    lay hard, any goal         9.22            6.12 - 6.42    3.88 - 3.99
    lay medium, bump           7.13            4.10 - 4.16    2.93 - 3.09
    lay easy, any goal         0.54            0.40 - 0.41    0.35
    stop medium (5 puzzles)    5.48 - 5.83     1.98 - 2.09    1.95 - 1.98   (0.39 - 0.40 s a puzzle)

("earlier": before this session's first speed-up; its hard, bump and easy figures from one
run on a busier machine.) Fewest (0.15 - 0.16 s for 20) and the solve times (median 0.4 - 0.6 ms a lay puzzle, 29 ms a
stop puzzle) unchanged; "lay medium, finish" runs out of scenes at 98 of 100 (each time).

What changed, earlier: a stop moment that the rule of four already gets right is rejected by
a floor under rolling (each face's best immediate stop), not by the full search; the valuer
rolls the six faces from one listing of the squares a die may go on; a die with a stop beyond
it is known to be on the track (and, in the placement query, to go on to the next face)
without working out its bumps and drafts; the ways to lay a face on a slot are cached; the
cheapest blockers are found by a plain search (CP-SAT only on a tie, for its pick), which
leaves CP-SAT to the proof of each kept puzzle. Then (before -> after): the placement query
walks the dice carrying the path, its exits, lap and blocker instead of building a position
per die, passes each path's squares down and keeps one stop ending per square and lap; the
greedy driver of the races that supply the scenes values a placement without building the
position; grading counts steps only near the goal first (len(faces) + 3 deep, graded again
with every square's steps when a die of the answer scores beyond: 8 of 3,401 grades) and
scores placements without laying them; the check for three different paths stops at three.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import tempfile
import time
from pathlib import Path

from generator.errors import LimitExceeded
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
    if args.smallest:  # one puzzle a row
        rows = [(name, Request(r.kind, r.goal, r.difficulty, 1, r.seed)) for name, r in rows]
    print(
        f"{'generate':28s} {'count':>6s} {'wall s':>8s} {'cpu s':>8s} {'ms each':>8s} "
        f"{'cpu ms each':>11s}"
    )
    made = {}
    for name, req in rows:
        try:
            puzzles, wall, cpu = timed(lambda req=req: generate(req))
        except LimitExceeded as e:  # the row's scenes ran out: say so, time the others
            print(f"{name:28s} {'-':>6s} {e}")
            continue
        made[name] = puzzles
        print(
            f"{name:28s} {len(puzzles):>6d} {wall:>8.2f} {cpu:>8.2f} "
            f"{1000 * wall / len(puzzles):>8.1f} {1000 * cpu / len(puzzles):>11.1f}"
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
