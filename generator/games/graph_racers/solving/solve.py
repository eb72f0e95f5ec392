"""The exact solver: the least number of moves from a start to the finish, and a racing line.

solve() is the one entry point; it picks the search. Races without boosts or oil
(start-to-goal and laps) go to the sweep (sweep.py): a breadth-first search that moves every
car with the same vector at once with big-integer bit operations. Everything else (oil,
boosts) uses A* over states (point, vector, checkpoints passed, boosts left; astar.py) with
the admissible speed-aware bound of distances.py, so the first finishing move found is
optimal. A plain breadth-first search (`heuristic=False`) is kept for the benchmarks'
comparison; `engine="astar"` forces A* where the sweep would run. Drawn circuits go to their
own search (drawn.py). With count_lines, the optimal lines are counted (optimal_lines.py).
"""

from __future__ import annotations

import time

from generator.games.graph_racers.moves.rules import NORMAL, Rules
from generator.games.graph_racers.solving import sweep, sweep_sets
from generator.games.graph_racers.solving.astar import astar, astar_plain, bfs
from generator.games.graph_racers.solving.drawn import solve_drawn
from generator.games.graph_racers.solving.optimal_lines import count_optimal_lines
from generator.games.graph_racers.solving.solution import Solution, default_max_states, give_up
from generator.games.graph_racers.solving.states import Race
from generator.games.graph_racers.track.model import Track


def solve(
    track: Track,
    rules: Rules | None = None,
    *,
    heuristic: bool = True,
    max_states: int | None = None,
    count_lines: int = 0,
    engine: str = "auto",
) -> Solution:
    """The exact minimum number of moves (sweep or A*, or plain BFS with heuristic=False).

    engine: "auto" (the sweep where it applies, else A*), "sweep" or "astar".
    count_lines > 0 also counts the optimal racing lines, up to that cap.
    Raises LimitExceeded when the search needs more than max_states states (the count
    Solution.expanded reports: settled by the sweep, expanded by A* and BFS); None: the
    engine's default (default_max_states).
    """
    rules = rules or Rules()
    if getattr(track, "kind", "cells") == "drawn":
        return solve_drawn(track, rules, max_states=max_states, count_lines=count_lines)
    began = time.perf_counter()
    if engine not in ("auto", "sweep", "astar"):
        raise ValueError(f"engine {engine!r}")
    use_sweep = heuristic and engine != "astar" and sweep_sets.supports(track, rules)
    if engine == "sweep" and not use_sweep:
        raise ValueError("the sweep races tracks without boosts or oil")
    race = None if use_sweep else Race(track, rules)
    if max_states is None:
        max_states = default_max_states()["sweep" if use_sweep else "astar" if heuristic else "bfs"]
    if use_sweep:
        sol = _swept(track, rules, max_states)
    elif heuristic and not rules.has_boosts and not race.ref.has_oil:
        sol = astar_plain(race, max_states)
    elif heuristic:
        sol = astar(race, max_states)
    else:
        sol = bfs(race, max_states)
    if count_lines and sol.moves is not None:
        race = race or Race(track, rules)
        sol.optimal_lines, sol.lines_capped = count_optimal_lines(race, sol.moves, count_lines)
    sol.seconds = time.perf_counter() - began
    return sol


def _swept(track: Track, rules: Rules, max_states: int) -> Solution:
    """The sweep (sweep.py); every car is moved on the bitsets, no per-state referee call."""
    try:
        moves, path, accels, settled = sweep.Sweep(track, rules).run(max_states)
    except sweep.TooMany:
        raise give_up(track, rules, max_states) from None
    if moves is None:
        return Solution(rules, None, expanded=settled)
    return Solution(rules, moves, path, accels, [NORMAL] * moves, settled)
