"""Everything Trading Paint prints: the board (true-size tiles, a poster, an overview), the
path-dice nets, the car-dice nets and a one-page rules summary.

Each builder returns a Document for generator.output.emit. True-size pages carry the 50 mm
calibration bar (the layout helpers put it there); symbols are vector glyphs.
"""

from __future__ import annotations

import re

from generator.errors import InvalidInput
from generator.games.trading_paint.artwork import (
    board_size,
    car_face_drawer,
    describe_paths,
    draw_board,
    draw_connections,
    draw_face,
    draw_team_symbol,
    face_drawers,
    team_symbol,
)
from generator.games.trading_paint.board import load_board
from generator.games.trading_paint.faces import load_faces
from generator.games.trading_paint.setup import POINTS, get_setup, load_setups
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import BLACK, GREY, Canvas, Style
from generator.render.document import Document
from generator.render.nets import cube_net, cube_net_size
from generator.render.paper import Paper

GAME = "Trading Paint"
RULE = Style(stroke=BLACK, width=0.3)
LIGHT = Style(stroke=GREY, width=0.15)


# --- board ------------------------------------------------------------------------------------
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*$", re.IGNORECASE)
_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4}


def parse_sheet(text: str) -> Paper:
    """A custom poster sheet 'WIDTHxHEIGHT' in mm (or cm / in), e.g. 600x400mm or 24x36in."""
    m = _SIZE.match(text)
    if not m:
        raise InvalidInput(
            f"--sheet {text!r}: write the poster size as WIDTHxHEIGHT, e.g. 600x400mm or 24x36in"
        )
    k = _UNIT[(m.group(3) or "mm").lower()]
    w, h = float(m.group(1)) * k, float(m.group(2)) * k
    if not (60 <= w <= 5000 and 60 <= h <= 5000):
        hint = "" if m.group(3) else " (a size without a unit is in mm: add in or cm?)"
        raise InvalidInput(f"--sheet {text!r}: each side must be 60 mm to 5 m{hint}")
    return Paper("custom", round(w, 3), round(h, 3), w > h)


def board_document(
    opts: PrintSpec, style: str, square_mm: float, sheet: str | None = None
) -> Document:
    """tiles: true scale over several sheets (one sheet, without an assembly map, when the board
    fits it); poster: one sheet; overview: reduced page + legend."""
    board = load_board()
    w, h = board_size(board, square_mm)

    def draw(canvas: Canvas) -> None:
        draw_board(canvas, board, square_mm)

    if style == "tiles":
        turns = [opts.paper_size(landscape=True)] if opts.landscape else opts.paper_turns()
        whole = [p for p in turns if layout.fits_true_size(p, w, h)]
        doc = Document(
            "trading-paint-board-tiles",
            "Trading Paint board" if whole else "Trading Paint board, true size",
            GAME,
            opts.ident(f"{square_mm:g} mm squares"),
        )
        if whole:
            # small squares: the whole board fits one sheet, so no tiles and no assembly map
            layout.poster(doc, whole[0], w, h, draw, mono=opts.mono, max_scale=1.0)
        else:
            layout.tile(doc, layout.tiling_paper(turns, w, h), w, h, draw, mono=opts.mono)
        return doc
    if style == "poster":
        paper = parse_sheet(sheet) if sheet else opts.paper_size(landscape=True)
        stem = "trading-paint-board-poster" + (
            f"-{paper.width:g}x{paper.height:g}mm" if sheet else ""
        )
        doc = Document(stem, "Trading Paint board", GAME, opts.ident(f"{square_mm:g} mm squares"))
        layout.poster(doc, paper, w, h, draw, mono=opts.mono, max_scale=1.0)
        return doc
    if style == "overview":
        doc = Document(
            "trading-paint-board-overview", "Trading Paint board overview", GAME, opts.ident()
        )
        _overview(doc, opts.paper_size(landscape=True), board, square_mm, draw, opts.mono)
        return doc
    raise InvalidInput(f"board style {style!r}: use tiles, poster or overview")


def _overview(doc: Document, paper: Paper, board, sq: float, draw, mono: bool) -> None:  # noqa: ANN001
    canvas, box = layout.page(doc, paper, mono=mono)
    legend_h = 30.0
    w, h = board_size(board, sq)
    region = box.inset(top=8.0, bottom=legend_h)
    scale = min(region.w / w, region.h / h)
    ox = region.x + (region.w - w * scale) / 2
    canvas.text(
        box.x,
        box.y + 5.0,
        f"Trading Paint board, overview (scale {layout.scale_text(scale)}, not true size)",
        10.0,
        bold=True,
    )
    with canvas.group(dx=ox, dy=region.y, scale=scale):
        draw(canvas)
    y = region.y + h * scale + 6.0
    items = [
        "Lanes: 1 inside (next to the checkered pit) to 6 outside (next to the wall). Cars run counter-clockwise, one lap.",
        "Start squares 1 (outside, plays first) to 6 (inside) sit behind the start line (a checkered band between double lines), which is also the finish line. Start squares count from the outside, lanes from the inside.",
        "Dotted grey corner blocks with curved arrows are the turns: both directions of the turn count as forward there.",
        "Back straightaway (top, between the double lines): caution period while the leader is on it.",
        "Hatched block before the finish line: the three rows where wrecks go (at most two per row).",
        f"Numbers round the edge are columns and rows for position files; squares are {sq:g} mm (the size of a die).",
    ]
    for line in items:
        canvas.text(box.x, y, line, 7.5)
        y += 3.8


# --- path dice ---------------------------------------------------------------------------------
LEGEND_H = 42.0


def dice_document(opts: PrintSpec, edge: float, count: int) -> Document:
    """Path-dice nets (six faces, square pips) with the connection legend on every sheet."""
    doc = Document(
        "trading-paint-dice",
        "Trading Paint path dice",
        GAME,
        opts.ident(f"{count} dice, {edge:g} mm"),
    )
    paper = opts.paper_size()
    nw, nh = cube_net_size(edge)
    gap = 4.0
    done = 0
    while done < count:
        canvas, box = layout.page(doc, paper, mono=opts.mono)
        canvas.text(
            box.x,
            box.y + 5.0,
            "Trading Paint path dice: cut the solid lines, fold the dashed ones, glue the tabs",
            10.0,
            bold=True,
        )
        region = box.inset(top=9.0, bottom=LEGEND_H + layout.BAR_STRIP)
        grid = layout.centred_grid(region, nw, nh, gap)
        if grid.per_sheet == 0:
            raise InvalidInput(
                f"a {edge:g} mm die net ({nw:.0f} x {nh:.0f} mm) does not fit on {paper.name}: "
                "use a smaller --size or larger --paper"
            )
        for k in range(min(grid.per_sheet, count - done)):
            cell = grid.cell(k)
            cube_net(canvas, cell.x, cell.y, edge, face_drawers())
            done += 1
        _dice_legend(canvas, box.x, box.bottom - layout.BAR_STRIP - LEGEND_H, box.w)
        layout.calibration_bar(
            canvas, box.x + (box.w - layout.BAR_LENGTH) / 2, box.bottom - layout.BAR_HEIGHT
        )
    return doc


def _dice_legend(canvas: Canvas, x: float, y: float, width: float) -> None:
    canvas.line(x, y, x + width, y, LIGHT)
    canvas.text(
        x,
        y + 5.0,
        "Paths: the white squares. Each face and where a car entering one side can leave:",
        8.0,
        bold=True,
    )
    fs = load_faces()
    slot = width / 6
    words = {
        1: "any way",
        2: "any way",
        3: "must turn",
        4: "any way",
        5: "X: spin-out",
        6: "straight on",
    }
    for i, face in enumerate(fs.faces):
        cx = x + slot * (i + 0.5)
        draw_face(canvas, fs.grids[face - 1], cx - 7.0, y + 17.0, 11.0)
        draw_connections(canvas, face, 0, cx + 7.0, y + 17.0, 11.0)
        canvas.text(cx, y + 28.5, f"{face}: {words[face]}", 7.5, anchor="middle", bold=face == 5)
    canvas.text(
        x,
        y + 35.0,
        "Turn a die any way round before you lay it; it must open towards the car or the die before it.",
        7.0,
        colour="#444444",
    )


# --- car dice ----------------------------------------------------------------------------------
CARS_KEY_STRIP = 7.0  # mm at the top of a cars sheet for the team key line


def cars_document(opts: PrintSpec, players: int, edge: float) -> Document:
    """One car-die net per car: team colour and symbol on every face, car number on five."""
    setup = get_setup(players)
    doc = Document(
        f"trading-paint-cars-{players}p",
        f"Trading Paint cars, {players} players",
        GAME,
        opts.ident(f"{len(setup.cars)} cars, {edge:g} mm"),
    )
    nw, nh = cube_net_size(edge)
    draws = []
    for i, car in enumerate(setup.cars):
        team = setup.teams.index(car.team)
        faces = [car_face_drawer(i + 1, team, car.team, f) for f in range(1, 7)]

        def draw(canvas: Canvas, faces=faces) -> None:  # noqa: ANN001
            cube_net(canvas, 0, 0, edge, faces)

        draws.append(draw)

    # the team key line gets its own strip, so no net ever runs under it
    def lay(d: Document, p: Paper) -> list:
        return layout.nup(
            d, p, draws, nw, nh, gap=3.0, crop_marks=False, mono=opts.mono, header=CARS_KEY_STRIP
        )

    lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
    first = doc.pages[0]
    key = ", ".join(f"team {t}: {team_symbol(k)}" for k, t in enumerate(setup.teams))
    first.text(
        layout.MARGIN,
        layout.MARGIN + 4.0,
        f"Trading Paint cars ({players} players) · {key}",
        9.0,
        bold=True,
    )
    return doc


# --- rules summary ------------------------------------------------------------------------------
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
        "Roll a path die and lay it on the square in front of your car, turned so it opens towards the car. Stop (drive to the square beyond an open exit: one die moves you two squares) or roll again and lay the next die against an open exit of the last one. You must play every die you roll. Paths go forward or to the side, never backward; in a turn (dotted grey corners) both directions of the turn are forward. Six dice are printed: to roll a seventh, pick up the first die you laid and roll it again (the squares it covered stay part of the path).",
    ),
    (
        "X",
        "Rolling the 5 (X) is a spin-out: the dice of this path go, your car stays, your turn ends.",
    ),
    (
        "Bump",
        "Lay a path into the back of a car (or into its side in a turn, moving left): it goes back one square, onto your last die, and you take its square. Cars bumper to bumper all go back; you go to the front. A car in the outside lane is bumped into the wall beside it (back one square instead if a car is already there). Team-mates can be bumped.",
    ),
    (
        "Draft",
        "Reach the square right behind a team-mate: jump to the head of its line of cars (in a turn, pick the square). After a bump or draft, collect the dice: roll a fresh path, stop, or bump or draft again at once if set up (never at the start of a turn).",
    ),
    (
        "Pit and wall",
        "A die that leaves no way but off the track puts you in the pit or on the wall; your turn ends. Re-enter on the square beside you (the side you left at a corner); if an opponent blocks it, one square back, and you may not bump that car. No way at all: lose the turn.",
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
    """One portrait page (a landscape page has no room left for the oval)."""
    doc = Document("trading-paint-rules", "Trading Paint rules summary", GAME, opts.ident())
    canvas, box = layout.page(doc, opts.paper_size(landscape=False), mono=opts.mono)
    x, y = box.x, box.y + 6.0
    canvas.text(
        x, y, "Trading Paint: a dice-car race (rules by Joe Hall) · summary", 13.0, bold=True
    )
    y += 4.0
    setups = load_setups()

    def team_text(s, t):  # noqa: ANN001, ANN202
        starts = [str(c.start) for c in s.cars if c.team == t and c.start]
        late = sum(1 for c in s.cars if c.team == t and not c.start)
        return f"{t} on " + " & ".join(starts) + (f" + {late} late car" if late else "")

    line = "Teams: " + "; ".join(
        f"{n} players: " + ", ".join(team_text(s, t) for t in s.teams)
        for n, s in sorted(setups.items())
    )
    y += 3.0
    for ln in layout.wrap(line + " (late cars enter on any vacated start square).", 7.5, box.w):
        y += 3.4
        canvas.text(x, y, ln, 7.5)
    y += 2.0
    y = layout.headed_sections(canvas, x, y, box.w, RULES, head_w=24.0, size=8.0, line=3.6, gap=4.2)
    y += 5.0
    canvas.line(x, y, x + box.w, y, LIGHT)
    y += 6.0
    canvas.text(
        x,
        y,
        "The faces and their paths (all four turns of a die are allowed; shown upright and a quarter turn)",
        9.0,
        bold=True,
    )
    y += 4.0
    _faces_table(canvas, x, y, box.w)
    y += 48.0
    _luck_box(canvas, x, y, box.w)
    y += 18.0
    board = load_board()
    bw, bh = board_size(board, board.square_mm)
    room = box.bottom - 8.0 - y
    if room > 30.0:
        scale = min(box.w / bw, room / bh)
        canvas.text(
            x,
            y,
            f"The oval (scale {layout.scale_text(scale)}): turns dotted, start and finish at the checkered line",
            9.0,
            bold=True,
        )
        with canvas.group(dx=x + (box.w - bw * scale) / 2, dy=y + 3.0, scale=scale):
            draw_board(canvas, board, board.square_mm)
    scores = ", ".join(str(p) for p in POINTS)
    canvas.text(
        x,
        box.bottom - 2.0,
        f"Points {scores}: nine a race, never a tie between teams. Full decisions: docs/rules/trading-paint.md",
        7.0,
        colour="#444444",
    )
    return doc


def _faces_table(canvas: Canvas, x: float, y: float, width: float) -> None:
    fs = load_faces()
    slot = width / 6
    e = 12.0
    for i, face in enumerate(fs.faces):
        cx = x + slot * (i + 0.5)
        canvas.text(
            cx,
            y + 3.0,
            f"face {face}" + (" (X)" if face == fs.spin_out else ""),
            8.0,
            bold=True,
            anchor="middle",
        )
        draw_face(canvas, fs.grids[face - 1], cx, y + 12.0, e)
        for k, rot in enumerate((0, 1)):
            draw_connections(canvas, face, rot, cx - 7.5 + 15.0 * k, y + 28.0, 9.0)
        canvas.text(cx, y + 37.0, describe_paths(face, 0), 6.5, anchor="middle")
        if len(fs.distinct_rotations(face)) > 1:
            canvas.text(cx, y + 40.0, "turned: " + describe_paths(face, 1), 6.5, anchor="middle")


def _luck_box(canvas: Canvas, x: float, y: float, width: float) -> None:
    from generator.games.trading_paint.luck import best_dice, luck_table

    rows = luck_table(8)
    canvas.text(
        x,
        y,
        "Press your luck (open straight, no bump or draft): roll n dice then stop",
        9.0,
        bold=True,
    )
    y += 5.0
    col = width / (len(rows) + 1)
    canvas.text(x, y, "dice", 7.5, bold=True)
    canvas.text(x, y + 4.0, "no X", 7.5, bold=True)
    canvas.text(x, y + 8.0, "squares", 7.5, bold=True)
    for i, r in enumerate(rows, start=1):
        cx = x + col * (i + 0.5)
        canvas.text(cx, y, str(r.dice), 7.5, anchor="middle", bold=r.dice == best_dice(rows))
        canvas.text(cx, y + 4.0, f"{float(r.p_no_spin) * 100:.0f} %", 7.5, anchor="middle")
        canvas.text(
            cx,
            y + 8.0,
            f"{float(r.expected_squares):.2f}",
            7.5,
            anchor="middle",
            bold=r.dice == best_dice(rows),
        )


__all__ = [
    "board_document",
    "dice_document",
    "cars_document",
    "rules_document",
    "parse_sheet",
    "draw_team_symbol",
]
