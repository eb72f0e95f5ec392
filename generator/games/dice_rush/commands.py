"""`racegen dice-rush ...`: print the board, dice, score sheet and rules; exact odds; games.

Only click is imported at module level; everything else loads inside the commands, so
`racegen --help` stays fast.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from generator.games.dice_rush.printables import PRINTABLES, load_noted
from generator.options import add_printables
from generator.schemas import dumps


@click.group("dice-rush")
def dice_rush() -> None:
    """Dice Rush: two players race across a board with a d8 direction die and a d6.

    Print the board (true size, editable board files), dice nets, score sheet and rules;
    compute each player's exact chances; simulate seeded games.
    """


add_printables(dice_rush, PRINTABLES)


def _board_option(func):
    return click.option(
        "--board",
        "board_file",
        default=None,
        help="A board file (rows of tokens: . +N -N S1 S2 F1 F2; or JSON), '-' for standard "
        "input. Default: the built-in 9 x 8 board.",
    )(func)


def _order_option(func):
    return click.option(
        "--order",
        type=click.Choice(["together", "turns"]),
        default="together",
        show_default=True,
        help="Who moves in a roll: together (both players, the default reading of the rules) "
        "or turns (one player per roll, after a roll-off for who goes first: a variant).",
    )(func)


def _load(board_file: str | None):
    """The board; a board off the seed's layout is played as given, with a note on stderr."""
    return load_noted(board_file)


@dice_rush.command("show-board")
@_board_option
def show_board_command(board_file: str | None) -> None:
    """Check a board file and print it in the board format (the default board without
    --board: a starting point for a variant)."""
    board = _load(board_file)
    click.echo(f"# {board.name}: {board.rows} rows x {board.cols} columns")
    sym = "half-turn symmetric" if board.is_symmetric() else "NOT half-turn symmetric"
    click.echo(f"# {sym}")
    click.echo(board.text())


@dice_rush.command("odds")
@_board_option
@click.option(
    "--turns",
    type=click.IntRange(1, 60),
    default=12,
    show_default=True,
    help="Turns listed in the one-player table.",
)
@_order_option
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print JSON (one-player chances also as exact fractions; the race in floats).",
)
def odds_command(board_file: str | None, turns: int, order: str, as_json: bool) -> None:
    """Exact figures: each player's chance to win the race (under --order turns with either
    player first), one player's chance to finish on each turn, expected points per turn
    from each space."""
    from generator.games.dice_rush.odds.report import odds_data, odds_text

    board = _load(board_file)
    if as_json:
        click.echo(dumps(odds_data(board, turns, order), "dice-rush-odds/1"))
    else:
        click.echo(odds_text(board, turns, order))


def _declare(ctx, param, value: str) -> str:
    if value == "never" or re.fullmatch(r"lead:[1-9][0-9]?", value):
        return value
    raise click.BadParameter(f"{value!r}: use never or lead:N with N from 1 to 99", ctx, param)


@dice_rush.command("simulate")
@_board_option
@click.option(
    "--games",
    type=click.IntRange(1, 1_000_000),
    default=10_000,
    show_default=True,
    help="Games to play.",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@click.option(
    "--declare",
    default="never",
    show_default=True,
    callback=_declare,
    help="Declaration policy: never, or lead:N (N points ahead declares; the other agrees "
    "only when ahead).",
)
@_order_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def simulate_command(
    board_file: str | None, games: int, seed: int, declare: str, order: str, as_json: bool
) -> None:
    """Play seeded games with the engine and count who wins and how games end."""
    from generator.games.dice_rush.odds.report import simulate, simulate_text
    from generator.progress import Progress

    board = _load(board_file)
    with Progress(games, "playing") as bar:
        data = simulate(board, games, seed, declare, order, tick=bar)
    click.echo(dumps(data, "dice-rush-simulate/1") if as_json else simulate_text(data))


@dice_rush.command("new-board")
@click.option("--rows", type=click.IntRange(3, 20), default=9, show_default=True)
@click.option("--cols", type=click.IntRange(3, 20), default=8, show_default=True)
@click.option(
    "--points",
    type=click.IntRange(0, 398),
    default=22,
    show_default=True,
    help="Point spaces, in pairs a half turn apart (an odd number is rounded down); at most "
    "what the board has room for.",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@click.option(
    "--out",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="Write the board file here (never over a file without --force); else print it.",
)
@click.option("--force", is_flag=True, help="Overwrite the --out file.")
def new_board_command(
    rows: int, cols: int, points: int, seed: int, out: Path | None, force: bool
) -> None:
    """A seeded half-turn symmetric board (the board favours neither player) in the board
    file format, to print with `board --board FILE` and check with `odds --board FILE`."""
    from generator.games.dice_rush.rules.variants import generate

    board = generate(rows, cols, points // 2, seed, asked=points)
    text = f"# Dice Rush {board.name} (racegen dice-rush new-board --seed {seed})\n"
    text += board.text() + "\n"
    if out is None:
        click.echo(text, nl=False)
        return
    from generator.output import write_text_file

    click.echo(str(write_text_file(out, text, force)))
