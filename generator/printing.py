"""Printing below the command line: what a printing command was asked (PrintSpec), and what
each game can print (Printable), declared once in the game's `printables.py`.

The library (materials, layouts, output) takes a PrintSpec; options.py turns a table of
Printables into click commands, and `racegen list`, `racegen demo` and the kits read the same
tables, as Simon Tatham's puzzles declare once what each game can do. Nothing here imports
click: a builder's bad option values are errors.BadOption, which the command line words as
click words its own."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LENGTH = re.compile(
    r"^\s*(-?[0-9]+(?:\.[0-9]+)?)\s*(mm|cm|in|pt)?\s*$", re.IGNORECASE
)  # ASCII digits
UNIT_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
FORMATS = ("pdf", "svg", "png")
PAPER_NAMES = ("a4", "letter", "a3", "tabloid")


@dataclass(frozen=True)
class PrintSpec:
    """What every printing command was asked; the defaults are the command line's."""

    out: Path
    formats: tuple[str, ...] = ("pdf",)
    paper: str = "a4"
    mono: bool = False
    seed: int | None = None
    force: bool = False
    landscape: bool = False
    dpi: int = 150
    # (total, label) -> a bar: call it with steps done, close() when finished; None: no bar
    progress: Callable[[int, str], Any] | None = field(default=None, compare=False)
    # says a note (its text, without "note: "): the command line on stderr, the page beside
    # its preview; None: notes are dropped
    notes: Callable[[str], None] | None = field(default=None, compare=False)
    # (key, make) -> make() or what it gave before for key: the page keeps a class pack's
    # generated tracks between its preview and its download; None: make() every time
    memo: Callable[[Any, Callable[[], Any]], Any] | None = field(default=None, compare=False)

    def note(self, text: str) -> None:
        """Say a note (a repeat the generator could not avoid, a sheet of many pages)."""
        if self.notes is not None:
            self.notes(text)

    def remember(self, key: Any, make: Callable[[], Any]) -> Any:
        """make(), or what it gave for `key` before where the caller keeps such things."""
        return make() if self.memo is None else self.memo(key, make)

    def bar(self, total: int, label: str) -> Any:
        """A progress bar for slow work (one that does nothing when there is none)."""
        return self.progress(total, label) if self.progress is not None else _NoBar()

    def paper_size(self, landscape: bool | None = None):
        from generator.render.paper import Paper

        return Paper.get(self.paper, self.landscape if landscape is None else landscape)

    def portrait_only(self, what: str) -> None:  # what: "the rules summary prints"
        """Say on stderr that --landscape does not apply to a page that is always portrait."""
        if self.landscape:
            sys.stderr.write(f"note: {what} portrait; --landscape is not used\n")

    def paper_turns(self) -> list:
        """The orientations a sheet layout may use: landscape alone with --landscape, else
        portrait first, then landscape (see layout.fewest_sheets)."""
        if self.landscape:
            return [self.paper_size(landscape=True)]
        return [self.paper_size(landscape=False), self.paper_size(landscape=True)]

    def ident(self, extra: str = "") -> str:
        """The footer's id text: what the document is, plus the seed when one was given."""
        parts = [p for p in (extra, f"seed {self.seed}" if self.seed is not None else "") if p]
        return " · ".join(parts)

    def seed_or(self, default: int) -> int:
        return default if self.seed is None else self.seed


class _NoBar:
    def __call__(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def pitch_text(pitch: float) -> str:
    """A grid pitch as its user most likely wrote it: "5 mm"; "1/4 in (6.35 mm)" for US
    paper; "0.3 in (7.62 mm)" for a pitch that is a whole number of hundredths of an inch but
    not of half millimetres; millimetres to three decimals otherwise."""
    mm = f"{round(pitch, 3):g} mm"
    inches = {6.35: "1/4 in", 12.7: "1/2 in", 8.4667: "1/3 in", 5.08: "1/5 in", 3.175: "1/8 in"}
    for value, words in inches.items():
        if abs(pitch - value) < 1e-3:
            return f"{words} ({mm})"
    hundredths = pitch / 25.4 * 100
    if abs(hundredths - round(hundredths)) < 1e-6 and abs(pitch * 2 - round(pitch * 2)) > 1e-6:
        return f"{round(hundredths) / 100:g} in ({mm})"
    return mm


def _value(o: Option, v: Any) -> Any:
    if o.kind == "length" and isinstance(v, str):
        m = LENGTH.match(v)
        if m is None:
            raise ValueError(f"{o.flag}: default {v!r} is not a length")
        return round(float(m.group(1)) * UNIT_MM[(m.group(2) or "mm").lower()], 6)
    return v


# --- what a game can print ----------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """One option of a printable, as the command line offers it.

    kind: "choice" (one of `choices`), "int" (low..high), "length" (a length such as 16mm:
    more than `low`, at most `high`, at least `least`), "text", "file" (an existing file, a
    Path), "flag" (on or off), "switch" (on, off, or not given: None, what is stored decides;
    --jumps/--no-jumps), "choices" (a choice that may be repeated: a tuple).
    `check` (value -> None, raising errors.InvalidInput) refuses a value as a usage error."""

    flag: str
    dest: str
    kind: str
    default: Any = None
    help: str = ""
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    least: float | None = None
    check: Callable[[Any], None] | None = None


@dataclass(frozen=True)
class KitPart:
    """How a printable goes into its game's print-and-play kit.

    values: the options it is printed with (dest -> value; the others take their defaults);
    stock: "paper" or "card" (card stock for pieces that are handled); duplex: print both
    sides (flip on the long edge); copies: how many to print ("1", "1 per player");
    make: what to do with the pages, in the words of the assembly page ("cut out", "fold and
    glue", "join the tiles"); rules: the rules summary (it goes last); inputs:
    (spec -> values) the values no option's default gives, made for the kit (a generated
    circuit for a track's sheets)."""

    values: dict[str, Any] = field(default_factory=dict)
    stock: str = "paper"
    duplex: bool = False
    copies: str = "1"
    make: str = ""
    rules: bool = False
    inputs: Callable[[PrintSpec], dict[str, Any]] | None = None

    def values_for(self, spec: PrintSpec) -> dict[str, Any]:
        """The values the kit prints with: `values`, and what `inputs` makes."""
        made = self.inputs(spec) if self.inputs is not None else {}
        return {**self.values, **made}


Builder = Callable[..., list]  # (spec, **option values) -> list of Documents


@dataclass(frozen=True)
class Printable:
    """Something a game prints: `racegen GAME NAME [options]`.

    build(spec, **values) -> list[Document] imports what it needs when called (the tables are
    read by `racegen --help` and `racegen list`, which must stay fast). seeded: --seed changes
    what it prints (else the command has no --seed); portrait: the page is always portrait
    (the note said when --landscape is given, e.g. "the rules summary prints"); listed: how
    `racegen list` names it; demo: its arguments in `racegen demo` (None: not in the demo);
    argument: a positional argument (a file to print); figures: what the page shows as JSON
    (the command then takes --json)."""

    name: str
    summary: str
    build: Builder
    options: tuple[Option, ...] = ()
    help: str = ""
    seeded: bool = False
    portrait: str = ""
    listed: str = ""
    demo: tuple[str, ...] | None = None
    kit: KitPart | None = None
    argument: Option | None = None
    figures: Callable[[], dict] | None = None  # --json prints these instead of the pages
    # (spec, **values) -> the (stem, pages) of every file it will write, known before the
    # build: a slow build (generated puzzles) refuses an existing file before it starts
    files: Callable[..., list[tuple[str, int]]] | None = None
    # (old flag, new flag) of options renamed: the old flag is refused, naming the new one
    renamed: tuple[tuple[str, str], ...] = ()
    # what each document it makes is, when it makes several files (a class pack: the sheets,
    # the teacher's booklet): the page offers each alone
    parts: tuple[str, ...] = ()

    def defaults(self) -> dict[str, Any]:
        """Each option's default as the command line would pass it (lengths in mm)."""
        return {o.dest: _value(o, o.default) for o in self.options}

    def values(self, **given: Any) -> dict[str, Any]:
        """`given` over the defaults, lengths in mm, as the builder takes them."""
        by_dest = {o.dest: o for o in self.options}
        given = {k: _value(by_dest[k], v) if k in by_dest else v for k, v in given.items()}
        return {**self.defaults(), **given}

    def planned_files(self, spec: PrintSpec, **values: Any) -> list[tuple[str, int]]:
        """(stem, pages) of every file it will write, when known before the build; [] when
        only the build knows."""
        return [] if self.files is None else self.files(spec, **self.values(**values))

    def documents(self, spec: PrintSpec, **values: Any) -> list:
        """Build with `values` over the defaults; the note for an always-portrait page."""
        if self.portrait:
            spec.portrait_only(self.portrait)
        return self.build(spec, **self.values(**values))
