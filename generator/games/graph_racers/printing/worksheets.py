"""Classroom worksheets and class packs.

A worksheet page holds 1, 2, 3, 4 or 6 puzzles in slots under a header with name and date
fields, each puzzle with its par and boxes for the student's moves and answer line, and every
rule in force at its foot; its answer pages put each answer where its puzzle stood. A class
pack prints a worksheet for every student with the sheet's code, and the teacher's booklet:
an index of the codes, then the answers in code order. The slots and the track size they hold
are here too: the command sizes the tracks it generates from them before the tracks exist
(worksheet_track_size). Which tracks a student gets, and the codes, are classpack.py's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.check import moves_text
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.answer_key import (
    KeyAnswer,
    boost_notes,
    compact_key,
    key_pages,
    lines_note,
)
from generator.games.graph_racers.printing.drawing import TrackDrawing
from generator.games.graph_racers.printing.faces import face, grade_note
from generator.games.graph_racers.printing.page import BOX_STYLE, GAME, bar_and_grid_note
from generator.games.graph_racers.printing.printed_rules import worksheet_rules
from generator.games.graph_racers.solving.solution import Solution
from generator.games.graph_racers.track.model import Track
from generator.render import layout
from generator.render.canvas import BLACK, Canvas, Style
from generator.render.document import Document, answer_document
from generator.render.paper import Paper

SLOTS = {1: (1, 1), 2: (1, 2), 3: (1, 3), 4: (2, 2), 6: (2, 3)}
WS_TEXT = 9.0  # pt: a worksheet's instructions and rules (issue 16: 9 pt or more)
WS_LINE = 3.9  # mm between lines at WS_TEXT
WS_HEADER = 25.0  # mm: title (and code), name and date fields, instructions
NAME_SIZE = 10.0  # pt: the words "Name" and "Date"
SLOT_TITLE = 5.5  # mm above each puzzle
ANSWER_ROW = 10.0  # mm below each puzzle: the boxes for the moves and the line
ANSWER_BOX = 7.5  # mm: their height
CODE_SIZE = 20.0  # pt: a class pack's sheet code, read across a classroom desk
WS_INSTRUCTIONS = (
    "Race each track in as few moves as you can, by the rules at the foot of the page. "
    "Write your number of moves in the box under the track, and which line is your answer."
)
WS_ANSWERS = (
    "Each answer stands where its puzzle stood. Other lines with the same number of moves are "
    "right too."
)
SLOT_GAP = 4.0


def _footer_height(rules_text: str, width: float) -> float:
    return 1.5 + WS_LINE * len(layout.wrap(rules_text, WS_TEXT, width)) if rules_text else 0.0


def worksheet_slots(paper: Paper, per_page: int, rules_text: str = "") -> list[layout.Box]:
    """Where the puzzles of one worksheet page go, above the rules at its foot."""
    if per_page not in SLOTS:
        raise InvalidInput(f"--per-page {per_page}: use 1, 2, 3, 4 or 6")
    cols, rows = SLOTS[per_page]
    if paper.landscape and cols < rows:  # 3 or 6 a page: side by side on a landscape sheet
        cols, rows = rows, cols
    box = layout.usable_box(paper)
    foot = _footer_height(rules_text, box.w) + layout.BAR_STRIP
    area = box.inset(top=WS_HEADER, bottom=foot)
    w = (area.w - (cols - 1) * SLOT_GAP) / cols
    h = (area.h - (rows - 1) * SLOT_GAP) / rows
    return [
        layout.Box(area.x + c * (w + SLOT_GAP), area.y + r * (h + SLOT_GAP), w, h)
        for r in range(rows)
        for c in range(cols)
    ]


def worksheet_track_size(
    paper: Paper,
    per_page: int,
    pitch: float,
    cap: tuple[int, int],
    shared: bool = True,
    *,
    rules_text: str,
) -> tuple[int, int]:
    """(cols, rows) of the tracks that fill a worksheet slot at `pitch` on `paper` and on A4
    and US Letter turned the same way: a seed then gives the same puzzles on either paper
    (teachers share a seed, not a paper size); only smaller paper makes smaller tracks.
    shared=False: what the slot on `paper` alone holds. `rules_text`: the rules printed at
    the foot of each page (worksheet_rules), which take their room from the puzzles."""
    probe = TrackDrawing(Track(("#",), ((0, 0),)), pitch)
    cols, rows = cap
    papers = [paper]
    if shared:
        papers += [Paper.get("a4", paper.landscape), Paper.get("letter", paper.landscape)]
    for p in papers:
        slot = worksheet_slots(p, per_page, rules_text)[0]
        cols = min(cols, int((slot.w - probe.band) // pitch))
        rows = min(rows, int((slot.h - SLOT_TITLE - ANSWER_ROW - probe.band) // pitch))
    return cols, rows


@dataclass(frozen=True)
class Worksheet:
    """The puzzles of one worksheet and what all its pages share; `page` lays out one page of
    puzzles or of their answers (each answer where its puzzle stood)."""

    tracks: Sequence[Any]
    solutions: Sequence[Solution]
    rules: Rules
    per_page: int
    paper: Paper
    pitch: float
    mono: bool
    title: str
    key_title: str = "Answers"  # the answer pages' heading

    @property
    def rules_text(self) -> str:
        first = self.tracks[0]
        shown = face(first)
        oil = any(getattr(t, "oil", ()) for t in self.tracks)
        return worksheet_rules(shown, self.rules, shown.how_to_race(first, self.rules), oil)

    def pages(self) -> list[list[int]]:
        """The puzzles (indices into tracks) of each page."""
        n, k = len(self.tracks), self.per_page
        return [list(range(i, min(i + k, n))) for i in range(0, n, k)]

    def page(self, doc: Document, items: list[int], *, answers: bool, code: str = "") -> None:
        """One page: the header (with the sheet's code, when it has one), the puzzles or their
        answers in their slots, the rules at the foot and the calibration bar."""
        canvas, box = layout.page(doc, self.paper, mono=self.mono)
        rules_text = self.rules_text
        right = box.right - (_code_width(code) + 4.0 if code else 0.0)
        head = self.key_title if answers else self.title
        first, last = items[0] + 1, items[-1] + 1
        span = f"puzzles {first}-{last}" if last > first else f"puzzle {first}"
        canvas.text(box.x, box.y + 5.5, f"{head} · {span}", 13.0, bold=True)
        if code:
            _code_box(canvas, box, code)
        if not answers:
            _name_and_date(canvas, box, right)
        words = WS_ANSWERS if answers else WS_INSTRUCTIONS
        layout.instructions(canvas, box.x, box.y + 19.0, words, box.w, size=WS_TEXT, line=WS_LINE)
        for slot, k in zip(
            worksheet_slots(self.paper, self.per_page, rules_text), items, strict=False
        ):
            self._slot(canvas, slot, k, answers)
        y = box.bottom - layout.BAR_STRIP - _footer_height(rules_text, box.w) + WS_LINE
        layout.instructions(canvas, box.x, y, rules_text, box.w, size=WS_TEXT, line=WS_LINE)
        bar_and_grid_note(canvas, box, self.pitch)

    def _slot(self, canvas: Canvas, slot: layout.Box, k: int, answers: bool) -> None:
        track, sol = self.tracks[k], self.solutions[k]
        shown = face(track)
        drawing = shown.drawing(track, self.pitch)
        parts = [f"Puzzle {k + 1} · par {moves_text(sol.moves)}"]
        if track.meta.get("grade"):  # a drawn circuit's measured grade and features
            parts.append(grade_note(track))
        boosts = boost_notes(sol.accelerations) if answers else []
        if answers:
            parts.append(lines_note(sol).split(":")[0].rstrip("."))
        labels, size = _slot_label(parts, boosts, slot.w)
        lead = 2.5 if len(labels) > 1 else 0.0  # 6 pt lines within SLOT_TITLE
        for i, label in enumerate(labels):
            canvas.text(slot.x, slot.y + 3.8 - lead + lead * i, label, size, bold=True)
        x = slot.x + (slot.w - drawing.width) / 2
        with canvas.group(dx=x, dy=slot.y + SLOT_TITLE):
            if answers:
                drawing.draw(canvas, line=sol.path, end=shown.finish_at(track, self.rules, sol))
            else:
                drawing.draw(canvas)
        row = slot.y + SLOT_TITLE + drawing.height + 1.5
        _answer_boxes(
            canvas,
            x + drawing.band,
            row,
            slot.right - x - drawing.band,
            sol.moves if answers else None,
        )


def _slot_label(parts: list[str], boosts: list[str], width: float) -> tuple[list[str], float]:
    """A puzzle's label lines and type size, fitted to its slot. `parts` (the puzzle and its
    par first, then notes) may lose their later notes, `boosts` never: an answer line that uses
    good brakes, turbo or the rocket must say where, or it reads as illegal. In a narrow slot
    the boosts are written short ("turbo 1, 7"), and as a last resort go on a second line."""
    short = [re.sub(r"^good | at moves?", "", b) for b in boosts]
    tries = [parts[:n] + b for n in range(len(parts), 0, -1) for b in (boosts, short)]
    for label in (" · ".join(t) for t in tries):
        for size in (8.0, 7.0, 6.0):
            if layout.text_width(label, size, True) <= width - 1.0:
                return [label], size
    return [parts[0], *layout.wrap(" · ".join(short), 6.0, width - 1.0, bold=True)], 6.0


def _name_and_date(canvas: Canvas, box: layout.Box, right: float) -> None:
    """The fields a student fills in at the top of every puzzle page."""
    rule = Style(stroke=BLACK, width=0.25)
    y = box.y + 12.5
    split = box.x + (right - box.x) * 0.55
    canvas.text(box.x, y, "Name", NAME_SIZE)
    canvas.line(box.x + 11, y + 0.5, split - 6, y + 0.5, rule)
    canvas.text(split, y, "Date", NAME_SIZE)
    canvas.line(split + 10, y + 0.5, right, y + 0.5, rule)


def _code_width(code: str) -> float:
    """The width (mm) of _code_box's box."""
    return (
        2.5 + layout.text_width("code", 8.0) + 2.0 + layout.text_width(code, CODE_SIZE, True) + 3.0
    )


def _code_box(canvas: Canvas, box: layout.Box, code: str) -> None:
    """A class pack's sheet code in a box at the top right of the page, big enough to read
    across a desk."""
    w = _code_width(code)
    x = box.right - w
    canvas.rect(x, box.y, w, 9.5, Style(stroke=BLACK, width=0.4))
    canvas.text(x + 2.5, box.y + 7.0, "code", 8.0, colour="#444444")
    canvas.text(x + 4.5 + layout.text_width("code", 8.0), box.y + 7.7, code, CODE_SIZE, bold=True)


def _answer_boxes(canvas: Canvas, x: float, y: float, width: float, par: int | None) -> None:
    """Below a puzzle: a box for the student's number of moves and one for which line is their
    answer (they may draw several tries); on an answer page the moves box holds the par."""
    fields = [("Your moves", 16.0), ("Your answer line (colour or number)", 30.0)]
    if par is not None:
        fields = [("Moves", 16.0)]
    elif sum(layout.text_width(t, WS_TEXT) + w + 5.0 for t, w in fields) > width:
        fields = [("Moves", 14.0), ("Line", 18.0)]
    for label, w in fields:
        canvas.text(x, y + 5.3, label, WS_TEXT)
        bx = x + layout.text_width(label, WS_TEXT) + 1.5
        canvas.rect(bx, y, w, ANSWER_BOX, BOX_STYLE)
        if par is not None:
            canvas.text(bx + w / 2, y + 5.5, str(par), 11.0, bold=True, anchor="middle")
        x = bx + w + 5.0


def worksheet_documents(
    tracks: Sequence[Any],
    solutions: Sequence[Solution],
    rules: Rules,
    *,
    per_page: int,
    paper: Paper,
    pitch: float,
    mono: bool,
    stem: str,
    title: str,
    ident: str,
    answers: str = "after",
) -> list[Document]:
    """Puzzle pages (K tracks each, name and date fields, par, a box for the moves), and their
    answer pages, every answer where its puzzle stood: after the puzzles (answers="after"), in
    a second document `<stem>-answers` ("separate") or none ("none")."""
    sheet = Worksheet(tracks, solutions, rules, per_page, paper, pitch, mono, title)
    doc = Document(stem=stem, title=title, game=GAME, ident=ident)
    for items in sheet.pages():
        sheet.page(doc, items, answers=False)
    key = answer_document(doc, answers)
    if key is None:
        return [doc]
    for items in sheet.pages():
        sheet.page(key, items, answers=True)
    return [doc] if key is doc else [doc, key]


# --- class packs --------------------------------------------------------------------------

INDEX_ROW = 7.0  # mm per student in the teacher's index
KEYS = ("compact", "true-size")  # the teacher's booklet's answers (classpack --key)


def index_rows(paper: Paper) -> int:
    """The students the booklet's index lists a page."""
    box = layout.usable_box(paper)
    return int((box.bottom - box.y - WS_HEADER) // INDEX_ROW)


def booklet_pages(paper: Paper, students: int, tracks: int, key: str) -> int:
    """The teacher's booklet's pages, known before any track is made: the index of codes, then
    one answer a page (true-size) or key_pages' four a page (compact)."""
    if key not in KEYS:
        raise InvalidInput(f"--key {key}: use {' or '.join(KEYS)}")
    answers = students * tracks
    index = -(-students // index_rows(paper))
    return index + (answers if key == "true-size" else key_pages(answers))


def classpack_documents(
    students: Sequence[Any],
    solutions: Sequence[Sequence[Solution]],
    rules: Rules,
    *,
    paper: Paper,
    pitch: float,
    mono: bool,
    stem: str,
    title: str,
    ident: str,
    key: str = "compact",
) -> list[Document]:
    """A class pack's two documents (students: classpack.Student, in class order; solutions:
    each student's, track by track).

    `<stem>`: every student's worksheet, in class order, one puzzle a page at the largest size
    the page holds (the more room, the more different maps: a pack never repeats one), each
    page with the sheet's code, its number in the class, name and date fields and a box for the
    moves. With two puzzles a student (the default), printed double-sided, each student gets
    one sheet; one file to send to the printer, not thirty.
    `<stem>-teacher`: the teacher's booklet: an index of the codes in order with each sheet's
    pars (a marking list), then every student's answers in code order, so a handed-in sheet's
    key is found by its code: key "compact", four answers a page, scaled, each with its points
    written out (answer_key.compact_key); "true-size", one answer a page at the students' size,
    where its puzzle stood on the student's page and under the same code (for a ruler)."""
    if key not in KEYS:
        raise InvalidInput(f"--key {key}: use {' or '.join(KEYS)}")
    sheets = Document(stem=stem, title=title, game=GAME, ident=ident)
    teacher = Document(stem=f"{stem}-teacher", title=f"{title}: answers", game=GAME, ident=ident)
    by_number = {s.number: (s, sols) for s, sols in zip(students, solutions, strict=True)}

    def worksheet(student: Any) -> Worksheet:
        sols = by_number[student.number][1]
        head = f"{title} · sheet {student.number} of {len(students)}"
        key = f"Answers · sheet {student.number}"
        return Worksheet(student.tracks, sols, rules, 1, paper, pitch, mono, head, key)

    for student in students:
        sheet = worksheet(student)
        for items in sheet.pages():
            sheet.page(sheets, items, answers=False, code=student.code)
    ordered = sorted(students, key=lambda s: s.code)
    _code_index(teacher, ordered, by_number, paper, mono, title)
    if key == "compact":
        answers = [
            KeyAnswer(s.code, s.number, k, track, sol)
            for s in ordered
            for k, (track, sol) in enumerate(
                zip(s.tracks, by_number[s.number][1], strict=True), start=1
            )
        ]
        compact_key(teacher, answers, rules, paper, pitch, mono, title)
        return [sheets, teacher]
    for student in ordered:
        sheet = worksheet(student)
        for items in sheet.pages():
            sheet.page(teacher, items, answers=True, code=student.code)
    return [sheets, teacher]


def _code_index(doc: Document, ordered, by_number, paper: Paper, mono: bool, title: str) -> None:  # noqa: ANN001
    """The booklet's first pages: every code in order, its sheet and the par of each puzzle,
    with room to tick each sheet off."""
    rows = list(ordered)
    while rows:
        canvas, box = layout.page(doc, paper, mono=mono)
        canvas.text(box.x, box.y + 5.5, f"{title}: answers by code", 13.0, bold=True)
        layout.instructions(
            canvas,
            box.x,
            box.y + 12.5,
            "Find a sheet's answers by the code at its top right: the answer pages follow in "
            "this order. A moves count equal to the par is full marks when the line is legal.",
            box.w,
            size=WS_TEXT,
            line=WS_LINE,
        )
        top = box.y + WS_HEADER
        fit = index_rows(paper)
        rule = Style(stroke="#9a9a9a", width=0.2)
        for i, student in enumerate(rows[:fit]):
            y = top + INDEX_ROW * i
            sols = by_number[student.number][1]
            pars = " · ".join(
                f"puzzle {k} par {moves_text(s.moves)}" for k, s in enumerate(sols, start=1)
            )
            canvas.text(box.x, y + 5.0, student.code, 12.0, bold=True)
            canvas.text(box.x + 22, y + 5.0, f"sheet {student.number}", WS_TEXT)
            canvas.text(box.x + 44, y + 5.0, pars, WS_TEXT)
            canvas.line(box.x, y + INDEX_ROW, box.right, y + INDEX_ROW, rule)
        rows = rows[fit:]
