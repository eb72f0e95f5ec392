"""Generated circuits: reproducible, valid laps, solved for par, at the asked difficulty."""

from __future__ import annotations

import json

import pytest

from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.generating.circuit import Loop, coarse_lines, smooth
from generator.games.graph_racers.generating.generate import (
    Request,
    classify,
    generate,
    size_factor,
)
from generator.games.graph_racers.moves.check import RacingLine, check_line
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.solving.optimal_lines import natural
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.track.formats import parse_track, track_to_json


@pytest.fixture(scope="module")
def easy_pair():
    req = Request(rows=20, cols=32, width=(3, 5), difficulty="easy", seed=7, rules=Rules())
    return req, generate(req, 2)


def test_generated_tracks_are_valid_solved_laps(easy_pair):
    req, tracks = easy_pair
    assert len(tracks) == 2
    for track in tracks:
        assert (track.rows, track.cols) == (20, 32)
        assert track.is_lap and len(track.checkpoints) == 2
        meta = track.meta
        par = solve(track, Rules()).moves
        assert meta["par"] == par == meta["features"]["par"]
        assert meta["features"]["par_accel_9"] == solve(track, Rules(9)).moves
        line = RacingLine(points=tuple(tuple(p) for p in meta["solution"]["path"]))
        verdict = check_line(track, Rules(), line)
        assert verdict.legal and verdict.moves == par
        assert "easy" in classify(meta["features"], track.rows, track.cols)
        assert meta["rules"] == Rules().to_dict()
        assert meta["id"].startswith("graph-racers:32x20#7.")


def test_generation_is_reproducible_and_stores_the_whole_track(easy_pair):
    req, tracks = easy_pair
    again = generate(req, 2)
    assert [track_to_json(t) for t in tracks] == [track_to_json(t) for t in again]
    data = json.loads(track_to_json(tracks[0]))
    assert len(data["map"]) == 20 and all(len(row) == 32 for row in data["map"])
    back = parse_track(track_to_json(tracks[0]), source="gen")
    assert back.grid == tracks[0].grid and back.finish == tracks[0].finish
    assert back.meta["par"] == tracks[0].meta["par"]
    # another seed gives another track
    other = generate(Request(20, 32, (3, 5), "easy", 8, Rules()), 1)[0]
    assert other.grid != tracks[0].grid


def test_hard_tracks_measure_harder_than_easy(easy_pair):
    _, easy = easy_pair
    hard = generate(
        Request(rows=25, cols=40, width=(3, 4), difficulty="hard", seed=2, rules=Rules(9)), 1
    )[0]
    f = hard.meta["features"]
    assert "hard" in classify(f, 25, 40)
    assert f["corners"] >= 10 and f["narrowest"] <= 4
    assert f["par"] == solve(hard, Rules(9)).moves
    assert all(f["corners"] > e.meta["features"]["corners"] for e in easy)


def test_difficulty_thresholds_scale_with_size():
    assert size_factor(25, 40) == 1.0
    f = {"par": 30, "corners": 8, "narrowest": 4, "slowdown": 1.2}
    assert "easy" in classify(f, 25, 40)
    assert "easy" not in classify(f, 10, 16)  # the same par is a lot for a small track


def test_coarse_lines_keep_two_wall_points_between_stretches():
    import random

    for width in (3, 4, 5):
        for extent in (20, 25, 40, 80):
            lines = coarse_lines(extent, width, random.Random(extent * 10 + width))
            gaps = [b - a for a, b in zip(lines, lines[1:], strict=False)]
            assert all(g >= width + 2 for g in gaps)
            assert lines[0] - (width - 1) / 2 >= 1 and lines[-1] + (width - 1) / 2 <= extent - 2
    with pytest.raises(InvalidInput, match="too small for a track 5 wide"):
        coarse_lines(9, 5, random.Random(1))


def test_corners_of_a_loop():
    square = Loop(((0, 0), (0, 1), (1, 1), (1, 0)), (1.0, 5.0), (1.0, 5.0))
    assert square.corners == 4
    long = Loop(((0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)), (1.0, 5.0), (1.0, 5.0, 9.0))
    assert long.corners == 4
    assert len(smooth([(0.0, 0.0), (0.0, 4.0), (4.0, 4.0), (4.0, 0.0)], rounds=2)) == 16


def test_impossible_requests_fail_clearly():
    """The library's errors carry their facts as fields; the command line words the advice
    (tests/graph_racers/test_commands.py checks the whole lines)."""
    from generator.games.graph_racers.generating.generate import (
        NoRoom,
        NotFound,
        TooSmall,
        WidthMismatch,
    )

    with pytest.raises(InvalidInput, match="difficulty 'brutal'"):
        generate(Request(20, 32, (3, 5), "brutal", 1, Rules()), 1)
    with pytest.raises(
        NoRoom, match="^a 30x12 track has no room for a circuit 4 points wide$"
    ) as e:
        generate(Request(12, 30, (4, 5), "medium", 1, Rules()), 1)
    assert (e.value.cols, e.value.rows, e.value.width, e.value.fix) == (30, 12, 4, (3, 3))
    # too small for the difficulty's narrowest width: only a larger size helps (the advice
    # used to offer --width 2..2, which medium then refused)
    with pytest.raises(
        TooSmall,
        match=r"^a 10x10 track is too small for medium circuits \(at least 3 points wide\)$",
    ) as e:
        generate(Request(10, 10, (3, 5), "medium", 1, Rules()), 1)
    assert e.value.side == 11
    assert generate(Request(11, 11, (3, 5), "medium", 1, Rules()), 1)[0].rows == 11
    with pytest.raises(
        WidthMismatch, match="easy tracks are at least 4 points wide everywhere"
    ) as e:
        generate(Request(20, 32, (3, 3), "easy", 1, Rules()), 1)
    assert (e.value.bound, e.value.wider, e.value.fix) == (4, True, (4, 4))
    with pytest.raises(NotFound, match=r"no hard track of 12x20 .* \(most tracks drawn had") as e:
        generate(Request(20, 12, (3, 5), "hard", 1, Rules(), max_attempts=5), 1)
    assert isinstance(e.value, LimitExceeded) and e.value.attempts == 5


def test_stored_example_circuit_keeps_its_par():
    from conftest import EXAMPLES

    from generator.games.graph_racers.track.formats import read_track

    track = read_track(EXAMPLES / "graph-racers-40x25-medium-s1-1.json")
    rules = Rules.from_dict(track.meta["rules"])
    assert solve(track, rules).moves == track.meta["par"] == track.meta["features"]["par"]
    assert track.is_lap and track.meta["difficulty"] == "medium"


def test_generated_laps_agree_with_the_independent_bfs(easy_pair):
    import reference_bfs as ref

    _, tracks = easy_pair
    track = tracks[0]
    for rules in (Rules(9), Rules(5, "endpoint")):
        assert solve(track, rules).moves == ref.bfs_moves(track, rules.accel, rules.collision)


def test_checkpoint_lines_are_all_different():
    """On small circuits two loop edges can give the same line; a line drawn twice hid a
    checkpoint number (found by the audit: 24x18 with 6 checkpoints repeated one in 12 of 20)."""
    req = Request(18, 24, (3, 5), "medium", 1, Rules(5), checkpoints=6)
    for track in generate(req, 3):
        lines = [track.finish, *track.checkpoints]
        assert len(track.checkpoints) == 6 and len(set(lines)) == 7


def test_generated_tracks_store_how_many_optimal_lines_they_have(easy_pair):
    """Worksheet answer pages say whether the optimum is unique (they always said 'may exist,
    not counted': found by the audit); the stored count is the solver's own count."""
    _req, tracks = easy_pair
    for track in tracks:
        stored = track.meta["solution"]
        counted = solve(track, Rules.from_dict(track.meta["rules"]), count_lines=1000)
        assert stored["optimal_lines"] == counted.optimal_lines >= 1
        assert stored["optimal_lines_capped"] == counted.lines_capped
        # and draw the most natural of them (optimal_lines.natural), the line `solve` prints
        picked = natural(track, counted)
        assert stored["path"] == [list(p) for p in picked.path]
        assert stored["accelerations"] == [list(a) for a in picked.accelerations]


def test_no_map_repeats_within_five_tracks():
    """15x26 medium, seed 1: tracks 1 and 2 were the same map with mirrored lines (found by
    the audit); track 1 does not change, the repeat is skipped."""
    from generator.games.graph_racers.generating.generate import make_track, same_map

    req = Request(26, 15, (3, 5), "medium", 1, Rules())
    tracks = generate(req, 3)
    assert not any(same_map(a.grid, b.grid) for i, a in enumerate(tracks) for b in tracks[i + 1 :])
    assert not any("same_map_as" in t.meta["generator"] for t in tracks)
    first = make_track(req, 1)  # without the set: the repeat the old generator returned
    assert same_map(first.grid, tracks[0].grid)
    assert tracks[0].grid == make_track(req, 0).grid


def test_same_map_sees_shifted_mirrored_and_slightly_wider_maps():
    """A map moved by a point or two, mirrored, or one stretch a point wider is the same
    puzzle to a student (the audit found worksheets repeating maps moved by one column)."""
    from generator.games.graph_racers.generating.generate import same_map

    oval = (
        "############",
        "###......###",
        "##........##",
        "##..####..##",
        "##..####..##",
        "##........##",
        "###......###",
        "############",
    )
    moved = tuple(row[-1] + row[:-1] for row in oval)  # one column to the right
    mirrored = tuple(row[::-1] for row in oval[::-1])
    wider = oval[:3] + ("##..####...#",) + oval[4:]
    ell = (
        "############",
        "##.........#",
        "##.........#",
        "##..########",
        "##..########",
        "##..########",
        "##..########",
        "############",
    )
    assert moved != oval and same_map(oval, moved) and same_map(moved, oval)
    assert same_map(oval, mirrored) and same_map(oval, wider)
    assert not same_map(oval, ell) and not same_map(ell, oval)


def test_a_size_with_one_map_says_which_tracks_repeat(tmp_path):
    """17x11 medium (6 puzzles a page on A4) offers one circuit: the tracks say which earlier
    track they repeat, and the command says so on stderr instead of hiding it."""
    from click.testing import CliRunner

    from generator.cli import cli
    from generator.games.graph_racers.generating.generate import same_map

    req = Request(11, 17, (3, 5), "medium", 1, Rules())
    tracks = generate(req, 3)
    # each names the nearest earlier track with its map
    assert [t.meta["generator"].get("same_map_as") for t in tracks] == [None, 1, 2]
    assert same_map(tracks[1].grid, tracks[2].grid)
    args = ["graph-racers", "generate", "--size", "17x11", "--difficulty", "medium", "--kind"]
    args.append("cells")
    r = CliRunner().invoke(cli, [*args, "--count", "2", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "note: track 2 repeats the map of track 1 (a 17x11 medium track has few" in r.output


def test_loop_shape_is_the_circuit_whatever_its_size_width_and_place():
    from generator.games.graph_racers.generating.circuit import loop_shape

    def loop(nodes):
        return Loop(tuple(nodes), tuple(range(8)), tuple(range(8)))

    ell = [(0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (2, 1), (2, 0), (1, 0)]
    # the same L: longer arms (collinear nodes added), moved, mirrored, turned, run backwards
    longer = [(1, 1), (1, 2), (1, 3), (1, 5), (3, 5), (3, 3), (6, 3), (6, 1), (3, 1)]
    mirrored = [(r, 2 - c) for r, c in ell][::-1]
    turned = [(c, r) for r, c in ell]
    ring = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]
    key = loop_shape(loop(ell))
    for other in (longer, mirrored, turned, ell[3:] + ell[:3]):
        assert loop_shape(loop(other)) == key
    assert loop_shape(loop(ring)) != key
    assert len(loop_shape(loop(ring))) == 4  # its corners only


def test_worksheet_pages_avoid_a_loop_twice_and_say_so_when_they_cannot(tmp_path):
    """A 24x23 easy slot (2 a page) has few loops: the demo worksheet once showed one L-shaped
    loop twice on a page in two widths, unannounced. Now a repeat on a page is the last
    resort, stored in the JSON (same_loop_as) and named on stderr (seed 4 here)."""
    from click.testing import CliRunner

    from generator.cli import cli

    args = ["graph-racers", "worksheet", "--count", "4", "--per-page", "2", "--kind", "cells"]
    r = CliRunner().invoke(
        cli, [*args, "--seed", "4", "--difficulty", "easy", "--out", str(tmp_path)]
    )
    assert r.exit_code == 0, r.output
    assert "note: puzzle 4 repeats the loop of puzzle 3 (a 24x23 easy track has few" in r.output
    medium = CliRunner().invoke(
        cli, [*args, "--seed", "1", "--difficulty", "medium", "--out", str(tmp_path / "m")]
    )
    # the demo's worksheet: no loop twice on one page (puzzle 4 has puzzle 1's loop, page 1)
    assert medium.exit_code == 0 and "note:" not in medium.output
    req = Request(23, 24, (3, 5), "easy", 4, Rules())
    tracks = generate(req, 4, page=2)
    loops = [t.meta["generator"]["loop"] for t in tracks]
    for i in range(1, 4):
        gen = tracks[i].meta["generator"]
        earlier = [j + 1 for j in range(i) if loops[j] == loops[i]]
        if earlier:  # a loop again is always named, by its nearest earlier track
            assert earlier[-1] in (gen.get("same_loop_as"), gen.get("same_map_as"))
        else:
            assert "same_loop_as" not in gen and "same_map_as" not in gen
