"""Limits on what a track file may ask for (issue 15 items 9 and 10): a name of at most 60
characters (10,000 took 57 s to print), at most 64 checkpoints (2,000 took 150 s and 820 MB
to solve), and a wall-clock --time-limit on the CP-SAT engine."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import DATA, EXAMPLES, SHARED
from usage import drop_usage

from generator.cli import cli
from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.solving.cpsat import solve_cpsat
from generator.games.graph_racers.solving.solve import solve
from generator.games.graph_racers.track.formats import (
    MAX_CHECKPOINTS,
    MAX_NAME,
    parse_track,
    read_track,
    track_to_dict,
)

LAP = """graph-racers track 1
name: {name}
finish: col 4 rows 1-2 left
{checkpoints}map:
#########
#.......#
#.......#
#..###..#
#..###..#
#.......#
#.......#
#########
"""
CHECKPOINT = "checkpoint: col 4 rows 5-6 right\n"


def run(*args: str):
    return CliRunner().invoke(cli, ["graph-racers", *args])


def test_a_name_over_60_characters_is_refused_in_text_and_json(tmp_path):
    assert parse_track(
        LAP.format(name="n" * MAX_NAME, checkpoints=CHECKPOINT), source="t"
    ).name == ("n" * MAX_NAME)
    with pytest.raises(InvalidInput) as e:
        parse_track(LAP.format(name="n" * 10_000, checkpoints=CHECKPOINT), source="lap.txt")
    assert str(e.value) == (
        "lap.txt line 2 column 7: the name has 10000 characters: keep it to 60 (it is printed "
        "in the sheets' titles)"
    )
    data = track_to_dict(parse_track(LAP.format(name="lap", checkpoints=CHECKPOINT), source="t"))
    data["name"] = "n" * 61
    f = tmp_path / "lap.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    r = run("solve", str(f))
    assert (r.exit_code, r.output) == (
        1,
        f"Error: {f}: the name has 61 characters: keep it to 60 (it is printed in the sheets' "
        "titles)\n",
    )
    data["name"] = "two\nlines"
    f.write_text(json.dumps(data), encoding="utf-8")
    r = run("solve", str(f))
    assert r.exit_code == 1 and "the name must be one line, without control characters" in (
        r.output
    )


def test_a_long_file_name_is_not_a_written_name(tmp_path):
    """An unnamed track takes its file's name, which the user did not write: never refused."""
    f = tmp_path / ("t" * 100 + ".txt")
    f.write_text(LAP.replace("name: {name}\n", "").format(checkpoints=CHECKPOINT), encoding="utf-8")
    assert read_track(f).name == "t" * 100


def test_more_than_64_checkpoints_are_refused_in_text_and_json(tmp_path):
    ok = parse_track(LAP.format(name="lap", checkpoints=CHECKPOINT * MAX_CHECKPOINTS), source="t")
    assert len(ok.checkpoints) == MAX_CHECKPOINTS
    text = LAP.format(name="lap", checkpoints=CHECKPOINT * 2000)
    with pytest.raises(InvalidInput) as e:
        parse_track(text, source="lap.txt")
    assert str(e.value) == (
        "lap.txt line 68 column 13: checkpoint 65: a lap has at most 64 checkpoints (each one "
        "multiplies the work of solving it); join or remove some"
    )
    data = track_to_dict(ok)
    data["checkpoints"] = data["checkpoints"] * 40  # 2,560
    f = tmp_path / "lap.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    r = run("solve", str(f))
    assert (r.exit_code, r.output) == (
        1,
        f"Error: {f}: 'checkpoints' lists 2560: a lap has at most 64 checkpoints (each one "
        "multiplies the work of solving it); join or remove some\n",
    )


def test_every_known_map_is_well_inside_the_limits():
    """The caps are far above any real map: the public ones copied into tests/data and
    ../shared/data, and the examples."""
    paths = [p for p in DATA.rglob("*") if p.suffix in (".track", ".txt")]
    paths += [p for p in SHARED.rglob("*") if p.suffix in (".track", ".txt")]
    paths += [p for p in EXAMPLES.iterdir() if p.suffix in (".txt", ".json")]
    paths = [p for p in paths if "moves" not in p.name and "crash" not in p.name]
    paths = [p for p in paths if "accelerations" not in p.name]
    for p in paths:
        assert p.stat().st_size < 8_000_000 // 20, p
        try:
            track = read_track(p, max_cells=4_000_000)
        except LimitExceeded:
            continue
        except InvalidInput as e:  # some public files are other data, not tracks
            assert "checkpoint" not in str(e) and "the name has" not in str(e), (p, e)
            continue
        assert len(track.checkpoints) <= 6 and len(track.name) <= MAX_NAME, p


def test_cpsat_time_limit_gives_up_with_one_line():
    barto = str(DATA / "momba" / "barto-small.track")  # about 2 s for CP-SAT here
    r = run("solve", barto, "--engine", "cp-sat", "--time-limit", "0.05")
    assert r.exit_code == 1
    (line,) = r.output.strip().splitlines()
    assert line.startswith("Error: barto-small: no proof within 0.05 s (CP-SAT was trying ")
    assert line.endswith("raise --time-limit or use the default engine (leave out --engine cp-sat)")
    r = run("solve", str(DATA / "momba" / "tiny.track"), "--engine", "cp-sat", "--time-limit",
            "0.001")  # fmt: skip
    assert r.exit_code == 1 and "no proof within 0.001 s" in r.output


def test_cpsat_time_limit_in_the_library_and_a_roomy_one_changes_nothing():
    tiny = read_track(DATA / "momba" / "tiny.track")
    with pytest.raises(LimitExceeded, match="no proof within 1e-06 s"):
        solve_cpsat(tiny, Rules(), time_limit=1e-6)
    assert solve_cpsat(tiny, Rules(), time_limit=60).moves == solve_cpsat(tiny, Rules()).moves


def test_time_limit_option_is_for_cpsat_and_off_by_default():
    tiny = str(DATA / "momba" / "tiny.track")
    r = run("solve", tiny, "--time-limit", "5")
    assert (r.exit_code, drop_usage(r.output)) == (
        2,
        "Error: --time-limit is for --engine cp-sat\n",
    )
    for bad in ("0", "-1", "soon"):
        r = run("solve", tiny, "--engine", "cp-sat", "--time-limit", bad)
        assert r.exit_code == 2, bad
    r = run("solve", "--help")
    assert "--time-limit SECONDS" in r.output and "[default: none]" in r.output
    r = run("solve", tiny, "--engine", "cp-sat", "--time-limit", "60")
    assert r.exit_code == 0, drop_usage(r.output)


# --- --max-states: the states the engine needs, for every engine ------------------------------


def _plain_oval():
    oval = read_track(EXAMPLES / "oil-oval.txt")
    return oval.with_(grid=tuple(row.replace("~", ".") for row in oval.grid))


def _engines():
    """(name, track, rules, solve options, pure Python sweep?) for each search racegen runs."""
    barto = read_track(DATA / "momba" / "barto-small.track")
    tiny = read_track(DATA / "momba" / "tiny.track")
    return [
        ("sweep in C", barto, Rules(9), {}, False),
        ("sweep in Python", barto, Rules(9), {}, True),
        ("sweep of a lap", _plain_oval(), Rules(5), {}, False),
        ("A*", barto, Rules(9), {"engine": "astar"}, False),
        ("A* with boosts", tiny, Rules(5, brakes=1, turbo=1), {}, False),
        ("A* with oil", read_track(EXAMPLES / "oil-oval.txt"), Rules(5), {}, False),
        ("plain BFS", tiny, Rules(9), {"heuristic": False}, False),
    ]


@pytest.mark.parametrize("case", range(7))
def test_max_states_gives_up_exactly_past_the_states_the_engine_needs(case, monkeypatch):
    """--max-states N gave the sweep 32 N states (issue 16): now every engine gives up
    exactly when it needs more than N, counted as `solve` reports them (settled by the
    sweep, expanded by A* and BFS)."""
    from generator.games.graph_racers.solving import sweep

    name, track, rules, options, pure = _engines()[case]
    if pure:
        monkeypatch.setattr(sweep, "native", None)
    elif name == "sweep in C" and sweep.native is None:
        pytest.skip("the C race was not compiled here")
    full = solve(track, rules, **options)
    needed = full.expanded
    assert full.moves is not None and needed > 1, name
    at = solve(track, rules, max_states=needed, **options)
    assert (at.moves, at.path, at.expanded) == (full.moves, full.path, needed), name
    with pytest.raises(LimitExceeded) as e:
        solve(track, rules, max_states=needed - 1, **options)
    assert f"gave up at the limit of {needed - 1:,} states" in str(e.value), name


def test_max_states_on_the_command_line_counts_the_states_solve_prints():
    barto = str(DATA / "momba" / "barto-small.track")
    r = run("solve", barto, "--accel", "9")
    assert r.exit_code == 0, r.output
    needed = int(r.output.splitlines()[-1].split()[1])  # "search: N states expanded in ..."
    assert run("solve", barto, "--accel", "9", "--max-states", str(needed)).exit_code == 0
    r = run("solve", barto, "--accel", "9", "--max-states", str(needed - 1))
    assert (r.exit_code, r.output) == (
        1,
        f"Error: barto-small: gave up at the limit of {needed - 1:,} states under accel 9, "
        "collision exact; use a smaller track or raise --max-states\n",
    )


def test_each_engine_has_its_default_limit_named_in_the_help():
    """The sweep settles 19,062,141 states on barto-big_scaled_10, so its default is 32
    million (what 32 x 1,000,000 allowed before); A* and BFS keep 1,000,000."""
    from generator.games.graph_racers.solving.solution import DEFAULT_MAX_STATES, default_max_states

    limits = default_max_states()
    assert limits == {"sweep": 32_000_000, "astar": 1_000_000, "bfs": 1_000_000}
    assert DEFAULT_MAX_STATES == limits["astar"]
    for command in ("solve", "sheet"):
        text = " ".join(run(command, "--help").output.split())
        assert (
            "[default: 32,000,000 for the sweep (races without oil or boosts), 1,000,000 for "
            "A* (oil or boosts)]" in text
        ), command


def test_cpsat_stops_at_a_deterministic_work_limit_the_same_on_every_machine():
    """Issue 30, item 13: the examples' oil oval failed "no proof within 60 s" on a busy
    machine. The limit is CP-SAT's deterministic time summed over the moves tried: the tiny
    track's proof takes some, so a limit below it refuses, on any machine, at any load."""
    tiny = read_track(DATA / "momba" / "tiny.track")
    with pytest.raises(LimitExceeded) as e:
        solve_cpsat(tiny, Rules(), work_limit=1e-9)
    assert str(e.value).startswith(
        "tiny: no proof within CP-SAT's work limit of 1e-09 deterministic seconds, the same on "
        "every machine (it was trying "
    )
    assert solve_cpsat(tiny, Rules(), work_limit=5).moves == solve_cpsat(tiny, Rules()).moves


def test_the_solve_help_names_the_work_limit():
    from generator.games.graph_racers.solving.cpsat import WORK_LIMIT

    text = " ".join(run("solve", "--help").output.split())
    assert f"a fixed amount of work, {WORK_LIMIT:g} of CP-SAT's deterministic seconds" in text
