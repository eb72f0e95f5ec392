"""Print-and-play kits: everything a table needs to play one game, in one file.

A kit is made from the game's printables table: every printable with a KitPart, printed with
the values it names, components in the table's order and the rules summary last, behind two
pages of its own: a cover (what is in the kit, what to print on which paper, single- or
double-sided, how many copies, what else to bring) and an assembly page (small diagrams of
cutting, folding, gluing and taping tiles, and what each component needs). The component pages
are the very pages the single commands print.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.kit_cover import cover, part_name
from generator.printing import KitPart, Printable, PrintSpec
from generator.render import pages
from generator.render.canvas import BLACK, GREY, Canvas, Style
from generator.render.clip import Box
from generator.render.document import Document
from generator.render.nets import fold_style
from generator.render.text import wrap

TITLE_PT = 20.0
HEAD_PT = 12.0
BODY_PT = 10.0
SMALL_PT = 9.0
LINE = 4.6  # mm between 10 pt lines
CUT = Style(stroke=BLACK, width=0.4)
GLUE = Style(stroke=BLACK, width=0.3, fill="#d9d9d9", hatch="backdiagonal", hatch_colour="#777777")
TAPE = Style(stroke=GREY, width=0.3, fill="#f2e6a6", opacity=0.8)
PAPER = Style(stroke=BLACK, width=0.3, fill="#ffffff")


@dataclass
class Part:
    printable: Printable
    kit: KitPart
    doc: Document
    first: int = 0  # first page in the kit (1-based)

    @property
    def pages(self) -> int:
        return len(self.doc.pages)


def kit_document(game, spec: PrintSpec) -> Document:  # noqa: ANN001 - registry.GameInfo
    """The game's kit as one document (module docstring)."""
    parts: list[Part] = []
    for p in game.printables():
        if p.kit is None:
            continue
        for doc in p.documents(spec, **p.kit.values_for(spec)):
            parts.append(Part(p, p.kit, doc))
    parts.sort(key=lambda part: part.kit.rules)  # the rules summary last, the rest in order
    kit = Document(
        stem=f"{game.name}-kit",
        title=f"{game.title}: print-and-play kit",
        game=game.title,
        ident=spec.ident(),
    )
    paper = spec.paper_size(landscape=False)
    steps = _steps(parts)
    page, blanks = (3 if steps else 2), set()  # the cover and the assembly page come first
    for k, part in enumerate(parts):
        if part.kit.duplex and page % 2 == 0:
            blanks.add(k)  # a double-sided part starts on a front
            page += 1
        part.first = page
        page += part.pages
    cover(kit, game, parts, paper, spec.mono)
    if steps:
        _assembly(kit, parts, steps, paper, spec.mono)
    for k, part in enumerate(parts):
        if k in blanks:
            _blank(kit, paper, spec.mono)
        kit.pages.extend(part.doc.pages)
    for n, canvas in enumerate(kit.pages, 1):
        canvas.id = f"p{n}"
    return kit


def _steps(parts: list[Part]) -> list[tuple[str, Callable[[Canvas, Box], None]]]:
    """The diagrams this kit needs: those whose verb a component's `make` words use (a Graph
    Racers kit, played on its sheets, needs none and so has no assembly page)."""
    words = " ".join(part.kit.make for part in parts).lower()
    return [(label, draw) for verb, label, draw in DIAGRAMS if verb in words]


def _assembly(kit: Document, parts: list[Part], steps, paper, mono: bool) -> None:  # noqa: ANN001
    canvas, box = pages.page(kit, paper, mono=mono)
    x, y = box.x, box.y + 8.0
    canvas.text(x, y, "Making the pieces", TITLE_PT - 4, bold=True)
    y += 6.0
    canvas.text(
        x, y, "Solid lines are cuts, dashed lines are folds; crop marks sit outside the pieces.",
        BODY_PT, colour="#444444",
    )  # fmt: skip
    y += 8.0
    cell = Box(x, y, (box.w - 12.0) / 4, 46.0)
    for k, (label, draw) in enumerate(steps):
        b = Box(cell.x + k * (cell.w + 4.0), cell.y, cell.w, cell.h)
        canvas.rect(b.x, b.y, b.w, b.h, Style(stroke=GREY, width=0.2))
        draw(canvas, Box(b.x + 4, b.y + 4, b.w - 8, b.h - 14))
        canvas.text(b.x + b.w / 2, b.bottom - 4.0, label, BODY_PT, bold=True, anchor="middle")
    y = cell.bottom + 10.0
    canvas.text(x, y, "Component by component", HEAD_PT, bold=True)
    for part in parts:
        if not part.kit.make:
            continue
        y += LINE + 1.4
        names = wrap(part_name(part), BODY_PT, 56.0, bold=True)
        words = wrap(part.kit.make[0].upper() + part.kit.make[1:] + ".", BODY_PT, box.w - 60)
        for k, ln in enumerate(names):
            canvas.text(x, y + k * LINE, ln, BODY_PT, bold=True)
        for k, ln in enumerate(words):
            canvas.text(x + 60.0, y + k * LINE, ln, BODY_PT)
        y += LINE * (max(len(names), len(words)) - 1)


def _blank(kit: Document, paper, mono: bool) -> None:  # noqa: ANN001
    canvas, box = pages.page(kit, paper, mono=mono)
    canvas.text(
        box.x + box.w / 2, box.y + box.h / 2, "This page is left blank (the next part prints on "
        "both sides).", BODY_PT, anchor="middle", colour="#666666",
    )  # fmt: skip


# --- the four small diagrams -------------------------------------------------------------------
def _cut(canvas: Canvas, b: Box) -> None:
    s = min(b.w, b.h) * 0.7
    x0, y0 = b.x + (b.w - s) / 2, b.y + (b.h - s) / 2
    canvas.rect(x0, y0, s, s, CUT)
    for cx, cy, dx, dy in (
        (x0, y0, -1, -1),
        (x0 + s, y0, 1, -1),
        (x0, y0 + s, -1, 1),
        (x0 + s, y0 + s, 1, 1),
    ):
        canvas.line(cx + dx * 1.0, cy, cx + dx * 4.0, cy, CUT)
        canvas.line(cx, cy + dy * 1.0, cx, cy + dy * 4.0, CUT)


def _fold(canvas: Canvas, b: Box) -> None:
    w, h = b.w * 0.8, b.h * 0.7
    x0, y0 = b.x + (b.w - w) / 2, b.y + (b.h - h) / 2
    canvas.rect(x0, y0, w, h, CUT)
    canvas.line(x0 + w / 2, y0, x0 + w / 2, y0 + h, fold_style(h))  # as on the dice nets
    from generator.render.glyphs import arrow

    arrow(
        canvas,
        x0 + w * 0.8,
        y0 + h / 2,
        x0 + w * 0.58,
        y0 + h / 2,
        Style(stroke=BLACK, width=0.4),
        head=2.0,
    )


def _glue(canvas: Canvas, b: Box) -> None:
    w, h = b.w * 0.55, b.h * 0.6
    x0, y0 = b.x + (b.w - w) / 2 - 4, b.y + (b.h - h) / 2
    canvas.rect(x0, y0, w, h, CUT)
    tab = [(x0 + w, y0 + 2), (x0 + w + 8, y0 + 5), (x0 + w + 8, y0 + h - 5), (x0 + w, y0 + h - 2)]
    canvas.polygon(tab, GLUE)
    canvas.line(x0 + w, y0, x0 + w, y0 + h, fold_style(h))
    canvas.text(x0 + w + 4, y0 + h / 2 + 1.2, "glue", 7.0, anchor="middle", rotate=90)


def _join(canvas: Canvas, b: Box) -> None:
    """Two tiles: the left one cut along the solid line on its right, slid over the grey
    glue margin of the right one (the drawing, a line, continues across)."""
    h = b.h * 0.8
    y0 = b.y + (b.h - h) / 2
    rx, sw, margin = b.x + b.w * 0.5, b.w * 0.48, 4.0
    canvas.rect(rx, y0, sw, h, PAPER)
    canvas.polygon([(rx, y0), (rx + margin, y0), (rx + margin, y0 + h), (rx, y0 + h)], GLUE)
    canvas.text(rx + margin / 2 + 0.9, y0 + h / 2, "glue", 6.0, anchor="middle", rotate=-90)
    lx = rx - 3.0 - sw  # the left tile, short of its place: its cut edge goes on rx + margin
    canvas.rect(lx + 3.0, y0 + 1.5, sw - 3.0, h, PAPER)
    canvas.line(lx + sw, y0 + 1.5, lx + sw, y0 + h + 1.5, CUT)
    for tile_x, w in ((lx + 3.0, sw - 3.0), (rx + margin, sw - margin)):
        canvas.line(tile_x + 1.0, y0 + h * 0.6, tile_x + w - 1.0, y0 + h * 0.6, Style(width=0.6))
    from generator.render.glyphs import arrow

    arrow(canvas, lx + sw - 6.0, y0 + h * 0.3, lx + sw + margin + 1.0, y0 + h * 0.3,
          Style(stroke=BLACK, width=0.4), head=1.8)  # fmt: skip


# the assembly page's diagrams: (the verb in a part's `make` words, label, drawing)
DIAGRAMS = (
    ("cut", "Cut", _cut),
    ("fold", "Fold", _fold),
    ("glue", "Glue", _glue),
    ("join", "Join tiles", _join),
)
