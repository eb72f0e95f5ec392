"""How hard a lay puzzle is, measured by the weakest solver that finds the answer, and the
rules it exercises.

Closeness to the goal is counted in steps: the fewest forward or sideways steps (the ways a
path may go, D4) over free squares from a square to the goal - onto the car to bump, onto
the free square right behind the team-mate to draft, across the finish line, onto the star.
A die laid on the table is as close as the best of its open exits.

- easy: laying each die, as it comes, as close to the goal as possible works: every die of
  the answer is one of the closest placements of its face.
- medium: one die of look-ahead works: every die of the answer is one of the placements
  from which the next face (known, as in the puzzle) can be laid closest.
- hard: neither; the answer needs the whole search.
"""

from __future__ import annotations

from collections import deque

from generator.games.trading_paint.puzzles.goals import Goal
from generator.games.trading_paint.puzzles.lay import Solution
from generator.games.trading_paint.rules import caution as cz
from generator.games.trading_paint.rules.board import TRACK, Board, back
from generator.games.trading_paint.rules.moves import occupancy, placements
from generator.games.trading_paint.rules.paths import lay_die
from generator.games.trading_paint.rules.state import PLACE, State, evolve

GRADES = ("easy", "medium", "hard")
DICE = {"easy": (2, 3), "medium": (3, 4), "hard": (4, 6)}  # dice per level
FAR = 10**6


def goal_squares(state: State, goal: Goal) -> set[int]:
    """The squares a path's exit must lead onto to reach the goal (before the last die's
    own rules: approach direction, team)."""
    b = state.board
    me = state.car
    here = state.entry[me] if state.entry[me] >= 0 else state.pos[me]
    u = b.station[here] + state.lap[me] * b.lap_length
    if goal.kind == "square":
        return {goal.square}
    if goal.kind == "finish":
        return {
            c
            for c in b.track_cells()
            if b.station[c] + cz.continue_lap(b, u, c) * b.lap_length >= b.lap_length
        }
    t = state.pos[goal.car - 1]
    if goal.kind == "bump":
        return {t}
    return {
        t - b.offsets[d]
        for d in range(4)
        if b.lane_dirs[t] >> d & 1 and b.kind[t - b.offsets[d]] == TRACK
    }


def distances(state: State, goal: Goal, most: int | None = None) -> dict[int, int]:
    """Steps from each square to the goal (squares that cannot get there are left out);
    `most`: only the squares at most that many steps away (the search stops there)."""
    occ = occupancy(state)
    wrecks = state.wrecks
    into = _steps_into(state.board)
    targets = goal_squares(state, goal)
    dist = {t: 0 for t in targets}
    todo = deque(sorted(targets))
    while todo:
        q = todo.popleft()
        after = dist[q] + 1
        if most is not None and after > most:
            break  # breadth first: every square left is as far or farther
        froms = into.get(q)
        if froms is None:
            froms = into[q] = _froms(state.board, q)
        for p in froms:
            if p in dist or p in occ or p in wrecks:
                continue
            dist[p] = after
            todo.append(p)
    return dist


_INTO: dict[int, tuple[Board, dict[int, tuple[int, ...]]]] = {}


def _steps_into(b: Board) -> dict[int, tuple[int, ...]]:
    """The board's table of _froms, filled in as squares are asked about (kept per board)."""
    kept = _INTO.get(id(b))
    if kept is None or kept[0] is not b:
        kept = _INTO[id(b)] = (b, {})
    return kept[1]


def _froms(b: Board, q: int) -> tuple[int, ...]:
    """The track squares a step (forward or sideways, D4) leads from onto q, in direction
    order: what distances() tries, less the cars and wrecks of the moment."""
    out = []
    for d in range(4):
        p = q - b.offsets[d]  # a step from p in direction d lands on q
        if b.kind[p] == TRACK and b.allowed[p] >> d & 1:
            out.append(p)
    return tuple(out)


def _score(board: Board, square: int, exits, dist: dict[int, int]) -> int:  # noqa: ANN001
    offsets = board.offsets
    return min((dist.get(square + offsets[d], FAR) for d, _ in exits), default=FAR)


def _matches(p, die: tuple[int, int, int], sol_exits) -> bool:  # noqa: ANN001
    return p.square == die[0] and {d for d, _ in p.exits} == sol_exits


def grade(state: State, faces: tuple[int, ...], goal: Goal, sol: Solution) -> str:
    """easy, medium or hard (module docstring) for the answer `sol`.

    A placement is scored from its square and exits alone, so the position after a die is
    built only where a next die is laid from it (the look-ahead, the answer's own die); the
    cars do not move while the dice are laid, so one occupancy serves every step.

    The steps are first counted only near the goal (NEAR more than the dice): a score is then
    exact up to there and "far" beyond, which decides the same whenever each die of the answer
    scores within it (whether another placement scores less does not change); when one does
    not, the grade is worked out again with every square's steps.
    """
    near = distances(state, goal, most=len(faces) + NEAR)
    found = _grade(state, faces, sol, near, len(faces) + NEAR)
    if found is None:
        found = _grade(state, faces, sol, distances(state, goal), None)
    return found  # type: ignore[return-value]


NEAR = 3  # steps beyond the number of dice that grade() first counts


def _grade(
    state: State, faces: tuple[int, ...], sol: Solution, dist: dict[int, int], most: int | None
) -> str | None:
    """grade() with these distances (`most`: counted only that far); None when a die of the
    answer scores beyond `most` (the distances do not decide)."""
    b = state.board
    occ = occupancy(state)
    dice = sol.way.dice
    steps = _answer_exits(state, sol)
    for look in (0, 1):
        cur = state
        ok = True
        for k, face in enumerate(faces):
            options = placements(cur, face, occ)  # reads nothing the roll changes
            ahead = look and k + 1 < len(faces)
            scores = []
            for p in options:
                if ahead:
                    nxt = lay_die(evolve(cur, stage=PLACE, face=face), p)
                    s = min(
                        (
                            _score(b, p2.square, p2.exits, dist)
                            for p2 in placements(nxt, faces[k + 1], occ)
                        ),
                        default=FAR,
                    )
                else:
                    s = _score(b, p.square, p.exits, dist)
                scores.append(s)
            best = min(scores)
            mine = [
                (s, p)
                for p, s in zip(options, scores, strict=True)
                if _matches(p, dice[k], steps[k])
            ]
            if mine and most is not None and mine[0][0] > most:
                return None
            if not mine or mine[0][0] != best:
                ok = False
                break
            cur = lay_die(evolve(cur, stage=PLACE, face=face), mine[0][1])
        if ok:
            return GRADES[look]
    return "hard"


def _answer_exits(state: State, sol: Solution) -> list[set[int]]:
    """The open exit directions of each die of the answer (what `placements` calls the move)."""
    from generator.games.trading_paint.rules.moves import die_exits, first_squares

    b = state.board
    first = {s.square: s for s in first_squares(state, state.car, occupancy(state))}
    dice = sol.way.dice
    out = []
    exits: tuple[tuple[int, int], ...] = ()
    for k, (sq, face, rot) in enumerate(dice):
        if k == 0:
            side, bits = first[sq].side, first[sq].bits
        else:
            d = b.direction(dice[k - 1][0], sq)
            side, bits = back(d), next(m for dd, m in exits if dd == d)
        exits = die_exits(b, sq, face, rot, side, bits, backward=not k and first[sq].backward)
        out.append({d for d, _ in exits})
    return out


def rule_tags(state: State, goal: Goal, sol: Solution, ways) -> list[str]:  # noqa: ANN001
    """The rules a puzzle exercises, in a fixed order."""
    b = state.board
    me = state.car
    dice = sol.way.dice
    ending = sol.ending
    tags = []
    if any(f == 3 for _, f, _ in dice):
        tags.append("turning 3")
    start = state.pos[me] if state.on_track(me) else -1
    squares = ([start] if start >= 0 else []) + [c for c, _, _ in dice]
    if ending.kind == "stop":
        squares.append(ending.square)
    if any(b.lane[p] != b.lane[q] for p, q in zip(squares, squares[1:], strict=False)):
        tags.append("lane change")
    if ending.kind == "bump":
        d = b.direction(dice[-1][0], ending.via)
        if not b.lane_dirs[ending.via] >> d & 1:
            tags.append("side bump in a turn")
    # a die of the answer, laid another way, drives the car off the track: a trap beside it
    answer = [c for c, _, _ in dice]
    walls = any(b.kind[cell] != TRACK for _, cell in ending.bumped) or any(
        e.kind in ("wall", "pit") and [c for c, _, _ in w.dice[:-1]] == answer[: len(w.dice) - 1]
        for w in ways
        for e in w.endings
    )
    if walls:
        tags.append("wall")
    if ending.kind == "draft":
        tags.append("draft")
    if ending.kind == "bump" and len(ending.bumped) > 1:
        tags.append("chained bump")
    if state.off_track(me):
        tags.append("pit re-entry")
    if ending.finishes:
        tags.append("finish")
    return tags
