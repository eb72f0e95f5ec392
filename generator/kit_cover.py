"""A kit's cover, as a print-and-play publisher makes one: the game's name, who plays and for
how long, a picture drawn from the kit's own pages (the board large, the pieces beside it),
what the kit holds (pieces counted, pages, paper, sides, copies), which pieces to cut for how
many players, how to print, and what else to bring.

The facts a page cannot show (players, playing time, piece counts, what to cut for each player
count) come from the game's printables module, `KIT_COVER` (games/<game>/printables.py);
everything else from the kit's parts. The picture is made last, in whatever room the words
leave (PICTURE_MOST mm at most, none under PICTURE_LEAST), so a cover never runs off its page.
Imports: printing, render (below the kits, as kits.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.render import pages
from generator.render.canvas import BLACK, GREY, Canvas, Op, Style
from generator.render.clip import Box
from generator.render.document import Document
from generator.render.text import legible, wrap

TITLE_PT = 24.0
FACTS_PT = 12.0
HEAD_PT = 12.0
BODY_PT = 10.0
TABLE_PT = 9.0
CAPTION_PT = 8.0
LINE = 4.6  # mm between 10 pt lines
TOP = 28.0  # mm from the top of the box to the picture: title, facts, summary
TABLE_LINE = 4.0  # mm between 9 pt lines
PICTURE_MOST = 95.0  # mm: the picture's height on a page with room
ROW_MOST = 4  # pieces shown of a page of pieces: its first row, at most this many
PICTURE_LEAST = 35.0  # mm: below this the cover has no picture
PAPER_NAMES = {"a4": "A4", "letter": "US Letter", "a3": "A3", "tabloid": "Tabloid"}
END = Op("end", ())
SHEET = Style(stroke="#999999", width=0.25, fill="#ffffff")  # a page in the picture
SHADOW = Style(stroke=None, fill="#d0d0d0")
RULE = Style(stroke=BLACK, width=0.3)
TOOLS = (  # what a step needs, by the words of KitPart.make
    ("cut", "scissors or a craft knife and a ruler"),
    ("glue", "a glue stick"),
)
CARD = "card stock (160 to 220 g/m2)"


def cover(kit: Document, game, parts: list, paper, mono: bool) -> None:  # noqa: ANN001
    """Add the cover page to `kit` (module docstring). `parts` are kits.Part, numbered."""
    facts = game.kit_cover()
    canvas, box = pages.page(kit, paper, mono=mono)
    words = Canvas(canvas.width, canvas.height, mono=mono)  # the words, laid out first
    y = _words(words, box, game, facts, parts, paper)
    room = box.bottom - y - 6.0
    picture = min(PICTURE_MOST, room)
    top = box.y + TOP  # under the title, the facts line and the summary
    _title(canvas, box, game, facts)
    if picture >= PICTURE_LEAST:
        _picture(canvas, Box(box.x, top, box.w, picture), parts)
        shift = picture + 6.0
    else:
        shift = 0.0
    with canvas.group(dy=shift):
        canvas.ops.extend(words.ops)


def _title(canvas: Canvas, box: Box, game, facts: dict[str, Any]) -> None:  # noqa: ANN001
    x, y = box.x, box.y + 9.0
    canvas.text(x, y, game.title, TITLE_PT, bold=True)
    y += 8.0
    said = {k: str(v).replace("-", " to ") for k, v in facts.items() if k in ("players", "minutes")}
    line = [f"{said['players']} players"] if "players" in said else []
    line += [f"about {said['minutes']} minutes"] if "minutes" in said else []
    line.append("print and play")
    canvas.text(x, y, "  ·  ".join(line), FACTS_PT, bold=True, colour="#333333")
    summary = game.summary[0].upper() + game.summary[1:] + "."
    canvas.text(x, y + 5.5, summary, BODY_PT, colour="#555555")


def _words(
    canvas: Canvas,
    box: Box,
    game,
    facts: dict[str, Any],
    parts: list,
    paper,  # noqa: ANN001
) -> float:
    """Everything but the title and the picture, from just under the title; returns the y
    where the last line ends."""
    x, y = box.x, box.y + TOP
    y = _contents(canvas, box, x, y, facts, parts)
    counts = facts.get("counts", ())
    if counts:
        y += 8.0
        canvas.text(x, y, "How many players", HEAD_PT, bold=True)
        for n, what in counts:
            lines = wrap(what, BODY_PT, box.w - 26.0)
            y += LINE + 0.4
            canvas.text(x + 2.0, y, f"{n} players", BODY_PT, bold=True)
            for k, ln in enumerate(lines):
                canvas.text(x + 26.0, y + k * LINE, ln, BODY_PT)
            y += LINE * (len(lines) - 1)
    y += 8.0
    canvas.text(x, y, "Printing", HEAD_PT, bold=True)
    for note in _printing_notes(parts, paper):
        y += 1.4
        for ln in wrap(note, BODY_PT, box.w):
            y += LINE
            canvas.text(x, y, ln, BODY_PT)
    tools = [words for key, words in TOOLS if any(key in p.kit.make for p in parts)]
    also = tools + list(game.kit_also)
    if also:
        y += 8.0
        canvas.text(x, y, "You also need", HEAD_PT, bold=True)
        y += LINE + 0.4
        for ln in wrap("; ".join(also) + ".", BODY_PT, box.w - 2.0):
            canvas.text(x + 2.0, y, ln, BODY_PT)
            y += LINE
        y -= LINE
    rules = [p for p in parts if p.kit.rules]
    if rules:
        y += 8.0
        first = rules[-1].first
        canvas.text(x, y, f"Then read the rules summary (page {first}, the last) and play.", BODY_PT,
                    bold=True)  # fmt: skip
    return y


def _contents(canvas: Canvas, box: Box, x: float, y: float, facts, parts) -> float:  # noqa: ANN001
    """The "In this kit" table and the pieces counted under it; returns the last baseline."""
    canvas.text(x, y, "In this kit", HEAD_PT, bold=True)
    w = box.w
    cols = (0.0, 0.44 * w, 0.55 * w, 0.68 * w, 0.84 * w)
    heads = ("component", "pages", "print on", "sides", "copies")
    y += 6.5
    for cx, h in zip(cols, heads, strict=True):
        canvas.text(x + cx, y, h, TABLE_PT, bold=True)
    canvas.line(x, y + 1.5, box.right, y + 1.5, RULE)
    y += 1.5
    for part in parts:
        y += LINE + 0.4
        row = (
            part_name(part),
            _pages(part),
            "card stock" if part.kit.stock == "card" else "paper",
            "both (long edge)" if part.kit.duplex else "one",
            part.kit.copies,
        )
        ends = [*cols[1:], w]
        cells = [
            wrap(text, TABLE_PT, end - cx - 2.5)
            for cx, end, text in zip(cols, ends, row, strict=True)
        ]
        for cx, lines in zip(cols, cells, strict=True):
            for k, ln in enumerate(lines):
                canvas.text(x + cx, y + k * TABLE_LINE, ln, TABLE_PT)
        y += TABLE_LINE * (max(len(lines) for lines in cells) - 1)
    pieces = facts.get("pieces", ())
    if pieces:
        y += LINE + 2.0
        lines = wrap("Pieces: " + ", ".join(pieces) + ".", BODY_PT, box.w)
        for k, ln in enumerate(lines):
            canvas.text(x, y + k * LINE, ln, BODY_PT)
        y += LINE * (len(lines) - 1)
    return y


def _printing_notes(parts: list, paper) -> list[str]:  # noqa: ANN001
    name = PAPER_NAMES.get(paper.name, paper.name)
    notes = [
        f'Print at 100 % ("actual size", never "fit to page") on {name}: every true-size page '
        "carries a 50 mm bar; measure it before you cut."
    ]
    card = [p for p in parts if p.kit.stock == "card"]
    if card:
        where = ", ".join(_pages(p) for p in card)
        what = ", ".join(part_name(p).lower() for p in card)
        notes.append(
            f"Print page{'s' if len(card) > 1 or card[0].pages > 1 else ''} {where} ({what}) on "
            f"{CARD}: those pieces are handled. Plain paper for the rest; give the page numbers "
            "in your printer's dialogue."
        )
    else:
        notes.append("Everything prints on plain paper.")
    if any(p.kit.duplex for p in parts):
        notes.append(
            "Parts marked both (long edge) print on both sides of the sheet, flipped on the "
            "long edge; a blank page before one keeps its front on a front."
        )
    return notes


def _pages(part) -> str:  # noqa: ANN001
    return str(part.first) if part.pages == 1 else f"{part.first}-{part.first + part.pages - 1}"


# --- the picture --------------------------------------------------------------------------------
def _picture(canvas: Canvas, box: Box, parts: list) -> None:
    """The board large on the left and beside it up to three other parts (dice first, then
    the pieces on card), each drawn from the kit's own pages (pieces: the first row of a page
    of pieces; words too small to read at that size left out)."""
    board = parts[0]
    others = [p for p in parts[1:] if not p.kit.rules]
    others.sort(key=lambda p: ("dice" not in p.doc.title.lower(), p.kit.stock != "card"))
    others = others[:3]
    side = box.w * 0.3 if others else 0.0
    left = Box(box.x, box.y, box.w - side - (6.0 if others else 0.0), box.h)
    _thumbnail(canvas, _board_page(board, canvas.mono), left, part_name(board))
    if not others:
        return
    cell_h = (box.h - 3.0 * (len(others) - 1)) / len(others)
    for k, part in enumerate(others):
        b = Box(box.right - side, box.y + k * (cell_h + 3.0), side, cell_h)
        _thumbnail(canvas, part.doc.pages[0], b, part_name(part))


def part_name(part) -> str:  # noqa: ANN001
    """A part as the kit names it: its document's title without the game's name."""
    name = part.doc.title.removeprefix(part.doc.game).strip(" :·") or part.doc.title
    return name[0].upper() + name[1:]


def _board_page(part, mono: bool) -> Canvas:  # noqa: ANN001
    """The whole board: the drawing itself where the document kept it (a tiled or poster
    board: Document.picture), else its first page."""
    if part.doc.picture is None:
        return part.doc.pages[0]
    width, height, draw = part.doc.picture
    whole = Canvas(width, height, mono=mono)
    draw(whole)
    return whole


def _thumbnail(canvas: Canvas, page: Canvas, box: Box, caption: str) -> None:
    """What `page` prints (its footer left out), cropped to its extent and scaled into `box`
    over a caption line, on a white card with a shadow."""
    ops = _first_row(_without_footer(page.ops))
    x0, y0, x1, y1 = _extent(page, ops)
    pad = 2.0
    room = Box(box.x, box.y, box.w - 0.8, box.h - 5.0)  # the shadow inside the box too
    scale = min((room.w - 2 * pad) / (x1 - x0), (room.h - 2 * pad) / (y1 - y0))
    w, h = (x1 - x0) * scale + 2 * pad, (y1 - y0) * scale + 2 * pad
    left, top = room.x + (room.w - w) / 2, room.y + (room.h - h) / 2
    canvas.rect(left + 0.8, top + 0.8, w, h, SHADOW)
    canvas.rect(left, top, w, h, SHEET)
    dx, dy = left + pad - x0 * scale, top + pad - y0 * scale
    with canvas.group(dx=dx, dy=dy, scale=scale):
        canvas.ops.extend(_anonymous(legible(ops, scale)))
    canvas.text(left + w / 2, top + h + 4.0, caption, CAPTION_PT, anchor="middle", colour=GREY)


def _extent(page: Canvas, ops: list[Op]) -> tuple[float, float, float, float]:
    """The box (page mm) holding every point `ops` draw (text by its anchor, circles by
    their radius as drawn, before any group's scale: a margin, not a bound), or the whole
    page when they draw nothing."""
    probe = Canvas(page.width, page.height, ops=list(ops))
    xs: list[float] = []
    ys: list[float] = []
    for op, points in probe.absolute_points():
        r = op.data[2] if op.kind == "circle" else 0.0
        for x, y in points:
            xs += [x - r, x + r]
            ys += [y - r, y + r]
    if not xs:
        return 0.0, 0.0, page.width, page.height
    return min(xs), min(ys), max(xs), max(ys)


def _first_row(ops: list[Op]) -> list[Op]:
    """The first ROW_MOST pieces (`piece-N` groups: pieces.py) of the page's first row, where
    it has pieces (dice or coins large enough to see); else every op."""
    groups: list[list[Op]] = []  # each piece in the groups around it
    around: list[Op] = []  # the begin ops of the groups we are in, outside any piece
    depth = 0  # inside a piece: how deep
    for op in ops:
        if depth:
            groups[-1].append(op)
            depth += (op.kind == "begin") - (op.kind == "end")
            if depth == 0:
                groups[-1] += [END] * len(around)
        elif op.kind == "begin" and op.group and (op.group.id or "").startswith("piece-"):
            groups.append([*around, op])
            depth = 1
        elif op.kind == "begin":
            around.append(op)
        elif op.kind == "end":
            around.pop()
    if not groups:
        return ops
    tops = []
    for group in groups:
        probe = Canvas(1.0, 1.0, ops=list(group))
        tops.append(min(y for _, points in probe.absolute_points() for _, y in points))
    first = min(tops)
    row = [group for top, group in zip(tops, groups, strict=True) if top < first + 3.0]
    return [op for group in row[:ROW_MOST] for op in group]


def _without_footer(ops: list[Op]) -> list[Op]:
    out, depth = [], 0
    for op in ops:
        if depth or (op.kind == "begin" and op.group and op.group.id == pages.FOOTER_ID):
            depth += (op.kind == "begin") - (op.kind == "end")
            continue
        out.append(op)
    return out


def _anonymous(ops: list[Op]) -> list[Op]:
    """The ops without their group ids (ids are unique per page; the cover has its own)."""
    return [
        replace(op, group=replace(op.group, id=None)) if op.kind == "begin" and op.group else op
        for op in ops
    ]
