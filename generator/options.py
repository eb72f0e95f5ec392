"""Options shared by every printing command, defined once, and the click types racegen uses."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from generator.printing import FORMATS, PAPER_NAMES, PrintSpec, pitch_text

PrintOptions = PrintSpec  # the name the commands use
__all__ = ["FORMATS", "PAPER_NAMES", "PrintOptions", "PrintSpec", "pitch_text"]


def printing_params(seeded: bool = True) -> list[click.Option]:
    """--out --format --paper --landscape --mono [--seed] --force --dpi."""
    params = [
        click.Option(
            ["--out", "out"],
            type=click.Path(file_okay=False, path_type=Path),
            default=Path("output"),
            show_default=True,
            help="Folder for the files (created when missing).",
        ),
        click.Option(
            ["--format", "formats"],
            type=click.Choice(FORMATS, case_sensitive=False),
            multiple=True,
            help="Output format; repeat for several. [default: pdf]",
        ),
        click.Option(
            ["--paper"],
            type=click.Choice(PAPER_NAMES, case_sensitive=False),
            default="a4",
            show_default=True,
            envvar="RACEGEN_PAPER",
            show_envvar=True,
            help="Paper size.",
        ),
        click.Option(["--landscape"], is_flag=True, help="Turn the paper to landscape."),
        click.Option(
            ["--mono"], is_flag=True, help="Ink-saving greyscale (patterns instead of colour)."
        ),
    ]
    if seeded:
        params.append(
            click.Option(
                ["--seed"],
                type=int,
                default=None,
                help="Random seed (1 when not given); same seed, same files. Shown in the "
                "footer when given.",
            )
        )
    params += [
        click.Option(["--force"], is_flag=True, help="Overwrite existing files."),
        click.Option(
            ["--dpi"],
            type=click.IntRange(36, 1200),
            default=150,
            show_default=True,
            help="Resolution of PNG output.",
        ),
    ]
    return params


def say_note(text: str) -> None:
    """A library note (PrintSpec.note) on stderr."""
    click.echo(f"note: {text}", err=True)


def spec_from(kwargs: dict[str, Any]) -> PrintSpec:
    """The PrintSpec of a command's printing options (popped from kwargs)."""
    from generator.progress import Progress

    formats = tuple(dict.fromkeys(f.lower() for f in kwargs.pop("formats"))) or ("pdf",)
    return PrintSpec(
        out=kwargs.pop("out"),
        formats=formats,
        paper=kwargs.pop("paper").lower(),
        mono=kwargs.pop("mono"),
        seed=kwargs.pop("seed", None),
        force=kwargs.pop("force"),
        landscape=kwargs.pop("landscape"),
        dpi=kwargs.pop("dpi"),
        progress=Progress,
        notes=say_note,
    )


def printing_options(
    func: Callable[..., Any] | None = None, *, seeded: bool = True
) -> Callable[..., Any]:
    """Add the printing options (printing_params) to a command; pass one PrintSpec `opts`.
    `@printing_options(seeded=False)` for a command whose output no seed changes."""

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(**kwargs: Any) -> Any:
            opts = spec_from(kwargs)
            return func(opts=opts, **kwargs)

        wrapper.__name__ = func.__name__
        wrapper.__doc__ = func.__doc__
        params = list(getattr(func, "__click_params__", []))
        params += list(reversed(printing_params(seeded)))
        wrapper.__click_params__ = params  # type: ignore[attr-defined]
        return wrapper

    return decorate(func) if func is not None else decorate


# --- commands from the printables tables ---------------------------------------------------------
def click_param(o, argument: bool = False) -> click.Parameter:  # noqa: ANN001
    from generator.errors import InvalidInput

    kind = o.kind
    extra: dict[str, Any] = {}
    if kind in ("choice", "choices"):
        ptype: Any = click.Choice(list(o.choices))
    elif kind == "int":
        ptype = click.IntRange(
            None if o.low is None else int(o.low), None if o.high is None else int(o.high)
        )
    elif kind == "length":
        ptype = Length(o.low or 0.0, o.high, least=o.least)
    elif kind == "file":
        ptype = click.Path(path_type=Path)
    else:
        ptype = str
    if o.check is not None:
        check = o.check

        def callback(ctx: Any, param: Any, value: Any) -> Any:
            if value is not None:
                try:
                    check(value)
                except InvalidInput as e:
                    raise click.BadParameter(str(e), ctx=ctx, param=param) from None
            return value

        extra["callback"] = callback
    if argument:
        return click.Argument([o.dest], type=ptype, metavar=o.flag, **extra)
    decls = [o.flag, o.dest]
    if kind == "flag":
        return click.Option(decls, is_flag=True, help=o.help, **extra)
    if kind == "switch":  # on, off, or not given (None: what is stored decides)
        decls = [f"{o.flag}/--no-{o.flag.removeprefix('--')}", o.dest]
        return click.Option(decls, default=o.default, help=o.help, **extra)
    if kind == "choices":
        return click.Option(decls, type=ptype, multiple=True, help=o.help, **extra)
    return click.Option(
        decls,
        type=ptype,
        default=o.default,
        show_default=o.default is not None,
        help=o.help,
        **extra,
    )


def worded(e: Exception) -> click.UsageError:
    """A library's bad option value (errors.BadOption) as click words its own."""
    if getattr(e, "option", ""):
        return click.BadParameter(str(e), param_hint=f"'{e.option}'")
    return click.UsageError(str(e))


def _renamed(old: str, new: str) -> click.Option:
    """A hidden option under a flag that was renamed: refused, naming the new flag."""

    def refuse(ctx: Any, param: Any, value: Any) -> None:
        if value is not None:
            raise click.UsageError(f"{old} is now {new}: write {new} {value}", ctx=ctx)

    dest = "renamed_" + old.lstrip("-").replace("-", "_")
    return click.Option(
        [old, dest], hidden=True, expose_value=False, callback=refuse, is_eager=True
    )


def printable_command(p) -> click.Command:  # noqa: ANN001
    """The click command of one printable (generator.printing.Printable): its own options,
    then the printing options; it claims its files (when it knows them before building),
    builds the documents and writes them all or none."""
    from generator.errors import BadOption
    from generator.output import check_free

    def run(**kwargs: Any) -> None:
        if kwargs.pop("as_json", False):
            import json

            click.echo(json.dumps(p.figures(), indent=2))
            return
        spec = spec_from(kwargs)
        values = {o.dest: kwargs.pop(o.dest) for o in p.options}
        if p.argument is not None:
            values[p.argument.dest] = kwargs.pop(p.argument.dest)
        for o in p.options:
            if o.kind == "choices":
                values[o.dest] = tuple(dict.fromkeys(values[o.dest])) or o.default
        if p.portrait:  # said first, as when the build says it
            spec.portrait_only(p.portrait)
        try:
            for stem, pages in p.planned_files(spec, **values):  # before a slow build
                check_free(spec, stem, pages)
            docs = p.build(spec, **p.values(**values))
        except BadOption as e:
            raise worded(e) from None
        print_documents(docs, spec)

    params = [click_param(o) for o in p.options]
    params += [_renamed(old, new) for old, new in p.renamed]
    if p.figures is not None:
        params.append(
            click.Option(
                ["--json", "as_json"], is_flag=True, help="Print the figures as JSON instead."
            )
        )
    if p.argument is not None:
        params.insert(0, click_param(p.argument, argument=True))
    return click.Command(
        p.name,
        callback=run,
        params=params + printing_params(p.seeded),
        help=p.help or p.summary,
        short_help=p.summary,
    )


def add_printables(group: click.Group, table) -> None:  # noqa: ANN001
    """Every printable of a game's table as a command of its click group."""
    for p in table:
        group.add_command(printable_command(p))


def click_options(declared) -> Callable[[Callable[..., Any]], Callable[..., Any]]:  # noqa: ANN001
    """A decorator adding the options declared in a printables table (generator.printing.Option)
    to a command that is not a printable (graph-racers solve, race ...): one declaration, one
    meaning, on every command that takes the option."""

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        params = list(getattr(func, "__click_params__", []))
        params += [click_param(o) for o in reversed(tuple(declared))]
        func.__click_params__ = params  # type: ignore[attr-defined]
        return func

    return decorate


from generator.printing import LENGTH as _LENGTH  # noqa: E402
from generator.printing import UNIT_MM as _UNIT_MM  # noqa: E402


class Length(click.ParamType):
    """A length such as 5mm, 0.25in, 1.6cm or 12pt, converted to millimetres (bare numbers are mm)."""

    name = "length"

    def __init__(
        self, minimum: float = 0.0, maximum: float | None = None, *, least: float | None = None
    ) -> None:
        self.minimum = minimum  # exclusive
        self.maximum = maximum
        self.least = least  # inclusive: the smallest length that works (a usage error below)

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        if isinstance(value, (int, float)):
            mm = float(value)
        else:
            m = _LENGTH.match(str(value))
            if not m:
                self.fail(
                    f"{value!r} is not a length: write it like 5mm, 0.25in or 1.6cm", param, ctx
                )
            mm = float(m.group(1)) * _UNIT_MM[(m.group(2) or "mm").lower()]
        # a bare number is mm; when that is too small, a forgotten unit is the likely slip
        bare = ""
        if not isinstance(value, (int, float)) and not m.group(2) and self._fits(mm * 25.4):
            bare = f" (a number without a unit is mm: write {value}in for inches)"
        if self.least is not None and mm < self.least:
            self.fail(f"{value!r} must be at least {self.least:g} mm{bare}", param, ctx)
        if mm <= self.minimum:
            self.fail(f"{value!r} must be larger than {self.minimum:g} mm{bare}", param, ctx)
        if self.maximum is not None and mm > self.maximum:
            self.fail(f"{value!r} must be at most {self.maximum:g} mm", param, ctx)
        return round(mm, 6)

    def _fits(self, mm: float) -> bool:
        return (
            (self.least is None or mm >= self.least)
            and mm > self.minimum
            and (self.maximum is None or mm <= self.maximum)
        )


def print_documents(docs: list, opts: PrintOptions) -> None:
    """Write the documents (all or nothing: output.emit_all) and list the files written on
    stdout, one a line: what every printing command of several documents does."""
    from generator.output import emit_all

    for path in emit_all(docs, opts):
        click.echo(str(path))
