"""The answer key: the optimal racing line drawn on the track, its points and accelerations,
and the notes an answer carries (how many optimal lines there are, where the line uses its
boosts), which the worksheets' answer pages print too; and the compact key of a class pack's
booklet, four answers a page drawn smaller, each with its points written out (issue 27).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.check import moves_text
from generator.games.graph_racers.moves.rules import Rules, boost_kind
from generator.games.graph_racers.printing.faces import face
from generator.games.graph_racers.printing.page import page_with_drawing
from generator.games.graph_racers.printing.printed_rules import sheet_subtitle
from generator.games.graph_racers.solving.solution import Solution
from generator.games.graph_racers.track.model import Track
from generator.render import layout
from generator.render.canvas import Canvas
from generator.render.document import Document
from generator.render.paper import Paper


def lines_note(sol: Solution) -> str:
    if sol.optimal_lines is None:
        return "Other optimal lines may exist (not counted)."
    if sol.lines_capped and sol.optimal_lines == 0:
        return "Other optimal lines may exist (too many states to count them)."
    if sol.lines_capped:
        return f"One of at least {sol.optimal_lines} optimal racing lines: other answers with {sol.moves} moves are right too."
    if sol.optimal_lines == 1:
        return "This optimal racing line is the only one."
    return f"One of {sol.optimal_lines} optimal racing lines: other answers with {sol.moves} moves are right too."


def _pairs(items: list[tuple[int, int]], start: int) -> str:
    # no-break spaces inside a pair: a wrapped line never splits "(0, -1)" from its number
    return "  ".join(f"{i}:\u00a0({a},\u00a0{b})" for i, (a, b) in enumerate(items, start=start))


def answer_key(
    doc: Document, track: Track, rules: Rules, sol: Solution, paper: Paper, pitch: float, mono: bool
) -> None:
    """The optimal racing line with numbered points and the list of accelerations."""
    if sol.moves is None:
        raise InvalidInput(
            f"{track.name}: no route under {rules.short()}, so there is no answer key to print"
        )
    shown = face(track)
    drawing = shown.drawing(track, pitch)
    end = shown.finish_at(track, rules, sol)

    def draw(canvas: Canvas) -> None:
        drawing.draw(canvas, line=sol.path, end=end)

    paragraphs = [
        f"Optimal: {moves_text(sol.moves)} under {rules.short()}. {lines_note(sol)}",
        "Points (row, col): " + _pairs(sol.path[:-1], 0) + f"  {sol.moves}: finish",
        "Accelerations (row, col) of moves 1 to " + f"{sol.moves}: " + _pairs(sol.accelerations, 1),
    ]
    if any(sol.boosts):
        paragraphs.append(
            "Boosts: " + ", ".join(f"move {i + 1} {k}" for i, k in enumerate(sol.boosts) if k)
        )
    page_with_drawing(
        doc,
        paper,
        drawing,
        draw,
        f"{track.name}: answer key",
        sheet_subtitle(track, rules, sol.moves),
        paragraphs,
        "Answer",
        mono,
    )


def boost_notes(accels: list) -> list[str]:
    """Where an answer line uses its boosts: ["brakes at move 1", "turbo at moves 3, 5"]."""
    at: dict[str, list[int]] = {}
    vr = vc = 0
    for i, (ar, ac) in enumerate(accels, start=1):
        for v, a in ((vr, ar), (vc, ac)):
            kind = boost_kind(v, a) if abs(a) >= 2 else None
            if kind:
                at.setdefault(kind, []).append(i)
        vr, vc = vr + ar, vc + ac
    words = {"brake": "good brakes"}
    return [
        f"{words.get(kind, kind)} at move{'s' if len(ms) > 1 else ''} {', '.join(map(str, ms))}"
        for kind, ms in at.items()
    ]


# --- the compact key: four answers a page, scaled, the points written out ---------------------

KEY_COLS, KEY_ROWS = 2, 2
KEY_PER_PAGE = KEY_COLS * KEY_ROWS
KEY_HEADER = 22.0  # mm: the page's title and its instructions
KEY_GAP = 5.0  # mm between the answers
KEY_TITLE = 7.0  # mm above each drawing: code, sheet, puzzle and par
KEY_TEXT = 8.0  # pt: the points of each answer (issue 27: 8 pt or more)
KEY_LINE = 3.4  # mm between lines at KEY_TEXT
KEY_WORDS = 9.0  # pt: the page's instructions
KEY_NOTE = (
    "Answers in code order, {n} a page, each track drawn at {pct} % of the students' size with "
    "its line and every point of it written out (row, col), as the student's sheet numbers "
    "them. Other lines with the same number of moves are right too. To settle with a ruler "
    "whether a move touches the edge, print the true-size key."
)


@dataclass(frozen=True)
class KeyAnswer:
    """One answer of the compact key: the sheet's code, which of its puzzles, the track and its
    solution."""

    code: str
    sheet: int
    puzzle: int
    track: Any
    sol: Solution


def key_pages(count: int) -> int:
    """The pages the compact key of `count` answers takes."""
    return -(-count // KEY_PER_PAGE)


def key_paragraphs(sol: Solution) -> list[str]:
    """The words under an answer of the compact key: its points (row, col), how many optimal
    lines there are and, where the line uses them, its boosts."""
    out = [
        "Points (row, col): " + _pairs(sol.path[:-1], 0) + f"  {sol.moves}:\u00a0finish",
        lines_note(sol).split(":")[0].rstrip(".") + ".",
    ]
    if any(sol.boosts):
        out.append(
            "Boosts: " + ", ".join(f"move {i + 1} {k}" for i, k in enumerate(sol.boosts) if k)
        )
    return out


def _key_cells(paper: Paper) -> list[layout.Box]:
    box = layout.usable_box(paper)
    area = box.inset(top=KEY_HEADER)
    w = (area.w - (KEY_COLS - 1) * KEY_GAP) / KEY_COLS
    h = (area.h - (KEY_ROWS - 1) * KEY_GAP) / KEY_ROWS
    return [
        layout.Box(area.x + c * (w + KEY_GAP), area.y + r * (h + KEY_GAP), w, h)
        for r in range(KEY_ROWS)
        for c in range(KEY_COLS)
    ]


def _wrapped(sol: Solution, width: float) -> list[str]:
    return [line for p in key_paragraphs(sol) for line in layout.wrap(p, KEY_TEXT, width)]


def key_scale(answers: Sequence[KeyAnswer], paper: Paper, pitch: float) -> float:
    """One scale for every drawing of the key (at most true size): the largest at which each
    track, its title and its points fit a cell."""
    cell = _key_cells(paper)[0]
    scale = 1.0
    for a in answers:
        drawing = face(a.track).drawing(a.track, pitch)
        room = cell.h - KEY_TITLE - 1.5 - KEY_LINE * len(_wrapped(a.sol, cell.w))
        scale = min(scale, cell.w / drawing.width, room / drawing.height)
    return scale


def compact_key(
    doc: Document,
    answers: Sequence[KeyAnswer],
    rules: Rules,
    paper: Paper,
    pitch: float,
    mono: bool,
    title: str,
) -> None:
    """The answers, KEY_PER_PAGE a page in the order given, each track scaled (key_scale) with
    its answer line and, under it, its points, lines and boosts at KEY_TEXT pt. Not true size:
    no calibration bar; the true-size key is the worksheets' answer pages."""
    scale = key_scale(answers, paper, pitch)
    for start in range(0, len(answers), KEY_PER_PAGE):
        canvas, box = layout.page(doc, paper, mono=mono)
        shown = answers[start : start + KEY_PER_PAGE]
        codes = f"{shown[0].code} to {shown[-1].code}" if len(shown) > 1 else shown[0].code
        canvas.text(box.x, box.y + 5.5, f"{title}: answers {codes}", 13.0, bold=True)
        note = KEY_NOTE.format(
            n="four" if KEY_PER_PAGE == 4 else KEY_PER_PAGE, pct=round(scale * 100)
        )
        layout.instructions(canvas, box.x, box.y + 12.0, note, box.w, size=KEY_WORDS, line=3.8)
        for cell, a in zip(_key_cells(paper), shown, strict=False):
            _key_answer(canvas, cell, a, rules, pitch, scale)


def _key_answer(
    canvas: Canvas, cell: layout.Box, a: KeyAnswer, rules: Rules, pitch: float, scale: float
) -> None:
    shown = face(a.track)
    drawing = shown.drawing(a.track, pitch)
    end = shown.finish_at(a.track, rules, a.sol)
    canvas.text(cell.x, cell.y + 4.8, a.code, 12.0, bold=True)
    label = f"sheet {a.sheet} · puzzle {a.puzzle} · par {moves_text(a.sol.moves)}"
    canvas.text(cell.x + layout.text_width(a.code, 12.0, True) + 3.0, cell.y + 4.8, label, 9.0)
    x = cell.x + (cell.w - drawing.width * scale) / 2
    with canvas.group(dx=x, dy=cell.y + KEY_TITLE, scale=scale):
        layout.draw_legible(canvas, lambda c: drawing.draw(c, line=a.sol.path, end=end), scale)
    y = cell.y + KEY_TITLE + drawing.height * scale + 1.5 + KEY_LINE * 0.8
    for i, line in enumerate(_wrapped(a.sol, cell.w)):
        canvas.text(cell.x, y + KEY_LINE * i, line, KEY_TEXT)
