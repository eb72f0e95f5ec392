"""Where a crashed car is put: "put on the track point nearest to where it crashed that it
could reach from where it stood by a clean straight move" (docs/rules/graph-racers.md, "The
race (race/)", Crash). The spot a move crashed at (the first off-track square it touches, the
first point of a drawn circuit's edge, or its landing point), and the track point nearest it.

state.py puts a car there after a crash; bond.py fires a crashed car's missile from there. No
rendering or CLI here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from generator.games.graph_racers.moves.referee import MOVE
from generator.games.graph_racers.moves.rules import Vector
from generator.games.graph_racers.race.cars import Car, Point, Race, apart, on_track


def crash_spot(race: Race, car: Car, v: Vector) -> tuple[Fraction, Fraction]:
    """Where the move crashed: the first off-track square it touches (exact rule on a cell
    map: its point), the first point of the drawn edge it touches (drawn circuit), or the
    landing point (endpoint rule)."""
    p = car.point
    aim = (p[0] + v[0], p[1] + v[1])
    if not race.exact:
        return Fraction(aim[0]), Fraction(aim[1])
    if getattr(race.track, "kind", "cells") == "drawn":
        return drawn_contact(race.track, p, v)
    bad = race.ref_of(car).first_bad_square(p[0], p[1], v[0], v[1])
    if bad is None:
        return Fraction(aim[0]), Fraction(aim[1])
    return Fraction(bad[0]), Fraction(bad[1])


def crash_point(race: Race, car: Car, v: Vector) -> Point:
    """The track point nearest (Euclidean) to where the move crashed, among the points the
    car could reach from where it stood by a straight move that neither crashes nor passes
    a line (so it stays on its side of a wall), not taken by another car; the point it
    stood on is always one (unless another car shares it). Ties: nearer that point, then
    the lower row, then the lower column.

    The search widens square rings around the crash spot (ring `radius`: the points whose
    larger row or column distance to it is in (radius - 1, radius]) and stops once the
    ring's radius reaches the best distance found: every point of a later ring is farther
    than that."""
    x, y = crash_spot(race, car, v)
    p = car.point
    taken = {o.point for o in race.cars if o is not car and o.on_board and race.contact}
    # the point it stood on lies within `reach` of the spot; so its distance does too
    reach = apart(p, (round(x), round(y))) + 1
    best: tuple[tuple[Any, ...], Point] | None = None
    for radius in range(1, 2 * reach + 2):
        for r in range(int(x) - radius - 1, int(x) + radius + 2):
            for c in range(int(y) - radius - 1, int(y) + radius + 2):
                q = (r, c)
                ring = max(abs(r - x), abs(c - y))
                if ring > radius or (radius > 1 and ring <= radius - 1) or q in taken:
                    continue
                if q != p:
                    if not on_track(race.track_of(car), q):
                        continue
                    res = race.ref_of(car).judge(p[0], p[1], r - p[0], c - p[1], car.stage)
                    if res[0] != MOVE or res[1] != car.stage:
                        continue
                key = ((r - x) ** 2 + (c - y) ** 2, apart(q, p), r, c)
                if best is None or key < best[0]:
                    best = (key, q)
        if best is not None and best[0][0] <= radius * radius:
            return best[1]
    return p if best is None else best[1]


def drawn_contact(track: Any, p: Point, v: Vector) -> tuple[Fraction, Fraction]:
    """The first point of a drawn circuit's edge lines that the move p -> p + v touches."""
    from generator.games.graph_racers.track.drawn import SCALE, touches

    pr, pc = p[0] * SCALE, p[1] * SCALE
    dr, dc = v[0] * SCALE, v[1] * SCALE
    move = (pr, pc, pr + dr, pc + dc)
    best: Fraction | None = None
    for seg in track.geometry.segments:
        if not touches(move, seg):
            continue
        ar, ac, br, bc = seg
        sr, sc = br - ar, bc - ac
        den = dr * sc - dc * sr
        if den:
            t = Fraction((ar - pr) * sc - (ac - pc) * sr, den)
        else:  # along the edge: the nearer end of the overlap
            length = dr * dr + dc * dc
            ts = [
                Fraction((er - pr) * dr + (ec - pc) * dc, length) for er, ec in ((ar, ac), (br, bc))
            ]
            t = max(Fraction(0), min(ts))
        t = min(max(t, Fraction(0)), Fraction(1))
        if best is None or t < best:
            best = t
    t = best if best is not None else Fraction(1)
    return p[0] + t * v[0], p[1] + t * v[1]
