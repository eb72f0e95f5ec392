"""Settle races exactly: who wins what, from a CSV of bets and the first three horses.

BETS is a CSV file with the header `player,bet` and one bet per line, or `race,player,bet`
for several races (decision 27: races 1..n, one finish per race, given as --finish once per
race or a results file `race,finish`). The backs of the slips come from each race's bets
(every horse a player bet on in that race), so the counts that pick the payout column are
computed, never typed. Invalid bets stop the settlement with the CSV line named; so do bets
and finishes that do not match (a bet for race 3 with two finishes).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.core.numbers import is_digits, shown, whole
from generator.core.textwidth import columns
from generator.errors import InvalidInput
from generator.games.triactor.betting.bets import (
    Bet,
    back_letters,
    check_credits,
    parse_bet,
    slip_back,
)
from generator.games.triactor.race.horses import COUNT, LETTERS, horses

FORMAT = "triactor-settle/3"  # the settle --json object (generator/schemas)
PLACE_NAMES = ("1st", "2nd", "3rd")
MAX_BYTES = 1_000_000  # read from a bets file: a line per bet, three bets a player
RESULTS_BYTES = 100_000  # read from a results file: a line per race
MAX_RACES = 999  # race numbers in a bets or results file


@dataclass(frozen=True)
class Wager:
    """A bet as written on a player's slip, with its CSV line (for messages)."""

    player: str
    bet: Bet
    line: int
    text: str
    race: int = 1
    shown: str = ""  # the CSV line as written
    race_column: bool = False  # the file has a race column


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
    race: int = 1

    def to_dict(self) -> dict:
        """The race as the settle --json object lists it in `races`."""
        return {
            "race": self.race,
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

    def table(self, running: dict[str, int] | None = None, players: Sequence[str] = ()) -> str:
        """The settlement as text: finish, slip backs, one line per bet, totals per player.
        Columns line up by display width (a full-width name takes two terminal columns).
        In a season (`running`: each player's total after this race), the last block lists
        every player of the season (`players`) with this race's winnings and the total."""
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
        if running is None:
            tot = [("player", "winnings")] + [(p, str(self.totals[p])) for p in self.players]
            out += columns(tot, right=(1,))
        else:
            tot = [("player", f"race {self.race}", "total")] + [
                (p, str(self.totals[p]) if p in self.totals else "-", str(running[p]))
                for p in players
            ]
            out += columns(tot, right=(1, 2))
        return "\n".join(out)


@dataclass(frozen=True)
class Season:
    """Several races settled: each race's Settlement, every player of the season (in the
    order they first appear in the bets file), the running totals after each race."""

    races: tuple[Settlement, ...]
    players: tuple[str, ...]
    running: tuple[dict[str, int], ...]

    @property
    def totals(self) -> dict[str, int]:
        return self.running[-1]

    def leaders(self) -> list[str]:
        """The players with the largest total ("the person with the largest winnings after
        the agreed upon number of rounds, wins!"); several on a tie."""
        best = max(self.totals.values())
        return [p for p in self.players if self.totals[p] == best]

    def to_dict(self) -> dict:
        races = []
        for race, running in zip(self.races, self.running, strict=True):
            d = race.to_dict()
            d["running_totals"] = [{"player": p, "total": running[p]} for p in self.players]
            races.append(d)
        return {
            "format": FORMAT,
            "races": races,
            "totals": [{"player": p, "total": self.totals[p]} for p in self.players],
            "leaders": self.leaders(),
        }

    def table(self) -> str:
        """One race: its settlement as before seasons. Several: each race under its number,
        with the running totals, then the season's totals and who leads."""
        if len(self.races) == 1:
            return self.races[0].table()
        out = []
        for race, running in zip(self.races, self.running, strict=True):
            out += [f"Race {race.race}", race.table(running, self.players), ""]
        n = len(self.races)
        out.append(f"Totals after {n} races")
        out += columns(
            [("player", "total")] + [(p, str(self.totals[p])) for p in self.players], right=(1,)
        )
        leaders = self.leaders()
        best = self.totals[leaders[0]]
        if len(leaders) == 1:
            out.append(f"Leading: {leaders[0]} with {best}")
        else:
            out.append(f"Leading: {' and '.join(leaders)}, tied with {best}")
        return "\n".join(out)


def parse_finish(text: str, where: str = "") -> tuple[int, int, int]:
    """'S,M,C', 'SMC' or 'S M C' -> the first three horses. More horses may follow (a full
    finish order); only the first three are paid on. Each horse at most once. Letters are
    the seed's ASCII letters, checked before upper-casing ('ſ'.upper() is 'S', 'ß'.upper()
    'SS'); an empty place between commas is a typo, not a horse (a usage error, exit 2, in
    --finish). `where` names a results file's line ('' for --finish)."""
    from generator.errors import BadOption

    said = f"{where}: finish {text!r}" if where else f"--finish {text!r}"
    example = "S M C" if where else "S,M,C"
    if "," in text:
        parts = [p.strip() for p in text.split(",")]
        if not all(parts):
            message = f"{said} has an empty place between commas: name each horse, e.g. {example}"
            if where:
                raise InvalidInput(message)
            raise BadOption(message, "--finish")
    else:
        parts = [c for c in text if not c.isspace()]
    order = []
    for p in parts:
        if len(p) != 1 or not p.isascii() or p.upper() not in LETTERS:
            raise InvalidInput(
                f"{said}: {p!r} is not a horse letter; use three of {', '.join(LETTERS)}, e.g. {example}"
            )
        h = LETTERS.index(p.upper())
        if h in order:
            raise InvalidInput(f"{said} names {p} twice: name three different horses")
        order.append(h)
    if len(order) < 3:
        raise InvalidInput(
            f"{said} names {len(order)} horse(s): name the first three horses, e.g. {example}"
        )
    return (order[0], order[1], order[2])


def _shown(row: list[str]) -> str:
    """A CSV line as an error quotes it: cut short when long (a crafted file's 4,301 digits),
    a character that hides or turns text written as \\uXXXX (generator/core/names.py)."""
    from generator.core.names import visible

    return visible(shown(",".join(row)))


def race_number(text: str, where: str) -> int:
    """A race number 1..MAX_RACES in ASCII digits (a bets or results file's race column)."""
    t = text.strip()
    n = whole(t) if is_digits(t) else None
    if n is None or not 1 <= n <= MAX_RACES:
        shown = repr(text) if len(text) <= 40 else f"{text[:12]!r}... ({len(text):,} characters)"
        raise InvalidInput(
            f"{where}: race {shown} is not a race number: write 1 for the first race, "
            f"2 for the second ... (at most {MAX_RACES})"
        )
    return n


def read_bets(text: str, source: str = "bets") -> list[Wager]:
    """Parse the CSV text: header `player,bet` (one race) or `race,player,bet` (columns in
    any order), then one bet per line (blank lines skipped). Spellings of one name
    (players.py: case, Unicode composition) are one player, printed as first written, in
    every race. Each player has the credits of a race in each race."""
    from generator.games.triactor.betting.players import Players

    reader = csv.reader(io.StringIO(text), strict=True)
    wagers: list[Wager] = []
    mine: dict[tuple[int, str], list[Bet]] = {}  # each player's bets so far, per race
    names = Players(source)
    header: list[str] | None = None
    for line, row in _rows(reader, source):
        shown = _shown(row)
        if not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [c.strip().lower() for c in row]
            if sorted(header) not in (["bet", "player"], ["bet", "player", "race"]):
                raise InvalidInput(
                    f"{source} line {line} ({shown}): the first line must be the header "
                    "player,bet (or race,player,bet for several races)"
                )
            continue
        if len(row) != len(header):
            example = "alice,SMC" if len(header) == 2 else "1,alice,SMC"
            raise InvalidInput(
                f"{source} line {line} ({shown}): write one "
                + ("player and one bet" if len(header) == 2 else "race, one player and one bet")
                + f", e.g. {example}"
            )
        cell = dict(zip(header, row, strict=True))
        race = race_number(cell["race"], f"{source} line {line} ({shown})") if "race" in cell else 1
        player, bet_text = cell["player"].strip(), cell["bet"].strip()
        if not player:
            raise InvalidInput(f"{source} line {line} ({shown}): the player's name is empty")
        player = names.spelling(player, line, shown)
        try:
            bet = parse_bet(bet_text)
        except InvalidInput as e:
            raise InvalidInput(f"{source} line {line} ({shown}): {e}") from None
        wagers.append(Wager(player, bet, line, bet_text, race, shown, "race" in cell))
        mine.setdefault((race, player), []).append(bet)
        try:
            check_credits(mine[race, player], player)
        except InvalidInput as e:
            raise InvalidInput(f"{source} line {line} ({shown}): {e}") from None
    if header is None:
        raise InvalidInput(f"{source} is empty: write the header player,bet and one bet per line")
    if not wagers:
        raise InvalidInput(f"{source} has no bets: write one bet per line after the header")
    return wagers


def read_results(text: str, source: str = "results") -> list[tuple[int, int, int]]:
    """The finishes of a results file, in race order: header `race,finish`, then one line per
    race, `1,S M C` (the horses as --finish takes them: SMC, S M C or S,M,C; a full finish
    order may follow the first three). Every race 1..n once, in any order."""
    reader = csv.reader(io.StringIO(text), strict=True)
    found: dict[int, tuple[tuple[int, int, int], int]] = {}
    header = False
    for line, row in _rows(reader, source):
        shown = _shown(row)
        if not any(cell.strip() for cell in row):
            continue
        if not header:
            if [c.strip().lower() for c in row] != ["race", "finish"]:
                raise InvalidInput(
                    f"{source} line {line} ({shown}): the first line must be the header race,finish"
                )
            header = True
            continue
        where = f"{source} line {line} ({shown})"
        if len(row) < 2:
            raise InvalidInput(f"{where}: write a race and its finish, e.g. 1,S M C")
        race = race_number(row[0], where)
        if race in found:
            raise InvalidInput(
                f"{where}: race {race} again (its finish is on line {found[race][1]}): "
                "give each race's finish once"
            )
        found[race] = (parse_finish(",".join(row[1:]), where), line)  # 1,S,M,C is 1,"S,M,C"
    if not header:
        raise InvalidInput(f"{source} is empty: write the header race,finish and a line per race")
    if not found:
        raise InvalidInput(f"{source} has no finishes: write one line per race after the header")
    missing = [r for r in range(1, max(found) + 1) if r not in found]
    if missing:
        raise InvalidInput(
            f"{source} has no finish for race {missing[0]} but one for race {max(found)}: "
            "write a line for every race from 1 on"
        )
    return [found[r][0] for r in sorted(found)]


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
    return load_bets_from(path)[0]


def load_bets_from(path: str | Path) -> tuple[list[Wager], str]:
    """The bets in the file `path` ('-': standard input) and how messages name the file."""
    from generator.core import textfile

    text, source = textfile.read_arg(path, "bets file", "save it as CSV (UTF-8)", MAX_BYTES)
    return read_bets(text, source), source


def load_results(path: str | Path) -> tuple[list[tuple[int, int, int]], str]:
    """The finishes in the results file `path` ('-': standard input), in race order, and how
    messages name the file."""
    from generator.core import textfile

    text, source = textfile.read_arg(path, "results file", "save it as CSV (UTF-8)", RESULTS_BYTES)
    return read_results(text, source), source


def settle_season(
    wagers: Sequence[Wager],
    finishes: Sequence[Sequence[int]],
    bets_source: str = "bets",
    finishes_source: str = "--finish",
) -> Season:
    """Settle every race: race k's bets (race column k) paid for finishes[k - 1]. Bets for a
    race with no finish, and a finish for a race with no bets, are refused (one line naming
    the first of them: the line of the bet, or the race)."""
    n = len(finishes)
    if n < 1:
        raise InvalidInput("no finish given: give --finish once per race, or --results FILE")
    given = f"{n} finish{'es were' if n != 1 else ' was'} given ({finishes_source})"
    by_race: dict[int, list[Wager]] = {}
    for w in wagers:
        if w.race > n:
            raise InvalidInput(
                f"{bets_source} line {w.line} ({w.shown or w.text}): a bet for race {w.race}, "
                f"but only {given}: give a finish for every race, in race order"
            )
        by_race.setdefault(w.race, []).append(w)
    if n > 1 and not any(w.race_column for w in wagers):
        raise InvalidInput(
            f"{bets_source} has no race column, so it is one race, but {given}: give one "
            "finish, or add a race column (header race,player,bet) for several races"
        )
    for race in range(1, n + 1):
        if race not in by_race:
            has = sorted(by_race)
            raise InvalidInput(
                f"{given}, but {bets_source} has no bets for race {race} (it has bets for "
                f"race{'s' if len(has) > 1 else ''} {_and(has)}): give one finish per race "
                "that has bets, in race order"
            )
    players = tuple(dict.fromkeys(w.player for w in wagers))
    races = []
    running: list[dict[str, int]] = []
    total = dict.fromkeys(players, 0)
    for race in range(1, n + 1):
        result = settle(by_race[race], finishes[race - 1], race)
        for p, amount in result.totals.items():
            total[p] += amount
        races.append(result)
        running.append(dict(total))
    return Season(tuple(races), players, tuple(running))


def _and(numbers: Sequence[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def settle(wagers: Sequence[Wager], finish: Sequence[int], race: int = 1) -> Settlement:
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
    return Settlement(top, players, backs, backers, tuple(payouts), totals, race)
