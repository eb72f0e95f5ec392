"""The cars at the table and what happens to them, as data: the race's numbers (2 to 6 cars,
damage points, team points), a car (Car), a move judged for it (Option), the log's events
(Event) and their words, the teams, where the cars start, and the points of a track.

`Race` is the race as its helpers see it: bond.py (collectables and James Bond mode),
swedish.py (the Swedish variant) and crashes.py (where a crashed car is put) act on the race
through it; state.py's RaceState is the one race there is. The rules these follow are in
docs/rules/graph-racers.md, "The race (race/)". No engine, rendering or CLI here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from generator.core import names
from generator.errors import InvalidInput
from generator.games.graph_racers.moves.rules import Rules, Vector
from generator.games.graph_racers.race.design import Design
from generator.games.graph_racers.race.goodies import (
    GOODIE_EVENTS,
    Kit,
    event_fields,
    event_text,
)

Point = tuple[int, int]

MAX_DAMAGE = 5  # "If you lose more than five damage points, you are out of the game"
MIN_CARS, MAX_CARS = 2, 6  # "from two to maybe six players"

# Team racing: "three points for a win, two points for second place and one point for third"
TEAM_POINTS = (3, 2, 1)

RUNNING, FINISHED, OUT, PARKED = "running", "finished", "out", "parked"
# outcomes of a move
MOVED, FINISHES, CRASHES, COLLIDES = "move", "finish", "crash", "collision"
# the Swedish --off-track circle (swedish.py): a move that ends off the track; one that comes
# back onto the track ahead of where the car left it (allowed only when unavoidable: a crash)
OFF_TRACK, CUTS = "off-track", "cut"
SWEDISH_EVENTS = {  # the Swedish variant's events, in words
    "jump": "{who} jumps over the obstacle",
    "leave": "{who} leaves the track (from {frm}) and drives on the paper at {to}",
    "return": "{who} is back on the track at {to} (it left the track from {frm})",
}


def speed(v: Vector) -> int:
    """Squares of speed: the larger of the two components (so (3, 1) is speed 3)."""
    return max(abs(v[0]), abs(v[1]))


def apart(p: Point, q: Point) -> int:
    """Squares apart: the larger of the row and the column distance."""
    return max(abs(p[0] - q[0]), abs(p[1] - q[1]))


def fmt(p: Point) -> str:
    return f"({p[0]}, {p[1]})"


def track_points(track: Any) -> list[Point]:
    """Every point on the track, in row then column order (cell maps and drawn circuits)."""
    if getattr(track, "kind", "cells") == "drawn":
        return sorted(track.track_points)
    return [(r, c) for r in range(track.rows) for c in range(track.cols) if track.on_track(r, c)]


def on_track(track: Any, p: Point) -> bool:
    if getattr(track, "kind", "cells") == "drawn":
        return p in track.track_points
    return track.on_track(p[0], p[1])


def stages(track: Any) -> int:
    """How many stages (checkpoints passed) a car can be in before it finishes."""
    return len(track.checkpoints) + 1 if track.is_lap else 1


def parse_teams(text: str, cars: int) -> list[str]:
    """Each car's team, comma-separated, car 1 first (e.g. A,B,A,B): at least two teams, no
    name that hides characters or looks like another team's (generator/core/names.py)."""
    teams = [t.strip() for t in text.split(",")]
    if len(teams) != cars or not all(teams):
        raise InvalidInput(
            f"teams {names.quoted(text)}: give {cars} team names, one per car, comma-separated"
        )
    met = names.Names("team")
    for i, team in enumerate(teams):
        met.meet(team, f"car {i + 1}'s team", f" (car {i + 1})")
    if len(set(teams)) < 2:
        raise InvalidInput(f"teams {text!r}: team racing needs at least two teams")
    return teams


@dataclass
class Car:
    """One car at the table. seat is 0-based (car 1 is seat 0, the youngest player)."""

    seat: int
    point: Point
    budget: tuple[int, int, int]
    vector: Vector = (0, 0)
    stage: int = 0
    damage: int = 0
    status: str = RUNNING
    moves: int = 0
    prev: Point | None = None  # where the car stood before its latest move ("last turn")
    restart: bool = False  # the next move moves off after a crash or collision: no boost
    place: int | None = None  # finishing place
    ended: int | None = None  # the round it finished, went out or parked
    points: int = MAX_DAMAGE  # damage points: more than this and the car is out
    design: Design | None = None
    team: str | None = None
    left_from: Point | None = None  # off the track (--off-track circle): the point it left
    kit: Kit = field(default_factory=Kit)  # James Bond goodies (goodies.py)

    def wrecked(self, hit: bool) -> bool:
        """Out after a hit? More damage than its damage points; with none, any hit at all
        ("If you don't buy any damage points then you car blows up the first time it hits
        ANYTHING")."""
        return self.damage > self.points or (hit and self.points == 0)

    @property
    def name(self) -> str:
        return f"car {self.seat + 1}"

    @property
    def last(self) -> Point:
        return self.prev if self.prev is not None else self.point

    @property
    def on_board(self) -> bool:
        """Does the car stand on the track (an obstacle to the others)?"""
        return self.status in (RUNNING, PARKED)


@dataclass(frozen=True)
class Option:
    """One allowed acceleration for the car on turn, judged against the track and the cars."""

    accel: Vector
    kind: str  # NORMAL or a boost
    vector: Vector  # the new vector
    aim: Point  # where the move's line ends
    outcome: str  # MOVED, FINISHES, CRASHES or COLLIDES
    end: Point | None = None  # where the car stands after a move or collision
    stage: int = 0  # checkpoints passed after the move
    other: int | None = None  # the seat of the car hit
    left_from: Point | None = None  # off the track after the move: the track point it left
    back: bool = False  # the move comes back onto the track (--off-track circle)
    jump: bool = False  # the move jumps over obstacles (--jumps)

    @property
    def clean(self) -> bool:
        return self.outcome in (MOVED, FINISHES, OFF_TRACK)


@dataclass(frozen=True)
class Event:
    """Something that happened on a turn. The first event of a turn is its move (but for the
    shots of its rear guns at the start of the turn, James Bond mode)."""

    kind: str  # move, crash, collision, out, finish, parked; goodies.GOODIE_EVENTS
    round: int
    car: int  # seat, 0-based
    frm: Point | None = None
    to: Point | None = None  # where the car stands afterwards (None when it left the track)
    aim: Point | None = None
    accel: Vector | None = None
    vector: Vector | None = None
    boost: str = ""
    outcome: str = ""
    damage: int = 0
    total: int = 0
    other: int | None = None
    other_damage: int = 0
    other_total: int = 0
    apart: int | None = None
    coin: str = ""  # pickup: the coin (goodies.py)
    gives: str = ""  # pickup: what it gives, in words
    oil: tuple[Point, ...] = ()  # spray: the points oiled
    place: int | None = None
    limit: int = MAX_DAMAGE  # out: the car's damage points

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "round": self.round, "car": self.car + 1}
        for key in ("frm", "to", "aim", "accel", "vector"):
            value = getattr(self, key)
            if value is not None:
                out["from" if key == "frm" else key] = list(value)
        if self.kind == "move":
            out["boost"] = self.boost
            out["outcome"] = self.outcome
        if self.kind in ("crash", "collision"):
            out["damage"] = self.damage
            out["total"] = self.total
        if self.kind == "collision":
            out["other"] = (self.other or 0) + 1
            out["other_damage"] = self.other_damage
            out["other_total"] = self.other_total
            out["apart"] = self.apart
        if self.kind in GOODIE_EVENTS:
            out.update(event_fields(self))
        if self.place is not None:
            out["place"] = self.place
        return out

    def text(self) -> str:
        who = f"car {self.car + 1}"
        if self.kind == "move":
            boost = f" ({self.boost})" if self.boost else ""
            assert self.frm is not None and self.aim is not None and self.vector is not None
            return f"{who}: {fmt(self.frm)} -> {fmt(self.aim)} vector {fmt(self.vector)}{boost}"
        if self.kind == "crash":
            assert self.to is not None
            if not self.damage:  # a race without contact (a crash always costs damage else)
                return f"{who} crashes: put at {fmt(self.to)}, stopped"
            return (
                f"{who} crashes: {self.damage} damage (total {self.total}), "
                f"put at {fmt(self.to)}, stopped"
            )
        if self.kind == "collision":
            assert self.to is not None and self.other is not None
            return (
                f"{who} collides with car {self.other + 1} ({self.apart} apart last turn): "
                f"{who} {self.damage} damage (total {self.total}), car {self.other + 1} "
                f"{self.other_damage} (total {self.other_total}); {who} stops at "
                f"{fmt(self.to)}, both stopped"
            )
        if self.kind == "out":
            if self.limit == 0:
                return f"{who} is out: no damage points, so the first hit destroys it"
            return f"{who} is out ({self.total} damage, more than {self.limit})"
        if self.kind == "finish":
            return f"{who} finishes, place {self.place}"
        if self.kind == "parked":
            return f"{who} has no moves left: parked at {fmt(self.to or (0, 0))}"
        if self.kind in SWEDISH_EVENTS:
            return SWEDISH_EVENTS[self.kind].format(
                who=who, frm=fmt(self.frm or (0, 0)), to=fmt(self.to or (0, 0))
            )
        if self.kind in GOODIE_EVENTS:
            return event_text(self)
        return f"{who}: {self.kind}"


def default_starts(track: Any, cars: int) -> list[Point]:
    """Car i starts on start point i (in the track's order); with more cars than start
    points they share them in turn (car 1 and car k + 1 on the first, ...)."""
    starts = list(track.starts)
    return [starts[i % len(starts)] for i in range(cars)]


class Race(Protocol):
    """The race that bond.py, swedish.py and crashes.py act on (state.RaceState): its track,
    rules and referees, its cars, and the engine's methods they call back."""

    track: Any
    rules: Rules
    ref: Any  # the referee of the track (referee.referee_for)
    exact: bool  # the collision rule is exact (else endpoint)
    contact: bool  # False: the race without the collision and damage rules
    swedish: Any  # swedish.SwedishRace, or None
    cars: list[Car]
    designs: list[Design] | None
    sub_track: Any  # the track a submarine drives on (its water is track)
    sub_ref: Any  # the referee of sub_track
    round: int
    gadgets: Any  # bond.Gadgets

    def ref_of(self, car: Car) -> Any: ...

    def track_of(self, car: Car) -> Any: ...

    def to_move(self) -> Car: ...

    def legal(self, car: Car | None = None) -> list[Option]: ...

    def judge_on_track(self, car: Car, a: Vector, kind: str) -> Option: ...

    def blocker(self, car: Car, v: Vector) -> tuple[int, int] | None: ...

    def apply(self, car: Car, o: Option) -> list[Event]: ...

    def put_out(self, car: Car, rnd: int) -> Event: ...
