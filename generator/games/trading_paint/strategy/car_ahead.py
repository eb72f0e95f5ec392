"""A car k squares ahead: stop or roll on one straight of six lanes, exactly.

The lattice: one straight of the board, six lanes (lane 1 beside the pit, lane 6 beside the
wall), long enough that its end never matters, in the frame of open_straight.py (the car drives
north; lane 1 is on its left). Our car stands in lane L at row 0; in the same lane, k squares
straight ahead (row k), stands one other car: an opponent to bump or a team-mate to draft.
Nothing else is near. The rules are the engine's (rules/turn.py, rules/moves.py):

- a die may not go on the car ahead; a path leaves a die forward or sideways, never back;
- an exit of the last die onto the car ahead from behind (forward, from row k - 1 in lane L)
  bumps it: the car ends on its square, k squares gained (a bump is a choice, D9, D10); a side
  exit onto it is no way on (D9: no side bumps on a straight);
- a free square beyond an exit of the last die that is directly behind a team-mate (row
  k - 1 in lane L, reached straight on or by a side step) drafts it: the car jumps to the
  free square in front, k + 1 squares (D11). A die laid on that square itself can only bump
  the team-mate (k), no longer draft it;
- after a bump or draft the dice are collected; the car may end the turn or roll a fresh
  path from its new square in lane L (the car ahead is then behind it and never matters
  again), worth `after`: the open value of lane L on the same six lanes;
- an exit off the band (into the pit beside lane 1, onto the wall beside lane 6) is no way
  on. A die whose every way leads off the band forces the car off there (D7): the turn ends,
  and the car counts the progress of the last die (its re-entry square, as
  stopping.progress counts a car off the track);
- a die that fits nowhere, or leads nowhere at all, loses the path: nothing gained (D6); an
  X loses the path too (D13).

Rolling is allowed when some exit leads to a free square (the engine's rule: no roll when
the only ways on are a bump or a draft). Everything is exact (Fractions). Within a row a path
moves sideways one way only (a die entered from the side never opens back), so positions
(lane, row, exits) form no cycles; from row max(TOP_LEVEL, k + 1) on, stopping is best
(open_straight.top_level), which closes the recursion.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from generator.games.trading_paint.strategy.open_straight import (
    FIXED_DICE,
    FORWARD,
    INSIDE,
    OUTSIDE,
    SIXTH,
    TOP_LEVEL,
    WAYS,
    Exits,
    die_ways,
    path_faces,
)

LANES = 6
BUMP, DRAFT = "bump", "draft"
START: Exits = frozenset({FORWARD})  # the car itself opens forward only

Spot = tuple[int, int, Exits, int]  # lane, row, open exits of the last die, dice laid


@dataclass(frozen=True)
class CarAhead:
    """The one car near: `kind` BUMP (an opponent) or DRAFT (a team-mate), `distance` squares
    straight ahead in our lane."""

    kind: str
    distance: int

    def __post_init__(self) -> None:
        if self.kind not in (BUMP, DRAFT) or self.distance < 1:
            raise ValueError(f"car ahead {self.kind} at {self.distance}")


@dataclass(frozen=True)
class Ends:
    """What the exits of the last die lead to."""

    stops: tuple[int, ...]  # squares gained stopping on each free square
    banks: tuple[tuple[str, int], ...]  # (BUMP or DRAFT, squares gained)
    off: bool  # an exit leads off the band


Rule = Callable[["Straight", int, int, Exits, int, int], bool]


class Straight:
    """Values on one six-lane straight. With no `rule` the best adaptive play; a `rule` is a
    fixed way to play: a bump or draft is taken as soon as one is in reach (the better one),
    and otherwise rule(straight, lane, row, exits, dice, gain) says whether to roll on (True)
    or stop (`gain`: the most stopping would gain now). Every die is still laid the best way
    for the rule (expectimax), as luck.py does for "stop after n dice"."""

    def __init__(
        self,
        lane: int,
        ahead: CarAhead | None = None,
        after: Fraction = Fraction(0),
        rule: Rule | None = None,
        lanes: int = LANES,
    ) -> None:
        if not 1 <= lane <= lanes:
            raise ValueError(f"lane {lane} of {lanes}")
        self.lane, self.ahead, self.after, self.lanes = lane, ahead, after, lanes
        self.rule = rule
        self.top = max(TOP_LEVEL, ahead.distance + 1 if ahead else 0)
        self.memo: dict[Spot, Fraction] = {}
        self._to_go: dict[tuple[int, int, Exits], int | None] = {}

    # --- geometry --------------------------------------------------------------------------
    def target(self) -> tuple[int, int] | None:
        return (self.lane, self.ahead.distance) if self.ahead else None

    def step(self, lane: int, row: int, d: int) -> tuple[int, int]:
        if d == FORWARD:
            return lane, row + 1
        return (lane - 1 if d == INSIDE else lane + 1), row

    def on_band(self, lane: int) -> bool:
        return 1 <= lane <= self.lanes

    def ends(self, lane: int, row: int, exits: Exits) -> Ends:
        stops, banks, off = [], [], False
        t = self.target()
        for d in sorted(exits):
            nl, nr = self.step(lane, row, d)
            if not self.on_band(nl):
                off = True
                continue
            if (nl, nr) == t:
                if d == FORWARD:
                    banks.append((BUMP, nr))  # from behind: bump (team-mates too)
                continue  # a side step into a car leads nowhere
            stops.append(nr)
            if self.ahead and self.ahead.kind == DRAFT and (nl, nr + 1) == t:
                banks.append((DRAFT, nr + 2))  # lands in front of it
        return Ends(tuple(stops), tuple(banks), off)

    # --- values -----------------------------------------------------------------------------
    def turn(self) -> Fraction:
        """Expected squares gained over the whole turn, from the roll."""
        return self.roll(self.lane, 0, START, 0)

    def path(self, lane: int, row: int, exits: Exits, dice: int) -> Fraction:
        """A path whose last die (the `dice`-th) lies in `lane`, `row` and opens `exits`."""
        key = (lane, row, exits, dice if self.rule else 0)
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo[key] = max(v for _, v in self.choices(lane, row, exits, dice))
        return hit

    def choices(self, lane: int, row: int, exits: Exits, dice: int) -> list[tuple[str, Fraction]]:
        """The choices open at a path position and their values (under the rule, if any)."""
        e = self.ends(lane, row, exits)
        banks = [(kind, gain + self.after) for kind, gain in e.banks]
        stop = [("stop", Fraction(max(e.stops)))] if e.stops else []
        if self.rule is not None:
            if banks:
                return [max(banks, key=lambda t: t[1])]
            if e.stops and self.rule(self, lane, row, exits, dice, max(e.stops)):
                return [("roll", self.roll(lane, row, exits, dice))]
            return stop
        out = banks + stop
        if e.stops and row < self.top:
            out.append(("roll", self.roll(lane, row, exits, dice)))
        return out

    def dice_to_go(self, lane: int, row: int, exits: Exits) -> int | None:
        """The fewest dice still to lay before the bump or draft is in reach (0: it is now),
        following the exits of the last die and what the faces can open; None if no path
        can reach it any more."""
        key = (lane, row, exits)
        if key not in self._to_go:
            self._to_go[key] = self._count_to_go(lane, row, exits)
        return self._to_go[key]

    def _count_to_go(self, lane: int, row: int, exits: Exits) -> int | None:
        if self.ahead is None or row >= self.ahead.distance:
            return None
        if self.ends(lane, row, exits).banks:
            return 0
        t = self.target()
        best: int | None = None
        for d in sorted(exits):
            nl, nr = self.step(lane, row, d)
            if not self.on_band(nl) or (nl, nr) == t:
                continue
            for face in path_faces():
                for ways in die_ways(face, d):
                    n = self.dice_to_go(nl, nr, ways)
                    if n is not None and (best is None or n + 1 < best):
                        best = n + 1
        return best

    def roll(self, lane: int, row: int, exits: Exits, dice: int) -> Fraction:
        """Roll a die at a path position (or from the car, row 0): each face laid the best way."""
        t = self.target()
        total = Fraction(0)
        for face in path_faces():
            best: Fraction | None = None
            for d in sorted(exits):
                nl, nr = self.step(lane, row, d)
                if not self.on_band(nl) or (nl, nr) == t:
                    continue
                for ways in die_ways(face, d):
                    v = self.placed(nl, nr, ways, dice + 1)
                    if best is None or v > best:
                        best = v
            total += SIXTH * (best if best is not None else Fraction(0))
        return total

    def placed(self, lane: int, row: int, exits: Exits, dice: int) -> Fraction:
        """A die just laid: a path position, or forced off the band, or the path lost."""
        e = self.ends(lane, row, exits)
        if e.stops or e.banks:
            return self.path(lane, row, exits, dice)
        if e.off:
            return Fraction(row)  # forced off (D7): the last die's square counts
        return Fraction(0)  # leads nowhere: the path is lost


# --- rules and the table ---------------------------------------------------------------------
OPEN_STOP = 4  # the open-straight rule: stop once stopping would gain this much (a tie at 4)


def stop_after(n: int) -> Rule:
    """The baseline: take a bump or draft in reach, else stop once n dice are laid."""

    def rule(st: Straight, lane: int, row: int, exits: Exits, dice: int, gain: int) -> bool:
        return dice < n

    return rule


def reach_rule(limits: dict[int, int]) -> Rule:
    """The card's rule with a car ahead: take a bump or draft in reach; roll while stopping
    would gain less than 4; at exactly 4 roll if the bump or draft can still be reached, else
    stop; at a gain g of 5 or more roll only if it is at most limits[g] dice away. With no
    car near this is the open-straight rule (stop at 4)."""

    def rule(st: Straight, lane: int, row: int, exits: Exits, dice: int, gain: int) -> bool:
        if gain < OPEN_STOP:
            return True
        n = st.dice_to_go(lane, row, exits)
        if n is None:
            return False
        return gain == OPEN_STOP or n <= limits.get(gain, -1)

    return rule


def open_value(lane: int, rule: Rule | None = None) -> Fraction:
    """A turn on six empty lanes from `lane` (the best play, or a rule)."""
    return _best_open(lane) if rule is None else Straight(lane, rule=rule).turn()


@cache
def _best_open(lane: int) -> Fraction:
    return Straight(lane).turn()


def straight_ahead(lane: int, ahead: CarAhead, rule: Rule | None = None) -> Straight:
    """The straight with `ahead` in our lane; the fresh path after a bump or draft (from lane
    `lane`, nothing near) is played the same way (the best play, or the same rule)."""
    return Straight(lane, ahead, open_value(lane, rule), rule)


def ahead_value(lane: int, ahead: CarAhead, rule: Rule | None = None) -> Fraction:
    """A turn from the roll with `ahead` in our lane."""
    return straight_ahead(lane, ahead, rule).turn()


_SETS = (
    frozenset(WAYS),
    frozenset({FORWARD}),
    frozenset({FORWARD, INSIDE}),
    frozenset({FORWARD, OUTSIDE}),
    frozenset({INSIDE}),
    frozenset({OUTSIDE}),
)


@dataclass(frozen=True)
class Decision:
    """The best choice at one path position where no bump or draft is in reach."""

    lane: int
    row: int
    exits: Exits
    gain: int  # the most stopping would gain
    to_go: int | None  # dice still to lay before a bump or draft is in reach (None: never)
    choice: str  # roll, stop or either (a tie)


def decisions(st: Straight) -> list[Decision]:
    """The best choice (no rule) at every path position below the top row, in every lane,
    with every kind of last die, where stopping or rolling is open and no bump or draft is."""
    if st.rule is not None:
        raise ValueError("decisions are those of the best play (no rule)")
    out = []
    for row in range(1, st.top):
        for lane in range(1, st.lanes + 1):
            for exits in _SETS:
                e = st.ends(lane, row, exits)
                if not e.stops or e.banks:
                    continue
                got = dict(st.choices(lane, row, exits, 0))
                stop, roll = got["stop"], got["roll"]
                choice = "roll" if roll > stop else "stop" if stop > roll else "either"
                n = st.dice_to_go(lane, row, exits)
                out.append(Decision(lane, row, exits, max(e.stops), n, choice))
    return out


def rule_says(d: Decision, limits: dict[int, int]) -> str:
    """What the card's rule (reach_rule) does at a position."""
    if d.gain < OPEN_STOP:
        return "roll"
    if d.to_go is None:
        return "stop"
    return "roll" if d.gain == OPEN_STOP or d.to_go <= limits.get(d.gain, -1) else "stop"


def reach_limits(found: list[Decision]) -> dict[int, int]:
    """For each gain of 5 or more, the most dice to go at which the card's rule rolls on:
    one less than the fewest dice to go at which stopping is strictly best (so the limits
    read naturally, never rising with the gain), else the most at which rolling is strictly
    best; no entry where no position has the choice. Any number from the most dice to go
    where rolling is best up to that makes the same choices."""
    limits: dict[int, int] = {}
    for gain in sorted({d.gain for d in found if d.gain > OPEN_STOP}):
        here = [d for d in found if d.gain == gain and d.to_go is not None]
        stops = [d.to_go for d in here if d.choice == "stop"]
        rolls = [d.to_go for d in here if d.choice == "roll"]
        if stops:
            limits[gain] = min(stops) - 1  # type: ignore[operator]
        elif rolls:
            limits[gain] = max(rolls)  # type: ignore[type-var]
    return {g: n for g, n in limits.items() if n > 0}


@dataclass(frozen=True)
class AheadValues:
    """A car `distance` squares ahead (`kind` bump or draft): exact values of a turn under
    the best play, under the card's rule and under the baseline, and the rule's limits."""

    kind: str
    distance: int
    best: Fraction
    rule: Fraction  # the card's rule (reach_rule with `limits`)
    fixed: Fraction  # take a bump or draft in reach, else stop after 4 dice
    limits: dict[int, int]  # gain -> most dice away at which to roll on
    exceptions: tuple[Decision, ...]  # positions where the card's rule is not a best choice

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "distance": self.distance,
            "best": str(self.best),
            "best_decimal": round(float(self.best), 6),
            "rule": str(self.rule),
            "rule_decimal": round(float(self.rule), 6),
            "stop_after_4": str(self.fixed),
            "stop_after_4_decimal": round(float(self.fixed), 6),
            "roll_on_if_at_most_dice_away": {str(g): n for g, n in sorted(self.limits.items())},
            "exceptions": [
                {"lane": d.lane, "row": d.row, "gain": d.gain, "best": d.choice}
                for d in self.exceptions
            ],
        }


def ahead_values(lane: int, ahead: CarAhead) -> AheadValues:
    st = straight_ahead(lane, ahead)
    best = st.turn()
    found = decisions(st)
    limits = reach_limits(found)
    wrong = tuple(d for d in found if d.choice not in (rule_says(d, limits), "either"))
    return AheadValues(
        ahead.kind,
        ahead.distance,
        best,
        ahead_value(lane, ahead, reach_rule(limits)),
        ahead_value(lane, ahead, stop_after(FIXED_DICE)),
        limits,
        wrong,
    )
