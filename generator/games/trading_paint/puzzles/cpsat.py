"""A second proof for lay puzzles: the placements as a CP-SAT model.

The rules engine proves a lay puzzle unique by listing every way to lay the dice
(`paths.placement_ways`). This module proves it again another way: a CP-SAT model with one
true/false variable per (die, square, entry side, rotation), built here from the face grids
and the board's tables (which sides a rotated face joins, computed by its own flood fill;
forward and sideways directions; free squares), never from the engine's move generator.
Each solution found is excluded by a clause and the model is solved again; INFEASIBLE proves
there is no other. What the two share: where the first die may go (`moves.first_squares`,
the re-entry rules), and where cars end after a bump or a draft (`moves.bump_result`,
`moves.draft_landings`), which only matter for the finish and square goals.

CP-SAT runs with one worker, a fixed seed and a deterministic time limit, as for Graph Racers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.games.trading_paint.puzzles.goals import Goal, square_progress
from generator.games.trading_paint.rules.board import PIT, TRACK, WALL, back, dirs_of, left
from generator.games.trading_paint.rules.faces import Grid, load_faces, rotate_ccw
from generator.games.trading_paint.rules.moves import (
    ANY_WAY,
    bump_result,
    draft_landings,
    first_squares,
    occupancy,
)
from generator.games.trading_paint.rules.state import State

DETERMINISTIC_LIMIT = 10.0  # per solve; the models are small (a few hundred variables)


@cache
def joins(face: int, rotation: int, entry: int) -> tuple[int, ...]:
    """The sides a die (face, rotation) leads to from `entry` (empty: closed there)."""
    grid: Grid = load_faces().grids[face - 1]
    for _ in range(rotation):
        grid = rotate_ccw(grid)
    white = {(r, c) for r in range(3) for c in range(3) if grid[r][c] == "."}
    side_cells = {
        0: {(1, 2), (0, 2), (2, 2)},
        1: {(0, 1), (0, 0), (0, 2)},
        2: {(1, 0), (0, 0), (2, 0)},
        3: {(2, 1), (2, 0), (2, 2)},
    }
    reached = set(side_cells[entry] & white)
    grow = True
    while grow:
        more = {
            (r + dr, c + dc)
            for r, c in reached
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if (r + dr, c + dc) in white
        }
        grow = not more <= reached
        reached |= more
    if not reached:
        return ()
    return tuple(s for s in range(4) if s != entry and side_cells[s] & reached)


@dataclass(frozen=True)
class ModelAnswer:
    """The solutions the model found (squares, key) and whether the last solve proved there
    is no other (INFEASIBLE); `status` names the last solve's result."""

    solutions: tuple[tuple[tuple[int, ...], tuple], ...]
    complete: bool
    status: str


def lay_model(state: State, faces: tuple[int, ...], goal: Goal, *, limit: int = 2) -> ModelAnswer:
    """Solve, exclude, re-solve: up to `limit` solutions, then (if fewer) INFEASIBLE."""
    from ortools.sat.python import cp_model

    from generator.core import cpsolve

    b = state.board
    me = state.car
    occ = occupancy(state)
    wrecks = state.wrecks
    model = cp_model.CpModel()
    n = len(faces)
    # layers: (square, entry side) -> rotations, and the variables
    x: list[dict[tuple[int, int, int], cp_model.IntVar]] = []
    blocker = -1
    slots = first_squares(state, me, occ)
    frontier = {(s.square, s.side) for s in slots}
    if slots:
        blocker = slots[0].blocker
    # the first die of a backward re-entry may lead any way (D8)
    any_way = {(s.square, s.side) for s in slots if s.backward}

    def allowed(i: int, sq: int, side: int) -> int:
        return ANY_WAY if i == 0 and (sq, side) in any_way else b.allowed[sq]

    def free(q: int) -> bool:
        return b.kind[q] == TRACK and q not in occ and q not in wrecks

    for i, face in enumerate(faces):
        layer: dict[tuple[int, int, int], cp_model.IntVar] = {}
        for sq, side in sorted(frontier):
            for r in _looks(face):
                if joins(face, r, side):  # opens towards the path and leads on somewhere
                    layer[(sq, side, r)] = model.new_bool_var(f"d{i}_{sq}_{side}_{r}")
        x.append(layer)
        nxt = set()
        for (sq, side, r), _ in layer.items():
            for d in joins(face, r, side):
                if allowed(i, sq, side) >> d & 1 and free(sq + b.offsets[d]):
                    nxt.add((sq + b.offsets[d], back(d)))
        frontier = nxt
    if any(not layer for layer in x):
        return ModelAnswer((), True, "INFEASIBLE")
    for i, layer in enumerate(x):
        model.add_exactly_one(layer.values())
        if i == 0:
            continue
        face_before = faces[i - 1]
        for (sq, side, _r), var in layer.items():
            prev = sq + b.offsets[side]
            towards = back(side)
            preds = [
                v
                for (psq, pside, pr), v in x[i - 1].items()
                if psq == prev and towards in joins(face_before, pr, pside)
            ]
            if not preds:
                model.add(var == 0)
            else:
                model.add_bool_or(preds).only_enforce_if(var)
    # each square holds at most one die; y[i][square] says die i lies there
    y: list[dict[int, cp_model.IntVar]] = []
    for i, layer in enumerate(x):
        per: dict[int, list] = {}
        for (sq, _, _), v in layer.items():
            per.setdefault(sq, []).append(v)
        yi = {}
        for sq, vs in per.items():
            yv = model.new_bool_var(f"y{i}_{sq}")
            model.add(sum(vs) == yv)
            yi[sq] = yv
        y.append(yi)
    used: dict[int, list] = {}
    for yi in y:
        for sq, v in yi.items():
            used.setdefault(sq, []).append(v)
    for vs in used.values():
        model.add_at_most_one(vs)
    # endings of the last die that reach the goal, grouped by the goal's key
    keyed: dict[tuple, list] = {}
    last = faces[-1]
    for (sq, side, r), var in x[-1].items():
        for _kind, key, reaches, must_be_free in _endings(
            state, occ, sq, side, last, r, goal, blocker, allowed(n - 1, sq, side)
        ):
            if not reaches:
                continue
            z = model.new_bool_var("")
            model.add_implication(z, var)
            for q in must_be_free:
                if q in used:
                    for v in used[q]:
                        model.add_implication(z, v.negated())
            keyed.setdefault(key, []).append(z)
    if not keyed:
        return ModelAnswer((), True, "INFEASIBLE")
    kvar = {}
    for key, zs in keyed.items():
        k = model.new_bool_var("")
        for z in zs:
            model.add_implication(z, k)
        model.add_bool_or(zs).only_enforce_if(k)
        kvar[key] = k
    model.add_bool_or(list(kvar.values()))
    found: list[tuple[tuple[int, ...], tuple]] = []
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = DETERMINISTIC_LIMIT
    solver.parameters.catch_sigint_signal = False
    while True:
        status = cpsolve.solve(solver, model)
        name = solver.status_name(status)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return ModelAnswer(tuple(found), name == "INFEASIBLE", name)
        squares = tuple(next(sq for sq, v in y[i].items() if solver.value(v)) for i in range(n))
        key = next(k for k, v in kvar.items() if solver.value(v))
        found.append((squares, key))
        if len(found) >= limit:
            return ModelAnswer(tuple(found), False, name)
        model.add_bool_or([y[i][squares[i]].negated() for i in range(n)] + [kvar[key].negated()])


@cache
def _looks(face: int) -> tuple[int, ...]:
    """One rotation per different picture (a 1 or a 4 looks the same every way up)."""
    seen: dict[Grid, int] = {}
    grid: Grid = load_faces().grids[face - 1]
    for r in range(4):
        seen.setdefault(grid, r)
        grid = rotate_ccw(grid)
    return tuple(sorted(seen.values()))


def _endings(
    state: State,
    occ: dict[int, int],
    sq: int,
    side: int,
    face: int,
    rotation: int,
    goal: Goal,
    blocker: int,
    allowed: int,
):  # noqa: ANN202
    """(kind, goal key, reaches the goal, squares that must hold no die) for each way the
    last die (square sq, entered on `side`) can end the path."""
    b = state.board
    me = state.car
    team = state.team[me]
    out = []
    on_track = False
    offs = []
    for d in joins(face, rotation, side):
        if not allowed >> d & 1:
            continue
        q = sq + b.offsets[d]
        ahead = b.allowed[sq] >> d & 1  # not a backward step of a re-entry die: it only stops
        if b.kind[q] in (PIT, WALL):
            if q not in occ and ahead:
                offs.append(q)
            continue
        if b.kind[q] != TRACK or q in state.wrecks:
            continue
        other = occ.get(q, -1)
        if other >= 0:
            if not ahead:
                continue
            rear = b.lane_dirs[q] >> d & 1
            side_in_turn = b.turn[sq] and any(left(ld) == d for ld in dirs_of(b.lane_dirs[sq]))
            if other == me or not (rear or side_in_turn):
                continue
            res = bump_result(b, occ, sq, d, q)
            if blocker >= 0 and any(car == blocker for car, _, _ in res.moves):
                continue
            on_track = True
            at = square_progress(state, res.bumper_to)
            done = at >= b.lap_length
            if goal.kind == "bump":
                ok = other == goal.car - 1
            elif goal.kind == "finish":
                ok = done
            elif goal.kind == "square":
                ok = not done and res.bumper_to == goal.square
            else:
                ok = False
            out.append(("bump", ("bump", q), ok, ()))
            continue
        on_track = True
        at = square_progress(state, q)
        done = at >= b.lap_length
        if goal.kind == "finish":
            ok = done
        elif goal.kind == "square":
            ok = not done and q == goal.square
        else:
            ok = False
        out.append(("stop", ("stop",), ok, (q,)))
        for d2 in dirs_of(b.forward[q]) if ahead else ():
            t = q + b.offsets[d2]
            mate = occ.get(t, -1)
            if (
                mate < 0
                or mate == me
                or state.team[mate] != team
                or b.kind[t] != TRACK
                or not b.lane_dirs[t] >> d2 & 1
            ):
                continue
            for landing in draft_landings(b, occ, state.wrecks, t):
                at = square_progress(state, landing)
                done = at >= b.lap_length
                if goal.kind == "draft":
                    ok = mate == goal.car - 1
                elif goal.kind == "finish":
                    ok = done
                elif goal.kind == "square":
                    ok = not done and landing == goal.square
                else:
                    ok = False
                out.append(("draft", ("draft", t), ok, (q,)))
    if not on_track and offs and goal.kind == "finish":
        done = square_progress(state, sq) >= b.lap_length
        for spot in offs:
            kind = "pit" if b.kind[spot] == PIT else "wall"
            out.append((kind, (kind,), done, ()))
    return out
