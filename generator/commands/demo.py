"""`racegen demo`: print a demo set of every game into the output folder.

Each job runs a real racegen command with the arguments shown (echoed as it runs), so the
demo shows exactly what those commands print (and breaks when they break).
"""

from __future__ import annotations

from dataclasses import replace

import click

from generator.options import PrintOptions, printing_options

# the generic sheets first, then every game's printables that have demo arguments, in the
# order of the games and of their tables
GENERIC: tuple[tuple[tuple[str, ...], tuple[str, ...], bool], ...] = (
    (("paper", "graph"), ("--spacing", "5mm"), False),
    (("dice", "blank-d6"), (), False),
)


def jobs() -> list[tuple[tuple[str, ...], tuple[str, ...], bool]]:
    """(command path, arguments, takes --seed) of each printable in the demo, in order."""
    from generator.games.registry import GAMES

    out = list(GENERIC)
    for game in GAMES:
        for p in game.printables():
            if p.demo is not None:
                out.append(((game.name, p.name), p.demo, p.seeded))
    return out


def common_args(opts: PrintOptions, seed: int | None) -> list[str]:
    """The printing options of the demo, as each job takes them (--seed only where seeded)."""
    args = ["--out", str(opts.out), "--paper", opts.paper]
    if seed is not None:
        args += ["--seed", str(seed)]
    args += ["--dpi", str(opts.dpi)]
    for fmt in opts.formats:
        args += ["--format", fmt]
    if opts.mono:
        args.append("--mono")
    if opts.force:
        args.append("--force")
    if opts.landscape:
        args.append("--landscape")
    return args


def resolve(ctx: click.Context, path: tuple[str, ...]) -> click.Command | None:
    command: click.Command | None = ctx.find_root().command
    for name in path:
        if not isinstance(command, click.Group):
            return None
        command = command.get_command(ctx, name)
        if command is None:
            return None
    return command


@click.command("demo")
@printing_options
@click.pass_context
def demo(ctx: click.Context, opts: PrintOptions) -> None:
    """Print a demo set of every game (paper, dice, worksheet, boards, slips) into --out.

    All or nothing: the jobs print into a hidden folder inside --out first; only when every
    job has worked and (without --force) no file of the set exists in --out already are the
    files moved into place.
    """
    import contextlib
    import io
    import shlex
    import shutil
    import sys
    import tempfile
    from pathlib import Path

    from generator import folder_lock, interrupts
    from generator.errors import RacegenError
    from generator.output import Batch, make_folder, refuse_taken, remove_folders, write_error

    seed = opts.seed_or(1)
    made: list[Path] = []
    staging: Path | None = None
    done = False
    try:
        with interrupts.deferred():  # no Ctrl-C between making the staging and knowing it
            made = make_folder(opts.out)  # removed again if the demo fails
            try:
                staging = Path(tempfile.mkdtemp(prefix=".racegen-demo-", dir=opts.out))
            except OSError as e:  # a full disk: name the folder given, not the staging
                raise write_error(opts.out, e) from None
        staged_opts = replace(opts, out=staging, force=False)
        printed = io.StringIO()
        ran = 0
        # on a terminal the commands show as they run; otherwise (a log, a script) they are
        # listed only once everything worked, so an error stays the one line on stderr
        live = sys.stderr.isatty()
        commands: list[str] = []
        for path, extra, seeded in jobs():
            command = resolve(ctx, path)
            if command is None:
                continue
            name = " ".join(path)
            # the command as a user would type it to print the same file on its own
            job_seed = seed if seeded else None
            shown = "# " + shlex.join(["racegen", *path, *extra, *common_args(opts, job_seed)])
            if live:
                click.echo(shown, err=True)
            else:
                commands.append(shown)
            args = [*extra, *common_args(staged_opts, job_seed)]
            try:
                with (
                    interrupts.staging(),  # the job's files are not the demo's until moved
                    command.make_context(name, args, parent=ctx) as sub,
                    contextlib.redirect_stdout(printed),
                ):
                    command.invoke(sub)
            except RacegenError as e:
                # a job that failed (a full disk) names its file in the staging folder,
                # removed below: name the file in --out that the demo was printing
                e.args = (str(e).replace(str(staging), str(opts.out)), *e.args[1:])
                raise
            ran += 1
        names = [Path(line).name for line in printed.getvalue().splitlines() if line]
        targets = [opts.out / n for n in names]
        for target in targets:
            refuse_taken(target, opts.force)
        with (
            interrupts.deferred(),
            folder_lock.locked(opts.out),
            Batch(opts.force) as batch,  # every file of the set, or none
        ):
            for n, target in zip(names, targets, strict=True):
                try:
                    batch.place(target, staging / n)
                except OSError as e:
                    raise write_error(target, e) from None
                interrupts.check()
            interrupts.commit_point()
            shutil.rmtree(staging, ignore_errors=True)
        for shown in commands:
            click.echo(shown, err=True)
        for target in targets:
            click.echo(str(target))
        done = True
    finally:
        with interrupts.deferred():
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)
            if not done:
                remove_folders(made)
    click.echo(f"demo: {ran} printables ({len(names)} files) in {opts.out}", err=True)
