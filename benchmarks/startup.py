"""Start-up time of `racegen --help` and `racegen list` (target: --help under 0.3 s).

Run: python benchmarks/startup.py    Prints a table: command, best, median of 7 runs.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS = [["--help"], ["--version"], ["list"], ["graph-racers", "--help"]]


def timed(args: list[str]) -> float:
    t = time.perf_counter()
    # from the temporary folder: `-m` in the checkout would import the checkout, not the install
    subprocess.run(
        [sys.executable, "-m", "generator", *args],
        capture_output=True,
        check=False,
        cwd=tempfile.gettempdir(),
    )
    return time.perf_counter() - t


def main() -> None:
    smallest = "--smallest" in sys.argv[1:]  # one run of one command (CI: does it still run?)
    print(f"{'command':32s} {'best s':>8s} {'median s':>9s}")
    for args in COMMANDS[:1] if smallest else COMMANDS:
        runs = [timed(args) for _ in range(1 if smallest else 7)]
        print(f"{'racegen ' + ' '.join(args):32s} {min(runs):8.3f} {statistics.median(runs):9.3f}")


if __name__ == "__main__":
    main()
