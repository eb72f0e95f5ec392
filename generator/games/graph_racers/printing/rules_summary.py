"""The Graph Racers rules summary: two portrait pages for both sides of one sheet, the seed's
basic rules on the front and its advanced rules on the back, in the words the sheets print
(printed_rules.py: basic_sections, advanced_sections), the body at layout.RULES_BODY. A table
plays the kit from it without a computer.
"""

from __future__ import annotations

from generator.games.graph_racers.printing.page import GAME
from generator.games.graph_racers.printing.printed_rules import (
    Section,
    advanced_sections,
    basic_sections,
)
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import BLACK, GREY, Style
from generator.render.document import Document
from generator.render.glyphs import arrow

BODY = layout.RULES_BODY  # pt
LINE = layout.RULES_LINE  # mm between body lines
HEAD_W = 30.0  # mm: the column of section names
GAP = 4.6  # mm between sections
BYLINE = (
    "Paper-and-pencil car racing on squared paper, after Steve Baker's Graph Racers "
    "(Racetrack, paper racing), as racegen plays it."
)


def rules_document(spec: PrintSpec) -> Document:
    """The summary: the basic rules, then (on the back) the advanced rules."""
    doc = Document("graph-racers-rules", "Graph Racers rules summary", GAME, spec.ident())
    paper = spec.paper_size(landscape=False)
    for page, (head, sections) in enumerate(
        (
            ("The basic rules", basic_sections()),
            ("The advanced rules (pick them before the race)", advanced_sections()),
        )
    ):
        canvas, box = layout.page(doc, paper, mono=spec.mono)
        title = f"{GAME} · rules summary" + (" (continued)" if page else "")
        x, y = layout.rules_heading(canvas, box, title, BYLINE)
        y += 9.0
        canvas.text(x, y, head, BODY + 2.0, bold=True)
        canvas.line(x, y + 1.6, box.right, y + 1.6, Style(stroke=GREY, width=0.15))
        y = _sections(canvas, x, y, box.w, sections)
        if not page:
            y = _move_picture(canvas, x + HEAD_W, y + 8.0, box.w - HEAD_W)
        if y + 1.0 > box.bottom:  # 1 mm: descenders
            raise AssertionError(f"rules summary overruns page {page + 1}")
    return doc


def _sections(canvas, x: float, y: float, width: float, sections: list[Section]) -> float:  # noqa: ANN001
    return layout.headed_sections(
        canvas, x, y + 1.0, width, sections, head_w=HEAD_W, size=BODY, line=LINE, gap=GAP + LINE
    )


SQUARE = 6.0  # mm, a square of the picture's grid
LAST = (3, -1)  # the vector of the car's last move, squares (across, down): the seed's example


def _move_picture(canvas, x: float, y: float, width: float) -> float:  # noqa: ANN001
    """The seed's picture of a move: the last move (three squares east and one north), the
    same move again (the open ring) and the four points one square from it, where the car
    may go this turn (the dots), beside a caption; returns the caption's last baseline."""
    cols, rows = 11, 6
    grid = Style(stroke="#bbbbbb", width=0.2)
    for i in range(cols + 1):
        canvas.line(x + i * SQUARE, y, x + i * SQUARE, y + rows * SQUARE, grid)
    for j in range(rows + 1):
        canvas.line(x, y + j * SQUARE, x + cols * SQUARE, y + j * SQUARE, grid)

    def at(c: int, r: int) -> tuple[float, float]:
        return x + c * SQUARE, y + r * SQUARE

    start, here = (1, 4), (1 + LAST[0], 4 + LAST[1])
    again = (here[0] + LAST[0], here[1] + LAST[1])
    ink = Style(stroke=BLACK, width=0.5)
    arrow(canvas, *at(*start), *at(*here), ink, head=2.0)
    arrow(canvas, *at(*here), *at(*again), Style(stroke=GREY, width=0.4, dash=(1.5, 1.0)), head=2.0)
    canvas.circle(*at(*start), 1.0, Style(stroke=BLACK, width=0.3, fill=BLACK))
    canvas.circle(*at(*here), 1.2, Style(stroke=BLACK, width=0.3, fill=BLACK))
    canvas.circle(*at(*again), 1.6, Style(stroke=BLACK, width=0.4))
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        canvas.circle(
            *at(again[0] + dc, again[1] + dr), 1.1, Style(stroke=BLACK, width=0.2, fill=BLACK)
        )
    tx = x + cols * SQUARE + 6.0
    words = (
        "Last turn the car moved 3 squares east and 1 north (the arrow). This turn it may move "
        "the same again, to the ring, or to any of the four dots one square north, south, east "
        "or west of it."
    )
    lines = layout.wrap(words, BODY, width - (tx - x))
    for i, ln in enumerate(lines):
        canvas.text(tx, y + 4.0 + i * LINE, ln, BODY)
    return max(y + rows * SQUARE, y + 4.0 + (len(lines) - 1) * LINE)
