"""The Dice Rush engine: a game state, one turn from given dice, roll-offs, declarations.

Deterministic given the dice: `take_turn` applies rolls that the caller passes in (tests
give exact rolls), `play_turn` draws them from a `random.Random`. Decision numbers refer to
docs/rules/dice-rush.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from generator.games.dice_rush.board import Board, Pos
from generator.games.dice_rush.moves import legal_directions, move, path


@dataclass(frozen=True)
class State:
    """positions and scores per player (0 and 1); `to_move` is whose roll comes next.

    winner: None while the game runs; `reason` says how it ended ("finish", "wrong finish",
    "points"). `can_declare`: players who may declare the end before the next roll
    (decision 12: after a declaration is settled, another waits for another roll).
    """

    positions: tuple[Pos, Pos]
    scores: tuple[int, int] = (0, 0)
    to_move: int = 0
    winner: int | None = None
    reason: str = ""
    turns: int = 0
    can_declare: tuple[bool, bool] = (False, False)


def start(board: Board, first: int = 0) -> State:
    """Both players on their start spaces with 0 points (decision 11); `first` rolls first.
    No declaration before the first roll (decision 12)."""
    return State(positions=board.starts, to_move=first)


def roll_off(rng: random.Random) -> tuple[int, list[tuple[int, int]]]:
    """Both players roll the d8; the higher wins, equal rolls are rolled again (decision 9).
    Returns the winner (0 or 1) and every pair of rolls."""
    rolls = []
    while True:
        a, b = rng.randint(1, 8), rng.randint(1, 8)
        rolls.append((a, b))
        if a != b:
            return (0 if a > b else 1), rolls


def first_player(rng: random.Random) -> int:
    """Who rolls first: a d8 roll-off (decision 10)."""
    return roll_off(rng)[0]


def _land(board: Board, state: State, player: int, pos: Pos) -> State:
    """Points of the space and the finish rule for a player who has just landed on `pos`."""
    scores = list(state.scores)
    scores[player] += board.value(pos)
    state = replace(state, scores=(scores[0], scores[1]))
    if pos == board.finishes[player]:
        return replace(state, winner=player, reason="finish")
    if pos == board.finishes[1 - player]:
        return replace(state, winner=1 - player, reason="wrong finish")
    return state


def take_turn(
    board: Board, state: State, face: int, distance: int, mover_wins: bool | None = None
) -> State:
    """The state after the player to move rolls `face` (a legal d8 face) and `distance`
    (d6); `mover_wins` is the roll-off's result when the move ends on the other player."""
    if state.winner is not None:
        raise ValueError("the game is over")
    p = state.to_move
    here, there = state.positions[p], state.positions[1 - p]
    if face not in legal_directions(board, here):
        raise ValueError(f"direction {face} cannot be moved from {here}: it is rolled again")
    landing = move(board, here, there, face, distance, mover_wins)
    pos = [None, None]
    pos[p], pos[1 - p] = landing.mover, landing.other
    new = replace(state, positions=(pos[0], pos[1]), turns=state.turns + 1)
    # the mover lands first; the displaced player's space can be a finish only when the
    # mover's cannot (the mover's space was the other player's, never a finish)
    if landing.mover_lands:
        new = _land(board, new, p, landing.mover)
    if landing.other_lands and new.winner is None:
        new = _land(board, new, 1 - p, landing.other)
    return replace(new, to_move=1 - p, can_declare=(True, True))


def roll_direction(board: Board, pos: Pos, rng: random.Random) -> tuple[int, int]:
    """Roll the d8 until it shows a direction that can be moved in; (face, rolls made)."""
    legal = legal_directions(board, pos)
    rolls = 0
    while True:
        face = rng.randint(1, 8)
        rolls += 1
        if face in legal:
            return face, rolls


def play_turn(board: Board, state: State, rng: random.Random) -> State:
    """One turn with dice from `rng`: d8 (rerolled until legal), d6, a roll-off if needed."""
    p = state.to_move
    face, _ = roll_direction(board, state.positions[p], rng)
    distance = rng.randint(1, 6)
    mover_wins = None
    if path(board, state.positions[p], face, distance)[-1] == state.positions[1 - p]:
        mover_wins = roll_off(rng)[0] == p
    return take_turn(board, state, face, distance, mover_wins)


def end_by_points(state: State) -> State:
    """Count the points: the most points wins; equal points and the game goes on (decision 14)."""
    a, b = state.scores
    if a == b:
        return replace(state, can_declare=(False, False))
    return replace(state, winner=0 if a > b else 1, reason="points")


def declare(state: State, declarer: int, agreed: bool, rng: random.Random | None) -> State:
    """`declarer` wants to end the game. If the other agrees, the points decide. If it
    refuses, a d8 roll-off: the declarer's win ends the game on points, the refuser's win
    plays on. Either way neither player may declare again until another roll (decision 12)."""
    if state.winner is not None:
        raise ValueError("the game is over")
    if not state.can_declare[declarer]:
        raise ValueError(f"player {declarer + 1} may declare again only after another roll")
    if not agreed:
        if rng is None:
            raise ValueError("a refused declaration needs a roll-off: give an rng")
        if roll_off(rng)[0] != declarer:
            return replace(state, can_declare=(False, False))
    return end_by_points(state)


# A declaration policy: (state, player) -> True to declare / to agree.
Policy = Callable[[State, int], bool]


def never(state: State, player: int) -> bool:
    return False


def leader(margin: int) -> tuple[Policy, Policy]:
    """The stated declaration policy of `simulate --declare lead:N`: a player ahead by at
    least `margin` points declares after any roll; a player agrees only when it is ahead."""

    def wants(state: State, player: int) -> bool:
        return state.scores[player] - state.scores[1 - player] >= margin

    def agrees(state: State, player: int) -> bool:
        return state.scores[player] > state.scores[1 - player]

    return wants, agrees


@dataclass(frozen=True)
class Result:
    winner: int | None  # None: stopped at the turn limit
    reason: str
    turns: int
    first: int
    scores: tuple[int, int]


def play_game(
    board: Board,
    rng: random.Random,
    *,
    wants: Policy = never,
    agrees: Policy = never,
    max_turns: int = 10_000,
) -> Result:
    """A whole game: roll-off for first player, then turns; after every roll the mover and
    then the other may declare under the policies."""
    first = first_player(rng)
    state = start(board, first)
    while state.winner is None and state.turns < max_turns:
        state = play_turn(board, state, rng)
        if state.winner is not None:
            break
        for player in (1 - state.to_move, state.to_move):  # the one who just rolled first
            if state.winner is None and state.can_declare[player] and wants(state, player):
                state = declare(state, player, agrees(state, 1 - player), rng)
    return Result(state.winner, state.reason or "turn limit", state.turns, first, state.scores)
