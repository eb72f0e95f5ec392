"""Small helpers for the Pushing Race tests: positions from text, move lists as text."""

from __future__ import annotations

from generator.games.pushing_race.rules.moves import legal_moves
from generator.games.pushing_race.rules.position import Position, parse_position


def pos(text: str) -> Position:
    return parse_position(text)


def texts(p: Position, face: str) -> list[str]:
    return [m.text for m in legal_moves(p, face)]


def after(p: Position, face: str, text: str) -> Position:
    from generator.games.pushing_race.rules.moves import find_move

    return find_move(p, face, text).after


def board(p: Position) -> dict[str, str]:
    """{'a1': 'A', ...} of the occupied squares."""
    from generator.games.pushing_race.rules.track import LETTERS, PLAYER_NAMES, squares

    return {
        f"{LETTERS[c]}{r}": PLAYER_NAMES[p.at(c, r)] for c, r in squares() if p.at(c, r) is not None
    }
