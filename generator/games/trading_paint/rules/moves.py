"""Path geometry: where a die may go, where its path leads, and what ends a path.

These are the pieces the turn flow in rules.py and the placement query in paths.py share:

- first_squares: where the first die of a path goes (in front of the car; for a car in the
  pit or on the wall the re-entry square, or the square behind it when an opponent blocks);
- placements: every way to put a rolled face on the table, with the exits it opens;
- path_ends: what the open exits of the last die (or a car's own front, when chaining
  after a bump or draft) lead to: a stop square, a bump, a draft, or off the track;
- bump_result / draft_landings: who ends where.

A die may not go on a car, a wreck or another die of the path, and a path leaves a die only
forward or to the side (forward only in a turn), never back out of the side it came in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games.trading_paint.rules.board import (
    DIRS,
    PIT,
    TRACK,
    WALL,
    Board,
    back,
    dirs_of,
    left,
    right,
)
from generator.games.trading_paint.rules.faces import FULL_EDGE, load_faces
from generator.games.trading_paint.rules.state import PATH as PATH_STAGE
from generator.games.trading_paint.rules.state import State

_FACES = load_faces()
ANY_WAY = 0b1111  # every direction: the first die of a backward re-entry (D8)


def occupancy(state: State) -> dict[int, int]:
    """cell -> car for every car on the board (track, pit or wall)."""
    return {p: i for i, p in enumerate(state.pos) if p >= 0}


@dataclass(frozen=True, slots=True)
class Slot:
    """A square a die may go on, entered through `side` over the sub-squares `bits`."""

    square: int
    side: int
    bits: int
    blocker: int = -1  # an opponent this path may not bump (backward re-entry)
    backward: bool = False  # the first die of a backward re-entry: it may lead any way (D8)


def first_squares(state: State, car: int, occ: dict[int, int]) -> list[Slot]:
    """Where the first die of a new path may go.

    On the track: the square in front (both squares ahead in a turn). Off the track: the
    track square beside the car on the side it left from; if an opponent's car stands there,
    the square behind that one ("move backward to get back on the track"), entered from the
    side facing the car, so only if the square on that side of the die (the pit or wall
    beside it, or at a corner a track square on the way to the car) holds no other car and no
    wreck.
    """
    b = state.board
    wrecks = state.wrecks
    p = state.pos[car]
    out: list[Slot] = []
    if p < 0:
        return out
    r = state.entry[car]
    if r < 0:
        fwd = b.forward[p]
        for d in (0, 1, 2, 3):
            if fwd >> d & 1:
                q = p + b.offsets[d]
                if b.kind[q] == TRACK and q not in occ and q not in wrecks:
                    out.append(Slot(q, back(d), FULL_EDGE))
        return out
    outward = b.direction(r, p)  # from the re-entry square towards the car
    if r in wrecks:
        return out
    other = occ.get(r, -1)
    if other < 0:
        out.append(Slot(r, outward, FULL_EDGE))
        return out
    if state.team[other] == state.team[car]:
        return out  # only an opponent's car lets you move backward
    rb = b.ring_prev[r]  # one square back along the track (at a corner, round the turn)
    if rb < 0 or b.kind[rb] != TRACK or rb in occ or rb in wrecks:
        return out
    # The path enters the die from the side facing the car; the square on that side (the pit
    # or wall beside it; at a pit corner the track square diagonal to the car, at an outside
    # corner possibly the blocked re-entry square itself) is what the path runs through, and
    # "a path may not run through a car" (D8).
    side = rb + b.offsets[outward]
    if occ.get(side, car) != car or side in wrecks:
        return out
    out.append(Slot(rb, outward, FULL_EDGE, other, backward=True))
    return out


def next_squares(state: State, occ: dict[int, int]) -> list[Slot]:
    """Where the next die of the path may go: beyond an open exit of the last die."""
    b = state.board
    last = state.path[-1][0]
    on_path = {d[0] for d in state.path}
    out = []
    for d, bits in state.exits:
        q = last + b.offsets[d]
        if b.kind[q] == TRACK and q not in occ and q not in state.wrecks and q not in on_path:
            out.append(Slot(q, back(d), bits, state.blocker))
    return out


def slot_at(state: State, square: int, occ: dict[int, int] | None = None) -> Slot | None:
    """The slot where the next die of the path (the first, with no path yet) would lie on
    `square`, or None when a die cannot go there now."""
    occ = occupancy(state) if occ is None else occ
    slots = next_squares(state, occ) if state.path else first_squares(state, state.car, occ)
    return next((s for s in slots if s.square == square), None)


def die_exits(
    board: Board,
    square: int,
    face: int,
    rotation: int,
    side: int,
    bits: int,
    *,
    backward: bool = False,
) -> tuple[tuple[int, int], ...]:
    """Open exits of a die entered through `side`: (direction, bits), allowed directions only
    (forward or to the side; `backward`: the first die of a backward re-entry, any way but
    back out of the side it came in, D8)."""
    o = _FACES.orientation(face, rotation)
    lit = bits & o.openings[side]
    if not lit:
        return ()
    allowed = ANY_WAY if backward else board.allowed[square]
    return tuple((d, m) for d, m in o.exits(side, lit) if allowed >> d & 1)


def slot_exits(board: Board, slot: Slot, face: int, rotation: int) -> tuple[tuple[int, int], ...]:
    """die_exits for a die laid on `slot`."""
    return die_exits(
        board, slot.square, face, rotation, slot.side, slot.bits, backward=slot.backward
    )


def enters(face: int, rotation: int, side: int, bits: int) -> bool:
    """Whether the die, turned this way, opens towards where the path comes from."""
    return bool(bits & _FACES.orientation(face, rotation).openings[side])


_TURNS: dict[tuple[int, int, int], tuple[tuple[int, tuple[tuple[int, int], ...]], ...]] = {}


def _turns(face: int, side: int, bits: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """(rotation, exits before the forward/side filter) for each different-looking rotation of
    `face` that opens towards a path arriving on `side` over `bits` (cached: 6 x 4 x 7 keys)."""
    key = (face, side, bits)
    hit = _TURNS.get(key)
    if hit is None:
        out = []
        for rot in _FACES.distinct_rotations(face):
            o = _FACES.orientation(face, rot)
            lit = bits & o.openings[side]
            if lit:
                out.append((rot, o.exits(side, lit)))
        hit = _TURNS[key] = tuple(out)
    return hit


@dataclass(frozen=True, slots=True)
class Placement:
    square: int
    rotation: int
    exits: tuple[tuple[int, int], ...]
    blocker: int


def path_slots(state: State, occ: dict[int, int]) -> list[Slot]:
    """Where the next die may go (the first of a path: `first_squares`): the same for every
    face, so a search that tries all six finds them once."""
    return next_squares(state, occ) if state.path else first_squares(state, state.car, occ)


def placements(
    state: State,
    face: int,
    occ: dict[int, int],
    *,
    distinct: bool = True,
    slots: list[Slot] | None = None,
) -> list[Placement]:
    """Every way to place `face`: squares in reach, rotations that open towards the path.

    distinct=True keeps one rotation per (square, exit directions) - the moves differ in
    nothing the rules see: which small squares of an open edge are white never matters, as
    any two open edges touch (D2); distinct=False lists every different-looking rotation
    (the placement query). `slots`: path_slots(state, occ), when the caller has them.
    """
    if slots is None:
        slots = path_slots(state, occ)
    allowed_of = state.board.allowed
    out: list[Placement] = []
    for slot in slots:
        allowed = ANY_WAY if slot.backward else allowed_of[slot.square]
        for rot, ex in _laid_turns(face, slot.side, slot.bits, allowed, distinct):
            out.append(Placement(slot.square, rot, ex, slot.blocker))
    return out


_LAID_TURNS: dict[tuple[int, int, int, int, bool], tuple[tuple[int, tuple], ...]] = {}


def _laid_turns(
    face: int, side: int, bits: int, allowed: int, distinct: bool
) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """(rotation, exits) of each way placements() lists on a slot: _turns with the exits the
    square allows (`allowed` directions), one per exit directions if `distinct` (cached: the
    answer depends on nothing else)."""
    key = (face, side, bits, allowed, distinct)
    hit = _LAID_TURNS.get(key)
    if hit is None:
        out = []
        seen: list[tuple[int, ...]] = []
        for rot, raw in _turns(face, side, bits):
            ex = tuple(e for e in raw if allowed >> e[0] & 1)
            if distinct:
                ways = tuple(d for d, _bits in ex)
                if ways in seen:
                    continue
                seen.append(ways)
            out.append((rot, ex))
        hit = _LAID_TURNS[key] = tuple(out)
    return hit


def can_place(
    state: State, face: int, occ: dict[int, int], slots: list[Slot] | None = None
) -> bool:
    """Whether `face` goes anywhere (placements is not empty), without listing the ways: every
    rolled die asks this before the turn goes on. `slots`: path_slots(state, occ), if known."""
    if slots is None:
        slots = path_slots(state, occ)
    return any(_turns(face, slot.side, slot.bits) for slot in slots)


def approach_ok(board: Board, s: int, d: int, t: int) -> bool:
    """Whether a car coming from s in direction d may bump (or draft) the car on t.

    From the rear: d is the direction of t's lane. From the side only in a turn, moving to
    the left (counter-clockwise, towards the inside).
    """
    if board.lane_dirs[t] >> d & 1:
        return True
    if board.turn[s]:
        for ld in dirs_of(board.lane_dirs[s]):
            if left(ld) == d:
                return True
    return False


def bumper_to_bumper(board: Board, a: int, d: int, b: int) -> bool:
    """Whether the car on b, the neighbour of a in direction d, is bumper to bumper with the
    car on a: d runs along the lane of both squares (D10). A car beside it in a turn (the
    next lane) is side by side, not bumper to bumper."""
    return bool(board.lane_dirs[a] >> d & 1 and board.lane_dirs[b] >> d & 1)


def car_line(board: Board, occ: dict[int, int], t: int) -> list[int]:
    """The car on t and the cars bumper to bumper in front of it, nose to tail along the lane
    and round its corner: the one line a bump pushes back and a draft goes to the head of
    (D10, D11).

    The next car stands on h + offsets[d] with d a lane direction of both squares. On an oval
    of concentric lanes a square has one such next square: at the corner square of a lane the
    lane turns (23,13 -> 23,12 in the first turn), and the way straight on leads into the next
    lane out, beside the line, not in it.
    """
    line = [t]
    h = t
    while True:
        nxt = [
            h + board.offsets[d]
            for d in dirs_of(board.lane_dirs[h])
            if h + board.offsets[d] in occ
            and board.kind[h + board.offsets[d]] == TRACK
            and bumper_to_bumper(board, h, d, h + board.offsets[d])
        ]
        if not nxt or nxt[0] in line:
            return line
        h = nxt[0]
        line.append(h)


def bump_line(board: Board, occ: dict[int, int], t: int, d: int) -> list[int]:
    """The squares of the cars a bump in direction d on the car on t moves, rear first.

    A bump from the rear (d runs along t's lane) moves the whole car_line, round a corner of
    the lane too, as a draft follows it (issue 28: with cars on 22,13, 23,13 and 23,12 the
    bump used to stop at the corner while the draft turned north). A side bump in a turn
    (moving left, D9) moves the struck car alone: the cars beside it, further in, are not in
    front of its bumper.
    """
    if not board.lane_dirs[t] >> d & 1:
        return [t]
    return car_line(board, occ, t)


def wall_spot(board: Board, square: int, d: int) -> int:
    """The wall beside an outside-lane square, sideways to a bump in direction d (-1: none)."""
    if board.lane[square] != board.lanes:
        return -1
    for side in (left(d), right(d)):
        q = square + board.offsets[side]
        if board.kind[q] == WALL:
            return q
    return -1


@dataclass
class BumpResult:
    """Where everyone ends after a bump: moves (car, new cell, new entry or -1), bumper's cell."""

    moves: list[tuple[int, int, int]]
    bumper_to: int
    squares: list[int]  # squares the cars moved over (for towing wrecks)


def bump_result(board: Board, occ: dict[int, int], s: int, d: int, t: int) -> BumpResult:
    """Every car of the line goes back one square (the rear one onto s, where the bumper came
    from, each other onto the square of the car behind it); a bumped car in the outside lane
    goes sideways into the wall instead if that spot is free; the bumper ends on the square of
    the front car of the line."""
    line = bump_line(board, occ, t, d)
    moves = []
    behind = s
    for q in line:
        car = occ[q]
        spot = wall_spot(board, q, d if q == t else board.direction(behind, q))
        if spot >= 0 and spot not in occ:
            moves.append((car, spot, q))
        else:
            moves.append((car, behind, -1))
        behind = q
    return BumpResult(moves, line[-1], [s, *line])


def draft_landings(board: Board, occ: dict[int, int], wrecks: frozenset[int], t: int) -> list[int]:
    """Where a car drafting the team-mate on t may end: "ending in front of them ... If there
    are cars in front of, and touching the car you draft, go to the head of that line. If on
    a turn you may choose which square to end at." (D11)

    The free track squares (no car, no wreck) directly in front of the head of the line
    (car_line, the line a bump moves): head + offsets[d] for d forward on the head's square. On a straight that is
    one square; in a turn both forward squares of the head. Never a square beside the line
    reached only by going round a car sideways.
    """
    return sorted(_draft_routes(board, occ, wrecks, t))


def draft_route(
    board: Board, occ: dict[int, int], wrecks: frozenset[int], t: int, landing: int
) -> list[int]:
    """The squares a drafting car drives round, from the drafted car along its line to the
    head and on to the landing square (for towing wrecks and counting the lap)."""
    return _draft_routes(board, occ, wrecks, t)[landing]


def _draft_routes(
    board: Board, occ: dict[int, int], wrecks: frozenset[int], t: int
) -> dict[int, list[int]]:
    line = car_line(board, occ, t)
    head = line[-1]
    routes: dict[int, list[int]] = {}
    for d in dirs_of(board.forward[head]):
        q = head + board.offsets[d]
        if q in routes or board.kind[q] != TRACK or q in occ or q in wrecks:
            continue
        routes[q] = [*line, q]
    return routes


def draft_rear(state: State, occ: dict[int, int], mate: int, landing: int) -> int:
    """The free square behind the team-mate on `mate` that Draft(mate, landing) goes through,
    for the car to play: beyond an open exit of its path's last die (stage path), or in front
    of the car itself when chaining after a bump or draft."""
    b = state.board
    if state.stage == PATH_STAGE:
        s = state.path[-1][0]
        ends = path_ends(state, occ, s, [d for d, _ in state.exits], from_path=True)
    else:
        s = state.pos[state.car]
        fwd = b.forward[s]
        ends = path_ends(state, occ, s, [d for d in DIRS if fwd >> d & 1], from_path=False)
    for t, land, rear in ends.drafts:
        if t == mate and land == landing:
            return rear
    raise ValueError(f"no draft of the car on {b.label(mate)} to {b.label(landing)}")


@dataclass
class PathEnds:
    """What the open exits lead to."""

    stops: list[int] = field(default_factory=list)  # free squares (also where a next die may go)
    bumps: list[tuple[int, int]] = field(default_factory=list)  # (first car's square, direction)
    drafts: list[tuple[int, int, int]] = field(
        default_factory=list
    )  # (team-mate's square, landing, the free square behind the team-mate)
    offs: list[int] = field(default_factory=list)  # free pit squares / wall spots

    @property
    def on_track(self) -> bool:
        return bool(self.stops or self.bumps or self.drafts)


def has_stop(
    state: State,
    occ: dict[int, int],
    s: int,
    dirs: list[int],
    on_path: set[int] | frozenset[int] | None = None,
) -> bool:
    """Whether path_ends(state, occ, s, dirs, from_path=True) has a stop square (a free track
    square beyond an exit), without working out the bumps and drafts. `on_path`: the squares
    of state.path, when the caller has them (s itself may be left out: only squares beyond
    it are asked about)."""
    b = state.board
    wrecks = state.wrecks
    for d in dirs:
        q = s + b.offsets[d]
        if b.kind[q] != TRACK or q in wrecks or q in occ:
            continue
        if on_path is None:
            on_path = {p[0] for p in state.path}
        if q not in on_path:
            return True
    return False


def path_ends(
    state: State,
    occ: dict[int, int],
    s: int,
    dirs: list[int],
    *,
    from_path: bool,
    on_path: set[int] | frozenset[int] | None = None,
) -> PathEnds:
    """Stops, bumps, drafts and off-track exits from square s in the given directions.

    from_path: s is the last die of the path (stops and off-track exits count); otherwise s is
    the car itself chaining after a bump or draft (only bumps and drafts count). `on_path`:
    the squares of state.path (from_path only), when the caller has them (s itself may be
    left out: only squares beyond it are asked about).
    """
    b = state.board
    car = state.car
    team = state.team[car]
    wrecks = state.wrecks
    if not from_path:
        on_path = ()
    elif on_path is None:
        on_path = {p[0] for p in state.path}
    out = PathEnds()
    for d in dirs:
        q = s + b.offsets[d]
        k = b.kind[q]
        # a backward step (the first die of a backward re-entry, D8) only gets back on the
        # track: it stops or rolls on; it never bumps or drafts ("as you advance your path
        # forward") and never leads off the track again
        ahead = b.allowed[s] >> d & 1
        if k != TRACK:
            if from_path and ahead and k in (PIT, WALL) and q not in occ:
                out.offs.append(q)
            continue
        if q in wrecks or q in on_path:
            continue
        other = occ.get(q, -1)
        if other >= 0:
            if other != car and ahead and approach_ok(b, s, d, q):
                line = bump_line(b, occ, q, d)
                if state.blocker < 0 or all(occ[c] != state.blocker for c in line):
                    out.bumps.append((q, d))
            continue
        if from_path:
            out.stops.append(q)
        if not ahead:
            continue
        # A draft: q is the rear square of a team-mate, who stands on t = q + offsets[e] with e
        # forward on q and a lane direction of t (in line with the exit or after a side step;
        # in a turn a team-mate beside q in the next lane is not in front of q), D11.
        for e in dirs_of(b.forward[q]):
            t = q + b.offsets[e]
            mate = occ.get(t, -1)
            if (
                mate < 0
                or mate == car
                or b.kind[t] != TRACK
                or state.team[mate] != team
                or not b.lane_dirs[t] >> e & 1
            ):
                continue
            for landing in draft_landings(b, occ, wrecks, t):
                if all((t, landing) != (m, la) for m, la, _ in out.drafts):
                    out.drafts.append((t, landing, q))
    return out
