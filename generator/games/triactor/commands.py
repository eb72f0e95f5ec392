"""`racegen triactor ...`: settle bets, simulate odds, show a race, print the game.

Only click is imported at module level; everything else loads inside the commands, so
`racegen --help` stays fast.
"""

from __future__ import annotations

import json

import click

from generator.games.triactor.printables import PRINTABLES
from generator.options import add_printables


@click.group("triactor")
def triactor() -> None:
    """Triactor: piecepack horse race with betting slips and payout tables.

    Print the board, slips, payout card, ledger, odds sheet, rules summary, horse cards,
    pawns, coins and dice; play a race turn by turn; settle the bets of a race or a season
    exactly; simulate the odds of every bet.
    """


add_printables(triactor, PRINTABLES)


def _echo_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=False))


@triactor.command("settle")
@click.argument("bets")
@click.option(
    "--finish",
    multiple=True,
    help="The first three horses in order, e.g. S,M,C; once per race, in race order.",
)
@click.option(
    "--results",
    default=None,
    help="A CSV of finishes instead of --finish: header race,finish, then 1,S M C per race.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON: per-bet detail and totals.")
def settle_command(bets: str, finish: tuple[str, ...], results: str | None, as_json: bool) -> None:
    """Pay every bet in BETS (CSV with header player,bet, or race,player,bet for several
    races; '-': standard input) for the finishes, from the seed's tables.

    The payout column counts the players whose slip back shows the bet's horses (the backs
    are read from each race's bets). Bets: INFO, X win, XX place, XXX show, XY exactor, [XY]
    exactor box, XYZ triactor, [XYZ] triactor box; letters S M C A H P D B. Several races:
    each race's payouts and every player's running total, then the totals.
    """
    from generator.games.triactor.betting.settle import (
        load_bets_from,
        load_results,
        parse_finish,
        settle_season,
    )

    if finish and results is not None:
        raise click.UsageError(
            "give the finishes with --finish (once per race) or with --results FILE, not both"
        )
    if not finish and results is None:
        raise click.UsageError(
            "Missing option '--finish': give --finish S,M,C once per race, in race order, "
            "or --results FILE"
        )
    if results == "-" and bets == "-":
        raise click.UsageError("BETS and --results cannot both be read from standard input")
    if results is not None:
        finishes, source = load_results(results)
    else:
        finishes, source = [parse_finish(f) for f in finish], "--finish"
    wagers, bets_source = load_bets_from(bets)
    season = settle_season(wagers, finishes, bets_source, source)
    if as_json:
        _echo_json(season.to_dict())
    else:
        click.echo(season.table())


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
    default=None,
    help="Who chooses the die: any die at random, or players favouring their slip's horses. "
    "[default: slip with --slips, else random]",
)
@click.option(
    "--slips", default=None, help="Slip backs, one per player (--policy slip): SMC,PD,AB."
)
@click.option(
    "--backers",
    type=click.IntRange(1, 8),
    default=None,
    help="Players whose slip shows each horse (sets the payout column). [default: 1, or "
    "counted on --slips]",
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
    policy: str | None,
    slips: str | None,
    backers: int | None,
    seed: int,
    top: int,
    as_json: bool,
) -> None:
    """Simulate races and report each horse's chance to win, place and show, and the expected
    winnings of every bet type (payout column from --backers, or from the slips' backs).

    The best bets of each type are chosen on these races and their figures measured on as
    many other races (an independent sample), so the choice does not flatter them: the run
    plays 2 x --races races."""
    from generator.core.textwidth import fit
    from generator.games.triactor.betting.odds import score_seed, simulate
    from generator.games.triactor.betting.report import odds_json, odds_text
    from generator.games.triactor.race.coins import parse_coins
    from generator.progress import Progress
    from generator.terminal import line_width

    known = parse_coins(coins)
    chooser = _chooser(policy, slips)
    table = _backers(backers, chooser)
    args = {"known": known, "policy": chooser}
    with Progress(2 * races, "racing") as bar:  # a bar on a terminal, quiet when piped
        tally = simulate(races, seed=seed, progress=bar, **args)
        score = simulate(races, seed=score_seed(seed), progress=bar, **args)
    report = {"known": known, "policy": chooser, "seed": seed, "backers": table, "top": top}
    if as_json:
        _echo_json(odds_json(tally, score, **report))
    else:
        click.echo(fit(odds_text(tally, score, **report), line_width()))


def _backers(backers: int | None, chooser):  # noqa: ANN001, ANN202
    """The backers of each horse: counted on the slips when --slips describes the table
    (decision 29), else --backers (1 when not given). --backers with --slips must agree with
    the slips' counts on every horse: a usage error names the first horse that differs."""
    from generator.games.triactor.betting.report import Backers
    from generator.games.triactor.race.horses import LETTERS
    from generator.games.triactor.race.policies import SlipPolicy

    if not isinstance(chooser, SlipPolicy):
        return Backers.uniform(1 if backers is None else backers)
    counted = Backers.from_slips(chooser.slips)
    if backers is not None:
        for h, n in enumerate(counted.counts):
            if n != backers:
                raise click.UsageError(
                    f"--backers {backers} disagrees with --slips: {n} slip(s) show "
                    f"{LETTERS[h]}, not {backers}; leave out --backers (the slips set each "
                    "horse's backers)"
                )
    return counted


@triactor.command("race")
@click.option(
    "--coins", default="", help="Coins known before the race, e.g. S=ace (the rest drawn)."
)
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@click.option(
    "--policy",
    type=click.Choice(["random", "slip"]),
    default=None,
    help="How each player picks the die to move: at random, or for the horses on their slip. "
    "[default: slip with --slips, else random]",
)
@click.option("--slips", default=None, help="Slip backs per player (--policy slip): SMC,PD,AB.")
def race_command(coins: str, seed: int, policy: str | None, slips: str | None) -> None:
    """Play one race and print every turn: the dice rolled, the die used (in brackets) and
    what it did (the engine at work; same seed, same race, the race the simulator plays)."""
    from generator.core.textwidth import fit
    from generator.games.triactor.race.coins import parse_coins
    from generator.games.triactor.race.racelog import race_log
    from generator.terminal import line_width

    chooser = _chooser(policy, slips)
    lines, _ = race_log(seed, parse_coins(coins), chooser)
    click.echo(fit("\n".join(lines), line_width()))


def _chooser(policy: str | None, slips: str | None):
    """The die chooser of --policy: slip when --slips is given without --policy, else random;
    --policy slip needs --slips and --policy random takes none (usage errors, exit 2)."""
    from generator.games.triactor.race.policies import make_policy, parse_slips

    if policy is None:
        policy = "slip" if slips else "random"
    if slips and policy != "slip":
        raise click.UsageError("--slips is for --policy slip")
    if policy == "slip" and not slips:
        raise click.UsageError("--policy slip needs the players' slips: add --slips SMC,PD,...")
    return make_policy(policy, parse_slips(slips) if slips else None)
