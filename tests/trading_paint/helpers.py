"""Small builders for Trading Paint rule tests: positions from a few lines, moves by name."""

from __future__ import annotations

from generator.games.trading_paint.rules.board import load_board
from generator.games.trading_paint.rules.position import from_dict
from generator.games.trading_paint.rules.state import Face, State
from generator.games.trading_paint.rules.turn import apply, chance_outcomes, is_chance, legal_moves

B = load_board()


def c(x: int, y: int) -> int:
    return B.cell(x, y)


def position(
    cars: dict, players: int = 2, to_play: int = 1, caution: str = "before", wrecks=(), turn=None
) -> State:
    """cars: {car number: (x, y) | dict of position fields}; unlisted cars go far away."""
    listed = []
    for car, spec in cars.items():
        entry = {"car": car}
        if isinstance(spec, tuple):
            entry["at"] = list(spec)
        else:
            entry.update(spec)
        listed.append(entry)
    data = {
        "players": players,
        "to_play": to_play,
        "caution": caution,
        "cars": listed,
        "wrecks": [list(w) for w in wrecks],
    }
    if turn is not None:
        data["turn"] = turn
    return from_dict(data)


def park(cars: dict, players: int = 2) -> dict:
    """Put every unlisted car out of the way on the right end of the oval (lap 0, well before
    the back straight, so the caution period is not moved on by them)."""
    from generator.games.trading_paint.rules.setup import get_setup

    n = len(get_setup(players).cars)
    spots = [(20, 8), (21, 8), (22, 8), (23, 8), (24, 8), (25, 8), (20, 6), (21, 6)]
    out = dict(cars)
    k = 0
    for car in range(1, n + 1):
        if car not in out:
            out[car] = spots[k]
            k += 1
    return out


def roll(state: State, face: int) -> State:
    assert is_chance(state), state.stage
    return apply(state, Face(face))


def names(state: State) -> list[str]:
    from generator.games.trading_paint.rules.turn import describe

    return [describe(state, m) for m in legal_moves(state)]


def play(state: State, move) -> State:
    return apply(state, move)


def perft(state: State, depth: int) -> int:
    """Leaf count of the game tree to `depth` plies, chance nodes expanding all six faces."""
    if depth == 0 or state.over:
        return 1
    if is_chance(state):
        return sum(perft(apply(state, f), depth - 1) for f, _ in chance_outcomes(state))
    return sum(perft(apply(state, m), depth - 1) for m in legal_moves(state))
