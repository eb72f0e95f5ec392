"""Oil slicks drawn onto a generated cell track (`generate --kind cells --oil N`).

Seed: "You can draw oil patches onto the track before the race. Whenever a car would cross any
part of the puddle during the turn if it didn't turn, speed up or slow down, it skids and MUST
make the exact same move as last turn." The skid rule itself is the referee's (rules.py,
referee.py); this module only places the patches:

- a patch is PATCH x PATCH track points (a puddle two squares across: on a track 3 to 5 points
  wide a car can drive round it or through it);
- every point of a patch is plain track: no start point, no point of the start/finish line or
  a checkpoint (so the lines stay readable on the sheets and nobody starts on oil);
- patches keep GAP points of dry track between them, so N patches are N puddles;
- the places are drawn from their own random stream (the seed, the track's number and the
  attempt), so a seed always gives the same patches on the same map. None when the map has no
  room for N.
"""

from __future__ import annotations

import random

from generator.games.graph_racers.track.model import OIL, ON, Point, Track

PATCH = 2  # points a patch spans each way
GAP = 2  # dry points at least between two patches
MAX_PATCHES = 12  # `generate --oil` takes at most this many


def oil_rng(seed: int, index: int, attempt: int) -> random.Random:
    """The random stream of the oil on attempt `attempt` of track `index` of a seed."""
    return random.Random(f"graph-racers:{seed}:{index}:oil:{attempt}")


def corners(track: Track) -> list[Point]:
    """Top-left points where a patch may lie (row then column order)."""
    busy = set(track.starts)
    for line in [*track.checkpoints, *([track.finish] if track.finish else [])]:
        busy.update(line.points())
    out = []
    for r in range(track.rows - PATCH + 1):
        for c in range(track.cols - PATCH + 1):
            cells = [(r + i, c + j) for i in range(PATCH) for j in range(PATCH)]
            if all(track.grid[p[0]][p[1]] == ON and p not in busy for p in cells):
                out.append((r, c))
    return out


def place_oil(track: Track, count: int, rng: random.Random) -> Track | None:
    """The track with `count` oil patches at random places that keep GAP points apart, or
    None when no such places are left."""
    free = corners(track)
    rng.shuffle(free)
    chosen: list[Point] = []
    for r, c in free:
        if len(chosen) == count:
            break
        if all(max(abs(r - r2), abs(c - c2)) >= PATCH + GAP for r2, c2 in chosen):
            chosen.append((r, c))
    if len(chosen) < count:
        return None
    rows = [list(row) for row in track.grid]
    for r, c in chosen:
        for i in range(PATCH):
            for j in range(PATCH):
                rows[r + i][c + j] = OIL
    return track.with_(grid=tuple("".join(row) for row in rows))


def patches(track: Track) -> int:
    """How many patches of oil the track holds: groups of oil points touching each other
    (sideways or corner to corner)."""
    oil = set(track.oil)
    seen: set[Point] = set()
    count = 0
    for p in sorted(oil):
        if p in seen:
            continue
        count += 1
        stack = [p]
        seen.add(p)
        while stack:
            r, c = stack.pop()
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    q = (r + dr, c + dc)
                    if q in oil and q not in seen:
                        seen.add(q)
                        stack.append(q)
    return count
