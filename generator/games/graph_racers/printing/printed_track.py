"""A track file printed as the `sheet` printable asks: the track read (or the kit's
generated circuit), the rules and the table's switches resolved as `race` resolves them, the
par solved with the most natural optimal line, the files named for what sets the print apart,
and a note when the sheet runs to many pages.

The command line, the page and the kit call sheet_pages the same way and get the same pages.
Only the standard library and generator.errors/printing are imported at module level."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.errors import LimitExceeded
from generator.games.graph_racers.generating.asked import limits
from generator.printing import PrintSpec

MANY_SHEETS = 20  # a sheet of more pages than this says so (a big public map tiles over 196)
PAGE_KINDS = ("track", "race", "answer")  # the pages of a track's sheet

Note = Callable[[str], None]  # says one note (its text, without "note: ")


def _quiet(text: str) -> None:
    pass


# --- a track's sheet ------------------------------------------------------------------------------
def natural_line(track: Any, sol: Any, note: Note = _quiet) -> Any:
    """The solution with its most natural optimal line (optimal_lines.natural), the line `solve`
    prints and answer keys draw; the search's own line, said in a note, when the optimal
    lines span too many states to choose among."""
    from generator.games.graph_racers.solving.optimal_lines import NATURAL_NODES, natural

    if sol.moves is None:
        return sol
    picked = natural(track, sol, NATURAL_NODES)
    if picked is None:
        note(
            f"{track.name}: the line is the search's first optimal line; the optimal "
            f"lines span more than {NATURAL_NODES:,} states, too many to pick the most "
            "natural one"
        )
        return sol
    return picked


def sheet_stem(name: str, kinds, rules, usual, pitch: float, players: int) -> str:  # noqa: ANN001
    """The sheet's file name: FILE-sheet, plus what sets this print apart from the usual one
    (some kinds only, other rules than the track's own, another grid, other than 4 players),
    so separate prints of one track never collide (and --force never replaces one with
    another)."""
    parts = [f"{name}-sheet"]
    if set(kinds) != set(PAGE_KINDS):
        parts += [k for k in PAGE_KINDS if k in kinds]
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


def track_sheet(
    spec: PrintSpec,
    track: Any,
    rules: Any,
    usual: Any,
    *,
    name: str,
    kinds: tuple[str, ...] = (),
    players: int = 4,
    pitch: float = 5.0,
    max_states: int | None = None,
    note: Note = _quiet,
    table: Any = None,
) -> Any:
    """The sheet of `track` (read by the caller, `name` its file's stem) under `rules`
    (`usual`: the track's own, which the file name leaves out): a track sheet, a race sheet
    with a move log for `players` and an answer key (`kinds`, none: all three), solved for
    the par. Without a par within `max_states` the track and race pages print without one."""
    from generator.errors import Unsolvable
    from generator.games.graph_racers.printing.track_sheet import sheet_document
    from generator.games.graph_racers.solving.solution import Solution
    from generator.games.graph_racers.solving.solve import solve

    kinds = tuple(dict.fromkeys(kinds)) or PAGE_KINDS
    try:
        sol = solve(track, rules, max_states=max_states, count_lines=1000)
    except LimitExceeded as e:
        if "answer" in kinds:
            raise
        # the track and race pages need no solution: print them without a par
        note(f"no par on the sheet: {e}")
        sol = Solution(rules, None)
    if sol.moves is None and "answer" in kinds:
        raise Unsolvable(
            f"{track.name}: no route under {rules.short()}, so no par and no answer key; "
            "print --pages track or --pages race, or choose other rules"
        )
    if "answer" in kinds:
        sol = natural_line(track, sol, note)
    stem = sheet_stem(name, kinds, rules, usual, pitch, players if "race" in kinds else 4)
    if table is not None and "race" in kinds:
        table.for_players(players)
        stem = "-".join([stem, *table.stem_parts()])
    doc = sheet_document(
        track,
        rules,
        sol if sol.moves is not None else None,
        kinds=kinds,
        players=players,
        paper=spec.paper_size(),
        pitch=pitch,
        mono=spec.mono,
        stem=stem,
        table=table,
    )
    if len(doc.pages) > MANY_SHEETS:
        w, h = (track.cols - 1) * pitch, (track.rows - 1) * pitch
        note(
            f"{track.name} at a {pitch:g} mm grid is {w:.0f} x {h:.0f} mm: "
            f"{len(doc.pages)} pages; a smaller --grid or bigger --paper takes fewer"
        )
    return doc


# --- the printables' builders (printables.py): the command line, the page and the kit -----------
def _track_and_name(track: Any) -> tuple[Any, str, Any]:
    """(the track, the stem its sheet's files are named by, where its rules were stored): a
    track file ('-': standard input, named stdin) read with the command line's caps, or a
    track already made (the kit's generated circuit)."""
    if not isinstance(track, (str, Path)):
        return track, track.name, None
    from generator.games.graph_racers.track.formats import read_track

    found = read_track(track, max_cells=limits()["max_cells"])
    return found, "stdin" if str(track) == "-" else Path(track).stem, track


def sheet_pages(
    spec: PrintSpec,
    *,
    track: Any,
    pages: tuple[str, ...] = (),
    players: int = 4,
    pitch: float = 5.0,
    design: str | None = None,
    teams: str | None = None,
    no_contact: bool = False,
    jumps: bool | None = None,
    off_track: str | None = None,
    max_states: int | None = None,
    **rule_values: Any,
) -> list:
    """A track's sheets (the `sheet` printable): the track file `track` under the rule
    switches given (`rule_values`: accel ... rocket, None where not given) over the rules
    stored with the track, for the table given (race_choice: designs, teams, contact, the
    Swedish switches over the stored ones), checked as `race` checks them."""

    from generator.games.graph_racers.moves.choice import RuleChoice, resolve_rules
    from generator.games.graph_racers.race.design import designed_rules
    from generator.games.graph_racers.race.table_choice import resolve_swedish, table_rules

    choice = RuleChoice.take(rule_values)
    table = table_rules(players, design=design, teams=teams, contact=not no_contact, choice=choice)
    found, name, source = _track_and_name(track)
    rules = designed_rules(resolve_rules(found, choice, source=source), table.designs)
    swedish = resolve_swedish(
        jumps, off_track, found.meta.get("rules"), f"{source}: the rules stored with the track"
    )
    swedish.check_track(found)
    return [
        track_sheet(
            spec,
            found,
            rules,
            resolve_rules(found, RuleChoice(), source=source),
            name=name,
            kinds=pages,
            players=players,
            pitch=pitch,
            max_states=max_states,
            note=spec.note,
            table=dataclasses.replace(table, swedish=swedish),
        )
    ]
