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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.generating.circuit import (
    ExtentTooSmall,
    Loop,
    build_track,
    loop_shape,
    smooth,
)
from generator.games.graph_racers.generating.oil import oil_rng, place_oil
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.solving.distances import MovesLeft, stage_distances
from generator.games.graph_racers.solving.optimal_lines import OptimalLines
from generator.games.graph_racers.solving.solution import Solution
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.solving.states import Race
from generator.games.graph_racers.track.model import OFF, Track
from generator.resources import load_json

DIFFICULTIES = ("easy", "medium", "hard")


LINES_CAP = 1000  # optimal racing lines counted for a generated track's answer key
RECENT = 5  # a new track's map differs from the last five (a worksheet page holds at most 6)


class WidthMismatch(InvalidInput):
    """The widths asked and the difficulty's narrowest width cannot meet (whatever the
    size). Fields: difficulty, width (asked), bound (the difficulty's least or most narrowest
    width), wider (True: the difficulty needs wider tracks), fix (a width range that meets)."""

    def __init__(
        self, difficulty: str, width: tuple[int, int], bound: int, wider: bool, fix: tuple[int, int]
    ) -> None:
        self.difficulty, self.width, self.bound, self.wider, self.fix = (
            difficulty, width, bound, wider, fix,
        )  # fmt: skip
        super().__init__(f"{self.head}: widths {width[0]}..{width[1]} give none")

    @property
    def head(self) -> str:
        if self.wider:
            return f"{self.difficulty} tracks are at least {self.bound} points wide everywhere"
        return f"{self.difficulty} tracks narrow to {self.bound} points or less somewhere"


class NoRoom(InvalidInput):
    """A track too small across for a circuit as wide as asked; narrower ones fit. Fields:
    cols, rows, width (the narrowest asked), fix (a width range that fits)."""

    def __init__(self, cols: int, rows: int, width: int, fix: tuple[int, int]) -> None:
        self.cols, self.rows, self.width, self.fix = cols, rows, width, fix
        super().__init__(f"a {cols}x{rows} track has no room for a circuit {width} points wide")


class TooSmall(InvalidInput):
    """A track too small for any circuit of the difficulty. Fields: cols, rows, difficulty,
    least (its narrowest width), side (the smallest size that fits, side x side)."""

    def __init__(self, cols: int, rows: int, difficulty: str, least: int) -> None:
        self.cols, self.rows, self.difficulty, self.least = cols, rows, difficulty, least
        self.side = 2 * least + 5
        super().__init__(
            f"a {cols}x{rows} track is too small for {difficulty} circuits (at least {least} "
            "points wide)"
        )


class NotFound(LimitExceeded):
    """No track met the difficulty within the attempts. Fields: the request's difficulty,
    cols, rows, width, checkpoints, attempts, seed, oil, and why (what the attempts missed)."""

    def __init__(self, req: Request, why: str) -> None:
        self.difficulty, self.cols, self.rows = req.difficulty, req.cols, req.rows
        self.width, self.checkpoints, self.attempts, self.seed = (
            req.width, req.checkpoints, req.max_attempts, req.seed,
        )  # fmt: skip
        self.oil = req.oil
        points = f", {req.checkpoints} checkpoints" if req.checkpoints != 2 else ""
        points += f", {req.oil} oil patches" if req.oil else ""
        super().__init__(
            f"no {req.difficulty} track of {req.cols}x{req.rows} (width {req.width[0]}.."
            f"{req.width[1]}{points}) in {req.max_attempts} attempts for seed {req.seed}{why}"
        )


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
    oil: int = 0  # oil patches drawn on each track (oil.py; cell maps)


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


def scaled(limit: float, scale: float) -> float:
    """A threshold for this size: par and corners limits are whole numbers of moves and
    corners for a 40 x 25 track, scaled by size_factor and rounded to the nearest whole number
    (a 19 x 20 track has loops of at most 6 corners: hard's 10 x 0.62 = 6.2 is 6, not 7).
    Unscaled limits (narrowest, slowdown) are used as they are."""
    return limit if scale == 1.0 else math.floor(limit * scale + 0.5)


def _miss(value: float, bounds: Sequence[Any], scale: float = 1.0) -> tuple[str, float] | None:
    """None when value lies within the (scaled) bounds, else ("low", the least allowed) or
    ("high", the most allowed)."""
    lo, hi = bounds
    if lo is not None and value < scaled(lo, scale):
        return "low", scaled(lo, scale)
    if hi is not None and value > scaled(hi, scale):
        return "high", scaled(hi, scale)
    return None


def _in(value: float, bounds: Sequence[Any], scale: float = 1.0) -> bool:
    return _miss(value, bounds, scale) is None


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


SAME_MAP = 0.15  # maps whose track points differ by less than this share, best aligned, are one
NEW_MAP_TRIES = 40  # attempts spent looking for a new map once a repeat has turned up
# attempts spent looking for a new loop once only the loop repeats (the map is another width or
# proportion of a recent one): fewer, as small sizes have few loops and a page of one shape in
# two widths is less bad than a page of one map twice
NEW_LOOP_TRIES = 4
SHIFT = 2  # points a map may be moved either way along each axis when aligning two maps


def _shapes(grid: tuple[str, ...]) -> list[list[tuple[int, int]]]:
    """The map's track points cropped to their bounding box: as drawn, mirrored either way or
    both, and turned a quarter (when the box is square, so the turn fits the same box)."""
    pts = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != OFF]
    if not pts:
        return []
    r0, c0 = min(r for r, _ in pts), min(c for _, c in pts)
    h = max(r for r, _ in pts) - r0 + 1
    w = max(c for _, c in pts) - c0 + 1
    pts = [(r - r0, c - c0) for r, c in pts]
    shapes = [pts, [(h - 1 - r, c) for r, c in pts], [(r, w - 1 - c) for r, c in pts]]
    shapes.append([(h - 1 - r, w - 1 - c) for r, c in pts])
    if h == w:
        shapes += [[(c, r) for r, c in shape] for shape in shapes]
    return shapes


def _bits(points: list[tuple[int, int]], stride: int) -> int:
    bits = 0
    for r, c in points:
        bits |= 1 << ((r + SHIFT) * stride + c + SHIFT)
    return bits


@lru_cache(maxsize=1024)
def _forms(grid: tuple[str, ...], stride: int) -> tuple[int, tuple[int, ...]]:
    """(track points, the bitsets of every form in _shapes) of a map: kept, because a class
    pack compares each new map with every map before it."""
    shapes = _shapes(grid)
    return (len(shapes[0]) if shapes else 0), tuple(_bits(shape, stride) for shape in shapes)


def same_map(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Would a student see one map twice? True when b, mirrored or turned and moved by up to
    SHIFT points each way, covers nearly the same points as a: the points in one but not
    the other are under SAME_MAP of the points in either (a map moved by a point, or with one
    stretch a point wider, is the same puzzle to the eye)."""
    # one row stride for both, wide enough that no shift wraps a point into the next row
    stride = max(len(a[0]), len(b[0])) + 2 * SHIFT + 1
    (n_a, forms_a), (n_b, forms_b) = _forms(a, stride), _forms(b, stride)
    if not forms_a or not forms_b:
        return False
    bits_a = forms_a[0]
    if abs(n_a - n_b) >= SAME_MAP * max(n_a, n_b):
        return False
    for bits_b in forms_b:
        for dr in range(-SHIFT, SHIFT + 1):
            for dc in range(-SHIFT, SHIFT + 1):
                k = dr * stride + dc
                moved = bits_b << k if k >= 0 else bits_b >> -k
                if moved.bit_count() != n_b:
                    continue  # a point fell below the box: not a plain shift
                if (bits_a ^ moved).bit_count() < SAME_MAP * (bits_a | moved).bit_count():
                    return True
    return False


def make_track(
    req: Request,
    index: int,
    avoid: Sequence[tuple[int, Track]] = (),
    page: int | None = None,
    map_tries: int = NEW_MAP_TRIES,
) -> Track:
    """Track number `index` of a request: the first attempt that meets the difficulty and
    whose map is not the same map (same_map), nor the same loop in another width
    (circuit.loop_shape), as one of the numbered tracks in `avoid`; failing that, the least
    bad repeat that meets it, marked in its meta as repeating that track. Least bad: a loop
    in another width before a map (the same puzzle again), then not on its own worksheet
    page (`page` puzzles a page), then the repeat of the older track."""
    table = presets()
    if req.difficulty not in DIFFICULTIES:
        raise InvalidInput(f"difficulty {req.difficulty!r}: use easy, medium or hard")
    bounds = table["difficulty"][req.difficulty]
    shape = table["generator"][req.difficulty]
    narrow_lo, narrow_hi = bounds["narrowest"]
    if narrow_lo is not None and req.width[1] < narrow_lo:
        fix = (narrow_lo, max(narrow_lo, req.width[1] + narrow_lo - req.width[0]))
        raise WidthMismatch(req.difficulty, req.width, narrow_lo, True, fix)
    if narrow_hi is not None and req.width[0] > narrow_hi:
        raise WidthMismatch(
            req.difficulty, req.width, narrow_hi, False, (min(3, narrow_hi), narrow_hi)
        )
    wlo = max(req.width[0], shape["width"][0])
    whi = min(req.width[1], shape["width"][1])
    if wlo > whi:  # the asked widths and the difficulty's do not meet: the asked ones win
        wlo, whi = req.width
    # two parallel stretches and their walls must fit across the smaller side
    fits = (min(req.rows, req.cols) - 5) // 2
    if wlo > fits:
        least = max(2, narrow_lo or 2)  # the narrowest width this difficulty allows
        if fits >= least:
            raise NoRoom(req.cols, req.rows, wlo, (max(least, min(fits, 3)), fits))
        raise TooSmall(req.cols, req.rows, req.difficulty, least)
    whi = min(whi, fits)
    rng = random.Random(f"graph-racers:{req.seed}:{index}")
    f = size_factor(req.rows, req.cols)
    five = Rules(5, req.rules.collision, *req.rules.budget)
    nine = Rules(9, req.rules.collision, *req.rules.budget)
    repeat = None  # the least bad repeat so far: (found, last attempt, twin, loop twin, rank)
    misses = _Misses()
    for attempt in range(1, req.max_attempts + 1):
        if repeat is not None and attempt > repeat[1]:
            break  # this size and difficulty keep drawing the maps already used
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
        except ExtentTooSmall:
            raise
        except (LimitExceeded, InvalidInput):
            continue
        corners = loop.corners
        narrow = narrowest(track, loop)
        if not misses.fits("corners", corners, bounds["corners"], f):
            continue
        if not misses.fits("narrowest width", narrow, bounds["narrowest"]):
            continue
        if req.oil:  # the oil is part of the track: every feature is measured with it
            oiled = place_oil(track, req.oil, oil_rng(req.seed, index, attempt))
            if oiled is None:
                misses.note("oil", f"no room for {req.oil} oil patches")
                continue
            track = oiled
        if bounds["par"][1] is not None and not misses.fits(
            "par", lower_bound(track, req.rules), (None, bounds["par"][1]), f
        ):
            continue  # even the lower bound on par is too high: no need to solve
        # the nearest earlier track with the same map (or loop): the repeat to name and rank
        twin = next((n for n, t in reversed(avoid) if same_map(t.grid, track.grid)), None)
        loop_key = [list(node) for node in loop_shape(loop)]
        loop_twin = next(
            (n for n, t in reversed(avoid) if t.meta.get("generator", {}).get("loop") == loop_key),
            None,
        )
        if loop_twin == twin:
            loop_twin = None  # the map repeats: that says it all
        rank = None
        if twin is not None or loop_twin is not None:
            # the nearest earlier track that looks the same (its map, or its loop in another
            # width): a map again is worst (the same puzzle, the same answer), then a loop on
            # this worksheet page, then the nearer
            n = max(m for m in (twin, loop_twin) if m is not None)
            same_page = page is not None and (n - 1) // page == index // page
            rank = (twin is not None, same_page, n)
            if repeat is not None and rank >= repeat[4]:
                continue  # a repeat as bad or less bad is kept already: not worth solving
        best = solve(track, req.rules)
        if best.moves is None or not misses.fits("par", best.moves, bounds["par"], f):
            continue
        p5 = best if req.rules == five else solve(track, five)
        p9 = best if req.rules == nine else solve(track, nine)
        if p5.moves is None or p9.moves is None:
            continue
        slowdown = round(p5.moves / p9.moves, 3)
        if not misses.fits("slowdown", slowdown, bounds["slowdown"]):
            continue
        found = _Found(attempt, track, best, p5, p9, slowdown, corners, narrow, width, loop_key)
        if rank is not None:
            # the same map (or loop) as a recent puzzle of the set: keep looking, but keep it
            # in case this size and difficulty have no other map left
            budget = NEW_LOOP_TRIES if rank[:2] == (False, False) else map_tries
            last = attempt + budget if repeat is None else min(repeat[1], attempt + budget)
            repeat = (found, last, twin, loop_twin, rank)
            continue
        return _finished(req, index, found)
    if repeat is not None:
        return _finished(req, index, repeat[0], same_as=repeat[2], same_loop_as=repeat[3])
    raise NotFound(req, misses.why(req.difficulty))


class _Misses:
    """Why the drawn tracks missed the difficulty: per feature, how many were turned away and
    the nearest value seen, so the error can say what the size allows against what is asked."""

    def __init__(self) -> None:
        self.count: dict[str, int] = {}
        self.low: dict[str, tuple[float, float]] = {}  # feature: (largest value, least allowed)
        self.high: dict[str, tuple[float, float]] = {}  # feature: (smallest value, most allowed)
        self.words: dict[str, str] = {}  # a miss that is no feature's value: what it was

    def note(self, name: str, words: str) -> None:
        """A track turned away for another reason than a feature's value (`words`)."""
        self.words[name] = words
        self.count[name] = self.count.get(name, 0) + 1

    def fits(self, name: str, value: float, bounds: Sequence[Any], scale: float = 1.0) -> bool:
        miss = _miss(value, bounds, scale)
        if miss is None:
            return True
        side, need = miss
        if side == "low":
            self.low[name] = (max(value, self.low.get(name, (value, need))[0]), need)
        else:
            self.high[name] = (min(value, self.high.get(name, (value, need))[0]), need)
        self.count[name] = self.count.get(name, 0) + 1
        return False

    def why(self, difficulty: str) -> str:
        """' (most tracks drawn ...)' for the feature that turned most away, or ''."""
        if not self.count:
            return ""
        name = max(self.count, key=lambda k: self.count[k])
        if name in self.words:
            return f" (most tracks drawn had {self.words[name]})"
        low = name in self.low
        best, need = self.low[name] if low else self.high[name]
        words = {
            ("corners", True): "too few corners",
            ("corners", False): "too many corners",
            ("narrowest width", True): "too narrow a track",
            ("narrowest width", False): "too wide a track",
        }
        what = words.get((name, low), f"too {'low' if low else 'high'} a {name}")
        most, least = ("at most", "at least") if low else ("at least", "at most")
        return (
            f" (most tracks drawn had {what}: {name} {most} {best:g} on this size, "
            f"{difficulty} needs {least} {need:g})"
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
    loop: list[list[int]]  # loop_shape, as stored in the JSON


def _finished(
    req: Request,
    index: int,
    found: _Found,
    same_as: int | None = None,
    same_loop_as: int | None = None,
) -> Track:
    """The accepted track with everything the answer keys and the JSON store."""
    track, best = found.track, found.best
    # the answer keys say whether the optimum is unique and draw the most natural optimal line:
    # one census of the optimal lines gives both (the solve that set the par is not repeated)
    census = OptimalLines(Race(track, req.rules), best.moves)
    lines, capped = census.count(LINES_CAP)
    path, accels, _kinds = census.natural() or (best.path, best.accelerations, best.boosts)
    meta = {
        "id": f"graph-racers:{req.cols}x{req.rows}#{req.seed}.{index + 1}",
        "difficulty": req.difficulty,
        "rules": req.rules.to_dict(),
        "par": best.moves,
        "solution": {
            "path": [list(p) for p in path],
            "accelerations": [list(a) for a in accels],
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
            # the loop's shape (circuit.loop_shape): a later track avoids a recent one's
            "loop": found.loop,
        },
    }
    if req.oil:
        meta["generator"]["oil"] = req.oil  # patches drawn (oil.py); the par is with them
    if same_as is not None:
        # no other map of this size and difficulty turned up: say so (commands warn)
        meta["generator"]["same_map_as"] = same_as
    if same_loop_as is not None:
        meta["generator"]["same_loop_as"] = same_loop_as
    return track.with_(meta=meta)


def _ortools_version() -> str:
    import ortools

    return str(ortools.__version__)


# which earlier tracks a new one must not repeat: (number from 1, track) pairs
Avoid = Callable[[Sequence[Track]], Sequence[tuple[int, Track]]]


def recent(tracks: Sequence[Track]) -> list[tuple[int, Track]]:
    """The last RECENT tracks: a worksheet page (at most 6) never shows one map twice."""
    first = max(0, len(tracks) - RECENT)
    return [(j + 1, tracks[j]) for j in range(first, len(tracks))]


def every_earlier(tracks: Sequence[Track]) -> list[tuple[int, Track]]:
    """Every track before: a class pack gives no two students one map."""
    return list(enumerate(tracks, start=1))


def generate(
    req: Request,
    count: int,
    progress: Callable[[int], None] | None = None,
    page: int | None = None,
    avoid: Avoid = recent,
    map_tries: int = NEW_MAP_TRIES,
) -> list[Track]:
    """`count` tracks for a request, each map different from those `avoid` picks among the
    tracks before it (recent: the last five, so never twice on a worksheet page) unless the
    size and difficulty have no other map: once a repeat turns up, `map_tries` more attempts
    look for a new one. Reproducible: track i depends only on the seed, i and the tracks
    before it, never on `count`."""
    out: list[Track] = []
    for i in range(count):
        out.append(make_track(req, i, avoid(out), page, map_tries))
        if progress is not None:
            progress(1)
    return out


def stored_solution(track: Track) -> Solution:
    """The solution a generated track stores (its par, natural line and line count) under the
    rules it was generated for: what its answer key prints, without solving it again."""
    sol = track.meta["solution"]
    return Solution(
        Rules.from_dict(track.meta["rules"]),
        track.meta["par"],
        [tuple(p) for p in sol["path"]],
        [tuple(a) for a in sol["accelerations"]],
        optimal_lines=sol.get("optimal_lines"),
        lines_capped=bool(sol.get("optimal_lines_capped")),
    )
