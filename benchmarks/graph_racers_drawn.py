"""Drawn-circuit benchmarks (issue 16): a table, not timed tests.

    python benchmarks/graph_racers_drawn.py            # all three figures
    python benchmarks/graph_racers_drawn.py --quick    # fewer tracks

1. Par of a drawn 40 x 25 circuit (accel 5, exact): generated circuits of each difficulty,
   each re-solved from its file; the median and worst solve time (target: median under 0.5 s).
2. 100 worksheet tracks with their par (the slot of 2 puzzles a page on A4 at 5 mm, easy):
   generated, shaped, gated, solved and graded (target under 30 s).
3. A class pack of 30 students x 2 tracks through the command line (`racegen graph-racers
   classpack --students 30`), PDF written (target under 60 s); its 60 shapes are then compared
   pair by pair (none may share a shape).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.games.graph_racers.generating.drawn import generate_drawn  # noqa: E402
from generator.games.graph_racers.generating.generate import Request  # noqa: E402
from generator.games.graph_racers.generating.shapes.signature import same_shape, signature  # noqa: E402
from generator.games.graph_racers.moves.rules import Rules  # noqa: E402
from generator.games.graph_racers.solving.drawn import solve_drawn  # noqa: E402
from generator.games.graph_racers.track.drawn_format import (  # noqa: E402
    track_from_dict,
    track_to_dict,
)

# the checkout is not put on sys.path: the benchmark measures the installed package


def par_table(
    per_difficulty: int, difficulties: tuple[str, ...] = ("easy", "medium", "hard")
) -> None:
    print("par of drawn 40x25 circuits (accel 5, exact), re-solved from their files")
    print(f"{'difficulty':<10} {'tracks':>6} {'median s':>9} {'worst s':>8} {'par range':>10}")
    times_all = []
    for difficulty in difficulties:
        req = Request(25, 40, (2, 6), difficulty, 1, Rules(), 2)
        tracks = generate_drawn(req, per_difficulty)
        times, pars = [], []
        for t in tracks:
            again = track_from_dict(json.loads(json.dumps(track_to_dict(t))))
            began = time.perf_counter()
            sol = solve_drawn(again, Rules())
            times.append(time.perf_counter() - began)
            pars.append(sol.moves)
            assert sol.moves == t.meta["par"]
        times_all += times
        print(
            f"{difficulty:<10} {len(tracks):>6} {statistics.median(times):>9.3f} "
            f"{max(times):>8.3f} {min(pars):>4}-{max(pars):<5}"
        )
    med = statistics.median(times_all)
    print(f"all: median {med:.3f} s ({'ok' if med < 0.5 else 'OVER 0.5 s'})")


def worksheet_tracks(count: int) -> None:
    from generator.games.graph_racers.printing.classroom import sheet_plan
    from generator.printing import PrintSpec

    # the worksheet command's slot for drawn tracks (classroom.sheet_plan): A4, two a page,
    # portrait or turned, whichever is squarer, less the rules printed at each page's foot
    plan = sheet_plan(PrintSpec(out=Path(".")), 2, 5.0, Rules(), 2, kind="drawn")
    cols, rows = plan.cols, plan.rows
    req = Request(rows, cols, (2, 6), "easy", 1, Rules(), 2)
    began = time.perf_counter()
    tracks = generate_drawn(req, count)
    secs = time.perf_counter() - began
    attempts = sum(t.meta["generator"]["attempt"] for t in tracks)
    target = 30 * count / 100
    print(
        f"{count} easy drawn worksheet tracks ({cols}x{rows}) with par: {secs:.1f} s, "
        f"{attempts} attempts ({'ok' if secs <= target else 'OVER target'})"
    )


def class_pack(students: int) -> None:
    """The command line, timed with its PDFs written; then the same pack's tracks (the same
    seed gives the same tracks) compared pair by pair."""
    from generator.games.graph_racers.printing.classpack import class_pack as pack_of

    with tempfile.TemporaryDirectory() as out:
        cmd = [
            sys.executable, "-m", "generator", "graph-racers", "classpack",
            "--students", str(students), "--difficulty", "easy", "--seed", "1", "--out", out,
        ]  # fmt: skip
        began = time.perf_counter()
        # from the temporary folder: `-m` in the checkout would import the checkout
        run = subprocess.run(cmd, capture_output=True, text=True, cwd=out)
        secs = time.perf_counter() - began
    if run.returncode:
        print(f"classpack failed: {run.stderr.strip()}")
        return
    req = Request(28, 37, (0, 99), "easy", 1, Rules(), 2)  # the pack's page: one a page, A4
    pack = pack_of(students, 2, 1, lambda n: generate_drawn(req, n))
    tracks = [t for s in pack for t in s.tracks]
    sigs = [signature([tuple(p) for p in t.meta["drawn_from"]["centre"]]) for t in tracks]
    same = sum(
        same_shape(sigs[a], sigs[b]) for a in range(len(sigs)) for b in range(a + 1, len(sigs))
    )
    print(
        f"class pack of {students} students x 2 (drawn, easy, seed 1): {secs:.1f} s with both "
        f"PDFs ({'ok' if secs <= 60 else 'OVER 60 s'}); {len(sigs)} tracks, {same} pairs of "
        "the same shape"
    )


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--quick", action="store_true", help="5 circuits a difficulty, 20 tracks")
    ap.add_argument(
        "--smallest",
        action="store_true",
        help="one run at the smallest size (CI: does it still run?)",
    )
    args = ap.parse_args()
    if args.smallest:  # one easy circuit, one worksheet track; no class pack (a command)
        par_table(1, ("easy",))
        print()
        worksheet_tracks(1)
        return
    par_table(5 if args.quick else 20)
    print()
    worksheet_tracks(20 if args.quick else 100)
    print()
    class_pack(30)


if __name__ == "__main__":
    main()
