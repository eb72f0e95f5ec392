"""Worksheets and class packs as the printables ask for them, planned before their puzzles
are generated (they take seconds a puzzle): where the puzzles go (the paper, turned when its
slots are squarer that way, puzzles a page, the track size that fills a slot, the rules at
each page's foot), the files each writes and their pages (claimed before the generating), the
tracks generated with errors worded for a worksheet, and the documents.

The command line, the page and the kit call these the same way; the page keeps a class pack's
tracks between its preview and its download (PrintSpec.remember). Only the standard library
and generator.errors/printing are imported at module level: the printables table reads the
caps below when the command line starts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.errors import BadOption, InvalidInput, LimitExceeded
from generator.games.graph_racers.generating.asked import (
    drawn_size,
    drawn_width,
    generated,
    generator_advice,
    parse_range,
    repeats_note,
    same_kind,
)
from generator.printing import PrintSpec

MAX_PUZZLES = 400  # worksheet --count: weekly sheets for a school year, a few minutes to make
MAX_STUDENTS = 200  # classpack --students
MAX_PACK_TRACKS = 6  # classpack --tracks
PACK_TRIES = 300  # attempts a class pack spends looking for a new map once one repeats


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
    from generator.games.graph_racers.printing.faces import FACES
    from generator.games.graph_racers.printing.printed_rules import worksheet_rules
    from generator.games.graph_racers.printing.worksheets import worksheet_track_size

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
    each: int = 0,
) -> list:
    """`count` generated tracks of the plan's size (generate.generate: the earlier tracks
    `avoid` picks never repeated, `map_tries` attempts for a new map once one repeats; drawn
    circuits for a class pack whose students take `each` in turn: classpack.pick_shapes), or
    the generator's error worded for a worksheet."""
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
    from generator.games.graph_racers.printing.worksheets import worksheet_track_size

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
        if kind == "drawn" and each:
            from generator.games.graph_racers.generating.drawn import make_drawn
            from generator.games.graph_racers.printing.classpack import pick_shapes

            return pick_shapes(lambda i, earlier: make_drawn(req, i, earlier), count, each, bar)
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
        from generator.games.graph_racers.printing.worksheets import worksheet_documents

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
    key: str = "compact"  # the booklet's answers: compact (four a page) or true-size

    @property
    def stem(self) -> str:
        return f"graph-racers-classpack-{self.difficulty}-s{self.seed}"

    def files(self) -> list[tuple[str, int]]:
        """(stem, pages) of its two files: the students' sheets (one puzzle a page) and the
        teacher's booklet (its index of codes, then its answers: worksheets.booklet_pages)."""
        from generator.games.graph_racers.printing.worksheets import booklet_pages

        n = self.students * self.tracks_each
        booklet = booklet_pages(self.plan.paper, self.students, self.tracks_each, self.key)
        return [(self.stem, n), (f"{self.stem}-teacher", booklet)]

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
                each=self.tracks_each,
            )

        try:
            return class_pack(self.students, self.tracks_each, self.seed, make)
        except RepeatedMap as e:
            raise LimitExceeded(
                f"{e}; use fewer --students or --tracks, a smaller --grid or another difficulty"
            ) from None

    def documents(self, pack: list, mono: bool) -> list:
        from generator.games.graph_racers.generating.generate import stored_solution
        from generator.games.graph_racers.printing.worksheets import classpack_documents

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
            key=self.key,
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
    key: str = "compact",
) -> ClassPack:
    """The class pack `racegen graph-racers classpack` prints, planned (the defaults are the
    command's): a different worksheet for every student, and one teacher booklet (its answers
    four a page, scaled, or one a page at true size: `key`)."""
    if students * tracks > MAX_PUZZLES:
        raise BadOption(
            f"{students} students x {tracks} tracks is {students * tracks} puzzles, more than "
            f"{MAX_PUZZLES}: make two packs with other seeds",
            "--students",
        )
    plan = sheet_plan(opts, 1, pitch, rules, checkpoints, "a class pack page", kind=kind)
    seed = opts.seed_or(1)
    return ClassPack(plan, students, tracks, difficulty, checkpoints, kind, rules, seed, key)


def worksheet_job(spec: PrintSpec, values: dict[str, Any]) -> Worksheet:
    from generator.games.graph_racers.moves.choice import RuleChoice, resolve_rules

    rules = resolve_rules(None, RuleChoice.take(values))
    return worksheet(spec, rules, **{**values, "per_page": int(values.get("per_page", 2))})


def worksheet_files(spec: PrintSpec, **values: Any) -> list[tuple[str, int]]:
    """The worksheet's files and their pages, before its puzzles are generated."""
    return worksheet_job(spec, values).files()


def made_tracks(spec: PrintSpec, job: Worksheet | ClassPack, remember: Any = None) -> Any:
    """A worksheet's tracks (job.tracks) or a class pack's students (job.pack), generated
    through `remember` (spec.remember when not given), keyed by what sets them: the job's
    plan, the paper's name and turn; the printables and the answer check (web/check.py) share
    one key, so a pack previewed is the pack checked."""
    remember = remember or spec.remember
    if isinstance(job, ClassPack):
        return remember(("classpack", job, spec.paper, spec.landscape), lambda: job.pack(spec))
    return remember(("worksheet", job, spec.paper, spec.landscape), lambda: job.tracks(spec))


def worksheet_pages(spec: PrintSpec, **values: Any) -> list:
    """A worksheet's documents (the `worksheet` printable); its tracks are generated through
    spec.remember (made_tracks)."""
    job = worksheet_job(spec, values)
    made = made_tracks(spec, job)
    said = job.repeats(made)
    if said:
        spec.note(said)
    return job.documents(made, spec.mono)


def classpack_job(spec: PrintSpec, values: dict[str, Any]) -> ClassPack:
    from generator.games.graph_racers.moves.choice import RuleChoice, resolve_rules

    rules = resolve_rules(None, RuleChoice.take(values))
    return classpack(spec, rules, **values)


def classpack_files(spec: PrintSpec, **values: Any) -> list[tuple[str, int]]:
    """The class pack's two files and their pages, before its tracks are generated."""
    return classpack_job(spec, values).files()


def classpack_pages(spec: PrintSpec, **values: Any) -> list:
    """A class pack's two documents (the students' sheets, the teacher's booklet); its tracks
    are made through spec.remember (made_tracks)."""
    job = classpack_job(spec, values)
    pack = made_tracks(spec, job)
    return job.documents(pack, spec.mono)
