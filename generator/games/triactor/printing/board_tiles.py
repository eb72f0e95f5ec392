"""The Triactor board as the 24 two-inch piecepack tiles to cut out (`triactor board --style
tiles`): each tile clipped from the board's drawing and labelled T1..T24 in race order, butted
edge to edge with crop marks, and a map on the first sheet of where each tile goes.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.errors import InvalidInput
from generator.games.triactor.printing.artwork import CORNER_FILL, TILE_FILL, TRUE_UNIT, draw_tile
from generator.games.triactor.printing.page_style import GAME
from generator.games.triactor.race.track import Tile, board
from generator.printing import PrintSpec
from generator.render import layout, pieces
from generator.render.canvas import BLACK, CUT, Canvas, Style
from generator.render.clip import Box
from generator.render.document import Document
from generator.render.glyphs import arrow
from generator.render.paper import Paper

TILE = 2 * TRUE_UNIT  # mm: a piecepack tile is 2 inches square
TILES_TITLE = 10.0  # pt: the sheet's title
TILES_WORDS = 8.0  # pt: how to cut and lay the tiles, under the title
TILES_LINE = 3.4  # mm between the lines of the words
TILES_ADVICE = (
    "Cut from mark to mark: the short marks outside the block show every cut, 50.8 mm "
    "apart (the lines inside a tile are its steps and spaces). Lay the tiles out as the "
    "map on the first sheet shows; T1 to T24 follow the race from the start/finish line."
)
MAP_CELLS = 2  # the layout map takes two tile cells on the first sheet
LABEL_SIZE = 6.0  # pt: the tile labels (T1..T24) in a corner of each tile
LABEL_INSET = 1.8  # mm from the tile's edges to its label
LABEL_COLOUR = "#555555"
FINISH_SQUARE = TRUE_UNIT / 8  # mm: a square of the chequered start/finish line


def tiles_in_order() -> list[Tile]:
    """The 24 tiles in race order: T1 holds steps 1 and 2 (just after the start/finish line),
    T4 the corner step 7, ..., T24 steps 43 and 44."""
    return sorted(board().tiles, key=lambda t: t.steps[0])


def tile_label(i: int) -> str:
    return f"T{i + 1}"


def _label_spot(tile: Tile) -> tuple[float, float]:
    """(x, baseline y) of a tile's label, tile mm: its top-left corner, past the half of the
    start/finish line on the left edge of the tile of step 1."""
    top = LABEL_INSET + LABEL_SIZE * 0.3528 * 0.72
    if 1 in tile.steps:
        return LABEL_INSET + 2 * FINISH_SQUARE, top
    return LABEL_INSET, top


def _draw_cut_tile(tile: Tile, label: str) -> Callable[[Canvas], None]:
    def draw(c: Canvas) -> None:
        draw_tile(c, tile)
        x, y = _label_spot(tile)
        c.text(x, y, label, LABEL_SIZE, bold=True, colour=LABEL_COLOUR)
        pieces.cut_rect(c, 0, 0, TILE, TILE, CUT)  # the cut line, on the middle of the tile's edge

    return draw


def tile_map(c: Canvas, box: Box) -> None:
    """The layout map: the board's 24 tiles, each with its label, the start/finish line and
    the direction of the race, scaled into `box`."""
    b = board()
    head = 9.5
    layout.instructions(c, box.x, box.y + 3.2, "Lay the tiles out like this", size=9, bold=True)
    layout.instructions(c, box.x, box.y + 7.2, "(text upright, start/finish line nearest you)")
    region = box.inset(top=head)
    scale = min(region.w / b.width, region.h / b.height)  # mm per half tile
    ox = region.x + (region.w - b.width * scale) / 2
    oy = region.y + (region.h - b.height * scale) / 2

    def at(x: float, y: float) -> tuple[float, float]:
        return ox + x * scale, oy + (b.height - y) * scale

    edge = Style(stroke=BLACK, width=0.2)
    for i, t in enumerate(tiles_in_order()):
        x0, y0, x1, y1 = t.rect
        left, top = at(x0, y1)
        fill = CORNER_FILL if t.face == "up" else TILE_FILL
        c.rect(left, top, (x1 - x0) * scale, (y1 - y0) * scale, edge.with_(fill=fill))
        cx, cy = at(t.x, t.y)
        c.text(cx, cy + 1.0, tile_label(i), LABEL_SIZE, bold=True, anchor="middle")
    fx = b.finish_line_x
    c.line(*at(fx, 0), *at(fx, 2), Style(stroke=BLACK, width=1.0))
    sx, sy = at(fx, 2.8)
    c.text(sx, sy, "start / finish", 6, anchor="middle")
    arrow(c, *at(fx + 1.2, 3.5), *at(fx + 4.2, 3.5), Style(stroke=BLACK, width=0.35), head=2.0)
    lx, ly = at(fx + 2.7, 4.3)
    c.text(lx, ly, "race direction", 6, anchor="middle")


def tiles_document(opts: PrintSpec) -> Document:
    """The board as the 24 two-inch piecepack tiles of figure 1 to cut out, true size: each
    tile with its steps, spaces, numbers, coin spot and its part of the start/finish line
    (the board drawing, clipped), labelled T1..T24 in race order in a corner, butted edge to
    edge so one cut separates two tiles, crop marks continuing the cut lines outside the
    block; a map of where each tile goes on the first sheet; the calibration bar on every
    sheet. Laid out as the map shows, the tiles make the tiled board."""
    tiles = tiles_in_order()
    draws = [_draw_cut_tile(t, tile_label(i)) for i, t in enumerate(tiles)]
    doc = Document("triactor-tiles", "Triactor board tiles", GAME, opts.ident("24 tiles"))

    def lay(d: Document, paper: Paper) -> list:
        box = layout.usable_box(paper)
        advice = layout.wrap(TILES_ADVICE, TILES_WORDS, box.w)
        header = 8.6 + TILES_LINE * len(advice)  # the title, the words and 2 mm below
        region = box.inset(top=header, bottom=layout.BAR_STRIP)
        grid = layout.centred_grid(region, TILE, TILE, 0.0)
        if grid.per_sheet == 0:
            raise InvalidInput(
                f"a {TILE:g} mm tile does not fit the printable area of {paper.name} paper: "
                "choose larger paper"
            )
        map_cells = min(MAP_CELLS, grid.cols)
        slots = list(range(map_cells, grid.per_sheet))  # the first sheet starts after the map
        sheets: list[Canvas] = []
        k = 0
        while k < len(draws):
            c, _ = layout.page(d, paper, mono=opts.mono)
            first = not sheets
            cells = []
            used = list(slots if first else range(grid.per_sheet))[: len(draws) - k]
            taken = set(used)  # the map keeps 2.5 mm clear towards the tiles: room to bleed
            for slot in used:
                cell = grid.cell(slot)
                # butted tiles share their cut lines; a tile's colour bleeds only past the
                # sides no tile (or the map) touches
                layout.place_piece(
                    c, cell, draws[k], room=region, share=_tile_share(grid, slot, taken)
                )
                cells.append(cell)
                k += 1
            keep = []
            if first:
                a, z = grid.cell(0), grid.cell(map_cells - 1)
                where = Box(a.x, a.y, z.right - a.x, a.h)
                tile_map(c, where.inset(2.0, 1.0, 3.0, 2.5))
                keep.append(where)
            bar = Box(
                box.x + (box.w - layout.BAR_LENGTH) / 2,
                box.bottom - layout.BAR_HEIGHT,
                layout.BAR_LENGTH,
                layout.BAR_HEIGHT,
            )
            layout.calibration_bar(c, bar.x, bar.y)
            with c.group():
                layout.crop_marks(c, cells, box.inset(top=header - 2.0), [*keep, bar])
            _tiles_header(c, box, advice)
            sheets.append(c)
        return sheets

    lay(doc, layout.fewest_sheets(opts.paper_turns(), lay))
    return doc


def _tile_share(grid: layout.Grid, slot: int, taken: set[int]) -> Box:
    """The part of the sheet a cut tile may bleed into: BLEED past each side with no
    neighbour in the grid, nothing past a side it shares."""
    r, col = divmod(slot, grid.cols)

    def free(rr: int, cc: int) -> float:
        inside = 0 <= rr < grid.rows and 0 <= cc < grid.cols
        return 0.0 if inside and rr * grid.cols + cc in taken else pieces.BLEED

    return grid.cell(slot).inset(
        -free(r, col - 1), -free(r - 1, col), -free(r, col + 1), -free(r + 1, col)
    )


def _tiles_header(c: Canvas, box: Box, advice: list[str]) -> None:
    title = f"Triactor board tiles: 24 piecepack tiles, {TILE:g} mm (2 inch) squares, true size"
    c.text(box.x, box.y + 4.5, title, TILES_TITLE, bold=True)
    words = " ".join(advice)  # the lines wrapped at box.w: instructions wraps them alike
    layout.instructions(c, box.x, box.y + 8.6, words, box.w, size=TILES_WORDS, line=TILES_LINE)
