"""The optimal racing lines of a race: how many there are (the census), and the one that looks
most natural on paper, which answer keys and `solve` print.

OptimalLines walks the states on the optimal lines layer by layer (forward, each state kept
only at its true depth and only while depth plus the lower bound of distances.py fits);
count_optimal_lines counts the lines, natural picks the most natural (move_cost). The drawn
circuits' search counts and picks its own (drawn.py).
"""

from __future__ import annotations

from dataclasses import replace

from generator.games.graph_racers.moves.referee import FINISH, MOVE
from generator.games.graph_racers.moves.rules import Vector, turns
from generator.games.graph_racers.solving.distances import UNREACHABLE, MovesLeft, stage_distances
from generator.games.graph_racers.solving.solution import Solution
from generator.games.graph_racers.solving.states import Race
from generator.games.graph_racers.track.model import Point, Track

LINE_NODES = 500_000  # states the optimal-line census may expand before it gives up
# ... when it looks for the natural line of `solve` and `sheet` (at most about 0.5 s; every
# generated track and most public maps need far fewer)
NATURAL_NODES = 50_000


def count_optimal_lines(
    race: Race, moves: int, cap: int, max_nodes: int = LINE_NODES
) -> tuple[int, bool]:
    """How many different racing lines finish in `moves` moves (at most `cap`; True if capped).
    Returns (count, True) as "at least count" when the cap is reached, (0, True) when the
    census would expand more than max_nodes states (OptimalLines)."""
    return OptimalLines(race, moves, max_nodes).count(cap)


class OptimalLines:
    """The states on the optimal racing lines of a race of `moves` moves, layer by layer.

    Forward, layer by layer: a state on an optimal line is met first at its true depth, so
    each state is kept only in the first layer that reaches it, and only while depth plus the
    lower bound fits in `moves`; with it, how many lines reach it (counts add up along the
    layers). `layers` is None when that would expand more than max_nodes states.
    """

    def __init__(self, race: Race, moves: int, max_nodes: int = LINE_NODES) -> None:
        self.race = race
        self.moves = moves
        self.layers = self._forward(max_nodes) if moves >= 1 else []

    def _forward(self, max_nodes: int) -> list[dict[int, int]] | None:
        race, moves = self.race, self.moves
        dist = stage_distances(race.track, race.rules)
        left = MovesLeft(race.rules)

        def lower(sid: int) -> int:
            r, c, vr, vc, stage, budget = race.unpack(sid)
            d = dist[stage][r * race.cols + c]
            if d == UNREACHABLE:
                return moves + 1
            return left(d, max(abs(vr), abs(vc)), budget[1], budget[2])

        layer: dict[int, int] = {}
        for sid in race.starts():
            if sid not in layer and lower(sid) <= moves:
                layer[sid] = 1
        layers = [layer]
        seen = set(layer)
        nodes = 0
        for depth in range(moves - 1):
            nxt_layer: dict[int, int] = {}
            for sid, ways in layer.items():
                nodes += 1
                if nodes > max_nodes:
                    return None
                for outcome, nxt, _a, _k in race.moves(sid):
                    if outcome != MOVE or nxt in seen:
                        continue
                    if nxt in nxt_layer:
                        nxt_layer[nxt] += ways
                    elif depth + 1 + lower(nxt) <= moves:
                        nxt_layer[nxt] = ways
            seen.update(nxt_layer)
            layer = nxt_layer
            layers.append(layer)
        return layers

    def count(self, cap: int) -> tuple[int, bool]:
        """(lines, capped): the optimal lines, at most `cap`; (0, True) when not counted."""
        if self.layers is None:
            return 0, True
        if not self.layers:
            return 0, False
        total = 0
        for sid, ways in self.layers[-1].items():
            for outcome, _nxt, _a, _k in self.race.moves(sid):
                if outcome == FINISH:
                    total += ways
        return (cap, True) if total >= cap else (total, False)

    def natural(self) -> tuple[list[Point], list[Vector], list[str]] | None:
        """The optimal line that looks most natural on paper (points, accelerations, boost
        kinds), or None when the census gave up. Among the optimal lines, the least by
        `move_cost` summed over the line: a drawing that stays on the grid first, then the
        fewest changes of direction, then the least total acceleration; ties go to the first
        in a fixed order (starts as listed, accelerations in the rules' order)."""
        if not self.layers:
            return None
        race = self.race
        # backwards, per layer: state -> (cost of the rest of its best line, move, kind, next)
        choice: list[dict[int, tuple[tuple[int, int, int], Vector, str, int | None]]] = []
        after: dict[int, tuple[tuple[int, int, int], Vector, str, int | None]] = {}
        for k in range(len(self.layers) - 1, -1, -1):
            best: dict[int, tuple[tuple[int, int, int], Vector, str, int | None]] = {}
            last = k == len(self.layers) - 1  # its states finish; the others move on
            for sid in self.layers[k]:
                for outcome, nxt, a, kind in race.moves(sid):
                    if outcome == FINISH and last:
                        cost = move_cost(race, sid, a, finish=True)
                    elif outcome == MOVE and not last and nxt in after:
                        step, rest = move_cost(race, sid, a), after[nxt][0]
                        cost = (step[0] + rest[0], step[1] + rest[1], step[2] + rest[2])
                    else:
                        continue
                    if sid not in best or cost < best[sid][0]:
                        best[sid] = (cost, a, kind, nxt)
            choice.append(best)
            after = best
        choice.reverse()
        if not choice[0]:
            return None
        sid: int | None = min(choice[0], key=lambda k: choice[0][k][0])
        path: list[Point] = []
        accels: list[Vector] = []
        kinds: list[str] = []
        for best in choice:
            assert sid is not None
            r, c, vr, vc, *_ = race.unpack(sid)
            _cost, a, kind, nxt = best[sid]
            path.append((r, c))
            accels.append(a)
            kinds.append(kind)
            last = (r + vr + a[0], c + vc + a[1])
            sid = nxt
        path.append(last)
        return path, accels, kinds


def move_cost(race: Race, sid: int, a: Vector, finish: bool = False) -> tuple[int, int, int]:
    """What a move adds to how unnatural a printed line looks: (1 if the finishing move's
    drawing, cut where the race ends, leaves the grid's lines, else 0; 1 if the car changes
    direction, else 0; the acceleration's size |a_r| + |a_c|). A finishing move may graze a
    goal square's outer corner from beyond the grid: legal, but no student draws it so."""
    r, c, vr, vc, stage, _budget = race.unpack(sid)
    nvr, nvc = vr + a[0], vc + a[1]
    turn = turns((vr, vc), (nvr, nvc))
    off = 0
    if finish:
        t = race.ref.finish_fraction(r, c, nvr, nvc, stage)
        er, ec = r + t * nvr, c + t * nvc
        eps = 1e-9
        off = int(
            not (-eps <= er <= race.track.rows - 1 + eps and -eps <= ec <= race.cols - 1 + eps)
        )
    return off, turn, abs(a[0]) + abs(a[1])


def natural(track: Track, sol: Solution, max_nodes: int = NATURAL_NODES) -> Solution | None:
    """`sol` with its racing line replaced by the most natural optimal one
    (OptimalLines.natural): what answer keys print and `solve` prints. None when the optimal
    lines have more than max_nodes states to look through (big public maps): the search's
    own line stands."""
    if sol.moves is None or getattr(track, "kind", "cells") == "drawn":
        return sol  # the drawn circuits' search picks its natural line itself (drawn.py)
    line = OptimalLines(Race(track, sol.rules), sol.moves, max_nodes).natural()
    if line is None:
        return None
    path, accels, kinds = line
    return replace(sol, path=path, accelerations=accels, boosts=kinds)
