"""The Trading Paint dice and cars as cube nets to cut, fold and glue: the path dice (six
faces with square pips, and the connection legend on every sheet) and one car die per car
(team colour and symbol, car number).

Each builder returns a Document for the command to write; every sheet of dice carries the
50 mm calibration bar and says which board squares the dice fit.
"""

from __future__ import annotations

from generator.errors import InvalidInput
from generator.games.trading_paint.printing.piece_art import (
    car_face_drawer,
    draw_connections,
    draw_face,
    face_drawers,
    team_symbol,
)
from generator.games.trading_paint.printing.sizes import DIE_CLEARANCE
from generator.games.trading_paint.rules.faces import load_faces
from generator.games.trading_paint.rules.setup import get_setup
from generator.printing import PrintSpec
from generator.render import layout
from generator.render.canvas import GREY, Canvas, Style
from generator.render.document import Document
from generator.render.nets import cube_net, cube_net_size
from generator.render.paper import Paper

GAME = "Trading Paint"
LIGHT = Style(stroke=GREY, width=0.15)


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
                "use a smaller --edge or larger --paper"
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
        canvas.text(cx, y + 28.5, f"{face}: {words[face]}", 8.0, anchor="middle", bold=face == 5)
    canvas.text(
        x,
        y + 35.0,
        "Turn a die any way round before you lay it; it must open towards the car or the die before it.",
        8.0,
        colour="#444444",
    )


# --- car dice ----------------------------------------------------------------------------------
CARS_KEY_STRIP = 11.0  # mm at the top of a cars sheet for the team key line and the size note


def cars_document(opts: PrintSpec, players: int | str, edge: float) -> Document:
    """One car-die net per car: team colour and symbol on every face, car number on five.
    players "all": every car for 2 to 6 players and the path dice (the kit's sheets)."""
    if players == "all":
        from generator.games.trading_paint.printing.kit_pieces import pieces_document

        return pieces_document(opts, edge)
    players = int(players)
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
            8.0,
            colour="#444444",
        )
    return doc
