"""The Trading Paint rules summary: two portrait pages for both sides of one sheet, the rules
(10 pt body), then each face and its paths, the press-your-luck table and the oval.

The builder returns a Document for the command to write.
"""

from __future__ import annotations

from generator.games.trading_paint.printing.board_art import draw_board
from generator.games.trading_paint.printing.board_style import board_size
from generator.games.trading_paint.printing.piece_art import (
    describe_paths,
    draw_connections,
    draw_face,
)
from generator.games.trading_paint.printing.sizes import BOARD_SQUARE
from generator.games.trading_paint.rules.board import load_board
from generator.games.trading_paint.rules.faces import load_faces
from generator.games.trading_paint.rules.setup import load_setups
from generator.games.trading_paint.rules.state import POINTS
from generator.games.trading_paint.strategy.luck import best_dice, luck_table
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import Canvas
from generator.render.document import Document

GAME = "Trading Paint"

RULES = [
    (
        "Goal",
        "One lap counter-clockwise round the oval. First, second and third car home score 4, 3 and 2 points for their team; most points wins.",
    ),
    (
        "Start",
        "Cars stand on start squares 1 (outside lane) to 6 (inside) behind the double line. The outside car plays first, then round in that order.",
    ),
    (
        "Your turn",
        "Roll a path die and lay it on the square in front of your car, turned so it opens towards the car. Stop (drive to the square beyond an open exit: one die moves you two squares) or roll again and lay the next die against an open exit of the last one. You must play every die you roll. Paths go forward or to the side, never backward. In a turn (the dotted corners) the two ways the arrow points are forward and the other two backward: the first die may go on either square ahead (along the lane or beside it), and a path changes lanes there only inward before the corner and outward after it. The 2 is open on all four sides: its corner pips never meet the 4's or 6's paths, so it lies either way up. Six dice are printed: to roll a seventh, pick up the first die you laid and roll it again (the squares it covered stay part of the path).",
    ),
    (
        "X",
        "Rolling the 5 (X) is a spin-out: the dice of this path go, your car stays, your turn ends.",
    ),
    (
        "Bump",
        "Lay a path into the back of a car (or into its side in a turn, moving left): it goes back one square, onto your last die, and you take its square. Cars bumper to bumper all go back, each onto the square of the car behind it, along the lane and round its corner in a turn; you go to the front. A car in the outside lane is bumped into the wall beside it (back one square instead if a car is already there). Team-mates can be bumped.",
    ),
    (
        "Draft",
        "Reach the square right behind a team-mate: jump to the head of its line of cars, the same line a bump would push (in a turn, pick the square). After a bump or draft, collect the dice: roll a fresh path, stop, or bump or draft again at once if set up (never at the start of a turn).",
    ),
    (
        "Pit and wall",
        "A die that leaves no way but off the track puts you in the pit or on the wall; your turn ends. Re-enter on the square beside you (the side you left at a corner); if an opponent blocks it, lay the first die one square back: it may lead any way, backward too, to get you back on the track (a backward step only stops or rolls on: no bump, no draft, not off the track again), and this path may not bump that car. No way at all: lose the turn.",
    ),
    (
        "Caution",
        "Once the leader is on the back straightaway, after an X (six dice or fewer this turn, on the track) you may roll once more: a second X lines every car on the track up behind the leading car on the track, in its lane, in the order they race, inside lane first on ties (cars in the pit stay put). It ends when the leader leaves the straightaway.",
    ),
    (
        "Wrecks",
        "After that, a double X puts a wreck on one of the three rows of squares before the finish line (two per row at most). Mark it with any token (an unused car die upside down, a coin). Nothing passes a wreck; its row is towed clear when a car moves into, through or out of that row.",
    ),
]


def rules_document(opts: PrintSpec) -> Document:
    """The rules summary on two portrait pages, to print on both sides of one sheet: the rules
    (10 pt body), then the faces and their paths, the press-your-luck table and the oval."""
    doc = Document("trading-paint-rules", "Trading Paint rules summary", GAME, opts.ident())
    paper = opts.paper_size(landscape=False)
    canvas, box = layout.page(doc, paper, mono=opts.mono)
    x, y = layout.rules_heading(
        canvas,
        box,
        "Trading Paint: a dice-car race · rules summary",
        "Rules by Joe Hall (mazedice@gmail.com), summed up by racegen.",
    )
    y += 5.0  # an instruction, at body size (the byline above is a credit)
    canvas.text(x, y, "Two pages: print them on both sides of one sheet.", layout.RULES_BODY)
    setups = load_setups()

    def team_text(s, t):  # noqa: ANN001, ANN202
        starts = [str(c.start) for c in s.cars if c.team == t and c.start]
        late = sum(1 for c in s.cars if c.team == t and not c.start)
        return f"{t} on " + " & ".join(starts) + (f" + {late} late car" if late else "")

    def doubled(s) -> str:  # noqa: ANN001 - a player driving two cars when the teams do not say so
        drivers = [c.driver for c in s.cars]
        if s.players in (2, 3) or s.players == len(s.cars) or any(not c.start for c in s.cars):
            return ""
        twice = [i + 1 for i, d in enumerate(drivers) if drivers.index(d) != i]
        return "".join(f" (player {drivers[k - 1]} also drives car {k})" for k in twice)

    teams = "; ".join(
        f"{n} players: " + ", ".join(team_text(s, t) for t in s.teams) + doubled(s)
        for n, s in sorted(setups.items())
    )
    sections = [
        *RULES,
        ("Teams", teams + " (late cars enter on any vacated start square)."),
        ("Points", f"{', '.join(str(p) for p in POINTS)} for the first three cars home: "
                   "nine a race, never a tie between teams."),
    ]  # fmt: skip
    y += 1.0
    for section in sections:
        lines = layout.wrap(section[1], layout.RULES_BODY, box.w - RULES_HEAD)
        if y + 5.5 + len(lines) * layout.RULES_LINE > box.bottom:
            canvas, box = layout.page(doc, paper, mono=opts.mono)
            y = box.y
        y = layout.headed_sections(canvas, x, y, box.w, [section], head_w=RULES_HEAD, gap=5.5)
    canvas, box = layout.page(doc, paper, mono=opts.mono)
    x, y = box.x, box.y + 6.0
    canvas.text(x, y, "The faces and their paths", 12.0, bold=True)
    y += 5.0
    for ln in layout.wrap(
        "All four turns of a die may be used; each face is shown upright and a quarter turn.",
        layout.RULES_BODY,
        box.w,
    ):
        canvas.text(x, y, ln, layout.RULES_BODY)
        y += layout.RULES_LINE
    y = _faces_table(canvas, x, y, box.w) + 8.0
    y = _luck_box(canvas, x, y, box.w) + 10.0
    board = load_board()
    bw, bh = board_size(board, BOARD_SQUARE)
    room = box.bottom - 6.0 - y
    if room > 30.0:
        scale = min(box.w / bw, room / bh)
        canvas.text(
            x, y, f"The oval (scale {layout.scale_text(scale)}): turns shaded and dotted, start "
            "and finish at the checkered line", layout.RULES_BODY, bold=True,
        )  # fmt: skip
        with canvas.group(dx=x + (box.w - bw * scale) / 2, dy=y + 3.0, scale=scale):
            layout.draw_legible(
                canvas,
                lambda c: draw_board(c, board, BOARD_SQUARE, labels=False),
                scale,
                least=layout.RULES_BODY,
            )
    return doc


RULES_HEAD = 26.0  # mm: the column of section heads


def _faces_table(canvas: Canvas, x: float, y: float, width: float) -> float:
    """Each face, its picture and its paths upright and turned; returns the y below it."""
    fs = load_faces()
    slot = width / 6
    e = 12.0
    size = layout.RULES_BODY
    bottom = y
    for i, face in enumerate(fs.faces):
        cx = x + slot * (i + 0.5)
        canvas.text(
            cx, y + 4.0, f"face {face}" + (" (X)" if face == fs.spin_out else ""), size,
            bold=True, anchor="middle",
        )  # fmt: skip
        draw_face(canvas, fs.grids[face - 1], cx, y + 13.0, e)
        for k, rot in enumerate((0, 1)):
            draw_connections(canvas, face, rot, cx - 7.5 + 15.0 * k, y + 29.0, 9.0)
        words = describe_paths(face, 0)
        if len(fs.distinct_rotations(face)) > 1:
            words += "; turned: " + describe_paths(face, 1)
        ty = y + 39.0
        for ln in layout.wrap(words, size, slot - 2.0):
            canvas.text(cx, ty, ln, size, anchor="middle")
            ty += layout.RULES_LINE
        bottom = max(bottom, ty)
    return bottom


def _luck_box(canvas: Canvas, x: float, y: float, width: float) -> float:
    """The press-your-luck table (roll n dice then stop); returns the y below it."""
    rows = luck_table(8)
    size = layout.RULES_BODY
    canvas.text(
        x, y, "Press your luck on an open straight: roll n dice, then stop", 12.0, bold=True
    )
    y += 6.0
    head = 24.0
    col = (width - head) / len(rows)
    best = best_dice(rows)
    for k, label in enumerate(("dice", "no X", "squares")):
        canvas.text(x, y + 5.0 * k, label, size, bold=True)
    for i, r in enumerate(rows):
        cx = x + head + col * (i + 0.5)
        canvas.text(cx, y, str(r.dice), size, anchor="middle", bold=r.dice == best)
        canvas.text(cx, y + 5.0, f"{float(r.p_no_spin) * 100:.0f} %", size, anchor="middle")
        canvas.text(
            cx, y + 10.0, f"{float(r.expected_squares):.2f}", size, anchor="middle",
            bold=r.dice == best,
        )  # fmt: skip
    y += 16.0
    for ln in layout.wrap(
        f"Best fixed rule: stop after {best} dice. Better still: roll until stopping would gain "
        "4 squares or more (the strategy card has the exact figures).",
        size,
        width,
    ):
        canvas.text(x, y, ln, size)
        y += layout.RULES_LINE
    return y
