"""Trading Paint puzzles as objects and as files (format `trading-paint-puzzle/1`).

A puzzle file is JSON:

    {
      "format": "trading-paint-puzzle/1",
      "kind": "lay",                         # lay | fewest | stop
      "goal": {"kind": "bump", "car": 4},    # bump (car) | draft (car) | finish | square (square)
      "position": {...},                     # a position, as `show` and `paths` read it
      "faces": [4, 3, 6],                    # lay: the faces in roll order; fewest: the next rolls
      "question": "Car 1 rolls 4, 3, 6 ...",
      "grade": "medium",                     # easy | medium | hard
      "tags": ["turning 3", "lane change"],
      "window": {"columns": [15, 23], "rows": [9, 16]},   # the part of the board to print
      "solution": {...},                     # the answer (see `answer_dict` in each kind)
      "made_by": {"seed": 1, "puzzle": 3, "racegen": "0.1.0", "proofs": ["engine", "cp-sat"]}
    }

A stop puzzle has no goal or faces: its position is in the middle of a path (dice laid) and
the question is whether to stop or roll. `solve` recomputes the answer from the position,
faces and goal; `solution` and `made_by` are what the generator found and how.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from generator.core import jsontext
from generator.errors import InvalidInput
from generator.games.trading_paint.puzzles.goals import Goal, goal_from
from generator.games.trading_paint.rules.position import from_dict, to_dict
from generator.games.trading_paint.rules.state import PATH, ROLL, State

FORMAT = "trading-paint-puzzle/1"
KINDS = ("lay", "fewest", "stop")
PATH_FACES = (1, 2, 3, 4, 6)  # the faces a puzzle may roll (no X)
MAX_FACES = 8
MAX_BYTES = 1_000_000  # a puzzle file is a few kilobytes


@dataclass
class Puzzle:
    kind: str
    state: State
    faces: tuple[int, ...] = ()
    goal: Goal | None = None
    grade: str = ""
    tags: tuple[str, ...] = ()
    window: tuple[int, int, int, int] = (
        0,
        0,
        0,
        0,
    )  # first column, first row, last column, last row
    solution: dict[str, Any] = field(default_factory=dict)
    made_by: dict[str, Any] = field(default_factory=dict)

    def question(self) -> str:
        car = self.state.car + 1
        rolls = ", ".join(map(str, self.faces))
        if self.kind == "lay":
            assert self.goal is not None
            return (
                f"Car {car} rolls {rolls}, in that order. Lay every die so that car {car} "
                f"{self.goal.text(self.state)}."
            )
        if self.kind == "fewest":
            assert self.goal is not None
            return (
                f"Car {car}'s next rolls will be {rolls}, in that order. What is the fewest "
                f"of them with which car {car} can {self.goal.text(self.state, verb=True)}, "
                "and how are they laid?"
            )
        n = len(self.state.path)
        dice = "1 die" if n == 1 else f"{n} dice"
        return f"Car {car} has laid {dice} of its path. Stop now, or roll another die?"

    def to_dict(self) -> dict[str, Any]:
        b = self.state.board
        out: dict[str, Any] = {"format": FORMAT, "kind": self.kind}
        if self.goal is not None:
            out["goal"] = self.goal.to_dict(b)
        out["position"] = to_dict(self.state)
        if self.faces:
            out["faces"] = list(self.faces)
        out["question"] = self.question()
        out["grade"] = self.grade
        out["tags"] = list(self.tags)
        x0, y0, x1, y1 = self.window
        out["window"] = {"columns": [x0, x1], "rows": [y0, y1]}
        out["solution"] = self.solution
        out["made_by"] = self.made_by
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=2) + "\n"


def puzzle_from(data: Any, where: str) -> Puzzle:
    """A puzzle from its JSON form; every problem is one InvalidInput naming the field."""
    if not isinstance(data, dict):
        raise InvalidInput(
            f"{where}: a puzzle is a JSON object with 'format', 'kind' and 'position'"
        )
    if data.get("format") != FORMAT:
        raise InvalidInput(f"{where}: format {data.get('format')!r} is not {FORMAT!r}")
    kind = data.get("kind")
    if kind not in KINDS:
        raise InvalidInput(f"{where}: 'kind' must be one of {', '.join(KINDS)}")
    state = from_dict(data.get("position"), f"{where}: position")
    faces: tuple[int, ...] = ()
    goal = None
    if kind == "stop":
        if state.stage != PATH or not state.path:
            raise InvalidInput(
                f"{where}: a stop puzzle's position is in the middle of a path (turn stage 'path')"
            )
    else:
        if state.stage != ROLL or state.path or state.dice:
            raise InvalidInput(
                f"{where}: a {kind} puzzle's position is at the start of a turn (no 'turn' field)"
            )
        raw = data.get("faces")
        if (
            not isinstance(raw, list)
            or not raw
            or len(raw) > MAX_FACES
            or not all(isinstance(f, int) and not isinstance(f, bool) for f in raw)
            or not set(raw) <= set(PATH_FACES)
        ):
            raise InvalidInput(
                f"{where}: 'faces' is a list of 1 to {MAX_FACES} faces 1, 2, 3, 4 or 6 (no X)"
            )
        faces = tuple(raw)
        goal = goal_from(data.get("goal"), state, f"{where}: goal")
    window = _window(data.get("window"), state, where)
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise InvalidInput(f"{where}: 'tags' is a list of words")
    grade = data.get("grade", "")
    solution = data.get("solution", {})
    made_by = data.get("made_by", {})
    if not isinstance(solution, dict) or not isinstance(made_by, dict):
        raise InvalidInput(f"{where}: 'solution' and 'made_by' are JSON objects")
    return Puzzle(kind, state, faces, goal, str(grade), tuple(tags), window, solution, made_by)


def _window(raw: Any, state: State, where: str) -> tuple[int, int, int, int]:
    """The board window to print; the whole board when the file gives none."""
    b = state.board
    whole = (-1, -1, b.width, b.height)
    if raw is None:
        return whole
    try:
        (x0, x1), (y0, y1) = raw["columns"], raw["rows"]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x0, x1, y0, y1)):
            raise TypeError
    except (KeyError, TypeError, ValueError):
        raise InvalidInput(
            f'{where}: \'window\' is {{"columns": [first, last], "rows": [first, last]}}'
        ) from None
    if not (-1 <= x0 <= x1 <= b.width and -1 <= y0 <= y1 <= b.height):
        raise InvalidInput(
            f"{where}: 'window' must lie on the board (columns -1 to {b.width}, rows -1 to {b.height})"
        )
    return (x0, y0, x1, y1)


def load_puzzle(path: str) -> Puzzle:
    """Read a puzzle file ('-': standard input); a missing or malformed file is one
    InvalidInput line."""
    from generator.core import textfile

    hint = "save the puzzle as JSON in UTF-8"
    text, source = textfile.read_arg(path, "puzzle file", hint, MAX_BYTES)
    data = jsontext.loads(text, source, "; racegen trading-paint puzzle writes puzzle files")
    return puzzle_from(data, source)
