"""Trading Paint puzzle worksheets: the board window at true size, the faces in roll order,
the question and a box for the answer; answer pages with the dice turned right, the car's
route, every car's final square and the near miss that makes the answer unique.

A rules page comes first (worksheet_rules.py). A page holds one or two puzzles, one above the
other. Each puzzle's window of the board is at the board's 17 mm squares (16 mm paper dice
fit, sizes.py), on the left; the question, the faces and the answer box
stand in a column on its right. The windows a page can hold (`window_limit`) are the same on
A4 and US Letter, so a seed gives the same puzzles on either paper.
"""

from __future__ import annotations

from generator.games.trading_paint.printing.puzzle_art import (
    LABELS,
    Window,
    answer_after,
    draw_answer,
    draw_cars,
    draw_die,
    draw_face_row,
    draw_progress,
    draw_route,
    draw_star,
    draw_window,
    draw_wrecks,
)
from generator.games.trading_paint.printing.sizes import BOARD_SQUARE, size_note
from generator.games.trading_paint.printing.worksheet_rules import rules_page
from generator.games.trading_paint.puzzles.puzzle import Puzzle
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import BLACK, Canvas, Style
from generator.render.clip import Box
from generator.render.document import Document, answer_document
from generator.render.paper import Paper

GAME = "Trading Paint"
SQUARE = BOARD_SQUARE  # mm: the board's square, 1 mm larger than a folded path die
SIDE = 50.0  # mm: the column beside the window
GAP = 4.0  # mm between window and column
HEADER = 24.0  # mm: title, name and date, instructions
SLOT_GAP = 6.0  # mm between two puzzles
TITLE = 6.0  # mm: the puzzle's title line
TEXT_PT = 9.0
SMALL_PT = 8.0
LINE = 4.0  # mm between 9 pt lines
FACE = 10.0  # mm: a face in the roll-order row
PER_PAGE = (1, 2)
INSTRUCTIONS = {
    "lay": "Lay real path dice on the squares, in the order rolled, as the rules on page 1 say. "
    "Write dice as FACE@COLUMN,ROW/TURN, e.g. 4@21,14/90 (a 4 on square 21,14, turned 90 "
    "degrees anticlockwise), then stop, bump or draft.",
    "stop": "Each car is in the middle of its path, its dice laid. Stop now, or roll one more "
    "die? Choose what moves the car further on average over the six faces, counting squares "
    "as the rules on page 1 say (the small numbers: squares ahead of the car). Circle one.",
}
RULE = Style(stroke=BLACK, width=0.25)
WRITE = Style(stroke="#9a9a9a", width=0.2)


def slots(paper: Paper, per_page: int) -> list[Box]:
    box = layout.usable_box(paper)
    area = box.inset(top=HEADER, bottom=layout.BAR_STRIP)
    h = (area.h - (per_page - 1) * SLOT_GAP) / per_page
    return [Box(area.x, area.y + k * (h + SLOT_GAP), area.w, h) for k in range(per_page)]


def window_limit(per_page: int, landscape: bool = False) -> tuple[int, int]:
    """The largest window (columns, rows, the wall round the board counted as squares) a slot
    holds on both A4 and US Letter."""
    cols = rows = 99
    for name in ("a4", "letter"):
        slot = slots(Paper.get(name, landscape), per_page)[0]
        cols = min(cols, int((slot.w - SIDE - GAP - LABELS) // SQUARE))
        rows = min(rows, int((slot.h - TITLE - LABELS) // SQUARE))
    return cols, rows


def worksheet_documents(
    puzzles: list[Puzzle],
    *,
    paper: Paper,
    per_page: int,
    mono: bool,
    answers: str,
    stem: str,
    title: str,
    ident: str,
) -> list[Document]:
    """The worksheet, with its answer pages after the puzzles (answers='after'), in a second
    document (answers='separate') or left out (answers='none')."""
    doc = Document(stem=stem, title=title, game=GAME, ident=ident)
    rules_page(doc, paper, mono, puzzles, title)
    pages = [puzzles[i : i + per_page] for i in range(0, len(puzzles), per_page)]
    for k, items in enumerate(pages):
        _page(doc, paper, mono, title, items, k * per_page, per_page, answers=False)
    key = answer_document(doc, answers)
    if key is None:
        return [doc]
    for k, items in enumerate(pages):
        _page(key, paper, mono, title, items, k * per_page, per_page, answers=True)
    return [doc] if key is doc else [doc, key]


def _page(
    doc: Document,
    paper: Paper,
    mono: bool,
    title: str,
    items: list[Puzzle],
    first: int,
    per_page: int,
    *,
    answers: bool,
) -> None:
    canvas, box = layout.page(doc, paper, mono=mono)
    span = f"puzzle {first + 1}" if len(items) == 1 else f"puzzles {first + 1}-{first + len(items)}"
    canvas.text(box.x, box.y + 5.5, f"{'Answers' if answers else title} · {span}", 13.0, bold=True)
    y = box.y + 12.5
    if answers:
        lines = layout.wrap(
            "Each answer stands where its puzzle stood: the dice as they must lie, the car's "
            "route, and every car where it ends (dashed: where a car stood before).",
            SMALL_PT,
            box.w,
        )
    else:
        canvas.text(box.x, y, "Name", TEXT_PT)
        canvas.line(box.x + 10, y + 0.5, box.x + 100, y + 0.5, RULE)
        canvas.text(box.x + 108, y, "Date", TEXT_PT)
        canvas.line(box.x + 117, y + 0.5, box.right, y + 0.5, RULE)
        kind = "stop" if items[0].kind == "stop" else "lay"
        lines = layout.wrap(INSTRUCTIONS[kind], SMALL_PT, box.w)
    for i, ln in enumerate(lines[:3]):
        canvas.text(box.x, y + 4.6 + 3.5 * i, ln, SMALL_PT)
    for slot, (k, p) in zip(slots(paper, per_page), enumerate(items, first + 1), strict=False):
        _slot(canvas, slot, k, p, answers)
    layout.calibration_bar(canvas, box.x, box.bottom - layout.BAR_HEIGHT)
    canvas.text(
        box.right,
        box.bottom - layout.BAR_HEIGHT + 2.6,
        f"true size: {size_note(SQUARE)}",
        SMALL_PT,
        anchor="end",
    )


def window_of(p: Puzzle) -> Window:
    x0, y0, x1, y1 = p.window
    return Window(p.state.board, x0, y0, x1, y1, SQUARE)


def _slot(canvas: Canvas, slot: Box, k: int, p: Puzzle, answers: bool) -> None:
    what = {"lay": "lay the dice", "fewest": "fewest dice", "stop": "stop or roll"}[p.kind]
    head = f"Puzzle {k} · {what} · {p.grade}"
    canvas.text(slot.x, slot.y + 4.2, head, 11.0, bold=True)
    if p.tags:
        canvas.text(
            slot.x + layout.text_width(head, 11.0, True) + 3,
            slot.y + 4.2,
            ", ".join(p.tags),
            SMALL_PT,
            colour="#555555",
        )
    win = window_of(p)
    x, y = slot.x, slot.y + TITLE
    draw_window(canvas, win, x, y)
    state = p.state
    after = answer_after(p) if answers else None
    if p.goal is not None and p.goal.kind == "square":
        draw_star(canvas, win, p.goal.square, x, y)
    draw_wrecks(canvas, after or state, win, x, y)
    if p.kind == "stop":
        draw_progress(canvas, win, state, x, y)
    tag = f"puzzle-{k}-"
    if answers and p.kind != "stop":
        draw_answer(canvas, win, p, x, y, after, tag)
    else:
        for die in state.path:
            draw_die(canvas, win, die, x, y, tag=tag)
        if state.path:
            draw_route(canvas, win, [state.pos[state.car]] + [c for c, _, _ in state.path], x, y)
        draw_cars(canvas, state, win, x, y, tag=tag)
    col = Box(slot.right - SIDE, y, SIDE, slot.bottom - y)
    if answers:
        _answer_column(canvas, col, p)
    else:
        _question_column(canvas, col, p)


def _text(
    canvas: Canvas, col: Box, y: float, text: str, size: float = TEXT_PT, bold: bool = False
) -> float:
    """Wrapped text in the column from baseline y; returns the baseline after it."""
    for ln in layout.wrap(text, size, col.w, bold):
        canvas.text(col.x, y, ln, size, bold=bold)
        y += size * 0.45
    return y


def _question_column(canvas: Canvas, col: Box, p: Puzzle) -> None:
    y = _text(canvas, col, col.y + 3.5, p.question()) + 1.5
    if p.kind == "stop":
        y = _text(canvas, col, y, "Circle one:", SMALL_PT) + 1.0
        for i, word in enumerate(("STOP", "ROLL")):
            canvas.text(col.x + 6 + i * 24, y + 3, word, 12.0, bold=True)
        return
    canvas.text(col.x, y + 1.0, "Rolled, in this order:", SMALL_PT, colour="#444444")
    y += 3.0
    y += draw_face_row(canvas, p.faces, col.x, y, FACE, 2.5, 4)
    box_h = min(32.0, col.bottom - y - 1.0)
    if box_h < 12.0:
        return
    canvas.rect(col.x, y, col.w, box_h, RULE)
    canvas.text(col.x + 1.5, y + 3.5, "Your answer", SMALL_PT, colour="#444444")
    line_y = y + 10.0
    while line_y < y + box_h - 2.0:
        canvas.line(col.x + 1.5, line_y, col.right - 1.5, line_y, WRITE)
        line_y += 7.0


def _answer_column(canvas: Canvas, col: Box, p: Puzzle) -> None:
    sol = p.solution
    y = col.y + 3.5
    if p.kind == "stop":
        choice = sol.get("answer", "?").upper()
        y = _text(canvas, col, y, f"{choice}", 12.0, bold=True) + 1.0
        y = _text(
            canvas, col, y, f"Stop: {_frac(sol['stop'])} squares ({sol['best_end']}).", SMALL_PT
        )
        y = (
            _text(canvas, col, y, f"Roll: {_frac(sol['roll'])} squares, the six faces:", SMALL_PT)
            + 0.5
        )
        for f in sol.get("faces", []):
            y = _text(canvas, col, y, f"{f['face']}: {_frac(f['value'])} · {f['play']}", SMALL_PT)
        return
    if p.kind == "fewest":
        y = _text(canvas, col, y, f"{sol.get('dice_needed', '?')} dice:", TEXT_PT, bold=True)
    y = _text(canvas, col, y, sol.get("answer", ""), TEXT_PT, bold=True) + 1.0
    for k, d in enumerate(sol.get("dice", []), 1):
        if d.get("either_way_up"):
            y = _text(canvas, col, y, f"Die {k} (a {d['face']}) may lie either way up.", SMALL_PT)
    if sol.get("ending"):
        y = _text(canvas, col, y, _ending_words(p, sol["ending"]), SMALL_PT) + 1.0
    if sol.get("near_miss"):
        _text(canvas, col, y, sol["near_miss"], SMALL_PT)


def _frac(text: str) -> str:
    """'67/24' as '67/24 = 2.79'; a whole number as it is."""
    if "/" not in text:
        return text
    a, b = text.split("/")
    return f"{text} = {int(a) / int(b):.2f}"


def _ending_words(p: Puzzle, e: dict) -> str:
    where = f"{e['square'][0]},{e['square'][1]}"
    kind = e["kind"]
    if kind == "stop":
        text = f"The car stops on {where}"
    elif kind == "bump":
        moved = ", ".join(
            f"car {b['car']} to {b['to'][0]},{b['to'][1]}" for b in e.get("bumped", [])
        )
        text = f"The car bumps ({moved}) and ends on {where}"
    elif kind == "draft":
        lands = [f"{x['square'][0]},{x['square'][1]}" for x in p.solution.get("endings", [])]
        choice = " or ".join(lands) if len(lands) > 1 else where
        text = f"The car drafts and lands on {choice}"
    else:
        text = f"The car ends {kind} at {where}"
    return text + (", and finishes." if e.get("finishes") else ".")


def worksheet_stem(spec: PrintSpec, kind: str, goal: str, difficulty: str) -> str:
    """The worksheet's file stem (its answers alone add -answers); a stop puzzle with a goal
    is refused (BadOption)."""
    from generator.errors import BadOption

    if kind == "stop" and goal != "any":
        raise BadOption("a stop puzzle has no goal (stop or roll?): leave out --goal")
    goal_part = "" if kind == "stop" else f"-{goal}"
    return f"trading-paint-worksheet-{kind}{goal_part}-{difficulty}-s{spec.seed_or(1)}"


def worksheet_files(
    spec: PrintSpec,
    kind: str,
    goal: str,
    difficulty: str,
    count: int,
    per_page: int,
    answers: str,
) -> list[tuple[str, int]]:
    """(stem, pages) of every file the worksheet writes, known before the puzzles are
    generated (which takes seconds): the command claims them first. A rules page comes first,
    then the puzzle pages; the answer pages come after the puzzles (answers='after': twice the pages), in a second file (-answers) or not
    at all."""
    stem = worksheet_stem(spec, kind, goal, difficulty)
    pages = -(-count // per_page)
    files = [(stem, 1 + pages * (2 if answers == "after" else 1))]  # the rules page first
    if answers == "separate":
        files.append((f"{stem}-answers", pages))
    return files


def worksheet_from(
    spec: PrintSpec,
    kind: str,
    goal: str,
    difficulty: str,
    count: int,
    per_page: int,
    answers: str,
) -> list[Document]:
    """Generate the puzzles (windows that fit a page on A4 and Letter) and lay them out: the
    `racegen trading-paint worksheet` printable (the command claims `worksheet_files` first)."""
    from generator.games.trading_paint.puzzles.generate import Request, generate

    stem = worksheet_stem(spec, kind, goal, difficulty)
    seed = spec.seed_or(1)
    req = Request(kind, goal, difficulty, count, seed, window_limit(per_page))
    bar = spec.bar(count, "generating")
    try:
        puzzles = generate(req, bar)
    finally:
        bar.close()
    return worksheet_documents(
        puzzles,
        paper=spec.paper_size(landscape=False),
        per_page=per_page,
        mono=spec.mono,
        answers=answers,
        stem=stem,
        title=f"Trading Paint puzzles ({kind}, {difficulty})",
        ident=spec.ident(f"{kind} {difficulty}"),
    )
