"""Generated drawn circuits: shaped with named features, solved, graded by measurement, and
never the same shape twice in one run.

A track is made in four steps, each of which may turn the attempt down (the next attempt draws
again from the same seeded stream, so track i depends only on the seed, i and the shapes of
the tracks before it):

1. features: the difficulty's pool (templates/graph_racers/presets.json, "drawn") gives how
   many and which features (hairpin, chicane, s-bends, long-straight, fast-sweeper,
   narrow-section); shapes.compose draws a circuit that has them (measured by shapes.detect);
2. shape: its signature (shapes.signature: the same under turning, mirroring, scaling and
   moving) must differ from every earlier track of the run, by its SAME_SHAPE;
3. gates: the start/finish line and the checkpoints go where the track runs along a grid
   axis (a line across the track along one grid line, as a student can check with a ruler);
4. grade: the exact par (solving/drawn.py), the braking points and the number of optimal lines of
   the solved track and its narrowest width give a score; the track is kept only when the
   score's grade is the difficulty asked for.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from generator.errors import InvalidInput
from generator.games.graph_racers.generating.clear_points import clear_grid_points, clear_moves
from generator.games.graph_racers.generating.generate import NotFound, Request, presets
from generator.games.graph_racers.generating.shapes.circuit import Circuit
from generator.games.graph_racers.generating.shapes.compose import compose
from generator.games.graph_racers.generating.shapes.signature import same_shape, signature
from generator.games.graph_racers.solving.drawn import search_drawn, solve_drawn
from generator.games.graph_racers.solving.print_scale import CLEARANCE, move_gaps, print_scale
from generator.games.graph_racers.solving.solution import Solution
from generator.games.graph_racers.track.drawn import SCALE, DrawnTrack, Gate

LINES_CAP = 1000  # optimal lines are counted up to this many
ATTEMPTS = 2000  # attempts a track; most fail in the composer or on a shape seen before
NO_FIT = 400  # when the composer fits none of the first attempts, the size is too small


def table() -> dict[str, Any]:
    return presets()["drawn"]


@dataclass(frozen=True)
class Grade:
    """What makes a drawn circuit hard, measured on the solved track."""

    par: int
    braking: int  # moves of the natural optimal line that slow the car down
    lines: int  # optimal racing lines (up to LINES_CAP)
    narrowest: float  # the narrowest track width, in squares
    score: float
    difficulty: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "difficulty": self.difficulty,
            "score": self.score,
            "par": self.par,
            "braking_points": self.braking,
            "optimal_lines": self.lines,
            "narrowest": self.narrowest,
        }

    def words(self) -> str:
        more = "+" if self.lines >= LINES_CAP else ""
        return (
            f"{self.difficulty} (score {self.score:g}: {self.braking} braking points, "
            f"{self.lines}{more} optimal lines, narrowest {self.narrowest:.1f} squares)"
        )


def braking_points(path: Sequence[tuple[int, int]]) -> int:
    """Moves that leave the car slower than before (by the length of its vector)."""
    speeds = [(b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2 for a, b in zip(path, path[1:], strict=False)]
    return sum(1 for s0, s1 in zip(speeds, speeds[1:], strict=False) if s1 < s0)


def grade(sol: Solution, narrowest: float, rows: int, cols: int) -> Grade:
    """Score = braking points (per the size of a 40 x 25 track: divided by
    f = sqrt(rows * cols / 1000), as a bigger track has more corners) + a narrow-track bonus
    + a few-lines bonus; the grade's bounds are in presets.json ("drawn" -> "grade"),
    measured on generated tracks."""
    t = table()["grade"]
    braking = braking_points(sol.path)
    lines = sol.optimal_lines or 0
    score = braking / math.sqrt(rows * cols / 1000)
    for width, bonus in t["narrow_bonus"]:
        if narrowest < width:
            score += bonus
            break
    for most, bonus in t["lines_bonus"]:
        if lines <= most:
            score += bonus
            break
    difficulty = "hard"
    for name in ("easy", "medium"):
        if score < t[name]:
            difficulty = name
            break
    return Grade(sol.moves or 0, braking, lines, round(narrowest, 2), round(score, 1), difficulty)


# --- gates ---------------------------------------------------------------------------------


def _arc(points: Sequence[tuple[float, float]]) -> list[float]:
    """The arc length at each point of an open polyline, math.dist summed in order: given the
    closed centre line as [*centre, centre[0]], the last entry is the lap's length. Places the
    gates along the lap (place_gates) and finds the centre point nearest each kerb end
    (_kerbs).

    Not shapes.polyline.arc_length, though both measure the same thing: that one (numpy:
    np.hypot, cumsum, the lap's length a pairwise sum) gives the arc lengths shapes measures
    features and kerbs in. The two differ in the last bits (the lap's length by up to 49 ulp),
    and a kerb's end lies half-way between two centre points, so which point is nearest is a
    tie the last bits decide. Measured (issue 25): with arc_length here, 789 of 2,020 generated
    drawn circuits (seeds 1-9, sizes 20x14 to 60x40, every difficulty, 1-3 checkpoints) had a
    kerb end on another point, and 1,506 of the 4,249 circuits built on the way; no gate
    moved. So the two stay apart: merging them would change generated tracks."""
    out = [0.0]
    for a, b in zip(points, points[1:], strict=False):
        out.append(out[-1] + math.dist(a, b))
    return out


def _edge_crossings(edge: Sequence[tuple[int, int]], axis: int, at: int) -> list[Fraction]:
    """Where a fine edge meets the grid line (axis 1: column `at`, axis 0: row `at`), as the
    other coordinate in fine units."""
    line = at * SCALE
    out = []
    n = len(edge)
    for i in range(n):
        a, b = edge[i], edge[(i + 1) % n]
        if (a[axis] - line) * (b[axis] - line) <= 0 and a[axis] != b[axis]:
            other = 1 - axis
            t = Fraction(line - a[axis], b[axis] - a[axis])
            out.append(a[other] + t * (b[other] - a[other]))
    return out


def gate_at(track_edges, centre, i: int, half: float) -> Gate | None:  # noqa: ANN001
    """A gate across the track at centre point i, along the grid line nearest it, or None when
    the track there runs more than 25 degrees off a grid axis."""
    n = len(centre)
    (x0, y0), (x1, y1) = centre[(i - 2) % n], centre[(i + 2) % n]
    dx, dy = x1 - x0, y1 - y0
    if abs(dx) >= abs(dy) * math.tan(math.radians(65)):
        orientation, axis, at, direction = "vertical", 1, round(centre[i][0]), 1 if dx > 0 else -1
        near = centre[i][1] * SCALE
    elif abs(dy) >= abs(dx) * math.tan(math.radians(65)):
        orientation, axis, at, direction = "horizontal", 0, round(centre[i][1]), 1 if dy > 0 else -1
        near = centre[i][0] * SCALE
    else:
        return None
    ends = []
    reach = (half + 1.0) * SCALE
    for edge in track_edges:
        hits = [v for v in _edge_crossings(edge, axis, at) if abs(v - near) <= reach]
        if not hits:
            return None
        ends.append(min(hits, key=lambda v: abs(v - near)))
    lo, hi = min(ends), max(ends)
    return Gate(orientation, at, math.floor(lo), math.ceil(hi), direction)


def place_gates(
    circ: Circuit, edges, checkpoints: int, straight: tuple[float, float] | None
) -> tuple[Gate, tuple[Gate, ...]] | None:  # noqa: ANN001
    """The finish (mid-way along the long straight when there is one, else where the track is
    straightest along a grid axis) and `checkpoints` gates about evenly round the lap after it."""
    centre = circ.centre
    arc = _arc([*centre, centre[0]])
    total = arc[-1]
    n = len(centre)
    half = circ.half_width

    def candidates_near(s: float, window: float) -> list[int]:
        idx = [k for k in range(n) if _circ_dist(arc[k], s, total) <= window]
        return sorted(idx, key=lambda k: _circ_dist(arc[k], s, total))

    if straight is not None:
        s0 = (straight[0] + straight[1]) / 2
        if straight[1] < straight[0]:
            s0 = (straight[0] + straight[1] + total) / 2 % total
        order = candidates_near(s0, total / 8)
    else:
        order = sorted(range(n), key=lambda k: _turn(centre, k))
    finish = _first_gate(edges, centre, half, order)
    if finish is None:
        return None
    f_index, fin = finish
    gates = []
    for k in range(1, checkpoints + 1):
        s = (arc[f_index] + total * k / (checkpoints + 1)) % total
        got = _first_gate(edges, centre, half, candidates_near(s, total / (3 * (checkpoints + 1))))
        if got is None:
            return None
        gates.append(got[1])
    if len({(g.orientation, g.at, g.lo) for g in (fin, *gates)}) < checkpoints + 1:
        return None
    return fin, tuple(gates)


def _first_gate(edges, centre, half, order) -> tuple[int, Gate] | None:  # noqa: ANN001
    for k in order:
        g = gate_at(edges, centre, k, half[k])
        if g is not None and len(g.points()) >= 2:
            return k, g
    return None


def _circ_dist(a: float, b: float, total: float) -> float:
    d = abs(a - b) % total
    return min(d, total - d)


def _turn(centre, k: int) -> float:  # noqa: ANN001
    """How much the centre line turns over 4 points around k (radians): a straightness rank."""
    n = len(centre)
    a, b, c = centre[(k - 4) % n], centre[k], centre[(k + 4) % n]
    h1 = math.atan2(b[1] - a[1], b[0] - a[0])
    h2 = math.atan2(c[1] - b[1], c[0] - b[0])
    return abs((h2 - h1 + math.pi) % (2 * math.pi) - math.pi)


# --- building a track ----------------------------------------------------------------------


def _fine(points: Sequence[tuple[float, float]]) -> tuple[tuple[int, int], ...]:
    """Float (x, y) grid points to fine (row, col), consecutive repeats dropped."""
    out: list[tuple[int, int]] = []
    for x, y in points:
        p = (round(y * SCALE), round(x * SCALE))
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[-1] == out[0]:
        out.pop()
    return tuple(out)


def _kerbs(circ: Circuit, edges) -> list[dict[str, int]]:  # noqa: ANN001
    """Kerb spans (arc lengths along the centre) as point numbers of the fine edges."""
    arc = _arc([*circ.centre, circ.centre[0]])
    out = []
    for side, s0, s1 in circ.kerbs:
        k = 0 if side == "left" else 1
        floats = circ.left if k == 0 else circ.right
        ends = []
        for s in (s0, s1):
            i = min(range(len(circ.centre)), key=lambda j: _circ_dist(arc[j], s, arc[-1]))
            fx, fy = floats[i * len(floats) // len(circ.centre)]
            target = (fy * SCALE, fx * SCALE)
            ends.append(min(range(len(edges[k])), key=lambda j: math.dist(edges[k][j], target)))
        out.append({"edge": k, "from": ends[0], "to": ends[1]})
    return out


def build(
    circ: Circuit, rows: int, cols: int, checkpoints: int, name: str, edges: Any = None
) -> DrawnTrack | None:
    """The exact track of a composed circuit (or of the given edges, bent from its own),
    with its gates and kerbs; None when no gate fits (the track never runs along a grid axis
    where one is needed). Its edges are bent round the grid points near them
    (clear_points.py)."""
    if edges is None:
        edges = (clear_grid_points(_fine(circ.left)), clear_grid_points(_fine(circ.right)))
    straight = next(((f.start, f.end) for f in circ.features if f.name == "long-straight"), None)
    placed = place_gates(circ, edges, checkpoints, straight)
    if placed is None:
        return None
    fin, gates = placed
    meta = {"kerbs": _kerbs(circ, edges)}
    track = DrawnTrack(name, rows, cols, edges, fin, gates, meta)
    try:
        return track.validate(name)
    except InvalidInput:
        return None


# --- the run -------------------------------------------------------------------------------


MAX_SIZE = (120, 80)  # cols, rows: beyond, a drawn circuit is a poster, not a worksheet puzzle
# The smallest sizes (cols, rows) a difficulty is made at, measured (rules doc, "Sizes"): a
# size is accepted when it is at least one of them in both directions. Below, the composer
# fits no circuit robust at print scale in its attempts, so the size is refused at once.
MIN_SIZES = {
    "easy": ((20, 14),),
    "medium": ((20, 14),),
    "hard": ((20, 14), (17, 15)),  # 17x15: the slot of a 4-a-page worksheet
}


def size_problem(req: Request) -> str | None:
    """Why drawn circuits are not made at the request's size (the facts, no advice), or None."""
    if req.cols > MAX_SIZE[0] or req.rows > MAX_SIZE[1]:
        return (
            f"drawn circuits are made up to {MAX_SIZE[0]}x{MAX_SIZE[1]} points, not "
            f"{req.cols}x{req.rows}"
        )
    least = MIN_SIZES[req.difficulty]
    if not any(req.cols >= c and req.rows >= r for c, r in least):
        sizes = " or ".join(f"{c}x{r}" for c, r in least)
        return (
            f"a drawn {req.difficulty} circuit needs at least {sizes} points, not "
            f"{req.cols}x{req.rows}"
        )
    return None


def feature_words(track: DrawnTrack) -> str:
    """The features a generated circuit has, in words: 'long straight x2, hairpin'."""
    counts: dict[str, int] = {}
    for f in track.meta.get("features", ()):
        counts[f["name"]] = counts.get(f["name"], 0) + 1
    words = [
        (n if n == "s-bends" else n.replace("-", " ")) + (f" x{k}" if k > 1 else "")
        for n, k in counts.items()
    ]
    return ", ".join(words) if words else "a plain loop"


def pick_features(rng: random.Random, difficulty: str) -> list[str]:
    spec = table()["difficulty"][difficulty]
    k = rng.randint(*spec["features"])
    return sorted(rng.sample(spec["pool"], k))


def make_drawn(
    req: Request, index: int, earlier: Sequence[tuple[float, ...]]
) -> tuple[DrawnTrack, tuple[float, ...]]:
    """Track `index` of a run: composed, unlike every earlier shape, gated, solved and graded
    as asked. NotFound after ATTEMPTS attempts (most fail cheaply, in the composer or on a
    shape seen before: 400 easy worksheet puzzles needed up to 394)."""
    width = widths(req)
    misses: dict[str, int] = {}
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"drawn/{req.seed}/{index}/{attempt}")
        features = pick_features(rng, req.difficulty)
        circ = compose(rng, req.cols, req.rows, features, width)
        if circ is None:
            misses["shape"] = misses.get("shape", 0) + 1
            if misses["shape"] == NO_FIT == attempt + 1:
                raise NotFound(
                    replace(req, width=(f"{width[0]:g}", f"{width[1]:g}"), max_attempts=NO_FIT),
                    f" (no {req.difficulty} circuit fits {req.cols}x{req.rows} points)",
                )
            continue
        sig = signature(circ.centre)
        if any(same_shape(sig, s) for s in earlier):
            misses["same shape"] = misses.get("same shape", 0) + 1
            continue
        name = f"drawn {req.cols}x{req.rows} {req.difficulty} #{req.seed}-{index + 1}"
        why, done = _robust(circ, req, name)
        if done is None:
            misses[why] = misses.get(why, 0) + 1
            continue
        track, sol, g = done
        return _finished(track, circ, sol, g, req, index, attempt), sig
    common = sorted(misses.items(), key=lambda kv: -kv[1])[:3]
    shown = replace(req, width=(f"{width[0]:g}", f"{width[1]:g}"), max_attempts=ATTEMPTS)
    raise NotFound(shown, " (" + ", ".join(f"{why}: {n}" for why, n in common) + ")")


REPAIRS = 3  # rounds of bending the edges away from optimal moves too near them


def _robust(circ: Circuit, req: Request, name: str) -> tuple[str, Any]:
    """The circuit built, solved, graded as asked and robust at print scale (its edges bent
    away from the optimal moves that pass too near them, up to REPAIRS times, each time
    re-gated and re-solved): ("", (track, solution, grade)), or (why not, None)."""
    edges = None
    for _ in range(REPAIRS + 1):
        track = build(circ, req.rows, req.cols, req.checkpoints, name, edges)
        if track is None:
            return "gates", None
        searched = search_drawn(track, req.rules)  # once: par, lines, gaps and rule (b)
        sol = solve_drawn(track, req.rules, count_lines=LINES_CAP, searched=searched)
        if sol.moves is None:
            return "no lap", None
        g = grade(sol, 2 * min(circ.half_width), req.rows, req.cols)
        if g.difficulty != req.difficulty:
            return f"graded {g.difficulty}", None
        gaps = move_gaps(track, req.rules, searched=searched)
        near = [m for m, gap in gaps[1] if gap < CLEARANCE] if gaps else []
        if not near:
            if print_scale(track, req.rules, gaps=gaps).robust:
                return "", (track, sol, g)
            break
        moves = [((a[0] * SCALE, a[1] * SCALE), (b[0] * SCALE, b[1] * SCALE)) for a, b in near]
        edges = tuple(clear_grid_points(clear_moves(e, moves)) for e in track.edges)
    return "not robust at print scale", None


def widths(req: Request) -> tuple[float, float]:
    """The difficulty's track widths (squares) within --width (req.width); InvalidInput when
    they do not meet."""
    lo, hi = table()["difficulty"][req.difficulty]["width"]
    width = (max(lo, req.width[0]), min(hi, req.width[1]))
    if width[0] > width[1]:
        raise InvalidInput(
            f"{req.difficulty} drawn circuits are {lo:g} to {hi:g} squares wide: --width "
            f"{req.width[0]:g}..{req.width[1]:g} gives none; use a --width that meets it or "
            "another difficulty"
        )
    return width


def _finished(track, circ, sol, g, req, index, attempt) -> DrawnTrack:  # noqa: ANN001
    meta = dict(track.meta)
    meta.update(
        {
            "par": sol.moves,
            "rules": req.rules.to_dict(),
            "solution": {
                "path": [list(p) for p in sol.path],
                "accelerations": [list(a) for a in sol.accelerations],
                "optimal_lines": sol.optimal_lines,
                "optimal_lines_capped": sol.lines_capped,
            },
            "features": [
                {"name": f.name, "from": round(f.start, 2), "to": round(f.end, 2)}
                for f in circ.features
            ],
            "grade": g.to_dict(),
            "generator": {
                "kind": "drawn",
                "seed": req.seed,
                "track": index + 1,
                "attempt": attempt + 1,
                "difficulty": req.difficulty,
            },
            "drawn_from": {
                "centre": [[round(x, 3), round(y, 3)] for x, y in circ.centre],
                "half_width": [round(h, 3) for h in circ.half_width],
            },
        }
    )
    return track.with_meta(meta)


def generate_drawn(
    req: Request, count: int, progress: Callable[[int], None] | None = None
) -> list[DrawnTrack]:
    """`count` drawn circuits of one run, no two of the same shape."""
    out: list[DrawnTrack] = []
    sigs: list[tuple[float, ...]] = []
    for i in range(count):
        track, sig = make_drawn(req, i, sigs)
        out.append(track)
        sigs.append(sig)
        if progress is not None:
            progress(1)
    return out
