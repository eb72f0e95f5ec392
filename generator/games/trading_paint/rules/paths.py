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
from generator.games.trading_paint.rules.moves import (
    Placement,
    bump_result,
    has_stop,
    occupancy,
    path_ends,
    placements,
)
from generator.games.trading_paint.rules.state import BANK, PATH, PLACE, ROLL, State, evolve
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
    _extend(q, state, occ, 0, base)
    return q


def _path_u(state: State) -> float:
    b = state.board
    if not state.path:
        return cz.progress(b, state.pos[state.car], state.entry[state.car], state.lap[state.car])
    return b.station[state.path[-1][0]] + state.path_lap * b.lap_length


def _extend(q: Query, state: State, occ: dict[int, int], k: int, base: float) -> None:
    if len(q.ways) > MAX_WAYS:
        raise InvalidInput(f"more than {MAX_WAYS} ways: give fewer faces")
    face = q.faces[k]
    rolled = evolve(state, stage=PLACE, face=face)
    here = _path_u(state)
    ps = placements(rolled, face, occ, distinct=False)
    if not ps:
        q.ways.append(Way(state.path, (_lost(state, base),), False))
        return
    more = k + 1 < len(q.faces)
    for p in ps:
        nxt = lay_die(rolled, p, here)
        dirs = [d for d, _ in p.exits]
        if more and has_stop(nxt, occ, p.square, dirs):
            _extend(q, nxt, occ, k + 1, base)  # a free square to roll on for: the next face
            continue
        ends = path_ends(nxt, occ, p.square, dirs, from_path=True)
        if not ends.on_track:
            q.ways.append(Way(nxt.path, _forced(nxt, ends.offs, base), False))
            continue
        if k + 1 < len(q.faces) and ends.stops:
            _extend(q, nxt, occ, k + 1, base)
        else:
            # the last face, or no free square to roll on for: the path ends here (a bump or
            # draft the rules force, exactly the moves legal_moves offers)
            q.ways.append(Way(nxt.path, _endings(nxt, occ, ends, base), k + 1 == len(q.faces)))


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


def _forced(state: State, offs: list[int], base: float) -> tuple[Ending, ...]:
    b = state.board
    if not offs:
        return (_lost(state, base),)
    last = state.path[-1][0]
    u = b.station[last] + state.path_lap * b.lap_length
    done = u >= b.lap_length
    return tuple(
        Ending("pit" if b.kind[s] == 2 else "wall", s, via=last, progress=u - base, finishes=done)
        for s in offs
    )


def _endings(state: State, occ: dict[int, int], ends, base: float) -> tuple[Ending, ...]:  # noqa: ANN001
    b = state.board
    last = state.path[-1][0]
    here = b.station[last] + state.path_lap * b.lap_length

    def u(square: int, frm: float) -> float:
        return b.station[square] + cz.continue_lap(b, frm, square) * b.lap_length

    def ending(kind: str, square: int, **more) -> Ending:  # noqa: ANN003
        at = u(square, here)
        return Ending(kind, square, progress=at - base, finishes=at >= b.lap_length, **more)

    out = [ending("stop", s) for s in ends.stops]
    for t, d in ends.bumps:
        res = bump_result(b, occ, last, d, t)
        bumped = tuple((car + 1, cell) for car, cell, _ in res.moves)
        out.append(ending("bump", res.bumper_to, via=t, bumped=bumped))
    for t, landing, _ in ends.drafts:
        out.append(ending("draft", landing, via=t))
    return tuple(out)


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
