"""Graph Racers benchmarks: a table of solve times and states, not timed tests.

    python benchmarks/graph_racers.py                 # every map, then the generator figures
    python benchmarks/graph_racers.py --only nook     # maps whose path contains "nook"
    python benchmarks/graph_racers.py --no-maps       # only the generator figures

Under the exact rule with the 9-option set it reports, for every map in
../shared/data/racetrack (or tests/data/racetrack without it): the optimum, the time and the
states settled by the default search (the sweep on these maps; target: under
0.2 s; empty-80x80 under 0.5 s; the fastest of --repeat runs), next to forced A* (time, states expanded) and a plain
breadth-first search (states expanded). Then: one generated 120 x 80 circuit solved (target
under 1 s; a lap, raced by the sweep, with forced A* beside it), and 100 easy worksheet
tracks generated with their par (target under 30 s).
Searches give up after their state limits so the table finishes. The sweep races start-to-goal
maps in C where the install compiled it (hatch_build.py); RACEGEN_PURE_PYTHON=1 measures the
pure-Python sweep instead. The table's header says which ran.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

# the checkout is not put on sys.path: the benchmark measures the installed package (its
# compiled sweep, if the install built one)
from generator.errors import LimitExceeded
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.track.formats import read_track

ROOT = Path(__file__).resolve().parent.parent


def map_folder() -> Path:
    shared = ROOT.parent / "shared" / "data" / "racetrack"
    return shared if shared.is_dir() else ROOT / "tests" / "data" / "racetrack"


def sweep_kind() -> str:
    from generator.games.graph_racers.solving import sweep

    if sweep.native is not None:
        return "in C (start-to-goal races; laps in Python)"
    return "pure Python (RACEGEN_PURE_PYTHON set, or the C race was not compiled)"


def timed(fn, repeat: int = 1):
    """(result, seconds): the fastest of `repeat` runs (a shared machine only ever adds time)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return out, best


def maps_table(
    only: str | None,
    max_states: int,
    astar_states: int,
    bfs_states: int,
    repeat: int = 3,
    smallest: bool = False,
) -> None:
    folder = map_folder()
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".track", ".txt"))
    if only:
        files = [p for p in files if only in str(p.relative_to(folder))]
    if smallest:  # the smallest map file only
        files = sorted(files, key=lambda p: (p.stat().st_size, p))[:1]
    rules = Rules(9, "exact")
    print(f"maps in {folder} under {rules.short()}")
    print("search: the default engine (the sweep on these maps); A* forced; BFS plain")
    print(f"sweep: {sweep_kind()}")
    head = (
        f"{'map':46s} {'size':>9s} {'moves':>5s} {'search s':>8s} {'states':>9s} "
        f"{'A* s':>7s} {'A* states':>10s} {'BFS states':>11s}  target"
    )
    print(head)
    print("-" * len(head))
    over = 0
    for path in files:
        track = read_track(path)
        name = str(path.relative_to(folder))
        target = 0.5 if path.name.startswith("empty-80x80") else 0.2
        try:
            sol, secs = timed(lambda t=track: solve(t, rules, max_states=max_states), repeat)
            moves, states = str(sol.moves), str(sol.expanded)
            ok = "ok" if secs <= target else f"OVER {target:g} s"
        except LimitExceeded:
            moves, states, secs, ok = "?", "gave up", float("nan"), "gave up"
        if astar_states:
            try:
                astar, asecs = timed(
                    lambda t=track: solve(t, rules, max_states=astar_states, engine="astar")
                )
                a_text = str(astar.expanded)
                if moves != "?" and str(astar.moves) != moves:
                    a_text += " DIFFERS"
            except LimitExceeded:
                a_text, asecs = f">{astar_states}", float("nan")
        else:
            a_text, asecs = "-", float("nan")
        if bfs_states:
            try:
                bfs = solve(track, rules, heuristic=False, max_states=bfs_states)
                bfs_text = str(bfs.expanded)
            except LimitExceeded:
                bfs_text = f">{bfs_states}"
        else:
            bfs_text = "-"
        over += not ok.startswith("ok")
        print(
            f"{name:46s} {track.cols:>4d}x{track.rows:<4d} {moves:>5s} {secs:8.3f} {states:>9s} "
            f"{asecs:7.3f} {a_text:>10s} {bfs_text:>11s}  {ok}",
            flush=True,
        )
    print(f"{len(files)} maps, {over} over their target or given up")


def generator_figures(count: int, size: tuple[int, int] = (120, 80)) -> None:
    from generator.games.graph_racers.generating.generate import Request, generate
    from generator.games.graph_racers.printing.classroom import sheet_plan
    from generator.printing import PrintSpec

    print()
    req = Request(
        rows=size[1], cols=size[0], width=(3, 5), difficulty="medium", seed=1, rules=Rules(9)
    )
    (track,), gen_secs = timed(lambda: generate(req, 1))
    sol, secs = timed(lambda: solve(track, Rules(9)))
    astar, asecs = timed(lambda: solve(track, Rules(9), engine="astar"))
    print(
        f"generated {size[0]}x{size[1]} circuit (medium, seed 1): generated with par in {gen_secs:.2f} s; "
        f"solved under accel 9, exact: {sol.moves} moves, {sol.expanded} states, {secs:.3f} s "
        f"({'ok' if secs <= 1.0 else 'OVER 1 s'}); forced A*: {astar.moves} moves, "
        f"{astar.expanded} states, {asecs:.3f} s"
    )
    # the worksheet command's slot for cells tracks (classroom.sheet_plan): A4, two a page,
    # portrait or turned, whichever is squarer, less the rules printed at each page's foot
    plan = sheet_plan(PrintSpec(out=Path(".")), 2, 5.0, Rules(), 2, kind="cells")
    cols, rows = plan.cols, plan.rows
    req = Request(rows=rows, cols=cols, width=(3, 5), difficulty="easy", seed=1, rules=Rules())
    tracks, secs = timed(lambda: generate(req, count))
    attempts = sum(t.meta["generator"]["attempt"] for t in tracks)
    print(
        f"{count} easy worksheet tracks ({cols}x{rows}, par under accel 5, exact): {secs:.1f} s, "
        f"{attempts} drawn ({'ok' if secs <= 30 * count / 100 else 'OVER target'})"
    )


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--only", help="only maps whose path contains this text")
    ap.add_argument(
        "--max-states",
        type=int,
        default=32_000_000,
        help="the default search gives up past this many states (the sweep's default limit)",
    )
    ap.add_argument(
        "--astar-states",
        type=int,
        default=150_000,
        help="forced A* gives up after this many states (0: no A* column)",
    )
    ap.add_argument(
        "--bfs-states", type=int, default=150_000, help="BFS gives up after this many (0: no BFS)"
    )
    ap.add_argument(
        "--repeat", type=int, default=3, help="solve each map this many times, report the fastest"
    )
    ap.add_argument("--no-maps", action="store_true", help="skip the map table")
    ap.add_argument("--no-generate", action="store_true", help="skip the generator figures")
    ap.add_argument("--count", type=int, default=100, help="worksheet tracks to generate")
    ap.add_argument(
        "--smallest",
        action="store_true",
        help="one run at the smallest size (CI: does it still run?)",
    )
    args = ap.parse_args()
    if args.smallest:
        args.repeat, args.count, args.astar_states, args.bfs_states = 1, 1, 1000, 1000
    print(f"racegen from {Path(__import__('generator').__file__).parent}")
    if not args.no_maps:
        maps_table(
            args.only,
            args.max_states,
            args.astar_states,
            args.bfs_states,
            args.repeat,
            args.smallest,
        )
    if not args.no_generate:
        generator_figures(args.count, (40, 25) if args.smallest else (120, 80))


if __name__ == "__main__":
    main()
