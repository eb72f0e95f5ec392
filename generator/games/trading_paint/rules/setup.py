"""Set-ups for 2 to 6 players: 2, 3, 4 and 6 as the rule text lists them, 5 as 6 with one
player driving two cars (docs/rules/trading-paint.md, D19).

Start squares are numbered across the lanes behind the starting line, 1 in the outside lane
to 6 in the inside lane; the outside car plays first and the inside car last, so cars are
numbered in turn order by start square. The seventh and eighth cars of a four-player game
have no start square: each enters on its first turn on any vacated start square.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.errors import InvalidInput
from generator.games.trading_paint.rules.board import Board, load_board
from generator.games.trading_paint.rules.state import ENTER, POINTS, ROLL, WAITING, State

PLAYER_COUNTS = (2, 3, 4, 5, 6)


@dataclass(frozen=True)
class CarSpec:
    team: str
    start: int  # start square 1..6, or 0 for a car that enters late
    driver: int  # player number, 1-based


@dataclass(frozen=True)
class Setup:
    players: int
    teams: tuple[str, ...]
    cars: tuple[CarSpec, ...]

    def team_of(self, car: int) -> int:
        return self.teams.index(self.cars[car].team)


@cache
def load_setups() -> dict[int, Setup]:
    from generator.resources import load_json

    data = load_json("trading_paint", "setups.json")
    out: dict[int, Setup] = {}
    for key, spec in data["setups"].items():
        teams = tuple(spec["teams"])
        cars = tuple(
            CarSpec(str(c["team"]), int(c["start"]), int(c["driver"])) for c in spec["cars"]
        )
        out[int(key)] = Setup(int(key), teams, cars)
    if tuple(data.get("points", POINTS)) != POINTS:
        raise InvalidInput("templates/trading_paint/setups.json: points must be 4, 3, 2")
    return out


def get_setup(players: int) -> Setup:
    setups = load_setups()
    if players not in setups:
        raise InvalidInput(
            f"{players} players: Trading Paint is set up for 2 to 6 players; "
            "choose one of those with --players"
        )
    return setups[players]


def initial_state(players: int, board: Board | None = None) -> State:
    """The position before the first roll: cars behind the starting line, car 1 to play."""
    board = board or load_board()
    setup = get_setup(players)
    if len(board.start_squares) < 6:
        raise InvalidInput(
            f"board {board.name}: six start squares are needed, it has {len(board.start_squares)}"
        )
    start_lap = start_lap_of(board)
    pos = []
    for c in setup.cars:
        pos.append(board.start_squares[c.start - 1] if c.start else WAITING)
    n = len(pos)
    state = State(
        board=board,
        team=tuple(setup.team_of(i) for i in range(n)),
        team_names=setup.teams,
        pos=tuple(pos),
        entry=(-1,) * n,
        lap=(start_lap,) * n,
    )
    if pos[0] == WAITING:  # pragma: no cover - no set-up starts with a late car
        from dataclasses import replace

        state = replace(state, stage=ENTER)
    return state if state.stage == ENTER else _check_roll(state)


def start_lap_of(board: Board) -> int:
    """-1 when the start squares are behind the finish line (they are on the default oval)."""
    s = board.station[board.start_squares[0]]
    return -1 if s > board.lap_length / 2 else 0


def _check_roll(state: State) -> State:
    assert state.stage == ROLL
    return state
