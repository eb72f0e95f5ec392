"""`racegen graph-racers generate`: closed circuits with a par, as track files (JSON).

Only click and the light modules below are imported at module level; the generators load
inside the command."""

from __future__ import annotations

from pathlib import Path

import click

from generator.errors import LimitExceeded
from generator.games.graph_racers.commands.options import (
    checkpoints_option,
    difficulty_option,
    kind_option,
    limits,
    note,
    rule_options,
    width_option,
    worded,
)
from generator.games.graph_racers.generating import asked
from generator.games.graph_racers.moves.choice import RuleChoice, resolve_rules
from generator.progress import Progress


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


@click.command("generate")
@click.option("--size", default="40x25", show_default=True, help="Track size in points, COLSxROWS.")
@width_option
@difficulty_option("medium")
@click.option(
    "--seed", type=int, default=1, show_default=True, help="Random seed (same seed, same tracks)."
)
@click.option(
    "--count", type=click.IntRange(1, None), default=1, show_default=True, help="How many tracks."
)
@checkpoints_option
@kind_option
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
        width = worded(asked.drawn_width)(width_text)
    else:
        width = worded(asked.parse_range)(width_text if width_text is not None else "3..5")
    caps = limits()
    max_cols, max_rows = caps["max_generate_size"]
    if cols > max_cols or rows > max_rows:
        raise LimitExceeded(
            f"--size {size} is larger than {max_cols}x{max_rows}; generate a smaller track"
        )
    if count > caps["max_count"]:
        raise click.BadParameter(
            f"{count} is more than {caps['max_count']}; generate fewer at a time",
            param_hint="'--count'",
        )
    rules = resolve_rules(None, rule_choice)
    names = track_paths(out, f"{cols}x{rows}-{difficulty}-s{seed}", oil, count)
    for p in names:
        refuse_taken(p, force)
    check_writable(out, create=False)  # before the generating, which takes seconds
    req = Request(rows, cols, width, difficulty, seed, rules, checkpoints, oil=oil)
    asked.drawn_size(kind, req, "use a --size at least that or --kind cells")
    bar = Progress(count, "generating")
    try:
        tracks = asked.generated(kind, req, count, bar)
    except RacegenError as e:
        raise asked.same_kind(e)(asked.generator_advice(e)) from None
    finally:
        bar.close()
    payload = [(p, _track_json(t).encode("utf-8")) for p, t in zip(names, tracks, strict=False)]
    written = write_files(payload, out, force)  # all the tracks, or none
    for p, t in zip(written, tracks, strict=True):
        click.echo(f"{p}  par {t.meta['par']}{_grade_words(t)}")  # the path first: scripts read it
    _repeats_note(tracks, "track", f"{cols}x{rows} {difficulty}", "a larger --size")


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
    from generator.games.graph_racers.printing.faces import grade_note

    return f"  {grade_note(track)}"


def _repeats_note(tracks: list, what: str, kind: str, advice: str, page: int | None = None) -> None:
    """asked.repeats_note on stderr, when there is one."""
    said = asked.repeats_note(tracks, what, kind, advice, page)
    if said:
        note(said)


def track_paths(out: Path, stem: str, oil: int, count: int) -> list[Path]:
    """The tracks' files, numbered from 1 with as many digits as the count has, so they sort
    in their order (--count 12: -01 ... -12; under 10 tracks: -1 ...)."""
    oiled = f"-oil{oil}" if oil else ""  # another track than without oil: another file
    digits = len(str(count))
    return [out / f"graph-racers-{stem}{oiled}-{i:0{digits}d}.json" for i in range(1, count + 1)]
