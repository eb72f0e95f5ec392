"""Position files (JSON); the text picture of a position is str(state) (state.render_text).

A position file describes the race between turns or in the middle of one, in board
coordinates (column, row from the top-left square, as printed on the board's edges):

    {
      "format": "trading-paint-position/1",
      "players": 2,
      "to_play": 1,                        # car number
      "caution": "before",                 # before | caution | after
      "cars": [
        {"car": 1, "at": [12, 15]},        # on the track
        {"car": 2, "pit": [9, 9], "from": [9, 10]},   # in the pit, re-enters on [9, 10]
        {"car": 3, "wall": [4, 16], "from": [4, 15]}, # on the wall
        {"car": 4, "finished": 1},         # first home
        {"car": 7, "waiting": true},       # late car not yet entered
        ...
      ],
      "wrecks": [[11, 13]],
      "turn": {"stage": "roll", "dice": 0, "path": [[13, 15, 4, 0]], "banked": false}   # optional
    }

`lap` (optional per car, default 0; -1 for a car still behind the start line) says which lap
a square is on: the start squares are behind the finish line, so a car there at the start
has lap -1 while a car there at the end of the race has lap 0. Cars without "lap" on the
front straight behind the finish line get -1 if the caution period is "before" (the race
has not reached the back straight yet), else 0.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from generator.core import jsontext, textfile
from generator.errors import InvalidInput
from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.board import PIT, TRACK, WALL, Board, load_board
from generator.games.trading_paint.rules.moves import die_exits, first_squares, occupancy
from generator.games.trading_paint.rules.setup import get_setup, initial_state, load_setups
from generator.games.trading_paint.rules.state import (
    CAUTION_NAMES,
    ENTER,
    FINISHED,
    FINISHED_LAP,
    OVER,
    ROLL,
    STAGE_NAMES,
    WAITING,
    State,
)
from generator.games.trading_paint.rules.turn import (
    CAUTION_MAX_DICE,
    is_chance,
    legal_moves,
    vacated_starts,
)

FORMAT = "trading-paint-position/1"
MAX_BYTES = 1_000_000  # a position file is a few kilobytes


def to_dict(state: State) -> dict[str, Any]:
    b = state.board
    cars = []
    for i, p in enumerate(state.pos):
        entry: dict[str, Any] = {"car": i + 1, "team": state.team_names[state.team[i]]}
        if p == FINISHED:
            entry["finished"] = state.finished.index(i) + 1
        elif p == WAITING:
            entry["waiting"] = True
        elif b.kind[p] == TRACK:
            entry["at"] = list(b.xy(p))
            entry["lap"] = state.lap[i]
        else:
            entry["pit" if b.kind[p] == PIT else "wall"] = list(b.xy(p))
            entry["from"] = list(b.xy(state.entry[i]))
            entry["lap"] = state.lap[i]
        cars.append(entry)
    out: dict[str, Any] = {
        "format": FORMAT,
        "board": b.name,
        "players": _players_of(state),
        "to_play": state.car + 1,
        "caution": CAUTION_NAMES[state.caution],
        "cars": cars,
        "wrecks": sorted(list(b.xy(w)) for w in state.wrecks),
    }
    if state.stage != ROLL or state.path or state.dice or state.banked:
        out["turn"] = {
            "stage": STAGE_NAMES[state.stage],
            "face": state.face,
            "dice": state.dice,
            "banked": state.banked,
            "path": [[*b.xy(c), f, r] for c, f, r in state.path],
            "path_lap": state.path_lap,
            "blocker": state.blocker + 1 if state.blocker >= 0 else 0,
            "options": [list(b.xy(c)) for c in state.options],
        }
    return out


def _players_of(state: State) -> int:
    for n, s in sorted(load_setups().items()):
        if (
            len(s.cars) == state.cars
            and s.teams == state.team_names
            and all(s.team_of(i) == state.team[i] for i in range(state.cars))
        ):
            return n
    return 0


def from_dict(data: Any, where: str = "position", board: Board | None = None) -> State:
    """A position from its JSON form; every problem is an InvalidInput naming the field."""
    if not isinstance(data, dict):
        raise InvalidInput(f"{where}: a position is a JSON object with 'players' and 'cars'")
    if data.get("format", FORMAT) != FORMAT:
        raise InvalidInput(f"{where}: format {data.get('format')!r} is not {FORMAT!r}")
    board = board or load_board()
    players = data.get("players")
    counts = sorted(load_setups())
    if not isinstance(players, int) or isinstance(players, bool) or players not in counts:
        raise InvalidInput(
            f"{where}: 'players' is {players!r}; Trading Paint is set up for "
            f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"
        )
    setup = get_setup(players)
    start = initial_state(players, board)
    n = len(setup.cars)
    caution_name = data.get("caution", "before")
    if caution_name not in CAUTION_NAMES:
        raise InvalidInput(f"{where}: 'caution' must be one of {', '.join(CAUTION_NAMES)}")
    period = CAUTION_NAMES.index(caution_name)
    raw_cars = data.get("cars")
    if not isinstance(raw_cars, list):
        raise InvalidInput(f"{where}: 'cars' must be a list of cars")
    pos = list(start.pos)
    entry = [-1] * n
    lap = list(start.lap)
    finished_rank: dict[int, int] = {}
    seen: set[int] = set()
    for k, c in enumerate(raw_cars):
        here = f"{where}: cars[{k}]"
        if not isinstance(c, dict) or not isinstance(c.get("car"), int):
            raise InvalidInput(f"{here}: each car is an object with a 'car' number")
        i = c["car"] - 1
        if not 0 <= i < n:
            raise InvalidInput(
                f"{here}: car {c['car']} does not exist with {players} players (1 to {n})"
            )
        if i in seen:
            raise InvalidInput(f"{here}: car {i + 1} is listed twice")
        seen.add(i)
        team = c.get("team")
        if team is not None and team != setup.cars[i].team:
            raise InvalidInput(
                f"{here}: car {i + 1} races for team {setup.cars[i].team}, not {team!r}"
            )
        if "finished" in c:
            rank = c["finished"]
            if not isinstance(rank, int) or rank < 1:
                raise InvalidInput(f"{here}: 'finished' is the finishing place 1, 2, 3 ...")
            finished_rank[i] = rank
            pos[i], lap[i] = FINISHED, FINISHED_LAP
            continue
        if c.get("waiting"):
            if setup.cars[i].start:
                raise InvalidInput(f"{here}: only a late car (7th or 8th) can be waiting to enter")
            pos[i] = WAITING
            continue
        if "at" in c:
            cell = _cell(board, c["at"], f"{here} 'at'")
            if board.kind[cell] != TRACK:
                raise InvalidInput(f"{here}: {c['at']} is not a track square")
            pos[i] = cell
            lap[i] = _int(
                c.get("lap", _default_lap(board, cell, period)), f"{here} 'lap'", (-1, 0, 1)
            )
            _check_lap(board, cell, -1, lap[i], here)
            continue
        kind = "pit" if "pit" in c else "wall" if "wall" in c else None
        if kind is None:
            raise InvalidInput(f"{here}: give 'at', 'pit', 'wall', 'finished' or 'waiting'")
        cell = _cell(board, c[kind], f"{here} '{kind}'")
        if board.kind[cell] != (PIT if kind == "pit" else WALL):
            raise InvalidInput(f"{here}: {c[kind]} is not a {kind} square")
        if "from" not in c:
            raise InvalidInput(
                f"{here}: a car off the track needs 'from', the track square it left"
            )
        r = _cell(board, c["from"], f"{here} 'from'")
        if board.kind[r] != TRACK or abs(r - cell) not in (1, board.stride):
            raise InvalidInput(
                f"{here}: 'from' {c['from']} must be the track square beside the car"
            )
        pos[i], entry[i] = cell, r
        # the lap counts from the track square the car left, as for a car standing on it
        lap[i] = _int(c.get("lap", _default_lap(board, r, period)), f"{here} 'lap'", (-1, 0, 1))
        _check_lap(board, cell, r, lap[i], here)
    cells = [p for p in pos if p >= 0]
    if len(cells) != len(set(cells)):
        twice = next(p for p in cells if cells.count(p) > 1)
        cars = [str(i + 1) for i, p in enumerate(pos) if p == twice]
        raise InvalidInput(
            f"{where}: cars {' and '.join(cars)} are both on {list(board.xy(twice))}; cars not "
            "listed stay on their start squares, so list every car you move"
        )
    ranks = sorted(finished_rank.values())
    if ranks != list(range(1, len(ranks) + 1)):
        raise InvalidInput(f"{where}: finishing places must be 1, 2, 3 ... without gaps")
    finished = tuple(sorted(finished_rank, key=finished_rank.__getitem__))
    wrecks = set()
    raw_wrecks = data.get("wrecks", [])
    if not isinstance(raw_wrecks, list):
        raise InvalidInput(f"{where}: 'wrecks' must be a list of [column, row]")
    for k, w in enumerate(raw_wrecks):
        cell = _cell(board, w, f"{where}: wrecks[{k}]")
        if board.wreck_row[cell] < 0:
            raise InvalidInput(
                f"{where}: wrecks[{k}] {w} is not one of the squares in front of the finish line"
            )
        if cell in cells:
            raise InvalidInput(f"{where}: wrecks[{k}] {w} is under a car")
        wrecks.add(cell)
    to_play = data.get("to_play", 1)
    if not isinstance(to_play, int) or isinstance(to_play, bool) or not 1 <= to_play <= n:
        raise InvalidInput(f"{where}: 'to_play' must be a car number 1 to {n}")
    state = replace(
        start,
        pos=tuple(pos),
        entry=tuple(entry),
        lap=tuple(lap),
        finished=finished,
        wrecks=frozenset(wrecks),
        caution=period,
        car=to_play - 1,
        stage=ROLL,
    )
    if pos[to_play - 1] == FINISHED:
        raise InvalidInput(f"{where}: car {to_play} has finished and cannot be to play")
    if pos[to_play - 1] == WAITING:
        state = replace(state, stage=ENTER)
        if not vacated_starts(state):
            raise InvalidInput(
                f"{where}: car {to_play} waits to enter but no start square is free, so its turn "
                "passes; set 'to_play' to the next car"
            )
    if len(finished) >= 3:
        state = replace(state, stage=OVER)
    turn = data.get("turn")
    if turn is not None:
        state = _turn_from(state, turn, f"{where}: turn")
        if not is_chance(state) and not legal_moves(state) and state.stage != OVER:
            raise InvalidInput(f"{where}: turn: nothing can be played from this turn state")
    return state


def _default_lap(board: Board, cell: int, period: int) -> int:
    """-1 for a square of the front straight behind the finish line before the caution period
    (the cars have not crossed the line yet), else 0."""
    if board.segment[cell] == 0 and board.station[cell] > board.lap_length / 2 and period == 0:
        return -1
    return 0


def _check_lap(board: Board, cell: int, entry: int, lap: int, here: str) -> None:
    """A car on the board has not yet crossed the line after a full lap (it would have
    finished): its progress is below one lap."""
    if cz.progress(board, cell, entry, lap) >= board.lap_length:
        raise InvalidInput(
            f"{here}: lap {lap} there is past the finish line after a full lap, so the car "
            "would have finished; give its finishing place with 'finished' or a smaller 'lap'"
        )


def _turn_from(state: State, turn: Any, where: str) -> State:
    b = state.board
    if not isinstance(turn, dict):
        raise InvalidInput(f"{where}: must be an object")
    stage = turn.get("stage", "roll")
    if stage not in STAGE_NAMES:
        raise InvalidInput(f"{where}: 'stage' must be one of {', '.join(STAGE_NAMES)}")
    for key in ("path", "options"):
        if not isinstance(turn.get(key, []), list):
            raise InvalidInput(f"{where}: '{key}' must be a list")
    path = []
    for k, d in enumerate(turn.get("path", [])):
        if not (isinstance(d, list) and len(d) == 4 and all(isinstance(v, int) for v in d)):
            raise InvalidInput(f"{where}: path[{k}] must be [column, row, face, rotation]")
        cell = _cell(b, d[:2], f"{where}: path[{k}]")
        quarter = d[3] // 90 if d[3] in (90, 180, 270) else d[3]  # degrees, as `paths` prints
        if b.kind[cell] != TRACK or not 1 <= d[2] <= 6 or d[2] == 5 or not 0 <= quarter <= 3:
            raise InvalidInput(
                f"{where}: path[{k}] needs a track square, a face 1-4 or 6 and a rotation "
                "0-3 (quarter turns) or 0, 90, 180, 270 (degrees)"
            )
        path.append((cell, d[2], quarter))
    state = replace(
        state,
        stage=STAGE_NAMES.index(stage),
        face=_int(turn.get("face", 0), f"{where} 'face'", (0, 1, 2, 3, 4, 6)),
        dice=_int(turn.get("dice", len(path)), f"{where} 'dice'", range(0, 1000)),
        banked=bool(turn.get("banked", False)),
        path=tuple(path),
        path_lap=_int(turn.get("path_lap", 0), f"{where} 'path_lap'", (-1, 0, 1)),
        blocker=_int(turn.get("blocker", 0), f"{where} 'blocker'", range(0, state.cars + 1)) - 1,
        options=tuple(_cell(b, o, f"{where} options") for o in turn.get("options", [])),
    )
    if state.path:
        state = replace(state, exits=_replay_exits(state, where))
    _check_stage(state, stage, where)
    return state


def _check_stage(state: State, stage: str, where: str) -> None:
    """A turn stage only where the rules can reach it (else the moves it offers are nonsense)."""
    b = state.board
    car = state.car
    problem = ""
    if stage == "place" and not state.face:
        problem = "needs the rolled 'face' (1, 2, 3, 4 or 6)"
    elif stage == "path" and not state.path:
        problem = "needs the dice laid so far in 'path'"
    elif stage == "bank" and not state.banked:
        problem = "comes after a bump or draft: set 'banked' to true"
    elif stage in ("spun", "caution-roll") and not (
        state.caution >= cz.DURING and state.dice <= CAUTION_MAX_DICE and state.on_track(car)
    ):
        problem = (
            "needs the caution period (during or after), at most "
            f"{CAUTION_MAX_DICE} dice this turn and the car on the track"
        )
    elif stage == "wreck" and state.caution != cz.AFTER:
        problem = "needs the caution period 'after' (wrecks come after the caution flag)"
    elif stage == "enter" and state.pos[car] != WAITING:
        problem = f"is for a late car waiting to enter; car {car + 1} is not waiting"
    elif stage == "off" and (
        not state.path
        or not state.options
        or any(
            b.kind[o] not in (PIT, WALL) or abs(o - state.path[-1][0]) not in (1, b.stride)
            for o in state.options
        )
    ):
        problem = (
            "needs the dice laid in 'path' and, in 'options', the pit or wall spots beside the "
            "last die that the car may be forced to"
        )
    elif stage == "enter" and state.pos[car] == WAITING and not vacated_starts(state):
        problem = "has no start square free to enter on (the turn passes)"
    if problem:
        raise InvalidInput(f"{where}: stage '{stage}' {problem}")


def _replay_exits(state: State, where: str) -> tuple[tuple[int, int], ...]:
    """The open exits of the last die, by replaying the path from the car."""
    b = state.board
    occ = occupancy(state)
    slots = {s.square: s for s in first_squares(state, state.car, occ)}
    first = state.path[0][0]
    if first not in slots:
        raise InvalidInput(
            f"{where}: the first die {list(b.xy(first))} is not in front of car {state.car + 1}"
        )
    side, bits = slots[first].side, slots[first].bits
    backward = slots[first].backward
    exits: tuple[tuple[int, int], ...] = ()
    for k, (cell, face, rot) in enumerate(state.path):
        if cell in occ or cell in state.wrecks:
            raise InvalidInput(
                f"{where}: path[{k}] {list(b.xy(cell))} is taken by a car or a wreck; dice lie "
                "on free squares"
            )
        if k:
            prev = state.path[k - 1][0]
            match = [(d, m) for d, m in exits if prev + b.offsets[d] == cell]
            if not match:
                raise InvalidInput(
                    f"{where}: path[{k}] does not continue an open exit of the die before"
                )
            d, bits = match[0]
            side = (d + 2) % 4
        exits = die_exits(b, cell, face, rot, side, bits, backward=backward and not k)
    return exits


def _cell(board: Board, xy: Any, where: str) -> int:
    if not (
        isinstance(xy, list)
        and len(xy) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in xy)
    ):
        raise InvalidInput(f"{where}: a square is [column, row]")
    x, y = xy
    if not board.in_bounds(x, y):
        raise InvalidInput(
            f"{where}: [{x}, {y}] is off the board (columns 0 to {board.width - 1}, rows 0 to {board.height - 1})"
        )
    return board.cell(x, y)


def _int(v: Any, where: str, allowed: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v not in allowed:
        raise InvalidInput(f"{where}: {v!r} is not allowed here")
    return v


def load_position(path: str) -> State:
    """Read a position file ('-': standard input); a missing or malformed file is one
    InvalidInput line."""
    hint = "save the position as JSON in UTF-8"
    text, source = textfile.read_arg(path, "position file", hint, MAX_BYTES)
    data = jsontext.loads(text, source, "; see examples/trading_paint/")
    return from_dict(data, source)


def dumps(state: State) -> str:
    return json.dumps(to_dict(state), indent=2) + "\n"
