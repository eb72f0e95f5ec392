"""A second, independent engine: a time-expanded CP-SAT model, for small tracks.

For T = L, L + 1, ... the model asks: is there a race of exactly T moves? L is the
admissible lower bound of distances.py (king-move distance to the finish, covered at best
with one more square of speed a move), so the T below it, all infeasible, are skipped. Variables are the car's
point, vector and acceleration at every move; tables (built from the referee) list which moves
stay on the track, which finish, which accelerations the rules allow from each vector, and
where the car skids on oil. The first T that is feasible is the optimum. It shares the rules
with the search engine but none of the search, so agreement between the two is a real check.

CP-SAT runs with one worker, a fixed seed and deterministic time limits (CP-SAT's measure of
work done, not seconds on a clock): at most `time_per_step` for one T and `work_limit` for the
whole solve, so the answer, or the refusal, never depends on the machine's speed or load
(issue 30, item 13: a wall-clock minute had failed the examples' oil oval on a busy machine).
A wall-clock limit (`time_limit`, the command's --time-limit, off by default) only makes it
give up sooner, and then on some machines only: whatever answer comes within it is the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.moves.referee import FINISH, MOVE, Referee
from generator.games.graph_racers.moves.rules import (
    BRAKE,
    ROCKET,
    TURBO,
    Rules,
    changes,
    normal_changes,
    skid_changes,
)
from generator.games.graph_racers.solving.distances import UNREACHABLE, MovesLeft, stage_distances
from generator.games.graph_racers.solving.solution import Solution
from generator.games.graph_racers.track.model import Track

MAX_CELLS = 1000  # points on the track; beyond this use the search engine
DEFAULT_HORIZON = 60  # moves tried at least; more on tracks with more points (see horizon_for)
MAX_HORIZON = 200
WORK_LIMIT = 60.0  # CP-SAT's deterministic time over a whole solve (the oil oval takes about 11)


def speed_bound(extent: int, rules: Rules) -> int:
    """The largest speed on one axis a car can have while its previous points fit the grid.

    To reach speed s the earlier moves had speeds of at least s - a, s - 2a, ... (a = the
    largest speed-up per move), all inside `extent` points.
    """
    a = 3 if rules.rocket else 2 if rules.turbo else 1
    s = 0
    while True:
        nxt = s + 1
        travelled = sum(nxt - j * a for j in range(1, nxt // a + 1) if nxt - j * a > 0)
        if travelled > extent - 1:
            return s
        s = nxt


def fewest_moves(track: Track, rules: Rules) -> int | None:
    """A lower bound on the moves of any race (None: no start can reach the finish).

    The least, over the start points, of the moves needed to cover the distance to the finish
    from rest (distances.py proves the bound); never below 1.
    """
    table = stage_distances(track, rules)[0]
    left = MovesLeft(rules)
    bounds = [
        left(d, 0, rules.turbo, rules.rocket)
        for d in (table[r * track.cols + c] for r, c in track.starts)
        if d != UNREACHABLE
    ]
    return max(1, min(bounds)) if bounds else None


def horizon_for(track: Track) -> int:
    """How many moves CP-SAT tries: 60, or one per track point on bigger tracks (a one-wide
    snake needs about one move per point), at most 200."""
    return min(MAX_HORIZON, max(DEFAULT_HORIZON, track.count_on()))


def solve_cpsat(
    track: Track,
    rules: Rules | None = None,
    *,
    horizon: int | None = None,
    time_per_step: float = 20.0,
    progress: Callable[[int], None] | None = None,
    time_limit: float | None = None,
    work_limit: float = WORK_LIMIT,
) -> Solution:
    """The exact minimum number of moves, found by CP-SAT; moves None when no start can reach
    the finish at all; LimitExceeded when no race was found within `horizon` moves (there may
    be a longer one: the search engine has no such limit), when CP-SAT's deterministic time
    summed over the moves tried reaches `work_limit` before a proof (the same on every
    machine), or when `time_limit` seconds (wall clock, from the call; None: no such limit)
    pass before a proof."""
    from ortools.sat.python import cp_model

    from generator.core import cpsolve

    if getattr(track, "kind", "cells") == "drawn":
        raise InvalidInput(
            f"{track.name}: CP-SAT races cell maps; a drawn circuit is solved by the search "
            "(its pars are checked against an independent search in the tests): leave out "
            "--engine cp-sat"
        )
    rules = rules or Rules()
    horizon = horizon_for(track) if horizon is None else horizon
    began = time.perf_counter()
    on_cells = track.count_on()
    if on_cells > MAX_CELLS:
        raise LimitExceeded(
            f"{track.name}: {on_cells} track points is more than the CP-SAT engine's {MAX_CELLS}; "
            "use --engine search"
        )
    ref = Referee(track, rules)
    vr_max = speed_bound(track.rows, rules)
    vc_max = speed_bound(track.cols, rules)
    nstages = len(track.checkpoints) + 1
    cells = [(r, c) for r in range(track.rows) for c in range(track.cols) if track.on_track(r, c)]
    vectors = [(vr, vc) for vr in range(-vr_max, vr_max + 1) for vc in range(-vc_max, vc_max + 1)]

    moves: list[tuple[int, ...]] = []  # (r, c, vr', vc', stage, stage')
    finishes: list[tuple[int, ...]] = []  # (r, c, vr', vc', stage)
    for r, c in cells:
        for vr, vc in vectors:
            for stage in range(nstages):
                outcome, after = ref.judge(r, c, vr, vc, stage)
                if outcome == MOVE:
                    moves.append((r, c, vr, vc, stage, after))
                elif outcome == FINISH:
                    finishes.append((r, c, vr, vc, stage))
    # accelerations: (vr, vc, ar, ac, brake, turbo, rocket, skid)
    accels: list[tuple[int, ...]] = []
    full = rules.budget
    for vr, vc in vectors:
        for (ar, ac), kind in changes(rules, (vr, vc), full):
            accels.append(
                (vr, vc, ar, ac, int(kind == BRAKE), int(kind == TURBO), int(kind == ROCKET), 0)
            )
        if ref.has_oil:
            for (ar, ac), _kind in skid_changes(rules, (vr, vc)):
                accels.append((vr, vc, ar, ac, 0, 0, 0, 1))
    if ref.has_oil:  # standing still on oil (2): a normal move, no boost
        accels += [(0, 0, ar, ac, 0, 0, 0, 2) for ar, ac in normal_changes(rules.accel)]
    # the skid column: 1 the car skids, 2 it stands still on oil, 0 neither
    skids: list[tuple[int, ...]] = []
    if ref.has_oil:
        for r, c in cells:
            for vr, vc in vectors:
                oil = 1 if ref.skids(r, c, vr, vc) else 0
                if not oil and (vr, vc) == (0, 0) and ref.on_oil(r, c):
                    oil = 2
                skids.append((r, c, vr, vc, oil))
    amax = 3 if rules.rocket else 2 if (rules.turbo or rules.brakes) else 1

    branches = 0
    work = 0.0  # CP-SAT's deterministic time so far
    first = fewest_moves(track, rules)
    if not finishes or first is None:
        return Solution(
            rules, None, expanded=0, seconds=time.perf_counter() - began, engine="cp-sat"
        )
    for T in range(first, horizon + 1):
        _check_time(track, time_limit, began, T)
        _check_work(track, work, work_limit, T)
        if progress is not None:
            progress(T)  # the number of moves about to be tried
        m = cp_model.CpModel()
        ys = [m.NewIntVar(0, track.rows - 1, f"y{t}") for t in range(T)]
        xs = [m.NewIntVar(0, track.cols - 1, f"x{t}") for t in range(T)]
        vys = [m.NewIntVar(-vr_max, vr_max, f"vy{t}") for t in range(T + 1)]
        vxs = [m.NewIntVar(-vc_max, vc_max, f"vx{t}") for t in range(T + 1)]
        ays = [m.NewIntVar(-amax, amax, f"ay{t}") for t in range(T)]
        axs = [m.NewIntVar(-amax, amax, f"ax{t}") for t in range(T)]
        st = [m.NewIntVar(0, nstages - 1, f"k{t}") for t in range(T)]
        uses = {BRAKE: [], TURBO: [], ROCKET: []}
        m.AddAllowedAssignments([ys[0], xs[0]], [tuple(p) for p in track.starts])
        m.Add(vys[0] == 0)
        m.Add(vxs[0] == 0)
        m.Add(st[0] == 0)
        for t in range(T):
            m.Add(vys[t + 1] == vys[t] + ays[t])
            m.Add(vxs[t + 1] == vxs[t] + axs[t])
            b = m.NewBoolVar(f"b{t}")
            u = m.NewBoolVar(f"u{t}")
            k = m.NewBoolVar(f"r{t}")
            o = m.NewIntVar(0, 2, f"o{t}")
            uses[BRAKE].append(b)
            uses[TURBO].append(u)
            uses[ROCKET].append(k)
            m.AddAllowedAssignments([vys[t], vxs[t], ays[t], axs[t], b, u, k, o], accels)
            if ref.has_oil:
                m.AddAllowedAssignments([ys[t], xs[t], vys[t], vxs[t], o], skids)
            else:
                m.Add(o == 0)
            if t < T - 1:
                m.Add(ys[t + 1] == ys[t] + vys[t + 1])
                m.Add(xs[t + 1] == xs[t] + vxs[t + 1])
                m.AddAllowedAssignments(
                    [ys[t], xs[t], vys[t + 1], vxs[t + 1], st[t], st[t + 1]], moves
                )
            else:
                m.AddAllowedAssignments([ys[t], xs[t], vys[t + 1], vxs[t + 1], st[t]], finishes)
        for kind, limit in ((BRAKE, rules.brakes), (TURBO, rules.turbo), (ROCKET, rules.rocket)):
            m.Add(sum(uses[kind]) <= limit)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = 0
        step = min(time_per_step, work_limit - work)  # the whole solve's limit may come first
        solver.parameters.max_deterministic_time = max(step, 1e-6)
        if time_limit is not None:
            left = time_limit - (time.perf_counter() - began)
            solver.parameters.max_time_in_seconds = max(left, 1e-3)
        status = cpsolve.solve(solver, m)
        branches += solver.NumBranches()
        work += solver.response_proto.deterministic_time
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            path = [(solver.Value(ys[t]), solver.Value(xs[t])) for t in range(T)]
            last_v = (solver.Value(vys[T]), solver.Value(vxs[T]))
            path.append((path[-1][0] + last_v[0], path[-1][1] + last_v[1]))
            acc = [(solver.Value(ays[t]), solver.Value(axs[t])) for t in range(T)]
            kinds = [
                BRAKE
                if solver.Value(uses[BRAKE][t])
                else TURBO
                if solver.Value(uses[TURBO][t])
                else ROCKET
                if solver.Value(uses[ROCKET][t])
                else ""
                for t in range(T)
            ]
            return Solution(
                rules, T, path, acc, kinds, branches, time.perf_counter() - began, "cp-sat"
            )
        if status != cp_model.INFEASIBLE:
            _check_time(track, time_limit, began, T)
            if step < time_per_step:
                _check_work(track, work_limit, work_limit, T)
            raise LimitExceeded(
                f"{track.name}: CP-SAT could not decide {T} moves within its deterministic time "
                f"limit ({time_per_step:g}); use --engine search"
            )
    raise LimitExceeded(
        f"{track.name}: CP-SAT found no race of up to {horizon} moves under {rules.short()}; "
        "a longer one may exist: use --engine search"
    )


def _check_time(track: Track, time_limit: float | None, began: float, moves: int) -> None:
    """LimitExceeded once `time_limit` seconds have passed since `began` (CP-SAT was trying
    races of `moves` moves)."""
    if time_limit is not None and time.perf_counter() - began >= time_limit:
        raise LimitExceeded(
            f"{track.name}: no proof within {time_limit:g} s (CP-SAT was trying {moves} moves): "
            "raise --time-limit or use the default engine (leave out --engine cp-sat)"
        )


def _check_work(track: Track, work: float, work_limit: float, moves: int) -> None:
    """LimitExceeded once CP-SAT's deterministic time `work` reaches `work_limit`."""
    if work >= work_limit:
        raise LimitExceeded(
            f"{track.name}: no proof within CP-SAT's work limit of {work_limit:g} deterministic "
            f"seconds, the same on every machine (it was trying {moves} moves): use the default "
            "engine (leave out --engine cp-sat)"
        )
