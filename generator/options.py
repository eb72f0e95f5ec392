"""Options shared by every printing command, defined once, and the click types racegen uses."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from generator.printing import FORMATS, PAPER_NAMES, PrintSpec, pitch_text

PrintOptions = PrintSpec  # the name the commands use
__all__ = ["FORMATS", "PAPER_NAMES", "PrintOptions", "PrintSpec", "pitch_text"]


def printing_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Add --out --format --paper --landscape --mono --seed --force --dpi; pass one PrintOptions `opts`."""
    options = [
        click.option(
            "--out",
            "out",
            type=click.Path(file_okay=False, path_type=Path),
            default=Path("output"),
            show_default=True,
            help="Folder for the files (created when missing).",
        ),
        click.option(
            "--format",
            "formats",
            type=click.Choice(FORMATS, case_sensitive=False),
            multiple=True,
            help="Output format; repeat for several. [default: pdf]",
        ),
        click.option(
            "--paper",
            type=click.Choice(PAPER_NAMES, case_sensitive=False),
            default="a4",
            show_default=True,
            envvar="RACEGEN_PAPER",
            show_envvar=True,
            help="Paper size.",
        ),
        click.option("--landscape", is_flag=True, help="Turn the paper to landscape."),
        click.option(
            "--mono", is_flag=True, help="Ink-saving greyscale (patterns instead of colour)."
        ),
        click.option(
            "--seed",
            type=int,
            default=None,
            help="Random seed where the command draws at random (1 when not given); same seed, "
            "same files. Shown in the footer when given.",
        ),
        click.option("--force", is_flag=True, help="Overwrite existing files."),
        click.option(
            "--dpi",
            type=click.IntRange(36, 1200),
            default=150,
            show_default=True,
            help="Resolution of PNG output.",
        ),
    ]

    def wrapper(**kwargs: Any) -> Any:
        formats = tuple(dict.fromkeys(f.lower() for f in kwargs.pop("formats"))) or ("pdf",)
        opts = PrintSpec(
            out=kwargs.pop("out"),
            formats=formats,
            paper=kwargs.pop("paper").lower(),
            mono=kwargs.pop("mono"),
            seed=kwargs.pop("seed"),
            force=kwargs.pop("force"),
            landscape=kwargs.pop("landscape"),
            dpi=kwargs.pop("dpi"),
        )
        return func(opts=opts, **kwargs)

    wrapper.__name__ = func.__name__
    wrapper.__doc__ = func.__doc__
    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper


_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$", re.IGNORECASE)
_UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}


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
