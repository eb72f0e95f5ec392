"""Shared helpers for the Graph Racers tests: the copied public maps and small hand-made tracks
(the race tests' maps and checks are in race_checks.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data" / "racetrack"
EXAMPLES = HERE.parent.parent / "examples" / "graph_racers"
SHARED = HERE.parent.parent.parent / "shared" / "data" / "racetrack"

sys.path.insert(0, str(HERE))  # reference_bfs, race_checks


def map_files() -> list[Path]:
    return sorted(p for p in DATA.rglob("*") if p.suffix in (".track", ".txt"))


@pytest.fixture
def text_track():
    """Build a track from racegen plain text written inline."""
    from generator.games.graph_racers.track.formats import parse_track

    def build(body: str, header: str = "", name: str = "t"):
        text = "graph-racers track 1\n" + header + "map:\n" + body.strip("\n") + "\n"
        return parse_track(text, source=name)

    return build


@pytest.fixture
def arena(text_track):
    """race_checks.ARENA: five lanes, three start points, a goal column."""
    from race_checks import ARENA

    return text_track(ARENA, name="arena")


@pytest.fixture
def corridor(text_track):
    """race_checks.CORRIDOR: one lane, two start points."""
    from race_checks import CORRIDOR

    return text_track(CORRIDOR, name="corridor")
