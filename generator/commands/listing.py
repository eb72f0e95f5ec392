"""`racegen list`: the games and what each can print, generate and solve."""

from __future__ import annotations

import click


@click.command("list")
def list_games() -> None:
    """List the games and what racegen can print, generate and solve for each."""
    from generator.core.textwidth import fit
    from generator.games.registry import GAMES
    from generator.terminal import line_width

    lines = []
    for game in GAMES:
        lines.append(f"{game.name}: {game.title} - {game.summary}")
        rows = [
            ("print", game.prints),
            ("generate", game.generates),
            ("solve", game.solves),
            ("other", game.other),
        ]
        if not any(values for _, values in rows):
            lines.append("  not built yet (rules text in shared seeds; no commands)")
        for label, values in rows:
            if values:
                lines.append(f"  {label:9s} {', '.join(values)}")
    lines.append(
        "generic: paper graph|dot, dice blank-d6|blank-d8, demo, kit GAME|all, serve (the "
        "printables, Graph Racers play and Triactor settling as a web page on this computer)"
    )
    click.echo(fit("\n".join(lines), line_width()))
