"""Start-up time of `racegen --help` and `racegen list` (target: --help under 0.3 s).

Run: python benchmarks/startup.py    Prints a table: command, best, median of 7 runs.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

COMMANDS = [["--help"], ["--version"], ["list"], ["graph-racers", "--help"]]


def timed(args: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, check=False)
    return time.perf_counter() - t


def main() -> None:
    print(f"{'command':32s} {'best s':>8s} {'median s':>9s}")
    for args in COMMANDS:
        runs = [timed(args) for _ in range(7)]
        print(f"{'racegen ' + ' '.join(args):32s} {min(runs):8.3f} {statistics.median(runs):9.3f}")


if __name__ == "__main__":
    main()
