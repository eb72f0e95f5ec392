"""What a solve returns and the limits it keeps to: the Solution record (an optimal race, or
the proof that there is none, under one set of rules), each search's default state limit, and
the error a search raises past its limit.

Every engine returns a Solution: the sweep, A* and BFS (solve.py), the drawn circuits' search
(drawn.py) and CP-SAT (cpsat.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from generator.errors import LimitExceeded
from generator.games.graph_racers.moves.rules import Rules, Vector
from generator.games.graph_racers.track.model import Point, Track
from generator.resources import load_json

ENGINES = ("sweep", "astar", "bfs")  # the searches a --max-states limit counts states for
# A*'s default limit, for callers that name one number (presets.json holds every engine's;
# a test keeps the two equal)
DEFAULT_MAX_STATES = 1_000_000


@cache
def default_max_states() -> dict[str, int]:
    """Each search's default state limit (templates/graph_racers/presets.json): a state is
    settled by the sweep, expanded by A* and BFS, and the sweep settles far more of them in
    the same time (barto-big_scaled_10: 19,062,141 in 0.1 s), so its default is larger."""
    table = load_json("graph_racers", "presets.json")["limits"]["max_states"]
    return {engine: int(table[engine]) for engine in ENGINES}


@dataclass
class Solution:
    """An optimal race (or the proof that there is none) under one set of rules."""

    rules: Rules
    moves: int | None
    path: list[Point] = field(default_factory=list)  # the car's points, start first
    accelerations: list[Vector] = field(default_factory=list)
    boosts: list[str] = field(default_factory=list)  # per move: "", "brake", "turbo", "rocket"
    expanded: int = 0
    seconds: float = 0.0
    engine: str = "search"
    optimal_lines: int | None = None  # how many optimal racing lines (capped), when counted
    lines_capped: bool = False

    @property
    def velocities(self) -> list[Vector]:
        return [(b[0] - a[0], b[1] - a[1]) for a, b in zip(self.path, self.path[1:], strict=False)]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "moves": self.moves,
            "path": [list(p) for p in self.path],
            "accelerations": [list(a) for a in self.accelerations],
            "rules": self.rules.to_dict(),
            "engine": self.engine,
            "expanded": self.expanded,
            "seconds": round(self.seconds, 4),
        }
        if any(self.boosts):
            out["boosts"] = self.boosts
        if self.optimal_lines is not None:
            out["optimal_lines"] = self.optimal_lines
            out["optimal_lines_capped"] = self.lines_capped
        return out


def give_up(track: Track, rules: Rules, limit: int) -> LimitExceeded:
    """The limit as given (--max-states), in the states the engine counts."""
    return LimitExceeded(
        f"{track.name}: gave up at the limit of {limit:,} states under {rules.short()}; "
        "use a smaller track or raise --max-states"
    )
