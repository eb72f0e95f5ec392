"""The eight horses, one per suit: four piecepack suits and four card suits.

The seed's symbol table has slips (two horses drawn with a club, Ahoy Ahoy with a spade);
the horses here follow its shorthand letters with one suit each, S M C A H P D B, which is
also the order of the dice, coins and pawns everywhere in racegen (horse index 0..7).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.errors import InvalidInput
from generator.resources import load_json


@dataclass(frozen=True)
class Horse:
    """One horse: its index (0..7, the order of LETTERS), shorthand letter, name and suit.

    suit: the glyph name drawn by generator.render.glyphs (sun, moon, crown, anchor, heart,
    spade, diamond, club); suits: the suit's name in the rules ("Arms"); deck: "piecepack"
    or "cards" (piecepack suits take the coin spots on the straights, card suits the sides).
    """

    index: int
    letter: str
    name: str
    suit: str
    suits: str
    deck: str


@cache
def horses() -> tuple[Horse, ...]:
    data = load_json("triactor", "horses.json")
    return tuple(
        Horse(i, h["letter"], h["name"], h["suit"], h["suits"], h["deck"])
        for i, h in enumerate(data["horses"])
    )


LETTERS = "SMCAHPDB"
COUNT = 8


def horse(letter: str) -> Horse:
    """The horse for a shorthand letter (case-insensitive)."""
    i = LETTERS.find(letter.upper()) if len(letter) == 1 else -1
    if i < 0:
        raise InvalidInput(f"unknown horse {letter!r}: use one of the letters {', '.join(LETTERS)}")
    return horses()[i]


def index(letter: str) -> int:
    return horse(letter).index


def letters(indices: object) -> str:
    """Letters for horse indices, in the order given (e.g. a finish (2, 0, 5) -> 'CSP')."""
    return "".join(LETTERS[i] for i in indices)  # type: ignore[attr-defined]
