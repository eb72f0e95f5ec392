"""The racing line: how many squares a car still has to drive, the way paths can go.

Progress round the lap (board.station) measures the angle round the pit, so a side step on a
straight gains nothing and the inside lane gains up to 3.5 a square at a corner. But a die
moves a path one square whatever the square is worth, so what a car really has to cover is
the number of squares between it and the finish line along the shortest route a path may
take (forward or to the side on a straight, either forward way in a turn). Moving to the
inside lane before a turn costs a few side steps and saves up to eight squares round it;
progress alone never sees that. The expectimax policy values positions in these squares.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from generator.games.trading_paint.rules.board import TRACK, Board


@cache
def squares_to_line(board: Board) -> tuple[int, ...]:
    """For each track square, the fewest steps a path needs to cross the finish line
    (forward round the lap; -1 off the track). A breadth-first search backwards from the
    steps that cross the line (station falls from the end of the lap to its start)."""
    size = len(board.kind)
    preds: list[list[int]] = [[] for _ in range(size)]
    dist = [-1] * size
    todo: deque[int] = deque()
    half = board.lap_length / 2
    for q in range(size):
        if board.kind[q] != TRACK:
            continue
        for d in (0, 1, 2, 3):
            if not board.allowed[q] >> d & 1:
                continue
            n = q + board.offsets[d]
            if board.kind[n] != TRACK:
                continue
            if board.station[q] - board.station[n] > half:  # this step crosses the line
                if dist[q] < 0:
                    dist[q] = 1
                    todo.append(q)
            else:
                preds[n].append(q)
    while todo:
        n = todo.popleft()
        for q in preds[n]:
            if dist[q] < 0:
                dist[q] = dist[n] + 1
                todo.append(q)
    return tuple(dist)


@cache
def lap_squares(board: Board) -> int:
    """Squares of one lap on the racing line: from a square just past the finish line round
    to it again, the shortest over the lanes (the lap a car behind the start line still owes)."""
    dist = squares_to_line(board)
    just_past = [
        q
        for q in range(len(board.kind))
        if board.kind[q] == TRACK and board.station[q] < 1 and not board.turn[q]
    ]
    return min(dist[q] for q in just_past) + 1


def to_go(board: Board, square: int, progress: float) -> int:
    """Squares still to drive for a car on `square` with `progress` round the lap (0 once it
    has finished); a car still behind the start line owes one lap more."""
    if progress >= board.lap_length:
        return 0
    lap = round((progress - board.station[square]) / board.lap_length)
    return squares_to_line(board)[square] - lap * lap_squares(board)
