"""The click options several Graph Racers commands share, made from their one declaration in
the printables table (printables.py: the rule switches, the table's and the Swedish switches,
--difficulty, --checkpoints, --kind, --max-states), so an option means one thing on every
command that takes it, printable or not; and --max-cells, which only the reading commands take.

Each decorator passes its values on as the library reads them (moves.choice.RuleChoice; the
table's and the Swedish switches as keyword values), so the commands hold no rule logic."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import click

from generator.games.graph_racers import printables
from generator.games.graph_racers.generating.asked import limits
from generator.games.graph_racers.moves.choice import RULE_NAMES, RuleChoice
from generator.options import click_options

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def rule_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """--accel --collision --brakes --turbo --rocket, passed on as one RuleChoice `rule_choice`."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["rule_choice"] = RuleChoice(**{k: kwargs.pop(k) for k in RULE_NAMES})
        return func(*args, **kwargs)

    return click_options(printables.RULES)(wrapper)


max_cells_option = click.option(
    "--max-cells",
    type=click.IntRange(1, None),
    default=None,
    help=f"Largest track (points) to accept. [default: {limits()['max_cells']:,}]",
)


def max_states_option(what: str) -> Decorator:
    return click_options([printables.max_states_option(what)])


def difficulty_option(default: str) -> Decorator:
    return click_options([replace(printables.DIFFICULTY, default=default)])


checkpoints_option = click_options([printables.CHECKPOINTS])
kind_option = click_options([printables.KIND])
width_option = click_options([printables.WIDTH])
# --design --teams --no-contact: the seed's 'Design your own car' and 'Team racing', contact
table_options = click_options(printables.TABLE)
# --jumps/--no-jumps and --off-track (the Swedish variant), passed on as `jumps` and
# `off_track` (None = not given: stored rules or the defaults decide)
swedish_options = click_options(printables.SWEDISH)


def note(text: str) -> None:
    """A library note on stderr."""
    click.echo(f"note: {text}", err=True)


def worded(func: Callable[..., Any]) -> Callable[..., Any]:
    """`func` with the library's bad option values (errors.BadOption) as click's usage errors."""
    from generator.errors import BadOption
    from generator.options import worded as as_click

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except BadOption as e:
            raise as_click(e) from None

    return wrapper
