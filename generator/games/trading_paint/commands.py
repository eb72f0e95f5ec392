"""`racegen trading-paint ...`: luck table, simulator, placement query, and printables.

Only click is imported at module level; everything else loads inside the commands so
`racegen --help` stays fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from generator.options import Length, PrintOptions, printing_options


@click.group("trading-paint")
def trading_paint() -> None:
    """Trading Paint: a press-your-luck dice-car race on a six-lane oval.

    Print the board, path dice, car dice and a rules summary; see the exact
    press-your-luck table; race policies against each other; show a position and its
    moves; list every way to lay a sequence of dice from a position.
    """


@trading_paint.command("luck")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list instead of a table.")
@click.option(
    "--max-dice", type=click.IntRange(1, 30), default=10, show_default=True, help="Rows 1..N."
)
def luck(as_json: bool, max_dice: int) -> None:
    """Exact expected squares gained when stopping after n dice, and the chance of no X."""
    from generator.games.trading_paint.luck import format_table, luck_table

    rows = luck_table(max_dice)
    if as_json:
        click.echo(json.dumps([r.to_dict() for r in rows], indent=2))
    else:
        click.echo(format_table(rows))


@trading_paint.command("simulate")
@click.option(
    "--players",
    type=click.Choice(["2", "3", "4", "6"]),
    default="2",
    show_default=True,
    help="Players (teams follow the set-ups of the rules).",
)
@click.option(
    "--games",
    type=click.IntRange(1, 1_000_000),
    default=100,
    show_default=True,
    help="How many races, 1 to 1000000.",
)
@click.option(
    "--policy",
    "policies",
    multiple=True,
    help="stop:K, greedy[:K], expectimax[:D] or random; one per team (rotated between games). [default: greedy]",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Master random seed.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def simulate_cmd(
    players: str, games: int, policies: tuple[str, ...], seed: int, as_json: bool
) -> None:
    """Race policies against each other and report win rates and events per game."""
    from generator.games.trading_paint.policies import make_policy
    from generator.games.trading_paint.simulate import simulate

    players = int(players)
    for p in policies:
        make_policy(p)
    show_bar = sys.stderr.isatty() and games >= 20
    if show_bar:
        with click.progressbar(length=games, label="racing", file=sys.stderr) as bar:
            report = simulate(players, games, policies, seed, progress=bar.update)
    else:
        report = simulate(players, games, policies, seed)
    if as_json:
        click.echo(json.dumps(report.to_dict(), indent=2))
    else:
        click.echo(report.format())


@trading_paint.command("paths")
@click.argument("position", type=click.Path(path_type=Path))
@click.option("--faces", required=True, help="Faces in the order rolled, e.g. 4,3,6.")
@click.option("--json", "as_json", is_flag=True, help="Print the ways as JSON.")
def paths_cmd(position: Path, faces: str, as_json: bool) -> None:
    """Every way to lay the given faces from a position file, and what each achieves."""
    import re

    from generator.errors import InvalidInput
    from generator.games.trading_paint.paths import format_query, placement_ways, to_json
    from generator.games.trading_paint.position import load_position

    try:
        # commas or spaces between faces; an empty place ("1,,2") is a typo, not a face
        seq = [int(f) for f in re.split(r"\s*,\s*|\s+", faces.strip())]
    except ValueError:
        raise InvalidInput(f"--faces {faces!r}: write the faces as numbers, e.g. 4,3,6") from None
    state = load_position(str(position))
    q = placement_ways(state, seq)
    click.echo(json.dumps(to_json(q), indent=2) if as_json else format_query(q))


@trading_paint.command("show")
@click.argument("position", type=click.Path(path_type=Path))
def show_cmd(position: Path) -> None:
    """Draw a position file as text and list the moves open to the car to play."""
    from generator.games.trading_paint.position import load_position
    from generator.games.trading_paint.rules import describe, is_chance, legal_moves

    state = load_position(str(position))
    click.echo(str(state))
    if is_chance(state):
        click.echo("next: roll a path die")
    else:
        for m in legal_moves(state):
            click.echo(f"  {describe(state, m)}")


def _players_option(f):  # noqa: ANN001, ANN202
    return click.option(
        "--players",
        type=click.Choice(["2", "3", "4", "6"]),
        default="2",
        show_default=True,
        help="2, 3, 4 or 6 (teams and car numbers).",
    )(f)


def _sheet_value(value: str | None) -> str | None:
    """A --sheet size the poster can use, checked as the option is read (a usage error)."""
    from generator.errors import InvalidInput
    from generator.games.trading_paint.materials import parse_sheet

    if value is not None:
        try:
            parse_sheet(value)
        except InvalidInput as e:
            raise click.BadParameter(
                str(e).removeprefix("--sheet "), param_hint="'--sheet'"
            ) from None
    return value


@trading_paint.command("board")
@click.option(
    "--style",
    type=click.Choice(["tiles", "poster", "overview"]),
    default="tiles",
    show_default=True,
    help="tiles: true scale over several sheets; poster: one sheet at --paper; overview: reduced one page.",
)
@click.option(
    "--square",
    "square_mm",
    type=Length(5.0, 40.0),
    default="16mm",
    show_default=True,
    help="Square (die) size.",
)
@click.option(
    "--sheet",
    default=None,
    callback=lambda ctx, param, value: _sheet_value(value),
    help="Poster only: any sheet size WIDTHxHEIGHT (mm, cm or in), e.g. 600x400mm or 24x36in; "
    "the board is drawn at true size when it fits. [default: --paper, landscape]",
)
@printing_options
def board_cmd(opts: PrintOptions, style: str, square_mm: float, sheet: str | None) -> None:
    """The oval board: tiled at true scale, a one-sheet poster, or a reduced overview."""
    from generator.games.trading_paint.materials import board_document
    from generator.output import emit

    if sheet and style != "poster":
        raise click.BadParameter(
            "it sets the poster size: use it with --style poster", param_hint="'--sheet'"
        )
    for path in emit(board_document(opts, style, square_mm, sheet), opts):
        click.echo(str(path))


@trading_paint.command("dice")
@click.option(
    "--size", "edge", type=Length(10.0, 40.0), default="16mm", show_default=True, help="Die edge."
)
@click.option(
    "--count", type=click.IntRange(1, 12), default=6, show_default=True, help="Path dice to print."
)
@printing_options
def dice_cmd(opts: PrintOptions, edge: float, count: int) -> None:
    """Path-dice nets: six faces with square pips, and the connection legend."""
    from generator.games.trading_paint.materials import dice_document
    from generator.output import emit

    for path in emit(dice_document(opts, edge, count), opts):
        click.echo(str(path))


@trading_paint.command("cars")
@_players_option
@click.option(
    "--size", "edge", type=Length(10.0, 40.0), default="16mm", show_default=True, help="Die edge."
)
@printing_options
def cars_cmd(opts: PrintOptions, players: str, edge: float) -> None:
    """Car-dice nets: one per car, team colour and symbol, car number on the faces."""
    from generator.games.trading_paint.materials import cars_document
    from generator.output import emit

    for path in emit(cars_document(opts, int(players), edge), opts):
        click.echo(str(path))


@trading_paint.command("rules")
@printing_options
def rules_cmd(opts: PrintOptions) -> None:
    """A one-page rules summary with each face's connections drawn (always portrait)."""
    from generator.games.trading_paint.materials import rules_document
    from generator.output import emit

    opts.portrait_only("the rules summary prints")
    for path in emit(rules_document(opts), opts):
        click.echo(str(path))
