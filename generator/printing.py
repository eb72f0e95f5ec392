"""What a printing command was asked, below the command line: paper, orientation, mono, seed,
formats, where the files go. The library (materials, layouts, output) takes a PrintSpec; the
click options that fill it in live in options.py, so nothing below the CLI imports click."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

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
