"""The seed's payout tables, read from templates/triactor/payouts.json (copied exactly).

A winning bet pays the entry of its row in the column chosen by the number of players whose
slip back shows its horse(s): for two and three horse bets the counts of each horse are
added (one horse: 1 / 2 / 3+; two horses: 2-3 / 4-5 / 6+; three horses: 3-5 / 6-8 / 9+).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.resources import load_json


@dataclass(frozen=True)
class BetType:
    """A row of the tables: name, code as printed (box codes have box=True), credits, the
    number of horses, winnings per column, column labels and the count each column starts at."""

    name: str
    code: str
    box: bool
    credits: int
    horses: int
    winnings: tuple[int, ...] = ()
    columns: tuple[str, ...] = ()
    column_from: tuple[int, ...] = ()
    effect: str = ""

    @property
    def notation(self) -> str:
        """The code as typed in racegen's text notation: boxes in square brackets."""
        return f"[{self.code}]" if self.box else self.code

    def column(self, backers: int) -> int:
        """Index of the column for this many backers (the sum over the bet's horses)."""
        if not self.column_from:
            raise ValueError(f"{self.name} pays nothing")
        col = 0
        for i, start in enumerate(self.column_from):
            if backers >= start:
                col = i
        return col

    def pays(self, backers: int) -> int:
        """Winnings of a winning bet with this many backers (counts below the first column,
        impossible in play since the bettor backs their own horses, read the first column)."""
        return self.winnings[self.column(backers)]


@dataclass(frozen=True)
class Group:
    title: str
    horses: int
    heading: str
    columns: tuple[str, ...]
    bets: tuple[BetType, ...]


@cache
def tables() -> tuple[Group, ...]:
    data = load_json("triactor", "payouts.json")
    out = []
    for g in data["groups"]:
        cols = tuple(g.get("columns", ()))
        starts = tuple(g.get("column_from", ()))
        bets = tuple(
            BetType(
                b["name"],
                b["code"],
                bool(b["box"]),
                int(b["credits"]),
                int(g["horses"]),
                tuple(b.get("winnings", ())),
                cols,
                starts,
                b.get("effect", ""),
            )
            for b in g["bets"]
        )
        out.append(Group(g["title"], int(g["horses"]), g["heading"], cols, bets))
    return tuple(out)


@cache
def bet_types() -> dict[str, BetType]:
    """Bet types by name: INFO, WIN, PLACE, SHOW, EXACTOR, EXACTOR BOX, TRIACTOR, TRIACTOR BOX."""
    return {b.name: b for g in tables() for b in g.bets}


@cache
def credits_per_race() -> int:
    return int(load_json("triactor", "payouts.json")["credits_per_race"])
