"""Moving on the board: the d8 direction, the d6 distance clipped at the edge, collisions.

Two readings of who moves in a roll (docs/rules/dice-rush.md, decision 6): `together` (the
default: both players move in every roll, `round_move`) and `turns` (one player per roll,
`move`).

Pure functions of the board and the dice, so the engine (game.py), the exact analysis
(chains.py) and the tests all read the same rules. Numbered decisions refer to
docs/rules/dice-rush.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.dice_rush.rules.board import DIRECTIONS, Board, Pos


def room(board: Board, pos: Pos, face: int) -> int:
    """Spaces free between `pos` and the board edge in the direction of d8 `face`."""
    dr, dc = DIRECTIONS[face]
    n = 0
    r, c = pos
    while board.on_board((r + dr, c + dc)):
        r, c = r + dr, c + dc
        n += 1
    return n


def legal_directions(board: Board, pos: Pos) -> list[int]:
    """d8 faces a player at `pos` can move in (decision 2: a direction "cannot" be moved in
    only when the next space that way is off the board; such faces are rolled again): those
    with room(board, pos, f) > 0, asked of the next space alone."""
    r, c = pos
    return [f for f, (dr, dc) in DIRECTIONS.items() if board.on_board((r + dr, c + dc))]


def path(board: Board, pos: Pos, face: int, distance: int) -> list[Pos]:
    """The spaces entered, in order, moving `distance` (d6) spaces in direction `face`,
    stopping at the edge when there are fewer (the seed's "simply moves to the edge")."""
    if not 1 <= distance <= 6:
        raise ValueError(f"d6 distance {distance} must be 1 to 6")
    dr, dc = DIRECTIONS[face]
    steps = min(distance, room(board, pos, face))
    if steps == 0:
        raise ValueError(f"direction {face} is off the board from {pos}: roll it again")
    return [(pos[0] + dr * k, pos[1] + dc * k) for k in range(1, steps + 1)]


@dataclass(frozen=True)
class Landing:
    """Where the mover and the other player stand after one move, and who landed anew.

    mover_lands / other_lands: True when that player moved onto its space in this move (only
    landing scores and only landing on a finish counts; decision 4). contested: the move
    ended on the other player's space and a roll-off decided it (decision 6).
    """

    mover: Pos
    other: Pos
    mover_lands: bool
    other_lands: bool
    contested: bool = False


def move(board: Board, mover: Pos, other: Pos, face: int, distance: int, mover_wins=None):
    """Where both players end after the mover rolls `face` and `distance`.

    Without a collision the mover lands at the end of its path. When the path ends on the
    other player's space, `mover_wins` (the roll-off's result) decides: the winner has the
    space and the loser goes to "the space next to that player" back along the mover's line
    of travel: the last space the mover passed, or its own start space after a 1-space move
    (decision 7). That space is always on the board and always free.
    """
    spaces = path(board, mover, face, distance)
    end = spaces[-1]
    if end != other:
        return Landing(end, other, True, False)
    if mover_wins is None:
        raise ValueError("the move ends on the other player: give the roll-off's result")
    behind = spaces[-2] if len(spaces) > 1 else mover
    if mover_wins:
        return Landing(end, behind, True, True, contested=True)
    # the loser of the roll-off moves back beside the winner; after a 1-space move it is
    # where it started, so it did not land anywhere new
    return Landing(behind, other, behind != mover, False, contested=True)


def outcomes(board: Board, mover: Pos, other: Pos | None):
    """Every result of one turn with its chance: (numerator weight, Landing) pairs over a
    common denominator `den`; returns (den, list). Directions are uniform over the legal
    faces (rerolling the others), distances uniform over 1..6, a roll-off is won half the
    time (ties are rolled again, so both players are equally likely to win it)."""
    faces = legal_directions(board, mover)
    den = len(faces) * 6 * 2
    out: list[tuple[int, Landing]] = []
    for f in faces:
        for d in range(1, 7):
            spaces = path(board, mover, f, d)
            if other is not None and spaces[-1] == other:
                out.append((1, move(board, mover, other, f, d, True)))
                out.append((1, move(board, mover, other, f, d, False)))
            else:
                out.append((2, Landing(spaces[-1], other, True, False)))  # type: ignore[arg-type]
    return den, out


ORDERS = ("together", "turns")


def behind(pos: Pos, end: Pos) -> Pos:
    """The space before `end` on the straight line from `pos`: the last space passed, or
    `pos` itself after a 1-space move (decision 7: "the space next to that player")."""
    dr = (end[0] > pos[0]) - (end[0] < pos[0])
    dc = (end[1] > pos[1]) - (end[1] < pos[1])
    return (end[0] - dr, end[1] - dc)


@dataclass(frozen=True)
class Round:
    """Where both players stand after a roll in which both moved (`--order together`).

    lands[p]: True when player p moved onto its space in this roll (it scores it and the
    finish rules apply to it); contested: both moves ended on one space and a roll-off
    decided it (decision 6)."""

    positions: tuple[Pos, Pos]
    lands: tuple[bool, bool]
    contested: bool = False


def round_move(
    board: Board,
    positions: tuple[Pos, Pos],
    rolls: tuple[tuple[int, int], tuple[int, int]],
    roll_off_winner: int | None = None,
) -> Round:
    """Both players move at once: player p from positions[p] by rolls[p] = (d8 face, d6).

    The paths do not interact (passing over, crossing or swapping places is nothing); only
    the two end spaces matter. When they are equal, `roll_off_winner` (0 or 1, the d8
    roll-off's result) takes the space and the loser goes back one space along its own line
    of travel: the last space it passed, or, after a 1-space move, the space it started the
    roll on, where it lands on nothing new. That space is on the board (the loser came
    through or from it) and free (the other player stands on the contested space)."""
    ends = (
        path(board, positions[0], *rolls[0])[-1],
        path(board, positions[1], *rolls[1])[-1],
    )
    if ends[0] != ends[1]:
        return Round(ends, (True, True))
    if roll_off_winner not in (0, 1):
        raise ValueError("both moves end on one space: give the roll-off's winner (0 or 1)")
    loser = 1 - roll_off_winner
    back = behind(positions[loser], ends[loser])
    pos = [ends[0], ends[1]]
    pos[loser] = back
    lands = [True, True]
    lands[loser] = back != positions[loser]
    return Round((pos[0], pos[1]), (lands[0], lands[1]), contested=True)


def round_outcomes(board: Board, positions: tuple[Pos, Pos]):
    """Every result of one `together` roll with its chance: (weight, Round) pairs over a
    common denominator; returns (den, list). Each player's direction is uniform over its
    legal faces, its distance over 1..6, independently; a collision roll-off is won by
    each player half the time (every roll pair that collides appears once per winner)."""
    rolls = [[(f, d) for f in legal_directions(board, p) for d in range(1, 7)] for p in positions]
    den = len(rolls[0]) * len(rolls[1]) * 2
    out: list[tuple[int, Round]] = []
    for r0 in rolls[0]:
        for r1 in rolls[1]:
            first = round_move(board, positions, (r0, r1), 0)
            if first.contested:
                out.append((1, first))
                out.append((1, round_move(board, positions, (r0, r1), 1)))
            else:
                out.append((2, first))
    return den, out
