"""The referee: does a move crash, finish, or just move, and does the car skid on oil?

A move is the straight segment from the car's point to its new point. Under the exact rule
every grid point stands for the closed unit square around it; the move crashes at the first
square it touches that is off the track or outside the grid, and it finishes if it touches a
goal square (or crosses the finish line the right way after every checkpoint) at or before
that moment. Under the endpoint rule only the landing point counts.

The search calls `judge` millions of times, so the track is flattened into lists and two
prefix-sum tables answer the common case (a move through open track) in constant time; only
moves near walls, goals, lines or oil walk the exact square list (core.geometry.supercover).
"""

from __future__ import annotations

from fractions import Fraction

from generator.core.geometry import supercover, time_scale
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.track.model import OFF, OIL, Line, Track

CRASH, MOVE, FINISH = 0, 1, 2

# cell kinds in the flat list
K_OFF, K_ON, K_GOAL = 0, 1, 2


def _prefix(rows: int, cols: int, marked: list[int]) -> list[int]:
    """A (rows+1) x (cols+1) table of counts of marked cells above-left of each corner."""
    w = cols + 1
    ps = [0] * ((rows + 1) * w)
    for r in range(rows):
        run = 0
        base = r * cols
        for c in range(cols):
            run += marked[base + c]
            ps[(r + 1) * w + c + 1] = ps[r * w + c + 1] + run
    return ps


def crossing_time(line: Line, r: int, c: int, dr: int, dc: int) -> int | None:
    """When the move (r, c) -> (r + dr, c + dc) crosses the line the racing way, or None.

    Crossing: from strictly behind the line to on it or beyond, at a place within half a
    square of the line's points. The time is on the scale of time_scale(dr, dc).
    """
    if line.orientation == "vertical":  # constant column, crossed along columns
        x0, d, y0, dy = c, dc, r, dr
    else:
        x0, d, y0, dy = r, dr, c, dc
    s = line.direction
    at = line.at
    if d * s <= 0 or (at - x0) * s <= 0 or (x0 + d - at) * s < 0:
        return None
    # place along the line at the crossing: y0 + dy * (at - x0) / d, within [lo - 1/2, hi + 1/2]
    num = 2 * (y0 * d + dy * (at - x0))  # 2 * place * d
    ad = abs(d)
    if d < 0:
        num = -num
    if not ((2 * line.lo - 1) * ad <= num <= (2 * line.hi + 1) * ad):
        return None
    return abs(at - x0) * (time_scale(dr, dc) // ad)


class Referee:
    """Judges moves on one track under one set of rules."""

    def __init__(self, track: Track, rules: Rules) -> None:
        self.track = track
        self.rules = rules
        self.rows, self.cols = track.rows, track.cols
        rows, cols = self.rows, self.cols
        kinds = [K_OFF] * (rows * cols)
        oil = [0] * (rows * cols)
        for r, row in enumerate(track.grid):
            for c, ch in enumerate(row):
                if ch != OFF:
                    kinds[r * cols + c] = K_ON
                if ch == OIL:
                    oil[r * cols + c] = 1
        for r, c in track.goals:
            kinds[r * cols + c] = K_GOAL
        self.kinds = kinds
        self.oil = oil
        self.has_oil = any(oil)
        # cells that make a move more than a plain move: walls, and goals
        self._busy = _prefix(rows, cols, [0 if k == K_ON else 1 for k in kinds])
        self._oil_ps = _prefix(rows, cols, oil) if self.has_oil else None
        self.exact = rules.collision == "exact"
        self.lines = list(track.checkpoints) + ([track.finish] if track.finish else [])
        self.stages = len(track.checkpoints)  # stage = checkpoints passed

    # --- helpers ----------------------------------------------------------------------
    def _box(self, ps: list[int], r0: int, c0: int, r1: int, c1: int) -> int:
        if r0 > r1:
            r0, r1 = r1, r0
        if c0 > c1:
            c0, c1 = c1, c0
        w = self.cols + 1
        return (
            ps[(r1 + 1) * w + c1 + 1]
            - ps[r0 * w + c1 + 1]
            - ps[(r1 + 1) * w + c0]
            + ps[r0 * w + c0]
        )

    def first_bad_square(self, r: int, c: int, dr: int, dc: int) -> tuple[int, int] | None:
        """The first off-track (or outside) square the move touches, for messages."""
        for orow, ocol, _t in supercover(dr, dc):
            rr, cc = r + orow, c + ocol
            if (
                not (0 <= rr < self.rows and 0 <= cc < self.cols)
                or self.kinds[rr * self.cols + cc] == K_OFF
            ):
                return (rr, cc)
        return None

    def contact(self, r: int, c: int, dr: int, dc: int) -> tuple[Fraction, Fraction] | None:
        """Where the move's line first touches an off-track (or outside) square: the exact
        point on the line (row, column as fractions), or None when it touches none. Unique even
        where the line meets two squares at once (through a corner): it is one point."""
        total = time_scale(dr, dc)
        for orow, ocol, t in supercover(dr, dc):
            rr, cc = r + orow, c + ocol
            if (
                not (0 <= rr < self.rows and 0 <= cc < self.cols)
                or self.kinds[rr * self.cols + cc] == K_OFF
            ):
                f = Fraction(t, total)
                return r + f * dr, c + f * dc
        return None

    # --- the rules ------------------------------------------------------------------
    def on_oil(self, r: int, c: int) -> bool:
        """Is the point (r, c) an oil point (a car standing there is on oil)?"""
        return (
            self.has_oil
            and 0 <= r < self.rows
            and 0 <= c < self.cols
            and bool(self.oil[r * self.cols + c])
        )

    def skids(self, r: int, c: int, vr: int, vc: int) -> bool:
        """Would the unchanged move from (r, c) with vector (vr, vc) touch oil?

        A car standing still does not skid (it has no move to repeat).
        """
        if not self.has_oil or (vr == 0 and vc == 0):
            return False
        r1, c1 = r + vr, c + vc
        rows, cols = self.rows, self.cols
        assert self._oil_ps is not None
        br0, br1 = max(0, min(r, r1)), min(rows - 1, max(r, r1))
        bc0, bc1 = max(0, min(c, c1)), min(cols - 1, max(c, c1))
        if self._box(self._oil_ps, br0, bc0, br1, bc1) == 0:
            return False
        oil = self.oil
        for orow, ocol, _t in supercover(vr, vc):
            rr, cc = r + orow, c + ocol
            if 0 <= rr < rows and 0 <= cc < cols and oil[rr * cols + cc]:
                return True
        return False

    def judge(self, r: int, c: int, dr: int, dc: int, stage: int = 0) -> tuple[int, int]:
        """(CRASH | MOVE | FINISH, checkpoints passed after the move) for one move."""
        r1, c1 = r + dr, c + dc
        rows, cols = self.rows, self.cols
        inside = 0 <= r1 < rows and 0 <= c1 < cols
        lap = self.track.finish is not None
        if not self.exact:
            if not inside or self.kinds[r1 * cols + c1] == K_OFF:
                return CRASH, stage
            if not lap:
                return (FINISH if self.kinds[r1 * cols + c1] == K_GOAL else MOVE), stage
            return self._lap_outcome(r, c, dr, dc, stage, None)
        # exact: find the crash time (None: no crash) and, on goal maps, the first goal time
        crash: int | None = None
        goal: int | None = None
        if inside:
            # open track all the way (no wall, no goal in the move's box): nothing to walk
            lo_r, hi_r = (r, r1) if r <= r1 else (r1, r)
            lo_c, hi_c = (c, c1) if c <= c1 else (c1, c)
            w = cols + 1
            ps = self._busy
            busy = (
                ps[(hi_r + 1) * w + hi_c + 1]
                - ps[lo_r * w + hi_c + 1]
                - ps[(hi_r + 1) * w + lo_c]
                + ps[lo_r * w + lo_c]
            )
        else:
            busy = 1
        if busy:
            kinds = self.kinds
            for orow, ocol, t in supercover(dr, dc):
                if crash is not None and t > crash:
                    break
                rr, cc = r + orow, c + ocol
                if 0 <= rr < rows and 0 <= cc < cols:
                    k = kinds[rr * cols + cc]
                    if k == K_GOAL:
                        goal = t
                        break
                    if k == K_OFF and crash is None:
                        crash = t
                elif crash is None:
                    crash = t
        if not lap:
            if goal is not None:
                return FINISH, stage
            return (CRASH if crash is not None else MOVE), stage
        return self._lap_outcome(r, c, dr, dc, stage, crash)

    def _lap_outcome(
        self, r: int, c: int, dr: int, dc: int, stage: int, crash: int | None
    ) -> tuple[int, int]:
        """Checkpoints passed in order along the move, then the finish line."""
        track = self.track
        last = 0
        n = self.stages
        line = track.checkpoints[stage] if stage < n else track.finish
        assert line is not None
        # quick reject: the move does not reach the next line's row or column at all
        if line.orientation == "vertical":
            x0, x1 = c, c + dc
        else:
            x0, x1 = r, r + dr
        if not (min(x0, x1) <= line.at <= max(x0, x1)):
            return (CRASH if crash is not None else MOVE), stage
        while stage < n:
            t = crossing_time(track.checkpoints[stage], r, c, dr, dc)
            if t is None or t < last or (crash is not None and t > crash):
                break
            stage += 1
            last = t
        if stage == n:
            assert track.finish is not None
            t = crossing_time(track.finish, r, c, dr, dc)
            if t is not None and t >= last and (crash is None or t <= crash):
                return FINISH, stage
        return (CRASH if crash is not None else MOVE), stage

    def finish_fraction(self, r: int, c: int, dr: int, dc: int, stage: int) -> float:
        """How far along a finishing move the race ends (1.0 = at its end point).

        Printed answer keys stop the last move there instead of running it off the track.
        """
        if not self.exact and not self.track.is_lap:
            return 1.0
        scale = time_scale(dr, dc)
        if not self.track.is_lap:
            for orow, ocol, t in supercover(dr, dc):
                rr, cc = r + orow, c + ocol
                if (
                    0 <= rr < self.rows
                    and 0 <= cc < self.cols
                    and self.kinds[rr * self.cols + cc] == K_GOAL
                ):
                    return t / scale
            return 1.0
        last = 0
        for cp in self.track.checkpoints[stage:]:
            t = crossing_time(cp, r, c, dr, dc)
            if t is not None:
                last = max(last, t)
        assert self.track.finish is not None
        t = crossing_time(self.track.finish, r, c, dr, dc)
        return max(t or 0, last) / scale if t is not None else 1.0


def referee_for(track: Track, rules: Rules):  # noqa: ANN201
    """The referee of either kind of track (a drawn circuit's lives in drawn.py)."""
    if getattr(track, "kind", "cells") == "drawn":
        from generator.games.graph_racers.track.drawn import DrawnReferee

        return DrawnReferee(track, rules)
    return Referee(track, rules)
