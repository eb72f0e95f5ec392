"""Stop or roll, exactly: the best rule for a whole turn on an open straight.

`luck.py` values fixed rules ("roll n dice, then stop"); here the player may decide after
every die. The frame is luck.py's: the car drives north, a path may leave a die north
(forward), east or west (sideways), never south; the straight is endless and empty, so
nothing but the X and the dice matter. A position in the middle of a path is

- g, the squares gained so far if the car stopped through a side exit of the last die (the
  rows the path has climbed: the first die lies one square ahead, g = 1), and
- the open exits of the last die: forward and both sides (a 1, 2 or 4 entered from behind),
  forward only (a 6 from behind, a 3 from the side), one side only (a 3 from behind, a 6 from
  the side), or forward and one side (a 1, 2 or 4 from the side, where it goes on the way it
  was moving). The face grids in templates/trading_paint/faces.json give these, never a table.

Stopping gains g, plus 1 through a forward exit. Rolling averages the six faces: the X loses
the path (nothing gained), any other face is laid the best way. The start of the turn is the
car itself, a "die" that opens forward only, which may not stop (a roll comes first).

A side step keeps g, and a 6 entered from the side goes on sideways, so within one g the
positions lead to each other in cycles: value iteration reaches the values only in the limit.
They are solved exactly instead, g by g from the top: the positions of one g form a small
linear system once the next g is known, solved by policy iteration with Fractions (every
roll loses 1/6 to the X, so the backup is a 5/6-contraction and policy iteration ends at
the optimum). From g = TOP_LEVEL up stopping is always best (see `top_level`).

The result: roll until stopping would gain at least 4 squares. At exactly 4 through a
forward exit rolling is worth exactly the same (a tie); the turn is worth 256/125 squares,
against 875/432 for "stop after 4 dice" (luck.expected_squares(4)).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from generator.games.trading_paint.rules.faces import EAST, FULL_EDGE, NORTH, WEST, load_faces

FORWARD, INSIDE, OUTSIDE = NORTH, WEST, EAST  # facing forward: lane 1 (pit) left, lane 6 right
WAYS = (EAST, NORTH, WEST)  # forward or sideways, never back
SIXTH = Fraction(1, 6)
FIXED_DICE = 4  # the best fixed rule (luck.py): stop after 4 dice
Exits = frozenset[int]

# The four kinds of last die, by the exits it opens (sideways ones mirror each other).
KINDS = ("any way", "forward only", "forward or one side", "one side only")


def _back(d: int) -> int:
    return (d + 2) % 4


@cache
def die_ways(face: int, moving: int) -> tuple[Exits, ...]:
    """The exit sets a die of `face` can open for a path entering it moving `moving`, one
    per different set over the rotations that open towards the path (an empty set: a die
    laid so that it leads nowhere; the X opens none)."""
    fs = load_faces()
    side = _back(moving)
    out: list[Exits] = []
    for rot in fs.distinct_rotations(face):
        o = fs.orientation(face, rot)
        if not o.openings[side]:
            continue
        ways = frozenset(d for d, _ in o.exits(side, FULL_EDGE) if d in WAYS)
        if ways not in out:
            out.append(ways)
    return tuple(out)


def path_faces() -> tuple[int, ...]:
    """The faces that do not spin out (each 1/6; the X adds nothing)."""
    fs = load_faces()
    return tuple(f for f in fs.faces if f != fs.spin_out)


def kind_of(exits: Exits) -> str:
    if exits == frozenset(WAYS):
        return KINDS[0]
    if exits == {FORWARD}:
        return KINDS[1]
    if FORWARD in exits and len(exits) == 2:
        return KINDS[2]
    if len(exits) == 1:
        return KINDS[3]
    raise ValueError(f"no kind for exits {sorted(exits)}")


# --- exact policy iteration on one level --------------------------------------------------------
# A level's positions are unknowns; an option after a face is either one of them (a side step)
# or a known Fraction (the next g, or a value fixed already).
Option = Hashable | Fraction


def solve_level(
    states: list[Hashable],
    stop: Callable[[Hashable], Fraction | None],
    options: Callable[[Hashable], list[list[Option]]],
) -> dict[Hashable, Fraction]:
    """Exact values of the positions `states`: each is the larger of stopping (`stop`, None
    if the position may not stop) and rolling: 1/6 of the sum over the faces that do not spin
    out of the best option for that face (`options(s)[i]`, empty when the face fits nowhere:
    the path is lost, 0). Policy iteration from "stop wherever you may"."""
    index = {s: i for i, s in enumerate(states)}
    opts = {s: options(s) for s in states}
    # a policy: per state None (stop) or a tuple of chosen option numbers, one per face
    policy: dict[Hashable, tuple[int, ...] | None] = {
        s: None if stop(s) is not None else tuple(0 for _ in opts[s]) for s in states
    }
    while True:
        values = _evaluate(states, index, stop, opts, policy)

        def worth(o: Option, values: dict = values) -> Fraction:
            return o if isinstance(o, Fraction) else values[o]

        changed = False
        for s in states:
            picks, roll = [], Fraction(0)
            for k, face_opts in enumerate(opts[s]):
                if not face_opts:
                    picks.append(-1)
                    continue
                cur = policy[s][k] if policy[s] is not None else 0  # type: ignore[index]
                best = cur if cur >= 0 else 0
                for j, o in enumerate(face_opts):
                    if worth(o) > worth(face_opts[best]):
                        best = j
                picks.append(best)
                roll += SIXTH * worth(face_opts[best])
            s_stop = stop(s)
            if s_stop is not None and (s_stop >= roll if policy[s] is None else s_stop > roll):
                new = None
            else:
                new = tuple(picks)
            if new != policy[s]:
                policy[s], changed = new, True
        if not changed:
            return values


def _evaluate(states, index, stop, opts, policy) -> dict[Hashable, Fraction]:  # noqa: ANN001
    n = len(states)
    rows = [[Fraction(0)] * (n + 1) for _ in range(n)]
    for s in states:
        i = index[s]
        rows[i][i] = Fraction(1)
        if policy[s] is None:
            rows[i][n] = stop(s)
            continue
        for k, j in enumerate(policy[s]):
            if j < 0:
                continue
            o = opts[s][k][j]
            if isinstance(o, Fraction):
                rows[i][n] += SIXTH * o
            else:
                rows[i][index[o]] -= SIXTH
    return dict(zip(states, solve_exact(rows), strict=True))


def solve_exact(rows: list[list[Fraction]]) -> list[Fraction]:
    """Gauss-Jordan elimination on an augmented matrix of Fractions (square, regular)."""
    n = len(rows)
    a = [r[:] for r in rows]
    for c in range(n):
        p = next(r for r in range(c, n) if a[r][c] != 0)
        a[c], a[p] = a[p], a[c]
        piv = a[c][c]
        a[c] = [v / piv for v in a[c]]
        for r in range(n):
            if r != c and a[r][c] != 0:
                f = a[r][c]
                a[r] = [v - f * w for v, w in zip(a[r], a[c], strict=True)]
    return [a[r][n] for r in range(n)]


# --- the open straight ----------------------------------------------------------------------------
def top_level() -> int:
    """The g from which stopping is always best on the open straight (and on six lanes once
    the car ahead is passed).

    After one more die the path has climbed at most g + 1 rows, so whatever follows ends
    with at most g + 2 squares, and every later die adds at most one square and survives
    with chance 5/6. Score a finished path by that bound: with m squares "in hand", rolling
    is worth at most 5/6 (m + 1), less than m once m >= 5, and m only grows, so from m = 5
    on the bound is stopping (m itself: max(m, 5) is excessive for this bound problem). So
    from g >= 3 a roll is worth at most 5/6 (g + 2), while stopping gains at least g: from
    the smallest g with g >= 5/6 (g + 2), rolling never beats stopping.
    """
    g = 3
    while Fraction(g) < Fraction(5, 6) * (g + 2):
        g += 1
    return g


TOP_LEVEL = top_level()  # 10


def open_states(gained: int) -> list[tuple[int, Exits]]:
    """The positions with `gained` squares: the car itself at g = 0, else every kind of die."""
    if gained == 0:
        return [(0, frozenset({FORWARD}))]
    sets = [
        frozenset(WAYS),
        frozenset({FORWARD}),
        frozenset({FORWARD, OUTSIDE}),
        frozenset({FORWARD, INSIDE}),
        frozenset({OUTSIDE}),
        frozenset({INSIDE}),
    ]
    return [(gained, e) for e in sets]


def open_stop(state: tuple[int, Exits]) -> Fraction | None:
    g, exits = state
    if g == 0:
        return None  # the car: a die must be rolled first
    return Fraction(g + (FORWARD in exits))


def open_options(
    state: tuple[int, Exits], worth: Callable[[tuple[int, Exits]], Option]
) -> list[list[Option]]:
    """Per face that does not spin out, what laying it each possible way leads to (a position
    of the same g, or the value `worth` gives for the next g)."""
    g, exits = state
    out = []
    for face in path_faces():
        opts: list[Option] = []
        for d in sorted(exits):
            nxt_g = g + (d == FORWARD)
            for ways in die_ways(face, d):
                if not ways:
                    opts.append(Fraction(0))  # leads nowhere: the path is lost
                    continue
                nxt = (nxt_g, ways)
                opts.append(nxt if nxt_g == g else worth(nxt))
        out.append(opts)
    return out


@dataclass(frozen=True)
class StateValue:
    """One position of a path on the open straight, with both choices' exact values."""

    gained: int  # g: squares gained stopping through a side exit
    kind: str  # which exits the last die opens (KINDS)
    stop: Fraction
    roll: Fraction

    @property
    def value(self) -> Fraction:
        return max(self.stop, self.roll)

    @property
    def choice(self) -> str:
        if self.roll == self.stop:
            return "either"
        return "roll" if self.roll > self.stop else "stop"

    def to_dict(self) -> dict[str, object]:
        return {
            "gained": self.gained,
            "kind": self.kind,
            "stop": str(self.stop),
            "roll": str(self.roll),
            "roll_decimal": round(float(self.roll), 6),
            "choice": self.choice,
        }


@dataclass(frozen=True)
class OpenStraight:
    """The open-straight solution: the turn's value, the rule and every position's values."""

    turn: Fraction  # the best adaptive rule, squares a turn: 256/125
    fixed: Fraction  # stop after FIXED_DICE dice: 875/432
    threshold: int  # roll while stopping would gain less than this
    ties: tuple[StateValue, ...]  # positions where stopping and rolling are worth the same
    states: tuple[StateValue, ...]  # g = 1 .. TOP_LEVEL, one per kind of die

    def to_dict(self) -> dict[str, object]:
        return {
            "turn": str(self.turn),
            "turn_decimal": round(float(self.turn), 6),
            "stop_after_4": str(self.fixed),
            "stop_after_4_decimal": round(float(self.fixed), 6),
            "rule": f"roll until stopping would gain at least {self.threshold} squares",
            "threshold": self.threshold,
            "ties": [s.to_dict() for s in self.ties],
            "states": [s.to_dict() for s in self.states],
        }

    def value(self, gained: int, kind: str) -> StateValue:
        return next(s for s in self.states if s.gained == gained and s.kind == kind)


@cache
def open_values() -> dict[tuple[int, Exits], Fraction]:
    """Exact value of every open-straight position with g <= TOP_LEVEL (above: stop)."""
    values: dict[tuple[int, Exits], Fraction] = {}

    def known(s: tuple[int, Exits]) -> Fraction:
        if s[0] >= TOP_LEVEL:
            return open_stop(s)  # type: ignore[return-value]
        return values[s]

    for g in range(TOP_LEVEL - 1, -1, -1):
        states = open_states(g)
        values.update(solve_level(states, open_stop, lambda s: open_options(s, known)))  # type: ignore[arg-type]
    for s in open_states(TOP_LEVEL):
        values[s] = open_stop(s)  # type: ignore[assignment]
    return values


def open_roll(state: tuple[int, Exits]) -> Fraction:
    """What rolling is worth at an open-straight position (the best play afterwards)."""
    values = open_values()

    def worth(s: tuple[int, Exits]) -> Fraction:
        return values[s] if s[0] <= TOP_LEVEL else open_stop(s)  # type: ignore[return-value]

    total = Fraction(0)
    for opts in open_options(state, worth):
        if opts:
            total += SIXTH * max(values[o] if not isinstance(o, Fraction) else o for o in opts)
    return total


@cache
def open_straight() -> OpenStraight:
    from generator.games.trading_paint.strategy.luck import expected_squares

    values = open_values()
    turn = values[(0, frozenset({FORWARD}))]
    rows = []
    for g in range(1, TOP_LEVEL + 1):
        for s in open_states(g):
            if INSIDE in s[1] and OUTSIDE not in s[1]:
                continue  # the mirror image of the outside one
            rows.append(StateValue(g, kind_of(s[1]), open_stop(s), open_roll(s)))  # type: ignore[arg-type]
    threshold = min(r.stop for r in rows if r.choice != "roll")
    ties = tuple(r for r in rows if r.choice == "either")
    return OpenStraight(turn, expected_squares(FIXED_DICE), int(threshold), ties, tuple(rows))


def roll_by_gain() -> dict[int, Fraction]:
    """What rolling on is worth on the open straight, by what stopping would gain now
    (the same for every kind of last die: checked, not assumed)."""
    out: dict[int, Fraction] = {}
    for s in open_straight().states:
        if s.stop in out and out[s.stop] != s.roll:
            raise AssertionError(f"rolling at a gain of {s.stop} depends on the last die")
        out.setdefault(int(s.stop), s.roll)
    return dict(sorted(out.items()))
