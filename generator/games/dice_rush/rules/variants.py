"""Seeded board variants that keep the default board's fairness: half-turn symmetric.

A variant is built half at a time: every choice made for player 1's side (a start on the
bottom edge, a point space and its value) is copied to the space a half turn away for player
2, so Board.is_symmetric holds by construction and only rolling first can favour a player
(`racegen dice-rush odds --board FILE` measures that, as for the default board).
"""

from __future__ import annotations

import random

from generator.errors import InvalidInput
from generator.games.dice_rush.rules.board import MAX_SIDE, Board, Pos

VALUES = (1, 1, 1, 2, 2, 3, -1, -1, -2)  # drawn for each pair of point spaces


def centre_finishes(rows: int, cols: int) -> tuple[Pos, Pos]:
    """The two spaces "at the center of the board": the space nearest the centre whose half
    turn is another space (on an odd x odd board the centre space maps to itself and stays
    empty between the finishes), and that space. Ties: the pair nearest the middle row (side
    by side rather than one above the other), then the left one. Never on the top or bottom
    row, where the starts are (3 rows or more)."""
    cy, cx = (rows - 1) / 2, (cols - 1) / 2
    cells = [
        (r, c)
        for r in range(1, rows - 1)
        for c in range(cols)
        if (rows - 1 - r, cols - 1 - c) != (r, c) and r >= cy
    ]
    f1 = min(cells, key=lambda p: ((p[0] - cy) ** 2 + (p[1] - cx) ** 2, abs(p[0] - cy), p[1]))
    return f1, (rows - 1 - f1[0], cols - 1 - f1[1])


def generate(rows: int, cols: int, pairs: int, seed: int, asked: int | None = None) -> Board:
    """A half-turn symmetric board: starts on the bottom and top edges, finishes at the
    centre, `pairs` pairs of point spaces with values drawn from VALUES (`asked`: the
    --points given, for the error message)."""
    if not 3 <= rows <= MAX_SIDE or not 3 <= cols <= MAX_SIDE:
        raise InvalidInput(f"a generated board needs 3 to {MAX_SIDE} rows and columns")
    rng = random.Random(seed)
    f1, f2 = centre_finishes(rows, cols)
    s1 = (rows - 1, rng.randrange(cols))
    s2 = (0, cols - 1 - s1[1])
    taken = {f1, f2, s1, s2}
    free = [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if (r, c) not in taken and (r, c) < (rows - 1 - r, cols - 1 - c)
    ]
    if pairs > len(free):
        raise InvalidInput(
            f"--points {pairs * 2 if asked is None else asked} asks for {pairs} pairs of point "
            "spaces, but a "
            f"{rows} x {cols} board has room for {len(free)} pairs: use --points "
            f"{len(free) * 2} or fewer"
        )
    points = {}
    for pos in rng.sample(free, pairs):
        v = rng.choice(VALUES)
        points[pos] = v
        points[(rows - 1 - pos[0], cols - 1 - pos[1])] = v
    board = Board(rows, cols, (s1, s2), (f1, f2), points, name=f"variant {rows}x{cols} #{seed}")
    assert board.is_symmetric() and not board.departures()
    return board
