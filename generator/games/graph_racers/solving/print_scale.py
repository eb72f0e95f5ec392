"""Is a drawn circuit's par decided by the printed page? The print-scale rule.

A printed edge is a line of ink 0.45 mm wide (printing/drawn_drawing.py, EDGE), so its
half-width is INK = 0.045 of a 5 mm square. A person judging a move with a ruler cannot tell
which side of the ink's middle a point or a line lies on. A drawn circuit is *robust at print
scale* when

(a) no grid point, on the track or off it, lies closer than CLEARANCE (0.1 square, 0.5 mm at
    5 mm squares) to either edge line;
(b) every move of every optimal line stays at least CLEARANCE from both edge lines;
(c) the par is the same with every edge thickened by INK (a move crashes when its segment
    comes within INK of an edge line: track/clearance.py, Offset.narrowed) and with every
    edge thinned by INK (a move may pass up to INK beyond the edge line: Offset.widened),
    each re-solved exactly. Grid points keep their side in both: by (a) none is within INK
    of an edge.

Generated circuits are kept only when robust (generating/drawn.py); `solve` says whether an
uploaded one is. docs/rules/graph-racers.md, "Drawn circuits at print scale", states it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.solving.drawn import (
    Searched,
    optimal_moves,
    search_drawn,
)
from generator.games.graph_racers.solving.solution import default_max_states
from generator.games.graph_racers.track.clearance import (
    Offset,
    move_clearance,
    point_clearance,
)
from generator.games.graph_racers.track.drawn import DrawnTrack, Point

SQUARE_MM = 5.0  # the default grid: the rule is stated at it
INK_MM = 0.45  # the printed edge's width (printing/drawn_drawing.py, EDGE; a test holds both)
INK = INK_MM / 2 / SQUARE_MM  # 0.045 square: the ink's half-width
CLEARANCE = 0.1  # squares (0.5 mm at 5 mm): a gap a person can see with a ruler


@dataclass(frozen=True)
class PrintScale:
    """The verdict: robust or not, why not (the first rule broken), and what was measured
    (None where the check stopped before measuring it)."""

    robust: bool
    reason: str
    closest_point: tuple[Point, float] | None = None
    closest_move: tuple[tuple[Point, Point], float] | None = None
    par: int | None = None
    par_thickened: int | None = None
    par_thinned: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "robust": self.robust,
            "reason": self.reason,
            "clearance_squares": CLEARANCE,
            "ink_half_width_squares": INK,
        }
        if self.closest_point is not None:
            p, gap = self.closest_point
            out["closest_point"] = {"point": list(p), "squares": round(gap, 4)}
        if self.closest_move is not None:
            (a, b), gap = self.closest_move
            out["closest_move"] = {"from": list(a), "to": list(b), "squares": round(gap, 4)}
        out["par_thickened"] = self.par_thickened
        out["par_thinned"] = self.par_thinned
        return out

    def words(self) -> str:
        if self.robust:
            return (
                f"robust at print scale: every grid point and optimal move clears the edges "
                f"by {CLEARANCE:g} square or more, par the same on edges thickened or thinned "
                f"by the ink"
            )
        return f"not robust at print scale: {self.reason}"


def _mm(squares: float) -> str:
    return f"{squares:.3f} square ({squares * SQUARE_MM:.2f} mm at {SQUARE_MM:g} mm)"


def closest_point(track: DrawnTrack) -> tuple[Point, float]:
    """The grid point nearest an edge line (on the track or off it) and its distance."""
    geom = track.geometry
    near = {
        (sr + a, sc + b)
        for sr, sc in geom.by_square
        for a in (0, 1)
        for b in (0, 1)
        if 0 <= sr + a < track.rows and 0 <= sc + b < track.cols
    }
    best: tuple[Point, float] = ((0, 0), 1.0)
    for p in sorted(near):
        gap = point_clearance(geom, p)
        if gap < best[1]:
            best = (p, gap)
    return best


Gaps = tuple[int, list[tuple[tuple[Point, Point], float]]]


def move_gaps(
    track: DrawnTrack,
    rules: Rules,
    max_states: int | None = None,
    *,
    searched: Searched | None = None,
) -> Gaps | None:
    """The par and every move of every optimal line with its clearance (squares), or None
    when no lap is possible. `searched`: the lap's search already run on the drawn edges."""
    if searched is None:
        searched = search_drawn(track, rules, max_states=max_states)
    race, layers, finishing = searched
    if not finishing:
        return None
    geom = track.geometry
    return len(layers), [
        ((a, b), move_clearance(geom, a, (b[0] - a[0], b[1] - a[1])))
        for a, b in sorted(optimal_moves(race, layers, finishing))
    ]


def print_scale(
    track: DrawnTrack,
    rules: Rules | None = None,
    *,
    max_states: int | None = None,
    gaps: Gaps | None = None,
) -> PrintScale:
    """The print-scale rule (see the module text) checked on one drawn circuit, stopping at
    the first rule broken. `gaps`: move_gaps of this track and rules, if already measured."""
    rules = rules or Rules()
    if max_states is None:
        max_states = default_max_states()["sweep"]
    point = closest_point(track)
    if point[1] < CLEARANCE:
        (r, c), gap = point
        return PrintScale(
            False,
            f"grid point ({r}, {c}) lies {_mm(gap)} from an edge line, under {CLEARANCE:g}",
            point,
        )
    if gaps is None:
        gaps = move_gaps(track, rules, max_states)
    if gaps is None:
        return PrintScale(False, "no lap is possible", point)
    par, moves = gaps
    move = min(moves, key=lambda m: (m[1], m[0]))
    if move[1] < CLEARANCE:
        (a, b), gap = move
        return PrintScale(
            False,
            f"the optimal move {a} -> {b} passes {_mm(gap)} from an edge line, under {CLEARANCE:g}",
            point,
            move,
            par,
        )
    offset = Offset(track.geometry)
    pars = []
    # thinned first: the likelier to fail (the thickened par follows from (b), as INK is
    # under CLEARANCE; it is re-solved all the same)
    for how, legal in (("thinned", offset.widened(INK)), ("thickened", offset.narrowed(INK))):
        searched = search_drawn(track, rules, max_states=max_states, legal=legal)
        got = len(searched.layers) if searched.finishing else None  # the par alone
        pars.append(got)
        if got != par:
            return PrintScale(
                False,
                f"with every edge {how} by the ink ({_mm(INK)}) the par is "
                f"{got if got is not None else 'none'}, not {par}",
                point,
                move,
                par,
                *((None, pars[0]) if len(pars) == 1 else (pars[1], pars[0])),
            )
    return PrintScale(True, "", point, move, par, pars[1], pars[0])
