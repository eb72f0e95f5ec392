"""Printed Graph Racers: track sheet, race sheet, answer key and classroom worksheet.

Every page is true scale (the grid at the chosen pitch, 5 mm or 1/4 inch), carries a 50 mm
calibration bar and prints the rules it was solved under next to the par, because a par means
nothing without its rules. Pages are fitted portrait or landscape, whichever holds the track;
a track too big for the paper is tiled over several sheets with an assembly map.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from generator.errors import InvalidInput
from generator.games.graph_racers.check import moves_text
from generator.games.graph_racers.drawing import TrackDrawing
from generator.games.graph_racers.model import Track
from generator.games.graph_racers.referee import Referee
from generator.games.graph_racers.rules import Rules, boost_kind
from generator.games.graph_racers.solve import Solution
from generator.printing import pitch_text
from generator.render import layout
from generator.render.canvas import BLACK, Canvas, Style
from generator.render.document import Document
from generator.render.glyphs import player_marker
from generator.render.palette import player_colour, player_symbol
from generator.render.paper import Paper

GAME = "Graph Racers"
TEXT = 8.5  # pt, body text
LINE = 4.0  # mm between body lines
HEADER = 16.0  # mm: title and subtitle above a drawing
COLOUR_NAMES = {
    "#0072b2": "blue",
    "#d55e00": "vermillion",
    "#000000": "black",
    "#56b4e9": "sky blue",
    "#cc79a7": "purple",
    "#e69f00": "orange",
}
BOX_STYLE = Style(stroke="#555555", width=0.25)
LEGEND_ROW = 6.5  # mm per line of the race sheet's player legend
LEGEND_ONE_ROW = 110.0  # mm: narrower legends put each player's name line on a second row
MIN_SIDE = 45.0  # mm: the narrowest text column beside a drawing


def legend_height(players: int, width: float) -> float:
    """Height (mm) of the race sheet's player legend `width` mm wide, with the gap above it."""
    rows = players * (1 if width >= LEGEND_ONE_ROW else 2)
    return 3 + LEGEND_ROW * rows + 3


def how_to_race(track: Track, rules: Rules) -> str:
    if track.is_lap:
        n = len(track.checkpoints)
        cps = (
            "checkpoint 1"
            if n == 1
            else "checkpoints 1 and 2"
            if n == 2
            else f"checkpoints 1 to {n}"
        )
        ends = (
            ""
            if rules.collision == "endpoint"
            else " (the race ends there, even if the line would go on into a shaded square)"
        )
        return (
            "Start standing on the start/finish line. Race in the arrow's direction, pass "
            f"{cps} in order (each the way its arrow points), and finish by crossing the "
            f"start/finish line again the same way{ends}."
        )
    if rules.collision == "endpoint":  # the jump rule: only landing points count
        return "Start standing on any S point. Finish by landing on a chequered goal square."
    return (
        "Start standing on any S point. Finish by touching a chequered goal square: the race "
        "ends there, even if the line would go on into a shaded square."
    )


def crash_text(rules: Rules) -> str:
    """The seed's damage rules, for play at the table (the solver and the par never crash),
    with what a crash is under the collision rule in force."""
    crash = (
        "a move that lands off the track crashes"
        if rules.collision == "endpoint"
        else "a move whose line touches a shaded square crashes"
    )
    return (
        f"Crashes: {crash}. Take one damage point for each square of speed, put the car on the "
        "track point nearest the crash and go on at speed 1 next turn; more than 5 damage points "
        "and you are out. Never drive into another car on purpose; when it cannot be avoided, "
        "both cars take one damage point for each square they were apart last turn, stop, and "
        "move off at speed 1 next turn."
    )


def rule_text(track: Track, rules: Rules, par: int | None) -> list[str]:
    lines = [f"Rules: {rules.short()}."] + rules.lines(oil=bool(track.oil))
    lines.append(
        "Each move: draw a straight line to the new point; the line may not touch a shaded square."
    )
    if rules.collision == "endpoint":
        lines[-1] = (
            "Each move: only the point you land on must be on the track (you may jump shaded squares)."
        )
    lines.append(how_to_race(track, rules))
    if par is not None:
        lines.append(f"Par: {moves_text(par)} under these rules.")
    return lines


@dataclass
class Placed:
    """A drawing placed on a page with a text block below or beside it."""

    paper: Paper
    beside: bool


def _fit(
    paper: Paper, dw: float, dh: float, text_w: float, text_h: float, prefer_landscape: bool
) -> Placed | None:
    """Portrait or landscape, text below or beside: the first arrangement that fits."""
    orders = [prefer_landscape, not prefer_landscape]
    for landscape in orders:
        p = Paper.get(paper.name, landscape)
        box = layout.usable_box(p)
        room_h = box.h - HEADER - layout.BAR_STRIP
        if dw <= box.w and dh + 4 + text_h <= room_h:
            return Placed(p, False)
        if dw + 6 + text_w <= box.w and dh <= room_h and text_h <= room_h:
            return Placed(p, True)
    return None


def _header(canvas: Canvas, box: layout.Box, title: str, subtitle: str) -> None:
    canvas.text(box.x, box.y + 5.5, title, 14.0, bold=True)
    canvas.text(box.x, box.y + 11.0, subtitle, 8.5, colour="#444444")


def _text_block(
    canvas: Canvas,
    x: float,
    y: float,
    width: float,
    paragraphs: list[str],
    title: str | None = None,
) -> float:
    """Wrapped paragraphs in a thin box; returns the height used."""
    lines: list[tuple[str, bool]] = []
    if title:
        lines.append((title, True))
    for para in paragraphs:
        lines += [(ln, False) for ln in layout.wrap(para, TEXT, width - 4)]
    h = 2.5 + LINE * len(lines)
    canvas.rect(x, y, width, h, BOX_STYLE)
    for i, (ln, bold) in enumerate(lines):
        canvas.text(x + 2, y + 2.0 + LINE * (i + 0.75), ln, TEXT, bold=bold)
    return h


def _text_height(width: float, paragraphs: list[str], title: bool = True) -> float:
    n = sum(len(layout.wrap(p, TEXT, width - 4)) for p in paragraphs) + (1 if title else 0)
    return 2.5 + LINE * n


def _page_with_drawing(
    doc: Document,
    paper: Paper,
    drawing: TrackDrawing,
    draw: Callable[[Canvas], None],
    title: str,
    subtitle: str,
    paragraphs: list[str],
    block_title: str,
    mono: bool,
    extra: Callable[[Canvas, float, float, float], float] | None = None,
    extra_h: float | Callable[[float], float] = 0.0,
) -> None:
    """One true-scale page: header, the drawing, a text block (and an extra block), a bar.

    Text below the drawing, or in a column beside it (62 mm, or as narrow as MIN_SIDE when
    that is all the paper leaves); when neither fits but the drawing does, the text goes on a
    page of its own before it, turned the same way; only a drawing larger than the paper is
    tiled.
    """

    def extra_height(width: float) -> float:
        return extra_h(width) if callable(extra_h) else extra_h

    base = layout.usable_box(paper)
    below_w = base.w
    side_w = 62.0
    text_h_below = _text_height(below_w, paragraphs) + extra_height(below_w)
    text_h_side = _text_height(side_w, paragraphs) + extra_height(side_w)
    prefer = drawing.width > drawing.height * 1.15
    placed = _fit(paper, drawing.width, drawing.height, side_w, max(text_h_below, 0), prefer)
    if placed is not None and placed.beside:
        placed = _fit(paper, drawing.width, drawing.height, side_w, text_h_side, prefer)
    if placed is None:
        placed = _fit_narrow_side(paper, drawing, paragraphs, extra_height, prefer)
    alone = _fits_alone(paper, drawing, prefer) if placed is None else None
    if alone is not None:
        # the text page turns as the drawing's page does: one orientation prints duplex
        _text_page(doc, alone, title, subtitle, paragraphs, block_title, mono, extra)
        canvas, box = layout.page(doc, alone, mono=mono)
        _header(canvas, box, title, subtitle)
        x = box.x + (box.w - drawing.width) / 2
        with canvas.group(dx=x, dy=box.y + HEADER):
            draw(canvas)
        _bar_and_grid_note(canvas, box, drawing.pitch)
        return
    if placed is None:
        _tiled(
            doc,
            paper,
            drawing,
            draw,
            title,
            subtitle,
            paragraphs,
            block_title,
            mono,
            extra,
            extra_h,
        )
        return
    canvas, box = layout.page(doc, placed.paper, mono=mono)
    _header(canvas, box, title, subtitle)
    top = box.y + HEADER
    if placed.beside:
        x = box.x
        with canvas.group(dx=x, dy=top):
            draw(canvas)
        tx = x + drawing.width + 6
        tw = box.right - tx
        h = _text_block(canvas, tx, top, tw, paragraphs, block_title)
        if extra is not None:
            extra(canvas, tx, top + h + 3, tw)
    else:
        x = box.x + (box.w - drawing.width) / 2
        with canvas.group(dx=x, dy=top):
            draw(canvas)
        ty = top + drawing.height + 4
        h = _text_block(canvas, box.x, ty, box.w, paragraphs, block_title)
        if extra is not None:
            extra(canvas, box.x, ty + h + 3, box.w)
    _bar_and_grid_note(canvas, box, drawing.pitch)


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


def _bar_and_grid_note(canvas: Canvas, box: layout.Box, pitch: float) -> None:
    """The calibration bar at the foot of the page, and the grid pitch at its right."""
    layout.calibration_bar(canvas, box.x, box.bottom - layout.BAR_HEIGHT)
    canvas.text(
        box.right,
        box.bottom - layout.BAR_HEIGHT + 2.6,
        f"grid {pitch_text(pitch)}, true size",
        7.0,
        anchor="end",
    )


def _fit_narrow_side(
    paper: Paper,
    drawing: TrackDrawing,
    paragraphs: list[str],
    extra_height: Callable[[float], float],
    prefer_landscape: bool,
) -> Placed | None:
    """Text in whatever column (at least MIN_SIDE mm) the drawing leaves beside it."""
    for landscape in (prefer_landscape, not prefer_landscape):
        p = Paper.get(paper.name, landscape)
        box = layout.usable_box(p)
        room_h = box.h - HEADER - layout.BAR_STRIP
        w = box.w - drawing.width - 6
        if w < MIN_SIDE or drawing.height > room_h:
            continue
        if _text_height(w, paragraphs) + extra_height(w) <= room_h:
            return Placed(p, True)
    return None


def _fits_alone(paper: Paper, drawing: TrackDrawing, prefer_landscape: bool) -> Paper | None:
    """The orientation of `paper` whose page holds the drawing under its header, if any."""
    for landscape in (prefer_landscape, not prefer_landscape):
        p = Paper.get(paper.name, landscape)
        box = layout.usable_box(p)
        if drawing.width <= box.w and drawing.height <= box.h - HEADER - layout.BAR_STRIP:
            return p
    return None


def _text_page(doc, paper, title, subtitle, paragraphs, block_title, mono, extra, note="") -> None:  # noqa: ANN001
    """The header, the rules box and the extra block on a page of their own."""
    canvas, box = layout.page(doc, paper, mono=mono)
    _header(canvas, box, title, subtitle + note)
    h = _text_block(canvas, box.x, box.y + HEADER, box.w, paragraphs, block_title)
    if extra is not None:
        extra(canvas, box.x, box.y + HEADER + h + 3, box.w)


def _tiled(
    doc, paper, drawing, draw, title, subtitle, paragraphs, block_title, mono, extra, extra_h
) -> None:
    """A track too big for one sheet: an information page, then the tiled drawing."""
    note = " · track tiled over the following sheets"
    _text_page(doc, paper, title, subtitle, paragraphs, block_title, mono, extra, note)
    # the sheets turn when that cuts fewer words, takes fewer sheets or leaves none nearly
    # blank (landscape was asked for: landscape only)
    turns = [paper] if paper.landscape else [paper, paper.rotated()]
    sheets = layout.tiling_paper(turns, drawing.width, drawing.height, draw)
    layout.tile(doc, sheets, drawing.width, drawing.height, draw, mono=mono)


# --- the documents ------------------------------------------------------------------------


def _subtitle(track: Track, rules: Rules, par: int | None) -> str:
    parts = [GAME, f"{track.cols} x {track.rows} points"]
    if par is not None:
        parts.append(f"par {moves_text(par)}")
    parts.append(rules.short())
    ident = track.meta.get("id")
    if ident:
        parts.append(str(ident))
    return " · ".join(parts)


def track_sheet(
    doc: Document,
    track: Track,
    rules: Rules,
    par: int | None,
    paper: Paper,
    pitch: float,
    mono: bool,
) -> None:
    """The track with its start/finish, checkpoints and oil, and a box with rules and par."""
    drawing = TrackDrawing(track, pitch)
    _page_with_drawing(
        doc,
        paper,
        drawing,
        drawing.draw,
        track.name,
        _subtitle(track, rules, par),
        rule_text(track, rules, par),
        "How to race",
        mono,
    )


def race_sheet(
    doc: Document,
    track: Track,
    rules: Rules,
    par: int | None,
    players: int,
    paper: Paper,
    pitch: float,
    mono: bool,
) -> None:
    """The track with a player legend (colour and symbol each), then a move log table."""
    if not 2 <= players <= 6:
        raise InvalidInput(f"--players {players}: a race sheet is for 2 to 6 players")
    drawing = TrackDrawing(track, pitch)

    def legend(canvas: Canvas, x: float, y: float, w: float) -> float:
        two_rows = w < LEGEND_ONE_ROW  # a narrow column puts the name line under the player
        row_h = LEGEND_ROW
        canvas.rect(x, y, w, legend_height(players, w) - 3, BOX_STYLE)
        rule = Style(stroke="#888888", width=0.2)
        for i in range(players):
            cy = y + 2 + row_h * ((2 * i if two_rows else i) + 0.5)
            player_marker(canvas, i, x + 5, cy, 4.0)
            colour = player_colour(i)
            # a mono page prints no colours: name the shape alone there
            named = "" if canvas.mono else f"{COLOUR_NAMES.get(colour, colour)} "
            label = f"Player {i + 1}: {named}{player_symbol(i)}"
            size = TEXT
            while size > 6.5 and layout.text_width(label, size, bold=True) > w - 11:
                size -= 0.5
            canvas.text(x + 9, cy + 1.2, label, size, bold=True)
            if two_rows:
                ny = cy + row_h
                canvas.text(x + 9, ny + 1.2, "name", 7.0, colour="#666666")
                canvas.line(x + 17, ny + 1.6, x + w - 3, ny + 1.6, rule)
            else:
                canvas.text(x + 58, cy + 1.2, "name", 7.0, colour="#666666")
                canvas.line(x + 66, cy + 1.6, min(x + w - 3, x + 140), cy + 1.6, rule)
        return legend_height(players, w) - 3

    join = "a line" if mono else "your colour"  # a mono page prints no colours
    paragraphs = rule_text(track, rules, par) + [
        f"Take turns; mark your car's point with your symbol and join your moves with {join}. "
        "Crashes: see the move log."
    ]
    _page_with_drawing(
        doc,
        paper,
        drawing,
        drawing.draw,
        f"{track.name}: race sheet",
        _subtitle(track, rules, par),
        paragraphs,
        "How to race",
        mono,
        extra=legend,
        extra_h=lambda w: legend_height(players, w),
    )
    move_log(doc, players, par, paper, mono, track.name, rules)


def move_log(
    doc: Document,
    players: int,
    par: int | None,
    paper: Paper,
    mono: bool,
    name: str,
    rules: Rules,
) -> None:
    """A table to write each player's point (row, column) move by move, under the crash
    rules (the page players keep in front of them): rows for 1.6 x par moves (at least 20);
    when one page holds fewer than the par's, the table goes on over a second page, so an
    optimal race always fits (found by a user test: a par of 30 on Letter got 30 rows)."""
    want = max(20, math.ceil((par or 20) * 1.6))
    need = (par or 0) + 1  # moves 0 .. par
    first_move = 0
    while True:
        canvas, box = layout.page(doc, paper, mono=mono)
        title = f"{name}: move log" + (" (continued)" if first_move else "")
        _header(canvas, box, title, f"{GAME} · write each move's point as (row, column)")
        crash = [] if first_move else layout.wrap(crash_text(rules), 7.5, box.w)
        for i, ln in enumerate(crash):
            canvas.text(box.x, box.y + HEADER + 3.0 * i, ln, 7.5)
        top = box.y + HEADER + 3.0 * len(crash) + 1.0
        rows = _log_table(canvas, box, top, players, first_move, want - first_move)
        first_move += rows
        if first_move >= want:
            return
        if first_move >= need:
            layout.instructions(
                canvas,
                box.x,
                top + LOG_HEAD + rows * LOG_ROW + 4,
                f"continue on squared paper after move {first_move - 1}",
                colour="#666666",
            )
            return


LOG_ROW = 7.0  # mm, one move
LOG_HEAD = 9.0  # mm, the players' row


def _log_table(canvas, box, top: float, players: int, first_move: int, most: int) -> int:
    """The move log's rows from `first_move`, as many as fit (at most `most`); the count."""
    first = 12.0
    col_w = (box.w - first) / players
    rows = min(most, int((box.bottom - top - LOG_HEAD - 4) // LOG_ROW))
    thin = Style(stroke="#888888", width=0.2)
    canvas.rect(box.x, top, box.w, LOG_HEAD + rows * LOG_ROW, Style(stroke=BLACK, width=0.35))
    canvas.text(box.x + first / 2, top + 5.8, "Move", 7.5, bold=True, anchor="middle")
    for i in range(players):
        cx = box.x + first + col_w * i
        canvas.line(cx, top, cx, top + LOG_HEAD + rows * LOG_ROW, thin)
        player_marker(canvas, i, cx + 4.5, top + LOG_HEAD / 2, 4.0)
        canvas.text(cx + 8, top + 5.8, f"Player {i + 1}", 7.5, bold=True)
    for k in range(rows + 1):
        y = top + LOG_HEAD + k * LOG_ROW
        canvas.line(box.x, y, box.right, y, thin)
        if k < rows:
            label = str(first_move + k)
            canvas.text(box.x + first / 2, y + 4.8, label, 7.5, anchor="middle", colour="#444444")
            for i in range(players):
                cx = box.x + first + col_w * i + col_w / 2
                canvas.text(
                    cx, y + 4.8, "(        ,        )", 7.5, anchor="middle", colour="#bbbbbb"
                )
    return rows


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
    drawing = TrackDrawing(track, pitch)
    end = finish_fraction(track, rules, sol)

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
    _page_with_drawing(
        doc,
        paper,
        drawing,
        draw,
        f"{track.name}: answer key",
        _subtitle(track, rules, sol.moves),
        paragraphs,
        "Answer",
        mono,
    )


def finish_fraction(track: Track, rules: Rules, sol: Solution) -> float:
    """Where along the last move the race ends (answer drawings stop the line there)."""
    if len(sol.path) < 2:
        return 1.0
    ref = Referee(track, rules)
    (r, c), (r2, c2) = sol.path[-2], sol.path[-1]
    stage = len(track.checkpoints) if track.is_lap else 0
    # the stage before the last move: replay the line
    if track.is_lap:
        stage = 0
        for (a, b), (a2, b2) in zip(sol.path[:-2], sol.path[1:-1], strict=False):
            stage = ref.judge(a, b, a2 - a, b2 - b, stage)[1]
    return ref.finish_fraction(r, c, r2 - r, c2 - c, stage)


def sheet_document(
    track: Track,
    rules: Rules,
    sol: Solution | None,
    *,
    kinds: tuple[str, ...],
    players: int,
    paper: Paper,
    pitch: float,
    mono: bool,
    stem: str,
) -> Document:
    par = sol.moves if sol is not None else None
    doc = Document(
        stem=stem, title=f"{track.name}", game=GAME, ident=str(track.meta.get("id", rules.short()))
    )
    for kind in kinds:
        if kind == "track":
            track_sheet(doc, track, rules, par, paper, pitch, mono)
        elif kind == "race":
            race_sheet(doc, track, rules, par, players, paper, pitch, mono)
        elif kind == "answer":
            assert sol is not None
            answer_key(doc, track, rules, sol, paper, pitch, mono)
    return doc


# --- worksheets ---------------------------------------------------------------------------

SLOTS = {1: (1, 1), 2: (1, 2), 3: (1, 3), 4: (2, 2), 6: (2, 3)}
WS_HEADER = 21.0  # mm: title, name and date fields, instructions
WS_FOOTER = 14.0  # mm: rules line above the calibration bar
SLOT_TITLE = 5.5  # mm above each puzzle
# the instruction under the name and date (one line at layout.INSTRUCTION_SIZE); how to race
# is with the rules at the foot of the page
WS_INSTRUCTIONS = (
    "Race each track in as few moves as you can, by the rules at the foot of the page."
)
WS_ANSWERS = (
    "Each answer stands where its puzzle stood. Other lines with the same number of moves are "
    "right too."
)
SLOT_GAP = 4.0


def worksheet_slots(paper: Paper, per_page: int) -> list[layout.Box]:
    """Where the puzzles of one worksheet page go."""
    if per_page not in SLOTS:
        raise InvalidInput(f"--per-page {per_page}: use 1, 2, 3, 4 or 6")
    cols, rows = SLOTS[per_page]
    if paper.landscape and cols < rows:  # 3 or 6 a page: side by side on a landscape sheet
        cols, rows = rows, cols
    box = layout.usable_box(paper)
    area = box.inset(top=WS_HEADER, bottom=WS_FOOTER + layout.BAR_STRIP)
    w = (area.w - (cols - 1) * SLOT_GAP) / cols
    h = (area.h - (rows - 1) * SLOT_GAP) / rows
    return [
        layout.Box(area.x + c * (w + SLOT_GAP), area.y + r * (h + SLOT_GAP), w, h)
        for r in range(rows)
        for c in range(cols)
    ]


def worksheet_track_size(
    paper: Paper, per_page: int, pitch: float, cap: tuple[int, int], shared: bool = True
) -> tuple[int, int]:
    """(cols, rows) of the tracks that fill a worksheet slot at `pitch` on `paper` and on A4
    and US Letter turned the same way: a seed then gives the same puzzles on either paper
    (teachers share a seed, not a paper size); only smaller paper makes smaller tracks.
    shared=False: what the slot on `paper` alone holds."""
    probe = TrackDrawing(Track(("#",), ((0, 0),)), pitch)
    cols, rows = cap
    papers = [paper]
    if shared:
        papers += [Paper.get("a4", paper.landscape), Paper.get("letter", paper.landscape)]
    for p in papers:
        slot = worksheet_slots(p, per_page)[0]
        cols = min(cols, int((slot.w - probe.band) // pitch))
        rows = min(rows, int((slot.h - SLOT_TITLE - probe.band) // pitch))
    return cols, rows


def worksheet_document(
    tracks: list[Track],
    solutions: list[Solution],
    rules: Rules,
    *,
    per_page: int,
    paper: Paper,
    pitch: float,
    mono: bool,
    stem: str,
    title: str,
    ident: str,
) -> Document:
    """Puzzle pages (K tracks each, name and date fields, par), then answer pages with every
    answer where its puzzle stood."""
    doc = Document(stem=stem, title=title, game=GAME, ident=ident)
    slots = worksheet_slots(paper, per_page)
    pages = [
        list(range(i, min(i + per_page, len(tracks)))) for i in range(0, len(tracks), per_page)
    ]
    rule_words = " ".join(rules.lines(oil=any(t.oil for t in tracks)))
    for answers in (False, True):
        for items in pages:
            canvas, box = layout.page(doc, paper, mono=mono)
            head = "Answers" if answers else title
            first, last = items[0] + 1, items[-1] + 1
            span = f"puzzles {first}-{last}" if last > first else f"puzzle {first}"
            canvas.text(box.x, box.y + 5.5, f"{head} · {span}", 13.0, bold=True)
            if not answers:
                canvas.text(box.x, box.y + 12.5, "Name", 9.0)
                canvas.line(
                    box.x + 10, box.y + 13, box.x + 100, box.y + 13, Style(stroke=BLACK, width=0.25)
                )
                canvas.text(box.x + 108, box.y + 12.5, "Date", 9.0)
                canvas.line(
                    box.x + 117, box.y + 13, box.right, box.y + 13, Style(stroke=BLACK, width=0.25)
                )
                instructions = WS_INSTRUCTIONS
            else:
                instructions = WS_ANSWERS
            layout.instructions(canvas, box.x, box.y + 17.5, instructions, box.w)
            for slot, k in zip(slots, items, strict=False):
                track, sol = tracks[k], solutions[k]
                drawing = TrackDrawing(track, pitch)
                parts = [f"Puzzle {k + 1} · par {moves_text(sol.moves)}"]
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
                        drawing.draw(canvas, line=sol.path, end=finish_fraction(track, rules, sol))
                    else:
                        drawing.draw(canvas)
            # the rules at the foot, how to race this page's tracks among them
            race = how_to_race(tracks[items[0]], rules)
            rules_line = f"Rules: {rules.short()}. {race} {rule_words}"
            rule_size, step, rule_lines = _footer_rules(rules_line, box.w)
            y = box.bottom - layout.BAR_STRIP - WS_FOOTER + 4
            for i, ln in enumerate(rule_lines):
                canvas.text(box.x, y + step * i, ln, rule_size)
            _bar_and_grid_note(canvas, box, pitch)
    return doc


def _footer_rules(text: str, width: float) -> tuple[float, float, list[str]]:
    """(type size, line step, lines) for the rules at a worksheet page's foot: every rule,
    how to race, boosts and oil included, in smaller type (never under layout.MIN_TEXT) when
    three lines do not hold it."""
    for size, step, most in ((7.5, 3.4, 3), (6.5, 2.9, 4), (layout.MIN_TEXT, 2.5, 5)):
        lines = layout.wrap(text, size, width)
        if len(lines) <= most:
            return size, step, lines
    return size, step, lines[:most]
