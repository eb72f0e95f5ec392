"""`racegen triactor ...`: settle bets, simulate odds, show a race, print the game.

Only click is imported at module level; everything else loads inside the commands, so
`racegen --help` stays fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from generator.options import Length, PrintOptions, print_documents, printing_options


@click.group("triactor")
def triactor() -> None:
    """Triactor: piecepack horse race with betting slips and payout tables.

    Print the board, slips, payout card, rules summary, horse cards, pawns, coins and dice;
    play a race move by move; settle a race's bets exactly; simulate the odds of every bet.
    """


def _echo_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=False))


@triactor.command("settle")
@click.argument("bets", type=click.Path(path_type=Path, dir_okay=True))
@click.option("--finish", required=True, help="The first three horses in order, e.g. S,M,C.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: per-bet detail and totals.")
def settle_command(bets: Path, finish: str, as_json: bool) -> None:
    """Pay every bet in BETS (CSV with header player,bet) for a finish, from the seed's tables.

    The payout column counts the players whose slip back shows the bet's horses (the backs
    are read from the bets). Bets: INFO, X win, XX place, XXX show, XY exactor, [XY] exactor
    box, XYZ triactor, [XYZ] triactor box; letters S M C A H P D B.
    """
    from generator.games.triactor.settle import load_bets, parse_finish, settle

    order = parse_finish(finish)
    result = settle(load_bets(bets), order)
    if as_json:
        _echo_json(result.to_dict())
    else:
        click.echo(result.table())


@triactor.command("odds")
@click.option("--coins", default="", help="Coins known before the race, e.g. S=ace,M=3,C=null.")
@click.option(
    "--races",
    type=click.IntRange(1, 10_000_000),
    default=100_000,
    show_default=True,
    help="Races to simulate.",
)
@click.option(
    "--policy",
    type=click.Choice(["random", "slip"]),
    default="random",
    show_default=True,
    help="Who chooses the die: any die at random, or players favouring their slip's horses.",
)
@click.option(
    "--slips", default=None, help="Slip backs, one per player, for --policy slip: SMC,PD,AB."
)
@click.option(
    "--backers",
    type=click.IntRange(1, 8),
    default=1,
    show_default=True,
    help="Players whose slip shows each horse (sets the payout column).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@click.option(
    "--top",
    type=click.IntRange(1, 336),
    default=3,
    show_default=True,
    help="Best bets listed per type.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON with every bet.")
def odds_command(
    coins: str,
    races: int,
    policy: str,
    slips: str | None,
    backers: int,
    seed: int,
    top: int,
    as_json: bool,
) -> None:
    """Simulate races and report each horse's chance to win, place and show, and the expected
    winnings of every bet type (payout column from --backers)."""
    from generator.games.triactor.coins import parse_coins
    from generator.games.triactor.odds import simulate
    from generator.games.triactor.report import odds_json, odds_text

    known = parse_coins(coins)
    chooser = _chooser(policy, slips)
    if sys.stderr.isatty():  # a progress bar on a terminal, quiet when piped
        with click.progressbar(length=races, label="racing", file=sys.stderr) as bar:
            tally = simulate(races, known=known, policy=chooser, seed=seed, progress=bar.update)
    else:
        tally = simulate(races, known=known, policy=chooser, seed=seed)
    if as_json:
        _echo_json(odds_json(tally, known=known, policy=chooser, seed=seed, backers=backers))
    else:
        click.echo(
            odds_text(tally, known=known, policy=chooser, seed=seed, backers=backers, top=top)
        )


@triactor.command("race")
@click.option(
    "--coins", default="", help="Coins known before the race, e.g. S=ace (the rest drawn)."
)
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@click.option(
    "--policy",
    type=click.Choice(["random", "slip"]),
    default="random",
    show_default=True,
    help="How each player picks the die to move: at random, or for the horses on their slip.",
)
@click.option("--slips", default=None, help="Slip backs per player for --policy slip: SMC,PD,AB.")
def race_command(coins: str, seed: int, policy: str, slips: str | None) -> None:
    """Play one race and print every move (the engine at work; same seed, same race)."""
    import random

    from generator.games.triactor.coins import NAMES, draw_coins, format_coins, parse_coins
    from generator.games.triactor.horses import LETTERS
    from generator.games.triactor.policies import SlipPolicy
    from generator.games.triactor.race import new_race, turns

    chooser = _chooser(policy, slips)
    rng = random.Random(seed)
    race = new_race(draw_coins(parse_coins(coins), rng))
    players = chooser.players
    first = int(rng.random() * players) if isinstance(chooser, SlipPolicy) else 0
    click.echo(f"coins (face down): {format_coins(race.coins)}")
    final = race
    for i, (final, o) in enumerate(turns(race, chooser, rng, players, first), start=1):
        h = LETTERS[o.move.horse]
        line = f"{i:4d}. {h} rolls {NAMES[o.move.value]:4s} "
        if o.coin_step is not None:
            line += f"{o.start:2d} -> coin at {o.coin_step} shows {NAMES[o.coin_value]} -> {o.end}"
        elif o.end == o.start:
            line += f"stays at {o.start}"
        else:
            line += f"{o.start:2d} -> {'finish' if o.finished else o.end}"
        if o.finished:
            line += f"  ({len(final.finish)}. past the post)"
        click.echo(line)
    click.echo("finish: " + ", ".join(LETTERS[h] for h in final.finish))


def _chooser(policy: str, slips: str | None):
    """The die chooser of --policy; --slips goes with --policy slip and only with it (usage
    errors both ways, exit 2)."""
    from generator.games.triactor.policies import make_policy, parse_slips

    if slips and policy != "slip":
        raise click.UsageError("--slips is for --policy slip")
    if policy == "slip" and not slips:
        raise click.UsageError("--policy slip needs the players' slips: add --slips SMC,PD,...")
    return make_policy(policy, parse_slips(slips) if slips else None)


@triactor.command("board")
@click.option(
    "--size",
    type=click.Choice(["page", "tiled", "both"]),
    default="both",
    show_default=True,
    help="page: one landscape page (scaled); tiled: true piecepack size over several sheets.",
)
@printing_options
def board_command(opts: PrintOptions, size: str) -> None:
    """The board of figure 1: 24 tiles, 44 steps with numbers, coin spots, start/finish line."""
    from generator.games.triactor.materials import board_documents

    print_documents(board_documents(opts, size), opts)


@triactor.command("slips")
@click.option(
    "--players", type=click.IntRange(1, 12), default=6, show_default=True, help="Slips per race."
)
@click.option(
    "--races",
    type=click.IntRange(0, 20),
    default=2,
    show_default=True,
    help="Races to print slips for (0: one set with the race number left blank).",
)
@click.option(
    "--first-race",
    type=click.IntRange(1, 999),
    default=1,
    show_default=True,
    help="Number printed on the first race's slips (the next races count on).",
)
@click.option(
    "--layout",
    "layout_name",
    type=click.Choice(["gutter-fold", "duplex", "both"]),
    default="both",
    show_default=True,
    help="gutter-fold: front and back on one sheet; duplex: print double-sided.",
)
@printing_options
def slips_command(
    opts: PrintOptions, players: int, races: int, first_race: int, layout_name: str
) -> None:
    """Betting slips: front (race, player, three credit lines, code legend), back (horses to circle)."""
    from generator.games.triactor.materials import slips_documents

    layouts = ("gutter-fold", "duplex") if layout_name == "both" else (layout_name,)
    print_documents(slips_documents(opts, players, races, first_race, layouts), opts)


@triactor.command("payouts")
@printing_options
def payouts_command(opts: PrintOptions) -> None:
    """The payout tables on one page, exactly as in the rules, with the shorthand letters
    (always portrait: the tables are a page tall)."""
    from generator.games.triactor.materials import payouts_document

    opts.portrait_only("the payout tables print")
    print_documents([payouts_document(opts)], opts)


@triactor.command("rules")
@printing_options
def rules_command(opts: PrintOptions) -> None:
    """A one-page rules summary: setup, bets, a turn, moving, events, finish, winnings
    (always portrait)."""
    from generator.games.triactor.rulesheet import rules_document

    opts.portrait_only("the rules summary prints")
    print_documents([rules_document(opts)], opts)


@triactor.command("pawns")
@printing_options
def pawns_command(opts: PrintOptions) -> None:
    """Eight horse pawns, 22 mm discs with letter and suit (a board space is 25.4 mm): glue
    onto card and cut out."""
    from generator.games.triactor.materials import pawns_document

    print_documents([pawns_document(opts)], opts)


@triactor.command("horses")
@printing_options
def horses_command(opts: PrintOptions) -> None:
    """A card per horse: name, letter, suit symbol, its event coin's step."""
    from generator.games.triactor.materials import horses_document

    print_documents([horses_document(opts)], opts)


@triactor.command("coins")
@click.option(
    "--diameter",
    type=Length(10.0, 40.0),
    default="19.05mm",
    show_default=True,
    help="Coin diameter (piecepack coins are 3/4 inch).",
)
@printing_options
def coins_command(opts: PrintOptions, diameter: float) -> None:
    """48 coins (each suit: null, ace, 2-5), suit side and value side, to fold, glue and cut."""
    from generator.games.triactor.materials import coins_document

    print_documents([coins_document(opts, diameter)], opts)


@triactor.command("dice")
@click.option(
    "--edge", type=Length(8.0, 40.0), default="16mm", show_default=True, help="Die face size."
)
@printing_options
def dice_command(opts: PrintOptions, edge: float) -> None:
    """Eight d6 nets, one per suit, faces null, ace, 2, 3, 4, 5, with glue tabs."""
    from generator.games.triactor.materials import dice_document

    print_documents([dice_document(opts, edge)], opts)
