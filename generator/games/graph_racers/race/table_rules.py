"""What a table agrees before a race, beyond the move rules of rules.py: each car's design (and
its James Bond goodies), the teams, whether the cars touch (contact), and the Swedish switches.

The seed: "Pick which ones you want to play before you start - but make sure everyone agrees
about what rules you are using before you start racing!" state.py plays these switches; the race
sheet (printing/race_sheet.py) prints exactly them, in these words, and each car's tally boxes.
No rendering or CLI here.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.race.cars import MAX_DAMAGE, TEAM_POINTS
from generator.games.graph_racers.race.design import BUDGET, Design
from generator.games.graph_racers.race.goodies import ONCE, WORDS
from generator.games.graph_racers.race.swedish import Swedish

# Each goodie's rule as the race sheet prints it (docs/rules/graph-racers.md, James Bond mode).
GOODIE_RULES = {
    "missile": "Missile (each fires once, one in flight at a time): fire it after your move; it "
    "starts on your point with your vector and moves on each of your turns like a car that may "
    "use turbo every move, never good brakes. The first car it meets, yours too, takes 3 damage; "
    "two missiles that meet both vanish; touching the side it is gone.",
    "sprayer": "Oil sprayer (each once): after a move, draw a 3x3 oil slick centred two squares "
    "behind your car, along that move; it is oil like any other.",
    "rocket": "Rocket booster (each once): speed one axis up by 3.",
    "sub": "Submarine: the car drives across blue water; to every other car water is a wall.",
    "guns": "Rear guns: at the start or the end of your turn you may shoot a car on the point "
    "one square right behind you (back along your heading; not diagonally behind, not a car "
    "that has not moved yet, not when you stand still): it takes one damage point for each set "
    "of guns, once a turn. Say which car you shoot.",
}
# What the seed offers that racegen does not play (docs/rules/graph-racers.md, "Not played").
MONEY_NOT_PLAYED = (
    "Not played: prize money, money saved from one race to the next, and coins worth money to "
    "spend in the next race; each race starts from the $100."
)


def design_words(d: Design) -> str:
    """What a designed car bought, for the legend: '$100: good brakes x2, turbo x2, 12 damage
    points' (nothing bought of a kind: left out)."""
    parts = [f"good brakes x{d.brakes}"] if d.brakes else []
    parts += [f"turbo x{d.turbo}"] if d.turbo else []
    parts.append(f"{d.damage} damage points" if d.damage else "no damage points")
    parts += [WORDS[k] + (f" x{n}" if n > 1 else "") for k, n in d.goodies.items()]
    return f"${d.cost} spent: " + ", ".join(parts)


@dataclass(frozen=True)
class Tally:
    """One car's boxes on the race sheet: the damage points it can take, its boost uses, its
    one-use goodies, its sets of rear guns and its team."""

    damage: int
    brakes: int
    turbo: int
    rocket: int
    once: tuple[tuple[str, int], ...] = ()  # one-use goodies bought and how many, but the
    # rocket (a boost use)
    sub: bool = False
    guns: int = 0
    team: str | None = None


@dataclass(frozen=True)
class TableRules:
    """The table's switches (the defaults are the seed's basic rules: five damage points, no
    teams, collisions and damage, crashing into the side)."""

    designs: tuple[Design, ...] | None = None
    teams: tuple[str, ...] | None = None
    contact: bool = True
    swedish: Swedish = field(default_factory=Swedish)

    def for_players(self, players: int) -> None:
        """Refuse designs or teams given for another number of cars."""
        for what, given in (("car designs", self.designs), ("teams", self.teams)):
            if given is not None and len(given) != players:
                raise InvalidInput(
                    f"{len(given)} {what} for {players} players: give one for every player "
                    "(or --players to match)"
                )

    @property
    def basic(self) -> bool:
        return self == TableRules()

    def lines(self, rules: Rules | None = None) -> list[str]:
        """The table's rules in words, one a line ([] for the basic rules); `rules`: the move
        rules (their acceleration set words the designed cars' boosts)."""
        out = []
        if not self.contact:
            out.append(
                "No contact: the cars ignore each other (no collisions; they may share a "
                "point) and a crash costs no damage: the car is put back on the track and "
                "stopped."
            )
        if self.designs is not None:
            out.append(
                f"Designed cars (${BUDGET} each; what each car bought is in the legend): each "
                "car has the good brakes and turbo uses it bought and is out with more damage "
                "than its own damage points; a car with none blows up at its first hit."
            )
            out += self._boost_lines(rules or Rules())
            bought = {k for d in self.designs for k in d.goodies}
            out += [GOODIE_RULES[k] for k in GOODIE_RULES if k in bought]
            out.append(MONEY_NOT_PLAYED)
        if self.teams is not None:
            points = ", ".join(str(p) for p in TEAM_POINTS[:-1]) + f" and {TEAM_POINTS[-1]}"
            out.append(
                f"Team racing (teams in the legend): the first three cars to finish score "
                f"{points} points for their team; the team with the most points wins."
            )
        out += self.swedish.lines()
        return out

    def _boost_lines(self, rules: Rules) -> list[str]:
        """The boosts the designed cars bought, in the move rules' words (Rules.lines): good
        brakes, turbo, one boost a move (the rocket: GOODIE_RULES; --rocket's line and its
        "one boost a move" are the move rules', printed with them)."""
        assert self.designs is not None
        brakes = any(d.brakes for d in self.designs)
        turbo = any(d.turbo for d in self.designs)
        rocket = any(d.rocket for d in self.designs)
        out = []
        if brakes:
            out.append("Good brakes: slow one axis by 2, once for each use the car bought.")
        if turbo:
            out.append("Turbo: speed one axis up by 2, once for each use the car bought.")
        if (brakes or turbo or rocket) and not rules.has_boosts:
            out.append(Rules(rules.accel, rules.collision, 0, 0, 1).lines()[-1])
        return out

    def tally(self, seat: int, rules: Rules) -> Tally:
        """Car `seat`'s boxes (0-based) under the move rules `rules`."""
        team = self.teams[seat] if self.teams is not None else None
        if self.designs is None:
            return Tally(MAX_DAMAGE, rules.brakes, rules.turbo, rules.rocket, team=team)
        d = self.designs[seat]
        return Tally(
            d.damage,
            d.brakes,
            d.turbo,
            rules.rocket + d.rocket,
            once=tuple((k, d.goodies[k]) for k in ONCE if k in d.goodies and k != "rocket"),
            sub=bool(d.sub),
            guns=d.guns,
            team=team,
        )

    def stem_parts(self) -> list[str]:
        """What a sheet's file name adds for these switches, so prints for other tables never
        take each other's name."""
        parts = []
        if self.designs is not None:
            specs = sorted({d.spec for d in self.designs})
            one = specs[0].replace("/", "-").replace("+", "-").replace("*", "x")
            parts.append(f"design-{one}" if len(specs) == 1 else f"designs-{_digest(self.designs)}")
        if self.teams is not None:
            named = "".join(self.teams)
            plain = named.isascii() and named.isalnum() and len(named) <= 12
            parts.append(f"teams-{named}" if plain else f"teams-{_digest(self.teams)}")
        if not self.contact:
            parts.append("nocontact")
        if self.swedish.jumps:
            parts.append("jumps")
        if self.swedish.circle:
            parts.append("circle")
        return parts


def _digest(items: tuple) -> str:
    """Six hex digits naming a list of designs or teams in a file name."""
    text = "|".join(d.spec if isinstance(d, Design) else d for d in items)
    return hashlib.sha256(text.encode()).hexdigest()[:6]


def goodie_words(tally: Tally) -> list[str]:
    """The legend's words for what a car carries beyond its tick boxes."""
    out = []
    if tally.sub:
        out.append(WORDS["sub"])
    if tally.guns:
        out.append(WORDS["guns"] + (f" x{tally.guns}" if tally.guns > 1 else ""))
    return out
