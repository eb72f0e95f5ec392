"""The Swedish variant of the race: jumps over obstacles and leaving the track.

Dag Nystrom's "paper racing", as the seed quotes him: "In that time we had: Race-track on
paper, oil patch and jumps (The ability to jump over obstacles)." "You could NOT duplicate your
previous vector, i.e., you HAD to brake and/or turn. Exception given for oil patches and jumps,
in which you MUST duplicate the vector." "If you left the race-track, you had to make a circle
and enter the race track at a point before the point you left it."

The no-repeat rule is `--accel 8` (rules.py); this module holds the other two for the
multi-car race (state.py), on cell maps:

- **jumps** (`--jumps`): an obstacle (`^` on the map) is off the track. A move *jumps* when its
  line (exact rule) touches obstacle squares but no other off-track square, and it lands on the
  track (or finishes first). A jump must repeat the car's last vector (acceleration (0, 0)),
  and under accel 8 that repeat is allowed for it; any other move over an obstacle hits it, a
  crash. Under `--collision endpoint` every line may cross anything, so nothing changes.
- **leaving the track** (`--off-track circle`): a move the one-car rules call a crash leaves
  the track instead when it lands on the paper off the track (no damage, the car keeps its
  vector). It must come back onto the track at a point *behind* the track point it left from:
  farther from the finish by the king-step distances through track points of its stage
  (distances.stage_distances), or at that very point. A move that would come back elsewhere is not allowed when the
  car has another move; when it has none, it is a crash. Lines crossed off the track count for
  nothing; landing outside the paper (the grid) is a crash.

docs/rules/graph-racers.md, "The Swedish variant", states every decision. No rendering or CLI.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from math import gcd
from typing import Any

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.referee import CRASH, FINISH, MOVE, Referee
from generator.games.graph_racers.moves.rules import (
    NORMAL,
    Rules,
    Vector,
    normal_changes,
    skid_changes,
)
from generator.games.graph_racers.race.cars import (
    COLLIDES,
    CRASHES,
    CUTS,
    FINISHES,
    MOVED,
    OFF_TRACK,
    Car,
    Option,
    Point,
    Race,
    on_track,
    track_points,
)
from generator.games.graph_racers.solving.distances import UNREACHABLE, stage_distances
from generator.games.graph_racers.track.model import ON

OFF_TRACK_RULES = ("crash", "circle")
OFF_TRACK_TEXT = {
    "crash": "a move that touches the side crashes (the seed's basic rule)",
    "circle": "a move that would crash leaves the track instead; come back onto it behind "
    "the point you left it",
}


@dataclass(frozen=True)
class Swedish:
    """The Swedish switches of a race: jumps over obstacles, and what leaving the track does."""

    jumps: bool = False
    off_track: str = "crash"

    def __post_init__(self) -> None:
        if not isinstance(self.jumps, bool):
            raise InvalidInput(f"jumps {self.jumps!r}: give true or false")
        if self.off_track not in OFF_TRACK_RULES:
            raise InvalidInput(f"off-track rule {self.off_track!r}: use crash or circle")

    @property
    def active(self) -> bool:
        return self.jumps or self.circle

    @property
    def circle(self) -> bool:
        return self.off_track == "circle"

    def to_dict(self) -> dict[str, Any]:
        return {"jumps": self.jumps, "off_track": self.off_track}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Swedish:
        """The switches stored with rules (a moves file's or a track's), defaults for those
        missing."""
        return cls(jumps=data.get("jumps", False), off_track=data.get("off_track", "crash"))

    def check_track(self, track: Any) -> None:
        """Refuse the switches on a drawn circuit."""
        if self.active and getattr(track, "kind", "cells") == "drawn":
            raise InvalidInput(
                f"{track.name}: jumps and --off-track circle are played on cell maps (a drawn "
                "circuit has no squares to jump or to drive on beside it); leave them out"
            )

    def short(self) -> str:
        """'jumps, off-track circle' ('' for the basic rules)."""
        parts = (["jumps"] if self.jumps else []) + (["off-track circle"] if self.circle else [])
        return ", ".join(parts)

    def lines(self) -> list[str]:
        """The switches in words, one a line."""
        out = []
        if self.jumps:
            out.append(
                "Jumps: a move may pass over obstacles when it repeats your last vector "
                "and lands on the track; any other move over one hits it."
            )
        if self.circle:
            out.append(f"Off the track: {OFF_TRACK_TEXT['circle']}.")
        return out


def opened(track: Any) -> Any:
    """The cell map with its obstacles made track (the racing route runs over them)."""
    obstacles = getattr(track, "obstacles", ())
    if not obstacles:
        return track
    rows = [list(row) for row in track.grid]
    for r, c in obstacles:
        rows[r][c] = ON
    return track.with_(grid=tuple("".join(row) for row in rows), obstacles=frozenset())


def obstacle_legend(track: Any) -> list[str]:
    """The sheets' line on obstacles ([] for a track without)."""
    if not getattr(track, "obstacles", None):
        return []
    return [
        "Obstacles (squares with a black triangle): a wall for the par. Playing the Swedish "
        "jumps, a move that repeats your last vector may jump over them and land on the track; "
        "any other move over one hits it."
    ]


class Jumps:
    """Judges lines over a cell map's obstacles: the referee of the same track with its
    obstacles made track, a landing on one still a crash."""

    def __init__(self, track: Any, rules: Rules) -> None:
        self.obstacles = frozenset(getattr(track, "obstacles", ()))
        self.ref: Referee | None = None
        if rules.collision == "exact" and self.obstacles:
            self.ref = Referee(opened(track), rules)

    def judge(self, p: Point, d: Vector, stage: int) -> tuple[int, int]:
        """The verdict on the line p -> p + d passed over the obstacles (CRASH when it
        touches a wall or lands on an obstacle)."""
        if self.ref is None:
            return CRASH, stage
        outcome, after = self.ref.judge(p[0], p[1], d[0], d[1], stage)
        if outcome == MOVE and (p[0] + d[0], p[1] + d[1]) in self.obstacles:
            return CRASH, stage
        return outcome, after

    def jumps(self, plain: Any, p: Point, v: Vector, stage: int) -> bool:
        """Is the move p -> p + v a jump: a crash for the plain referee, clean over the
        obstacles?"""
        if self.ref is None or v == (0, 0):
            return False
        if plain.judge(p[0], p[1], v[0], v[1], stage)[0] != CRASH:
            return False
        return self.judge(p, v, stage)[0] != CRASH


class Circle:
    """Where a car that left the track may come back: a track point behind the point it left
    from, by the king-step distance to the finish through track points (and obstacles, which
    stand on the racing route) in its stage."""

    def __init__(self, track: Any) -> None:
        self.track = track
        self.cols = track.cols
        self.tables = stage_distances(opened(track), Rules())  # exact: walls stop the steps

    def to_go(self, p: Point, stage: int) -> int:
        """King steps from p to the finish in this stage (UNREACHABLE: -1)."""
        return self.tables[stage][p[0] * self.cols + p[1]]

    def behind(self, q: Point, left: Point, stage: int) -> bool:
        """May a car that left the track from `left` come back at track point q? When q is
        farther from the finish, or is `left` itself (a car that left from the rearmost
        point, a start, has no other way back)."""
        if q == left:
            return True
        d = self.to_go(q, stage)
        return d != UNREACHABLE and d > self.to_go(left, stage)


class SwedishRace:
    """The Swedish rules of one race: judges what the one-car rules leave to them."""

    def __init__(self, track: Any, rules: Rules, swedish: Swedish, plain: Any) -> None:
        swedish.check_track(track)
        self.swedish = swedish
        self.track = track
        self.rules = rules
        self.plain = plain  # the race's referee (referee.referee_for)
        self.jumps = Jumps(track, rules) if swedish.jumps else None
        self.circle = Circle(track) if swedish.circle else None

    # --- jumps ------------------------------------------------------------------------
    def line(self, p: Point, d: Vector, stage: int, a: Vector, ref: Any = None) -> tuple[int, int]:
        """The verdict of the car's referee (`ref`, default the race's) on the line p -> p + d
        of a move with acceleration a: a move that repeats its vector may pass over obstacles."""
        ref = ref or self.plain
        res = ref.judge(p[0], p[1], d[0], d[1], stage)
        if res[0] == CRASH and a == (0, 0) and self.jumps is not None:
            return self.jumps.judge(p, d, stage)
        return res

    def allowed(self, car: Car, base: list[tuple[Vector, str]]) -> list[tuple[Vector, str]]:
        """The accelerations allowed: under accel 8 a jump repeats the vector ("Exception
        given for oil patches and jumps, in which you MUST duplicate the vector")."""
        if self.jumps is None or car.left_from is not None:
            return base
        if any(a == (0, 0) for a, _ in base):
            return base
        if self.jumps.jumps(self.plain, car.point, car.vector, car.stage):
            return [*base, ((0, 0), NORMAL)]
        return base

    # --- judging a move ------------------------------------------------------------------
    def judge(self, state: Race, car: Car, a: Vector, kind: str) -> Option:
        if car.left_from is not None:
            return self._off_track(state, car, a, kind)
        o = state.judge_on_track(car, a, kind)
        if (
            self.jumps is not None
            and o.outcome in (MOVED, FINISHES)
            and a == (0, 0)
            and self.jumps.jumps(state.ref_of(car), car.point, o.vector, car.stage)
        ):
            return replace(o, jump=True)
        if self.circle is None or o.outcome != CRASHES:
            return o
        return self._leaves(state, car, o)

    def _leaves(self, state: Race, car: Car, o: Option) -> Option:
        """A move the one-car rules call a crash, under --off-track circle."""
        assert self.circle is not None
        p = car.point
        hit = state.blocker(car, o.vector)
        if hit is not None:
            return self._collides(state, car, o, hit, p)
        q = o.aim
        if not self.track.inside(q[0], q[1]):
            return o  # the edge of the paper: a crash
        if not on_track(state.track_of(car), q):
            return replace(o, outcome=OFF_TRACK, end=q, left_from=p)
        if self.circle.behind(q, p, car.stage):
            return replace(o, outcome=MOVED, end=q, back=True)
        return replace(o, outcome=CUTS, left_from=p)

    def _off_track(self, state: Race, car: Car, a: Vector, kind: str) -> Option:
        """A move of a car off the track: on the paper, or back onto the track."""
        assert self.circle is not None and car.left_from is not None
        p, v, stage, left = car.point, car.vector, car.stage, car.left_from
        nv = (v[0] + a[0], v[1] + a[1])
        aim = (p[0] + nv[0], p[1] + nv[1])
        if nv == (0, 0):
            return Option(a, kind, nv, aim, OFF_TRACK, p, stage, left_from=left)
        base = Option(a, kind, nv, aim, OFF_TRACK, aim, stage, left_from=left)
        hit = state.blocker(car, nv)
        if hit is not None:
            return self._collides(state, car, base, hit, left)
        if not self.track.inside(aim[0], aim[1]):
            return replace(base, outcome=CRASHES, end=None)
        if not on_track(state.track_of(car), aim):
            return base
        if self.circle.behind(aim, left, stage):
            return replace(base, outcome=MOVED, left_from=None, back=True)
        return replace(base, outcome=CUTS, end=None)

    def _collides(
        self, state: Race, car: Car, o: Option, hit: tuple[int, int], left: Point
    ) -> Option:
        """The line reaches another car after leaving the track (or off it): the car stops on
        the last point before it, off the track there or back on it, its stage unchanged."""
        j, seat = hit
        nv = o.vector
        g = gcd(abs(nv[0]), abs(nv[1]))
        u = (nv[0] // g, nv[1] // g)
        stop = (car.point[0] + (j - 1) * u[0], car.point[1] + (j - 1) * u[1])
        off = None if on_track(state.track_of(car), stop) else left
        return replace(
            o, outcome=COLLIDES, end=stop, stage=car.stage, other=seat, left_from=off, back=False
        )

    def put_back(self, state: Race, car: Car) -> Point:
        """Where a car off the track is put after a crash: the track point it left from, or
        the nearest one no other car stands on (ties: the lower row, then column). Without
        contact the cars ignore each other: the point it left, even where a car stands."""
        assert car.left_from is not None
        e = car.left_from
        taken = {o.point for o in state.cars if o is not car and o.on_board and state.contact}
        if e not in taken:
            return e
        free = [q for q in track_points(self.track) if q not in taken]
        return min(free, key=lambda q: ((q[0] - e[0]) ** 2 + (q[1] - e[1]) ** 2, q), default=e)


# --- driving back onto the track (drivers.py) ---------------------------------------------

ROUTE_STATES = 200_000  # states a route back may look at


def route_back(state: Race, car: Car, to_go: Callable[[tuple], int]) -> Vector | None:
    """The first acceleration of the quickest way for a car off the track to come back behind
    the point it left and then finish: a breadth-first search over (point, vector) on the
    paper, other cars aside, scored by its moves plus the plan's moves still to go from where
    it comes back (`to_go((r, c, vr, vc, stage))`). None when no way is found."""
    sw = state.swedish
    assert sw is not None and sw.circle is not None and car.left_from is not None
    track, ref, rules = sw.track, state.ref, state.rules
    left, stage = car.left_from, car.stage
    cap = max(2, max(abs(car.vector[0]), abs(car.vector[1])))
    normal = normal_changes(rules.accel)
    start = (car.point, car.vector)
    first: dict[tuple[Point, Vector], Vector] = {start: (0, 0)}
    frontier = [start]
    depth = 0
    best: tuple[int, Vector] | None = None
    legal = {o.accel for o in state.legal(car) if o.clean}
    while frontier and len(first) < ROUTE_STATES:
        depth += 1
        if best is not None and depth + 1 > best[0]:
            break
        nxt: list[tuple[Point, Vector]] = []
        for p, v in frontier:
            if ref.skids(p[0], p[1], v[0], v[1]):
                accels = [a for a, _ in skid_changes(rules, v)]
            else:
                accels = list(normal)
            for a in accels:
                if depth == 1 and a not in legal:
                    continue
                nv = (v[0] + a[0], v[1] + a[1])
                if max(abs(nv[0]), abs(nv[1])) > cap:
                    continue
                q = (p[0] + nv[0], p[1] + nv[1])
                if not track.inside(q[0], q[1]):
                    continue
                how = a if depth == 1 else first[(p, v)]
                if track.on_track(q[0], q[1]):
                    if sw.circle.behind(q, left, stage):
                        total = depth + _onwards(state, q, nv, stage, to_go)
                        if best is None or total < best[0]:
                            best = (total, how)
                    continue
                if (q, nv) not in first:
                    first[(q, nv)] = how
                    nxt.append((q, nv))
        frontier = nxt
    return best[1] if best is not None and best[0] < 1 << 29 else None


def _onwards(state: Race, q: Point, v: Vector, stage: int, to_go: Callable) -> int:
    """Moves still to go for a car back on the track at q with vector v: the plan's, or one
    move on by the plan when the plan has no such state (no move along the track arrives
    there so: the car came from off the track)."""
    known = to_go((q[0], q[1], v[0], v[1], stage))
    if known < 1 << 29:
        return known
    ref, rules = state.ref, state.rules
    if ref.skids(q[0], q[1], v[0], v[1]):
        accels = [a for a, _ in skid_changes(rules, v)]
    else:
        accels = list(normal_changes(rules.accel))
    best = known
    for a in accels:
        nv = (v[0] + a[0], v[1] + a[1])
        outcome, after = ref.judge(q[0], q[1], nv[0], nv[1], stage)
        if outcome == CRASH:
            continue
        if outcome == FINISH:
            return 1
        best = min(best, 1 + to_go((q[0] + nv[0], q[1] + nv[1], nv[0], nv[1], after)))
    return best
