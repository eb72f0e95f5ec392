"""Every Dice Rush printable keeps its ink 10 mm inside each page edge, words included.

The documents are the very ones the commands print (their PrintOptions parsed by click from
the command line), caught before they are written, with the footers output adds. Text is
measured by its box in the PDF's Helvetica metrics (layout.text_corners: width from
text_width, ascender and descender, through every group it is drawn in).
"""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner

from generator import options
from generator.cli import cli
from generator.render import layout
from generator.render.layout import MARGIN, text_corners

EPS = 1e-6  # mm

PRINTABLES = [
    ("board",),
    ("board", "--order", "turns"),
    ("dice",),
    ("scoresheet",),
    ("rules",),
    ("rules", "--order", "turns"),
]
PAPERS = [("a4", False), ("a4", True), ("letter", False), ("letter", True)]


def printed(monkeypatch, tmp_path, *args: str):
    """The Documents `racegen dice-rush ARGS` prints, footers added, nothing written."""
    caught = []
    monkeypatch.setattr(options, "print_documents", lambda docs, opts: caught.extend(docs))
    r = CliRunner().invoke(cli, ["dice-rush", *args, "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert caught, args
    for doc in caught:
        layout.add_footers(doc)
    return caught


def ink_outside_margins(canvas) -> list[str]:
    """Every text box, path point and circle edge closer than MARGIN to the paper's edge."""
    lo_x, hi_x = MARGIN - EPS, canvas.width - MARGIN + EPS
    lo_y, hi_y = MARGIN - EPS, canvas.height - MARGIN + EPS
    out = []
    for (op, stack), (_, pts) in zip(canvas.flat(), canvas.absolute_points(), strict=True):
        if op.kind == "text":
            pts = text_corners(op, stack)
        elif op.kind == "circle":
            r = op.data[2] * math.prod(g.scale for g in stack)
            (cx, cy) = pts[0]
            pts = [(cx - r, cy - r), (cx + r, cy + r)]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        if min(xs) < lo_x or max(xs) > hi_x or min(ys) < lo_y or max(ys) > hi_y:
            what = repr(op.data[2]) if op.kind == "text" else op.kind
            out.append(
                f"{what} spans x {min(xs):.2f}..{max(xs):.2f}, y {min(ys):.2f}..{max(ys):.2f} "
                f"on a {canvas.width:g} x {canvas.height:g} mm page"
            )
    return out


@pytest.mark.parametrize("paper,landscape", PAPERS)
@pytest.mark.parametrize("args", PRINTABLES, ids=" ".join)
def test_every_printable_keeps_10_mm_margins(monkeypatch, tmp_path, args, paper, landscape):
    options = ("--paper", paper) + (("--landscape",) if landscape else ())
    problems = []
    for doc in printed(monkeypatch, tmp_path, *args, *options):
        for i, canvas in enumerate(doc.pages, start=1):
            problems += [f"{doc.stem} page {i}: {p}" for p in ink_outside_margins(canvas)]
    assert not problems, "\n".join(problems)


def test_the_margin_check_sees_a_long_line():
    """The checker itself: a line of words wider than the page's room is caught at its end,
    one that fits is not."""
    from generator.render.canvas import Canvas

    canvas = Canvas(210.0, 297.0)
    words = "the board's top edge away from you " * 6
    assert layout.text_width(words, 8) > 190.0
    canvas.text(MARGIN, 40.0, words, 8)
    canvas.text(MARGIN, 50.0, "fits", 8)
    problems = ink_outside_margins(canvas)
    assert len(problems) == 1 and "the board's top edge" in problems[0]
