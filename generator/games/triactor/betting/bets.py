"""Bets in racegen's text notation and the back of a betting slip.

Notation (the ASCII letters SMCAHPDB, case-insensitive): INFO; X win; XX place; XXX show;
XY exactor; [XY] exactor box; XYZ triactor; [XYZ] triactor box. The square brackets stand for
the box the seed draws around the letters. Each player has three credits a race (box bets
cost 2 and 3, everything else 1; fewer may be used). The back of a slip shows every horse
letter in the player's bets once; the payout columns count those backs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from generator.errors import InvalidInput
from generator.games.triactor.betting.payouts import BetType, bet_types, credits_per_race
from generator.games.triactor.race.horses import LETTERS


@dataclass(frozen=True)
class Bet:
    """A bet: its type name and the horses in the order written (distinct, none for INFO)."""

    kind: str
    horses: tuple[int, ...] = ()

    @property
    def type(self) -> BetType:
        return bet_types()[self.kind]

    @property
    def credits(self) -> int:
        return self.type.credits

    def wins(self, finish: Sequence[int]) -> bool:
        """Does the bet pay for this finish (first three horses in order)?"""
        k, hs = self.kind, self.horses
        top = tuple(finish[:3])
        if k == "INFO":
            return False
        if k == "WIN":
            return top[0] == hs[0]
        if k == "PLACE":
            return hs[0] in top[:2]
        if k == "SHOW":
            return hs[0] in top
        if k == "EXACTOR":
            return top[:2] == hs
        if k == "EXACTOR BOX":
            return set(top[:2]) == set(hs)
        if k == "TRIACTOR":
            return top == hs
        if k == "TRIACTOR BOX":
            return set(top) == set(hs)
        raise ValueError(k)

    def __str__(self) -> str:
        if self.kind == "INFO":
            return "INFO"
        letters = "".join(LETTERS[h] for h in self.horses)
        if self.kind == "PLACE":
            return letters * 2
        if self.kind == "SHOW":
            return letters * 3
        return f"[{letters}]" if self.kind.endswith("BOX") else letters


def parse_bet(text: str) -> Bet:
    """Parse one bet; errors say what is wrong with it (the caller adds where)."""
    raw = text.strip()
    odd = next((c for c in raw if not c.isascii()), None)
    if odd is not None:  # before upper(), which reads 'ß' as SS and 'ſ' as S
        raise InvalidInput(_not_a_letter(raw, odd))
    s = raw.upper()
    if not s:
        raise InvalidInput("empty bet: write INFO, X, XX, XXX, XY, [XY], XYZ or [XYZ]")
    if s == "INFO":
        return Bet("INFO")
    box = s.startswith("[") or s.endswith("]")
    if box:
        if not (s.startswith("[") and s.endswith("]")):
            raise InvalidInput(f"bet {raw!r} opens or closes a box only: write [XY] or [XYZ]")
        s = s[1:-1].strip()
    for c in s:
        if c not in LETTERS:
            raise InvalidInput(_not_a_letter(raw, c))
    hs = tuple(LETTERS.index(c) for c in s)
    n, distinct = len(hs), len(set(hs))
    if box:
        if n not in (2, 3):
            raise InvalidInput(
                f"box bet {raw!r} needs two or three horses: [XY] exactor box, [XYZ] triactor box"
            )
        if distinct != n:
            raise InvalidInput(
                f"box bet {raw!r} names a horse twice: box two or three different horses"
            )
        return Bet("EXACTOR BOX" if n == 2 else "TRIACTOR BOX", hs)
    if n == 0 or n > 3:
        raise InvalidInput(
            f"bet {raw!r} has {n} letters: a bet names one to three horses (X, XX, XXX, XY, XYZ)"
        )
    if distinct == 1:
        return Bet(("WIN", "PLACE", "SHOW")[n - 1], hs[:1])
    if distinct != n:
        raise InvalidInput(
            f"bet {raw!r} names a horse twice: XX and XXX repeat one horse, XY and XYZ "
            "name different horses"
        )
    return Bet("EXACTOR" if n == 2 else "TRIACTOR", hs)


def _not_a_letter(raw: str, c: str) -> str:
    what = "a space" if c.isspace() else repr(c)
    return f"bet {raw!r} has {what}, not a horse letter: use {', '.join(LETTERS)} (or INFO)"


def credits(bets: Iterable[Bet]) -> int:
    return sum(b.credits for b in bets)


def check_credits(bets: Sequence[Bet], who: str = "a player") -> None:
    total = credits(bets)
    limit = credits_per_race()
    if total > limit:
        raise InvalidInput(
            f"{who}'s bets cost {total} credits, more than the {limit} each player has per "
            "race: drop a bet (box bets cost 2 and 3, the others 1)"
        )


def slip_back(bets: Iterable[Bet]) -> frozenset[int]:
    """The horses written on the back of the slip: every horse in the bets, once."""
    return frozenset(h for b in bets for h in b.horses)


def back_letters(back: Iterable[int]) -> str:
    return "".join(LETTERS[h] for h in sorted(back))


def all_bets(kind: str) -> list[Bet]:
    """Every bet of a type (8 wins, 56 exactors, 56 triactor boxes, 336 triactors...)."""
    import itertools

    n = bet_types()[kind].horses
    if n == 0:
        return [Bet(kind)]
    if kind.endswith("BOX"):
        return [Bet(kind, c) for c in itertools.combinations(range(8), n)]
    if n == 1:
        return [Bet(kind, (h,)) for h in range(8)]
    return [Bet(kind, p) for p in itertools.permutations(range(8), n)]
