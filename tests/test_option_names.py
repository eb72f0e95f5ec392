"""One meaning per option name across racegen's commands (docs/design.md, "Option names").

Every option that two or more commands take is listed here with the one thing it means, and
takes the same kind of value on every command (a length, a whole number, a name from a list,
a file or text, an on/off switch). An option a single command takes needs no entry; a new
shared option needs one, so a second meaning cannot creep in unnoticed (sheet's --kind meant
which pages while generate's meant which kind of track: sheet now takes --pages)."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from generator.cli import cli

# the printing options every printing command takes (generator/options.py)
PRINTING = {"--out", "--format", "--paper", "--landscape", "--mono", "--seed", "--force", "--dpi"}

MEANINGS = {
    "--accel": "the acceleration set (5, 8 or 9)",
    "--answers": "where a worksheet's answer pages go: after, separate or none",
    "--board": "a Dice Rush board file to use instead of the default board",
    "--brakes": "uses of good brakes",
    "--checkpoints": "checkpoints a generated lap passes in order",
    "--coins": "Triactor coins known before the race",
    "--collision": "how a move meets the side: exact line or endpoint",
    "--count": "how many things (tracks, puzzles, dice) to make",
    "--design": "each car's design bought with $100",
    "--difficulty": "how hard the generated tracks or puzzles are",
    "--edge": "the edge of a die's face",
    "--games": "how many whole games to simulate",
    "--goal": "what a Trading Paint puzzle's path must do",
    "--grid": "the distance between the grid points of a Graph Racers track",
    "--jumps": "the Swedish jumps over obstacles",
    "--kind": "the kind of track or puzzle generated (drawn|cells; lay|fewest|stop)",
    "--max-cells": "the largest track to read",
    "--max-states": "the most search states before giving up",
    "--no-contact": "a race without collisions and damage",
    "--off-track": "what touching the side does: crash or circle (Swedish)",
    "--order": "who moves in a Dice Rush roll: together or turns",
    "--per-page": "puzzles on a worksheet page",
    "--players": "how many players (or cars) the table has",
    "--policy": "how computer players choose their moves",
    "--races": "how many races (Triactor: simulated, printed or ruled)",
    "--results": "a Triactor results file (race,finish)",
    "--rocket": "uses of the rocket booster",
    "--slips": "Triactor slip backs, one per player",
    "--space": "the side of a board's space",
    "--spacing": "the distance between the lines or dots of squared or dot paper",
    "--style": "how a board is laid out on paper",
    "--teams": "each car's team",
    "--turbo": "uses of turbo",
    "--width": "a generated track's width range",
}

# shared options whose values read differently on some commands, and why that is still one
# meaning: (option, command) -> reason
OTHER_FORMS = {
    ("--policy", "trading-paint simulate"): "policy specs take parameters (stop:K, greedy:K)",
}


def _kind(param: click.Option) -> str:
    """The kind of value an option takes."""
    t = param.type
    if param.is_flag or isinstance(t, click.types.BoolParamType):
        return "switch"
    if isinstance(t, click.Choice):
        return "number" if all(str(c).isdigit() for c in t.choices) else "name"
    if isinstance(t, (click.IntRange, click.types.IntParamType)):
        return "number"
    if isinstance(t, (click.FloatRange, click.types.FloatParamType)):
        return "decimal"
    if isinstance(t, (click.Path, click.types.StringParamType)):
        return "text"
    return t.name  # a length, a LENGTH param type of racegen's own


def _options() -> dict[str, list[tuple[str, str]]]:
    """flag -> [(command path, kind of value)] over every command."""
    ctx = click.Context(cli)
    out: dict[str, list[tuple[str, str]]] = {}

    def walk(cmd: click.Command, path: list[str]) -> None:
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                walk(cmd.get_command(ctx, name), [*path, name])
            return
        for p in cmd.params:
            if isinstance(p, click.Option) and not p.hidden:
                for flag in p.opts:
                    if flag.startswith("--") and flag not in PRINTING | {"--help", "--json"}:
                        out.setdefault(flag, []).append((" ".join(path), _kind(p)))

    walk(cli, [])
    return out


OPTIONS = _options()
SHARED = sorted(flag for flag, uses in OPTIONS.items() if len(uses) > 1)


def test_every_shared_option_has_one_written_meaning() -> None:
    unexplained = [f for f in SHARED if f not in MEANINGS]
    assert not unexplained, f"options several commands take, with no meaning written: {unexplained}"


@pytest.mark.parametrize("flag", SHARED)
def test_a_shared_option_takes_one_kind_of_value(flag: str) -> None:
    kinds = {kind for command, kind in OPTIONS[flag] if (flag, command) not in OTHER_FORMS}
    assert len(kinds) == 1, f"{flag} takes {OPTIONS[flag]}: {MEANINGS.get(flag)}"


def test_renamed_options_say_their_new_name() -> None:
    """sheet's --kind (which pages) is --pages now; the old flag is refused naming it."""
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, ["graph-racers", "sheet", "track.txt", "--kind", "race"])
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines()[-1] == "Error: --kind is now --pages: write --pages race"


@pytest.mark.parametrize(("game", "value"), [("triactor", "tiled"), ("pushing-race", "coasters")])
def test_a_boards_size_is_now_its_style(game: str, value: str, tmp_path: Path) -> None:
    """The boards' --size (page, tiled, coasters: how the board is laid out on paper) is
    --style, as on trading-paint board (--size stays graph-racers generate's track size, WxH).
    The old flag is refused naming the new one, and nothing is written."""
    from click.testing import CliRunner

    r = CliRunner().invoke(cli, [game, "board", "--size", value, "--out", str(tmp_path)])
    assert r.exit_code == 2
    last = r.stderr.strip().splitlines()[-1]
    assert last == f"Error: --size is now --style: write --style {value}"
    assert not list(tmp_path.iterdir())
    assert (f"{game} board", "name") in OPTIONS["--style"]
    assert f"{game} board" not in [command for command, _ in OPTIONS.get("--size", [])]
