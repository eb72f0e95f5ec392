"""The table's rules as a command or the page asks for them: the one builder of a TableRules.

`race`, `referee` and the `sheet` printable (on the command line and on the page), and the
page's race table, all read --design, --teams, contact and the Swedish switches here, so they
accept the same values, refuse the same mixes in the same words and fall back on the same
stored rules. A bad value is errors.BadOption naming its option, which the command line words
as click words its own usage errors and the page shows beside the form.
"""

from __future__ import annotations

from typing import Any

from generator.errors import BadOption, InvalidInput
from generator.games.graph_racers.moves.choice import RuleChoice
from generator.games.graph_racers.race.cars import parse_teams
from generator.games.graph_racers.race.design import Design, parse_designs
from generator.games.graph_racers.race.swedish import Swedish
from generator.games.graph_racers.race.table_rules import TableRules


def resolve_swedish(
    jumps: bool | None, off_track: str | None, stored: Any, where: str = ""
) -> Swedish:
    """The Swedish switches: those given (None: not given) over the rules stored with the
    track or the moves (`stored`, read from `where`) over the defaults."""
    base = Swedish()
    if isinstance(stored, dict):
        try:
            base = Swedish.from_dict(stored)
        except InvalidInput as e:
            raise InvalidInput(f"{where}: {e}" if where else str(e)) from None
    return Swedish(
        jumps=jumps if jumps is not None else base.jumps,
        off_track=off_track if off_track is not None else base.off_track,
    )


def check_design_rules(designs: Any, choice: RuleChoice) -> None:
    """Designed cars buy their good brakes, turbo and rocket: refuse the switches beside them."""
    if designs is not None and (choice.brakes or choice.turbo):
        raise BadOption(
            "--design buys each car its good brakes and turbo: leave --brakes and --turbo out"
        )
    if designs is not None and choice.rocket and any(d.rocket for d in designs):
        raise BadOption("a --design buys a rocket booster: leave --rocket out")


def parse_table(
    cars: int, design: str | None, teams: str | None
) -> tuple[list[Design] | None, list[str] | None]:
    """The designs and the teams as --design and --teams write them (None: not given)."""
    try:
        designs = parse_designs(design, cars) if design is not None else None
    except InvalidInput as e:
        raise BadOption(str(e), "--design") from None
    try:
        named = parse_teams(teams, cars) if teams is not None else None
    except InvalidInput as e:
        raise BadOption(str(e), "--teams") from None
    return designs, named


def table_rules(
    cars: int,
    *,
    design: str | None = None,
    teams: str | None = None,
    contact: bool = True,
    swedish: Swedish | None = None,
    choice: RuleChoice | None = None,
) -> TableRules:
    """The table: `cars` cars, their designs (--design: one for every car or one per car) and
    teams (--teams), contact, the Swedish switches; designs refuse --brakes, --turbo and a
    second rocket in `choice` (the move rules given)."""
    designs, named = parse_table(cars, design, teams)
    check_design_rules(designs, choice or RuleChoice())
    return TableRules(
        designs=tuple(designs) if designs is not None else None,
        teams=tuple(named) if named is not None else None,
        contact=contact,
        swedish=swedish or Swedish(),
    )
