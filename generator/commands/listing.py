"""`racegen list`: the games and what each can print, generate and solve."""

from __future__ import annotations

import click


@click.command("list")
def list_games() -> None:
    """List the games and what racegen can print, generate and solve for each."""
    from generator.games.registry import GAMES

    for game in GAMES:
        click.echo(f"{game.name}: {game.title} - {game.summary}")
        rows = [
            ("print", game.prints),
            ("generate", game.generates),
            ("solve", game.solves),
            ("other", game.other),
        ]
        if not any(values for _, values in rows):
            click.echo("  not built yet (rules text in shared seeds; no commands)")
        for label, values in rows:
            if values:
                click.echo(f"  {label:9s} {', '.join(values)}")
    click.echo("generic: paper graph|dot, dice blank-d6|blank-d8, demo, kit GAME|all")
