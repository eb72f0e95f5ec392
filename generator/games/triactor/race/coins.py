"""Piecepack values on dice and coins: null, ace, 2, 3, 4, 5 (0..5 in racegen).

A value is an int so the race engine and the fast simulator share one encoding:
0 = null (no move), 1 = ace (one step, the die stays active), 2-5 = that many steps.
"""

from __future__ import annotations

from generator.errors import InvalidInput
from generator.games.triactor.race.horses import COUNT, LETTERS, horse

NULL = 0
ACE = 1
VALUES = (0, 1, 2, 3, 4, 5)
NAMES = ("null", "ace", "2", "3", "4", "5")

_WORDS = {"null": 0, "n": 0, "0": 0, "ace": 1, "a": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}


def value_name(value: int) -> str:
    return NAMES[value]


def parse_value(text: str, where: str = "") -> int:
    """'null', 'ace', '2'..'5' (also n, a, 0, 1) -> 0..5."""
    key = text.strip().lower()
    if key not in _WORDS:
        at = f" in {where}" if where else ""
        raise InvalidInput(f"unknown coin value {text!r}{at}: use null, ace, 2, 3, 4 or 5")
    return _WORDS[key]


def parse_coins(text: str) -> dict[int, int]:
    """'S=ace,M=3' -> {horse index: value}; each horse at most once."""
    known: dict[int, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" not in part:
            raise InvalidInput(
                f"coin {part!r} in --coins {text!r}: write LETTER=VALUE, e.g. S=ace,M=3"
            )
        letter, value = (s.strip() for s in part.split("=", 1))
        h = horse(letter).index
        if h in known:
            raise InvalidInput(
                f"coin {LETTERS[h]} given twice in --coins {text!r}: give each horse once"
            )
        known[h] = parse_value(value, f"--coins {part!r}")
    return known


def format_coins(coins: dict[int, int] | tuple[int, ...]) -> str:
    items = coins.items() if isinstance(coins, dict) else enumerate(coins)
    return ",".join(f"{LETTERS[h]}={NAMES[v]}" for h, v in sorted(items))


def draw_coins(known: dict[int, int], rng: object) -> tuple[int, ...]:
    """Each unknown coin uniform over the six values (one random coin of each suit), in horse
    order, one rng.random() per unknown coin: the fast simulator draws exactly the same way."""
    rand = rng.random  # type: ignore[attr-defined]
    return tuple(known[h] if h in known else int(rand() * 6) for h in range(COUNT))
