"""`racegen kit GAME|all`: a print-and-play kit, one file per game (generator.kits)."""

from __future__ import annotations

import click

from generator.options import PrintOptions, printing_options


def _games() -> list[str]:
    from generator.games.registry import GAMES

    return [g.name for g in GAMES]


@click.command("kit")
@click.argument("game", metavar="GAME|all")
@printing_options
def kit(opts: PrintOptions, game: str) -> None:
    """Everything needed to play a game, in one file: a cover (the components, what to print
    on which paper, how many copies), an assembly page, every component and the rules summary
    last. GAME is graph-racers, trading-paint, triactor, pushing-race, dice-rush or all.
    (--seed picks the Graph Racers circuit.)"""
    from generator.games.registry import game as find
    from generator.kits import kit_document
    from generator.options import print_documents

    names = _games()
    if game not in [*names, "all"]:
        raise click.BadParameter(
            f"{game!r} is not a game: use one of {', '.join(names)} or all", param_hint="'GAME'"
        )
    chosen = names if game == "all" else [game]
    print_documents([kit_document(find(name), opts) for name in chosen], opts)
