"""Answer keys: the solution field of a puzzle file, in words and in the answer notation.

For a lay (or fewest) puzzle: the dice as they must lie ("either way up" where a face looks
different turned but acts the same), how the path ends, where every car is afterwards (the
answer played through the rules engine), and one line on the near miss that makes the answer
unique: the rival way a blocker cuts, or the way that comes closest to the goal without
reaching it. For a stop puzzle: both values as exact fractions and what each face would do.
"""

from __future__ import annotations

from dataclasses import replace

from generator.games.trading_paint.puzzles.answers import cars_after, die_text
from generator.games.trading_paint.puzzles.goals import Goal
from generator.games.trading_paint.puzzles.grading import distances
from generator.games.trading_paint.puzzles.lay import Solution, complete_ways, lay_solutions
from generator.games.trading_paint.rules.moves import occupancy, slot_at, slot_exits
from generator.games.trading_paint.rules.paths import Ending, Query, Way
from generator.games.trading_paint.rules.state import (
    WAITING,
    Bump,
    Draft,
    Face,
    Place,
    Roll,
    State,
    Stop,
)
from generator.games.trading_paint.rules.turn import apply_legal, legal_moves


def ending_words(state: State, e: Ending) -> str:
    b = state.board
    if e.kind == "stop":
        text = f"stops on {b.label(e.square)}"
    elif e.kind == "bump":
        cars = ", ".join(f"car {c} to {b.label(s)}" for c, s in e.bumped)
        text = f"bumps car {state.occupant(e.via) + 1} ({cars}) and ends on {b.label(e.square)}"
    elif e.kind == "draft":
        text = f"drafts car {state.occupant(e.via) + 1} and lands on {b.label(e.square)}"
    elif e.kind in ("pit", "wall"):
        text = f"is forced {'into the pit' if e.kind == 'pit' else 'onto the wall'} at {b.label(e.square)}"
    else:
        text = "runs into a dead end: the turn is lost"
    return text + (", finishing" if e.finishes else "")


def ending_token(state: State, e: Ending, goal: Goal) -> str:
    b = state.board
    if e.kind in ("bump", "draft"):
        return f"{e.kind} {b.label(e.via)}"
    if e.kind == "stop":
        return "stop" if goal.kind == "finish" else f"stop {b.label(e.square)}"
    return e.kind


def ending_dict(state: State, e: Ending) -> dict:
    b = state.board
    out: dict = {"kind": e.kind, "square": list(b.xy(e.square))}
    if e.via >= 0:
        out["via"] = list(b.xy(e.via))
    if e.bumped:
        out["bumped"] = [{"car": c, "to": list(b.xy(s))} for c, s in e.bumped]
    out["finishes"] = e.finishes
    return out


def play_lay(state: State, way: Way, ending: Ending) -> State:
    """The position after the answer, played through the rules engine."""
    s = state
    for k, (square, face, rotation) in enumerate(way.dice):
        if k:
            s = apply_legal(s, Roll())
        s = apply_legal(s, Face(face))
        target = _exits_of(s, square, face, rotation)
        move = next(
            m
            for m in legal_moves(s)
            if isinstance(m, Place)
            and m.square == square
            and _exits_of(s, square, face, m.rotation) == target
        )
        s = apply_legal(s, move)
    if ending.kind == "stop":
        return apply_legal(s, Stop(ending.square))
    if ending.kind == "bump":
        return apply_legal(s, Bump(ending.via))
    if ending.kind == "draft":
        return apply_legal(s, Draft(ending.via, ending.square))
    return s


def _exits_of(s: State, square: int, face: int, rotation: int) -> tuple[int, ...]:
    slot = slot_at(s, square)
    assert slot is not None
    return tuple(d for d, _ in slot_exits(s.board, slot, face, rotation))


def lay_answer(
    state: State,
    faces: tuple[int, ...],
    goal: Goal,
    sol: Solution,
    q: Query,
    cut: list[tuple[Solution, tuple[int, ...]]],
    scene: State,
) -> dict:
    """The solution field of a lay puzzle file."""
    b = state.board
    dice = []
    for k, (square, face, rotation) in enumerate(sol.way.dice):
        looks = sol.rotations(k)
        dice.append(
            {
                "face": face,
                "square": list(b.xy(square)),
                "rotation": rotation * 90,
                "rotations": [r * 90 for r in looks],
                "either_way_up": len(looks) > 1,
            }
        )
    ending = sol.ending
    text = " ".join(die_text(b, d) for d in sol.way.dice) + " " + ending_token(state, ending, goal)
    after = play_lay(state, sol.way, ending)
    out: dict = {
        "answer": text,
        "dice": dice,
        "ending": ending_dict(state, ending),
        "endings": [ending_dict(state, e) for e in sol.endings()],
        "cars": cars_after(after),
        "near_miss": near_miss(state, faces, goal, sol, q, cut, scene),
        "solutions": 1,
    }
    moved = [i for i in range(state.cars) if state.pos[i] != scene.pos[i]]
    out["blockers"] = [{"car": i + 1, "at": list(b.xy(state.pos[i]))} for i in moved]
    out["wrecks_added"] = [list(b.xy(w)) for w in sorted(state.wrecks - scene.wrecks)]
    return out


def near_miss(
    state: State,
    faces: tuple[int, ...],
    goal: Goal,
    sol: Solution,
    q: Query,
    cut: list[tuple[Solution, tuple[int, ...]]],
    scene: State,
) -> str:
    """One line on what makes the answer unique: the rival a blocker cut, or the way that
    comes closest without reaching the goal."""
    b = state.board
    line = _without_line(state, faces, goal, cut, scene)
    if line:
        return line
    dist = distances(state, goal)
    mine = sol.way.dice
    best = None
    for w in complete_ways(q):
        for e in w.endings:
            if goal.reached(state, e):
                continue
            shared = 0
            while shared < len(mine) and w.dice[shared][:2] == mine[shared][:2]:
                shared += 1
            score = (shared, -dist.get(e.square, 99), -len(best[0].dice) if best else 0)
            if best is None or score > best[2]:
                best = (w, e, score)
    if best is None:
        return "Every other way to lay these dice fails before the last die."
    w, e, _ = best
    dice = " ".join(die_text(b, d) for d in w.dice)
    return f"Near miss: {dice} {ending_words(state, e)}, which does not reach the goal."


def _without_line(
    state: State,
    faces: tuple[int, ...],
    goal: Goal,
    cut: list[tuple[Solution, tuple[int, ...]]],
    scene: State,
) -> str:
    """'Without car 2 on 24,8, DICE would also ...' for the first rival that one blocker alone
    cuts: the engine, with exactly that car (or wreck) taken off the board, finds the rival
    among the solutions. '' when every rival needs more than one blocker gone."""
    b = state.board
    occ = occupancy(state)
    for rival, squares in cut:
        for blocker in squares:
            if blocker not in occ and blocker not in state.wrecks:
                continue
            opened = without(state, blocker)
            found = [s for s in lay_solutions(opened, faces, goal) if s.squares == rival.squares]
            if not found:
                continue
            who = state.occupant(blocker)
            what = f"car {who + 1}" if who >= 0 else "the wreck"
            dice = " ".join(die_text(b, d) for d in found[0].way.dice)
            return (
                f"Without {what} on {b.label(blocker)}, {dice} would also "
                f"{goal.text(scene, verb=True)}."
            )
    return ""


def without(state: State, square: int) -> State:
    """The position with the car (or the wreck) on `square` taken off the board."""
    occ = occupancy(state)
    if square in occ:
        pos = list(state.pos)
        pos[occ[square]] = WAITING
        return replace(state, pos=tuple(pos))
    return replace(state, wrecks=state.wrecks - {square})


def stop_answer(state: State, answer) -> dict:  # noqa: ANN001
    from generator.games.trading_paint.rules.turn import describe

    return {
        "answer": answer.choice,
        "stop": str(answer.stop),
        "roll": str(answer.roll),
        "stop_squares": round(float(answer.stop), 4),
        "roll_squares": round(float(answer.roll), 4),
        "best_end": describe(state, answer.stop_move),
        "faces": [
            {
                "face": o.face,
                "value": str(o.value),
                "squares": round(float(o.value), 4),
                "play": o.play,
            }
            for o in answer.faces
        ],
    }
