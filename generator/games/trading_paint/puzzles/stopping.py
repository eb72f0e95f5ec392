"""Stop or roll, exactly: what each choice is worth in the middle of a path.

Values are expected squares of progress round the lap for the car to play, from the square it
stands on now to where it ends the turn, with the rest of the turn played as well as possible
for that: every roll is the average of the six faces at 1/6 each, every other decision (where
to lay a die, stop or roll, bump, draft, roll a fresh path after one) the best. An X loses the
path (the car stays where the path began); the extra caution roll is declined (it ends the
turn either way and never moves the car forward). A car that finishes counts the squares to
the finish line. Everything is exact (Fractions): the search follows the rules engine
(`rules.legal_moves`, `rules.apply_legal`) to the end of the turn, which always comes, since
every die moves the path on and every bump or draft moves the car on.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.moves import occupancy, path_slots
from generator.games.trading_paint.rules.state import (
    FINISHED,
    PATH,
    PLACE,
    ROLL,
    SPUN,
    Bump,
    Caution,
    Draft,
    Move,
    Roll,
    State,
    Stop,
)
from generator.games.trading_paint.rules.turn import (
    X,
    apply_legal,
    chance_outcomes,
    describe,
    is_chance,
    legal_moves,
    placed_positions,
    rolled_face,
)

MAX_STATES = 400_000  # positions valued before giving up
REACH = 10  # squares ahead of the car at which the search stops the turn (P5 in the rules)


def progress(state: State, car: int) -> Fraction:
    """Exact progress round the lap of a car (a finished car: one full lap)."""
    b = state.board
    p = state.pos[car]
    if p == FINISHED:
        return Fraction(b.lap_length)
    square = state.entry[car] if state.entry[car] >= 0 else p
    return b.exact_station[square] + state.lap[car] * b.lap_length


def path_gain(s: State) -> float:
    """Squares of progress from where the path began (the car to play) to its last die."""
    b = s.board
    at = b.station[s.path[-1][0]] + s.path_lap * b.lap_length
    return at - float(progress(s, s.car))


def _key(s: State) -> tuple:
    return (
        s.stage,
        s.pos,
        s.entry,
        s.lap,
        s.wrecks,
        s.path[-1][0] if s.path else -1,
        s.exits,
        s.face,
        s.banked,
        s.blocker,
        s.path_lap,
        s.caution,
        s.finished,
    )


class Valuer:
    """Expected final progress of one car over the rest of its turn, memoised by position."""

    def __init__(
        self, car: int, dice: int, reach: int = REACH, origin: float | None = None
    ) -> None:
        self.car = car
        # how far the turn is searched: a path whose last die is `reach` squares ahead of where
        # the car stood at the first position valued (`origin`) stops, and so does a turn
        # whose car is that far ahead after a bump or draft; positions only, so memo-safe
        self.reach = reach
        self.origin = origin
        self.dice = dice  # dice rolled when valuing started: a later ROLL with 0 is a new turn
        self.memo: dict[tuple, Fraction] = {}

    def over(self, s: State) -> bool:
        return s.over or s.car != self.car or (s.stage == ROLL and s.dice == 0 and self.dice > 0)

    def value(self, s: State, occ: dict | None = None, slots: list | None = None) -> Fraction:
        """`occ`, `slots`: occupancy and path_slots of a position at stage PLACE, when known."""
        if self.origin is None:
            self.origin = float(progress(s, self.car))
        if self.over(s):
            return progress(s, self.car)
        k = _key(s)
        hit = self.memo.get(k)
        if hit is not None:
            return hit
        if len(self.memo) >= MAX_STATES:
            from generator.errors import LimitExceeded

            raise LimitExceeded(f"valuing the turn passed {MAX_STATES:,} positions")
        # plain loops, not generator expressions: Python-to-Python calls only, so a deep turn
        # does not grow the C stack
        if s.stage == ROLL:  # the six faces from one listing of the squares a die may go on
            occ = occupancy(s)
            slots = path_slots(s, occ)
            total = Fraction(0)
            for face in range(1, 7):
                if face == X:  # the path is lost, the car stays where it began
                    total += progress(s, self.car)
                else:
                    total += self.value(rolled_face(s, face, occ, slots), occ, slots)
            v = total / 6
        elif is_chance(s):
            v = Fraction(0)
            for f, p in chance_outcomes(s):
                if f.face == X:  # the path is lost, the car stays where it began
                    v += p * progress(s, self.car)
                else:
                    v += p * self.value(apply_legal(s, f))
        elif s.stage == SPUN:
            v = self.value(apply_legal(s, Caution(False)))
        elif s.stage == PLACE:  # every way to lay the die, each position made once
            v = None
            for _, after in placed_positions(s, occ, slots):
                w = self.value(after)
                if v is None or w > v:
                    v = w
        else:
            v = None
            for m in legal_moves(s):
                if isinstance(m, Roll) and self._ahead(s) >= self.reach:
                    continue
                w = (
                    self._stop(s, m.square)
                    if isinstance(m, Stop)
                    else self.value(apply_legal(s, m))
                )
                if v is None or w > v:
                    v = w
        self.memo[k] = v
        return v

    def _ahead(self, s: State) -> float:
        """Squares from the origin to the path's last die (to the car, between paths)."""
        assert self.origin is not None
        if s.path:
            b = s.board
            return b.station[s.path[-1][0]] + s.path_lap * b.lap_length - self.origin
        return float(progress(s, self.car)) - self.origin

    def _stop(self, s: State, square: int) -> Fraction:
        """What stopping on `square` is worth (as rules._stop plays it, without building the
        position): its progress, or one full lap if that crosses the line after the lap."""
        b = s.board
        at = b.station[s.path[-1][0]] + s.path_lap * b.lap_length
        u = b.exact_station[square] + cz.continue_lap(b, at, square) * b.lap_length
        return Fraction(b.lap_length) if u >= b.lap_length else u


@dataclass(frozen=True)
class FaceOutcome:
    face: int
    value: Fraction  # expected final progress gained after this face, played as well as possible
    play: str  # what to do with it, in words


@dataclass(frozen=True)
class StopOrRoll:
    """The two choices at a mid-path moment, in squares gained from where the car stands."""

    stop: Fraction  # the best way to end the path now (stop, bump or draft, and what follows)
    stop_move: Move
    roll: Fraction
    faces: tuple[FaceOutcome, ...]

    @property
    def choice(self) -> str:
        return "roll" if self.roll > self.stop else "stop"

    @property
    def margin(self) -> Fraction:
        return abs(self.roll - self.stop)


def stop_or_roll(state: State, reach: int = REACH, val: Valuer | None = None) -> StopOrRoll:
    """Exact values of ending the path now and of rolling another die (stage 'path').
    `val`: the valuer to use (`valuer(state, reach)`'s), when a screen has begun with it."""
    if state.stage != PATH or Roll() not in legal_moves(state):
        from generator.errors import InvalidInput

        raise InvalidInput("stop or roll needs a path with a free square to roll on for")
    me = state.car
    base = progress(state, me)
    val = valuer(state, reach) if val is None else val
    stop, stop_move = ending_now(state, val)
    rolled = apply_legal(state, Roll())
    outcomes = []
    for f, _ in chance_outcomes(rolled):
        if f.face == X:
            outcomes.append(FaceOutcome(X, Fraction(0), "an X: the path is lost"))
            continue
        after = apply_legal(rolled, f)
        outcomes.append(FaceOutcome(f.face, val.value(after) - base, _play(val, after, base)))
    roll = sum((o.value for o in outcomes), Fraction(0)) / len(outcomes)
    return StopOrRoll(stop, stop_move, roll, tuple(outcomes))


def valuer(state: State, reach: int = REACH) -> Valuer:
    """The valuer stop_or_roll uses at this moment (the origin: where the car stands)."""
    return Valuer(state.car, max(state.dice, 1), reach, float(progress(state, state.car)))


def ending_now(state: State, val: Valuer) -> tuple[Fraction, Move]:
    """stop_or_roll's `stop` (squares gained) and its move: the best way to end the path now."""
    base = progress(state, state.car)
    ends = [m for m in legal_moves(state) if isinstance(m, (Stop, Bump, Draft))]
    scored = [(val.value(apply_legal(state, m)) - base, m) for m in ends]
    return max(scored, key=lambda t: t[0])


def roll_floor(state: State, val: Valuer) -> Fraction:
    """A floor under stop_or_roll's `roll` (squares gained), found without searching on: each
    face laid where stopping at once is best (stopping is one of the choices the value takes
    the best of, so the value is at least that), an X worth nothing; a die after which the
    path cannot stop is valued in full. Cheap, and usually enough to see that rolling beats
    stopping."""
    base = progress(state, state.car)
    rolled = apply_legal(state, Roll())
    total = Fraction(0)
    for f, _ in chance_outcomes(rolled):
        if f.face == X:
            continue
        after = apply_legal(rolled, f)
        if after.stage != PLACE or val.over(after):
            total += val.value(after) - base
            continue
        best = None
        for _, laid in placed_positions(after):
            stops = [] if val.over(laid) or laid.stage != PATH else legal_moves(laid)
            stops = [m for m in stops if isinstance(m, Stop)]
            w = max(val._stop(laid, m.square) for m in stops) if stops else val.value(laid)
            if best is None or w > best:
                best = w
        assert best is not None  # stage PLACE: the die goes somewhere
        total += best - base
    return total / 6


def _play(val: Valuer, s: State, base: Fraction) -> str:
    """The best line after a face, in the answer notation, up to the next roll or the end of
    the turn: '4@21,14/90 bump 22,14, roll on'."""
    from generator.games.trading_paint.puzzles.answers import die_text
    from generator.games.trading_paint.rules.state import EndTurn, Place

    words = []
    while not val.over(s) and not is_chance(s) and s.stage != SPUN:
        b = s.board
        moves = legal_moves(s)
        best = max(moves, key=lambda m: val.value(apply_legal(s, m)))
        if isinstance(best, Place):
            words.append(die_text(b, (best.square, s.face, best.rotation)))
        elif isinstance(best, Stop):
            words.append(f"stop {b.label(best.square)}")
        elif isinstance(best, Bump):
            words.append(f"bump {b.label(best.square)}")
        elif isinstance(best, Draft):
            words.append(f"draft {b.label(best.square)} {b.label(best.landing)}")
        elif isinstance(best, Roll):
            words.append("roll on")
        elif isinstance(best, EndTurn):
            words.append("end the turn")
        else:
            words.append(describe(s, best))
        s = apply_legal(s, best)
    if val.over(s) and not words:
        return "the path is lost" if progress(s, val.car) == base else "the turn ends"
    return " ".join(words)


def one_die_values(state: State, answer: StopOrRoll, reach: int = REACH) -> tuple[Fraction, ...]:
    """What each face is worth to a player who looks one die ahead: lay it, then end the path
    at once (stop, bump or draft: the best), in squares gained; an X is worth nothing. A die
    after which the path cannot end (it must roll on) is valued exactly."""
    me = state.car
    base = progress(state, me)
    val = Valuer(me, max(state.dice, 1), reach, float(base))
    rolled = apply_legal(state, Roll())
    out = []
    for f, _ in chance_outcomes(rolled):
        if f.face == X:
            out.append(Fraction(0))
            continue
        best = None
        for _, after in placed_positions(apply_legal(rolled, f)):
            w = _ended_now(val, after)
            if best is None or w > best:
                best = w
        out.append((best if best is not None else val.value(apply_legal(rolled, f))) - base)
    return tuple(out)


def _ended_now(val: Valuer, s: State) -> Fraction:
    if val.over(s) or s.stage != PATH:
        return val.value(s)
    ends = [m for m in legal_moves(s) if isinstance(m, (Stop, Bump, Draft))]
    if not ends:
        return val.value(s)  # it must roll on: no shortcut
    return max(
        val._stop(s, m.square) if isinstance(m, Stop) else progress(apply_legal(s, m), val.car)
        for m in ends
    )


def reasoning(state: State, answer: StopOrRoll) -> str:
    """How much thought the call takes (the grade of a stop puzzle):
    easy - the faces alone decide: no face beats stopping (stop), or even the worst face,
    with the X's sixth lost, beats it (roll); medium - looking one die ahead decides (each face
    laid and the path ended at once, averaged with the X); hard - that look gets it wrong: a
    face is worth more (or less) than where it can stop at once, by rolling on or by a bump or
    draft and a fresh path."""
    ones = one_die_values(state, answer)
    faces = [o.value for o in answer.faces if o.face != X]
    if answer.choice == "stop" and max(faces) <= answer.stop:
        return "easy"
    real = [v for o, v in zip(answer.faces, ones, strict=True) if o.face != X]
    if answer.choice == "roll" and min(real) * 5 > answer.stop * 6:
        return "easy"
    look = sum(ones, Fraction(0)) / len(ones)
    if (look > answer.stop) == (answer.choice == "roll") and look != answer.stop:
        return "medium"
    return "hard"
