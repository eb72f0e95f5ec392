"""The Pushing Race rules summary: one portrait page that lets a table play without the seed,
stating racegen's decisions (docs/rules/pushing-race.md, D1-D16) as plain rules. Its body
prints at layout.RULES_BODY; the commands that go with it (moves, simulate) are in the
README, not on the page."""

from __future__ import annotations

from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import GREY, Style
from generator.render.document import Document

GAME = "Pushing Race"
BODY = layout.RULES_BODY  # pt
LINE = layout.RULES_LINE  # mm between body lines
HEAD_W = 24.0  # mm: the column of section names


def rule_sections() -> list[tuple[str, str]]:
    return [
        ("Goal", "Be the first to take your five pieces from the Start line past the Finish line."),
        (
            "You need",
            "2 to 4 players; a 3 x 9 track (3 Martian Coasters, or the printed board); five "
            "identical pieces each (pyramids of one colour or size, or the paper pieces); an "
            "Icehouse die. Everyone's pieces wait in a pile before the Start line. "
            "Choose who goes first; play passes to the left.",
        ),
        (
            "The track",
            "Rows 1 to 9 from the Start line, columns a, b, c. One piece per space. The track "
            "is a cylinder: a and c are neighbours, and pushes, AIM, HOP and SWAP cross that "
            "edge.",
        ),
        (
            "A turn",
            "Roll the die and make one move of that face with your own pieces (pushed and "
            "jumped pieces may be anyone's). If a move is possible you must make one, even if "
            "it helps an opponent; if none is possible, your turn ends.",
        ),
        (
            "Pushing",
            "A moving piece pushes the unbroken line of pieces in front of it, in its "
            "direction, one space. A piece moving two spaces pushes at each space. Pieces "
            "pushed past row 9 are finished for their owner; pieces pushed back past row 1 "
            "return to their owner's pile.",
        ),
        (
            "TIP",
            "One piece two spaces straight forward, or two different pieces one space each "
            "(the second may be one the first pushed).",
        ),
        (
            "AIM",
            "As TIP, diagonally forward: one piece two spaces in one diagonal direction, or "
            "two different pieces one space, each to its own side.",
        ),
        (
            "HOP",
            "One piece jumps the piece just in front of it (straight or diagonally forward) "
            "and lands on the free space beyond; over row 9 it finishes. Never two pieces, "
            "no pushing.",
        ),
        (
            "SWAP",
            "Exchange one of your pieces with an adjacent opponent piece (orthogonally or "
            "diagonally). Or put a waiting piece of yours on an opponent's row-1 space: "
            "their piece goes back to their pile.",
        ),
        (
            "DIG",
            "One of your pieces one space straight back, pushing the line behind it; a piece "
            "on row 1 goes back to your pile.",
        ),
        ("WILD", "Any move of the five faces."),
        (
            "Entering",
            "A waiting piece enters through any row-1 space; that counts as one space of its "
            "move (TIP two spaces from the pile ends on row 2). TIP and AIM push what stands "
            "there, straight or diagonally (AIM into b1 pushes b1's piece on to a2 or c2). A "
            "waiting piece may also HOP a row-1 piece onto the free row-2 space behind it, "
            "straight or diagonally.",
        ),
        (
            "Notation",
            "Moves are written with square names: TIP b3 +2; TIP b3 +1, a1 +1; AIM "
            "a1->c3; HOP a1^b2->c3; SWAP a3<>b4; SWAP S<>b1 (from the pile); DIG b3 -1. "
            "Row 0 is a waiting piece crossing the Start line at that column (TIP b0 +1 "
            "enters at b1); a row past 9 is across the Finish line.",
        ),
        (
            "Winning",
            "The first player whose fifth piece passes the Finish line wins at once, even in "
            "the middle of a move or when an opponent pushed it over.",
        ),
    ]


def rules_document(opts: PrintSpec) -> Document:
    doc = Document("pushing-race-rules", "Pushing Race rules summary", GAME, opts.ident())
    canvas, box = layout.page(doc, opts.paper_size(landscape=False), mono=opts.mono)
    x, y = layout.rules_heading(
        canvas,
        box,
        "Pushing Race · rules summary",
        "A Looney Pyramids race by Julien Griffon (initial design v1.0, 2011), as racegen "
        "plays it.",
    )
    y += 2.0
    y = layout.headed_sections(
        canvas, x, y, box.w, rule_sections(), head_w=HEAD_W, size=BODY, line=LINE, gap=5.4
    )
    y += 6.0
    canvas.line(x, y, box.right, y, Style(stroke=GREY, width=0.15))
    note = (
        "Where the seed leaves a point open (whose pieces move, two spaces as two pushes, "
        "pushes never blocked, finishing by push, the pile swap one way, moves counted by "
        "their outcome), these rules give racegen's choice."
    )
    lines = layout.wrap(note, BODY, box.w)
    for i, ln in enumerate(lines):
        canvas.text(x, y + 6.0 + i * LINE, ln, BODY, colour="#444444")
    if y + 6.0 + (len(lines) - 1) * LINE + 1.0 > box.bottom:  # 1 mm: descenders
        raise AssertionError("rules summary overruns the page")
    return doc
