"""The James Bond actions a moves file writes after a move's pair: fire the missile, spray the
oil, steer the missile in flight, shoot the rear guns at a car ('fire missile 2 0', 'spray',
'shoot 3'), read from text and JSON.

What a car carries and what each goodie costs are race/goodies.py's; the race plays the actions
(race/bond.py). Data and parsing only: no engine, rendering or CLI here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from generator.games.graph_racers.moves.rules import Vector


@dataclass(frozen=True)
class Action:
    """What a car does on its turn besides its move (James Bond mode): fire its missile, spray
    its oil, and the acceleration of its missile in flight (None: (0, 0))."""

    fire: bool = False
    spray: bool = False
    missile: Vector | None = None
    # the cars (numbers, car 1 first) its rear guns shoot this turn: each at the start of the
    # turn if it is right behind then, else at its end (race/bond.py)
    shoot: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return self.fire or self.spray or self.missile is not None or bool(self.shoot)

    def words(self) -> str:
        """As a moves file writes it after the move's pair: 'fire missile 2 0', 'spray',
        'shoot 3'."""
        out = ["fire"] if self.fire else []
        if self.missile is not None:
            out.append(f"missile {self.missile[0]} {self.missile[1]}")
        if self.spray:
            out.append("spray")
        out += [f"shoot {n}" for n in self.shoot]
        return " ".join(out)

    def to_dict(self, move: int) -> dict[str, Any]:
        out: dict[str, Any] = {"move": move}
        if self.fire:
            out["fire"] = True
        if self.missile is not None:
            out["missile"] = list(self.missile)
        if self.spray:
            out["spray"] = True
        if self.shoot:
            out["shoot"] = list(self.shoot)
        return out


def parse_action(text: str) -> Action:
    """The action words after a move's pair: 'fire', 'spray', 'missile R C', 'shoot N' (car N;
    one 'shoot' a car shot) (ValueError names what is wrong)."""
    fire = spray = False
    missile: Vector | None = None
    shoot: list[int] = []
    rest = text.strip()
    while rest:
        m = re.match(r"(?i)(fire|spray|missile|shoot)\b\s*", rest)
        if not m:
            raise ValueError(
                f"unexpected {rest.split()[0]!r}; after a move write fire, spray, missile R C "
                "or shoot N"
            )
        word = m.group(1).lower()
        rest = rest[m.end() :]
        if word == "shoot":
            n = re.match(r"(\d+)\b\s*", rest)
            if not n:
                raise ValueError("write the car the rear guns shoot as 'shoot N' (its number)")
            shoot.append(int(n.group(1)))
            rest = rest[n.end() :]
        elif word == "missile":
            n = re.match(r"[(\[]?\s*([-+]?\d+)\s*[,\s]\s*([-+]?\d+)\s*[)\]]?\s*", rest)
            if not n:
                raise ValueError("write the missile's acceleration as 'missile R C'")
            if missile is not None:
                raise ValueError("one missile acceleration a move")
            missile = (int(n.group(1)), int(n.group(2)))
            rest = rest[n.end() :]
        elif (word == "fire" and fire) or (word == "spray" and spray):
            raise ValueError(f"'{word}' twice in one move")
        elif word == "fire":
            fire = True
        else:
            spray = True
    return Action(fire, spray, missile, _cars_shot(shoot))


def _cars_shot(cars: list[int]) -> tuple[int, ...]:
    if len(set(cars)) != len(cars):
        raise ValueError("'shoot' names a car twice in one move (a car is shot once a turn)")
    if any(n < 1 for n in cars):
        raise ValueError("'shoot N' names car N, 1 or more")
    return tuple(cars)


def action_from_dict(data: Any, what: str) -> tuple[int, Action]:
    """One entry of a JSON moves file's "actions": {"move": k, "fire", "spray", "missile"}."""
    if not isinstance(data, dict) or set(data) - {"move", "fire", "spray", "missile", "shoot"}:
        raise ValueError(
            f"{what}: an action is an object like {{'move': 3, 'fire': true, 'missile': [2, 0], "
            "'shoot': [2]}}"
        )
    shoot = data.get("shoot", [])
    if not (
        isinstance(shoot, list)
        and all(isinstance(n, int) and not isinstance(n, bool) for n in shoot)
    ):
        raise ValueError(f"{what}: 'shoot' is a list of car numbers, e.g. [2]")
    move = data.get("move")
    if not isinstance(move, int) or isinstance(move, bool) or move < 1:
        raise ValueError(f"{what}: 'move' is the move's number, 1 or more")
    missile = data.get("missile")
    if missile is not None and not (
        isinstance(missile, list)
        and len(missile) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in missile)
    ):
        raise ValueError(f"{what}: 'missile' is an acceleration [row, col]")
    for key in ("fire", "spray"):
        if not isinstance(data.get(key, False), bool):
            raise ValueError(f"{what}: {key!r} is true or false")
    vec = (missile[0], missile[1]) if missile is not None else None
    try:
        shot = _cars_shot(shoot)
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None
    return move, Action(bool(data.get("fire")), bool(data.get("spray")), vec, shot)
