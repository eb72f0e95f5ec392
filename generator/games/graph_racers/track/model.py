"""The Graph Racers track: grid points on or off the track, where the race starts and ends.

A car sits on grid points (the crossings of the lines on squared paper); every point is on the
track or off it. A race either goes from start points to goal points (the public benchmark
maps) or is a lap: it starts on a start/finish line, passes ordered checkpoints, and ends when
it crosses the line again in the racing direction (so stepping backwards over the line right
after the start wins nothing). Oil points are on the track and make cars skid. Coins
(collectables) lie on track points and count only in the multi-car race; blue water is off the
track except for a submarine in the race (Track.submarine).

This module only holds the data and checks that it is consistent; reading and writing files
lives in formats.py, the rules in rules.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from generator.core.jsontext import whole
from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.track.lines import DIRECTIONS, CrossLine

Point = tuple[int, int]  # (row, column), row 0 at the top

OFF, ON, OIL = "#", ".", "~"
# Collectables (the race only; plain track for one car): the seed's coins, "A penny could be
# worth two Turbo-boosts, a nickle two Good brakes uses and a dime could give you five extra
# damage points", and one coin for each James Bond goodie ("Any of these goodies could be a
# collectable too!"). goodies.py says what each gives.
COINS = {
    "p": "penny",
    "n": "nickel",
    "d": "dime",
    "m": "missile",
    "o": "oil sprayer",
    "r": "rocket booster",
    "u": "submarine",
    "b": "rear guns",
}
# Blue water (James Bond mode): off the track for every car but a submarine.
WATER = "w"
# Obstacles (the Swedish variant's jumps, race only): off the track, a wall to every one-car
# tool; in `race` and `referee --jumps` a car may jump over them (swedish.py).
OBSTACLE = "^"


@dataclass(frozen=True)
class Line(CrossLine):
    """A start/finish line or a checkpoint: a straight run of track points across the track.

    horizontal: the points (at, lo..hi) of one row; cars cross it moving down (+1) or up (-1).
    vertical: the points (lo..hi, at) of one column; cars cross it moving right (+1) or left (-1).
    A car crosses the line when its move goes from strictly behind it to on or beyond it, at a
    place within half a square of the line's points (moves/referee.py). The unit is the grid
    point; a drawn circuit's gate (drawn.Gate) is the same kind of line in 1/SCALE squares.
    """

    def __post_init__(self) -> None:
        if self.orientation not in ("horizontal", "vertical"):
            raise ValueError(f"line orientation {self.orientation!r}")
        if self.direction not in (1, -1):
            raise ValueError(f"line direction {self.direction!r}")
        if self.lo > self.hi:
            raise ValueError("line end before its start")

    def points(self) -> list[Point]:
        return [self.grid_point(i) for i in range(self.lo, self.hi + 1)]

    def first_off(self, rows: int, cols: int, on: Callable[[int, int], bool]) -> Point | None:
        """The first of the line's points, in order, that is off a rows x cols grid or not
        `on`; None when all are on. Looks at the points on the grid only, so a line a file
        claims runs over a billion points is judged at once."""
        extent = cols if self.orientation == "horizontal" else rows
        across = rows if self.orientation == "horizontal" else cols
        point = self.grid_point
        if self.lo < 0 or not 0 <= self.at < across:
            return point(self.lo)
        for i in range(self.lo, min(self.hi, extent - 1) + 1):
            if not on(*point(i)):
                return point(i)
        return point(max(self.lo, extent)) if self.hi >= extent else None

    def describe(self) -> str:
        if self.orientation == "horizontal":
            return f"row {self.at} cols {self.lo}-{self.hi} {self.word}"
        return f"col {self.at} rows {self.lo}-{self.hi} {self.word}"

    @classmethod
    def parse(cls, text: str) -> Line:
        """Read `row R cols A-B down` or `col C rows A-B right` (ValueError when malformed)."""
        words = text.replace(",", " ").split()
        if len(words) != 5:
            raise ValueError(
                "write a line as 'row R cols A-B down|up' or 'col C rows A-B right|left'"
            )
        key, at, span, rng, word = (w.lower() for w in words)
        if key not in ("row", "col") or span != ("cols" if key == "row" else "rows"):
            raise ValueError(
                "write a line as 'row R cols A-B down|up' or 'col C rows A-B right|left'"
            )
        lo, sep, hi = rng.partition("-")
        if not sep:
            raise ValueError(f"span {rng!r} should look like 3-7")
        if word not in DIRECTIONS:
            raise ValueError(f"direction {word!r}: use up, down, left or right")
        orientation, sign = DIRECTIONS[word]
        if orientation != ("horizontal" if key == "row" else "vertical"):
            raise ValueError(
                f"a {key} line is crossed {'up or down' if key == 'row' else 'left or right'}, not {word}"
            )
        numbers = [_whole(v, what) for v, what in ((at, key), (lo, "span"), (hi, "span"))]
        return cls(orientation, *numbers, sign)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Line:
        if not isinstance(data, dict):
            raise ValueError(
                "a line is an object like {'row': 3, 'cols': [1, 4], 'direction': 'up'}"
            )
        if "row" in data:
            orientation, at, span = "horizontal", data["row"], data["cols"]
        else:
            orientation, at, span = "vertical", data["col"], data["rows"]
        word = str(data["direction"]).lower()
        if word not in DIRECTIONS or DIRECTIONS[word][0] != orientation:
            raise ValueError(f"direction {word!r} does not cross this line")
        if not isinstance(span, list) or len(span) != 2:
            raise ValueError(f"a line's span is two numbers [first, last], not {span!r}")
        return cls(
            orientation,
            whole(at, "a line's place"),
            whole(span[0], "a line's first point"),
            whole(span[1], "a line's last point"),
            DIRECTIONS[word][1],
        )


def _whole(text: str, what: str) -> int:
    """A whole number written with ASCII digits (ValueError naming `what` otherwise)."""
    if not (text.isascii() and text.lstrip("-").isdigit()):
        raise ValueError(f"{what} {text!r} is not a whole number")
    if len(text) > 18:  # Python itself refuses 4,300 digits, in its own words
        raise ValueError(f"{what} {text[:12]}... is too long a number")
    return int(text)


@dataclass(frozen=True, eq=False)
class Track:
    """A race track on a grid of points.

    grid: one string per row, OFF ('#'), ON ('.') or OIL ('~', on the track).
    starts: the start points (a car starts on one of them standing still).
    goals: goal points (start-to-goal races); empty for laps.
    finish: the start/finish line of a lap (None for start-to-goal races); its points are the
        start points.
    checkpoints: lines a lap passes in this order before the finish counts.
    notes: how the file was read where its format left a choice (shown by `solve`).
    """

    grid: tuple[str, ...]
    starts: tuple[Point, ...]
    goals: frozenset[Point] = frozenset()
    finish: Line | None = None
    checkpoints: tuple[Line, ...] = ()
    name: str = "track"
    notes: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)
    coins: dict[Point, str] = field(default_factory=dict)  # point: a letter of COINS (on track)
    water: frozenset[Point] = frozenset()  # blue water: OFF in the grid, track for submarines
    obstacles: frozenset[Point] = frozenset()  # jumpable obstacles (^): OFF in the grid

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    @property
    def is_lap(self) -> bool:
        return self.finish is not None

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def on_track(self, r: int, c: int) -> bool:
        return self.inside(r, c) and self.grid[r][c] != OFF

    def is_oil(self, r: int, c: int) -> bool:
        return self.inside(r, c) and self.grid[r][c] == OIL

    @property
    def oil(self) -> frozenset[Point]:
        return frozenset(
            (r, c) for r, row in enumerate(self.grid) for c, ch in enumerate(row) if ch == OIL
        )

    def submarine(self) -> Track:
        """The track a submarine drives on: the water is track (everything else the same)."""
        if not self.water:
            return self
        rows = [list(row) for row in self.grid]
        for r, c in self.water:
            rows[r][c] = ON
        return replace(self, grid=tuple("".join(row) for row in rows), water=frozenset())

    def count_on(self) -> int:
        return sum(len(row) - row.count(OFF) for row in self.grid)

    def with_(self, **changes: Any) -> Track:
        return replace(self, **changes)

    def __str__(self) -> str:
        """The map as text: # off, . on, ~ oil, S start, G goal, = line, digits checkpoints,
        coins by their letter (p n d ...), w water."""
        rows = [list(row) for row in self.grid]
        for i, cp in enumerate(self.checkpoints):
            for r, c in cp.points():
                rows[r][c] = str((i + 1) % 10)
        if self.finish is not None:
            for r, c in self.finish.points():
                rows[r][c] = "="
        for r, c in self.goals:
            rows[r][c] = "G"
        if self.finish is None:
            for r, c in self.starts:
                rows[r][c] = "S"
        for (r, c), ch in self.coins.items():
            rows[r][c] = ch
        for r, c in self.water:
            rows[r][c] = WATER
        for r, c in self.obstacles:
            rows[r][c] = OBSTACLE
        return "\n".join("".join(row) for row in rows)

    # --- consistency ---------------------------------------------------------
    def validate(self, source: str = "track", max_cells: int | None = None) -> Track:
        """Check the track can be raced on; raise InvalidInput naming what to fix."""
        if not self.grid or not self.grid[0]:
            raise InvalidInput(f"{source}: the track has no points; draw at least one row")
        width = len(self.grid[0])
        for i, row in enumerate(self.grid):
            if len(row) != width:
                raise InvalidInput(
                    f"{source}: row {i} has {len(row)} points, row 0 has {width}; make every row as long"
                )
            bad = set(row) - {OFF, ON, OIL}
            if bad:
                raise InvalidInput(f"{source}: row {i} holds {sorted(bad)!r}; use # . ~")
        for (r, c), ch in sorted(self.coins.items()):
            if ch not in COINS or not self.on_track(r, c) or self.is_oil(r, c):
                raise InvalidInput(
                    f"{source}: coin {ch!r} at ({r}, {c}): a coin is one of {''.join(COINS)} "
                    "on a plain track point"
                )
        for r, c in sorted(self.water):
            if not self.inside(r, c) or self.grid[r][c] != OFF:
                raise InvalidInput(f"{source}: water at ({r}, {c}) must be off the track")
        for r, c in sorted(self.obstacles):
            if not self.inside(r, c) or self.grid[r][c] != OFF or (r, c) in self.water:
                raise InvalidInput(f"{source}: obstacle (^) at ({r}, {c}) must be off the track")
        if max_cells is not None and self.rows * self.cols > max_cells:
            raise LimitExceeded(
                f"{source}: {self.cols} x {self.rows} = {self.rows * self.cols} points is more than "
                f"the limit of {max_cells}; use a smaller track or raise --max-cells"
            )
        # the lines first: a lap's start points are its start/finish line's points, so a line
        # on a wall must be named as the line, not as a start point the user never wrote
        for label, line in self._lines():
            self._check_line(source, label, line)
        if not self.starts:
            raise InvalidInput(
                f"{source}: no start; mark start points (s or S) or a start/finish line"
            )
        for r, c in self.starts:
            if not self.on_track(r, c):
                where = "outside the grid" if not self.inside(r, c) else "on a wall"
                raise InvalidInput(
                    f"{source}: start point ({r}, {c}) is {where}; move it onto the track"
                )
        if self.finish is None and not self.goals:
            raise InvalidInput(
                f"{source}: no finish; mark goal points (g or G) or a start/finish line"
            )
        if self.finish is not None and self.goals:
            raise InvalidInput(
                f"{source}: both goal points and a start/finish line; a track has one kind of finish"
            )
        if self.checkpoints and self.finish is None:
            raise InvalidInput(f"{source}: checkpoints need a start/finish line (a lap)")
        if self.finish is not None and not self.checkpoints:
            raise InvalidInput(
                f"{source}: a lap needs at least one checkpoint, or stepping back over the "
                "start/finish line would win; add a 'checkpoint:' line"
            )
        for r, c in self.goals:
            if not self.on_track(r, c):
                raise InvalidInput(f"{source}: goal point ({r}, {c}) is not on the track")
        return self

    def _lines(self) -> list[tuple[str, Line]]:
        out = [("start/finish line", self.finish)] if self.finish is not None else []
        out += [(f"checkpoint {i + 1}", cp) for i, cp in enumerate(self.checkpoints)]
        return out  # type: ignore[return-value]

    def _check_line(self, source: str, label: str, line: Line) -> None:
        off = line.first_off(self.rows, self.cols, self.on_track)
        if off is not None:
            raise InvalidInput(
                f"{source}: {label} ({line.describe()}) point {off} is off the track; "
                "a line lies on track points"
            )
        # A line reaches across the track: the points beside its two ends are off the track.
        if line.orientation == "horizontal":
            ends = [(line.at, line.lo - 1), (line.at, line.hi + 1)]
        else:
            ends = [(line.lo - 1, line.at), (line.hi + 1, line.at)]
        for r, c in ends:
            if self.on_track(r, c):
                raise InvalidInput(
                    f"{source}: {label} ({line.describe()}) stops at track point ({r}, {c}); "
                    "extend it from wall to wall"
                )
