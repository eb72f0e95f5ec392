"""Blockers: cars (or wrecks) put on the board so that only the intended answer works.

A competing way to the goal is cut when a blocker stands on one of its dice squares that the
intended answer does not need. Each competing way gives a clause (at least one of its
squares is blocked); the cheapest blockers that satisfy every clause are chosen (fewest, then
wrecks before cars, then a seeded preference between squares so that different seeds give
different scenes): by a plain search when one choice is the cheapest, by CP-SAT when two cost
the same (its pick, as every choice was once CP-SAT's). The caller puts the blockers on the
board and enumerates again: a new car can open a new bump or draft, and the clauses of any new
competing way are added before the next round.

CP-SAT runs with one worker, a fixed seed and a deterministic time limit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from generator.games.trading_paint.puzzles.goals import Goal
from generator.games.trading_paint.puzzles.lay import Solution, solutions_of
from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.board import TRACK
from generator.games.trading_paint.rules.moves import occupancy
from generator.games.trading_paint.rules.paths import Query, placement_ways
from generator.games.trading_paint.rules.state import State

MAX_RIVALS = 6  # rival solutions a goal may have for blockers to be tried
ROUNDS = 4  # blocker rounds (each re-enumerates) before giving up on a goal


@dataclass(frozen=True)
class Choice:
    cars: tuple[int, ...]  # squares for blocker cars
    wrecks: tuple[int, ...]  # squares for wrecks


def choose_blockers(
    clauses: list[frozenset[int]],
    *,
    car_squares: list[int],
    wreck_squares: dict[int, int],
    spare_cars: int,
    wreck_room: dict[int, int],
    preference: dict[int, int],
) -> Choice | None:
    """The fewest blockers meeting every clause (None: impossible with what is spare).

    car_squares: squares a car may be put on; wreck_squares: square -> wreck row for the
    squares a wreck may go on; wreck_room: row -> wrecks it still takes; preference: a
    seeded rank per square (lower is preferred among equally few blockers)."""
    if any(not c for c in clauses):
        return None
    top = max(preference.values(), default=0) + 2
    # fewest blockers first; then wrecks before cars (a wreck opens no new bump); then the
    # seeded preference
    car_cost = {s: 1000 * top + 2 * preference.get(s, top) + 1 for s in car_squares}
    wreck_cost = {s: 1000 * top + 2 * preference.get(s, top) for s in wreck_squares}
    found = _cheapest(clauses, car_cost, wreck_cost, wreck_squares, spare_cars, wreck_room)
    if found is not _UNSURE:
        return found  # type: ignore[return-value]
    return _cheapest_by_cp_sat(clauses, car_cost, wreck_cost, wreck_squares, spare_cars, wreck_room)


_UNSURE = object()
SEARCH_NODES = 20_000  # choices tried by _cheapest before it hands the problem to CP-SAT


def _cheapest(
    clauses: list[frozenset[int]],
    car_cost: dict[int, int],
    wreck_cost: dict[int, int],
    wreck_squares: dict[int, int],
    spare_cars: int,
    wreck_room: dict[int, int],
) -> Choice | None | object:
    """The cheapest blockers by a plain search, when it is the only cheapest (then it is what
    CP-SAT's optimum must be); _UNSURE when two choices cost the same (CP-SAT's pick among
    them is its own) or the search grows too long. Every cheapest choice is a smallest set
    meeting every clause, so choosing, for the first clause not yet met, each of its squares
    in turn (a car or a wreck) meets them all."""
    options = {
        s: [("car", c)] * (spare_cars > 0) + ([("wreck", wreck_cost[s])] if s in wreck_cost else [])
        for s, c in car_cost.items()
    }
    for s in wreck_cost:
        options.setdefault(s, [("wreck", wreck_cost[s])])
    cheapest_step = min((c for opts in options.values() for _, c in opts), default=0)
    best: list = [None, []]  # cost, choices at that cost
    chosen: dict[int, str] = {}
    used = {"car": 0}
    rows: dict[int, int] = {}
    nodes = 0

    def search(cost: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > SEARCH_NODES:
            return False
        if best[0] is not None and cost > best[0]:
            return True
        open_clause = next((c for c in clauses if not any(s in chosen for s in c)), None)
        if open_clause is None:
            if best[0] is None or cost < best[0]:
                best[0], best[1] = cost, []
            choice = dict(chosen)
            if choice not in best[1]:
                best[1].append(choice)
            return True
        if best[0] is not None and cost + cheapest_step > best[0]:
            return True
        for s in sorted(open_clause):
            for kind, c in options.get(s, ()):
                if kind == "car":
                    if used["car"] >= spare_cars:
                        continue
                    used["car"] += 1
                else:
                    row = wreck_squares[s]
                    if row in wreck_room and rows.get(row, 0) >= wreck_room[row]:
                        continue
                    rows[row] = rows.get(row, 0) + 1
                chosen[s] = kind
                ok = search(cost + c)
                del chosen[s]
                if kind == "car":
                    used["car"] -= 1
                else:
                    rows[wreck_squares[s]] -= 1
                if not ok:
                    return False
        return True

    if not search(0):
        return _UNSURE
    if best[0] is None:
        return None  # no choice meets every clause: CP-SAT would find it infeasible
    if len(best[1]) > 1:
        return _UNSURE
    (choice,) = best[1]
    return Choice(
        tuple(sorted(s for s, k in choice.items() if k == "car")),
        tuple(sorted(s for s, k in choice.items() if k == "wreck")),
    )


def _cheapest_by_cp_sat(
    clauses: list[frozenset[int]],
    car_cost: dict[int, int],
    wreck_cost: dict[int, int],
    wreck_squares: dict[int, int],
    spare_cars: int,
    wreck_room: dict[int, int],
) -> Choice | None:
    from ortools.sat.python import cp_model

    from generator.core import cpsolve

    car_squares = list(car_cost)
    model = cp_model.CpModel()
    car = {s: model.new_bool_var(f"car{s}") for s in car_squares}
    wreck = {s: model.new_bool_var(f"wreck{s}") for s in wreck_squares}
    blocked: dict[int, list] = {}
    for s, v in car.items():
        blocked.setdefault(s, []).append(v)
    for s, v in wreck.items():
        blocked.setdefault(s, []).append(v)
    for vs in blocked.values():
        model.add_at_most_one(vs)
    for clause in clauses:
        options = [v for s in sorted(clause) for v in blocked.get(s, [])]
        if not options:
            return None
        model.add_bool_or(options)
    model.add(sum(car.values()) <= spare_cars)
    for row, room in wreck_room.items():
        model.add(sum(v for s, v in wreck.items() if wreck_squares[s] == row) <= room)
    cost = [v * car_cost[s] for s, v in car.items()]
    cost += [v * wreck_cost[s] for s, v in wreck.items()]
    model.minimize(sum(cost))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = 5.0
    solver.parameters.catch_sigint_signal = False
    status = cpsolve.solve(solver, model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return Choice(
        tuple(sorted(s for s, v in car.items() if solver.value(v))),
        tuple(sorted(s for s, v in wreck.items() if solver.value(v))),
    )


def needed_squares(state: State, sol: Solution) -> set[int]:
    """Squares the intended answer needs free or as they are: its dice, where it ends, the
    cars it bumps or drafts and the squares they move to."""
    b = state.board
    need = set(sol.squares)
    me = state.car
    if state.pos[me] >= 0:
        need.add(state.pos[me])
        if state.entry[me] >= 0:
            need.add(state.entry[me])
            need.add(b.ring_prev[state.entry[me]])
    for _, e in sol.ways:
        need.add(e.square)
        if e.via >= 0:
            need.add(e.via)
            d = b.direction(sol.squares[-1], e.via) if e.kind == "bump" else -1
            if d >= 0:
                q = e.via
                while b.kind[q] == TRACK and q in occupancy(state):
                    need.add(q)
                    q += b.offsets[d]
                need.add(q)
        need.update(cell for _, cell in e.bumped)
    return need


def unique_by_blockers(
    scene: State,
    faces: tuple[int, ...],
    goal: Goal,
    intended: Solution,
    rng: random.Random,
    q: Query | None = None,
) -> tuple[State, Query, Solution, list[tuple[Solution, tuple[int, ...]]]] | None:
    """The scene with blockers that leave `intended` the only solution, with the final
    enumeration and which rival each blocker square cut; None when it cannot be done.
    `q`: the scene's ways, when already listed."""
    state = scene
    clauses: list[frozenset[int]] = []
    cut: list[tuple[Solution, tuple[int, ...]]] = []
    spare = spare_cars(scene, faces, goal)
    salt = rng.randrange(1 << 20)
    for _ in range(ROUNDS):
        if q is None:
            q = placement_ways(state, faces)
        sols = solutions_of(q, goal)
        mine = [s for s in sols if (s.squares, s.key) == (intended.squares, intended.key)]
        if not mine:
            return None
        rivals = [s for s in sols if s is not mine[0]]
        if not rivals:
            return state, q, mine[0], cut
        need = needed_squares(state, mine[0])
        occ = occupancy(state)
        for r in rivals:
            squares = frozenset(s for s in r.squares if s not in need and s not in occ)
            clauses.append(squares)
            cut.append((r, tuple(sorted(squares))))
        if len(clauses) > 2 * MAX_RIVALS:
            return None
        b = state.board
        candidates = sorted(set().union(*clauses)) if clauses else []
        wreckable = {}
        room = {}
        if state.caution == cz.AFTER:
            per_row: dict[int, int] = {}
            for w in state.wrecks:
                per_row[b.wreck_row[w]] = per_row.get(b.wreck_row[w], 0) + 1
            for c in candidates:
                if b.wreck_row[c] >= 0:
                    wreckable[c] = b.wreck_row[c]
            room = {r: b.max_wrecks_per_row - per_row.get(r, 0) for r in set(wreckable.values())}
        free_spare = [i for i in spare if state.pos[i] not in candidates]
        choice = choose_blockers(
            clauses,
            car_squares=candidates,
            wreck_squares=wreckable,
            spare_cars=len(free_spare),
            wreck_room=room,
            preference={c: (c * 7919 + salt) % 1009 for c in candidates},  # seeded order
        )
        if choice is None:
            return None
        state = place_blockers(state, free_spare, choice.cars, choice.wrecks)
        q = None
    return None


def spare_cars(state: State, faces: tuple[int, ...], goal: Goal) -> list[int]:
    """Cars far from the scene that may be moved in as blockers (not the car to play, not the
    goal's car, none within reach of the dice)."""
    b = state.board
    me = state.car
    mx, my = b.xy(state.pos[me])
    reach = len(faces) + 3
    out = []
    for i, p in enumerate(state.pos):
        if i == me or p < 0 or (goal.car and i == goal.car - 1):
            continue
        x, y = b.xy(p)
        if max(abs(x - mx), abs(y - my)) > reach:
            out.append(i)
    return out


def place_blockers(
    state: State, cars: list[int], squares: tuple[int, ...], wrecks: tuple[int, ...]
) -> State:
    """Move spare cars onto `squares` (in car order) and put wrecks on `wrecks`."""
    b = state.board
    me = state.car
    here = state.entry[me] if state.entry[me] >= 0 else state.pos[me]
    u = b.station[here] + state.lap[me] * b.lap_length
    pos, entry, lap = list(state.pos), list(state.entry), list(state.lap)
    for car, sq in zip(cars, squares, strict=False):
        lp = cz.continue_lap(b, u, sq)
        if b.station[sq] + lp * b.lap_length >= b.lap_length:
            lp -= 1  # beyond the finish line: a car that has not yet done its lap
        pos[car], entry[car], lap[car] = sq, -1, lp
    return replace(
        state,
        pos=tuple(pos),
        entry=tuple(entry),
        lap=tuple(lap),
        wrecks=state.wrecks | frozenset(wrecks),
    )
