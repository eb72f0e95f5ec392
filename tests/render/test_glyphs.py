"""Glyphs and palette: suits are paths inside their box, recognisable shapes, pips, arrows,
player markers that differ by shape, colour-blind-safe colours.

Shape claims are checked on rendered pixels (a sun is not a black box, the anchor ring has a
hole, the moon is a crescent) because that is what a player sees.
"""

from __future__ import annotations

import io
import itertools
import math

import pytest
from PIL import Image

from generator.render.canvas import FILLED, HATCHES, Canvas, Style, to_grey
from generator.render.document import Document
from generator.render.glyphs import (
    PIP_LAYOUT,
    SUITS,
    arrow,
    pips,
    player_marker,
    suit,
    suit_name,
)
from generator.render.palette import (
    OKABE_ITO,
    PLAYER_COLOURS,
    PLAYER_HATCHES,
    PLAYER_SYMBOLS,
    SUIT_COLOURS,
    TEAM_COLOURS,
    player_style,
    player_symbol,
    suit_style,
)
from generator.render.paper import Paper
from generator.render.pdf import pdf_bytes
from generator.render.png import png_pages


def inside(points, x0, y0, x1, y1, tol=1e-3) -> bool:
    return all(x0 - tol <= x <= x1 + tol and y0 - tol <= y <= y1 + tol for x, y in points)


def signed_area(points) -> float:
    return (
        sum(
            x1 * y2 - x2 * y1
            for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True)
        )
        / 2
    )


def subpaths(cmds):
    out, cur = [], []
    for c in cmds:
        if c[0] == "M" and cur:
            out.append(cur)
            cur = []
        if c[0] != "Z":
            cur.append(c)
    if cur:
        out.append(cur)
    return out


def render_mask(draw, size_mm: float = 60.0, dpi: int = 72) -> Image.Image:
    """Draw on a size_mm square page and return a greyscale raster of it."""
    doc = Document("t", "t")
    page = Canvas(size_mm, size_mm, id="p1")
    doc.pages.append(page)
    draw(page)
    return Image.open(io.BytesIO(png_pages(pdf_bytes(doc), dpi)[0])).convert("L")


def dark(img: Image.Image, x_mm: float, y_mm: float, dpi: int = 72) -> bool:
    return img.getpixel((int(x_mm * dpi / 25.4), int(y_mm * dpi / 25.4))) < 128


def coverage(img: Image.Image, box_mm, dpi: int = 72) -> float:
    x0, y0, x1, y1 = (int(v * dpi / 25.4) for v in box_mm)
    crop = img.crop((x0, y0, x1, y1))
    return sum(v < 128 for v in crop.tobytes()) / (crop.width * crop.height)


# --- suits ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SUITS)
@pytest.mark.parametrize("size", [4.0, 40.0])
def test_suit_is_paths_only_and_stays_in_its_box(name, size):
    c = Canvas(100, 100)
    with c.group("g", dx=10, dy=20, rotate=0):
        suit(c, name, 30, 40, size)
    ops = list(c.absolute_points())
    assert ops and all(op.kind == "path" for op, _ in ops)
    assert c.texts() == []
    cx, cy, h = 40, 60, size / 2
    for op, points in ops:
        assert inside(points, cx - h, cy - h, cx + h, cy + h)
        assert op.style == FILLED  # filled black, no stroke to spill out
    # it actually uses the box: at least 80 % of its width or height
    xs = [x for _, pts in ops for x, _ in pts]
    ys = [y for _, pts in ops for _, y in pts]
    assert max(max(xs) - min(xs), max(ys) - min(ys)) >= 0.8 * size


@pytest.mark.parametrize("name", SUITS)
def test_suit_parts_wind_one_way_so_nonzero_fill_merges_them(name):
    c = Canvas(100, 100)
    suit(c, name, 50, 50, 40)
    [(op, _)] = list(c.absolute_points())
    areas = []
    for sub in subpaths(op.data):
        pts = [(cmd[i], cmd[i + 1]) for cmd in sub for i in range(1, len(cmd), 2)]
        areas.append(signed_area(pts))
    holes = [a for a in areas if a < 0]
    assert len(holes) == (1 if name == "anchor" else 0)  # only the anchor's ring has a hole
    assert sum(areas) > 0


def test_suits_render_as_recognisable_distinct_shapes():
    """At 40 mm: each suit covers a plausible share of its box and no two look alike."""
    size, gap = 40.0, 50.0

    def draw(c: Canvas) -> None:
        for i, name in enumerate(SUITS):
            suit(c, name, 25 + (i % 4) * gap, 25 + (i // 4) * gap, size)

    img = render_mask(draw, size_mm=200.0)
    masks, cover = {}, {}
    for i, name in enumerate(SUITS):
        cx, cy = 25 + (i % 4) * gap, 25 + (i // 4) * gap
        box = (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2)
        cover[name] = coverage(img, box)
        x0, y0 = (int(v * 72 / 25.4) for v in box[:2])
        masks[name] = [v < 128 for v in img.crop((x0, y0, x0 + 112, y0 + 112)).tobytes()]
    for name, share in cover.items():
        assert 0.2 < share < 0.75, (name, share)  # neither a speck nor a black box
    for a, b in itertools.combinations(SUITS, 2):
        differ = sum(p != q for p, q in zip(masks[a], masks[b], strict=True)) / len(masks[a])
        assert differ > 0.1, (a, b, differ)
    # the sun: a solid disc in the middle, white between disc and rays, dark rays
    sun = (25, 25)
    assert dark(img, *sun)
    assert not dark(
        img,
        sun[0] + 0.28 * size * math.cos(math.radians(22)),
        sun[1] + 0.28 * size * math.sin(math.radians(22)),
    )
    assert dark(img, sun[0] + 0.4 * size, sun[1])  # the ray pointing right
    # the anchor's ring has a hole; the moon is hollow on its right
    anchor = (25 + 3 * gap, 25)
    assert not dark(img, anchor[0], anchor[1] - 0.36 * size)
    assert dark(img, anchor[0], anchor[1] - 0.36 * size + 0.09 * size)
    moon = (25 + gap, 25)
    assert dark(img, moon[0] - 0.35 * size, moon[1])
    assert not dark(img, moon[0] + 0.15 * size, moon[1])


def test_suit_at_4mm_is_not_a_blob():
    """At 4 mm the sun and the club still show white inside their box (rays, lobes)."""

    def draw(c: Canvas) -> None:
        for i, name in enumerate(SUITS):
            suit(c, name, 5 + i * 7, 5, 4.0)

    img = render_mask(draw, size_mm=60.0, dpi=600)
    for i, name in enumerate(SUITS):
        share = coverage(img, (3 + i * 7, 3, 7 + i * 7, 7), dpi=600)
        assert 0.2 < share < 0.75, (name, share)


def test_suit_names_and_errors():
    assert (
        suit_name("Arms") == "anchor"
        and suit_name("suns") == "sun"
        and suit_name("CLUBS") == "club"
    )
    assert suit_name("diamonds") == "diamond"
    with pytest.raises(ValueError, match="unknown suit 'star'"):
        suit(Canvas(10, 10), "star", 5, 5, 4)
    with pytest.raises(ValueError, match="size"):
        suit(Canvas(10, 10), "sun", 5, 5, 0)


def test_outlined_suit_of_several_parts_hides_its_seams():
    """Filled + stroked: a double stroke under the fill, so the club shows one outline."""
    c = Canvas(50, 50)
    suit(c, "club", 25, 25, 30, suit_style("club"))
    under, over = c.ops
    assert under.style.stroke == "#000000" and under.style.width == pytest.approx(0.3)
    assert over.style.stroke is None and over.style.fill == SUIT_COLOURS["club"]
    assert under.data == over.data
    single = Canvas(50, 50)
    suit(single, "heart", 25, 25, 30, suit_style("heart"))
    assert len(single.ops) == 1


# --- pips, arrows --------------------------------------------------------------------


@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize("square", [False, True])
def test_pips_count_position_and_symmetry(value, square):
    c = Canvas(50, 50)
    pips(c, value, 10, 20, 16, square=square)
    [(op, points)] = list(c.absolute_points())
    assert op.kind == "path" and inside(points, 10, 20, 26, 36)
    subs = subpaths(op.data)
    assert len(subs) == value
    centres = []
    for sub in subs:
        pts = [(cmd[i], cmd[i + 1]) for cmd in sub for i in range(1, len(cmd), 2)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        centres.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
        if square:
            assert len(sub) == 4 and all(cmd[0] in "ML" for cmd in sub)
            assert max(xs) - min(xs) == pytest.approx(4.0)  # large: a quarter of the face
    # every standard face is point-symmetric about its centre
    mirrored = sorted((round(36 - x, 6), round(56 - y, 6)) for x, y in centres)
    assert sorted((round(x, 6), round(y, 6)) for x, y in centres) == mirrored
    assert len(set(PIP_LAYOUT[value])) == value


def test_pips_reject_values_outside_one_to_six():
    for bad in (0, 7, True):
        with pytest.raises(ValueError, match="1 to 6"):
            pips(Canvas(20, 20), bad, 0, 0, 16)


def test_arrow_head_tip_and_line():
    c = Canvas(100, 100)
    style = Style(stroke="#0072b2", width=0.5)
    arrow(c, 10, 10, 40, 50, style, head=5.0)
    line, head = c.ops
    assert line.style == style
    assert head.style.fill == "#0072b2" and head.style.stroke is None
    tip = head.data[0][1:]
    assert tip == (40, 50)
    (x1, y1), (x2, y2) = line.data[0][1:], line.data[1][1:]
    assert (x1, y1) == (10, 10)
    assert math.hypot(40 - x2, 50 - y2) == pytest.approx(2.5)  # the line stops inside the head
    base = [cmd[1:] for cmd in head.data[1:3]]
    assert math.dist(base[0], base[1]) == pytest.approx(4.0)
    mid = ((base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2)
    assert math.dist(mid, tip) == pytest.approx(5.0)
    empty = Canvas(10, 10)
    arrow(empty, 3, 3, 3, 3)
    assert empty.ops == []


# --- player markers, palette ---------------------------------------------------------


def marker_signature(index: int) -> tuple:
    c = Canvas(40, 40)
    player_marker(c, index, 20, 20, 10)
    [(op, points)] = list(c.absolute_points())
    kinds = "".join(cmd[0] for cmd in op.data)
    return kinds, tuple(sorted((round(x, 2), round(y, 2)) for x, y in points))


def test_player_markers_are_eight_distinct_shapes_inside_their_box():
    sigs = [marker_signature(i) for i in range(8)]
    assert len(set(sigs)) == 8
    corners = [len(k) - 1 for k, _ in sigs]  # "M" and one "L" per further corner, then "Z"
    assert corners[1:] == [
        4,
        3,
        4,
        10,
        12,
        6,
        5,
    ]  # square, triangle, diamond, star, cross, hexagon, pentagon
    assert "C" in sigs[0][0]  # the circle is curved
    for i in range(8):
        c = Canvas(40, 40)
        player_marker(c, i, 20, 20, 10)
        [(op, points)] = list(c.absolute_points())
        edge = op.style.width / 2
        assert inside(points, 15 + edge, 15 + edge, 25 - edge, 25 - edge)
        assert op.style.fill == PLAYER_COLOURS[i]
    with pytest.raises(ValueError, match="player index 8"):
        player_marker(Canvas(10, 10), 8, 5, 5, 5)


def test_mono_markers_are_grey_with_distinct_hatches():
    doc = Document("m", "m")
    page = doc.new_page(Paper.get("a4"), mono=True)
    for i in range(8):
        player_marker(page, i, 20 + i * 15, 20, 10)
    styles = [op.style for op in page.ops]
    for s in styles:
        for colour in (s.fill, s.stroke, s.hatch_colour):
            assert colour == to_grey(colour)
    hatches = [s.hatch for s in styles]
    assert len(set(hatches)) == 8 and all(h is None or h in HATCHES for h in hatches)
    assert hatches.count(None) == 1 and styles[hatches.index(None)].fill == "#000000"
    # and they print: the PDF renders
    assert pdf_bytes(doc).startswith(b"%PDF")


def _cvd_lab(colour: str, matrix) -> tuple[float, float, float]:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    rgb = [lin(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5)]
    r, g, b = (
        max(0.0, min(1.0, sum(m * v for m, v in zip(row, rgb, strict=True)))) for row in matrix
    )
    x = 0.4124 * r + 0.3576 * g + 0.1805 * b
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = 0.0193 * r + 0.1192 * g + 0.9505 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x / 0.95047) - f(y)), 200 * (f(y) - f(z / 1.08883))


# Machado, Oliveira and Fernandes (2009), severity 1.0
CVD = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}  # fmt: skip


def test_player_colours_stay_apart_for_colour_blind_players():
    assert len(PLAYER_COLOURS) == 8 and set(PLAYER_COLOURS) == set(OKABE_ITO.values())
    floors = {2: 60, 3: 50, 4: 20, 5: 18, 6: 15}
    for n, floor in floors.items():
        worst = min(
            math.dist(_cvd_lab(a, m), _cvd_lab(b, m))
            for a, b in itertools.combinations(PLAYER_COLOURS[:n], 2)
            for m in CVD.values()
        )
        assert worst > floor, (n, worst)


def test_palette_lookups():
    assert [player_symbol(i) for i in range(8)] == list(PLAYER_SYMBOLS)
    assert len(set(PLAYER_SYMBOLS)) == 8
    assert set(SUIT_COLOURS) == set(SUITS) and len(set(SUIT_COLOURS.values())) == 8
    assert len(set(TEAM_COLOURS)) == len(TEAM_COLOURS) >= 2
    assert len(PLAYER_HATCHES) == 8
    colour = player_style(0)
    assert colour.hatch is None and colour.fill == PLAYER_COLOURS[0] and colour.stroke == "#000000"
    assert [player_style(i, mono=True).hatch for i in range(8)] == list(PLAYER_HATCHES)
    with pytest.raises(ValueError, match="player index -1"):
        player_style(-1)


def test_mono_arrowheads_keep_the_grey_of_their_line():
    """Mono lightens fills to a third of their ink, which left arrowheads at 13 % grey: the
    board's direction arrows lost their heads (found by the audit). A head is a mark: it keeps
    its line's grey, while an area fill is still lightened."""
    c = Canvas(50, 50, mono=True)
    arrow(c, 5, 5, 40, 5, Style(stroke="#9a9a9a", width=0.5))
    c.rect(0, 20, 10, 10, Style(stroke=None, fill="#9a9a9a"))
    line, head, area = [op.style for op, _ in c.flat()]
    assert line.stroke == head.fill == to_grey("#9a9a9a") == "#9a9a9a"
    assert area.fill != "#9a9a9a" and int(area.fill[1:3], 16) > 0xD0
