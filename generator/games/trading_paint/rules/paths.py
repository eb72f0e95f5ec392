"""The placement query: every way to lay a given sequence of faces, and what each achieves.

Puzzles ask "you roll 4, 3, 6: where can your car end up?". Given a position with the car to
play at the start of a path (or in the middle of one) and the faces in the order they are
rolled, `placement_ways` lists every legal way to place and turn each die (each different-
looking rotation counts), and for each way the endings it offers: stop squares, bumps (who
goes where), drafts (landing squares), or the die that forces the car into the pit or onto
the wall, or the dead end that loses the turn. Dice are placed as rolled, so a way that is
forced off the track, dies, or leaves no free square to roll on for (a forced bump or draft)
before the last face ends there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.errors import InvalidInput
from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.board import TRACK, Board, back
from generator.games.trading_paint.rules.moves import (
    Placement,
    Slot,
    bump_result,
    has_stop,
    occupancy,
    path_ends,
    placements,
)
from generator.games.trading_paint.rules.state import BANK, PATH, ROLL, State, evolve
from generator.games.trading_paint.rules.turn import X

MAX_FACES = 12
MAX_WAYS = 200_000


@dataclass(frozen=True)
class Ending:
    """One way to end the path. kind: stop | bump | draft | pit | wall | lost.

    square: where the car ends (for a bump, the front of the bumped line; for pit/wall, the
    spot off the track; for lost, where the car stays). bumped: (car number, new cell) of
    every bumped car. via: the drafted team-mate's or first bumped car's square.
    """

    kind: str
    square: int
    via: int = -1
    bumped: tuple[tuple[int, int], ...] = ()
    progress: float = 0.0  # squares of progress for the car, from where the path started
    finishes: bool = False  # the path crosses the line after a full lap: the car finishes (D18)


@dataclass(frozen=True)
class Way:
    dice: tuple[tuple[int, int, int], ...]  # (square, face, rotation) as placed
    endings: tuple[Ending, ...]
    complete: bool  # every face was placed (False: forced off the track or dead before the end)


@dataclass
class Query:
    state: State
    faces: tuple[int, ...]
    ways: list[Way] = field(default_factory=list)

    def reachable(self) -> dict[str, list[int]]:
        """Squares reachable per ending kind (sorted, each once)."""
        out: dict[str, set[int]] = {}
        for w in self.ways:
            for e in w.endings:
                out.setdefault(e.kind, set()).add(e.square)
        return {k: sorted(v) for k, v in sorted(out.items())}


def placement_ways(state: State, faces: list[int] | tuple[int, ...]) -> Query:
    """Every way to place `faces` (in order) for the car to play, with its endings."""
    faces = tuple(faces)
    if not faces:
        raise InvalidInput("give at least one face to place, e.g. --faces 4,3,6")
    if len(faces) > MAX_FACES:
        raise InvalidInput(f"{len(faces)} faces: the query takes at most {MAX_FACES}")
    for f in faces:
        if f == X:
            raise InvalidInput(
                f"face {X} is the X: a spin-out, nothing to place; give faces 1, 2, 3, 4 or 6"
            )
        if not 1 <= f <= 6:
            raise InvalidInput(f"face {f}: path dice have faces 1 to 6")
    if state.stage == BANK:
        state = evolve(state, stage=ROLL, path=(), exits=(), blocker=-1)
    if state.stage not in (ROLL, PATH):
        raise InvalidInput(
            "the position must be at a roll (start of a path) or in the middle of one"
        )
    if state.pos[state.car] < 0:
        raise InvalidInput(f"car {state.car + 1} is not on the board")
    occ = occupancy(state)
    base = cz.progress(
        state.board, state.pos[state.car], state.entry[state.car], state.lap[state.car]
    )
    q = Query(state, faces)
    _Walk(q, state, occ, base).extend(
        0,
        state.path,
        state.exits,
        state.path_lap,
        state.blocker,
        _path_u(state),
        {d[0] for d in state.path},
    )
    return q


def _path_u(state: State) -> float:
    b = state.board
    if not state.path:
        return cz.progress(b, state.pos[state.car], state.entry[state.car], state.lap[state.car])
    return b.station[state.path[-1][0]] + state.path_lap * b.lap_length


class _Walk:
    """The search behind placement_ways: every way to lay the faces from `state`.

    Laying dice moves no car, so the position after each die differs from `state` only in
    its path (the dice, the last die's exits, the lap the path is on, the car it may not
    bump): the walk carries those four and builds no position per die. The rules functions
    it calls read, of the position they are given, only the board, the cars, the wrecks and
    the car it may not bump (`_view`), besides what is passed to them.
    """

    def __init__(self, q: Query, state: State, occ: dict[int, int], base: float) -> None:
        self.q, self.state, self.occ, self.base = q, state, occ, base
        b = state.board
        self.board = b
        self.views = {state.blocker: state}
        self.lost = _lost(state, base)  # the car stays where it is (equal endings, one object)
        self.stops: dict[tuple[int, int], Ending] = {}  # (square, lap): its stop ending

    def _view(self, blocker: int) -> State:
        v = self.views.get(blocker)
        if v is None:
            v = self.views[blocker] = evolve(self.state, blocker=blocker)
        return v

    def extend(
        self,
        k: int,
        path: tuple[tuple[int, int, int], ...],
        exits: tuple[tuple[int, int], ...],
        path_lap: int,
        blocker: int,
        here: float,
        on_path: set[int],
    ) -> None:
        """Lay face k on from this path (`on_path`: its squares; `here`: its progress)."""
        q, occ, b, base = self.q, self.occ, self.board, self.base
        if len(q.ways) > MAX_WAYS:
            raise InvalidInput(f"more than {MAX_WAYS} ways: give fewer faces")
        face = q.faces[k]
        state = self.state
        if not path:
            ps = placements(state, face, occ, distinct=False)  # the roll changes nothing read
        else:
            # where the next die may go (moves.next_squares, for this path)
            last = path[-1][0]
            wrecks, kind, offsets = state.wrecks, b.kind, b.offsets
            slots = []
            for d, bits in exits:
                t = last + offsets[d]
                if kind[t] == TRACK and t not in occ and t not in wrecks and t not in on_path:
                    slots.append(Slot(t, back(d), bits, blocker))
            ps = placements(state, face, occ, distinct=False, slots=slots)
        if not ps:
            q.ways.append(Way(path, (self.lost,), False))
            return
        more = k + 1 < len(q.faces)
        station, lap_length = b.station, b.lap_length
        view = self._view(blocker)  # after the first die, every die keeps the path's blocker
        for p in ps:
            square = p.square
            nxt_path = path + ((square, face, p.rotation),)
            lap = round((here - station[square]) / lap_length)  # cz.continue_lap
            if not path:
                blocker = p.blocker
                view = self._view(blocker)
            dirs = [d for d, _ in p.exits]
            u = station[square] + lap * lap_length
            # has_stop and path_ends ask only about squares beyond the die, never its own:
            # the squares before it are all they need of the path
            if more and has_stop(view, occ, square, dirs, on_path):
                # a free square to roll on for: the next face
                self.extend(k + 1, nxt_path, p.exits, lap, blocker, u, on_path | {square})
                continue
            ends = path_ends(view, occ, square, dirs, from_path=True, on_path=on_path)
            if not ends.on_track:
                q.ways.append(
                    Way(nxt_path, _forced(b, square, lap, ends.offs, base, self.lost), False)
                )
                continue
            if more and ends.stops:
                self.extend(k + 1, nxt_path, p.exits, lap, blocker, u, on_path | {square})
            else:
                # the last face, or no free square to roll on for: the path ends here (a bump
                # or draft the rules force, exactly the moves legal_moves offers)
                q.ways.append(Way(nxt_path, self._endings(square, u, ends), not more))

    def _endings(self, last: int, here: float, ends) -> tuple[Ending, ...]:  # noqa: ANN001
        """The ways the path ends beyond the last die (on `last`, at progress `here`); the
        stop endings kept per square and lap (equal endings, one object)."""
        b, occ, base, stops = self.board, self.occ, self.base, self.stops
        station, lap_length = b.station, b.lap_length

        def ending(kind: str, square: int, **more) -> Ending:  # noqa: ANN003
            # the square's progress on the lap closest to here (cz.continue_lap)
            at = station[square] + round((here - station[square]) / lap_length) * lap_length
            return Ending(kind, square, progress=at - base, finishes=at >= lap_length, **more)

        out = []
        for s in ends.stops:
            key = (s, round((here - station[s]) / lap_length))
            e = stops.get(key)
            if e is None:
                e = stops[key] = ending("stop", s)
            out.append(e)
        for t, d in ends.bumps:
            res = bump_result(b, occ, last, d, t)
            bumped = tuple((car + 1, cell) for car, cell, _ in res.moves)
            out.append(ending("bump", res.bumper_to, via=t, bumped=bumped))
        for t, landing, _ in ends.drafts:
            out.append(ending("draft", landing, via=t))
        return tuple(out)


def lay_die(rolled: State, p: Placement, here: float | None = None) -> State:
    """The position with the rolled face laid as `p` (stage path). `here`: the progress of the
    path so far, when the caller has it."""
    if here is None:
        here = _path_u(rolled)
    return evolve(
        rolled,
        stage=PATH,
        face=0,
        path=rolled.path + ((p.square, rolled.face, p.rotation),),
        exits=p.exits,
        path_lap=cz.continue_lap(rolled.board, here, p.square),
        blocker=p.blocker if not rolled.path else rolled.blocker,
    )


def _lost(state: State, base: float) -> Ending:
    return Ending("lost", state.pos[state.car], progress=0.0)


def _forced(
    b: Board, last: int, path_lap: int, offs: list[int], base: float, lost: Ending
) -> tuple[Ending, ...]:
    """Where the last die (on `last`, on lap `path_lap` of the path) forces the car off;
    `lost` when it cannot go off either."""
    if not offs:
        return (lost,)
    u = b.station[last] + path_lap * b.lap_length
    done = u >= b.lap_length
    return tuple(
        Ending("pit" if b.kind[s] == 2 else "wall", s, via=last, progress=u - base, finishes=done)
        for s in offs
    )


def to_json(q: Query) -> dict[str, object]:
    b = q.state.board

    def xy(c: int) -> list[int]:
        return list(b.xy(c))

    return {
        "car": q.state.car + 1,
        "faces": list(q.faces),
        "ways": [
            {
                "dice": [{"square": xy(c), "face": f, "rotation": r * 90} for c, f, r in w.dice],
                "complete": w.complete,
                "endings": [
                    {
                        "kind": e.kind,
                        "square": xy(e.square),
                        **({"via": xy(e.via)} if e.via >= 0 else {}),
                        **(
                            {"bumped": [{"car": c, "to": xy(s)} for c, s in e.bumped]}
                            if e.bumped
                            else {}
                        ),
                        "progress": round(e.progress, 4),
                        "finishes": e.finishes,
                    }
                    for e in w.endings
                ],
            }
            for w in q.ways
        ],
        "reachable": {k: [xy(c) for c in v] for k, v in q.reachable().items()},
    }


def _signed(x: float) -> str:
    """Progress with its sign: +2, -2, +0 (never +-2 or -0)."""
    return f"{x + 0.0:+g}"


def format_query(q: Query) -> str:
    """One line per way: dice as face@square/rotation in degrees, then each ending (a bump
    says where every bumped car goes; "via" is the first bumped car or the drafted one)."""
    b = q.state.board
    lines = [f"car {q.state.car + 1}, faces {' '.join(map(str, q.faces))}: {len(q.ways)} ways"]
    for n, w in enumerate(q.ways, 1):
        dice = ", ".join(f"{f}@{b.label(c)}/{r * 90}" for c, f, r in w.dice)
        ends = "; ".join(
            f"{e.kind} {b.label(e.square)}"
            + (f" via {b.label(e.via)}" if e.via >= 0 and e.kind in ("bump", "draft") else "")
            + "".join(f", car {car} to {b.label(cell)}" for car, cell in e.bumped)
            + f" ({_signed(e.progress)})"
            + (" and finishes" if e.finishes else "")
            for e in w.endings
        )
        lines.append(f"{n:>4}. {dice} -> {ends}")
    for kind, cells in q.reachable().items():
        lines.append(f"{kind}: " + " ".join(b.label(c) for c in cells))
    return "\n".join(lines)
