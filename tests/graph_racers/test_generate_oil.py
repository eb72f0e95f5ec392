"""Oil slicks placed by the generator (oil.py, `generate --kind cells --oil N`): N patches of
2 x 2 plain track points, apart, off the lines and starts; the stored par is the par with the
oil (an independent re-solve agrees); the same seed gives the same file; clear errors."""

from __future__ import annotations

import json
import random

import pytest
import reference_bfs as ref
from click.testing import CliRunner

from generator.cli import cli
from generator.games.graph_racers.generating.generate import Request, generate
from generator.games.graph_racers.generating.oil import GAP, PATCH, corners, patches, place_oil
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.track.formats import parse_track

ROOMY = """
############
#S.........#
#S.........#
#S.........#
#....GG....#
############
"""


def _track(body: str):
    return parse_track("graph-racers track 1\nmap:\n" + body.strip() + "\n", source="t")


def _patch_corners(track) -> list[tuple[int, int]]:
    oil = track.oil
    return sorted((r, c) for r, c in oil if (r - 1, c) not in oil and (r, c - 1) not in oil)


def test_patches_are_two_by_two_plain_track_apart_and_off_starts():
    roomy = _track(ROOMY)
    oiled = place_oil(roomy, 2, random.Random(3))
    assert oiled is not None and patches(oiled) == 2 and len(oiled.oil) == 2 * PATCH * PATCH
    for r, c in _patch_corners(oiled):
        assert all((r + i, c + j) in oiled.oil for i in range(PATCH) for j in range(PATCH))
    a, b = _patch_corners(oiled)
    assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= PATCH + GAP
    assert not set(oiled.oil) & (set(roomy.starts) | set(roomy.goals))
    assert place_oil(roomy, 2, random.Random(3)).grid == oiled.grid  # same stream, same places
    assert place_oil(roomy, 9, random.Random(3)) is None  # no room for nine


def test_no_patch_on_a_line_or_a_start():
    lap = parse_track(
        "graph-racers track 1\nfinish: col 3 rows 1-3 left\ncheckpoint: col 8 rows 1-3 right\n"
        "map:\n############\n#..........#\n#..........#\n#..........#\n############\n"
    )
    lines = set(lap.finish.points()) | set(lap.checkpoints[0].points())
    for top, left in corners(lap):
        cells = {(top + i, left + j) for i in range(PATCH) for j in range(PATCH)}
        assert not cells & lines


@pytest.fixture(scope="module")
def oiled_track():
    req = Request(18, 26, (3, 5), "easy", 4, Rules(), oil=3)
    return generate(req, 1)[0]


def test_a_generated_track_has_its_oil_and_the_par_with_it(oiled_track):
    track = oiled_track
    assert patches(track) == 3 and len(track.oil) == 12
    assert track.meta["generator"]["oil"] == 3
    assert track.meta["par"] == track.meta["features"]["par"]
    assert solve(track, Rules()).moves == track.meta["par"]
    # the independent plain BFS (reference_bfs: written from the rule text, oil included)
    assert ref.bfs_moves(track, 5, "exact") == track.meta["par"]


def test_the_same_seed_gives_the_same_file(tmp_path):
    args = ["graph-racers", "generate", "--kind", "cells", "--oil", "2", "--size", "26x18"]
    args += ["--difficulty", "easy", "--seed", "9"]
    first = CliRunner().invoke(cli, [*args, "--out", str(tmp_path / "a")])
    again = CliRunner().invoke(cli, [*args, "--out", str(tmp_path / "b")])
    assert first.exit_code == again.exit_code == 0, first.output
    name = "graph-racers-26x18-easy-s9-oil2-1.json"
    a, b = (tmp_path / d / name for d in ("a", "b"))
    assert a.read_bytes() == b.read_bytes()
    data = json.loads(a.read_text())
    track = parse_track(a.read_text())
    assert patches(track) == 2
    assert first.output.strip() == f"{tmp_path / 'a' / name}  par {data['meta']['par']}"


def test_oil_needs_cells_and_room(tmp_path):
    drawn = CliRunner().invoke(
        cli, ["graph-racers", "generate", "--oil", "2", "--out", str(tmp_path)]
    )
    assert drawn.exit_code == 2 and "drawn circuits have no oil patches" in drawn.output
    assert "--kind cells" in drawn.output
    args = ["graph-racers", "generate", "--kind", "cells", "--oil", "12", "--size", "20x15"]
    full = CliRunner().invoke(cli, [*args, "--difficulty", "easy", "--out", str(tmp_path)])
    assert full.exit_code == 1
    assert full.output.count("\n") == 1 and full.output.startswith("Error: ")
    assert "no room for 12 oil patches" in full.output and "fewer --oil" in full.output
    many = CliRunner().invoke(cli, [*args[:5], "13", "--out", str(tmp_path)])
    assert many.exit_code == 2 and "--oil" in many.output
