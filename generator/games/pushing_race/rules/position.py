"""A position: who stands on each of the 27 spaces, how many pieces each player still has
waiting before the Start line and how many have passed the Finish line, whose turn it is.

Positions are immutable (tuples), so a move's result can be compared, hashed and deduplicated.
Pieces of one player are identical (the seed: "five identical pieces"), so a position is fully
described by these counts.

Text format (what `format_position` writes and `parse_position` reads)::

    players=2 turn=A finished=A0,B1
    9 . . .
    ...
    1 A . B
        a b c

Row lines give a row number and three cells (a, b, c; "." empty, A-D a player's piece), spaces
optional; omitted rows are empty. The same tokens fit on one command-line argument:
"players=2 turn=B a1=A b1=B c4=A finished=B1". "start" or "start:3" is the setup position.
Waiting pieces are what is left of each player's five.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from generator.errors import InvalidInput
from generator.games.pushing_race.rules.track import (
    COLUMNS,
    LETTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PIECES,
    PLAYER_NAMES,
    ROWS,
    index,
    parse_square,
)


@dataclass(frozen=True)
class Position:
    players: int
    cells: tuple[int | None, ...]  # index(col, row) -> player or None
    waiting: tuple[int, ...]  # per player, before the Start line
    finished: tuple[int, ...]  # per player, past the Finish line
    turn: int = 0  # the player to move
    winner: int | None = None

    def at(self, col: int, row: int) -> int | None:
        return self.cells[index(col, row)]

    def on_track(self, player: int) -> int:
        return sum(1 for p in self.cells if p == player)

    def pieces_of(self, player: int) -> list[tuple[int, int]]:
        """Squares (col, row) of `player`'s pieces on the track, from the Start line."""
        return [(i % COLUMNS, i // COLUMNS + 1) for i, p in enumerate(self.cells) if p == player]

    def next_turn(self) -> Position:
        return replace(self, turn=(self.turn + 1) % self.players)

    def check(self) -> None:
        """Every player has exactly five pieces, waiting, on the track or finished."""
        for p in range(self.players):
            total = self.waiting[p] + self.on_track(p) + self.finished[p]
            if total != PIECES or self.waiting[p] < 0:
                raise InvalidInput(
                    f"player {PLAYER_NAMES[p]} has {self.on_track(p)} on the track and "
                    f"{self.finished[p]} finished: at most {PIECES} pieces in all"
                )


def start(players: int = 2) -> Position:
    """The setup: every piece waiting in a pile before the Start line, A to move."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidInput(f"{players} players: Pushing Race is for 2 to 4 players")
    return Position(
        players, (None,) * (COLUMNS * ROWS), (PIECES,) * players, (0,) * players, 0, None
    )


def _player(letter: str, players: int, where: str) -> int:
    name = letter.strip().upper()
    i = PLAYER_NAMES.find(name) if len(name) == 1 else -1
    if i < 0 or i >= players:
        raise InvalidInput(
            f"{where}: {letter!r} is not a player: use {', '.join(PLAYER_NAMES[:players])}"
        )
    return i


MAX_TEXT = 64 * 1024  # characters: a position is a few short lines
MAX_TOKEN = 64  # characters: the longest token is finished=A5,B5,C5,D5

_ROW_LINE = re.compile(r"^\s*(\d+)\s*[|:]?\s*([.A-Da-d](?:\s*[.A-Da-d]){2})\s*[|]?\s*$", re.ASCII)


def parse_position(text: str) -> Position:
    """Read a position (the format above); errors say which token is wrong and how to fix it."""
    text = text.removeprefix("\ufeff")  # a byte-order mark, as Windows editors save
    if len(text) > MAX_TEXT:
        raise InvalidInput(
            f"the position is {len(text):,} characters long: a position is a few short lines"
        )
    long = next((t for t in text.split() if len(t) > MAX_TOKEN), None)
    if long is not None:
        raise InvalidInput(
            f"position token {long[:24]!r}... is {len(long):,} characters long: write "
            "key=value tokens (players=2, turn=A, a1=A, finished=A1,B0) or row lines"
        )
    raw = text.strip()
    m = re.fullmatch(r"start(?::([0-9]+))?", raw.lower())
    if m:
        return start(int(m.group(1) or 2))
    rows: dict[int, str] = {}
    tokens: list[str] = []
    # lines end at \n, \r\n or \r only (str.splitlines also breaks at form feeds and other
    # separators, which would put error line numbers off the file's)
    lines = re.split(r"\r\n|\r|\n", text)
    if not any(ln.split("#", 1)[0].strip() for ln in lines):
        raise InvalidInput(
            "the position is empty: write a position (players=2 turn=A a1=A ... or row lines), "
            "or give 'start'"
        )
    for lineno, line in enumerate(lines, start=1):
        line = line.split("#", 1)[0]
        if not line.strip():
            continue
        rm = _ROW_LINE.match(line)
        if rm:
            r = int(rm.group(1))
            if not 1 <= r <= ROWS:
                raise InvalidInput(
                    f"line {lineno}: row line {line.strip()!r}: rows run from 1 to {ROWS}"
                )
            if r in rows:
                raise InvalidInput(
                    f"line {lineno}: row {r} is given twice: a position holds one board "
                    "(lines of a diagram start with '#')"
                )
            rows[r] = re.sub(r"\s", "", rm.group(2)).upper()
            continue
        if re.fullmatch(r"\s*a\s+b\s+c\s*", line):
            continue  # the column legend under the rows
        if re.match(r"\s*[0-9]+\s*[|:]?\s*[^\s=]*\s*$", line) or re.match(
            r"\s*[0-9]+\s+[^=]*$", line
        ):
            raise InvalidInput(
                f"line {lineno}: row line {line.strip()!r}: write the row number, then three "
                "cells, each . or a player letter A-D (e.g. '2 A . B')"
            )
        tokens += line.replace(";", " ").split()
    settings: dict[str, str] = {}
    placed: dict[tuple[int, int], str] = {}
    for tok in tokens:
        if "=" not in tok:
            raise InvalidInput(
                f"position token {tok!r}: write key=value (players=2, turn=A, a1=A, "
                "finished=A1,B0) or a row line such as '1 A . B'"
            )
        key, value = (s.strip() for s in tok.split("=", 1))
        if key.lower() in ("players", "turn", "finished"):
            if key.lower() in settings:
                raise InvalidInput(f"{key.lower()}= is given twice: give it once")
            settings[key.lower()] = value
        else:
            sq = parse_square(key)
            if sq in placed:
                raise InvalidInput(f"square {key} is given twice")
            if sq[1] in rows:
                raise InvalidInput(
                    f"square {key} is given twice: by {tok!r} and by the row line {sq[1]}"
                )
            placed[sq] = value.upper()
    letters_used = {v for v in placed.values() if v != "."}
    letters_used |= {ch for row in rows.values() for ch in row if ch != "."}
    if "players" in settings:
        if not (settings["players"].isascii() and settings["players"].isdigit()):
            raise InvalidInput(f"players={settings['players']!r}: write a number 2-4")
        players = int(settings["players"])
    else:
        highest = max((PLAYER_NAMES.find(ch) for ch in letters_used), default=1)
        players = max(2, highest + 1)
    base = start(players)
    cells: list[int | None] = list(base.cells)
    for r, row in rows.items():
        for c, ch in enumerate(row):
            if ch != ".":
                cells[index(c, r)] = _player(ch, players, f"row {r} column {LETTERS[c]}")
    for (c, r), v in placed.items():
        if cells[index(c, r)] is not None:
            raise InvalidInput(f"square {LETTERS[c]}{r} is given twice")
        cells[index(c, r)] = None if v == "." else _player(v, players, f"{LETTERS[c]}{r}={v}")
    finished = [0] * players
    seen_finished: set[int] = set()
    if settings.get("finished"):
        for part in settings["finished"].split(","):
            part = part.strip()
            fm = re.fullmatch(r"([A-Da-d])[:=]?([0-9]+)", part)
            if not fm:
                raise InvalidInput(f"finished={settings['finished']!r}: write e.g. finished=A2,B0")
            who = _player(fm.group(1), players, "finished")
            if who in seen_finished:
                raise InvalidInput(
                    f"finished={settings['finished']!r} names {PLAYER_NAMES[who]} twice: once each"
                )
            seen_finished.add(who)
            finished[who] = int(fm.group(2))
    turn = _player(settings.get("turn", "A"), players, "turn")
    waiting = [PIECES - sum(1 for p in cells if p == i) - finished[i] for i in range(players)]
    five = [i for i in range(players) if finished[i] == PIECES]
    if len(five) > 1:
        raise InvalidInput("two players have finished all five pieces: only one can win")
    pos = Position(
        players, tuple(cells), tuple(waiting), tuple(finished), turn, five[0] if five else None
    )
    pos.check()
    return pos


def format_position(pos: Position) -> str:
    """The text format, Finish row at the top (as the board is printed)."""
    fin = ",".join(f"{PLAYER_NAMES[p]}{pos.finished[p]}" for p in range(pos.players))
    lines = [f"players={pos.players} turn={PLAYER_NAMES[pos.turn]} finished={fin}"]
    for r in range(ROWS, 0, -1):
        cells = [pos.at(c, r) for c in range(COLUMNS)]
        lines.append(f"{r} " + " ".join("." if p is None else PLAYER_NAMES[p] for p in cells))
    lines.append("  " + " ".join(LETTERS))
    return "\n".join(lines)


def describe(pos: Position) -> str:
    """A board diagram with the Start and Finish lines and each player's counts."""
    out = ["   ======= FINISH"]
    for r in range(ROWS, 0, -1):
        cells = [pos.at(c, r) for c in range(COLUMNS)]
        out.append(f"{r:2d} " + " ".join("." if p is None else PLAYER_NAMES[p] for p in cells))
    out.append("   ======= START")
    out.append("   " + " ".join(LETTERS))
    for p in range(pos.players):
        mark = " (to move)" if p == pos.turn and pos.winner is None else ""
        win = " (winner)" if p == pos.winner else ""
        out.append(
            f"{PLAYER_NAMES[p]}: waiting {pos.waiting[p]}, on the track {pos.on_track(p)}, "
            f"finished {pos.finished[p]}{mark}{win}"
        )
    return "\n".join(out)
