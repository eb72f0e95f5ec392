"""`racegen trading-paint ...` through the real CLI: output, JSON, exit codes, error lines."""

from __future__ import annotations

import json

from click.testing import CliRunner
from usage import drop_usage

from generator.cli import cli

from .test_position import EXAMPLE


def run(*args):
    return CliRunner().invoke(cli, ["trading-paint", *args])


def test_luck_table_and_json():
    r = run("luck")
    assert r.exit_code == 0 and "best fixed rule: stop after 4 dice" in r.output
    data = json.loads(run("luck", "--json").output)
    assert data["format"] == "trading-paint-luck/1"
    rows = data["rows"]
    assert len(rows) == 10 and rows[0]["dice"] == 1
    assert rows[0]["expected_squares"] == 1.5 and rows[0]["p_no_spin"] == round(5 / 6, 6)
    assert rows[3]["expected_squares_exact"] == "875/432"


def test_simulate_json():
    r = run(
        "simulate", "--players", "3", "--games", "2", "--policy", "greedy", "--seed", "9", "--json"
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 2 and [t["team"] for t in data["per_team"]] == ["A", "B", "C"]
    assert [t["policy"] for t in data["per_policy"]] == ["greedy"]


def test_simulate_text():
    r = run("simulate", "--games", "1", "--seed", "2")
    assert r.exit_code == 0 and "win rate" in r.output


def test_impossible_player_count_and_no_games_are_usage_errors():
    r = run("simulate", "--players", "7", "--games", "1")
    assert r.exit_code == 2
    assert drop_usage(r.output).strip().splitlines() == [
        "Error: Invalid value for '--players': '7' is not one of '2', '3', '4', '5', '6'."
    ]
    r = run("simulate", "--games", "0")
    assert r.exit_code == 2 and "'--games': 0 is not in the range 1<=x<=1000000" in drop_usage(
        r.output
    )


def test_unknown_policy_is_one_line():
    r = run("simulate", "--policy", "turbo")
    assert r.exit_code == 1
    assert r.output.strip().splitlines() == [
        "Error: unknown policy 'turbo': use stop:K, greedy[:K], expectimax[:D] or random"
    ]


def test_malformed_position_file_is_one_line(tmp_path):
    bad = tmp_path / "pos.json"
    bad.write_text("{ not json", encoding="utf-8")
    r = run("paths", str(bad), "--faces", "1")
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {bad} line 1 column 3: not valid JSON")
    bad.write_text('{"players": 2, "cars": [{"car": 1, "at": [99, 0]}]}', encoding="utf-8")
    r = run("show", str(bad))
    assert (
        r.exit_code == 1 and "off the board" in r.output and len(r.output.strip().splitlines()) == 1
    )


def test_missing_position_file_is_a_usage_line():
    r = run("paths", "nowhere.json", "--faces", "1")
    assert r.exit_code == 1 and r.output.startswith("Error: position file nowhere.json not found")


def test_paths_and_show_on_the_example():
    r = run("paths", str(EXAMPLE), "--faces", "1,4")
    assert (
        r.exit_code == 0
        and "3 ways" in r.output
        and "bump 18,13 via 17,13, car 3 to 16,13, car 6 to 17,13 (+4)" in r.output
    )
    data = json.loads(run("paths", str(EXAMPLE), "--faces", "1,4", "--json").output)
    assert data["reachable"]["bump"] == [[16, 12], [18, 13]]
    r = run("show", str(EXAMPLE))
    assert r.exit_code == 0 and "next: roll a path die" in r.output


def test_bad_faces_option():
    r = run("paths", str(EXAMPLE), "--faces", "one")
    assert (
        r.exit_code == 1
        and r.output.strip() == "Error: --faces 'one': write the faces as numbers, e.g. 4,3,6"
    )
