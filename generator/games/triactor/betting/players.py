"""Players' names in a bets file: which spellings are one player (decision 23,
docs/rules/triactor.md).

A bets file is typed by people: "Bob" on one line and "bob" on the next, or "Zoë" typed with
a combining diaeresis on one keyboard and precomposed on another, are one player with one
slip, three credits and one slip back. Names are compared after Unicode NFC and case
folding, and printed as first written. Two names that are different players by that
comparison but alike under a looser one (compatibility characters such as full-width
letters, Roman numeral signs and superscripts; other spacing; invisible characters) are
refused: racegen cannot tell whether they are one person, and guessing either way pays
someone the wrong amount. So are names that look alike through other alphabets ("Bob" and
"Βob" with a Greek capital Beta), and characters that hide or turn text (U+202E, U+200B):
the shared rules of generator/core/names.py (docs/names.md).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from generator.core import names
from generator.errors import InvalidInput


def same_player(name: str) -> str:
    """The key under which spellings are one player: NFC, then case folding ("Bob", "BOB"
    and "bob"; "Zoë" precomposed or with a combining mark; "Strauß" and "STRAUSS"; full case
    folding also splits a ligature: "ﬁona" is "fiona")."""
    return unicodedata.normalize("NFC", name).casefold()


def look_alike(name: str) -> str:
    """A looser key: compatibility characters folded (NFKC: full-width "Ｂｏｂ", "Louis Ⅱ",
    "Ann²"), invisible format characters dropped (a zero-width space, a soft hyphen) and
    runs of spaces, no-break ones too, read as one. Names equal here but not under
    `same_player` are refused."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    visible = "".join(ch for ch in folded if unicodedata.category(ch) != "Cf")
    return " ".join(visible.split())


@dataclass
class Players:
    """The players of one bets file, met line by line: `spelling` gives each name as the
    player's first spelling, or refuses a look-alike of another player's name."""

    source: str = "bets"
    _first: dict[str, tuple[str, int]] = field(default_factory=dict)  # key -> (name, line)
    _alike: dict[str, tuple[str, int]] = field(default_factory=dict)  # look_alike -> same
    # the shared check (generator/core/names.py): other alphabets, hidden characters
    _names: names.Names = field(
        default_factory=lambda: names.Names("player", same_player, fold=True)
    )

    def spelling(self, name: str, line: int, shown: str) -> str:
        """The name this player is printed under (its first spelling); `line` and `shown`
        (the CSV line as written) name the line in an error."""
        key = same_player(name)
        if key in self._first:
            return self._first[key][0]
        where = f"{self.source} line {line} ({shown})"
        names.refuse_hidden(name, f"{where}: player")
        loose = look_alike(name)
        if loose in self._alike:
            other, at = self._alike[loose]
            raise InvalidInput(
                f"{self.source} line {line} ({shown}): player {name!r} looks like {other!r} "
                f"on line {at} but is written with other characters (full-width or "
                "compatibility characters, spacing or invisible characters): write one "
                "player's name the same way on every line"
            )
        self._names.meet(name, f"{where}: player", f" (line {line})")
        self._first[key] = (name, line)
        self._alike[loose] = (name, line)
        return name
