"""The turn: rolling, placing, stopping, bumping, drafting, spinning out, and whose turn next.

The game as a tree: `chance_outcomes(state)` at a roll (six faces, 1/6 each, exact),
`legal_moves(state)` at a decision, `apply(state, move)` for either; positions are
immutable. Situations with nothing to decide resolve inside `apply` (a die that fits nowhere
loses the rest of the turn, a die whose every way leads off the track sends the car there),
so every decision node offers a real choice or a single forced move.

A turn: roll (chance) -> place the die (decision) -> stop / bump / draft / roll again
(decision) ... An X ends the path with no advance; after a bump or a draft the dice are
collected and the car may roll a fresh path, end its turn, or bump or draft again straight
away if it is set up to (never at the very start of a turn).
"""

from __future__ import annotations

from fractions import Fraction

from generator.errors import InvalidInput
from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.board import TRACK, back
from generator.games.trading_paint.rules.faces import load_faces
from generator.games.trading_paint.rules.moves import (
    Slot,
    bump_result,
    can_place,
    draft_rear,
    draft_route,
    first_squares,
    has_stop,
    occupancy,
    path_ends,
    placements,
    slot_exits,
)
from generator.games.trading_paint.rules.state import (
    BANK,
    CAUTION_ROLL,
    END_TURN,
    ENTER,
    FINISHED,
    FINISHED_LAP,
    OFF,
    OVER,
    PATH,
    PLACE,
    ROLL,
    ROLL_MOVE,
    SPUN,
    WAITING,
    WRECK,
    Bump,
    Caution,
    Draft,
    EndTurn,
    Enter,
    Face,
    Move,
    OffTrack,
    Place,
    Roll,
    State,
    Stop,
    Wreck,
    evolve,
)

X = load_faces().spin_out
SIXTH = Fraction(1, 6)
FACE_OUTCOMES = tuple((Face(f), SIXTH) for f in range(1, 7))
CAUTION_MAX_DICE = 6  # no caution roll after more than six dice in the turn
RACE_CARS_HOME = 3  # the race is decided when three cars have finished


# --- the tree ------------------------------------------------------------------------------
def is_chance(state: State) -> bool:
    return state.stage in (ROLL, CAUTION_ROLL)


def chance_outcomes(state: State) -> tuple[tuple[Face, Fraction], ...]:
    """The die roll: each face with probability 1/6 (empty at a decision)."""
    return FACE_OUTCOMES if is_chance(state) else ()


def legal_moves(state: State) -> list[Move]:
    """The decisions open to the car to play (empty at a roll and when the race is over)."""
    st = state.stage
    if st == PLACE:
        occ = occupancy(state)
        return [Place(p.square, p.rotation) for p in placements(state, state.face, occ)]
    if st == PATH:
        occ = occupancy(state)
        last = state.path[-1][0]
        ends = path_ends(state, occ, last, [d for d, _ in state.exits], from_path=True)
        moves: list[Move] = [Stop(q) for q in ends.stops]
        moves += [Bump(t) for t, _ in ends.bumps]
        moves += [Draft(t, landing) for t, landing, _ in ends.drafts]
        if ends.stops:
            moves.append(ROLL_MOVE)
        return moves
    if st == BANK:
        occ = occupancy(state)
        moves = [END_TURN, ROLL_MOVE]
        moves += _chain_moves(state, occ)
        return moves
    if st == SPUN:
        return [Caution(True), Caution(False)]
    if st == WRECK:
        return [Wreck(q) for q in cz.wreck_squares(state.board, state.pos, state.wrecks)]
    if st == ENTER:
        return [Enter(q) for q in vacated_starts(state)]
    if st == OFF:
        return [OffTrack(s) for s in state.options]
    return []


def apply(state: State, move: Move) -> State:
    """The position after a move or a chance outcome; raises InvalidInput if it is not legal."""
    if is_chance(state):
        if not isinstance(move, Face) or not 1 <= move.face <= 6:
            raise InvalidInput(f"{move}: the die must be rolled now (a face 1 to 6)")
    elif move not in legal_moves(state):
        raise InvalidInput(f"{move} is not a legal move now (stage {state.stage}); see legal_moves")
    return apply_legal(state, move)


def apply_legal(state: State, move: Move) -> State:
    """apply() without the legality check: for search and simulation over generated moves."""
    st = state.stage
    if st == ROLL:
        return _rolled(state, move.face)  # type: ignore[union-attr]
    if st == PLACE:
        return _place(state, move)  # type: ignore[arg-type]
    if st in (PATH, BANK):
        if isinstance(move, Stop):
            return _stop(state, move.square)
        if isinstance(move, Bump):
            return _bump(state, move.square)
        if isinstance(move, Draft):
            return _draft(state, move.square, move.landing)
        if isinstance(move, Roll):
            if st == BANK:
                return evolve(state, stage=ROLL, path=(), exits=(), blocker=-1)
            return evolve(state, stage=ROLL)
        if isinstance(move, EndTurn):
            return end_turn(state)
    if st == SPUN:
        return evolve(state, stage=CAUTION_ROLL) if move.take else end_turn(state)  # type: ignore[union-attr]
    if st == CAUTION_ROLL:
        return _caution_roll(state, move.face)  # type: ignore[union-attr]
    if st == WRECK:
        return end_turn(evolve(state, wrecks=state.wrecks | {move.square}))  # type: ignore[union-attr]
    if st == ENTER:
        # The start squares lie in a wreck row: a late car entering there tows its wrecks (D16).
        sq = move.square  # type: ignore[union-attr]
        wrecks = cz.tow(state.board, state.wrecks, [sq])
        return evolve(state, pos=_set(state.pos, state.car, sq), wrecks=wrecks, stage=ROLL)
    if st == OFF:
        return _go_off(state, move.spot)  # type: ignore[union-attr]
    raise InvalidInput(f"{move}: nothing can be played, the race is over")


# --- rolling and placing ------------------------------------------------------------------
def _rolled(state: State, face: int) -> State:
    return rolled_face(state, face)


def rolled_face(
    state: State, face: int, occ: dict[int, int] | None = None, slots: list[Slot] | None = None
) -> State:
    """apply_legal(state, Face(face)) at stage ROLL; `occ` and `slots` (occupancy and
    path_slots of `state`), when the caller has them: a search rolls all six faces from one
    position, and they are the same for each."""
    dice = state.dice + 1
    if face == X:
        spun = evolve(state, path=(), exits=(), dice=dice, face=0, blocker=-1)
        eligible = (
            state.caution >= cz.DURING and dice <= CAUTION_MAX_DICE and state.on_track(state.car)
        )
        return evolve(spun, stage=SPUN) if eligible else end_turn(spun)
    nxt = evolve(state, stage=PLACE, face=face, dice=dice)
    if not can_place(nxt, face, occupancy(nxt) if occ is None else occ, slots):
        return end_turn(evolve(nxt, path=(), exits=()))  # the die fits nowhere: turn lost
    return nxt


def _car_progress(state: State) -> float:
    i = state.car
    return cz.progress(state.board, state.pos[i], state.entry[i], state.lap[i])


def _path_progress(state: State) -> float:
    if not state.path:
        return _car_progress(state)
    return state.board.station[state.path[-1][0]] + state.path_lap * state.board.lap_length


def placed_positions(
    state: State, occ: dict[int, int] | None = None, slots: list[Slot] | None = None
) -> list[tuple[Place, State]]:
    """Each move at stage PLACE with the position it leads to (apply_legal's), from one
    listing of the placements: a search that plays every way to lay a die needs not find
    each one's slot and exits again. `occ`, `slots`: as for rolled_face."""
    if occ is None:
        occ = occupancy(state)
    return [
        (Place(p.square, p.rotation), _laid(state, occ, p.square, p.rotation, p.exits, p.blocker))
        for p in placements(state, state.face, occ, slots=slots)
    ]


def _place(state: State, move: Place) -> State:
    occ = occupancy(state)
    slot = _placed_slot(state, move.square, occ)
    exits = slot_exits(state.board, slot, state.face, move.rotation)
    return _laid(state, occ, slot.square, move.rotation, exits, slot.blocker)


def _laid(
    state: State,
    occ: dict[int, int],
    square: int,
    rotation: int,
    exits: tuple[tuple[int, int], ...],
    blocker: int,
) -> State:
    """The position once the rolled die lies on `square` turned `rotation`, opening `exits`."""
    b = state.board
    lap = cz.continue_lap(b, _path_progress(state), square)
    nxt = evolve(
        state,
        stage=PATH,
        face=0,
        path=state.path + ((square, state.face, rotation),),
        exits=exits,
        path_lap=lap,
        blocker=blocker,
    )
    dirs = [d for d, _ in exits]
    if has_stop(nxt, occ, square, dirs):
        return nxt  # on the track (a stop is enough to know it)
    ends = path_ends(nxt, occ, square, dirs, from_path=True)
    if ends.on_track:
        return nxt
    if len(ends.offs) == 1:
        return _go_off(nxt, ends.offs[0])
    if ends.offs:
        return evolve(nxt, stage=OFF, options=tuple(ends.offs))
    return end_turn(evolve(nxt, path=(), exits=()))  # every way is blocked: turn lost


def _placed_slot(state: State, square: int, occ: dict[int, int]) -> Slot:
    """The slot of a legal die on `square` (as moves.slot_at finds it): beyond the open exit
    of the last die that leads there, found without listing every free slot again (a search
    places dice by the hundred thousand; apply_legal's moves are legal)."""
    if not state.path:
        return next(s for s in first_squares(state, state.car, occ) if s.square == square)
    b = state.board
    last = state.path[-1][0]
    return next(
        Slot(square, back(d), bits, state.blocker)
        for d, bits in state.exits
        if last + b.offsets[d] == square
    )


# --- ending a path --------------------------------------------------------------------------
def _stop(state: State, square: int) -> State:
    b = state.board
    i = state.car
    lap = cz.continue_lap(b, _path_progress(state), square)
    route = _route(state) + [square]
    return end_turn(_move(state, [(i, square, -1, lap)], route))


def _go_off(state: State, spot: int) -> State:
    b = state.board
    i = state.car
    last = state.path[-1][0]
    lap = cz.continue_lap(b, _path_progress(state), last)
    nxt = _move(evolve(state, stage=PATH, options=()), [(i, spot, last, lap)], _route(state))
    return end_turn(nxt)


def _bump(state: State, target: int) -> State:
    b = state.board
    i = state.car
    occ = occupancy(state)
    s = state.path[-1][0] if state.stage == PATH else state.pos[i]
    d = b.direction(s, target)
    res = bump_result(b, occ, s, d, target)
    moves = []
    for car, cell, entry in res.moves:
        old = cz.progress(b, state.pos[car], state.entry[car], state.lap[car])
        moves.append((car, cell, entry, cz.continue_lap(b, old, entry if entry >= 0 else cell)))
    start_u = _path_progress(state)
    moves.append((i, res.bumper_to, -1, cz.continue_lap(b, start_u, res.bumper_to)))
    route = _route(state) + res.squares + [m[1] for m in moves]
    nxt = _move(state, moves, route)
    return _banked(nxt)


def _draft(state: State, mate_square: int, landing: int) -> State:
    b = state.board
    i = state.car
    occ = occupancy(state)
    behind = draft_rear(state, occ, mate_square, landing)  # the square behind the team-mate
    route = draft_route(b, occ, state.wrecks, mate_square, landing)
    u = _path_progress(state)
    for sq in [behind, *route]:
        u = b.station[sq] + cz.continue_lap(b, u, sq) * b.lap_length
    lap = round((u - b.station[landing]) / b.lap_length)
    nxt = _move(state, [(i, landing, -1, lap)], _route(state) + [behind, *route])
    return _banked(nxt)


def _banked(state: State) -> State:
    if state.pos[state.car] == FINISHED:
        return end_turn(state)
    return evolve(state, stage=BANK, path=(), exits=(), banked=True, blocker=-1, face=0)


def _chain_moves(state: State, occ: dict[int, int]) -> list[Move]:
    """Bumps and drafts the car is set up for without a die (only after a bump or draft)."""
    b = state.board
    c = state.pos[state.car]
    if c < 0 or b.kind[c] != TRACK:
        return []
    fwd = b.forward[c]
    ends = path_ends(state, occ, c, [d for d in (0, 1, 2, 3) if fwd >> d & 1], from_path=False)
    moves: list[Move] = [Bump(t) for t, _ in ends.bumps]
    moves += [Draft(t, landing) for t, landing, _ in ends.drafts]
    return moves


def _route(state: State) -> list[int]:
    """Squares the moving car drives over: where it stood and the dice of its path."""
    p = state.pos[state.car]
    out = [p] if p >= 0 and state.board.kind[p] == TRACK else []
    return out + [d[0] for d in state.path]


def _move(state: State, moves: list[tuple[int, int, int, int]], route: list[int]) -> State:
    """Put cars on new cells (car, cell, entry, lap); finish cars that completed the lap;
    tow wrecks in rows the cars moved through; move the caution period on."""
    b = state.board
    pos, entry, lap = list(state.pos), list(state.entry), list(state.lap)
    finished = state.finished
    for car, cell, ent, lp in moves:
        pos[car], entry[car], lap[car] = cell, ent, lp
    for car, cell, ent, lp in moves:
        # a car past the line after a full lap has finished, even when its path then forced
        # it into the pit or onto the wall (D18: it crossed the line)
        if pos[car] >= 0 and cz.progress(b, cell, ent, lp) >= b.lap_length:
            pos[car], entry[car], lap[car] = FINISHED, -1, FINISHED_LAP
            finished = finished + (car,)
    wrecks = cz.tow(b, state.wrecks, route)
    period = cz.update_period(b, pos, entry, lap, state.caution, bool(finished))
    return evolve(
        state,
        pos=tuple(pos),
        entry=tuple(entry),
        lap=tuple(lap),
        finished=finished,
        wrecks=wrecks,
        caution=period,
    )


# --- spin-outs, caution and wrecks ----------------------------------------------------------
def _caution_roll(state: State, face: int) -> State:
    if face != X:
        return end_turn(state)
    b = state.board
    if state.caution == cz.DURING:
        pos, lap = cz.line_up(b, state.pos, state.entry, state.lap)
        return end_turn(evolve(state, pos=tuple(pos), lap=tuple(lap)))
    if cz.wreck_squares(b, state.pos, state.wrecks):
        return evolve(state, stage=WRECK)
    return end_turn(state)


# --- whose turn next --------------------------------------------------------------------------
def vacated_starts(state: State) -> list[int]:
    taken = set(state.pos)
    return [q for q in state.board.start_squares if q not in taken and q not in state.wrecks]


def stuck(state: State, car: int, occ: dict[int, int]) -> bool:
    """A car that no roll can get anywhere: no face, laid in front of it any way round, opens
    a stop, a bump or a draft (every square in front is a car or a wreck, or every way on from
    it is). A late car is stuck while no start square is vacated."""
    if state.pos[car] == WAITING:
        return not vacated_starts(state)
    probe = evolve(state, car=car, stage=PLACE, path=(), exits=(), blocker=-1)
    for face in range(1, 7):
        if face == X:
            continue
        for p in placements(probe, face, occ):
            trial = evolve(
                probe,
                stage=PATH,
                path=((p.square, face, p.rotation),),
                exits=p.exits,
                blocker=p.blocker,
            )
            dirs = [d for d, _ in p.exits]
            if has_stop(trial, occ, p.square, dirs):
                return False
            if path_ends(trial, occ, p.square, dirs, from_path=True).on_track:
                return False
    return True


def end_turn(state: State) -> State:
    """Hand the dice to the next car still racing (or end the race)."""
    n = state.cars
    base = evolve(
        state,
        stage=ROLL,
        face=0,
        path=(),
        exits=(),
        path_lap=0,
        dice=0,
        banked=False,
        blocker=-1,
        options=(),
    )
    racing = [i for i in range(n) if state.pos[i] != FINISHED]
    if len(state.finished) >= min(RACE_CARS_HOME, n) or not racing:
        return evolve(base, stage=OVER)
    if state.wrecks:
        occ = occupancy(state)
        if all(stuck(state, i, occ) for i in racing):
            # No roll can get any car anywhere: the officials clear the wrecks (decision D17).
            base = evolve(base, wrecks=frozenset())
    i = state.car
    for _ in range(n):
        i = (i + 1) % n
        p = base.pos[i]
        if p == FINISHED:
            continue
        if p == WAITING:
            if vacated_starts(base):
                return evolve(base, car=i, stage=ENTER)
            continue
        return evolve(base, car=i)
    return evolve(base, stage=OVER)  # pragma: no cover - some car is always racing


def _set(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    return t[:i] + (v,) + t[i + 1 :]


def describe(state: State, move: Move) -> str:
    """A move in words with board coordinates (column,row), for logs and the CLI."""
    b = state.board
    if isinstance(move, Face):
        return "X (spin-out)" if move.face == X else f"rolls {move.face}"
    if isinstance(move, Place):
        return f"place on {b.label(move.square)} turned {move.rotation * 90} deg"
    if isinstance(move, Stop):
        return f"stop on {b.label(move.square)}"
    if isinstance(move, Bump):
        return f"bump car {state.occupant(move.square) + 1} on {b.label(move.square)}"
    if isinstance(move, Draft):
        return f"draft car {state.occupant(move.square) + 1}, end on {b.label(move.landing)}"
    if isinstance(move, Roll):
        return "roll"
    if isinstance(move, EndTurn):
        return "end turn"
    if isinstance(move, OffTrack):
        return f"off the track to {b.label(move.spot)}"
    if isinstance(move, Caution):
        return "take the caution roll" if move.take else "no caution roll"
    if isinstance(move, Wreck):
        return f"wreck on {b.label(move.square)}"
    if isinstance(move, Enter):
        return f"enter on {b.label(move.square)}"
    return str(move)  # pragma: no cover


__all__ = [
    "apply",
    "apply_legal",
    "chance_outcomes",
    "describe",
    "end_turn",
    "is_chance",
    "legal_moves",
    "back",
]
