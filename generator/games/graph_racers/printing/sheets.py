"""Graph Racers' printed sheets below the command line: a track's sheet (track, race sheet,
answer key), classroom worksheets and class packs, with the option handling the commands
`sheet`, `worksheet` and `classpack` and the page of `racegen serve` share.

The command line (commands.py) and the page call these the same way and get the same pages:
where the command claims its files before the tracks are generated (they take seconds), it
plans first (`worksheet`, `classpack`: their file names and page counts), then generates and
draws. Errors are the library's (errors.*), worded with the command line's option names; a
bad option value is errors.BadOption, which the command line words as click words its own.
Notes (a repeat the generator could not avoid, a sheet of many pages) go to a `note` callable:
the command line prints them on stderr, the page shows them.

Only the standard library and generator.errors/printing are imported at module level: the
command line imports this module when it starts."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import BadOption, InvalidInput, LimitExceeded
from generator.printing import PrintSpec

MAX_PUZZLES = 400  # worksheet --count: weekly sheets for a school year, a few minutes to make
MAX_STUDENTS = 200  # classpack --students
MAX_PACK_TRACKS = 6  # classpack --tracks
PACK_TRIES = 300  # attempts a class pack spends looking for a new map once one repeats
MANY_REPEATS = 6  # repeats named one by one on stderr; more are counted
MANY_SHEETS = 20  # a sheet of more pages than this says so (a big public map tiles over 196)
PAGE_KINDS = ("track", "race", "answer")  # the pages of a track's sheet

Note = Callable[[str], None]  # says one note (its text, without "note: ")


def _quiet(text: str) -> None:
    pass


def limits() -> dict[str, Any]:
    from generator.resources import load_json

    return load_json("graph_racers", "presets.json")["limits"]


# --- option values -----------------------------------------------------------------------------
def parse_range(value: str) -> tuple[int, int]:
    """'3..5' or '4' -> (lo, hi): --width."""
    lo, sep, hi = value.partition("..")
    try:
        if not all(
            v.strip().isascii() and v.strip().isdigit() for v in ((lo, hi) if sep else (lo,))
        ):
            raise ValueError  # ASCII digits only: int() would read other scripts' digits too
        pair = (int(lo), int(hi)) if sep else (int(lo), int(lo))
    except ValueError:
        raise BadOption(f"{value!r}: write the width as MIN..MAX, like 3..5", "--width") from None
    if pair[0] > pair[1] or pair[0] < 2 or pair[1] > 12:
        raise BadOption(
            f"{value!r}: widths go from 2 to 12 points, MIN no larger than MAX", "--width"
        )
    return pair


def drawn_width(width_text: str | None) -> tuple[float, float]:
    """--width for drawn circuits clips the difficulty's widths (squares); none: theirs."""
    return parse_range(width_text) if width_text is not None else (0, 99)


# --- generating ----------------------------------------------------------------------------------
def generated(kind: str, req, count: int, bar, **cells) -> list:  # noqa: ANN001
    """`count` tracks of a kind: drawn circuits (drawn_generate, no shape twice in the run) or
    cell maps (generate.generate, with its options `cells`)."""
    if kind == "drawn":
        from generator.games.graph_racers.generating.drawn import generate_drawn

        return generate_drawn(req, count, bar)
    from generator.games.graph_racers.generating.generate import generate

    return generate(req, count, bar, **cells)


def drawn_size(kind: str, req, advice: str) -> None:  # noqa: ANN001
    """One line when drawn circuits are not made at the request's size or rules (before any
    file is claimed or track drawn)."""
    if kind != "drawn":
        return
    from generator.games.graph_racers.generating.drawn import size_problem
    from generator.games.graph_racers.solving.drawn import supports

    why = supports(req.rules)
    if why:
        raise InvalidInput(f"{why}: drop the boost options or use --kind cells")
    problem = size_problem(req)
    if problem:
        raise InvalidInput(f"{problem}; {advice}")


def same_kind(e: Exception) -> type:
    """The plain error class to re-raise `e` as with reworded text (same exit code)."""
    return LimitExceeded if isinstance(e, LimitExceeded) else InvalidInput


def generator_advice(e: Exception) -> str:
    """The generator's error (its facts as fields) with what to change on the command line."""
    from generator.games.graph_racers.generating.generate import (
        NoRoom,
        NotFound,
        TooSmall,
        WidthMismatch,
    )

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
        fewer += ", fewer --oil patches" if getattr(e, "oil", 0) else ""
        return f"{e}; try another size, width{fewer} or difficulty"
    return str(e)


def repeats_note(tracks: list, what: str, kind: str, advice: str, page: int | None = None) -> str:
    """The note ('' for none) when the generator had to repeat a map (generate.same_map), or
    on a worksheet page a loop in another width (circuit.loop_shape): the size and difficulty
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
        return ""
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
    return f"{pairs} (a {kind} track has few different maps); use {advice} or another difficulty for more"


# --- a track's sheet ------------------------------------------------------------------------------
def natural_line(track: Any, sol: Any, note: Note = _quiet) -> Any:
    """The solution with its most natural optimal line (solve.natural), the line `solve`
    prints and answer keys draw; the search's own line, said in a note, when the optimal
    lines span too many states to choose among."""
    from generator.games.graph_racers.solving.solve import NATURAL_NODES, natural

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
    from generator.games.graph_racers.printing.materials import sheet_document
    from generator.games.graph_racers.solving.solve import Solution, solve

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


# --- worksheets and class packs: where the puzzles go, and the puzzles --------------------------
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


def sheet_plan(
    opts: PrintSpec,
    k: int,
    pitch: float,
    rules: Any,
    checkpoints: int,
    slot_words: str = "",
    *,
    kind: str = "cells",
) -> SheetPlan:
    from generator.games.graph_racers.generating.generate import presets
    from generator.games.graph_racers.printing.materials import (
        FACES,
        worksheet_rules,
        worksheet_track_size,
    )

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


def sheet_tracks(
    plan: SheetPlan,
    opts: PrintSpec,
    difficulty: str,
    width_text: str | None,
    seed: int,
    rules: Any,
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
    from generator.games.graph_racers.generating.circuit import ExtentTooSmall
    from generator.games.graph_racers.generating.generate import (
        NoRoom,
        NotFound,
        Request,
        TooSmall,
        WidthMismatch,
        presets,
        recent,
    )
    from generator.games.graph_racers.printing.materials import worksheet_track_size

    table = presets()
    if kind == "drawn":
        width = drawn_width(width_text)
    else:
        width = (
            parse_range(width_text)
            if width_text is not None
            else tuple(table["worksheet"]["width"])
        )
    k, paper, pitch, cols, rows = plan.per_page, plan.paper, plan.pitch, plan.cols, plan.rows
    req = Request(rows, cols, width, difficulty, seed, rules, checkpoints)
    turn = " landscape" if paper.landscape else ""
    drawn_size(
        kind,
        req,
        f"{plan.slot_words} on {paper.name}{turn} holds {cols}x{rows} points: use fewer "
        "puzzles per page, a smaller --grid or --kind cells",
    )
    bar = opts.bar(count, "generating")
    try:
        tries = {} if map_tries is None else {"map_tries": map_tries}
        return generated(kind, req, count, bar, page=k, avoid=avoid or recent, **tries)
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
        raise same_kind(e)(
            f"{what}; {plan.slot_words} on {paper.name}{turn} holds "
            f"{cols}x{rows} points{shared}: use {options}"
        ) from None
    finally:
        bar.close()


@dataclass(frozen=True)
class Worksheet:
    """A classroom worksheet as asked for, planned before its puzzles are generated."""

    plan: SheetPlan
    count: int
    difficulty: str
    width_text: str | None
    checkpoints: int
    kind: str
    answers: str
    rules: Any
    seed: int

    @property
    def stem(self) -> str:
        return f"graph-racers-worksheet-{self.difficulty}-s{self.seed}"

    def files(self) -> list[tuple[str, int]]:
        """(stem, pages) of each file it writes: the puzzles (with their answers after them,
        or not) and the answers in a file of their own."""
        pages = -(-self.count // self.plan.per_page)
        out = [(self.stem, pages * (2 if self.answers == "after" else 1))]
        if self.answers == "separate":
            out.append((f"{self.stem}-answers", pages))
        return out

    def tracks(self, opts: PrintSpec) -> list:
        return sheet_tracks(
            self.plan,
            opts,
            self.difficulty,
            self.width_text,
            self.seed,
            self.rules,
            self.checkpoints,
            self.count,
            kind=self.kind,
        )

    def documents(self, tracks: list, mono: bool) -> list:
        from generator.games.graph_racers.generating.generate import stored_solution
        from generator.games.graph_racers.printing.materials import worksheet_documents

        plan = self.plan
        return worksheet_documents(
            tracks,
            [stored_solution(t) for t in tracks],
            self.rules,
            per_page=plan.per_page,
            paper=plan.paper,
            pitch=plan.pitch,
            mono=mono,
            stem=self.stem,
            title=f"Graph Racers worksheet ({self.difficulty})",
            ident=f"graph-racers:{plan.cols}x{plan.rows}#{self.seed} · {self.rules.short()}",
            answers=self.answers,
        )

    def repeats(self, tracks: list) -> str:
        """The note on maps or loops the generator repeated ('' for none)."""
        return repeats_note(
            tracks,
            "puzzle",
            f"{self.plan.cols}x{self.plan.rows} {self.difficulty}",
            "fewer puzzles per page, a smaller --grid",
            page=self.plan.per_page,
        )


def worksheet(
    opts: PrintSpec,
    rules: Any,
    *,
    count: int = 6,
    per_page: int = 2,
    difficulty: str = "easy",
    width_text: str | None = None,
    checkpoints: int = 2,
    kind: str = "drawn",
    pitch: float = 5.0,
    answers: str = "after",
) -> Worksheet:
    """The worksheet `racegen graph-racers worksheet` prints, planned (the defaults are the
    command's): K generated tracks a page, each with its par and a box for the student's
    moves and line; answer pages after the puzzles, in a second file or none."""
    if not 1 <= count <= MAX_PUZZLES:
        raise BadOption(f"{count} is not in the range 1<=x<={MAX_PUZZLES}.", "--count")
    plan = sheet_plan(opts, int(per_page), pitch, rules, checkpoints, kind=kind)
    return Worksheet(
        plan, count, difficulty, width_text, checkpoints, kind, answers, rules, opts.seed_or(1)
    )


@dataclass(frozen=True)
class ClassPack:
    """A class pack as asked for, planned before its tracks are generated."""

    plan: SheetPlan
    students: int
    tracks_each: int
    difficulty: str
    checkpoints: int
    kind: str
    rules: Any
    seed: int

    @property
    def stem(self) -> str:
        return f"graph-racers-classpack-{self.difficulty}-s{self.seed}"

    def files(self) -> list[tuple[str, int]]:
        """(stem, pages) of its two files: the students' sheets and the teacher's booklet."""
        n = self.students * self.tracks_each
        return [(self.stem, n), (f"{self.stem}-teacher", n + 1)]

    def pack(self, opts: PrintSpec) -> list:
        """The students (classpack.Student) with their tracks, no map twice in the pack."""
        from generator.games.graph_racers.generating.generate import every_earlier
        from generator.games.graph_racers.printing.classpack import RepeatedMap, class_pack

        def make(count: int) -> list:
            # a map twice is refused in a pack: look for a new one through every attempt left
            return sheet_tracks(
                self.plan,
                opts,
                self.difficulty,
                None,
                self.seed,
                self.rules,
                self.checkpoints,
                count,
                every_earlier,
                PACK_TRIES,
                kind=self.kind,
            )

        try:
            return class_pack(self.students, self.tracks_each, self.seed, make)
        except RepeatedMap as e:
            raise LimitExceeded(
                f"{e}; use fewer --students or --tracks, a smaller --grid or another difficulty"
            ) from None

    def documents(self, pack: list, mono: bool) -> list:
        from generator.games.graph_racers.generating.generate import stored_solution
        from generator.games.graph_racers.printing.materials import classpack_documents

        plan = self.plan
        return classpack_documents(
            pack,
            [[stored_solution(t) for t in s.tracks] for s in pack],
            self.rules,
            paper=plan.paper,
            pitch=plan.pitch,
            mono=mono,
            stem=self.stem,
            title=f"Graph Racers ({self.difficulty})",
            ident=f"graph-racers:{plan.cols}x{plan.rows}#{self.seed} · {self.rules.short()}",
        )


def classpack(
    opts: PrintSpec,
    rules: Any,
    *,
    students: int = 30,
    tracks: int = 2,
    difficulty: str = "easy",
    checkpoints: int = 2,
    kind: str = "drawn",
    pitch: float = 5.0,
) -> ClassPack:
    """The class pack `racegen graph-racers classpack` prints, planned (the defaults are the
    command's): a different worksheet for every student, and one teacher booklet."""
    if students * tracks > MAX_PUZZLES:
        raise BadOption(
            f"{students} students x {tracks} tracks is {students * tracks} puzzles, more than "
            f"{MAX_PUZZLES}: make two packs with other seeds",
            "--students",
        )
    plan = sheet_plan(opts, 1, pitch, rules, checkpoints, "a class pack page", kind=kind)
    return ClassPack(plan, students, tracks, difficulty, checkpoints, kind, rules, opts.seed_or(1))


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


def _worksheet_job(spec: PrintSpec, values: dict[str, Any]) -> Worksheet:
    from generator.games.graph_racers.moves.choice import RuleChoice, resolve_rules

    rules = resolve_rules(None, RuleChoice.take(values))
    return worksheet(spec, rules, **{**values, "per_page": int(values.get("per_page", 2))})


def worksheet_files(spec: PrintSpec, **values: Any) -> list[tuple[str, int]]:
    """The worksheet's files and their pages, before its puzzles are generated."""
    return _worksheet_job(spec, values).files()


def worksheet_pages(spec: PrintSpec, **values: Any) -> list:
    """A worksheet's documents (the `worksheet` printable); its tracks are generated through
    spec.remember (keyed by what sets them: the plan, the paper's name and turn)."""
    job = _worksheet_job(spec, values)
    made = spec.remember(("worksheet", job, spec.paper, spec.landscape), lambda: job.tracks(spec))
    said = job.repeats(made)
    if said:
        spec.note(said)
    return job.documents(made, spec.mono)


def _classpack_job(spec: PrintSpec, values: dict[str, Any]) -> ClassPack:
    from generator.games.graph_racers.moves.choice import RuleChoice, resolve_rules

    rules = resolve_rules(None, RuleChoice.take(values))
    return classpack(spec, rules, **values)


def classpack_files(spec: PrintSpec, **values: Any) -> list[tuple[str, int]]:
    """The class pack's two files and their pages, before its tracks are generated."""
    return _classpack_job(spec, values).files()


def classpack_pages(spec: PrintSpec, **values: Any) -> list:
    """A class pack's two documents (the students' sheets, the teacher's booklet); its tracks
    are made through spec.remember."""
    job = _classpack_job(spec, values)
    pack = spec.remember(("classpack", job, spec.paper, spec.landscape), lambda: job.pack(spec))
    return job.documents(pack, spec.mono)
