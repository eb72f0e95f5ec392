"""Drawn circuits the printed page decides (issue 27, "Ink"): the print-scale rule
(solving/print_scale.py) measured on the two reproducers and held by generated circuits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.games.graph_racers.generating.drawn import generate_drawn
from generator.games.graph_racers.generating.generate import Request
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.drawn_drawing import EDGE
from generator.games.graph_racers.solving.drawn import solve_drawn
from generator.games.graph_racers.solving.print_scale import (
    CLEARANCE,
    INK,
    INK_MM,
    closest_point,
    move_gaps,
    print_scale,
)
from generator.games.graph_racers.track.clearance import Offset, move_clearance, point_clearance
from generator.games.graph_racers.track.drawn_format import track_from_dict

DATA = Path(__file__).resolve().parent.parent / "data" / "graph_racers"


def old(name: str):
    """A track as racegen generated it before the rule (kept as the reproducer)."""
    return track_from_dict(json.loads((DATA / f"drawn-ink-{name}.json").read_text()))


def test_the_ink_is_the_printed_edge() -> None:
    assert EDGE.width == INK_MM == 0.45
    assert INK == pytest.approx(0.045)
    assert CLEARANCE == 0.1 > 2 * INK


def test_worksheet_puzzle_2_answer_point_under_the_ink_is_refused() -> None:
    """worksheet --count 6 --per-page 2 --difficulty easy --seed 1, puzzle 2 (24x23)."""
    track = old("worksheet-easy-1-puzzle-2")
    g = track.geometry
    assert point_clearance(g, (16, 6)) == pytest.approx(0.0663, abs=1e-4)
    assert move_clearance(g, (17, 8), (-1, -2)) == pytest.approx(0.0280, abs=1e-4)
    par, gaps = move_gaps(track, Rules())
    assert par == track.meta["par"] == 21
    assert min(gaps, key=lambda m: m[1])[0] == ((17, 8), (16, 6))
    verdict = print_scale(track)
    assert not verdict.robust and verdict.reason.startswith("grid point (3, 3) lies 0.022 square")


def test_generate_24x23_easy_3_a_line_cutting_the_ink_beats_par() -> None:
    """generate --size 24x23 --difficulty easy --seed 3, track 1: par 22, but a 21-move line
    cuts 0.16 mm into the edge at (7,5)->(5,7) and the key's (17,7)->(15,5) passes 0.11 mm
    from it."""
    track = old("generate-24x23-easy-3-track-1")
    g = track.geometry
    assert move_clearance(g, (17, 7), (-2, -2)) == pytest.approx(0.0221, abs=1e-4)  # 0.11 mm
    assert move_clearance(g, (7, 5), (-2, 2)) == 0.0
    offset = Offset(g)
    assert solve_drawn(track, Rules()).moves == 22
    assert solve_drawn(track, Rules(), legal=offset.narrowed(INK)).moves == 22
    thin = solve_drawn(track, Rules(), legal=offset.widened(INK))
    assert thin.moves == 21
    assert ((7, 5), (5, 7)) in zip(thin.path, thin.path[1:], strict=False)
    # 0.16 mm is 0.032 square: the line is open when the edge gives 0.032, not 0.031
    assert solve_drawn(track, Rules(), legal=offset.widened(0.031)).moves == 22
    assert solve_drawn(track, Rules(), legal=offset.widened(0.032)).moves == 21
    assert not print_scale(track).robust


@pytest.mark.parametrize(
    ("size", "difficulty", "seed"),
    [((24, 23), "easy", 3), ((20, 14), "medium", 1), ((26, 17), "hard", 2)],
)
def test_generated_circuits_are_robust_at_print_scale(size, difficulty, seed) -> None:
    cols, rows = size
    (track,) = generate_drawn(Request(rows, cols, (2, 6), difficulty, seed, Rules(), 2), 1)
    assert closest_point(track)[1] >= CLEARANCE
    par, gaps = move_gaps(track, Rules())
    assert par == track.meta["par"]
    assert min(gap for _, gap in gaps) >= CLEARANCE
    offset = Offset(track.geometry)
    assert solve_drawn(track, Rules(), legal=offset.narrowed(INK)).moves == par
    assert solve_drawn(track, Rules(), legal=offset.widened(INK)).moves == par
    assert print_scale(track).robust


def test_solve_says_whether_an_uploaded_circuit_is_robust_at_print_scale() -> None:
    from click.testing import CliRunner

    from generator.cli import cli

    path = str(DATA / "drawn-ink-generate-24x23-easy-3-track-1.json")
    text = CliRunner().invoke(cli, ["graph-racers", "solve", path])
    assert text.exit_code == 0, text.output
    assert (
        "not robust at print scale: grid point (13, 2) lies 0.001 square (0.01 mm at 5 mm) "
        "from an edge line, under 0.1\n" in text.output
    )
    got = CliRunner().invoke(cli, ["graph-racers", "solve", path, "--json"])
    data = json.loads(got.output)
    assert data["moves"] == 22 and data["robust_at_print"] is False
    assert data["print_scale"]["closest_point"] == {"point": [13, 2], "squares": 0.0011}
