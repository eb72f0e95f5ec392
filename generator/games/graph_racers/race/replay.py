"""The referee's replay of a table's race: each player's list of moves (a moves file's points
or accelerations, and its James Bond actions) played in seat order through the race engine
(state.py), up to the first illegal move; then what is wrong with the lists (moves after a car
finished or went out) and which cars' moves ran out before the finish.

docs/rules/graph-racers.md, "The race (race/)", Referee. No rendering or CLI here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.actions import Action
from generator.games.graph_racers.moves.check import PUT_BACK, RacingLine
from generator.games.graph_racers.moves.rules import Rules, Vector, normal_changes
from generator.games.graph_racers.race.cars import (
    COLLIDES,
    CRASHES,
    FINISHED,
    MAX_CARS,
    MIN_CARS,
    OUT,
    PARKED,
    Point,
    default_starts,
    fmt,
)
from generator.games.graph_racers.race.crashes import crash_point
from generator.games.graph_racers.race.design import Design
from generator.games.graph_racers.race.state import IllegalMove, RaceState


def put_back_missing(seat: int, k: int, point: Point, got: Point) -> str:
    """The error of a points file that did not write where a crash or collision left the car."""
    return (
        f"car {seat + 1} move {k + 1}: move {k} did not end where it aimed (the car stands on "
        f"{fmt(point)}), so the point after move {k}'s is {fmt(point)}, not {fmt(got)} (the "
        f"put-back line: {PUT_BACK})"
    )


def put_instead(state: RaceState, q: Point) -> str:
    """Why a point the car on turn may not aim at is, in words, when it is where one of its
    moves would leave it after a crash or collision: the file wrote that instead of the aim."""
    car = state.to_move()
    for o in state.legal(car):
        if o.outcome == CRASHES and crash_point(state, car, o.vector) == q:
            what = "put after crashing"
        elif o.outcome == COLLIDES and o.end == q:
            what = "stopped by a collision"
        else:
            continue
        return (
            f"{fmt(q)} is where the car would be {what} aiming at {fmt(o.aim)}: write the aim "
            f"{fmt(o.aim)}, then {fmt(q)} on the next line (the put-back line: {PUT_BACK})"
        )
    return ""


def moved_off(state: RaceState, q: Point, k: int) -> str:
    """A hint for a point that would move the car off from rest where it stands, after a move
    that did not stop it: the file may have written a crash's put point in place of its aim."""
    car = state.to_move()
    d = (q[0] - car.point[0], q[1] - car.point[1])
    if not k or car.vector == (0, 0) or d == (0, 0) or d not in normal_changes(state.rules.accel):
        return ""
    return (
        f" (if move {k} crashed, write the point it aimed at in place of {fmt(car.point)}, then "
        f"{fmt(car.point)} on the next line: the put-back line)"
    )


@dataclass
class Replay:
    """A race replayed from the players' lists: the state reached, and the first illegal move
    (car seat, move number, message) if any."""

    state: RaceState
    illegal: tuple[int, int, str] | None = None
    notes: list[str] = field(default_factory=list)


def _start_of(track: Any, line: RacingLine, seat: int, default: Point) -> Point | str:
    if line.points is not None:
        return line.points[0]
    if line.start is not None:
        return line.start
    return default


def replay(
    track: Any,
    rules: Rules,
    lines: list[RacingLine],
    designs: list[Design] | None = None,
    teams: list[str] | None = None,
    swedish: Any = None,
    contact: bool = True,
) -> Replay:
    """Replay a race: car i plays lines[i] (points: the first is its start and each later one
    the point its move aims at, but for the point written after a move that did not end where
    it aimed, PUT_BACK, which must be where the car stands; accelerations: as written). Stops at the first illegal move in playing order. swedish: the Swedish switches
    (swedish.Swedish) or None; contact=False: without the collision and damage rules."""
    lines = [ln.resolved(track) for ln in lines]
    defaults = default_starts(track, len(lines)) if lines else []
    starts: list[Point] = []
    for seat, line in enumerate(lines):
        s = _start_of(track, line, seat, defaults[seat])
        assert not isinstance(s, str)
        starts.append(s)
    free = list(track.starts)
    for seat, s in enumerate(starts):
        if s not in track.starts:
            state = (
                RaceState(track, rules, defaults, designs, teams, swedish=swedish, contact=contact)
                if len(lines) >= MIN_CARS
                else None
            )
            if state is None:
                raise InvalidInput(f"{len(lines)} cars: a race has {MIN_CARS} to {MAX_CARS} cars")
            return Replay(state, (seat, 0, f"car {seat + 1} start: {fmt(s)} is not a start point"))
        if s in free:
            free.remove(s)
        elif free:
            state = RaceState(
                track, rules, defaults, designs, teams, swedish=swedish, contact=contact
            )
            return Replay(
                state,
                (
                    seat,
                    0,
                    f"car {seat + 1} start: {fmt(s)} is taken by an earlier car while start point "
                    f"{fmt(free[0])} is free",
                ),
            )
    aimed: list[Point | None] = [None] * len(lines)  # the point each car's last move aimed at
    acts = []  # James Bond actions by move number, each car's
    for seat, line in enumerate(lines):
        try:
            acts.append(line.move_actions())
        except InvalidInput as e:
            raise InvalidInput(f"car {seat + 1}: {e}") from None
    state = RaceState(track, rules, starts, designs, teams, swedish=swedish, contact=contact)
    done = [0] * len(lines)
    # points lines: the index of the next point to read (the start is point 0), and which
    # point index each move was read from (James Bond actions are written after its point)
    at = [1] * len(lines)
    illegal: tuple[int, int, str] | None = None

    def left(seat: int) -> int:
        """The moves (points or accelerations) the car's line has left to play."""
        line = lines[seat]
        if line.points is not None:
            return len(line.points) - at[seat]
        return len(line.accelerations or ()) - done[seat]

    def wanted(seat: int, k: int) -> tuple[Vector, Action | None]:
        line = lines[seat]
        car = state.cars[seat]
        if line.points is not None:
            aim = line.points[at[seat]]
            nv = (aim[0] - car.point[0], aim[1] - car.point[1])
            act = {i: a for i, a in line.actions}.get(at[seat] + 1)
            return (nv[0] - car.vector[0], nv[1] - car.vector[1]), act
        assert line.accelerations is not None
        return line.accelerations[k], acts[seat].get(k + 1)

    while not state.over:
        car = state.to_move()
        k = done[car.seat]
        line = lines[car.seat]
        if line.points is not None and car.moves and car.point != aimed[car.seat]:
            # the car's last move left it off its aim (a crash put it back, a collision stopped
            # it short): the next point written is where it stands (PUT_BACK)
            if left(car.seat) and line.points[at[car.seat]] != car.point:
                got = line.points[at[car.seat]]
                illegal = (car.seat, k + 1, put_back_missing(car.seat, k, car.point, got))
                break
            at[car.seat] += min(1, left(car.seat))
            aimed[car.seat] = car.point
        if not left(car.seat):
            state.park()
            continue
        a, act = wanted(car.seat, k)
        try:
            events = state.play(a, act)
        except IllegalMove as e:
            why = str(e)
            if line.points is not None:
                q = line.points[at[car.seat]]
                why = put_instead(state, q) or why
                if why.startswith("acceleration"):
                    why += moved_off(state, q, k)
            illegal = (car.seat, k + 1, f"car {car.seat + 1} move {k + 1}: {why}")
            break
        if line.points is not None:
            aimed[car.seat] = events[0].aim
            at[car.seat] += 1
        done[car.seat] += 1
    # moves listed after a car finished or went out: its next move would come a round later
    for car in state.cars:
        if car.status in (FINISHED, OUT) and left(car.seat):
            nxt = done[car.seat] + 1
            what = "finished" if car.status == FINISHED else "was out"
            msg = (
                f"car {car.seat + 1} move {nxt}: the car {what} by move {nxt - 1}; remove the "
                f"{left(car.seat)} move(s) after it"
            )
            if illegal is None or (nxt, car.seat) < (illegal[1], illegal[0]):
                illegal = (car.seat, nxt, msg)
    out = Replay(state, illegal)
    for car in state.cars:
        if car.status == PARKED:
            out.notes.append(
                f"car {car.seat + 1}: its moves ran out after move {car.moves}; finish not reached"
            )
    return out
