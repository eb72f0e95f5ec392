"""Settle a race exactly: who wins what, from a CSV of bets and the first three horses.

BETS is a CSV file with the header `player,bet` and one bet per line. The backs of the slips
come from the bets (every horse a player bet on), so the counts that pick the payout column
are computed, never typed. Invalid bets stop the settlement with the CSV line named.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.core.textwidth import columns
from generator.errors import InvalidInput
from generator.games.triactor.bets import Bet, back_letters, check_credits, parse_bet, slip_back
from generator.games.triactor.horses import COUNT, LETTERS, horses

FORMAT = "triactor-settle/2"  # the settle --json object (generator/schemas)
PLACE_NAMES = ("1st", "2nd", "3rd")
MAX_BYTES = 1_000_000  # read from a bets file: a line per bet, three bets a player


@dataclass(frozen=True)
class Wager:
    """A bet as written on a player's slip, with its CSV line (for messages)."""

    player: str
    bet: Bet
    line: int
    text: str


@dataclass(frozen=True)
class Payout:
    wager: Wager
    wins: bool
    backers: int  # players whose slip back shows the bet's horses, summed over its horses
    column: str  # the payout table column read ("" for INFO)
    amount: int


@dataclass(frozen=True)
class Settlement:
    finish: tuple[int, int, int]
    players: tuple[str, ...]
    backs: dict[str, frozenset[int]]
    backers: tuple[int, ...]  # per horse: number of players whose slip back shows it
    payouts: tuple[Payout, ...]
    totals: dict[str, int]

    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "finish": [LETTERS[h] for h in self.finish],
            "backs": [{"player": p, "back": back_letters(self.backs[p])} for p in self.players],
            "backers": {LETTERS[h]: n for h, n in enumerate(self.backers)},
            "bets": [
                {
                    "player": p.wager.player,
                    "line": p.wager.line,
                    "bet": str(p.wager.bet),
                    "type": p.wager.bet.kind,
                    "credits": p.wager.bet.credits,
                    "wins": p.wins,
                    "backers": p.backers,
                    "column": p.column,
                    "payout": p.amount,
                }
                for p in self.payouts
            ],
            "totals": [{"player": p, "total": self.totals[p]} for p in self.players],
        }

    def table(self) -> str:
        """The settlement as text: finish, slip backs, one line per bet, totals per player.
        Columns line up by display width (a full-width name takes two terminal columns)."""
        hs = horses()
        out = [
            "Finish: "
            + ", ".join(
                f"{PLACE_NAMES[i]} {LETTERS[h]} {hs[h].name}" for i, h in enumerate(self.finish)
            )
        ]
        out.append(
            "Slip backs: "
            + ", ".join(f"{p} {back_letters(self.backs[p]) or '-'}" for p in self.players)
        )
        out.append("Backers: " + " ".join(f"{LETTERS[h]}={n}" for h, n in enumerate(self.backers)))
        out.append("")
        rows = [("player", "bet", "type", "credits", "result", "backers", "column", "payout")]
        for p in self.payouts:
            b = p.wager.bet
            result = "-" if b.kind == "INFO" else ("wins" if p.wins else "loses")
            rows.append(
                (
                    p.wager.player,
                    str(b),
                    b.kind,
                    str(b.credits),
                    result,
                    str(p.backers) if p.wins else "",
                    p.column if p.wins else "",
                    str(p.amount),
                )
            )
        out += columns(rows, right=(3, 5, 7))
        out.append("")
        tot = [("player", "winnings")] + [(p, str(self.totals[p])) for p in self.players]
        out += columns(tot, right=(1,))
        return "\n".join(out)


def parse_finish(text: str) -> tuple[int, int, int]:
    """'S,M,C' (or 'SMC') -> the first three horses. More horses may follow (a full finish
    order); only the first three are paid on. Each horse at most once. Letters are the seed's
    ASCII letters, checked before upper-casing ('ſ'.upper() is 'S', 'ß'.upper() 'SS'); an
    empty place between commas is a typo, not a horse (a usage error, exit 2)."""
    from generator.errors import BadOption

    if "," in text:
        parts = [p.strip() for p in text.split(",")]
        if not all(parts):
            raise BadOption(
                f"--finish {text!r} has an empty place between commas: name each horse, e.g. S,M,C",
                "--finish",
            )
    else:
        parts = list(text.strip())
    order = []
    for p in parts:
        if len(p) != 1 or not p.isascii() or p.upper() not in LETTERS:
            raise InvalidInput(
                f"--finish {text!r}: {p!r} is not a horse letter; use three of {', '.join(LETTERS)}, e.g. S,M,C"
            )
        h = LETTERS.index(p.upper())
        if h in order:
            raise InvalidInput(f"--finish {text!r} names {p} twice: name three different horses")
        order.append(h)
    if len(order) < 3:
        raise InvalidInput(
            f"--finish {text!r} names {len(order)} horse(s): name the first three horses, e.g. S,M,C"
        )
    return (order[0], order[1], order[2])


def read_bets(text: str, source: str = "bets") -> list[Wager]:
    """Parse the CSV text: header `player,bet`, then one bet per line (blank lines skipped).
    Spellings of one name (players.py: case, Unicode composition) are one player, printed as
    first written."""
    from generator.games.triactor.players import Players

    reader = csv.reader(io.StringIO(text), strict=True)
    wagers: list[Wager] = []
    mine: dict[str, list[Bet]] = {}  # each player's bets so far (for their credits)
    names = Players(source)
    header_seen = False
    for line, row in _rows(reader, source):
        shown = ",".join(row)
        if not any(cell.strip() for cell in row):
            continue
        if not header_seen:
            if [c.strip().lower() for c in row] != ["player", "bet"]:
                raise InvalidInput(
                    f"{source} line {line} ({shown}): the first line must be the header player,bet"
                )
            header_seen = True
            continue
        if len(row) != 2:
            raise InvalidInput(
                f"{source} line {line} ({shown}): write one player and one bet, e.g. alice,SMC"
            )
        player, bet_text = row[0].strip(), row[1].strip()
        if not player:
            raise InvalidInput(f"{source} line {line} ({shown}): the player's name is empty")
        player = names.spelling(player, line, shown)
        try:
            bet = parse_bet(bet_text)
        except InvalidInput as e:
            raise InvalidInput(f"{source} line {line} ({shown}): {e}") from None
        wagers.append(Wager(player, bet, line, bet_text))
        mine.setdefault(player, []).append(bet)
        try:
            check_credits(mine[player], player)
        except InvalidInput as e:
            raise InvalidInput(f"{source} line {line} ({shown}): {e}") from None
    if not header_seen:
        raise InvalidInput(f"{source} is empty: write the header player,bet and one bet per line")
    if not wagers:
        raise InvalidInput(f"{source} has no bets: write one bet per line after the header")
    return wagers


def _rows(reader, source: str):
    """(line number, row) pairs; broken CSV (an unclosed quote, a huge field) is an error
    naming the line where the reader gave up."""
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            raise InvalidInput(
                f"{source} line {reader.line_num}: not valid CSV ({e}); "
                "check the quotes on that line and after it"
            ) from None
        yield reader.line_num, row


def load_bets(path: str | Path) -> list[Wager]:
    """The bets in the file `path` ('-': standard input)."""
    from generator.core import textfile

    text, source = textfile.read_arg(path, "bets file", "save it as CSV (UTF-8)", MAX_BYTES)
    return read_bets(text, source)


def settle(wagers: Sequence[Wager], finish: Sequence[int]) -> Settlement:
    """Pay every winning bet from the tables, with columns from the slip backs."""
    if len(finish) < 3 or len(set(finish[:3])) != 3:
        raise InvalidInput("a finish names three different horses")
    top = (finish[0], finish[1], finish[2])
    bets: dict[str, list[Bet]] = {}
    for w in wagers:
        bets.setdefault(w.player, []).append(w.bet)
    players = tuple(bets)
    backs = {p: slip_back(bets[p]) for p in players}
    backers = tuple(sum(1 for p in players if h in backs[p]) for h in range(COUNT))
    payouts = []
    totals = dict.fromkeys(players, 0)
    for w in wagers:
        bet = w.bet
        if bet.kind == "INFO":
            payouts.append(Payout(w, False, 0, "", 0))
            continue
        n = sum(backers[h] for h in bet.horses)
        bt = bet.type
        wins = bet.wins(top)
        amount = bt.pays(n) if wins else 0
        payouts.append(Payout(w, wins, n, bt.columns[bt.column(n)], amount))
        totals[w.player] += amount
    return Settlement(top, players, backs, backers, tuple(payouts), totals)
