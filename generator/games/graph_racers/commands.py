"""`racegen graph-racers ...`: solve, check, generate and print Graph Racers tracks.

Only click is imported here at module level; every command imports the library inside its
body so `racegen --help` stays fast.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from generator.errors import InvalidInput, LimitExceeded
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
    from generator.games.graph_racers.rules import Rules

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
MAX_PUZZLES = 400  # worksheet --count: weekly sheets for a school year, a few minutes to make
PACK_TRIES = 300  # attempts a class pack spends looking for a new map once one repeats
MANY_REPEATS = 6  # repeats named one by one on stderr; more are counted


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
    from generator.games.graph_racers.check import moves_text
    from generator.games.graph_racers.formats import read_track

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

        from generator.games.graph_racers.cpsat import solve_cpsat

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
        from generator.games.graph_racers.solve import solve

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
    """The solution with its most natural optimal line (solve.natural), the line `solve`
    prints and answer keys draw; the search's own line, said on stderr, when the optimal
    lines span too many states to choose among."""
    from generator.games.graph_racers.solve import NATURAL_NODES, natural

    if sol.moves is None:
        return sol
    picked = natural(track, sol, NATURAL_NODES)
    if picked is None:
        click.echo(
            f"note: {track.name}: the line is the search's first optimal line; the optimal "
            f"lines span more than {NATURAL_NODES:,} states, too many to pick the most "
            "natural one",
            err=True,
        )
        return sol
    return picked


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
    from generator.games.graph_racers.check import check_line, read_moves
    from generator.games.graph_racers.formats import read_track
    from generator.games.graph_racers.solve import solve

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


def _parse_range(value: str) -> tuple[int, int]:
    """'3..5' or '4' -> (lo, hi)."""
    lo, sep, hi = value.partition("..")
    try:
        if not all(
            v.strip().isascii() and v.strip().isdigit() for v in ((lo, hi) if sep else (lo,))
        ):
            raise ValueError  # ASCII digits only: int() would read other scripts' digits too
        pair = (int(lo), int(hi)) if sep else (int(lo), int(lo))
    except ValueError:
        raise click.BadParameter(
            f"{value!r}: write the width as MIN..MAX, like 3..5", param_hint="'--width'"
        ) from None
    if pair[0] > pair[1] or pair[0] < 2 or pair[1] > 12:
        raise click.BadParameter(
            f"{value!r}: widths go from 2 to 12 points, MIN no larger than MAX",
            param_hint="'--width'",
        )
    return pair


def _difficulty_option(default: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return click.option(
        "--difficulty",
        type=click.Choice(["easy", "medium", "hard"]),
        default=default,
        show_default=True,
        help="Measured by par, corners, narrowest width and how much slower accel 5 is than 9.",
    )


KINDS = ("drawn", "cells")

_kind_option = click.option(
    "--kind",
    type=click.Choice(KINDS),
    default="drawn",
    show_default=True,
    help="drawn: a circuit with smooth edges, judged exactly against the drawn edge (named "
    "features, graded, no shape twice); cells: a map of grid squares (CP-SAT loop), as the "
    "public benchmark maps.",
)


def _drawn_width(width_text: str | None) -> tuple[float, float]:
    """--width for drawn circuits clips the difficulty's widths (squares); none: theirs."""
    return _parse_range(width_text) if width_text is not None else (0, 99)


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
    rule_choice: RuleChoice,
    out: Path,
    force: bool,
) -> None:
    """Generate closed circuits, each solved for its par, as JSON track files.

    Prints one line per track: its file, two spaces and its par ("output/...-1.json  par 14"),
    then for drawn circuits its measured grade and features; the path comes first, so
    `cut -d' ' -f1` or the first word gives the files."""
    from generator.errors import RacegenError
    from generator.games.graph_racers.generate import Request
    from generator.output import check_writable, refuse_taken, write_files

    cols, rows = _parse_size(size)
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
    names = [
        out / f"graph-racers-{cols}x{rows}-{difficulty}-s{seed}-{i + 1}.json" for i in range(count)
    ]
    for p in names:
        refuse_taken(p, force)
    check_writable(out, create=False)  # before the generating, which takes seconds
    req = Request(rows, cols, width, difficulty, seed, rules, checkpoints)
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


def _generated(kind: str, req, count: int, bar, **cells) -> list:  # noqa: ANN001
    """`count` tracks of a kind: drawn circuits (drawn_generate, no shape twice in the run) or
    cell maps (generate.generate, with its options `cells`)."""
    if kind == "drawn":
        from generator.games.graph_racers.drawn_generate import generate_drawn

        return generate_drawn(req, count, bar)
    from generator.games.graph_racers.generate import generate

    return generate(req, count, bar, **cells)


def _drawn_size(kind: str, req, advice: str) -> None:  # noqa: ANN001
    """One line when drawn circuits are not made at the request's size or rules (before any
    file is claimed or track drawn)."""
    if kind != "drawn":
        return
    from generator.games.graph_racers.drawn_generate import size_problem
    from generator.games.graph_racers.drawn_solve import supports

    why = supports(req.rules)
    if why:
        raise InvalidInput(f"{why}: drop the boost options or use --kind cells")
    problem = size_problem(req)
    if problem:
        raise InvalidInput(f"{problem}; {advice}")


def _track_json(track) -> str:  # noqa: ANN001
    if getattr(track, "kind", "cells") == "drawn":
        from generator.games.graph_racers.drawn_format import track_to_json as drawn_json

        return drawn_json(track)
    from generator.games.graph_racers.formats import track_to_json

    return track_to_json(track)


def _grade_words(track) -> str:  # noqa: ANN001
    """'  graded easy: long straight, s-bends' for a drawn circuit ('' for a cell map)."""
    if not track.meta.get("grade"):
        return ""
    from generator.games.graph_racers.materials import grade_note

    return f"  {grade_note(track)}"


def _same_kind(e: Exception) -> type:
    """The plain error class to re-raise `e` as with reworded text (same exit code)."""
    from generator.errors import InvalidInput

    return LimitExceeded if isinstance(e, LimitExceeded) else InvalidInput


def generator_advice(e: Exception) -> str:
    """The generator's error (its facts as fields) with what to change on this command line."""
    from generator.games.graph_racers.generate import NoRoom, NotFound, TooSmall, WidthMismatch

    if isinstance(e, WidthMismatch):
        return (
            f"{e.head}: --width {e.width[0]}..{e.width[1]} gives none; use --width "
            f"{e.fix[0]}..{e.fix[1]} or another difficulty"
        )
    if isinstance(e, NoRoom):
        return f"{e}; use --width {e.fix[0]}..{e.fix[1]} or a larger size"
    if isinstance(e, TooSmall):
        return f"{e}; use a size of at least {e.side}x{e.side}"
    if isinstance(e, NotFound):
        fewer = ", fewer checkpoints" if e.checkpoints > 2 else ""
        return f"{e}; try another size, width{fewer} or difficulty"
    return str(e)


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


MANY_SHEETS = 20  # a sheet of more pages than this says so (a big public map tiles over 196)


def sheet_stem(name: str, kinds, rules, usual, pitch: float, players: int) -> str:
    """The sheet's file name: FILE-sheet, plus what sets this print apart from the usual one
    (some kinds only, other rules than the track's own, another grid, other than 4 players),
    so separate prints of one track never collide (and --force never replaces one with
    another)."""
    parts = [f"{name}-sheet"]
    if set(kinds) != {"track", "race", "answer"}:
        parts += [k for k in ("track", "race", "answer") if k in kinds]
    if rules != usual:
        parts.append(f"accel{rules.accel}")
        if rules.collision != "exact":
            parts.append(rules.collision)
        for what, n in zip(("brakes", "turbo", "rocket"), rules.budget, strict=True):
            if n:
                parts.append(f"{what}{n}")
    if abs(pitch - 5.0) > 1e-9:
        parts.append(f"grid{pitch:.2f}".rstrip("0").rstrip(".") + "mm")
    if players != 4:
        parts.append(f"{players}players")
    return "-".join(parts)


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
@_max_states_option("solving for the par ")
@printing_options(seeded=False)
def sheet_cmd(
    opts,
    file: str,
    kinds,
    players: int,
    pitch: float,
    rule_choice: RuleChoice,
    max_states,
) -> None:
    """Print FILE as a track sheet, a race sheet with a move log, and an answer key (true scale).
    FILE '-' reads standard input (the files are then named stdin-sheet...)."""
    from generator.games.graph_racers.formats import read_track
    from generator.games.graph_racers.materials import sheet_document
    from generator.games.graph_racers.solve import Solution, solve
    from generator.output import emit

    limits = _limits()
    track = read_track(file, max_cells=limits["max_cells"])
    rules = resolve_rules(track, rule_choice, source=file)
    kinds = tuple(dict.fromkeys(kinds)) or ("track", "race", "answer")
    try:
        sol = solve(track, rules, max_states=max_states, count_lines=1000)
    except LimitExceeded as e:
        if "answer" in kinds:
            raise
        # the track and race pages need no solution: print them without a par
        click.echo(f"note: no par on the sheet: {e}", err=True)
        sol = Solution(rules, None)
    if sol.moves is None and "answer" in kinds:
        from generator.errors import Unsolvable

        raise Unsolvable(
            f"{track.name}: no route under {rules.short()}, so no par and no answer key; "
            "print --kind track or --kind race, or choose other rules"
        )
    if "answer" in kinds:
        sol = _natural_line(track, sol)
    stem = sheet_stem(
        "stdin" if file == "-" else Path(file).stem,
        kinds,
        rules,
        resolve_rules(track, RuleChoice(), source=file),
        pitch,
        players if "race" in kinds else 4,
    )
    doc = sheet_document(
        track,
        rules,
        sol if sol.moves is not None else None,
        kinds=kinds,
        players=players,
        paper=opts.paper_size(),
        pitch=pitch,
        mono=opts.mono,
        stem=stem,
    )
    if len(doc.pages) > MANY_SHEETS:
        w, h = (track.cols - 1) * pitch, (track.rows - 1) * pitch
        click.echo(
            f"note: {track.name} at a {pitch:g} mm grid is {w:.0f} x {h:.0f} mm: "
            f"{len(doc.pages)} pages; a smaller --grid or bigger --paper takes fewer",
            err=True,
        )
    for path in emit(doc, opts):
        click.echo(str(path))


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
    from generator.games.graph_racers.generate import stored_solution
    from generator.games.graph_racers.materials import worksheet_documents
    from generator.output import check_free, emit_all

    rules = resolve_rules(None, rule_choice)
    plan = _sheet_plan(opts, int(per_page), pitch, rules, checkpoints, kind=kind)
    seed = opts.seed_or(1)
    stem = f"graph-racers-worksheet-{difficulty}-s{seed}"
    pages = -(-count // plan.per_page)
    # before the generating, which takes seconds: the puzzle pages and the answer pages
    check_free(opts, stem, pages * (2 if answers == "after" else 1))
    if answers == "separate":
        check_free(opts, f"{stem}-answers", pages)
    tracks = _sheet_tracks(
        plan, opts, difficulty, width_text, seed, rules, checkpoints, count, kind=kind
    )
    docs = worksheet_documents(
        tracks,
        [stored_solution(t) for t in tracks],
        rules,
        per_page=plan.per_page,
        paper=plan.paper,
        pitch=pitch,
        mono=opts.mono,
        stem=stem,
        title=f"Graph Racers worksheet ({difficulty})",
        ident=f"graph-racers:{plan.cols}x{plan.rows}#{seed} · {rules.short()}",
        answers=answers,
    )
    for path in emit_all(docs, opts):  # the puzzles and their answers, or nothing
        click.echo(str(path))
    _repeats_note(
        tracks,
        "puzzle",
        f"{plan.cols}x{plan.rows} {difficulty}",
        "fewer puzzles per page, a smaller --grid",
        page=plan.per_page,
    )


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
    from generator.games.graph_racers.classpack import RepeatedMap, class_pack
    from generator.games.graph_racers.generate import every_earlier, stored_solution
    from generator.games.graph_racers.materials import classpack_documents
    from generator.output import check_free, emit_all

    if students * tracks > MAX_PUZZLES:
        raise click.BadParameter(
            f"{students} students x {tracks} tracks is {students * tracks} puzzles, more than "
            f"{MAX_PUZZLES}: make two packs with other seeds",
            param_hint="'--students'",
        )
    rules = resolve_rules(None, rule_choice)
    plan = _sheet_plan(opts, 1, pitch, rules, checkpoints, "a class pack page", kind=kind)
    seed = opts.seed_or(1)
    stem = f"graph-racers-classpack-{difficulty}-s{seed}"
    check_free(opts, stem, students * tracks)  # before the generating, which takes a while
    check_free(opts, f"{stem}-teacher", students * tracks + 1)

    def make(count: int) -> list:
        # a map twice is refused in a pack: look for a new one through every attempt left
        return _sheet_tracks(
            plan,
            opts,
            difficulty,
            None,
            seed,
            rules,
            checkpoints,
            count,
            every_earlier,
            PACK_TRIES,
            kind=kind,
        )

    try:
        pack = class_pack(students, tracks, seed, make)
    except RepeatedMap as e:
        raise LimitExceeded(
            f"{e}; use fewer --students or --tracks, a smaller --grid or another difficulty"
        ) from None
    docs = classpack_documents(
        pack,
        [[stored_solution(t) for t in s.tracks] for s in pack],
        rules,
        paper=plan.paper,
        pitch=pitch,
        mono=opts.mono,
        stem=stem,
        title=f"Graph Racers ({difficulty})",
        ident=f"graph-racers:{plan.cols}x{plan.rows}#{seed} · {rules.short()}",
    )
    for path in emit_all(docs, opts):  # the sheets and the booklet, or nothing
        click.echo(str(path))


@dataclass(frozen=True)
class SheetPlan:
    """Where a worksheet's puzzles go, worked out before they are generated: the paper (turned
    when its slots are squarer that way), puzzles a page, the track size that fills a slot
    and the rules printed at each page's foot (they take their room from the puzzles)."""

    paper: Any
    per_page: int
    pitch: float
    cols: int
    rows: int
    rules_text: str
    slot_words: str  # how an error names the slot: "a worksheet slot at --per-page 2"


def _sheet_plan(  # noqa: ANN202
    opts,  # noqa: ANN001
    k: int,
    pitch: float,
    rules,  # noqa: ANN001
    checkpoints: int,
    slot_words: str = "",
    *,
    kind: str = "cells",
):
    from generator.games.graph_racers.generate import presets
    from generator.games.graph_racers.materials import FACES, worksheet_rules, worksheet_track_size

    shown = FACES[kind]  # the kind of track the generator draws
    rules_text = worksheet_rules(shown, rules, shown.lap_race(checkpoints, rules))
    cap = tuple(presets()["worksheet"]["max_size"])

    def size(paper) -> tuple[int, int]:  # noqa: ANN001
        return worksheet_track_size(paper, k, pitch, cap, rules_text=rules_text)

    paper = opts.paper_size()
    if not opts.landscape:
        # Three or six slots a page are flat on portrait paper; turn the sheet when its slots
        # are squarer (a circuit needs room across its narrow side).
        turned = opts.paper_size(landscape=True)
        if min(size(turned)) > min(size(paper)):
            paper = turned
    cols, rows = size(paper)
    words = slot_words or f"a worksheet slot at --per-page {k}"
    return SheetPlan(paper, k, pitch, cols, rows, rules_text, words)


def _sheet_tracks(
    plan: SheetPlan,
    opts,  # noqa: ANN001
    difficulty: str,
    width_text: str | None,
    seed: int,
    rules,  # noqa: ANN001
    checkpoints: int,
    count: int,
    avoid=None,  # noqa: ANN001
    map_tries: int | None = None,
    *,
    kind: str = "cells",
) -> list:
    """`count` generated tracks of the plan's size (generate.generate: the earlier tracks
    `avoid` picks never repeated, `map_tries` attempts for a new map once one repeats), or the
    generator's error worded for a worksheet."""
    from generator.games.graph_racers.circuit import ExtentTooSmall
    from generator.games.graph_racers.generate import (
        NoRoom,
        NotFound,
        Request,
        TooSmall,
        WidthMismatch,
        presets,
        recent,
    )
    from generator.games.graph_racers.materials import worksheet_track_size

    table = presets()
    if kind == "drawn":
        width = _drawn_width(width_text)
    else:
        width = (
            _parse_range(width_text)
            if width_text is not None
            else tuple(table["worksheet"]["width"])
        )
    k, paper, pitch, cols, rows = plan.per_page, plan.paper, plan.pitch, plan.cols, plan.rows
    req = Request(rows, cols, width, difficulty, seed, rules, checkpoints)
    turn = " landscape" if paper.landscape else ""
    _drawn_size(
        kind,
        req,
        f"{plan.slot_words} on {paper.name}{turn} holds {cols}x{rows} points: use fewer "
        "puzzles per page, a smaller --grid or --kind cells",
    )
    bar = Progress(count, "generating")
    try:
        tries = {} if map_tries is None else {"map_tries": map_tries}
        return _generated(kind, req, count, bar, page=k, avoid=avoid or recent, **tries)
    except WidthMismatch as e:
        # its advice (--width or another difficulty) holds for a worksheet too
        raise InvalidInput(generator_advice(e)) from None
    except (NoRoom, TooSmall, NotFound, ExtentTooSmall) as e:
        # the generator's own advice (--size, --width ...) does not apply to a worksheet
        what = e.facts if isinstance(e, ExtentTooSmall) else str(e)
        advice = ["fewer puzzles per page"] if k > 1 else []
        widths = isinstance(e, NoRoom) and width_text
        if widths:
            advice.append(f"--width {e.fix[0]}..{e.fix[1]}")  # the width that fits
        elif width_text and isinstance(e, (NoRoom, TooSmall)) and width[0] > 2:
            advice.append("a narrower --width")
        if isinstance(e, NotFound) and e.checkpoints > 2:
            advice.append("fewer --checkpoints")
        if not widths:
            advice += ["a smaller --grid", "another difficulty"]
        cap = tuple(table["worksheet"]["max_size"])
        if opts.landscape:
            upright = worksheet_track_size(
                opts.paper_size(landscape=False), k, pitch, cap, rules_text=plan.rules_text
            )
            # offered only when the portrait slot has room for the narrowest circuit the
            # generator would draw (its widths clipped to --width, as in generate.make_track)
            narrow = table["difficulty"][difficulty]["narrowest"][0] or 2
            shape = table["generator"][difficulty]["width"]
            wlo, whi = max(width[0], shape[0]), min(width[1], shape[1])
            need = max(narrow, wlo if wlo <= whi else width[0])
            if min(upright) > min(cols, rows) and (min(upright) - 5) // 2 >= need:
                advice.insert(0, "no --landscape")
        turn = " landscape" if paper.landscape else ""
        alone = worksheet_track_size(paper, k, pitch, cap, False, rules_text=plan.rules_text)
        shared = (
            " (the size that fits A4 and US Letter too, so a seed gives the same puzzles on "
            "every paper)"
            if (cols, rows) != alone
            else ""
        )
        options = f"{', '.join(advice[:-1])} or {advice[-1]}" if len(advice) > 1 else advice[0]
        raise _same_kind(e)(
            f"{what}; {plan.slot_words} on {paper.name}{turn} holds "
            f"{cols}x{rows} points{shared}: use {options}"
        ) from None
    finally:
        bar.close()


def _repeats_note(tracks: list, what: str, kind: str, advice: str, page: int | None = None) -> None:
    """One line on stderr when the generator had to repeat a map (generate.same_map), or on a
    worksheet page a loop in another width (circuit.loop_shape): the size and difficulty
    offered no other within its attempts. A loop again in another width on another page is a
    new puzzle and is not named."""
    by_map: dict[tuple[str, int], list[int]] = {}
    for i, t in enumerate(tracks):
        gen = t.meta.get("generator", {})
        if gen.get("same_map_as"):
            by_map.setdefault(("map", gen["same_map_as"]), []).append(i + 1)
        m = gen.get("same_loop_as")
        if m and page is not None and (m - 1) // page == i // page:
            by_map.setdefault(("loop", m), []).append(i + 1)
    if not by_map:
        return
    parts = []
    for (words, m), ns in by_map.items():
        if len(ns) == 1:
            parts.append(f"{what} {ns[0]} repeats the {words} of {what} {m}")
        else:
            listed = ", ".join(map(str, ns[:-1])) + f" and {ns[-1]}"
            parts.append(f"{what}s {listed} repeat the {words} of {what} {m}")
    if len(parts) > MANY_REPEATS:  # hundreds of puzzles: one short line, not a paragraph
        ns = sorted(n for found in by_map.values() for n in found)
        listed = ", ".join(map(str, ns[:MANY_REPEATS])) + (
            ", ..." if len(ns) > MANY_REPEATS else ""
        )
        parts = [f"{len(ns)} {what}s repeat the map or loop of an earlier one ({listed})"]
    pairs = "; ".join(parts)
    click.echo(
        f"note: {pairs} (a {kind} track has few different maps); "
        f"use {advice} or another difficulty for more",
        err=True,
    )


# --- the multi-car race (race.py, drivers.py) -------------------------------------------------


def _race_text(state: Any, title: str) -> list[str]:
    """The log of a race, round by round, then the standings (and the teams')."""
    lines = [title]
    for car in state.cars:
        if car.design is not None:
            d = car.design
            lines.append(
                f"  car {car.seat + 1} design {d.spec} (${d.cost}): good brakes x{d.brakes}, "
                f"turbo x{d.turbo}, {d.damage} damage points"
            )
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
    }


def _table_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """--design and --teams: the seed's 'Design your own car' and 'Team racing'."""
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
        "--turbo; without it every car has 5 damage points.",
    )(func)


def _table(design: str | None, teams: str | None, cars: int) -> tuple[Any, Any]:
    """The designs and teams given on the command line (None when not), as usage errors."""
    from generator.games.graph_racers.race import parse_designs, parse_teams

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


def _design_rules(rules: Any, designs: Any) -> Any:
    """Designed cars bought their boosts: the track's stored brakes and turbo give way."""
    import dataclasses

    return rules if designs is None else dataclasses.replace(rules, brakes=0, turbo=0)


@graph_racers.command("referee")
@click.argument("track_file", metavar="TRACK")
@click.argument("moves_files", metavar="MOVES1 MOVES2 ...", nargs=-1, required=True)
@rule_options
@_table_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@_max_cells_option
def referee_cmd(
    track_file: str,
    moves_files: tuple[str, ...],
    rule_choice: RuleChoice,
    design: str | None,
    teams: str | None,
    as_json: bool,
    max_cells,
) -> None:
    """Referee a table's race: car i plays MOVES i (points or accelerations, the formats check
    reads), in seat order (car 1, the youngest, first). Prints the race turn by turn (damage,
    crashes, collisions, who is out) and the standings; exits 1 naming the first illegal move.
    """
    from generator.games.graph_racers.check import read_moves
    from generator.games.graph_racers.formats import read_track
    from generator.games.graph_racers.race import MAX_CARS, MIN_CARS, replay

    if not MIN_CARS <= len(moves_files) <= MAX_CARS:
        raise click.UsageError(
            f"{len(moves_files)} moves file(s): a race has {MIN_CARS} to {MAX_CARS} cars, one "
            "moves file each (check judges one car's line)"
        )
    if sum(f == "-" for f in (track_file, *moves_files)) > 1:
        raise click.UsageError("only one of TRACK and the MOVES files can be '-'")
    designs, named = _table(design, teams, len(moves_files))
    _check_design_rules(designs, rule_choice)
    track = read_track(track_file, max_cells=max_cells or _limits()["max_cells"])
    lines = []
    for name in moves_files:
        try:
            lines.append(read_moves(name))
        except InvalidInput as e:
            raise InvalidInput(f"car {len(lines) + 1}: {e}") from None
    rules = _design_rules(resolve_rules(track, rule_choice, source=track_file), designs)
    result = replay(track, rules, lines, designs, named)
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
        title = f"{track.name}: {len(lines)} cars under {rules.short()}"
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
    design: str | None,
    teams: str | None,
    as_json: bool,
    max_cells,
) -> None:
    """Play a whole race of computer drivers on TRACK and print the log and the standings
    (the same seed gives the same race; `referee` replays it from the lines --json prints)."""
    from generator.games.graph_racers.drivers import DRIVERS, make_drivers, run_race
    from generator.games.graph_racers.formats import read_track

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
    rules = _design_rules(rules, designs)
    state = run_race(
        track,
        rules,
        make_drivers(names, track, rules, seed),
        max_rounds=max_rounds,
        designs=designs,
        teams=named,
    )
    lines = _driven_lines(state)
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
    for line in _race_text(state, title):
        click.echo(line)


def _driven_lines(state: Any) -> list[dict[str, Any]]:
    """Each car's start and accelerations, as `check` and `referee` read them."""
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
    return out


def _add_table_printables() -> None:
    """The printables of the table that commands.py does not write itself (the car-design
    sheet): their commands come from the table, as in the other games."""
    from generator.games.graph_racers.printables import PRINTABLES
    from generator.options import add_printables

    add_printables(graph_racers, PRINTABLES)


_add_table_printables()
