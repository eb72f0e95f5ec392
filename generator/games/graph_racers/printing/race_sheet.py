"""The race sheet and its move log.

The race sheet is the track with a legend of the players (colour and symbol, team, a line for
the name) and the rules the table agreed; the move log, the page the players keep in front of
them, is a table to write each player's point move by move under the crash rules, headed by
each car's tally boxes (a box for each damage point it can take, each boost use, each one-use
goodie). The tallies are worked out from the table's rules with the legend and printed at the
head of the log, so the two pages live together.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.errors import InvalidInput
from generator.games.graph_racers.moves.rules import Rules
from generator.games.graph_racers.printing.faces import face
from generator.games.graph_racers.printing.page import (
    BOX_STYLE,
    GAME,
    HEADER,
    LINE,
    TEXT,
    page_header,
    page_with_drawing,
)
from generator.games.graph_racers.printing.printed_rules import (
    crash_text,
    rule_text,
    sheet_subtitle,
)
from generator.games.graph_racers.race.goodies import WORDS
from generator.games.graph_racers.race.table_rules import (
    TableRules,
    Tally,
    design_words,
    goodie_words,
)
from generator.games.graph_racers.track.model import Track
from generator.render import layout
from generator.render.canvas import BLACK, Canvas, Style
from generator.render.document import Document
from generator.render.glyphs import player_marker
from generator.render.palette import player_colour, player_symbol
from generator.render.paper import Paper

COLOUR_NAMES = {
    "#0072b2": "blue",
    "#d55e00": "vermillion",
    "#000000": "black",
    "#56b4e9": "sky blue",
    "#cc79a7": "purple",
    "#e69f00": "orange",
}
LEGEND_ROW = 6.5  # mm per line of the race sheet's player legend
LEGEND_ONE_ROW = 110.0  # mm: narrower legends put each player's name line on a second row
LEGEND_DESIGN_ROW = 4.0  # mm: the row of what a designed car bought, under its player's rows


TALLY_ROW = 5.0  # mm per line of a player's tally boxes
TALLY_BOX = 2.8  # mm, one tick box
TALLY_STEP = 3.6  # mm from one tick box to the next
TALLY_TEXT = 7.0  # pt
TALLY_GAP = 3.8  # mm from one group's last box to the next group


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
    groups += [(WORDS[k], n) for k, n in tally.once]
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
            room = width - used - _label_width(label) - TALLY_BOX
            fit = max(1, int(room // TALLY_STEP) + 1)
            lines[-1].append((label, fit))
            lines.append([])
            used, label, n = 0.0, "", n - fit
        lines[-1].append((label, n))
        used += _group_width(label, n) + TALLY_GAP
    return [line for line in lines if line]


def _label_width(label: str) -> float:
    return layout.text_width(label, TALLY_TEXT) + 1.2 if label else 0.0


def _group_width(label: str, n: int) -> float:
    """The group as drawn: its label, then n boxes TALLY_STEP apart."""
    return _label_width(label) + (TALLY_STEP * (n - 1) + TALLY_BOX if n else 0.0)


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

    def design(self, seat: int) -> tuple[str, float] | None:
        """What the player's designed car bought (--design), and its size (pt): smaller until
        it fits the width; None without designs."""
        if self.table.designs is None:
            return None
        words = design_words(self.table.designs[seat])
        size = 7.0
        while size > layout.MIN_TEXT and layout.text_width(words, size) > self.width - 12:
            size -= 0.5
        return words, size

    def player_height(self, seat: int) -> float:
        rows = LEGEND_ROW * (2 if self.two_rows else 1)
        return rows + (LEGEND_DESIGN_ROW if self.design(seat) is not None else 0.0)

    @property
    def height(self) -> float:
        """Height (mm) with the gap above it."""
        return 3 + sum(self.player_height(i) for i in range(self.players)) + 3


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
            bought = shown.design(i)
            if bought is not None:  # the design's row, last
                dy = top + shown.player_height(i) - LEGEND_DESIGN_ROW
                canvas.text(x + 9, dy + 1.0, bought[0], bought[1], colour="#444444")
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
        + table.lines(rules)
        + [
            "Take turns: player 1 (the youngest) moves first, then 2 and on. Mark your "
            f"car's point with your symbol and join your moves with {join}.{ticks} Crashes "
            "and collisions: see the move log."
        ]
    )
    page_with_drawing(
        doc,
        paper,
        drawing,
        drawing.draw,
        f"{track.name}: race sheet",
        sheet_subtitle(track, rules, par),
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
    rules (the page players keep in front of them): rows for moves 0 to log_moves(par), over
    as many pages as that takes, every page filled to its foot (so none is mostly blank: the
    Letter log's second page was 60 % blank), and a line after the last row for a race that
    runs longer still."""
    want = log_moves(par) + 1  # moves 0 .. log_moves(par)
    box = layout.usable_box(paper)
    crash = layout.wrap(crash_text(rules, wall, table), TEXT, box.w)
    heads = (_log_head(box, players, tallies), _log_head(box, players, ()))
    tops = (box.y + HEADER + LINE * len(crash) + 1.0, box.y + HEADER + 1.0)
    rooms = tuple(box.bottom - top - head.height for top, head in zip(tops, heads, strict=True))
    # the tallest rows that take no more pages than the shortest would
    plans = {row: _log_plan(rooms, want, row) for row in LOG_ROWS}
    row = min(LOG_ROWS, key=lambda r: (len(plans[r]), -r))
    first_move = 0
    for k, rows in enumerate(plans[row]):
        canvas, box = layout.page(doc, paper, mono=mono)
        title = f"{name}: move log" + (" (continued)" if k else "")
        page_header(canvas, box, title, f"{GAME} · write each move's point as (row, column)")
        for i, ln in enumerate(() if k else crash):
            canvas.text(box.x, box.y + HEADER + LINE * i, ln, TEXT)
        top, head = tops[min(k, 1)], heads[min(k, 1)]
        _log_table(canvas, box, top, players, first_move, rows, head, row)
        first_move += rows
    layout.instructions(
        canvas,
        box.x,
        top + head.height + rows * row + LOG_NOTE - 1.5,
        f"continue on the back or on squared paper after move {first_move - 1}",
        colour="#666666",
    )


def _log_plan(rooms: tuple[float, float], want: int, row: float) -> list[int]:
    """The rows on each page of the log (`rooms`: the table's height on the first page and on
    the next ones, mm) for at least `want` rows `row` mm high: every page full, the last one
    leaving LOG_NOTE for the line below the table."""
    plan: list[int] = []
    while True:
        room = rooms[min(len(plan), 1)]
        full, noted = int(room // row), int((room - LOG_NOTE) // row)
        if sum(plan) + noted >= want:
            return [*plan, noted]
        plan.append(full)


LOG_FACTOR = 2.0
"""The move log has rows for LOG_FACTOR x par moves, and fills its last page. Measured: races
of six cars on the kit's circuits (seeds 1 to 12, par 25 to 34; fields of six solver, six
cautious, three of each, and two each of solver, cautious and random drivers: 72 races) brought
their last car home within 1.82 x par in 95 % of them and within 2 x par in 71 of the 72 (the
slowest 2.18: six cautious cars); random drivers crash out, they do not finish."""
LOG_NOTE = 6.0  # mm below the last row for the line that says where to go on
LOG_ROWS = (7.0, 6.5, 6.0)  # mm, a row: the tallest that takes fewest pages (Letter: 6.5)


def log_moves(par: int | None) -> int:
    """The last move the log has a row for: LOG_FACTOR x par (40 without a par)."""
    return math.ceil((par or 20) * LOG_FACTOR)


LOG_HEAD = 9.0  # mm, the players' row
LOG_TEXT = 8.0  # pt: the head and the move numbers


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
    # the boxes start 1.5 mm into the column and end at least 1 mm before its right rule
    return LogHead(col_w, tuple(tally_lines(list(t), col_w - 2.5) for t in tallies))


LOG_FIRST = 10.0  # mm, the move numbers' column


def _log_table(
    canvas,
    box,
    top: float,
    players: int,
    first_move: int,
    rows: int,
    head: LogHead,
    row: float = LOG_ROWS[0],
) -> None:
    """The move log's table: its head, then `rows` rows `row` mm high from `first_move`."""
    first, col_w, top_h = LOG_FIRST, head.col_w, head.height
    thin = Style(stroke="#888888", width=0.2)
    canvas.rect(box.x, top, box.w, top_h + rows * row, Style(stroke=BLACK, width=0.35))
    canvas.text(box.x + first / 2, top + 5.8, "Move", LOG_TEXT, bold=True, anchor="middle")
    for i in range(players):
        cx = box.x + first + col_w * i
        canvas.line(cx, top, cx, top + top_h + rows * row, thin)
        player_marker(canvas, i, cx + 4.5, top + LOG_HEAD / 2, 4.0)
        canvas.text(cx + 8, top + 5.8, f"Player {i + 1}", LOG_TEXT, bold=True)
        for k, line in enumerate(head.tallies[i] if head.tallies else ()):
            _tally_line(canvas, cx + 1.5, top + LOG_HEAD + TALLY_ROW * (k + 0.4), line)
    for k in range(rows + 1):
        y = top + top_h + k * row
        canvas.line(box.x, y, box.right, y, thin)
        if k < rows:
            label = str(first_move + k)
            canvas.text(
                box.x + first / 2, y + row - 2.2, label, LOG_TEXT, anchor="middle", colour="#444444"
            )
            for i in range(players):
                cx = box.x + first + col_w * i + col_w / 2
                canvas.text(
                    cx,
                    y + row - 2.2,
                    "(        ,        )",
                    LOG_TEXT,
                    anchor="middle",
                    colour="#bbbbbb",
                )
