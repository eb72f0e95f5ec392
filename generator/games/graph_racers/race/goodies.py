"""James Bond mode's goodies and the race's collectables, as data: prices, what a car carries,
what each coin gives, and the geometry of "behind". The actions a moves file writes (fire,
spray, steer the missile) are moves/actions.py's.

The seed: "In this mode, you can spend your money to buy missiles, oil slick sprayers, rocket
boosters, submarine mode, or rear-shooting guns." The engine that plays them is bond.py; the
decisions are in docs/rules/graph-racers.md ("Collectables", "James Bond mode"). No engine,
rendering or CLI here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.core.geometry import supercover
from generator.core.numbers import is_digits, shown, whole
from generator.errors import InvalidInput
from generator.games.graph_racers.moves.rules import NORMAL, TURBO, Rules, Vector, changes

Point = tuple[int, int]

# "$30 Missile ... $10 Oil Sprayers ... $30 Rocket boosters ... $30 Submarine Capability ...
# $20 Rear-shooting machine guns"
PRICES = {"missile": 30, "sprayer": 10, "rocket": 30, "sub": 30, "guns": 20}
# what the design syntax and the log call them
WORDS = {
    "missile": "missile",
    "sprayer": "oil sprayer",
    "rocket": "rocket booster",
    "sub": "submarine",
    "guns": "rear guns",
}
ALIASES = {"oil": "sprayer", "sprayers": "sprayer", "submarine": "sub", "gun": "guns"}
# Bought by the number, as the seed's plurals say ("buy missiles, oil slick sprayers, rocket
# boosters"): each missile fires "one time", each sprayer sprays "Once during the game", each
# rocket booster boosts once; a car buys as many as it can afford. The submarine is a
# capability, had or not: one a car.
ONCE = ("missile", "sprayer", "rocket")
CAPABILITY = ("sub",)
MISSILE_DAMAGE = 3  # "it explodes and causes 3 points of damage"

# What a coin gives (model.COINS names them): "A penny could be worth two Turbo-boosts, a nickle
# two Good brakes uses and a dime could give you five extra damage points", and each goodie.
COIN_GIVES = {
    "p": ("turbo", 2),
    "n": ("brakes", 2),
    "d": ("damage", 5),
    "m": ("missile", 1),
    "o": ("sprayer", 1),
    "r": ("rocket", 1),
    "u": ("sub", 1),
    "b": ("guns", 1),
}
GIVES_TEXT = {
    "turbo": "turbo x{n}",
    "brakes": "good brakes x{n}",
    "damage": "{n} damage points",
    "missile": "a missile",
    "sprayer": "an oil sprayer",
    "rocket": "a rocket booster",
    "sub": "submarine capability",
    "guns": "a set of rear guns",
}


def parse_goodies(parts: list[str], spec: str) -> dict[str, int]:
    """The goodies of a design's `+` parts ('missile', 'guns*2'): name -> how many."""
    out: dict[str, int] = {}
    for part in parts:
        name, star, count = part.strip().lower().partition("*")
        name = ALIASES.get(name.strip(), name.strip())
        if name not in PRICES:
            raise InvalidInput(
                f"car design {spec!r}: unknown goodie {part.strip()!r}; James Bond mode sells "
                + ", ".join(f"{k} ${v}" for k, v in PRICES.items())
            )
        n = whole(count) if is_digits(count.strip()) else None
        if star and n is None:
            raise InvalidInput(
                f"car design {shown(spec)!r}: write {name}*N with a whole number N (digits 0-9)"
            )
        out[name] = out.get(name, 0) + (n if star else 1)
    return out


def check_goodies(goodies: dict[str, int], spec: str) -> None:
    for name in CAPABILITY:
        if goodies.get(name, 0) > 1:
            raise InvalidInput(
                f"car design {spec}: one {WORDS[name]} a car (submarine capability is had or "
                "not; a second adds nothing); buy it once"
            )


@dataclass
class Kit:
    """The James Bond goodies a car carries (besides boosts and damage points, on Car)."""

    missiles: int = 0  # missiles not yet fired
    sprayers: int = 0  # oil sprayers not yet used
    guns: int = 0  # sets of rear guns: each does one point of damage a shot
    sub: bool = False  # submarine capability: water is track

    @classmethod
    def of(cls, goodies: dict[str, int]) -> Kit:
        return cls(
            goodies.get("missile", 0),
            goodies.get("sprayer", 0),
            goodies.get("guns", 0),
            bool(goodies.get("sub", 0)),
        )


# --- geometry ---------------------------------------------------------------------------------


def heading(v: Vector) -> Vector:
    """The one of the 8 directions nearest the vector: each axis counts when it is at least half
    the larger ((3, 1) heads (1, 0), (2, 1) heads (1, 1)); (0, 0) for a car standing still."""
    big = max(abs(v[0]), abs(v[1]))
    if big == 0:
        return (0, 0)
    return tuple(  # type: ignore[return-value]
        (x > 0) - (x < 0) if 2 * abs(x) >= big else 0 for x in v
    )


def behind(p: Point, v: Vector, q: Point) -> bool:
    """Is point q "one square behind" a car at p moving with vector v? The one point one
    square back along its heading: p - heading(v) (a car moving (0, 2) has (r, c - 1) behind
    it, one moving (1, 1) has (r - 1, c - 1)); not the points beside that one (issue 28: a
    car diagonally behind a car going straight is beside it as much as behind it). A car
    standing still has no back."""
    h = heading(v)
    return h != (0, 0) and q == (p[0] - h[0], p[1] - h[1])


def slick(p: Point, v: Vector) -> list[Point]:
    """The 3 x 3 points of the oil slick "right behind your car": centred two squares back
    along the heading, so its near side touches the car's back neighbours."""
    h = heading(v)
    cr, cc = p[0] - 2 * h[0], p[1] - 2 * h[1]
    return [(cr + dr, cc + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]


def touches_oil(oil: set[Point] | frozenset[Point], p: Point, v: Vector) -> bool:
    """Would the unchanged move from p with vector v touch one of these oil points (the skid
    test of the referee, for the oil sprayed during a race)? Standing still never skids."""
    if not oil or v == (0, 0):
        return False
    return any((p[0] + r, p[1] + c) in oil for r, c, _t in supercover(v[0], v[1]))


def missile_changes(rules: Rules, v: Vector) -> list[tuple[Vector, str]]:
    """A missile's accelerations: the acceleration set's, and turbo "every turn until it hits
    something (Not 'good brakes' though - it's boost only makes it go faster!)"."""
    return [(a, k) for a, k in changes(rules, v, (0, 1, 0)) if k in (NORMAL, TURBO)]


@dataclass
class Missile:
    """A missile in flight: its owner's seat, where it stands and its vector."""

    owner: int
    point: Point
    vector: Vector = (0, 0)


# --- the log's words --------------------------------------------------------------------------

MISSILE_OUTCOMES = ("move", "crash", "blast", "missile")


def _fmt(p: Point | None) -> str:
    return "?" if p is None else f"({p[0]}, {p[1]})"


def event_text(e: Any) -> str:
    """The text of a goodie's event (race.Event of kind pickup, spray, fire, missile, blast,
    shot)."""
    who = f"car {e.car + 1}"
    if e.kind == "pickup":
        coin = e.coin if e.coin in ("penny", "nickel", "dime") else f"{e.coin} coin"
        return f"{who} picks up the {coin} at {_fmt(e.to)}: {e.gives}"
    if e.kind == "spray":
        return f"{who} sprays a 3x3 oil slick behind it ({len(e.oil)} track points)"
    if e.kind == "fire":
        return f"{who} fires its missile from {_fmt(e.frm)}, vector {_fmt(e.vector)}"
    if e.kind == "missile":
        boost = f" ({e.boost})" if e.boost else ""
        line = f"{who}'s missile: {_fmt(e.frm)} -> {_fmt(e.aim)} vector {_fmt(e.vector)}{boost}"
        if e.outcome == "crash":
            return f"{line}; it hits the side and vanishes"
        if e.outcome == "missile":
            return f"{line}; it meets car {(e.other or 0) + 1}'s missile: both vanish"
        if e.outcome == "blast":
            return f"{line}; it explodes on car {(e.other or 0) + 1}"
        return line
    if e.kind == "blast":
        return (
            f"{who} takes {e.damage} damage from car {(e.other or 0) + 1}'s missile "
            f"(total {e.total})"
        )
    if e.kind == "shot":
        return (
            f"{who} is shot by car {(e.other or 0) + 1}'s rear guns: {e.damage} damage "
            f"(total {e.total})"
        )
    return f"{who}: {e.kind}"


def event_fields(e: Any) -> dict[str, Any]:
    """The JSON fields of a goodie's event beyond kind, round, car and the points."""
    if e.kind == "pickup":
        return {"coin": e.coin, "gives": e.gives}
    if e.kind == "spray":
        return {"oil": [list(p) for p in e.oil]}
    if e.kind == "missile":
        out: dict[str, Any] = {"boost": e.boost, "outcome": e.outcome}
        if e.other is not None:
            out["other"] = e.other + 1
        return out
    if e.kind in ("blast", "shot"):
        return {"damage": e.damage, "total": e.total, "other": (e.other or 0) + 1}
    return {}


GOODIE_EVENTS = ("pickup", "spray", "fire", "missile", "blast", "shot")


def legend(track: Any) -> list[str]:
    """The sheet's words for the coins and water on a track (none when it has neither)."""
    from generator.games.graph_racers.track.model import COINS

    out = []
    coins = sorted(set(getattr(track, "coins", {}).values()), key=list(COINS).index)
    if coins:
        what = ", ".join(
            f"{ch.upper()} {COINS[ch]}"
            + (
                f" ({GIVES_TEXT[COIN_GIVES[ch][0]].format(n=COIN_GIVES[ch][1])})"
                if ch in "pnd"
                else ""
            )
            for ch in coins
        )
        out.append(
            f"Coins: {what}. In a race the first car to drive into a coin picks it up; "
            "racing alone, a coin is plain track. Coins worth money for the next race are not "
            "played."
        )
    if getattr(track, "water", None):
        out.append(
            "Water (squares hatched with level lines, blue in colour): a wall to every car but "
            "a submarine (James Bond mode), which drives across it."
        )
    return out
