"""Lay puzzles: the faces are rolled in a known order; lay them so that the path reaches a goal.

Every die is laid, in the order rolled, into one path (`paths.placement_ways`, the rules
engine's exhaustive enumeration); the goal counts only for how that path ends. The ways that
reach the goal are grouped into solutions (`goals` says when two ways are the same solution):
a puzzle is sound when exactly one solution is left.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.trading_paint.puzzles.goals import Goal
from generator.games.trading_paint.rules.paths import Ending, Query, Way, placement_ways
from generator.games.trading_paint.rules.state import State


@dataclass(frozen=True)
class Solution:
    """One solution: the dice squares, the goal's key, and every way (rotation and ending)
    that lays the dice like this."""

    squares: tuple[int, ...]
    key: tuple
    ways: tuple[tuple[Way, Ending], ...]

    @property
    def way(self) -> Way:
        return self.ways[0][0]

    @property
    def ending(self) -> Ending:
        return self.ways[0][1]

    def rotations(self, k: int) -> tuple[int, ...]:
        """The rotations die k may lie in (more than one: 'either way up')."""
        return tuple(sorted({w.dice[k][2] for w, _ in self.ways}))

    def endings(self) -> tuple[Ending, ...]:
        """The endings this solution allows (a draft's landings, the stops beyond the line)."""
        seen: dict[tuple, Ending] = {}
        for _, e in self.ways:
            seen.setdefault((e.kind, e.square, e.via), e)
        return tuple(seen.values())


def complete_ways(q: Query) -> list[Way]:
    """Ways that lay every face (a way forced off the track by its last die counts)."""
    n = len(q.faces)
    return [w for w in q.ways if len(w.dice) == n]


def solutions_of(q: Query, goal: Goal) -> list[Solution]:
    """The different solutions among the ways of a query, in the order first found."""
    groups: dict[tuple, list[tuple[Way, Ending]]] = {}
    for w in complete_ways(q):
        for e in w.endings:
            if goal.reached(q.state, e):
                squares = tuple(c for c, _, _ in w.dice)
                groups.setdefault((squares, goal.key(e)), []).append((w, e))
    return [Solution(sq, key, tuple(ways)) for (sq, key), ways in groups.items()]


def lay_solutions(state: State, faces: tuple[int, ...], goal: Goal) -> list[Solution]:
    """Every solution of a lay puzzle, by the engine's enumeration."""
    return solutions_of(placement_ways(state, faces), goal)
