"""Printed Graph Racers: track sheet, race sheet, answer key and classroom worksheet.

Every page is true scale (the grid at the chosen pitch, 5 mm or 1/4 inch), carries a 50 mm
calibration bar and prints the rules it was solved under next to the par, because a par means
nothing without its rules. Pages are fitted portrait or landscape, whichever holds the track;
a track too big for the paper is tiled over several sheets with an assembly map.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.check import moves_text
from generator.games.graph_racers.moves.referee import Referee
from generator.games.graph_racers.moves.rules import Rules, boost_kind
from generator.games.graph_racers.printing.drawing import TrackDrawing
from generator.games.graph_racers.printing.drawn_drawing import DrawnDrawing
from generator.games.graph_racers.race.goodies import WORDS, legend
from generator.games.graph_racers.race.state import MAX_DAMAGE
from generator.games.graph_racers.race.swedish import obstacle_legend
from generator.games.graph_racers.race.table_rules import TableRules, Tally, goodie_words
from generator.games.graph_racers.solving.solve import Solution
from generator.games.graph_racers.track.model import Track
from generator.printing import pitch_text
from generator.render import layout
from generator.render.canvas import BLACK, Canvas, Style
from generator.render.document import Document, answer_document
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


TALLY_ROW = 5.0  # mm per line of a player's tally boxes
TALLY_BOX = 2.8  # mm, one tick box
TALLY_STEP = 3.6  # mm from one tick box to the next
TALLY_TEXT = 7.0  # pt


def tally_groups(tally: Tally, contact: bool) -> list[tuple[str, int]]:
    """A car's tally on the race sheet: (label, tick boxes) groups: a box for each damage point
    it can take (with contact), each boost use and each one-use goodie; words for the rest."""
    groups: list[tuple[str, int]] = []
    if contact:
        if tally.damage:
            groups.append(("damage", tally.damage))
        else:
            groups.append(("0 damage points", 0))
    for label, n in (("brakes", tally.brakes), ("turbo", tally.turbo), ("rocket", tally.rocket)):
        if n:
            groups.append((label, n))
    groups += [(WORDS[k], 1) for k in tally.once]
    groups += [(w, 0) for w in goodie_words(tally)]
    return groups


def tally_lines(groups: list[tuple[str, int]], width: float) -> list[list[tuple[str, int]]]:
    """The groups laid out in lines `width` mm wide: a group starts a new line when it does
    not fit; boxes that do not fit on a whole line go on over the next ('' label)."""
    lines: list[list[tuple[str, int]]] = [[]]
    used = 0.0
    for label, n in groups:
        need = _group_width(label, n)
        if lines[-1] and used + need > width:
            lines.append([])
            used = 0.0
        while n and used + _group_width(label, n) > width:
            fit = max(1, int((width - used - _label_width(label)) // TALLY_STEP))
            lines[-1].append((label, fit))
            lines.append([])
            used, label, n = 0.0, "", n - fit
        lines[-1].append((label, n))
        used += _group_width(label, n) + 3.0
    return [line for line in lines if line]


def _label_width(label: str) -> float:
    return layout.text_width(label, TALLY_TEXT) + 1.2 if label else 0.0


def _group_width(label: str, n: int) -> float:
    return _label_width(label) + TALLY_STEP * n


@dataclass(frozen=True)
class Legend:
    """The race sheet's player legend: each player's colour and symbol, team and name line,
    `width` mm wide."""

    players: int
    rules: Rules
    table: TableRules
    width: float
    mono: bool

    def label(self, seat: int) -> tuple[str, float]:
        """The player's label and its size (pt): smaller until it fits the width."""
        # a mono page prints no colours: name the shape alone there
        colour = player_colour(seat)
        named = "" if self.mono else f"{COLOUR_NAMES.get(colour, colour)} "
        label = f"Player {seat + 1}: {named}{player_symbol(seat)}"
        team = self.table.tally(seat, self.rules).team
        if team is not None:
            label += f", team {team}"
        size = TEXT
        while size > 6.5 and layout.text_width(label, size, bold=True) > self.width - 11:
            size -= 0.5
        return label, size

    def name_at(self, seat: int) -> float:
        """Where the name line starts on the player's row (mm from the legend's left)."""
        label, size = self.label(seat)
        return max(58.0, 9 + layout.text_width(label, size, bold=True) + 4)

    @property
    def two_rows(self) -> bool:
        """Name lines on a row of their own: in a narrow column, or where a label leaves no
        room for a name line 40 mm long."""
        return self.width < LEGEND_ONE_ROW or any(
            self.name_at(i) + 8 + 40 > self.width - 3 for i in range(self.players)
        )

    def player_height(self, seat: int) -> float:
        return LEGEND_ROW * (2 if self.two_rows else 1)

    @property
    def height(self) -> float:
        """Height (mm) with the gap above it."""
        return 3 + sum(self.player_height(i) for i in range(self.players)) + 3


def how_to_race(track: Track, rules: Rules) -> str:
    """How a race on a cell map starts and ends, in the words of its drawing."""
    if track.is_lap:
        return lap_race(len(track.checkpoints), rules)
    if rules.collision == "endpoint":  # the jump rule: only landing points count
        return "Start standing on any S point. Finish by landing on a chequered goal square."
    return (
        "Start standing on any S point. Finish by touching a chequered goal square: the race "
        "ends there, even if the line would go on into a grey square."
    )


def lap_race(checkpoints: int, rules: Rules) -> str:
    """How to race a lap of a cell map with that many checkpoints."""
    n = checkpoints
    cps = "checkpoint 1" if n == 1 else "checkpoints 1 and 2" if n == 2 else f"checkpoints 1 to {n}"
    ends = (
        ""
        if rules.collision == "endpoint"
        else " (the race ends there, even if the line would go on into a grey square)"
    )
    return (
        "Start standing on the start/finish line. Race in the arrow's direction, pass "
        f"{cps} in order (each the way its arrow points), and finish by crossing the "
        f"start/finish line again the same way{ends}."
    )


def cell_move_rule(rules: Rules) -> str:
    """The move rule in the words of a cell map's drawing (off-track squares are grey)."""
    if rules.collision == "endpoint":
        return (
            "Each move: only the point you land on must be on the track; the line may cross "
            "grey squares."
        )
    return (
        "Each move is a straight line from point to point: the line must not touch a grey "
        "square, not even at a corner."
    )


def crash_text(rules: Rules, wall: str = "a grey square", table: TableRules | None = None) -> str:
    """The seed's damage rules, for play at the table (the solver and the par never crash),
    with what a crash is under the collision rule in force (`wall`: what the drawing shows as
    the track's limit, TrackFace.wall) and the table's switches (no contact, designed cars'
    own damage points, the Swedish leaving of the track)."""
    table = table or TableRules()
    crash = (
        "a move that lands off the track crashes"
        if rules.collision == "endpoint"
        else f"a move whose line touches {wall} crashes"
    )
    if table.swedish.circle:
        crash += (
            " (off-track circle: one that lands off the track inside the grid leaves it "
            "instead, no damage; come back behind the point you left)"
        )
    if not table.contact:
        return (
            f"Crashes: {crash}. No contact: no damage; put the car on the track point nearest "
            "the crash and go on at speed 1 next turn. Cars ignore each other."
        )
    limit = (
        "more damage than your car's damage points (none: the first hit) and you are out"
        if table.designs is not None
        else f"more than {MAX_DAMAGE} damage points and you are out"
    )
    return (
        f"Crashes: {crash}. Take one damage point for each square of speed, put the car on the "
        f"track point nearest the crash and go on at speed 1 next turn; {limit}. Never drive "
        "into another car on purpose; when it cannot be avoided, both cars take one damage "
        "point for each square they were apart last turn, stop, and move off at speed 1 next "
        "turn."
    )


def rule_text(track: Track, rules: Rules, par: int | None) -> list[str]:
    """The rules box of a track or race sheet: every rule, the move rule in the words of the
    drawing, how to race, the par."""
    shown = face(track)
    lines = [f"Rules: {rules.short()}."] + rules.lines(oil=bool(track.oil), collision=False)
    lines += legend(track)  # coins and water (races only)
    lines += obstacle_legend(track)  # the Swedish jumps' obstacles
    lines.append(shown.move_rule(rules))
    lines.append(shown.how_to_race(track, rules))
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
    drawing = face(track).drawing(track, pitch)
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
    table: TableRules | None = None,
) -> None:
    """The track with a player legend (colour and symbol, team, tally boxes for damage, boosts
    and goodies each), the rules the table agreed, then a move log table."""
    if not 2 <= players <= 6:
        raise InvalidInput(f"--players {players}: a race sheet is for 2 to 6 players")
    table = table or TableRules()
    table.for_players(players)
    drawing = face(track).drawing(track, pitch)

    def legend(canvas: Canvas, x: float, y: float, w: float) -> float:
        shown = Legend(players, rules, table, w, canvas.mono)
        canvas.rect(x, y, w, shown.height - 3, BOX_STYLE)
        rule = Style(stroke="#888888", width=0.2)
        top = y + 2
        two_rows = shown.two_rows
        for i in range(players):
            cy = top + LEGEND_ROW * 0.5
            player_marker(canvas, i, x + 5, cy, 4.0)
            label, size = shown.label(i)
            canvas.text(x + 9, cy + 1.2, label, size, bold=True)
            if two_rows:
                ny = cy + LEGEND_ROW
                canvas.text(x + 9, ny + 1.2, "name", 7.0, colour="#666666")
                canvas.line(x + 17, ny + 1.6, x + w - 3, ny + 1.6, rule)
            else:
                nx = x + shown.name_at(i)
                canvas.text(nx, cy + 1.2, "name", 7.0, colour="#666666")
                canvas.line(nx + 8, cy + 1.6, min(x + w - 3, nx + 82), cy + 1.6, rule)
            top += shown.player_height(i)
        return shown.height - 3

    join = "a line" if mono else "your colour"  # a mono page prints no colours
    tallies = [tally_groups(table.tally(i, rules), table.contact) for i in range(players)]
    ticks = ""  # the tally boxes at the head of the move log: what to tick
    labels = {label for groups in tallies for label, n in groups if n}
    if labels:
        what = "damage point" if "damage" in labels else "use"
        ticks = f" Tick a box in your move log column for each {what}" + (
            " and use." if "damage" in labels and len(labels) > 1 else "."
        )
    paragraphs = (
        rule_text(track, rules, par)
        + table.lines()
        + [
            f"Take turns; mark your car's point with your symbol and join your moves with {join}."
            f"{ticks} Crashes: see the move log."
        ]
    )
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
        extra_h=lambda w: Legend(players, rules, table, w, mono).height,
    )
    move_log(doc, players, par, paper, mono, track.name, rules, face(track).wall, table, tallies)


def _tally_line(canvas: Canvas, x: float, cy: float, line: list[tuple[str, int]]) -> None:
    """One line of a player's tally: each group's label, then its tick boxes."""
    box = Style(stroke="#555555", width=0.25)
    for label, n in line:
        if label:
            canvas.text(x, cy + 1.0, label, TALLY_TEXT, colour="#444444")
            x += _label_width(label)
        for _ in range(n):
            canvas.rect(x, cy - TALLY_BOX / 2, TALLY_BOX, TALLY_BOX, box)
            x += TALLY_STEP
        x += 3.0


def move_log(
    doc: Document,
    players: int,
    par: int | None,
    paper: Paper,
    mono: bool,
    name: str,
    rules: Rules,
    wall: str = "a grey square",
    table: TableRules | None = None,
    tallies: Sequence[list[tuple[str, int]]] = (),
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
        crash = [] if first_move else layout.wrap(crash_text(rules, wall, table), 7.5, box.w)
        for i, ln in enumerate(crash):
            canvas.text(box.x, box.y + HEADER + 3.0 * i, ln, 7.5)
        top = box.y + HEADER + 3.0 * len(crash) + 1.0
        # the tally boxes once, at the head of the first page
        head = _log_head(box, players, () if first_move else tallies)
        rows = min(want - first_move, int((box.bottom - top - head.height - 4) // LOG_ROW))
        note_y = top + head.height + rows * LOG_ROW + 4
        if need <= first_move + rows < want and note_y + 2 > box.bottom:
            rows -= 1  # room for the note below the table
        _log_table(canvas, box, top, players, first_move, rows, head)
        first_move += rows
        if first_move >= want:
            return
        if first_move >= need:
            layout.instructions(
                canvas,
                box.x,
                top + head.height + rows * LOG_ROW + 4,
                f"continue on squared paper after move {first_move - 1}",
                colour="#666666",
            )
            return


LOG_ROW = 7.0  # mm, one move
LOG_HEAD = 9.0  # mm, the players' row


@dataclass(frozen=True)
class LogHead:
    """The move log's head: each player's marker and name, then its tally boxes (damage points,
    boost uses, goodies), wrapped to its column."""

    col_w: float
    tallies: tuple[list[list[tuple[str, int]]], ...]

    @property
    def height(self) -> float:
        return LOG_HEAD + TALLY_ROW * max((len(t) for t in self.tallies), default=0)


def _log_head(box, players: int, tallies: Sequence[list[tuple[str, int]]]) -> LogHead:  # noqa: ANN001
    col_w = (box.w - LOG_FIRST) / players
    return LogHead(col_w, tuple(tally_lines(list(t), col_w - 3) for t in tallies))


LOG_FIRST = 12.0  # mm, the move numbers' column


def _log_table(
    canvas, box, top: float, players: int, first_move: int, rows: int, head: LogHead
) -> None:
    """The move log's rows from `first_move`, as many as fit (at most `most`); the count."""
    first, col_w, top_h = LOG_FIRST, head.col_w, head.height
    thin = Style(stroke="#888888", width=0.2)
    canvas.rect(box.x, top, box.w, top_h + rows * LOG_ROW, Style(stroke=BLACK, width=0.35))
    canvas.text(box.x + first / 2, top + 5.8, "Move", 7.5, bold=True, anchor="middle")
    for i in range(players):
        cx = box.x + first + col_w * i
        canvas.line(cx, top, cx, top + top_h + rows * LOG_ROW, thin)
        player_marker(canvas, i, cx + 4.5, top + LOG_HEAD / 2, 4.0)
        canvas.text(cx + 8, top + 5.8, f"Player {i + 1}", 7.5, bold=True)
        for k, line in enumerate(head.tallies[i] if head.tallies else ()):
            _tally_line(canvas, cx + 1.5, top + LOG_HEAD + TALLY_ROW * (k + 0.4), line)
    for k in range(rows + 1):
        y = top + top_h + k * LOG_ROW
        canvas.line(box.x, y, box.right, y, thin)
        if k < rows:
            label = str(first_move + k)
            canvas.text(box.x + first / 2, y + 4.8, label, 7.5, anchor="middle", colour="#444444")
            for i in range(players):
                cx = box.x + first + col_w * i + col_w / 2
                canvas.text(
                    cx, y + 4.8, "(        ,        )", 7.5, anchor="middle", colour="#bbbbbb"
                )


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
    table: TableRules | None = None,
) -> Document:
    par = sol.moves if sol is not None else None
    doc = Document(
        stem=stem, title=f"{track.name}", game=GAME, ident=str(track.meta.get("id", rules.short()))
    )
    for kind in kinds:
        if kind == "track":
            track_sheet(doc, track, rules, par, paper, pitch, mono)
        elif kind == "race":
            race_sheet(doc, track, rules, par, players, paper, pitch, mono, table)
        elif kind == "answer":
            assert sol is not None
            answer_key(doc, track, rules, sol, paper, pitch, mono)
    return doc


# --- how each kind of track prints -------------------------------------------------------


@dataclass(frozen=True)
class TrackFace:
    """How one kind of track prints (issue 16): its drawing at a pitch, the move rule in the
    words of that drawing ("the line must not touch a grey square"), how to race a lap of it
    with n checkpoints and how to race a given track, and where along the finishing move the
    race ends (answer drawings stop there). Cell maps today; another kind of track names its
    own in FACES under its `kind`."""

    drawing: Callable[[Any, float], TrackDrawing]
    move_rule: Callable[[Rules], str]
    lap_race: Callable[[int, Rules], str]
    how_to_race: Callable[[Any, Rules], str]
    finish_at: Callable[[Any, Rules, Solution], float]
    wall: str  # what a crash touches, in the drawing's words ("a grey square")


def drawn_move_rule(rules: Rules) -> str:
    """The move rule in the words of a drawn circuit (drawn.py judges exactly this)."""
    if rules.collision == "endpoint":
        return "Each move: only the point you land on must be inside the track edge."
    return (
        "Each move is a straight line from point to point: stay inside the track edge. The "
        "line must not touch the edge line, not even at one point."
    )


def drawn_lap_race(checkpoints: int, rules: Rules) -> str:
    """How to race a lap of a drawn circuit: start on a ringed point, and the finishing move
    stays inside the edge as every other (docs/rules/graph-racers.md, "Drawn circuits")."""
    n = checkpoints
    cps = "checkpoint 1" if n == 1 else "checkpoints 1 and 2" if n == 2 else f"checkpoints 1 to {n}"
    return (
        "Start standing on a ringed point of the start/finish line. Race in the arrow's "
        f"direction, pass {cps} in order (each the way its arrow points), and finish by "
        "crossing the start/finish line again the same way."
    )


def grade_note(track: Any) -> str:
    """'graded easy: long straight, hairpin' for a generated drawn circuit."""
    from generator.games.graph_racers.generating.drawn import feature_words

    return f"graded {track.meta['grade']['difficulty']}: {feature_words(track)}"


def _drawn_how_to_race(track: Any, rules: Rules) -> str:
    return drawn_lap_race(len(track.checkpoints), rules)


def _whole_move(track: Any, rules: Rules, sol: Solution) -> float:
    """A drawn circuit's finishing move stays inside the track: drawn whole."""
    return 1.0


FACES: dict[str, TrackFace] = {
    "cells": TrackFace(
        TrackDrawing, cell_move_rule, lap_race, how_to_race, finish_fraction, "a grey square"
    ),
    "drawn": TrackFace(
        DrawnDrawing,
        drawn_move_rule,
        drawn_lap_race,
        _drawn_how_to_race,
        _whole_move,
        "the track edge",
    ),
}


def face(track: Any) -> TrackFace:
    """How `track` prints: FACES under its kind (a Track's is "cells")."""
    return FACES[getattr(track, "kind", "cells")]


# --- worksheets ---------------------------------------------------------------------------

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


def worksheet_rules(shown: TrackFace, rules: Rules, race: str, oil: bool = False) -> str:
    """The rules at the foot of every worksheet page: how to race (`race`), the move rule in
    the words of the drawing, every other rule. The command words it before the tracks exist
    (it sets how much room the puzzles have), the document from its tracks: the same text."""
    words = [shown.move_rule(rules), *rules.lines(oil=oil, collision=False)]
    return f"Rules: {rules.short()}. {race} " + " ".join(words)


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
        _bar_and_grid_note(canvas, box, self.pitch)

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
) -> list[Document]:
    """A class pack's two documents (students: classpack.Student, in class order; solutions:
    each student's, track by track).

    `<stem>`: every student's worksheet, in class order, one puzzle a page at the largest size
    the page holds (the more room, the more different maps: a pack never repeats one), each
    page with the sheet's code, its number in the class, name and date fields and a box for the
    moves. With two puzzles a student (the default), printed double-sided, each student gets
    one sheet; one file to send to the printer, not thirty.
    `<stem>-teacher`: the teacher's booklet: an index of the codes in order with each sheet's
    pars (a marking list), then every student's answer pages in code order, each answer where
    its puzzle stood on the student's page and under the same code, so a handed-in sheet's
    key is found by its code."""
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
        fit = int((box.bottom - top) // INDEX_ROW)
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


# --- the car-design sheet ("Design Your Own Car") ---------------------------------------------

DESIGN_PLAYERS = 6  # "from two to maybe six players": a box for each
DESIGN_TICKS = {"brakes": 10, "turbo": 10, "damage": 20}  # the most $100 buys of each


def design_sheet_document(spec: Any, bond: bool = False) -> Document:
    """The seed's price list and, for each of six players, a box to write the car's design (how
    many of each, the price, the total of at most $100) with tick boxes for the boosts used and
    the damage taken during the race: one page. bond: James Bond mode, the goodies on the price
    list and in each box, with a tick box for each one-use goodie: the boxes are full width,
    three a page, on two pages."""
    from generator.games.graph_racers.race.design import BUDGET, PRICES
    from generator.games.graph_racers.race.goodies import PRICES as GOODIES

    stem = "graph-racers-car-design" + ("-bond" if bond else "")
    title = "Graph Racers car design" + (" (James Bond mode)" if bond else "")
    doc = Document(stem, title, GAME, spec.ident())
    prices = [
        (f"Good brakes: ${PRICES['brakes']} a use", "slow down by 2 squares on one axis"),
        (f"Turbo boost: ${PRICES['turbo']} a use", "speed up by 2 squares on one axis"),
        (
            f"Damage point: ${PRICES['damage']} each",
            "the damage the car can take; any more and it is out",
        ),
        ("No damage points:", "the car blows up the first time it hits anything!"),
    ]
    if bond:
        prices += [
            (
                f"Missile: ${GOODIES['missile']}",
                "fire once; it moves on your turns with turbo every move; 3 damage",
            ),
            (f"Oil sprayer: ${GOODIES['sprayer']}", "once: a 3x3 oil slick right behind your car"),
            (f"Rocket booster: ${GOODIES['rocket']}", "once: speed up by 3 squares on one axis"),
            (f"Submarine: ${GOODIES['sub']}", "the car drives across blue water"),
            (f"Rear guns: ${GOODIES['guns']} a set", "1 damage a set to a car right behind you"),
        ]
    cols, per_page = (1, 3) if bond else (2, DESIGN_PLAYERS)
    for first in range(0, DESIGN_PLAYERS, per_page):
        canvas, box = layout.page(doc, spec.paper_size(landscape=False), mono=spec.mono)
        canvas.text(box.x, box.y + 5, "Graph Racers: design your own car", 14, bold=True)
        y = layout.instructions(
            canvas,
            box.x,
            box.y + 11,
            f"Each player gets ${BUDGET} to kit out the car. Draw the race track first, then "
            "design the cars. Buy as many of each as you can afford; write the numbers, the "
            "price and the total (at most $100). During the race, tick a box for each boost "
            "used and each damage point taken."
            + (" James Bond mode: the goodies too." if bond else ""),
            box.w,
            size=TEXT,
            line=LINE,
        )
        top = y + 4
        if not first:  # the price list, on the first page
            height = 6 + LINE * (len(prices) + 0.5)
            canvas.rect(box.x, top, box.w, height, BOX_STYLE)
            canvas.text(box.x + 3, top + 5, "Price list", TEXT + 1, bold=True)
            for i, (what, note) in enumerate(prices):
                yy = top + 5 + LINE * (i + 1.2)
                canvas.text(box.x + 3, yy, what, TEXT, bold=True)
                canvas.text(box.x + 58, yy, note, TEXT)
            top += height + 4
        gap = 4.0
        rows = per_page // cols
        w = (box.w - gap * (cols - 1)) / cols
        h = (box.bottom - top - gap * (rows - 1)) / rows
        for k in range(per_page):
            x0 = box.x + (k % cols) * (w + gap)
            y0 = top + (k // cols) * (h + gap)
            if bond:
                _bond_box(canvas, first + k, x0, y0, w, h, {**PRICES, **GOODIES}, BUDGET)
            else:
                _design_box(canvas, first + k, x0, y0, w, h, PRICES, BUDGET)
    return doc


DESIGN_ROWS = (("Good brakes", "brakes"), ("Turbo boost", "turbo"), ("Damage points", "damage"))
BOND_ROWS = (
    ("Missile", "missile"),
    ("Oil sprayer", "sprayer"),
    ("Rocket booster", "rocket"),
    ("Submarine", "sub"),
    ("Rear guns", "guns"),
)
BOND_TICKS = ("Missile fired", "Oil sprayed", "Rocket used")


def _box_head(canvas: Canvas, p: int, x: float, y: float, w: float, h: float) -> None:
    """A car's box on the car-design sheet: its frame, the player's marker and a name line."""
    canvas.rect(x, y, w, h, BOX_STYLE)
    player_marker(canvas, p, x + 5, y + 5, 4.5)
    canvas.text(x + 10, y + 6.5, f"Car {p + 1}   name ______________________", TEXT, bold=True)


def _design_box(
    canvas: Canvas,
    p: int,
    x: float,
    y: float,
    w: float,
    h: float,
    prices: dict[str, int],
    budget: int,
) -> None:
    _box_head(canvas, p, x, y, w, h)
    line = min(7.0, (h - 14) / 6.5)
    yy = _price_rows(canvas, x + 3, y + 9 + line, line, DESIGN_ROWS, prices, budget)
    yy += line * 0.9
    size = min(3.6, (w - 32) / DESIGN_TICKS["damage"] * 2 - 0.6)
    for what, key in (("Brakes used", "brakes"), ("Turbo used", "turbo")):
        yy = _tick_row(canvas, x + 3, x + 30, yy, what, DESIGN_TICKS[key], size, 10)
    _tick_row(canvas, x + 3, x + 30, yy, "Damage taken", DESIGN_TICKS["damage"], size, 10)


def _bond_box(
    canvas: Canvas,
    p: int,
    x: float,
    y: float,
    w: float,
    h: float,
    prices: dict[str, int],
    budget: int,
) -> None:
    """A full-width box of James Bond mode: the design's items in two columns (boosts and
    damage points, then the goodies), then the tick boxes."""
    _box_head(canvas, p, x, y, w, h)
    line = min(7.0, (h - 12 - 4 * 5.9) / 7)
    half = x + w / 2
    left = _price_rows(canvas, x + 3, y + 9 + line, line, DESIGN_ROWS, prices, budget)
    right = _price_rows(canvas, half + 3, y + 9 + line, line, BOND_ROWS, prices, None)
    yy = max(left, right) + line * 0.9
    size = 3.6
    _tick_row(canvas, x + 3, x + 30, yy, "Brakes used", DESIGN_TICKS["brakes"], size, 10)
    yy = _tick_row(canvas, half + 3, half + 30, yy, "Turbo used", DESIGN_TICKS["turbo"], size, 10)
    yy = _tick_row(canvas, x + 3, x + 30, yy, "Damage taken", DESIGN_TICKS["damage"], size, 20)
    cx = x + 3
    for what in BOND_TICKS:  # a tick box for each one-use goodie
        canvas.text(cx, yy + size * 0.8, what, TEXT - 1)
        cx += layout.text_width(what, TEXT - 1) + 1.5
        canvas.rect(cx, yy, size, size, BOX_STYLE)
        cx += size + 6


def _price_rows(
    canvas: Canvas,
    x: float,
    y: float,
    line: float,
    rows: Sequence[tuple[str, str]],
    prices: dict[str, int],
    budget: int | None,
) -> float:
    """'Label: ____ x $price = $______' a row, then the total when a budget is given; the y
    below them."""
    for label, key in rows:
        canvas.text(x, y, f"{label}:", TEXT)
        canvas.text(x + 27, y, f"____ x ${prices[key]} = $______", TEXT)
        y += line
    if budget is not None:
        canvas.text(x, y, "Total:", TEXT, bold=True)
        canvas.text(x + 27, y, f"$______  (at most ${budget})", TEXT, bold=True)
        y += line
    return y - line


def _tick_row(
    canvas: Canvas, x: float, bx: float, y: float, what: str, n: int, size: float, per_row: int
) -> float:
    """'What:' and n tick boxes from bx, per_row a row; the y below them."""
    canvas.text(x, y + size * 0.8, f"{what}:", TEXT - 1)
    for i in range(n):
        cx = bx + (i % per_row) * (size + 0.8)
        cy = y + (i // per_row) * (size + 0.8)
        canvas.rect(cx, cy, size, size, BOX_STYLE)
    return y + (size + 0.8) * ((n + per_row - 1) // per_row) + 1.5
