"""The rule switches of Graph Racers and which accelerations each allows.

Published racetrack optima differ wildly with the rules, so every rule is an explicit switch
that travels with every solution and is printed on every sheet (docs/rules/graph-racers.md
states each definition exactly):

- accel 5: keep the vector or change exactly one axis by 1 (the seed's basic rule 4);
  accel 9: keep it or move to any of the 8 neighbours (the common rule, the benchmarks' rule);
  accel 8: the Swedish variant, the 8 neighbours only (the vector may not be repeated).
- collision exact: the straight move may not touch any off-track square (closed unit squares
  around the points, corners included) nor leave the grid; endpoint: only the landing point
  must be on the track (the "jump" rule).
- good brakes / turbo: N uses each of a change of 2 on one axis that slows down / speeds up;
  rocket booster: one use of a change of 3 that speeds up.
- oil (on tracks that have oil): a moving car whose unchanged move would touch oil skids and
  must repeat its vector exactly (no stop, no boost); a car standing still on an oil point
  moves off with a normal move (no boost): "Good brakes and turbo-boost don't work on oil".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from generator.core.jsontext import is_whole
from generator.errors import InvalidInput

Vector = tuple[int, int]  # (row change, column change)

ACCEL_SETS = (5, 8, 9)
COLLISIONS = ("exact", "endpoint")

ACCEL_TEXT = {
    5: "keep the vector or change one axis by 1",
    8: "change to one of the 8 neighbouring vectors (no repeat)",
    9: "keep the vector or change to any of its 8 neighbours",
}
COLLISION_TEXT = {
    "exact": "the move's straight line may not touch an off-track square",
    "endpoint": "only the landing point must be on the track",
}

# The oil rule as every sheet prints it (docs/rules/graph-racers.md, "Oil").
OIL_TEXT = (
    "Oil: when your last vector, driven again unchanged, would touch an oil square (starting "
    "on oil counts), you skid: make exactly the same move again (you cannot turn, speed up, "
    "slow down or stop). A car standing still on oil moves off with a normal move. Good "
    "brakes, turbo and rocket do not work on oil."
)

# Kinds of acceleration: a normal one, or one use of a limited boost.
NORMAL, BRAKE, TURBO, ROCKET = "", "brake", "turbo", "rocket"


@dataclass(frozen=True)
class Rules:
    """One combination of rule switches (the defaults are the seed's basic rules)."""

    accel: int = 5
    collision: str = "exact"
    brakes: int = 0  # uses of good brakes (change of 2 that slows down)
    turbo: int = 0  # uses of turbo (change of 2 that speeds up)
    # uses of the rocket booster (change of 3 that speeds up): --rocket gives 0 or 1, a
    # designed car (James Bond mode) as many as it bought
    rocket: int = 0

    def __post_init__(self) -> None:
        if not is_whole(self.accel) or self.accel not in ACCEL_SETS:
            raise InvalidInput(f"acceleration set {self.accel!r}: use 5, 8 or 9")
        if self.collision not in COLLISIONS:
            raise InvalidInput(f"collision rule {self.collision!r}: use exact or endpoint")
        for name in ("brakes", "turbo", "rocket"):
            n = getattr(self, name)
            if not is_whole(n) or n < 0 or n > 9:
                raise InvalidInput(f"{name} uses {n!r}: give a whole number from 0 to 9")

    @property
    def budget(self) -> tuple[int, int, int]:
        """Boost uses a car starts with: (brakes, turbo, rocket)."""
        return (self.brakes, self.turbo, self.rocket)

    @property
    def has_boosts(self) -> bool:
        return any(self.budget)

    def to_dict(self) -> dict[str, Any]:
        return {
            "accel": self.accel,
            "collision": self.collision,
            "brakes": self.brakes,
            "turbo": self.turbo,
            "rocket": self.rocket,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        known = {"accel", "collision", "brakes", "turbo", "rocket"}
        return cls(**{k: v for k, v in data.items() if k in known})

    def short(self) -> str:
        """A one-line label, e.g. 'accel 9, collision exact, brakes 2'."""
        parts = [f"accel {self.accel}", f"collision {self.collision}"]
        parts += [
            f"{name} {n}"
            for name, n in zip(("brakes", "turbo", "rocket"), self.budget, strict=False)
            if n
        ]
        return ", ".join(parts)

    def lines(self, oil: bool = False, collision: bool = True) -> list[str]:
        """The rules in words, one per line, for printed sheets; collision=False leaves out
        the collision rule, for a sheet that words it for what its drawing shows."""
        out = [f"Accel {self.accel}: {ACCEL_TEXT[self.accel]}."]
        if collision:
            out.append(f"Collision {self.collision}: {COLLISION_TEXT[self.collision]}.")
        if self.brakes:
            out.append(f"Good brakes x{self.brakes}: slow one axis by 2.")
        if self.turbo:
            out.append(f"Turbo x{self.turbo}: speed one axis up by 2.")
        if self.rocket:
            out.append(f"Rocket booster x{self.rocket}: speed one axis up by 3.")
        if self.has_boosts:
            other = "keeps its speed" if self.accel == 5 else "may change by 1 as usual"
            out.append(f"One boost a move, on one axis; the other axis {other}.")
        if oil:
            out.append(OIL_TEXT)
        return out


@lru_cache(maxsize=8)
def normal_changes(accel: int) -> tuple[Vector, ...]:
    """The accelerations every move may use under an acceleration set."""
    nine = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))
    if accel == 9:
        return nine
    if accel == 8:
        return tuple(a for a in nine if a != (0, 0))
    return ((0, 0), (-1, 0), (0, -1), (0, 1), (1, 0))


def boost_kind(v: int, a: int) -> str | None:
    """What a change `a` of magnitude 2 or 3 on one axis of speed `v` is, or None if none.

    Good brakes: |v + a| = |v| - 2 (slower by two, never through zero into reverse).
    Turbo: |v + a| = |v| + 2. Rocket: |v + a| = |v| + 3.
    """
    after = abs(v + a)
    if abs(a) == 2:
        if after == abs(v) - 2:
            return BRAKE
        if after == abs(v) + 2:
            return TURBO
    if abs(a) == 3 and after == abs(v) + 3:
        return ROCKET
    return None


def changes(rules: Rules, v: Vector, budget: tuple[int, int, int]) -> list[tuple[Vector, str]]:
    """Every acceleration allowed from velocity v with the boosts left, and its kind.

    A boosted move replaces the change of one axis by the boost (2 or 3); the other axis
    changes as a normal move allows for one axis alone (not at all under accel 5, by -1, 0 or
    +1 under accel 8 and 9). One boost per move.
    """
    out: list[tuple[Vector, str]] = [(a, NORMAL) for a in normal_changes(rules.accel)]
    if not any(budget):
        return out
    brakes, turbo, rocket = budget
    others = (0,) if rules.accel == 5 else (-1, 0, 1)
    seen = {a for a, _ in out}
    for axis in (0, 1):
        for mag in (2, -2, 3, -3):
            kind = boost_kind(v[axis], mag)
            if kind is None:
                continue
            if (
                (kind == BRAKE and not brakes)
                or (kind == TURBO and not turbo)
                or (kind == ROCKET and not rocket)
            ):
                continue
            for o in others:
                a = (mag, o) if axis == 0 else (o, mag)
                if a not in seen:
                    seen.add(a)
                    out.append((a, kind))
    return out


def spend(budget: tuple[int, int, int], kind: str) -> tuple[int, int, int]:
    """The boosts left after a move of this kind."""
    brakes, turbo, rocket = budget
    if kind == BRAKE:
        return (brakes - 1, turbo, rocket)
    if kind == TURBO:
        return (brakes, turbo - 1, rocket)
    if kind == ROCKET:
        return (brakes, turbo, rocket - 1)
    return budget


def skid_changes(rules: Rules, v: Vector) -> list[tuple[Vector, str]]:
    """The acceleration left to a skidding car: none, it repeats its vector. The seed: "it
    skids and MUST make the exact same move as last turn" (a speed-1 car skids on, it does not
    stop)."""
    return [((0, 0), NORMAL)]


def oil_changes(
    rules: Rules, ref: Any, r: int, c: int, v: Vector, budget: tuple[int, int, int]
) -> list[tuple[Vector, str]]:
    """Every acceleration allowed to a car at (r, c) with vector v and these boosts left, the
    oil of the referee `ref` (its `skids` and `on_oil`) included: a skidding car repeats its
    vector; a car standing still on an oil point moves off with a normal move ("Good brakes
    and turbo-boost don't work on oil"; it has no move to repeat, and repeating standing still
    would keep it there for ever); else changes()."""
    if ref.skids(r, c, v[0], v[1]):
        return skid_changes(rules, v)
    if v == (0, 0) and any(budget) and ref.on_oil(r, c):
        return [(a, NORMAL) for a in normal_changes(rules.accel)]
    return changes(rules, v, budget)


def classify(rules: Rules, v: Vector, a: Vector, budget: tuple[int, int, int]) -> str | None:
    """The kind of acceleration `a` from `v`, or None when the rules do not allow it."""
    for b, kind in changes(rules, v, budget):
        if b == a:
            return kind
    return None


def turns(v: Vector, nv: Vector) -> int:
    """1 when a moving car changes direction (its new vector is not its old one scaled up or
    down), else 0: what makes a printed racing line look jagged (answer keys pick lines with
    few turns)."""
    vr, vc = v
    nvr, nvc = nv
    return int(
        bool((vr or vc) and (nvr or nvc) and (vr * nvc != vc * nvr or vr * nvr + vc * nvc < 0))
    )
