"""`racegen graph-racers race` and `referee`: a whole race of computer drivers, and a table's
race replayed from each player's moves, under the seed's rules with the table's switches.

Only click and the light modules below are imported at module level; the race engine loads
inside the commands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from generator.errors import InvalidInput
from generator.games.graph_racers.commands.options import (
    limits,
    max_cells_option,
    rule_options,
    swedish_options,
    table_options,
    worded,
)
from generator.games.graph_racers.moves.choice import RuleChoice, resolve_rules


@click.command("referee")
@click.argument("track_file", metavar="TRACK")
@click.argument("moves_files", metavar="MOVES1 MOVES2 ...", nargs=-1, required=True)
@rule_options
@swedish_options
@table_options
@click.option(
    "--contact",
    "force_contact",
    is_flag=True,
    help="Race with the collision and damage rules even when the moves files store "
    '"contact": false.',
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@max_cells_option
def referee_cmd(
    track_file: str,
    moves_files: tuple[str, ...],
    rule_choice: RuleChoice,
    jumps: bool | None,
    off_track: str | None,
    design: str | None,
    teams: str | None,
    no_contact: bool,
    force_contact: bool,
    as_json: bool,
    max_cells,
) -> None:
    """Referee a table's race: car i plays MOVES i (points or accelerations, the formats check
    reads), in seat order (car 1, the youngest, first). After a crash or collision a points
    file writes the point the move aimed at, then on the next line where the car stands (the
    put-back line, as the move log says). Prints the race turn by turn (damage,
    crashes, collisions, who is out) and the standings; exits 1 naming the first illegal move.
    The rules are the options given, else those stored in the moves files (solve --json
    answers, race --json lines with the Swedish switches and contact; two files storing
    different rules are an error), else the track's. The designs and teams are --design and
    --teams, else those the moves files store (race --json lines).
    """
    from generator.games.graph_racers.moves.check import read_moves
    from generator.games.graph_racers.race.cars import MAX_CARS, MIN_CARS
    from generator.games.graph_racers.race.design import designed_rules
    from generator.games.graph_racers.race.replay import replay
    from generator.games.graph_racers.race.table_choice import check_design_rules, parse_table
    from generator.games.graph_racers.track.formats import read_track

    if not MIN_CARS <= len(moves_files) <= MAX_CARS:
        raise click.UsageError(
            f"{len(moves_files)} moves file(s): a race has {MIN_CARS} to {MAX_CARS} cars, one "
            "moves file each (check judges one car's line)"
        )
    if sum(f == "-" for f in (track_file, *moves_files)) > 1:
        raise click.UsageError("only one of TRACK and the MOVES files can be '-'")
    if no_contact and force_contact:
        raise click.UsageError("give --contact or --no-contact, not both")
    designs, named = worded(parse_table)(len(moves_files), design, teams)
    worded(check_design_rules)(designs, rule_choice)
    track = read_track(track_file, max_cells=max_cells or limits()["max_cells"])
    lines = []
    for name in moves_files:
        try:
            lines.append(read_moves(name))
        except InvalidInput as e:
            raise InvalidInput(f"car {len(lines) + 1}: {e}") from None
    contact_choice = False if no_contact else (True if force_contact else None)
    rules, swedish, contact = _referee_rules(
        track, track_file, lines, moves_files, rule_choice, (jumps, off_track), contact_choice
    )
    designs, named = _stored_table(lines, moves_files, designs, named)
    worded(check_design_rules)(designs, rule_choice)
    rules = designed_rules(rules, designs)
    no_contact = not contact
    result = replay(track, rules, lines, designs, named, contact=contact, swedish=swedish)
    state = result.state
    if as_json:
        from generator.schemas import dumps

        out = {
            **_race_json(state, track, rules),
            "moves_files": list(moves_files),
            "legal": result.illegal is None,
            "illegal": None,
            "notes": result.notes,
        }
        if result.illegal is not None:
            seat, move, message = result.illegal
            out["illegal"] = {"car": seat + 1, "move": move, "message": message}
        click.echo(dumps(out, "graph-racers-referee/1"))
    else:
        title = f"{track.name}: {len(lines)} cars under {rules.short()}{_swedish_title(state)}"
        title += ", no contact" if no_contact else ""
        for line in _race_text(state, title):
            click.echo(line)
        for note in result.notes:
            click.echo(f"note: {note}")
        if result.illegal is not None:
            click.echo(f"illegal: {result.illegal[2]} (rules: {rules.short()})")
    if result.illegal is not None:
        raise click.exceptions.Exit(1)


@click.command("race")
@click.argument("track_file", metavar="TRACK")
@click.option(
    "--players", type=click.IntRange(2, 6), default=2, show_default=True, help="Cars in the race."
)
@click.option(
    "--driver",
    default="solver",
    show_default=True,
    help="solver (an optimal line, aware of the other cars), cautious (never faster than it "
    "can stop before a wall) or random; or one per car, comma-separated (solver,random).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Random seed.")
@click.option(
    "--max-rounds",
    type=click.IntRange(1, 10_000),
    default=500,
    show_default=True,
    help="Stop after this many rounds (cars still racing stay 'running').",
)
@rule_options
@swedish_options
@table_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@max_cells_option
def race_cmd(
    track_file: str,
    players: int,
    driver: str,
    seed: int,
    max_rounds: int,
    rule_choice: RuleChoice,
    jumps: bool | None,
    off_track: str | None,
    design: str | None,
    teams: str | None,
    no_contact: bool,
    as_json: bool,
    max_cells,
) -> None:
    """Play a whole race of computer drivers on TRACK and print the log and the standings
    (the same seed gives the same race; `referee` replays it from the lines --json prints)."""
    from generator.games.graph_racers.race.design import designed_rules
    from generator.games.graph_racers.race.drivers import DRIVERS, make_drivers, run_race
    from generator.games.graph_racers.race.table_choice import (
        check_design_rules,
        parse_table,
        resolve_swedish,
    )
    from generator.games.graph_racers.track.formats import read_track

    names = [n.strip() for n in driver.split(",")]
    if len(names) == 1:
        names = names * players
    if len(names) != players or any(n not in DRIVERS for n in names):
        raise click.BadParameter(
            f"{driver!r}: give one of {', '.join(DRIVERS)}, or {players} of them "
            "comma-separated (one per car)",
            param_hint="'--driver'",
        )
    designs, named = worded(parse_table)(players, design, teams)
    worded(check_design_rules)(designs, rule_choice)
    track = read_track(track_file, max_cells=max_cells or limits()["max_cells"])
    rules = resolve_rules(track, rule_choice, source=track_file)
    rules = designed_rules(rules, designs)
    where = f"{track_file}: the rules stored with the track"
    swedish = resolve_swedish(jumps, off_track, track.meta.get("rules"), where)
    state = run_race(
        track,
        rules,
        make_drivers(names, track, rules, seed, swedish, designs),
        max_rounds=max_rounds,
        designs=designs,
        teams=named,
        contact=not no_contact,
        swedish=swedish,
    )
    lines = _driven_lines(state, rules)
    if as_json:
        from generator.schemas import dumps

        out = {
            **_race_json(state, track, rules),
            "drivers": names,
            "seed": seed,
            "max_rounds": max_rounds,
            "lines": lines,
        }
        click.echo(dumps(out, "graph-racers-race/1"))
        return
    title = f"{track.name}: {players} cars ({', '.join(names)}), seed {seed}, {rules.short()}"
    title += _swedish_title(state)
    title += ", no contact" if no_contact else ""
    for line in _race_text(state, title):
        click.echo(line)


def _race_text(state: Any, title: str) -> list[str]:
    """The log of a race, round by round, then the standings (and the teams')."""
    lines = [title]
    for car in state.cars:
        if car.design is not None:
            d = car.design
            lines.append(f"  car {car.seat + 1} design {d.spec} (${d.cost}): {d.words()}")
    rnd = None
    for event in state.log:
        if event.round != rnd:
            rnd = event.round
            lines.append(f"round {rnd}")
        lines.append(("  " if event.kind in ("move", "parked") else "    ") + event.text())
    lines.append("standings")
    for row in state.standings():
        status = row["status"]
        when = f" in round {row['round']}" if row["round"] is not None else ""
        word = {"finished": "finished", "out": "out", "parked": "parked", "running": "running"}
        team = f" (team {row['team']})" if "team" in row else ""
        lines.append(
            f"  {row['place']}. car {row['car']}{team}: {word[status]}{when}, "
            f"damage {row['damage']}, {row['moves']} moves"
        )
    teams = state.team_standings()
    if teams:
        lines.append("teams (3, 2 and 1 points for the first three cars to finish)")
        for row in teams:
            cars = ("car " if len(row["cars"]) == 1 else "cars ") + ", ".join(
                str(c) for c in row["cars"]
            )
            points = f"{row['points']} point" + ("" if row["points"] == 1 else "s")
            lines.append(f"  {row['place']}. team {row['team']}: {points} ({cars})")
    return lines


def _race_json(state: Any, track: Any, rules: Any) -> dict[str, Any]:
    designs = None
    if state.designs is not None:
        designs = [{"car": i + 1, **d.to_dict()} for i, d in enumerate(state.designs)]
    return {
        "track": track.name,
        "rules": rules.to_dict(),
        "cars": len(state.cars),
        "rounds": max((e.round for e in state.log), default=0),
        "designs": designs,
        "events": [e.to_dict() for e in state.log],
        "cars_at_end": state.snapshot(),
        "standings": state.standings(),
        "teams": state.team_standings() if state.teams is not None else None,
        **({} if state.contact else {"contact": False}),  # --no-contact
        # the Swedish switches (--jumps, --off-track), when any is on
        **({"swedish": state.swedish.swedish.to_dict()} if state.swedish is not None else {}),
    }


def _referee_rules(
    track: Any,
    track_file: str,
    lines: list[Any],
    moves_files: tuple[str, ...],
    rule_choice: RuleChoice,
    swedish_choice: tuple[bool | None, str | None],
    contact_choice: bool | None = None,
) -> tuple[Any, Any, bool]:
    """The rules, Swedish switches and contact a table's race is refereed under: the options
    given (contact_choice: --contact / --no-contact, None when neither), else the rules stored
    in the moves files (solve --json answers and race --json lines, as `check` reads them;
    files that store none have no say; a stored "contact": false is the race without contact),
    else the track's, else the defaults. Two files whose stored rules differ in a switch no
    option sets: an error naming both files."""
    from generator.games.graph_racers.race.table_choice import resolve_swedish

    voted: list[tuple[str, Any, Any, bool]] = []
    for name, line in zip(moves_files, lines, strict=True):
        if line.rules is None:
            continue
        where = f"{name}: the rules stored with the moves"
        rules = resolve_rules(track, rule_choice, stored=line.rules, source=Path(name))
        swedish = resolve_swedish(*swedish_choice, line.rules, where)
        contact = line.rules.get("contact", True) if contact_choice is None else contact_choice
        if not isinstance(contact, bool):
            raise InvalidInput(f"{where}: contact {contact!r}: give true or false")
        voted.append((name, rules, swedish, contact))
    if not voted:
        stored = track.meta.get("rules")
        where = f"{track_file}: the rules stored with the track"
        rules = resolve_rules(track, rule_choice, source=Path(track_file))
        contact = contact_choice is not False
        return rules, resolve_swedish(*swedish_choice, stored, where), contact
    first, rules, swedish, contact = voted[0]

    def words(rules: Any, swedish: Any, contact: bool) -> str:
        said = [rules.short(), swedish.short(), "" if contact else "no contact"]
        return ", ".join(t for t in said if t)

    for name, other, other_swedish, other_contact in voted[1:]:
        if (other, other_swedish, other_contact) != (rules, swedish, contact):
            raise InvalidInput(
                f"{first} and {name} store different rules ({words(rules, swedish, contact)}; "
                f"{words(other, other_swedish, other_contact)}): a race has one set of rules, "
                "so give them on the command line"
            )
    return rules, swedish, contact


def _stored_table(
    lines: list[Any], moves_files: tuple[str, ...], designs: Any, named: Any
) -> tuple[Any, Any]:
    """The car designs and teams: the options given (designs, named), else those stored with
    the moves (race --json lines store each car's "design" and "team"), every file storing
    one or none of them."""
    from generator.games.graph_racers.race.design import Design

    def stored(key: str) -> list[str] | None:
        values = [getattr(line, key) for line in lines]
        if not any(v is not None for v in values):
            return None
        given = next(n for n, v in zip(moves_files, values, strict=True) if v is not None)
        for name, v in zip(moves_files, values, strict=True):
            if v is None:
                what = "car design" if key == "design" else "team"
                raise InvalidInput(
                    f"{name} stores no {what} while {given} does: store one in every moves "
                    f"file, or give them all with --{'design' if key == 'design' else 'teams'}"
                )
        return values  # type: ignore[return-value]

    if designs is None:
        specs = stored("design")
        if specs is not None:
            designs = []
            for name, spec in zip(moves_files, specs, strict=True):
                try:
                    designs.append(Design.parse(spec))
                except InvalidInput as e:
                    raise InvalidInput(f"{name}: the design stored with the moves: {e}") from None
    if named is None:
        named = stored("team")
        if named is not None:
            from generator.core.names import Names

            met = Names("team")
            for name, team in zip(moves_files, named, strict=True):
                met.meet(team, f"{name}: the team stored with the moves", f" ({name})")
        if named is not None and len(set(named)) < 2:
            raise InvalidInput(
                f"the moves files store one team ({named[0]}): team racing needs at least two"
            )
    return designs, named


def _swedish_title(state: Any) -> str:
    """', jumps, off-track circle' for a race title ('' without the Swedish switches)."""
    return f", {state.swedish.swedish.short()}" if state.swedish is not None else ""


def _driven_lines(state: Any, rules: Any) -> list[dict[str, Any]]:
    """Each car's start and accelerations, as `check` and `referee` read them, and its James
    Bond actions; each a moves file `referee` replays with no options: the race's rules with
    the Swedish switches and contact (as `check` and `referee` read stored rules), and the
    car's design and team when the race has them."""
    from generator.games.graph_racers.race.bond import replay_actions
    from generator.games.graph_racers.race.swedish import Swedish

    swedish = state.swedish.swedish if state.swedish is not None else Swedish()
    table = {**rules.to_dict(), **swedish.to_dict(), "contact": state.contact}
    out = []
    for car in state.cars:
        moves = [e for e in state.log if e.kind == "move" and e.car == car.seat]
        first = moves[0].frm if moves else car.point
        out.append(
            {
                "car": car.seat + 1,
                "start": list(first),
                "accelerations": [list(e.accel) for e in moves],
            }
        )
        actions = replay_actions(state.log, car.seat)
        if actions:
            out[-1]["actions"] = [a.to_dict(k) for k, a in sorted(actions.items())]
        out[-1]["rules"] = dict(table)
        if car.design is not None:
            out[-1]["design"] = car.design.spec
        if car.team is not None:
            out[-1]["team"] = car.team
    return out
