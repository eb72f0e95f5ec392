"""What a puzzle asks: bump a car, draft a team-mate, finish, or end on the starred square.

A goal judges how a path ends (a `paths.Ending`), and names the part of the ending that makes
two solutions different: two ways are one solution when their dice lie on the same squares
(with the same faces, so with the same exits between them) and they end the same way for the
goal. What "the same way" means follows the rules:

- bump car N: the bump of car N (the bumped line and where everyone ends follow from the
  square the last die strikes it from, which the dice squares fix);
- draft car N: the draft of car N; where a draft in a turn lands is the player's free choice
  after the dice are laid ("you may choose which square to end at"), so it is not a second
  solution;
- finish: how the car crosses the line (a stop, or a bump or draft and of whom); a stop on
  one square beyond the line or another is one solution, since a finished car leaves the
  board (D18);
- square: how the car reaches the star (a stop, a bump or a draft, and of whom).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from generator.errors import InvalidInput
from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.board import Board
from generator.games.trading_paint.rules.paths import Ending
from generator.games.trading_paint.rules.state import State

GOALS = ("bump", "draft", "finish", "square")
ARRIVING = ("stop", "bump", "draft")  # endings that leave the car on a track square


@dataclass(frozen=True)
class Goal:
    """kind: bump | draft | finish | square; car: the car to bump or draft (1-based);
    square: the starred square (a cell)."""

    kind: str
    car: int = 0
    square: int = -1

    def reached(self, state: State, ending: Ending) -> bool:
        """Whether a path of the car to play that ends this way reaches the goal."""
        if self.kind == "finish":
            return ending.finishes
        if self.kind == "square":
            # a car that finishes leaves the board: it ends on no square
            return ending.kind in ARRIVING and not ending.finishes and ending.square == self.square
        return ending.kind == self.kind and state.occupant(ending.via) == self.car - 1

    def key(self, ending: Ending) -> tuple:
        """The part of a goal-reaching ending that tells solutions apart (module docstring)."""
        if self.kind in ("bump", "draft"):
            return (ending.kind, ending.via)
        if ending.kind in ("bump", "draft"):
            return (ending.kind, ending.via)
        return (ending.kind,)

    def text(self, state: State, *, verb: bool = False) -> str:
        """The goal as the question says it: 'bumps car 4', 'finishes' (verb=True: 'bump car
        4', 'finish')."""
        if self.kind == "square":
            words = ("end", "ends"), f" on the starred square {state.board.label(self.square)}"
        elif self.kind == "finish":
            words = ("finish", "finishes"), ""
        else:
            words = (self.kind, self.kind + "s"), f" car {self.car}"
        return words[0][0 if verb else 1] + words[1]

    def to_dict(self, board: Board) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind in ("bump", "draft"):
            out["car"] = self.car
        if self.kind == "square":
            out["square"] = list(board.xy(self.square))
        return out


def goal_from(data: Any, state: State, where: str) -> Goal:
    """A goal from its JSON form, checked against the position it belongs to."""
    b = state.board
    if isinstance(data, str):
        data = {"kind": data}
    if not isinstance(data, dict) or data.get("kind") not in GOALS:
        raise InvalidInput(f"{where}: 'goal' needs a 'kind': {', '.join(GOALS)}")
    kind = data["kind"]
    if kind in ("bump", "draft"):
        car = data.get("car")
        if not isinstance(car, int) or isinstance(car, bool) or not 1 <= car <= state.cars:
            raise InvalidInput(
                f"{where}: a {kind} goal needs 'car', a car number 1 to {state.cars}"
            )
        if car - 1 == state.car:
            raise InvalidInput(f"{where}: car {car} is the car to play; it cannot {kind} itself")
        if state.pos[car - 1] < 0 or not state.on_track(car - 1):
            raise InvalidInput(f"{where}: car {car} is not on the track, so it cannot be {kind}ed")
        if kind == "draft" and state.team[car - 1] != state.team[state.car]:
            raise InvalidInput(
                f"{where}: car {car} races for another team; a car drafts only a team-mate"
            )
        return Goal(kind, car=car)
    if kind == "square":
        xy = data.get("square")
        if not (
            isinstance(xy, list)
            and len(xy) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in xy)
            and 0 <= xy[0] < b.width
            and 0 <= xy[1] < b.height
            and b.is_track(b.cell(*xy))
        ):
            raise InvalidInput(
                f"{where}: a square goal needs 'square', a track square [column, row]"
            )
        return Goal(kind, square=b.cell(*xy))
    return Goal(kind)


def square_progress(state: State, square: int) -> Fraction:
    """Exact progress round the lap of a square for the car to play: the lap that puts it
    nearest the car (paths are short)."""
    b = state.board
    me = state.car
    here = state.entry[me] if state.entry[me] >= 0 else state.pos[me]
    u = b.station[here] + state.lap[me] * b.lap_length
    return b.exact_station[square] + cz.continue_lap(b, u, square) * b.lap_length
