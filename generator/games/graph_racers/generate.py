"""Generating lap circuits with a par, at a difficulty defined by measured features.

Each track is drawn (circuit.py), then measured: its par (the optimal number of moves under
the chosen rules, found by the exact solver), the corners of its loop, its narrowest width and
how much slower the 5-option rule is than the 9-option rule. A track is kept when every feature
lies in the difficulty's range (templates/graph_racers/presets.json); otherwise the next
attempt is drawn from the same random stream, so a seed always gives the same tracks.

The stored track holds the whole map, its rules, par and an optimal line, not only the seed:
another OR-Tools version may draw a different loop from the same seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.circuit import Loop, build_track, smooth
from generator.games.graph_racers.distances import MovesLeft, stage_distances
from generator.games.graph_racers.model import Track
from generator.games.graph_racers.rules import Rules
from generator.games.graph_racers.solve import Race, Solution, count_optimal_lines, solve
from generator.resources import load_json

DIFFICULTIES = ("easy", "medium", "hard")


LINES_CAP = 1000  # optimal racing lines counted for a generated track's answer key
RECENT = 5  # a new track's map differs from the last five (a worksheet page holds at most 6)


@dataclass(frozen=True)
class Request:
    rows: int
    cols: int
    width: tuple[int, int]
    difficulty: str
    seed: int
    rules: Rules
    checkpoints: int = 2
    max_attempts: int = 300


def presets() -> dict[str, Any]:
    return load_json("graph_racers", "presets.json")


def narrowest(track: Track, loop: Loop) -> int:
    """The narrowest track width met along the loop's centre line.

    At points nearest to the smoothed centre line (sampled every half point), the shorter of
    the horizontal and vertical runs of track through the point.
    """
    grid = track.grid
    rows, cols = track.rows, track.cols
    centre = smooth([loop.point(n) for n in loop.nodes])
    best = max(rows, cols)
    seen: set[tuple[int, int]] = set()
    n = len(centre)
    for i in range(n):
        (y0, x0), (y1, x1) = centre[i], centre[(i + 1) % n]
        steps = max(1, int(math.hypot(y1 - y0, x1 - x0) * 2))
        for k in range(steps):
            t = k / steps
            r, c = round(y0 + t * (y1 - y0)), round(x0 + t * (x1 - x0))
            if (r, c) in seen or not (0 <= r < rows and 0 <= c < cols) or grid[r][c] == "#":
                continue
            seen.add((r, c))
            lo = hi = c
            while lo > 0 and grid[r][lo - 1] != "#":
                lo -= 1
            while hi < cols - 1 and grid[r][hi + 1] != "#":
                hi += 1
            top = bot = r
            while top > 0 and grid[top - 1][c] != "#":
                top -= 1
            while bot < rows - 1 and grid[bot + 1][c] != "#":
                bot += 1
            best = min(best, hi - lo + 1, bot - top + 1)
    return best


def _in(value: float, bounds: list[Any], scale: float = 1.0) -> bool:
    lo, hi = bounds
    return (lo is None or value >= lo * scale) and (hi is None or value <= hi * scale)


def size_factor(rows: int, cols: int) -> float:
    """How par and corner thresholds scale with the track (1.0 for 40 x 25)."""
    return math.sqrt(rows * cols / 1000)


def classify(features: dict[str, Any], rows: int, cols: int) -> list[str]:
    """Every difficulty whose ranges the measured features meet."""
    table = presets()["difficulty"]
    f = size_factor(rows, cols)
    return [
        name
        for name in DIFFICULTIES
        if _in(features["par"], table[name]["par"], f)
        and _in(features["corners"], table[name]["corners"], f)
        and _in(features["narrowest"], table[name]["narrowest"])
        and _in(features["slowdown"], table[name]["slowdown"])
    ]


def lower_bound(track: Track, rules: Rules) -> int:
    """The solver's heuristic at the start: a cheap lower bound on par."""
    dist = stage_distances(track, rules)[0]
    left = MovesLeft(rules)
    vals = [dist[r * track.cols + c] for r, c in track.starts]
    vals = [v for v in vals if v >= 0]
    return min(left(v, 0, rules.turbo, rules.rocket) for v in vals) if vals else 10**9


def shape_key(grid: tuple[str, ...]) -> tuple[str, ...]:
    """One key for a map and its mirror images (and quarter turns when square): two puzzles
    with the same key are the same puzzle to a student."""
    flips = [grid, grid[::-1], tuple(r[::-1] for r in grid), tuple(r[::-1] for r in grid[::-1])]
    if len(grid) == len(grid[0]):
        turned = tuple("".join(col) for col in zip(*grid, strict=True))
        flips += [turned, turned[::-1], tuple(r[::-1] for r in turned)]
        flips.append(tuple(r[::-1] for r in turned[::-1]))
    return min(flips)


def make_track(req: Request, index: int, avoid: frozenset = frozenset()) -> Track:
    """Track number `index` of a request: the first attempt that meets the difficulty and
    whose map (up to mirror images) is not in `avoid`; failing that, the first that meets it."""
    table = presets()
    if req.difficulty not in DIFFICULTIES:
        raise InvalidInput(f"difficulty {req.difficulty!r}: use easy, medium or hard")
    bounds = table["difficulty"][req.difficulty]
    shape = table["generator"][req.difficulty]
    wlo = max(req.width[0], shape["width"][0])
    whi = min(req.width[1], shape["width"][1])
    if wlo > whi:  # the asked widths and the difficulty's do not meet: the asked ones win
        wlo, whi = req.width
    # two parallel stretches and their walls must fit across the smaller side
    fits = (min(req.rows, req.cols) - 5) // 2
    if wlo > fits:
        raise InvalidInput(
            f"a {req.cols}x{req.rows} track has no room for a circuit {wlo} points wide; "
            f"use --width {max(2, min(fits, 3))}..{max(2, fits)} or a larger size"
            if fits >= 2
            else f"a {req.cols}x{req.rows} track is too small for a circuit; use at least 9 x 9 points"
        )
    whi = min(whi, fits)
    rng = random.Random(f"graph-racers:{req.seed}:{index}")
    f = size_factor(req.rows, req.cols)
    five = Rules(5, req.rules.collision, *req.rules.budget)
    nine = Rules(9, req.rules.collision, *req.rules.budget)
    repeat = None
    for attempt in range(1, req.max_attempts + 1):
        width = rng.randint(wlo, whi)
        visit = (shape["visit"][0], shape["visit"][1])
        try:
            track, loop = build_track(
                req.rows,
                req.cols,
                width,
                visit,
                rng,
                rng.randrange(2**31),
                req.checkpoints,
                name=f"{req.difficulty} {req.cols}x{req.rows} #{req.seed}.{index + 1}",
            )
            track.validate(track.name)
        except (LimitExceeded, InvalidInput) as e:
            if "too small" in str(e):
                raise
            continue
        corners = loop.corners
        narrow = narrowest(track, loop)
        if not (_in(corners, bounds["corners"], f) and _in(narrow, bounds["narrowest"])):
            continue
        if bounds["par"][1] is not None and lower_bound(track, req.rules) > bounds["par"][1] * f:
            continue
        best = solve(track, req.rules)
        if best.moves is None or not _in(best.moves, bounds["par"], f):
            continue
        p5 = best if req.rules == five else solve(track, five)
        p9 = best if req.rules == nine else solve(track, nine)
        if p5.moves is None or p9.moves is None:
            continue
        slowdown = round(p5.moves / p9.moves, 3)
        if not _in(slowdown, bounds["slowdown"]):
            continue
        found = _Found(attempt, track, best, p5, p9, slowdown, corners, narrow, width)
        if avoid and shape_key(track.grid) in avoid:
            # the same map as a recent puzzle of the set: keep looking, but keep it in case
            # this size and difficulty have no other map left
            repeat = repeat or found
            continue
        return _finished(req, index, found)
    if repeat is not None:
        return _finished(req, index, repeat)
    fewer = ", fewer checkpoints" if req.checkpoints > 2 else ""
    raise LimitExceeded(
        f"no {req.difficulty} track of {req.cols}x{req.rows} (width {req.width[0]}..{req.width[1]}"
        f"{f', {req.checkpoints} checkpoints' if req.checkpoints != 2 else ''}) in "
        f"{req.max_attempts} attempts for seed {req.seed}; try another size, width{fewer} or "
        "difficulty"
    )


@dataclass(frozen=True)
class _Found:
    """A track that meets the difficulty, with what was measured on it."""

    attempt: int
    track: Track
    best: Solution
    p5: Solution
    p9: Solution
    slowdown: float
    corners: int
    narrow: int
    width: int


def _finished(req: Request, index: int, found: _Found) -> Track:
    """The accepted track with everything the answer keys and the JSON store."""
    track, best = found.track, found.best
    # the answer keys say whether the optimum is unique: count the optimal lines (capped)
    # (the solve that set the par is not repeated: only the counting runs here)
    lines, capped = count_optimal_lines(Race(track, req.rules), best.moves, LINES_CAP)
    meta = {
        "id": f"graph-racers:{req.cols}x{req.rows}#{req.seed}.{index + 1}",
        "difficulty": req.difficulty,
        "rules": req.rules.to_dict(),
        "par": best.moves,
        "solution": {
            "path": [list(p) for p in best.path],
            "accelerations": [list(a) for a in best.accelerations],
            "optimal_lines": lines,
            "optimal_lines_capped": capped,
        },
        "features": {
            "par": best.moves,
            "par_accel_5": found.p5.moves,
            "par_accel_9": found.p9.moves,
            "slowdown": found.slowdown,
            "corners": found.corners,
            "narrowest": found.narrow,
            "width": found.width,
        },
        "generator": {
            "seed": req.seed,
            "index": index + 1,
            "attempt": found.attempt,
            "size": [req.cols, req.rows],
            "width": list(req.width),
            "ortools": _ortools_version(),
        },
    }
    return track.with_(meta=meta)


def _ortools_version() -> str:
    import ortools

    return str(ortools.__version__)


def generate(
    req: Request, count: int, progress: Callable[[int], None] | None = None
) -> list[Track]:
    """`count` tracks for a request, each map different from the last five (so never twice on
    a worksheet page) unless the size and difficulty have no other map. Reproducible: track i
    depends only on the seed, i and the tracks before it, never on `count`."""
    out: list[Track] = []
    for i in range(count):
        recent = frozenset(shape_key(t.grid) for t in out[-RECENT:])
        out.append(make_track(req, i, recent))
        if progress is not None:
            progress(1)
    return out
