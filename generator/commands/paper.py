"""`racegen paper graph|dot`: squared or dot paper at a true spacing, for pencil-and-paper races.

Graph Racers is played on squared paper; these sheets print the grid at an exact spacing
(5 mm, or 0.25 in for US squared paper) with a calibration bar to check "print at 100 %".
Grid lines sit at whole multiples of the spacing from the paper's top-left corner, so the grid
always starts and ends on a line and every cell is whole.
"""

from __future__ import annotations

import click

from generator.options import Length, PrintOptions, printing_options

MIN_SPACING = 2.0  # mm: finer grids print as grey mush
MAX_SPACING = 50.0  # mm


@click.group("paper")
def paper() -> None:
    """Print squared (graph) or dot paper at a true spacing."""


def _spacing_option(func):
    return click.option(
        "--spacing",
        type=Length(maximum=MAX_SPACING, least=MIN_SPACING),
        default="5mm",
        show_default=True,
        help="Distance between lines or dots: 5mm, 0.25in, 1cm...",
    )(func)


@paper.command("graph")
@_spacing_option
@printing_options(seeded=False)
def graph(opts: PrintOptions, spacing: float) -> None:
    """Squared paper: thin grey lines at --spacing (true size)."""
    _print(opts, "graph", spacing)


@paper.command("dot")
@_spacing_option
@printing_options(seeded=False)
def dot(opts: PrintOptions, spacing: float) -> None:
    """Dot paper: small grey dots at --spacing (true size)."""
    _print(opts, "dot", spacing)


def _print(opts: PrintOptions, kind: str, spacing: float) -> None:
    from generator.output import emit

    doc = paper_document(kind, spacing, opts.paper_size(), mono=opts.mono)
    for path in emit(doc, opts):
        click.echo(str(path))


def mm_text(v: float) -> str:
    """5 -> "5", 6.35 -> "6.35", 3.175 -> "3.175" (for titles and file names)."""
    return f"{v:.3f}".rstrip("0").rstrip(".")


def grid_lines(start: float, end: float, spacing: float) -> list[float]:
    """Every whole multiple of `spacing` in [start, end] (mm from the paper's edge)."""
    import math

    first = math.ceil(start / spacing - 1e-9)
    last = math.floor(end / spacing + 1e-9)
    return [round(k * spacing, 6) for k in range(first, last + 1)]


def paper_document(kind: str, spacing: float, paper, *, mono: bool = False):
    """A one-page Document of graph ("graph") or dot ("dot") paper.

    The grid fills the usable box above a calibration bar; lines (or dots) at whole multiples
    of the spacing from the paper's top-left corner.
    """
    from generator.errors import InvalidInput
    from generator.options import pitch_text
    from generator.render import marks, pages
    from generator.render.canvas import Style
    from generator.render.document import Document

    if kind not in ("graph", "dot"):
        raise InvalidInput(f"unknown paper kind {kind!r}: use graph or dot")
    if spacing < MIN_SPACING:
        raise InvalidInput(
            f"--spacing {mm_text(spacing)} mm is too fine to print: use {MIN_SPACING:g} mm or more"
        )
    size = mm_text(spacing)
    what = "squares" if kind == "graph" else "dots"
    doc = Document(
        stem=f"{kind}-paper-{size}mm",
        title=f"{kind.capitalize()} paper, {pitch_text(spacing)} {what}",
        ident=f"{paper.name}{' landscape' if paper.landscape else ''}",
    )
    canvas, box = pages.page(doc, paper, mono=mono)
    area = box.inset(bottom=marks.BAR_STRIP)
    # a dot is a shape: keep its whole disc inside the margins, not just its centre
    radius = min(0.3, spacing / 12) if kind == "dot" else 0.0
    xs = grid_lines(area.x + radius, area.right - radius, spacing)
    ys = grid_lines(area.y + radius, area.bottom - radius, spacing)
    if len(xs) < 2 or len(ys) < 2:
        raise InvalidInput(
            f"--spacing {size} mm leaves less than one square on {paper.name} paper: "
            "use a smaller spacing"
        )
    if kind == "graph":
        line = Style(stroke="#a6a6a6", width=0.15)
        commands: list[tuple] = []
        for x in xs:
            commands += [("M", x, ys[0]), ("L", x, ys[-1])]
        for y in ys:
            commands += [("M", xs[0], y), ("L", xs[-1], y)]
        canvas.path(commands, line)
    else:
        dot = Style(stroke=None, fill="#7a7a7a")
        for y in ys:
            for x in xs:
                canvas.circle(x, y, radius, dot)
    marks.calibration_bar(canvas, box.x, box.bottom - marks.BAR_HEIGHT)
    note = f"{size} mm {what} · {len(xs) - 1} x {len(ys) - 1} cells · true size"
    canvas.text(box.right, box.bottom - marks.BAR_HEIGHT + 2.6, note, 7.0, anchor="end")
    return doc
