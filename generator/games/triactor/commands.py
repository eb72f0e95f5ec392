"""`racegen triactor ...`: settle bets, simulate odds, show a race, print the game.

Only click is imported at module level; everything else loads inside the commands, so
`racegen --help` stays fast.
"""

from __future__ import annotations

import json
import sys

import click

from generator.games.triactor.printables import PRINTABLES
from generator.options import add_printables


@click.group("triactor")
def triactor() -> None:
    """Triactor: piecepack horse race with betting slips and payout tables.

    Print the board, slips, payout card, rules summary, horse cards, pawns, coins and dice;
    play a race move by move; settle a race's bets exactly; simulate the odds of every bet.
    """


add_printables(triactor, PRINTABLES)


def _echo_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=False))


@triactor.command("settle")
@click.argument("bets")
@click.option("--finish", required=True, help="The first three horses in order, e.g. S,M,C.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON: per-bet detail and totals.")
def settle_command(bets: str, finish: str, as_json: bool) -> None:
    """Pay every bet in BETS (CSV with header player,bet; '-': standard input) for a finish,
    from the seed's tables.

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
