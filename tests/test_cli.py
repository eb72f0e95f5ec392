"""The root command line: help, version, list, module entry point, error mapping, start-up time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

import generator
from generator.cli import COMMANDS, cli
from generator.games.registry import GAMES
from generator.resources import load_json, templates_root


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.strip() == f"racegen, version {generator.__version__}"


def test_running_out_of_memory_is_one_error_line(monkeypatch, tmp_path):
    """A solve that exhausts memory (a huge map with a huge --max-states) ends in one line."""
    from generator.games.graph_racers.solving import solve as solve_module

    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(solve_module, "solve", exhausted)
    track = tmp_path / "t.txt"
    track.write_text("graph-racers track 1\nmap:\nS..G\n")
    result = run("graph-racers", "solve", str(track))
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: out of memory; use a smaller input or a lower limit (for a Graph Racers solve, "
        "a lower --max-states)"
    ]


def test_help_lists_every_built_command():
    result = run("--help")
    assert result.exit_code == 0
    for name in ("list", "demo", "paper", "dice", *(game.name for game in GAMES)):
        assert name in result.output
    assert set(COMMANDS) >= {"list", "demo", "paper", "dice"}


def test_list_names_all_five_games_and_capabilities(unwrapped):
    result = run("list")
    assert result.exit_code == 0
    for game in GAMES:
        assert result.output.count(f"{game.name}: {game.title}") == 1
    assert "not built yet" not in result.output  # all five games have commands now
    assert (
        "print     board, slips, payouts, ledger, odds-sheet, rules, pawns, horses, coins, dice"
        in result.output
    )
    # every game listed is a command group whose help loads, and it lists what `list` says it prints
    for game in GAMES:
        assert game.name in COMMANDS
        helped = run(game.name, "--help")
        assert helped.exit_code == 0, helped.output
        for printable in game.prints:
            assert printable.split()[0] in helped.output


def test_a_usage_error_keeps_clicks_usage_line_and_help_hint_above_its_one_error_line():
    """Issue 30, item 10: usage errors had dropped click's usage line and "Try ... -h"."""
    result = CliRunner().invoke(cli, ["fly"], prog_name="racegen")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Usage: racegen [OPTIONS] COMMAND [ARGS]...",
        "Try 'racegen -h' for help.",
        "",
        "Error: No such command 'fly'.",
    ]
    result = CliRunner().invoke(cli, ["triactor", "odds", "--races", "x"], prog_name="racegen")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Usage: racegen triactor odds [OPTIONS]",
        "Try 'racegen triactor odds -h' for help.",
        "",
        "Error: Invalid value for '--races': 'x' is not a valid integer range.",
    ]


def test_bad_input_stays_one_error_line(tmp_path):
    result = run("graph-racers", "solve", str(tmp_path / "none.txt"))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"Error: track file {tmp_path / 'none.txt'} not found: check the path"
    ]


def test_a_group_without_a_command_prints_its_help():
    """`racegen` or `racegen paper` alone: the help as usual, not a one-line error."""
    for args in ((), ("paper",), ("triactor",)):
        result = run(*args)
        assert result.exit_code == 0, args
        assert result.output.startswith("Usage: ") and "Commands:" in result.output
        assert not result.output.startswith("Error")


def test_python_dash_m_generator():
    out = subprocess.run(
        [sys.executable, "-m", "generator", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == f"racegen, version {generator.__version__}"


def test_help_imports_nothing_heavy():
    """What keeps `racegen --help` quick, asserted without a clock (a timed assertion fails
    on a busy machine: timings belong in benchmarks/)."""
    code = (
        "import sys;"
        "from generator.cli import cli;"
        "import contextlib, io\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try: cli(['--help'], prog_name='racegen')\n"
        "    except SystemExit: pass\n"
        "heavy=[m for m in ('reportlab','svgwrite','ortools','pypdfium2') if m in sys.modules]\n"
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_templates_are_found_with_importlib_resources():
    root = templates_root()
    assert root.is_dir()
    assert load_json("palette.json")["okabe_ito"]["black"] == "#000000"


def test_installed_package_carries_templates():
    """Under CI (non-editable install) the templates must come from inside the installed package."""
    pkg = Path(generator.__file__).resolve().parent
    if os.environ.get("CI") and (pkg / "templates").is_dir() is False:
        raise AssertionError(f"templates missing from the installed package at {pkg}")
    if os.environ.get("CI"):
        assert str(templates_root()).startswith(str(pkg))


def test_ci_tests_the_installed_package_not_the_checkout():
    """.ci/run installs racegen non-editable; the tests must import that copy."""
    if not os.environ.get("CI"):
        return
    checkout = Path(__file__).resolve().parent.parent
    assert checkout not in Path(generator.__file__).resolve().parents
