"""Building a loop: a polygon of corners (Corner) with the radius of each corner's arc, what one
compose attempt needs everywhere (Plan), and the polygon's sides, turns and straights.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from generator.games.graph_racers.generating.shapes.circuit import SLACK


@dataclass
class Corner:
    """A corner of the polygon being built and the radius of its arc."""

    x: float
    y: float
    r: float = 0.0
    fixed: bool = False  # a feature chose the radius: rounding leaves it alone
    keep: float = 0.0  # straight to keep on the side after this corner
    locked: bool = False  # the side after this corner is the long straight: no edits on it


@dataclass(frozen=True)
class Plan:
    """What one compose attempt needs everywhere."""

    rng: random.Random
    box: tuple[float, float, float, float]  # x0, x1, y0, y1 for the centre line
    w: float  # widest width (base width plus its wave)
    straight: float  # least length of a long straight

    @property
    def hw(self) -> float:
        return self.w / 2

    @property
    def r_min(self) -> float:
        """Tightest radius used: the rule's half width + SLACK, with a little room."""
        return self.hw + SLACK + 0.02


Side = tuple[float, float, float]  # unit direction x, y and length


def polygon_sides(cs: list[Corner]) -> list[Side] | None:
    """Side i runs from corner i to corner i + 1; None when two corners coincide."""
    out = []
    for a, b in zip(cs, cs[1:] + cs[:1], strict=True):
        dx, dy = b.x - a.x, b.y - a.y
        length = math.hypot(dx, dy)
        if length < 1e-6:
            return None
        out.append((dx / length, dy / length, length))
    return out


def corner_turns(sides: list[Side]) -> list[float]:
    """Signed turn at each corner (corner i joins side i-1 to side i), positive = right on
    screen (y grows downwards)."""
    return [
        math.atan2(ax * by - ay * bx, ax * bx + ay * by)
        for (ax, ay, _), (bx, by, _) in zip(sides[-1:] + sides[:-1], sides, strict=True)
    ]


def arc_reaches(cs: list[Corner], turns: list[float]) -> list[float]:
    """How far each corner's arc reaches along its two sides."""
    return [c.r * math.tan(abs(t) / 2) for c, t in zip(cs, turns, strict=True)]


def layout(plan: Plan, cs: list[Corner]) -> tuple[list[Side], list[float], list[float]]:
    """Sides, turns, and how far each corner's arc reaches along its sides: its radius's reach
    when a feature chose it, else r_min's (rounding later takes only what is left)."""
    sides = polygon_sides(cs)
    if sides is None:
        raise NoRoom
    turns = corner_turns(sides)
    reach = [
        (c.r if c.fixed else plan.r_min) * math.tan(abs(t) / 2)
        for c, t in zip(cs, turns, strict=True)
    ]
    return sides, turns, reach


class NoRoom(Exception):
    """This attempt's loop has no room for what is asked (compose returns None)."""


def straight_lengths(cs: list[Corner]) -> list[float] | None:
    """Length of the straight part of each side (negative: the arcs overlap)."""
    sides = polygon_sides(cs)
    if sides is None:
        return None
    t = arc_reaches(cs, corner_turns(sides))
    return [s[2] - t[i] - t[(i + 1) % len(cs)] for i, s in enumerate(sides)]
