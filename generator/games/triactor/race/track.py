"""The track: 44 steps on the board plus the start (0) and the finish (45).

Straight tiles hold two steps of two spaces each, the four face-up corner tiles one step of
four spaces (steps 7, 16, 29, 38). Each horse's event coin covers two steps of one tile and
fires on the first of them in the direction of travel: 5, 8, 14, 17, 27, 30, 36, 39.

Board coordinates are in units of half a piecepack tile (a tile is 2 x 2 units, 2 inches at
true scale), y up, tile centres as in figure 1 of the seed (rebuilt from the ppdf layout).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.games.triactor.race.horses import COUNT, LETTERS
from generator.resources import load_json

START = 0
FINISH = 45
LAST_STEP = 44
CORNERS = (7, 16, 29, 38)
EVENT_STEPS = (5, 8, 14, 17, 27, 30, 36, 39)
UNLIMITED = COUNT  # the start and the finish hold every horse

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in board units, y up


def capacity(step: int) -> int:
    """Spaces in a step: 2 on a straight, 4 on a corner, every horse at the start and finish."""
    if step <= START or step >= FINISH:
        return UNLIMITED
    return 4 if step in CORNERS else 2


CAPACITY: tuple[int, ...] = tuple(capacity(s) for s in range(FINISH + 1))


@dataclass(frozen=True)
class Tile:
    """A tile of the board: centre (x, y), face "up" (corner) or "down" (straight), travel
    direction ("+x", "-x", "+y", "-y") and the steps it holds in travel order."""

    x: float
    y: float
    face: str
    dir: str
    steps: tuple[int, ...]

    @property
    def rect(self) -> Rect:
        return (self.x - 1, self.y - 1, self.x + 1, self.y + 1)


@dataclass(frozen=True)
class StepShape:
    """Where a step lies on the board: its rectangle and the rectangles of its spaces."""

    step: int
    rect: Rect
    spaces: tuple[Rect, ...]
    dir: str

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.rect
        return ((x0 + x1) / 2, (y0 + y1) / 2)


@dataclass(frozen=True)
class CoinSpot:
    """Where a horse's event coin lies (centre of a straight tile) and the step it fires on."""

    horse: int
    x: float
    y: float
    step: int


@dataclass(frozen=True)
class Board:
    width: float
    height: float
    unit_mm: float
    finish_line_x: float
    tiles: tuple[Tile, ...]
    coins: tuple[CoinSpot, ...]

    def step_shapes(self) -> tuple[StepShape, ...]:
        """The 44 steps, in order 1..44."""
        shapes: dict[int, StepShape] = {}
        for t in self.tiles:
            x0, y0, x1, y1 = t.rect
            if len(t.steps) == 1:
                quads = tuple(
                    (x0 + i, y0 + j, x0 + i + 1, y0 + j + 1) for j in (1, 0) for i in (0, 1)
                )
                shapes[t.steps[0]] = StepShape(t.steps[0], t.rect, quads, t.dir)
                continue
            for k, step in enumerate(t.steps):
                # k-th half of the tile along the travel direction
                if t.dir in ("+x", "-x"):
                    a = x0 + (k if t.dir == "+x" else 1 - k)
                    r = (a, y0, a + 1, y1)
                    sp = ((a, y0 + 1, a + 1, y1), (a, y0, a + 1, y0 + 1))
                else:
                    b = y0 + (k if t.dir == "+y" else 1 - k)
                    r = (x0, b, x1, b + 1)
                    sp = ((x0, b, x0 + 1, b + 1), (x0 + 1, b, x1, b + 1))
                shapes[step] = StepShape(step, r, sp, t.dir)
        return tuple(shapes[s] for s in range(1, LAST_STEP + 1))


@cache
def board() -> Board:
    data = load_json("triactor", "board.json")
    tiles = tuple(
        Tile(t["x"], t["y"], t["face"], t["dir"], tuple(t["steps"])) for t in data["tiles"]
    )
    coins = tuple(
        CoinSpot(LETTERS.index(c["horse"]), c["x"], c["y"], c["step"]) for c in data["coins"]
    )
    return Board(
        data["width"], data["height"], data["unit_mm"], data["finish_line_x"], tiles, coins
    )


@cache
def coin_steps() -> tuple[int, ...]:
    """The step on which each horse's coin fires, by horse index."""
    by_horse = {c.horse: c.step for c in board().coins}
    return tuple(by_horse[i] for i in range(COUNT))
