"""A Trading Paint position: immutable, hashable, and small enough to search.

Between turns a position is where every car is (a track square, a pit square or a spot on
the wall, not yet entered, or finished), the wrecks, the caution period and whose turn it
is. Inside a turn it also holds the path being built: the dice on the table, the open exits
of the last die, how many dice were rolled this turn and whether a bump or draft has been
banked (only then may bumps and drafts chain without a die).

Cars are numbered in turn order (index 0 is car 1). A car's position is a board cell;
`entry[i]` is the track square it must re-enter on when it is off the track (pit or wall),
-1 when it is on the track. `lap[i]` unrolls the oval: a car's progress is
`board.station[pos] + lap * board.lap_length` (for a car off the track, the station of its
re-entry square), -1 for cars still behind the start line, and a car has finished when a
move takes its progress to one full lap.

The moves a position offers are values here too (Face, Place, Stop ...), and so are the
points for the first three cars home (State.points scores them) and the text picture
(`render_text`, what str(state) prints): the set-ups, the move rules and the position files
build on this module, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from generator.games.trading_paint.rules.board import PIT, TRACK, WALL, Board

POINTS = (4, 3, 2)  # first, second and third car home
# Car positions that are not cells.
WAITING = -1  # a late car (7th or 8th of a four-player game) not yet on the board
FINISHED = -2
FINISHED_LAP = 0  # a finished car's lap counter (one value, so equal positions are equal states)

# Stages of a turn.
ROLL = 0  # chance: the current car rolls a path die
PLACE = 1  # decision: place the die just rolled
PATH = 2  # decision: stop, bump, draft or roll again
BANK = 3  # decision: after a bump or draft: roll, end the turn, or chain a bump or draft
SPUN = 4  # decision: after an X, take the extra caution roll or not
CAUTION_ROLL = 5  # chance: the extra roll after an X
WRECK = 6  # decision: where the wreck goes
ENTER = 7  # decision: which vacated start square a late car enters on
OFF = 8  # decision: which way off the track when a die forces the car off (rare: two ways)
OVER = 9  # the race is over

STAGE_NAMES = (
    "roll",
    "place",
    "path",
    "bank",
    "spun",
    "caution-roll",
    "wreck",
    "enter",
    "off",
    "over",
)

CAUTION_NAMES = ("before", "caution", "after")  # caution period: before it, during it, after it


# --- moves -------------------------------------------------------------------------------
# Frozen dataclasses rather than tuples so that Stop(s) never equals Bump(s).


@dataclass(frozen=True, slots=True)
class Face:
    """Chance outcome: the die shows this face (5 is the X)."""

    face: int


@dataclass(frozen=True, slots=True)
class Place:
    """Put the rolled die on `square`, turned `rotation` quarter turns counter-clockwise."""

    square: int
    rotation: int


@dataclass(frozen=True, slots=True)
class Stop:
    """End the path: the car drives to `square`, beyond an open exit of the last die."""

    square: int


@dataclass(frozen=True, slots=True)
class Bump:
    """Bump the car on `square` (and any cars bumper to bumper in front of it)."""

    square: int


@dataclass(frozen=True, slots=True)
class Draft:
    """Draft the team-mate on `square` and end at `landing`, the head of its line."""

    square: int
    landing: int


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll another die (extend the path, or start a new one after a bump or draft)."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn after a bump or draft."""


@dataclass(frozen=True, slots=True)
class OffTrack:
    """The die forces the car off the track to `spot` (a pit square or a place on the wall)."""

    spot: int


@dataclass(frozen=True, slots=True)
class Caution:
    """After an X: take the extra roll (True) that may bring out the caution flag or a wreck."""

    take: bool


@dataclass(frozen=True, slots=True)
class Wreck:
    """Put a wreck on `square` (one of the squares in front of the finish line)."""

    square: int


@dataclass(frozen=True, slots=True)
class Enter:
    """A late car enters the race on the vacated start square `square`."""

    square: int


Move = Face | Place | Stop | Bump | Draft | Roll | EndTurn | OffTrack | Caution | Wreck | Enter

ROLL_MOVE = Roll()
END_TURN = EndTurn()


@dataclass(frozen=True)
class State:
    """One position; see the module docstring for the fields' meaning."""

    board: Board
    team: tuple[int, ...]  # team index of each car
    team_names: tuple[str, ...]
    pos: tuple[int, ...]
    entry: tuple[int, ...]
    lap: tuple[int, ...]
    finished: tuple[int, ...] = ()  # car indices in finishing order
    wrecks: frozenset[int] = frozenset()
    caution: int = 0  # 0 before the caution period, 1 during it, 2 after it
    car: int = 0  # whose turn
    stage: int = ROLL
    face: int = 0  # the face to place (stage PLACE)
    path: tuple[tuple[int, int, int], ...] = ()  # (square, face, rotation) of each die
    exits: tuple[tuple[int, int], ...] = ()  # (direction, sub-square bits) of the last die
    path_lap: int = 0  # lap of the last die's square
    dice: int = 0  # dice rolled this turn
    banked: bool = False  # a bump or draft happened this turn
    blocker: int = -1  # car that may not be bumped by this path (backward re-entry)
    options: tuple[int, ...] = ()  # spots (stage OFF)

    # --- queries ------------------------------------------------------------------
    @property
    def cars(self) -> int:
        return len(self.pos)

    @property
    def over(self) -> bool:
        return self.stage == OVER

    def on_track(self, i: int) -> bool:
        p = self.pos[i]
        return p >= 0 and self.board.kind[p] == TRACK

    def off_track(self, i: int) -> bool:
        p = self.pos[i]
        return p >= 0 and self.board.kind[p] in (PIT, WALL)

    def racing(self, i: int) -> bool:
        """On the board (track, pit or wall) and not finished."""
        return self.pos[i] >= 0

    def progress(self, i: int) -> float:
        """Squares of progress round the lap (negative behind the start line)."""
        p = self.pos[i]
        b = self.board
        if p == FINISHED:
            return float(b.lap_length)
        if p == WAITING:
            return b.station[b.start_squares[0]] + self.lap[i] * b.lap_length
        square = self.entry[i] if self.entry[i] >= 0 else p
        return b.station[square] + self.lap[i] * b.lap_length

    def occupant(self, cell: int) -> int:
        """The car on a cell, or -1."""
        try:
            return self.pos.index(cell)
        except ValueError:
            return -1

    def leader(self) -> int:
        """The car furthest round the lap; ties go to the car nearer the inside lane."""
        best, key = -1, None
        for i in range(self.cars):
            if self.pos[i] < 0:
                continue
            square = self.entry[i] if self.entry[i] >= 0 else self.pos[i]
            k = (self.progress(i), -self.board.lane[square])
            if key is None or k > key:
                best, key = i, k
        return best

    def points(self) -> dict[str, int]:
        """Team points so far: 4, 3 and 2 for the first three cars home."""
        out = {name: 0 for name in self.team_names}
        for rank, car in enumerate(self.finished[: len(POINTS)]):
            out[self.team_names[self.team[car]]] += POINTS[rank]
        return out

    def winner(self) -> str | None:
        """The winning team once the race is over."""
        if not self.over:
            return None
        pts = self.points()
        best = max(pts.values())
        leaders = [t for t, p in pts.items() if p == best]
        return leaders[0] if len(leaders) == 1 else None

    def __str__(self) -> str:
        return render_text(self)


_FIELDS = tuple(f.name for f in fields(State))
_new = object.__new__


def evolve(state: State, **changes: object) -> State:
    """dataclasses.replace, ten times as fast: the move generator builds many positions.

    Copies the instance dictionary (a frozen dataclass forbids attribute assignment, not a
    dictionary update on a brand-new object); `changes` must name fields of State.
    """
    new = _new(State)
    d = new.__dict__
    d.update(state.__dict__)
    d.update(changes)
    return new


# --- text picture ---------------------------------------------------------------------------
def render_text(state: State) -> str:
    """The board as characters: '.' track, ':' pit, '|' wall, digits cars, 'X' wrecks, '*' dice."""
    b = state.board
    grid: dict[int, str] = {}
    for c, k in enumerate(b.kind):
        if k == TRACK:
            grid[c] = "."
        elif k == PIT:
            grid[c] = ":"
        elif k == WALL:
            grid[c] = "|"
    for w in state.wrecks:
        grid[w] = "X"
    for cell, _, _ in state.path:
        grid[cell] = "*"
    for i, p in enumerate(state.pos):
        if p >= 0:
            grid[p] = str(i + 1) if i < 9 else chr(ord("a") + i - 9)
    lines = []
    lines.append("     " + "".join(str(x % 10) for x in range(b.width)))
    for y in range(-1, b.height + 1):
        row = "".join(grid.get(b.cell(x, y), " ") for x in range(-1, b.width + 1))
        lines.append(f"{y:>3} {row}")
    pts = state.points()
    lines.append(
        f"car {state.car + 1} to play ({STAGE_NAMES[state.stage]}), caution period: "
        f"{CAUTION_NAMES[state.caution]}, finished: "
        + (", ".join(str(i + 1) for i in state.finished) or "none")
        + "; points "
        + ", ".join(f"{t} {p}" for t, p in pts.items())
    )
    return "\n".join(lines)
