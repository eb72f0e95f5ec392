"""Answers in the notation `paths` prints, and checking a player's answer against the rules.

A die is `FACE@COLUMN,ROW/DEGREES` (`4@21,14/0`: a 4 on square 21,14, turned 0 degrees
counter-clockwise); the path ends with `stop [SQUARE]`, `bump SQUARE` (the car struck) or
`draft SQUARE [LANDING]` (the team-mate drafted, and where to land when there is a choice).
Commas between dice, `->` and `via` are allowed, so a line `paths` prints can be pasted.
A fewest answer may go on after a bump or draft with the next dice of the same turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.core.numbers import whole
from generator.errors import InvalidInput
from generator.games.trading_paint.rules.board import Board
from generator.games.trading_paint.rules.faces import load_faces
from generator.games.trading_paint.rules.moves import (
    first_squares,
    next_squares,
    occupancy,
    slot_at,
    slot_exits,
)
from generator.games.trading_paint.rules.state import (
    BANK,
    FINISHED,
    PATH,
    PLACE,
    ROLL,
    Bump,
    Draft,
    Face,
    Move,
    Place,
    Roll,
    State,
    Stop,
)
from generator.games.trading_paint.rules.turn import apply_legal, legal_moves

_DIE = re.compile(r"^([0-9])@(-?[0-9]+),(-?[0-9]+)/(-?[0-9]+)$")  # ASCII digits only
_SQUARE = re.compile(r"^(-?[0-9]+),(-?[0-9]+)$")
ENDINGS = ("stop", "bump", "draft")


def die_text(board: Board, die: tuple[int, int, int]) -> str:
    square, face, rotation = die
    return f"{face}@{board.label(square)}/{rotation * 90}"


@dataclass(frozen=True)
class Token:
    """A die (face, square, quarter turns) or an ending (word, squares)."""

    text: str
    face: int = 0
    square: int = -1
    rotation: int = 0
    word: str = ""
    squares: tuple[int, ...] = ()


def parse(board: Board, text: str) -> list[Token]:
    """The tokens of an answer; a malformed one is an InvalidInput naming it."""
    words = [w.strip(",;") for w in text.replace("->", " ").split()]
    words = [w for w in words if w and w != "via"]
    out: list[Token] = []
    i = 0
    while i < len(words):
        w = words[i]
        m = _DIE.match(w)
        if m:
            face, x, y, deg = (_number(v, w) for v in m.groups())
            if deg % 90:
                raise InvalidInput(f"{w}: turn a die by 0, 90, 180 or 270 degrees")
            out.append(Token(w, face=face, square=_square(board, x, y, w), rotation=deg // 90 % 4))
            i += 1
            continue
        if w.lower() in ENDINGS:
            squares = []
            j = i + 1
            while j < len(words) and _SQUARE.match(words[j]) and len(squares) < 2:
                x, y = (_number(v, words[j]) for v in _SQUARE.match(words[j]).groups())  # type: ignore[union-attr]
                squares.append(_square(board, x, y, words[j]))
                j += 1
            out.append(Token(" ".join(words[i:j]), word=w.lower(), squares=tuple(squares)))
            i = j
            continue
        raise InvalidInput(
            f"answer word {w!r}: write dice as FACE@COLUMN,ROW/DEGREES (4@21,14/0) and end with "
            "stop, bump SQUARE or draft SQUARE"
        )
    if not out:
        raise InvalidInput("the answer is empty: write the dice, e.g. 4@21,14/0 6@22,14/90 stop")
    return out


def _number(text: str, word: str) -> int:
    """A column, row, face or angle of an answer word, bounded before conversion."""
    n = whole(text)
    if n is None:
        raise InvalidInput(
            f"answer word {word[:40]!r}: a number of {len(text)} digits; faces, columns, rows "
            "and degrees are small whole numbers (4@21,14/0)"
        )
    return n


def _square(board: Board, x: int, y: int, word: str) -> int:
    if not (0 <= x < board.width and 0 <= y < board.height):
        raise InvalidInput(
            f"{word}: square {x},{y} is off the board (columns 0 to {board.width - 1}, "
            f"rows 0 to {board.height - 1})"
        )
    return board.cell(x, y)


def same_look(face: int, a: int, b: int) -> bool:
    fs = load_faces()
    return fs.orientation(face, a).grid == fs.orientation(face, b).grid


@dataclass
class Replay:
    """A player's answer played through the rules: the moves, or the first thing wrong."""

    moves: list[tuple[State, Move]]
    state: State  # after the last move played
    dice: int
    error: str = ""


def replay(
    state: State, faces: tuple[int, ...], tokens: list[Token], *, finish: bool = False
) -> Replay:
    """Play the tokens from `state` (the start of a turn or the middle of a path) through the
    rules engine; stops at the first die or ending that the rules do not allow, and says why.
    finish: the goal is to finish, so a bare `stop` is a stop across the line (any one: a
    finished car leaves the board) when the path can stop both across it and short of it."""
    b = state.board
    me = state.car
    moves: list[tuple[State, Move]] = []
    dice = 0
    for n, tok in enumerate(tokens, 1):
        if state.car != me or state.over:
            return Replay(moves, state, dice, f"{tok.text}: the turn is already over")
        if tok.word:
            move, why = _ending(state, tok, finish)
            if move is None:
                return Replay(moves, state, dice, f"{tok.text}: {why}")
            moves.append((state, move))
            state = apply_legal(state, move)
            continue
        # a die: roll it (after a bank or in the middle of a path, roll on first)
        if state.dice >= len(faces):
            rolled = "1 face is" if len(faces) == 1 else f"{len(faces)} faces are"
            return Replay(moves, state, dice, f"die {n} ({tok.text}): only {rolled} rolled")
        if state.stage in (PATH, BANK):
            if Roll() not in legal_moves(state):
                return Replay(
                    moves,
                    state,
                    dice,
                    f"die {n} ({tok.text}): there is no free square to roll on for",
                )
            moves.append((state, Roll()))
            state = apply_legal(state, Roll())
        if state.stage != ROLL:
            return Replay(moves, state, dice, f"die {n} ({tok.text}): no die can be laid now")
        k = state.dice
        if tok.face != faces[k]:
            return Replay(
                moves,
                state,
                dice,
                f"die {n} ({tok.text}): roll {k + 1} is a {faces[k]}, not a {tok.face}",
            )
        rolled = apply_legal(state, Face(tok.face))
        if rolled.car != me or rolled.stage != PLACE:
            return Replay(
                moves,
                rolled,
                dice,
                f"die {n} ({tok.text}): the {tok.face} fits nowhere; the turn is lost",
            )
        place, why = place_token(rolled, tok)
        if place is None:
            return Replay(moves, rolled, dice, f"die {n} ({tok.text}): {why}")
        moves.append((rolled, place))
        state = apply_legal(rolled, place)
        dice += 1
        if state.car != me:
            where = b.label(state.pos[me]) if state.pos[me] >= 0 else "the finish"
            return Replay(
                moves,
                state,
                dice,
                ""
                if n == len(tokens)
                else f"die {n} ({tok.text}): no way on from it; the car ends at {where} and the turn is over",
            )
    return Replay(moves, state, dice)


def place_token(state: State, tok: Token) -> tuple[Move | None, str]:
    """The legal Place that lays the die as the token says, or why it cannot."""
    b = state.board
    slot = slot_at(state, tok.square)
    if slot is None:
        occ = occupancy(state)
        slots = next_squares(state, occ) if state.path else first_squares(state, state.car, occ)
        reach = " ".join(b.label(s.square) for s in slots) or "nowhere"
        return (
            None,
            f"{b.label(tok.square)} is not a square the path can go on now (it can: {reach})",
        )
    exits = slot_exits(b, slot, tok.face, tok.rotation)
    if not load_faces().orientation(tok.face, tok.rotation).openings[slot.side] & slot.bits:
        return None, (
            f"turned {tok.rotation * 90} degrees the {tok.face} is closed on the side the path "
            "comes from"
        )
    want = tuple(d for d, _ in exits)
    for m in legal_moves(state):
        if isinstance(m, Place) and m.square == tok.square:
            got = slot_exits(b, slot, tok.face, m.rotation)
            if tuple(d for d, _ in got) == want:
                return m, ""
    return None, f"turned {tok.rotation * 90} degrees the {tok.face} leads nowhere from there"


def _ending(state: State, tok: Token, finish: bool = False) -> tuple[Move | None, str]:
    b = state.board
    legal = legal_moves(state) if state.stage in (PATH, BANK) else []
    if tok.word == "stop":
        stops = [m for m in legal if isinstance(m, Stop)]
        if not stops:
            return None, "the car cannot stop here (no free square beyond an open exit)"
        if tok.squares:
            match = [m for m in stops if m.square == tok.squares[0]]
            if not match:
                can = " ".join(b.label(m.square) for m in stops)
                return (
                    None,
                    f"the path does not lead to {b.label(tok.squares[0])} (it can stop on {can})",
                )
            return match[0], ""
        if len(stops) > 1 and finish:
            across = [m for m in stops if apply_legal(state, m).pos[state.car] == FINISHED]
            if across:
                return across[0], ""
        if len(stops) > 1:
            can = " ".join(b.label(m.square) for m in stops)
            return None, f"say where to stop: {can}"
        return stops[0], ""
    cls = Bump if tok.word == "bump" else Draft
    options = [m for m in legal if isinstance(m, cls)]
    if not options:
        return None, f"no {tok.word} is open here"
    if tok.squares:
        options = [
            m
            for m in options
            if m.square == tok.squares[0] or (isinstance(m, Draft) and m.landing == tok.squares[0])
        ]
        if not options:
            return None, f"no {tok.word} of a car on {b.label(tok.squares[0])} is open here"
        if len(tok.squares) > 1 and cls is Bump:
            return None, "a bump names one square: the car it strikes"
        if len(tok.squares) > 1:
            lands = [m for m in options if isinstance(m, Draft) and m.landing == tok.squares[1]]
            if not lands:
                who = state.occupant(options[0].square) + 1
                lands_open = sorted({m.landing for m in options}, key=lambda c: b.xy(c)[::-1])
                can = " or ".join(b.label(c) for c in lands_open)
                return None, (
                    f"the draft of car {who} on {b.label(options[0].square)} may land on {can}, "
                    f"not on {b.label(tok.squares[1])}"
                )
            options = lands
    if len({m.square for m in options}) > 1:
        return None, f"say which car to {tok.word}"
    return options[0], ""


def cars_after(state: State) -> list[dict]:
    """Where every car is, in board coordinates."""
    b = state.board
    out = []
    for i, p in enumerate(state.pos):
        entry: dict = {"car": i + 1}
        if p == FINISHED:
            entry["finished"] = state.finished.index(i) + 1
        elif p < 0:
            entry["waiting"] = True
        elif state.entry[i] >= 0:
            entry["pit" if b.kind[p] == 2 else "wall"] = list(b.xy(p))
        else:
            entry["at"] = list(b.xy(p))
        out.append(entry)
    return out
