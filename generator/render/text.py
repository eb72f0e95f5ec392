"""Text on a page: widths in the PDF's fonts, wrapping, instructions at 8 pt or more, rules
summaries' headings and bodies, words dropped from reduced drawings, and a text op's printed box.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

from generator.render.canvas import (
    BLACK,
    Canvas,
    Group,
    Op,
    Point,
)
from generator.render.clip import Box

Draw = Callable[[Canvas], None]


def text_width(s: str, size: float, bold: bool = False) -> float:
    """Printed width (mm) of a string at `size` pt, in the font the PDF prints it in
    (Liberation Sans, or for a string with characters it lacks a fallback font)."""
    from generator.render.pdf import text_width as pdf_text_width

    return pdf_text_width(s, size, bold)


_SPACES = re.compile(r"[ \t\n\r\f\v]+")  # every space but the no-break one


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Words of `text` in lines no wider than `width` mm at `size` pt (each line measured in
    the font it prints in). Never breaks at a no-break space."""
    lines: list[str] = []
    line = ""
    for word in _SPACES.split(text.strip()):
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


# --- type sizes: what a page may print how small (docs/design.md, "Type sizes") -------------

MIN_TEXT = 6.0  # pt on paper, after every scale: nothing prints smaller
INSTRUCTION_SIZE = 8.0  # pt: the least for words that tell the player what to do
RULES_BODY = 10.0  # pt: a rules summary's body (everything but its heading and footer)
RULES_LINE = 4.4  # mm between the lines of a rules summary's body
INSTRUCTIONS_ID = "instructions"  # the groups `instructions` draws (id, id-2, id-3...)
RULES_HEADING_ID = "rules-heading"  # the group of a rules summary's title and byline
PT = 25.4 / 72.0  # mm per point


def unique_id(canvas: Canvas, base: str) -> str:
    """`base`, or base-2, base-3... : the first group id the page does not use yet."""
    candidate, n = base, 1
    while candidate in canvas._ids:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def instructions(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    width: float | None = None,
    *,
    size: float = INSTRUCTION_SIZE,
    line: float | None = None,
    bold: bool = False,
    colour: str = BLACK,
    anchor: str = "start",
) -> float:
    """Words that tell the player what to do with the page or its pieces (print at 100 %,
    cut, fold, glue, tape, lay out, fill in): at least INSTRUCTION_SIZE pt, wrapped to `width`
    mm (None: one line), `line` mm apart (default 1.3 times the size), the first baseline at
    y. They go in a group whose id starts with INSTRUCTIONS_ID, so a test tells them from
    labels. Returns the last line's baseline."""
    if size < INSTRUCTION_SIZE:
        raise ValueError(f"instructions at {size:g} pt: at least {INSTRUCTION_SIZE:g} pt")
    lines = wrap(text, size, width, bold) if width is not None else [text]
    step = line if line is not None else size * PT * 1.3
    with canvas.group(unique_id(canvas, INSTRUCTIONS_ID)):
        for i, ln in enumerate(lines):
            canvas.text(x, y + i * step, ln, size, bold=bold, colour=colour, anchor=anchor)
    return y + step * (len(lines) - 1)


def legible(ops: Sequence[Op], scale: float, least: float = MIN_TEXT) -> list[Op]:
    """`ops` drawn at `scale` without the words that would print under `least` pt there (a
    reduced copy of a drawing, such as an assembly map, whose sheets print them full size)."""
    out: list[Op] = []
    scales = [scale]
    for op in ops:
        if op.kind == "begin":
            assert op.group is not None
            scales.append(scales[-1] * op.group.scale)
        elif op.kind == "end":
            scales.pop()
        elif op.kind == "text" and op.text is not None and op.text.size * scales[-1] < least:
            continue
        out.append(op)
    return out


def draw_legible(canvas: Canvas, draw: Draw, scale: float, least: float = MIN_TEXT) -> None:
    """Run `draw` into the current group of `canvas`, which prints it at `scale`, leaving out
    the words `legible` drops (those under `least` pt there)."""
    scratch = Canvas(canvas.width, canvas.height, mono=canvas.mono)
    draw(scratch)
    canvas.ops.extend(legible(scratch.ops, scale, least))
    canvas._ids |= scratch._ids  # its group ids are the page's now


def rules_heading(
    canvas: Canvas, box: Box, title: str, byline: str, size: float = 14.0
) -> tuple[float, float]:
    """A rules summary's title (bold, `size` pt) and its grey byline under it, at the top of
    `box`, in a group with id RULES_HEADING_ID (the rest of the summary is body, at
    RULES_BODY pt or more); returns (x, y): the left edge and the byline's baseline."""
    x, y = box.x, box.y + 6.0
    with canvas.group(unique_id(canvas, RULES_HEADING_ID)):
        canvas.text(x, y, title, size, bold=True)
        y += 4.5
        canvas.text(x, y, byline, 7.5, colour="#444444")
    return x, y


def headed_sections(
    canvas: Canvas,
    x: float,
    y: float,
    width: float,
    sections: Sequence[tuple[str, str]],
    *,
    head_w: float,
    size: float = RULES_BODY,
    line: float = RULES_LINE,
    gap: float,
) -> float:
    """A rules summary's sections: each head in bold (half a point larger) in a column
    `head_w` mm wide, its text wrapped beside it at `size` pt (RULES_BODY or more), `line` mm
    apart; each section starts `gap` mm below the last line of the one before. Returns the
    last line's baseline."""
    for head, body in sections:
        y += gap
        canvas.text(x, y, head, size + 0.5, bold=True)
        lines = wrap(body, size, width - head_w)
        for i, ln in enumerate(lines):
            canvas.text(x + head_w, y + i * line, ln, size)
        y += line * (len(lines) - 1)
    return y


def shortened(s: str, size: float, room: float) -> str:
    """The string, shortened with an ellipsis until it fits `room` mm: the longest start of
    it that fits with the ellipsis ("" when not even one character does)."""
    if text_width(s, size) <= room:
        return s
    keep = longest_fitting(len(s), lambda n: text_width(s[:n] + "…", size) <= room)
    return s[:keep].rstrip() + "…" if keep else ""


def longest_fitting(most: int, fits: Callable[[int], bool]) -> int:
    """The largest n in 1..most with fits(n), or 0 when there is none, by binary search:
    about log2(most) measurements, where cutting one character at a time measured up to
    `most` strings (a 10,000-character track name took a minute). `fits` must hold up to
    some n and not after: a start of a string is no wider than a longer start of it (each
    character adds its advance, and a character Liberation Sans lacks sets the whole string
    in a fallback font, which is no narrower), so the search finds the n the one-at-a-time loop
    found (tests/render/test_fit.py compares the two on mixed scripts)."""
    lo, hi = 0, most  # fits(lo) holds (0: the empty cut), the answer is in lo..hi
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def text_corners(op: Op, stack: Sequence[Group] = ()) -> list[Point]:
    """The corners of a text op's box (the printing font's metrics: Liberation Sans's box is
    Helvetica's, ascender 0.75 and descender 0.25 of the size; a fallback font's its own),
    mapped through its groups: where the printed words sit."""
    from generator.render.pdf import text_metrics

    x, y, s = op.data
    ts = op.text
    assert ts is not None
    w, ascent, descent = text_metrics(s, ts.size, ts.bold)
    left = {"start": 0.0, "middle": -w / 2, "end": -w}[ts.anchor]
    a = math.radians(ts.rotate)
    c, sn = math.cos(a), math.sin(a)
    out = []
    for px, py in (
        (left, -ascent),
        (left + w, -ascent),
        (left + w, descent),
        (left, descent),
    ):
        qx, qy = x + px * c - py * sn, y + px * sn + py * c
        for g in reversed(stack):
            qx, qy = g.apply(qx, qy)
        out.append((qx, qy))
    return out
