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
from generator.render.canvas import GREY, Style
from generator.render.document import Document

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
        if y + 1.0 > box.bottom:  # 1 mm: descenders
            raise AssertionError(f"rules summary overruns page {page + 1}")
    return doc


def _sections(canvas, x: float, y: float, width: float, sections: list[Section]) -> float:  # noqa: ANN001
    return layout.headed_sections(
        canvas, x, y + 1.0, width, sections, head_w=HEAD_W, size=BODY, line=LINE, gap=GAP + LINE
    )
