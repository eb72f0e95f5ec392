"""Where a crashed car is put. Seed: "Put the car at the edge of the track on the square
nearest to where it crashed". Where it crashed is the point where the move's line first
touches the side (one point, even where the line meets two wall squares at once); the car is
put on the track point nearest to it, on its side of the wall, with the checkpoints its line
crossed before the crash (docs/rules/graph-racers.md, "The race (race/)", Crash).

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
    """Where the move crashed: the point where its line first touches an off-track square
    (cell map, exact rule) or a drawn circuit's edge, or the landing point (endpoint rule)."""
    p = car.point
    aim = (p[0] + v[0], p[1] + v[1])
    if not race.exact:
        return Fraction(aim[0]), Fraction(aim[1])
    if getattr(race.track, "kind", "cells") == "drawn":
        return drawn_contact(race.track, p, v)
    spot = race.ref_of(car).contact(p[0], p[1], v[0], v[1])
    return spot if spot is not None else (Fraction(aim[0]), Fraction(aim[1]))


def crash_point(race: Race, car: Car, v: Vector) -> Point:
    """Where the crashed car is put (put_back)."""
    return put_back(race, car, v)[0]


def put_back(race: Race, car: Car, v: Vector) -> tuple[Point, int]:
    """Where the crashed car is put, and the checkpoints it has passed there: the track point
    nearest (Euclidean) to where the move crashed, not taken by another car, on its side of
    the wall: a point it could reach from where it stood by a straight move that does not
    crash, and that crosses no checkpoint or finish line but those the crashing line crossed
    before it touched the side (so it keeps them, and gains no other). The point it stood on
    is always one (unless another car shares it). Ties: nearer the point it stood on (squares
    apart), then the lower row, then the lower column.

    The search widens square rings around the crash spot (ring `radius`: the points whose
    larger row or column distance to it is in (radius - 1, radius]) and stops once the
    ring's radius reaches the best distance found: every point of a later ring is farther
    than that."""
    x, y = crash_spot(race, car, v)
    p = car.point
    ref = race.ref_of(car)
    # the checkpoints the crashing line crossed before it touched the side
    if race.exact and getattr(race.track, "kind", "cells") == "drawn":
        crossed = drawn_crossed(race.track, p, v, car.stage)
    else:
        crossed = ref.judge(p[0], p[1], v[0], v[1], car.stage)[1]
    kept = {car.stage, crossed}
    taken = {o.point for o in race.cars if o is not car and o.on_board and race.contact}
    # the point it stood on lies within `reach` of the spot; so its distance does too
    reach = apart(p, (round(x), round(y))) + 1
    best: tuple[tuple[Any, ...], Point, int] | None = None
    for radius in range(1, 2 * reach + 2):
        for r in range(int(x) - radius - 1, int(x) + radius + 2):
            for c in range(int(y) - radius - 1, int(y) + radius + 2):
                q = (r, c)
                ring = max(abs(r - x), abs(c - y))
                if ring > radius or (radius > 1 and ring <= radius - 1) or q in taken:
                    continue
                stage = car.stage
                if q != p:
                    if not on_track(race.track_of(car), q):
                        continue
                    res = ref.judge(p[0], p[1], r - p[0], c - p[1], car.stage)
                    if res[0] != MOVE or res[1] not in kept:
                        continue
                    stage = res[1]
                key = ((r - x) ** 2 + (c - y) ** 2, apart(q, p), r, c)
                if best is None or key < best[0]:
                    best = (key, q, stage)
        if best is not None and best[0][0] <= radius * radius:
            return best[1], best[2]
    return (p, car.stage) if best is None else (best[1], best[2])


def drawn_contact(track: Any, p: Point, v: Vector) -> tuple[Fraction, Fraction]:
    """The first point of a drawn circuit's edge lines that the move p -> p + v touches."""
    t = drawn_touch(track, p, v)
    return p[0] + t * v[0], p[1] + t * v[1]


def drawn_crossed(track: Any, p: Point, v: Vector, stage: int) -> int:
    """The stage of a car after the gates of a drawn circuit its crashing move p -> p + v
    crossed before it touched the edge (in order, as track.stage_after counts them)."""
    touch = drawn_touch(track, p, v)
    q = (p[0] + v[0], p[1] + v[1])
    gates = track.gates
    when = Fraction(0)
    while stage < len(gates) - 1:  # crossing the finish first is a finish, not a crash
        t = gates[stage].crossing(p, q)
        if t is None or Fraction(*t) < when or Fraction(*t) > touch:
            break
        when = Fraction(*t)
        stage += 1
    return stage


def drawn_touch(track: Any, p: Point, v: Vector) -> Fraction:
    """How far along the move p -> p + v (0 to 1) it first touches a drawn circuit's edge."""
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
    return best if best is not None else Fraction(1)
