"""`racegen graph-racers solve` and `check`: a track solved exactly, a racing line judged.

Only click and the light modules below are imported at module level; each command imports the
library inside its body so `racegen --help` stays fast."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from generator.errors import InvalidInput, LimitExceeded
from generator.games.graph_racers.commands.options import (
    limits,
    max_cells_option,
    max_states_option,
    note,
    rule_options,
    worded,
)
from generator.games.graph_racers.moves.choice import RuleChoice, resolve_rules
from generator.games.graph_racers.printing.printed_track import natural_line


def _pt(p: Any) -> str:
    return f"({p[0]}, {p[1]})"


@click.command("solve")
@click.argument("file")
@rule_options
@click.option(
    "--engine",
    type=click.Choice(["search", "cp-sat"]),
    default="search",
    show_default=True,
    help="search: exact graph search (bit-parallel sweep, A* with oil or boosts); cp-sat: time-expanded CP-SAT model (small tracks; it stops at a fixed amount of work, 60 of CP-SAT's deterministic seconds, so a track gets the same answer on any machine).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--lines",
    "count_lines",
    type=click.IntRange(0, 10**6),
    default=0,
    help="Also count the optimal racing lines (up to this many).",
)
@click.option(
    "--time-limit",
    type=click.FloatRange(0, 86_400, min_open=True),
    default=None,
    metavar="SECONDS",
    help="With --engine cp-sat: also give up after this many seconds (wall clock) without a "
    "proof (unlike the work limit, this depends on the machine). [default: none]",
)
@max_cells_option
@max_states_option("")
def solve_cmd(
    file: str,
    rule_choice: RuleChoice,
    engine: str,
    as_json: bool,
    count_lines: int,
    time_limit: float | None,
    max_cells,
    max_states,
) -> None:
    """Solve FILE exactly ('-': standard input): the least number of moves and an optimal
    racing line."""
    from generator.errors import Unsolvable
    from generator.games.graph_racers.moves.check import moves_text
    from generator.games.graph_racers.track.formats import read_track

    if time_limit is not None and engine != "cp-sat":
        raise click.UsageError("--time-limit is for --engine cp-sat")
    caps = limits()
    track = read_track(file, max_cells=max_cells or caps["max_cells"])
    rules = resolve_rules(track, rule_choice, source=file)
    if engine == "cp-sat":
        if count_lines:
            raise click.UsageError(
                "--lines counts with the search engine: leave out --engine cp-sat"
            )
        import sys

        from generator.games.graph_racers.solving.cpsat import solve_cpsat

        def trying(moves: int) -> None:  # CP-SAT can take a while: say so on a terminal
            click.echo(f"\rcp-sat: trying {moves} moves ", nl=False, err=True)

        sol = solve_cpsat(
            track,
            rules,
            progress=trying if sys.stderr.isatty() else None,
            time_limit=time_limit,
        )
        if sys.stderr.isatty():
            click.echo("\r" + " " * 30 + "\r", nl=False, err=True)
    else:
        from generator.games.graph_racers.solving.solve import solve

        sol = solve(track, rules, max_states=max_states, count_lines=count_lines)
    sol = _natural_line(track, sol)
    scale = None
    if getattr(track, "kind", "cells") == "drawn" and sol.moves is not None:
        from generator.games.graph_racers.solving.print_scale import print_scale

        scale = print_scale(track, rules, max_states=max_states)
    if as_json:
        from generator.schemas import dumps

        out = {"track": track.name, **sol.to_dict()}
        if track.notes:
            out["notes"] = list(track.notes)
        if scale is not None:
            out["robust_at_print"] = scale.robust
            out["print_scale"] = scale.to_dict()
        click.echo(dumps(out, "graph-racers-solve/1"))
    elif sol.moves is not None:
        for note in track.notes:
            click.echo(f"note: {note}")
        click.echo(
            f"{track.name or Path(file).stem}: {moves_text(sol.moves)} under {rules.short()}"
        )
        click.echo("path: " + " ".join(_pt(p) for p in sol.path))
        click.echo("accelerations: " + " ".join(_pt(a) for a in sol.accelerations))
        if any(sol.boosts):
            click.echo("boosts: " + " ".join(f"{i + 1}:{k}" for i, k in enumerate(sol.boosts) if k))
        if sol.optimal_lines is not None:
            if sol.lines_capped and sol.optimal_lines == 0:  # the counter ran out of room
                click.echo("optimal racing lines: not counted (too many states to count them)")
            else:
                more = "at least " if sol.lines_capped else ""
                click.echo(f"optimal racing lines: {more}{sol.optimal_lines}")
        if scale is not None:
            click.echo(scale.words())
        unit = "CP-SAT branches" if sol.engine == "cp-sat" else "states expanded"
        click.echo(f"{sol.engine}: {sol.expanded} {unit} in {sol.seconds:.3f} s")
    if sol.moves is None:
        if not as_json:  # the notes may be why (a pothole read as wall, say)
            for note in track.notes:
                click.echo(f"note: {note}")
        raise Unsolvable(
            f"{track.name}: no route from a start to the finish under {rules.short()}; "
            f"{_other_rules_hint(rules)}"
        )


def _natural_line(track: Any, sol: Any) -> Any:
    """The solution with its most natural optimal line (printed_track.natural_line), its note on
    stderr."""
    return natural_line(track, sol, note)


def _other_rules_hint(rules) -> str:  # noqa: ANN001
    """Rules that could open a route, leaving out those already in force."""
    options = []
    if rules.collision != "endpoint":
        options.append("--collision endpoint")
    if rules.accel != 9:
        options.append("--accel 9")
    if not rules.turbo:
        options.append("--turbo 1")
    if not rules.rocket:
        options.append("--rocket 1")
    if not options:
        return "no rules racegen knows give one: check the map"
    return f"try other rules (for example {' or '.join(options[:2])})"


@click.command("check")
@click.argument("track_file", metavar="TRACK")
@click.argument("moves_file", metavar="MOVES")
@rule_options
@max_cells_option
def check_cmd(track_file: str, moves_file: str, rule_choice: RuleChoice, max_cells) -> None:
    """Check a racing line: MOVES lists the car's points or its accelerations (text or JSON).
    Either file may be '-' (standard input), not both.

    Prints "legal, N moves (par P; rules: ...)" and exits 0, or names the first illegal move and why and
    exits 1.
    """
    from generator.errors import InvalidInput
    from generator.games.graph_racers.moves.check import check_line, read_moves
    from generator.games.graph_racers.solving.solve import solve
    from generator.games.graph_racers.track.formats import read_track

    if track_file == moves_file == "-":
        raise click.UsageError("TRACK and MOVES cannot both be '-': standard input is read once")
    caps = limits()
    track = read_track(track_file, max_cells=max_cells or caps["max_cells"])
    line = read_moves(moves_file)
    rules = resolve_rules(
        track,
        rule_choice,
        stored=line.rules,
        source=moves_file if line.rules is not None else track_file,
    )
    if line.design is not None:  # a race --json line: the car's own design
        track, rules = _designed(track, rules, line.design, moves_file, rule_choice)
    try:
        verdict = check_line(track, rules, line)
    except InvalidInput as e:
        raise InvalidInput(f"{moves_file}: {e}") from None
    if not verdict.legal:
        click.echo(f"illegal: {verdict.message} (rules: {rules.short()})")
        raise click.exceptions.Exit(1)
    try:
        best = solve(track, rules).moves
        par = f"par {best}" if best is not None else "no par"
    except LimitExceeded:
        par = "par not computed: track too large"
    click.echo(f"{verdict.message} ({par}; rules: {rules.short()})")


def _designed(track: Any, rules: Any, spec: str, where: str, rule_choice: RuleChoice) -> tuple:
    """A line stored with its car's design (race --json): the car's own good brakes, turbo and
    rocket are the rules' boosts, and a submarine drives on the water."""
    import dataclasses

    from generator.games.graph_racers.race.design import Design

    try:
        design = Design.parse(spec)
    except InvalidInput as e:
        raise InvalidInput(f"{where}: the design stored with the moves: {e}") from None
    from generator.games.graph_racers.race.table_choice import check_design_rules

    worded(check_design_rules)([design], rule_choice)
    if max(design.brakes, design.turbo) > 9:
        raise InvalidInput(
            f"{where}: the design {design.spec} has more than 9 uses of a boost; check judges "
            "up to 9 (referee plays the race with it)"
        )
    rules = dataclasses.replace(
        rules, brakes=design.brakes, turbo=design.turbo, rocket=rules.rocket + design.rocket
    )
    if design.sub and getattr(track, "water", None):
        track = track.submarine()
    return track, rules
