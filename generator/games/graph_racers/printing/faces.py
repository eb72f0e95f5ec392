"""How each kind of track prints (issue 16): its drawing, the move rule and how to race in the
words of that drawing, and where along the finishing move the race ends.

What a sheet says about moves depends on what its drawing shows ("the line must not touch a
grey square" on a cell map, "stay inside the track edge" on a drawn circuit), so it comes from
the track's kind, not from the rules alone: FACES holds a TrackFace for each kind, face(track)
picks the track's. Another kind of track adds its drawing, its words and its TrackFace here,
and every page prints it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.games.graph_racers.moves.referee import Referee
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.drawing import TrackDrawing
from generator.games.graph_racers.printing.drawn_drawing import DrawnDrawing
from generator.games.graph_racers.solving.solution import Solution
from generator.games.graph_racers.track.model import Track


@dataclass(frozen=True)
class TrackFace:
    """How one kind of track prints (issue 16): its drawing at a pitch, the move rule in the
    words of that drawing ("the line must not touch a grey square"), how to race a lap of it
    with n checkpoints and how to race a given track, and where along the finishing move the
    race ends (answer drawings stop there). Cell maps today; another kind of track names its
    own in FACES under its `kind`."""

    drawing: Callable[[Any, float], TrackDrawing]
    move_rule: Callable[[Rules], str]
    lap_race: Callable[[int, Rules], str]
    how_to_race: Callable[[Any, Rules], str]
    finish_at: Callable[[Any, Rules, Solution], float]
    wall: str  # what a crash touches, in the drawing's words ("a grey square")


def how_to_race(track: Track, rules: Rules) -> str:
    """How a race on a cell map starts and ends, in the words of its drawing."""
    if track.is_lap:
        return lap_race(len(track.checkpoints), rules)
    if rules.collision == "endpoint":  # the jump rule: only landing points count
        return "Start standing on any S point. Finish by landing on a chequered goal square."
    return (
        "Start standing on any S point. Finish by touching a chequered goal square: the race "
        "ends there, even if the line would go on into a grey square."
    )


def lap_race(checkpoints: int, rules: Rules) -> str:
    """How to race a lap of a cell map with that many checkpoints."""
    n = checkpoints
    cps = "checkpoint 1" if n == 1 else "checkpoints 1 and 2" if n == 2 else f"checkpoints 1 to {n}"
    ends = (
        ""
        if rules.collision == "endpoint"
        else " (the race ends there, even if the line would go on into a grey square)"
    )
    return (
        "Start standing on the start/finish line. Race in the arrow's direction, pass "
        f"{cps} in order (each the way its arrow points), and finish by crossing the "
        f"start/finish line again the same way{ends}."
    )


def cell_move_rule(rules: Rules) -> str:
    """The move rule in the words of a cell map's drawing (off-track squares are grey)."""
    if rules.collision == "endpoint":
        return (
            "Each move: only the point you land on must be on the track; the line may cross "
            "grey squares."
        )
    return (
        "Each move is a straight line from point to point: the line must not touch a grey "
        "square, not even at a corner."
    )


def finish_fraction(track: Track, rules: Rules, sol: Solution) -> float:
    """Where along the last move the race ends (answer drawings stop the line there)."""
    if len(sol.path) < 2:
        return 1.0
    ref = Referee(track, rules)
    (r, c), (r2, c2) = sol.path[-2], sol.path[-1]
    stage = len(track.checkpoints) if track.is_lap else 0
    # the stage before the last move: replay the line
    if track.is_lap:
        stage = 0
        for (a, b), (a2, b2) in zip(sol.path[:-2], sol.path[1:-1], strict=False):
            stage = ref.judge(a, b, a2 - a, b2 - b, stage)[1]
    return ref.finish_fraction(r, c, r2 - r, c2 - c, stage)


def drawn_move_rule(rules: Rules) -> str:
    """The move rule in the words of a drawn circuit (drawn.py judges exactly this)."""
    if rules.collision == "endpoint":
        return "Each move: only the point you land on must be inside the track edge."
    return (
        "Each move is a straight line from point to point: stay inside the track edge. The "
        "line must not touch the edge line, not even at one point."
    )


def drawn_lap_race(checkpoints: int | None, rules: Rules) -> str:
    """How to race a lap of a drawn circuit: start on a ringed point, and the finishing move
    stays inside the edge as every other (docs/rules/graph-racers.md, "Drawn circuits");
    checkpoints None: any number (the rules summary)."""
    n = checkpoints
    cps = (
        "the numbered checkpoints"
        if n is None
        else "checkpoint 1"
        if n == 1
        else "checkpoints 1 and 2"
        if n == 2
        else f"checkpoints 1 to {n}"
    )
    return (
        "Start standing on a ringed point of the start/finish line. Race in the arrow's "
        f"direction, pass {cps} in order (each the way its arrow points), and finish by "
        "crossing the start/finish line again the same way."
    )


def grade_note(track: Any) -> str:
    """'graded easy: long straight, hairpin' for a generated drawn circuit."""
    from generator.games.graph_racers.generating.drawn import feature_words

    return f"graded {track.meta['grade']['difficulty']}: {feature_words(track)}"


def drawn_how_to_race(track: Any, rules: Rules) -> str:
    return drawn_lap_race(len(track.checkpoints), rules)


def whole_move(track: Any, rules: Rules, sol: Solution) -> float:
    """A drawn circuit's finishing move stays inside the track: drawn whole."""
    return 1.0


FACES: dict[str, TrackFace] = {
    "cells": TrackFace(
        TrackDrawing, cell_move_rule, lap_race, how_to_race, finish_fraction, "a grey square"
    ),
    "drawn": TrackFace(
        DrawnDrawing,
        drawn_move_rule,
        drawn_lap_race,
        drawn_how_to_race,
        whole_move,
        "the track edge",
    ),
}


def face(track: Any) -> TrackFace:
    """How `track` prints: FACES under its kind (a Track's is "cells")."""
    return FACES[getattr(track, "kind", "cells")]
