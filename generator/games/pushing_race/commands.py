"""`racegen pushing-race ...`: list legal moves, show a position, simulate games, print the
board, the Icehouse die, paper pieces and the rules summary.

Only click is imported at module level; everything else loads inside the commands, so
`racegen --help` stays fast.
"""

from __future__ import annotations

import re

import click

from generator.games.pushing_race.printables import PRINTABLES
from generator.options import add_printables
from generator.schemas import dumps

FACE_NAMES = ("TIP", "AIM", "HOP", "SWAP", "DIG", "WILD")
MAX_GAMES = 100_000  # play.MAX_GAMES (not imported here: `racegen --help` stays fast)


@click.group("pushing-race")
def pushing_race() -> None:
    """Pushing Race: a 3 x 9 cylinder track, five pieces each, an Icehouse die.

    List the legal moves of a roll, simulate games, print the board, die, paper pieces and
    a rules summary. Positions: a file, '-' (stdin), or one argument such as
    "turn=B a1=A b1=B c4=A finished=B1"; 'start' or 'start:3' is the setup.
    """


add_printables(pushing_race, PRINTABLES)


def _exists(path) -> bool:
    try:
        return path.exists()
    except OSError:  # a name too long for a file: the tokens themselves
        return False


def _load(position: str):
    """A position from a file (when one of that name exists), stdin ('-') or the argument
    itself ('start', 'start:3', or tokens such as "a1=A turn=B"). A name that exists but is
    no regular file (a folder, a FIFO, a device) is refused by textfile, not read as tokens."""
    from pathlib import Path

    from generator.core import textfile
    from generator.errors import InvalidInput
    from generator.games.pushing_race.rules.position import MAX_TEXT, parse_position

    hint = "save the position as plain text"
    if not position.strip():
        raise InvalidInput(
            "the position is empty: give a file, '-', 'start' or tokens such as \"a1=A b2=B\""
        )
    if position == textfile.STDIN or _exists(Path(position)):
        text, _ = textfile.read_arg(position, "position file", hint, MAX_TEXT)
    elif (
        "=" in position
        or "\n" in position
        or position.lower().startswith("start")
        or re.match(r"\s*[0-9]+(\s|[|:])", position)  # a row line such as "2 A . B"
    ):
        text = position
    else:
        raise InvalidInput(
            f"position {position!r} is not a file: give a file, '-', 'start' or tokens "
            'such as "a1=A b2=B turn=A"'
        )
    return parse_position(text)


@pushing_race.command("moves")
@click.argument("position")
@click.option(
    "--roll",
    "face",
    required=True,
    type=click.Choice(FACE_NAMES, case_sensitive=False),
    help="The die face rolled.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON: each move and its position.")
def moves_command(position: str, face: str, as_json: bool) -> None:
    """List every legal move of a roll from POSITION (one per resulting position)."""
    from generator.games.pushing_race.rules.moves import moves_or_pass
    from generator.games.pushing_race.rules.position import describe, format_position
    from generator.games.pushing_race.rules.track import PLAYER_NAMES

    pos = _load(position)
    face = face.upper()
    moves = moves_or_pass(pos, face)
    if as_json:
        data = {
            "roll": face,
            "player": PLAYER_NAMES[pos.turn],
            "game_over": pos.winner is not None,
            "count": sum(m.kind != "PASS" for m in moves),
            "moves": [
                {
                    "move": m.text,
                    "kind": m.kind,
                    "winner": None if m.after.winner is None else PLAYER_NAMES[m.after.winner],
                    "position": format_position(m.after),
                }
                for m in moves
            ],
        }
        click.echo(dumps(data, "pushing-race-moves/1"))
        return
    click.echo(describe(pos))
    click.echo("")
    if pos.winner is not None:
        click.echo(f"the game is over: {PLAYER_NAMES[pos.winner]} has won")
        return
    legal = [m for m in moves if m.kind != "PASS"]
    who = PLAYER_NAMES[pos.turn]
    if not legal:
        click.echo(f"{who} rolls {face}: no move is possible, the turn passes")
        return
    click.echo(f"{who} rolls {face}: {len(legal)} legal move{'s' if len(legal) != 1 else ''}")
    for i, m in enumerate(legal, start=1):
        won = f"  ({PLAYER_NAMES[m.after.winner]} wins)" if m.after.winner is not None else ""
        click.echo(f"{i:4d}. {m.text}{won}")


@pushing_race.command("show")
@click.argument("position")
@click.option(
    "--play",
    "plays",
    multiple=True,
    help="Play a move first, written as `moves` lists it ('TIP a0 +2') or ROLL:MOVE "
    "('TIP:a0 +2'); repeat for several moves.",
)
def show_command(position: str, plays: tuple[str, ...]) -> None:
    """Show POSITION (after any --play moves) in the text format, with the diagram as '#'
    comment lines: the output saved to a file is a position file again."""
    from generator.errors import InvalidInput
    from generator.games.pushing_race.rules.moves import find_move
    from generator.games.pushing_race.rules.position import describe, format_position

    pos = _load(position)
    for play in plays:
        # the form `moves` prints (TIP a0 +2, a winner's "(A wins)" too) or ROLL:MOVE
        written = re.sub(r"\(\s*[A-Da-d]\s+wins\s*\)\s*$", "", play).strip()
        face, _, text = written.partition(":")
        if not text:
            face, text = (written.split(None, 1) + ["", ""])[:2]
        if not face.strip() or not text.strip():
            raise InvalidInput(
                f"--play {play!r}: write a move as `moves` lists it, e.g. 'TIP a0 +2' "
                "(or 'TIP:a0 +2')"
            )
        pos = find_move(pos, face.strip(), text).after
    click.echo(format_position(pos))
    click.echo("\n".join(f"# {line}" for line in describe(pos).splitlines()))


@pushing_race.command("simulate")
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True, help="Players.")
@click.option(
    "--games",
    type=click.IntRange(1, MAX_GAMES),
    default=1000,
    show_default=True,
    help="Games, at most 100,000: about 2 minutes for two random players, 6 for four "
    "greedy ones (a game takes 1 to 3.5 ms; a million would take up to an hour).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@click.option(
    "--policy",
    "policies",
    type=click.Choice(["random", "greedy"]),
    multiple=True,
    help="random: any legal move; greedy: the best lead in progress. Once for all players, "
    "or once per seat. [default: random]",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def simulate_command(
    players: int, games: int, seed: int, policies: tuple[str, ...], as_json: bool
) -> None:
    """Play seeded games from the setup: win rate by seat, game length in turns."""
    from generator.games.pushing_race.play.play import simulate

    names = list(policies) or ["random"]
    if len(names) not in (1, players):
        raise click.BadParameter(
            f"{len(names)} given for {players} players: give it once, or once per seat",
            param_hint="--policy",
        )
    from generator.progress import Progress

    with Progress(games, "playing") as bar:
        summary = simulate(players, games, seed, names, tick=bar)
    if as_json:
        click.echo(dumps(summary.to_dict(), "pushing-race-simulate/1"))
    else:
        click.echo(summary.table())
