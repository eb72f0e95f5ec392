"""The James Bond actions a moves file writes after a move's pair: fire the missile, spray the
oil, steer the missile in flight ('fire missile 2 0', 'spray'), read from text and JSON.

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

    def __bool__(self) -> bool:
        return self.fire or self.spray or self.missile is not None

    def words(self) -> str:
        """As a moves file writes it after the move's pair: 'fire missile 2 0', 'spray'."""
        out = ["fire"] if self.fire else []
        if self.missile is not None:
            out.append(f"missile {self.missile[0]} {self.missile[1]}")
        if self.spray:
            out.append("spray")
        return " ".join(out)

    def to_dict(self, move: int) -> dict[str, Any]:
        out: dict[str, Any] = {"move": move}
        if self.fire:
            out["fire"] = True
        if self.missile is not None:
            out["missile"] = list(self.missile)
        if self.spray:
            out["spray"] = True
        return out


def parse_action(text: str) -> Action:
    """The action words after a move's pair: 'fire', 'spray', 'missile R C' (ValueError names
    what is wrong)."""
    fire = spray = False
    missile: Vector | None = None
    rest = text.strip()
    while rest:
        m = re.match(r"(?i)(fire|spray|missile)\b\s*", rest)
        if not m:
            raise ValueError(
                f"unexpected {rest.split()[0]!r}; after a move write fire, spray or missile R C"
            )
        word = m.group(1).lower()
        rest = rest[m.end() :]
        if word == "missile":
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
    return Action(fire, spray, missile)


def action_from_dict(data: Any, what: str) -> tuple[int, Action]:
    """One entry of a JSON moves file's "actions": {"move": k, "fire", "spray", "missile"}."""
    if not isinstance(data, dict) or set(data) - {"move", "fire", "spray", "missile"}:
        raise ValueError(
            f"{what}: an action is an object like {{'move': 3, 'fire': true, 'missile': [2, 0]}}"
        )
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
    return move, Action(bool(data.get("fire")), bool(data.get("spray")), vec)
