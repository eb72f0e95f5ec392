"""Blockers: cars (or wrecks) put on the board so that only the intended answer works.

A competing way to the goal is cut when a blocker stands on one of its dice squares that the
intended answer does not need. Each competing way gives a clause (at least one of its
squares is blocked); CP-SAT finds the fewest blockers that satisfy every clause, with a
seeded preference between squares so that different seeds give different scenes. The caller
puts the blockers on the board and enumerates again: a new car can open a new bump or draft,
and the clauses of any new competing way are added before the next round.

CP-SAT runs with one worker, a fixed seed and a deterministic time limit.
"""

from __future__ import annotations

from dataclasses import dataclass


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
    from ortools.sat.python import cp_model

    if any(not c for c in clauses):
        return None
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
    top = max(preference.values(), default=0) + 2
    # fewest blockers first; then wrecks before cars (a wreck opens no new bump); then the
    # seeded preference
    cost = [v * (1000 * top + 2 * preference.get(s, top) + 1) for s, v in car.items()]
    cost += [v * (1000 * top + 2 * preference.get(s, top)) for s, v in wreck.items()]
    model.minimize(sum(cost))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = 5.0
    solver.parameters.catch_sigint_signal = False
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return Choice(
        tuple(sorted(s for s, v in car.items() if solver.value(v))),
        tuple(sorted(s for s, v in wreck.items() if solver.value(v))),
    )
