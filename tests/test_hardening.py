"""Findings of the hardening audit that are fixed (issue 15, in part): each was a traceback, a
wrong exit code or input read the wrong way."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from usage import drop_usage

from generator.cli import cli


def run(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("play", ["", " ", "(A wins)"])
def test_pushing_race_show_refuses_an_empty_move_in_one_line(play):
    r = run("pushing-race", "show", "start", "--play", play)
    assert r.exit_code == 1
    assert r.output.strip() == (
        f"Error: --play {play!r}: write a move as `moves` lists it, e.g. 'TIP a0 +2' "
        "(or 'TIP:a0 +2')"
    )


def test_lengths_take_ascii_digits_only(tmp_path):
    r = run("paper", "graph", "--spacing", "٥mm", "--out", str(tmp_path))
    assert r.exit_code == 2 and "is not a length" in r.output
    assert not list(tmp_path.iterdir())


def test_trading_paint_faces_take_ascii_digits_only(tmp_path):
    p = tmp_path / "p.json"
    p.write_text(json.dumps({"players": 2, "to_play": 1, "cars": [{"car": 1, "at": [14, 13]}]}))
    r = run("trading-paint", "paths", str(p), "--faces", "٤")
    assert r.exit_code == 1
    assert r.output.strip() == "Error: --faces '٤': write the faces as numbers, e.g. 4,3,6"


def test_trading_paint_to_play_true_is_not_car_1(tmp_path):
    p = tmp_path / "p.json"
    p.write_text(json.dumps({"players": 2, "to_play": True, "cars": []}))
    r = run("trading-paint", "show", str(p))
    assert r.exit_code == 1
    assert r.output.strip() == f"Error: {p}: 'to_play' must be a car number 1 to 6"


def test_graph_racers_empty_width_and_too_many_tracks_are_usage_errors(tmp_path):
    r = run("graph-racers", "worksheet", "--width", "", "--out", str(tmp_path))
    assert r.exit_code == 2
    assert drop_usage(r.output).strip() == (
        "Error: Invalid value for '--width': '': write the width as MIN..MAX, like 3..5"
    )
    r = run("graph-racers", "worksheet", "--width", "٣..٥", "--out", str(tmp_path))
    assert r.exit_code == 2 and "write the width as MIN..MAX" in drop_usage(r.output)
    r = run("graph-racers", "generate", "--count", "501", "--out", str(tmp_path))
    assert r.exit_code == 2
    assert drop_usage(r.output).strip() == (
        "Error: Invalid value for '--count': 501 is more than 500; generate fewer at a time"
    )


def test_resources_import_without_deprecation_warnings():
    code = "import generator.resources as r; r.templates_root()"
    subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code], check=True)
