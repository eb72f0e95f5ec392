"""Design your own car: the seed's $100, and James Bond mode's goodies bought with it.

The seed: "Each player gets $100 to kit out his or her car at the start of the game. Good brakes
cost $10 and Turbo Boosts cost $10, Damage points cost $5 each. You can buy as many 'Good
Brakes' uses, 'Turbo Boosts' and Damage points as you can afford. If you don't buy any damage
points then you car blows up the first time it hits ANYTHING!" state.py plays the designs;
docs/rules/graph-racers.md ("Design your own car", "James Bond mode") gives each decision.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from generator.core.numbers import is_digits, shown, whole
from generator.errors import InvalidInput
from generator.games.graph_racers.race.goodies import PRICES as GOODIE_PRICES
from generator.games.graph_racers.race.goodies import WORDS, check_goodies, parse_goodies

# Design your own car: "Each player gets $100 to kit out his or her car ... Good brakes cost
# $10 and Turbo Boosts cost $10, Damage points cost $5 each."
BUDGET = 100
PRICES = {"brakes": 10, "turbo": 10, "damage": 5}


@dataclass(frozen=True)
class Design:
    """A car designed with the seed's $100: uses of good brakes, uses of turbo and damage
    points (the damage the car can take; with none, the first hit destroys it), and in James
    Bond mode the goodies (goodies.PRICES: missile, oil sprayer, rocket booster, submarine,
    sets of rear guns)."""

    brakes: int
    turbo: int
    damage: int
    missile: int = 0
    sprayer: int = 0
    rocket: int = 0
    sub: int = 0
    guns: int = 0

    def __post_init__(self) -> None:
        for name in ("brakes", "turbo", "damage", *GOODIE_PRICES):
            n = getattr(self, name)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidInput(f"car design: {name} {n!r} is not a whole number of 0 or more")
        check_goodies(self.goodies, self.spec)
        if self.cost > BUDGET:
            bond = "".join(f", {WORDS[k]} ${v}" for k, v in GOODIE_PRICES.items() if self.goodies)
            raise InvalidInput(
                f"car design {self.spec}: costs ${self.cost} (brakes ${PRICES['brakes']}, turbo "
                f"${PRICES['turbo']}, damage points ${PRICES['damage']} each{bond}); a car has "
                f"${BUDGET}"
            )

    @property
    def goodies(self) -> dict[str, int]:
        """James Bond mode: the goodies bought (name -> how many), none when not."""
        return {k: getattr(self, k) for k in GOODIE_PRICES if getattr(self, k)}

    @property
    def cost(self) -> int:
        return sum(PRICES[k] * getattr(self, k) for k in PRICES) + sum(
            GOODIE_PRICES[k] * n for k, n in self.goodies.items()
        )

    @property
    def spec(self) -> str:
        """The command line's form: brakes/turbo/damage points, e.g. 2/2/12, then the goodies
        (0/0/4+missile+sub+guns*2)."""
        bond = "".join(f"+{k}" + (f"*{n}" if n > 1 else "") for k, n in self.goodies.items())
        return f"{self.brakes}/{self.turbo}/{self.damage}{bond}"

    def words(self) -> str:
        """What the car has, for the log: 'good brakes x2, turbo x2, 12 damage points'."""
        out = f"good brakes x{self.brakes}, turbo x{self.turbo}, {self.damage} damage points"
        for k, n in self.goodies.items():
            out += f", {WORDS[k]}" + (f" x{n}" if n > 1 else "")
        return out

    @classmethod
    def parse(cls, text: str) -> Design:
        head, *extra = text.strip().split("+")
        parts = head.split("/")
        nums = [whole(p) if is_digits(p.strip()) else None for p in parts]
        if len(parts) != 3 or None in nums:
            raise InvalidInput(
                f"car design {shown(text)!r}: give brakes/turbo/damage points, whole numbers "
                "(e.g. 2/2/12: $20 + $20 + $60), then any James Bond goodies "
                "(0/0/4+missile*2+sub+guns*2: N of a goodie as name*N), digits 0-9 only"
            )
        b, t, d = nums
        return cls(b, t, d, **parse_goodies(extra, text.strip()))

    def to_dict(self) -> dict[str, int]:
        return {
            "brakes": self.brakes,
            "turbo": self.turbo,
            "damage": self.damage,
            **self.goodies,
            "cost": self.cost,
        }


def parse_designs(text: str, cars: int) -> list[Design]:
    """One design for every car ("2/2/12") or one per car, comma-separated, car 1 first."""
    designs = [Design.parse(t) for t in text.split(",")]
    if len(designs) == 1:
        designs *= cars
    if len(designs) != cars:
        raise InvalidInput(
            f"{len(designs)} car designs for {cars} cars: give one for every car or one per car"
        )
    return designs


def designed_rules(rules: Any, designs: Any) -> Any:
    """The move rules of a race of designed cars (None: not designed): the cars bought their
    good brakes and turbo, so the rules' (given or stored with the track) give way."""
    return rules if designs is None else replace(rules, brakes=0, turbo=0)
