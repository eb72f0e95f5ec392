"""The caution flag and wrecks: when the period runs, how cars line up, where wrecks go.

The caution period starts when the leader (the car furthest round the lap) enters the back
straightaway and ends when the leader leaves it; it never starts again. During it a double
X lines every car on the track up behind the leader; after it a double X puts a wreck on
one of the squares in front of the finish line. The tables here take plain tuples so the
rules module can call them while it builds the next position.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.games.trading_paint.rules.board import TRACK, Board

BEFORE, DURING, AFTER = 0, 1, 2


def progress(board: Board, pos: int, entry: int, lap: int) -> float:
    square = entry if entry >= 0 else pos
    return board.station[square] + lap * board.lap_length


def leader(board: Board, pos: Sequence[int], entry: Sequence[int], lap: Sequence[int]) -> int:
    """Index of the car furthest round the lap; ties go to the car nearer the inside lane."""
    best, key = -1, None
    for i, p in enumerate(pos):
        if p < 0:
            continue
        square = entry[i] if entry[i] >= 0 else p
        k = (board.station[square] + lap[i] * board.lap_length, -board.lane[square])
        if key is None or k > key:
            best, key = i, k
    return best


def update_period(
    board: Board,
    pos: Sequence[int],
    entry: Sequence[int],
    lap: Sequence[int],
    period: int,
    finished: bool,
) -> int:
    """The caution period after a move: it only ever moves on (before -> during -> after)."""
    if period == AFTER:
        return AFTER
    if finished:  # a car has crossed the finish line: the leader left the back straight long ago
        return AFTER
    i = leader(board, pos, entry, lap)
    if i < 0:
        return period
    u = progress(board, pos[i], entry[i], lap[i])
    start, end = board.back_straight
    if u >= end:
        return AFTER
    if u >= start:
        return DURING
    return period


def line_up(
    board: Board, pos: Sequence[int], entry: Sequence[int], lap: Sequence[int]
) -> tuple[list[int], list[int]]:
    """Positions and laps after a caution: every car on the track in single file behind the leader.

    Cars keep their order (progress, ties to the car nearer the inside lane), the leader
    keeps its square, and the others follow it in the leader's lane, one square apart.
    Cars in the pit, on the wall, waiting to enter or finished do not move.
    """
    new_pos, new_lap = list(pos), list(lap)
    on_track = [i for i, p in enumerate(pos) if p >= 0 and board.kind[p] == TRACK]
    if not on_track:
        return new_pos, new_lap
    order = sorted(
        on_track,
        key=lambda i: (-(board.station[pos[i]] + lap[i] * board.lap_length), board.lane[pos[i]], i),
    )
    lead = order[0]
    square = pos[lead]
    u = board.station[square] + lap[lead] * board.lap_length
    for i in order[1:]:
        square = board.ring_prev[square]
        new_pos[i] = square
        new_lap[i] = continue_lap(board, u, square)
        u = board.station[square] + new_lap[i] * board.lap_length
    return new_pos, new_lap


def continue_lap(board: Board, from_progress: float, square: int) -> int:
    """The lap that puts `square` closest to `from_progress` (moves are short, so that is the lap)."""
    return round((from_progress - board.station[square]) / board.lap_length)


def wreck_squares(board: Board, pos: Sequence[int], wrecks: frozenset[int]) -> list[int]:
    """Squares a wreck may go on: in front of the finish line, empty, at most two per row."""
    per_row: dict[int, int] = {}
    for w in wrecks:
        r = board.wreck_row[w]
        per_row[r] = per_row.get(r, 0) + 1
    taken = set(pos)
    out = []
    for c, k in enumerate(board.kind):
        if k != TRACK:
            continue
        r = board.wreck_row[c]
        if r < 0 or c in wrecks or c in taken:
            continue
        if per_row.get(r, 0) >= board.max_wrecks_per_row:
            continue
        out.append(c)
    return out


def tow(board: Board, wrecks: frozenset[int], squares: Sequence[int]) -> frozenset[int]:
    """Wrecks left after cars moved into, through or out of the given squares' rows."""
    if not wrecks:
        return wrecks
    rows = {board.wreck_row[s] for s in squares if s >= 0 and board.wreck_row[s] >= 0}
    if not rows:
        return wrecks
    return frozenset(w for w in wrecks if board.wreck_row[w] not in rows)
