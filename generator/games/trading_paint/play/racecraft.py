"""Racecraft for the expectimax driver: what a position is worth, and the exact search.

Why the first expectimax was no stronger than greedy: it valued a path's end by progress
round the lap only, so (1) it never moved to the inside lane before a turn (a side step gains
no progress but saves squares, see `racing_line`), (2) it ignored the cars round it: stopping
on the square in front of an opponent costs that car its whole next turn (its first die has
nowhere to go), stopping behind a car costs our own next turn if that car is still there,
and stopping two squares in front of an opponent offers it a bump. With progress alone its
look-ahead only re-derived greedy's stop-after-4 rule.

`Judge` values the end of a path for the car to play, in squares on the racing line:
  squares gained by the car
+ squares the other cars are put back by a bump (opponents count for us, team-mates against)
+ TURN for each opponent our car newly blocks (minus TURN for a team-mate)
- TURN x P_STAY when our car ends with every square in front of it taken (TURN for wrecks)
- THREAT when an opponent stands two squares behind us with the square between free
+ CHANCE when an opponent stands two squares in front with the square between free
A bump or draft ends in a bank; its value adds what the rest of the turn is worth (roll on,
about BANK_VALUE squares, or stay put and keep the bumped car blocked, whichever is more).

`PathSearch` is exact in its chance handling: a roll is the average over the six faces at
1/6 each; the X (and a die that fits nowhere or blocks every way) leaves the car where its
path started, valued by the same judge; the placement of each face is the best one.
"""

from __future__ import annotations

from generator.games.trading_paint.play.racing_line import to_go
from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.board import TRACK
from generator.games.trading_paint.rules.moves import (
    bump_result,
    draft_rear,
    draft_route,
    occupancy,
    path_ends,
    placements,
)
from generator.games.trading_paint.rules.state import (
    BANK,
    PATH,
    PLACE,
    ROLL,
    Bump,
    Draft,
    EndTurn,
    Move,
    Place,
    Roll,
    State,
    Stop,
    evolve,
)
from generator.games.trading_paint.rules.turn import X

TURN = 2.0  # what a turn is worth in squares (the luck table's best rule gains 2.03)
P_STAY = 0.5  # chance a car in front is still there at our next turn (it spins out or stops short)
THREAT = 0.7  # an opponent two squares behind may bump us (5/6 x 4/5 a die lets it)
CHANCE = 0.3  # an opponent two squares ahead may still be there to bump next turn
BANK_VALUE = 2.0  # rolling a fresh path after a bump or draft
OFF_PENALTY = 2.0  # a car in the pit or on the wall spends a die getting back on the track


class Judge:
    """Values ends of paths for the car to play in `state` (see the module docstring)."""

    def __init__(self, state: State) -> None:
        b = self.board = state.board
        self.state = state
        self.me = me = state.car
        self.team = state.team
        self.wrecks = state.wrecks
        self.occ = occupancy(state)
        self.others = {q: c for q, c in self.occ.items() if c != me}
        p = state.pos[me]
        self.start_u = cz.progress(b, p, state.entry[me], state.lap[me])
        self.start_go = to_go(b, state.entry[me] if state.entry[me] >= 0 else p, self.start_u)
        on = p >= 0 and b.kind[p] == TRACK
        self.stay = self.positional(p, self.occ) if on else 0.0

    # --- pieces ---------------------------------------------------------------------------
    def _free(self, q: int, occ: dict[int, int]) -> bool:
        return self.board.kind[q] == TRACK and q not in occ and q not in self.wrecks

    def blocked(self, p: int, occ: dict[int, int]) -> bool:
        """Whether a car on track square p has no square for its first die."""
        b = self.board
        fwd = b.forward[p]
        for d in (0, 1, 2, 3):
            if fwd >> d & 1 and self._free(p + b.offsets[d], occ):
                return False
        return True

    def positional(self, s: int, occ: dict[int, int]) -> float:
        """Blocking, being blocked and bump threats for our car ending on s (occ: after)."""
        b = self.board
        off = b.offsets
        mine = self.team[self.me]
        v = 0.0
        fwd = b.forward[s]
        ahead = [s + off[d] for d in (0, 1, 2, 3) if fwd >> d & 1]
        ahead = [q for q in ahead if b.kind[q] == TRACK]
        if ahead and all(q in occ or q in self.wrecks for q in ahead):
            v -= TURN * (1.0 if all(q in self.wrecks for q in ahead) else P_STAY)
        without = None
        for d in (0, 1, 2, 3):
            p = s - off[d]
            c = occ.get(p, -1)
            if c < 0 or c == self.me or b.kind[p] != TRACK or not b.forward[p] >> d & 1:
                continue
            if self.blocked(p, occ):
                if without is None:
                    without = {q: k for q, k in occ.items() if k != self.me}
                if not self.blocked(p, without):  # our car is what blocks it
                    v += TURN if self.team[c] != mine else -TURN
        for ld in (0, 1, 2, 3):
            if b.lane_dirs[s] >> ld & 1:
                break
        b1, a1 = s - off[ld], s + off[ld]
        if self._free(b1, occ):
            c = occ.get(b1 - off[ld], -1)
            if c >= 0 and self.team[c] != mine and b.kind[b1 - off[ld]] == TRACK:
                v -= THREAT
        if self._free(a1, occ):
            c = occ.get(a1 + off[ld], -1)
            if c >= 0 and self.team[c] != mine and b.kind[a1 + off[ld]] == TRACK:
                v += CHANCE
        return v

    def _gain(self, square: int, u: float) -> float:
        return self.start_go - to_go(self.board, square, u)

    def _bank(self, square: int, u: float, occ: dict[int, int]) -> float:
        if u >= self.board.lap_length:
            return 0.0  # finished: the car leaves the board, the turn ends
        here = self.positional(square, occ)
        return max(BANK_VALUE + here / 6.0, here)

    # --- ends of paths --------------------------------------------------------------------
    def stop(self, u_here: float, q: int) -> float:
        b = self.board
        u = b.station[q] + cz.continue_lap(b, u_here, q) * b.lap_length
        if u >= b.lap_length:
            return self._gain(q, u)
        occ = dict(self.others)
        occ[q] = self.me
        return self._gain(q, u) + self.positional(q, occ)

    def off(self, u_here: float, last: int) -> float:
        return self._gain(last, u_here) - OFF_PENALTY

    def bump(self, s: int, u_here: float, t: int) -> float:
        """Our car (at s, or the last die of its path on s) bumps the line starting on t."""
        b = self.board
        st = self.state
        d = b.direction(s, t)
        res = bump_result(b, self.occ, s, d, t)
        u = u_here
        for q in res.squares[1:]:
            u = b.station[q] + cz.continue_lap(b, u, q) * b.lap_length
        v = self._gain(res.bumper_to, u)
        occ = dict(self.others)
        mine = self.team[self.me]
        for car, cell, entry in res.moves:
            old_sq = st.entry[car] if st.entry[car] >= 0 else st.pos[car]
            old_u = cz.progress(b, st.pos[car], st.entry[car], st.lap[car])
            new_sq = entry if entry >= 0 else cell
            new_u = b.station[new_sq] + cz.continue_lap(b, old_u, new_sq) * b.lap_length
            lost = to_go(b, new_sq, new_u) - to_go(b, old_sq, old_u)
            lost += OFF_PENALTY if entry >= 0 else 0.0
            v += lost if self.team[car] != mine else -lost
            del occ[st.pos[car]]
        for car, cell, _ in res.moves:
            occ[cell] = car
        occ[res.bumper_to] = self.me
        return v + self._bank(res.bumper_to, u, occ)

    def draft(self, rear: int, u_here: float, mate: int, landing: int) -> float:
        """Our car drafts the team-mate on `mate` through the free square `rear` behind it."""
        b = self.board
        u = u_here
        for q in [rear, *draft_route(b, self.occ, self.wrecks, mate, landing)]:
            u = b.station[q] + cz.continue_lap(b, u, q) * b.lap_length
        occ = dict(self.others)
        occ[landing] = self.me
        return self._gain(landing, u) + self._bank(landing, u, occ)


def _path_u(state: State) -> float:
    b = state.board
    if not state.path:
        i = state.car
        return cz.progress(b, state.pos[i], state.entry[i], state.lap[i])
    return b.station[state.path[-1][0]] + state.path_lap * b.lap_length


class PathSearch:
    """Exact expectimax over the next `depth` dice of the path, leaves valued by `judge`."""

    def __init__(self, judge: Judge, depth: int) -> None:
        self.judge = judge
        self.depth = depth
        self.memo: dict[tuple, float] = {}

    def move_value(self, state: State, move: Move) -> float:
        j = self.judge
        if state.stage == PLACE and isinstance(move, Place):
            trial = self._placed(state, move.square, move.rotation)
            return self.path_value(trial, self.depth)
        s = state.path[-1][0] if state.stage == PATH else state.pos[state.car]
        u = _path_u(state)
        if isinstance(move, Stop):
            return j.stop(u, move.square)
        if isinstance(move, Bump):
            return j.bump(s, u, move.square)
        if isinstance(move, Draft):
            rear = draft_rear(state, j.occ, move.square, move.landing)
            return j.draft(rear, u, move.square, move.landing)
        if isinstance(move, EndTurn):
            return j.stay
        if isinstance(move, Roll):
            if state.stage == BANK:
                state = evolve(state, stage=ROLL, path=(), exits=(), blocker=-1)
            return self.roll_value(state, self.depth)
        return j.stay  # pragma: no cover - no other move at these stages

    def _placed(self, state: State, square: int, rotation: int) -> State:
        for p in placements(state, state.face, self.judge.occ):
            if p.square == square and p.rotation == rotation:
                return self._trial(state, state.face, p)
        raise AssertionError("placement not found")  # pragma: no cover

    def _trial(self, state: State, face: int, p) -> State:  # noqa: ANN001 - moves.Placement
        return evolve(
            state,
            stage=PATH,
            face=0,
            path=state.path + ((p.square, face, p.rotation),),
            exits=p.exits,
            path_lap=cz.continue_lap(state.board, _path_u(state), p.square),
            blocker=p.blocker if not state.path else state.blocker,
        )

    def path_value(self, state: State, depth: int) -> float:
        """Best of ending the path now (stop, bump, draft) and rolling on, `depth` dice left."""
        key = (state.path, state.exits, depth)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        j = self.judge
        last = state.path[-1][0]
        u = _path_u(state)
        ends = path_ends(state, j.occ, last, [d for d, _ in state.exits], from_path=True)
        if not ends.on_track:
            v = j.off(u, last) if ends.offs else j.stay
        else:
            v = float("-inf")
            for q in ends.stops:
                v = max(v, j.stop(u, q))
            for t, _ in ends.bumps:
                v = max(v, j.bump(last, u, t))
            for t, land, rear in ends.drafts:
                v = max(v, j.draft(rear, u, t, land))
            if depth > 0 and ends.stops:
                v = max(v, self.roll_value(state, depth))
        self.memo[key] = v
        return v

    def roll_value(self, state: State, depth: int) -> float:
        """Exact average over the six faces: the X (and a die that fits nowhere) leaves the car
        where the path started; any other face is placed the best way."""
        total = 0.0
        for face in range(1, 7):
            if face == X:
                total += self.judge.stay
                continue
            rolled = evolve(state, stage=PLACE, face=face)
            best = None
            for p in placements(rolled, face, self.judge.occ):
                v = self.path_value(self._trial(rolled, face, p), depth - 1)
                if best is None or v > best:
                    best = v
            total += self.judge.stay if best is None else best
        return total / 6.0
