"""`racegen graph-racers ...`: solve, check, generate and print Graph Racers tracks.

Only click and the light modules below are imported here at module level; every command
imports the library inside its body so `racegen --help` stays fast. The option handling of
sheet, worksheet and classpack lives in the library (sheets.py), which racegen serve calls too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from generator.errors import BadOption, InvalidInput, LimitExceeded
from generator.games.graph_racers.printing import sheets
from generator.options import printing_options
from generator.progress import Progress


@dataclass(frozen=True)
class RuleChoice:
    """The rule options as given (None = not given: the stored rules or the defaults decide)."""

    accel: str | None = None
    collision: str | None = None
    brakes: int | None = None
    turbo: int | None = None
    rocket: int | None = None


RULE_NAMES = ("accel", "collision", "brakes", "turbo", "rocket")


def rule_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """--accel --collision --brakes --turbo --rocket, passed on as one RuleChoice `rule_choice`."""
    options = [
        click.option(
            "--accel",
            type=click.Choice(["5", "8", "9"]),
            default=None,
            help="Acceleration set: 5 = keep or change one axis by 1 (seed rule, default); "
            "9 = keep or any of the 8 neighbours; 8 = the 8 neighbours only (Swedish).",
        ),
        click.option(
            "--collision",
            type=click.Choice(["exact", "endpoint"]),
            default=None,
            help="exact (default): the move's line may not touch an off-track square; "
            "endpoint: only the landing point must be on the track.",
        ),
        click.option(
            "--brakes",
            type=click.IntRange(0, 9),
            default=None,
            help="Uses of good brakes (slow one axis by 2).",
        ),
        click.option(
            "--turbo",
            type=click.IntRange(0, 9),
            default=None,
            help="Uses of turbo (speed one axis up by 2).",
        ),
        click.option(
            "--rocket",
            type=click.IntRange(0, 1),
            default=None,
            help="Rocket booster (speed one axis up by 3, once).",
        ),
    ]

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["rule_choice"] = RuleChoice(**{k: kwargs.pop(k) for k in RULE_NAMES})
        return func(*args, **kwargs)

    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper


def resolve_rules(
    track: Any,
    choice: RuleChoice,
    stored: dict | None = None,
    source: Path | None = None,
):
    """The rules asked for: explicit options over the rules stored with the answer being
    checked (`stored`, from solve --json, read from file `source`) over the rules stored with
    the track (read from `source`) over defaults."""
    from generator.errors import InvalidInput
    from generator.games.graph_racers.moves.rules import Rules

    if stored is None:
        stored = track.meta.get("rules") if track is not None else None
        where = (
            f"{source or track.name}: the rules stored with the track" if track is not None else ""
        )
    else:
        where = f"{source}: the rules stored with the moves" if source else "the stored rules"
    try:
        base = Rules.from_dict(stored) if isinstance(stored, dict) else Rules()
    except (InvalidInput, TypeError, ValueError) as e:
        raise InvalidInput(f"{where}: {e}") from None
    return Rules(
        accel=int(choice.accel) if choice.accel is not None else base.accel,
        collision=choice.collision if choice.collision is not None else base.collision,
        brakes=choice.brakes if choice.brakes is not None else base.brakes,
        turbo=choice.turbo if choice.turbo is not None else base.turbo,
        rocket=choice.rocket if choice.rocket is not None else base.rocket,
    )


def _limits() -> dict[str, Any]:
    from generator.resources import load_json

    return load_json("graph_racers", "presets.json")["limits"]


def _pt(p: Any) -> str:
    return f"({p[0]}, {p[1]})"


@click.group("graph-racers")
def graph_racers() -> None:
    """Graph Racers (Racetrack): vector racing on squared paper.

    Solve tracks exactly, check a racing line, generate circuits with a par, and print track
    sheets, race sheets, answer keys and classroom worksheets. Every rule is a switch
    (--accel, --collision, boosts) stored with every solution and printed on every sheet.
    """


def _limit_option(name: str, text: str, default: str) -> Callable[..., Any]:
    """--max-cells or --max-states, its default (from presets.json) named in the help."""
    return click.option(
        name, type=click.IntRange(1, None), default=None, help=f"{text} [default: {default}]"
    )


_max_cells_option = _limit_option(
    "--max-cells", "Largest track (points) to accept.", f"{_limits()['max_cells']:,}"
)


def _max_states_option(what: str) -> Callable[..., Any]:
    """--max-states: the search gives up when it needs more states than this (the count
    `solve` prints); the default depends on the engine (presets.json)."""
    table = _limits()["max_states"]
    return _limit_option(
        "--max-states",
        f"Give up {what}when the search needs more than this many states (the count solve "
        "prints: settled by the sweep, expanded by A*).",
        f"{table['sweep']:,} for the sweep (races without oil or boosts), "
        f"{table['astar']:,} for A* (oil or boosts)",
    )


CPSAT_SECONDS = 60.0  # solve --engine cp-sat gives up after this long without a proof
MAX_PUZZLES = sheets.MAX_PUZZLES  # worksheet --count, classpack --students x --tracks


def _note(text: str) -> None:
    """A library note (sheets.Note) on stderr."""
    click.echo(f"note: {text}", err=True)


def _worded(func: Callable[..., Any]) -> Callable[..., Any]:
    """`func` with the library's bad option values (errors.BadOption) as click's usage errors."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except BadOption as e:
            if e.option:
                raise click.BadParameter(str(e), param_hint=f"'{e.option}'") from None
            raise click.UsageError(str(e)) from None

    return wrapper


@graph_racers.command("solve")
@click.argument("file")
@rule_options
@click.option(
    "--engine",
    type=click.Choice(["search", "cp-sat"]),
    default="search",
    show_default=True,
    help="search: exact graph search (bit-parallel sweep, A* with oil or boosts); cp-sat: time-expanded CP-SAT model (small tracks).",
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
    help="With --engine cp-sat: give up after this many seconds without a proof. "
    f"[default: {CPSAT_SECONDS:g}]",
)
@_max_cells_option
@_max_states_option("")
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
    limits = _limits()
    track = read_track(file, max_cells=max_cells or limits["max_cells"])
    rules = resolve_rules(track, rule_choice, source=file)
    if engine == "cp-sat":
        if count_lines:
            raise click.UsageError(
                "--lines counts with the search engine: leave out --engine cp-sat"
            )
        time_limit = CPSAT_SECONDS if time_limit is None else time_limit
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
    if as_json:
        from generator.schemas import dumps

        out = {"track": track.name, **sol.to_dict()}
        if track.notes:
            out["notes"] = list(track.notes)
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
    """The solution with its most natural optimal line (sheets.natural_line), its note on
    stderr."""
    return sheets.natural_line(track, sol, _note)


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


@graph_racers.command("check")
@click.argument("track_file", metavar="TRACK")
@click.argument("moves_file", metavar="MOVES")
@rule_options
@_max_cells_option
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
    limits = _limits()
    track = read_track(track_file, max_cells=max_cells or limits["max_cells"])
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
    _check_design_rules([design], rule_choice)
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


def _parse_size(value: str) -> tuple[int, int]:
    """'40x25' -> (cols, rows)."""
    a, sep, b = value.lower().partition("x")
    if not sep or not all(
        t.strip().isascii() and t.strip().isdigit() and len(t.strip()) <= 9 for t in (a, b)
    ):
        raise click.BadParameter(
            f"{value!r}: write the size as COLSxROWS, like 40x25", param_hint="'--size'"
        )
    return int(a), int(b)


_parse_range = _worded(sheets.parse_range)  # '3..5' or '4' -> (lo, hi)


def _difficulty_option(default: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return click.option(
        "--difficulty",
        type=click.Choice(["easy", "medium", "hard"]),
        default=default,
        show_default=True,
        help="Measured by par, corners, narrowest width and how much slower accel 5 is than 9.",
    )


KINDS = sheets.KINDS

_kind_option = click.option(
    "--kind",
    type=click.Choice(KINDS),
    default="drawn",
    show_default=True,
    help="drawn: a circuit with smooth edges, judged exactly against the drawn edge (named "
    "features, graded, no shape twice); cells: a map of grid squares (CP-SAT loop), as the "
    "public benchmark maps.",
)


_drawn_width = _worded(sheets.drawn_width)  # --width for drawn circuits


_checkpoints_option = click.option(
    "--checkpoints",
    type=click.IntRange(1, 6),
    default=2,
    show_default=True,
    help="Checkpoints a lap passes in order.",
)


@graph_racers.command("generate")
@click.option("--size", default="40x25", show_default=True, help="Track size in points, COLSxROWS.")
@click.option(
    "--width",
    "width_text",
    default=None,
    help="Track width range, MIN..MAX (points for cells, squares for drawn). "
    "[default: 3..5 for cells, the difficulty's widths for drawn]",
)
@_difficulty_option("medium")
@click.option(
    "--seed", type=int, default=1, show_default=True, help="Random seed (same seed, same tracks)."
)
@click.option(
    "--count", type=click.IntRange(1, None), default=1, show_default=True, help="How many tracks."
)
@_checkpoints_option
@_kind_option
@click.option(
    "--oil",
    type=click.IntRange(0, 12),
    default=0,
    show_default=True,
    help="Oil patches (2 x 2 points each) drawn on every track, --kind cells only; the par "
    "and the difficulty are measured with them.",
)
@rule_options
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder for the JSON files.",
)
@click.option("--force", is_flag=True, help="Overwrite existing files.")
def generate_cmd(
    size: str,
    width_text: str | None,
    difficulty: str,
    seed: int,
    count: int,
    checkpoints: int,
    kind: str,
    oil: int,
    rule_choice: RuleChoice,
    out: Path,
    force: bool,
) -> None:
    """Generate closed circuits, each solved for its par, as JSON track files.

    Prints one line per track: its file, two spaces and its par ("output/...-1.json  par 14"),
    then for drawn circuits its measured grade and features; the path comes first, so
    `cut -d' ' -f1` or the first word gives the files."""
    from generator.errors import RacegenError
    from generator.games.graph_racers.generating.generate import Request
    from generator.output import check_writable, refuse_taken, write_files

    cols, rows = _parse_size(size)
    if oil and kind == "drawn":
        raise click.BadParameter(
            "drawn circuits have no oil patches: add --kind cells (a map of squares) or leave "
            "--oil out",
            param_hint="'--oil'",
        )
    if kind == "drawn":
        width = _drawn_width(width_text)
    else:
        width = _parse_range(width_text if width_text is not None else "3..5")
    limits = _limits()
    max_cols, max_rows = limits["max_generate_size"]
    if cols > max_cols or rows > max_rows:
        raise LimitExceeded(
            f"--size {size} is larger than {max_cols}x{max_rows}; generate a smaller track"
        )
    if count > limits["max_count"]:
        raise click.BadParameter(
            f"{count} is more than {limits['max_count']}; generate fewer at a time",
            param_hint="'--count'",
        )
    rules = resolve_rules(None, rule_choice)
    oiled = f"-oil{oil}" if oil else ""  # another track than without oil: another file
    names = [
        out / f"graph-racers-{cols}x{rows}-{difficulty}-s{seed}{oiled}-{i + 1}.json"
        for i in range(count)
    ]
    for p in names:
        refuse_taken(p, force)
    check_writable(out, create=False)  # before the generating, which takes seconds
    req = Request(rows, cols, width, difficulty, seed, rules, checkpoints, oil=oil)
    _drawn_size(kind, req, "use --size within it or --kind cells")
    bar = Progress(count, "generating")
    try:
        tracks = _generated(kind, req, count, bar)
    except RacegenError as e:
        raise _same_kind(e)(generator_advice(e)) from None
    finally:
        bar.close()
    payload = [(p, _track_json(t).encode("utf-8")) for p, t in zip(names, tracks, strict=False)]
    written = write_files(payload, out, force)  # all the tracks, or none
    for p, t in zip(written, tracks, strict=True):
        click.echo(f"{p}  par {t.meta['par']}{_grade_words(t)}")  # the path first: scripts read it
    _repeats_note(tracks, "track", f"{cols}x{rows} {difficulty}", "a larger --size")


_generated = sheets.generated  # count tracks of a kind
_drawn_size = sheets.drawn_size  # one line when drawn circuits are not made at a size or rules


def _track_json(track) -> str:  # noqa: ANN001
    if getattr(track, "kind", "cells") == "drawn":
        from generator.games.graph_racers.track.drawn_format import track_to_json as drawn_json

        return drawn_json(track)
    from generator.games.graph_racers.track.formats import track_to_json

    return track_to_json(track)


def _grade_words(track) -> str:  # noqa: ANN001
    """'  graded easy: long straight, s-bends' for a drawn circuit ('' for a cell map)."""
    if not track.meta.get("grade"):
        return ""
    from generator.games.graph_racers.printing.materials import grade_note

    return f"  {grade_note(track)}"


_same_kind = sheets.same_kind
generator_advice = sheets.generator_advice


def _pitch_option(func: Callable[..., Any]) -> Callable[..., Any]:
    from generator.options import Length

    return click.option(
        "--grid",
        "pitch",
        type=Length(minimum=2.0, maximum=20.0),
        default="5mm",
        show_default=True,
        help="Distance between grid points: 5mm, 0.25in...",
    )(func)


_answers_option = click.option(
    "--answers",
    type=click.Choice(["after", "separate", "none"]),
    default="after",
    show_default=True,
    help="The answer pages: after the puzzles in the same file, in a second file "
    "<name>-answers (written with the puzzles, both or neither), or none.",
)


@graph_racers.command("worksheet")
@click.option(
    "--count",
    type=click.IntRange(1, MAX_PUZZLES),
    default=6,
    show_default=True,
    help=f"How many puzzles (up to {MAX_PUZZLES}: a school year of weekly sheets).",
)
@click.option(
    "--per-page",
    type=click.Choice(["1", "2", "3", "4", "6"]),
    default="2",
    show_default=True,
    help="Puzzles per page.",
)
@_difficulty_option("easy")
@click.option(
    "--width",
    "width_text",
    default=None,
    help="Track width range in points, MIN..MAX. [default: 3..5]",
)
@_checkpoints_option
@_kind_option
@_pitch_option
@_answers_option
@rule_options
@printing_options
def worksheet_cmd(
    opts,
    count: int,
    per_page: str,
    difficulty: str,
    width_text,
    checkpoints: int,
    kind: str,
    pitch: float,
    answers: str,
    rule_choice: RuleChoice,
) -> None:
    """A classroom worksheet: K generated tracks per page, each with its par and a box for the
    student's moves and line, name and date on every page, the rules at 9 pt at the foot;
    answer pages after the puzzles, in a second file or none (--answers)."""
    from generator.output import check_free, emit_all

    rules = resolve_rules(None, rule_choice)
    job = _worded(sheets.worksheet)(
        opts,
        rules,
        count=count,
        per_page=int(per_page),
        difficulty=difficulty,
        width_text=width_text,
        checkpoints=checkpoints,
        kind=kind,
        pitch=pitch,
        answers=answers,
    )
    # before the generating, which takes seconds: the puzzle pages and the answer pages
    for stem, pages in job.files():
        check_free(opts, stem, pages)
    tracks = _worded(job.tracks)(opts)
    for path in emit_all(job.documents(tracks, opts.mono), opts):  # puzzles and answers, or none
        click.echo(str(path))
    said = job.repeats(tracks)
    if said:
        _note(said)


@graph_racers.command("classpack")
@click.option(
    "--students",
    type=click.IntRange(1, 200),
    default=30,
    show_default=True,
    help="Students in the class: each gets a worksheet of their own.",
)
@click.option(
    "--tracks",
    type=click.IntRange(1, 6),
    default=2,
    show_default=True,
    help="Puzzles per student, one a page (2: both sides of one sheet).",
)
@_difficulty_option("easy")
@_checkpoints_option
@_kind_option
@_pitch_option
@rule_options
@printing_options
def classpack_cmd(
    opts,
    students: int,
    tracks: int,
    difficulty: str,
    checkpoints: int,
    kind: str,
    pitch: float,
    rule_choice: RuleChoice,
) -> None:
    """A class pack: a different worksheet for every student, and one teacher booklet.

    Writes two files, both or neither. graph-racers-classpack-DIFFICULTY-sSEED.pdf: every
    student's sheet in class order, one puzzle a page at the largest size the page holds (no
    map twice in the pack), each page with the sheet's code (4 characters without look-alikes,
    from --seed and the student's number, so a lost sheet prints again the same), name, date
    and a box for the moves; printed double-sided, each student gets one sheet (--tracks 2).
    One file to print, not one per student. ...-teacher.pdf: the codes in order with each
    sheet's pars (a marking list), then every student's answer pages in code order.
    """
    from generator.output import check_free, emit_all

    rules = resolve_rules(None, rule_choice)
    job = _worded(sheets.classpack)(
        opts,
        rules,
        students=students,
        tracks=tracks,
        difficulty=difficulty,
        checkpoints=checkpoints,
        kind=kind,
        pitch=pitch,
    )
    for stem, pages in job.files():  # before the generating, which takes a while
        check_free(opts, stem, pages)
    pack = job.pack(opts)
    for path in emit_all(job.documents(pack, opts.mono), opts):  # sheets and booklet, or none
        click.echo(str(path))


def _repeats_note(tracks: list, what: str, kind: str, advice: str, page: int | None = None) -> None:
    """sheets.repeats_note on stderr, when there is one."""
    said = sheets.repeats_note(tracks, what, kind, advice, page)
    if said:
        _note(said)


# --- the multi-car race (race.py, drivers.py) -------------------------------------------------


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


def _table_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """--design and --teams: the seed's 'Design your own car' and 'Team racing'; --no-contact."""
    func = click.option(
        "--no-contact",
        is_flag=True,
        help="Race without the collision and damage rules: the cars ignore each other (no "
        "collisions) and a crash costs no damage and puts no car out (the car is still put "
        "back on the track and stopped).",
    )(func)
    func = click.option(
        "--teams",
        default=None,
        help="Team racing: each car's team, comma-separated, car 1 first (A,B,A,B); the first "
        "three cars to finish score 3, 2 and 1 points for their team.",
    )(func)
    return click.option(
        "--design",
        default=None,
        help="Design your own car with $100: BRAKES/TURBO/DAMAGE (good brakes $10 a use, turbo "
        "$10 a use, damage points $5 each; 0 damage points: the first hit destroys the car), one "
        "for every car or one per car comma-separated (2/2/12,0/0/20). Replaces --brakes and "
        "--turbo; without it every car has 5 damage points. James Bond mode: add goodies with + "
        "(0/0/4+missile+sprayer+guns*2): missile $30, sprayer (oil) $10, rocket $30, sub "
        "(submarine) $30, guns $20 a set.",
    )(func)


def _table(design: str | None, teams: str | None, cars: int) -> tuple[Any, Any]:
    """The designs and teams given on the command line (None when not), as usage errors."""
    from generator.games.graph_racers.race.design import parse_designs
    from generator.games.graph_racers.race.state import parse_teams

    try:
        designs = parse_designs(design, cars) if design is not None else None
    except InvalidInput as e:
        raise click.BadParameter(str(e), param_hint="'--design'") from None
    try:
        named = parse_teams(teams, cars) if teams is not None else None
    except InvalidInput as e:
        raise click.BadParameter(str(e), param_hint="'--teams'") from None
    return designs, named


def _check_design_rules(designs: Any, rule_choice: RuleChoice) -> None:
    if designs is not None and (rule_choice.brakes or rule_choice.turbo):
        raise click.UsageError(
            "--design buys each car its good brakes and turbo: leave --brakes and --turbo out"
        )
    if designs is not None and rule_choice.rocket and any(d.rocket for d in designs):
        raise click.UsageError("a --design buys a rocket booster: leave --rocket out")


def _swedish_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """--jumps and --off-track (the Swedish variant, swedish.py), passed on as one dict
    `swedish_choice` (None = not given: stored rules or the defaults decide)."""
    options = [
        click.option(
            "--jumps/--no-jumps",
            default=None,
            help="Swedish jumps: a move that repeats its vector may pass over obstacles (^ on "
            "the map) and land on the track; any other move over one hits it. Without it an "
            "obstacle is a wall.",
        ),
        click.option(
            "--off-track",
            type=click.Choice(["crash", "circle"]),
            default=None,
            help="crash (default): a move that touches the side crashes; circle (Swedish): it "
            "leaves the track instead, no damage, and the car must come back onto the track "
            "behind the point it left (or on it).",
        ),
    ]

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["swedish_choice"] = {
            "jumps": kwargs.pop("jumps"),
            "off_track": kwargs.pop("off_track"),
        }
        return func(*args, **kwargs)

    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper


def resolve_swedish(choice: dict[str, Any], stored: dict | None, where: str = "") -> Any:
    """The Swedish switches: the options given over the stored rules over the defaults."""
    from generator.games.graph_racers.race.swedish import Swedish

    base = Swedish()
    if isinstance(stored, dict):
        try:
            base = Swedish.from_dict(stored)
        except InvalidInput as e:
            raise InvalidInput(f"{where}: {e}" if where else str(e)) from None
    return Swedish(
        jumps=choice["jumps"] if choice["jumps"] is not None else base.jumps,
        off_track=choice["off_track"] if choice["off_track"] is not None else base.off_track,
    )


def _referee_rules(
    track: Any,
    track_file: str,
    lines: list[Any],
    moves_files: tuple[str, ...],
    rule_choice: RuleChoice,
    swedish_choice: dict[str, Any],
    contact_choice: bool | None = None,
) -> tuple[Any, Any, bool]:
    """The rules, Swedish switches and contact a table's race is refereed under: the options
    given (contact_choice: --contact / --no-contact, None when neither), else the rules stored
    in the moves files (solve --json answers and race --json lines, as `check` reads them;
    files that store none have no say; a stored "contact": false is the race without contact),
    else the track's, else the defaults. Two files whose stored rules differ in a switch no
    option sets: an error naming both files."""
    voted: list[tuple[str, Any, Any, bool]] = []
    for name, line in zip(moves_files, lines, strict=True):
        if line.rules is None:
            continue
        where = f"{name}: the rules stored with the moves"
        rules = resolve_rules(track, rule_choice, stored=line.rules, source=Path(name))
        swedish = resolve_swedish(swedish_choice, line.rules, where)
        contact = line.rules.get("contact", True) if contact_choice is None else contact_choice
        if not isinstance(contact, bool):
            raise InvalidInput(f"{where}: contact {contact!r}: give true or false")
        voted.append((name, rules, swedish, contact))
    if not voted:
        stored = track.meta.get("rules")
        where = f"{track_file}: the rules stored with the track"
        rules = resolve_rules(track, rule_choice, source=Path(track_file))
        contact = contact_choice is not False
        return rules, resolve_swedish(swedish_choice, stored, where), contact
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
        if named is not None and len(set(named)) < 2:
            raise InvalidInput(
                f"the moves files store one team ({named[0]}): team racing needs at least two"
            )
    return designs, named


def _swedish_title(state: Any) -> str:
    """', jumps, off-track circle' for a race title ('' without the Swedish switches)."""
    return f", {state.swedish.swedish.short()}" if state.swedish is not None else ""


@graph_racers.command("sheet")
@click.argument("file")
@click.option(
    "--kind",
    "kinds",
    type=click.Choice(["track", "race", "answer"]),
    multiple=True,
    help="Which pages; repeat for several. [default: track, race and answer]",
)
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    default=4,
    show_default=True,
    help="Players on the race sheet.",
)
@_pitch_option
@rule_options
@_table_options
@_swedish_options
@_max_states_option("solving for the par ")
@printing_options(seeded=False)
def sheet_cmd(
    opts,
    file: str,
    kinds,
    players: int,
    pitch: float,
    rule_choice: RuleChoice,
    design: str | None,
    teams: str | None,
    no_contact: bool,
    swedish_choice: dict[str, Any],
    max_states,
) -> None:
    """Print FILE as a track sheet, a race sheet with a move log, and an answer key (true scale).
    The race sheet prints the table's rules given (--design, --teams, --no-contact, --jumps,
    --off-track) and a tally of damage and uses for each player.
    FILE '-' reads standard input (the files are then named stdin-sheet...)."""
    from generator.games.graph_racers.race.design import designed_rules
    from generator.games.graph_racers.race.table_rules import TableRules
    from generator.games.graph_racers.track.formats import read_track
    from generator.output import emit

    designs, named = _table(design, teams, players)
    _check_design_rules(designs, rule_choice)
    limits = _limits()
    track = read_track(file, max_cells=limits["max_cells"])
    rules = designed_rules(resolve_rules(track, rule_choice, source=file), designs)
    swedish = resolve_swedish(
        swedish_choice, track.meta.get("rules"), f"{file}: the rules stored with the track"
    )
    swedish.check_track(track)
    table = TableRules(
        designs=tuple(designs) if designs is not None else None,
        teams=tuple(named) if named is not None else None,
        contact=not no_contact,
        swedish=swedish,
    )
    doc = sheets.track_sheet(
        opts,
        track,
        rules,
        resolve_rules(track, RuleChoice(), source=file),
        name="stdin" if file == "-" else Path(file).stem,
        kinds=kinds,
        players=players,
        pitch=pitch,
        max_states=max_states,
        note=_note,
        table=table,
    )
    for path in emit(doc, opts):
        click.echo(str(path))


@graph_racers.command("referee")
@click.argument("track_file", metavar="TRACK")
@click.argument("moves_files", metavar="MOVES1 MOVES2 ...", nargs=-1, required=True)
@rule_options
@_swedish_options
@_table_options
@click.option(
    "--contact",
    "force_contact",
    is_flag=True,
    help="Race with the collision and damage rules even when the moves files store "
    '"contact": false.',
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@_max_cells_option
def referee_cmd(
    track_file: str,
    moves_files: tuple[str, ...],
    rule_choice: RuleChoice,
    swedish_choice: dict[str, Any],
    design: str | None,
    teams: str | None,
    no_contact: bool,
    force_contact: bool,
    as_json: bool,
    max_cells,
) -> None:
    """Referee a table's race: car i plays MOVES i (points or accelerations, the formats check
    reads), in seat order (car 1, the youngest, first). Prints the race turn by turn (damage,
    crashes, collisions, who is out) and the standings; exits 1 naming the first illegal move.
    The rules are the options given, else those stored in the moves files (solve --json
    answers, race --json lines with the Swedish switches and contact; two files storing
    different rules are an error), else the track's. The designs and teams are --design and
    --teams, else those the moves files store (race --json lines).
    """
    from generator.games.graph_racers.moves.check import read_moves
    from generator.games.graph_racers.race.design import designed_rules
    from generator.games.graph_racers.race.state import MAX_CARS, MIN_CARS, replay
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
    designs, named = _table(design, teams, len(moves_files))
    _check_design_rules(designs, rule_choice)
    track = read_track(track_file, max_cells=max_cells or _limits()["max_cells"])
    lines = []
    for name in moves_files:
        try:
            lines.append(read_moves(name))
        except InvalidInput as e:
            raise InvalidInput(f"car {len(lines) + 1}: {e}") from None
    contact_choice = False if no_contact else (True if force_contact else None)
    rules, swedish, contact = _referee_rules(
        track, track_file, lines, moves_files, rule_choice, swedish_choice, contact_choice
    )
    designs, named = _stored_table(lines, moves_files, designs, named)
    _check_design_rules(designs, rule_choice)
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


@graph_racers.command("race")
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
@_swedish_options
@_table_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@_max_cells_option
def race_cmd(
    track_file: str,
    players: int,
    driver: str,
    seed: int,
    max_rounds: int,
    rule_choice: RuleChoice,
    swedish_choice: dict[str, Any],
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
    designs, named = _table(design, teams, players)
    _check_design_rules(designs, rule_choice)
    track = read_track(track_file, max_cells=max_cells or _limits()["max_cells"])
    rules = resolve_rules(track, rule_choice, source=track_file)
    rules = designed_rules(rules, designs)
    where = f"{track_file}: the rules stored with the track"
    swedish = resolve_swedish(swedish_choice, track.meta.get("rules"), where)
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


def _add_table_printables() -> None:
    """The printables of the table that commands.py does not write itself (the car-design
    sheet): their commands come from the table, as in the other games."""
    from generator.games.graph_racers.printables import PRINTABLES
    from generator.options import add_printables

    add_printables(graph_racers, PRINTABLES)


_add_table_printables()
