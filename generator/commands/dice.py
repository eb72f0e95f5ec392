"""`racegen dice blank-d6|blank-d8`: a page of blank dice nets to cut, fold and glue.

Blank dice are the fallback every race game needs (a Trading Paint speed die, a Dice Rush d8
direction die): print, write or draw the faces, fold. The edge is a parameter because cars and
squares in Trading Paint are die-sized (16 mm by default).
"""

from __future__ import annotations

import click

from generator.options import Length, PrintOptions, printing_options
from generator.render.nets import MIN_EDGE

GAP = 4.0  # mm between nets
MAX_EDGE = 100.0  # mm


@click.group("dice")
def dice() -> None:
    """Print dice nets (cube d6, octahedron d8) with glue tabs."""


def _edge_option(func):
    return click.option(
        "--edge",
        type=Length(maximum=MAX_EDGE, least=MIN_EDGE),
        default="16mm",
        show_default=True,
        help="Face edge: 16mm, 0.75in, 2cm...",
    )(func)


@dice.command("blank-d6")
@_edge_option
@printing_options(seeded=False)
def blank_d6(opts: PrintOptions, edge: float) -> None:
    """A page of blank cube nets (6 faces, 7 glue tabs)."""
    _print(opts, "d6", edge)


@dice.command("blank-d8")
@_edge_option
@printing_options(seeded=False)
def blank_d8(opts: PrintOptions, edge: float) -> None:
    """A page of blank octahedron nets (8 faces, 5 glue tabs)."""
    _print(opts, "d8", edge)


def _print(opts: PrintOptions, die: str, edge: float) -> None:
    from generator.output import emit

    doc = blank_dice_document(die, edge, opts.paper_size(), mono=opts.mono)
    for path in emit(doc, opts):
        click.echo(str(path))


def mm_text(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def blank_dice_document(die: str, edge: float, paper, *, mono: bool = False):
    """One page of blank d6 ("d6") or d8 ("d8") nets with `edge` mm faces."""
    from generator.errors import InvalidInput
    from generator.render import marks, nets, pages, sheets
    from generator.render.document import Document
    from generator.render.text import instructions

    if die not in ("d6", "d8"):
        raise InvalidInput(f"unknown die {die!r}: use d6 or d8")
    net = nets.cube_layout(edge) if die == "d6" else nets.d8_layout(edge)
    size = mm_text(edge)
    doc = Document(
        stem=f"blank-{die}-{size}mm",
        title=f"Blank {die} nets, {size} mm edge",
        ident=f"{paper.name}{' landscape' if paper.landscape else ''}",
    )
    canvas, box = pages.page(doc, paper, mono=mono)
    region = box.inset(bottom=marks.BAR_STRIP)
    if sheets.net_sheet(canvas, region, net, gap=GAP) == 0:
        raise InvalidInput(
            f"a {die} net with {size} mm edges ({net.width:.0f} x {net.height:.0f} mm) does not fit "
            f"on {paper.name}{' landscape' if paper.landscape else ''} paper: "
            f"{_what_fits(die, edge, paper)}"
        )
    marks.calibration_bar(canvas, box.x, box.bottom - marks.BAR_HEIGHT)
    note = f"edge {size} mm · cut solid lines, fold dashed lines, glue tabs inside"
    if not net.tabs_say_glue():
        note += f" ({nets.GLUE_HATCH_NOTE})"
    instructions(canvas, box.right, box.bottom - marks.BAR_HEIGHT + 2.6, note, anchor="end")
    return doc


def _fits(die: str, edge: float, paper) -> bool:  # noqa: ANN001
    """Does one `die` net with `edge` mm faces fit a page of `paper` (either way round)?"""
    from generator.render import marks, nets, pages, sheets
    from generator.render.document import Document

    net = nets.cube_layout(edge) if die == "d6" else nets.d8_layout(edge)
    _canvas, box = pages.page(Document("scratch", "scratch"), paper)
    region = box.inset(bottom=marks.BAR_STRIP)
    return any(
        sheets.centred_grid(region, w, h, GAP).per_sheet
        for w, h in ((net.width, net.height), (net.height, net.width))
    )


def _what_fits(die: str, edge: float, paper) -> str:  # noqa: ANN001
    """Advice for a net too big for `paper`: the largest whole-mm edge that fits it, and the
    larger papers that hold this edge (a portrait page has more room under its header)."""
    from generator.render.paper import PAPERS, Paper

    hints = []
    if paper.landscape and _fits(die, edge, Paper.get(paper.name, False)):
        hints.append("leave out --landscape")
    most = next((e for e in range(int(edge), 4, -1) if _fits(die, e, paper)), None)
    if most is not None:
        hints.append(f"use --edge {most}mm or less")
    area = paper.width * paper.height
    bigger = [
        name
        for name, (w, h) in PAPERS.items()
        if w * h > area and _fits(die, edge, Paper.get(name, paper.landscape))
    ]
    if bigger:
        hints.append("use --paper " + " or ".join(bigger))
    return ", or ".join(hints) if hints else "use a smaller --edge"
