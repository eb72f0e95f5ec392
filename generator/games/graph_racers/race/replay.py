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
from generator.games.graph_racers.moves.check import RacingLine
from generator.games.graph_racers.moves.rules import Rules, Vector
from generator.games.graph_racers.race.cars import (
    FINISHED,
    MAX_CARS,
    MIN_CARS,
    OUT,
    PARKED,
    Point,
    default_starts,
    fmt,
)
from generator.games.graph_racers.race.design import Design
from generator.games.graph_racers.race.state import IllegalMove, RaceState


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
    the point its move aims at, from wherever the rules left the car; accelerations: as
    written). Stops at the first illegal move in playing order. swedish: the Swedish switches
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
    acts = []  # James Bond actions by move number, each car's
    for seat, line in enumerate(lines):
        try:
            acts.append(line.move_actions())
        except InvalidInput as e:
            raise InvalidInput(f"car {seat + 1}: {e}") from None
    state = RaceState(track, rules, starts, designs, teams, swedish=swedish, contact=contact)
    done = [0] * len(lines)
    illegal: tuple[int, int, str] | None = None

    def wanted(seat: int, k: int) -> Vector:
        line = lines[seat]
        car = state.cars[seat]
        if line.points is not None:
            aim = line.points[k + 1]
            nv = (aim[0] - car.point[0], aim[1] - car.point[1])
            return (nv[0] - car.vector[0], nv[1] - car.vector[1])
        assert line.accelerations is not None
        return line.accelerations[k]

    def count(seat: int) -> int:
        line = lines[seat]
        return len(line.points) - 1 if line.points is not None else len(line.accelerations or ())

    while not state.over:
        car = state.to_move()
        k = done[car.seat]
        if k >= count(car.seat):
            state.park()
            continue
        try:
            state.play(wanted(car.seat, k), acts[car.seat].get(k + 1))
        except IllegalMove as e:
            illegal = (car.seat, k + 1, f"car {car.seat + 1} move {k + 1}: {e}")
            break
        done[car.seat] += 1
    # moves listed after a car finished or went out: its next move would come a round later
    for car in state.cars:
        if car.status in (FINISHED, OUT) and done[car.seat] < count(car.seat):
            nxt = done[car.seat] + 1
            what = "finished" if car.status == FINISHED else "was out"
            msg = (
                f"car {car.seat + 1} move {nxt}: the car {what} by move {nxt - 1}; remove the "
                f"{count(car.seat) - nxt + 1} move(s) after it"
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
