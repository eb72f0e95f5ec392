"""Everything Trading Paint prints: the board (true-size tiles, a poster, an overview), the
path-dice nets, the car-dice nets and a one-page rules summary.

Each builder returns a Document for generator.output.emit. True-size pages carry the 50 mm
calibration bar (the layout helpers put it there); symbols are vector glyphs.
"""

from __future__ import annotations

import math
import re

from generator.errors import BadOption, InvalidInput
from generator.games.trading_paint.printables import DIE_EDGE
from generator.games.trading_paint.printing.artwork import (
    BOARD_SQUARE,
    COORD_BAND,
    DIE_CLEARANCE,
    DIE_FACE,
    PIT_NOTES,
    WALL_BAND,
    board_size,
    car_face_drawer,
    describe_paths,
    die_for,
    draw_board,
    draw_connections,
    draw_face,
    draw_swatch,
    draw_team_symbol,
    face_drawers,
    pit_rect,
    size_note,
    team_symbol,
)
from generator.games.trading_paint.rules.board import load_board
from generator.games.trading_paint.rules.faces import load_faces
from generator.games.trading_paint.rules.setup import POINTS, get_setup, load_setups
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import BLACK, GREY, Canvas, Style
from generator.render.document import Document
from generator.render.nets import cube_net, cube_net_size
from generator.render.paper import Paper

GAME = "Trading Paint"
DICE_MIN = DIE_EDGE.low  # mm: the smallest dice and cars racegen prints (--size)
RULE = Style(stroke=BLACK, width=0.3)
LIGHT = Style(stroke=GREY, width=0.15)


# --- board ------------------------------------------------------------------------------------
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)?\s*$", re.IGNORECASE)
_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4}


def parse_sheet(text: str) -> Paper:
    """A custom poster sheet 'WIDTHxHEIGHT' in mm (or cm / in), e.g. 600x400mm or 24x36in."""
    m = _SIZE.match(text)
    if not m:
        raise BadOption(
            f"{text!r}: write the poster size as WIDTHxHEIGHT, e.g. 600x400mm or 24x36in", "--sheet"
        )
    k = _UNIT[(m.group(3) or "mm").lower()]
    w, h = float(m.group(1)) * k, float(m.group(2)) * k
    if not (60 <= w <= 5000 and 60 <= h <= 5000):
        hint = "" if m.group(3) else " (a size without a unit is in mm: add in or cm?)"
        raise BadOption(f"{text!r}: each side must be 60 mm to 5 m{hint}", "--sheet")
    return Paper("custom", round(w, 3), round(h, 3), w > h)


def board_document(
    opts: PrintSpec, style: str, square_mm: float, sheet: str | None = None
) -> Document:
    """tiles: true scale over several sheets (one sheet, without an assembly map, when the board
    fits it); poster: the biggest board one sheet holds, to play on (true size when it fits,
    the calibration bar and its scale in the pit); overview: a reduced map with a legend of the
    board's areas and the coordinates, to read."""
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
            layout.tile(doc, layout.tiling_paper(turns, w, h, draw), w, h, draw, mono=opts.mono)
        return doc
    if style == "poster":
        paper = parse_sheet(sheet) if sheet else opts.paper_size(landscape=True)
        stem = "trading-paint-board-poster" + (
            f"-{paper.width:g}x{paper.height:g}mm" if sheet else ""
        )
        sq = poster_square(paper, square_mm)
        doc = Document(stem, "Trading Paint board", GAME, opts.ident(f"{sq:g} mm squares"))
        _poster(doc, paper, board, square_mm, sq, opts.mono)
        return doc
    if style == "overview":
        doc = Document(
            "trading-paint-board-overview", "Trading Paint board overview", GAME, opts.ident()
        )
        _overview(doc, opts.paper_size(landscape=True), board, square_mm, opts.mono)
        return doc
    raise InvalidInput(f"board style {style!r}: use tiles, poster or overview")


# The poster is the biggest board one sheet holds, drawn to be played on: the squares are drawn
# at the size they print (0.1 mm steps), never scaled, so its text keeps its 6 pt and its lines
# their widths; the wall and coordinate bands keep their millimetres. Its scale, the die size
# its squares take and the calibration bar go in the pit, so the whole sheet is board.
POSTER_MIN_SQUARE = 5.0  # mm: as board --square's lower limit
_BANDS = 2 * (WALL_BAND + COORD_BAND)


def _floor_tenth(v: float) -> float:
    return math.floor(v * 10 + 1e-6) / 10


def poster_square(paper: Paper, square_mm: float) -> float:
    """The square (mm) a poster on `paper` prints: square_mm when the board fits the sheet at
    true size, else the largest 0.1 mm step that fits inside the margins."""
    board = load_board()
    box = layout.usable_box(paper)
    fit = _floor_tenth(min((box.w - _BANDS) / board.width, (box.h - _BANDS) / board.height))
    sq = min(square_mm, fit)
    if sq < POSTER_MIN_SQUARE:
        raise InvalidInput(
            f"a {paper.width:g} x {paper.height:g} mm sheet holds squares of only {fit:g} mm "
            f"(the board needs {POSTER_MIN_SQUARE:g} mm or more): use a larger --sheet or --paper"
        )
    return sq


def _poster(doc: Document, paper: Paper, board, square_mm: float, sq: float, mono: bool) -> None:  # noqa: ANN001
    canvas, box = layout.page(doc, paper, mono=mono)
    w, h = board_size(board, sq)
    true_size = sq >= square_mm - 1e-9
    if true_size:
        scale = "scale 1:1, true size"
    else:
        ratio = layout.scale_text(sq / square_mm)
        scale = f"poster: scale {ratio} of {square_mm:g} mm squares, not true size"
    die = die_for(sq)
    dice = size_note(sq)
    if die < DICE_MIN:  # racegen's dice stop at DICE_MIN: say what to play with instead
        dice = f"squares {sq:g} mm: for {die:g} mm dice or counters"
    notes = [scale, dice, *PIT_NOTES]
    reserve = layout.BAR_STRIP + 1.0
    ox = box.x + (box.w - w) / 2
    oy = box.y + (box.h - h) / 2
    with canvas.group(dx=ox, dy=oy):
        draw_board(canvas, board, sq, notes=notes, pit_reserve=reserve)
        px, py, pw, ph = pit_rect(board, sq)
        bx = px + (pw - layout.BAR_LENGTH) / 2
        by = py + ph - reserve + 0.5
        canvas.rect(
            bx - 2.0,
            by - 0.5,
            layout.BAR_LENGTH + 4.0,
            layout.BAR_HEIGHT + 1.5,
            Style(stroke=BLACK, width=0.3, fill="#ffffff"),
        )
        layout.calibration_bar(canvas, bx, by)


# The overview is a map to read, not to play on: a reduced board (drawn at its printed size,
# so the coordinates print at 7.5 pt and every label at 6 pt or more) beside a legend that
# shows each area of the board in the board's own colours or patterns and says what it is for.
OVERVIEW_COORD_PT = 7.5
OVERVIEW_TEXT_PT = 9.0
SWATCH_W, SWATCH_H = 14.0, 9.0


def overview_legend(board) -> list[tuple[str | None, str, str]]:  # noqa: ANN001
    """(swatch, heading, text) of each entry of the overview's legend."""
    n = board.lanes
    back = f"{n}-{n + board.pit_w - 1}"
    wreck = f"{board.wreck_columns[0]}-{board.wreck_columns[-1]}"
    start_col = board.xy(board.start_squares[0])[0]
    s1 = board.xy(board.start_squares[0])
    return [
        (
            "lanes",
            "Track",
            f"Lanes: 1 inside (next to the pit) to {n} outside (next to the wall), marked "
            f"L1-L{n} here, with lines between them. Cars run counter-clockwise, one lap.",
        ),
        (
            "turn",
            "Turns",
            "The dotted corner blocks with curved arrows. Both directions of the turn count "
            "as forward there; side bumps (moving left) only there.",
        ),
        (
            "pit",
            "Pit",
            "Checkered, off the track: a car forced off the inside lane waits here and "
            "re-enters on the square it left.",
        ),
        ("wall", "Wall", "The outer band, off the track: as the pit, for the outside lane."),
        (
            "start",
            "Start squares",
            f"1 (outside lane, plays first) to {n} (inside), column {start_col}. Start squares "
            "count from the outside, lanes from the inside.",
        ),
        (
            "finish",
            "Start and finish line",
            f"The checkered band between double lines, west edge of column {board.finish_column}.",
        ),
        (
            "caution",
            "Back straightaway",
            f"The top straight between the double lines (columns {back}): the caution period "
            "while the leader is on it.",
        ),
        (
            "wreck",
            "Wreck zone",
            f"Hatched, columns {wreck} of the front straight: wrecks go here, two per row at most.",
        ),
        (
            None,
            "Coordinates",
            f"(column, row) from the top-left square: columns 0-{board.width - 1} left to "
            f"right, rows 0-{board.height - 1} top to bottom, printed round the edge. Start "
            f"square 1 is ({s1[0]}, {s1[1]}); position files and puzzles name squares so.",
        ),
    ]


def _overview(doc: Document, paper: Paper, board, square_mm: float, mono: bool) -> None:  # noqa: ANN001
    canvas, box = layout.page(doc, paper, mono=mono)
    legend_w = min(95.0, max(70.0, box.w * 0.29))
    region = box.inset(top=9.0, right=legend_w + 6.0)
    pt = 0.3528
    size = OVERVIEW_TEXT_PT
    line = size * pt * 1.3
    entries = overview_legend(board)
    *areas, coords = entries
    play = (
        f"Play on the board at true size, printed as tiles to tape together ({BOARD_SQUARE:g} mm "
        f"squares for {DIE_FACE:g} mm paper dice), or on the largest board one sheet holds, "
        "printed as a poster. This page is a map, for reference and the rules."
    )
    below = [(coords[1], coords[2]), ("To play", play)]

    def below_height(width: float) -> float:
        return sum((1 + len(layout.wrap(body, size, width))) * line + 2.0 for _, body in below)

    # the board takes what the legend column and the notes under it leave
    sq = _floor_tenth(min((region.w - _BANDS) / board.width, 99.0))
    while sq > 1.0:
        w, h = board_size(board, sq)
        if h + 5.0 + below_height(w) <= region.h:
            break
        sq = round(sq - 0.1, 1)
    sq = min(sq, square_mm)
    w, h = board_size(board, sq)
    scale = layout.scale_text(sq / square_mm)
    canvas.text(
        box.x,
        box.y + 5.0,
        f"Trading Paint board: overview (squares {sq:g} mm, scale {scale} of the "
        f"{square_mm:g} mm board, not true size)",
        11.0,
        bold=True,
    )
    with canvas.group(dx=region.x, dy=region.y):
        draw_board(canvas, board, sq, notes=[], coord_pt=OVERVIEW_COORD_PT, lane_numbers=True)
    # under the board: the coordinates and what to print to play
    y = region.y + h + 5.0
    for head, body in below:
        y += size * pt
        canvas.text(region.x, y, head, size, bold=True)
        for ln in layout.wrap(body, size, w):
            y += line
            canvas.text(region.x, y, ln, size)
        y += line - size * pt + 2.0
    # the legend, right of the board: each area drawn in the board's own styles
    lx = box.right - legend_w
    text_x = lx + SWATCH_W + 3.0
    room = box.right - text_x
    y = region.y + 4.0
    canvas.text(lx, y, "Legend", 11.0, bold=True)
    y += 3.0
    for kind, head, body in areas:
        top = y
        y += size * pt * 1.1
        canvas.text(text_x, y, head, size, bold=True)
        for ln in layout.wrap(body, size, room):
            y += line
            canvas.text(text_x, y, ln, size)
        draw_swatch(canvas, kind, lx, top + 1.0, SWATCH_W, SWATCH_H)
        y = max(y, top + SWATCH_H + 1.0) + 3.0


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
        canvas.text(box.x, box.y + 10.0, dice_fit_note(edge), 8.0, colour="#444444")
        region = box.inset(top=13.0, bottom=LEGEND_H + layout.BAR_STRIP)
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


def dice_fit_note(edge: float) -> str:
    """What the dice and car pages say about the board squares their dice fit."""
    square = edge + DIE_CLEARANCE
    return (
        f"{edge:g} mm dice: for board squares of {square:g} mm, "
        f"{DIE_CLEARANCE:g} mm larger than the faces: a folded paper cube is larger than its net"
    )


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
CARS_KEY_STRIP = 11.0  # mm at the top of a cars sheet for the team key line and the size note


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
    for page in doc.pages:
        page.text(
            layout.MARGIN,
            layout.MARGIN + 8.5,
            dice_fit_note(edge).replace("dice:", "cars:", 1),
            7.5,
            colour="#444444",
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
        "Roll a path die and lay it on the square in front of your car, turned so it opens towards the car. Stop (drive to the square beyond an open exit: one die moves you two squares) or roll again and lay the next die against an open exit of the last one. You must play every die you roll. Paths go forward or to the side, never backward; in a turn (the dotted corners) both directions of the turn are forward. Six dice are printed: to roll a seventh, pick up the first die you laid and roll it again (the squares it covered stay part of the path).",
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
    """The rules summary on two portrait pages, to print on both sides of one sheet: the rules
    (10 pt body), then the faces and their paths, the press-your-luck table and the oval."""
    doc = Document("trading-paint-rules", "Trading Paint rules summary", GAME, opts.ident())
    paper = opts.paper_size(landscape=False)
    canvas, box = layout.page(doc, paper, mono=opts.mono)
    x, y = layout.rules_heading(
        canvas,
        box,
        "Trading Paint: a dice-car race · rules summary",
        "Rules by Joe Hall (mazedice@gmail.com), summed up by racegen. Two pages: print them on "
        "both sides of one sheet.",
    )
    setups = load_setups()

    def team_text(s, t):  # noqa: ANN001, ANN202
        starts = [str(c.start) for c in s.cars if c.team == t and c.start]
        late = sum(1 for c in s.cars if c.team == t and not c.start)
        return f"{t} on " + " & ".join(starts) + (f" + {late} late car" if late else "")

    teams = "; ".join(
        f"{n} players: " + ", ".join(team_text(s, t) for t in s.teams)
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
    from generator.games.trading_paint.strategy.luck import best_dice, luck_table

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


__all__ = [
    "board_document",
    "dice_document",
    "cars_document",
    "rules_document",
    "parse_sheet",
    "draw_team_symbol",
]
