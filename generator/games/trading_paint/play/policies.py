"""Ways to drive: fixed stopping rules, a greedy basher, a random driver, and expectimax.

A policy picks one of the legal moves at a decision. Specs (as typed on the command line):

- ``stop:K`` - place each die for the most progress, stop after K dice of a path; bumps and
  drafts only when there is no square to stop on. The pure press-your-luck baseline.
- ``greedy`` or ``greedy:K`` - takes any bump or draft in reach (the best one), chains them,
  rolls on after banking, otherwise stops after K dice (default 4, the best fixed rule in the
  luck table). Asks for the caution roll when its team is not leading, always for a wreck.
- ``expectimax`` or ``expectimax:D`` - at each placement, stop-or-roll and bank decision,
  searches the next D dice (default 2) exactly (the six faces at 1/6, the X losing the path)
  and values the ends in squares on the racing line, counting bumps for both cars, blocking
  an opponent (a lost turn for it), being blocked and bump threats (`racecraft`).
- ``random`` - a uniformly random legal move (for testing the rules, not for winning).

For stop:K and greedy, values are squares of progress round the lap for the car to play,
relative to where its current path started; a bump also scores half a square for each
opponent knocked back and loses half for each team-mate.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from generator.core.numbers import is_digits, whole
from generator.errors import InvalidInput
from generator.games.trading_paint.play.racecraft import Judge, PathSearch
from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.moves import (
    approach_ok,
    bump_line,
    occupancy,
    path_ends,
    placements,
)
from generator.games.trading_paint.rules.state import (
    BANK,
    ENTER,
    PATH,
    PLACE,
    SPUN,
    WRECK,
    Bump,
    Caution,
    Draft,
    Move,
    Roll,
    State,
    Stop,
    evolve,
)

BUMP_BONUS = 0.5  # per opponent knocked back (a team-mate knocked back costs as much)
OFF_TRACK = -3.0  # ending in the pit or on the wall: the next turn is spent re-entering
LOST = -1.0  # a placement that blocks every way on: the path and the rest of the turn are lost
DEFAULT_STOP = 4
DEFAULT_DEPTH = 2
MAX_DEPTH = 3  # a 2-player game at depth 3 takes about half a minute; depth 4 several minutes


class Policy:
    name = "policy"

    def choose(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        raise NotImplementedError


# --- shared evaluation ----------------------------------------------------------------------
def _u(state: State, square: int, from_u: float) -> float:
    b = state.board
    return b.station[square] + cz.continue_lap(b, from_u, square) * b.lap_length


def path_start_u(state: State) -> float:
    """Progress of the car to play where its current path starts (the bank)."""
    i = state.car
    return cz.progress(state.board, state.pos[i], state.entry[i], state.lap[i])


def path_u(state: State) -> float:
    if not state.path:
        return path_start_u(state)
    b = state.board
    return b.station[state.path[-1][0]] + state.path_lap * b.lap_length


def end_value(state: State, move: Move, occ: dict[int, int], base: float) -> float:
    """Progress (relative to `base`) of ending the path with this move, bonus included."""
    here = path_u(state)
    if isinstance(move, Stop):
        return _u(state, move.square, here) - base
    if isinstance(move, Bump):
        s = state.path[-1][0] if state.path and state.stage == PATH else state.pos[state.car]
        return _bump_value(state, s, move.square, here, occ, base)
    if isinstance(move, Draft):
        return _u(state, move.landing, here) - base
    return 0.0


def _bump_value(
    state: State, s: int, t: int, here: float, occ: dict[int, int], base: float
) -> float:
    """end_value of bumping the car on t from s, the path at progress `here`."""
    b = state.board
    line = bump_line(b, occ, t, b.direction(s, t))
    u = here
    for q in line:
        u = _u(state, q, u)
    bonus = sum(
        BUMP_BONUS if state.team[occ[q]] != state.team[state.car] else -BUMP_BONUS for q in line
    )
    return u - base + bonus


def _finishes(value_u: float, state: State) -> bool:
    return value_u >= state.board.lap_length


def stop_or_end_best(
    state: State, moves: list[Move], occ: dict[int, int], kinds: tuple[type, ...]
) -> tuple[Move | None, float]:
    base = path_start_u(state)
    best, best_v = None, float("-inf")
    for m in moves:
        if isinstance(m, kinds):
            v = end_value(state, m, occ, base)
            key = v - (0.001 * state.board.lane[m.square] if isinstance(m, Stop) else 0)  # type: ignore[union-attr]
            if key > best_v:
                best, best_v = m, key
    return best, best_v


def placement_values(state: State, occ: dict[int, int]) -> dict[tuple[int, int], tuple[float, int]]:
    """What each placement leads to at once: the best end of the path, and how many ways on.

    The position with the die laid differs only in its path, so each end is valued from
    `state` and the laid die's square and lap (end_value's sums), without building it."""
    base = path_start_u(state)
    here = path_u(state)
    b = state.board
    station, lap_length = b.station, b.lap_length
    on_path = {d[0] for d in state.path}
    views = {state.blocker: state}  # the position path_ends reads: cars, wrecks, blocker
    out: dict[tuple[int, int], tuple[float, int]] = {}
    for p in placements(state, state.face, occ):
        sq = p.square
        blocker = p.blocker if not state.path else state.blocker
        view = views.get(blocker)
        if view is None:
            view = views[blocker] = evolve(state, blocker=blocker)
        dirs = [d for d, _ in p.exits]
        ends = path_ends(view, occ, sq, dirs, from_path=True, on_path=on_path | {sq})
        if not ends.on_track:
            out[(sq, p.rotation)] = (OFF_TRACK if ends.offs else LOST, 0)
            continue
        u = station[sq] + cz.continue_lap(b, here, sq) * lap_length  # the die's progress
        vals = [_u(state, q, u) - base for q in ends.stops]
        vals += [_bump_value(state, sq, t, u, occ, base) for t, _ in ends.bumps]
        vals += [_u(state, land, u) - base for _, land, _ in ends.drafts]
        out[(sq, p.rotation)] = (max(vals), len(ends.stops))
    return out


def best_placement(state: State, moves: list[Move], occ: dict[int, int]) -> Move:
    values = placement_values(state, occ)
    best, key = moves[0], None
    for m in moves:
        k = values[(m.square, m.rotation)]  # type: ignore[union-attr]
        if key is None or k > key:
            best, key = m, k
    return best


def hopeless(state: State, occ: dict[int, int]) -> bool:
    """Whether another die cannot possibly help: every square a next die could go on has no
    free square, and no car to bump, beyond it. Rolling then can only lose the path."""
    b = state.board
    last = state.path[-1][0]
    on_path = {d[0] for d in state.path}
    for d, _ in state.exits:
        q = last + b.offsets[d]
        if b.kind[q] != 1 or q in occ or q in state.wrecks or q in on_path:
            continue
        allowed = b.allowed[q]
        for e in (0, 1, 2, 3):
            if not allowed >> e & 1 or e == (d + 2) % 4:
                continue
            n = q + b.offsets[e]
            if b.kind[n] != 1 or n in state.wrecks or n in on_path:
                continue
            if n not in occ or approach_ok(b, q, e, n):
                return False
    return True


def best_enter(state: State, moves: list[Move]) -> Move:
    b = state.board
    return min(moves, key=lambda m: (b.lane[m.square], m.square))  # type: ignore[union-attr]


def team_leads(state: State) -> bool:
    lead = state.leader()
    return lead >= 0 and state.team[lead] == state.team[state.car]


def best_wreck(state: State, moves: list[Move]) -> Move:
    """The wreck square that blocks the most opponents (and fewest team-mates) coming up behind."""
    b = state.board
    me = state.team[state.car]

    def score(m: Move) -> tuple[float, int]:
        sq = m.square  # type: ignore[union-attr]
        total = 0.0
        for i, p in enumerate(state.pos):
            if p < 0 or b.kind[p] != 1 or b.lane[p] != b.lane[sq]:
                continue
            gap = b.station[sq] - b.station[p]
            if 0 < gap <= 8:
                w = 1.0 / gap
                total += -w if state.team[i] == me else w
        return (total, -sq)

    return max(moves, key=score)


# --- policies -------------------------------------------------------------------------------


def enough(state: State, occ: dict[int, int], gain: float, k: int) -> bool:
    """Stop now: k dice laid, or the stop crosses the finish, or rolling on cannot help."""
    return (
        len(state.path) >= k or _finishes(gain + path_start_u(state), state) or hopeless(state, occ)
    )


@dataclass
class StopAfter(Policy):
    """Roll until the path has K dice, then stop; bump or draft only when nothing else ends it."""

    k: int = DEFAULT_STOP

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"stop:{self.k}"

    def choose(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        occ = occupancy(state)
        if state.stage == PLACE:
            return best_placement(state, moves, occ)
        if state.stage == PATH:
            stop, v = stop_or_end_best(state, moves, occ, (Stop,))
            if stop is not None and enough(state, occ, v, self.k):
                return stop
            if any(isinstance(m, Roll) for m in moves):
                return Roll()
            other, _ = stop_or_end_best(state, moves, occ, (Bump, Draft))
            return other or moves[0]
        if state.stage == BANK:
            return Roll()
        if state.stage == SPUN:
            return Caution(False)
        if state.stage == ENTER:
            return best_enter(state, moves)
        if state.stage == WRECK:
            return best_wreck(state, moves)
        return moves[0]


@dataclass
class Greedy(Policy):
    """Takes any bump or draft in reach; otherwise stops after K dice."""

    k: int = DEFAULT_STOP

    @property
    def name(self) -> str:  # type: ignore[override]
        return "greedy" if self.k == DEFAULT_STOP else f"greedy:{self.k}"

    def choose(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        occ = occupancy(state)
        if state.stage == PLACE:
            return best_placement(state, moves, occ)
        if state.stage in (PATH, BANK):
            bd, _ = stop_or_end_best(state, moves, occ, (Bump, Draft))
            if bd is not None:
                return bd
            if state.stage == BANK:
                return Roll()
            stop, v = stop_or_end_best(state, moves, occ, (Stop,))
            if stop is not None and enough(state, occ, v, self.k):
                return stop
            if any(isinstance(m, Roll) for m in moves):
                return Roll()
            return stop or bd or moves[0]
        if state.stage == SPUN:
            if state.caution == cz.DURING:
                return Caution(not team_leads(state))
            return Caution(True)
        if state.stage == ENTER:
            return best_enter(state, moves)
        if state.stage == WRECK:
            return best_wreck(state, moves)
        return moves[0]


@dataclass
class RandomDriver(Policy):
    name = "random"

    def choose(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        return moves[rng.randrange(len(moves))]


@dataclass
class Expectimax(Policy):
    """Exact expectimax over the next D dice of the path (chance nodes: the six faces, the X
    included at 1/6), with leaves valued by `racecraft.Judge` (squares still to drive on the
    racing line, bumps, blocking and being blocked)."""

    depth: int = DEFAULT_DEPTH

    @property
    def name(self) -> str:  # type: ignore[override]
        return "expectimax" if self.depth == DEFAULT_DEPTH else f"expectimax:{self.depth}"

    def choose(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        if state.stage in (PLACE, PATH, BANK):
            return max(self.values(state, moves).items(), key=lambda kv: kv[1])[0]
        if state.stage == SPUN:
            if state.caution == cz.DURING:
                return Caution(not team_leads(state))
            return Caution(True)
        if state.stage == ENTER:
            return best_enter(state, moves)
        if state.stage == WRECK:
            return best_wreck(state, moves)
        return moves[0]

    def values(self, state: State, moves: list[Move]) -> dict[Move, float]:
        """The exact expected value of each move at a placement, path or bank decision (the
        first best move wins ties, in the order of `moves`)."""
        judge = Judge(state)
        search = PathSearch(judge, self.depth)
        return {m: search.move_value(state, m) for m in moves}


POLICY_HELP = "stop:K, greedy[:K], expectimax[:D] or random"


def make_policy(spec: str) -> Policy:
    """A policy from its command-line spec; unknown specs are one clear error."""
    name, _, arg = spec.strip().lower().partition(":")

    def number(default: int, lo: int, hi: int) -> int:
        if not arg:
            return default
        n = whole(arg) if is_digits(arg) else None
        if n is None or not lo <= n <= hi:
            raise InvalidInput(f"policy {spec[:40]!r}: the number after ':' must be {lo} to {hi}")
        return n

    if name == "stop":
        if not arg:
            raise InvalidInput(f"policy {spec!r}: say how many dice, e.g. stop:3")
        return StopAfter(number(DEFAULT_STOP, 1, 20))
    if name == "greedy":
        return Greedy(number(DEFAULT_STOP, 1, 20))
    if name == "expectimax":
        return Expectimax(number(DEFAULT_DEPTH, 0, MAX_DEPTH))
    if name == "random" and not arg:
        return RandomDriver()
    raise InvalidInput(f"unknown policy {spec!r}: use {POLICY_HELP}")


__all__ = ["Policy", "StopAfter", "Greedy", "RandomDriver", "Expectimax", "make_policy"]
