"""The racegen command line: a thin click layer over the library.

Subcommands load lazily (their modules import only click at module level), so
`racegen --help` stays fast. Errors are mapped here, once: `Error: ...` on one line,
exit 1 for bad input, 2 for bad usage, never a traceback.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from generator import __version__
from generator.errors import RacegenError

# name -> (module, attribute). Each module imports only click at module level.
COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("generator.commands.listing", "list_games"),
    "demo": ("generator.commands.demo", "demo"),
    "kit": ("generator.commands.kit", "kit"),
    "paper": ("generator.commands.paper", "paper"),
    "dice": ("generator.commands.dice", "dice"),
    "serve": ("generator.commands.serve", "serve"),
    "graph-racers": ("generator.games.graph_racers.commands.group", "graph_racers"),
    "trading-paint": ("generator.games.trading_paint.commands", "trading_paint"),
    "triactor": ("generator.games.triactor.commands", "triactor"),
    "pushing-race": ("generator.games.pushing_race.commands", "pushing_race"),
    "dice-rush": ("generator.games.dice_rush.commands", "dice_rush"),
}


AFTER_COMMIT = "racegen: interrupted after the files were written: they are complete"


def one_line(message: str) -> str:
    return " ".join(str(message).split())


def usage_hint(e: click.UsageError) -> str:
    """click's lines above a usage error: the command's usage and where its help is (then a
    blank line), as click prints them; nothing when the error has no command."""
    if e.ctx is None:
        return ""
    hint = ""
    if e.ctx.command.get_help_option(e.ctx) is not None:
        hint = f"Try '{e.ctx.command_path} {e.ctx.help_option_names[0]}' for help.\n"
    return f"{e.ctx.get_usage()}\n{hint}\n"


# click 8.2+ raises this usage error for a group run without a command (8.1 printed the help)
NO_ARGS_IS_HELP: type[Exception] = getattr(click.exceptions, "NoArgsIsHelpError", ())  # type: ignore[assignment]


class RacegenGroup(click.Group):
    """A group that loads subcommands on demand and maps every error to one line."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if self._load(name) is not None]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self._load(cmd_name)

    def _load(self, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module_name, attr = COMMANDS[name]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name and module_name.startswith(e.name):
                return None  # that game's commands are not part of this build
            raise
        return getattr(module, attr)

    def main(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        from generator import interrupts
        from generator.terminal import escaping

        with escaping(), interrupts.session():  # user text cannot take over the terminal
            code = self._run(*args, **kwargs)
            if interrupts.late() and code == 0:
                click.echo(AFTER_COMMIT, err=True)
        sys.exit(code)

    def _interrupted(self, e: BaseException | None) -> int:
        """Ctrl-C: 130, unless the command's files were already complete (then 0: a script
        reading 130 as "nothing written" would fail its retry on files that exist)."""
        from generator import interrupts

        if interrupts.wrote():
            click.echo(AFTER_COMMIT, err=True)
            return 0
        click.echo("Error: interrupted", err=True)
        return 128 + int(getattr(e, "signum", 2))  # a shell expects 128 + the signal

    def _run(self, *args: Any, **kwargs: Any) -> int:
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)
        except click.exceptions.Exit as e:
            code = e.exit_code
        except click.Abort as e:
            if isinstance(e.__cause__ or e.__context__, KeyboardInterrupt):
                # click turns Ctrl-C into Abort; a shell expects 128 + SIGINT
                code = self._interrupted(e.__cause__ or e.__context__)
            else:
                click.echo("Error: aborted", err=True)
                code = 1
        except NO_ARGS_IS_HELP as e:  # `racegen`, `racegen paper`: the help, as click 8.1 did
            click.echo(e.ctx.get_help() if e.ctx else e.format_message())
            code = 0
        except click.UsageError as e:
            click.echo(usage_hint(e) + f"Error: {one_line(e.format_message())}", err=True)
            code = 2
        except click.ClickException as e:
            click.echo(f"Error: {one_line(e.format_message())}", err=True)
            code = e.exit_code
        except RacegenError as e:
            click.echo(f"Error: {one_line(str(e))}", err=True)
            code = e.exit_code
        except KeyboardInterrupt as e:
            code = self._interrupted(e)
        except MemoryError:
            click.echo(
                "Error: out of memory; use a smaller input or a lower limit (for a Graph Racers "
                "solve, a lower --max-states)",
                err=True,
            )
            code = 1
        except BrokenPipeError:
            code = 1
        except OSError as e:
            where = f" ({e.filename})" if getattr(e, "filename", None) else ""
            click.echo(f"Error: {one_line(e.strerror or str(e))}{where}", err=True)
            code = 1
        if not isinstance(code, int):
            code = 0
        return code


@click.group(cls=RacegenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="racegen")
def cli() -> None:
    """Print, generate and solve race games.

    Boards, dice nets, betting slips and payout tables as true-size PDF, SVG or PNG;
    Graph Racers tracks generated and solved exactly; Trading Paint placement questions
    ("where can these faces take my car?") answered exactly; Triactor races played, their
    bets settled and their odds simulated; Pushing Race moves listed and games simulated;
    Dice Rush races solved exactly.
    Start with `racegen list` or `racegen demo`.
    """


def main() -> None:
    """The `racegen` program (see generator.entry, which imports this module)."""
    cli(prog_name="racegen")
