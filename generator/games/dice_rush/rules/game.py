"""The Dice Rush engine: a game state, one roll from given dice, roll-offs, declarations.

Two readings of a roll (decision 6 of docs/rules/dice-rush.md): `together`, the default, in
which both players roll and move in every roll (`take_round` / `play_round`), and `turns`,
in which they alternate after a first-player roll-off (`take_turn` / `play_turn`).
Deterministic given the dice: `take_*` apply rolls that the caller passes in (tests give
exact rolls), `play_*` draw them from a `random.Random`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from generator.games.dice_rush.rules.board import Board, Pos
from generator.games.dice_rush.rules.moves import ORDERS, legal_directions, move, path, round_move


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
    """Who rolls first under `--order turns`: a d8 roll-off (decision 6)."""
    return roll_off(rng)[0]


def verdict(board: Board, player: int, pos: Pos) -> int | None:
    """The winner named by `player` landing on `pos` (decision 15): itself on its own
    finish, the other player on the other finish, nobody elsewhere."""
    if pos == board.finishes[player]:
        return player
    if pos == board.finishes[1 - player]:
        return 1 - player
    return None


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


def round_verdicts(board: Board, positions: tuple[Pos, Pos], lands: tuple[bool, bool]):
    """The winners named by the players who landed in a `together` roll (each at most once,
    player 1's first). Two different names are a conflict: a d8 roll-off decides it."""
    named = [verdict(board, p, positions[p]) for p in (0, 1) if lands[p]]
    return list(dict.fromkeys(w for w in named if w is not None))


def take_round(
    board: Board,
    state: State,
    rolls: tuple[tuple[int, int], tuple[int, int]],
    roll_off_winner: int | None = None,
    conflict_winner: int | None = None,
) -> State:
    """The state after a `together` roll: player p rolled rolls[p] = (legal d8 face, d6).

    `roll_off_winner` (0 or 1) settles two moves ending on one space; `conflict_winner` (0
    or 1) settles a roll whose landings name different winners (both on their own finishes,
    or both on each other's). Every player who landed scores its space, the roll-off
    winner included; then the finishes end the game."""
    if state.winner is not None:
        raise ValueError("the game is over")
    for p in (0, 1):
        if rolls[p][0] not in legal_directions(board, state.positions[p]):
            raise ValueError(
                f"direction {rolls[p][0]} cannot be moved from {state.positions[p]}: "
                "it is rolled again"
            )
    rnd = round_move(board, state.positions, rolls, roll_off_winner)
    scores = [
        state.scores[p] + (board.value(rnd.positions[p]) if rnd.lands[p] else 0) for p in (0, 1)
    ]
    new = replace(
        state,
        positions=rnd.positions,
        scores=(scores[0], scores[1]),
        to_move=0,
        turns=state.turns + 1,
        can_declare=(True, True),
    )
    named = round_verdicts(board, rnd.positions, rnd.lands)
    if not named:
        return new
    if len(named) == 1:
        winner = named[0]
        own = rnd.lands[winner] and rnd.positions[winner] == board.finishes[winner]
        return replace(new, winner=winner, reason="finish" if own else "wrong finish")
    if conflict_winner not in (0, 1):
        raise ValueError("the landings name both players: give the roll-off's winner (0 or 1)")
    return replace(new, winner=conflict_winner, reason="finish roll-off")


def play_round(board: Board, state: State, rng: random.Random) -> State:
    """One `together` roll with dice from `rng`, in this order: player 1's d8 (rolled again
    until legal) and d6, player 2's d8 and d6, then the collision roll-off if both moves end
    on one space, then the conflict roll-off if the landings name both players."""
    rolls = []
    for p in (0, 1):
        face, _ = roll_direction(board, state.positions[p], rng)
        rolls.append((face, rng.randint(1, 6)))
    pair = (rolls[0], rolls[1])
    ends = [path(board, state.positions[p], *rolls[p])[-1] for p in (0, 1)]
    collision = roll_off(rng)[0] if ends[0] == ends[1] else None
    rnd = round_move(board, state.positions, pair, collision)
    conflict = None
    if len(round_verdicts(board, rnd.positions, rnd.lands)) == 2:
        conflict = roll_off(rng)[0]
    return take_round(board, state, pair, collision, conflict)


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
    turns: int  # rolls made (under `together` each roll moves both players)
    first: int | None  # who rolled first under `turns`; None under `together`
    scores: tuple[int, int]


def play_game(
    board: Board,
    rng: random.Random,
    *,
    wants: Policy = never,
    agrees: Policy = never,
    max_turns: int = 10_000,
    order: str = "together",
) -> Result:
    """A whole game. `together`: every roll moves both players, no first player. `turns`:
    a roll-off for the first player, then the players alternate. After every roll the
    players may declare under the policies (`turns`: the one who just rolled first;
    `together`: player 1 first)."""
    if order not in ORDERS:
        raise ValueError(f"order {order!r}: use one of {', '.join(ORDERS)}")
    first = first_player(rng) if order == "turns" else None
    state = start(board, first or 0)
    while state.winner is None and state.turns < max_turns:
        if order == "turns":
            state = play_turn(board, state, rng)
            declarers = (1 - state.to_move, state.to_move)
        else:
            state = play_round(board, state, rng)
            declarers = (0, 1)
        if state.winner is not None:
            break
        for player in declarers:
            if state.winner is None and state.can_declare[player] and wants(state, player):
                state = declare(state, player, agrees(state, 1 - player), rng)
    return Result(state.winner, state.reason or "turn limit", state.turns, first, state.scores)
