"""Fewest puzzles: the faces of the next rolls are known; the fewest dice that reach the goal.

The search plays the turn through the rules engine itself (`rules.legal_moves` and
`rules.apply_legal`): each die is laid as it is rolled, then the car may stop, bump, draft or
roll on; after a bump or draft the dice are collected and the car may roll a fresh path or
bump or draft again without a die, as in a real turn. The goal is reached by the move that
bumps (or drafts) the named car, that leaves the car on the starred square, or that
finishes it; the number of dice laid by then is what counts. Iterative deepening on the dice
finds the fewest, and every different way to reach the goal with that many is listed.

Two ways are the same solution when they lay the same dice on the same squares with the same
exits and take the same stops, bumps and drafts; as for lay puzzles, the landing of a final
draft and the square of a final stop beyond the finish line are not told apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import InvalidInput, LimitExceeded
from generator.games.trading_paint.puzzles.goals import Goal
from generator.games.trading_paint.rules.state import (
    BANK,
    FINISHED,
    PATH,
    PLACE,
    ROLL,
    Bump,
    Draft,
    EndTurn,
    Face,
    Move,
    Place,
    Roll,
    State,
    Stop,
)
from generator.games.trading_paint.rules.turn import X, apply_legal, legal_moves

MAX_NODES = 2_000_000  # positions searched before giving up (a puzzle needs a few thousand)


@dataclass(frozen=True)
class Route:
    """One way to reach the goal: the moves (dice as Place, with the face before each)."""

    moves: tuple[tuple[State, Move], ...]  # (position before the move, move)
    dice: int
    key: tuple

    def placements(self) -> list[tuple[int, int, int]]:
        """(square, face, rotation) of every die laid, in order."""
        return [(m.square, s.face, m.rotation) for s, m in self.moves if isinstance(m, Place)]


def reaches(goal: Goal, before: State, move: Move, after: State) -> bool:
    """Whether `move`, played from `before`, reaches the goal for the car that plays it."""
    me = before.car
    if goal.kind == "bump":
        return isinstance(move, Bump) and before.occupant(move.square) == goal.car - 1
    if goal.kind == "draft":
        return isinstance(move, Draft) and before.occupant(move.square) == goal.car - 1
    if not isinstance(move, (Stop, Bump, Draft)):
        return False
    if goal.kind == "finish":
        return after.pos[me] == FINISHED
    return after.pos[me] == goal.square


def _step_key(state: State, move: Move, last: bool, goal: Goal) -> tuple:
    if isinstance(move, Place):
        after = apply_legal(state, move)
        return ("die", move.square, state.face, tuple(d for d, _ in after.exits))
    if isinstance(move, Draft):
        return ("draft", move.square) if last else ("draft", move.square, move.landing)
    if isinstance(move, Stop):
        return ("stop",) if last and goal.kind == "finish" else ("stop", move.square)
    if isinstance(move, Bump):
        return ("bump", move.square)
    return (type(move).__name__,)


def fewest_routes(
    state: State, faces: tuple[int, ...], goal: Goal, *, limit: int = 1000
) -> tuple[int, list[Route]]:
    """(the fewest dice, the different routes with that many, up to `limit`);
    (0, []) when no number of the faces given reaches the goal."""
    if state.stage != ROLL:
        raise InvalidInput("a fewest puzzle starts at the start of a turn (stage 'roll')")
    nodes = [0]
    for k in range(1, len(faces) + 1):
        found: dict[tuple, Route] = {}
        _search(state, faces, goal, k, [], found, limit, nodes)
        if found:
            return k, list(found.values())
    return 0, []


def _search(
    state: State,
    faces: tuple[int, ...],
    goal: Goal,
    k: int,
    trail: list[tuple[State, Move]],
    found: dict[tuple, Route],
    limit: int,
    nodes: list[int],
) -> None:
    nodes[0] += 1
    if nodes[0] > MAX_NODES:
        raise LimitExceeded(f"the search passed {MAX_NODES:,} positions: give fewer faces")
    if len(found) >= limit:
        return
    me = trail[0][0].car if trail else state.car
    if state.car != me or state.over:
        return  # the turn is over without reaching the goal
    dice = sum(isinstance(m, Place) for _, m in trail)
    if state.stage == ROLL:
        if dice >= k or state.dice >= len(faces):
            return
        face = faces[state.dice]
        if face == X:
            return  # a spin-out ends the turn
        nxt = apply_legal(state, Face(face))
        if nxt.stage == PLACE and nxt.car == me:
            _search(nxt, faces, goal, k, trail, found, limit, nodes)
        return
    if state.stage not in (PLACE, PATH, BANK):
        return
    for move in legal_moves(state):
        if isinstance(move, EndTurn):
            continue
        if isinstance(move, Roll) and dice >= k:
            continue
        after = apply_legal(state, move)
        step = [*trail, (state, move)]
        if isinstance(move, (Stop, Bump, Draft)) and reaches(goal, state, move, after):
            if dice == k:
                key = tuple(
                    _step_key(s, m, i == len(step) - 1, goal) for i, (s, m) in enumerate(step)
                )
                found.setdefault(key, Route(tuple(step), dice, key))
            continue
        if isinstance(move, Stop):
            continue  # the turn ends here
        _search(after, faces, goal, k, step, found, limit, nodes)
