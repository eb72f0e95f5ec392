"""Checkpoint badges on drawn circuits: each sits beside its checkpoint line where it hides no
grid point of the track and no point of the answer line (issue 27: 131 of 372 badges, sat on
the edge, covered a track point, and in 11 tracks a point of the answer line)."""

from __future__ import annotations

import math

import pytest

from generator.games.graph_racers.generating.drawn import generate_drawn
from generator.games.graph_racers.generating.generate import Request
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.drawing import BADGE
from generator.games.graph_racers.printing.drawn_drawing import DrawnDrawing
from generator.render.canvas import Canvas

PITCH = 5.0
DOT = 0.14  # squares: the radius of an answer point's dot


def badges(drawing: DrawnDrawing, line) -> list[tuple[float, float]]:  # noqa: ANN001
    """The centres (mm) of the badges on the recorded canvas: circles of the badge's radius."""
    canvas = Canvas(drawing.width, drawing.height)
    drawing.draw(canvas, line=line)
    return [
        op.data[:2]
        for op in canvas.ops
        if op.kind == "circle" and math.isclose(op.data[2], PITCH * BADGE, abs_tol=1e-3)
    ]


@pytest.mark.parametrize(
    ("rows", "cols", "difficulty", "seed"),
    [(28, 37, "easy", 1), (28, 37, "medium", 2), (25, 40, "hard", 3), (17, 26, "easy", 4)],
)
def test_no_badge_hides_a_track_point_or_the_answer(rows, cols, difficulty, seed):
    tracks = generate_drawn(Request(rows, cols, (0, 99), difficulty, seed, Rules(), 2), 3)
    for t in tracks:
        path = [tuple(p) for p in t.meta["solution"]["path"]]
        drawing = DrawnDrawing(t, PITCH)
        found = badges(drawing, path)
        assert len(found) == len(t.checkpoints) == 2
        for x, y in found:
            hidden = [
                p
                for p in t.track_points
                if math.dist(drawing.xy(p), (x, y)) < PITCH * (BADGE + DOT)
            ]
            assert hidden == [], (t.name, hidden)
            # wholly off the track: the badge's centre lies off it, on the paper
            r, c = (y - drawing.band) / PITCH - 0.5, (x - drawing.band) / PITCH - 0.5
            assert t.where(round(r * 64), round(c * 64)) == 0, t.name
            assert -0.5 + BADGE <= r <= t.rows - 0.5 - BADGE
            assert -0.5 + BADGE <= c <= t.cols - 0.5 - BADGE


def test_the_badge_that_hid_a_track_point_moves_off_the_track():
    """The reproducer: the third easy 37x28 track of seed 1 (a class pack's) had its first
    badge on the edge at its checkpoint's end, over the track point (12, 25)."""
    t = generate_drawn(Request(28, 37, (0, 99), "easy", 1, Rules(), 2), 3)[2]
    drawing = DrawnDrawing(t, PITCH)
    old = drawing._ends(t.checkpoints[0])[0]  # where it was drawn
    assert [p for p in t.track_points if math.dist(drawing.xy(p), old) < PITCH * BADGE] == [
        (12, 25)
    ]
    new = badges(drawing, None)[0]
    near = [p for p in t.track_points if math.dist(drawing.xy(p), new) < PITCH * (BADGE + DOT)]
    assert near == []
