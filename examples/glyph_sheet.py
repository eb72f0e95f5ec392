"""Print a test sheet of racegen's symbols and drawing features, to check a printer or a backend.

Page 1: the eight suits at 30 mm and 5 mm, coloured suits, die pips (round and square), arrows,
every hatch, text anchors, rotated text, a rotated/scaled/mirrored group and a 50 mm calibration
bar. Pages 2 and 3: player markers, hatches and coloured suits, in colour and on a mono
(ink-saving) page.

    python examples/glyph_sheet.py                  # output/glyph-sheet.pdf
    python examples/glyph_sheet.py --format png --format svg --force

Files go to output/ by default and are never overwritten without --force.
"""

from __future__ import annotations

import math
import sys

import click

from generator.options import PrintOptions, printing_options
from generator.render.canvas import CUT, FILLED, GUIDE, HATCHES, Canvas, Style
from generator.render.document import Document
from generator.render.glyphs import SUITS, arrow, pips, player_marker, suit
from generator.render.marks import calibration_bar
from generator.render.palette import PLAYER_SYMBOLS, suit_style
from generator.render.paper import Paper

MARGIN = 15.0


def heading(c: Canvas, y: float, s: str) -> None:
    c.text(MARGIN, y, s, 11, bold=True)


def symbols_page(c: Canvas) -> None:
    c.text(c.width / 2, 20, "racegen glyph sheet", 16, bold=True, anchor="middle")

    heading(c, 30, "Suits at 30 mm (black) and 5 mm (black and coloured)")
    for i, name in enumerate(SUITS):
        col, row = i % 4, i // 4
        cx, cy = MARGIN + 22 + col * 45, 52 + row * 42
        c.rect(cx - 15, cy - 15, 30, 30, GUIDE)
        suit(c, name, cx, cy, 30)
        c.text(cx, cy + 20, name, 8, anchor="middle")
    for i, name in enumerate(SUITS):
        x = MARGIN + 8 + i * 22
        suit(c, name, x, 130, 5)
        suit(c, name, x + 7, 130, 5, suit_style(name))
        suit(c, name, x + 3.5, 138, 4, Style(stroke="#000000", width=0.15, join="round"))

    heading(c, 150, "Pips (16 mm faces), round and square")
    for v in range(1, 7):
        x = MARGIN + (v - 1) * 19
        c.rect(x, 155, 16, 16, CUT)
        pips(c, v, x, 155, 16)
        c.rect(x, 174, 16, 16, CUT)
        pips(c, v, x, 174, 16, square=True)

    heading(c, 200, "Arrows")
    ox, oy = MARGIN + 20, 222
    for k in range(8):
        a = math.radians(k * 45)
        arrow(c, ox, oy, ox + 15 * math.cos(a), oy + 15 * math.sin(a))
    arrow(c, MARGIN + 45, 210, MARGIN + 95, 210, Style(stroke="#d55e00", width=0.8), head=5)
    arrow(c, MARGIN + 45, 220, MARGIN + 95, 235, Style(stroke="#0072b2", width=0.4, dash=(2, 1)))

    heading(c, 245, "Text anchors and rotation (clockwise)")
    ax = MARGIN + 30
    c.line(ax, 248, ax, 272, GUIDE)
    c.text(ax, 254, "start", 10, anchor="start")
    c.text(ax, 262, "middle", 10, anchor="middle", bold=True)
    c.text(ax, 270, "end", 10, anchor="end", italic=True)
    rx, ry = MARGIN + 70, 250
    c.circle(rx, ry, 0.8, FILLED)
    for angle in (0, 45, 90):
        c.text(rx, ry, f"    rotated {angle} deg", 8, rotate=angle)

    # right column: hatches, group, bar
    hx = 150.0
    c.text(hx, 150, "Hatches", 11, bold=True)
    for i, hatch in enumerate(HATCHES):
        y = 154 + i * 10
        c.rect(hx, y, 14, 8, Style(fill="#f0e442", hatch=hatch))
        c.text(hx + 16, y + 5.5, hatch, 8)

    c.text(hx, 230, "Group: rotate 30, scale 1.5, mirror", 8)
    for mirror in (False, True):
        gx = hx + 10 + (25 if mirror else 0)
        with c.group(None, dx=gx, dy=245, rotate=30, scale=1.5, mirror_x=mirror):
            c.polyline([(0, 8), (0, -8), (6, -8)], Style(width=0.8))
            c.line(0, 0, 4, 0, Style(width=0.8))
            c.text(2, 7, "F", 8, bold=True)
        c.circle(gx, 245, 0.6, FILLED)

    calibration_bar(c, 110, 266)


def markers_page(c: Canvas, mono: bool) -> None:
    label = "mono page" if mono else "colour page"
    c.text(c.width / 2, 20, f"Player markers and hatches ({label})", 14, bold=True, anchor="middle")
    for i, name in enumerate(PLAYER_SYMBOLS):
        x = MARGIN + 10 + i * 23
        player_marker(c, i, x, 40, 14)
        player_marker(c, i, x, 55, 5)
        c.text(x, 66, f"{i + 1} {name}", 7, anchor="middle")
    for i, hatch in enumerate(HATCHES):
        x = MARGIN + i * 26
        c.rect(x, 80, 22, 14, Style(fill="#56b4e9", hatch=hatch))
        c.text(x + 11, 99, hatch, 7, anchor="middle")
    for i, name in enumerate(SUITS):
        x = MARGIN + 10 + i * 23
        suit(c, name, x, 115, 14, suit_style(name))
        c.text(x, 128, name, 7, anchor="middle")


def build(paper: Paper, mono: bool = False) -> Document:
    doc = Document("glyph-sheet", "racegen glyph sheet", ident="test sheet")
    symbols_page(doc.new_page(paper, mono=mono))
    markers_page(doc.new_page(paper, mono=mono), mono)
    markers_page(doc.new_page(paper, mono=True), True)
    return doc


@click.command()
@printing_options
def main(opts: PrintOptions) -> None:
    """Write the glyph test sheet (suits, pips, arrows, hatches, text) to --out."""
    from generator.output import emit

    for path in emit(build(opts.paper_size(), opts.mono), opts):
        click.echo(str(path))


if __name__ == "__main__":
    from generator.cli import one_line
    from generator.errors import RacegenError

    try:
        main.main(standalone_mode=False)
    except click.UsageError as e:
        click.echo(f"Error: {one_line(e.format_message())}", err=True)
        sys.exit(2)
    except (click.ClickException, RacegenError) as e:
        message = e.format_message() if isinstance(e, click.ClickException) else str(e)
        click.echo(f"Error: {one_line(message)}", err=True)
        sys.exit(1)
