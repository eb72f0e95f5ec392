"""A Pushing Race position packed into one integer, for the simulator: the packing, the
spaces of a lane's bits, and the Position of an int and back.

Player p owns a lane of LANE bits at p * LANE; the lane's low 3 bits count the pieces p has
finished (0-5), bit OFF + i says that p stands on space i (i = index(col, row), 0-26).
Waiting pieces are what is left of five, and the winner is the player with five finished
(the game ends with the first), so the int is the whole position but whose turn it is. The
setup (every piece waiting) is the int 0.
"""

from __future__ import annotations

from generator.games.pushing_race.rules.position import Position
from generator.games.pushing_race.rules.track import COLUMNS, PIECES, ROWS

LANE = 30  # bits a player: 3 for the finished count, 27 for the spaces
OFF = 3
SPACES = COLUMNS * ROWS
CELLS = (1 << SPACES) - 1

# bit 0 of each finished count: (s >> 2) & s & FIVES_AT is not 0 when a count is 5 (binary
# 101; the counts never pass 5), i.e. when someone has won
FIVES_AT = 1 | 1 << LANE | 1 << 2 * LANE | 1 << 3 * LANE


def _cells_table(chunk: int) -> list[tuple[int, ...]]:
    return [tuple(chunk * 9 + i for i in range(9) if x >> i & 1) for x in range(512)]


_C0, _C1, _C2 = (_cells_table(k) for k in range(3))


def cells_of(bits: int) -> tuple[int, ...]:
    """The spaces whose bits are set (27 bits), from the Start line."""
    return _C0[bits & 511] + _C1[(bits >> 9) & 511] + _C2[bits >> 18]


def encode(pos: Position) -> int:
    """The int of a position (whose turn it is is not in it)."""
    s = 0
    for p in range(pos.players):
        s |= pos.finished[p] << (p * LANE)
    for i, p in enumerate(pos.cells):
        if p is not None:
            s |= 1 << (p * LANE + OFF + i)
    return s


def decode(s: int, players: int, turn: int) -> Position:
    """The Position of an int, `turn` to move."""
    cells: list[int | None] = [None] * SPACES
    finished, waiting = [], []
    winner = None
    for p in range(players):
        lane = s >> (p * LANE)
        fin = lane & 7
        mine = cells_of((lane >> OFF) & CELLS)
        for i in mine:
            cells[i] = p
        finished.append(fin)
        waiting.append(PIECES - fin - len(mine))
        if fin == PIECES:
            winner = p
    return Position(players, tuple(cells), tuple(waiting), tuple(finished), turn, winner)
