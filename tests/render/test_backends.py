"""PDF, SVG and PNG backends: sizes, coordinates, text, hatches, mono, determinism.

PDFs are read back with pypdf (MediaBox, metadata, text, content stream numbers); PNGs are
decoded with Pillow and checked pixel by pixel where a picture is the only honest test
(text not mirrored, rotation clockwise, anchors).
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.errors import InvalidInput
from generator.render.canvas import HATCHES, Canvas, Group, Style
from generator.render.document import Document
from generator.render.paper import Paper
from generator.render.pdf import (
    PT_PER_MM,
    apply,
    group_matrix,
    hatch_dots,
    hatch_segments,
    multiply,
    pdf_bytes,
    text_width,
)
from generator.render.png import png_pages
from generator.render.svg import group_transform, num, svg_pages

SVG = "{http://www.w3.org/2000/svg}"
NUM = r"-?(?:\d+\.?\d*|\.\d+)"


def doc_with(draw, paper: str = "a4", landscape: bool = False, mono: bool = False) -> Document:
    doc = Document("test", "Backend test", game="Test Game", ident="seed 1")
    draw(doc.new_page(Paper.get(paper, landscape), mono=mono))
    return doc


def content(pdf: bytes, page: int = 0) -> str:
    return PdfReader(io.BytesIO(pdf)).pages[page].get_contents().get_data().decode("latin-1")


def segments(stream: str) -> list[tuple[float, float, float, float]]:
    pat = re.compile(rf"({NUM}) ({NUM}) m ({NUM}) ({NUM}) l")
    return [tuple(float(v) for v in m.groups()) for m in pat.finditer(stream)]


def text_matrices(stream: str) -> list[tuple[list[float], str]]:
    """(a b c d e f) of the last Tm before each Tj, with the shown string."""
    out = []
    for block in re.findall(r"BT(.*?)ET", stream, re.S):
        tms = re.findall(rf"((?:{NUM} ){{6}})Tm", block)
        shown = re.findall(r"\((.*?)\) Tj", block)
        if shown:
            out.append(([float(v) for v in tms[-1].split()], shown[0]))
    return out


def fill_colours(stream: str) -> list[tuple[float, float, float]]:
    return [
        tuple(float(v) for v in m)
        for m in re.findall(rf"({NUM}) ({NUM}) ({NUM}) (?:rg|RG)", stream)
    ]


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("L")


def dark_box(img: Image.Image, threshold: int = 128) -> tuple[int, int, int, int] | None:
    """Bounding box (left, top, right, bottom) of pixels darker than threshold."""
    return img.point(lambda v: 255 if v < threshold else 0).getbbox()


# --- PDF -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "paper, landscape, size",
    [
        ("a4", False, (595.28, 841.89)),
        ("a4", True, (841.89, 595.28)),
        ("letter", False, (612.0, 792.0)),
        ("letter", True, (792.0, 612.0)),
    ],
)
def test_pdf_page_size_is_exact(paper, landscape, size):
    pdf = pdf_bytes(doc_with(lambda c: c.line(20, 20, 70, 20), paper, landscape))
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert float(box.left) == 0 and float(box.bottom) == 0
    assert float(box.width) == pytest.approx(size[0], abs=0.01)
    assert float(box.height) == pytest.approx(size[1], abs=0.01)


def test_pdf_pages_keep_their_own_sizes_and_metadata():
    doc = Document("mixed", "Mixed sizes", game="Test Game")
    for paper, landscape in (("a4", False), ("letter", True), ("a3", False)):
        doc.new_page(Paper.get(paper, landscape)).text(20, 20, paper, 12)
    reader = PdfReader(io.BytesIO(pdf_bytes(doc)))
    sizes = [
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in reader.pages
    ]
    assert sizes == [(595.28, 841.89), (792.0, 612.0), (841.89, 1190.55)]
    assert [p.extract_text().strip() for p in reader.pages] == ["a4", "letter", "a3"]
    assert reader.metadata.title == "Mixed sizes"
    assert reader.metadata.author == "racegen"
    # print at actual size: viewers must not shrink true-scale pages (the metrology audit)
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and "/Duplex" not in prefs


def test_duplex_pdfs_ask_for_a_long_edge_flip():
    from generator.render import layout

    doc = Document("d", "Duplex")
    layout.duplex(doc, Paper.get("a4"), [lambda c: None] * 2, [lambda c: None] * 2, 50, 30)
    prefs = PdfReader(io.BytesIO(pdf_bytes(doc))).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge" and prefs["/PrintScaling"] == "/None"


def test_fifty_mm_line_is_141_73_pt_long_in_the_pdf():
    stream = content(pdf_bytes(doc_with(lambda c: c.line(20, 20, 70, 20))))
    (x1, y1, x2, y2), *_ = segments(stream)
    assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(141.73, abs=0.01)
    # 20 mm from the left, 20 mm from the TOP: PDF y counts up from the bottom
    assert x1 == pytest.approx(20 * PT_PER_MM, abs=0.01)
    assert y1 == pytest.approx(841.89 - 20 * PT_PER_MM, abs=0.01)


def test_group_transforms_match_canvas_geometry():
    """Every point the PDF writes is Group.apply's page point, y-flipped into points."""

    def draw(c: Canvas) -> None:
        with c.group("outer", dx=100, dy=150, rotate=30, scale=1.5):
            with c.group("inner", dx=10, dy=-5, rotate=-75, scale=0.8, mirror_x=True):
                c.polyline([(0, 0), (12, 3), (-4, 9), (7, -11)])

    doc = doc_with(draw)
    (op, points), *_ = list(doc.pages[0].absolute_points())
    expected = [(x * PT_PER_MM, 841.8898 - y * PT_PER_MM) for x, y in points]
    pts = re.findall(rf"({NUM}) ({NUM}) [ml]", content(pdf_bytes(doc)))
    got = [(float(x), float(y)) for x, y in pts]
    assert len(got) == len(expected) == 4
    for (gx, gy), (ex, ey) in zip(got, expected, strict=True):
        assert gx == pytest.approx(ex, abs=0.01) and gy == pytest.approx(ey, abs=0.01)


def test_group_matrix_equals_group_apply():
    g = Group("g", dx=3, dy=-7, rotate=123, scale=2.5, mirror_x=True)
    h = Group("h", dx=-1, dy=4, rotate=-40, scale=0.5)
    m = multiply(group_matrix(g), group_matrix(h))
    for x, y in [(0, 0), (1, 0), (0, 1), (3.5, -2)]:
        assert apply(m, x, y) == pytest.approx(g.apply(*h.apply(x, y)))


def test_pdf_text_is_extracted_in_order_and_upright():
    def draw(c: Canvas) -> None:
        c.text(20, 40, "Hello racegen", 14)
        c.text(20, 60, "Bold words", 12, bold=True)
        c.text(20, 80, "Italic words", 12, italic=True)

    pdf = pdf_bytes(doc_with(draw))
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert text.splitlines() == ["Hello racegen", "Bold words", "Italic words"]
    stream = content(pdf)
    # (the shown strings are the embedded subsets' codes: the text is read back above)
    hello, bold, italic = (m for m, _ in text_matrices(stream))
    for a, b, c_, d, _e, _f in (hello, bold, italic):
        assert a * d - b * c_ > 0  # a mirrored text matrix has a negative determinant
    assert hello[:4] == bold[:4] == [1, 0, 0, 1]
    # italic: the upright font slanted 12 degrees, as Helvetica-Oblique slants Helvetica
    assert italic[:4] == pytest.approx([1, 0, math.tan(math.radians(12)), 1], abs=1e-4)
    fonts = PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"]
    names = sorted(str(f.get_object()["/BaseFont"]) for f in fonts.values())
    assert names == ["/AAAAAA+LiberationSans", "/AAAAAA+LiberationSans-Bold"]


@pytest.mark.parametrize("anchor, shift", [("start", 0.0), ("middle", 0.5), ("end", 1.0)])
def test_pdf_text_anchor_moves_the_start_by_the_string_width(anchor, shift):
    s = "Anchored text"
    pdf = pdf_bytes(doc_with(lambda c: c.text(100, 50, s, 12, anchor=anchor)))
    [(m, _)] = text_matrices(content(pdf))
    width = stringWidth(s, "racegen-LiberationSans-Regular", 12)
    assert width == pytest.approx(stringWidth(s, "Helvetica", 12), abs=0.01)  # the same metrics
    assert m[4] == pytest.approx(100 * PT_PER_MM - shift * width, abs=0.01)
    assert m[5] == pytest.approx(841.89 - 50 * PT_PER_MM, abs=0.01)


def test_png_text_anchors_land_on_the_anchor_point():
    """Rendered pixels: start text begins at x, end text ends at x, middle straddles it."""

    def draw(c: Canvas) -> None:
        c.text(100, 30, "MMMM", 24, anchor="start")
        c.text(100, 60, "MMMM", 24, anchor="end")
        c.text(100, 90, "MMMM", 24, anchor="middle")

    dpi = 72
    img = image(png_pages(pdf_bytes(doc_with(draw)), dpi)[0])
    px = 100 * dpi / 25.4

    def band(y0: float, y1: float):
        return dark_box(img.crop((0, int(y0 * dpi / 25.4), img.width, int(y1 * dpi / 25.4))))

    start, end, middle = band(20, 32), band(50, 62), band(80, 92)
    assert abs(start[0] - px) <= 3 and start[2] > px + 40
    assert abs(end[2] - px) <= 3 and end[0] < px - 40
    assert abs((middle[0] + middle[2]) / 2 - px) <= 3


def test_png_text_is_not_mirrored():
    """An 'L' keeps its foot at the bottom and its stem on the left."""
    dpi = 72
    img = image(
        png_pages(pdf_bytes(doc_with(lambda c: c.text(50, 100, "L", 72, bold=True))), dpi)[0]
    )
    left, top, right, bottom = dark_box(img)
    glyph = img.crop((left, top, right, bottom))
    w, h = glyph.size
    row_dark = lambda y: sum(glyph.getpixel((x, y)) < 128 for x in range(w))  # noqa: E731
    col_dark = lambda x: sum(glyph.getpixel((x, y)) < 128 for y in range(h))  # noqa: E731
    assert row_dark(h - 2) > 0.8 * w  # the foot spans the bottom row
    assert row_dark(1) < 0.5 * w  # the top row is only the stem
    assert col_dark(1) > 0.9 * h  # the stem is on the left
    assert col_dark(w - 2) < 0.5 * h


def test_rotated_text_turns_clockwise():
    """rotate=90 runs the text down the page from its anchor (y grows downwards)."""
    pdf = pdf_bytes(doc_with(lambda c: c.text(100, 50, "Rotated line", 18, rotate=90)))
    [(m, _)] = text_matrices(content(pdf))
    assert m[:4] == [0, -1, 1, 0]  # text direction (0, -1) in PDF space: down the page
    img = image(png_pages(pdf, 72)[0])
    left, top, right, bottom = dark_box(img)
    anchor_x, anchor_y = 100 * 72 / 25.4, 50 * 72 / 25.4
    assert top >= anchor_y - 2 and bottom > anchor_y + 50  # below the anchor
    # turned clockwise, the letters' tops face right: they stand right of the baseline
    assert left >= anchor_x - 2 and anchor_x + 5 < right < anchor_x + 20


def test_characters_no_font_can_print_are_refused_not_question_marks():
    """Liberation Sans lacks ☼, so the string prints whole in DejaVu Sans
    (tests/render/test_unicode_text.py); a code point no font has (U+0378 is unassigned) or
    a control character refuses the PDF in one line, never a '?' in its place."""
    pdf = pdf_bytes(doc_with(lambda c: c.text(20, 20, "☼ Solar Eclipse é", 12)))
    assert PdfReader(io.BytesIO(pdf)).pages[0].extract_text().strip() == "☼ Solar Eclipse é"
    with pytest.raises(InvalidInput) as e:
        pdf_bytes(doc_with(lambda c: c.text(20, 20, "\u0378 Solar Eclipse é", 12)))
    assert str(e.value) == (
        'cannot print "  Solar Eclipse é" (character U+0378): no font on this computer has it; '
        "install one (e.g. the Noto fonts: apt-get install fonts-noto)"
    )
    with pytest.raises(InvalidInput, match=r"character U\+0009\): control characters"):
        pdf_bytes(doc_with(lambda c: c.text(20, 20, "café\tend", 12)))


def test_the_svg_refuses_what_xml_cannot_hold_as_the_pdf_does_never_a_question_mark():
    """Issue 30 item 7: the SVG printed '?' for characters XML 1.0 cannot hold (a control
    character, U+FFFE, a lone surrogate), silently, while the PDF refused them. Both refuse
    now, with the same line; what XML holds stays the viewer's to print."""
    for text, why in [
        ("A\ufffeB", "(character U+FFFE): it is not a character; remove it"),
        ("A\x07B", "(character U+0007): control characters do not print; remove them"),
    ]:
        doc = doc_with(lambda c, t=text: c.text(20, 20, t, 12))
        for render in (svg_pages, pdf_bytes):
            with pytest.raises(InvalidInput) as e:
                render(doc)
            assert str(e.value) == f'cannot print "A B" {why}', render
    titled = Document("t", title="A\ufffeB", pages=doc_with(lambda c: None).pages)
    with pytest.raises(InvalidInput, match="U\\+FFFE\\): it is not a character"):
        svg_pages(titled)
    svg = svg_pages(doc_with(lambda c: c.text(20, 20, "\ue000 \u05e9", 12)))[0].decode()
    assert ">\ue000 \u05e9</text>" in svg and "?" not in svg.split("<text")[1]


def test_pdf_is_byte_identical_across_renders():
    def draw(c: Canvas) -> None:
        c.text(20, 20, "Same bytes", 12)
        c.rect(20, 30, 40, 20, Style(fill="#e69f00", hatch="cross", opacity=0.5))
        c.circle(80, 40, 10, Style(stroke="#0072b2", dash=(2, 1), cap="round"))

    assert pdf_bytes(doc_with(draw)) == pdf_bytes(doc_with(draw))


def test_style_reaches_the_content_stream():
    style = Style(
        stroke="#0072b2", width=0.5, dash=(2.0, 1.0), cap="round", join="bevel", opacity=0.5
    )
    stream = content(pdf_bytes(doc_with(lambda c: c.line(20, 20, 70, 20, style))))
    assert re.search(rf"\[({NUM}) ({NUM})\] 0 d", stream).groups() == ("5.669291", "2.834646")
    assert re.search(rf"({NUM}) w", stream).group(1) == "1.417323"  # 0.5 mm
    assert "1 J" in stream and "2 j" in stream
    assert re.search(r"/gRLs\d+ gs", stream)  # the alpha state is set
    assert (0.0, 0.447059, 0.698039) in fill_colours(stream)


def test_hatch_lines_are_clipped_to_the_shape_at_the_spacing():
    style = Style(fill="#ffffff", hatch="diagonal", hatch_colour="#000000", hatch_spacing=2.0)
    stream = content(pdf_bytes(doc_with(lambda c: c.rect(50, 50, 30, 20, style))))
    assert " W n" in stream  # clipped to the outline
    lines = [s for s in segments(stream) if abs(s[2] - s[0]) > 1 and abs(s[3] - s[1]) > 1]
    # "/" lines: up and to the right in PDF space (y up), slope +1
    for x1, y1, x2, y2 in lines:
        assert (y2 - y1) / (x2 - x1) == pytest.approx(1.0, abs=1e-3)
    # parallel lines 2 mm apart, covering the rectangle's diagonal extent (30 + 20) / sqrt 2
    offsets = sorted((y1 - x1) / math.sqrt(2) / PT_PER_MM for x1, y1, _, _ in lines)
    gaps = {round(b - a, 3) for a, b in zip(offsets, offsets[1:], strict=False)}
    assert gaps == {2.0}
    assert (offsets[-1] - offsets[0]) >= (30 + 20) / math.sqrt(2) - 2


@pytest.mark.parametrize("hatch", HATCHES)
def test_every_hatch_covers_its_box(hatch):
    bbox = (3.0, -2.0, 23.0, 8.0)
    if hatch == "dots":
        dots = hatch_dots(1.5, bbox)
        inside = [d for d in dots if bbox[0] <= d[0] <= bbox[2] and bbox[1] <= d[1] <= bbox[3]]
        assert len(inside) >= (20 // 1.5) * (10 // 1.5)
        return
    segs = hatch_segments(hatch, 1.5, bbox)
    assert segs
    # every point of the box lies within half a spacing of some line of each family
    families = {round(math.degrees(math.atan2(y2 - y1, x2 - x1)) % 180) for x1, y1, x2, y2 in segs}
    expected = {"diagonal": {135}, "backdiagonal": {45}, "cross": {45, 135}, "horizontal": {0},
                "vertical": {90}, "grid": {0, 90}}[hatch]  # fmt: skip
    assert families == expected
    for px, py in [(3.0, -2.0), (13.0, 3.0), (23.0, 8.0), (7.7, 6.1)]:
        for fam in families:
            d = min(
                abs((x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)) / math.hypot(x2 - x1, y2 - y1)
                for x1, y1, x2, y2 in segs
                if round(math.degrees(math.atan2(y2 - y1, x2 - x1)) % 180) == fam
            )
            assert d <= 0.75 + 1e-9


def test_hatched_shapes_show_lines_in_the_png():
    def draw(c: Canvas) -> None:
        c.rect(
            20, 20, 40, 40, Style(fill="#ffffff", hatch="vertical", hatch_spacing=3.0, stroke=None)
        )

    img = image(png_pages(pdf_bytes(doc_with(draw)), 150)[0])
    y = int(40 * 150 / 25.4)
    row = [img.getpixel((x, y)) < 160 for x in range(int(20 * 150 / 25.4), int(60 * 150 / 25.4))]
    runs = sum(1 for a, b in zip(row, row[1:], strict=False) if b and not a) + row[0]
    assert runs == pytest.approx(40 / 3, abs=1)
    assert img.getpixel((int(70 * 150 / 25.4), y)) == 255  # nothing outside the clip


def test_dotted_shapes_show_their_dots_in_the_png():
    """The dots hatch prints as one block of dots per shape (a form XObject): each row of
    hatch_dots' centres across the shape shows its dots, nothing shows outside the clip."""

    def draw(c: Canvas) -> None:
        c.rect(20, 20, 40, 40, Style(fill="#ffffff", hatch="dots", hatch_spacing=3.0, stroke=None))

    img = image(png_pages(pdf_bytes(doc_with(draw)), 150)[0])
    centres = [(cx, cy) for cx, cy, _ in hatch_dots(3.0, (20, 20, 60, 60))]
    y = 40.5  # a row of centres: (13 + 1/2) x 3 mm
    inside = sorted(cx for cx, cy in centres if cy == y and 20 < cx < 60)
    row = [
        img.getpixel((x, int(y * 150 / 25.4))) < 160
        for x in range(int(21 * 150 / 25.4), int(61 * 150 / 25.4))
    ]
    runs = sum(1 for a, b in zip(row, row[1:], strict=False) if b and not a) + row[0]
    assert runs == len(inside) == 13
    for cx in inside:  # a dot on every centre
        assert img.getpixel((round(cx * 150 / 25.4), round(y * 150 / 25.4))) < 160
    assert img.getpixel((int(70 * 150 / 25.4), int(y * 150 / 25.4))) == 255


def test_mono_pages_print_only_greys():
    def draw(c: Canvas) -> None:
        c.rect(
            20,
            20,
            40,
            20,
            Style(stroke="#0072b2", fill="#d55e00", hatch="dots", hatch_colour="#009e73"),
        )
        c.text(20, 60, "grey", 12, colour="#cc79a7")

    for mono in (False, True):
        colours = fill_colours(content(pdf_bytes(doc_with(draw, mono=mono))))
        assert len(colours) >= 4  # fill, hatch, stroke, text
        assert all(r == g == b for r, g, b in colours) is mono
        svg = svg_pages(doc_with(draw, mono=mono))[0].decode()
        hexes = set(re.findall(r'(?:fill|stroke)="#([0-9a-f]{6})"', svg))
        assert len(hexes) == 4 if not mono else len(hexes) >= 3
        assert all(h[0:2] == h[2:4] == h[4:6] for h in hexes) is mono


def test_pdf_with_no_pages_is_refused():
    with pytest.raises(ValueError, match="no pages"):
        pdf_bytes(Document("empty", "Empty"))


# --- SVG -----------------------------------------------------------------------------


def sample(c: Canvas) -> None:
    c.text(105, 20, "Centred title", 14, anchor="middle", bold=True)
    c.text(20, 40, "Rotated", 10, rotate=30, italic=True)
    c.rect(20, 50, 30, 20, Style(fill="#56b4e9", hatch="diagonal"))
    c.rect(60, 50, 30, 20, Style(fill="#e69f00", hatch="dots"))
    c.rect(100, 50, 30, 20, Style(fill="#009e73", hatch="diagonal"))  # reuses the first pattern
    with c.group("board", dx=20, dy=100, rotate=90, scale=2, mirror_x=True):
        c.circle(0, 0, 5, Style(stroke="#000000", dash=(1, 0.5)))
        with c.group("inner", dx=3):
            c.line(0, 0, 10, 0)
    with c.group(None, dx=5):
        c.polygon([(0, 0), (5, 0), (0, 5)], Style(fill="#000000", stroke=None))


def test_svg_parses_with_mm_size_and_matching_viewbox():
    for paper, landscape, w, h in (("a4", False, "210", "297"), ("letter", True, "279.4", "215.9")):
        [data] = svg_pages(doc_with(sample, paper, landscape))
        root = ET.fromstring(data)
        assert root.tag == f"{SVG}svg"
        assert root.get("width") == f"{w}mm" and root.get("height") == f"{h}mm"
        assert root.get("viewBox") == f"0 0 {w} {h}"
        assert root.get("id") == "p1"
        assert data.startswith(b'<?xml version="1.0" encoding="utf-8"?>\n')


def test_svg_ids_are_unique_and_hatches_are_patterns():
    root = ET.fromstring(svg_pages(doc_with(sample))[0])
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids))
    assert set(ids) == {"p1", "board", "inner", "p1-hatch-1", "p1-hatch-2"}
    patterns = {p.get("id"): p for p in root.iter(f"{SVG}pattern")}
    assert patterns["p1-hatch-1"].get("patternTransform") == "rotate(-45)"
    assert patterns["p1-hatch-1"].get("patternUnits") == "userSpaceOnUse"
    assert patterns["p1-hatch-2"].find(f"{SVG}circle") is not None
    fills = [el.get("fill") for el in root.iter(f"{SVG}path")]
    assert fills.count("url(#p1-hatch-1)") == 2 and fills.count("url(#p1-hatch-2)") == 1


def test_svg_generated_ids_avoid_group_ids():
    def draw(c: Canvas) -> None:
        with c.group("p1-hatch-1"):
            c.rect(0, 0, 10, 10, Style(fill="#ffffff", hatch="grid"))

    root = ET.fromstring(svg_pages(doc_with(draw))[0])
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids)) == 3
    assert root.find(f".//{SVG}pattern").get("id") == "p1-hatch-2"


def test_svg_text_attributes():
    root = ET.fromstring(svg_pages(doc_with(sample))[0])
    texts = {t.text: t for t in root.iter(f"{SVG}text")}
    title = texts["Centred title"]
    assert title.get("text-anchor") == "middle"
    assert title.get("font-weight") == "bold"
    assert title.get("font-size") == num(14 * 25.4 / 72) == "4.939"
    assert title.get("font-family") == "'Liberation Sans', Arimo, Arial, Helvetica, sans-serif"
    # held to the width the layout measured (a wider fallback font squeezes, never overflows)
    assert title.get("textLength") == num(text_width("Centred title", 14, True))
    assert title.get("lengthAdjust") == "spacingAndGlyphs"
    rotated = texts["Rotated"]
    assert rotated.get("transform") == "rotate(30 20 40)"
    assert rotated.get("font-style") == "italic"
    assert rotated.get("text-anchor") is None  # start is the default


def test_svg_group_transform_equals_group_apply():
    def parse_and_apply(transform: str, x: float, y: float) -> tuple[float, float]:
        ops = re.findall(r"(\w+)\(([^)]*)\)", transform)
        for name, args in reversed(ops):
            v = [float(a) for a in args.split()]
            if name == "translate":
                x, y = x + v[0], y + v[1]
            elif name == "rotate":
                a = math.radians(v[0])
                x, y = x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)
            elif name == "scale":
                sx, sy = v[0], v[1] if len(v) > 1 else v[0]
                x, y = x * sx, y * sy
        return x, y

    for g in (
        Group("a", dx=20, dy=100, rotate=90, scale=2, mirror_x=True),
        Group("b", dx=-3.5, dy=0, rotate=-33, scale=1),
        Group("c", mirror_x=True),
        Group("d", scale=0.25),
    ):
        t = group_transform(g)
        for p in [(1, 0), (0, 1), (2.5, -4)]:
            assert parse_and_apply(t, *p) == pytest.approx(g.apply(*p), abs=1e-9)
    assert group_transform(Group("e")) == ""


def test_svg_is_byte_identical_and_numbers_are_compact():
    a, b = svg_pages(doc_with(sample)), svg_pages(doc_with(sample))
    assert a == b
    assert num(1 / 3) == "0.333" and num(2.0) == "2" and num(-0.0001) == "0" and num(-1.5) == "-1.5"
    assert b'd="M20 50L50 50L50 70L20 70Z"' in a[0]


def test_svg_one_document_per_page_with_page_ids():
    doc = Document("two", "Two pages")
    doc.new_page(Paper.get("a4")).text(10, 10, "one")
    doc.new_page(Paper.get("letter", True)).text(10, 10, "two")
    pages = [ET.fromstring(p) for p in svg_pages(doc)]
    assert [p.get("id") for p in pages] == ["p1", "p2"]
    assert [p.find(f"{SVG}text").text for p in pages] == ["one", "two"]
    assert [p.find(f"{SVG}title").text for p in pages] == ["Two pages", "Two pages"]


# --- PNG -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "paper, landscape, dpi, size",
    [
        ("a4", False, 72, (595, 842)),
        ("a4", False, 150, (1240, 1754)),
        ("letter", True, 100, (1100, 850)),
    ],
)
def test_png_pixel_size_follows_the_dpi(paper, landscape, dpi, size):
    pdf = pdf_bytes(
        doc_with(lambda c: c.rect(20, 20, 50, 30, Style(fill="#0072b2")), paper, landscape)
    )
    [png] = png_pages(pdf, dpi)
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    assert img.size == size
    assert img.info["dpi"] == pytest.approx((dpi, dpi), abs=0.05)  # stored per metre
    grey = img.convert("L")
    assert grey.getpixel((1, 1)) == 255  # white background
    left, top, right, bottom = dark_box(grey)  # the blue box, 20 mm in
    assert left == pytest.approx(20 * dpi / 25.4, abs=1.5)
    assert right - left == pytest.approx(50 * dpi / 25.4, abs=2)


def test_png_one_image_per_page_and_deterministic():
    doc = Document("two", "Two pages")
    doc.new_page(Paper.get("a4")).text(20, 20, "one", 20)
    doc.new_page(Paper.get("a4", True)).text(20, 20, "two", 20)
    pdf = pdf_bytes(doc)
    first, second = png_pages(pdf, 50), png_pages(pdf, 50)
    assert first == second and len(first) == 2
    assert [Image.open(io.BytesIO(p)).size for p in first] == [(413, 585), (585, 413)]
    assert all(dark_box(image(p)) is not None for p in first)


def test_png_refuses_a_page_over_the_pixel_limit_and_names_a_dpi_that_fits():
    """A 5 m poster sheet at 150 dpi is 872 megapixels: one Error line, with the largest dpi
    that keeps the page within png.MAX_PIXELS (Pillow's bomb guard used to crash instead)."""
    from PIL import Image

    from generator.render import png

    doc = Document("huge", "Huge sheet")
    doc.new_page(Paper("custom", 5000.0, 5000.0, False)).text(20, 20, "x", 20)
    pdf = pdf_bytes(doc)
    limit = Image.MAX_IMAGE_PIXELS
    with pytest.raises(InvalidInput, match=r"29528 x 29528 pixels.*use --dpi 87 or less"):
        png_pages(pdf, 150)
    assert Image.MAX_IMAGE_PIXELS == limit  # Pillow's own setting is put back
    side = 5000 / 25.4 * 72
    assert math.prod(png.pixel_size(side, side, 87)) <= png.MAX_PIXELS
    assert math.prod(png.pixel_size(side, side, 88)) > png.MAX_PIXELS
