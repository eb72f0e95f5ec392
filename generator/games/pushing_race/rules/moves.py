"""The Icehouse die's moves: every legal move of a roll, each with its printable notation and
the position it leads to.

Faces: TIP (straight forward), AIM (diagonally forward), HOP (jump one piece), SWAP (exchange
with an adjacent opponent), DIG (straight back), WILD (any of them). A moved piece is always
the mover's own (SWAP: one of each); pushed and jumped pieces may be anyone's. Decisions are
numbered in docs/rules/pushing-race.md (D1, D2, ...) and cited here.

Notation (columns a-c, rows 1-9 from the Start line; row 0 is a waiting piece crossing the
Start line at that column; a row past 9 is across the Finish line):

    TIP b3 +2            one piece two spaces straight forward
    TIP b3 +1, a1 +1     two pieces one space each, in that order (squares as they stand then)
    TIP b0 +1            a waiting piece enters at b1
    AIM a1->c3           one piece two spaces diagonally (a1, b2, c3; a1->b3 is a1, c2, b3)
    AIM a1->b2, c4->a5   two pieces one diagonal space each
    HOP a1^b2->c3        a1 jumps b2, lands on c3
    SWAP a3<>b4          your a3 and the opponent's b4 change places
    SWAP S<>b1           a waiting piece of yours and the opponent's b1
    DIG b3 -1            one piece one space back
    pass                 no move is possible

Two ways to reach the same position are one move (D12): the first in generation order names it.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import InvalidInput
from generator.games.pushing_race.rules.position import Position
from generator.games.pushing_race.rules.track import (
    COLUMNS,
    PIECES,
    PLAYER_NAMES,
    ROWS,
    column_distance,
    index,
    name,
)

FACES = ("TIP", "AIM", "HOP", "SWAP", "DIG", "WILD")
KINDS = FACES[:5]  # what a WILD may be
FORWARD = 1
BACK = -1


@dataclass(frozen=True)
class Move:
    kind: str  # TIP AIM HOP SWAP DIG, or PASS
    text: str
    after: Position  # the position after the move, the next player to move

    def __str__(self) -> str:
        return self.text


class _Work:
    """A position being changed in place while one move is played."""

    __slots__ = ("players", "cells", "waiting", "finished", "winner")

    def __init__(self, pos: Position) -> None:
        self.players = pos.players
        self.cells = list(pos.cells)
        self.waiting = list(pos.waiting)
        self.finished = list(pos.finished)
        self.winner = pos.winner

    def copy(self) -> _Work:
        w = _Work.__new__(_Work)
        w.players = self.players
        w.cells = self.cells[:]
        w.waiting = self.waiting[:]
        w.finished = self.finished[:]
        w.winner = self.winner
        return w

    def finish(self, player: int) -> None:
        """A piece passes the Finish line (D3: for its owner, whoever pushed it). The first
        player whose fifth piece passes wins at once (D10)."""
        self.finished[player] += 1
        if self.finished[player] == PIECES and self.winner is None:
            self.winner = player

    def freeze(self, turn: int) -> Position:
        return Position(
            self.players,
            tuple(self.cells),
            tuple(self.waiting),
            tuple(self.finished),
            (turn + 1) % self.players,
            self.winner,
        )

    def step(self, col: int, row: int, dc: int, dr: int, owner: int) -> tuple[int, int] | None:
        """Move one piece one space by (dc, dr), pushing the line in front of it (D5).

        row 0 is a waiting piece of `owner` crossing the Start line from column `col` (D4).
        The line is every piece in direct contact ahead in the direction of motion; it moves
        from its far end, so each piece lands on the space just freed. Pieces pushed past row 9
        finish (D3, D6), pieces pushed below row 1 go back to their owner's pile (D8).
        Returns the mover's new square, or None when it left the track.
        """
        cells = self.cells
        tc, tr = (col + dc) % COLUMNS, row + dr
        line = []
        c, r = tc, tr
        while 1 <= r <= ROWS and cells[index(c, r)] is not None:
            line.append((c, r))
            c, r = (c + dc) % COLUMNS, r + dr
        for c, r in reversed(line):
            i = index(c, r)
            p = cells[i]
            cells[i] = None
            nc, nr = (c + dc) % COLUMNS, r + dr
            if nr > ROWS:
                self.finish(p)
            elif nr < 1:
                self.waiting[p] += 1
            else:
                cells[index(nc, nr)] = p
        if row == 0:
            self.waiting[owner] -= 1
        else:
            cells[index(col, row)] = None
        if tr > ROWS:
            self.finish(owner)
            return None
        if tr < 1:
            self.waiting[owner] += 1
            return None
        cells[index(tc, tr)] = owner
        return tc, tr


def _sources(w: _Work, player: int, skip: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """The player's movable pieces: squares on the track (from the Start line), then one
    entry per column when a piece waits (row 0). `skip`: the square of a piece that already
    moved this turn (D9)."""
    out = [
        (i % COLUMNS, i // COLUMNS + 1)
        for i, p in enumerate(w.cells)
        if p == player and (i % COLUMNS, i // COLUMNS + 1) != skip
    ]
    if w.waiting[player] > 0:
        out += [(c, 0) for c in range(COLUMNS)]
    return out


def _forward_moves(pos: Position, kind: str) -> list[tuple[str, _Work]]:
    """TIP (straight) or AIM (either diagonal): one piece two spaces (same direction, D2,
    D7), or two different pieces one space each, one after the other (D9)."""
    player = pos.turn
    base = _Work(pos)
    dirs = (0,) if kind == "TIP" else (1, -1)
    out: list[tuple[str, _Work]] = []

    def label(col: int, row: int, dc: int, steps: int) -> str:
        if kind == "TIP":
            return f"{name(col, row)} +{steps}"
        return f"{name(col, row)}->{name((col + dc * steps) % COLUMNS, row + steps)}"

    for col, row in _sources(base, player):
        for dc in dirs:
            w = base.copy()
            sq = w.step(col, row, dc, FORWARD, player)
            if sq is not None and w.winner is None:
                w.step(sq[0], sq[1], dc, FORWARD, player)
            out.append((f"{kind} {label(col, row, dc, 2)}", w))
    for col, row in _sources(base, player):
        for dc in dirs:
            w1 = base.copy()
            sq = w1.step(col, row, dc, FORWARD, player)
            first = label(col, row, dc, 1)
            if w1.winner is not None:  # the game ended with the first piece (D10)
                out.append((f"{kind} {first}", w1))
                continue
            for col2, row2 in _sources(w1, player, skip=sq):
                for dc2 in dirs:
                    w2 = w1.copy()
                    w2.step(col2, row2, dc2, FORWARD, player)
                    out.append((f"{kind} {first}, {label(col2, row2, dc2, 1)}", w2))
    return out


def _hop_moves(pos: Position) -> list[tuple[str, _Work]]:
    """HOP: an own piece jumps exactly one adjacent piece (anyone's) straight or diagonally
    forward and lands on the free space just beyond (D11); past row 9 it finishes."""
    player = pos.turn
    base = _Work(pos)
    out = []
    for col, row in _sources(base, player):
        for dc in (0, 1, -1):
            oc, orow = (col + dc) % COLUMNS, row + 1
            lc, lrow = (col + 2 * dc) % COLUMNS, row + 2
            if orow > ROWS or base.cells[index(oc, orow)] is None:
                continue
            if lrow <= ROWS and base.cells[index(lc, lrow)] is not None:
                continue  # two pieces would have to be jumped
            w = base.copy()
            if row == 0:
                w.waiting[player] -= 1
            else:
                w.cells[index(col, row)] = None
            if lrow > ROWS:
                w.finish(player)
            else:
                w.cells[index(lc, lrow)] = player
            out.append((f"HOP {name(col, row)}^{name(oc, orow)}->{name(lc, lrow)}", w))
    return out


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Orthogonally or diagonally next to each other, around the cylinder too."""
    dr = abs(a[1] - b[1])
    dc = column_distance(a[0], b[0])
    return (dr, dc) != (0, 0) and dr <= 1 and dc <= 1


def _swap_moves(pos: Position) -> list[tuple[str, _Work]]:
    """SWAP: an own piece and an adjacent opponent piece change places; or an own waiting
    piece and an opponent piece on row 1 (the opponent's piece goes to its owner's pile, D13)."""
    player = pos.turn
    base = _Work(pos)
    out = []
    mine = pos.pieces_of(player)
    theirs = [
        (i % COLUMNS, i // COLUMNS + 1)
        for i, p in enumerate(pos.cells)
        if p is not None and p != player
    ]
    for a in mine:
        for b in theirs:
            if adjacent(a, b):
                w = base.copy()
                ia, ib = index(*a), index(*b)
                w.cells[ia], w.cells[ib] = w.cells[ib], w.cells[ia]
                out.append((f"SWAP {name(*a)}<>{name(*b)}", w))
    if pos.waiting[player] > 0:
        for b in theirs:
            if b[1] == 1:
                w = base.copy()
                ib = index(*b)
                w.waiting[w.cells[ib]] += 1
                w.waiting[player] -= 1
                w.cells[ib] = player
                out.append((f"SWAP S<>{name(*b)}", w))
    return out


def _dig_moves(pos: Position) -> list[tuple[str, _Work]]:
    """DIG: an own piece one space straight back, pushing the line behind it (D8)."""
    player = pos.turn
    out = []
    for col, row in pos.pieces_of(player):
        w = _Work(pos)
        w.step(col, row, 0, BACK, player)
        out.append((f"DIG {name(col, row)} -1", w))
    return out


_GENERATORS = {
    "TIP": lambda pos: _forward_moves(pos, "TIP"),
    "AIM": lambda pos: _forward_moves(pos, "AIM"),
    "HOP": _hop_moves,
    "SWAP": _swap_moves,
    "DIG": _dig_moves,
}


def parse_face(text: str) -> str:
    face = text.strip().upper()
    if face not in FACES:
        raise InvalidInput(f"roll {text!r} is not a die face: use one of {', '.join(FACES)}")
    return face


def legal_moves(pos: Position, face: str) -> list[Move]:
    """Every legal move of `face` from `pos`, one per distinct resulting position (D12), in
    generation order. Empty when the game is over or no move is possible (then the turn
    passes: see `moves_or_pass`)."""
    face = parse_face(face)
    if pos.winner is not None:
        return []
    kinds = KINDS if face == "WILD" else (face,)
    # the resulting position as plain tuples (the player to move next is the same for all):
    # a Position is built only for the first way to each (simulations list every move)
    seen: set[tuple] = set()
    out = []
    for kind in kinds:
        for text, w in _GENERATORS[kind](pos):
            key = (tuple(w.cells), tuple(w.waiting), tuple(w.finished), w.winner)
            if key not in seen:
                seen.add(key)
                out.append(Move(kind, text, w.freeze(pos.turn)))
    return out


def moves_or_pass(pos: Position, face: str) -> list[Move]:
    """ "If a move is possible, you have to do it ... If no move is possible, the player's turn
    ends without moving": the legal moves, or the single pass."""
    moves = legal_moves(pos, face)
    if moves or pos.winner is not None:
        return moves
    return [Move("PASS", "pass", pos.next_turn())]


def find_move(pos: Position, face: str, text: str) -> Move:
    """The move of `face` written `text` (spaces and case ignored)."""
    if pos.winner is not None:
        raise InvalidInput(
            f"{text!r} cannot be played: the game is over, {PLAYER_NAMES[pos.winner]} has won"
        )
    want = "".join(text.split()).lower()
    moves = moves_or_pass(pos, face)
    for m in moves:
        if "".join(m.text.split()).lower() in (want, f"{face.lower()}{want}"):
            return m
    # another way of writing a listed move (two pieces in the other order, D9): every way the
    # generators find, named by the move listed for the same resulting position (D12)
    by_after = {m.after: m for m in moves}
    kinds = KINDS if parse_face(face) == "WILD" else (parse_face(face),)
    for kind in kinds:
        for written, w in _GENERATORS[kind](pos):
            if "".join(written.split()).lower() in (want, f"{kind.lower()}{want}"):
                return Move(kind, written, by_after[w.freeze(pos.turn)].after)
    listed = "; ".join(m.text for m in moves[:6]) + ("; ..." if len(moves) > 6 else "")
    raise InvalidInput(f"{text!r} is not a legal {parse_face(face)} move here: legal: {listed}")
